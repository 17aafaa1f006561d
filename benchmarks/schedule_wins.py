"""Which search of the restarts' schedule found each win of a `book_games.py` store.

Run from the repository root (the compiled core, or the pure package):
    python3 benchmarks/schedule_wins.py RUN.jsonl SPEC [--budget B]
    python3 benchmarks/schedule_wins.py runs/dc.6400000.jsonl dense-column

For each won row of SPEC searched with the restarts (`restarts`) or as dives (`dives`; rows
of a best-first kind are skipped), the deal's unit is read again (search 0's first
`RESTART_PROBE` nodes, as `Solver._restarts` reads it), the row's schedule at its budget is
rebuilt (`restart_schedule` or `dive_schedule`) and the row's node count placed in it: search
0, or short search k (plain, or its noisy twin -k), its length in units, the nodes into it.
A short search's win is then checked by running that search alone on a fresh position
(`replayed`: won in the same nodes). Why: a row says how many nodes a deal took, not what
they went to; where the wins are short searches' straight lines (the book's games), the cost
of a win is the number of searches tried before it, which says whether a lever should make
each search likelier to win (the move order) or cheaper (a proof that cuts it short).
A row of the restarts that keep the positions proven lost (`kept`: `pipeline/solve/kept.py`)
is searched again whole, as each of its searches skips what the earlier ones refuted: the
search that won, its length and the nodes into it, and whether the deal is won again in the
same nodes with a line that replays in the interpreter (`replayed`).
Nothing is asserted; the unit is read on the present code, so a row measured on another may
place a win in another search (then `replayed` is false).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


class Placed(NamedTuple):
    search: int  # 0: the solver's order; k > 0 a plain short search, -k its noisy twin
    length: int  # the nodes the schedule gives that search's turn (search 0: all its turns)
    into: int  # the nodes into that search when it won


def place(schedule: list[tuple[int, int]], nodes: int) -> Placed:
    """Where the `nodes`-th node of a run of `schedule` falls. Search 0 is one search
    resumed in turns, so its nodes count from its start; a short search starts afresh."""
    at = 0
    zero = 0
    for k, n in schedule:
        if nodes <= at + n:
            if k == 0:
                return Placed(0, zero + n, zero + nodes - at)
            return Placed(k, n, nodes - at)
        at += n
        if k == 0:
            zero += n
    raise ValueError(f"{nodes} nodes is past the schedule's {at}")


def schedule_of(solver: Any, seed: int, budget: int) -> list[tuple[int, int]]:
    """The schedule `solver` (restarts, perhaps dives) runs on deal `seed` at `budget`, its
    unit read from search 0's first nodes; a deal search 0 decides in them gives [(0, budget)]."""
    from pipeline.solve.search import (
        RESTART_PROBE,
        Budget,
        _Run,
        dive_schedule,
        restart_schedule,
        restart_unit,
    )

    turn = min(budget, RESTART_PROBE) if solver.dives else restart_schedule(budget)[0][1]
    probe = min(turn, RESTART_PROBE)
    run = solver._begin_search(solver.game.new_state(seed=seed), Budget(nodes=probe), 0.0)
    if not isinstance(run, _Run):
        return [(0, budget)]
    unit = restart_unit(run.dive or len(run.stack), run.longest - run.dive)
    if solver.dives:
        return dive_schedule(budget, turn, unit, noisy=solver.dive_noise > 0)
    return restart_schedule(budget, unit)


def alone(game: Any, seed: int, search: int, nodes: int, **options: Any) -> Any:
    """Short search `search` of deal `seed` run by itself on a solver with `options` (those
    of the row's solver), as `Solver._restarts` runs it."""
    from pipeline.solve.search import Budget, Solver, _restart_state

    aux = Solver(game, **options)
    aux._mix = _restart_state(seed, abs(search))
    aux._noisy = search < 0
    return aux._search_kept(game.new_state(seed=seed), Budget(nodes=nodes))


def kept_line(game: Any, r: dict) -> tuple[str, str]:
    """A `kept` row's win searched again whole (module doc): (tally, line)."""
    from pipeline.engine.record import replay
    from pipeline.solve.kept import KeptRestarts
    from pipeline.solve.search import Budget

    kr = KeptRestarts(game, noise=r.get("noise", 0))
    got = kr.solve(seed=r["deal"], budget=Budget(nodes=r["budget"]))
    ok = got.outcome == "won" and got.nodes == r["nodes"] and replay(game, got.record).is_won()
    i = kr.won_by
    into = got.nodes - sum(kr.schedule[:i]) if i >= 0 else 0
    length = kr.schedule[i] if i >= 0 else 0
    line = (
        f"kept search {i} of {length:,} nodes, won {into:,} into it; searches run before it: "
        f"{i}; again: {got.outcome} in {got.nodes:,} ({'replayed' if ok else 'not replayed'})"
    )
    return ("kept search" if ok else "kept search (not replayed)"), line


def main() -> int:
    from pipeline.engine import compile_game
    from pipeline.solve import Solver
    from pipeline.spec import load_spec

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("spec")
    ap.add_argument("--budget", type=int, help="only the rows of this budget")
    args = ap.parse_args()
    try:
        rows = [json.loads(line) for line in args.run.read_text(encoding="utf-8").splitlines()]
    except (OSError, ValueError) as e:
        print(f"{args.run}: not a book_games.py store ({e})", file=sys.stderr)
        return 2
    game = compile_game(load_spec(REPO / "rules" / f"{args.spec}.yaml"))
    tally: Counter[str] = Counter()
    for r in rows:
        if r.get("spec") != args.spec or r.get("outcome") != "won" or r.get("bestfirst"):
            continue
        if not r.get("restarts") or (args.budget and r["budget"] != args.budget):
            continue
        if r.get("kept"):
            what, line = kept_line(game, r)
            tally[what] += 1
            print(f"deal {r['deal']} at {r['budget']:,} ({r['nodes']:,} nodes): {line}", flush=True)
            continue
        noise = r.get("noise", 0)
        solver = Solver(game, restarts=True, dives=bool(r.get("dives")), dive_noise=noise)
        sched = schedule_of(solver, r["deal"], r["budget"])
        p = place(sched, r["nodes"])
        if p.search == 0:
            what = "search 0"
            line = f"search 0, {p.into:,} nodes into it"
        else:
            got = alone(game, r["deal"], p.search, p.length, dive_noise=noise)
            ok = got.outcome == "won" and got.nodes == p.into
            kind = "noisy" if p.search < 0 else "plain"
            unit = sched[1][1]  # Luby's first term is 1: the unit
            # short searches run before it, and it
            tried = abs(p.search) if noise else 2 * abs(p.search) - (p.search > 0)
            what = f"{kind} short" + ("" if ok else " (not replayed)")
            within = "within one unit" if p.into <= unit else "past one unit"
            line = (
                f"search {p.search} ({kind}) of {p.length:,} nodes, won {p.into:,} into it "
                f"({within}); short searches run: {tried}; alone: {got.outcome} in "
                f"{got.nodes:,} ({'replayed' if ok else 'not replayed'})"
            )
        tally[what] += 1
        print(f"deal {r['deal']} at {r['budget']:,} ({r['nodes']:,} nodes): {line}", flush=True)
    print(", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
