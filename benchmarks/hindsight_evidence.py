"""How often the `hindsight` player's searches decide anything: play deals with the policy's
settings and count, per choice that was searched, whether any re-deal search after any
candidate move was won, proved lost, or none was decided (the vote then falls back on the
greedy order), and the share of all searches by outcome.

    python3 benchmarks/hindsight_evidence.py SPEC DEALS [SETTINGS_JSON]
    python3 benchmarks/hindsight_evidence.py rules/reference/klondike-3.bjarnason.yaml 1-10

DEALS is `A-B`; SETTINGS_JSON are `Hindsight`'s keyword arguments. Prints, per deal, its
outcome and moves, then the counts over all deals.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from pipeline.engine.loading import load_game
from pipeline.solve.hindsight import Hindsight
from pipeline.solve.search import Solver


class _Counting:
    """A solver that counts the outcomes of the searches made through it."""

    def __init__(self, inner: Solver) -> None:
        self.inner = inner
        self.outcomes: list[str] = []

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def search(self, state, budget, t0=None):
        res = self.inner.search(state, budget, t0)
        self.outcomes.append(res.outcome)
        return res


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    game = load_game(argv[0])
    a, b = (int(x) for x in argv[1].split("-"))
    settings = json.loads(argv[2]) if len(argv) > 2 else {}
    counting = _Counting(Solver(game))
    player = Hindsight(game, solver=counting, **settings)
    choose = player.choose
    choices: Counter[str] = Counter()
    searches: Counter[str] = Counter()

    def counted(state, memory, rng, avoid=None):
        counting.outcomes = []
        out = choose(state, memory, rng, avoid)
        got = Counter(counting.outcomes)
        searches.update(got)
        if len(counting.outcomes) > 1:  # a vote over searches, not one endgame search
            if got["won"]:
                choices["some search won"] += 1
            elif got["lost"]:
                choices["none won, some proved lost"] += 1
            else:
                choices["nothing decided"] += 1
        return out

    player.choose = counted  # type: ignore[method-assign]
    won = 0
    for d in range(a, b + 1):
        p = player.play(d)
        won += p.outcome == "won"
        print(d, p.outcome, p.moves, flush=True)
    n = sum(choices.values())
    s = sum(searches.values())
    print(f"deals {a}-{b}: won {won}; settings {settings}")
    for k, v in choices.most_common():
        print(f"  choices where {k}: {v} of {n} ({100 * v / n:.1f} %)")
    for k, v in searches.most_common():
        print(f"  searches {k}: {v} of {s} ({100 * v / s:.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
