"""Composed phrases of the thirty-third round (issue 18): deal counts said by the first N piles
and by rows.

Every sentence here is a paraphrase probe written for this test (none is taken from a real
set). «На первые тринадцать (стопок) сдаётся по четыре карты»: only the first piles are dealt,
the others stay empty — each pile noun, in either word order of «первые» and the numeral,
with the noun left out, digits and words, with a face; then the spec's deal. «Семь стопок.
Сдаются в четыре ряда»: rows over piles counted are rounds, each pile that many cards. The
near phrasings that must not give these facts follow each."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft


def _first(first: int, more: int) -> tuple[str, dict]:
    return ("deal.uneven", {"first": first, "more": more, "rest": 0})


@pytest.mark.parametrize(
    ("sentence", "first", "more"),
    [
        ("На первые тринадцать стопок сдаётся по четыре карты.", 13, 4),
        ("На первые тринадцать сдаётся по четыре карты.", 13, 4),
        ("В первые пять колонок кладут по три карты.", 5, 3),
        ("В три первые кучки кладётся по две карты.", 3, 2),
        ("На первые 6 столбцов сдаётся по 5 карт.", 6, 5),
        ("На первые десять пачек сдают по одной карте.", 10, 1),
        ("В первые два круга кладут по семь карт.", 2, 7),
    ],
)
def test_paradigm_only_the_first_piles_dealt(sentence: str, first: int, more: int) -> None:
    assert said(sentence) == fact_pairs(_first(first, more))


@pytest.mark.parametrize(("face", "value"), [("лицом вверх", "up"), ("рубашкой вверх", "down")])
def test_paradigm_the_first_piles_with_their_face(face: str, value: str) -> None:
    sentence = f"На первые тринадцать сдаётся по четыре карты {face}."
    assert said(sentence) == fact_pairs(_first(13, 4), ("deal.face", value))


def test_the_first_piles_and_the_rest_stay_uneven() -> None:
    """With the others' cards said, the first piles get more: the rest is that count."""
    assert said("В первые четыре стопки кладётся по пять карт, в остальные по четыре.") == (
        fact_pairs(("deal.uneven", {"first": 4, "more": 5, "rest": 4}))
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "На вторые две стопки сдаётся по четыре карты.",  # which piles, not the first N
        "На первые тринадцать стопок кладутся карты лицом вверх.",  # no count of cards
        "Первые тринадцать стопок лежат в ряд.",  # no deal
    ],
)
def test_near_phrasings_deal_no_first_piles(sentence: str) -> None:
    assert not [k for k, _ in said(sentence) if k == "deal.uneven"]


def test_spec_the_first_piles_dealt_the_others_empty() -> None:
    draft = sentences_draft(
        ["Пятнадцать стопок.", "На первые тринадцать сдаётся по четыре карты лицом вверх."]
    )
    assert draft.spec["deal"] == [
        {
            "id": "packets",
            "to": [f"packets.{i}" for i in range(1, 14)],
            "face": "up",
            "pause": "none",
            "rounds": 4,
        }
    ]


def test_spec_first_piles_as_many_as_there_are_is_no_partial_deal() -> None:
    """«первые семь» of seven piles: no pile is left out, so no first-piles step."""
    draft = sentences_draft(["Семь стопок.", "На первые семь стопок сдаётся по четыре карты."])
    assert [s["to"] for s in draft.spec["deal"]] != [[f"packets.{i}" for i in range(1, 8)]]


@pytest.mark.parametrize(
    ("sentence", "rows"),
    [
        ("Сдаются в четыре ряда.", 4),
        ("Карты сдаются в три ряда.", 3),
        ("Карты сдают в 5 рядов.", 5),
        ("Сдаются в четыре ряда, в первом ряду карты лежат лицом вниз.", 4),
    ],
)
def test_paradigm_dealt_in_rows_alone(sentence: str, rows: int) -> None:
    assert ("deal.rows_said", str(rows)) in said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Положите карты в два ряда.",  # a figure laid out, no deal
        "Сдаются в один ряд.",  # one row: a line
        "Карты сдаются в четыре ряда по тринадцать карт.",  # rows of a grid: rounds and columns
        "Карты сдаются в восемь рядов, по четыре.",  # rows of a figure, each counted
        "Карты сдают по трём рядам.",  # spread over rows: the dative «по»
        "Девять стопок раскладывают по пяти рядам.",
    ],
)
def test_near_phrasings_say_no_rows_alone(sentence: str) -> None:
    assert not [k for k, _ in said(sentence) if k == "deal.rows_said"]


@pytest.mark.parametrize("noun", ["стопок", "колонок", "кругов"])
def test_spec_rows_over_piles_counted_are_the_cards_each(noun: str) -> None:
    """Each pile its cards in four rounds, said as `per_pile` or `rounds` by the pile noun."""
    draft = sentences_draft([f"Семь {noun}.", "Карты сдаются в четыре ряда."])
    assert [s.get("per_pile") or s.get("rounds") for s in draft.spec["deal"]] == [4]


def test_spec_rows_alone_with_no_piles_counted_say_nothing() -> None:
    draft = sentences_draft(["Карты сдаются в четыре ряда."])
    assert [s.get("per_pile") or s.get("rounds") for s in draft.spec["deal"]] == [None]


def test_spec_rows_alone_yield_to_the_cards_each_said() -> None:
    draft = sentences_draft(
        ["Семь стопок.", "Сдаются в четыре ряда.", "В каждую стопку сдаётся по шесть карт."]
    )
    assert [s.get("per_pile") or s.get("rounds") for s in draft.spec["deal"]] == [6]
