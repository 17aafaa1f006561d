"""Options shared by several verbs, so each reads and refuses them the same way: checks of
numbers, the board's colours; and `--version`'s line on the engine's core."""

from __future__ import annotations

import argparse
import math
from types import ModuleType

from pipeline.errors import UsageError


def _number(value: object) -> str:
    """A number as a message shows it: whole up to 40 digits, else its start and length."""
    text = str(value)
    return text if len(text) <= 40 else f"{text[:20]}… ({len(text):,} digits)"


def positive_seconds(value: float | None, option: str = "--seconds") -> float | None:
    """A wall-time limit: a finite number of seconds above 0 (nan, inf, 0 and negatives
    would silently mean "no limit" or "no time")."""
    if value is not None and not (math.isfinite(value) and value > 0):
        raise UsageError(f"{option} must be a positive number of seconds, not {value}")
    return value


def deal_count(value: int, option: str = "--deals") -> int:
    """A number of deals, 1 … `MAX_DEALS` (deals stream, but a run must end)."""
    from pipeline.solve.runner import MAX_DEALS

    if not 1 <= value <= MAX_DEALS:
        raise UsageError(
            f"{option} must be a whole number from 1 to {MAX_DEALS}, not {_number(value)}"
        )
    return value


MAX_BUDGET = 10**12  # positions or playouts: days of search; the results store keeps < 2**63
MAX_MOVES = 10_000_000  # a random or greedy game that long is a loop; its record grows per move


def budget_count(value: int, option: str = "--budget", moves: bool = False) -> int:
    """A budget: 1 … `MAX_BUDGET` positions or playouts, or 1 … `MAX_MOVES` moves of a
    game (`moves`). Larger ones are no limit in practice, a game's moves without end, and a
    number the results store cannot hold (an OverflowError traceback once a deal was done)."""
    most = MAX_MOVES if moves else MAX_BUDGET
    if not 1 <= value <= most:
        raise UsageError(f"{option} must be a whole number from 1 to {most}, not {_number(value)}")
    return value


def worker_count(value: int, option: str = "--workers") -> int:
    """Processes: 1 … 4 per core of this machine (each loads the game and a solver; more
    only share the same cores, and a mistyped 100000 must not start 100000 processes)."""
    import os

    most = 4 * (os.cpu_count() or 1)
    if not 1 <= value <= most:
        raise UsageError(
            f"{option} must be a whole number from 1 to {most} (4 per core), not {_number(value)}"
        )
    return value


def core_modules() -> list[ModuleType]:
    """The compiled core's modules (`pipeline.engine.core`'s lists), imported: the engine's
    and the solver's, which only a part above both may import."""
    import importlib

    from pipeline.engine import core

    return [importlib.import_module(f"pipeline.engine.{m}") for m in core.MODULES] + [
        importlib.import_module(f"pipeline.solve.{m}") for m in core.SOLVER_MODULES
    ]


def engine_status() -> str:
    """Which engine core runs (`pasyans --version`): one line (`pipeline.engine.core.status`)."""
    from pipeline.engine.core import status

    return status(core_modules())


def add_color_arguments(parser: argparse.ArgumentParser) -> None:
    """`--color` and `--ascii` (`show`, `play`)."""
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the red suits: auto = only on a terminal without NO_COLOR (default)",
    )
    parser.add_argument(
        "--ascii", action="store_true", help="QS and ## instead of Q♠ and ░░ (plain ASCII)"
    )
