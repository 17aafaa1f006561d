"""Where the depth-first search stands when its node budget runs out, deal by deal: why it
finds no win in the Spider family (`pipeline/solve/beam.py` is the search that does).

Run from the repository root (the compiled core, or the pure package):
    python3 benchmarks/dfs_where.py SPEC FIRST-LAST BUDGET
    python3 benchmarks/dfs_where.py spiderette 1-3 100000

Per deal: the outcome of `Solver(game).search` (restarts off), then the position it stopped
in: the moves on its path, the stock's deals among them, cards on the foundations, face-down
cards and stock cards left, and the positions in its table (`unique`, the others reached were
repeats). Nothing is asserted.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    from pipeline.engine.loading import load_game
    from pipeline.engine.moves import DEAL
    from pipeline.solve.search import Budget, Solver

    if len(sys.argv) != 4 or "-" not in sys.argv[2]:
        print("usage: dfs_where.py SPEC FIRST-LAST BUDGET", file=sys.stderr)
        return 2
    spec = sys.argv[1]
    path = Path(spec) if spec.endswith(".yaml") else REPO / "rules" / "reference" / f"{spec}.yaml"
    lo, hi = (int(x) for x in sys.argv[2].split("-"))
    game = load_game(str(path))
    solver = Solver(game)
    stock = game.stock
    for deal in range(lo, hi + 1):
        state = game.new_state(seed=deal)
        res = solver.search(state, Budget(nodes=int(sys.argv[3])))
        piles = state.card_piles()
        print(
            f"{game.spec_id} {deal}: {res.outcome}; path {len(state.history)} moves, "
            f"{sum(m.kind == DEAL for m in state.history)} deals; "
            f"foundations {sum(len(piles[f]) for f in game.foundations)}, "
            f"face down {sum(v < 0 for p in game.tableau for v in piles[p])}, "
            f"stock {len(piles[stock]) if stock is not None and stock >= 0 else 0}; "
            f"unique {res.unique} of {res.nodes}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
