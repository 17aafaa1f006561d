"""Spec → `CompiledRules`: pile index tables and per-rule precomputed lists and predicates.

Everything a move generator needs is turned into flat tuples indexed by pile number or by
card key (card id mod 52), so the play loop does table look-ups instead of interpreting the
spec. No code here (or anywhere in the engine) names a game: each spec field maps onto one
generic building block. `game.py` makes the tables a `Game` that deals states; this
module knows nothing of states.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from pipeline.engine import cards as C
from pipeline.errors import SpecError

ROLES = ("foundation", "tableau", "stock", "talon", "reserve", "inert", "out")
# availability codes
A_NONE: Final = 0
A_TOP: Final = 1
A_ALL: Final = 2
# phases
PH_DEAL: Final = 0
PH_PLAY: Final = 1
PH_ANY: Final = 2
# foundation base codes (ranks are 1..13)
BASE_ANY: Final = 0
BASE_FIRST: Final = -1
BASE_DEALT: Final = -2  # `{rank_of: PILE, position: N}`: known once that card is dealt
# rule kinds
K_TRANSFER: Final = 0
K_TURN: Final = 1
K_ROUTE: Final = 2
# pause codes
P_NONE: Final = 0
P_CARD: Final = 1
P_ROUND: Final = 2
# chain codes
CH_NONE: Final = 0
CH_NOT_PLAYABLE: Final = 1
CH_FACE_DOWN: Final = 2
CH_RELEASED: Final = 3
# fill order codes
O_PILE: Final = 0
O_DEPTH: Final = 1
O_REVERSE: Final = 2


class GroupInfo(NamedTuple):
    """A pile group as renderers see it."""

    id: str
    role: str
    count: int  # type: ignore[assignment]  # a field, not tuple.index/count
    layout: dict
    foundation: dict | None


class TransferRule(NamedTuple):
    id: str
    index: int  # type: ignore[assignment]  # a field, not tuple.index/count
    phase: int
    when_stuck: bool  # `stuck` or `no-progress`
    auto: bool
    limit: int | None
    sel: bytes | None  # per card key: 1 if the moving card matches `cards`
    pairs: tuple  # ((src, (dst, ...)), ...)
    onto: tuple | None  # per card key: tuple of target keys it may be built on (None: no build)
    empty_any: bool
    empty_ranks: frozenset
    run: bool
    follows: bytes | None  # 52*52 table: follows[upper*52 + lower] = upper may lie on lower
    sdepth: tuple  # (min, max)
    tdepth: tuple
    fast: int  # 0 generic; 1 top card to foundations only; 2 top card to other piles only
    no_progress: bool = False  # when: no-progress
    none_of: frozenset | None = None  # when: {none_of: [...]}: rule indices
    # of a generic (fast 0) rule to foundations only: the sources that would qualify for
    # fast 1 on their own (top-only, not the stock), handled by one look-up each
    top_srcs: frozenset = frozenset()
    run_whole: bool = False  # run: whole-pile - the top card, or the whole pile as a run
    # build.wrap: base - the foundation pile whose base rank cuts the round of ranks (-1: none)
    base_pile: int = -1


class TurnRule(NamedTuple):
    id: str
    index: int  # type: ignore[assignment]  # a field, not tuple.index/count
    phase: int
    when_stuck: bool
    auto: bool
    limit: int | None
    src: int
    dst: int
    count: int  # type: ignore[assignment]  # a field, not tuple.index/count
    recycle: int  # -1 = unlimited
    no_progress: bool = False
    none_of: frozenset | None = None


class RouteRule(NamedTuple):
    id: str
    index: int  # type: ignore[assignment]  # a field, not tuple.index/count
    phase: int
    when_stuck: bool
    auto: bool
    limit: int | None
    srcs: tuple
    targets: tuple  # 13 piles: rank N goes to targets[N-1]
    bottom: bool
    face_up: bool
    chain: int
    no_progress: bool = False
    none_of: frozenset | None = None


class FillSource(NamedTuple):
    piles: tuple
    only_empty: bool
    position: int | None
    sdepth: tuple
    limit: int | None
    phase: int
    not_alone: bool = False  # a card alone in its pile is not taken


class FillRule(NamedTuple):
    group: str
    piles: tuple
    up_to: int
    immediate: bool
    batch: bool  # timing: batch (see rules/README.md)
    phase: int
    order: int
    sources: tuple


class CountRule(NamedTuple):
    start: int
    reset_round: bool
    send_to: int
    replace: bool


class DealStep(NamedTuple):
    id: str
    to: tuple
    rounds: int | None
    per_pile: int
    face: str  # up | down | down-but-last
    pause: int
    next_stuck: bool
    skip_empty: bool
    count: CountRule | None  # type: ignore[assignment]  # a field, not tuple.index/count
    triangle: bool
    next_no_progress: bool = False


class Redeal(NamedTuple):
    times: int
    when_stuck: bool
    gather: tuple
    bottom_first: bool
    shuffle: bool
    steps: tuple  # indices into CompiledRules.steps
    when_no_progress: bool = False


def _err(msg: str, *key_path: Any) -> SpecError:
    return SpecError(msg, key_path=[k for k in key_path if k is not None])


def _rank(v: Any, *kp: Any) -> int:
    try:
        return C.parse_rank(v)
    except ValueError as e:
        raise _err(str(e), *kp) from None


class _Refs:
    """Pile references `group` / `group.N` → global pile indices."""

    def __init__(self, groups: dict[str, tuple[int, ...]]) -> None:
        self.groups = groups

    def __call__(self, value: Any, *kp: Any) -> tuple[int, ...]:
        if value is None:
            return ()
        items = [value] if isinstance(value, str) else list(value)
        out: list[int] = []
        for item in items:
            s = str(item)
            gid, _, num = s.partition(".")
            if gid not in self.groups:
                raise _err(f"no pile group {gid!r}", *kp)
            piles = self.groups[gid]
            if not num:
                out.extend(piles)
                continue
            if not num.isdigit() or not 1 <= int(num) <= len(piles):
                raise _err(f"no pile {s!r} (group {gid!r} has {len(piles)})", *kp)
            out.append(piles[int(num) - 1])
        return tuple(out)


def _phase(v: Any) -> int:
    return {"deal": PH_DEAL, "play": PH_PLAY, "any": PH_ANY}.get(v or "play", PH_PLAY)


def _depth(v: Any) -> tuple[int, int]:
    if not v:
        return (0, 1 << 30)
    lo = v.get("min")
    hi = v.get("max")
    return (0 if lo is None else int(lo), (1 << 30) if hi is None else int(hi))


def _selector_table(sel: Any, kp: tuple) -> bytes | None:
    """A move rule's `cards` selector as a per-card-key table (None = any card)."""
    if not sel:
        return None
    t = bytearray(52)
    if sel.get("cards"):
        for name in sel["cards"]:
            try:
                r, s = C.parse_card(name)
            except ValueError as e:
                raise _err(str(e), *kp) from None
            t[13 * s + r - 1] = 1
        return bytes(t)
    ranks = {_rank(r, *kp) for r in sel.get("ranks") or range(1, 14)}
    suits = {C.SUITS.index(s) for s in (sel.get("suits") or C.SUITS)}
    for k in range(52):
        if (k % 13) + 1 in ranks and k // 13 in suits:
            t[k] = 1
    return bytes(t)


def _rank_ok(direction: str, wrap: bool, upper: int, lower: int) -> bool:
    """May a card of rank `upper` be placed on one of rank `lower`?"""
    up = lower + 1 if lower < 13 else (1 if wrap else 0)
    down = lower - 1 if lower > 1 else (13 if wrap else 0)
    if direction == "up":
        return upper == up
    if direction == "down":
        return upper == down
    if direction == "both":
        return upper in (up, down)
    if direction == "any":
        return True
    raise _err(f"unknown direction {direction!r}")


def _suit_ok(rule: str, a: int, b: int) -> bool:
    """Suit relation between two card keys."""
    sa, sb = a // 13, b // 13
    ca, cb = C.COLOUR[a], C.COLOUR[b]
    if rule == "same":
        return sa == sb
    if rule == "any":
        return True
    if rule == "alternate":
        return ca != cb
    if rule == "same-colour":
        return ca == cb
    if rule == "different":
        return sa != sb
    raise _err(f"unknown suit rule {rule!r}")


def follows_table(direction: str, suit: str, wrap: bool) -> bytes:
    """52×52 table: t[upper*52 + lower] = 1 when `upper` may be built on `lower`."""
    t = bytearray(52 * 52)
    for u in range(52):
        for lo in range(52):
            if _rank_ok(direction, wrap, u % 13 + 1, lo % 13 + 1) and _suit_ok(suit, u, lo):
                t[u * 52 + lo] = 1
    return bytes(t)


class CompiledRules:
    """A compiled spec: immutable tables (`game.Game` adds `new_state`)."""

    def __init__(self, rules: Mapping[str, Any], spec_hash: str) -> None:
        self.rules = rules
        self.spec_id: str = str(rules.get("id", ""))
        self.variant: str | None = rules.get("variant")
        self.spec_hash = spec_hash
        self.decks = int(rules.get("decks") or 1)
        if not 1 <= self.decks <= C.MAX_DECKS:
            raise _err(f"decks must be 1..{C.MAX_DECKS}", "decks")
        self.ncards = 52 * self.decks
        self._compile_piles(rules.get("piles") or {})
        self._compile_setup(rules.get("setup") or [])
        self._compile_deal(rules.get("deal") or [])
        self._compile_moves(rules.get("moves") or {})
        self._compile_fill(rules.get("fill") or {})
        self._compile_redeal(rules.get("redeal"))
        win = rules.get("win") or "all-on-foundations"
        if isinstance(win, Mapping):  # tolerate {condition: ...}
            win = win.get("condition", "all-on-foundations")
        if win not in (
            "all-on-foundations",
            "foundations-complete",
            "tableau-empty",
            "all-face-up",
        ):
            raise _err(f"unknown win condition {win!r}", "win")
        self.win = win
        self._compile_tables()

    # ----------------------------------------------------------------- piles
    def _compile_piles(self, piles: Mapping[str, Any]) -> None:
        if not piles:
            raise _err("a spec needs pile groups", "piles")
        self.groups: list[GroupInfo] = []
        gpiles: dict[str, tuple[int, ...]] = {}
        self.pile_group: list[int] = []
        self.pile_num: list[int] = []
        self.pile_name: list[str] = []
        self.role: list[str] = []
        self.face_down: list[bool] = []
        self.turn_up: list[bool] = []
        self.capacity: list[int | None] = []
        self.avail: list[tuple[int, int]] = []  # (deal, play)
        self.fbase: list[int] = []
        self.fdir: list[str] = []
        self.fsuit: list[str] = []
        self.fwrap: list[bool] = []
        self.fstep: list[int] = []
        self.flast: list[int | None] = []
        dealt_base: dict[int, tuple[str, int]] = {}  # group index -> (pile ref, position)
        amap = {"top": A_TOP, "all": A_ALL, "none": A_NONE}
        for gi, (gid, g) in enumerate(piles.items()):
            role = g.get("role")
            if role not in ROLES:
                raise _err(f"unknown role {role!r}", "piles", gid, "role")
            count = int(g.get("count") or 1)
            f = dict(g.get("foundation") or {}) if role == "foundation" else None
            self.groups.append(GroupInfo(gid, role, count, dict(g.get("layout") or {}), f))
            idx = tuple(range(len(self.pile_group), len(self.pile_group) + count))
            gpiles[gid] = idx
            av = g.get("available", "top")
            if isinstance(av, Mapping):
                a = (amap[av.get("deal", "top")], amap[av.get("play", "top")])
            else:
                a = (amap[av or "top"], amap[av or "top"])
            face = g.get("face") or ("down" if role in ("stock", "reserve") else "up")
            turn_up = g.get("turn_up")
            if turn_up is None:
                turn_up = role == "tableau"
            targets = (f or {}).get("targets")
            if targets is not None and len(targets) != count:
                raise _err("targets needs one rank per pile", "piles", gid, "foundation", "targets")
            for n in range(count):
                self.pile_group.append(gi)
                self.pile_num.append(n + 1)
                self.pile_name.append(gid if count == 1 else f"{gid}.{n + 1}")
                self.role.append(role)
                self.face_down.append(face == "down")
                self.turn_up.append(bool(turn_up))
                cap = g.get("capacity")
                self.capacity.append(int(cap) if cap is not None else None)
                self.avail.append(a)
                if f is not None:
                    base = f.get("base", "A")
                    if base == "any":
                        b = BASE_ANY
                    elif base == "first":
                        b = BASE_FIRST
                    elif isinstance(base, Mapping):
                        b = BASE_DEALT
                        dealt_base[gi] = (str(base["rank_of"]), int(base.get("position") or 1))
                    else:
                        b = _rank(base, "piles", gid, "foundation", "base")
                    self.fbase.append(b)
                    self.fdir.append(f.get("direction") or "up")
                    self.fsuit.append(f.get("suit") or "same")
                    self.fwrap.append(bool(f.get("wrap")))
                    step = f.get("step") or 1
                    st = int(step[n] if isinstance(step, list) else step)
                    if not 1 <= st <= 12:
                        raise _err("step must be 1..12", "piles", gid, "foundation", "step")
                    self.fstep.append(st)
                    last = targets[n] if targets is not None else f.get("last")
                    self.flast.append(
                        None if last is None else _rank(last, "piles", gid, "foundation", "last")
                    )
                else:
                    self.fbase.append(0)
                    self.fdir.append("up")
                    self.fsuit.append("same")
                    self.fwrap.append(False)
                    self.fstep.append(1)
                    self.flast.append(None)
        self.npiles = len(self.pile_group)
        self.group_piles = gpiles
        self.refs = _Refs(gpiles)
        # pile p -> (position, foundation group) pairs: the groups whose base is the rank of
        # the position-th card pile p receives (`base: {rank_of: ...}`)
        watch: list[list[tuple[int, int]]] = [[] for _ in range(self.npiles)]
        for gi, (ref, pos) in dealt_base.items():
            kp = ("piles", self.groups[gi].id, "foundation", "base", "rank_of")
            named = self.refs(ref, *kp)
            if len(named) != 1:
                raise _err("rank_of must name one pile", *kp)
            watch[named[0]].append((pos, gi))
        self.watch: list[tuple[tuple[int, int], ...]] = [tuple(w) for w in watch]
        stocks = [p for p in range(self.npiles) if self.role[p] == "stock"]
        if len(stocks) != 1:
            raise _err("a spec needs exactly one pile of role stock", "piles")
        self.stock = stocks[0]
        self.foundations = tuple(p for p in range(self.npiles) if self.role[p] == "foundation")
        self.tableau = tuple(p for p in range(self.npiles) if self.role[p] == "tableau")
        self.pile_by_name = {n: p for p, n in enumerate(self.pile_name)}
        for gid, ps in gpiles.items():
            for n, p in enumerate(ps):
                self.pile_by_name[f"{gid}.{n + 1}"] = p
        adj: list[int | None] = [None] * self.npiles
        for gid, g in piles.items():
            a = g.get("adjacent")
            if a:
                refs = self.refs(a, "piles", gid, "adjacent")
                if len(refs) != len(gpiles[gid]):
                    raise _err("adjacent needs one pile per pile", "piles", gid, "adjacent")
                for p, q in zip(gpiles[gid], refs, strict=True):
                    adj[p] = q
        self.adjacent = tuple(adj)

    # ----------------------------------------------------------------- setup
    def _compile_setup(self, setup: list) -> None:
        used: set[int] = set()
        placed: list[tuple[int, tuple[int, ...]]] = []  # (pile, cards)
        for i, item in enumerate(setup):
            sel = item.get("take") or {}
            to = self.refs(item.get("to"), "setup", i, "to")
            if not to:
                raise _err("setup needs `to`", "setup", i, "to")
            chosen: list[int] = []
            if sel.get("cards"):
                for name in sel["cards"]:
                    try:
                        r, s = C.parse_card(name)
                    except ValueError as e:
                        raise _err(str(e), "setup", i, "take") from None
                    for d in range(self.decks):
                        cid = 52 * d + 13 * s + r - 1
                        if cid not in used:
                            chosen.append(cid)
                            used.add(cid)
                            break
                    else:
                        raise _err(f"no unused copy of {name} left", "setup", i, "take")
            else:
                ranks = {_rank(r, "setup", i, "take") for r in sel.get("ranks") or range(1, 14)}
                suits = {C.SUITS.index(s) for s in sel.get("suits") or C.SUITS}
                count = sel.get("count")
                for cid in range(self.ncards):
                    if count is not None and len(chosen) >= count:
                        break
                    if cid not in used and C.RANK[cid] in ranks and C.SUIT[cid] in suits:
                        chosen.append(cid)
                        used.add(cid)
                if count is not None and len(chosen) < count:
                    raise _err(
                        f"setup takes {count} cards but only {len(chosen)} match",
                        "setup",
                        i,
                        "take",
                    )
            if len(to) == 1:
                placed.append((to[0], tuple(chosen)))
            elif len(to) == len(chosen):
                placed.extend((p, (c,)) for p, c in zip(to, chosen, strict=True))
            else:
                raise _err(f"setup takes {len(chosen)} cards for {len(to)} piles", "setup", i)
        self.setup = tuple(placed)
        self.stock_cards = tuple(c for c in range(self.ncards) if c not in used)

    # ------------------------------------------------------------------ deal
    def _compile_deal(self, deal: list) -> None:
        steps = []
        pmap = {"none": P_NONE, "card": P_CARD, "round": P_ROUND, None: P_NONE}
        for i, s in enumerate(deal):
            sid = s.get("id") or f"step{i + 1}"
            to = self.refs(s.get("to"), "deal", sid, "to")
            if not to:
                raise _err("a deal step needs `to`", "deal", sid, "to")
            cnt = s.get("count")
            count = None
            if cnt:
                send = self.refs(cnt.get("send_to"), "deal", sid, "count", "send_to")
                if len(send) != 1:
                    raise _err("count.send_to must name one pile", "deal", sid, "count")
                if (cnt.get("match") or "rank") != "rank":
                    raise _err("count.match must be rank", "deal", sid, "count", "match")
                count = CountRule(
                    int(cnt.get("start") or 1),
                    (cnt.get("reset") or "round") == "round",
                    send[0],
                    bool(cnt.get("replace", True)),
                )
            face = s.get("face") or "up"
            if face not in ("up", "down", "down-but-last"):
                raise _err(f"unknown face {face!r}", "deal", sid, "face")
            rounds = s.get("rounds", 1)
            steps.append(
                DealStep(
                    sid,
                    to,
                    None if rounds is None else int(rounds),
                    int(s.get("per_pile") or 1),
                    face,
                    pmap[s.get("pause")],
                    (s.get("next_round") or "auto") in ("stuck", "no-progress"),
                    bool(s.get("skip_empty")),
                    count,
                    bool(s.get("triangle")),
                    s.get("next_round") == "no-progress",
                )
            )
        self.steps = tuple(steps)
        self.step_index = {s.id: i for i, s in enumerate(steps)}

    # ----------------------------------------------------------------- moves
    def _compile_moves(self, moves: Mapping[str, Any]) -> None:
        self.transfers: list[TransferRule] = []
        self.turns: list[TurnRule] = []
        self.routes: list[RouteRule] = []
        self.rule_ids: list[str] = []
        conds: dict[str, list[str]] = {}
        for i, (rid, m) in enumerate(moves.items()):
            self.rule_ids.append(rid)
            kind = m.get("kind") or "transfer"
            phase = _phase(m.get("phase"))
            when = m.get("when") or "always"
            cond = None
            if isinstance(when, Mapping):
                cond = list(when.get("none_of") or [])
                if not cond:
                    raise _err("when: {none_of: [...]} needs rule ids", "moves", rid, "when")
                conds[rid] = cond
                when = "always"
            stuck = when in ("stuck", "no-progress")
            np = when == "no-progress"
            auto = bool(m.get("auto"))
            limit = m.get("limit")
            limit = None if limit is None else int(limit)
            src = self.refs(m.get("from"), "moves", rid, "from")
            dst = self.refs(m.get("to"), "moves", rid, "to")
            if not src or not dst:
                raise _err("a move rule needs `from` and `to`", "moves", rid)
            if kind == "turn":
                if len(src) != 1 or len(dst) != 1:
                    raise _err("a turn rule moves from one pile to one pile", "moves", rid)
                rec = m.get("recycle") or 0
                rec = -1 if rec == "unlimited" else int(rec)
                self.turns.append(
                    TurnRule(
                        rid,
                        i,
                        phase,
                        stuck,
                        auto,
                        limit,
                        src[0],
                        dst[0],
                        int(m.get("count") or 1),
                        rec,
                        np,
                    )
                )
            elif kind == "route":
                if len(dst) != 13:
                    raise _err(
                        f"a route needs 13 target piles (one per rank), got {len(dst)}",
                        "moves",
                        rid,
                        "to",
                    )
                chain = {
                    "none": CH_NONE,
                    "not-playable": CH_NOT_PLAYABLE,
                    "face-down": CH_FACE_DOWN,
                    "until-released": CH_RELEASED,
                }[m.get("chain") or "none"]
                self.routes.append(
                    RouteRule(
                        rid,
                        i,
                        phase,
                        stuck,
                        auto,
                        limit,
                        src,
                        dst,
                        (m.get("position") or "bottom") == "bottom",
                        (m.get("face") or "up") == "up",
                        chain,
                        np,
                    )
                )
            elif kind == "transfer":
                self.transfers.append(
                    self._transfer(rid, i, m, phase, stuck, auto, limit, src, dst)._replace(
                        no_progress=np
                    )
                )
            else:
                raise _err(f"unknown move kind {kind!r}", "moves", rid, "kind")
        index = {rid: i for i, rid in enumerate(self.rule_ids)}
        for rid, names in conds.items():
            for n in names:
                if n not in index or n == rid:
                    raise _err(f"when.none_of names no other move rule {n!r}", "moves", rid, "when")
            ids = frozenset(index[n] for n in names)
            self.transfers = [r._replace(none_of=ids) if r.id == rid else r for r in self.transfers]
            self.turns = [r._replace(none_of=ids) if r.id == rid else r for r in self.turns]
            self.routes = [r._replace(none_of=ids) if r.id == rid else r for r in self.routes]
        self.rule_by_index = {r.index: r for r in (*self.transfers, *self.turns, *self.routes)}

    def _transfer(self, rid, i, m, phase, stuck, auto, limit, src, dst) -> TransferRule:
        pairs_mode = m.get("pairs") or "any"
        pairs = []
        for k, s in enumerate(src):
            if pairs_mode == "adjacent":
                ds = tuple(d for d in dst if d == self.adjacent[s])
            elif pairs_mode == "same-index":
                ds = (dst[k],) if k < len(dst) else ()
            else:
                ds = tuple(d for d in dst if d != s)
            if ds:
                pairs.append((s, frozenset(ds)))
        build = m.get("build")
        onto = follows = None
        empty_any = False
        empty_ranks: frozenset = frozenset()
        base_pile = -1
        if build:
            follows = follows_table(
                build.get("direction") or "down",
                build.get("suit") or "any",
                bool(build.get("wrap")),
            )
            if build.get("wrap") == "base":  # the check of the spec made sure there is one
                base_pile = next(f for f in range(self.npiles) if self.role[f] == "foundation")
            onto = tuple(tuple(lo for lo in range(52) if follows[u * 52 + lo]) for u in range(52))
            e = build.get("empty", "none")
            if e == "any":
                empty_any = True
            elif e and e != "none":
                empty_ranks = frozenset(_rank(r, "moves", rid, "build", "empty") for r in e)
        elif any(self.role[d] != "foundation" for d in dst):
            # no build: a non-foundation target takes any card (talon, out, ...)
            follows = bytes([1]) * (52 * 52)
            onto = tuple(tuple(range(52)) for _ in range(52))
            empty_any = True
        sel = _selector_table(m.get("cards"), ("moves", rid, "cards"))
        sdepth, tdepth = _depth(m.get("source_depth")), _depth(m.get("target_depth"))
        run = bool(m.get("run"))
        run_whole = m.get("run") == "whole-pile"
        fast = 0
        plain = (  # (a `cards` selector is checked on the fast paths too)
            base_pile < 0
            and not run
            and sdepth == _depth(None)
            and tdepth == _depth(None)
            and all(self.avail[s] == (A_TOP, A_TOP) and s != self.stock for s in src)
            and all(self.capacity[d] is None for d in dst)
        )
        if plain and all(self.role[d] == "foundation" for d in dst):
            fast = 1
        elif plain and onto is not None and all(self.role[d] != "foundation" for d in dst):
            fast = 2
        top_srcs: frozenset = frozenset()
        if (
            fast == 0
            and sel is None
            and not run
            and sdepth == _depth(None)
            and tdepth == _depth(None)
            and all(self.capacity[d] is None and self.role[d] == "foundation" for d in dst)
        ):
            top_srcs = frozenset(
                s for s in src if self.avail[s] == (A_TOP, A_TOP) and s != self.stock
            )
        return TransferRule(
            rid,
            i,
            phase,
            stuck,
            auto,
            limit,
            sel,
            tuple(pairs),
            onto,
            empty_any,
            empty_ranks,
            run,
            follows,
            sdepth,
            tdepth,
            fast,
            top_srcs=top_srcs,
            run_whole=run_whole,
            base_pile=base_pile,
        )

    # ------------------------------------------------------------------ fill
    def _compile_fill(self, fill: Mapping[str, Any]) -> None:
        omap = {"pile-order": O_PILE, "depth-first": O_DEPTH, "reverse-pile-order": O_REVERSE}
        out = []
        for gid, f in fill.items():
            piles = self.refs(gid, "fill", gid)
            srcs = []
            for j, s in enumerate(f.get("sources") or []):
                only = s.get("only_into")
                lim = s.get("limit_per_vacancy")
                srcs.append(
                    FillSource(
                        self.refs(s.get("from"), "fill", gid, "sources", j),
                        only == "empty",
                        None if s.get("position") is None else int(s["position"]),
                        _depth(s.get("source_depth")),
                        None if lim is None else int(lim),
                        _phase(s.get("phase") or "any"),
                        bool(s.get("not_alone")),
                    )
                )
            timing = f.get("timing") or "immediate"
            phase = _phase(f.get("phase") or "any")
            if isinstance(timing, Mapping):  # {deal: ..., play: ...}: one rule per phase
                parts = [
                    (ph, timing.get(name) or "immediate")
                    for ph, name in ((PH_DEAL, "deal"), (PH_PLAY, "play"))
                    if phase in (PH_ANY, ph)
                ]
            else:
                parts = [(phase, timing)]
            for ph, t in parts:
                if t not in ("immediate", "optional", "batch"):
                    raise _err(f"unknown fill timing {t!r}", "fill", gid, "timing")
                out.append(
                    FillRule(
                        gid,
                        piles,
                        int(f.get("up_to") or 1),
                        t == "immediate",
                        t == "batch",
                        ph,
                        omap[f.get("order") or "pile-order"],
                        tuple(srcs),
                    )
                )
        self.fills = tuple(out)

    # ---------------------------------------------------------------- redeal
    def _compile_redeal(self, r: Mapping[str, Any] | None) -> None:
        if not r:
            self.redeal = None
            return
        steps = r.get("deal")
        if steps:
            for s in steps:
                if s not in self.step_index:
                    raise _err(f"no deal step {s!r}", "redeal", "deal")
            idx = tuple(self.step_index[s] for s in steps)
        else:
            idx = tuple(range(len(self.steps)))
        self.redeal = Redeal(
            int(r.get("times") or 0),
            (r.get("when") or "stuck") in ("stuck", "no-progress"),
            self.refs(r.get("gather"), "redeal", "gather"),
            (r.get("pile_order") or "bottom-first") == "bottom-first",
            bool(r.get("shuffle")),
            idx,
            r.get("when") == "no-progress",
        )

    # ---------------------------------------------------------------- tables
    def _compile_tables(self) -> None:
        """Derived tables the state's hot loop reads."""
        self.plans = (tuple(range(len(self.steps))), self.redeal.steps if self.redeal else ())
        # piles a still-running deal will reach: pending[plan][step] -> frozenset
        pend = []
        for plan in self.plans:
            rows = []
            for k in range(len(plan) + 1):
                s: set[int] = set()
                for si in plan[k:]:
                    s.update(self.steps[si].to)
                rows.append(frozenset(s))
            pend.append(tuple(rows))
        self.pending = tuple(pend)
        # the batch fill rule of each pile, if any (a fill filling it starts a batch)
        self.fill_of_pile: list[FillRule | None] = [None] * self.npiles
        for f in self.fills:
            if f.batch:
                for p in f.piles:
                    self.fill_of_pile[p] = f
        # do two rules (or fills) ever offer the same physical move? then dedupe
        seen: set[tuple[int, int]] = set()
        dup = False
        for r in self.transfers:
            for p, ds in r.pairs:
                for d in ds:
                    if (p, d) in seen:
                        dup = True
                    seen.add((p, d))
        for f in self.fills:
            if not f.immediate:  # a batch fill too: offered beside the transfers
                for src in f.sources:
                    for p in src.piles:
                        for d in f.piles:
                            if (p, d) in seen:
                                dup = True
                            seen.add((p, d))
        self.needs_dedupe = dup
        self.n_rules = len(self.rule_ids)
        self.has_batch = any(f.batch for f in self.fills)
        self.has_immediate = any(f.immediate for f in self.fills)
        # a foundation base learnt in play (`first`, `rank_of`): the primitives watch placements
        self.has_first = any(b < 0 for b in self.fbase)
        rules: list[TransferRule | TurnRule | RouteRule] = [
            *self.transfers,
            *self.turns,
            *self.routes,
        ]
        self.has_np = (
            any(r.no_progress for r in rules)
            or any(st.next_no_progress for st in self.steps)
            or bool(self.redeal and self.redeal.when_no_progress)
        )
        # rules whose use counts belong to a position (limits), for repetition keys
        self.limited_rules = tuple(r.index for r in rules if r.limit is not None)
        self.has_auto = any(r.auto for r in rules)
        self.is_found = tuple(r == "foundation" for r in self.role)
        self.out_piles = frozenset(
            p for p in range(self.npiles) if self.role[p] in ("out", "inert", "foundation")
        )
