"""Late positions of random games, where a search can finish: for the tests of the solver's
reductions and `benchmarks/solver_soundness.py`."""

from __future__ import annotations

import random

from pipeline.engine.moves import TRANSFER


def played_up(g, s, rng: random.Random, steps: int, up: float):
    """Random moves on `s`, a move to a foundation taken with probability `up` when there is
    one; yields `s` after each move, until `steps` moves or no legal move."""
    found = set(g.foundations)
    for _ in range(steps):
        moves = s.legal_moves()
        if not moves:
            return
        ups = [m for m in moves if m.kind == TRANSFER and m.dst in found]
        s.apply(rng.choice(ups) if ups and rng.random() < up else rng.choice(moves))
        yield s


def late_positions(g, seeds: range, left_max: int, rng: random.Random, every: bool = False):
    """Random games, foundation moves preferred, up to their first position with at most
    `left_max` cards outside the foundations and the set-aside piles (`every`: that one
    and the ones after it, until the caller stops taking them)."""
    for seed in seeds:
        s = g.new_state(seed=seed)
        for _ in played_up(g, s, rng, 3000, 0.95):
            left = sum(len(s.piles[p]) for p in range(g.npiles) if p not in g.out_piles)
            if left <= left_max and ((yield seed, s) or not every):
                break
