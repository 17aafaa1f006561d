"""The book's games decided: the solver on every corpus spec and reading, with node counts and
solution lengths, as the Markdown table of `docs/book-games.md`.

Run from the repository root:
    python3 benchmarks/book_games.py --deals 200 --budget 20000 --out RUN.jsonl [--only shah]
        [--restarts]
    python3 benchmarks/book_games.py --table RUN.jsonl        # the table of what is stored
    python3 benchmarks/book_games.py --deals 200 --budget 100000 --again 400000,1600000 \
        --restarts --only dense-column.cadogan --out RUN.jsonl   # unknown deals searched again
    python3 benchmarks/book_games.py --deals 200 --budget 400000 --bestfirst 0.5 \
        --only shah.cadogan --out RUN.jsonl   # the restarts, then best-first on half the nodes
    python3 benchmarks/book_games.py --budget 400000 --beam --only clock.immediate \
        --seeds 2,3,4 --out RUN.jsonl         # best-first on the budget, then the restarts

Deals 1..N (the verbs' first seed), one process. Each deal's result is appended to `--out` as
one JSON line (spec, deal, budget, outcome, nodes, seconds, length: the player moves of the
win), so an interrupted run resumes where it stopped. The table gives, per spec: won, lost,
unknown; the bracket won/N–(won+unknown)/N with the 95 % Wilson ends (`pipeline.stats`,
as `pasyans verify` reports it); the mean length of the wins; the mean nodes of the decided
deals and the largest. The solver sees every card (perfect information): its win rate is an
upper bound for a person.

`--again B2,B3,...`: the deals left unknown at `--budget` are searched once more, each a fresh
search, at B2; those still unknown at B3; and so on. The table then adds an *escalated* row
per spec and kind of search (`escalated`): each deal's result at the first budget that
decides it, its nodes and CPU summed over all its searches, so a deal's budget in all is at
most the sum of the budgets. Why: where the short restarts keep winning with more nodes (the
Dense Column), the deals decided at the first budget cost no more than they did there, and
only the few left unknown get the large budgets. A step stopped before every deal left unknown
was searched again gives a row labelled *partial* (`partial_chains`), the deals not reached
counted unknown at their last search.

`--dives`: the restarts' budget spent on short searches of one length and their noisy twins,
search 0 only reading the length (`search.dive_schedule`), where wins come from straight
dives and no deal is proved lost (the Dense Column). `--dive-noise N` with it: only noisy
short searches, as many in the same nodes, a random move first at one position in N (the
pairs' noise: 8); why: the Clock's immediate reading's dives win by their noisy searches.

`--bestfirst S`: each deal searched by the restarts on 1 - S of its nodes, then, if they leave
it unknown, by the best-first searches on the rest (`SearchThenBestFirst`); a row's kind of
search (`plain`, `restarts`, `dives`, `restarts, best-first S`) keeps such rows apart. Why: the two
find different wins (Cadogan's Shah).

`--beam`: the search of the `beam` policy (`pasyans simulate --policy beam`, `store_again.py
--policy beam`: `BestFirstThenSearch`), the best-first searches on the budget and, if they win
nothing, the restarts on as many again, so a deal's search takes at most twice `--budget`. A
won row of it or of `--bestfirst` says `"by": "best-first"` where that search found the win.
Why here too: the beam won King Albert deals the solver alone left open, and the rows of the
book's games are measured by this script.

`--chain SPEC STORE:BUDGET:KIND ...`: a row put together over steps of different kinds of search
or stores (`chain`), each deal at the first step that decides it, its nodes and CPU summed over
its searches up to there; a deal a step did not reach counts at its last search. Why: the
table's rows of the Clock's immediate reading and the Blockade are chains of dives after dives
or restarts, which `--again` (one kind) does not make.

`--cuts`: the solver with the cuts' proof of loss (`pipeline/solve/cuts.py`; off by default,
as in `Solver`): a row then says `"cuts": true` and keeps its kind of search.

`--kept`: the restarts that keep the positions proven lost (`pipeline/solve/kept.py`,
`KeptRestarts`): every search from the deal's first position in a new tie order (noisy at one
position in `--dive-noise`, default 4), the cuts' proof on, none searching again a subtree an
earlier one exhausted, so a search that exhausts the first position proves the deal lost;
rows of kind `kept, noise N`. Why: the dives come back to the middle game but forget what
they refuted, and a depth-first search proves a loss only where it stays in the end game.

`--seeds D1,D2,...`: only those deals are searched at `--budget` (and on with `--again`), so a
row's unknown deals can be taken to a larger budget where the run file of its earlier steps
is not at hand; the escalated row is then the old row's decided deals and these.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

SPECS = (
    "shah",
    "shah.cadogan",
    "blockade",
    "blockade.rows",
    "clock",
    "clock.immediate",
    "dense-column",
    "dense-column.cadogan",
    "exiles",
)


def run(
    names: list[str],
    deals: int,
    budget: int,
    out: Path,
    restarts: bool = False,
    again: tuple[int, ...] = (),
    bestfirst: float = 0.0,
    dives: bool = False,
    seeds: tuple[int, ...] = (),
    beam: bool = False,
    dive_noise: int = 0,
    cuts: bool = False,
    kept: bool = False,
) -> None:
    """`seeds`: the deals searched at `budget` (default 1..`deals`). `beam`: the `beam`
        policy's search (module doc). `dive_noise`: the dives' short searches all noisy, at one
        position in that many (`Solver(dive_noise=...)`). `cuts`: the cuts' proof of loss on
        (`Solver(cuts=True)`, `pipeline/solve/cuts.py`). `kept`: `KeptRestarts` (module doc),
    noisy at one position in `dive_noise` (default 4), the cuts always on."""
    from pipeline.engine import compile_game
    from pipeline.solve import Solver
    from pipeline.solve.bestfirst import BestFirstThenSearch, SearchThenBestFirst
    from pipeline.solve.kept import KEPT_NOISE, KeptRestarts
    from pipeline.spec import load_spec

    if kept:
        dive_noise = dive_noise or KEPT_NOISE
    fields: dict = {"restarts": restarts or dives or bool(bestfirst) or beam or kept}
    if kept:
        fields["kept"] = True
    if bestfirst:
        fields["bestfirst"] = bestfirst
    if dives:
        fields["dives"] = True
    if dive_noise:
        fields["noise"] = dive_noise
    if beam:
        fields["beam"] = True
    if cuts:
        fields["cuts"] = True
    kind = _kind(fields)
    for name in names:
        game = compile_game(load_spec(REPO / "rules" / f"{name}.yaml"))
        solver: Any
        if kept:
            solver = KeptRestarts(game, noise=dive_noise)
        elif beam:
            solver = BestFirstThenSearch(game)
        elif bestfirst:
            solver = SearchThenBestFirst(game, share=1 - bestfirst)
        else:
            solver = Solver(
                game, restarts=restarts or dives, dives=dives, dive_noise=dive_noise, cuts=cuts
            )
        todo = list(seeds) if seeds else list(range(1, deals + 1))
        for b in (budget, *again):
            _run_deals(solver, name, todo, b, fields, out, game)
            left = {
                r["deal"]
                for r in _read(out)
                if (r["spec"], r["budget"], _kind(r)) == (name, b, kind)
                and r["outcome"] == "unknown"
            }
            todo = [d for d in todo if d in left]


def _kind(r: dict) -> str:
    """A row's kind of search: `plain`, `restarts`, the restarts that keep the positions
    proven lost (`kept, noise 4`), the restarts as dives (`dives`; only
    noisy ones, one position in 4: `dives, noise 4`), the restarts then the best-first
    searches with their share of the nodes (`restarts, best-first 0.5`), or the best-first
    searches then the restarts (`beam`)."""
    if r.get("beam", False):
        return "beam"
    if r.get("kept", False):
        return f"kept, noise {r['noise']}"
    share = r.get("bestfirst", 0.0)
    if share:
        return f"restarts, best-first {share:g}"
    if r.get("dives", False):
        return f"dives, noise {r['noise']}" if r.get("noise") else "dives"
    return "restarts" if r.get("restarts", False) else "plain"


def _run_deals(
    solver, name: str, seeds: list[int], budget: int, fields: dict, out: Path, game=None
) -> None:
    """`fields`: the row's kind of search as its JSON fields (`_kind`). With `game`, a won
    row says whether its line replays to a win in the interpreter (`replays`): a win is
    counted only as the solver's claim until then."""
    from each_deal import search_each

    kind = _kind(fields)
    done = {(r["spec"], r["deal"], r["budget"], _kind(r)) for r in _read(out)}
    todo = [seed for seed in seeds if (name, seed, budget, kind) not in done]
    with out.open("a", encoding="utf-8") as fh:
        for s in search_each(solver, game, todo, budget):
            r = s.result
            row = {
                "spec": name,
                "deal": s.deal,
                "budget": budget,
                **fields,
                "outcome": r.outcome,
                "nodes": r.nodes,
                "seconds": round(s.seconds, 3),
                "length": len(r.moves) if r.outcome == "won" else None,
            }
            if s.replays is not None:
                row["replays"] = s.replays
            if r.outcome == "won" and getattr(r, "pruning", "") == "best-first":
                row["by"] = "best-first"
            fh.write(json.dumps(row) + "\n")
            fh.flush()


def escalated(rows: list[dict]) -> dict[tuple[str, str], tuple[list[int], list[dict]]]:
    """Per (spec, kind of search: `_kind`) run at more than one budget: the budgets, smallest
    first, and per deal of the smallest its row at the first budget that decides it (or its
    last unknown one), with `nodes` and `seconds` summed over its searches. Only where every
    deal left unknown at a budget was searched at the next one (else a deal's row would stop
    short): chains that are not complete are left out (`partial_chains` gives them)."""
    return {k: (b, c) for k, (b, c, short) in _chains(rows).items() if not short}


def partial_chains(rows: list[dict]) -> dict[tuple[str, str], tuple[list[int], list[dict], int]]:
    """The chains `escalated` leaves out, each with the number of deals left unknown at a
    budget and not searched at the next (they count as unknown at their last search). Why:
    a step stopped for lack of time still decides deals; its row is reported, labelled
    partial, rather than put together by hand."""
    return {k: v for k, v in _chains(rows).items() if v[2]}


def _chains(rows: list[dict]) -> dict[tuple[str, str], tuple[list[int], list[dict], int]]:
    """Every chain of `escalated`, complete or not, with its number of deals stopped short."""
    out: dict[tuple[str, str], tuple[list[int], list[dict], int]] = {}
    kinds = sorted({(r["spec"], _kind(r)) for r in rows})
    for spec, kind in kinds:
        at: dict[int, dict[int, dict]] = {}
        for r in rows:
            if (r["spec"], _kind(r)) == (spec, kind):
                at.setdefault(r["budget"], {})[r["deal"]] = r
        budgets = sorted(at)
        if len(budgets) < 2:
            continue
        chain: list[dict] = []
        short = 0
        for deal in sorted(at[budgets[0]]):
            nodes = 0
            seconds = 0.0
            last = at[budgets[0]][deal]
            for b in budgets:
                r = at[b].get(deal)
                if r is None:
                    break
                nodes += r["nodes"]
                seconds += r["seconds"]
                last = r
                if r["outcome"] != "unknown":
                    break
            if last["outcome"] == "unknown" and last["budget"] != budgets[-1]:
                short += 1
            chain.append({**last, "nodes": nodes, "seconds": round(seconds, 3)})
        out[(spec, kind)] = (budgets, chain, short)
    return out


def chain(spec: str, steps: list[tuple[list[dict], int, str]]) -> list[dict]:
    """Each deal of `spec` met in the `steps` (rows, budget, kind of search: `_kind`), in
    order: its row at the first step that decides it (else its last), with `nodes` and
    `seconds` summed over its searches up to there. A deal searched twice at one step (two
    runs of it) counts each search."""
    per: dict[int, list[dict]] = {}
    for rows, budget, kind in steps:
        for r in rows:
            if (r["spec"], r["budget"], _kind(r)) == (spec, budget, kind):
                per.setdefault(r["deal"], []).append(r)
    out: list[dict] = []
    for deal in sorted(per):
        nodes = 0
        seconds = 0.0
        for r in per[deal]:
            nodes += r["nodes"]
            seconds += r["seconds"]
            if r["outcome"] != "unknown":
                break
        out.append({**r, "nodes": nodes, "seconds": round(seconds, 3)})
    return out


def _chain_line(spec: str, args: list[str]) -> str:
    """The table's line of `--chain SPEC STORE:BUDGET:KIND ...`, or a ValueError naming the
    step that cannot be read."""
    steps: list[tuple[list[dict], int, str]] = []
    for a in args:
        path, sep, rest = a.partition(":")
        budget, sep2, kind = rest.partition(":")
        if not (sep and sep2 and budget.isdigit() and kind):
            raise ValueError(f"{a!r}: not STORE:BUDGET:KIND")
        if not Path(path).is_file():
            raise ValueError(f"{path}: no such store")
        steps.append((_read(Path(path)), int(budget), kind))
    rs = chain(spec, steps)
    if not rs:
        raise ValueError(f"no row of {spec} at any step")
    label = " → ".join(f"{b:,} ({k})" for _, b, k in steps)
    return _line(spec, label, "chain", rs)


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def table(rows: list[dict]) -> str:
    out = [
        "| spec | budget | deals | won | lost | unknown | decided % | bracket (95 % Wilson ends) "
        "| mean length of wins | nodes per decided deal, mean (max) | CPU s |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    keys = sorted(
        {(r["spec"], r["budget"], _kind(r)) for r in rows},
        key=lambda k: (_order(k[0]), k[1], k[2]),
    )
    for spec, budget, kind in keys:
        rs = [r for r in rows if (r["spec"], r["budget"], _kind(r)) == (spec, budget, kind)]
        out.append(_line(spec, f"{budget:,}", kind, rs))
    for (spec, kind), (budgets, rs) in sorted(
        escalated(rows).items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])
    ):
        out.append(_line(spec, " → ".join(f"{b:,}" for b in budgets), kind, rs))
    for (spec, kind), (budgets, rs, short) in sorted(
        partial_chains(rows).items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])
    ):
        steps = " → ".join(f"{b:,}" for b in budgets)
        label = f"{steps}, partial: {short} not searched at every step"
        out.append(_line(spec, label, kind, rs))
    return "\n".join(out)


def _line(spec: str, budget: str, kind: str, rs: list[dict]) -> str:
    from pipeline.stats import Tally, pct

    t = Tally()
    for r in rs:
        t.add(r["outcome"], r["nodes"], r["seconds"])
    s = t.summary()
    lo, hi = s["bracket"]
    blo, bhi = s["bounds"]
    wins = [r["length"] for r in rs if r["outcome"] == "won"]
    dec = [r["nodes"] for r in rs if r["outcome"] != "unknown"]
    mean_len = f"{sum(wins) / len(wins):.1f}" if wins else "—"
    nodes = f"{sum(dec) / len(dec):,.0f} ({max(dec):,})" if dec else "—"
    tag = "" if kind == "plain" else f" ({kind})"
    return (
        f"| {spec} | {budget}{tag} | {t.deals} | {t.won} | {t.lost} | {t.unknown} "
        f"| {100 * (t.won + t.lost) / t.deals:.1f} | {pct(lo, 1)}–{pct(hi, 1)} "
        f"({pct(blo, 1)}–{pct(bhi, 1)}) | {mean_len} | {nodes} | {t.seconds:.0f} |"
    )


def _order(spec: str) -> int:
    return SPECS.index(spec) if spec in SPECS else len(SPECS)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--budget", type=int, default=20_000, help="positions per deal")
    ap.add_argument("--only", help="comma-separated spec ids (default: the nine)")
    ap.add_argument(
        "--restarts",
        action="store_true",
        help="searches of growing budgets in other tie orders (Solver(restarts=True))",
    )
    ap.add_argument(
        "--again",
        default="",
        help="comma-separated larger budgets: the deals left unknown searched again at each",
    )
    ap.add_argument(
        "--bestfirst",
        type=float,
        default=0.0,
        help="share of each deal's nodes for the best-first searches after the restarts "
        "(pipeline.solve.bestfirst.SearchThenBestFirst; implies the restarts)",
    )
    ap.add_argument(
        "--dives",
        action="store_true",
        help="the restarts as short searches of one length (Solver(restarts=True, dives=True))",
    )
    ap.add_argument(
        "--dive-noise",
        type=int,
        default=0,
        metavar="N",
        help="with --dives: only noisy short searches, a random move first at one position "
        "in N (Solver(dive_noise=N); default 0: each plain search, then its noisy twin)",
    )
    ap.add_argument(
        "--cuts",
        action="store_true",
        help="the cuts' proof of loss on (Solver(cuts=True), pipeline/solve/cuts.py): twin "
        "cards above a pile's cut that need more places than copies outside it can fill",
    )
    ap.add_argument(
        "--kept",
        action="store_true",
        help="the restarts that keep the positions proven lost (pipeline.solve.kept."
        "KeptRestarts; the cuts on, noisy at one position in --dive-noise, default 4)",
    )
    ap.add_argument(
        "--beam",
        action="store_true",
        help="the beam policy's search: best-first on the budget, then the restarts on as "
        "many again (pipeline.solve.bestfirst.BestFirstThenSearch)",
    )
    ap.add_argument(
        "--seeds",
        default="",
        help="comma-separated deals searched at --budget instead of 1..--deals: a row's "
        "unknown deals taken further where its earlier run file is not at hand",
    )
    ap.add_argument("--out", type=Path, help="JSON lines, appended to (resumes)")
    ap.add_argument("--table", type=Path, help="print the table of a run's JSON lines")
    ap.add_argument(
        "--chain",
        nargs="+",
        metavar="ARG",
        help="SPEC STORE:BUDGET:KIND ...: print one row put together over those steps",
    )
    args = ap.parse_args()
    if args.chain:
        if len(args.chain) < 2:
            ap.error("--chain: SPEC and at least one STORE:BUDGET:KIND")
        try:
            print(_chain_line(args.chain[0], args.chain[1:]))
        except (ValueError, json.JSONDecodeError, KeyError) as e:
            print(f"book_games.py: --chain: {e}", file=sys.stderr)
            return 2
        return 0
    if args.table:
        print(table(_read(args.table)))
        return 0
    if args.out is None:
        ap.error("--out is required to run")
    names = args.only.split(",") if args.only else list(SPECS)
    again = tuple(int(b) for b in args.again.split(",") if b)
    if not 0 <= args.bestfirst < 1:
        ap.error("--bestfirst is a share of the nodes, at least 0 and below 1")
    if sum((args.dives, bool(args.bestfirst), args.beam, args.kept)) > 1:
        ap.error("--dives, --bestfirst, --beam and --kept are kinds of search: one at a time")
    if args.dive_noise and not (args.dives or args.kept):
        ap.error("--dive-noise is a kind of the dives or --kept: give one of them too")
    if args.dive_noise < 0:
        ap.error("--dive-noise: one position in N, N at least 1 (0: the dives' pairs)")
    try:
        seeds = tuple(int(d) for d in args.seeds.split(",") if d)
    except ValueError:
        ap.error(f"--seeds: not a comma-separated list of deals: {args.seeds!r}")
    if any(d < 1 for d in seeds):
        ap.error("--seeds: deals are numbered from 1")
    run(
        names,
        args.deals,
        args.budget,
        args.out,
        args.restarts,
        again,
        args.bestfirst,
        args.dives,
        seeds,
        args.beam,
        args.dive_noise,
        args.cuts,
        args.kept,
    )
    print(table([r for r in _read(args.out) if r["spec"] in names]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
