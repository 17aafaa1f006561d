"""What two specs say differently: their canonical rules compared field by field.

The canonical form makes formatting, key order and defaults irrelevant; provenance, notes and
the naming fields (`id`, `variant`, `title`, `source`) are not rules and are left out of the
comparison (the citations are shown beside each difference). Lists whose items have an
identity are matched by it, not by position: pile groups (`pipeline.spec.match`), move rules
and deal steps by id, or, when an id is missing on the other side, by content, so a renamed
item is one rename plus its field differences instead of a removal and an addition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pipeline.diff.citations import Citation, cite
from pipeline.spec.match import GroupMatch, match_groups, match_keyed, rename_groups, similarity

AREAS = (
    "decks and piles",
    "setup",
    "foundations",
    "deal",
    "availability",
    "building",
    "vacancies",
    "stock and talon",
    "redeals",
    "special moves",
    "win",
)
#: not rules: shown, never compared
NAMING = ("spec", "id", "variant", "title", "source", "notes")
#: how alike (share of equal fields) a move or deal step must be to count as renamed
RENAME_SIMILARITY = 0.9

Path = tuple[str | int, ...]


@dataclass
class Difference:
    """One field (or whole item) that the two specs state differently."""

    area: str
    kind: str  # "changed" | "only-a" | "only-b" | "renamed"
    path_a: Path | None
    path_b: Path | None
    value_a: Any = None
    value_b: Any = None
    cite_a: Citation | None = None
    cite_b: Citation | None = None
    note: str | None = None

    @property
    def key(self) -> str:
        return format_path(self.path_b if self.path_b is not None else self.path_a or ())

    @property
    def label(self) -> str:
        a = format_path(self.path_a) if self.path_a is not None else None
        b = format_path(self.path_b) if self.path_b is not None else None
        if a and b and a != b:
            return f"{a} → {b}"
        return a or b or ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "area": self.area,
            "kind": self.kind,
            "path_a": format_path(self.path_a) if self.path_a is not None else None,
            "path_b": format_path(self.path_b) if self.path_b is not None else None,
            "a": self.value_a,
            "b": self.value_b,
            "cite_a": self.cite_a.to_dict() if self.cite_a else None,
            "cite_b": self.cite_b.to_dict() if self.cite_b else None,
            "note": self.note,
        }


@dataclass
class StructuralDiff:
    """Every difference of two specs, with the correspondences used to find them."""

    spec_a: Any
    spec_b: Any
    groups: GroupMatch
    moves: dict[str, str]
    deal_steps: dict[str, str]
    differences: list[Difference] = field(default_factory=list)
    #: what cannot be compared, said plainly (different games, decks, unmatched groups)
    caveats: list[str] = field(default_factory=list)
    #: A's canonical rules in B's names (groups, move rules, deal steps renamed)
    rules_a_in_b: dict[str, Any] = field(default_factory=dict)

    def path_in_b(self, d: Difference) -> Path:
        """Where a difference lies in B's names (for a field only A has: renamed parents)."""
        if d.path_b is not None:
            return d.path_b
        p = list(d.path_a or ())
        if len(p) > 1:
            table: Mapping[Any, str] = {
                "piles": self.groups.mapping,
                "fill": self.groups.mapping,
                "moves": self.moves,
                "deal": self.deal_steps,
            }.get(str(p[0]), {})
            p[1] = table.get(p[1], p[1])
        return tuple(p)

    @property
    def equal(self) -> bool:
        return not self.differences

    def by_area(self) -> list[tuple[str, list[Difference]]]:
        """The differences grouped by rule area, areas in `AREAS` order, empty ones left out."""
        return [(a, ds) for a in AREAS if (ds := [d for d in self.differences if d.area == a])]


def format_path(path: Path) -> str:
    out = ""
    for seg in path:
        out += f"[{seg}]" if isinstance(seg, int) else (f".{seg}" if out else str(seg))
    return out


def _roles(rules: dict, refs: Any) -> set[str]:
    piles = rules.get("piles") or {}
    out = set()
    for r in refs if isinstance(refs, list) else []:
        g = str(r).rpartition(".")[0]
        if g in piles:
            out.add(piles[g].get("role"))
    return out


def area_of(path: Path, rules: dict) -> str:
    """The rule area of a key path of `rules` (canonical, in that spec's own names)."""
    head = path[0]
    if head == "decks":
        return "decks and piles"
    if head in ("setup", "deal", "win"):
        return str(head)
    if head == "fill":
        return "vacancies"
    if head == "redeal":
        return "redeals"
    if head == "piles":
        group = (rules.get("piles") or {}).get(path[1], {}) if len(path) > 1 else {}
        sub = path[2] if len(path) > 2 else None
        if sub == "available":
            return "availability"
        if sub == "foundation" or (sub is None and group.get("role") == "foundation"):
            return "foundations"
        if group.get("role") in ("stock", "talon"):
            return "stock and talon"
        return "decks and piles"
    if head == "moves":
        move = (rules.get("moves") or {}).get(path[1], {}) if len(path) > 1 else {}
        kind = move.get("kind")
        if kind == "turn":
            return "stock and talon"
        if kind == "route":
            return "special moves"
        sub = path[2] if len(path) > 2 else None
        if sub in ("source_depth", "target_depth") and not _roles(rules, move.get("to")) & {
            "tableau",
            "reserve",
        }:
            return "availability"
        roles = _roles(rules, move.get("to"))
        if roles & {"tableau", "reserve"}:
            return "building"
        if roles == {"foundation"}:
            return "foundations"
        return "special moves"
    return "decks and piles"


def _rename_moves(rules: dict, mapping: dict[str, str]) -> dict:
    out = dict(rules)
    moves = {}
    for mid, m in (rules.get("moves") or {}).items():
        m = dict(m)
        when = m.get("when")
        if isinstance(when, dict) and isinstance(when.get("none_of"), list):
            m["when"] = {**when, "none_of": [mapping.get(x, x) for x in when["none_of"]]}
        moves[mapping.get(mid, mid)] = m
    out["moves"] = moves
    return out


def _rename_steps(rules: dict, mapping: dict[str, str]) -> dict:
    out = dict(rules)
    out["deal"] = [{**s, "id": mapping.get(s["id"], s["id"])} for s in rules.get("deal") or []]
    if isinstance(rules.get("redeal"), dict):
        r = dict(rules["redeal"])
        r["deal"] = [mapping.get(x, x) for x in r.get("deal") or []]
        out["redeal"] = r
    return out


def _same_kind(x: dict, y: dict) -> float | None:
    return similarity(x, y) if x.get("kind") == y.get("kind") else None


class _Walker:
    def __init__(self, a: Any, b: Any, ra: dict) -> None:
        self.a, self.b, self.ra = a, b, ra
        self.out: list[Difference] = []

    def emit(self, kind: str, pa: Path | None, pb: Path | None, va: Any, vb: Any) -> None:
        area = area_of(pb, self.b.rules) if pb is not None else area_of(pa or (), self.a.rules)
        self.out.append(
            Difference(
                area=area,
                kind=kind,
                path_a=pa,
                path_b=pb,
                value_a=va,
                value_b=vb,
                cite_a=cite(self.a, pa) if pa is not None else None,
                cite_b=cite(self.b, pb) if pb is not None else None,
            )
        )

    def compare(self, x: Any, orig: Any, y: Any, pa: Path, pb: Path) -> None:
        """x: a's value in b's names, orig: a's value as written, y: b's value."""
        if isinstance(x, dict) and isinstance(y, dict):
            for k in list(x) + [k for k in y if k not in x]:
                if k in x and k in y:
                    self.compare(x[k], (orig or {}).get(k), y[k], (*pa, k), (*pb, k))
                elif k in x:
                    self.emit("only-a", (*pa, k), None, (orig or {}).get(k), None)
                else:
                    self.emit("only-b", None, (*pb, k), None, y[k])
            return
        if isinstance(x, list) and isinstance(y, list) and any(isinstance(v, dict) for v in x + y):
            for i in range(max(len(x), len(y))):
                if i < len(x) and i < len(y):
                    self.compare(x[i], orig[i], y[i], (*pa, i), (*pb, i))
                elif i < len(x):
                    self.emit("only-a", (*pa, i), None, orig[i], None)
                else:
                    self.emit("only-b", None, (*pb, i), None, y[i])
            return
        if x != y:
            self.emit("changed", pa, pb, orig, y)

    def keyed(
        self, section: str, x: dict, orig: dict, y: dict, back: dict[str, str], announce=True
    ) -> None:
        """A section keyed by identity (piles, moves, fill): x in b's names, back: b -> a;
        `announce`: report a renamed key (not for `fill`, keyed by the already renamed
        pile groups)."""
        for kb in list(x) + [k for k in y if k not in x]:
            ka = back.get(kb, kb)
            pa, pb = (section, ka), (section, kb)
            if kb in x and kb in y:
                if ka != kb and announce:
                    self.emit("renamed", pa, pb, ka, kb)
                self.compare(x[kb], orig.get(ka), y[kb], pa, pb)
            elif kb in x:
                self.emit("only-a", pa, None, orig.get(ka), None)
            else:
                self.emit("only-b", None, pb, None, y[kb])


def diff_specs(spec_a: Any, spec_b: Any) -> StructuralDiff:
    """Compare two loaded specs (`pipeline.spec.Spec`); equal when nothing but names,
    notes, provenance or formatting differs."""
    a_rules, b_rules = spec_a.rules, spec_b.rules
    gm = match_groups(spec_a, spec_b)
    ra = rename_groups(a_rules, gm.mapping)
    moves, _, _ = match_keyed(
        ra.get("moves") or {}, b_rules.get("moves") or {}, _same_kind, threshold=RENAME_SIMILARITY
    )
    ra = _rename_moves(ra, moves)
    steps_a = {s["id"]: s for s in ra.get("deal") or []}
    steps_b = {s["id"]: s for s in b_rules.get("deal") or []}
    strip = lambda s: {k: v for k, v in s.items() if k != "id"}  # noqa: E731
    steps, _, _ = match_keyed(
        {k: strip(v) for k, v in steps_a.items()},
        {k: strip(v) for k, v in steps_b.items()},
        threshold=RENAME_SIMILARITY,
    )
    ra = _rename_steps(ra, steps)

    w = _Walker(spec_a, spec_b, ra)
    w.compare(ra["decks"], a_rules["decks"], b_rules["decks"], ("decks",), ("decks",))
    w.keyed(
        "piles", ra["piles"], a_rules["piles"], b_rules["piles"],
        {v: k for k, v in gm.mapping.items()},
    )  # fmt: skip
    w.compare(ra["setup"], a_rules["setup"], b_rules["setup"], ("setup",), ("setup",))
    # deal steps by id: a list in the rules, keyed here (provenance names steps by id too)
    orig_steps = {s["id"]: s for s in a_rules.get("deal") or []}
    back_steps = {v: k for k, v in steps.items()}
    w.keyed(
        "deal",
        {k: strip(v) for k, v in {s["id"]: s for s in ra["deal"]}.items()},
        {k: strip(v) for k, v in orig_steps.items()},
        {k: strip(v) for k, v in steps_b.items()},
        back_steps,
    )
    order_a = [steps.get(s["id"], s["id"]) for s in a_rules.get("deal") or []]
    order_b = [s["id"] for s in b_rules.get("deal") or []]
    if [s for s in order_a if s in order_b] != [s for s in order_b if s in order_a]:
        w.emit("changed", ("deal",), ("deal",), order_a, order_b)
        w.out[-1].note = "the deal steps come in another order"
    w.keyed(
        "moves", ra["moves"], a_rules["moves"], b_rules["moves"],
        {v: k for k, v in moves.items()},
    )  # fmt: skip
    w.keyed(
        "fill", ra["fill"], a_rules["fill"], b_rules["fill"],
        {v: k for k, v in gm.mapping.items()}, announce=False,
    )  # fmt: skip
    w.compare(ra["redeal"], a_rules["redeal"], b_rules["redeal"], ("redeal",), ("redeal",))
    w.compare(ra["win"], a_rules["win"], b_rules["win"], ("win",), ("win",))

    caveats = []
    if a_rules["id"] != b_rules["id"]:
        caveats.append(
            f"different games ({a_rules['id']} and {b_rules['id']}): compared as far as "
            "their pile groups correspond"
        )
    if a_rules["decks"] != b_rules["decks"]:
        caveats.append(
            f"{a_rules['decks']} deck(s) against {b_rules['decks']}: the two never deal the "
            "same cards, so no deal is shared"
        )
    for g in gm.only_a:
        caveats.append(f"pile group {g!r} of A has no counterpart in B")
    for g in gm.only_b:
        caveats.append(f"pile group {g!r} of B has no counterpart in A")
    order = {a: i for i, a in enumerate(AREAS)}
    w.out.sort(key=lambda d: order[d.area])  # stable: rule order within an area
    return StructuralDiff(
        spec_a=spec_a,
        spec_b=spec_b,
        groups=gm,
        moves=moves,
        deal_steps=steps,
        differences=w.out,
        caveats=caveats,
        rules_a_in_b=ra,
    )
