"""Late positions of random games, where a search can finish: for the tests of the solver's
reductions and `benchmarks/solver_soundness.py`."""

from __future__ import annotations

import random

from pipeline.engine.moves import TRANSFER


def late_positions(g, seeds: range, left_max: int, rng: random.Random, every: bool = False):
    """Random games, foundation moves preferred, up to their first position with at most
    `left_max` cards outside the foundations and the set-aside piles (`every`: that one
    and the ones after it, until the caller stops taking them)."""
    found = set(g.foundations)
    for seed in seeds:
        s = g.new_state(seed=seed)
        for _ in range(3000):
            moves = s.legal_moves()
            if not moves:
                break
            ups = [m for m in moves if m.kind == TRANSFER and m.dst in found]
            s.apply(rng.choice(ups) if ups and rng.random() < 0.95 else rng.choice(moves))
            left = sum(len(s.piles[p]) for p in range(g.npiles) if p not in g.out_piles)
            if left <= left_max and ((yield seed, s) or not every):
                break
