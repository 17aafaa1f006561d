"""`pasyans simulate SPEC --deals N [--from-seed S]
[--policy solver|restarts|greedy|random|hindsight|playouts] [--budget B] [--workers K]
[--db PATH | --no-cache] [--executor process|ray] [--json]`."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

from pipeline.policies import DEFAULT_SEED, NAMES, POLICIES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", help="rule spec: a YAML file or a shipped game id (golf)")
    parser.add_argument(
        "--deals", type=int, default=100, help="number of deals, at most 10000000 [100]"
    )
    parser.add_argument(
        "--from-seed",
        default=str(DEFAULT_SEED),
        help=f"first deal; deal i is seed S+i [{DEFAULT_SEED}]",
    )
    parser.add_argument("--policy", choices=NAMES, default="solver", help="[solver]")
    parser.add_argument(
        "--budget",
        type=int,
        default=None,
        help="solver, restarts: positions per deal [100000]; greedy, random: moves per game "
        "[5000]; hindsight: solver positions per move [4000]; playouts: re-deals per move [16]",
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="solver: wall-time limit per deal"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes [1]")
    parser.add_argument("--db", default=None, help="results database [user cache dir]")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write it")
    parser.add_argument("--executor", choices=("process", "ray"), default="process")
    parser.add_argument("--address", default=None, help="Ray cluster address (with ray)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def _progress():
    """A rich progress bar of deals on stderr when it is a terminal, else nothing (`simulate`
    and `verify`)."""
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
def running(store: Any) -> Iterator[Callable[[int, int], None] | None]:
    """The progress bar shown while the deals are played (`_progress`: its update, or None),
    then gone, and the results store closed, however the run ends (`simulate`, `verify`)."""
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


def run(args: argparse.Namespace) -> int:
    import json
    import time

    from pipeline.commands.options import deal_count, positive_seconds, worker_count
    from pipeline.engine.loading import load_game
    from pipeline.engine.rng import parse_seed
    from pipeline.errors import UsageError
    from pipeline.inputs import refuse_overwrite
    from pipeline.solve.runner import simulate
    from pipeline.solve.search import UPPER_BOUND_NOTE
    from pipeline.solve.store import Store, default_path
    from pipeline.spec.resolve import resolve_spec
    from pipeline.stats import headline

    deal_count(args.deals)
    positive_seconds(args.seconds)
    worker_count(args.workers)
    policy = POLICIES[args.policy]
    budget = policy.budget if args.budget is None else args.budget
    if budget < 1:
        raise UsageError("--budget must be at least 1")
    if args.db and args.no_cache:
        raise UsageError("--db and --no-cache exclude each other")
    first = parse_seed(args.from_seed)
    if first + args.deals - 1 > 2**64 - 1:
        raise UsageError("--from-seed + --deals goes past 2**64-1")
    game = load_game(args.spec)  # a bad spec fails here, before any worker starts
    refuse_overwrite([resolve_spec(args.spec)], files=[args.db])
    store = None if args.no_cache else Store(args.db or default_path())
    deals = range(first, first + args.deals)
    t0 = time.perf_counter()
    with running(store) as update:
        tally, reused = simulate(
            args.spec,
            deals,
            args.policy,
            budget,
            workers=args.workers,
            store=store,
            executor=args.executor,
            address=args.address,
            seconds=args.seconds,
            progress=update,
        )
    wall = time.perf_counter() - t0
    s = tally.summary()
    if args.json:
        d = {
            "spec": game.spec_id,
            "variant": game.variant,
            "spec_hash": game.spec_hash,
            "policy": args.policy,
            "budget": budget,
            "from_seed": first,
            **s,
            "reused": reused,
            "wall_seconds": round(wall, 3),
            "search_seconds": round(tally.seconds, 3),  # summed over deals (all workers)
        }
        if policy.searches:
            d["note"] = UPPER_BOUND_NOTE
        print(json.dumps(d, ensure_ascii=False))
        return 0
    unit = policy.unit
    print(
        f"{game.spec_id}: {s['deals']} deals from seed {first}, policy {args.policy}, "
        f"budget {budget} {unit}{'' if policy.per_move else ' per deal'}"
    )
    print(headline(s))
    if s["unknown"]:
        print("unknown: the budget ran out before the deal was decided")
    print(f"{reused} deals from the results store; wall time {wall:.1f} s")
    if policy.searches:
        print(f"note: {UPPER_BOUND_NOTE}")
    return 0
