"""Instructions per random-playout move under callgrind: an engine speed figure that the load
of a shared machine does not move.

Run from the repository root (needs `valgrind`; Debian: `apt-get install valgrind`):
    python3 benchmarks/engine_instructions.py [--only blockade,reference/klondike-3]
                                              [--games 2] [--api] [--engine DIR] [--json]

For each spec, a child Python runs under `valgrind --tool=callgrind` twice: once playing deal
0, once deals 0 … `--games`; the difference of the two instruction counts divided by the
difference of their player moves is the cost of a move of games 1 … N, start-up, imports,
compilation of the spec and the first game's warm-up excluded. `--api` plays through
`legal_moves()`/`apply()` (`engine_speed.play_api`) instead of the playout loop. Wall and CPU
time swing by ±30 % on a machine shared with other jobs; this count moves by well under 1 %
between runs of the same code (it is still not a time: a cache miss counts as one
instruction). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from shipped import REPO  # benchmarks/ is on sys.path: scripts run by path

CHILD = """
import sys
sys.path.insert(0, {engine!r}); sys.path.insert(0, {bench!r})
from pipeline.engine import compile_game
from pipeline.spec import load_spec
from engine_speed import run_of_playouts
game = compile_game(load_spec({path!r}))
play = run_of_playouts(game, {api!r})
print(sum(play(game, s, 5000)[1] for s in range({games!r})))
"""


def count(engine: Path, path: Path, games: int, api: bool) -> tuple[int, int]:
    """(instructions, player moves) of a child playing deals 0 … games-1 under callgrind."""
    code = CHILD.format(
        engine=str(engine), bench=str(REPO / "benchmarks"), path=str(path), games=games, api=api
    )
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict layouts every run
        capture_output=True,
        text=True,
        check=True,
    )
    m = re.search(r"Collected : (\d+)", proc.stderr)
    if not m:
        raise SystemExit(
            f"engine_instructions: no instruction count from callgrind: {proc.stderr[-200:]!r}"
        )
    return int(m.group(1)), int(proc.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--only",
        default="blockade,reference/klondike-3",
        help="comma-separated spec labels (rules/NAME, rules/reference/NAME)",
    )
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--api", action="store_true")
    ap.add_argument("--engine", help="import pipeline from this directory instead")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    engine = Path(args.engine).resolve() if args.engine else REPO
    rows = []
    for label in args.only.split(","):
        path = REPO / "rules" / f"{label}.yaml"
        i1, m1 = count(engine, path, 1, args.api)
        i2, m2 = count(engine, path, 1 + args.games, args.api)
        rows.append({"spec": label, "moves": m2 - m1, "per_move": round((i2 - i1) / (m2 - m1))})
    if args.json:
        print(json.dumps({"engine": str(engine), "api": args.api, "rows": rows}))
        return 0
    path_name = "legal_moves()/apply()" if args.api else "playout loop"
    print(f"instructions per player move ({path_name}, games 1-{args.games}, {engine})")
    for r in rows:
        print(f"{r['spec']:28} {r['per_move']:>9,} over {r['moves']:,} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
