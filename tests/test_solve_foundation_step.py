"""The solver on foundations built by a step: wins found replay in the interpreter, and the
safe-move pruning and dead-end checks it keeps on agree with a search without them."""

from __future__ import annotations

import itertools
import random

import pytest

from pipeline.engine import compile_game
from pipeline.engine.loading import load_game
from pipeline.engine.record import replay
from pipeline.solve.search import Budget, solve
from pipeline.spec import load_spec_text

# one suit of thirteen, a foundation by fives from the ace (A 6 J 3 8 K 5 10 2 7 Q 4 9),
# Calculation's waste and wastepiles
MINI = """spec: pasyans/1
id: mini-step
decks: 1
piles:
  foundations:
    role: foundation
    foundation: {base: A, suit: same, wrap: true, step: 5}
  wastepiles: {role: talon, count: WASTEPILES}
  stock: {role: stock}
  waste: {role: talon, capacity: 1}
  gone: {role: out}
setup:
  - take: {suits: [H, D, C]}
    to: gone
moves:
  turn: {from: stock, to: waste}
  up: {from: [waste, wastepiles], to: foundations}
  down: {from: waste, to: wastepiles}
win: all-on-foundations
"""


def mini(wastepiles: int):
    return compile_game(load_spec_text(MINI.replace("WASTEPILES", str(wastepiles)), "mini.yaml"))


@pytest.mark.parametrize("seed", [1, 2])
def test_wins_on_a_stepped_foundation_replay(seed: int) -> None:
    g = mini(3)
    res = solve(g, seed=seed, budget=Budget(nodes=50_000))
    assert res.outcome == "won"
    assert res.pruning == "on" and res.dead_ends == "on"  # in suit, one way, fixed base
    assert replay(g, res.record).is_won()


@pytest.mark.parametrize("seed", [3, 4])
def test_pruned_search_agrees_with_the_full_one(seed: int) -> None:
    g = mini(2)
    full = solve(g, seed=seed, budget=Budget(nodes=100_000), prune=False)
    pruned = solve(g, seed=seed, budget=Budget(nodes=100_000))
    assert full.outcome == pruned.outcome == "lost"
    assert pruned.nodes < full.nodes


def test_calculation_solver_wins_a_crafted_deal_and_the_record_replays() -> None:
    g = load_game("rules/reference/calculation.yaml")
    # each foundation's cards in its order (suits as they come), but the 3 before the 2
    # and the 5 before the 4 of the ace's pile: they must wait on a wastepile
    left = {r: list("SHDC") for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")}
    left |= {r: list("SHDC") for r in ("J", "Q", "K")}
    for r in ("A", "2", "3", "4"):
        left[r].remove("S")
    seqs = [
        "2 3 4 5 6 7 8 9 10 J Q K",
        "4 6 8 10 Q A 3 5 7 9 J K",
        "6 9 Q 2 5 8 J A 4 7 10 K",
        "8 Q 3 7 J 2 6 10 A 5 9 K",
    ]
    order = [r + left[r].pop(0) for seq in seqs for r in seq.split()]
    order[0:4] = [order[1], order[0], order[3], order[2]]
    res = solve(g, order=order, budget=Budget(nodes=20_000))
    assert res.outcome == "won"
    assert any("wastepiles" in m for m in res.moves)
    assert replay(g, res.record).is_won()


def test_calculation_random_playouts_keep_every_card_and_every_step() -> None:
    g = load_game("rules/reference/calculation.yaml")
    for seed in range(30):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_moves()))
            cards = [
                (c.rank, c.suit)
                for grp in ("foundations", "wastepiles")
                for n in (1, 2, 3, 4)
                for c in s.pile(grp, n)
            ]
            cards += [(c.rank, c.suit) for grp in ("stock", "waste") for c in s.pile(grp)]
            assert sorted(cards) == sorted({(r, x) for r in range(1, 14) for x in "SHDC"})
        for d in (1, 2, 3, 4):
            ranks = [c.rank for c in s.pile("foundations", d)]
            assert ranks[0] == d
            assert all((b - a) % 13 == d for a, b in itertools.pairwise(ranks))
