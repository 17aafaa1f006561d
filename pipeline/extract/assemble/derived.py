"""Fields that name piles — a move's `from` and `to`, a deal step's `to`, a fill source's
`from` — rest on the sentences that named those piles: the Shah's
play goes from the circles («раскладываютъ кругъ изъ восьми картъ») and the talon
(«… составляютъ талонъ») to the foundations («Тузы служатъ основными картами»). Where an
area built such a field without citing it, it is cited here by those sentences, the note
saying which sentence named which pile (`origin: text`, as every citation of the text's
words). A field naming a pile the draft assumed (a count no sentence gives) is a default
too, its note saying why that pile was assumed; one naming a pile with no entry at all is
left to `coherence.unmarked`. The order a redeal gathers the piles in is no such field: the
piles are the text's, their order the draft's choice (`redeal`)."""

from __future__ import annotations

from typing import Any

_REFS = frozenset({"from", "to"})
_CITED = ("text", "origin", "sentence", "rule", "quote", "spans")


def _groups(value: Any) -> list[str] | None:
    """The pile groups a reference field names (`piles.3` is of `piles`), in order; None
    where the value is no list of references."""
    refs = value if isinstance(value, list) else [value]
    if not refs or not all(isinstance(r, str) for r in refs):
        return None
    return list(dict.fromkeys(r.split(".")[0] for r in refs))


def naming(
    spec: dict[str, Any], prov: dict[str, dict[str, Any]], origin: str = "text"
) -> dict[str, str]:
    """For each pile group, the provenance key whose words made it: the group or its role,
    the cards taken out that begin it, its count, any field of its own, the deal that lays
    it, or the turn of the stock that forms it (a talon) — the first the draft has, of this
    `origin` (`default`: the entry that says why the draft assumed it)."""
    text = [k for k, e in prov.items() if e.get("origin") == origin]
    said = set(text)
    piles = spec.get("piles") or {}
    out: dict[str, str] = {}

    def name(gid: str, key: str) -> None:
        if gid in piles and key in said:
            out.setdefault(gid, key)

    for gid in piles:
        for key in (f"piles.{gid}", f"piles.{gid}.role"):
            name(gid, key)
    for i, step in enumerate(spec.get("setup") or []):
        for gid in _groups(step.get("to")) or []:
            name(gid, f"setup[{i}].to")
    for gid in piles:
        name(gid, f"piles.{gid}.count")
    for gid in piles:
        for key in (k for k in text if k.startswith(f"piles.{gid}.")):
            name(gid, key)
    for step in spec.get("deal") or []:
        for gid in _groups(step.get("to")) or []:
            name(gid, f"deal.{step.get('id')}.to")
    for mid, move in (spec.get("moves") or {}).items():
        if move.get("kind") != "turn":
            continue
        for gid in [*(_groups(move.get("from")) or []), *(_groups(move.get("to")) or [])]:
            for key in (k for k in text if k == f"moves.{mid}" or k.startswith(f"moves.{mid}.")):
                name(gid, key)
    return out


def references(
    fields: list[tuple[tuple[str, ...], Any]], prov: dict[str, dict[str, Any]], spec: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """Citations for the reference fields among `fields` (paths no provenance entry covers)
    whose every pile group was named by a sentence: the first group's words, and a note
    giving each group's sentence."""
    names = naming(spec, prov)
    assumed = naming(spec, prov, "default")
    out: dict[str, dict[str, Any]] = {}
    for path, value in fields:
        if not path or path[-1] not in _REFS:
            continue
        groups = _groups(value)
        if not groups:
            continue
        if not all(g in names for g in groups):
            if all(g in names or g in assumed for g in groups):
                why = "; ".join(
                    f"{g}: {prov[assumed[g]].get('note')}" for g in groups if g not in names
                )
                out[".".join(path)] = {
                    "origin": "default",
                    "note": f"it names piles the draft assumed ({why})",
                }
            continue
        first = prov[names[groups[0]]]
        entry = {f: first[f] for f in _CITED if f in first}
        named: dict[str, list[str]] = {}
        for g in groups:
            named.setdefault(prov[names[g]]["sentence"], []).append(g)
        by = ", ".join(f"{sid} ({', '.join(gs)})" for sid, gs in named.items())
        entry["note"] = f"derived from {by}: the piles it names"
        out[".".join(path)] = entry
    return out
