"""Provenance: which sentence of which text states each rule field.

Kept beside the rules, not inside them, so the canonical form (and its hash) does not change
when a citation is corrected. Key paths use dots between mapping keys, `[n]` for list items,
and deal steps may be named by id (`deal.circles.rounds`).
"""

from __future__ import annotations

import re
from typing import Any

from pipeline.errors import excerpt
from pipeline.spec.problems import Problems

CITATION_FIELDS = ("text", "quote", "sentence", "rule", "reference", "note")
# Written by the extraction stage; kept only where given, so curated citations stay as they were.
OPTIONAL_FIELDS = ("origin", "spans")
_SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def parse_key_path(text: str) -> list[str | int] | None:
    """`setup[0].to` -> ["setup", 0, "to"]; None when the text is not a key path."""
    out: list[str | int] = []
    pos = 0
    while pos < len(text):
        if text[pos] == "." and out and pos + 1 < len(text):
            pos += 1
        m = _SEGMENT.match(text, pos)
        if not m or (m.group(1) is not None and out and text[pos - 1] not in "."):
            return None
        out.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    return out or None


def resolve(rules: dict[str, Any], path: list[str | int]) -> bool:
    """Whether the key path names a value of the canonical rules (defaults included)."""
    node: Any = rules
    for i, seg in enumerate(path):
        if isinstance(node, dict):
            if not isinstance(seg, str) or seg not in node:
                return False
            node = node[seg]
        elif isinstance(node, list):
            if isinstance(seg, int):
                if not 0 <= seg < len(node):
                    return False
                node = node[seg]
            elif path[:i] == ["deal"]:
                match = [s for s in node if isinstance(s, dict) and s.get("id") == seg]
                if not match:
                    return False
                node = match[0]
            else:
                return False
        else:
            return False
    return True


def split(raw: dict, rules: dict[str, Any], problems: Problems) -> dict[str, dict[str, Any]]:
    """The provenance block checked against the rules, every citation with all its fields."""
    out: dict[str, dict[str, Any]] = {}
    for key, cite in raw.items():
        kp = ("provenance", key)
        path = parse_key_path(key)
        if path is None:
            problems.add(
                kp,
                f"{excerpt(key)} is not a key path (keys joined by dots, [n] for list items)",
                at_key=True,
            )
            continue
        if not resolve(rules, path):
            problems.add(
                kp, f"provenance for {excerpt(key)}, which is not a field of this spec", at_key=True
            )
            continue
        cite = cite if isinstance(cite, dict) else {}
        texts = rules["source"]["texts"]
        if cite.get("text") not in texts:
            listed = ", ".join(texts) if texts else "none listed"
            problems.add(
                (*kp, "text"),
                f"text {excerpt(cite.get('text'))} is not one of this spec's source.texts "
                f"({listed})",
            )
        entry = {f: cite.get(f) for f in CITATION_FIELDS}
        entry.update({f: cite[f] for f in OPTIONAL_FIELDS if f in cite})
        if entry["rule"] is not None:
            entry["rule"] = str(entry["rule"])
        out[key] = entry
    return out
