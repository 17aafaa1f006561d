"""The diff as text for a terminal and as JSON."""

from __future__ import annotations

import textwrap
from typing import Any

from pipeline.diff.behaviour import Behaviour, effects, outcome_tally
from pipeline.diff.citations import Citation
from pipeline.diff.structural import Difference, StructuralDiff
from pipeline.diff.values import group_counts, show
from pipeline.stats import headline, newcombe

KIND_WORDS = {"only-a": "only in A", "only-b": "only in B", "renamed": "renamed"}


def name(spec: Any) -> str:
    """`shah (cadogan)`."""
    r = spec.rules
    return f"{r['id']} ({r['variant']})" if r.get("variant") else str(r["id"])


def values(d: Difference, diff: StructuralDiff) -> tuple[str, str]:
    """Both sides' values as one-line strings (`—` where a side has nothing)."""
    la = d.path_a[-1] if d.path_a else None
    lb = d.path_b[-1] if d.path_b else None
    ca, cb = group_counts(diff.spec_a.rules), group_counts(diff.spec_b.rules)
    va = show(d.value_a, la, ca) if d.kind != "only-b" else "—"
    vb = show(d.value_b, lb, cb) if d.kind != "only-a" else "—"
    return va, vb


def _cite_lines(side: str, c: Citation, width: int = 96) -> list[str]:
    where = c.sentence or c.key
    if c.rule:
        where += f" (rule {c.rule})"
    out = [f"      {side} {where}:"]

    def wrap(s):
        return textwrap.wrap(s, width, initial_indent="        ", subsequent_indent="         ")

    if c.quote:
        out += wrap(f"«{c.quote}»")
        if c.modern and c.modern != c.quote:
            out += wrap(f"«{c.modern}» (modern spelling)")
    if c.reference:
        out += wrap(f'"{c.reference}" (English)')
    if not c.quote and not c.reference and c.note:
        out += wrap(f"note: {c.note}")
    return out


def citation_lines(d: Difference) -> list[str]:
    a, b = d.cite_a, d.cite_b
    if a and a.same_words(b):
        return _cite_lines("A, B", a)
    out = []
    if a:
        out += _cite_lines("A", a)
    if b:
        out += _cite_lines("B", b)
    return out


def structural_text(diff: StructuralDiff) -> str:
    a, b = diff.spec_a, diff.spec_b
    lines = [f"A: {name(a)}  {a.path or ''}".rstrip(), f"B: {name(b)}  {b.path or ''}".rstrip()]
    for c in diff.caveats:
        lines.append(f"note: {c}")
    if diff.groups.renamed:
        pairs = ", ".join(
            f"{ka} = {kb} ({diff.groups.reasons.get(ka, 'role')})"
            for ka, kb in diff.groups.renamed.items()
        )
        lines.append(f"pile groups matched by role, count and layout: {pairs}")
    if diff.equal:
        lines.append("no difference in the rules (names, notes, provenance and formatting aside)")
        return "\n".join(lines) + "\n"
    areas = diff.by_area()
    n = len(diff.differences)
    drawn = sum("layout" in (d.path_b or d.path_a or ()) for d in diff.differences)
    lines.append(
        f"{n} difference{'s' if n != 1 else ''} in {len(areas)} rule area"
        f"{'s' if len(areas) != 1 else ''}"
        + (f" ({drawn} of them only in where piles are drawn: layout)" if drawn else "")
    )
    for area, ds in areas:
        lines.append("")
        lines.append(area)
        for d in ds:
            va, vb = values(d, diff)
            lines.append(
                f"  {d.label}  ({KIND_WORDS[d.kind]})" if d.kind in KIND_WORDS else f"  {d.label}"
            )
            if d.kind != "renamed":
                lines.append(f"    A: {va}")
                lines.append(f"    B: {vb}")
            if d.note:
                lines.append(f"    ({d.note})")
            lines.extend(citation_lines(d))
    return "\n".join(lines) + "\n"


def _rate(outcomes: list[str]) -> str:
    """A side's headline (`pipeline.stats.headline`): an unfinished game is an unknown deal."""
    return headline(outcome_tally(outcomes).summary())


def seeds_list(seeds: list[int], limit: int = 12) -> str:
    shown = ", ".join(map(str, seeds[:limit]))
    return shown + (" …" if len(seeds) > limit else "")


def behaviour_text(diff: StructuralDiff, beh: Behaviour, boards: tuple[str, str] | None) -> str:
    n = beh.deals
    lines = [
        "",
        f"behaviour: {n} deals from seed {beh.seed}, policy {beh.policy} "
        f"(games stop after {beh.max_moves} moves)"
        + ("" if beh.shared_deals else "; the decks differ, so the deals are not the same"),
        f"  A: {_rate(beh.outcomes_a)}",
        f"  B: {_rate(beh.outcomes_b)}",
    ]
    if "unfinished" in beh.outcomes_a + beh.outcomes_b:
        lines.append(f"  (unknown: a game unfinished after {beh.max_moves} moves)")
    if beh.policy == "solver":
        from pipeline.solve import UPPER_BOUND_NOTE

        lines.append(f"  ({UPPER_BOUND_NOTE}; unfinished = the search budget ran out)")
    lo, hi = newcombe(beh.won_a, n, beh.won_b, n)
    lines.append(
        f"  B - A won {(beh.won_b - beh.won_a) / n:+.4f}  (95% interval {lo:+.4f} to {hi:+.4f})"
    )
    if beh.shared_deals:
        walk = "" if beh.policy == "random" else " (found by lockstep uniform random play)"
        lines.append(f"  play changed in {len(beh.changed)} of {n} deals{walk}")
    diffs = beh.differing
    lines.append(
        f"  outcome (won / lost / unfinished) differs in {len(diffs)} of {n} deals"
        + (f": {seeds_list(diffs)}" if diffs else "")
    )
    if beh.shared_deals and diff.differences:
        lines.append("")
        lines.append(effects_heading(beh) + ":")
        for key, k in effects(diff, beh):
            words = f"changed play in {k} of {n} deals" if k else f"no effect seen in {n} deals"
            lines.append(f"  {key}: {words}")
    if beh.first is not None and boards is not None:
        dv = beh.first
        lines.append("")
        lines.append(first_words(dv))
        lines.append("A:")
        lines.append(boards[0].rstrip("\n"))
        lines.append("B:")
        lines.append(boards[1].rstrip("\n"))
    return "\n".join(lines) + "\n"


def effects_heading(beh: Behaviour) -> str:
    if beh.effects_method == "isolated":
        return "how often each difference alone changes play (A against A with only it, same deals)"
    return "how often each difference changed play (credited at the first divergence of each deal)"


def first_words(dv: Any) -> str:
    head = f"first divergence: deal {dv.seed}, after {dv.moves_before} moves made alike, "
    if dv.kind == "moves":
        a = ", ".join(dv.only_a) or "none"
        b = ", ".join(dv.only_b) or "none"
        both = ", ".join(dv.both[:12]) + (" …" if len(dv.both) > 12 else "") or "none"
        return (
            head + f"the legal moves differ.\n  only in A: {a}\n  only in B: {b}"
            f"\n  on both sides: {both}"
        )
    what = "the position" if dv.kind == "position" else "the result"
    autos = (
        f"\n  automatic in A: {', '.join(dv.autos_a) or 'none'}"
        f"\n  automatic in B: {', '.join(dv.autos_b) or 'none'}"
    )
    return head + f"the move {dv.move} leaves {what} different (drawn after it).{autos}"


def to_json(diff: StructuralDiff, beh: Behaviour | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "a": {"spec": diff.spec_a.path, "id": diff.spec_a.id, "variant": diff.spec_a.variant},
        "b": {"spec": diff.spec_b.path, "id": diff.spec_b.id, "variant": diff.spec_b.variant},
        "equal": diff.equal,
        "caveats": diff.caveats,
        "groups": diff.groups.to_dict(),
        "moves": diff.moves,
        "deal_steps": diff.deal_steps,
        "areas": [area for area, _ in diff.by_area()],
        "differences": [d.to_dict() for d in diff.differences],
    }
    if beh is not None:
        out["behaviour"] = beh.to_dict()
    return out
