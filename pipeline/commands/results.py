"""The results database and the run of deals, as `simulate` and `verify` share them: the
`--db`/`--no-cache` options, the store they name, and the progress bar while deals are played
(closing the store however the run ends)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.solve.store import Store


def add_store_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=None, help="results database [user cache dir]")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write it")


def check_store_options(args: argparse.Namespace) -> None:
    """`--db` and `--no-cache` together are a usage error (checked before any work)."""
    from pipeline.errors import UsageError

    if args.db and args.no_cache:
        raise UsageError("--db and --no-cache exclude each other")


def open_store(args: argparse.Namespace) -> Store | None:
    """The results store `--db` names (else the user's cache), or None with `--no-cache`."""
    from pipeline.solve.store import Store, default_path

    if args.no_cache:
        return None
    return Store(args.db or default_path(), on_wait=lambda note: _note(args, note))


def _note(args: argparse.Namespace, message: str) -> None:
    """One line on stderr that the run waits and why (it goes on afterwards)."""
    with contextlib.suppress(OSError):
        print(f"pasyans {args.verb}: {message}", file=sys.stderr, flush=True)


def _progress():
    """A rich progress bar of deals on stderr when it is a terminal, else nothing."""
    if not sys.stderr.isatty():
        return None, None
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ImportError:
        return None, None
    bar = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr, force_terminal=True),
        transient=True,
    )
    task = bar.add_task("deals", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return bar, update


@contextlib.contextmanager
def running(store: Store | None) -> Iterator[Callable[[int, int], None] | None]:
    """The progress bar shown while the deals are played (`_progress`: its update, or None),
    then gone, and the results store closed, however the run ends."""
    bar, update = _progress()
    try:
        if bar:
            bar.start()
        yield update
    finally:
        if bar:
            bar.stop()
        if store:
            store.close()
