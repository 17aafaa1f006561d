"""Composed phrases of the thirty-eighth round (issue 18): the waste as the one foundation.

Every sentence here is a probe written for this test (none is taken from a real set): the
card in play called «текущая карта» (its noun said or left out after a feminine form), and
the waste itself said to be built in any order or either way. Each with its exact facts or
spec fields, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.tokens import tokenize

_WASTE_BOTH = fact_pairs(
    ("foundation.count", 1),
    ("foundation.direction", {"base": None, "direction": "both"}),
    ("suit.any", True),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Кладите открытую карту на один ранг выше или ниже текущей.",
        "Играйте карту на ранг старше или младше текущей карты.",
        "Выбирайте карту на ранг ниже или выше текущей, масть не важна.",
        "Карты можно перекладывать на сброс, собирая его в любом порядке.",
        "Карты кладут на сброс, собирая его по возрастанию или убыванию.",
    ],
)
def test_the_current_card_or_a_waste_built_either_way_is_the_one_foundation(
    sentence: str,
) -> None:
    assert said(sentence) == _WASTE_BOTH


@pytest.mark.parametrize(
    "sentence",
    [
        "Кладите карту на ранг выше или ниже.",
        "Кладите карту на ранг выше или ниже текущего столбца.",
        "Кладите карту на ранг выше или ниже текущей стопки.",
        "Карты можно перекладывать на основания в любом порядке.",
        "Перезапуск повторяет текущий расклад.",
    ],
)
def test_no_current_card_nor_waste_is_no_waste_foundation(sentence: str) -> None:
    assert ("foundation.count", "1") not in said(sentence)


@pytest.mark.parametrize(
    ("sentence", "talon"),
    [
        ("Продолжайте цепочку на текущей карте.", ["текущей карте"]),
        ("Карту кладут выше или ниже текущей.", ["текущей"]),
        ("Добор прерывает текущую серию.", []),
        ("Перезапуск повторяет текущий расклад.", []),
        ("Текущая колода пуста.", []),
    ],
)
def test_the_current_card_reads_as_the_waste(sentence: str, talon: list[str]) -> None:
    assert [sentence[t.start : t.end] for t in tokenize(sentence) if t.type == "TALON"] == talon


def test_the_current_card_makes_one_waste_foundation_built_both_ways() -> None:
    draft = sentences_draft(["Нажмите свободную карту на один ранг выше или ниже текущей."])
    found = [v for v in draft.spec["piles"].values() if v.get("role") == "foundation"]
    assert [(v["count"], v["foundation"]) for v in found] == [
        (1, {"direction": "both", "suit": "any"})
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты могут собираться в порядке - от дамы к королю, от туза до двойки.",
        "Основания собираются вниз: от двойки к тузу, от короля до дамы.",
    ],
)
def test_steps_either_side_of_the_join_wrap(sentence: str) -> None:
    """One-rank steps said as ranges, the first ending at the king (the ace) and the next
    beginning at the ace (the king): the ranks go round."""
    assert ("foundation.wrap", "true") in said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты собирают от туза до короля, от короля до туза.",
        "Карты собирают от дамы к королю, от двойки до тройки.",
        "Карты собирают от валета к королю, от туза до двойки.",
    ],
)
def test_ranges_that_meet_no_join_do_not_wrap(sentence: str) -> None:
    assert all(k != "foundation.wrap" for k, _ in said(sentence))


@pytest.mark.parametrize(
    "sentence",
    [
        "После короля набор продолжается от туза.",
        "После короля счёт начинается снова от туза.",
        "После короля набор, если нужно, продолжается с туза.",
    ],
)
def test_the_ace_after_the_king_with_from_still_wraps(sentence: str) -> None:
    """«после короля … от туза»: two ranks with «от» are the king–ace wrap, as before the
    steps across the join were read (which raised on them)."""
    assert ("foundation.wrap", "true") in said(sentence)
