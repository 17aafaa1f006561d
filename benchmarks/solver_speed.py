"""Solver speed beside Solvitaire (Blake & Gent's C++ solver), on Golf and Black Hole, in CPU
time, in one run.

Run from the repository root:
    python3 benchmarks/solver_speed.py [--deals 20] [--seconds 10] [--solvitaire BIN]
                                       [--games golf,black-hole] [--json]
    python3 benchmarks/solver_speed.py --games shah,blockade,clock,dense-column,exiles
    python3 benchmarks/solver_speed.py --profile golf --deals 5     # where a node's time goes
    python3 benchmarks/solver_speed.py --engine DIR                 # `pipeline` from DIR

- Both solvers get the same limit per deal: `--seconds` of search (ours: `Budget(seconds=…)`,
  wall time on a pinned core; Solvitaire: `--timeout` in ms). Deals 1..N of each solver's
  own generator (the deals differ; rates are compared over many deals, the speed per node
  is what matters here).
- Ours: `pipeline.solve.Solver` on `rules/<game>.yaml` or `rules/reference/<game>.yaml`
  (`--games` takes any of them; Solvitaire runs only on Golf and Black Hole), pinned to one
  CPU. Figures: positions expanded per CPU-second (`time.process_time()`), deals decided
  (won or lost, not timed out) per CPU-minute, the outcomes.
- Solvitaire (`--solvitaire BIN`, built by `bash ../shared/anchors/solvitaire/build.sh DIR`):
  `taskset -c CPU BIN --type T --random SEED --classify --timeout MS --streamliners none`; its
  states per CPU-second use its "states searched" (which counts transposition hits too, see
  its README) over the `[cpu-search-us]` line of the build.
- `--profile GAME`: our solver alone under cProfile on deals 1..N, its own time summed by
  part (the engine's move generation, making and taking back moves; canonical keys; dead
  ends; the search loop and move ordering): why a node costs what it does.
- A "node" is not the same unit in both: ours is a position reached by one move (a table hit
  counts as one), Solvitaire's a state searched. CPU is shared with other developers on this
  machine: figures move by tens of percent from run to run. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

from onecore import pin_one_core  # benchmarks/ is on sys.path: scripts run by path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def ours(game_name: str, deals: int, seconds: float) -> dict:
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    path = REPO / "rules" / f"{game_name}.yaml"
    if not path.is_file():
        path = REPO / "rules" / "reference" / f"{game_name}.yaml"
    game = compile_game(load_spec(path))
    solver = Solver(game)
    out = {"won": 0, "lost": 0, "unknown": 0, "nodes": 0, "cpu": 0.0}
    for seed in range(1, deals + 1):
        c0 = time.process_time()
        r = solver.solve(seed=seed, budget=Budget(nodes=None, seconds=seconds))
        out["cpu"] += time.process_time() - c0
        out["nodes"] += r.nodes
        out[r.outcome] += 1
    return out


_CLASSIFY = re.compile(r"^\s*(\d+)\s*,\s*(\w+)\s*,\s*(\d+)\s*,\s*(\d+)", re.M)


def solvitaire(binary: str, cpu: int, game_name: str, deals: int, seconds: float) -> dict:
    out = {"won": 0, "lost": 0, "unknown": 0, "nodes": 0, "cpu": 0.0}
    kind = {"golf": "golf", "black-hole": "black-hole"}[game_name]
    for seed in range(1, deals + 1):
        p = subprocess.run(
            ["taskset", "-c", str(cpu), binary, "--type", kind, "--random", str(seed),
             "--classify", "--timeout", str(int(seconds * 1000)), "--streamliners", "none"],
            capture_output=True, text=True, timeout=seconds * 4 + 60,
        )  # fmt: skip
        m = re.search(r"\[cpu-search-us\]\s*(\d+)", p.stderr)
        out["cpu"] += int(m.group(1)) / 1e6 if m else 0.0
        fields = [f.strip() for f in p.stdout.strip().splitlines()[-1].split(",")]
        outcome = fields[1].lower()
        out["nodes"] += int(fields[3])
        if outcome.startswith("solved") or outcome == "won":
            out["won"] += 1
        elif outcome.startswith("unsolvable") or outcome == "lost":
            out["lost"] += 1
        else:
            out["unknown"] += 1
    return out


_PARTS = (
    ("engine: move generation", ("engine/movegen.py", "engine/fills.py", "engine/memo.py")),
    (
        "engine: make and take back a move",
        (
            "engine/state.py",
            "engine/execute.py",
            "engine/settle.py",
            "engine/primitives.py",
            "engine/progress.py",
            "engine/dealing.py",
            "engine/position.py",
            "engine/moves.py",
        ),
    ),
    ("canonical keys", ("solve/symmetry.py",)),
    ("dead ends", ("solve/deadends.py",)),
    ("search loop, move ordering, safe moves", ("solve/search.py", "solve/safety.py")),
)


def profile(game_name: str, deals: int) -> None:
    """Our solver's own time by part (cProfile: it slows small functions most, so shares
    are indicative), on deals 1..N with a 200,000-position budget."""
    import cProfile
    import pstats

    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    path = REPO / "rules" / f"{game_name}.yaml"
    if not path.is_file():
        path = REPO / "rules" / "reference" / f"{game_name}.yaml"
    solver = Solver(compile_game(load_spec(path)))
    prof = cProfile.Profile()
    nodes = 0
    prof.enable()
    for seed in range(1, deals + 1):
        nodes += solver.solve(seed=seed, budget=Budget(nodes=200_000)).nodes
    prof.disable()
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    sums = dict.fromkeys([p for p, _ in _PARTS] + ["builtins and the rest"], 0.0)
    total = 0.0
    for (file, _, _), (_, _, tottime, _, _) in stats.items():
        total += tottime
        part = next((p for p, fs in _PARTS if any(file.endswith(f) for f in fs)), None)
        sums[part or "builtins and the rest"] += tottime
    print(f"{game_name}: deals 1-{deals}, {nodes:,} nodes, {total:.1f} s under cProfile")
    for part, t in sums.items():
        print(f"  {part:40} {100 * t / total:5.1f} %  {1e6 * t / max(1, nodes):6.1f} µs/node")


def figures(r: dict) -> dict:
    decided = r["won"] + r["lost"]
    return {
        **r,
        "nodes_per_cpu_s": r["nodes"] / r["cpu"] if r["cpu"] else None,
        "decided_per_cpu_min": decided / (r["cpu"] / 60) if r["cpu"] else None,
        "cpu_per_deal": r["cpu"] / max(1, r["won"] + r["lost"] + r["unknown"]),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--solvitaire", default=None, help="the built binary")
    ap.add_argument("--games", default="golf,black-hole")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="GAME", help="our solver's time by part, on GAME")
    ap.add_argument("--engine", help="import pipeline from this directory instead")
    args = ap.parse_args()
    if args.engine:  # e.g. a copy with the compiled core built, or the code before a change
        sys.path.insert(0, str(Path(args.engine).resolve()))
    cpu = pin_one_core() or 0
    if args.profile:
        profile(args.profile, args.deals)
        return 0
    rows = []
    for g in args.games.split(","):
        rows.append({"game": g, "solver": "pasyans", **figures(ours(g, args.deals, args.seconds))})
        if args.solvitaire and g in ("golf", "black-hole"):
            s = solvitaire(args.solvitaire, cpu, g, args.deals, args.seconds)
            rows.append({"game": g, "solver": "solvitaire", **figures(s)})
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{args.deals} deals per game, {args.seconds:g} s limit per deal, one core (CPU {cpu})")
    print(
        f"{'game':11} {'solver':10} {'won':>4} {'lost':>4} {'unk':>4} {'nodes/CPU-s':>12} "
        f"{'decided/CPU-min':>16} {'CPU s/deal':>10}"
    )
    for r in rows:
        nps = r["nodes_per_cpu_s"]
        dpm = r["decided_per_cpu_min"]
        print(
            f"{r['game']:11} {r['solver']:10} {r['won']:>4} {r['lost']:>4} {r['unknown']:>4} "
            f"{'—' if nps is None else f'{nps:,.0f}':>12} "
            f"{'—' if dpm is None else f'{dpm:,.1f}':>16} {r['cpu_per_deal']:>10.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
