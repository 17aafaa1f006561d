"""How close an extracted spec is to a curated one: field-level P/R/F1 and play agreement.

Fields are the canonical leaves (defaults filled on both sides, provenance excluded). Gold:
the leaves under the key paths the curated spec cites from the text. Claimed: the leaves
under the key paths the extracted spec cites with `origin: text`. Pile groups are paired by
`pipeline.spec.match` where their ids differ; the mapping is reported.

Agreement: random trajectories through the curated game (seeded), and at each position the
extracted game, fed the same moves (renamed), must offer exactly the same legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pipeline.engine.rng import SplitMix64, derive
from pipeline.spec.match import match_groups, rename_groups, rename_ref
from pipeline.spec.model import Spec
from pipeline.spec.provenance import parse_key_path

MAX_MOVES = 300  # per trajectory


def leaves(node: Any, prefix: str = "") -> dict[str, Any]:
    """Flatten canonical rules to `path -> scalar` (lists of scalars are one leaf)."""
    if isinstance(node, dict):
        if not node:
            return {prefix: {}}
        out: dict[str, Any] = {}
        for k, v in node.items():
            out.update(leaves(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    if isinstance(node, list) and any(isinstance(x, dict | list) for x in node):
        out = {}
        for i, v in enumerate(node):
            out.update(leaves(v, f"{prefix}[{i}]"))
        return out
    return {prefix: node}


def _path_text(rules: dict[str, Any], key: str) -> str | None:
    """A provenance key path in the leaf notation (deal steps by index, not id)."""
    path = parse_key_path(key)
    if path is None:
        return None
    out = ""
    node: Any = rules
    for seg in path:
        if isinstance(node, list) and isinstance(seg, str):
            idx = next((i for i, x in enumerate(node) if x.get("id") == seg), None)
            if idx is None:
                return None
            seg = idx
        if isinstance(seg, int):
            out += f"[{seg}]"
            node = node[seg] if isinstance(node, list) and seg < len(node) else None
        else:
            out += f".{seg}" if out else seg
            node = node.get(seg) if isinstance(node, dict) else None
    return out


def _under(all_leaves: dict[str, Any], prefix: str) -> list[str]:
    return [p for p in all_leaves if p == prefix or p.startswith((prefix + ".", prefix + "["))]


def _rename_path(path: str, mapping: dict[str, str]) -> str:
    for area in ("piles.", "fill."):
        if path.startswith(area):
            head, _, rest = path[len(area) :].partition(".")
            return area + mapping.get(head, head) + ("." + rest if rest else "")
    return path


@dataclass
class Score:
    precision: float
    recall: float
    f1: float
    agreement: float | None
    mapping: dict[str, str]
    missed: list[dict[str, Any]] = field(default_factory=list)
    wrong: list[dict[str, Any]] = field(default_factory=list)
    extra: list[dict[str, Any]] = field(default_factory=list)
    gold: int = 0
    claimed: int = 0
    positions: int = 0
    divergence: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "agreement": None if self.agreement is None else round(self.agreement, 4),
            "gold_fields": self.gold,
            "claimed_fields": self.claimed,
            "positions": self.positions,
            "mapping": self.mapping,
            "missed": self.missed,
            "wrong": self.wrong,
            "extra": self.extra,
            "first_divergence": self.divergence,
        }


def field_score(extracted: Spec, curated: Spec) -> Score:
    m = match_groups(extracted, curated)
    ext = rename_groups(extracted.rules, m.mapping)
    ext_leaves, cur_leaves = leaves(ext), leaves(curated.rules)
    gold: set[str] = set()
    for key in curated.provenance:
        p = _path_text(curated.rules, key)
        if p is not None:
            gold.update(_under(cur_leaves, p))
    claimed: set[str] = set()
    for key, cite in extracted.provenance.items():
        if cite.get("origin") == "default":
            continue
        p = _path_text(extracted.rules, key)
        if p is not None:
            claimed.update(_under(ext_leaves, _rename_path(p, m.mapping)))
    missing = object()
    hits = [p for p in gold if ext_leaves.get(p, missing) == cur_leaves[p]]
    right = [p for p in claimed if cur_leaves.get(p, missing) == ext_leaves[p]]
    precision = len(right) / len(claimed) if claimed else 0.0
    recall = len(hits) / len(gold) if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    sc = Score(precision, recall, f1, None, m.mapping, gold=len(gold), claimed=len(claimed))
    for p in sorted(gold - set(hits)):
        row = {"field": p, "curated": cur_leaves[p], "extracted": ext_leaves.get(p)}
        (sc.wrong if p in claimed else sc.missed).append(row)
    for p in sorted(claimed - set(right) - gold):
        row = {"field": p, "curated": cur_leaves.get(p), "extracted": ext_leaves[p]}
        (sc.extra if p not in cur_leaves else sc.wrong).append(row)
    return sc


def agreement(
    extracted: Spec, curated: Spec, deals: int = 10, seed: int = 1
) -> tuple[float, int, dict | None]:
    """(share of positions with the same legal moves, positions, first divergence)."""
    from pipeline.engine import compile_game

    m = match_groups(extracted, curated)
    back = {b: a for a, b in m.mapping.items()}
    g_cur, g_ext = compile_game(curated), compile_game(extracted)
    same = total = 0
    first: dict | None = None
    for d in range(deals):
        s_cur, s_ext = g_cur.new_state(seed=seed + d), g_ext.new_state(seed=seed + d)
        rng = SplitMix64(derive(seed + d, 1))
        following = True
        for _ in range(MAX_MOVES):
            cur_moves = s_cur.legal_moves()
            if not cur_moves:
                break
            total += 1
            cur_set = {mv.notation for mv in cur_moves}
            if following:
                ext_set = {_rename_move(mv.notation, m.mapping) for mv in s_ext.legal_moves()}
                if ext_set == cur_set:
                    same += 1
                else:
                    following = False
                    if first is None:
                        first = {
                            "deal": seed + d,
                            "curated_only": sorted(cur_set - ext_set)[:10],
                            "extracted_only": sorted(ext_set - cur_set)[:10],
                        }
            move = cur_moves[rng.below(len(cur_moves))]
            s_cur.apply(move)
            if following:
                try:
                    s_ext.apply(_rename_move(move.notation, back))
                except Exception:
                    following = False
    return (same / total if total else 1.0), total, first


def _rename_move(notation: str, mapping: dict[str, str]) -> str:
    return " ".join(
        rename_ref(w, mapping) if "." in w or w in mapping else w for w in notation.split()
    )


def score(extracted: Spec, curated: Spec, deals: int = 10, seed: int = 1) -> Score:
    sc = field_score(extracted, curated)
    if deals > 0:
        sc.agreement, sc.positions, sc.divergence = agreement(extracted, curated, deals, seed)
    return sc
