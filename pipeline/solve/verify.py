"""The verification report of a spec: is the interpretation sound, can it be won, how often,
and does that agree with what the book says and with the published figures?

Per spec: validation; invariants over random playouts (every card exactly once after every
move, undo restores the state exactly, the record replays to the same piles); win rates of
the solver, greedy and random play with 95 % intervals and bounds; mean game length; the
book's words on difficulty (`rules/figures/claims.yaml`, checked against the corpus by the
tests) and, for reference games, the published figure and whether the solver's figures
reproduce it (`pipeline.stats.published_verdict`: "reproduced" only inside a narrow interval
with few unknowns, else "not established", or "outside our bounds").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pipeline.errors import PasyansError
from pipeline.policies import DEFAULT_SEED, POLICIES
from pipeline.resources import data_dir
from pipeline.solve.search import UPPER_BOUND_NOTE
from pipeline.stats import (
    CONTRADICTED,
    REPRODUCED,
    REPRODUCED_WIDTH,
    UNKNOWN_LIMIT,
    headline,
    pct,
    published_verdict,
)


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


def invariants(
    game, playouts: int, max_moves: int = 200, seed: int = DEFAULT_SEED
) -> dict[str, Any]:
    """Random playouts checking, after every move, that every card is on the table exactly
    once and that undo restores the state exactly; at the end, that the record replays to
    the same piles. Counts of checks and of failures (with the first failure)."""
    from pipeline.engine import MemoSwitch
    from pipeline.engine.record import Record, replay
    from pipeline.engine.rng import SplitMix64, derive

    all_cards = sorted(range(game.ncards))
    out: dict[str, Any] = {
        "playouts": playouts,
        "moves": 0,
        "cards_once": 0,
        "undo_exact": 0,
        "replay_exact": 0,
    }
    first: str | None = None
    memo = MemoSwitch()  # the run's (see Game.new_state)
    for i in range(playouts):
        s = game.new_state(seed=seed + i, memo=memo)
        rng = SplitMix64(derive(seed + i, 7))
        for _ in range(max_moves):
            moves = s.legal_moves()
            if not moves:
                break
            m = moves[rng.below(len(moves))]
            before = ([list(p) for p in s.card_piles()], list(s.counters()))
            s.apply(m)
            out["moves"] += 1
            if sorted(s.cards_in_play()) != all_cards:
                out["cards_once"] += 1
                first = first or f"deal {seed + i}: cards lost or doubled after {m.notation}"
            s.undo()
            if ([list(p) for p in s.card_piles()], list(s.counters())) != before:
                out["undo_exact"] += 1
                first = first or f"deal {seed + i}: undo of {m.notation} is not exact"
            s.apply(m)
        rec = Record.from_json(s.record().to_json())
        again = replay(game, rec)
        if again.card_piles() != s.card_piles():
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
    seed: int = DEFAULT_SEED,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The report of one spec (a dict; see the module doc); `progress(k)` as deals are played
    or read from the store, k counting over the policies in turn."""
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
    for n, (policy, about) in enumerate((p, POLICIES[p]) for p in budgets):
        t = time.perf_counter()

        def step(done: int, _total: int, n: int = n) -> None:
            if progress:
                progress(n * deals + done)

        tally, reused = simulate(
            spec,
            range(seed, seed + deals),
            policy,
            budgets[policy],
            workers,
            store,
            progress=step if progress else None,
        )
        s = tally.summary()
        s.update(
            budget=budgets[policy],
            reused=reused,
            wall_seconds=round(time.perf_counter() - t, 3),
            search_seconds=round(tally.seconds, 3),
            note=about.note,
        )
        if not about.searches:
            s["mean_moves"] = round(tally.moves / tally.deals, 1) if tally.deals else None
        rates[policy] = s
    entry["rates"] = rates
    c = claims()
    book = c.get("book") or {}
    claim = book.get(key) or book.get(game.spec_id)  # the book speaks of the game, any reading
    if claim:
        entry["book"] = claim
    pub = (c.get("published") or {}).get(key)
    if pub and "solver" in rates:
        # the solver's figures: the upper bound of a person's rate
        entry["published"] = dict(pub, verdict=published_verdict(pub["win"], rates["solver"]))
    return entry


def verify(
    specs: list[str],
    deals: int,
    budgets: dict[str, int],
    store=None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The report of `specs`; `progress(done, total)` counts deals over every spec and policy."""
    total = len(specs) * len(budgets) * deals
    entries = []
    for i, spec in enumerate(specs):
        base = i * len(budgets) * deals

        def advance(k: int, base: int = base) -> None:
            if progress:
                progress(base + k, total)

        entries.append(verify_spec(spec, deals, budgets, store, workers, progress=advance))
    return {
        "deals": deals,
        "first_seed": DEFAULT_SEED,
        "budgets": budgets,
        "note": UPPER_BOUND_NOTE,
        "specs": entries,
    }


def failed(report: dict[str, Any]) -> bool:
    """Invalid spec, a broken invariant, or a published figure outside our bounds (one that
    is merely not established is no failure: it asks for more deals or a larger budget)."""
    for e in report["specs"]:
        if not e["valid"] or not e["invariants"]["ok"]:
            return True
        if e.get("published") and e["published"]["verdict"] == CONTRADICTED:
            return True
    return False


def verdict_words(verdict: str, r: dict[str, Any]) -> str:
    """Why a published figure is reproduced, not established or contradicted by the solver's
    figures `r` (`pipeline.stats.published_verdict`)."""
    lo, hi = r["bounds"]
    where = f"our 95 % bounds {pct(lo)}–{pct(hi)}"
    if verdict == REPRODUCED:
        return f"reproduced (inside {where})"
    if verdict == CONTRADICTED:
        return f"OUTSIDE {where}"
    return (
        f"not established ({where} are {100 * (hi - lo):.1f} points wide, with "
        f"{pct(r['unknown_share'], 0)} of deals unknown; reproducing it needs at most "
        f"{100 * REPRODUCED_WIDTH:.0f} points and {pct(UNKNOWN_LIMIT, 0)} unknown)"
    )


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
            lines.append(f"  {policy:6} {headline(r)}{extra}")
        if "book" in e:
            b = e["book"]
            lines.append(f"  the book ({b['sentence']}): «{b['quote']}» — {b['english']}")
        if "published" in e:
            p = e["published"]
            pm = f" ± {pct(p['plusminus'])}" if p.get("plusminus") else ""
            verdict = verdict_words(p["verdict"], e["rates"]["solver"])
            lines.append(f"  published: {pct(p['win'])}{pm} ({p['source']}): {verdict}")
    lines.append(f"note: {report['note']}")
    return "\n".join(lines) + "\n"


def html(report: dict[str, Any]) -> str:
    """One self-contained page (`pipeline.report`): inline CSS, inline SVG, nothing fetched
    (a book quote OCR'd from a scan shows its line cut from the page image, embedded)."""
    from html import escape

    from pipeline.ocr.scans import ScanFigures
    from pipeline.report.interval import LEGEND, interval_bar
    from pipeline.report.page import document

    scans = ScanFigures()

    def bar(r: dict, mark: float | None) -> str:
        shown = r["rate_over_decided"] is not None
        ci = tuple(r["rate_over_decided_ci95"]) if shown else None
        bounds = (r["bounds"][0], r["bounds"][1])
        return interval_bar(ci, r["rate_over_decided"], bounds=bounds, mark=mark)

    def bracket(r: dict) -> str:
        lo, hi = r["bracket"]
        return pct(lo) if lo == hi else f"{pct(lo)} – {pct(hi)}"

    def decided(r: dict) -> str:
        if r["rate_over_decided"] is None:
            return f"— ({pct(r['unknown_share'], 0)} unknown)"
        clo, chi = r["rate_over_decided_ci95"]
        return f"{pct(r['rate_over_decided'])} ({pct(clo)} – {pct(chi)})"

    out = [
        f'<p class="caveat upper-bound">Note: {escape(report["note"])}.</p>',
        f"<p>{report['deals']} deals per policy (seeds from {report['first_seed']}); budgets: "
        + ", ".join(f"{escape(k)} {v:,}" for k, v in report["budgets"].items())
        + " (solver: positions per deal; greedy, random: moves per game"
        + "".join(f"; {k}: {POLICIES[k].unit}" for k in report["budgets"] if POLICIES[k].per_move)
        + "). "
        + LEGEND
        + "</p>",
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
            '<table class="rates"><tr><th>policy</th><th class="num">won</th>'
            '<th class="num">lost</th><th class="num">unknown</th><th class="num">win rate</th>'
            '<th class="num">95 % Wilson ends</th><th class="num">over decided deals</th>'
            '<th class="num">mean moves</th><th>interval</th><th>what it is</th></tr>'
        )
        for policy, r in e["rates"].items():
            mm = r.get("mean_moves")
            mark = pub["win"] if pub and policy == "solver" else None
            out.append(
                f'<tr class="{policy}"><td>{policy}</td><td class="num">{r["won"]}</td>'
                f'<td class="num">{r["lost"]}</td><td class="num">{r["unknown"]}</td>'
                f'<td class="num">{bracket(r)}</td>'
                f'<td class="num">{pct(r["bounds"][0])} – {pct(r["bounds"][1])}</td>'
                f'<td class="num">{decided(r)}</td>'
                f'<td class="num">{"—" if mm is None else mm}</td>'
                f"<td>{bar(r, mark)}</td><td>{escape(r['note'])}</td></tr>"
            )
        out.append("</table>")
        if "book" in e:
            b = e["book"]
            out.append(
                f'<div class="book"><p>The book ({escape(b["sentence"])}):</p>'
                f'<blockquote class="quote" lang="ru">«{escape(b["quote"])}»</blockquote>'
                + scans.figure(b.get("spans") or _sentence_spans(b["sentence"]))
                + f'<blockquote class="modern" lang="ru">«{escape(b["modern"])}» '
                "(modern spelling)</blockquote>"
                f'<blockquote class="english" lang="en">“{escape(b["english"])}” (Cadogan)'
                "</blockquote></div>"
            )
        if pub:
            pm = f" ± {pct(pub['plusminus'])}" if pub.get("plusminus") else ""
            cls = {REPRODUCED: "ok", CONTRADICTED: "bad"}.get(pub["verdict"], "unsettled")
            words = verdict_words(pub["verdict"], e["rates"]["solver"])
            if pub["verdict"] == CONTRADICTED:
                words += ": a defect to find"
            verdict = f'<span class="{cls}">{escape(words)}</span>'
            out.append(
                f'<p class="published">Published: <b>{pct(pub["win"])}{pm}</b> '
                f"({escape(pub['source'])}): {verdict}.</p>"
            )
        out.append("</section>")
    out.append(scans.defs())
    return document("pasyans verify", out, heading="Verification report")


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
