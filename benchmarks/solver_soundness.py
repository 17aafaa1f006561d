"""Do the solver's reductions keep the answer on specs nobody tuned them on?

The solver prunes (safe foundation moves played alone), drops positions proved lost (dead
ends) and merges positions (interchangeable piles, summarized foundations, suit-blind keys),
each only where it derives from the spec that the argument holds. This script checks that
derivation on specs written by others: the blind writers' specs of the page sets
(`benchmarks/data/pages-*/specs`) and, with `--mutated N`, N shipped specs with building blocks
swapped at random (choices as in `tests/test_engine_fuzz.py`, plus moves' sources and targets,
foundation bases and ends, pile counts). For each spec, random games (foundation moves
preferred) are played to their first position with at most L cards left in play, for several
L; each such position is searched twice, with every reduction and with none (exact keys, the
stock's turns played one by one rather than folded into the plays they reach), and the
outcomes are compared where both searches finish. Prints one line per spec and the totals; a
disagreement is printed with the spec, the deal and L, a traceback with the spec, and the run
goes on.

    python3 benchmarks/solver_soundness.py                      # the writers' specs
    python3 benchmarks/solver_soundness.py --mutated 600 --no-sets
    python3 benchmarks/solver_soundness.py --shipped --no-sets  # the corpus games as shipped

`--shipped` adds the corpus games (`rules/*.yaml`): the two-pack games, where the keys merge
the copies of a card (twins) and a `no-progress` game's key drops the path once its deal is
over, both checked here against exact keys (positions with at most 24, 40, 60, 80 cards left:
random play seldom gets nearer the end of a two-pack game).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from late_positions import late_positions  # noqa: E402

from pipeline.engine import compile_game  # noqa: E402
from pipeline.errors import PasyansError  # noqa: E402
from pipeline.solve import Budget, Solver  # noqa: E402
from pipeline.spec import load_spec, load_spec_text  # noqa: E402

SHIPPED = sorted([*(ROOT / "rules").glob("*.yaml"), *(ROOT / "rules" / "reference").glob("*.yaml")])
CHOICES = {
    "face": ["up", "down", "down-but-last"],
    "timing": ["immediate", "optional", "batch"],
    "when": ["always", "stuck"],
    "available": ["top", "all", "none"],
    "run": [True, False],
    "auto": [True, False],
    "per_pile": [1, 2, 3],
    "up_to": [1, 2, 3],
    "wrap": [True, False],
    "direction": ["up", "down", "both"],
    "suit": ["same", "any", "alternate", "same-colour"],
    "recycle": [0, 1, "unlimited"],
}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def mutate(node, rng: random.Random, groups: list[str]) -> None:
    """Swap choices anywhere; add or drop a group in a move's sources or targets; move a
    foundation's base or end; change a pile count."""
    if isinstance(node, dict):
        for k in list(node):
            if k in ("provenance", "notes", "layout", "title", "source"):
                node.pop(k)
            elif k in CHOICES and rng.random() < 0.3:
                node[k] = rng.choice(CHOICES[k])
            elif k in ("from", "to") and isinstance(node[k], list) and rng.random() < 0.3:
                g = rng.choice(groups)
                if g in node[k] and len(node[k]) > 1:
                    node[k].remove(g)
                elif g not in node[k]:
                    node[k].append(g)
            elif k in ("base", "last") and rng.random() < 0.3:
                node[k] = rng.choice(RANKS)
            elif k == "count" and isinstance(node[k], int) and rng.random() < 0.15:
                node[k] = max(1, node[k] + rng.choice([-2, -1, 1, 2]))
            else:
                mutate(node[k], rng, groups)
    elif isinstance(node, list):
        for item in node:
            mutate(item, rng, groups)


def check(
    name: str,
    game,
    base: int,
    budget: int,
    totals: dict,
    lefts: tuple = (10, 16, 24, 34),
    deals: int = 4,
) -> None:
    full = Solver(game)
    plain = Solver(game, prune=False, exact_keys=True, sequence=False)
    on = [
        x
        for x, flag in (
            ("prune", full.prune),
            ("dead-ends", full.dead_ends),
            ("swaps", full.swaps is not None),
            ("vacancies", full.vac is not None),
            ("sequence", full.seq is not None),
        )
        if flag
    ]
    totals["reduced"] += bool(on)
    n = 0
    for left in lefts:
        for seed, s in late_positions(game, range(base, base + deals), left, random.Random(base)):
            a = plain.search(s.copy(), Budget(nodes=budget))
            b = full.search(s.copy(), Budget(nodes=budget))
            if "unknown" in (a.outcome, b.outcome):
                continue
            n += 1
            totals["won"] += a.outcome == "won"
            if a.outcome != b.outcome:
                totals["disagree"] += 1
                what = f"plain {a.outcome}, reduced {b.outcome}"
                print(f"DISAGREE {name} deal {seed} L={left}: {what}")
    totals["compared"] += n
    print(f"{name}: reductions {','.join(on) or 'none'}; {n} positions compared", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mutated", type=int, default=0, help="mutated shipped specs to add")
    ap.add_argument("--no-sets", action="store_true", help="leave out the writers' specs")
    ap.add_argument("--shipped", action="store_true", help="add the corpus games as shipped")
    ap.add_argument("--from", dest="first", type=int, default=0, help="first mutated spec")
    ap.add_argument("--deals", type=int, default=4, help="deals per mutated spec")
    ap.add_argument("--budget", type=int, default=40_000, help="positions per search")
    args = ap.parse_args()
    totals = dict(specs=0, refused=0, reduced=0, compared=0, won=0, disagree=0, crashed=0)
    t0 = time.time()
    if not args.no_sets:
        paths = sorted((ROOT / "benchmarks" / "data").glob("pages-*/specs/*.yaml"))
        for i, p in enumerate(paths):
            totals["specs"] += 1
            game = compile_game(load_spec(p))
            check(f"{p.parent.parent.name}/{p.stem}", game, i * 5, args.budget, totals)
    if args.shipped:
        for i, p in enumerate(sorted((ROOT / "rules").glob("*.yaml"))):
            totals["specs"] += 1
            game = compile_game(load_spec(p))
            # two packs: random play seldom gets near the end, so earlier positions too
            lefts = (10, 16, 24, 34) if game.ncards <= 52 else (24, 40, 60, 80)
            check(f"shipped {p.stem}", game, 1000 + i * 5, args.budget, totals, lefts)
    for seed in range(args.first, args.first + args.mutated):
        rng = random.Random(seed)
        src = SHIPPED[seed % len(SHIPPED)]
        spec = yaml.safe_load(src.read_text(encoding="utf-8"))
        mutate(spec, rng, list(spec.get("piles") or {}))
        try:
            game = compile_game(load_spec_text(yaml.safe_dump(spec, sort_keys=False), "m.yaml"))
        except PasyansError:
            totals["refused"] += 1
            continue
        totals["specs"] += 1
        name = f"mutated {seed} of {src.stem}"
        try:
            check(name, game, seed * 7, args.budget, totals, deals=args.deals)
        except Exception:  # a crash is a finding: print it and go on to the next spec
            totals["crashed"] += 1
            print(f"TRACEBACK {name}:\n{traceback.format_exc()}", flush=True)
    print(
        f"specs {totals['specs']} (refused by the loader {totals['refused']}), with a reduction "
        f"{totals['reduced']}; positions compared {totals['compared']} (won {totals['won']}); "
        f"disagreements {totals['disagree']}; tracebacks {totals['crashed']}; "
        f"{time.time() - t0:.0f} s"
    )
    return 1 if totals["disagree"] or totals["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
