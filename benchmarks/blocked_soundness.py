"""Is every position the blocked-cards proof calls lost really lost? (two-pack games)

For each spec, random games are played from deals 1..N; at the first position with at most
`--stock` cards in the stock that `Blocked.dead` calls lost, the position is searched without
any reduction (no pruning, no dead ends, exact keys) within `--budget` positions. A `won` there
would be an unsound proof; `lost` confirms it; `unknown` says nothing. Prints one line per spec.

    python3 benchmarks/blocked_soundness.py --deals 200 --budget 20000 [--up 0.9]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SPECS = (
    "shah",
    "shah.cadogan",
    "clock",
    "clock.immediate",
    "blockade",
    "blockade.rows",
    "dense-column",
)


def main() -> None:
    from pipeline.engine import compile_game
    from pipeline.engine.moves import TRANSFER
    from pipeline.solve import Budget, Solver
    from pipeline.solve.blocked import Blocked
    from pipeline.spec import load_spec

    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--stock", type=int, default=3, help="stock cards left at most")
    ap.add_argument("--only", default=",".join(SPECS))
    ap.add_argument(
        "--up",
        type=float,
        default=0.0,
        help="chance of playing a move to a foundation when there is one (reaches the end "
        "games of a game whose random play seldom gets there: the Shah)",
    )
    args = ap.parse_args()
    for name in args.only.split(","):
        g = compile_game(load_spec(ROOT / "rules" / f"{name}.yaml"))
        check = Blocked(g)
        found = set(g.foundations)
        plain = Solver(g, prune=False, exact_keys=True)
        rng = random.Random(11)
        got = {"won": 0, "lost": 0, "unknown": 0}
        t0 = time.process_time()
        for seed in range(1, args.deals + 1):
            s = g.new_state(seed=seed)
            check.reset()
            for _ in range(1000):
                moves = s.legal_moves()
                if not moves:
                    break
                plays = [m for m in moves if m.kind == TRANSFER]
                ups = [m for m in plays if m.dst in found]
                if ups and rng.random() < args.up:
                    s.apply(rng.choice(ups))
                else:
                    s.apply(rng.choice(plays or moves))
                if len(s.card_piles()[g.stock]) > args.stock or not check.applies(s):
                    continue
                if check.dead(s):
                    res = plain.search(s.copy(), Budget(nodes=args.budget))
                    got[res.outcome] += 1
                    if res.outcome == "won":
                        print(f"  UNSOUND {name} deal {seed}: {[m.notation for m in s.history]}")
                    break
        print(
            f"{name}: {args.deals} deals, proofs checked {sum(got.values())}: lost {got['lost']}, "
            f"unknown {got['unknown']}, won {got['won']} ({time.process_time() - t0:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
