"""Composed phrases of the thirtieth round (issue 18 §3): the layout, the deal, the stock and
redeals. Each with its exact facts, in sentences written for the test, and the near phrasings
that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said


def _piles(count: int, per_pile: int) -> list[tuple[str, object]]:
    return [("tableau.shape", {"count": count, "noun": "PACKET"}), ("deal.per_pile", per_pile)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Карты раскладывают в восемь колод по пять карт.", _piles(8, 5)),
        ("Карты раздают в четыре колоды по тринадцать карт.", _piles(4, 13)),
        ("Раскладывают 13 колод по 4 карты.", _piles(13, 4)),
        ("Из карт составляют шесть колод, в каждой колоде по пять карт.", _piles(6, 5)),
        ("Выкладывают пять колод — по десять карт.", _piles(5, 10)),
    ],
)
def test_paradigm_piles_called_packs_when_counted_with_a_share(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Берут две колоды по 52 карты.",
        "Берут две колоды по 36 карт.",
        "Играют двумя колодами.",
        "Пасьянс раскладывается в две колоды.",
    ],
)
def test_paradigm_a_count_of_packs_stays_the_packs(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("decks", 2))
