"""How often a short restart wins: the measure behind the move order of the book's games.

Run from the repository root (the compiled core, or the pure package):
    python3 benchmarks/dive_wins.py SPEC FIRST-LAST [--restarts K] [--nodes U] [--order old]
    python3 benchmarks/dive_wins.py dense-column.cadogan 31-90 --restarts 10 --nodes 250

Per deal, the restarts' short searches k = 1..K, each in the k-th seeded tie order, plain and
noisy (as `Solver(restarts=True)` runs them: `search.restart_schedule`), each of U nodes on a
fresh position of the deal. It prints the searches that won, the deals with at least one win,
and the process CPU. Where the restarts win by nearly straight dives (the Dense Column: wins
125-155 moves long, found 145-250 nodes into a restart), the share of short searches that win
measures a move order with far less noise than the deals a row decides. `--order old` turns
off `Solver(uncover_up=...)`. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.solve.search import _restart_state
    from pipeline.spec import load_spec

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec")
    ap.add_argument("deals", help="FIRST-LAST")
    ap.add_argument("--restarts", type=int, default=10, help="tie orders per deal (K)")
    ap.add_argument("--nodes", type=int, default=250, help="nodes of each short search (U)")
    ap.add_argument("--order", choices=("new", "old"), default="new")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.deals.split("-"))
    game = compile_game(load_spec(REPO / "rules" / f"{args.spec}.yaml"))
    aux = Solver(game, uncover_up=args.order == "new")
    c0 = time.process_time()
    searches = won = deals_won = 0
    for seed in range(lo, hi + 1):
        aux._forget()
        w = 0
        for k in range(1, args.restarts + 1):
            for noisy in (False, True):
                aux._mix = _restart_state(seed, k)
                aux._noisy = noisy
                try:
                    r = aux._search_kept(game.new_state(seed=seed), Budget(nodes=args.nodes))
                finally:
                    aux._mix = 0
                    aux._noisy = False
                searches += 1
                w += r.outcome == "won"
        won += w
        deals_won += w > 0
    print(
        f"{args.spec} deals {lo}-{hi}, order {args.order}: {won} of {searches} short searches "
        f"of {args.nodes} nodes won; {deals_won} of {hi - lo + 1} deals with a win; "
        f"CPU {time.process_time() - c0:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
