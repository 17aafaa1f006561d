"""Foundations built by a step (`foundation.step`) and a base fixed by a dealt card
(`base: {rank_of: PILE, position: N}`), on tiny specs and crafted deals, and Calculation
(`rules/reference/calculation.yaml`) played through."""

from __future__ import annotations

import pytest
from spec_games import HEAD, legal, make

from pipeline.engine import compile_game
from pipeline.engine.loading import load_game
from pipeline.errors import SpecError
from pipeline.spec import load_spec_text
from pipeline.spec.model import canonical

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def ranks_of(state, group: str, n: int) -> list[str]:
    return [RANKS[c.rank - 1] for c in state.pile(group, n)]


CALC = "rules/reference/calculation.yaml"
# Calculation's four foundations, exactly as the rule books print them
SEQUENCES = [
    "A 2 3 4 5 6 7 8 9 10 J Q K",
    "2 4 6 8 10 Q A 3 5 7 9 J K",
    "3 6 9 Q 2 5 8 J A 4 7 10 K",
    "4 8 Q 3 7 J 2 6 10 A 5 9 K",
]


def test_calculation_builds_each_foundation_in_its_printed_sequence() -> None:
    g = load_game(CALC)
    # one card of each rank each foundation still needs, in order, suits taken as they come
    left = {r: [s for s in "SHDC"] for r in RANKS}
    for r in ("A", "2", "3", "4"):
        left[r].remove("S")  # setup takes the spades
    plan = []
    for d, seq in enumerate(SEQUENCES, 1):
        for r in seq.split()[1:]:
            plan.append((f"{r}{left[r].pop(0)}", d))
    s = g.new_state(order=[c for c, _ in plan])
    for card, d in plan:
        s.apply("stock waste")
        targets = {m for m in legal(s) if "foundations" in m}
        assert f"waste {card} foundations.{d}" in targets, (card, targets)
        s.apply(f"waste {card} foundations.{d}")
    for d, seq in enumerate(SEQUENCES, 1):
        assert ranks_of(s, "foundations", d) == seq.split()
    assert s.is_won()


def test_calculation_exact_moves_a_card_fitting_two_foundations() -> None:
    g = load_game(CALC)
    s = g.new_state(order=["5H", "2H", "3C", "4D", "KS", "6D"])
    assert legal(s) == {"stock waste"}
    s.apply("stock waste")
    # 5 fits none: A wants 2, 2 wants 4, 3 wants 6, 4 wants 8; empty wastepiles are one move
    assert legal(s) == {"waste 5H wastepiles.1"}
    s.apply("waste 5H wastepiles.1")
    s.apply("stock waste")
    # the waste holds one card: no turn while it is there
    assert legal(s) == {"waste 2H foundations.1", "waste 2H wastepiles.1", "waste 2H wastepiles.2"}
    s.apply("waste 2H foundations.1")
    s.apply("stock waste")
    s.apply("waste 3C foundations.1")
    s.apply("stock waste")
    # a four now goes on the ace's pile (3 + 1) and on the two's pile (2 + 2)
    assert legal(s) == {
        "waste 4D foundations.1",
        "waste 4D foundations.2",
        "waste 4D wastepiles.1",
        "waste 4D wastepiles.2",
    }
    s.apply("waste 4D foundations.2")
    s.apply("stock waste")
    s.apply("waste KS wastepiles.2")
    s.apply("stock waste")
    # 6 goes on 4 by twos and on 3 by threes; a wastepile's top (5H, KS) plays to no foundation
    assert legal(s) == {
        "waste 6D foundations.2",
        "waste 6D foundations.3",
        "waste 6D wastepiles.1",
        "waste 6D wastepiles.2",
        "waste 6D wastepiles.3",
    }
    s.apply("waste 6D foundations.3")
    # the 5 of hearts on wastepiles.1 stays: 4D went to the twos, so the ace's pile wants 4
    assert "wastepiles.1 5H foundations.1" not in legal(s)


def test_a_step_without_wrap_stops_at_the_king() -> None:
    g = make(
        """
piles:
  foundations:
    role: foundation
    foundation: {base: J, suit: any, step: 2}
  row: {role: tableau, count: 2}
  stock: {role: stock}
deal:
  - id: row
    to: row
moves:
  up:
    from: row
    to: foundations
"""
    )
    s = g.new_state(order=["JS", "KH", "AD"])
    assert legal(s) == {"row.1 JS foundations"}
    s.apply("row.1 JS foundations")
    assert legal(s) == {"row.2 KH foundations"}
    s.apply("row.2 KH foundations")
    assert legal(s) == set()  # K + 2 is no rank without wrap: the ace never follows


def test_step_down_with_wrap_and_its_canonical_form() -> None:
    spec = load_spec_text(
        HEAD
        + """
piles:
  foundations:
    role: foundation
    count: 2
    foundation: {base: 3, direction: down, suit: any, wrap: true, step: [5, 5]}
  stock: {role: stock}
moves:
  up: {from: stock, to: foundations}
"""
    )
    f = canonical(spec)["piles"]["foundations"]["foundation"]
    assert f["step"] == 5  # one step for every pile is written once
    g = compile_game(spec)
    s = g.new_state(order=["3H", "JC", "6D"])
    s.apply("stock foundations.1")
    assert legal(s) == {"stock foundations.1"}  # JC: 3 - 5 wraps round to J; .2 wants a 3
    s.apply("stock foundations.1")
    assert legal(s) == {"stock foundations.1"}  # 6D: J - 5
    s.apply("stock foundations.1")
    assert ranks_of(s, "foundations", 1) == ["3", "J", "6"]


def test_no_step_leaves_the_canonical_form_as_it_was() -> None:
    spec = load_spec_text(
        HEAD + "piles:\n  f: {role: foundation}\n  stock: {role: stock}\n" + "moves: {}\n"
    )
    assert "step" not in canonical(spec)["piles"]["f"]["foundation"]


@pytest.mark.parametrize(
    ("foundation", "words"),
    [
        ("{step: [1, 2]}", "step lists 2 steps; the group has 4 piles"),
        ("{step: 13}", "step"),
        ("{base: {rank_of: row}}", "rank_of names 2 piles; name one pile"),
        ("{base: {rank_of: nowhere.1}}", "no pile group"),
        ("{base: {rank_of: row.1, position: 0}}", "position"),
    ],
)
def test_bad_steps_and_rank_of_are_refused_by_name(foundation: str, words: str) -> None:
    with pytest.raises(SpecError) as e:
        load_spec_text(
            HEAD
            + f"piles:\n  f: {{role: foundation, count: 4, foundation: {foundation}}}\n"
            + "  row: {role: tableau, count: 2}\n  stock: {role: stock}\nmoves: {}\n",
            "test.yaml",
        )
    assert words in str(e.value)


RANK_OF = """
piles:
  foundations:
    role: foundation
    count: 2
    foundation: {base: {rank_of: row.2, position: 2}, suit: any, wrap: true}
  row: {role: tableau, count: 3}
  stock: {role: stock}
deal:
  - id: row
    to: row
    rounds: 2
    pause: round
moves:
  up:
    from: row
    to: foundations
    phase: any
  shift:
    from: [row, foundations]
    to: row
    phase: any
    build: {direction: down, suit: any}
"""


def test_base_is_the_rank_of_the_named_dealt_card() -> None:
    g = make(RANK_OF)
    # round 1: 7S 9H 8D; round 2: 8C 7H 5D. The base is row.2's second card: the 7 of hearts
    s = g.new_state(order=["7S", "9H", "8D", "8C", "7H", "5D"])
    # after round 1 the base is not known: no foundation takes anything, not even the 7
    assert legal(s) == {"deal", "row.3 8D row.2", "row.1 7S row.3"}
    s.apply("deal")
    assert legal(s) == {"row.2 7H foundations.1", "row.2 7H row.1"}
    s.apply("row.2 7H foundations.1")
    # the 8 follows the 7; the empty foundation still wants a 7 (no other is a top); the 7
    # may go back down onto an 8
    assert legal(s) == {"row.1 8C foundations.1", "foundations.1 7H row.1", "row.1 8C row.2"}
    s.apply("foundations.1 7H row.1")
    # the base stays a 7 though row.2's second card has gone (its 9 is refused)
    assert legal(s) == {"row.1 7H foundations.1"}
    s.undo()
    s.undo()
    s.undo()
    # undoing the deal forgets the base
    assert legal(s) == {"deal", "row.3 8D row.2", "row.1 7S row.3"}


def test_rank_of_base_from_a_face_down_deal_and_from_setup() -> None:
    g = make(
        """
piles:
  foundations:
    role: foundation
    count: 2
    foundation: {base: {rank_of: beak}, suit: any}
  beak: {role: reserve, face: down}
  row: {role: tableau, count: 2}
  stock: {role: stock}
deal:
  - id: beak
    to: beak
  - id: row
    to: row
moves:
  up:
    from: row
    to: foundations
"""
    )
    s = g.new_state(order=["9S", "9H", "2C"])
    # the beak lies face down; the deal fixed the base all the same
    assert legal(s) == {"row.1 9H foundations.1"}
    g = make(
        """
piles:
  foundations:
    role: foundation
    count: 2
    foundation: {base: {rank_of: beak}, suit: any}
  beak: {role: reserve}
  row: {role: tableau, count: 2}
  stock: {role: stock}
setup:
  - take: {cards: [5C]}
    to: beak
deal:
  - id: row
    to: row
moves:
  up:
    from: row
    to: foundations
"""
    )
    s = g.new_state(order=["5S", "9H"])
    assert legal(s) == {"row.1 5S foundations.1"}


COLS = (
    "piles:\n  col: {role: tableau, count: 2}\n  stock: {role: stock}\n"
    "deal: [{to: col}]\nwin: one-pile\n"
)


def test_build_step_packs_by_twos_round_the_king_and_is_left_out_at_one() -> None:
    body = COLS + "moves:\n  pack: {from: col, to: col, build: %s}\n"
    spec = load_spec_text(HEAD + body % "{direction: down, suit: any, wrap: true, step: 2}")
    assert canonical(spec)["moves"]["pack"]["build"]["step"] == 2
    s = compile_game(spec).new_state(order=["AS", "QH"])
    assert legal(s) == {"col.2 QH col.1"}  # A - 2 wraps round to Q; Q - 2 is 10, not A
    one = load_spec_text(HEAD + body % "{direction: down, suit: any, step: 1}")
    assert "step" not in canonical(one)["moves"]["pack"]["build"]
    with pytest.raises(SpecError) as e:
        load_spec_text(HEAD + body % "{direction: same, suit: any, step: 2}")
    assert "step needs direction up, down or both" in str(e.value)
