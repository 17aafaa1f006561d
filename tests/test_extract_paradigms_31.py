"""The goal and the end of play, thirty-first round (issue 18): the cards got rid of
(«избавиться от карт»), the layout emptied as the last of joined conditions («если карты
вышли с рук и на столе не осталось карт»). Each with its exact facts, in words and orders
written for the test, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, sentences_draft

from pipeline.extract.facts import sentence_facts

_CLEARED = [("win.cleared", True)]


def _win(sentence: str) -> list[tuple[str, str]]:
    """The sentence's facts of the win alone (a negative may say other things, or leave words
    unread)."""
    facts, _ = sentence_facts(sentence)
    return fact_pairs(*((f.key, f.value) for f in facts if f.key.startswith("win.")))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Цель игры — избавиться от всех карт.", _CLEARED),
        ("Задача игрока: избавляться от карт на поле и в колоде.", _CLEARED),
        ("Цель пасьянса — избавиться от всех пятидесяти двух карт на столе.", _CLEARED),
        # the means said: gathered by suits, the foundations' win, not an emptied layout
        ("Цель игры: избавиться от карт на столе, собирая их по мастям от туза до короля.", []),
        ("Избавляйтесь от верхних карт первыми.", []),  # a tactic, no goal
    ],
)  # fmt: skip
def test_paradigm_the_cards_got_rid_of(sentence: str, expected: list) -> None:
    assert _win(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Пасьянс сходится, когда в колоде и на столе не остается карт.", _CLEARED),
        ("Если карты ушли из колоды и на поле не осталось ни одной карты, пасьянс удался.",
         _CLEARED),
        ("Игра выиграна, если все карты сняты и в раскладе не осталось никакой карты.",
         _CLEARED),
        # not a win: the game not come out, a stock emptied and no move
        ("Пасьянс не сошелся, если в колоде не осталось карт и на столе не осталось карт.", []),
        ("Если в колоде не осталось карт и на столе нет ходов, пасьянс не сошелся.", []),
        ("Если место свободно и в колоде не осталось карт, карты пересдают.", []),
    ],
)  # fmt: skip
def test_paradigm_the_layout_emptied_last_of_joined_conditions(
    sentence: str, expected: list
) -> None:
    assert _win(sentence) == fact_pairs(*expected)


def test_a_layout_emptied_in_a_joined_condition_is_the_drafts_win() -> None:
    draft = sentences_draft(
        [
            "Карты выкладывают по одной в ряд.",
            "Если на руках не осталось карт и на столе не осталось ни одной карты, пасьянс вышел.",
        ]
    )
    assert draft.spec["win"] == "tableau-empty"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Цель пасьянса — очистить поле от всех карт.", _CLEARED),
        ("Задача: освободить все колонки от карт.", _CLEARED),
        ("Игра выиграна, если с поля ушли все карты.", _CLEARED),
        ("Пасьянс удался, когда из раскладки убраны все карты.", _CLEARED),
        ("Цель — освободить колонку от карт.", []),  # one pile: a step of play
        ("Пасьянс не сошелся, если со стола ушли не все карты.", []),
    ],
)  # fmt: skip
def test_paradigm_the_place_cleared_as_the_goal(sentence: str, expected: list) -> None:
    assert _win(sentence) == fact_pairs(*expected)


_FACE_UP = [("win.face_up", True)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Цель пасьянса — перевернуть все карты картинкой вверх.", _FACE_UP),
        ("Задача: открыть все пятьдесят две карты.", _FACE_UP),
        ("Игра выиграна, если удалось открыть все карты.", _FACE_UP),
        ("Когда удалось вскрыть все карты, пасьянс сошелся.", _FACE_UP),
        ("Если все карты открыты, игра продолжается.", []),  # no win said
        ("Игра выиграна, если удалось открыть все карты и собрать их на основаниях.", []),
    ],
)  # fmt: skip
def test_paradigm_every_card_turned_as_the_goal(sentence: str, expected: list) -> None:
    assert _win(sentence) == fact_pairs(*expected)
