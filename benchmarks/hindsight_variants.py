"""Play the `hindsight` player (pipeline.solve.hindsight) with other settings on given deals:
per deal its outcome, moves and CPU seconds, then the deals won and the CPU in all. For
comparing settings on the same deals before a `pasyans simulate` run of the policy.

    python3 benchmarks/hindsight_variants.py SPEC DEALS [SETTINGS_JSON]
    K=rules/reference/klondike-3.bjarnason.yaml
    python3 benchmarks/hindsight_variants.py $K 1-16 '{"hop": false}'
    python3 benchmarks/hindsight_variants.py $K 2,6,7 '{"budget": 32000, "samples": 8}'

DEALS is `A-B` or a comma-separated list; SETTINGS_JSON are `Hindsight`'s keyword arguments
(budget, samples, hop for the solver's vote; playouts, race, leaders for hindsight optimization
with playouts, `pipeline.solve.hop`), and `"IDLE": N` sets the module's give-up count. The
settings `pool`, `rollouts`, `grade`, `mix`, `explore` and `stuck` of earlier rounds' rows in
benchmarks/RESULTS.md were removed; those rows replay at commit 874ea93.

    python3 benchmarks/hindsight_variants.py $K 1-200 '{"playouts": 16}'
    python3 benchmarks/hindsight_variants.py $K 1-200 '{"playouts": 16, "race": 32}'
"""

from __future__ import annotations

import json
import sys
import time

from pipeline.engine.loading import load_game
from pipeline.solve import hindsight
from pipeline.solve.hindsight import Hindsight


def deals_of(text: str) -> list[int]:
    if "-" in text and "," not in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    settings = json.loads(argv[2]) if len(argv) > 2 else {}
    shown = dict(settings)
    if "IDLE" in settings:
        hindsight.IDLE = int(settings.pop("IDLE"))
    try:
        player = Hindsight(load_game(argv[0]), **settings)
    except TypeError as e:  # a setting removed (see above) or misspelt
        print(f"hindsight_variants: {argv[2]}: {e}", file=sys.stderr)
        return 2
    won: list[int] = []
    deals = deals_of(argv[1])
    t0 = time.process_time()
    for d in deals:
        t = time.process_time()
        p = player.play(d)
        if p.outcome == "won":
            won.append(d)
        print(d, p.outcome, p.moves, f"{time.process_time() - t:.1f}", flush=True)
    cpu = time.process_time() - t0
    print(f"{shown}: won {len(won)}/{len(deals)} {won}, CPU {cpu:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
