"""Canonical values written back the way a spec author writes them: `columns` for all twelve
`columns.N`, `A` for rank 1, flow mappings on one line."""

from __future__ import annotations

from typing import Any

from pipeline.spec.vocab import RANK_NAMES

RANK_KEYS = {"ranks", "base", "last", "targets", "empty"}
REF_KEYS = {"to", "from", "gather", "send_to", "adjacent"}


def compact_refs(refs: list[str], counts: dict[str, int]) -> str:
    """`["columns.1", …, "columns.12", "stock.1"]` -> `[columns, stock]`; partial runs as
    `rays.1-3`."""
    out: list[str] = []
    i = 0
    while i < len(refs):
        g, _, n = refs[i].rpartition(".")
        if not n.isdigit():
            out.append(refs[i])
            i += 1
            continue
        j, k = i, int(n)
        while j + 1 < len(refs) and refs[j + 1] == f"{g}.{k + 1}":
            j, k = j + 1, k + 1
        first = int(n)
        if first == 1 and k == counts.get(g):
            out.append(g)
        elif j == i:
            out.append(refs[i])
        else:
            out.append(f"{g}.{first}-{k}")
        i = j + 1
    return out[0] if len(out) == 1 else "[" + ", ".join(out) + "]"


def _unset(v: Any) -> bool:
    """Left out of a one-line mapping: null, or a block of nulls (`source_depth: {}`)."""
    return v is None or (isinstance(v, dict) and all(x is None for x in v.values()))


def _rank(v: Any) -> Any:
    return RANK_NAMES.get(v, v) if isinstance(v, int) and not isinstance(v, bool) else v


def show(value: Any, key: str | int | None = None, counts: dict[str, int] | None = None) -> str:
    """One line for a canonical value found under `key`."""
    counts = counts or {}
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if key in REF_KEYS and isinstance(value, list) and all(isinstance(x, str) for x in value):
        return compact_refs(value, counts) if value else "[]"
    if key in RANK_KEYS:
        if isinstance(value, list):
            return "[" + ", ".join(str(_rank(v)) for v in value) + "]"
        return str(_rank(value))
    if isinstance(value, dict):
        inner = ", ".join(f"{k}: {show(v, k, counts)}" for k, v in value.items() if not _unset(v))
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ", ".join(show(v, None, counts) for v in value) + "]"
    return str(value)


def group_counts(rules: dict) -> dict[str, int]:
    return {g: p.get("count", 1) for g, p in (rules.get("piles") or {}).items()}
