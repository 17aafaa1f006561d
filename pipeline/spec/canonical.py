"""The canonical form of a spec: every default filled, one spelling per value.

The engine compiles this form only, `diff` compares it, `spec_hash` hashes it. Building it
is also where the semantic checks live that need resolved values (pile references, ranks,
card counts), so each check reports at the key path of the value it is about. Defaults are
the ones stated in `rules/README.md`; key order follows that page.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import excerpt
from pipeline.spec.checks import check_whole
from pipeline.spec.problems import KeyPath, Problems
from pipeline.spec.refs import GroupInfo, expand, split_ref
from pipeline.spec.vocab import (
    ALL_RANKS,
    RANK_EXPECTED,
    SUITS,
    card_name,
    describe,
    parse_card,
    parse_rank,
)

TRANSFER_ONLY = (
    "cards",
    "build",
    "run",
    "source_depth",
    "target_depth",
    "pairs",
    "neighbour",
    "beaten_by",
)
TURN_ONLY = ("count", "recycle")
ROUTE_ONLY = ("position", "face", "chain")
REMOVE_ONLY = ("group",)
KIND_FIELDS = {
    "transfer": TRANSFER_ONLY,
    "turn": TURN_ONLY,
    "route": ROUTE_ONLY,
    "remove": REMOVE_ONLY,
}
DEFAULT_STEP = {"row": [1, 0], "column": [0, 1]}
TABLE_CELLS = 500  # the schema's bound on one coordinate; no real table needs more
MAX_PILES = 416  # the schema's bound on one group's count, for all the groups together


def _timing(value: object) -> object:
    """A fill's timing: one word, or {deal: ..., play: ...} with both phases written out."""
    if isinstance(value, dict):
        return {"deal": value.get("deal", "immediate"), "play": value.get("play", "immediate")}
    return value


def layout_reach(lay: dict, shape: str, count: int) -> float:
    """How far from [0, 0] (in cells, along x or y) a group's last pile lies: the schema
    bounds each number, this bounds what they add up to (416 piles at step 50)."""

    def pair(v: object, default: tuple[float, float]) -> tuple[float, float]:
        ok = isinstance(v, list) and len(v) == 2 and all(isinstance(x, int | float) for x in v)
        return (float(v[0]), float(v[1])) if ok else default  # type: ignore[index]

    at = pair(lay.get("at"), (0.0, 0.0))
    if shape in ("ring", "star", "clock"):
        r = lay.get("radius")
        r = float(r) if isinstance(r, int | float) else max(1.0, -(-count // 4))
        return max(abs(at[0]), abs(at[1])) + r
    sx, sy = pair(lay.get("step"), tuple(DEFAULT_STEP.get(shape, [1, 0])))  # type: ignore[arg-type]
    if shape == "grid":
        cols = lay.get("columns")
        cols = cols if isinstance(cols, int) and cols > 0 else count
        far = (at[0] + (min(cols, count) - 1) * sx, at[1] + ((count - 1) // cols) * (sy or 1))
    else:
        far = (at[0] + (count - 1) * sx, at[1] + (count - 1) * sy)
    return max(abs(at[0]), abs(at[1]), abs(far[0]), abs(far[1]))


def _d(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _l(value: object) -> list:
    return value if isinstance(value, list) else []


class Builder:
    """Turns a schema-valid raw spec into its canonical form, reporting semantic problems."""

    def __init__(self, raw: dict, problems: Problems) -> None:
        self.raw = raw
        self.p = problems
        self.groups: dict[str, GroupInfo] = {}
        self.decks = 1

    # -- helpers ---------------------------------------------------------------------------
    def rank(self, value: object, kp: KeyPath) -> int | None:
        r = parse_rank(value)
        if r is None:
            self.p.add(kp, f"expected {RANK_EXPECTED}, got {describe(value)}")
        return r

    def ranks(self, value: object, kp: KeyPath) -> list[int]:
        """Ranks in the order written (for `targets`, one per pile)."""
        out = []
        for i, v in enumerate(_l(value)):
            r = self.rank(v, (*kp, i))
            if r is not None:
                out.append(r)
        return out

    def rank_set(self, value: object, kp: KeyPath) -> list[int]:
        """A set of ranks (selectors, `build.empty`): sorted, each once."""
        return sorted(set(self.ranks(value, kp)))

    def refs(self, value: object, kp: KeyPath) -> list[str]:
        return expand(value, kp, self.groups, self.p)

    def roles_of(self, refs: list[str]) -> set[str]:
        return {self.groups[split_ref(r)[0]].role for r in refs}

    def depth(self, value: object, kp: KeyPath) -> dict:
        d = _d(value)
        out = {"min": d.get("min"), "max": d.get("max")}
        if isinstance(out["min"], int) and isinstance(out["max"], int) and out["min"] > out["max"]:
            self.p.add((*kp, "max"), f"max {out['max']} is below min {out['min']}")
        return out

    def selector(self, value: object, kp: KeyPath, *, with_count: bool) -> dict:
        d = _d(value)
        if "cards" in d:
            for other in ("ranks", "suits", "count"):
                if other in d:
                    self.p.add(
                        (*kp, other), f"'{other}' cannot be combined with 'cards'", at_key=True
                    )
            cards = []
            for i, c in enumerate(_l(d["cards"])):
                parsed = parse_card(c)
                if parsed is None:
                    self.p.add(
                        (*kp, "cards", i),
                        f"expected a card such as QS, 10H or AD, got {describe(c)}",
                    )
                else:
                    cards.append(card_name(*parsed))
            return {"cards": cards}
        ranks = self.rank_set(d["ranks"], (*kp, "ranks")) if "ranks" in d else list(ALL_RANKS)
        suits = [s for s in SUITS if s in d["suits"]] if "suits" in d else list(SUITS)
        count = d.get("count")
        if count is not None and not with_count:
            self.p.add((*kp, "count"), "a move's card selector takes no 'count'", at_key=True)
        return {"ranks": ranks, "suits": suits, "count": count}

    # -- top level -------------------------------------------------------------------------
    def build(self) -> dict[str, Any]:
        raw = self.raw
        self.decks = raw.get("decks", 1) if isinstance(raw.get("decks", 1), int) else 1
        title = _d(raw.get("title"))
        source = _d(raw.get("source"))
        piles = self.piles(_d(raw.get("piles")))
        setup = self.setup(_l(raw.get("setup", [])))
        deal = self.deal(_l(raw.get("deal", [])))
        rules: dict[str, Any] = {
            "spec": raw.get("spec"),
            "id": raw.get("id"),
            "variant": raw.get("variant"),
            "title": {"ru": title.get("ru"), "en": title.get("en")},
            "source": {
                "texts": list(_l(source.get("texts", []))),
                "reference": source.get("reference"),
            },
            "decks": self.decks,
            "piles": piles,
            "setup": setup,
            "deal": deal,
            "moves": self.moves(_d(raw.get("moves", {}))),
            "fill": self.fill(_d(raw.get("fill", {}))),
            "redeal": self.redeal(raw.get("redeal"), deal),
            "win": self.win(raw.get("win", "all-on-foundations")),
            "notes": raw.get("notes"),
        }
        check_whole(rules, self.raw, self.p)
        return rules

    def win(self, value: object) -> object:
        """A win word, or `{condition: all-on-foundations, except: SELECTOR}`."""
        if isinstance(value, dict):
            return {
                "condition": value.get("condition"),
                "except": self.selector(value.get("except"), ("win", "except"), with_count=False),
            }
        return value

    # -- piles -----------------------------------------------------------------------------
    def piles(self, raw: dict) -> dict[str, dict]:
        for gid, g in raw.items():
            g = _d(g)
            count = g.get("count", 1)
            self.groups[gid] = GroupInfo(
                role=g.get("role", ""), count=count if isinstance(count, int) else 1
            )
        if (total := sum(info.count for info in self.groups.values())) > MAX_PILES:
            self.p.add(
                ("piles",),
                f"{total:,} piles in all ({len(raw):,} groups); at most {MAX_PILES} "
                "(every card of eight packs on a pile of its own)",
            )
        return {gid: self.group(gid, _d(g)) for gid, g in raw.items()}

    def group(self, gid: str, g: dict) -> dict:
        kp: KeyPath = ("piles", gid)
        role = g.get("role")
        count = self.groups[gid].count
        available = g.get("available", "top")
        if isinstance(available, dict):
            available = {"deal": available.get("deal", "top"), "play": available.get("play", "top")}
        else:
            available = {"deal": available, "play": available}
        adjacent = None
        if g.get("adjacent") is not None:
            adjacent = []
            items = _l(g["adjacent"])
            if len(items) != count:
                self.p.add(
                    (*kp, "adjacent"),
                    f"adjacent lists {len(items)} piles; the group has {count} piles",
                )
            for i, item in enumerate(items):
                got = self.refs(item, (*kp, "adjacent", i))
                if len(got) > 1:
                    self.p.add(
                        (*kp, "adjacent", i),
                        f"{excerpt(item)} names {len(got)} piles; adjacent needs exactly one",
                    )
                adjacent.extend(got[:1])
        covered_by = None
        if g.get("covered_by") is not None:
            items = _l(g["covered_by"])
            if len(items) != count:
                self.p.add(
                    (*kp, "covered_by"),
                    f"covered_by lists {len(items)} piles; the group has {count} piles",
                )
            covered_by = [
                self.refs(item or [], (*kp, "covered_by", i)) for i, item in enumerate(items)
            ]
        foundation = None
        if role == "foundation":
            foundation = self.foundation(_d(g.get("foundation")), (*kp, "foundation"), count)
        elif g.get("foundation") is not None:
            self.p.add(
                (*kp, "foundation"),
                f"a foundation block on a group of role {role!r}; only role: foundation takes one",
                at_key=True,
            )
        out = {
            "role": role,
            "count": count,
            "available": available,
            "face": g.get("face", "down" if role in ("stock", "reserve") else "up"),
            "turn_up": g.get("turn_up", role == "tableau"),
            "capacity": g.get("capacity"),
            "adjacent": adjacent,
            "layout": self.layout(_d(g.get("layout")), (*kp, "layout"), count),
            "foundation": foundation,
        }
        if covered_by is not None:  # absent when not written, so older specs keep their hashes
            out["covered_by"] = covered_by
        return out

    def foundation(self, f: dict, kp: KeyPath, count: int) -> dict:
        base = f.get("base", "A")
        if isinstance(base, dict):
            base = self.dealt_base(base, (*kp, "base"))
        elif base not in ("any", "first"):
            base = self.rank(base, (*kp, "base"))
        last = f.get("last")
        if last is not None:
            last = self.rank(last, (*kp, "last"))
        targets = f.get("targets")
        if targets is not None:
            targets = self.ranks(targets, (*kp, "targets"))
            if len(_l(f["targets"])) != count:
                self.p.add(
                    (*kp, "targets"),
                    f"targets lists {len(_l(f['targets']))} ranks; the group has {count} piles",
                )
        out = {
            "base": base,
            "direction": f.get("direction", "up"),
            "suit": f.get("suit", "same"),
            "wrap": f.get("wrap", False),
            "last": last,
            "targets": targets,
        }
        if f.get("gate", "none") != "none":  # absent at its default: older hashes hold
            out["gate"] = f["gate"]
        step = self.step(f.get("step", 1), (*kp, "step"), count)
        if step != 1:  # absent at its default, so specs without it keep their hashes
            out["step"] = step
        return out

    def dealt_base(self, base: dict, kp: KeyPath) -> dict | None:
        """`{rank_of: PILE, position: N}`: the one pile named as `group.N`, position kept."""
        piles = self.refs(base.get("rank_of"), (*kp, "rank_of"))
        if len(piles) != 1:
            if piles:
                self.p.add(
                    (*kp, "rank_of"),
                    f"rank_of names {len(piles)} piles; name one pile (group.N)",
                )
            return None
        return {"rank_of": piles[0], "position": base.get("position", 1)}

    def step(self, value: object, kp: KeyPath, count: int) -> int | list[int]:
        """One step for the group (an int), or one per pile when they differ (a list)."""
        if not isinstance(value, list):
            return value if isinstance(value, int) else 1
        if len(value) != count:
            self.p.add(kp, f"step lists {len(value)} steps; the group has {count} piles")
        if value and all(v == value[0] for v in value):
            return int(value[0])
        return [int(v) for v in value]

    def layout(self, lay: dict, kp: KeyPath, count: int) -> dict:
        shape = lay.get("shape", "point" if count == 1 else "row")
        positions = lay.get("positions")
        if positions is not None and len(_l(positions)) != count:
            self.p.add(
                (*kp, "positions"),
                f"positions lists {len(_l(positions))} cells; the group has {count} piles",
            )
        if shape == "grid" and lay.get("columns") is None:
            self.p.add((*kp, "shape"), "shape: grid needs 'columns'")
        if (far := layout_reach(lay, shape, count)) > TABLE_CELLS:
            self.p.add(
                kp,
                f"the piles reach {far:g} cells from the table's origin; a table is at most "
                f"{TABLE_CELLS} cells each way",
            )
        return {
            "shape": shape,
            "at": lay.get("at", [0, 0]),
            "step": lay.get("step", list(DEFAULT_STEP.get(shape) or []) or None),
            "columns": lay.get("columns"),
            "radius": lay.get("radius"),
            "start": lay.get("start", 90 if shape in ("ring", "star") else None),
            "clockwise": lay.get("clockwise", True),
            "positions": positions,
            "fan": lay.get("fan", "none"),
            "orientation": lay.get("orientation", "straight"),
        }

    # -- setup and deal --------------------------------------------------------------------
    def setup(self, raw: list) -> list[dict]:
        out = []
        for i, step in enumerate(raw):
            step = _d(step)
            kp: KeyPath = ("setup", i)
            out.append(
                {
                    "take": self.selector(step.get("take"), (*kp, "take"), with_count=True),
                    "to": self.refs(step.get("to"), (*kp, "to")),
                }
            )
        return out

    def deal(self, raw: list) -> list[dict]:
        out = []
        seen: dict[str, int] = {}
        for i, step in enumerate(raw):
            step = _d(step)
            kp: KeyPath = ("deal", i)
            sid = step.get("id") or f"step{i + 1}"
            if sid in seen:
                self.p.add(
                    (*kp, "id"),
                    f"deal step id {excerpt(sid)} is already used by step {seen[sid] + 1}",
                )
            seen.setdefault(sid, i)
            count = step.get("count")
            if count is not None:
                count = _d(count)
                count = {
                    "start": count.get("start", 1),
                    "reset": count.get("reset", "round"),
                    "match": count.get("match", "rank"),
                    "send_to": self.refs(count.get("send_to"), (*kp, "count", "send_to")),
                    "replace": count.get("replace", True),
                }
            out.append(
                {
                    "id": sid,
                    "to": self.refs(step.get("to"), (*kp, "to")),
                    "rounds": step.get("rounds", 1),
                    "per_pile": step.get("per_pile", 1),
                    "face": step.get("face", "up"),
                    "pause": step.get("pause", "none"),
                    "next_round": step.get("next_round", "auto"),
                    "skip_empty": step.get("skip_empty", False),
                    "count": count,
                    "triangle": step.get("triangle", False),
                }
            )
            if step.get("divert") is not None:  # absent unless written: older hashes hold
                out[-1]["divert"] = self.refs(step["divert"], (*kp, "divert"))
        return out

    # -- moves -----------------------------------------------------------------------------
    def moves(self, raw: dict) -> dict[str, dict]:
        return {mid: self.move(mid, _d(m)) for mid, m in raw.items()}

    def move(self, mid: str, m: dict) -> dict:
        kp: KeyPath = ("moves", mid)
        kind = m.get("kind", "transfer")
        for other, fields in KIND_FIELDS.items():
            if other == kind:
                continue
            for f in fields:
                if f in m and f not in KIND_FIELDS.get(kind, ()):
                    self.p.add(
                        (*kp, f),
                        f"{excerpt(f)} does not apply to a move of kind {kind!r}",
                        at_key=True,
                    )
        src = self.refs(m.get("from"), (*kp, "from"))
        dst = self.refs(m.get("to"), (*kp, "to"))
        out: dict[str, Any] = {
            "kind": kind,
            "from": src,
            "to": dst,
            "phase": m.get("phase", "play"),
        }
        if kind == "transfer":
            out["cards"] = (
                self.selector(m["cards"], (*kp, "cards"), with_count=False)
                if m.get("cards") is not None
                else None
            )
            out["build"] = self.build_rule(m.get("build"), (*kp, "build"), dst)
            out["run"] = m.get("run", False)
            out["source_depth"] = self.depth(m.get("source_depth"), (*kp, "source_depth"))
            out["target_depth"] = self.depth(m.get("target_depth"), (*kp, "target_depth"))
            out["pairs"] = m.get("pairs", "any")
            if isinstance(out["pairs"], dict):
                pr = out["pairs"]
                out["pairs"] = {
                    "left": sorted(set(_l(pr.get("left")))),
                    "right": sorted(set(_l(pr.get("right")))),
                    "gaps": pr.get("gaps", "close"),
                }
                if not out["pairs"]["left"] and not out["pairs"]["right"]:
                    self.p.add((*kp, "pairs"), "pairs at a distance needs a distance (left, right)")
            run = out["run"]
            if isinstance(run, dict):
                out["run"] = {
                    "direction": run.get("direction"),
                    "suit": run.get("suit"),
                    "wrap": run.get("wrap", False),
                }
            elif run == "complete" and dst and self.roles_of(dst) != {"foundation"}:
                self.p.add((*kp, "run"), "run: complete moves onto foundations only")
            # the blocks of other families: absent unless written (older specs keep hashes)
            if m.get("neighbour") is not None:
                nb = _d(m["neighbour"])
                row = nb.get("row", len(dst))
                if isinstance(row, int) and row > 0 and dst and len(dst) % row:
                    self.p.add(
                        (*kp, "neighbour", "row"),
                        f"rows of {row} do not divide the {len(dst)} target piles",
                    )
                out["neighbour"] = {"side": nb.get("side", "left"), "row": row}
            if m.get("beaten_by") is not None:
                bb = _d(m["beaten_by"])
                out["beaten_by"] = {
                    "piles": self.refs(bb.get("piles"), (*kp, "beaten_by", "piles")),
                    "suit": bb.get("suit", "same"),
                    "aces": bb.get("aces", "low"),
                }
            if out["pairs"] == "adjacent":
                for r in src:
                    g = split_ref(r)[0]
                    if self.raw_group(g).get("adjacent") is None:
                        self.p.add(
                            (*kp, "pairs"),
                            f"pairs: adjacent, but group {excerpt(g)} has no 'adjacent' list",
                        )
                        break
        elif kind == "turn":
            out["count"] = m.get("count", 1)
            out["recycle"] = m.get("recycle", 0)
            if src and self.roles_of(src) != {"stock"}:
                self.p.add((*kp, "from"), "a turn takes cards from the stock")
            if dst and not self.roles_of(dst) <= {"talon", "foundation"}:
                self.p.add((*kp, "to"), "a turn puts cards on a talon or a foundation")
        elif kind == "remove":
            grp = _d(m.get("group"))
            out["group"] = {
                "size": sorted(set(_l(grp.get("size", [2])))),
                "sum": grp.get("sum"),
                "same": grp.get("same"),
            }
            if grp.get("sum") is None and grp.get("same") is None:
                self.p.add((*kp, "group"), "a remove group needs `sum` or `same: rank`")
            if dst and len(dst) != 1:
                self.p.add(
                    (*kp, "to"), f"a remove move puts cards on one pile; these name {len(dst)}"
                )
        elif kind == "route":
            out["position"] = m.get("position", "bottom")
            out["face"] = m.get("face", "up")
            out["chain"] = m.get("chain", "none")
            if dst and len(dst) != 13:
                self.p.add(
                    (*kp, "to"),
                    f"a route needs 13 target piles (pile N takes rank N); "
                    f"these references name {len(dst)}",
                )
        out["when"] = m.get("when", "always")
        out["limit"] = m.get("limit")
        out["auto"] = m.get("auto", False)
        return out

    def raw_group(self, gid: str) -> dict:
        return _d(_d(self.raw.get("piles")).get(gid))

    def build_rule(self, value: object, kp: KeyPath, dst: list[str]) -> dict | None:
        roles = self.roles_of(dst)
        needs = bool(roles & {"tableau", "reserve"})
        if value is None:
            if needs:
                self.p.add(
                    kp,
                    "a move onto tableau or reserve piles needs a 'build' rule "
                    "(direction and suit)",
                )
            return None
        if not needs and dst:
            self.p.add(
                kp,
                "'build' applies only to tableau or reserve targets; these targets "
                f"are {', '.join(sorted(roles))} piles",
                at_key=True,
            )
        b = _d(value)
        empty = b.get("empty", "none")
        if empty == "highest" and b.get("wrap") != "base":
            self.p.add((*kp, "empty"), "empty: highest needs wrap: base")
        if isinstance(empty, list):
            empty = self.rank_set(empty, (*kp, "empty"))
            empty = "none" if not empty else "any" if empty == list(ALL_RANKS) else empty
        out = {
            "direction": b.get("direction"),
            "suit": b.get("suit"),
            "wrap": b.get("wrap", False),
            "empty": empty,
        }
        step = b.get("step", 1)
        if step != 1:  # absent at its default, so specs without it keep their hashes
            if b.get("wrap") == "base" or b.get("direction") in ("same", "any"):
                self.p.add(
                    (*kp, "step"), "step needs direction up, down or both, without wrap: base"
                )
            out["step"] = step
        return out

    # -- fill and redeal -------------------------------------------------------------------
    def fill(self, raw: dict) -> dict[str, dict]:
        out = {}
        for gid, f in raw.items():
            kp: KeyPath = ("fill", gid)
            info = self.groups.get(gid)
            if info is None:
                self.p.add(
                    kp,
                    f"no pile group {excerpt(gid)} (groups: {', '.join(self.groups)})",
                    at_key=True,
                )
            elif info.role != "tableau":
                self.p.add(
                    kp,
                    f"fill rules apply to tableau groups; {excerpt(gid)} has role {info.role!r}",
                    at_key=True,
                )
            f = _d(f)
            phase = f.get("phase", "any")
            sources = []
            for i, s in enumerate(_l(f.get("sources"))):
                s = _d(s)
                skp: KeyPath = (*kp, "sources", i)
                sources.append(
                    {
                        "from": self.refs(s.get("from"), (*skp, "from")),
                        "only_into": s.get("only_into"),
                        "position": s.get("position"),
                        "source_depth": self.depth(s.get("source_depth"), (*skp, "source_depth")),
                        "limit_per_vacancy": s.get("limit_per_vacancy"),
                        "phase": s.get("phase") or phase,
                        "not_alone": s.get("not_alone", False),
                    }
                )
            out[gid] = {
                "up_to": f.get("up_to", 1),
                "timing": _timing(f.get("timing", "immediate")),
                "phase": phase,
                "order": f.get("order", "pile-order"),
                "sources": sources,
            }
        return out

    def redeal(self, value: object, deal: list[dict]) -> dict | None:
        if value is None:
            return None
        r = _d(value)
        kp: KeyPath = ("redeal",)
        ids = [s["id"] for s in deal]
        steps = r.get("deal")
        if steps is None:
            steps = ids
        else:
            for i, sid in enumerate(_l(steps)):
                if sid not in ids:
                    self.p.add(
                        (*kp, "deal", i),
                        f"no deal step {excerpt(sid)} (steps: {', '.join(ids) or 'none'})",
                    )
            steps = list(_l(steps))
        return {
            "times": r.get("times", 1),
            "when": r.get("when", "stuck"),
            "gather": self.refs(r.get("gather"), (*kp, "gather")),
            "pile_order": r.get("pile_order", "bottom-first"),
            "shuffle": r.get("shuffle", False),
            "deal": steps,
        }
