"""Does leaving out moves out of one-card piles (`pipeline.solve.vacancies`) ever lose a win?

For each spec, random games are played from deals 1..N (a move to a foundation taken with
chance `--up` when there is one, to reach the end games); at the first position after the deal
where `Vacancies.prune` leaves a move out, the position is searched twice within `--budget`
positions: by the solver as it runs (the moves left out) and by a search without any reduction
(no pruning, no dead ends, exact keys). Where both decide, they must agree; a `won` from the
plain search where the pruned one says `lost` would be an unsound rule. One line per spec.

    python3 benchmarks/vacancy_soundness.py --deals 200 --budget 20000 --up 0.7
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
    "dense-column",
    "dense-column.cadogan",
    "blockade",
    "blockade.rows",
    "clock",
    "clock.immediate",
)


def main() -> None:
    from pipeline.engine import compile_game
    from pipeline.engine.moves import TRANSFER
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--up", type=float, default=0.7, help="chance of a foundation move")
    ap.add_argument("--only", default=",".join(SPECS))
    args = ap.parse_args()
    for name in args.only.split(","):
        g = compile_game(load_spec(ROOT / "rules" / f"{name}.yaml"))
        pruned = Solver(g)
        plain = Solver(g, prune=False, exact_keys=True)
        assert pruned.vac is not None, name
        found = set(g.foundations)
        rng = random.Random(11)
        got: dict[tuple[str, str], int] = {}
        fewer = 0
        t0 = time.process_time()
        for seed in range(1, args.deals + 1):
            s = g.new_state(seed=seed)
            for _ in range(3000):
                moves = s.legal_moves()
                if not moves:
                    break
                if len(pruned.vac.prune(s, moves)) < len(moves):
                    a = pruned.search(s.copy(), Budget(nodes=args.budget))
                    b = plain.search(s.copy(), Budget(nodes=args.budget))
                    got[a.outcome, b.outcome] = got.get((a.outcome, b.outcome), 0) + 1
                    if "unknown" not in (a.outcome, b.outcome):
                        fewer += a.nodes < b.nodes
                        if a.outcome != b.outcome:
                            print(
                                f"  UNSOUND {name} deal {seed}: {[m.notation for m in s.history]}"
                            )
                    break
                ups = [m for m in moves if m.kind == TRANSFER and m.dst in found]
                if ups and rng.random() < args.up:
                    s.apply(rng.choice(ups))
                else:
                    s.apply(rng.choice(moves))
        both = sum(n for (a, b), n in got.items() if "unknown" not in (a, b))
        agree = got.get(("won", "won"), 0) + got.get(("lost", "lost"), 0)
        print(
            f"{name}: {args.deals} deals, positions checked {sum(got.values())}, both decided "
            f"{both}, agree {agree} (won {got.get(('won', 'won'), 0)}, lost "
            f"{got.get(('lost', 'lost'), 0)}), fewer nodes pruned {fewer}; "
            f"all {sorted(got.items())} ({time.process_time() - t0:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
