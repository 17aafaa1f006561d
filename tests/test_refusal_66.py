"""No rule fragment refused (issue 18 §2; grammar-66): a piece of a rule page whose rules are
said in words the finder does not list (`заменяются`, `укладываются`, «по 10 штук») is a
game's rules when a sentence gives firm evidence of one; a menu's items, a king who reigned,
a glossary's cross-reference stay no rule. A past form after «чтобы» tells no story; what
must be done to win is the goal; a title run into a sentence opened by «Вы» is cut off.
Every text here was written for these tests (`benchmarks/refusal_fragments.py` measures
the fragments of the development passages).
"""

from __future__ import annotations

import pytest
from ingest_helpers import game_titles as games

from pipeline.errors import DataError
from pipeline.segment.finding import glued_title
from pipeline.segment.rule_content import firm
from pipeline.segment.story import told_of_person


def refusal(text: str, name: str = "page.txt") -> str:
    with pytest.raises(DataError) as err:
        games(text, name)
    return str(err.value).split("no Russian patience game found: ", 1)[1]


def test_rules_in_words_the_finder_does_not_list_give_a_game() -> None:
    # neither sentence is a `rule_sentence` (no act it lists, no count with its noun); the
    # grammar reads a rule's fact in each, and each names cards or a place
    text = (
        "В обоих столбцах одинаковое количество карт — по 9 штук.\n"
        "Причем внизу находится карта, которая закрывает оба столбца.\n"
    )
    assert [i for i, _ in games(text, "obryvok.txt")] == ["untitled-obryvok-1"]
    # a count of cards in a purpose clause («чтобы они образовывали»): no story of a person
    grid = (
        "Альтернативное название игры: «Соседи». В игре 16 карт выкладываются так, чтобы "
        "они образовывали квадрат 4x4.\n"
    )
    assert [i for i, _ in games(grid, "setka.txt")] == ["untitled-setka-1"]


def test_a_menu_a_reigning_king_and_a_cross_reference_are_no_rules() -> None:
    menu = "Играть Пасьянс Паук бесплатно. Пасьянс Паук Одна масть. Пасьянс Паук Две масти.\n"
    assert "no rule" in refusal(menu)
    history = (
        "Говорят, пасьянсы раскладывали при дворе короля Франции Людовика XIV. "
        "Мода на них быстро прошла по всей Европе.\n"
    )
    assert refusal(history)
    glossary = (
        "Словарь терминов\n\nБазовая карта\nПервая карта, переложенная на основание. Обычно "
        "ряд карт в других основаниях должен начинаться с карт того же достоинства. "
        "Смотрите Основание.\n\nРезерв\nСмотрите Запас.\n"
    )
    assert refusal(glossary)


def test_a_past_form_after_chtoby_tells_no_story() -> None:
    assert not told_of_person("Карты выкладывают так, чтобы они образовывали квадрат 4x4.")
    assert told_of_person("Он положил туза на короля и вздохнул.")
    assert firm("Чтобы победить, нужно освободить все столбцы.") == "goal"
    assert firm("Для победы необходимо собрать все карты на основаниях.") == "goal"
    # «переложить» is a verb frame of play as «перекладывать» is
    assert firm("Карты из запаса можно в любой момент переложить на основания.") == "frame"


def test_a_title_run_into_a_sentence_opened_by_a_pronoun_is_cut() -> None:
    par = "Сумерки Вы когда-нибудь раскладывали карты с закрытыми глазами?"
    assert par[glued_title(par) :].startswith("Вы когда-нибудь")
    assert glued_title("Теперь Вы можете переложить карту на основание.") == 0
