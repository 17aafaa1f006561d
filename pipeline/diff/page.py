"""The diff as one self-contained HTML page (`pipeline.report`: no network, no scripts, no
external fonts).

Both specs side by side (their canonical rules, the differing fields highlighted), the
differences with their sentences in both spellings and in English, the behavioural table,
each reading's opening layout and the first diverging position of both sides as SVG.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pipeline.diff.behaviour import Behaviour, effects, marked_piles, outcome_tally
from pipeline.diff.citations import Citation
from pipeline.diff.report import KIND_WORDS, effects_heading, first_words, name, values
from pipeline.diff.structural import NAMING, StructuralDiff, format_path
from pipeline.diff.values import group_counts, show
from pipeline.engine import compile_game
from pipeline.report.board import table_svg
from pipeline.report.interval import interval_bar
from pipeline.report.page import document
from pipeline.stats import newcombe, pct


def _cite(c: Citation | None, side: str, scans: Any = None) -> str:
    if c is None:
        return ""
    where = escape(c.sentence or c.key) + (f" (rule {escape(c.rule)})" if c.rule else "")
    out = [f'<div class="cite"><b>{side}</b> {where}']
    if c.quote:
        out.append(f'<blockquote class="quote" lang="ru">«{escape(c.quote)}»</blockquote>')
        if scans is not None and c.spans:  # the line on the page image, when it was OCR'd
            out.append(scans.figure(c.spans))
        if c.modern and c.modern != c.quote:
            out.append(
                f'<blockquote class="modern" lang="ru">«{escape(c.modern)}» '
                "<small>(modern spelling)</small></blockquote>"
            )
    if c.reference:
        out.append(f'<blockquote class="english" lang="en">“{escape(c.reference)}”</blockquote>')
    if c.note:
        out.append(f'<div class="note"><small>{escape(c.note)}</small></div>')
    out.append("</div>")
    return "".join(out)


def _spec_lines(rules: dict, hl: set[str]) -> str:
    """A spec's canonical rules, one field a line, highlighted where it differs."""
    counts = group_counts(rules)
    lines: list[tuple[bool, str]] = []  # (marked, text)

    def walk(node: Any, path: tuple, indent: int) -> None:
        for k, v in node.items() if isinstance(node, dict) else enumerate(node):
            p = (*path, k)
            key = format_path(p)
            label = f"- [{k}]" if isinstance(k, int) else f"{k}:"
            pad = "  " * indent
            hit = key + "=" in hl or any(key == h or key.startswith((h + ".", h + "[")) for h in hl)
            if (
                isinstance(v, dict)
                and v
                and not all(not isinstance(x, (dict, list)) for x in v.values())
            ) or (isinstance(v, list) and v and isinstance(v[0], dict)):
                lines.append((hit, f"{pad}{label}"))
                walk(v, p, indent + 1)
            else:  # a value on one line: marked when anything inside it differs
                hit = hit or any(
                    h.startswith((key + ".", key + "[")) and not h.endswith("=") for h in hl
                )
                lines.append((hit, f"{pad}{label} {show(v, k, counts)}"))

    body = {k: v for k, v in rules.items() if k not in NAMING}
    body["deal"] = {s["id"]: {k: v for k, v in s.items() if k != "id"} for s in body["deal"]}
    walk(body, (), 0)
    return "\n".join(
        f'<span class="hl">{escape(t)}</span>' if hit else escape(t) for hit, t in lines
    )


def opening(game: Any, rules: dict, seed: int) -> Any:
    """Deal `seed` as the book's plate shows it: the first deal step's rounds laid out
    (a whole pass when the step repeats until the stock is out), no card played."""
    state = game.new_state(seed=seed)
    steps = rules.get("deal") or []
    if not steps:
        return state
    step = steps[0]
    piles = [r.rpartition(".") for r in step["to"]]
    want = len(piles) * step["per_pile"] * (step["rounds"] or 1)
    for _ in range(1000):
        if state.phase != "deal" or sum(len(state.pile(g, int(n))) for g, _, n in piles) >= want:
            break
        deal = next((m for m in state.legal_moves() if m.notation == "deal"), None)
        if deal is None:
            break
        state.apply(deal)
    return state


def _solver_note(beh: Behaviour) -> str:
    if beh.policy != "solver":
        return ""
    from pipeline.solve import UPPER_BOUND_NOTE

    note = f"The {UPPER_BOUND_NOTE}; unfinished = the search budget ran out."
    return f"<p><small>{escape(note)}</small></p>"


def _behaviour(diff: StructuralDiff, beh: Behaviour) -> str:
    n = beh.deals
    rows = []
    for side, spec, outcomes in (
        ("A", diff.spec_a, beh.outcomes_a),
        ("B", diff.spec_b, beh.outcomes_b),
    ):
        s = outcome_tally(outcomes).summary()
        lo, hi = s["bracket"]
        blo, bhi = s["bounds"]
        rate = pct(lo) if lo == hi else f"{pct(lo)} – {pct(hi)}"
        decided = s["rate_over_decided"]
        ci = tuple(s["rate_over_decided_ci95"]) if decided is not None else None
        rows.append(
            f"<tr><td>{side}: {escape(name(spec))}</td><td class=num>{s['won']}</td>"
            f"<td class=num>{s['lost']}</td><td class=num>{s['unknown']}</td>"
            f"<td class=num>{n}</td><td class=num>{rate}</td>"
            f"<td class=num>{pct(blo)} – {pct(bhi)}</td>"
            f"<td>{interval_bar(ci, decided, bounds=(blo, bhi))}</td></tr>"
        )
    lo, hi = newcombe(beh.won_a, n, beh.won_b, n)
    d = (beh.won_b - beh.won_a) / n
    rows.append(
        f"<tr><td>B − A (won)</td><td></td><td></td><td></td><td></td><td class=num>{d:+.4f}"
        f"</td><td class=num>{lo:+.4f} – {hi:+.4f}</td>"
        f"<td>{interval_bar((lo, hi), d, low=-1.0)}</td></tr>"
    )
    out = [
        '<h2 id="behaviour">Behaviour</h2>',
        f"<p>{n} deals from seed {beh.seed}, policy <b>{escape(beh.policy)}</b>, games stop "
        f"after {beh.max_moves} moves"
        + ("" if beh.shared_deals else "; the decks differ, so no deal is shared")
        + ".</p>",
        _solver_note(beh),
        '<table class="behaviour"><tr><th>spec</th><th class=num>won</th><th class=num>lost</th>'
        "<th class=num>unknown</th><th class=num>deals</th>"
        "<th class=num>win rate</th><th class=num>95 % Wilson ends</th>"
        "<th>interval (0 to 1; B − A: −1 to 1)</th></tr>" + "".join(rows) + "</table>"
        f"<p><small>Unknown: a game unfinished after {beh.max_moves} moves. The win rate runs "
        "from the share won with every unknown game lost to the share with every one won; "
        "the bars draw its 95 % Wilson ends (tan) and, only when at most 5 % of games are "
        "unknown, the rate over decided games with its interval (blue).</small></p>",
    ]
    diffs = beh.differing
    if beh.shared_deals:
        walk = "" if beh.policy == "random" else " (found by lockstep uniform random play)"
        out.append(f"<p>Play changed in {len(beh.changed)} of {n} deals{walk}; ")
    else:
        out.append("<p>")
    out.append(
        f"the outcome (won / lost / unfinished) differs in {len(diffs)}"
        + (f": deals {escape(', '.join(map(str, diffs[:20])))}" if diffs else "")
        + ".</p>"
    )
    if beh.shared_deals and diff.differences:
        out.append(f"<p>{escape(effects_heading(beh))}.</p>")
        out.append('<table class="effects"><tr><th>difference</th><th>changed play in</th></tr>')
        for key, k in effects(diff, beh):
            words = f"{k} of {n} deals" if k else f"no effect seen in {n} deals"
            out.append(f"<tr><td><code>{escape(key)}</code></td><td>{words}</td></tr>")
        out.append("</table>")
    if beh.first is not None:
        dv = beh.first
        out.append('<h2 id="divergence">First diverging position</h2>')
        out.append(f"<pre>{escape(first_words(dv))}</pre>")
        out.append(
            "<p>Outlined: the piles of the moves only one side allows, or whose cards differ.</p>"
        )
        out.append('<div class="side">')
        marks = marked_piles(diff, dv)
        for side, st, mk in (("A", dv.state_a, marks[0]), ("B", dv.state_b, marks[1])):
            out.append(
                f"<div><h3>{side}</h3>"
                + table_svg(st, st.game, f"{side}: deal {dv.seed}, move {dv.moves_before}", mk)
                + "</div>"
            )
        out.append("</div>")
    return "\n".join(out)


def page(diff: StructuralDiff, beh: Behaviour | None, seed: int = 1) -> str:
    from pipeline.ocr.scans import ScanFigures

    scans = ScanFigures()
    a, b = diff.spec_a, diff.spec_b
    title = f"pasyans diff: {name(a)} vs {name(b)}"
    out = [
        f"<p>A: <code>{escape(str(a.path))}</code><br>B: <code>{escape(str(b.path))}</code></p>",
    ]
    for c in diff.caveats:
        out.append(f'<p class="caveat">Note: {escape(c)}</p>')
    if diff.groups.renamed:
        pairs = ", ".join(
            f"<code>{escape(ka)}</code> = <code>{escape(kb)}</code>"
            for ka, kb in diff.groups.renamed.items()
        )
        out.append(f"<p>Pile groups matched by role, count and layout: {pairs}</p>")
    out.append('<h2 id="differences">Differences</h2>')
    if diff.equal:
        out.append(
            '<p class="equal">No difference in the rules (names, notes, provenance and '
            "formatting aside).</p>"
        )
    else:
        out.append(
            '<table class="diff"><tr><th>field</th><th>A</th><th>B</th><th>sentences</th></tr>'
        )
        for area, ds in diff.by_area():
            out.append(f'<tr><td colspan=4 class="area">{escape(area)}</td></tr>')
            for d in ds:
                va, vb = values(d, diff)
                kind = f" <small>({KIND_WORDS[d.kind]})</small>" if d.kind in KIND_WORDS else ""
                cites = (
                    _cite(d.cite_a, "A, B", scans)
                    if d.cite_a and d.cite_a.same_words(d.cite_b)
                    else _cite(d.cite_a, "A", scans) + _cite(d.cite_b, "B", scans)
                )
                out.append(
                    f'<tr class="difference" data-key="{escape(d.key)}">'
                    f"<td><code>{escape(d.label)}</code>{kind}</td>"
                    f'<td class="a">{escape(va)}</td><td class="b">{escape(vb)}</td>'
                    f"<td>{cites}</td></tr>"
                )
        out.append("</table>")
    if beh is not None:
        out.append(_behaviour(diff, beh))
    deal_seed = beh.seed if beh is not None else seed
    out.append(
        f'<h2 id="layouts">Opening layouts (deal {deal_seed}: the first deal step laid out, '
        'no card played)</h2><div class="side">'
    )
    for side, spec in (("A", a), ("B", b)):
        game = compile_game(spec)
        st = opening(game, spec.rules, deal_seed)
        out.append(
            f"<div><h3>{side}: {escape(name(spec))}</h3>"
            + table_svg(st, game, f"{side}: {name(spec)}, deal {deal_seed}")
            + "</div>"
        )
    out.append("</div>")
    # a rename marks the renamed key's own line; any other difference its whole block
    hl_a = {
        format_path(d.path_a) + ("=" if d.kind == "renamed" else "")
        for d in diff.differences
        if d.path_a is not None
    }
    hl_b = {
        format_path(d.path_b) + ("=" if d.kind == "renamed" else "")
        for d in diff.differences
        if d.path_b is not None
    }
    out.append('<h2 id="specs">The two specs (canonical form)</h2><div class="side">')
    for side, spec, hl in (("A", a, hl_a), ("B", b, hl_b)):
        out.append(
            f"<div><h3>{side}: {escape(name(spec))}</h3>"
            f'<pre class="spec">{_spec_lines(spec.rules, hl)}</pre></div>'
        )
    out.append("</div>")
    out.append(scans.defs())
    return document(title, out)
