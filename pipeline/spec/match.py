"""Which pile group of one spec is which of another's, when their ids differ.

Two readings of one game may name the same piles differently (an extracted spec calls the
curated `columns` `rows`). Comparing them field by field needs a correspondence first; the
group ids themselves are names, not rules. Used by `pasyans diff` and `pasyans score`.

    from pipeline.spec.match import match_groups, rename_groups
    m = match_groups(spec_a, spec_b)      # Spec objects or canonical rules dicts
    m.mapping                            # {"columns": "rows", "stock": "stock", ...}  a -> b
    m.renamed                            # {"columns": "rows"}: the pairs whose ids differ
    m.only_a, m.only_b                   # groups with no counterpart
    rules_a_in_b = rename_groups(spec_a.rules, m.mapping)   # a's rules in b's names

Groups are paired by identical id first (same role); the rest by role, then count, then
layout, then everything else of the group, then their order in the spec. A group is never
paired with one of another role: a `tableau` that became a `reserve` is a removal and an
addition, which is what it is for the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "GroupMatch",
    "match_groups",
    "match_keyed",
    "rename_groups",
    "rename_ref",
    "similarity",
]


@dataclass(frozen=True)
class GroupMatch:
    """The correspondence of two specs' pile groups (ids of spec a -> ids of spec b)."""

    mapping: dict[str, str]
    only_a: list[str] = field(default_factory=list)
    only_b: list[str] = field(default_factory=list)
    #: for each renamed pair, why it was paired: "role, count and layout", "role and count", …
    reasons: dict[str, str] = field(default_factory=dict)

    @property
    def renamed(self) -> dict[str, str]:
        return {a: b for a, b in self.mapping.items() if a != b}

    def to_dict(self) -> dict[str, Any]:
        return {
            "mapping": dict(self.mapping),
            "renamed": self.renamed,
            "only_a": list(self.only_a),
            "only_b": list(self.only_b),
            "reasons": dict(self.reasons),
        }


def _rules(spec: Any) -> dict[str, Any]:
    return spec.rules if hasattr(spec, "rules") else spec


def similarity(a: Any, b: Any) -> float:
    """How alike two canonical values are, 0 … 1: the share of equal leaves."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = set(a) | set(b)
        if not keys:
            return 1.0
        return sum(similarity(a.get(k), b.get(k)) for k in keys) / len(keys)
    if isinstance(a, list) and isinstance(b, list):
        if not a and not b:
            return 1.0
        n = max(len(a), len(b))
        return sum(similarity(x, y) for x, y in zip(a, b, strict=False)) / n
    return 1.0 if a == b else 0.0


def _group_score(ga: dict, gb: dict) -> tuple[float, ...] | None:
    """Ranking key of a candidate pair (higher is better); None when roles differ."""
    if ga.get("role") != gb.get("role"):
        return None
    return (
        float(ga.get("count") == gb.get("count")),
        float(ga.get("layout") == gb.get("layout")),
        similarity(ga.get("layout"), gb.get("layout")),
        similarity(ga, gb),
    )


def _reason(ga: dict, gb: dict) -> str:
    parts = ["role"]
    if ga.get("count") == gb.get("count"):
        parts.append("count")
    if ga.get("layout") == gb.get("layout"):
        parts.append("layout")
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def match_keyed(
    a: dict[str, Any], b: dict[str, Any], score: Any = None, *, threshold: float = 0.0
) -> tuple[dict[str, str], list[str], list[str]]:
    """Pair the entries of two id-keyed collections: same id first, then best `score`.

    `score(va, vb)` returns a comparable key or None (never pair); pairs are taken greedily
    from the best score down, ties broken by position. Returns (mapping, only_a, only_b).
    """
    score = score or (lambda x, y: similarity(x, y))
    mapping = {k: k for k in a if k in b}
    rest_a = [k for k in a if k not in mapping]
    rest_b = [k for k in b if k not in mapping]
    pos_a = {k: i for i, k in enumerate(a)}
    pos_b = {k: i for i, k in enumerate(b)}
    cands = []
    for ka in rest_a:
        for kb in rest_b:
            s = score(a[ka], b[kb])
            if s is None:
                continue
            first = s[0] if isinstance(s, tuple) else s
            if first < threshold:
                continue
            cands.append((s, -abs(pos_a[ka] - pos_b[kb]), -pos_a[ka], ka, kb))
    cands.sort(key=lambda c: c[:3], reverse=True)
    used_b: set[str] = set()
    for *_, ka, kb in cands:
        if ka in mapping or kb in used_b:
            continue
        mapping[ka] = kb
        used_b.add(kb)
    only_a = [k for k in a if k not in mapping]
    only_b = [k for k in b if k not in used_b and k not in mapping.values()]
    ordered = {k: mapping[k] for k in a if k in mapping}
    return ordered, only_a, only_b


def match_groups(spec_a: Any, spec_b: Any) -> GroupMatch:
    """Pair the pile groups of two specs (Spec objects or canonical rules dicts).

    Same id and same role pair at once; the others pair by role, count and layout (then by
    the rest of the group and by order). `mapping` is a -> b for every paired group.
    """
    pa: dict[str, dict] = _rules(spec_a).get("piles") or {}
    pb: dict[str, dict] = _rules(spec_b).get("piles") or {}
    same = {k for k in pa if k in pb and pa[k].get("role") == pb[k].get("role")}
    rest_a = {k: v for k, v in pa.items() if k not in same}
    rest_b = {k: v for k, v in pb.items() if k not in same}
    # ids shared but roles differ must not pair by id: match_keyed pairs equal ids first,
    # so rename those ids apart before matching.
    tag_b = {f"\0{k}" if k in rest_a else k: k for k in rest_b}
    mapping_r, _, _ = match_keyed(rest_a, {t: rest_b[k] for t, k in tag_b.items()}, _group_score)
    mapping = {}
    reasons = {}
    for k in pa:
        if k in same:
            mapping[k] = k
        elif k in mapping_r:
            kb = tag_b[mapping_r[k]]
            mapping[k] = kb
            if kb != k:
                reasons[k] = _reason(pa[k], pb[kb])
    used = set(mapping.values())
    return GroupMatch(
        mapping=mapping,
        only_a=[k for k in pa if k not in mapping],
        only_b=[k for k in pb if k not in used],
        reasons=reasons,
    )


def rename_ref(ref: str, mapping: dict[str, str]) -> str:
    """`columns.3` -> `rows.3` under {"columns": "rows"}; unmapped groups are kept."""
    group, dot, n = ref.rpartition(".")
    if dot and n.isdigit():
        return f"{mapping.get(group, group)}.{n}"
    return mapping.get(ref, ref)


_REF_LISTS = {"to", "from", "gather", "send_to", "adjacent"}


def rename_groups(rules: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    """A copy of canonical rules with pile group ids renamed (keys of `piles` and `fill`, and
    every pile reference), so they compare with another spec's rules field by field."""

    def walk(node: Any, key: str | None) -> Any:
        if isinstance(node, dict):
            return {k: walk(v, k) for k, v in node.items()}
        if isinstance(node, list):
            if key in _REF_LISTS and all(isinstance(x, str) for x in node):
                return [rename_ref(x, mapping) for x in node]
            return [walk(x, None) for x in node]
        return node

    out = walk(rules, None)
    for section in ("piles", "fill"):
        if isinstance(out.get(section), dict):
            out[section] = {mapping.get(k, k): v for k, v in out[section].items()}
    return out
