"""Solver results of every shipped spec, to check that a change (or the compiled core) alters
nothing the solver finds.

Run from the repository root:
    python3 benchmarks/solver_identity.py --save pure.json --engine /tmp/eng-pure
    python3 benchmarks/solver_identity.py --compare pure.json --engine /tmp/eng-compiled
                                          [--deals 10] [--budget 20000] [--only NAME]
                                          [--restarts]

For every `rules/*.yaml` and `rules/reference/*.yaml`, deals 1..`--deals` searched by
`pipeline.solve.Solver` within `--budget` nodes (no time limit, so the result does not depend
on the machine's speed): the outcome, the nodes searched, the positions in the table, the
budget that ran out, whether safe-move pruning and dead-end checks were on, and the winning
moves. `--restarts` searches with `Solver(restarts=True)` (the seeded tie orders too).
`--engine DIR` imports `pipeline` from DIR while the specs come from this checkout.
"""

from __future__ import annotations

import argparse
import sys

from shipped import (  # benchmarks/ is on sys.path: run by path
    identity_options,
    label,
    save_or_compare,
    specs,
    use_engine,
)


def run(args) -> dict:
    from pipeline.engine import compile_game
    from pipeline.solve import Budget, Solver
    from pipeline.spec import load_spec

    out = {}
    for path in specs(args.only):
        solver = Solver(compile_game(load_spec(path)), restarts=args.restarts)
        rows = []
        for seed in range(1, args.deals + 1):
            r = solver.solve(seed=seed, budget=Budget(nodes=args.budget))
            rows.append(
                [r.outcome, r.nodes, r.unique, r.reason, r.pruning, r.dead_ends, list(r.moves)]
            )
        out[label(path)] = rows
        summary = " ".join(f"{o[0]}{n}" for o, n, *_ in rows)
        print(f"{label(path)}: {summary}", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--restarts", action="store_true", help="search with restarts")
    identity_options(ap)
    args = ap.parse_args(argv)
    use_engine(args.engine)
    import pipeline.solve.search as search

    print(f"pipeline.solve.search from {search.__file__}", file=sys.stderr)
    return save_or_compare(run(args), args.save, args.compare)


if __name__ == "__main__":
    sys.exit(main())
