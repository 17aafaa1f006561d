"""The win-rate table: solver, greedy and random play on every corpus game and variant
reading (and, with --reference, the reference games), as a Markdown table.

Run from the repository root:
    python3 benchmarks/win_rates.py [--deals 20] [--budget 20000] [--max-moves 5000]
                                    [--workers 1] [--reference] [--only NAME] [--db PATH]

Each row: `pipeline.solve.runner.simulate` on deals 0..N-1 (`pasyans simulate SPEC --deals N
--policy P --budget B` gives the same figures); won / lost / unknown, the win rate of the
decided deals with its 95 % Wilson interval, the bounds with unknowns counted lost or won,
the share of unknowns, and the wall time of the row on this machine (CPU shared with other
developers: times vary). Results are stored in the results store (`--db`, default a file
beside this script's output in the user's cache), so a rerun only adds what is missing;
a row's wall time is then that of the missing deals only (shown as "cached" when none).
The solver sees every card: its column is an upper bound for a person.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _pct(x) -> str:
    return "—" if x is None else f"{100 * x:.1f}"


def main() -> int:
    from pipeline.policies import DEFAULT_SEED
    from pipeline.solve.runner import simulate
    from pipeline.solve.store import Store, default_path

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--max-moves", type=int, default=5_000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--reference", action="store_true", help="the reference games too")
    ap.add_argument("--only", default=None, help="comma-separated spec file stems")
    ap.add_argument("--policies", default="solver,greedy,random")
    ap.add_argument("--db", default=None)
    args = ap.parse_args()
    specs = sorted((REPO / "rules").glob("*.yaml"))
    if args.reference:
        specs += sorted((REPO / "rules" / "reference").glob("*.yaml"))
    if args.only:
        names = set(args.only.split(","))
        specs = [p for p in specs if p.stem in names]
    budgets = {"solver": args.budget, "greedy": args.max_moves, "random": args.max_moves}
    print(
        f"{args.deals} deals (seeds {DEFAULT_SEED}..{DEFAULT_SEED + args.deals - 1}); "
        f"solver budget {args.budget:,} "
        f"positions per deal; greedy and random capped at {args.max_moves:,} moves"
    )
    print()
    print(
        "| spec | policy | won | lost | unknown | win rate % (unknowns lost–won) | 95 % Wilson "
        "ends | over decided deals (≤ 5 % unknown) | unknowns | wall s |"
    )
    print("|---|---|---:|---:|---:|---|---|---:|---:|---:|")
    deals = list(range(DEFAULT_SEED, DEFAULT_SEED + args.deals))
    with Store(args.db or default_path()) as store:
        for path in specs:
            for policy in args.policies.split(","):
                t = time.perf_counter()
                tally, reused = simulate(
                    str(path), deals, policy, budgets[policy],
                    workers=args.workers, store=store,
                )  # fmt: skip
                wall = time.perf_counter() - t
                s = tally.summary()
                lo, hi = s["bracket"]
                blo, bhi = s["bounds"]
                r = s["rate_over_decided"]
                dec = "—" if r is None else _pct(r)
                when = "cached" if reused == s["deals"] else f"{wall:.1f}"
                print(
                    f"| {path.stem} | {policy} | {s['won']} | {s['lost']} | {s['unknown']} | "
                    f"{_pct(lo)}–{_pct(hi)} | {_pct(blo)}–{_pct(bhi)} | {dec} | "
                    f"{100 * s['unknown_share']:.0f} % | {when} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
