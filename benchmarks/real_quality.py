#!/usr/bin/env python3
"""Real rule texts: games found, refusals, key facts right, field F1, speed (issue 18 §5).

    python3 benchmarks/real_quality.py                 # every set, per-passage breakdown
    python3 benchmarks/real_quality.py --errors        # also every wrong fact of the dev set
    python3 benchmarks/real_quality.py --sets real-dev # only some sets
    python3 benchmarks/real_quality.py --json
    python3 benchmarks/real_quality.py --sets real-dev --assumed  # the uncited fields

`assumed`: the drafts' «assumed: …» lines (`origin: default`); `uncited`: those of them that
are no documented default but a field the assembler built that no sentence is cited for;
`derived`: fields cited by the sentences the assembler derived them from («derived from …»).

Sets:
- `corpus`: the raw scans of corpus/raw ingested as a user would (`pasyans ingest`); games
  present are the games of corpus/games/; field F1 against rules/<id>.yaml.
- `real-dev`, `real-heldout`: the passages of benchmarks/data/real/ (manifest.yaml gives the
  split, benchmarks/README.md the rule). `real-dev-2`, `real-heldout-2`: the second collection
  of the same folder (manifest sets `dev-2`, `heldout-2`), `real-dev-3`, `real-heldout-3`
  the third (`dev-3`, `heldout-3`), `real-dev-4`, `real-heldout-4` the fourth (`dev-4`,
  `heldout-4`), `real-dev-5`, `real-heldout-5` the fifth (`dev-5`, `heldout-5`),
  `real-dev-6`, `real-heldout-6` the sixth (`dev-6`, `heldout-6`), `real-dev-7`,
  `real-heldout-7` the seventh (`dev-7`, `heldout-7`), `real-dev-8`, `real-heldout-8` the
  eighth (`dev-8`, `heldout-8`), `real-dev-9`, `real-heldout-9` the ninth (`dev-9`,
  `heldout-9`), `real-dev-10`, `real-heldout-10` the tenth (`dev-10`, `heldout-10`),
  `real-dev-11`, `real-heldout-11` the eleventh (`dev-11`, `heldout-11`), `real-dev-12`,
  `real-heldout-12` the twelfth (`dev-12`, `heldout-12`) and `real-dev-13`, `real-heldout-13`
  the thirteenth (`dev-13`, `heldout-13`), measured the same way; `real-dev-14` the
  fourteenth (`dev-14`, development only, no held-out half), `real-dev-15` the fifteenth
  (`dev-15`, development only), `real-dev-16` the sixteenth (`dev-16`, program code only,
  development only), `real-dev-17` the seventeenth (`dev-17`, web-game strings, development
  only), `real-dev-18` the eighteenth (`dev-18`, program strings and code, development only),
  `real-dev-19` the nineteenth (`dev-19`, rule dialogs of browser games, development only)
  `real-dev-20` the twentieth (`dev-20`, program comments and tests, a site page and a
  control, development only), `real-dev-21` the twenty-first (`dev-21`, prose of sites,
  a book and articles, development only) and `real-dev-22`, `real-heldout-14` the
  twenty-second (`dev-22`, `heldout-14`, program code only); `real-dev-24` the
  twenty-fourth (`dev-24`, a site page and three controls, development only);
  `real-dev-25`, `real-heldout-15` the twenty-fifth (`dev-25`, `heldout-15`, program code
  only); `real-dev-26` the twenty-sixth (`dev-26`, AisleRiot help runs and programs,
  development only); `real-dev-27`, `real-heldout-16` the twenty-seventh (`dev-27`,
  `heldout-16`, prose of a catalogue site and a machine-translated wiki article). Each
  passage goes the whole way (read, normalize, segment, find games, extract), as
  `pasyans extract FILE` takes it. Games present and their key facts are in
  data/real/facts/<id>.yaml; a draft is paired with a present game by title, then in text
  order. Key facts right / key facts: each expected fact compared with the same key read off
  the draft's canonical rules (`spec_facts`); a game not found gets none right.
- `pages-N`: the invented pages of benchmarks/data/ (regression only): games present are the
  specs of each set; key facts are `spec_facts` of each gold spec; field F1 as in
  extract_quality.py (no play agreement here).

Refusals are listed with the message the user sees; the controls (passages that state no rule)
are counted apart: how many of them are refused, as they should be. Speed (`chars/CPU-s`):
characters of the input files per CPU second of the whole path a user runs (read, normalize,
segment, find games, extract, the draft's YAML text; not the scoring), one core, in this warm
process: the one-time start-up (pymorphy3's dictionaries, lexicons, vocabulary forms, the
grammar and all its island patterns, the schema check) is done before any set and printed apart.
A cold `pasyans extract FILE` pays that start-up too: `benchmarks/path_speed.py` measures both.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from onecore import pin_one_core  # noqa: E402

from pipeline.errors import PasyansError  # noqa: E402
from pipeline.extract import extract_game  # noqa: E402
from pipeline.extract.output import files_for  # noqa: E402
from pipeline.extract.score import field_score  # noqa: E402
from pipeline.segment.fold import fold  # noqa: E402
from pipeline.spec import load_spec  # noqa: E402
from pipeline.spec.refs import split_ref  # noqa: E402

REAL = ROOT / "benchmarks" / "data" / "real"
# Set name on the command line -> `set` of manifest.yaml. Only the dev sets are ever shown
# passage by passage; the held-out ones are counted.
REAL_SETS = {
    "real-dev": "dev",
    "real-heldout": "heldout",
    "real-dev-2": "dev-2",
    "real-heldout-2": "heldout-2",
    "real-dev-3": "dev-3",
    "real-heldout-3": "heldout-3",
    "real-dev-4": "dev-4",
    "real-heldout-4": "heldout-4",
    "real-dev-5": "dev-5",
    "real-heldout-5": "heldout-5",
    "real-dev-6": "dev-6",
    "real-heldout-6": "heldout-6",
    "real-dev-7": "dev-7",
    "real-heldout-7": "heldout-7",
    "real-dev-8": "dev-8",
    "real-heldout-8": "heldout-8",
    "real-dev-9": "dev-9",
    "real-heldout-9": "heldout-9",
    "real-dev-10": "dev-10",
    "real-heldout-10": "heldout-10",
    "real-dev-11": "dev-11",
    "real-heldout-11": "heldout-11",
    "real-dev-12": "dev-12",
    "real-heldout-12": "heldout-12",
    "real-dev-13": "dev-13",
    "real-heldout-13": "heldout-13",
    "real-dev-14": "dev-14",
    "real-dev-15": "dev-15",
    "real-dev-16": "dev-16",
    "real-dev-17": "dev-17",
    "real-dev-18": "dev-18",
    "real-dev-19": "dev-19",
    "real-dev-20": "dev-20",
    "real-dev-21": "dev-21",
    "real-dev-22": "dev-22",
    "real-heldout-14": "heldout-14",
    "real-dev-24": "dev-24",
    "real-dev-25": "dev-25",
    "real-heldout-15": "heldout-15",
    "real-dev-26": "dev-26",
    "real-dev-27": "dev-27",
    "real-heldout-16": "heldout-16",
}
DEV_SETS = (
    "real-dev",
    "real-dev-2",
    "real-dev-3",
    "real-dev-4",
    "real-dev-5",
    "real-dev-6",
    "real-dev-7",
    "real-dev-8",
    "real-dev-9",
    "real-dev-10",
    "real-dev-11",
    "real-dev-12",
    "real-dev-13",
    "real-dev-14",
    "real-dev-15",
    "real-dev-16",
    "real-dev-17",
    "real-dev-18",
    "real-dev-19",
    "real-dev-20",
    "real-dev-21",
    "real-dev-22",
    "real-dev-24",
    "real-dev-25",
    "real-dev-26",
    "real-dev-27",
)
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _rank(r: Any) -> Any:
    return RANKS.get(r, str(r)) if isinstance(r, int) else r


def _one(values: list) -> Any:
    """One value when all agree, else the sorted list of the different ones."""
    distinct = sorted({json.dumps(v, sort_keys=True) for v in values})
    out = [json.loads(v) for v in distinct]
    return out[0] if len(out) == 1 else out


def _groups(rules: dict, role: str) -> list[str]:
    return [g for g, p in rules["piles"].items() if p["role"] == role]


def _dealt(rules: dict) -> tuple[dict[str, int], dict[str, str]]:
    """Cards on each pile after the deal (a `stuck` step counts its first round, a `choice`
    step none), and the face of each pile: its steps' face where they agree,
    `down-but-last` where the cards under its last one went face down and the last face up
    (Spider's first row of the stock dealt as the deal's last round)."""
    stock = 52 * rules["decks"] - sum(
        len(s["take"]["cards"]) if s["take"].get("cards") else (s["take"].get("count") or 0)
        for s in rules.get("setup") or []
    )
    counts: dict[str, int] = {}
    faces: dict[str, list[str]] = {}
    for s in rules.get("setup") or []:
        for ref in s["to"]:
            counts[ref] = counts.get(ref, 0) + 1
    for step in rules.get("deal") or []:
        rounds = step["rounds"]
        if step.get("next_round") == "stuck":
            rounds = 1
        elif step.get("next_round") == "choice":
            continue  # even its first round waits for the player: none is dealt at the start
        targets = step["to"]
        r = 0
        while stock > 0 and (rounds is None or r < rounds):
            for i, ref in enumerate(targets):
                if step.get("triangle") and i < r:
                    continue
                n = min(step["per_pile"], stock)
                counts[ref] = counts.get(ref, 0) + n
                faces.setdefault(ref, []).append(step["face"])
                stock -= n
            r += 1
            if not targets:
                break
    return counts, {ref: _face(said) for ref, said in faces.items()}


def _face(said: list[str]) -> str:
    if len(set(said)) == 1:
        return said[0]
    if said[-1] == "up" and set(said[:-1]) <= {"down", "down-but-last"}:
        return "down-but-last"
    return said[-1]


def _tableau_move(rules: dict, tableau: set[str]) -> dict | None:
    for mv in (rules.get("moves") or {}).values():
        if mv.get("kind", "transfer") != "transfer":
            continue
        src = {split_ref(r)[0] for r in mv.get("from") or []}
        dst = {split_ref(r)[0] for r in mv.get("to") or []}
        if src & tableau and dst & tableau:
            return mv
    return None


def _onto(rules: dict, groups: set[str]) -> bool:
    """Whether some move puts a card onto a pile of these groups."""
    return any(
        mv.get("kind", "transfer") == "transfer"
        and {split_ref(r)[0] for r in mv.get("to") or []} & groups
        for mv in (rules.get("moves") or {}).values()
    )


def spec_facts(rules: dict) -> dict[str, Any]:
    """The key facts of canonical rules, in the vocabulary of data/real/facts
    (benchmarks/README.md, "Real rule texts")."""
    piles = rules["piles"]
    tableau, reserve, founds = (
        _groups(rules, "tableau"),
        _groups(rules, "reserve"),
        _groups(rules, "foundation"),
    )
    counts, faces = _dealt(rules)
    out: dict[str, Any] = {"decks": rules["decks"], "win": rules["win"]}
    t_refs = [f"{g}.{i}" for g in tableau for i in range(1, piles[g]["count"] + 1)]
    out["tableau.piles"] = len(t_refs)
    if t_refs:
        cards = [counts.get(r, 0) for r in t_refs]
        out["tableau.cards"] = cards[0] if len(set(cards)) == 1 else sorted(cards)
        face = {faces[r] for r in t_refs if r in faces}
        if len(face) == 1:
            out["tableau.face"] = face.pop()
    r_refs = [f"{g}.{i}" for g in reserve for i in range(1, piles[g]["count"] + 1)]
    out["reserve.piles"] = len(r_refs)
    out["reserve.cards"] = sum(counts.get(r, 0) for r in r_refs)
    out["foundations"] = sum(piles[g]["count"] for g in founds)
    if founds:
        bases = []
        for g in founds:
            base = piles[g]["foundation"]["base"]
            filled = [counts.get(f"{g}.{i}", 0) for i in range(1, piles[g]["count"] + 1)]
            setup_ranks = [
                r
                for s in rules.get("setup") or []
                if any(split_ref(t)[0] == g for t in s["to"])
                for r in (s["take"].get("ranks") or [])
            ]
            if setup_ranks:
                base = setup_ranks[0]
            elif all(filled) and base not in ("any",):
                base = "first" if base == "first" else base
            bases.append(_rank(base))
        out["foundation.base"] = _one(bases)
        for key in ("direction", "suit", "wrap"):
            out[f"foundation.{key}"] = _one([piles[g]["foundation"][key] for g in founds])
    mv = _tableau_move(rules, set(tableau))
    if mv is None:
        out["build.direction"] = "none"
    else:
        b = mv.get("build") or {}
        out["build.direction"] = b.get("direction", "none")
        out["build.suit"] = b.get("suit")
        out["build.run"] = mv.get("run") not in (False, None)
    fills = [rules["fill"][g] for g in tableau if g in (rules.get("fill") or {})]
    if fills and fills[0]["sources"]:
        src = split_ref(fills[0]["sources"][0]["from"][0])[0]
        out["space"] = f"fill:{piles[src]['role']}"
    elif mv is not None:
        empty = (mv.get("build") or {}).get("empty", "none")
        if isinstance(empty, str):
            out["space"] = empty
        else:
            out["space"] = _one([_rank(r) for r in empty]) if empty else "none"
    elif tableau and not _onto(rules, set(tableau)):
        out["space"] = "none"  # no move puts a card on a tableau pile: a space stays empty
    turns = [m for m in (rules.get("moves") or {}).values() if m.get("kind") == "turn"]
    stuck = [s for s in rules.get("deal") or [] if s.get("next_round") in ("stuck", "choice")]
    if turns:
        out["stock.turn"] = turns[0]["count"]
        rec = turns[0]["recycle"]
        out["redeals"] = rec
    elif stuck or rules.get("redeal"):
        out["stock.turn"] = "rows"
    else:
        out["stock.turn"] = "none"
    if rules.get("redeal"):
        out["redeals"] = rules["redeal"]["times"]
    out.setdefault("redeals", 0)
    return out


MANIFEST_KEYS = ("id", "file", "url", "kind", "game", "family", "set", "chars", "retrieved")
KINDS = {"site", "article", "book", "forum", "docs", "code"}
WINS = {"all-on-foundations", "foundations-complete", "tableau-empty", "all-face-up", "one-pile",
        "rows-in-sequence"}  # fmt: skip
SUITS = {"same", "any", "alternate", "same-colour"}
DIRECTIONS = {"up", "down", "both"}
RANK_NAMES = {"A", "J", "Q", "K", *map(str, range(2, 11))}
FILL_ROLES = {"stock", "talon", "reserve", "tableau", "foundation"}


def _count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _word(allowed: set[str]) -> Any:
    return lambda v: isinstance(v, str) and v in allowed


def _rank_name(v: Any) -> bool:
    return (isinstance(v, str) and v in RANK_NAMES) or (_count(v) and 2 <= v <= 10)


def _or_list(ok: Any) -> Any:
    """One value, or the different values of groups that differ (a list of two or more)."""
    return lambda v: ok(v) or (isinstance(v, list) and len(v) > 1 and all(ok(x) for x in v))


# The value each key of data/real/facts may take: the vocabulary `spec_facts` reads off a
# draft (benchmarks/README.md, "Real rule texts"). A fact outside it can never be right.
FACT_CHECKS: dict[str, Any] = {
    "decks": lambda v: _count(v) and v > 0,
    "tableau.piles": _count,
    "tableau.cards": lambda v: (_count(v)
                                or (isinstance(v, list) and bool(v) and all(map(_count, v)))),
    "tableau.face": _word({"up", "down", "down-but-last"}),
    "reserve.piles": _count,
    "reserve.cards": _count,
    "foundations": _count,
    "foundation.base": _or_list(lambda v: _rank_name(v) or v in ("any", "first")),
    "foundation.direction": _or_list(_word(DIRECTIONS)),
    "foundation.suit": _or_list(_word(SUITS)),
    "foundation.wrap": lambda v: isinstance(v, bool),
    "build.direction": _word(DIRECTIONS | {"none"}),
    "build.suit": _word(SUITS),
    "build.run": lambda v: isinstance(v, bool),
    "space": lambda v: (_rank_name(v) or v in ("any", "none")
                        or (isinstance(v, str) and v.startswith("fill:") and v[5:] in FILL_ROLES)),
    "stock.turn": lambda v: (_count(v) and v > 0) or v in ("rows", "none"),
    "redeals": lambda v: _count(v) or v == "unlimited",
    "win": _word(WINS),
}  # fmt: skip


def _load_yaml(path: Path, problems: list[str], name: str) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        problems.append(f"{name}: cannot be read: {str(err).splitlines()[0]}")
        return None


def _check_facts(data: Any, pid: str, rules: bool, problems: list[str]) -> None:
    name = f"facts/{pid}.yaml"
    if not isinstance(data, dict) or set(data) - {"passage", "games", "note"}:
        problems.append(f"{name}: not a mapping of passage, games (and note)")
        return
    if data.get("passage") != pid:
        problems.append(f"{name}: passage is {data.get('passage')!r}, not {pid!r}")
    games = data.get("games")
    if not isinstance(games, list):
        problems.append(f"{name}: games is not a list")
        return
    if rules != bool(games):
        want = "at least one game" if rules else "no game (rules: false)"
        problems.append(f"{name}: the manifest asks for {want}, the file has {len(games)}")
    for i, g in enumerate(games):
        where = f"{name}: games[{i}]"
        if not isinstance(g, dict) or set(g) - {"title", "facts", "unstatable", "note"}:
            problems.append(f"{where}: not a mapping of title, facts, unstatable (and note)")
            continue
        if not (g.get("title") is None or isinstance(g["title"], str)):
            problems.append(f"{where}: title is neither text nor null")
        facts = g.get("facts")
        if not isinstance(facts, dict):
            problems.append(f"{where}: facts is not a mapping")
            continue
        for k, v in facts.items():
            if k not in FACT_CHECKS:
                problems.append(f"{where}: unknown fact key {k!r}")
            elif not FACT_CHECKS[k](v):
                problems.append(f"{where}: {k} cannot be {v!r}")
        unstat = g.get("unstatable", [])
        if not isinstance(unstat, list) or not all(isinstance(u, str) for u in unstat):
            problems.append(f"{where}: unstatable is not a list of text")


def check_data(folder: Path = REAL) -> list[str]:
    """Every problem of a real-text folder, one line each: manifest entries without their
    passage or facts file, facts that `real_set` would misread or that no draft could ever
    match, files the manifest does not name. Empty when the folder is well formed."""
    problems: list[str] = []
    manifest = _load_yaml(folder / "manifest.yaml", problems, "manifest.yaml")
    if manifest is None:
        return problems or ["manifest.yaml: empty"]
    if not isinstance(manifest, list):
        return ["manifest.yaml: not a list of entries"]
    sets = set(REAL_SETS.values())
    seen: set[str] = set()
    for n, e in enumerate(manifest):
        if not isinstance(e, dict):
            problems.append(f"manifest.yaml: entry {n} is not a mapping")
            continue
        pid = str(e.get("id", f"#{n}"))
        where = f"manifest.yaml: entry {pid!r}"
        missing = [k for k in MANIFEST_KEYS if k not in e]
        if missing:
            problems.append(f"{where}: missing {', '.join(missing)}")
            continue
        if pid in seen:
            problems.append(f"{where}: id used twice")
        seen.add(pid)
        if e["file"] != f"{pid}.txt":
            problems.append(f"{where}: file {e['file']!r} is not {pid}.txt")
        if e["kind"] not in KINDS:
            problems.append(f"{where}: kind {e['kind']!r} is not one of {sorted(KINDS)}")
        if e["set"] not in sets:
            problems.append(f"{where}: set {e['set']!r} is not one real_quality.py measures")
        if e.get("rules", True) is not True and e.get("rules") is not False:
            problems.append(f"{where}: rules must be false or absent")
        text_path = folder / str(e["file"])
        if not text_path.is_file():
            problems.append(f"{where}: no file {e['file']}")
        elif e["chars"] != len(text_path.read_text(encoding="utf-8")):
            problems.append(f"{where}: chars {e['chars']} is not the file's length")
        facts_path = folder / "facts" / f"{pid}.yaml"
        if not facts_path.is_file():
            problems.append(f"{where}: no facts file facts/{pid}.yaml")
            continue
        data = _load_yaml(facts_path, problems, f"facts/{pid}.yaml")
        if data is not None:
            _check_facts(data, pid, e.get("rules", True) is not False, problems)
    for p in sorted(folder.glob("*.txt")):
        if p.stem not in seen:
            problems.append(f"{p.name}: not in manifest.yaml")
    for p in sorted((folder / "facts").glob("*.yaml")):
        if p.stem not in seen:
            problems.append(f"facts/{p.name}: no manifest entry")
    return problems


def _same(want: Any, got: Any) -> bool:
    if isinstance(want, list) and isinstance(got, list):
        return sorted(map(str, want)) == sorted(map(str, got))
    if isinstance(want, bool) or isinstance(got, bool):
        return want is got
    return str(want) == str(got)


def _key(title: str | None) -> str:
    from pipeline.segment.segmenter import slug

    return slug(fold(title)) if title else ""


def _pair(expected: list[dict], drafts: list[tuple[str | None, dict | None]]) -> list[int | None]:
    """Draft index for each expected game: same title first, then in text order."""
    free = list(range(len(drafts)))
    out: list[int | None] = [None] * len(expected)
    for i, g in enumerate(expected):
        k = _key(g.get("title"))
        for j in free:
            if k and _key(drafts[j][0]) == k:
                out[i] = j
                free.remove(j)
                break
    for i in range(len(expected)):
        if out[i] is None and free:
            out[i] = free.pop(0)
    return out


def run_text(
    path: Path, assumed: list[str] | None = None
) -> tuple[list[tuple[str | None, dict | None, str]], str | None]:
    """(title, canonical rules or None, game id) per game found, in the order the text has
    them, and the refusal message; `assumed` gathers the drafts' «assumed: …» lines."""
    from pipeline.ingest import build

    try:
        result = build([path])
    except PasyansError as err:
        return [], str(err)
    out = []
    by_id = {g["id"]: g for g in result.games}
    in_text = dict.fromkeys(i for s in result.sources for i in s.games)  # the text's order
    for game in (by_id[i] for i in in_text):
        title = game.get("title") or game.get("name")
        try:
            ex = extract_game(game, result.scans)
            files_for(ex)  # the draft's YAML text, as `pasyans extract` writes it
            out.append((title, ex.checked.rules, game["id"]))
            if assumed is not None:
                assumed.extend(_lines(ex))
        except PasyansError as err:
            out.append((title, None, f"{game['id']} ({err})"))
    return out, None


def _lines(ex: Any) -> list[str]:
    """The draft's «assumed: …» lines (`Extraction.assumed`) and a «derived: PATH» line for
    each field cited by the sentences it was derived from (a note «derived from …»)."""
    derived = [
        f"derived: {path}"
        for path, entry in ex.spec.get("provenance", {}).items()
        if entry.get("origin") == "text" and str(entry.get("note", "")).startswith("derived")
    ]
    return [*ex.assumed, *derived]


def _assumed(lines: list[str]) -> dict[str, int]:
    """Of `_lines`: the assumed lines, those of them that only say no sentence is cited for
    a field the assembler built (not a documented default), and the derived fields."""
    return {
        "assumed": sum(line.startswith("assumed:") for line in lines),
        "uncited": sum("no sentence cited for it" in line for line in lines),
        "derived": sum(line.startswith("derived:") for line in lines),
    }


def _assumed_total(rows: list[dict]) -> dict[str, int]:
    return {k: sum(r.get(k, 0) for r in rows) for k in ("assumed", "uncited", "derived")}


def start_up() -> float:
    """CPU seconds of the one-time loading a process does before its first text
    (`loadonce.load_once`), done apart so that no set's figure carries it."""
    from loadonce import load_once

    t0 = time.process_time()
    load_once(ROOT)
    return time.process_time() - t0


def real_set(which: str, errors: bool) -> dict:
    manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
    rows, wrong = [], []
    chars = 0
    cpu = 0.0
    for entry in manifest:
        if entry["set"] != which:
            continue
        path = REAL / entry["file"]
        facts = yaml.safe_load((REAL / "facts" / f"{entry['id']}.yaml").read_text("utf-8"))
        expected = facts["games"]
        chars += len(path.read_text(encoding="utf-8"))
        t0 = time.process_time()
        assumed: list[str] = []
        drafts, refusal = run_text(path, assumed)
        cpu += time.process_time() - t0
        pairing = _pair(expected, [(t, r) for t, r, _ in drafts])
        right = total = 0
        for g, j in zip(expected, pairing, strict=True):
            got = spec_facts(drafts[j][1]) if j is not None and drafts[j][1] else {}
            for k, v in g["facts"].items():
                total += 1
                ok = k in got and _same(v, got[k])
                right += ok
                if not ok and errors:
                    wrong.append((entry["id"], g.get("title") or "-", k, v, got.get(k, "(none)")))
        found = sum(j is not None for j in pairing)
        rows.append(
            {
                "passage": entry["id"],
                "present": len(expected),
                "found": found,
                "drafts": len(drafts),
                "ids": [d[2] for d in drafts],
                "facts": total,
                "right": right,
                "refusal": refusal,
                "unstatable": sum(len(g.get("unstatable") or []) for g in expected),
                **_assumed(assumed),
                "lines": [line for line in assumed if "no sentence cited for it" in line],
            }
        )
    return {
        "rows": rows,
        "present": sum(r["present"] for r in rows),
        "found": sum(r["found"] for r in rows),
        "refused": sum(r["refusal"] is not None and r["present"] > 0 for r in rows),
        # controls (texts that state no rule): how many are refused, as they should be
        "controls": sum(r["present"] == 0 for r in rows),
        "controls_refused": sum(r["present"] == 0 and r["refusal"] is not None for r in rows),
        "facts": sum(r["facts"] for r in rows),
        "right": sum(r["right"] for r in rows),
        **_assumed_total(rows),
        "chars": chars,
        "chars_per_second": round(chars / cpu) if cpu else None,
        "wrong": wrong,
    }


def corpus_set() -> dict:
    from pipeline.ingest import build

    raw = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
    present = sorted(p.stem for p in (ROOT / "corpus" / "games").glob("*.yaml"))
    chars = sum(len(p.read_text(encoding="utf-8")) for p in raw)
    cpu = 0.0
    t0 = time.process_time()
    result = build(raw)
    rows = []
    for _, game in sorted(result.by_file().items()):
        ex = extract_game(game, result.scans)
        files_for(ex)
        cpu += time.process_time() - t0
        f1 = None
        curated = ROOT / "rules" / f"{game['id']}.yaml"
        if curated.is_file():
            f1 = round(field_score(ex.checked, load_spec(curated)).f1, 3)
        rows.append({"game": game["id"], "f1": f1, **_assumed(_lines(ex))})
        t0 = time.process_time()
    found = [r["game"] for r in rows]
    scored = [r["f1"] for r in rows if r["f1"] is not None]
    return {
        "rows": rows,
        "present": len(present),
        "found": sum(g in found for g in present),
        "extra": sorted(set(found) - set(present)),
        "f1": round(sum(scored) / len(scored), 3) if scored else None,
        **_assumed_total(rows),
        "chars": chars,
        "chars_per_second": round(chars / cpu) if cpu else None,
    }


def pages_set(folder: Path) -> dict:
    from pipeline.ingest import build
    from pipeline.segment.segmenter import slug

    raw = folder / "raw.txt"
    chars = len(raw.read_text(encoding="utf-8"))
    cpu = 0.0
    t0 = time.process_time()
    refusal = None
    try:
        ingested = build([raw])
        found = {slug(g["title"] or g["name"] or g["id"]): g for g in ingested.games}
    except PasyansError as err:
        found, refusal = {}, str(err)
    rows = []
    for spec_path in sorted((folder / "specs").glob("*.yaml")):
        cpu += time.process_time() - t0
        gold = load_spec(spec_path)
        key = slug(gold.rules["title"]["ru"].strip().rstrip("."))
        want = spec_facts(gold.rules)
        row = {"game": spec_path.stem, "found": key in found, "f1": 0.0, "facts": len(want)}
        row["right"] = 0
        if key in found:
            t0 = time.process_time()
            try:
                ex = extract_game(found.pop(key), ingested.scans)
                files_for(ex)
            except PasyansError:
                cpu += time.process_time() - t0
                rows.append(row)
                continue
            cpu += time.process_time() - t0
            row["f1"] = round(field_score(ex.checked, gold).f1, 3)
            got = spec_facts(ex.checked.rules)
            row["right"] = sum(k in got and _same(v, got[k]) for k, v in want.items())
            row.update(_assumed(_lines(ex)))
        rows.append(row)
        t0 = time.process_time()
    n = max(len(rows), 1)
    return {
        "rows": rows,
        "present": len(rows),
        "found": sum(r["found"] for r in rows),
        "refusal": refusal,
        "facts": sum(r["facts"] for r in rows),
        "right": sum(r["right"] for r in rows),
        "f1": round(sum(r["f1"] for r in rows) / n, 3),
        **_assumed_total(rows),
        "chars": chars,
        "chars_per_second": round(chars / cpu) if cpu else None,
    }


def _pct(a: int, b: int) -> str:
    return f"{a}/{b} ({a / b:.0%})" if b else "0/0"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--errors", action="store_true", help="list every wrong fact (dev set)")
    ap.add_argument(
        "--assumed", action="store_true", help="list every uncited «assumed» line (dev set)"
    )
    ap.add_argument(
        "--check", action="store_true", help="only check data/real is well formed (exit 1 if not)"
    )
    ap.add_argument(
        "--sets",
        nargs="*",
        help="corpus, real-dev[-2..-8], real-heldout[-2..-8], pages (default all)",
    )
    args = ap.parse_args()
    if args.check:
        problems = check_data()
        print("\n".join(problems) or f"{REAL}: well formed")
        return 1 if problems else 0
    pin_one_core()
    want = set(args.sets or ["corpus", *REAL_SETS, "pages"])
    startup = start_up()
    out: dict[str, Any] = {}
    if "corpus" in want:
        out["corpus"] = corpus_set()
    for name, manifest_set in REAL_SETS.items():
        if name in want:
            out[name] = real_set(manifest_set, args.errors and name in DEV_SETS)
    if "pages" in want:
        for folder in sorted((ROOT / "benchmarks" / "data").glob("pages-*")):
            if (folder / "raw.txt").is_file():
                out[folder.name] = pages_set(folder)
    if args.json:
        data = {**out, "startup_cpu_s": round(startup, 3)}
        print(json.dumps(data, ensure_ascii=False, indent=1, default=str))
        return 0
    head = f"{'set':<16}{'games found':>14}{'refused':>9}{'key facts right':>20}{'F1':>7}"
    print(f"{head}{'assumed':>9}{'uncited':>9}{'derived':>9}{'chars/CPU-s':>13}")
    for name, x in out.items():
        refused = x.get("refused", int(bool(x.get("refusal"))))
        facts = _pct(x["right"], x["facts"]) if "facts" in x else "-"
        f1 = f"{x['f1']:.3f}" if x.get("f1") is not None else "-"
        print(
            f"{name:<16}{x['found']:>6}/{x['present']:<7}{refused:>9}{facts:>20}{f1:>7}"
            f"{x['assumed']:>9}{x['uncited']:>9}{x['derived']:>9}"
            f"{x['chars_per_second'] or 0:>13,}"
        )
    print(
        f"chars/CPU-s: whole path, read to draft YAML, warm (start-up of {startup:.2f} CPU s "
        "done before the first set; the sets run in this order and share word caches)"
    )
    if "corpus" in out:
        print(
            "corpus assumed/uncited/derived per game: "
            + ", ".join(
                f"{r['game']} {r['assumed']}/{r['uncited']}/{r['derived']}"
                for r in out["corpus"]["rows"]
            )
        )
    controls = [f"{n} {x['controls_refused']}/{x['controls']}" for n, x in out.items()
                if x.get("controls")]  # fmt: skip
    if controls:
        print("controls (texts that state no rule) refused: " + ", ".join(controls))
    for name in DEV_SETS:  # held-out passages are only ever counted, never shown
        if name not in out:
            continue
        print(
            f"\n{name}: per passage (games found/present, key facts right/facts, "
            "assumed/of them uncited, ids)"
        )
        for r in out[name]["rows"]:
            msg = f"  refused: {r['refusal']}" if r["refusal"] else ""
            ids = ", ".join(r["ids"])
            print(
                f"  {r['passage']:<30}{r['found']}/{r['present']}  {r['right']:>2}/{r['facts']:<3}"
                f"  {r['assumed']:>3}/{r['uncited']:<3} {ids}{msg}"
            )
            for line in r["lines"] if args.assumed else []:
                print(f"      {line}")
    for name in DEV_SETS:
        if args.errors and name in out:
            print(f"\n{name}: wrong facts (passage, game, key: expected / got)")
            for pid, title, k, v, got in out[name]["wrong"]:
                print(f"  {pid:<30}{title:<26}{k:<22}{v!s:<24}{got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
