"""The `beam` policy's searches (`pipeline.solve.bestfirst.BestFirstThenSearch`) of two code
versions side by side on the same deals: the result, its positions and its winning line must
be the same, and each search's peak memory and CPU are measured.

Why a process per search: peak memory (`ru_maxrss`) is a process's, so each search runs in
a process of its own, the baseline's and this checkout's in turn for each deal (interleaved,
so a change of the machine's load falls on both).

    python3 benchmarks/bestfirst_memory.py --baseline /path/to/old/checkout \\
        --games will-o-the-wisp,spiderette,simple-simon --deals 1-3 --budget 100000

One JSON line per search: version (baseline or this), game, deal, outcome, nodes, the win's
moves, CPU seconds (user + system) and peak resident memory in MB; then one line per deal
saying whether the two agree. `--searcher best-first` runs the first stage alone
(`BestFirst`). The exit code is 1 if any deal disagrees.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

ONE = r"""
import json, resource, sys
from pipeline.engine.loading import load_game
from pipeline.solve.bestfirst import BestFirst, BestFirstThenSearch
from pipeline.solve.search import Budget
spec, seed, budget, which = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
g = load_game(spec)
s = BestFirst(g) if which == "best-first" else BestFirstThenSearch(g)
r = s.solve(seed=seed, budget=Budget(nodes=budget))
u = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"outcome": r.outcome, "nodes": r.nodes, "moves": list(r.moves),
    "reason": r.reason, "cpu": round(u.ru_utime + u.ru_stime, 2),
    "mb": round(u.ru_maxrss / 1024)}))
"""


def one(root: str, spec: str, deal: int, budget: int, which: str) -> dict:
    p = subprocess.run(
        [sys.executable, "-c", ONE, spec, str(deal), str(budget), which],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": root, "PATH": "/usr/bin:/bin"},
        cwd=root,
    )
    if p.returncode != 0:
        return {"outcome": "error", "error": p.stderr.strip().splitlines()[-1:]}
    return json.loads(p.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", required=True, help="a checkout of the code to compare with")
    ap.add_argument("--games", default="will-o-the-wisp,spiderette,simple-simon")
    ap.add_argument("--deals", default="1-3", help="N or N-M, or a comma list")
    ap.add_argument("--budget", type=int, default=100_000)
    ap.add_argument("--searcher", choices=("policy", "best-first"), default="policy")
    a = ap.parse_args()
    deals: list[int] = []
    for part in a.deals.split(","):
        lo, _, hi = part.partition("-")
        deals += range(int(lo), int(hi or lo) + 1)
    bad = 0
    for gname in a.games.split(","):
        spec = str(REPO / "rules" / "reference" / f"{gname}.yaml")
        for d in deals:
            rows = {}
            for name, root in (("baseline", a.baseline), ("this", str(REPO))):
                r = one(root, spec, d, a.budget, a.searcher)
                rows[name] = r
                print(json.dumps({"version": name, "game": gname, "deal": d, **r}), flush=True)
            same = all(
                rows["baseline"].get(k) == rows["this"].get(k)
                for k in ("outcome", "nodes", "moves")
            )
            bad += not same
            print(json.dumps({"game": gname, "deal": d, "same": same}), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
