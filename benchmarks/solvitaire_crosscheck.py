"""Deal-by-deal cross-check of our solver against Solvitaire (Blake & Gent's C++ solver) on the
reference games: the same deal, both solvers, outcomes side by side.

Run from the repository root:
    python3 benchmarks/solvitaire_crosscheck.py canfield --deals 50 --budget 50000 \\
        --timeout 30000 --solvitaire BIN [--from-seed 0] [--out results.jsonl] [--json]
    python3 benchmarks/solvitaire_crosscheck.py canfield --write-deal 17 > deal17.json

- Deals: our seeds S..S+N-1 of `rules/reference/<game>.yaml` (or any spec path whose pile
  groups have the same roles), dealt by our engine; the settled first position is written in
  Solvitaire's deal format (tableau piles, foundations or hole, stock, waste, reserve; each
  pile bottom to top, a face-down card with a lower-case suit; ranks A 2..10 J Q K; free
  cells, reserve piles of capacity 1, start empty: the format has none) and solved by
  `taskset -c CPU BIN --type T --classify --timeout MS --streamliners none FILE`, or with
  `--custom-rules` when our spec leaves out a rule of the preset (`PRESETS`: every game of
  Blake & Gent's Tables 1-2 that both state; our specs keep cards on the foundations, so
  Solvitaire gets its preset with `"removable": false`). Games whose deal puts cards in the
  cells are refused (`NO_DEAL`: Solvitaire's deal schema has no `cells` key).
- Ours: `pipeline.solve.Solver` with a node budget (`--budget`, positions), in this process;
  or, with `--db STORE`, the outcome `pasyans simulate` stored for that deal (decided at any
  budget by any code version of the solver or its restarts, as `published_tables.py` counts
  it, or unknown at this budget), so a simulate run and this crosscheck search once. The
  core is the one `--engine` asks for (`compiled`, the default, or `pure`; an error when that
  is not the core the installed package loads).
  Pin the whole run to one core with `taskset -c 0` if wanted; Solvitaire is pinned to
  `--cpu`.
- Table: both won, both lost, one won and the other lost (a rule difference or a defect: the
  deals are listed), unknown on either side; and each side's win rate of its decided deals.
  For each deal ours wins, the moves of our line that Solvitaire's preset forbids are
  counted (`preset_forbids`: its Canfield builds nothing on a card of the base rank): a deal
  ours wins and Solvitaire proves lost without such a move would be a defect on one side.
- Solvitaire's `--timeout` is wall-clock: on a loaded machine a deal near it can be decided
  in one run and not in the next.
- `--out FILE`: one JSON line per deal, appended as it is finished; a rerun with the same
  FILE skips the deals already in it (same budget and timeout), so a long run can resume.
- `--write-deal SEED`: print that deal in Solvitaire's format and stop (to examine a deal:
  `BIN --type T FILE` without `--classify` prints Solvitaire's solution); `--write-rules`
  prints the rules it is given when they are not its preset's (`--custom-rules FILE`).
  `benchmarks/solvitaire_replay.py` follows a solution it prints with our legal moves.
- Table: also nodes per CPU-second and decided deals per CPU-minute of each side (ours from
  the store are wall seconds of the simulate run: a speed only on an idle core).
Nothing is asserted; Solvitaire is GPL and never a dependency (build it with
`bash ../shared/anchors/solvitaire/build.sh DIR`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from onecore import select_core  # benchmarks/ is on sys.path: run by path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # a checkout without an install; the installed package comes first
    sys.path.append(str(REPO))

# our spec key -> (Solvitaire's preset, changes to its rules, whether its one foundation is the
# "hole"). With no changes the preset is played (`--type`); with changes, the preset's rules as
# `--describe-game-rules` prints them, changed, are played (`--custom-rules`). The changes make
# Solvitaire's rules ours where our spec leaves a rule out: cards never come back from the
# foundations ("removable": false) in our specs.
NO_WORRY = {"foundations": {"removable": False}}
WHOLE_PILE = {"tableau piles": {"move built group": "whole-pile"}}
PRESETS: dict[str, tuple[str, dict, bool]] = {
    "canfield": ("canfield", {}, False),
    "canfield.blake-gent": ("canfield", {}, False),
    "canfield.whole-pile": ("canfield", WHOLE_PILE, False),
    "golf": ("golf", {}, True),
    "golf.nothing-on-king": ("golf", {}, True),
    "black-hole": ("black-hole", {}, True),
    "worm-hole": ("worm-hole", {}, True),
    "freecell": ("free-cell", {}, False),
    "bakers-game": ("bakers-game", {}, False),
    "king-albert": ("king-albert", NO_WORRY, False),
    "thirty-six": ("thirtysix", {}, False),
    "trigon": ("trigon", {}, False),
    "alpha-star": ("alpha-star", {}, False),
    "american-canister": ("american-canister", {}, False),
    "beleaguered-castle": ("beleaguered-castle", {}, False),
    "british-canister": ("british-canister", {}, False),
    "delta-star": ("delta-star", {}, False),
    "fan": ("fan", NO_WORRY, False),
    "fortunes-favor": ("fortunes-favor", {}, False),
    "northwest-territory": ("northwest-territory", NO_WORRY, False),
    "raglan": ("raglan", NO_WORRY, False),
    "siegecraft": ("siegecraft", {}, False),
    "somerset": ("somerset", NO_WORRY, False),
    "spanish-patience": ("spanish-patience", NO_WORRY, False),
    "streets-and-alleys": ("streets-and-alleys", {}, False),
    "stronghold": ("stronghold", {}, False),
    "thirty": ("thirty", {}, False),
    "accordion": ("accordion", {}, False),
    "late-binding": ("late-binding-solitaire", {}, False),
    "gaps": ("gaps-one-deal", {}, False),
    "gaps.basic": ("gaps-basic-variant", {}, False),
    # Solvitaire 23983059 plays its Spider-family presets with cards going to the foundations
    # one at a time: they say "only complete pile moves", its rules parser reads "complete
    # piles" (which its schema refuses). Our specs send only complete suits; the crosscheck
    # of these rows compares different rules; `spider.solvitaire`, `simple-simon.solvitaire`,
    # `spiderette.solvitaire`, `will-o-the-wisp.solvitaire` and `mrs-mop.solvitaire` state
    # Solvitaire's.
    "spider": ("spider", {}, False),
    "spider.solvitaire": ("spider", {}, False),
    "simple-simon": ("simple-simon", {}, False),
    "simple-simon.solvitaire": ("simple-simon", {}, False),
    "mrs-mop": ("mrs-mop", {}, False),
    "mrs-mop.solvitaire": ("mrs-mop", {}, False),
    "spiderette": ("spiderette", {}, False),
    "spiderette.solvitaire": ("spiderette", {}, False),
    "will-o-the-wisp": ("will-o-the-wisp", {}, False),
    "will-o-the-wisp.solvitaire": ("will-o-the-wisp", {}, False),
    "east-haven": ("east-haven", NO_WORRY, False),
    **{f"freecell.{n}-cells": (f"free-cell-{n}-cell", {}, False) for n in range(4)},
    **{f"freecell.{n}-piles": (f"free-cell-{n}-pile", {}, False) for n in range(4, 8)},
    **{
        f"klondike-{n}": ("klondike", {"stock": {"deal count": n}, **NO_WORRY}, False)
        for n in range(1, 8)
    },
}
# games whose tableau Solvitaire writes as one row ("accordion") or as rows with spaces
# ("sequences", 13 places each); our specs state them as piles of a tableau group
ROW_FORMAT = {
    "accordion": "accordion",
    "late-binding": "accordion",
    "gaps": "sequences",
    "gaps.basic": "sequences",
}
# games both state whose deals cannot be handed to Solvitaire, and why
NO_DEAL = {
    k: 'cards the deal puts in the cells: Solvitaire\'s deal schema has no "cells" key '
    "(its parser reads one, its schema refuses it: additionalProperties false)"
    for k in ("eight-off", "fore-cell", "fore-cell.same-suit", "seahaven-towers")
}


def load(spec: str):
    from pipeline.engine.loading import load_game

    return load_game(spec)


def key_of(game) -> str:
    return game.spec_id if game.variant is None else f"{game.spec_id}.{game.variant}"


def preset(game) -> tuple[str, bool]:
    key = key_of(game)
    if key in NO_DEAL:
        sys.exit(f"{key}: Solvitaire cannot take our deals: {NO_DEAL[key]}")
    if key not in PRESETS:
        sys.exit(f"no Solvitaire preset for {key!r} (one of: {', '.join(PRESETS)})")
    name, _, hole = PRESETS[key]
    return name, hole


def _merge(base: dict, change: dict) -> dict:
    out = dict(base)
    for k, v in change.items():
        out[k] = _merge(out.get(k, {}), v) if isinstance(v, dict) else v
    return out


def solvitaire_rules(binary: str, game) -> dict | None:
    """The rules Solvitaire plays for our spec: None for its preset unchanged, else the
    preset's rules (as the binary describes them) with our changes."""
    name, change, _ = PRESETS[key_of(game)]
    if not change:
        return None
    out = subprocess.run(
        [binary, "--describe-game-rules", name], capture_output=True, text=True, check=True
    ).stdout
    return _merge(json.loads(out[out.index("{") : out.rindex("}") + 1]), change)


def preset_forbids(game, kind: str, state, move) -> bool:
    """Whether Solvitaire's preset `kind` forbids a move our rules allow. Its Canfield counts
    tableau ranks from the foundations' base (base-1 is the highest), so nothing is built on
    a card of the base rank; ours wraps K-A all round (PySolFC's reading). Its other presets
    allow every move of ours (Klondike: more, cards come back from the foundations)."""
    from pipeline.engine.cards import RANK

    if kind != "canfield" or move.dst not in game.tableau or not state.piles[move.dst]:
        return False
    base = next(RANK[~v if v < 0 else v] for d in game.foundations for v in state.piles[d][:1])
    top = state.piles[move.dst][-1]
    return RANK[~top if top < 0 else top] == base


def forbidden_moves(game, kind: str, seed: int, moves: list[str]) -> list[str]:
    """The moves of our winning line (replayed) that Solvitaire's preset forbids."""
    state = game.new_state(seed=seed)
    out = []
    for text in moves:
        m = state.parse_move(text)
        if preset_forbids(game, kind, state, m):
            out.append(text)
        state.apply(m)
    return out


def _name(card, face_down_possible: bool) -> str:
    s = str(card)  # "QS", "10H": Solvitaire's schema takes 10, not T
    return s[:-1] + s[-1].lower() if face_down_possible and not card.face_up else s


def solvitaire_deal(game, state, hole: bool) -> dict:
    """The settled position `state` in Solvitaire's deal format (piles bottom to top)."""
    g = game
    groups: dict[str, list[list]] = {}
    for gid, piles in g.group_piles.items():
        role = g.role[piles[0]]
        if role == "reserve" and g.capacity[piles[0]] == 1:
            role = "cells"  # free cells: Solvitaire's deal format has none, so they start empty
        groups.setdefault(role, []).extend([state.pile(gid, n) for n in range(1, len(piles) + 1)])
    if any(groups.get("cells", [])):
        raise ValueError("cards in the cells after the deal: Solvitaire's deal format has no cells")
    fmt = ROW_FORMAT.get(key_of(g))
    if fmt == "accordion":  # one card a place, left to right; the cards set aside are no part
        return {"accordion": [str(p[-1]) for p in groups["tableau"] if p]}
    if fmt == "sequences":  # each row left to right, a space as ""
        rows = [groups["tableau"][i : i + 13] for i in range(0, len(groups["tableau"]), 13)]
        return {"sequences": [[str(p[-1]) if p else "" for p in r] for r in rows]}
    face_down = any(not c.face_up for p in groups.get("tableau", []) for c in p)
    deal: dict = {"tableau piles": [[_name(c, face_down) for c in p] for p in groups["tableau"]]}
    founds = [c for p in groups.get("foundation", []) for c in p]
    if hole:
        if len(groups["foundation"]) != 1 or not founds:
            raise ValueError("a hole game needs exactly one foundation with a card on it")
        deal["hole"] = str(founds[-1])
    elif founds:
        deal["foundations"] = [str(c) for c in founds]
    for role, key in (("stock", "stock"), ("talon", "waste"), ("reserve", "reserve")):
        cards = [str(c) for p in groups.get(role, []) for c in p]
        if cards or (role == "stock" and role in groups and not hole):
            deal[key] = cards
    return deal


_CSV = re.compile(r"^\s*\d*\s*,\s*([\w-]+)\s*,\s*(\d+)\s*,\s*(\d+)", re.M)


def run_solvitaire(
    binary: str, kind: str, deal: dict, cpu: int, timeout_ms: int, rules: dict | None = None
) -> dict:
    """Solvitaire's outcome on one deal: won | lost | unknown, states searched, CPU seconds.
    `rules`: custom rules (JSON) instead of the preset `kind`."""
    paths = []
    for doc in (deal, rules):
        if doc is None:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(doc, f)
            paths.append(f.name)
    game = ["--type", kind] if rules is None else ["--custom-rules", paths[1]]
    try:
        p = subprocess.run(
            ["taskset", "-c", str(cpu), binary, *game, "--classify",
             "--timeout", str(timeout_ms), "--streamliners", "none", paths[0]],
            capture_output=True, text=True, timeout=timeout_ms / 1000 * 3 + 60,
        )  # fmt: skip
    finally:
        for path in paths:
            os.unlink(path)
    m = _CSV.search(p.stdout)
    if not m:
        raise RuntimeError(f"solvitaire printed no result: {p.stdout[-200:]!r} {p.stderr[-300:]!r}")
    kind_out = m.group(1)
    outcome = {"solved": "won", "unsolvable": "lost"}.get(kind_out, "unknown")
    cpu_us = re.search(r"\[cpu-search-us\]\s*(\d+)", p.stderr)
    return {
        "outcome": outcome,
        "raw": kind_out,
        "states": int(m.group(3)),
        "cpu": int(cpu_us.group(1)) / 1e6 if cpu_us else None,
    }


def stored(db: str | None, game, seed: int, budget: int) -> dict | None:
    """Our outcome of deal `seed` from a `pasyans simulate --db` results store, when the
    solver, its restarts (`--policy restarts`), the beam (`--policy beam`) or the restarts as
    dives (`store_again.py --policy dives`), of any code version, decided it (any
    budget) or left it unknown at this budget; None when the store has no such row. Any
    version, as `published_tables.py` counts a row's deals: a search's won or lost is a
    proof whichever version made it, and the crosscheck is what shows that each version's
    proofs agree with Solvitaire's; the version is kept in `policy`. `nodes` is the
    positions searched, `cpu` the row's seconds (wall time of that run: CPU time only on an
    otherwise idle core)."""
    if not db or not Path(db).is_file():
        return None
    import sqlite3

    from pipeline.solve.runner import store_policy

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT outcome, work, seconds, budget, policy FROM results WHERE spec_hash = ? "
            "AND deal = ? AND (policy LIKE 'solver/%' OR policy LIKE 'restarts/%' "
            "OR policy LIKE 'beam/%' OR policy LIKE 'dives%/%')",
            (game.spec_hash, seed),
        ).fetchall()
    finally:
        con.close()
    # this code's rows first, then the largest budget
    mine = (store_policy("solver"), store_policy("restarts"), store_policy("beam"))
    rows.sort(key=lambda r: (r[4] not in mine, -r[3]))
    best = [r for r in rows if r[0] != "unknown"] or [r for r in rows if r[3] == budget]
    if not best:
        return None
    outcome, work, seconds, _, policy = best[0]
    return {"outcome": outcome, "nodes": work, "cpu": seconds, "from": "store", "policy": policy}


def crosscheck(args) -> list[dict]:
    from pipeline.solve import Budget, Solver

    game = load(args.spec)
    kind, hole = preset(game)
    rules = solvitaire_rules(args.solvitaire, game)
    solver = Solver(game)
    done: dict[int, dict] = {}
    if args.out and Path(args.out).is_file():
        for line in Path(args.out).read_text().splitlines():
            r = json.loads(line)
            if (r["spec"], r["budget"], r["timeout_ms"]) == (args.spec, args.budget, args.timeout):
                done[r["seed"]] = r
    # Solvitaire's side of a deal depends on its binary, the deal, its rules and its time,
    # never on our solver: an earlier run's answer for the same spec and timeout is reused
    theirs_before: dict[int, dict] = {}
    for path in args.solvitaire_from or []:
        for line in Path(path).read_text().splitlines():
            r = json.loads(line)
            if (Path(r["spec"]).name, r["timeout_ms"]) == (Path(args.spec).name, args.timeout):
                theirs_before[r["seed"]] = r["solvitaire"]
    rows = []
    for seed in range(args.from_seed, args.from_seed + args.deals):
        if seed in done:
            rows.append(done[seed])
            continue
        deal = solvitaire_deal(game, game.new_state(seed=seed), hole)
        ours = stored(args.db, game, seed, args.budget)
        if ours is None or (ours["outcome"] == "won" and kind == "canfield"):
            if args.db and ours is None:
                print(
                    f"crosscheck: deal {seed} has no outcome in {args.db} at budget "
                    f"{args.budget} or a decided one: our solver searches it now",
                    file=sys.stderr,
                    flush=True,
                )
            c0 = time.process_time()
            r = solver.solve(seed=seed, budget=Budget(nodes=args.budget))
            ours = {"outcome": r.outcome, "nodes": r.nodes, "cpu": time.process_time() - c0}
            if r.outcome == "won":
                ours["forbidden"] = len(forbidden_moves(game, kind, seed, r.moves))
        theirs = theirs_before.get(seed) or run_solvitaire(
            args.solvitaire, kind, deal, args.cpu, args.timeout, rules
        )
        row = {
            "spec": args.spec,
            "seed": seed,
            "budget": args.budget,
            "timeout_ms": args.timeout,
            "ours": ours,
            "solvitaire": theirs,
        }
        rows.append(row)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(row) + "\n")
        if args.verbose:
            print(
                f"seed {seed}: ours {ours['outcome']} ({ours['nodes']} nodes, "
                f"{ours['cpu']:.1f} s), solvitaire {theirs['outcome']} ({theirs['states']} "
                f"states, {theirs['cpu'] or 0:.1f} s)",
                file=sys.stderr,
                flush=True,
            )
    return rows


def wilson(k: int, n: int) -> tuple[float, float]:
    from pipeline.stats import wilson as w

    return w(k, n)


def summary(rows: list[dict]) -> dict:
    cls: dict[str, list[int]] = {
        "both won": [],
        "both lost": [],
        "ours won, solvitaire lost": [],
        "ours lost, solvitaire won": [],
        "ours unknown, solvitaire won": [],
        "ours unknown, solvitaire lost": [],
        "ours won, solvitaire unknown": [],
        "ours lost, solvitaire unknown": [],
        "both unknown": [],
    }
    for r in rows:
        o, t = r["ours"]["outcome"], r["solvitaire"]["outcome"]
        key = f"both {o}" if o == t else f"ours {o}, solvitaire {t}"
        cls[key].append(r["seed"])
    out: dict = {"deals": len(rows), "classes": cls}
    out["ours won, uses a move Solvitaire forbids"] = [
        r["seed"] for r in rows if r["ours"].get("forbidden")
    ]
    for side in ("ours", "solvitaire"):
        won = sum(r[side]["outcome"] == "won" for r in rows)
        lost = sum(r[side]["outcome"] == "lost" for r in rows)
        lo, hi = wilson(won, won + lost) if won + lost else (0.0, 1.0)
        out[side] = {
            "won": won,
            "lost": lost,
            "unknown": len(rows) - won - lost,
            "win_rate_decided": won / (won + lost) if won + lost else None,
            "ci95": [lo, hi],
            "cpu": sum(r[side]["cpu"] or 0 for r in rows),
        }
        cpu = out[side]["cpu"]
        work = sum(r[side].get("nodes", r[side].get("states")) or 0 for r in rows)
        out[side]["nodes_per_s"] = work / cpu if cpu else None
        out[side]["decided_per_cpu_min"] = (won + lost) / (cpu / 60) if cpu else None
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", help="canfield, klondike-3, golf, black-hole (or a spec path)")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--from-seed", type=int, default=0)
    ap.add_argument("--budget", type=int, default=50_000, help="our node budget per deal")
    ap.add_argument("--timeout", type=int, default=30_000, help="Solvitaire's ms per deal")
    ap.add_argument("--solvitaire", help="the built binary")
    ap.add_argument("--cpu", type=int, default=0, help="the CPU Solvitaire is pinned to")
    ap.add_argument("--out", help="JSON lines, one per deal; resumes a run")
    ap.add_argument("--db", help="take our outcomes from this `pasyans simulate` store")
    ap.add_argument(
        "--solvitaire-from",
        nargs="*",
        metavar="OUT",
        help="earlier --out files: Solvitaire's outcome of a deal of the same spec and "
        "--timeout is taken from them, not run again (it does not depend on our solver)",
    )
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--write-deal", type=int, metavar="SEED")
    ap.add_argument(
        "--write-rules",
        action="store_true",
        help="print the rules Solvitaire is given for this spec (its preset's, changed as ours "
        "leave a rule out: give it with --custom-rules) and stop; nothing when the preset is "
        "played as it is",
    )
    ap.add_argument("--engine", choices=("compiled", "pure"), default="compiled")
    args = ap.parse_args()
    engine = select_core(args.engine, None, REPO)  # an error when that core does not load
    if args.write_deal is not None:
        game = load(args.spec)
        deal = solvitaire_deal(game, game.new_state(seed=args.write_deal), preset(game)[1])
        print(json.dumps(deal))
        return 0
    if not args.solvitaire:
        ap.error("--solvitaire BIN is required (build.sh prints its path)")
    if args.write_rules:
        rules = solvitaire_rules(args.solvitaire, load(args.spec))
        if rules is not None:
            print(json.dumps(rules))
        return 0
    rows = crosscheck(args)
    s = summary(rows)
    if args.json:
        print(json.dumps(s, indent=1))
        return 0
    first, last = args.from_seed, args.from_seed + args.deals - 1
    kind = preset(load(args.spec))[0]
    change = PRESETS[key_of(load(args.spec))][1]
    played = (
        f"--type {kind}" if not change else f"--custom-rules ({kind} with {json.dumps(change)})"
    )
    print(engine)
    print(
        f"{args.spec}: seeds {first}..{last}, ours {args.budget:,} positions per deal, "
        f"Solvitaire {played} {args.timeout / 1000:g} s per deal"
    )
    for k, seeds in s["classes"].items():
        if seeds or k in ("both won", "both lost"):
            tail = "" if k in ("both won", "both lost") else f"  {seeds}"
            print(f"  {k:32} {len(seeds):4}{tail}")
    used = s["ours won, uses a move Solvitaire forbids"]
    if used:
        print(f"  ours won with a move Solvitaire's preset forbids: {len(used)} deals  {used}")
    for side in ("ours", "solvitaire"):
        x = s[side]
        rate = x["win_rate_decided"]
        lo, hi = x["ci95"]
        print(
            f"  {side:11} won {x['won']:4} lost {x['lost']:4} unknown {x['unknown']:4}  "
            f"decided win rate {'—' if rate is None else f'{100 * rate:.1f} %'} "
            f"[{100 * lo:.1f}, {100 * hi:.1f}]  CPU {x['cpu']:.0f} s, "
            f"{x['nodes_per_s'] or 0:,.0f} nodes/s, "
            f"{x['decided_per_cpu_min'] or 0:.1f} decided per CPU-minute"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
