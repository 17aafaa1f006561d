"""Random-playout speed and peak memory of the generic interpreter on every shipped spec.

Run from the repository root:
    python3 benchmarks/engine_speed.py [--seconds 3] [--max-moves 5000] [--only NAME]
                                       [--save FILE] [--baseline FILE] [--json]
                                       [--engine DIR] [--api]

- Specs: every `rules/*.yaml` (the corpus games and their variants) and
  `rules/reference/*.yaml` (the standard games).
- Each spec: `pipeline.engine.playout.random_playouts` (uniform choice over legal moves) on
  deals 0, 1, 2, ... in batches of one game until `--seconds` of wall time have passed (at
  least one game). A game stops when it is won or lost, or after `--max-moves` player
  moves. Figures: player moves per second (automatic actions — deals, forced fills, routes —
  are done inside the moves and not counted), games per second, mean moves per game, and
  `time.process_time()` (CPU) next to wall time. The process is pinned to one CPU
  (`os.sched_setaffinity`) so the figure is a one-core figure.
- Peak memory: each spec runs again (3 games) in a fresh child process; the figure is the
  child's maximum resident set size (`os.wait4(...).ru_maxrss`), interpreter and imports
  included, and `tracemalloc`'s peak of Python allocations during the playouts ("py peak").
- `--save FILE` writes the figures as JSON; `--baseline FILE` prints them side by side with
  a saved run. Nothing is asserted.
- `--api`: play through the public `legal_moves()`/`apply()` instead of the internal playout
  loop (which reads the cached move list and skips history and undo records).
- `--engine DIR`: import `pipeline` from DIR (e.g. a copy of the code before a change) while
  the specs still come from this checkout, so a baseline can be re-taken after a spec changes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from onecore import pin_one_core  # benchmarks/ is on sys.path: scripts run by path
from shipped import REPO, label, specs

ENGINE = REPO  # where `pipeline` is imported from (--engine)


def run_of_playouts(game, api: bool = False):
    """`play(game, seed, max_moves)` for one run of deals: its states share one memo switch
    (`pipeline.engine.MemoSwitch`), as `random_playouts` and `pasyans random` do; an engine
    from before the switch kept it on the game."""
    from pipeline.engine.playout import play_one

    try:
        from pipeline.engine import MemoSwitch
    except ImportError:
        return play_api if api else play_one
    memo = MemoSwitch()
    if api:
        return lambda game, seed, max_moves: play_api(game, seed, max_moves, memo)
    return lambda game, seed, max_moves: play_one(game, seed, max_moves, memo)


def play_api(game, seed: int, max_moves: int, memo=None) -> tuple[str, int]:
    """One random playout through the public API: `legal_moves()` and `apply()` (the path a
    solver or another program takes), choosing like `playout.play_one` (no recycle guard)."""
    from pipeline.engine.rng import SplitMix64, derive

    state = game.new_state(seed=seed) if memo is None else game.new_state(seed=seed, memo=memo)
    below = SplitMix64(derive(seed, 1)).below
    n = 0
    while n < max_moves:
        moves = state.legal_moves()
        if not moves:
            break
        state.apply(moves[below(len(moves))] if len(moves) > 1 else moves[0])
        n += 1
    return ("won" if state.is_won() else "lost"), n


def measure(path: Path, seconds: float, max_moves: int, api: bool = False) -> dict:
    from pipeline.engine import compile_game
    from pipeline.spec import load_spec as load

    game = compile_game(load(path))
    play_one = run_of_playouts(game, api)
    play_one(game, 10_000, max_moves=50)  # warm-up
    games = moves = won = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        outcome, n = play_one(game, games, max_moves)
        games += 1
        moves += n
        won += outcome == "won"
        wall = time.perf_counter() - t0
        if wall >= seconds:
            break
    cpu = time.process_time() - c0
    return {
        "spec": label(path),
        "games": games,
        "won": won,
        "moves": moves,
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "moves_per_s": round(moves / wall),
        "moves_per_cpu_s": round(moves / cpu),
        "games_per_s": round(games / wall, 2),
        "mean_moves": round(moves / games, 1),
    }


CHILD = """
import sys, tracemalloc
sys.path.insert(0, {engine!r})
from pipeline.engine import compile_game
from pipeline.engine.playout import random_playouts
from pipeline.spec import load_spec as load
game = compile_game(load({path!r}))
tracemalloc.start()
random_playouts(game, 0, 3, max_moves={max_moves})
print(tracemalloc.get_traced_memory()[1])
"""


def peak_memory(path: Path, max_moves: int) -> tuple[int, int]:
    """(max RSS in KiB, tracemalloc peak in bytes) of a child running 3 playouts."""
    code = CHILD.format(engine=str(ENGINE), path=str(path), max_moves=max_moves)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_maxrss, int(out.strip() or 0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--max-moves", type=int, default=5000)
    ap.add_argument("--only", help="only specs whose file name contains this")
    ap.add_argument("--save", help="write the figures as JSON to this file")
    ap.add_argument("--baseline", help="a file written by --save to compare with")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--engine", help="import pipeline from this directory instead")
    ap.add_argument(
        "--api", action="store_true", help="play through the public legal_moves()/apply()"
    )
    args = ap.parse_args(argv)
    global ENGINE
    ENGINE = Path(args.engine).resolve() if args.engine else REPO
    sys.path.insert(0, str(ENGINE))
    paths = specs(args.only)
    mem = {label(p): peak_memory(p, args.max_moves) for p in paths}  # children first
    cpu = pin_one_core()
    rows = []
    for p in paths:
        r = measure(p, args.seconds, args.max_moves, args.api)
        r["max_rss_kib"], r["py_peak_bytes"] = mem[label(p)]
        rows.append(r)
    result = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "engine": str(ENGINE),
        "cpu_pinned": cpu,
        "seconds": args.seconds,
        "max_moves": args.max_moves,
        "path": "api" if args.api else "playout",
        "rows": rows,
    }
    if args.save:
        Path(args.save).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(result))
        return 0
    base = {}
    if args.baseline:
        base = {r["spec"]: r for r in json.loads(Path(args.baseline).read_text())["rows"]}
    print(
        f"python {result['python']} on {result['machine']}, one core (cpu {cpu}), "
        f"{args.seconds} s per spec, games capped at {args.max_moves} moves"
    )
    head = (
        f"{'spec':28} {'moves/s':>9} {'(cpu)':>9} {'games/s':>9} {'moves/game':>10} "
        f"{'won':>5}/{'games':<6} {'maxRSS MiB':>10} {'py peak KiB':>11}"
    )
    if base:
        head += f" {'base moves/s':>12} {'ratio':>6} {'base (cpu)':>10} {'ratio':>6}"
    print(head)
    for r in rows:
        line = (
            f"{r['spec']:28} {r['moves_per_s']:>9} {r['moves_per_cpu_s']:>9} "
            f"{r['games_per_s']:>9} {r['mean_moves']:>10} {r['won']:>5}/{r['games']:<6} "
            f"{r['max_rss_kib'] / 1024:>10.1f} {r['py_peak_bytes'] / 1024:>11.0f}"
        )
        b = base.get(r["spec"])
        if b:
            ratio = r["moves_per_s"] / b["moves_per_s"] if b["moves_per_s"] else float("nan")
            line += f" {b['moves_per_s']:>12} {ratio:>6.2f}"
            bc = b["moves_per_cpu_s"]
            ratio = r["moves_per_cpu_s"] / bc if bc else float("nan")
            line += f" {bc:>10} {ratio:>6.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
