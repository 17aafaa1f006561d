"""Solver speed beside Solvitaire (Blake & Gent's C++ solver) on the same deals, with node
budgets, in CPU time, in one run.

Run from the repository root:
    python3 benchmarks/solver_speed.py --solvitaire BIN [--games golf,black-hole]
        [--deals 20] [--from-seed 1] [--nodes 1000000] [--timeout 60000]
        [--engine compiled|pure] [--path DIR] [--json]
    python3 benchmarks/solver_speed.py --games shah,blockade,clock,dense-column,exiles
    python3 benchmarks/solver_speed.py --profile golf --deals 5     # where a node's time goes

- The same deals: our seeds S..S+N-1 (`--from-seed`, `--deals`) of `rules/reference/<game>`
  are dealt by our engine and written in Solvitaire's deal format
  (`solvitaire_crosscheck.solvitaire_deal`), so both solvers search the same positions.
- Limits: ours a node budget per deal (`--nodes`: positions reached; no time limit, so the
  outcome does not depend on the machine's load). Solvitaire has no node limit: it gets
  `--timeout` ms (wall) per deal, generous enough that it decides what it can; a deal it
  does not decide is counted unknown on its side.
- `--engine compiled` (the default) or `pure`: the core to measure. `pipeline` is the
  installed package (this checkout only where none is installed; `--path DIR` imports it
  from DIR), and the run stops with an error when what loads is not the core asked for.
- Figures per game, both solvers side by side: won / lost / unknown, nodes per CPU-second
  (ours `time.process_time()`, pinned to one CPU; Solvitaire's states searched over its
  `[cpu-search-us]` search time, pinned to the same CPU), deals decided per CPU-minute, and
  on the deals both decide: the nodes each needed (the sum and the median per-deal ratio)
  and the deals where they disagree.
- A node is not the same unit in both: ours is a position reached by one move (a table hit
  counts as one; the solver merges positions that differ only by interchangeable piles or
  suits and prunes with safe moves and dead-end proofs), Solvitaire's a state searched
  (transposition hits count too). The node ratio says how many fewer positions ours
  reaches for the same answer.
- Games without a Solvitaire preset (the corpus games) run on our side only.
- `--profile GAME`: our solver alone under cProfile on deals 1..N, its own time summed by
  part: why a node costs what it does.
CPU is shared with other developers on this machine: the CPU figures move by tens of
percent from run to run; node counts and outcomes do not. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from onecore import pin_one_core, select_core  # benchmarks/ is on sys.path: run by path

REPO = Path(__file__).resolve().parents[1]


def spec_path(game_name: str) -> Path:
    path = REPO / "rules" / f"{game_name}.yaml"
    return path if path.is_file() else REPO / "rules" / "reference" / f"{game_name}.yaml"


def run(game_name: str, seeds: range, nodes: int, binary: str | None, cpu: int) -> list[dict]:
    """Per deal: our outcome, nodes and CPU; Solvitaire's on the same deal where it has a
    preset for the game and a binary is given."""
    from solvitaire_crosscheck import PRESETS, run_solvitaire, solvitaire_deal

    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    game = compile_game(load_spec(spec_path(game_name)))
    solver = Solver(game)
    preset = PRESETS.get(game_name) if binary else None
    rows = []
    for seed in seeds:
        c0 = time.process_time()
        r = solver.solve(seed=seed, budget=Budget(nodes=nodes))
        row: dict = {
            "seed": seed,
            "ours": {"outcome": r.outcome, "nodes": r.nodes, "cpu": time.process_time() - c0},
        }
        if preset:
            deal = solvitaire_deal(game, game.new_state(seed=seed), preset[1])
            t = run_solvitaire(binary, preset[0], deal, cpu, TIMEOUT_MS)
            row["solvitaire"] = {
                "outcome": t["outcome"],
                "nodes": t["states"],
                "cpu": t["cpu"] or 0.0,
            }
        rows.append(row)
    return rows


TIMEOUT_MS = 60_000


def figures(rows: list[dict], side: str) -> dict:
    rs = [r[side] for r in rows]
    out = {k: sum(r["outcome"] == k for r in rs) for k in ("won", "lost", "unknown")}
    out["nodes"] = sum(r["nodes"] for r in rs)
    out["cpu"] = sum(r["cpu"] for r in rs)
    decided = out["won"] + out["lost"]
    out["nodes_per_cpu_s"] = out["nodes"] / out["cpu"] if out["cpu"] else None
    out["decided_per_cpu_min"] = decided / (out["cpu"] / 60) if out["cpu"] else None
    return out


def compare(rows: list[dict]) -> dict:
    """On the deals both solvers decide: how many nodes each needed, and disagreements."""
    both = [
        r
        for r in rows
        if r["ours"]["outcome"] != "unknown" and r["solvitaire"]["outcome"] != "unknown"
    ]
    ours = sum(r["ours"]["nodes"] for r in both)
    theirs = sum(r["solvitaire"]["nodes"] for r in both)
    ratios = [r["solvitaire"]["nodes"] / max(1, r["ours"]["nodes"]) for r in both]
    return {
        "both_decided": len(both),
        "ours_nodes": ours,
        "solvitaire_nodes": theirs,
        "ratio_of_sums": theirs / ours if ours else None,
        "median_ratio": statistics.median(ratios) if ratios else None,
        "ratio_range": [min(ratios), max(ratios)] if ratios else None,
        "disagree": [r["seed"] for r in both if r["ours"]["outcome"] != r["solvitaire"]["outcome"]],
    }


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

    solver = Solver(compile_game(load_spec(spec_path(game_name))))
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


def _fmt(x: float | None, spec: str) -> str:
    return "—" if x is None else format(x, spec)


def main() -> int:
    global TIMEOUT_MS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="golf,black-hole")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--from-seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=1_000_000, help="our node budget per deal")
    ap.add_argument("--timeout", type=int, default=60_000, help="Solvitaire's ms per deal")
    ap.add_argument("--solvitaire", default=None, help="the built binary (build.sh prints it)")
    ap.add_argument("--engine", choices=("compiled", "pure"), default="compiled")
    ap.add_argument("--path", help="import pipeline from this directory")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="GAME", help="our solver's time by part, on GAME")
    args = ap.parse_args()
    TIMEOUT_MS = args.timeout
    engine = select_core(args.engine, args.path, REPO)
    cpu = pin_one_core() or 0
    if args.profile:
        print(engine)
        profile(args.profile, args.deals)
        return 0
    seeds = range(args.from_seed, args.from_seed + args.deals)
    out = []
    for g in args.games.split(","):
        rows = run(g, seeds, args.nodes, args.solvitaire, cpu)
        res: dict = {"game": g, "deals": rows, "ours": figures(rows, "ours")}
        if rows and "solvitaire" in rows[0]:
            res["solvitaire"] = figures(rows, "solvitaire")
            res["compare"] = compare(rows)
        out.append(res)
    if args.json:
        print(json.dumps({"engine": engine, "games": out}, indent=1))
        return 0
    print(engine)
    print(
        f"seeds {seeds.start}..{seeds.stop - 1} of each game, the same deals for both solvers; "
        f"ours {args.nodes:,} nodes per deal, Solvitaire {args.timeout / 1000:g} s (its only "
        f"limit); one core (CPU {cpu})"
    )
    print(
        f"{'game':12} {'solver':10} {'won':>4} {'lost':>4} {'unk':>4} {'nodes':>12} "
        f"{'nodes/CPU-s':>12} {'decided/CPU-min':>16}"
    )
    for res in out:
        for side in ("ours", "solvitaire"):
            if side not in res:
                continue
            f = res[side]
            print(
                f"{res['game']:12} {'pasyans' if side == 'ours' else side:10} {f['won']:>4} "
                f"{f['lost']:>4} {f['unknown']:>4} {f['nodes']:>12,} "
                f"{_fmt(f['nodes_per_cpu_s'], ',.0f'):>12} "
                f"{_fmt(f['decided_per_cpu_min'], ',.1f'):>16}"
            )
        if "compare" in res:
            c = res["compare"]
            lo, hi = c["ratio_range"] or (0, 0)
            print(
                f"{'':12} on the {c['both_decided']} deals both decide: Solvitaire "
                f"{c['solvitaire_nodes']:,} states, ours {c['ours_nodes']:,} nodes: "
                f"{_fmt(c['ratio_of_sums'], '.1f')}x as many (median per deal "
                f"{_fmt(c['median_ratio'], '.1f')}x, {lo:.2f}-{hi:.1f}x); "
                f"disagree on {len(c['disagree'])} {c['disagree'] or ''}"
            )
        if "solvitaire" in res:
            a, b = res["ours"], res["solvitaire"]
            if a["decided_per_cpu_min"] and b["decided_per_cpu_min"]:
                print(
                    f"{'':12} ours/Solvitaire: nodes per CPU-second "
                    f"{a['nodes_per_cpu_s'] / b['nodes_per_cpu_s']:.2f}, deals decided per "
                    f"CPU-minute {a['decided_per_cpu_min'] / b['decided_per_cpu_min']:.2f}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
