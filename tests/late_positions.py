"""Late positions, where a search can finish: for the tests of the solver's reductions and
`benchmarks/solver_soundness.py`. The shipped games by name, their foundations complete, and
random games played up."""

from __future__ import annotations

import random

from spec_games import game

from pipeline.engine.moves import TRANSFER


def complete_foundations(g) -> list[list[int]]:
    """Every foundation built from its setup card to its last rank (the Clock's hours), twins
    dealt in turn: the piles of a won game."""
    s = g.new_state(seed=1)
    piles: list[list[int]] = [[] for _ in range(g.npiles)]
    used = [0] * 52
    for d in g.foundations:
        v = s.card_piles()[d][0]
        piles[d].append(v)
        used[v % 52] += 1
    for d in g.foundations:
        bs = piles[d][0] % 52 // 13
        while g.flast[d] != piles[d][-1] % 13 + 1:
            (k,) = g.foundation_takes(d, piles[d][-1], bs)
            piles[d].append(k + 52 * used[k])
            used[k] += 1
    return piles


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


def dead_positions(g, check, seeds: range, rng: random.Random, steps: int, stock_max: int):
    """Per deal, the first position of a random game (foundation moves preferred) with at
    most `stock_max` cards in the stock that `check` (a `Blocked`) applies to and calls
    lost: (seed, state), for the caller to search without it."""
    for seed in seeds:
        s = g.new_state(seed=seed)
        check.reset()  # a new deal: what it cached of the stock is another deal's
        for _ in played_up(g, s, rng, steps, 0.9):
            if len(s.card_piles()[g.stock]) <= stock_max and check.applies(s) and check.dead(s):
                yield seed, s
                break


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


def played_in_turn(name: str, seeds=range(1, 4), max_moves: int = 300):
    """Every position of whole games of a shipped spec, with its legal moves, before one is
    played: the moves chosen in turn from the legal list (at position n, move n modulo
    their number), a game cut at `max_moves`."""
    compiled = game(name)
    for seed in seeds:
        state = compiled.new_state(seed=seed)
        while not state.is_terminal() and len(state.history) < max_moves:
            moves = state.legal_moves()
            yield state, moves
            state.apply(moves[len(state.history) % len(moves)])
