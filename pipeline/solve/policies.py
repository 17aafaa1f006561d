"""Greedy and random policies: one playout each, for comparison with the solver.

Both play as a person could (they never look at face-down cards or the stock's order; greedy
looks one move ahead at what the move shows, which a person sees too). Outcomes are those of
the solver: ``won``, ``lost`` (no legal move left), ``unknown`` (still going after the move
cap, or the engine's automatic-action guard stopped the game).

Greedy, at each position: a move to a foundation first; then a move that turns up a face-down
card or empties a pile; then any other move that leads to a position not seen in this game;
turning, dealing and redealing last. Ties go to the engine's move order, so it is
deterministic.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pipeline.engine import MemoSwitch
from pipeline.engine.playout import play_one
from pipeline.solve.order import Playout, greedy_score


def greedy(game, seed: int, max_moves: int = 5000, memo: MemoSwitch | None = None) -> Playout:
    """One greedy playout of deal `seed` (see the module doc); `memo`: the switch the
    playouts of a run share (`Game.new_state`)."""
    from pipeline.solve.symmetry import KeyMaker

    state = game.new_state(seed=seed, memo=memo)
    keys = KeyMaker(game, state)
    found = frozenset(game.foundations)
    seen = {keys.position(state)}
    n = 0
    while n < max_moves:
        if state.is_won():
            return Playout("won", n)
        moves = state.legal_moves()
        if not moves:
            return Playout("lost", n)
        best = moves[0]  # if every move repeats a position: the first; the cap ends it
        for m in sorted(moves, key=lambda m: greedy_score(state, m, found)):
            state.apply(m)
            new = keys.position(state) not in seen
            state.undo()
            if new:
                best = m
                break
        state.apply(best)
        seen.add(keys.position(state))
        n += 1
        if state.loop_stopped:
            break
    if state.is_won():
        return Playout("won", n)
    return Playout("unknown", n)


def random_playout(
    game, seed: int, max_moves: int = 5000, memo: MemoSwitch | None = None
) -> Playout:
    """One uniform random playout of deal `seed` (`pasyans random`'s game, same moves);
    `memo`: the switch the playouts of a run share (`Game.new_state`)."""
    outcome, n = play_one(game, seed, max_moves, memo)
    return Playout("unknown" if outcome == "unfinished" else outcome, n)


def hindsight_playout(
    game, seed: int, budget: int = 4000, memo: MemoSwitch | None = None
) -> Playout:
    """One game of deal `seed` by the player who does not peek, `budget` solver positions per
    move (`pipeline.solve.hindsight`)."""
    from pipeline.solve.hindsight import hindsight

    return hindsight(game, seed, budget, memo)


def playouts_playout(game, seed: int, budget: int = 16, memo: MemoSwitch | None = None) -> Playout:
    """One game of deal `seed` by the player who does not peek and plays each move out on
    `budget` re-deals of the hidden cards, the leading moves on `RACE` times as many more and
    the two best of those on `FINAL` times as many more still, its planner holding back a
    foundation move that may hold a card
    (`pipeline.solve.hop`; `policy_settings`)."""
    from pipeline.solve.hindsight import MAX_MOVES, Hindsight, policy_settings

    return Hindsight(game, **policy_settings(budget)).play(seed, MAX_MOVES, memo)


def make_solver(game, policy: str):
    """The search a policy of `pipeline.policies.SEARCHES` plays with (`restarts`: the
    solver's restarts on; `beam`: the beam, then the restarts), or None for a playout."""
    from pipeline.policies import SEARCHES
    from pipeline.solve.search import Solver

    if policy not in SEARCHES:
        return None
    if policy == "beam":
        from pipeline.solve.bestfirst import BestFirstThenSearch

        return BestFirstThenSearch(game)
    return Solver(game, restarts=policy == "restarts")


# the playouts of the registry's policies that are not a search (`pipeline.policies`): each
# takes (game, deal, budget, memo), budget in the policy's unit
PLAYOUTS: dict[str, Callable[..., Playout]] = {
    "greedy": greedy,
    "random": random_playout,
    "hindsight": hindsight_playout,
    "playouts": playouts_playout,
}


def play_deal(
    game,
    solver,
    policy: str,
    deal: int,
    budget: int,
    seconds: float | None = None,
    memo: MemoSwitch | None = None,
):
    """(outcome, work, seconds, storable) of one deal: work is solver nodes or player moves;
    `solver`: `make_solver(game, policy)`, made once for many deals;
    storable is False for an unknown caused by a wall-clock limit (not reproducible). `memo`:
    the switch the playouts of a run share (`Game.new_state`)."""
    from pipeline.solve.search import Budget

    t = time.perf_counter()
    if solver is not None:
        r = solver.solve(seed=deal, budget=Budget(nodes=budget, seconds=seconds))
        return r.outcome, r.nodes, r.seconds, r.reason != "seconds"
    p = PLAYOUTS[policy](game, deal, budget, memo)
    return p.outcome, p.moves, time.perf_counter() - t, True
