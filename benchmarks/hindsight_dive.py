"""How long the solver's first line is from a Klondike-like opening, against the positions a
`hindsight` search gets: for each deal, after the stock is scouted (`observe.scout`), one
re-deal of the hidden cards (`observe.resample`, seed = the deal), followed by the solver's own
move order (`Solver._children`) without repeating a position until it wins or is stuck; then
`Solver.search` of the same re-deal at each budget given, won / lost / unknown.

    python3 benchmarks/hindsight_dive.py SPEC DEALS [BUDGETS]
    K=rules/reference/klondike-3.bjarnason.yaml
    python3 benchmarks/hindsight_dive.py $K 1-20 500,2000,8000
"""

from __future__ import annotations

import sys

from pipeline.engine.loading import load_game
from pipeline.engine.observe import Memory, resample, scout
from pipeline.solve.search import Budget, Solver
from pipeline.solve.symmetry import KeyMaker


def dive(solver: Solver, game, state) -> tuple[int, bool]:
    """Moves of the first line in the solver's order from `state`, and whether it won."""
    keys = KeyMaker(game, state)
    seen = {keys.position(state)}
    n = 0
    while not state.is_won():
        nxt = None
        for m in solver._children(state):
            state.apply(m)
            new = keys.position(state) not in seen
            state.undo()
            if new:
                nxt = m
                break
        if nxt is None:
            return n, False
        state.apply(nxt)
        seen.add(keys.position(state))
        n += 1
    return n, True


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    game = load_game(argv[0])
    a, b = (int(x) for x in argv[1].split("-"))
    budgets = [int(x) for x in (argv[2] if len(argv) > 2 else "500,2000,8000").split(",")]
    solver = Solver(game)
    lengths: list[int] = []
    dives_won = 0
    decided = {nodes: [0, 0] for nodes in budgets}
    for d in range(a, b + 1):
        state = game.new_state(seed=d)
        memory = Memory(state)
        scout(state, memory, 1000)
        n, won = dive(solver, game, resample(state, d, memory.known))
        lengths.append(n)
        dives_won += won
        outs = []
        for nodes in budgets:
            res = solver.search(resample(state, d, memory.known), Budget(nodes=nodes))
            outs.append(res.outcome)
            if res.outcome == "won":
                decided[nodes][0] += 1
            elif res.outcome == "lost":
                decided[nodes][1] += 1
        print(d, n, "won" if won else "stuck", " ".join(outs), flush=True)
    mean = sum(lengths) / len(lengths)
    print(f"first line: mean {mean:.0f} moves ({min(lengths)}-{max(lengths)}), won {dives_won}")
    for nodes, (w, lo) in decided.items():
        print(f"search at {nodes}: won {w}, lost {lo} of {len(lengths)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
