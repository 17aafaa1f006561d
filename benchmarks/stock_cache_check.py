"""The stock's reach cached against the plain fold: the same search, deal by deal.

Run from the repository root:
    python3 benchmarks/stock_cache_check.py klondike-3,klondike-1 [--deals 100]
        [--from-seed 1] [--nodes 20000] [--json]

`pipeline.solve.talon` folds a position's turns into the plays they reach; with the cache
(`Solver(stock_cache=True)`, the default) where those turns lead is kept per stock, talon
and counters, and the talon's plays are asked of the position with the stock and talon set
as the turns leave them, without making the turns. Both must offer the same moves in the
same order, so the two searches must be the same search: the same outcome *and the same
node count* on every deal, decided or not. For each game and deal both run at the same node
budget, one after the other in this process (the cached one first on odd deals, last on even
ones, so a drift of the machine's load falls on both), each timed in user CPU
(`time.process_time()`). Prints a line per game: deals, outcomes, deals whose outcome or
node count differ (must be none), nodes and CPU-seconds of each side, and their ratio;
`--json` adds each deal's figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def spec_path(name: str) -> Path:
    path = REPO / "rules" / f"{name}.yaml"
    return path if path.is_file() else REPO / "rules" / "reference" / f"{name}.yaml"


def run(name: str, seeds: range, nodes: int) -> dict:
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    game = compile_game(load_spec(spec_path(name)))
    sides = {"plain": Solver(game, stock_cache=False), "cached": Solver(game, stock_cache=True)}
    rows = []
    for seed in seeds:
        row: dict = {"seed": seed}
        order = ("cached", "plain") if seed % 2 else ("plain", "cached")
        for side in order:
            c0 = time.process_time()
            r = sides[side].solve(seed=seed, budget=Budget(nodes=nodes))
            row[side] = {"outcome": r.outcome, "nodes": r.nodes, "cpu": time.process_time() - c0}
        rows.append(row)
    seq = sides["cached"].seq
    out: dict = {
        "game": name,
        "folds": seq is not None,
        "cache_hits": seq.hits if seq is not None else 0,
        "deals": rows,
        "differ": [
            r["seed"]
            for r in rows
            if (r["plain"]["outcome"], r["plain"]["nodes"])
            != (r["cached"]["outcome"], r["cached"]["nodes"])
        ],
    }
    for side in sides:
        out[side] = {
            k: sum(r[side]["outcome"] == k for r in rows) for k in ("won", "lost", "unknown")
        }
        out[side]["nodes"] = sum(r[side]["nodes"] for r in rows)
        out[side]["cpu"] = sum(r[side]["cpu"] for r in rows)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", help="comma-separated spec names (rules/ or rules/reference/)")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--from-seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=20_000)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    seeds = range(a.from_seed, a.from_seed + a.deals)
    res = [run(g, seeds, a.nodes) for g in a.games.split(",")]
    if a.json:
        print(json.dumps(res, indent=1))
        return 0
    print(f"seeds {seeds.start}..{seeds.stop - 1}, {a.nodes:,} nodes a deal; plain | cached")
    for r in res:
        p, c = r["plain"], r["cached"]
        print(
            f"{r['game']:22} folds={r['folds']!s:5} won {p['won']}|{c['won']} lost "
            f"{p['lost']}|{c['lost']} unknown {p['unknown']}|{c['unknown']} nodes "
            f"{p['nodes']:,}|{c['nodes']:,} cpu {p['cpu']:.2f}|{c['cpu']:.2f} s "
            f"(x{p['cpu'] / max(c['cpu'], 1e-9):.2f}) differ {r['differ'] or 'none'} "
            f"hits {r['cache_hits']:,}"
        )
    return 1 if any(r["differ"] for r in res) else 0


if __name__ == "__main__":
    sys.exit(main())
