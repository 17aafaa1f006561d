"""A story's sentences give no facts to a draft, whatever the grammar would read in them
(«она не загадала желание» is no `redeal.none`, «заходила в тупик» no `cond.stuck`); rules
told in the past name cards, places, counts or what one may do, so they keep theirs.
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested

from pipeline.segment.story import story


@pytest.mark.parametrize(
    ("sentence", "is_story"),
    [
        ("Впервые, раскладывая пасьянс, она не загадала желание.", True),
        ("Или капризно хмурила брови, когда заходила в тупик.", True),
        ("Потом он долго молчал.", True),
        # a rule told in the past names cards or places, or what one may do
        ("На тузов клали двойки той же масти.", False),
        ("Когда она удалялась, карта под ней становилась доступной для игры.", False),
        ("Тузы она убирала, а на их места клала двойки той же масти.", False),
        ("Она на автоматизме определяла карты в группы.", False),  # names cards: left as is
        ("Вы победили, если все карты оказались в базовых стопках.", False),
        ("Вверху слева 4 ячейки, они назывались «домом».", False),
        ("Игра заходила в тупик.", False),  # a noun of its gender is the subject
        ("Если пасьянс не сошёлся, его можно было разложить снова.", False),
        ("Пасьянс не сходится, если нельзя сделать ни одного хода.", False),  # present
    ],
)
def test_a_story_is_told_in_the_past_of_a_person(sentence: str, is_story: bool) -> None:
    assert story(sentence) is is_story


STORY_AND_RULES = (
    "Пасьянс «Лесенка»\n\nТузы выкладывали на основания. На тузов клали двойки той же масти. "
    "Пустое место заполняли королём.\n\nВпервые, раскладывая пасьянс, она не загадала "
    "желание. Или капризно хмурила брови, когда заходила в тупик.\n"
)


def test_a_story_s_sentences_give_no_facts_rules_told_in_the_past_keep_theirs() -> None:
    from pipeline.extract import extract_game

    result = ingested(STORY_AND_RULES)
    (game,) = result.games
    ex = extract_game(game, result.scans)
    read = {rep.text: (rep.facts, rep.reason) for rep in ex.coverage if rep.kind == "play"}
    story_reason = "a story: told in the past of a person, no rule"
    assert read == {
        "Тузы выкладывали на основания.": (["foundation.cards"], None),
        "На тузов клали двойки той же масти.": (["foundation.direction", "suit.same"], None),
        "Пустое место заполняли королём.": (["build.empty"], None),
        # the grammar alone reads redeal.none and cond.stuck here
        "Впервые, раскладывая пасьянс, она не загадала желание.": ([], story_reason),
        "Или капризно хмурила брови, когда заходила в тупик.": ([], story_reason),
    }
    rules_only = ingested(STORY_AND_RULES.split("\n\nВпервые")[0] + "\n")
    alone = extract_game(rules_only.games[0], rules_only.scans)
    assert ex.checked.rules == alone.checked.rules  # the story changes nothing of the game
