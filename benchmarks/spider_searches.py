"""The searches for a win of the `beam` policy's first stage, side by side on the same deals:
spider-1's beam (`pipeline.solve.beam.BeamSearch`) and the best-first searches
(`pipeline.solve.bestfirst.BestFirst`), each deal searched by both in turn in one process
(interleaved, so a change of the machine's load falls on both), at the same node budget.

    python3 benchmarks/spider_searches.py --games spiderette,will-o-the-wisp --deals 1-20 \\
        --budget 300000 --out RUN.jsonl

One JSON line per search and deal: searcher, game, deal, outcome (won or unknown: neither
proves a loss), nodes, the process's CPU seconds for it, the win's length. A rerun with the
same --out skips the lines already there. `--summary RUN.jsonl` prints the table per game.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

GAMES = "will-o-the-wisp,spiderette,simple-simon,mrs-mop,spider"


def searcher(name: str, game):
    from pipeline.solve.beam import BeamSearch
    from pipeline.solve.bestfirst import BestFirst

    return {"beam": BeamSearch, "best-first": BestFirst}[name](game)


def run(a: argparse.Namespace) -> None:
    from pipeline.engine.loading import load_game
    from pipeline.solve.search import Budget

    lo, _, hi = a.deals.partition("-")
    out = Path(a.out)
    done = set()
    if out.is_file():
        for line in out.read_text().splitlines():
            r = json.loads(line)
            done.add((r["s"], r["game"], r["deal"]))
    with out.open("a") as f:
        for gname in a.games.split(","):
            game = load_game(str(REPO / "rules" / "reference" / f"{gname}.yaml"))
            ss = {n: searcher(n, game) for n in a.searchers.split(",")}
            for d in range(int(lo), int(hi or lo) + 1):
                for n, s in ss.items():
                    if (n, gname, d) in done:
                        continue
                    c0 = time.process_time()
                    r = s.solve(seed=d, budget=Budget(nodes=a.budget))
                    cpu = time.process_time() - c0
                    row = {
                        "s": n,
                        "game": gname,
                        "deal": d,
                        "outcome": r.outcome,
                        "nodes": r.nodes,
                        "cpu": round(cpu, 2),
                        "moves": len(r.moves),
                    }
                    f.write(json.dumps(row) + "\n")
                    f.flush()


def summary(path: str) -> None:
    by: dict[tuple[str, str], dict[int, dict]] = defaultdict(dict)
    for line in Path(path).read_text().splitlines():
        r = json.loads(line)
        by[(r["game"], r["s"])][r["deal"]] = r
    print("| game | deals | beam: won | CPU s | best-first: won | CPU s | unknown to best-first |")
    print("|---|---|---|---|---|---|---|")
    for g in GAMES.split(","):
        o, n = by.get((g, "beam"), {}), by.get((g, "best-first"), {})
        ds = sorted(set(o) & set(n))
        if not ds:
            continue
        ow = sum(o[d]["outcome"] == "won" for d in ds)
        nw = sum(n[d]["outcome"] == "won" for d in ds)
        oc = sum(o[d]["cpu"] for d in ds)
        nc = sum(n[d]["cpu"] for d in ds)
        left = [d for d in ds if n[d]["outcome"] != "won"]
        print(
            f"| {g} | {ds[0]}–{ds[-1]} | {ow} | {oc:.0f} | {nw} | {nc:.0f} | "
            f"{', '.join(map(str, left)) or '—'} |"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=GAMES)
    ap.add_argument("--deals", default="1-20", help="a range of deals, e.g. 1-20")
    ap.add_argument("--budget", type=int, default=300_000)
    ap.add_argument("--searchers", default="best-first,beam")
    ap.add_argument("--out", help="JSON lines, appended")
    ap.add_argument("--summary", help="print the table of a run's JSON lines and stop")
    a = ap.parse_args()
    if a.summary:
        summary(a.summary)
        return 0
    if not a.out:
        ap.error("--out is required")
    run(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
