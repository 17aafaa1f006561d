"""Random Klondike playouts beside OpenSpiel's Klondike, in one run: moves per CPU-second.

Run from the repository root, in a venv with the package's dependencies and OpenSpiel
(`pip install open_spiel`: a 300 MB install with numpy and scipy, and never a dependency of
the package, nor of an extra):
    python3 benchmarks/openspiel_klondike.py [--seconds 2] [--rounds 5] [--max-moves 5000]
                                             [--json] [--engine DIR]

Three players of uniformly random moves, on one pinned core, interleaved in `--rounds`
rounds of `--seconds` CPU-seconds each (OpenSpiel, ours through the public API, ours through
the internal playout loop; then again), so that the load of a shared machine falls on all
three alike:

- **OpenSpiel** (`pyspiel`, C++ behind a Python API): game `solitaire`, its Klondike. Each
  step asks `legal_actions()` and makes `apply_action()` with a uniformly chosen action;
  chance nodes (a face-down card turned up, the deal) get a uniformly chosen outcome of
  `chance_outcomes()` (they are uniform) and are not counted as moves, as our automatic
  actions are not. The choices are drawn as ours are (`SplitMix64.below`, pure Python), so
  that the engines are what differs; `--chooser random` draws them with `random.Random`
  (C) instead. Its `depth_limit` is set above the move cap
  so the cap decides.
- **ours, public**: `rules/reference/klondike-3.yaml` (draw three, unlimited passes) through
  `legal_moves()` and `apply()` (a copy of the move list per call, an undo record per move),
  choosing like `pasyans random` (`engine_speed.play_api`).
- **ours, playout**: the same game through `pipeline.engine.playout.play_one`, the loop
  behind `pasyans random` (no history kept, the cached move list read in place).

Deals 0, 1, 2, ... for each player, continued from round to round; a game stops when it is
over or after `--max-moves` player moves. Figures: player moves per CPU-second
(`time.process_time()`) summed over the rounds, the best round, and the ratios to OpenSpiel.

The two games are not move for move the same: OpenSpiel's `solitaire` is "K+" Klondike (any
talon card that some number of three-card turns would bring to the top may be played at
once, so there are no stock moves), ours turns the stock three cards at a time as a person
does. Both are draw-three Klondike played at random; a move in each is one card or run moved
(or, in ours, one turn of the stock). Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

from engine_speed import run_of_playouts  # benchmarks/ is on sys.path: scripts run by path
from onecore import pin_one_core
from shipped import REPO

SPEC = REPO / "rules" / "reference" / "klondike-3.yaml"


def openspiel_player(max_moves: int, chooser: str):
    import pyspiel

    from pipeline.engine.rng import SplitMix64, derive

    game = pyspiel.load_game("solitaire", {"depth_limit": max_moves + 1000})

    def play(seed: int, cap: int) -> int:
        if chooser == "splitmix":  # the chooser our players use (pure Python)
            below = SplitMix64(derive(seed, 1)).below
        else:  # CPython's Mersenne Twister (C)
            below = random.Random(seed).randrange
        state = game.new_initial_state()
        n = 0
        while n < cap and not state.is_terminal():
            if state.is_chance_node():
                outs = state.chance_outcomes()
                state.apply_action(outs[below(len(outs))][0])
            else:
                acts = state.legal_actions()
                state.apply_action(acts[below(len(acts))] if len(acts) > 1 else acts[0])
                n += 1
        return n

    return play, f"OpenSpiel {getattr(pyspiel, '__version__', '')} solitaire".strip()


def ours_players():
    from pipeline.engine import compile_game
    from pipeline.spec import load_spec

    game = compile_game(load_spec(SPEC))
    api, loop = run_of_playouts(game, True), run_of_playouts(game)
    return (
        lambda seed, cap: api(game, seed, cap)[1],
        lambda seed, cap: loop(game, seed, cap)[1],
    )


def run_slice(play, first: int, seconds: float, cap: int) -> tuple[int, int, float]:
    """Play deals first, first+1, ... for `seconds` of CPU time: (games, moves, CPU s)."""
    games = moves = 0
    c0 = time.process_time()
    while True:
        moves += play(first + games, cap)
        games += 1
        cpu = time.process_time() - c0
        if cpu >= seconds:
            return games, moves, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per slice")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--max-moves", type=int, default=5000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--engine", help="import pipeline from this directory instead")
    ap.add_argument(
        "--chooser",
        choices=("splitmix", "random"),
        default="splitmix",
        help="OpenSpiel's random choices: the package's SplitMix64 (as ours) or random.Random",
    )
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(args.engine).resolve() if args.engine else REPO))
    try:
        os_play, os_name = openspiel_player(args.max_moves, args.chooser)
    except ImportError:
        print("openspiel_klondike: OpenSpiel is not installed (pip install open_spiel)")
        return 2
    api_play, loop_play = ours_players()
    players = {"openspiel": os_play, "public": api_play, "playout": loop_play}
    for play in players.values():  # warm-up: imports, first compilation, caches
        play(10_000, 50)
    cpu_pinned = pin_one_core()
    tot = {k: [0, 0, 0.0] for k in players}
    best = {k: 0.0 for k in players}
    for _ in range(args.rounds):
        for k, play in players.items():
            games, moves, cpu = run_slice(play, tot[k][0], args.seconds, args.max_moves)
            tot[k][0] += games
            tot[k][1] += moves
            tot[k][2] += cpu
            best[k] = max(best[k], moves / cpu)
    rows = {
        k: {
            "games": g,
            "moves": m,
            "cpu_s": round(c, 3),
            "moves_per_cpu_s": round(m / c),
            "best_round": round(best[k]),
            "mean_moves": round(m / g, 1),
        }
        for k, (g, m, c) in tot.items()
    }
    base = rows["openspiel"]["moves_per_cpu_s"]
    for r in rows.values():
        r["ratio"] = round(r["moves_per_cpu_s"] / base, 3)
    result = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "openspiel": os_name,
        "chooser": args.chooser,
        "cpu_pinned": cpu_pinned,
        "rounds": args.rounds,
        "seconds": args.seconds,
        "max_moves": args.max_moves,
        "rows": rows,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"python {result['python']} on {result['machine']}, one core (cpu {cpu_pinned}), "
        f"{args.rounds} rounds x {args.seconds} CPU-s each, games capped at {args.max_moves} "
        f"moves, OpenSpiel's choices by {args.chooser}"
    )
    names = {
        "openspiel": f"{os_name} (C++)",
        "public": "pasyans klondike-3, legal_moves()/apply()",
        "playout": "pasyans klondike-3, playout loop",
    }
    print(
        f"{'player':44} {'moves/CPU-s':>11} {'best round':>10} {'games':>6} "
        f"{'moves/game':>10} {'x OpenSpiel':>11}"
    )
    for k, r in rows.items():
        print(
            f"{names[k]:44} {r['moves_per_cpu_s']:>11,} {r['best_round']:>10,} "
            f"{r['games']:>6} {r['mean_moves']:>10} {r['ratio']:>11.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
