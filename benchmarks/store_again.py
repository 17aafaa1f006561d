"""A row's unknown deals searched again at a larger budget, one deal at a time, into the
`pasyans simulate` store the row is read from (`published_tables.py --db`).

Run from the repository root, after `pasyans simulate SPEC --deals N --budget B --db STORE`:
    python3 benchmarks/store_again.py rules/reference/klondike-5.yaml STORE 1000000 --deals 1000
    python3 benchmarks/store_again.py rules/reference/klondike-5.yaml STORE 3000000 --only 37,43
    python3 benchmarks/store_again.py rules/reference/klondike-2.yaml STORE 300000 --deals 600 \
        --policy restarts
    python3 benchmarks/store_again.py rules/reference/king-albert.yaml STORE 200000 --deals 1000 \
        --policy beam
    python3 benchmarks/store_again.py rules/reference/klondike-3.yaml STORE 10000000 --only 68 \
        --memory 2048
    python3 benchmarks/store_again.py rules/reference/klondike-3.yaml STORE 3000000 --only 375 \
        --policy dives --dive-noise 4

Why not `pasyans simulate --budget B2` again: it stores its deals in batches of up to 64, so a
stage of minute-long searches stopped on a shared machine loses up to an hour of work; here
each deal is stored as it ends, and a rerun skips the deals already searched at the budget, so
a stage resumes. `--memory`: the table of a search of millions of positions (the default 256
MiB, about 2.2 million, binds at 3,000,000-10,000,000). The deals searched: those of 1..N
whose best result in the store, by this code's search (`runner.store_policy`; `--policy
restarts`: the solver's restarts; `--policy beam`: the best-first searches for a win, then the
restarts, as `pasyans simulate --policy beam`; `--policy dives`: the restarts as noisy dives,
`Solver(restarts=True, dives=True, dive_noise=N)`, keyed `divesN`) is unknown at a smaller
budget, or the `--only` deals not yet decided nor searched at the budget; a deal any search
decided is done. Every win is replayed in the interpreter (`record.replay`) before it is
printed. One line a deal (time, deal, outcome, positions, user CPU), then one line `KEY
simulate W s wall U s user`, the form `published_tables.py --times` reads.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def todo(
    rows: list[tuple[int, str, int]], budget: int, deals: int, only: list[int] | None
) -> list[int]:
    """The deals to search at `budget`, from the store's (deal, outcome, budget) rows: an
    unknown of 1..`deals` tried only at smaller budgets, or each of `only` neither decided
    nor tried at `budget` or more."""
    best: dict[int, tuple[str, int]] = {}
    for d, o, b in rows:
        old = best.get(d)
        if old is None or (old[0] == "unknown" and (o != "unknown" or b > old[1])):
            best[d] = (o, b)
    if only is not None:
        return [
            d for d in only if d not in best or (best[d][0] == "unknown" and best[d][1] < budget)
        ]
    return [
        d
        for d in range(1, deals + 1)
        if d in best and best[d][0] == "unknown" and best[d][1] < budget
    ]


def main() -> int:
    from each_deal import search_each

    from pipeline.engine.loading import load_game
    from pipeline.errors import PasyansError
    from pipeline.solve.policies import make_solver
    from pipeline.solve.runner import store_policy
    from pipeline.solve.search import Solver
    from pipeline.solve.store import Store

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec")
    ap.add_argument("store")
    ap.add_argument("budget", type=int, help="positions a deal")
    ap.add_argument("--deals", type=int, default=0, help="the row's deals, 1..N")
    ap.add_argument("--only", help="these deals (comma-separated) instead")
    ap.add_argument(
        "--policy",
        choices=("solver", "restarts", "beam", "dives"),
        default="solver",
        help="the search [solver]",
    )
    ap.add_argument(
        "--dive-noise",
        type=int,
        default=4,
        metavar="N",
        help="with --policy dives: a random move first at one position in N; 0: each short "
        "search then its noisy twin [4]",
    )
    ap.add_argument(
        "--memory",
        type=int,
        metavar="MB",
        help="the search's table in MiB [256]: it holds about 2.2 million positions a "
        "256 MiB; a proof larger than the table searches again what a full table forgot",
    )
    args = ap.parse_args()
    if args.memory is not None and args.memory < 1:
        print(f"store_again.py: --memory {args.memory}: not a positive size", file=sys.stderr)
        return 2
    if args.dive_noise < 0:
        print(f"store_again.py: --dive-noise {args.dive_noise}: not 0 or more", file=sys.stderr)
        return 2
    try:
        only = [int(x) for x in args.only.split(",")] if args.only else None
    except ValueError:
        print(f"store_again.py: --only {args.only!r}: not deal numbers", file=sys.stderr)
        return 2
    try:
        game = load_game(args.spec)
        # the dives are the restarts' search run otherwise: keyed by their noise
        kind = f"dives{args.dive_noise}" if args.policy == "dives" else args.policy
        pol = store_policy(kind)
        with Store(args.store) as store:
            # a deal any search decided is done; another search's unknown is this one's to try
            rows = [
                (d, o, b if o != "unknown" or p == pol else 0)
                for d, o, b, p in store.db.execute(
                    "SELECT deal, outcome, budget, policy FROM results WHERE spec_hash = ?",
                    (game.spec_hash,),
                )
            ]
            deals = todo(rows, args.budget, args.deals, only)
            key = Path(args.spec).stem
            stamp = time.strftime("%H:%M:%S", time.gmtime())
            print(
                f"{stamp} {key} {len(deals)} deals at {args.budget:,} ({kind}): {deals}",
                flush=True,
            )
            w0, c0 = time.time(), time.process_time()
            if args.policy == "dives":
                solver = Solver(game, restarts=True, dives=True, dive_noise=args.dive_noise)
            else:
                solver = make_solver(game, args.policy)
            for s in search_each(solver, game, deals, args.budget, args.memory):
                d, r = s.deal, s.result
                if s.replays is False:
                    print(f"store_again.py: deal {d}: the win does not replay", file=sys.stderr)
                    return 1
                store.put(
                    game.spec_hash,
                    pol,
                    args.budget,
                    [(d, r.outcome, r.nodes, r.seconds)],
                    game.spec_id,
                    game.variant,
                )
                stamp = time.strftime("%H:%M:%S", time.gmtime())
                cpu = time.process_time() - s.started
                print(f"{stamp} {key} deal {d} {r.outcome} {r.nodes} {cpu:.2f} s user", flush=True)
    except PasyansError as e:
        print(f"store_again.py: {e}", file=sys.stderr)
        return 2
    wall, user = time.time() - w0, time.process_time() - c0
    print(f"{key} simulate {wall:.2f} s wall {user:.2f} s user", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
