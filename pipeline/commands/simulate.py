"""`pasyans simulate SPEC --deals N [--from-seed S]
[--policy solver|restarts|beam|greedy|random|hindsight|playouts] [--budget B] [--workers K]
[--db PATH | --no-cache] [--executor process|ray] [--json]`."""

from __future__ import annotations

import argparse

from pipeline.commands.results import add_store_arguments
from pipeline.policies import DEFAULT_SEED, NAMES, POLICIES


def budget_help() -> str:
    """`--budget`'s help: each policy's unit and default, from the registry (so a new policy is
    in it), policies alike in both grouped: `solver, restarts: positions per deal [100000]`."""
    groups: dict[tuple[str, int], list[str]] = {}
    for p in POLICIES.values():
        unit = p.unit if p.per_move else "positions per deal" if p.searches else "moves per game"
        groups.setdefault((unit, p.budget), []).append(p.name)
    return "; ".join(f"{', '.join(names)}: {unit} [{n}]" for (unit, n), names in groups.items())


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
        help=budget_help(),
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="solver: wall-time limit per deal"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes [1]")
    add_store_arguments(parser)
    parser.add_argument("--executor", choices=("process", "ray"), default="process")
    parser.add_argument("--address", default=None, help="Ray cluster address (with ray)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    import json
    import time

    from pipeline.commands.options import budget_count, deal_count, positive_seconds, worker_count
    from pipeline.commands.results import check_store_options, open_store, running
    from pipeline.engine.loading import load_game
    from pipeline.engine.rng import parse_seed
    from pipeline.errors import UsageError
    from pipeline.inputs import refuse_overwrite
    from pipeline.solve.runner import simulate
    from pipeline.solve.search import UPPER_BOUND_NOTE
    from pipeline.spec.resolve import resolve_spec
    from pipeline.stats import headline

    deal_count(args.deals)
    positive_seconds(args.seconds)
    worker_count(args.workers)
    policy = POLICIES[args.policy]
    budget = policy.budget if args.budget is None else args.budget
    budget_count(budget, moves=not (policy.searches or policy.per_move))
    check_store_options(args)
    first = parse_seed(args.from_seed)
    if first + args.deals - 1 > 2**64 - 1:
        raise UsageError("--from-seed + --deals goes past 2**64-1")
    game = load_game(args.spec)  # a bad spec fails here, before any worker starts
    refuse_overwrite([resolve_spec(args.spec)], files=[args.db])
    store = open_store(args)
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
