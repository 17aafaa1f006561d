"""The solver with and without restarts, deal by deal: decided deals, nodes, disagreements.

Run from the repository root (the compiled core, or the pure package):
    python3 benchmarks/solver_restarts.py SPEC FIRST-LAST BUDGET
    python3 benchmarks/solver_restarts.py rules/reference/black-hole.yaml 1-200 50000

SPEC a path or a `rules/` stem. Each deal is searched by `Solver(game)` and by
`Solver(game, restarts=True)` with the same node budget. Prints, per mode, won / lost /
unknown, the nodes in all and the CPU seconds, then the deals whose outcome differs, and the
count of disagreements (one won where the other is lost: must be 0; each search is complete on
its own, restarts only reorder ties between moves).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    spec, deals, budget = sys.argv[1], sys.argv[2], int(sys.argv[3])
    path = Path(spec) if spec.endswith(".yaml") else REPO / "rules" / f"{spec}.yaml"
    game = compile_game(load_spec(path))
    lo, hi = (int(x) for x in deals.split("-"))
    got: dict[str, dict[int, tuple[str, int]]] = {}
    for mode in ("plain", "restarts"):
        solver = Solver(game, restarts=mode == "restarts")
        out = got[mode] = {}
        c0 = time.process_time()
        for seed in range(lo, hi + 1):
            r = solver.solve(seed=seed, budget=Budget(nodes=budget))
            out[seed] = (r.outcome, r.nodes)
        tally = {k: sum(1 for o, _ in out.values() if o == k) for k in ("won", "lost", "unknown")}
        nodes = sum(n for _, n in out.values())
        cpu = time.process_time() - c0
        print(f"{path.stem} {mode} {budget:,}: {tally} nodes {nodes:,} cpu {cpu:.1f}", flush=True)
    differ = [s for s in got["plain"] if got["plain"][s][0] != got["restarts"][s][0]]
    print("differ:", " ".join(f"{s}:{got['plain'][s]}->{got['restarts'][s]}" for s in differ))
    bad = [s for s in differ if {got["plain"][s][0], got["restarts"][s][0]} == {"won", "lost"}]
    print("disagreements (won against lost):", len(bad), bad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
