"""Play the UCT player who does not peek (`pipeline.solve.uct.UCTPlayer`) on given deals: per
deal its outcome, moves and CPU seconds, then the deals won and the CPU in all. For comparing
it with the `hindsight` policy (`benchmarks/hindsight_variants.py`) on the same deals.

    python3 benchmarks/uct_variants.py SPEC A-B BUDGET [GRADE [planner]]
    python3 benchmarks/uct_variants.py rules/reference/klondike-3.bjarnason.yaml 1-30 4000 0.5

BUDGET: positions simulated a choice; GRADE: a lost trajectory's reward per share of the cards
brought up (0: rewards 0 or 1). With a fifth argument `planner`, rollouts by the `playouts`
player's planner (`hop.Prioritized`) and BUDGET in trajectories a choice:

    python3 benchmarks/uct_variants.py $K 1-20 100 0.5 planner   # K: the Klondike spec above

Games are capped at 3,000 player moves.
"""

from __future__ import annotations

import sys
import time

from pipeline.engine.loading import load_game
from pipeline.solve.hop import Prioritized
from pipeline.solve.search import Solver
from pipeline.solve.uct import UCTPlayer


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__)
        return 2
    game = load_game(argv[0])
    a, b = (int(x) for x in argv[1].split("-"))
    budget = int(argv[2])
    grade = float(argv[3]) if len(argv) > 3 else 0.0
    planner = Prioritized(game, Solver(game)) if len(argv) > 4 and argv[4] == "planner" else None
    player = UCTPlayer(game, budget, grade, planner)
    won: list[int] = []
    t0 = time.process_time()
    for d in range(a, b + 1):
        t = time.process_time()
        p = player.play(d, 3000)
        if p.outcome == "won":
            won.append(d)
        print(d, p.outcome, p.moves, f"{time.process_time() - t:.1f}", flush=True)
    cpu = time.process_time() - t0
    print(f"budget {budget}, grade {grade}: won {len(won)}/{b - a + 1} {won}, CPU {cpu:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
