"""The sentence behind a field: its provenance entry, in the book's spelling, in the modern
spelling and in the English reference.

A field without its own entry is covered by the nearest enclosing one (`moves.marry`
covers `moves.marry.build.suit`), a whole item without one by the first entry inside it;
deal steps are cited by id or by index.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class Citation:
    key: str  # the provenance key that covers the field
    text: str | None
    sentence: str | None
    rule: str | None
    quote: str | None
    modern: str | None
    reference: str | None
    note: str | None
    # the raw spans of the cited words ({source, start, end}): where the scan shows them
    spans: tuple = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "spans"}

    def same_words(self, other: Citation | None) -> bool:
        return other is not None and (self.sentence, self.quote, self.reference) == (
            other.sentence,
            other.quote,
            other.reference,
        )


@lru_cache(maxsize=4096)
def modern_spelling(text: str) -> str:
    """The 1918-reform projection of a pre-reform quote (a modern text comes back as is)."""
    from pipeline.normalize.correct import WORD
    from pipeline.normalize.lexicon import lexicon

    lex = lexicon(True)
    return WORD.sub(lambda m: lex.modern(m.group()), text)


def _keys(path: tuple, deal_ids: list[str]) -> list[str]:
    """Provenance keys that may cover `path`, the most specific first."""
    out: list[str] = []
    for n in range(len(path), 0, -1):
        prefix = path[:n]
        variants = [prefix]
        if len(prefix) > 1 and prefix[0] == "deal" and prefix[1] in deal_ids:
            variants.append(("deal", deal_ids.index(prefix[1]), *prefix[2:]))
        for v in variants:
            s = ""
            for seg in v:
                s += f"[{seg}]" if isinstance(seg, int) else (f".{seg}" if s else str(seg))
            out.append(s)
    return out


def cite(spec: Any, path: tuple) -> Citation | None:
    """The citation covering the field at `path` of `spec` (a `pipeline.spec.Spec`)."""
    prov = getattr(spec, "provenance", None) or {}
    deal_ids = [s.get("id") for s in spec.rules.get("deal") or []]
    keys = _keys(tuple(path), deal_ids)
    # a whole item (a fill rule only one side has) is cited by the first entry inside it
    own = [k for k in keys if k not in _keys(tuple(path)[:-1], deal_ids)]
    inside = [k for k in prov for o in own if k.startswith((o + ".", o + "["))]
    for key in keys + inside[:1]:
        entry = prov.get(key)
        if entry:
            quote = entry.get("quote")
            return Citation(
                key=key,
                text=entry.get("text"),
                sentence=entry.get("sentence"),
                rule=entry.get("rule"),
                quote=quote,
                modern=modern_spelling(quote) if quote else None,
                reference=entry.get("reference"),
                note=entry.get("note"),
                spans=tuple(entry.get("spans") or ()),
            )
    return None
