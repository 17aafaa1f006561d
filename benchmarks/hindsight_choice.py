"""One choice of the `hindsight` player looked at closely: play deal DEAL with the given
settings up to its player move AT, then for every legal move there, search RE-DEALS re-deals
(seeds 0..RE-DEALS-1, `observe.resample`) after the move with NODES solver positions each,
and print how many were won, lost and left undecided. Beside it, for the diagnosis only, what
the solver says of the real position after each move (it sees every card).

    K=rules/reference/klondike-3.bjarnason.yaml
    python3 benchmarks/hindsight_choice.py $K 2 14 5000 8 '{"hop": false}'
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from pipeline.engine.loading import load_game
from pipeline.engine.observe import resample
from pipeline.solve.hindsight import Hindsight
from pipeline.solve.search import Budget, Solver


def main(argv: list[str]) -> int:
    if len(argv) < 5:
        print(__doc__)
        return 2
    spec, deal, at, nodes, redeals = argv[0], int(argv[1]), int(argv[2]), int(argv[3]), int(argv[4])
    settings = json.loads(argv[5]) if len(argv) > 5 else {}
    game = load_game(spec)
    player = Hindsight(game, **settings)
    peek = Solver(game)
    choose = player.choose

    def looked_at(state, memory, rng, avoid=None):
        if len(state.history) == at:
            for m in state.legal_moves():
                seen: Counter = Counter()
                for seed in range(redeals):
                    trial = resample(state, seed, memory.known)
                    trial.apply(next(x for x in trial.legal_moves() if x.notation == m.notation))
                    seen[player.solver.search(trial, Budget(nodes=nodes)).outcome] += 1
                real = state.copy()
                real.apply(next(x for x in real.legal_moves() if x.notation == m.notation))
                r = peek.search(real, Budget(nodes=20_000))
                print(
                    f"{m.notation}: {dict(seen)}; the real deal after it: {r.outcome} "
                    f"({r.nodes} positions)"
                )
        move, plan = choose(state, memory, rng, avoid)
        if len(state.history) == at:
            print("played:", move.notation if move else None)
        return move, plan

    player.choose = looked_at
    player.play(deal, max_moves=at + 1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
