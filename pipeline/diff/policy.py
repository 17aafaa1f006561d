"""How games are played in the behavioural diff: the policy hook.

Two things are measured on each deal, and a policy may supply either:

- the lockstep walk that finds where the rules part needs a per-move chooser,
  `choose(state, moves, rng) -> Move` (a factory `make(game) -> choose` per spec). `random`
  is the uniform choice `pasyans random` makes, `moves[rng.below(len(moves))]`, so side A of
  a diff plays exactly the games `pasyans random A --seed N` plays;
- the outcome of a deal (`won`, `lost`, `unfinished`) needs only a playout function
  `outcome(game, seed, max_moves) -> str`. The other policies of the registry
  (`pipeline.policies`) come from `pipeline.solve`: the solver's search and the playouts of
  `pipeline.solve.policies`; each side is played by them on its own, and the lockstep walk
  stays uniform random.

A policy with a per-move chooser adds an entry to `CHOOSERS` (lockstep play).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pipeline.errors import UsageError
from pipeline.policies import NAMES, POLICIES

Choose = Callable[[Any, list, Any], Any]
Outcome = Callable[[Any, int, int], str]


def _uniform(state: Any, moves: list, rng: Any) -> Any:
    return moves[rng.below(len(moves))] if len(moves) > 1 else moves[0]


def make_random(game: Any) -> Choose:
    return _uniform


CHOOSERS: dict[str, Callable[[Any], Choose]] = {"random": make_random}


def get_chooser(name: str) -> Callable[[Any], Choose]:
    return CHOOSERS.get(name, make_random)


def _word(outcome: str) -> str:
    """pipeline.solve says `unknown` where the diff says `unfinished` (cap or budget hit)."""
    return "unfinished" if outcome == "unknown" else outcome


def outcome_function(name: str) -> Outcome | None:
    """The playout function of policy `name`, None when the lockstep walk's own outcome is
    the policy's (`random`)."""
    if name in CHOOSERS:
        return None
    if name not in POLICIES:
        raise UsageError(f"no policy {name!r} (available: {', '.join(NAMES)})")
    if POLICIES[name].searches and not POLICIES[name].per_move:
        from pipeline.solve.policies import make_solver

        return lambda game, seed, max_moves: _word(make_solver(game, name).solve(seed=seed).outcome)
    from pipeline.solve.policies import PLAYOUTS

    playout = PLAYOUTS[name]
    if POLICIES[name].per_move:  # its budget is per move, at its default; its own move cap
        budget = POLICIES[name].budget
        return lambda game, seed, max_moves: _word(playout(game, seed, budget).outcome)
    return lambda game, seed, max_moves: _word(playout(game, seed, max_moves).outcome)
