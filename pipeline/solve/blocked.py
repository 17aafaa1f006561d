"""Blocked cards: a dead-end proof for games with builds between piles, fills and redeals.

`deadends.py` proves Golf-like positions lost, where cards leave their piles only for a
foundation. Most book games also let cards move between piles (marriages), refill spaces
from the stock, turn cards to a talon or gather the piles again; this check holds there.

The claim: let a *tracked* pile be one that is not a foundation, gives only its top card
(no runs, no card below the top, no recycle handing it back whole) and receives cards only on
its top; every other pile that is
not a foundation is *loose* (the stock, a reserve with other rules: its cards are assumed
able to be anywhere at any time). Some events are possible in play only after others: a card
of a tracked pile becomes its pile's top only after every card now above it has left; a card
leaves only once it is a top, for a foundation whose top is one of its *supports* (a card the
foundation takes it on), or onto a pile card that is a top then and that a rule moving cards
from its own pile lets it be built on, or anywhere when a rule lets it go to an empty place, a
loose pile, a fill or a turn; a card is a foundation's top only if it is now, or it went up
(or it is loose and the foundation is not chained: below). The least fixpoint of
these implications, from the position (`Blocked.dead`), over-approximates every play: a card
it never frees never becomes a top, a card it never lets go up never goes up. When the win
needs every card of the tracked piles on a foundation (`all-on-foundations`, or
`foundations-complete` where the foundations still want exactly the cards in play), such a
card means the position is lost.

Where a card may go up is read from the position, not from the rules alone: a foundation that
receives cards only by moves that check what it takes (a *chained* foundation: no turn, route,
fill, deal or redeal lays cards on it) will only ever show the tops reachable from its present
top (or, empty, from a base it takes) one take at a time, with its own bottom card's suit and
its last rank. A card may go up on such a foundation only onto one of those tops, and only once
that foundation (not another) can show it: the fixpoint keeps "key k can be the top of
foundation d" per foundation. With same-suit foundations this is what lets the proof fire at
all: the game's table alone lets a card go up on its rank's predecessor of any suit.

Why each condition: nothing may leave a foundation (its buried cards never come back); a
redeal gathers the piles in a new order, so the check waits until no redeal is left (then
the piles only change by the moves above and the deal); cards dealt, filled or turned onto a
tracked pile come from loose piles and only cover its cards; depths, phases, `when` and
limits only forbid moves, which the fixpoint ignores (it allows more, never less).

A card goes up on a chained foundation only by a move that checks the foundation's top, so a
loose card too waits for one of its supports (it is free at any time, not a top at once); a
foundation that is not chained (a stock turned onto it, a fill or a deal laying cards there)
may take any free card at any time, loose or gone from its pile, which is then up, whatever
that foundation shows, and may show there. With twins, a card that went up on
one foundation may still be the one another foundation waits for, once a support of it shows
there: such cards are tried again at every round, not only the cards that went up nowhere.
"""

from __future__ import annotations

from typing import Any, Final

from pipeline.engine.compile import BASE_ANY, blocks_used
from pipeline.engine.state import State


def _needs_all(game) -> str | None:
    """Why a win might not need every card in play on a foundation (None: it does)."""
    if game.win == "all-on-foundations":
        return None
    if game.win != "foundations-complete":
        return f"the win ({game.win}) does not require every card on a foundation"
    # the foundations' wants: from a fresh deal, steps from each top to its last rank
    s = game.new_state(seed=0)
    want = 0
    for d in game.foundations:
        pile = s.card_piles()[d]
        last, direction, wrap = game.flast[d], game.fdir[d], game.fwrap[d]
        if not pile or last is None or direction not in ("up", "down"):
            return "a foundation's length is not fixed"
        r = (~pile[-1] if pile[-1] < 0 else pile[-1]) % 13 + 1
        # cards still to come: steps of `fstep` ranks from the top to the last rank
        step = game.fstep[d] if direction == "up" else -game.fstep[d]
        n = 0
        while r != last and n < 13:
            r += step
            if not 1 <= r <= 13:
                if not wrap:
                    return "a foundation's length is not fixed"
                r = (r - 1) % 13 + 1
            n += 1
        if r != last:
            return "a foundation's length is not fixed"
        want += n
    piles = s.card_piles()
    cards = sum(len(piles[p]) for p in range(game.npiles) if p not in game.out_piles)
    if want != cards:
        return "the foundations complete without every card in play"
    return None


def unsafe_reason(game) -> str | None:
    """Why the blocked-cards proof does not hold for this game (None: it does)."""
    used = blocks_used(game.rules)
    if used:  # the proof knows stacks built one card at a time, nothing else
        return f"the spec uses {used[0]}"
    why = _needs_all(game)
    if why is not None:
        return why
    found = set(game.foundations)
    if not found:
        return "no foundation"
    for r in game.transfers:
        if any(src in found for src, _ in r.pairs):
            return f"move rule {r.id!r} takes cards from a foundation"
    for t in game.turns:
        if t.src in found:
            return f"turn rule {t.id!r} takes cards from a foundation"
    for r in game.routes:
        if found & set(r.srcs):
            return f"route rule {r.id!r} takes cards from a foundation"
    if not tracked_piles(game):
        return "no pile gives only its top card"
    return None


def tracked_piles(game) -> tuple[int, ...]:
    """Piles that give only their top card, one at a time, and get cards only on top."""
    found = set(game.foundations)
    bad = {game.stock} | set(game.out_piles) | found
    for r in game.routes:
        bad |= {*r.srcs, *r.targets}
    for r in game.transfers:
        if r.run:
            bad |= {src for src, _ in r.pairs}
    # a recycle gives the whole talon back, its bottom card first to come again
    bad |= {t.dst for t in game.turns if t.recycle}
    return tuple(p for p in range(game.npiles) if p not in bad and game.top_only(p))


def foundation_supports(game) -> tuple[tuple[int, ...], ...]:
    """Per card key c: the card keys t some foundation could take c on (any bottom suit)."""
    sup: list[set[int]] = [set() for _ in range(52)]
    for d in game.foundations:
        for t in range(52):
            for bs in range(4):
                for c in game.foundation_takes(d, t, bs):
                    sup[c].add(t)
    return tuple(tuple(sorted(s)) for s in sup)


def chained_foundations(game) -> frozenset[int]:
    """Foundations that receive cards only by moves that check what they take (transfers of
    one card, `Game.foundation_takes` and the last rank): their future tops follow from the
    present one. Cards turned, routed, filled, dealt or gathered onto a foundation do not."""
    other: set[int] = set()
    for t in game.turns:
        other.add(t.dst)
    for r in game.routes:
        other.update(r.targets)
    for f in game.fills:
        other.update(f.piles)
    for st in game.steps:
        other.update(st.to)
        other.update(st.divert)
        if st.count is not None:
            other.add(st.count.send_to)
    if game.redeal is not None:
        other.update(game.redeal.gather)
        for si in game.redeal.steps:
            other.update(game.steps[si].to)
    for r in game.transfers:
        if r.run:
            for _, dsts in r.pairs:
                other.update(dsts)
    return frozenset(d for d in game.foundations if d not in other)


# a card's possible depths as the top of a pile outside the foundations, as bits (bit d for
# depth d, the last bit for that depth and every one beyond)
_DEPTHS: Final = 60
_ANY: Final = (1 << (_DEPTHS + 1)) - 1


def _depth_bit(d: int) -> int:
    return 1 << (d if d < _DEPTHS else _DEPTHS)


def _depth_bits(lo: int, hi: int) -> int:
    """The bits of the depths lo..hi of a card (depth 0, an empty pile, is no card)."""
    out = 0
    for d in range(max(lo, 1), min(hi, _DEPTHS) + 1):
        out |= 1 << d
    return out


def _mark(mob: bytearray, lo: int, hi: int) -> None:
    for d in range(max(lo, 1), min(hi, len(mob) - 1) + 1):
        mob[d] = 1


# a tracked pile's rules in the fixpoint: the pile, the depths its card may always leave from,
# the builds (depths from, to; per card key the keys it may be built on; the target's depths
# as bits) and the moves to an empty place (depths from, to; ranks)
_Shape = tuple[
    int,
    bytes,
    list[tuple[int, int, tuple[tuple[int, ...], ...], int]],
    list[tuple[int, int, frozenset[int]]],
]


class _Col:
    """A tracked pile in the fixpoint: its cards, how many of them have not left yet (the
    top `i`), and its rules (`_Shape`)."""

    def __init__(
        self,
        pile: list[int],
        mob: bytes,
        builds: list[tuple[int, int, tuple[tuple[int, ...], ...], int]],
        empties: list[tuple[int, int, frozenset[int]]],
    ) -> None:
        self.pile = pile
        self.i = len(pile)
        self.mob = mob
        self.builds = builds
        self.empties = empties


class Blocked:
    """The blocked-cards fixpoint (module doc), with the game's tables made once."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.reason: str | None = unsafe_reason(game)
        self.tracked: tuple[int, ...] = tracked_piles(game) if self.reason is None else ()
        tracked = set(self.tracked)
        found = set(game.foundations)
        self.supports: tuple[tuple[int, ...], ...] = foundation_supports(game)
        # per tracked pile, the depths (1 = its bottom card) from which its card may always
        # leave elsewhere (a loose pile, an empty place, a fill, a turn): `source_depth`
        # limits read from the rules (a fill that takes only third-circle cards frees none of
        # the two below)
        n_cards: int = game.ncards
        full = bytes([1]) * (n_cards + 2)
        mob: dict[int, bytearray] = {p: bytearray(n_cards + 2) for p in self.tracked}
        # per tracked pile: (depths from, to, ranks) that may go to an empty place, and
        # (depths from, to, per card key the keys it may be built on, the target's depths as
        # bits) per rule that moves its cards onto a card of a tracked pile
        empties: dict[int, list[tuple[int, int, frozenset[int]]]] = {p: [] for p in tracked}
        builds: dict[int, list[tuple[int, int, tuple[tuple[int, ...], ...], int]]] = {
            p: [] for p in tracked
        }
        for r in game.transfers:
            lo, hi = r.sdepth
            for src, dsts in r.pairs:
                if src not in tracked:
                    continue
                onto_tracked = False
                for d in dsts:
                    if d in found:
                        continue
                    if d not in tracked or r.onto is None or (r.empty_any and r.tdepth[0] == 0):
                        _mark(mob[src], lo, hi)
                        continue
                    onto_tracked = True
                if onto_tracked and r.onto is not None:
                    tbl = tuple(tuple(sorted({t % 52 for t in r.onto[k]})) for k in range(52))
                    builds[src].append((lo, hi, tbl, _depth_bits(*r.tdepth)))
                    if r.empty_ranks and r.tdepth[0] == 0:
                        empties[src].append((lo, hi, frozenset(r.empty_ranks)))
        for f in game.fills:
            for s in f.sources:
                for p in s.piles:
                    if p in tracked:
                        _mark(mob[p], s.sdepth[0], s.sdepth[1])
        for t in game.turns:
            if t.src in tracked:
                _mark(mob[t.src], 0, 1 << 30)
        self.mobile: dict[int, bytes] = {p: bytes(m) for p, m in mob.items()}
        self._builds = builds
        self._empties = empties
        if self.reason is None and all(m[1:] == full[1:] for m in self.mobile.values()):
            # every card is freed at once: only a card whose supports are all buried could
            # be caught, which one pack never shows and the checks' cost would not repay
            self.reason = "the top card of every pile can always move elsewhere"
        self.loose: tuple[int, ...] = tuple(
            p for p in range(game.npiles) if p not in tracked and p not in game.out_piles
        )
        self._redeals: bool = game.redeal is not None
        # (loose pile, its length) -> its card keys: with no redeal and nothing laid on it,
        # a loose pile only loses cards from its top, so in one deal its length says what
        # it holds (`reset` for a new deal)
        self._loose_at: dict[tuple[int, int], list[int]] = {}
        self._shrinks: bool = game.redeal is None and all(
            p not in {t.dst for t in game.turns}
            and not any(p in ds for r in game.transfers for _, ds in r.pairs)
            for p in self.loose
        )
        n: int = game.ncards
        self._unit: list[int] = [0] * (2 * n)  # stored value (face-down ones negative) -> key
        for v in range(n):
            self._unit[v] = self._unit[2 * n + ~v] = v % 52
        # the foundations' tables for `_base_keys`, read once
        self._found: tuple[int, ...] = tuple(game.foundations)
        self._fbase: list[int] = list(game.fbase)
        self._fgroup: list[int] = list(game.pile_group)
        # per tracked pile: (pile, depths it may leave from, per depth 1.. the card keys it may
        # be built on there with the target's depths as bits, per depth the ranks that may go
        # to an empty place); depths beyond the table read its last entry
        self._cols: list[_Shape] = [
            (p, self.mobile[p], builds[p], empties[p]) for p in self.tracked
        ]
        self._chained: list[bool] = [d in chained_foundations(game) for d in self._found]
        # the foundations (indices) that take cards without a check: a free card may go up
        # there at any time (`_free`)
        self._unchained: tuple[int, ...] = tuple(j for j, c in enumerate(self._chained) if not c)
        self._fdir: list[str] = list(game.fdir)
        self._flast: list[int | None] = list(game.flast)
        self._fwrap: list[bool] = list(game.fwrap)
        # (foundation, top, bottom suit, cards held up to 14) -> the (top, card) pairs it
        # may ever take (`_edges`); the same few repeat across a search
        self._ecache: dict[int, list[tuple[int, int]]] = {}
        # the foundations' states -> `_supports_now`'s tables (read only but for the tops)
        self._scache: dict[tuple[int, ...], tuple[list[list[tuple[int, int]]], list[bool]]] = {}

    def reset(self) -> None:
        """A new search (a new deal): forget what was cached of the last one."""
        self._loose_at.clear()

    def applies(self, state: State) -> bool:
        """No redeal is left to gather the piles (see the module doc). The deal may go on:
        it lays cards of the stock, a loose pile, on tracked piles, which only covers
        their cards."""
        return not self._redeals or state.redeals_over()

    def _base_keys(self, piles: list[list[int]]) -> list[int]:
        """Card keys an empty foundation takes now."""
        out: list[int] = []
        for d in self._found:
            if piles[d]:
                continue
            got = self._bases_of(piles, d)
            if len(got) == 52:
                return got
            out += got
        return out

    def _bases_of(self, piles: list[list[int]], d: int) -> list[int]:
        """Card keys empty foundation `d` takes now as its base."""
        b = self._base_rank(piles, d)
        if b == BASE_ANY:
            return list(range(52))
        return [b - 1, b + 12, b + 25, b + 38]

    def _base_rank(self, piles: list[list[int]], d: int) -> int:
        """The rank empty foundation `d` takes now as its base (BASE_ANY: any card)."""
        b = self._fbase[d]
        group = self._fgroup
        if b < 0:  # `first` or `rank_of`: the base of its group, once a foundation has one
            b = BASE_ANY
            for e in self._found:
                if piles[e] and group[e] == group[d]:
                    v = piles[e][0]
                    b = (~v if v < 0 else v) % 13 + 1
                    break
        return b

    def _full(self, d: int, top: int, n: int) -> bool:
        """Foundation `d` with `n` cards and card key `top` on top takes no more (as the
        move generator has it: its last rank, or 13 cards one way)."""
        last = self._flast[d]
        one_way = self._fdir[d] != "both" and self._fdir[d] != "any"
        if last is None:
            return n >= 13 and one_way
        return (top % 13 + 1 == last and (n > 1 or not self._fwrap[d])) or (n >= 13 and one_way)

    def _edges(self, d: int, top: int, n: int, bs: int) -> list[tuple[int, int]]:
        """The (top, card) key pairs chained foundation `d` may ever take a card on, from
        card key `top` with `n` cards and bottom suit `bs`: one take at a time."""
        ck = ((d * 52 + top) * 4 + bs) * 16 + (n if n < 14 else 14)
        got = self._ecache.get(ck)
        if got is not None:
            return got
        game = self.game
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        todo: list[tuple[int, int]] = [(top, n)]
        while todo:
            t, m = todo.pop()
            mk = m if m < 14 else 14
            sk = t * 16 + mk
            if sk in seen:
                continue
            seen.add(sk)
            if self._full(d, t, m):
                continue
            for c in game.foundation_takes(d, t, bs):
                out.append((t, c))
                todo.append((c, mk + 1))
        if len(self._ecache) >= 100_000:
            self._ecache.clear()
        self._ecache[ck] = out
        return out

    def _all_edges(self, d: int, bss: list[int]) -> list[tuple[int, int]]:
        """Every (top, card) key pair foundation `d` takes a card on, for these bottom suits."""
        ck = -1 - (d * 16 + sum(1 << b for b in bss))
        got = self._ecache.get(ck)
        if got is not None:
            return got
        game = self.game
        out = sorted(
            {(t, c) for bs in bss for t in range(52) for c in game.foundation_takes(d, t, bs)}
        )
        self._ecache[ck] = out
        return out

    def _supports_now(
        self, piles: list[list[int]]
    ) -> tuple[list[list[tuple[int, int]]], list[bool]]:
        """Per card key: the (foundation index, top key or -1 for an empty foundation's base)
        pairs it may go up on from this position; per foundation index and key, whether that
        top stands there now."""
        unit = self._unit
        nf = len(self._found)
        # the foundations' states (top, cards held up to 14, bottom suit; an empty one by the
        # base it takes): the same few repeat across a search, so their tables are kept
        state: list[int] = []
        for d in self._found:
            pile = piles[d]
            if pile:
                n = len(pile)
                state.append(
                    (unit[pile[-1]] * 16 + (n if n < 14 else 14)) * 4 + unit[pile[0]] // 13
                )
            else:
                state.append(-1 - self._base_rank(piles, d))
        sk = tuple(state)
        got = self._scache.get(sk)
        if got is not None:
            return got[0], got[1][:]
        sup: list[list[tuple[int, int]]] = [[] for _ in range(52)]
        topf = [False] * (nf * 52)
        for j in range(nf):
            d = self._found[j]
            pile = piles[d]
            pairs: list[tuple[int, int]] = []
            if pile:
                top = unit[pile[-1]]
                topf[j * 52 + top] = True
                bs = unit[pile[0]] // 13
                if self._chained[j]:
                    pairs = self._edges(d, top, len(pile), bs)
                else:
                    pairs = self._all_edges(d, [bs])
            else:
                pairs = []
                for b in self._bases_of(piles, d):
                    pairs.append((-1, b))
                    if self._chained[j]:
                        pairs.extend(self._edges(d, b, 1, b // 13))
                if not self._chained[j]:
                    pairs.extend(self._all_edges(d, [0, 1, 2, 3]))
            for t, c in pairs:
                sup[c].append((j, t))
        if len(self._scache) >= 20_000:
            self._scache.clear()
        self._scache[sk] = (sup, topf[:])
        return sup, topf

    def _go_up(self, k: int, sup: list[list[tuple[int, int]]], topf: list[bool]) -> int:
        """Whether a card of key `k` that is free may go up now, as bits: 1, it may; 2, it
        shows a top not shown before on some foundation; 4, some foundation might still
        take it later (a support there not shown yet), so it is to be tried again."""
        got = 0
        for j, t in sup[k]:
            i = j * 52 + k
            if t < 0 or topf[j * 52 + t]:
                got |= 1
                if not topf[i]:
                    topf[i] = True
                    got |= 2
            elif not topf[i]:
                got |= 4
        return got

    def _free(self, k: int, topf: list[bool], late: list[int], part: list[int]) -> None:
        """A card of key `k` is free (loose, or it left its pile) and not up yet. Where a
        foundation takes cards without a check (a turn, a fill, a deal onto it), the card
        may go up there at any time, whatever it shows, and show as its top: it is up, and
        only tried again on the chained ones (`part`); else it waits for a support (`late`)."""
        if not self._unchained:
            late.append(k)
            return
        for j in self._unchained:
            topf[j * 52 + k] = True
        part.append(k)

    def _loose_keys(self, p: int, pile: list[int]) -> list[int]:
        """The card keys loose pile p holds, each once (cached where the pile only shrinks)."""
        shrinks = self._shrinks
        if shrinks:
            got = self._loose_at.get((p, len(pile)))
            if got is not None:
                return got
        unit = self._unit
        seen = [False] * 52
        got = []
        for v in pile:
            k = unit[v]
            if not seen[k]:
                seen[k] = True
                got.append(k)
        if shrinks:
            self._loose_at[(p, len(pile))] = got
        return got

    def dead(self, state: State) -> bool:
        """The fixpoint of the module doc: True when some card that must go up never can.
        Rounds over the piles stopped at a card and the cards that have left but could not
        go up, until one changes nothing (a least fixpoint: the order does not matter)."""
        return self.dead_piles(state.card_piles())

    def dead_piles(self, piles: list[list[int]]) -> bool:
        """`dead` of the position with these piles (a crafted one, in a test)."""
        unit = self._unit
        sup, topf = self._supports_now(piles)
        # per card key, the depths at which a card of it can be a top outside the
        # foundations (bits, `_depth_bit`)
        tab = [0] * 52
        loose: list[int] = []
        if self._shrinks:
            for p in self.loose:
                pile = piles[p]
                if pile:
                    loose += self._loose_keys(p, pile)
        else:
            for p in self.loose:
                for v in piles[p]:
                    loose.append(unit[v])
        late: list[int] = []  # keys of cards that left but could not go up then
        # keys of cards that went up somewhere but may yet go up on another foundation (a
        # twin's foundation, or one whose support shows only later): tried again each round
        part: list[int] = []
        for k in loose:
            tab[k] = _ANY
            # a loose card may be anywhere at any time, and free to go up on a chained
            # foundation once a support of it is a top there: a move that checks what it takes
            self._free(k, topf, late, part)
        cols: list[_Col] = []
        for p, mob, builds, empties in self._cols:
            pile = piles[p]
            if pile:
                cols.append(_Col(pile, mob, builds, empties))
        changed = True
        while changed:
            changed = False
            for col in cols:
                if col.i and self._advance(col, sup, topf, tab, late, part):
                    changed = True
            if late or part:
                # one pass over both: a card of `late` that cannot go up yet keeps waiting
                # (it is what makes the position lost if it never can); one that went up
                # somewhere, from either list, is tried again while a foundation might
                # still take it
                waiting: list[int] = []
                again: list[int] = []
                nl = len(late)
                for i, k in enumerate(late + part):
                    got = self._go_up(k, sup, topf)
                    if not got & 1 and i < nl:
                        waiting.append(k)
                        continue
                    if got & 2:
                        changed = True
                    if got & 4:
                        again.append(k)
                late = waiting
                part = again
        for col in cols:
            if col.i:
                return True
        return bool(late)

    def _advance(
        self,
        col: _Col,
        sup: list[list[tuple[int, int]]],
        topf: list[bool],
        tab: list[int],
        late: list[int],
        part: list[int],
    ) -> bool:
        """Let the cards of `col` leave from its top while they can (a card that leaves but
        cannot go up yet joins `late`, one that may yet go up on another foundation too,
        `part`). Whether anything changed. A card at depth d may
        leave elsewhere by a rule whose `source_depth` holds d: always (`mob`), to an empty
        place, or onto a card that can be a top at a depth the rule's `target_depth` holds;
        where it may leave it may then be a top at any depth."""
        unit = self._unit
        pile = col.pile
        mob = col.mob
        last = len(mob) - 1
        i = col.i
        changed = False
        while i:
            k = unit[pile[i - 1]]
            d = i if i < last else last
            moves = mob[d] != 0
            if not moves:
                for lo, hi, ranks in col.empties:
                    if lo <= i <= hi and k % 13 + 1 in ranks:
                        moves = True
                        break
            can = moves
            if not moves:
                for lo, hi, tbl, bits in col.builds:
                    if lo <= i <= hi:
                        for b in tbl[k]:
                            can = True
                            if tab[b] & bits:
                                moves = True
                                break
                        if moves:
                            break
            seen = _ANY if can else tab[k] | _depth_bit(i)
            if seen != tab[k]:
                tab[k] |= seen
                changed = True
            got = self._go_up(k, sup, topf)
            if not got & 1:
                if not moves:
                    break
                self._free(k, topf, late, part)
            elif got & 4:
                part.append(k)
            i -= 1
            changed = True
        col.i = i
        return changed
