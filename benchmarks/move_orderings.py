"""Other move orderings tried on the solver's own search, deal by deal: nodes to decide.

Run from the repository root, on the pure-Python package (a compiled `search` module cannot be
patched; DIR a copy without the core, `-` for this checkout):
    python3 benchmarks/move_orderings.py DIR SPEC ORDERING DEALS BUDGET
    python3 benchmarks/move_orderings.py /tmp/pure rules/reference/black-hole.yaml mobility 16 9000

ORDERING re-sorts the solver's ordered moves (a stable sort, so the solver's own order breaks
ties): `base` (the solver's), `longest` / `shortest` (source pile longest / shortest first),
`reversed` (source piles in reverse order), `mobility` (the move after which most moves are
legal first: one apply, moves, undo per move), `follow` (the move after which most moves come
from the same pile first). Prints each deal's outcome and nodes, then the total.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main() -> None:
    eng, spec, mode, deals, budget = sys.argv[1:6]
    if eng != "-":
        sys.path.insert(0, str(Path(eng).resolve()))
    import pipeline.solve.search as S
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    game = compile_game(load_spec(spec))
    own = S.Solver._children

    def after(state, m, f):
        state.apply(m)
        try:
            return f(state.legal_moves())
        finally:
            state.undo()

    def children(self, state):
        ms = own(self, state)
        if mode == "base" or len(ms) < 2:
            return ms
        piles = state.card_piles()
        size = [len(p) for p in piles]
        keys = {
            "longest": lambda m: -size[m.src] if m.src >= 0 else 0,
            "shortest": lambda m: size[m.src] if m.src >= 0 else 99,
            "reversed": lambda m: -m.src,
            "mobility": lambda m: -after(state, m, len),
            "follow": lambda m: -after(state, m, lambda ms2: sum(q.src == m.src for q in ms2)),
        }
        return sorted(ms, key=keys[mode])

    S.Solver._children = children
    solver = Solver(game)
    total = 0
    for seed in [int(x) for x in deals.split(",")]:
        c0 = time.process_time()
        r = solver.solve(seed=seed, budget=Budget(nodes=int(budget)))
        total += r.nodes
        print(mode, seed, r.outcome, r.nodes, f"{time.process_time() - c0:.1f}", flush=True)
    print(mode, "total", total)


if __name__ == "__main__":
    main()
