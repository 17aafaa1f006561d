"""Composed phrases of the twenty-eighth round (issue 18 §3): the order named by a noun of
growing or shrinking («в порядке уменьшения достоинства», «в порядке увеличения»), the range
that spells the way out after a dash, and a range that goes on round past its last rank («от
короля до туза, затем король и так далее», «…, а затем снова с туза»). Each with its exact
facts, in sentences written for the test, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft


def _direction(direction: str, base: int | None = None) -> tuple[str, dict]:
    return ("foundation.direction", {"base": base, "direction": direction})


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Основания собирают в порядке убывания — от короля до туза.",
            [_direction("down", 13), ("foundation.last", {"base": 13, "last": 1})],
        ),
        (
            "На основания кладут карты в порядке увеличения достоинства — от двойки до короля.",
            [_direction("up", 2), ("foundation.last", {"base": 2, "last": 13})],
        ),
    ],
)
def test_paradigm_the_range_that_spells_out_the_way_after_a_dash(
    sentence: str, expected: list
) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Основания собирают в порядке уменьшения.", [_direction("down")]),
        ("Основания собирают в порядке увеличения достоинства.", [_direction("up")]),
        (
            "На основания кладут карты одной масти в порядке уменьшения достоинства.",
            [_direction("down"), ("suit.same", True)],
        ),
    ],
)
def test_paradigm_an_order_of_growing_or_shrinking(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Основания собирают по масти от туза до короля, затем снова туз и так далее.",
            [
                _direction("up", 1),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.wrap", True),
                ("suit.same", True),
            ],
        ),
        (
            "Основания собирают по масти от туза до короля, а затем снова с туза.",
            [
                _direction("up", 1),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.wrap", True),
                ("suit.same", True),
            ],
        ),
        (
            "Основания собирают от туза до короля, затем опять туз, двойка и так далее.",
            [
                _direction("up", 1),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.wrap", True),
            ],
        ),
        (
            "Основания собирают от двойки до туза, затем король.",
            [
                _direction("down", 2),
                ("foundation.last", {"base": 2, "last": 1}),
                ("foundation.wrap", True),
            ],
        ),
    ],
)
def test_paradigm_a_range_that_goes_on_round(sentence: str, expected: list) -> None:
    assert said(sentence) == fact_pairs(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        # the rank after «затем» does not follow the range's last rank round
        "Основания собирают по масти от туза до короля, затем двойка.",
        "Основания собирают от туза до дамы, затем король.",
        "Основания собирают от короля до туза, а затем двойка.",
        # no range before it: «затем» orders the telling
        "Сначала кладут туза, затем короля.",
    ],
)
def test_a_rank_after_then_that_does_not_go_round_wraps_nothing(sentence: str) -> None:
    assert "foundation.wrap" not in dict(said(sentence))


def test_a_game_whose_foundations_go_down_from_the_king_and_round() -> None:
    draft = sentences_draft(
        [
            "Раскладывают восемь стопок по пять карт.",
            "На основания кладут карты одной масти в порядке уменьшения достоинства — "
            "от короля до туза, затем король и так далее.",
        ]
    )
    (home,) = [p for p in draft.spec["piles"].values() if p["role"] == "foundation"]
    assert home["foundation"] == {
        "base": 13,
        "direction": "down",
        "last": 1,
        "suit": "same",
        "wrap": True,
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "Короля можно переложить на пустую стопку.",
        "Только короля можно переложить в освободившуюся стопку.",
        "Короли раскладываются в пустые стопки.",
    ],
)
def test_paradigm_a_king_moved_into_a_space_by_a_verb_of_dealing(sentence: str) -> None:
    # «переложить», «раскладывать» are the redeal's verbs too; before a space they lay a card
    assert said(sentence) == fact_pairs(("build.empty", 13))


def test_any_card_moved_into_a_space_stays_any_card() -> None:
    assert "build.empty" not in dict(said("В пустую стопку можно переложить любую карту."))


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты, лежащие по порядку, перемещаются вместе.",
        "Последовательности можно переносить вместе.",
    ],
)
def test_paradigm_cards_moved_together_are_a_run(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.run", True))


def test_a_card_moved_together_with_another_is_no_run() -> None:
    assert "build.run" not in dict(said("Карты можно переносить вместе с тузом."))
