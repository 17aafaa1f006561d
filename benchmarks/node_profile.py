"""Where the solver's positions go: a node profile per spec over a few deals.

Run from the repository root, on the pure-Python package (a compiled `search` module cannot be
patched): `PASYANS_PURE=1 python3 benchmarks/node_profile.py --deals 20 --budget 5000
[--only shah,clock]`.

For each position the search expands (`Solver._children`, wrapped), it notes whether the
stock still holds cards, the share of the cards in play that are on the foundations (in
tenths), and how many moves the solver tries there. Per spec it prints the deals decided, the
positions expanded, the share of them with the stock empty, the mean moves tried per
position, and the three foundation tenths where most positions lie: where a budget is spent,
the first thing to know before attacking it.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from book_games import SPECS  # benchmarks/ is on sys.path: run by path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def profile(name: str, deals: int, budget: int) -> str:
    import pipeline.solve.search as S
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    game = compile_game(load_spec(REPO / "rules" / f"{name}.yaml"))
    own = S.Solver._children
    found = set(game.foundations)
    stock = game.stock if game.stock is not None else -1
    tenths: collections.Counter[int] = collections.Counter()
    seen = {"nodes": 0, "empty": 0, "moves": 0}

    def children(self, state):
        ms = own(self, state)
        piles = state.card_piles()
        total = sum(len(p) for p in piles)
        up = sum(len(piles[p]) for p in found)
        seen["nodes"] += 1
        seen["moves"] += len(ms)
        if stock < 0 or not piles[stock]:
            seen["empty"] += 1
        tenths[min(9, 10 * up // max(1, total))] += 1
        return ms

    S.Solver._children = children
    try:
        solver = Solver(game)
        out = collections.Counter()
        for seed in range(1, deals + 1):
            out[solver.solve(seed=seed, budget=Budget(nodes=budget)).outcome] += 1
    finally:
        S.Solver._children = own
    n = max(1, seen["nodes"])
    top = ", ".join(
        f"{10 * t}–{10 * t + 9} % ({100 * c / n:.0f} %)" for t, c in tenths.most_common(3)
    )
    return (
        f"| {name} | {out['won']} | {out['lost']} | {out['unknown']} | {seen['nodes']:,} "
        f"| {100 * seen['empty'] / n:.0f} % | {seen['moves'] / n:.2f} | {top} |"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--budget", type=int, default=5000, help="positions per deal")
    ap.add_argument("--only", help="comma-separated spec ids (default: the nine)")
    args = ap.parse_args()
    names = args.only.split(",") if args.only else list(SPECS)
    print(
        "| spec | won | lost | unknown | positions expanded | stock empty | moves tried per "
        "position | cards on foundations: the three commonest tenths (share of positions) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name in names:
        print(profile(name, args.deals, args.budget), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
