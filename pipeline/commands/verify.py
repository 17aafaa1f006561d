"""`pasyans verify [SPEC…] [--deals N] [--budget NODES] [--json] [--html OUT]`: the
verification report of rule specs (all shipped specs when none is named)."""

from __future__ import annotations

import argparse

from pipeline.commands.results import add_store_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("specs", nargs="*", help="rule specs (files or shipped ids) [all shipped]")
    parser.add_argument(
        "--deals", type=int, default=20, help="deals per policy, at most 10000000 [20]"
    )
    parser.add_argument(
        "--budget", type=int, default=20_000, help="solver positions per deal [20000]"
    )
    parser.add_argument("--max-moves", type=int, default=5_000, help="greedy/random cap [5000]")
    parser.add_argument(
        "--policies",
        default=None,
        help="comma-separated policies to play [solver,greedy,random]; hindsight and "
        "playouts too: their --per-move budget",
    )
    parser.add_argument(
        "--per-move",
        type=int,
        default=None,
        help="hindsight: solver positions per move [4000]; playouts: re-deals per move [16]",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes [1]")
    add_store_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--html", metavar="OUT", help="also write a self-contained HTML page")


def run(args: argparse.Namespace) -> int:
    import json

    from pipeline.atomic import write_output
    from pipeline.commands.options import budget_count, deal_count, worker_count
    from pipeline.commands.results import check_store_options, open_store, running
    from pipeline.errors import EXIT_INVALID, EXIT_OK, EXIT_USAGE, InputError, UsageError
    from pipeline.inputs import check_writable, refuse_overwrite
    from pipeline.policies import POLICIES
    from pipeline.solve.verify import failed, html, shipped_specs, text, verify
    from pipeline.spec import yamlsafe
    from pipeline.spec.loader import read_bytes
    from pipeline.spec.resolve import resolve_spec

    deal_count(args.deals)
    worker_count(args.workers)
    budget_count(args.budget)
    budget_count(args.max_moves, "--max-moves", moves=True)
    check_store_options(args)
    specs = args.specs or shipped_specs()
    spec_files = []
    unreadable = False  # a spec file that cannot be read as text: a line of the report, exit 2
    for spec in specs:
        try:
            spec_files.append(resolve_spec(spec))
            yamlsafe.decode(read_bytes(spec_files[-1]), str(spec_files[-1]))
        except InputError:
            unreadable = True
    refuse_overwrite(spec_files, files=[args.html, args.db])
    if args.html:
        check_writable(args.html)
    if args.policies is None:
        chosen = [p for p in POLICIES.values() if p.in_verify]
    else:
        names = [n.strip() for n in args.policies.split(",") if n.strip()]
        bad = [n for n in names if n not in POLICIES]
        if bad or not names:
            raise UsageError(
                f"--policies: no policy {', '.join(bad) or 'named'} "
                f"(available: {', '.join(POLICIES)})"
            )
        chosen = [POLICIES[n] for n in dict.fromkeys(names)]
    if args.per_move is not None:
        budget_count(args.per_move, "--per-move")

    def cap(p) -> int:
        if p.per_move:
            return p.budget if args.per_move is None else args.per_move
        return args.budget if p.searches else args.max_moves

    budgets = {p.name: cap(p) for p in chosen}
    store = open_store(args)
    with running(store) as update:  # a progress bar on a terminal only, on stderr
        report = verify(specs, args.deals, budgets, store, args.workers, progress=update)
    if args.html:
        write_output(args.html, html(report))
    print(
        json.dumps(report, ensure_ascii=False) if args.json else text(report),
        end="" if not args.json else "\n",
    )
    return EXIT_USAGE if unreadable else EXIT_INVALID if failed(report) else EXIT_OK
