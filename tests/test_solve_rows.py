"""The dead end of `win: rows-in-sequence` (`pipeline/solve/rows.py`): a card that can never
move again, misplaced. Exact on a crafted Gaps deal; on small whole-pack Gaps deals it never
changes an outcome the plain search proves."""

from __future__ import annotations

import random

from spec_games import legal, make

from pipeline.engine.cards import name
from pipeline.engine.loading import load_game
from pipeline.solve.rows import RowDeadEnds
from pipeline.solve.search import Budget, Solver

# a Gaps deal (one deal) whose aces leave spaces at places 24, 32, 45 and 49
ROWS = (
    "2C 9S 5C 6H 7H 3C 4C 10D 4H 8C 9C JD QD",
    "2H 3H QS KS JC QC 6C 7C 10S JS AS 2D 3D",
    "2S 3S 4S 5S 6S AH QH 8D 9D KC 5H 8H 10C",
    "4D 5D 9H 10H JH AD 7S 8S KH AC KD 6D 7D",
)
CRAFTED = [c for row in ROWS for c in row.split()]


def test_a_two_locked_behind_a_space_is_a_dead_end_with_moves_left() -> None:
    g = load_game("rules/reference/gaps.yaml")
    s = g.new_state(order=CRAFTED)
    assert legal(s) == {"grid.16 QS grid.24", "grid.33 QH grid.45", "grid.46 7S grid.32"}
    # 2D (place 25) follows no card, so it must reach a row's first place; those hold the
    # other twos, which go only to a first place, and 4D, which goes only after 3D, which
    # lies at a row's end after 2D itself: none of them, nor 2D, can ever move
    assert name(RowDeadEnds(g).stuck(s.card_piles())) == "2D"
    r = Solver(g).solve(order=CRAFTED, budget=Budget(nodes=300))
    assert (r.outcome, r.nodes, r.dead_ends) == ("lost", 0, "on: rows-in-sequence")
    # without it the search walks the other spaces' rearrangements (3,485 positions)
    assert Solver(g, rows_dead=False).solve(order=CRAFTED, budget=Budget(nodes=300)).outcome == (
        "unknown"
    )


# Gaps of three rows of four, with aces to fours of three suits: the whole pack in play
SMALL = (
    "piles:\n  grid: {role: tableau, count: 12, capacity: 1}\n  aces: {role: talon}\n"
    "  unused: {role: out}\n  stock: {role: stock}\n"
    "setup:\n  - {take: {ranks: [5, 6, 7, 8, 9, 10, J, Q, K]}, to: unused}\n"
    "  - {take: {suits: [C]}, to: unused}\n"
    "deal:\n  - to: grid\n"
    "moves:\n  aces-out: {from: grid, to: aces, cards: {ranks: [A]}, auto: true}\n"
    "  fill: {from: grid, to: grid, build: {direction: up, suit: same, empty: [2]},"
    " neighbour: {side: left, row: 4}}\n"
    "win: rows-in-sequence\n"
)


def test_small_whole_pack_gaps_outcomes_unchanged_and_every_dead_start_lost() -> None:
    g = make(SMALL)
    rd = RowDeadEnds(g)
    assert rd.enabled
    cards = [r + s for s in "SHD" for r in ("A", "2", "3", "4")]
    rng = random.Random(3)
    with_dead = Solver(g)
    plain = Solver(g, rows_dead=False)
    seen = {"won": 0, "lost": 0, "dead": 0}
    for _ in range(40):
        order = rng.sample(cards, 12)
        a = plain.solve(order=order, budget=Budget(nodes=20_000))
        b = with_dead.solve(order=order, budget=Budget(nodes=20_000))
        assert a.outcome in ("won", "lost") and b.outcome == a.outcome, order
        assert b.nodes <= a.nodes
        seen[a.outcome] += 1
        if rd.dead(g.new_state(order=order).card_piles()):
            seen["dead"] += 1
            assert a.outcome == "lost", order
    assert seen["won"] and seen["lost"] and seen["dead"]
