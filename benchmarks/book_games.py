"""The book's games decided: the solver on every corpus spec and reading, with node counts and
solution lengths, as the Markdown table of `docs/book-games.md`.

Run from the repository root:
    python3 benchmarks/book_games.py --deals 200 --budget 20000 --out RUN.jsonl [--only shah]
        [--restarts]
    python3 benchmarks/book_games.py --table RUN.jsonl        # the table of what is stored

Deals 1..N (the verbs' first seed), one process. Each deal's result is appended to `--out` as
one JSON line (spec, deal, budget, outcome, nodes, seconds, length: the player moves of the
win), so an interrupted run resumes where it stopped. The table gives, per spec: won, lost,
unknown; the bracket won/N–(won+unknown)/N with the 95 % Wilson ends (`pipeline.stats`,
as `pasyans verify` reports it); the mean length of the wins; the mean nodes of the decided
deals and the largest. The solver sees every card (perfect information): its win rate is an
upper bound for a person.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

SPECS = (
    "shah",
    "shah.cadogan",
    "blockade",
    "blockade.rows",
    "clock",
    "clock.immediate",
    "dense-column",
    "dense-column.cadogan",
    "exiles",
)


def run(names: list[str], deals: int, budget: int, out: Path, restarts: bool = False) -> None:
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    done = {(r["spec"], r["deal"], r["budget"], r.get("restarts", False)) for r in _read(out)}
    with out.open("a", encoding="utf-8") as fh:
        for name in names:
            game = compile_game(load_spec(REPO / "rules" / f"{name}.yaml"))
            solver = Solver(game, restarts=restarts)
            for seed in range(1, deals + 1):
                if (name, seed, budget, restarts) in done:
                    continue
                c0 = time.process_time()
                r = solver.solve(seed=seed, budget=Budget(nodes=budget))
                row = {
                    "spec": name,
                    "deal": seed,
                    "budget": budget,
                    "restarts": restarts,
                    "outcome": r.outcome,
                    "nodes": r.nodes,
                    "seconds": round(time.process_time() - c0, 3),
                    "length": len(r.moves) if r.outcome == "won" else None,
                }
                fh.write(json.dumps(row) + "\n")
                fh.flush()


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def table(rows: list[dict]) -> str:
    from pipeline.stats import Tally, pct

    out = [
        "| spec | budget | deals | won | lost | unknown | decided % | bracket (95 % Wilson ends) "
        "| mean length of wins | nodes per decided deal, mean (max) | CPU s |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    keys = sorted(
        {(r["spec"], r["budget"], r.get("restarts", False)) for r in rows},
        key=lambda k: (_order(k[0]), k[1], k[2]),
    )
    for spec, budget, restarts in keys:
        rs = [
            r
            for r in rows
            if (r["spec"], r["budget"], r.get("restarts", False)) == (spec, budget, restarts)
        ]
        t = Tally()
        for r in rs:
            t.add(r["outcome"], r["nodes"], r["seconds"])
        s = t.summary()
        lo, hi = s["bracket"]
        blo, bhi = s["bounds"]
        wins = [r["length"] for r in rs if r["outcome"] == "won"]
        dec = [r["nodes"] for r in rs if r["outcome"] != "unknown"]
        mean_len = f"{sum(wins) / len(wins):.1f}" if wins else "—"
        nodes = f"{sum(dec) / len(dec):,.0f} ({max(dec):,})" if dec else "—"
        tag = " (restarts)" if restarts else ""
        out.append(
            f"| {spec} | {budget:,}{tag} | {t.deals} | {t.won} | {t.lost} | {t.unknown} "
            f"| {100 * (t.won + t.lost) / t.deals:.1f} | {pct(lo, 1)}–{pct(hi, 1)} "
            f"({pct(blo, 1)}–{pct(bhi, 1)}) | {mean_len} | {nodes} | {t.seconds:.0f} |"
        )
    return "\n".join(out)


def _order(spec: str) -> int:
    return SPECS.index(spec) if spec in SPECS else len(SPECS)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--budget", type=int, default=20_000, help="positions per deal")
    ap.add_argument("--only", help="comma-separated spec ids (default: the nine)")
    ap.add_argument(
        "--restarts",
        action="store_true",
        help="searches of growing budgets in other tie orders (Solver(restarts=True))",
    )
    ap.add_argument("--out", type=Path, help="JSON lines, appended to (resumes)")
    ap.add_argument("--table", type=Path, help="print the table of a run's JSON lines")
    args = ap.parse_args()
    if args.table:
        print(table(_read(args.table)))
        return 0
    if args.out is None:
        ap.error("--out is required to run")
    names = args.only.split(",") if args.only else list(SPECS)
    run(names, args.deals, args.budget, args.out, args.restarts)
    print(table([r for r in _read(args.out) if r["spec"] in names]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
