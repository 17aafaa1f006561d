"""Dominance pruning: when playing a card to a foundation can never be a mistake.

The claim, for a spec that passes `reasons`, in a position where `SafeMoves.pick` accepts the
move of card c (card key k) onto foundation f: any sequence W of moves that wins from the
position also wins after c is played first, so the solver may play c and consider nothing
else. Everything is read from the spec's rules and the position, never from a game's name,
and holds for one pack or several (twin cards, counted: one pack is the case of one copy).

Conditions in the position: (i) every card any rule could lay on c in a pile (its
*builders*) is on a foundation, every copy of it; (ii) *Acc*, the foundations that take k
now, are one pile or piles of a group the rules treat alike (`interchangeable_groups`) with
the same bottom card, top card, count and last rank (so the same future), and they are at
least as many as the cards not on foundations that they take now (c and its twins among
them); (iii) no foundation can come to take k on another top: from each foundation's top,
the tops it can reach one card at a time with cards not yet up never take k.

Proof sketch. Build W' from W: play c to f, then W without c's own moves. A card W plays
onto an Acc foundation that still shows its present top goes, in W', onto one that does too:
before W plays c at most m - 1 of the m cards they take come up there, and m <= |Acc| (ii).
W plays c onto such a foundation (iii: no other takes k, and an Acc foundation that took
another card never takes k again); W' then does nothing, and from there on the foundations
of both lines are the same up to a permutation of alike piles. Every other move stays legal:
nothing is ever laid on c (i), so the piles of W' are those of W without c, which only
uncovers a card. Adding moves is harmless unless the spec has moves made by the engine by
itself (`auto`), rules that count uses (`limit`) or depths, routes, rules that take from a
foundation: such specs get no pruning; foundations must be built one way in suit from a
fixed base (else a foundation takes several keys at a time and (ii) almost never holds).

Mechanics that would see c missing get no pruning *while they can still act* (`reasons`,
second part), which makes endgames prunable: a fill that refills piles still holding cards
(c's pile would be refilled sooner), or takes from a pile a rule lays cards on, until its
sources are empty for good; a redeal (it gathers the piles as they are) or a deal step that
counts or skips empty piles, until the deal is over. Fills that refill empty piles only see
the same empty piles at the same times when c is on none of their sources and not alone in
a pile they refill. A talon turned from the stock is not a source while the stock can give
(turned over in threes, its groups would change without c), nor the stock.

Except one turned one card at a time, round without end (`cycle_talon`: the stock seen as a
sequence holds, `talon.reason`, with one turn rule of count 1, unlimited recycles and no use
limit, and no redeal). Then at any time turns alone bring any card of stock and talon to the
talon's top, and only turns touch the two piles besides the plays from the talon's top. Play
c (on the talon's top, or reached by turns: the stock's play, `talon.py`, a `MacroMove`) first;
then W without c's own move, each of W's plays from the talon preceded by the turns that bring
its card to the top in the sequence without c, and W's other turns dropped. The turns change
no other pile, so every other move of W stays legal as above.

A run relation apart from the build (`run: {direction, suit}`: Spider's runs in suit, landing
by the rule's `build`) keeps the proof (`_RUN_RELATION`). A run moves from a pile's top, so a run
W moves with c in it has c on top (nothing lies on c), and W' moves it without c: its other
cards still follow each other by the relation, its bottom card and the index it is taken
from are the same, so it lands on the same target by the same rule, and a shorter run fits
any capacity the longer one did. Only the bottom card lands by `build`, which `lay_on`
reads, so (i) still names every card that could come onto c.

Rules that wait for the absence of other moves (`when: stuck` or `no-progress`, and deal
steps whose next round waits so) are allowed when c stays playable until W plays it: then no
such move is legal in W before c goes up (c's move is one, and it always makes progress:
nothing leaves a foundation, so its position is new), and after that the two lines are in
the same positions (the positions W' reached before hold c on a foundation, so they only
add to those counted as reached). c stays playable when it moves by a rule that waits for
nothing, counts nothing and selects no cards, in a phase that lasts (`any`, or `play` where
every deal step waits), and every pile c can be moved to is a source of such a rule to every
foundation of Acc's group: nothing covers c (i; a deal waits, a fill fills only empty piles),
and an Acc foundation with the present top stays (ii).
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.compile import (
    BASE_ANY,
    BASE_FIRST,
    PH_ANY,
    PH_PLAY,
    blocks_used,
    follows_table,
)
from pipeline.engine.moves import MACRO, TRANSFER, Move
from pipeline.engine.state import State
from pipeline.engine.symmetry import interchangeable_groups
from pipeline.solve.talon import reason as talon_reason

_TRIVIAL_DEPTH = (None, {"min": None, "max": None})
_WAITING = ("stuck", "no-progress")
_DEAL_ROUNDS = ("auto", *_WAITING)  # deal steps' next rounds that see no pile's contents
_ALL_KEYS = tuple(range(52))
_RUN_RELATION = "run relation"  # `blocks_used`'s name for `run: {direction, suit}`


def _found_groups(rules: dict[str, Any]) -> set[str]:
    return {gid for gid, g in (rules.get("piles") or {}).items() if g.get("role") == "foundation"}


def reasons(rules: dict[str, Any]) -> tuple[str | None, dict[str, str]]:
    """Why foundation moves can never be pruned for this spec (None: they can in some
    positions), and, per mechanic (`fills`, `deal`), why they cannot while it may still act:
    fills while a source can give a card, deals and redeals until the deal is over."""
    waiting: dict[str, str] = {}
    # the proof knows stacks built one card at a time; a run relation apart from the build
    # (`_RUN_RELATION`) keeps it, the other families' blocks do not
    used = [b for b in blocks_used(rules) if b != _RUN_RELATION]
    if used:
        return f"the spec uses {used[0]}", waiting
    fill_sources: set[str] = set()
    for gid, f in (rules.get("fill") or {}).items():
        if (f.get("up_to") or 1) != 1:
            waiting.setdefault(
                "fills", f"the fill rule of {gid!r} refills piles that still hold cards"
            )
        fill_sources |= {r.partition(".")[0] for s in f.get("sources") or [] for r in s["from"]}
    if rules.get("redeal"):
        waiting.setdefault("deal", "a redeal gathers the piles as they are")
    piles = rules.get("piles") or {}
    founds = _found_groups(rules)
    for gid in founds:
        f = piles[gid].get("foundation") or {}
        base = f.get("base", 1)
        if base != "first" and (not isinstance(base, int) or isinstance(base, bool)):
            return f"foundation group {gid!r} has no fixed base rank", waiting
        if f.get("direction", "up") not in ("up", "down") or f.get("suit", "same") != "same":
            return f"foundation group {gid!r} is not built in suit one way", waiting
    for step in rules.get("deal") or []:
        if step.get("skip_empty") or step.get("count"):
            waiting.setdefault(
                "deal", f"deal step {step.get('id')!r} depends on what the piles hold"
            )
        if step.get("next_round", "auto") not in _DEAL_ROUNDS:
            waiting.setdefault(
                "deal", f"deal step {step.get('id')!r} depends on what the piles hold"
            )
    for rid, m in (rules.get("moves") or {}).items():
        when = m.get("when", "always")
        if when != "always":
            if when not in _WAITING:
                return f"move rule {rid!r} depends on other moves being absent", waiting
            if any(r.partition(".")[0] in founds for r in m.get("to") or []):
                return (
                    f"move rule {rid!r} plays to a foundation only when others are absent",
                    waiting,
                )
        if m.get("auto"):
            return f"move rule {rid!r} is made by the engine", waiting
        if m.get("limit") is not None:
            return f"move rule {rid!r} has a limit", waiting
        if m.get("kind") == "route":
            return f"move rule {rid!r} routes cards", waiting
        depths = (m.get("source_depth"), m.get("target_depth"))
        if any(d not in _TRIVIAL_DEPTH for d in depths):
            return f"move rule {rid!r} depends on depths", waiting
        if any(r.partition(".")[0] in founds for r in m.get("from") or []):
            return f"move rule {rid!r} takes cards from a foundation", waiting
        if any(r.partition(".")[0] in fill_sources for r in m.get("to") or []):
            waiting.setdefault("fills", f"move rule {rid!r} lays cards on a pile a fill takes from")
    return None, waiting


def unsafe_reason(rules: dict[str, Any]) -> str | None:
    """Why foundation moves cannot be pruned for this spec in every position (None: they
    can; see `reasons` for the ones that hold once a mechanic can no longer act)."""
    static, waiting = reasons(rules)
    if static is not None:
        return static
    for why in waiting.values():
        return why
    return None


def builders(game) -> tuple[frozenset, ...] | None:
    """`lay_on` for a spec whose safe moves hold (None: unsafe spec)."""
    if reasons(game.rules)[0] is not None:
        return None
    return lay_on(game)


def lay_on(game) -> tuple[frozenset[int], ...]:
    """Per card key c: the card keys some rule could lay on c in a pile that is not a
    foundation (read from the spec's transfer rules and their build)."""
    rules = game.rules
    piles = rules.get("piles") or {}
    onto: list[set[int]] = [set() for _ in range(52)]
    for m in (rules.get("moves") or {}).values():
        if m.get("kind", "transfer") != "transfer":
            continue
        targets = [r.partition(".")[0] for r in m.get("to") or []]
        open_targets = [
            t
            for t in targets
            if piles[t].get("role") != "foundation" and piles[t].get("capacity") not in (0, 1)
        ]
        if not open_targets:
            continue  # nothing is ever laid on a card in a one-card place or a foundation
        b = m.get("build")
        if b is None:
            for lo in range(52):
                onto[lo].update(range(52))
            continue
        table = follows_table(b["direction"], b["suit"], bool(b.get("wrap")))
        for up in range(52):
            for lo in range(52):
                if table[up * 52 + lo]:
                    onto[lo].add(up)
    return tuple(frozenset(s) for s in onto)


def _lasting_rules(game) -> set[int]:
    """Transfer rules by which a card playable now stays playable (see the module doc)."""
    deals_wait = all(s.next_stuck for s in game.steps)
    out = set()
    for r in game.transfers:
        if r.when_stuck or r.auto or r.limit is not None or r.sel is not None:
            continue
        if r.none_of is not None:
            continue
        if not (r.phase == PH_ANY or (r.phase == PH_PLAY and deals_wait)):
            continue
        out.add(r.index)
    return out


def cycle_talon(game: Any) -> int:
    """The talon whose cards may go up as safely as a tableau card's (module doc): turned one
    card at a time from the stock, round without end, the stock a sequence; else -1."""
    if len(game.turns) != 1 or game.redeal is not None:
        return -1
    t = game.turns[0]
    if t.count != 1 or t.recycle >= 0 or t.limit is not None:
        return -1
    if talon_reason(game.rules) is not None:
        return -1
    return int(t.dst)


class SafeMoves:
    """Picks a provably safe foundation move among a state's legal moves (see module doc)."""

    def __init__(self, game: Any, spare: Any = None) -> None:
        self.game = game
        static, waiting = reasons(game.rules)
        self.reason: str | None = static
        self.waiting: dict[str, str] = waiting  # mechanic -> why pruning waits until it can't act
        self.onto: tuple[frozenset[int], ...] | None = builders(game) if static is None else None
        # per card key, its builders as a tuple (what `pick` reads)
        self._onto: list[tuple[int, ...]] | None = (
            None if self.onto is None else [tuple(sorted(b)) for b in self.onto]
        )
        self._wait_deal = "deal" in waiting
        self._wait_fills = "fills" in waiting
        npiles: int = game.npiles
        self._stock: int = game.stock
        self._found = set(game.foundations)
        self._flist: tuple[int, ...] = tuple(game.foundations)
        self._is_found: list[bool] = [p in self._found for p in range(npiles)]
        # the foundations' tables (`Game.foundation_table`), read at every node
        self._ftab: list[tuple[tuple[int, ...], ...]] = [
            game.foundation_table(d) for d in range(npiles)
        ]
        self._fbase: list[int] = list(game.fbase)
        self._flast: list[int | None] = list(game.flast)
        self._fwrap: list[bool] = list(game.fwrap)
        self._fboth: list[bool] = [d == "both" for d in game.fdir]
        self._group: list[int] = list(game.pile_group)
        # foundation counts -> (their bottom cards, `_notup`)
        self._notups: dict[object, tuple[list[int], list[int]]] = {}
        self._pack = 5 * len(self._flist) <= 60
        fills = getattr(game, "fills", ())
        self._fill_srcs: tuple[int, ...] = tuple(
            sorted({q for f in fills for s in f.sources for q in s.piles})
        )
        refilled = {p for f in fills for p in f.piles}
        self._refilled: list[bool] = [p in refilled for p in range(npiles)]
        # a fill can no longer act once its sources are empty and nothing brings them cards
        into: set[int] = {t.dst for t in game.turns}
        into |= {t.src for t in game.turns if t.recycle}  # the talon turned back over
        into |= {d for r in game.transfers for _, ds in r.pairs for d in ds}
        into |= {d for r in game.routes for d in r.targets}
        into |= {p for st in game.steps for p in st.to}
        into |= {p for f in fills for p in f.piles}
        if game.redeal is not None:
            into.add(game.stock)
        self._fills_end: bool = not (into & set(self._fill_srcs))
        # a talon turned from the stock: its cards come in the stock's groups while the
        # stock can give (a talon turned over in threes groups its cards differently)
        self._turned: tuple[tuple[int, int, bool], ...] = tuple(
            (t.src, t.dst, t.recycle != 0) for t in game.turns
        )
        self._cycle: int = cycle_talon(game)
        # builders that could go up in c's place: a `spare.SpareBuilders`, which reads this
        # module (so the solver makes it), or None
        self.spare: Any = spare if self.onto is not None and spare and spare.enabled else None
        # foundations whose base is known only once a card lies on one of the group
        self._unset: dict[int, tuple[int, ...]] = {}
        for gid, g in (game.rules.get("piles") or {}).items():
            if g.get("role") == "foundation" and (g.get("foundation") or {}).get("base") == "first":
                group = tuple(game.group_piles[gid])
                self._unset.update(dict.fromkeys(group, group))
        self._copies: list[int] = [0] * 52
        for v in range(game.ncards):
            self._copies[v % 52] += 1
        alike = interchangeable_groups(game) if self.onto is not None else {}
        alike_piles = {p for gid in alike for p in game.group_piles[gid]}
        self._alike: list[bool] = [p in alike_piles for p in range(npiles)]
        # with rules that wait for others' absence: per (source pile, foundation pile), a
        # rule that keeps the card playable there, for every pile the card can reach
        rules = game.rules
        self._moves_wait: bool = any(
            (m.get("when") or "always") in _WAITING for m in (rules.get("moves") or {}).values()
        )
        self._deals_wait: bool = any(
            s.get("next_round") in _WAITING for s in rules.get("deal") or []
        )
        self._lasting_ids: set[int] = _lasting_rules(game)
        self._lasting: set[tuple[int, int]] = set()
        if self.onto is not None and (self._moves_wait or self._deals_wait):
            self._lasting = self._lasting_pairs()

    @property
    def status(self) -> str:
        """ "on", "on once ...", or why pruning is off (for the solver's result)."""
        if self.onto is None:
            return self.reason or "off"
        if not self.waiting:
            return "on"
        return (
            "on once the deal is over and fills cannot act ("
            + "; ".join(self.waiting.values())
            + ")"
        )

    def _lasting_pairs(self) -> set[tuple[int, int]]:
        g = self.game
        found = self._found
        keep = _lasting_rules(g)
        to_found: dict[int, set[int]] = {}
        moves_to: dict[int, set[int]] = {}
        for r in g.transfers:
            for src, dsts in r.pairs:
                if r.index in keep:
                    to_found.setdefault(src, set()).update(d for d in dsts if d in found)
                moves_to.setdefault(src, set()).update(d for d in dsts if d not in found)
        out = set()
        for src in range(g.npiles):
            seen, todo = {src}, [src]
            while todo:  # the piles a card of `src` can be moved to, one move after another
                for q in moves_to.get(todo.pop(), ()):
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
            if g.routes and any(set(r.srcs) & seen for r in g.routes):
                continue
            for f in found:
                group = g.group_piles[g.groups[g.pile_group[f]].id]
                if all(set(group) <= to_found.get(q, set()) for q in seen):
                    out.add((src, f))
        return out

    @property
    def enabled(self) -> bool:
        return self.onto is not None

    def _base(self, d: int, piles: list[list[int]]) -> int:
        """Foundation d's base rank (BASE_ANY if any card, or a `first` base not known)."""
        b = self._fbase[d]
        if b == BASE_FIRST:
            for e in self._unset[d]:
                if piles[e]:
                    v = piles[e][0]
                    return (~v if v < 0 else v) % 13 + 1
            return BASE_ANY
        return b

    def _takes(self, d: int, piles: list[list[int]]) -> tuple[int, ...]:
        """Card keys foundation pile d takes on its present top (by its table, not its
        phase or the rule a card would move by); its last rank ignored (more, never fewer)."""
        pile = piles[d]
        if not pile:
            b = self._base(d, piles)
            if b == BASE_ANY:
                return _ALL_KEYS
            return (b - 1, b + 12, b + 25, b + 38)
        top = pile[-1]
        bot = pile[0]
        top = ~top if top < 0 else top
        bot = ~bot if bot < 0 else bot
        n = len(pile)
        last = self._flast[d]
        if n >= 13 and not self._fboth[d]:
            return ()
        if last is not None and top % 13 + 1 == last and (n > 1 or not self._fwrap[d]):
            return ()  # complete (as the engine has it)
        return self._ftab[d][(top % 52) * 4 + bot % 52 // 13]

    def _same_future(self, d: int, e: int, piles: list[list[int]]) -> bool:
        """Foundations d and e have the same group, last rank, bottom and top card and count
        (both empty: the same group and last rank)."""
        if self._group[d] != self._group[e] or self._flast[d] != self._flast[e]:
            return False
        a = piles[d]
        b = piles[e]
        if not a or not b:
            return not a and not b
        if len(a) != len(b):
            return False
        x = a[0]
        y = b[0]
        if (~x if x < 0 else x) % 52 != (~y if y < 0 else y) % 52:
            return False
        x = a[-1]
        y = b[-1]
        return (~x if x < 0 else x) % 52 == (~y if y < 0 else y) % 52

    def _later(self, d: int, piles: list[list[int]], k: int, notup: list[int]) -> bool:
        """Can foundation d come to take key k from another top than its present one, with
        cards not yet up? (Its tops reachable one card at a time, bottom suit kept.)"""
        pile = piles[d]
        if pile:
            bot = pile[0]
            bs = (~bot if bot < 0 else bot) % 52 // 13
            if bs != k // 13:
                return False  # built in suit (`reasons`): another suit never takes k
        else:
            bs = -1  # the bottom suit is the first card's
            if self._base(d, piles) == BASE_ANY:
                return any(notup[x] > 0 for x in self._takes(d, piles))
        tab = self._ftab[d]
        seen = 0  # the keys of the tops reached, a bit set
        todo: list[int] = []  # tops still to follow: key * 4 + bottom suit
        for x in self._takes(d, piles):
            if notup[x] > 0 and not seen >> x & 1:
                seen |= 1 << x
                todo.append(x * 4 + (x // 13 if bs < 0 else bs))
        while todo:
            t = todo.pop()
            b = t & 3
            for x in tab[(t >> 2) * 4 + b]:
                if x == k:
                    return True
                if notup[x] > 0 and not seen >> x & 1:
                    seen |= 1 << x
                    todo.append(x * 4 + b)
        return False

    def pick(self, state: State, moves: list[Move]) -> Move | None:
        """The first safe move to a foundation, or None."""
        onto = self._onto
        if onto is None:
            return None
        piles = state.card_piles()
        dealing = (self._deals_wait or self._wait_deal) and not state.deal_over()
        if dealing and self._wait_deal:
            return None
        filling = False
        if self._fill_srcs:
            if not self._fills_end:
                filling = True
            else:
                for q in self._fill_srcs:
                    if piles[q]:
                        filling = True
                        break
        if filling and self._wait_fills:
            return None
        is_found = self._is_found
        bad = {self._stock}
        cycle = self._cycle
        for src, dst, again in self._turned:
            if (again or piles[src]) and dst != cycle:
                bad.add(dst)
        if filling:
            bad.update(self._fill_srcs)
        lasting = self._lasting if self._moves_wait or (self._deals_wait and dealing) else None
        notup: list[int] | None = None
        spare = self.spare if self.spare is not None and state.deal_over() else None
        for m in moves:
            dst = m.dst
            if m.kind != TRANSFER and (m.kind != MACRO or m.src != cycle):
                continue  # a stock's play only from a talon turned round without end
            if dst < 0 or not is_found[dst] or m.src in bad:
                continue
            if filling and self._refilled[m.src] and len(piles[m.src]) < 2:
                continue  # its pile would be refilled now, not when c goes up in a win
            group = self._unset.get(dst)
            if group is not None and not any(piles[d] for d in group):
                # c would choose the base. A shortcut (no test can tell it apart): (iii)
                # refuses it too, an empty foundation of a base not yet known taking any
                # card (`_later`) while c is not up
                continue
            if lasting is not None and (
                m.rule not in self._lasting_ids or (m.src, dst) not in lasting
            ):
                continue  # c might not stay playable while moves wait for its absence
            if notup is None:
                notup = self._notup(piles)
            k = m.card % 52
            held = False
            for b in onto[k]:
                if notup[b]:
                    held = True
                    break
            if held and (spare is None or not spare.builders_spare(piles, k, notup)):
                continue  # (i), or (i') of `spare.py`: its builders could go up instead
            if notup[k] > 1 and not self._alike[dst]:
                # (ii) asked early: a foundation alike to no other is Acc alone, so the count
                # of `_safe_target` refuses two cards or more for it; a shortcut, not a
                # condition of its own (no test can tell it apart: tests/test_solve_safety.py)
                continue
            if self._safe_target(piles, dst, k, notup):
                return m
        return None

    def _notup(self, piles: list[list[int]]) -> list[int]:
        """Per card key, its copies not on a foundation. A foundation built in suit from a
        fixed base holds the cards its bottom card and count say, so those are the key:
        the counts (packed in one machine integer where they fit), then the bottoms checked
        against those the entry was made for."""
        flist = self._flist
        key: object = None
        if self._pack:
            packed = 0
            for d in flist:
                m = len(piles[d])
                if m >= 32:
                    packed = -1
                    break
                packed = packed << 5 | m
            if packed >= 0:
                key = packed
        if key is None:
            key = tuple([len(piles[d]) for d in flist])
        got = self._notups.get(key)
        if got is not None:
            bottoms = got[0]
            for j, d in enumerate(flist):
                pile = piles[d]
                if pile and pile[0] != bottoms[j]:
                    break
            else:
                return got[1]
        if len(self._notups) >= 100_000:
            self._notups.clear()
        out = self._copies[:]
        bottoms = []
        for d in flist:
            pile = piles[d]
            bottoms.append(pile[0] if pile else 0)
            for v in pile:
                out[(~v if v < 0 else v) % 52] -= 1
        self._notups[key] = (bottoms, out)
        return out

    def _safe_target(self, piles: list[list[int]], dst: int, k: int, notup: list[int]) -> bool:
        """Conditions (ii) and (iii) of the module doc."""
        takes = self._takes(dst, piles)
        if k not in takes:
            return False  # dst does not take k now
        suit = k // 13
        acc = 1  # the foundations that take k now, dst among them, all alike to dst
        for d in self._flist:
            if d == dst:
                continue
            pile = piles[d]
            if pile and ((~pile[0] if pile[0] < 0 else pile[0]) % 52 // 13) != suit:
                continue  # built in suit: another suit never takes k
            if k in self._takes(d, piles):
                if not self._alike[dst] or not self._same_future(d, dst, piles):
                    return False
                acc += 1
        want = 0
        for i, x in enumerate(takes):
            if x not in takes[:i]:
                want += notup[x]
        if want > acc:
            return False
        for d in self._flist:
            pile = piles[d]
            if pile and ((~pile[0] if pile[0] < 0 else pile[0]) % 52 // 13) != suit:
                continue  # built in suit: another suit never takes k
            if self._later(d, piles, k, notup):
                return False
        return True
