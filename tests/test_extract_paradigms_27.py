"""Composed phrases of the twenty-seventh round (issue 18 §3): a count of piles said as the
subject with its share after the verb («семь стопок раскладывают в ряд, по пять карт в
каждой»), the share said «в каждой из них по N», and a «по» with a dative numeral, which
spreads cards over places and shares none («по трём рядам»). Each with its exact facts, in
words and orders written for the test, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.tokens import tokenize


def _shape(noun: str, count: int) -> tuple[str, dict]:
    return ("tableau.shape", {"noun": noun, "count": count})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Семь стопок раскладывают в ряд, по пять карт в каждой.",
            [_shape("PACKET", 7), ("deal.per_pile", 5)],
        ),
        (
            "Восемь колонок выкладывают, по три карты в каждую.",
            [_shape("COLUMN", 8), ("deal.per_pile", 3)],
        ),
        (
            "10 столбцов кладут на стол, по 4 карты в каждом.",
            [_shape("COLUMN", 10), ("deal.per_pile", 4)],
        ),
        (
            "На стол выкладывают шесть кучек, в каждой из них по три карты.",
            [_shape("PACKET", 6), ("deal.per_pile", 3)],
        ),
        (
            "Раскладывают девять стопок, в каждой из них по две карты.",
            [_shape("PACKET", 9), ("deal.per_pile", 2)],
        ),
    ],
)
def test_paradigm_the_share_after_the_verb_or_of_each_of_them(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


def test_piles_counted_and_laid_in_two_rows_keep_the_count_of_piles() -> None:
    # «в два ряда» counts rows, not the piles' share: the new form takes only «в ряд»
    facts = dict(said("Восемь стопок раскладывают в два ряда, по четыре стопки в каждом."))
    assert facts.get("deal.per_pile") != "4"


@pytest.mark.parametrize(
    ("sentence", "rows", "expected"),
    [
        (
            "Девять стопок раскладывают по трём рядам.",
            3,
            [("tableau.count_said", {"noun": "PACKET", "count": 9})],
        ),
        ("Карты кладут по четырём рядам.", 4, []),
        ("Раскладывают карты по двум рядам.", 2, []),
        ("Карты раскладывают по пяти рядам.", 5, []),  # «пяти» by the dative noun after it
        (
            "Двенадцать стопок, разложенных по трём строкам и столбцам.",
            3,
            [_shape("PACKET", 12)],
        ),
    ],
)
def test_paradigm_a_dative_numeral_after_po_spreads_over_places(
    sentence: str, rows: int, expected: list
) -> None:
    toks = tokenize(sentence)
    at = next(i for i, t in enumerate(toks) if t.type == "NUM" and t.value == rows)
    assert toks[at - 1].type == "IN"
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("Сдают по пяти карт.", 5),  # the genitive share of the older books
        ("Раскладывают восемь стопок по три карты.", 3),
        ("Сдают по одной карте на каждую стопку.", 1),
    ],
)
def test_a_share_after_po_stays_a_share(sentence: str, per: int) -> None:
    toks = tokenize(sentence)
    at = next(i for i, t in enumerate(toks) if t.type == "NUM" and t.value == per)
    assert toks[at - 1].type == "BY"


def test_piles_over_three_rows_take_their_cards_from_the_next_sentence() -> None:
    draft = sentences_draft(
        [
            "Девять стопок раскладывают по трём рядам.",
            "На каждую стопку кладут по одной карте лицом вверх.",
        ]
    )
    assert draft.spec["piles"]["packets"]["count"] == 9
    assert draft.spec["deal"] == [
        {"id": "packets", "to": ["packets"], "face": "up", "pause": "none"}
    ]
