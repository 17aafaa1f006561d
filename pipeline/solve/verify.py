"""The verification report of a spec: is the interpretation sound, can it be won, how often,
and does that agree with what the book says and with the published figures?

Per spec: validation; invariants over random playouts (every card exactly once after every
move, undo restores the state exactly, the record replays to the same piles); win rates of
the solver, greedy and random play with 95 % intervals and bounds; mean game length; the
book's words on difficulty (`rules/figures/claims.yaml`, checked against the corpus by the
tests) and, for reference games, the published figure and whether our bounds hold it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pipeline.errors import PasyansError
from pipeline.resources import data_dir
from pipeline.solve.search import UPPER_BOUND_NOTE

POLICY_NOTES = {
    "solver": "sees every card: an upper bound for a person",
    "greedy": "plays as a person could: foundation moves first, then uncovering",
    "random": "uniform choice among the legal moves",
}


def claims() -> dict[str, Any]:
    import yaml

    path = data_dir("rules") / "figures" / "claims.yaml"
    with path.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def shipped_specs() -> list[str]:
    base = data_dir("rules")
    return [
        str(p) for p in (*sorted(base.glob("*.yaml")), *sorted((base / "reference").glob("*.yaml")))
    ]


def spec_key(game) -> str:
    return game.spec_id + (f".{game.variant}" if game.variant else "")


def invariants(game, playouts: int, max_moves: int = 200, seed: int = 0) -> dict[str, Any]:
    """Random playouts checking, after every move, that every card is on the table exactly
    once and that undo restores the state exactly; at the end, that the record replays to
    the same piles. Counts of checks and of failures (with the first failure)."""
    from pipeline.engine.record import Record, replay
    from pipeline.engine.rng import SplitMix64, derive

    all_cards = sorted(range(game.ncards))
    out = {"playouts": playouts, "moves": 0, "cards_once": 0, "undo_exact": 0, "replay_exact": 0}
    first: str | None = None
    for i in range(playouts):
        s = game.new_state(seed=seed + i)
        rng = SplitMix64(derive(seed + i, 7))
        for _ in range(max_moves):
            moves = s.legal_moves()
            if not moves:
                break
            m = moves[rng.below(len(moves))]
            before = ([list(p) for p in s.piles], list(s.sc))
            s.apply(m)
            out["moves"] += 1
            if sorted(s.cards_in_play()) != all_cards:
                out["cards_once"] += 1
                first = first or f"deal {seed + i}: cards lost or doubled after {m.notation}"
            s.undo()
            if ([list(p) for p in s.piles], list(s.sc)) != before:
                out["undo_exact"] += 1
                first = first or f"deal {seed + i}: undo of {m.notation} is not exact"
            s.apply(m)
        rec = Record.from_json(s.record().to_json())
        again = replay(game, rec)
        if again.piles != s.piles:
            out["replay_exact"] += 1
            first = first or f"deal {seed + i}: the record does not replay to the same piles"
    out["ok"] = not (out["cards_once"] or out["undo_exact"] or out["replay_exact"])
    out["first_failure"] = first
    return out


def verify_spec(
    spec: str,
    deals: int,
    budgets: dict[str, int],
    store=None,
    workers: int = 1,
    seed: int = 0,
) -> dict[str, Any]:
    """The report of one spec (a dict; see the module doc)."""
    from pipeline.engine.loading import load_game
    from pipeline.solve.runner import simulate

    entry: dict[str, Any] = {"spec": spec}
    try:
        game = load_game(spec)
    except PasyansError as e:
        entry.update(valid=False, problem=str(e))
        return entry
    key = spec_key(game)
    entry.update(
        valid=True,
        id=game.spec_id,
        variant=game.variant,
        key=key,
        title=(game.rules.get("title") or {}).get("ru")
        or (game.rules.get("title") or {}).get("en"),
        spec_hash=game.spec_hash,
        decks=game.decks,
    )
    entry["invariants"] = invariants(game, min(deals, 10), seed=seed)
    rates = {}
    for policy in ("solver", "greedy", "random"):
        t = time.perf_counter()
        tally, reused = simulate(
            spec, list(range(seed, seed + deals)), policy, budgets[policy], workers, store
        )
        s = tally.summary()
        s.update(
            budget=budgets[policy],
            reused=reused,
            wall_seconds=round(time.perf_counter() - t, 3),
            search_seconds=round(tally.seconds, 3),
            note=POLICY_NOTES[policy],
        )
        if policy != "solver":
            s["mean_moves"] = round(tally.moves / tally.deals, 1) if tally.deals else None
        rates[policy] = s
    entry["rates"] = rates
    c = claims()
    book = c.get("book") or {}
    claim = book.get(key) or book.get(game.spec_id)  # the book speaks of the game, any reading
    if claim:
        entry["book"] = claim
    pub = (c.get("published") or {}).get(key)
    if pub:
        lo, hi = rates["solver"]["bounds"]
        entry["published"] = dict(pub, agrees=lo <= pub["win"] <= hi)
    return entry


def verify(
    specs: list[str], deals: int, budgets: dict[str, int], store=None, workers: int = 1
) -> dict[str, Any]:
    entries = [verify_spec(s, deals, budgets, store, workers) for s in specs]
    return {"deals": deals, "budgets": budgets, "note": UPPER_BOUND_NOTE, "specs": entries}


def failed(report: dict[str, Any]) -> bool:
    """Invalid spec, a broken invariant, or a published figure outside our bounds."""
    for e in report["specs"]:
        if not e["valid"] or not e["invariants"]["ok"]:
            return True
        if e.get("published") and not e["published"]["agrees"]:
            return True
    return False


def _pct(x) -> str:
    return "—" if x is None else f"{100 * x:.2f} %"


def text(report: dict[str, Any]) -> str:
    lines = []
    for e in report["specs"]:
        if not e["valid"]:
            lines.append(f"{e['spec']}: INVALID: {e['problem']}")
            continue
        lines.append(f"{e['key']} ({e['spec']})")
        inv = e["invariants"]
        state = "ok" if inv["ok"] else f"FAILED: {inv['first_failure']}"
        lines.append(
            f"  invariants over {inv['playouts']} random playouts, {inv['moves']} moves: {state}"
        )
        for policy, r in e["rates"].items():
            extra = f", mean {r['mean_moves']} moves" if "mean_moves" in r else ""
            lines.append(
                f"  {policy:6} {r['won']}/{r['deals']} won, {r['unknown']} unknown: "
                f"{_pct(r['win_rate'])} [{_pct(r['ci95'][0])}, {_pct(r['ci95'][1])}], "
                f"bounds [{_pct(r['bounds'][0])}, {_pct(r['bounds'][1])}]{extra}"
            )
        if "book" in e:
            b = e["book"]
            lines.append(f"  the book ({b['sentence']}): «{b['quote']}» — {b['english']}")
        if "published" in e:
            p = e["published"]
            pm = f" ± {_pct(p['plusminus'])}" if p.get("plusminus") else ""
            verdict = "inside our bounds" if p["agrees"] else "OUTSIDE our bounds"
            lines.append(f"  published: {_pct(p['win'])}{pm} ({p['source']}): {verdict}")
    lines.append(f"note: {report['note']}")
    return "\n".join(lines) + "\n"


def html(report: dict[str, Any]) -> str:
    """One self-contained page: inline CSS, inline SVG, no script, nothing fetched (a book
    quote OCR'd from a scan shows its line cut from the page image, embedded)."""
    from html import escape

    from pipeline.ocr.scans import CSS as SCAN_CSS
    from pipeline.ocr.scans import ScanFigures

    scans = ScanFigures()

    def bar(r: dict, mark: float | None) -> str:
        w = 300
        lo, hi = r["bounds"]
        clo, chi = r["ci95"]
        rate = r["win_rate"]
        parts = [
            f'<svg class="interval" width="{w}" height="18" viewBox="0 0 {w} 18" '
            'role="img" xmlns="http://www.w3.org/2000/svg">',
            f'<rect x="0" y="8" width="{w}" height="2" fill="#ccc"/>',
            f'<rect class="bounds" x="{lo * w:.1f}" y="5" width="{max(1, (hi - lo) * w):.1f}" '
            'height="8" fill="#e3c9a0"/>',
        ]
        if r["won"] + r["lost"]:
            parts.append(
                f'<rect class="ci" x="{clo * w:.1f}" y="3" width="{max(1, (chi - clo) * w):.1f}" '
                'height="12" fill="#5a8fd0" fill-opacity="0.7"/>'
            )
        if rate is not None:
            parts.append(f'<rect x="{rate * w - 1:.1f}" y="1" width="2" height="16" fill="#123"/>')
        if mark is not None:
            parts.append(
                f'<rect class="published" x="{mark * w - 1:.1f}" y="0" width="2" height="18" '
                'fill="#c0392b"/>'
            )
        parts.append("</svg>")
        return "".join(parts)

    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>pasyans verify</title>",
        "<style>",
        "body{font-family:system-ui,sans-serif;margin:2em;max-width:70em;color:#222}",
        "table{border-collapse:collapse;margin:.5em 0 1.5em}",
        "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}",
        "th{background:#f3f3f3}td.l,th.l{text-align:left}",
        ".bad{color:#b00;font-weight:bold}.ok{color:#070}",
        "blockquote{margin:.3em 0 .3em 1em;font-style:italic}",
        ".note{background:#fff6d6;padding:.5em;border-left:4px solid #e0b000}",
        SCAN_CSS,
        "</style></head><body>",
        "<h1>Verification report</h1>",
        f'<p class="note upper-bound">Note: {escape(report["note"])}.</p>',
        f"<p>{report['deals']} deals per policy (seeds from 0); budgets: "
        + ", ".join(f"{escape(k)} {v:,}" for k, v in report["budgets"].items())
        + " (solver: positions per deal; greedy, random: moves per game). "
        "Bars: the 95 % Wilson interval of the decided deals (blue) inside the bounds that "
        "count unknown deals lost or won (tan); red: the published figure.</p>",
    ]
    for e in report["specs"]:
        if not e["valid"]:
            out.append(
                f'<section class="spec invalid"><h2>{escape(e["spec"])}</h2>'
                f'<p class="bad">Invalid: {escape(e["problem"])}</p></section>'
            )
            continue
        title = f" — {escape(e['title'])}" if e.get("title") else ""
        out.append(f'<section class="spec" id="{escape(e["key"])}">')
        out.append(f"<h2>{escape(e['key'])}{title}</h2>")
        inv = e["invariants"]
        cls, word = ("ok", "hold") if inv["ok"] else ("bad", "FAIL")
        out.append(
            f'<p class="invariants {cls}">Invariants {word} over {inv["playouts"]} random '
            f"playouts ({inv['moves']} moves): every card exactly once, undo exact, replay "
            "exact." + (f" {escape(inv['first_failure'])}" if inv["first_failure"] else "") + "</p>"
        )
        pub = e.get("published")
        out.append(
            '<table class="rates"><tr><th class="l">policy</th><th>won</th><th>lost</th>'
            "<th>unknown</th><th>win rate</th><th>95 % interval</th><th>bounds</th>"
            '<th>mean moves</th><th class="l">interval</th><th class="l">what it is</th></tr>'
        )
        for policy, r in e["rates"].items():
            mm = r.get("mean_moves")
            out.append(
                f'<tr class="{policy}"><td class="l">{policy}</td><td>{r["won"]}</td>'
                f"<td>{r['lost']}</td><td>{r['unknown']}</td><td>{_pct(r['win_rate'])}</td>"
                f"<td>{_pct(r['ci95'][0])} – {_pct(r['ci95'][1])}</td>"
                f"<td>{_pct(r['bounds'][0])} – {_pct(r['bounds'][1])}</td>"
                f"<td>{'—' if mm is None else mm}</td>"
                f'<td class="l">{bar(r, pub["win"] if pub and policy == "solver" else None)}</td>'
                f'<td class="l">{escape(r["note"])}</td></tr>'
            )
        out.append("</table>")
        if "book" in e:
            b = e["book"]
            out.append(
                f'<div class="book"><p>The book ({escape(b["sentence"])}):</p>'
                f"<blockquote>«{escape(b['quote'])}»</blockquote>"
                + scans.figure(b.get("spans") or _sentence_spans(b["sentence"]))
                + f"<blockquote>«{escape(b['modern'])}» (modern spelling)</blockquote>"
                f"<blockquote>“{escape(b['english'])}” (Cadogan)</blockquote></div>"
            )
        if pub:
            pm = f" ± {_pct(pub['plusminus'])}" if pub.get("plusminus") else ""
            verdict = (
                '<span class="ok">inside our bounds</span>'
                if pub["agrees"]
                else '<span class="bad">outside our bounds: a defect to find</span>'
            )
            out.append(
                f'<p class="published">Published: <b>{_pct(pub["win"])}{pm}</b> '
                f"({escape(pub['source'])}): {verdict}.</p>"
            )
        out.append("</section>")
    out.append(scans.defs())
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _sentence_spans(sentence: str) -> list[dict]:
    """The raw spans of a corpus sentence (`shah/note/2`), from the ingested game file
    `corpus/games/<game>.yaml` under the current directory ([] without one)."""
    import yaml

    path = Path("corpus") / "games" / f"{sentence.split('/')[0]}.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return []
    found: list[dict] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("id") == sentence and isinstance(node.get("spans"), list):
                found.extend(node["spans"])
                return
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(data)
    return found
