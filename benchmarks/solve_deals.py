"""Solve a few deals of one spec and print the nodes: the unit run for instruction counts.

Run from the repository root:
    python3 benchmarks/solve_deals.py DIR GAME DEALS BUDGET      # e.g. . golf 1,5 200000

`pipeline` from DIR (a copy, pure or with the core built); GAME a `rules/` or
`rules/reference/` stem; DEALS comma-separated seeds (0 alone: none, for the start-up run);
BUDGET nodes per deal. Instructions per node, load-insensitive (README, "The solver and win
rates"): under `valgrind --tool=callgrind` with `PYTHONHASHSEED=0`, (instructions of a run
with the deals - of the run with `0`) / nodes.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    eng, name, deals_arg, budget = sys.argv[1:5]
    sys.path.insert(0, str(Path(eng).resolve()))
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    path = REPO / "rules" / f"{name}.yaml"
    if not path.is_file():
        path = REPO / "rules" / "reference" / f"{name}.yaml"
    solver = Solver(compile_game(load_spec(path)))
    deals = [int(x) for x in deals_arg.split(",") if int(x)]
    total = 0
    c0 = time.process_time()
    for seed in deals:
        r = solver.solve(seed=seed, budget=Budget(nodes=int(budget)))
        total += r.nodes
        print(seed, r.outcome, r.nodes)
    cpu = time.process_time() - c0
    print(f"nodes {total} cpu {cpu:.2f} nodes/s {total / cpu if cpu else 0:,.0f}")


if __name__ == "__main__":
    main()
