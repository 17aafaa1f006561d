"""Composed phrases of the twentieth round (issue 18 §3): «Кроме X, …» that adds rather than
excepts, two named suits of two colours, a space for two ranks, the talon drawn from by so many
(the stock), «начинать» with the first card in the instrumental, the foundations begun with the
rank of a card the deal shows. Each part over its paradigm, with the exact facts, and a near
phrasing that means something else. Written for the test, in other words than the grid cells
that prompted them (`benchmarks/paradigm_grid.py`)."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Кроме того, имеются две свободные клетки по одной карте.", _f(("cells", 2))),
        ("Кроме колонок, есть ещё три ячейки по одной карте.", _f(("cells", 3))),
        ("Кроме основного расклада, используются 4 резервные ячейки по 1 карте.", _f(("cells", 4))),
    ],
)
def test_paradigm_besides_opening_a_sentence_adds(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Кроме тузов, все карты кладут в колонки.",
        "Кроме королей, любую карту можно положить на пустое место.",
        "Кроме дамы, на неё не кладут ничего.",
    ],
)
def test_besides_before_a_quantifier_or_negation_still_excepts(sentence: str) -> None:
    """Not water: the exception stays a marker, or becomes «только» («ничего, кроме»)."""
    _, loose = sentence_facts(sentence)
    assert loose


@pytest.mark.parametrize(
    ("sentence", "suit"),
    [
        ("На пиковую даму кладут червонного валета.", "alternate"),
        ("Например, на девятку бубен можно положить восьмёрку треф.", "alternate"),
        ("На трефовую десятку кладут пиковую девятку.", "any"),
        ("На червонного короля кладётся бубновая дама.", "any"),
        ("На десятку пик кладут девятку пик.", "same"),
    ],
)
def test_two_named_suits_say_the_building_colours(sentence: str, suit: str) -> None:
    draft = _draft(["Карты сдают в шесть колонок по шесть карт.", sentence])
    build = draft.spec["moves"]["marry"]["build"]
    assert (build["direction"], build["suit"]) == ("down", suit)


@pytest.mark.parametrize(
    ("sentence", "ranks"),
    [
        ("В пустую колонку можно положить только короля или даму.", [13, 12]),
        ("Свободное место занимают только тузами или королями.", [1, 13]),
        ("Пустое место — только для короля или туза.", [13, 1]),
        ("В освободившийся столбец кладут только короля.", 13),
    ],
)
def test_paradigm_a_space_for_one_rank_or_two(sentence: str, ranks: object) -> None:
    assert _said(sentence) == _f(("build.empty", ranks))


def test_a_space_for_two_ranks_in_the_draft() -> None:
    draft = _draft(
        [
            "Карты сдают в шесть колонок по шесть карт.",
            "В колонках карты кладут по убыванию, чередуя цвета.",
            "На пустое место можно положить только даму или короля.",
        ]
    )
    assert draft.spec["moves"]["marry"]["build"]["empty"] == [12, 13]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Из талона открывают по три карты.", _f(("turn.count", 3))),
        ("Из талона берут по две карты.", _f(("turn.count", 2))),
        ("Открывают по три карты из талона.", _f(("turn.count", 3))),
        # one at a time from the talon is its top card played, no turn of the stock
        ("С талона берут по одной карте.", []),
    ],
)
def test_paradigm_the_talon_drawn_from_by_so_many(sentence: str, expected: list) -> None:
    assert _said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Базовую стопку можно начать картой любого достоинства.",
        "Основание разрешается начинать любой картой.",
        "Основание можно начать с любой карты.",
    ],
)
def test_paradigm_begun_with_any_card(sentence: str) -> None:
    assert _said(sentence) == _f(("foundation.any_base", True))


def test_begun_with_a_rank_in_the_instrumental() -> None:
    assert _said("Каждое основание начинается королём.") == _f(
        ("foundation.cards", [13]), ("foundation.direction", {"base": 13, "direction": "down"})
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Основания начинаются с карты того достоинства, которое окажется у первой открытой карты.",
        "Дома начинаются с карт того же достоинства, что и следующая карта колоды.",
        "Базовые стопки начинают с карты такого же достоинства, как первая открытая карта.",
    ],
)
def test_paradigm_begun_with_the_rank_of_a_card_dealt(sentence: str) -> None:
    assert _said(sentence) == _f(("deal.first_foundation", True))
