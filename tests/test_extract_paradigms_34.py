"""Composed phrases of the thirty-fourth round (issue 18): redeals, runs and places said in
the wording of the fifteenth and sixteenth development collections.

Every sentence here is a probe written for this test (none is taken from a real set): one
suit said of a run after the building's any suit (Spider's runs in suit on any suit), the
talon turned any number of times said in brackets, a demonstrative between a preposition and
a place, an exception said as a whole clause («за исключением того, что …»), and a list item
with a verb but no full stop. Each with its exact facts, and the near phrasings that must not
give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said

from pipeline.extract.tokens import closed, tokenize

_ANY_RUN_SAME = fact_pairs(("suit.any", True), ("build.direction", "down"), ("build.run", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "На карту любой масти кладут карту на единицу младше или ряд одной масти.",
        "На карту любой масти кладут карту на единицу младше; переносить можно ряд одной масти.",
        "На карту любой масти кладут карту на единицу младше, ряд — только одной масти.",
        "На карту любой масти кладут карту на единицу младше или последовательность одной масти.",
    ],
)
def test_one_suit_of_a_run_after_any_suit_is_the_runs(sentence: str) -> None:
    """The building stays any suit; the one suit says which runs move (a run moves)."""
    assert said(sentence) == _ANY_RUN_SAME


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the suits the other way round: the card built on is of one suit
        (
            "На карту одной масти кладут карту на единицу младше или ряд любой масти.",
            fact_pairs(("suit.same", True), ("build.direction", "down"), ("suit.any", True)),
        ),
        # one suit said of the card laid, no run noun: the building's own suit
        (
            "На карту любой масти кладут карту на единицу младше одной масти.",
            fact_pairs(("suit.any", True), ("build.direction", "down"), ("suit.same", True)),
        ),
        # no any suit in the sentence: the run's one suit stays a suit rule
        ("Переносить можно ряд одной масти.", fact_pairs(("suit.same", True))),
    ],
)
def test_one_suit_stays_the_buildings_without_a_run_after_any_suit(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Сброс переворачивается обратно (сколько угодно раз).",
        "Колода кончилась — сброс переворачивается обратно (сколько угодно раз, как обычно).",
        "Отбой переворачивают снова (сколько угодно раз).",
        "Сброс переворачивается обратно сколько угодно раз.",
    ],
)
def test_talon_turned_any_number_of_times_in_brackets(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("turn.recycle", "unlimited"))


def test_talon_turned_a_counted_number_of_times_in_brackets_is_not_unlimited() -> None:
    assert ("turn.recycle", '"unlimited"') not in said(
        "Колода кончилась — сброс переворачивается обратно (два раза)."
    )


_DOWN_IN_SUIT = fact_pairs(
    ("foundation.direction", {"base": None, "direction": "down"}), ("suit.same", True)
)


@pytest.mark.parametrize("this", ["этом", "этих"])
def test_demonstrative_before_a_foundation_keeps_its_island(this: str) -> None:
    noun = "основании" if this == "этом" else "основаниях"
    text = f"После этого карты в {this} {noun} можно собирать по масти в нисходящем порядке."
    assert said(text) == _DOWN_IN_SUIT
    assert said(f"После этого карты в {noun} можно собирать по масти в нисходящем порядке.") == (
        _DOWN_IN_SUIT
    )


@pytest.mark.parametrize("this", ["эту стопку", "эти стопки", "этот столбец", "эту колонку"])
def test_demonstrative_after_a_preposition_joins_the_place(this: str) -> None:
    toks = tokenize(f"На {this} можно класть карты по убыванию.")
    assert [t.type for t in toks][:2] == ["ONTO", toks[1].type]
    assert toks[1].type in ("PACKET", "COLUMN")
    assert said(f"На {this} можно класть карты по убыванию.") == fact_pairs(
        ("build.direction", "down")
    )


def test_demonstrative_without_a_preposition_or_place_stays_water() -> None:
    assert [t.type for t in tokenize("Это место можно занять любой картой.")][:2] == ["W", "PLACE"]
    assert [t.type for t in tokenize("В этом случае карты собирают.")][:2] == ["IN", "W"]


def test_except_that_states_its_clause() -> None:
    text = (
        "Карты под ней не обязательно должны лежать в каком-либо порядке, за исключением того, "
        "что нижняя и целевая карты должны быть построены последовательно и в другом цвете."
    )
    assert said(text) == fact_pairs(("build.suit", "alternate"))
    assert said(
        "Карты можно класть в любом порядке, за исключением того, что туз идёт в основание."
    ) == fact_pairs(("foundation.cards", [1]))


@pytest.mark.parametrize(
    "text",
    [
        "Любую карту можно положить на пустое место, кроме того, что лежит в резерве.",
        "Любую карту можно положить на пустое место, за исключением тузов.",
    ],
)
def test_exceptions_of_a_card_stay_exceptions(text: str) -> None:
    """A relative «что» after «кроме того», an excepted rank: the clause is not read."""
    from pipeline.extract.facts import sentence_facts

    facts, loose = sentence_facts(text)
    assert loose == ["EXCEPT"]
    assert facts == []


@pytest.mark.parametrize(
    "item",
    [
        "Правильные последовательности можно перемещать полностью или частями",
        "Последовательности можно перемещать целиком",
    ],
)
def test_list_item_with_a_verb_reads_as_if_closed(item: str) -> None:
    assert said(item) == fact_pairs(("build.run", True))
    assert said(item + ".") == fact_pairs(("build.run", True))
    assert closed(tokenize(item), item)[-1].type == "STOP"


def test_heading_without_a_verb_stays_unclosed() -> None:
    heading = "Перемещение на пустую стопку"
    assert closed(tokenize(heading), heading)[-1].type == "PACKET"
    assert said("Перемещение на пустую стопку") == []
