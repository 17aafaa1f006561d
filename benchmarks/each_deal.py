"""Deals searched one at a time at a budget, each handed on as it ends with its win replayed:
the search of `book_games.py` (its JSON lines, `--again`) and of `store_again.py` (a
`pasyans simulate` store). Why one at a time: a stage of minute-long searches stopped on a
shared machine loses only the deal in hand, and a rerun skips the deals its caller kept.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple


class Searched(NamedTuple):
    deal: int
    result: Any  # the solver's result (`outcome`, `nodes`, `moves`, `record` …)
    started: float  # the process's CPU clock as the search began
    seconds: float  # the search's CPU seconds (the replay not counted)
    replays: bool | None  # a win's line replays to a win in the interpreter; None: no win


def search_each(
    solver: Any, game: Any, deals: Iterable[int], budget: int, memory_mb: int | None = None
) -> Iterator[Searched]:
    """Each deal of `deals` searched by `solver` at `budget` positions, in turn; a win is
    replayed in `game` (`record.replay`), unless `game` is None: a win is only the solver's
    claim until then. `memory_mb`: the search's table (`Budget.memory_mb`; None: its
    default), which a loss proof of millions of positions outgrows: a full table is emptied
    and what it held may be searched again."""
    from pipeline.engine.record import replay
    from pipeline.solve.search import Budget

    limits = (
        Budget(nodes=budget) if memory_mb is None else Budget(nodes=budget, memory_mb=memory_mb)
    )
    for deal in deals:
        started = time.process_time()
        r = solver.solve(seed=deal, budget=limits)
        seconds = time.process_time() - started
        won = game is not None and r.outcome == "won"
        yield Searched(deal, r, started, seconds, replay(game, r.record).is_won() if won else None)
