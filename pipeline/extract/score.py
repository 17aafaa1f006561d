"""How close an extracted spec is to a curated one: field-level P/R/F1 and play agreement.

Fields are the canonical leaves (defaults filled on both sides, provenance excluded). Gold:
the leaves under the key paths the curated spec cites from the text. Claimed: the leaves
under the key paths the extracted spec cites with `origin: text`. Pile groups are paired by
`pipeline.spec.match` where their ids differ; the mapping is reported. Move ids are names
too: a move from several groups is compared as one move per source group, and the moves of
the two specs are paired by kind, source and target (`moves.play<talon` is the part of
`play` that takes from the talon), so one reading's `play` from layout and talon scores
against another's `play` and `talon-play`.

Agreement: random trajectories through the curated game (seeded), and at each position the
extracted game, fed the same moves (renamed), must offer exactly the same legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pipeline.engine.rng import SplitMix64, derive
from pipeline.spec.match import match_groups, match_keyed, rename_groups, rename_ref, similarity
from pipeline.spec.model import Spec
from pipeline.spec.provenance import parse_key_path
from pipeline.spec.refs import split_ref

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


def _groups(refs: list[str] | None) -> list[str]:
    """The groups of canonical references, each once, in order."""
    return list(dict.fromkeys(split_ref(r)[0] for r in refs or []))


def _by_source(rules: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Rules whose moves from several groups are split, one per source group; and the new
    ids of each move."""
    moves: dict[str, Any] = {}
    ids: dict[str, list[str]] = {}
    for mid, mv in (rules.get("moves") or {}).items():
        srcs = _groups(mv.get("from")) if isinstance(mv, dict) else []
        if len(srcs) < 2:
            moves[mid], ids[mid] = mv, [mid]
            continue
        ids[mid] = [f"{mid}<{g}" for g in srcs]
        for g, new in zip(srcs, ids[mid], strict=True):
            moves[new] = {**mv, "from": [r for r in mv["from"] if split_ref(r)[0] == g]}
    return {**rules, "moves": moves}, ids


def _move_pairing(ext: dict[str, Any], cur: dict[str, Any]) -> dict[str, str]:
    """Extracted move id -> curated move id: same kind and source group, then the closest."""

    def key(a: dict, b: dict) -> tuple | None:
        if a.get("kind") != b.get("kind") or not set(_groups(a.get("from"))) & set(
            _groups(b.get("from"))
        ):
            return None
        return (_groups(a.get("to")) == _groups(b.get("to")), similarity(a, b))

    tagged = {f"\0{k}": v for k, v in ext.items()}  # pair by content, never by name
    mapping, _, _ = match_keyed(tagged, cur, key)
    out = {k[1:]: v for k, v in mapping.items()}
    for k in ext:  # an unpaired move keeps its id unless a curated move has it
        out.setdefault(k, k if k not in cur else f"{k}'")
    return out


def _respell(path: str, ids: dict[str, list[str]]) -> list[str]:
    """A leaf path under `moves.<id>` for each move the id became."""
    parts = path.split(".", 2)
    if len(parts) < 2 or parts[0] != "moves":
        return [path]
    mid, _, index = parts[1].partition("[")
    rest = ("[" + index if index else "") + ("." + parts[2] if len(parts) > 2 else "")
    return [f"moves.{new}{rest}" for new in ids.get(mid, [mid])]


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


def _counts_of_all(rules: dict[str, Any]) -> dict[str, Any]:
    """A setup step that takes as many cards as the packs hold of its ranks and suits takes
    them all: its count is written as the loader's "all" (None), so «четыре туза» of one
    pack and «тузы» compare equal."""
    steps = []
    for step in rules.get("setup") or []:
        take = step.get("take") or {}
        ranks, suits, count = take.get("ranks"), take.get("suits"), take.get("count")
        held = (rules.get("decks") or 1) * len(ranks or ()) * len(suits or ())
        if count is not None and ranks and suits and count == held:
            step = {**step, "take": {**take, "count": None}}
        steps.append(step)
    return {**rules, "setup": steps} if steps else rules


def _down_first(rules: dict[str, Any]) -> dict[str, Any]:
    """One step of R rounds face down but the last deals what R - 1 rounds face down and
    then one face up to the same piles deal: written as those two steps (the second with no
    citation of its own), so «первые три карты … рубашкою вверх, а четвертая открытою» read
    either way compares equal. A triangle's last cards are not one round: left alone."""
    deal = rules.get("deal") or []
    out: list[dict[str, Any]] = []
    for step in deal:
        rounds = step.get("rounds", 1)
        if (
            step.get("face") == "down-but-last"
            and isinstance(rounds, int)
            and rounds >= 2
            and not step.get("triangle")
        ):
            out.append({**step, "rounds": rounds - 1, "face": "down"})
            out.append({**step, "id": f"{step.get('id')}~up", "rounds": 1, "face": "up"})
        else:
            out.append(step)
    return {**rules, "deal": out} if len(out) != len(deal) else rules


def field_score(extracted: Spec, curated: Spec) -> Score:
    m = match_groups(extracted, curated)
    ext_rules = _down_first(_counts_of_all(rename_groups(extracted.rules, m.mapping)))
    cur_rules = _down_first(_counts_of_all(curated.rules))
    ext, ext_ids = _by_source(ext_rules)
    cur, cur_ids = _by_source(cur_rules)
    pairing = _move_pairing(ext["moves"], cur["moves"])
    ext["moves"] = {pairing[k]: v for k, v in ext["moves"].items()}
    ext_ids = {k: [pairing[n] for n in news] for k, news in ext_ids.items()}
    ext_leaves, cur_leaves = leaves(ext), leaves(cur)
    gold: set[str] = set()
    for key in curated.provenance:
        p = _path_text(cur_rules, key)
        for q in _respell(p, cur_ids) if p is not None else ():
            gold.update(_under(cur_leaves, q))
    claimed: set[str] = set()
    for key, cite in extracted.provenance.items():
        if cite.get("origin") == "default":
            continue
        p = _path_text(ext_rules, key)
        for q in _respell(_rename_path(p, m.mapping), ext_ids) if p is not None else ():
            claimed.update(_under(ext_leaves, q))
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
