"""Composed phrases of the thirty-seventh round (issue 18): foundations, spaces, stock, goal.

Every sentence here is a probe written for this test (none is taken from a real set): a range
of ranks said before the foundations it is gathered on, an empty pile taken only by a run
named by its first rank, the pack to draw from said absent, and the clearing of the layout
said as a subject or before a concession. Each with its exact facts or spec fields, and the
near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts


def _range(base: int, last: int, *more: tuple[str, object]) -> list[tuple[str, str]]:
    way = "up" if last > base else "down"
    return fact_pairs(
        ("foundation.direction", {"base": base, "direction": way}),
        ("foundation.last", {"base": base, "last": last}),
        *more,
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Соберите каждую масть от туза до короля на четырёх основаниях.",
            _range(1, 13, ("suit.same", True), ("foundation.count", 4)),
        ),
        ("Собирайте масти от туза до короля на основаниях.", _range(1, 13, ("suit.same", True))),
        (
            "Карты кладут по мастям от короля до туза в основания.",
            _range(13, 1, ("suit.same", True)),
        ),
        (
            "Карты собирают от короля до туза на восьми основаниях.",
            _range(13, 1, ("foundation.count", 8)),
        ),
    ],
)
def test_a_range_before_its_foundations_is_the_range(sentence: str, expected: list) -> None:
    """«от туза до короля на … основаниях»: the range's last rank is no card put there (no
    `foundation.cards` [13], which made the foundations start from the king)."""
    assert said(sentence) == expected


def test_a_rank_put_on_the_foundations_stays_their_card() -> None:
    assert said("Короля кладут на основание.") == fact_pairs(("foundation.cards", [13]))


def test_a_range_before_its_foundations_makes_ace_foundations() -> None:
    draft = sentences_draft(["Соберите каждую масть от туза до короля на четырёх основаниях."])
    found = [v for v in draft.spec["piles"].values() if v.get("role") == "foundation"]
    assert [(v["count"], v["foundation"]["base"], v["foundation"]["direction"]) for v in found] == [
        (4, 1, "up")
    ]


_KING_RUN = fact_pairs(("build.empty", 13), ("build.run", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Пустую колонку занимает только группа с королём во главе.",
        "Пустой ряд занимает только серия карт с королём во главе.",
        "Пустой столбец принимает только короля или ряд с королём.",
        "Пустая стопка принимает только короля или группу карт с королём во главе.",
    ],
)
def test_an_empty_pile_taken_only_by_a_run_from_a_rank(sentence: str) -> None:
    """A run named by the rank it starts with goes where that rank may: the rank, and runs."""
    assert said(sentence) == _KING_RUN


@pytest.mark.parametrize(
    "sentence",
    ["Пустой столбец принимает только короля.", "Пустую колонку занимает только король."],
)
def test_an_empty_pile_taken_only_by_a_rank_moves_no_run(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("build.empty", 13))


def test_an_empty_pile_taken_by_a_run_with_no_rank_reads_no_rank() -> None:
    facts, _ = sentence_facts("Пустой столбец занимает только группа карт.")
    assert [f.key for f in facts] == []


_ALL_DEALT = fact_pairs(("cond.all_dealt", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Колоды для добора нет.",
        "Колоды для добора в этой игре нет.",
        "Колоды для добора нет; открывайте скрытые карты.",
        "Колоды нет; все карты лежат на столе.",
    ],
)
def test_the_pack_to_draw_from_said_absent(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert [(f.key, f.value) for f in facts if f.key == "cond.all_dealt"] == [
        ("cond.all_dealt", True)
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Колода уже не кончилась.",
        "Колода сверху не видна.",
        "Талона нет; карты из колоды кладут сразу.",
    ],
)
def test_a_pack_not_said_absent_is_no_deal_of_every_card(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert "cond.all_dealt" not in [f.key for f in facts]


def test_a_draft_with_the_pack_said_absent_turns_no_stock() -> None:
    draft = sentences_draft(
        [
            "Все карты раскладывают в семь столбцов.",
            "Колоды для добора нет; открывайте скрытые карты.",
        ]
    )
    assert draft.spec["moves"].get("turn") is None


_CLEARED = fact_pairs(("win.cleared", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Удаление всех 28 карт пирамиды приносит победу.",
        "Удаление всей пирамиды даёт победу.",
        "Удаление всех карт со стола приносит выигрыш.",
        "Если убрать всю пирамиду, вы победите даже с картами в колоде.",
        "Если убрать всю пирамиду, вы победите.",
    ],
)
def test_the_clearing_said_as_a_subject_or_before_a_concession_wins(sentence: str) -> None:
    assert said(sentence) == _CLEARED


@pytest.mark.parametrize(
    "sentence",
    [
        "Удаление пары карт не приносит победы.",
        "Удаление пар карт продолжается.",
        # «даже» inside the condition, before the win: no concession after it
        "Если убрать даже одну карту, вы не победите.",
    ],
)
def test_a_removal_that_clears_nothing_is_no_win(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert "win.cleared" not in [f.key for f in facts]


def test_the_clearing_as_a_subject_makes_the_empty_layout_the_win() -> None:
    draft = sentences_draft(
        [
            "Пары карт с суммой 13 убирают.",
            "Удаление всех карт пирамиды приносит победу.",
        ]
    )
    assert draft.spec["win"] == "tableau-empty"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Любая доступная карта может начать пустой столбец.",
            fact_pairs(("fill.sources", ["talon", "tableau"])),
        ),
        (
            "Любая карта может занять пустую колонку.",
            fact_pairs(("fill.sources", ["talon", "tableau"])),
        ),
        ("Игрок может начать пустой столбец только королём.", fact_pairs(("build.empty", 13))),
    ],
)
def test_a_verb_of_beginning_an_empty_pile_fills_it(sentence: str, expected: list) -> None:
    """«начать пустой столбец»: beginning an empty pile is filling it."""
    assert said(sentence) == expected


def test_beginning_a_new_pile_fills_no_space() -> None:
    facts, _ = sentence_facts("Любая карта может начать новую стопку.")
    assert facts == []
