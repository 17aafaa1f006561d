"""Blake & Gent's Tables 1 and 2 (The Winnability of Klondike and Many Other Patience Games,
JAIR 85, 2026) beside our figures: one Markdown row per published row, for
docs/published-tables.md.

Run from the repository root, after the runs that fill the store and the crosscheck file:
    pasyans simulate rules/reference/GAME.yaml --deals 200 --budget 50000 --workers 1 --db DB
    python3 benchmarks/solvitaire_crosscheck.py rules/reference/GAME.yaml --deals 50 \\
        --from-seed 1 --budget 50000 --timeout 10000 --solvitaire BIN --db DB --out CROSS
    python3 benchmarks/published_tables.py --db DB --cross CROSS [--deals 200] [--budget 50000]

- Ours: deals 1..N of the spec from the results store (`pasyans simulate` keys them by spec
  hash, deal, policy and budget; a decided deal at any budget counts, an undecided one at the
  largest budget tried, shown as the row's budget; rows of the solver, of its restarts
  (`--policy restarts`), of the beam (`--policy beam`: the beam's wins, then the restarts')
  and of the restarts as dives (`store_again.py --policy dives`); a won or lost of any is a
  proof), of every version, as
  the store keys them by the solver's code: a deal one version decides is decided, the
  crosscheck shows the versions sound), as `pasyans verify`
  reports them: the bracket won/N – (won+unknown)/N, its 95 % Wilson ends (the bounds), and
  whether the published figure lies inside the bounds.
- Solvitaire: the crosscheck's JSON lines (`--out`): deals both decide and whether they agree.
- Speed, nodes per CPU-second and decided deals per CPU-minute: ours over the N deals of the
  simulate run, its positions searched (the store) over its user CPU time (`--times`: lines
  `GAME simulate W s wall U s user`, as `/usr/bin/time -f "GAME simulate %e s wall %U s user"`
  prints them; the store's seconds are wall time, which on a shared machine is no speed);
  Solvitaire over the crosscheck's deals, its "states searched" (transposition hits
  included) over its `[cpu-search-us]`.
- A row without a spec says why (a block of the language still missing, or rules not
  published as a preset).
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

# (table, row as published, published % and ±, our spec key or None, why none); a row with
# no published figure (None) is a reading of ours set beside the published row above it
ROWS: list[tuple[int, str, float | None, float | None, str | None, str]] = [
    (1, "Accordion [Th.]", 99.99948, 0.00052, "accordion", ""),
    (1, "Baker's Game", 75.053, 0.028, "bakers-game", ""),
    (1, "Black Hole", 86.944, 0.022, "black-hole", ""),
    (1, "Canfield [Th.]", 71.245, 0.031, "canfield.blake-gent", ""),
    (1, "Eight Off", 99.8805, 0.0022, "eight-off", ""),
    (1, "Fore Cell", 85.617, 0.024, "fore-cell", ""),
    (1, "Fore Cell (Same Suit)", 10.564, 0.020, "fore-cell.same-suit", ""),
    (1, "FreeCell", 99.998881, 0.000207, "freecell", ""),
    (1, "FreeCell 0 Cells", 0.2137, 0.0031, "freecell.0-cells", ""),
    (1, "FreeCell 1 Cell", 19.348, 0.093, "freecell.1-cells", ""),
    (1, "FreeCell 2 Cells", 79.544, 0.091, "freecell.2-cells", ""),
    (1, "FreeCell 3 Cells", 99.3583, 0.0162, "freecell.3-cells", ""),
    (1, "FreeCell 4 Piles", 0.00866, 0.00058, "freecell.4-piles", ""),
    (1, "FreeCell 5 Piles", 3.859, 0.040, "freecell.5-piles", ""),
    (1, "FreeCell 6 Piles", 61.421, 0.098, "freecell.6-piles", ""),
    (1, "FreeCell 7 Piles", 98.857, 0.023, "freecell.7-piles", ""),
    (1, "Gaps One Deal", 85.815, 3.717, "gaps", ""),
    (1, "Gaps Basic Variant", 24.902, 0.028, "gaps.basic", ""),
    (1, "Golf [Th.]", 45.109, 0.032, "golf", ""),
    (1, "King Albert", 68.542, 0.092, "king-albert", ""),
    (1, "Klondike [Th.] (draw 3)", 81.945, 0.084, "klondike-3", ""),
    (1, "Klondike Draw 1", 90.480, 0.116, "klondike-1", ""),
    (1, "Klondike Draw 2", 88.620, 0.135, "klondike-2", ""),
    (1, "Klondike Draw 4", 69.337, 0.098, "klondike-4", ""),
    (1, "Klondike Draw 5", 53.434, 0.099, "klondike-5", ""),
    (1, "Klondike Draw 6", 35.854, 0.095, "klondike-6", ""),
    (1, "Klondike Draw 7", 23.779, 0.084, "klondike-7", ""),
    (1, "Late-Binding Solitaire", 47.021, 0.032, "late-binding", ""),
    (1, "Seahaven Towers", 89.332, 0.020, "seahaven-towers", ""),
    (1, "Simple Simon", 97.450, 0.034, "simple-simon.solvitaire", ""),
    (1, "Simple Simon, complete suits up", None, None, "simple-simon", ""),
    (1, "Spider [Th.]", 98.487, 1.513, "spider.solvitaire", ""),
    (1, "Spider, complete suits up", None, None, "spider", ""),
    (1, "Thirty Six [Th.]", 94.674, 0.100, "thirty-six", ""),
    (1, "Trigon", 15.996, 0.023, "trigon", ""),
    (1, "Worm Hole", 99.8886, 0.0074, "worm-hole", ""),
    (2, "Alpha Star", 47.794, 0.032, "alpha-star", ""),
    (2, "American Canister", 5.606, 0.015, "american-canister", ""),
    (2, "Beleaguered Castle", 68.170, 0.099, "beleaguered-castle", ""),
    (2, "British Canister", 0.000129, 0.000008, "british-canister", ""),
    (2, "Canfield (Whole Pile Moves) [Th.]", 67.562, 0.034, "canfield.whole-pile", ""),
    (2, "Carpet [Th.]", 87.558, 0.021, "carpet", ""),
    (2, "Carpet (Pre-founded Aces) [Th.]", 95.186, 0.014, "carpet.pre-founded", ""),
    (2, "Delta Star", 34.413, 0.030, "delta-star", ""),
    (2, "East Haven [Th.]", 82.844, 0.100, "east-haven", ""),
    (2, "Fan", 48.776, 0.099, "fan", ""),
    (2, "Fortune's Favor [Th.]", 99.9999879, 0.0000022, "fortunes-favor", ""),
    (2, "Mrs Mop", 97.992, 0.079, "mrs-mop.solvitaire", ""),
    (2, "Mrs Mop, complete suits up", None, None, "mrs-mop", ""),
    (2, "Northwest Territory [Th.]", 68.369, 0.094, "northwest-territory", ""),
    (2, "Raglan", 81.226, 0.085, "raglan", ""),
    (2, "Siegecraft", 99.136, 0.020, "siegecraft", ""),
    (2, "Somerset", 53.725, 0.097, "somerset", ""),
    (2, "Spanish Patience", 99.863, 0.003, "spanish-patience", ""),
    (2, "Spiderette [Th.]", 99.620, 0.018, "spiderette.solvitaire", ""),
    (2, "Spiderette, complete suits up", None, None, "spiderette", ""),
    (2, "Streets and Alleys", 51.187, 0.186, "streets-and-alleys", ""),
    (2, "Stronghold", 97.379, 0.042, "stronghold", ""),
    (2, "Thirty", 67.454, 0.030, "thirty", ""),
    (2, "Will O' The Wisp [Th.]", 99.9240, 0.0027, "will-o-the-wisp.solvitaire", ""),
    (2, "Will O' The Wisp, complete suits up", None, None, "will-o-the-wisp", ""),
]  # fmt: skip


# games no solver of the comparison plays, from English books of the period
# (rules/historical/<key>.yaml quotes its text): our first figure only
HISTORICAL: list[tuple[str, str]] = [
    ("usk", "Usk Patience, first deal (*Patience Games*, ch. XXI)"),
    ("benson", "Mr. E. F. Benson's patience, by twos (*Patience Games*, ch. XVII)"),
    ("marriage", "Marriage (*Feeling Better*, ch. XVIII)"),
]

# rows measured before this table (benchmarks/RESULTS.md, "Win rates: the reference games
# against published figures": seeds 0..N-1, and its crosscheck table): quoted, not rerun
EARLIER = {
    "black-hole": (
        "78.3 %–88.3 % [73.3 %–91.5 %]",
        "30 (10.0 %)",
        "300 (300,000)",
        "88 / 88 of 100",
    ),
    "golf": ("47.5 % [40.7 %–54.4 %]", "0", "200 (1,000,000)", "100 / 100 of 100"),
    "freecell": ("56.0 %–100.0 % [50.3 %–100.0 %]", "132 (44.0 %)", "300 (50,000)", "not run"),
    "canfield.blake-gent": (
        "47.0 %–90.3 % [41.4 %–93.2 %]",
        "130 (43.3 %)",
        "300 (50,000)",
        "170 / 170 of 300",
    ),
    "klondike-3": (
        "35.7 %–92.7 % [30.5 %–95.1 %]",
        "171 (57.0 %)",
        "300 (50,000)",
        "47 / 47 of 100",
    ),
}


EARLIER_EST = {"golf": "no: bounds 13.7 points wide"}


def ours(db: str, key: str, deals: int, budget: int | None) -> dict | None:
    from pipeline.engine.loading import load_game
    from pipeline.policies import SEARCHES
    from pipeline.stats import Tally

    path = REPO / "rules" / "reference" / f"{key}.yaml"
    if not path.is_file():
        path = REPO / "rules" / "historical" / f"{key}.yaml"
    game = load_game(str(path))
    if not Path(db).is_file():  # no store yet: the row is not run
        return None
    # the searches' rows, and the restarts run as dives (`store_again.py --policy dives`,
    # keyed `dives<noise>`): a won or lost of any is a proof
    kinds = [*(f"{p}/%" for p in SEARCHES), "dives%/%"]
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT deal, outcome, budget, work, seconds FROM results WHERE spec_hash = ? "
            f"AND ({' OR '.join('policy LIKE ?' for _ in kinds)}) AND deal BETWEEN 1 AND ?",
            (game.spec_hash, *kinds, deals),
        ).fetchall()
    finally:
        con.close()
    best: dict[int, tuple] = {}
    for deal, outcome, b, work, sec in rows:
        old = best.get(deal)
        if (
            old is None
            or (old[0] == "unknown" and outcome != "unknown")
            or (old[0] == outcome == "unknown" and b > old[3])
        ):
            best[deal] = (outcome, work, sec, b)
    if len(best) < deals:
        return None
    t = Tally()
    for outcome, work, sec, _ in best.values():
        t.add(outcome, work, sec)
    s = t.summary()
    s["nodes"] = t.moves
    tried = [b for o, _, _, b in best.values() if o == "unknown"]
    s["budget"] = max([*tried, budget or 0]) or None
    return s


def user_times(paths: list[str]) -> dict[str, float]:
    """Per game, the user CPU seconds of all its simulate runs (a rerun at a larger budget
    adds its own)."""
    out: dict[str, float] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines() if Path(path).is_file() else []:
            w = line.split()
            if len(w) == 8 and w[1] == "simulate" and w[7] == "user":
                out[w[0]] = out.get(w[0], 0.0) + float(w[5])
    return out


def cross(paths: list[str], key: str) -> dict | None:
    rows = {}
    for path in paths:
        if not Path(path).is_file():
            continue
        for line in Path(path).read_text().splitlines():
            r = json.loads(line)
            if Path(r["spec"]).stem == key or r["spec"] == key:
                rows[r["seed"]] = r
    if not rows:
        return None
    both = [
        r
        for r in rows.values()
        if "unknown" not in (r["ours"]["outcome"], r["solvitaire"]["outcome"])
    ]
    agree = sum(r["ours"]["outcome"] == r["solvitaire"]["outcome"] for r in both)
    dis = sorted(r["seed"] for r in both if r["ours"]["outcome"] != r["solvitaire"]["outcome"])
    out = {"deals": len(rows), "both": len(both), "agree": agree, "disagree": dis}
    for side, work in (("ours", "nodes"), ("solvitaire", "states")):
        cpu = sum(r[side]["cpu"] or 0 for r in rows.values())
        n = sum(r[side].get(work) or 0 for r in rows.values())
        dec = sum(r[side]["outcome"] != "unknown" for r in rows.values())
        out[side] = (n / cpu if cpu else None, dec / (cpu / 60) if cpu else None)
    return out


def plain(x: float) -> str:
    return f"{x:.10f}".rstrip("0").rstrip(".")


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--cross", nargs="*", default=[], help="crosscheck --out files")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--budget", type=int, help="the simulate runs' budget, when all are one")
    ap.add_argument(
        "--runs",
        nargs="*",
        default=[],
        help="folders of GAME.sim*.json (simulate --json): budgets, deals",
    )
    ap.add_argument(
        "--times", nargs="*", default=[], help="files of the runs' `/usr/bin/time` lines (above)"
    )
    ap.add_argument(
        "--previous",
        help="a table this script printed before (docs/published-tables.md): its rows that no "
        "--runs folder covers are kept as they were, and a rerun row without a crosscheck "
        "keeps the earlier one's Solvitaire columns",
    )
    ap.add_argument(
        "--needs",
        action="store_true",
        help="instead of the table: for each row of --previous not established, the most "
        "unknown deals that still meet the bar at 200, 400, 600 and 1,000 deals",
    )
    args = ap.parse_args()
    if args.needs:
        if not args.previous:
            print("published_tables.py: --needs reads the table of --previous", file=sys.stderr)
            return 2
        print_needs(previous_rows(args.previous))
        return 0
    times = user_times(args.times)
    prev = previous_rows(args.previous) if args.previous else {}
    print(
        "| table | game | published (Blake & Gent) | our spec | ours: bracket [95 % bounds] | "
        "unknown | deals (budget) | published inside our bounds | agreement with Solvitaire "
        "(both decide / agree) | nodes/s ours / Solvitaire | decided per CPU-min ours / "
        "Solvitaire | established? |"
    )
    print("|---|---|---|---|---|---:|---:|---|---|---|---|---|")
    for table, name, win, pm, key, why in ROWS:
        pub = NOT_PUBLISHED if win is None else f"{plain(win)} % ± {plain(pm or 0)} %"
        if key is None:
            print(f"| {table} | {name} | {pub} | — ({why}) | not run | | | | | | | |")
            continue
        budget, deals, found = runs_of(args, key)
        if not found and key in prev:
            print(kept(prev[key], table, name, pub, win is None))
            continue
        s = ours(args.db, key, deals, budget)
        c = cross(args.cross, key)
        if s is None and key in EARLIER:
            fig, unk, deals, agree0 = EARLIER[key]
            print(
                f"| {table} | {name} | {pub} | `{key}` | {fig} (earlier run, RESULTS.md) | {unk} | "
                f"{deals} | yes | {agree0} | — | — | {EARLIER_EST.get(key, 'no: unknown > 5 %')} |"
            )
            continue
        if s is None:
            fig = "not run yet"
            unk = deals = inside = est = ""
        else:
            fig, unk, deals, est = figure(s)
            blo, bhi = s["bounds"]
            if win is None:
                inside, est = "—", bar_alone(est)
            else:
                inside = "yes" if blo <= win / 100 <= bhi else "**no**"
            if inside == "**no**":  # precise, but not the published figure: not reproduced
                est = ("no: " if est == "yes" else est + ", ") + OUTSIDE
        cpu = times.get(key)
        on = s["nodes"] / cpu if s and cpu else None
        orate = (s["won"] + s["lost"]) / (cpu / 60) if s and cpu else None
        old = prev.get(key, "").split(" | ")
        if c is None and len(old) == 12 and old[8] != "not run":
            agree = old[8].removesuffix(" (earlier crosscheck)") + " (earlier crosscheck)"
            tn, trate = earlier_solvitaire(old[9]), earlier_solvitaire(old[10])
        elif c is None:
            agree = "not run"
            tn = trate = None
        else:
            dis = f", **disagree on {c['disagree']}**" if c["disagree"] else ""
            agree = f"{c['both']} / {c['agree']} of {c['deals']}{dis}"
            tn, trate = c["solvitaire"]

        def num(x: float | None, fmt: str) -> str:
            return "—" if x is None else format(x, fmt)

        speed = f"{num(on, ',.0f')} / {num(tn, ',.0f')}"
        rate = f"{num(orate, '.1f')} / {num(trate, '.1f')}"
        print(
            f"| {table} | {name} | {pub} | `{key}` | {fig} | {unk} | {deals} | {inside} | "
            f"{agree} | {speed} | {rate} | {est} |"
        )
    print()
    print("| game (source) | our spec | ours: bracket [95 % bounds] | unknown | deals (budget) "
          "| nodes/s | decided per CPU-min | established? |")  # fmt: skip
    print("|---|---|---|---:|---:|---|---|---|")
    for key, name in HISTORICAL:
        budget, deals, found = runs_of(args, key)
        if not found and f"historical/{key}" in prev:
            print(prev[f"historical/{key}"])
            continue
        s = ours(args.db, key, deals, budget)
        if s is None:
            print(f"| {name} | `historical/{key}` | not run yet | | | | | |")
            continue
        fig, unk, dl, est = figure(s)
        cpu = times.get(key)
        on = f"{s['nodes'] / cpu:,.0f}" if cpu else "—"
        rate = f"{(s['won'] + s['lost']) / (cpu / 60):.1f}" if cpu else "—"
        print(f"| {name} | `historical/{key}` | {fig} | {unk} | {dl} | {on} | {rate} | {est} |")
    return 0


NEEDS_DEALS = (200, 400, 600, 1000)


def unknowns_allowed(win: float, n: int) -> int | None:
    """The most unknown deals of `n` with which a row whose share is `win` % meets
    `pasyans verify`'s bar (bounds at most 10 points wide, at most 5 % unknown), or None when
    even none unknown misses it. A row is planned with it: a share near 50 % cannot meet the
    bar on 200 deals whatever the budget, and more deals help only while the unknown deals
    stay under this count."""
    from pipeline.stats import wilson

    won = round(win / 100 * n)  # won + unknown: the unknown deals are those the search
    best = None  # has not yet won or proved lost, so the bracket ends on the published share
    for u in range(0, min(won, n // 20) + 1):
        if wilson(won, n)[1] - wilson(won - u, n)[0] > 0.10 + 1e-12:
            break
        best = u
    return best


def print_needs(prev: dict[str, str]) -> None:
    """The rows not established, what each has, and what the bar asks at more deals, taking
    the published share for ours (the share to be expected when the reading is the paper's)."""
    head = " / ".join(f"{n:,}" for n in NEEDS_DEALS)
    print(f"| game | published | now: unknown, deals (budget) | unknown allowed at {head} deals |")
    print("|---|---|---|---|")
    for _table, name, win, _pm, key, _why in ROWS:
        cells = prev.get(key or "", "").split(" | ")
        if win is None or len(cells) != 12 or not cells[11].startswith("no"):
            continue
        allowed = " / ".join(
            "—" if (u := unknowns_allowed(win, n)) is None else str(u) for n in NEEDS_DEALS
        )
        print(f"| {name} | {plain(win)} % | {cells[5]}, {cells[6]} | {allowed} |")


def previous_rows(path: str) -> dict[str, str]:
    """The rows of a table printed before, by spec key (`historical/KEY` for the historical
    games): the stores behind a row need not outlive the table, and a row not rerun is quoted
    as it was measured rather than dropped."""
    out: dict[str, str] = {}
    for line in Path(path).read_text().splitlines():
        cells = line.split(" | ")
        if line.startswith(("| 1 | ", "| 2 | ")) and len(cells) == 12:
            out[cells[3].strip("`")] = line
        elif len(cells) == 8 and cells[1].startswith("`historical/"):
            out[cells[1].strip("`")] = line
    return out


NOT_PUBLISHED = "— (the preset's text; not what Solvitaire plays)"
NO_ROW = "— (no published row"


def bar_alone(est: str) -> str:
    """The "established?" cell of a row with no published figure: only `pasyans verify`'s bar
    of width and unknown, since there is nothing to be inside of."""
    if est.startswith(NO_ROW):
        return est
    why = [w for w in est.removeprefix("no: ").split(", ") if w not in ("yes", OUTSIDE)]
    return f"{NO_ROW}; bar " + (f"not met: {', '.join(why)})" if why else "met)")


OUTSIDE = "published outside our bounds"


def kept(line: str, table: int, name: str, pub: str, unpublished: bool) -> str:
    """A row of the previous table under the name and published figure ROWS gives it now: a
    reading moved to a row of its own keeps the figures it was measured with."""
    cells = line.split(" | ")
    cells[0:3] = [f"| {table}", name, pub]
    if unpublished:
        cells[7] = "—"
        cells[11] = bar_alone(cells[11].removesuffix(" |")) + " |"
    return " | ".join(cells)


def earlier_solvitaire(cell: str) -> float | None:
    """Solvitaire's half of an earlier row's "ours / Solvitaire" cell."""
    theirs = cell.rsplit(" / ", 1)[-1].replace(",", "")
    return None if theirs == "—" else float(theirs)


def runs_of(args, key: str) -> tuple[int | None, int, bool]:
    """The budget and the number of deals of a game's simulate runs (`--runs` folders): the
    last deal any run reached, so runs of deals 1..400 and 401..500 make a row of 500 (a row
    shows 20 deals when only the crosscheck's were run); and whether any run was found."""
    budget, deals, found = args.budget, 0, False
    for folder in args.runs:
        for run in sorted(Path(folder).glob(f"{key}.*.json")):
            if not run.name[len(key) + 1 :].startswith(("sim", "hist")):
                continue
            try:
                r = json.loads(run.read_text())
            except json.JSONDecodeError:  # a run still going, or stopped before its summary
                print(f"{run}: no summary, not counted", file=sys.stderr)
                continue
            last = r.get("from_seed", 1) + r["deals"] - 1  # a run of deals S..S+N-1
            budget, deals, found = r["budget"], max(deals, last), True
    return budget, deals if found else args.deals, found


def figure(s: dict) -> tuple[str, str, str, str]:
    """Bracket with bounds, unknowns, deals (budget), and whether the figure is established:
    bounds at most 10 points wide and at most 5 % of the deals unknown (`pasyans verify`'s
    bar), else why not."""
    lo, hi = s["bracket"]
    blo, bhi = s["bounds"]
    why = []
    if bhi - blo > 0.10:
        why.append(f"bounds {100 * (bhi - blo):.1f} points wide")
    if s["unknown_share"] > 0.05:
        why.append("unknown > 5 %")
    est = "yes" if not why else "no: " + ", ".join(why)
    return (
        f"{pct(lo)}–{pct(hi)} [{pct(blo)}–{pct(bhi)}]",
        f"{s['unknown']} ({pct(s['unknown_share'])})",
        f"{s['deals']} ({s['budget'] or 0:,})",
        est,
    )


if __name__ == "__main__":
    sys.exit(main())
