"""How a move is chosen in the behavioural diff: the policy hook.

A policy is a factory `make(game) -> choose`, where `choose(state, moves, rng) -> Move`
picks one of `moves` (the state's legal moves, never empty) using `rng` (a SplitMix64) for
any randomness, so a run is reproducible from its seed. `random` is built in: the uniform
choice `pasyans random` makes, `moves[rng.below(len(moves))]`, so side A of a diff plays
exactly the games `pasyans random A --seed N` plays.

Other policies come from `pipeline.solve.policies` when that module exists: it may define
`POLICIES = {"greedy": make_greedy, "solver": make_solver, …}` with factories of the same
shape. The diff calls a factory once per spec and `choose` once per move.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pipeline.errors import UsageError

Choose = Callable[[Any, list, Any], Any]
Factory = Callable[[Any], Choose]

NAMES = ("random", "greedy", "solver")


def _uniform(state: Any, moves: list, rng: Any) -> Any:
    return moves[rng.below(len(moves))] if len(moves) > 1 else moves[0]


def make_random(game: Any) -> Choose:
    return _uniform


BUILT_IN: dict[str, Factory] = {"random": make_random}


def get_policy(name: str) -> Factory:
    """The factory of policy `name`; a UsageError (exit 2) when it is not available."""
    if name in BUILT_IN:
        return BUILT_IN[name]
    try:
        mod = importlib.import_module("pipeline.solve.policies")
    except ImportError:
        mod = None
    table = getattr(mod, "POLICIES", None) or {}
    if name in table:
        return table[name]
    have = ", ".join([*BUILT_IN, *table])
    raise UsageError(f"--policy {name} is not available in this installation (available: {have})")
