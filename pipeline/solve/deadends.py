"""Dead ends: positions proved lost because the cards that must reach a foundation cannot.

The checks are necessary conditions for a win, nothing more: they never cut a winnable
position, so they need no one-pack argument and hold for two packs. They hold for a spec
that passes `unsafe_reason`. Its *bound* piles are those the win requires empty (the tableau
for `tableau-empty`, every pile but the foundations and the stock for `all-on-foundations`)
and every card leaves them as a single top card onto a foundation that accepts it (the
foundation's own table); nothing else enters them but the deal; nothing leaves a foundation,
so a card under a foundation's top is *buried* for good.

1. Supports (`_stuck`). A bound card c goes onto some foundation top t that accepts it. A
   card under c in c's own pile cannot be a top before c has left, and a buried card never
   is again. Start from the cards that may become a top at any time (every card neither
   buried nor bound) and let a bound card leave when one of its possible supports is free
   and nothing lies on it; a card that has left may then support others. Cards that never
   leave in this fixpoint never leave in play: the position is lost. (Golf: the kings under
   a column's last queen once the three other queens are buried.)

2. Chains (`_excess`), for foundations that accept by rank alone, one rank up or down
   (with or without K-A wrap). Between two cards brought from outside the bound piles (a
   stock card turned onto a foundation) the bound cards played form a *chain*, each card
   one rank from the one before. There are at most `k` chains: one per foundation plus one
   per card outside the bound piles and the foundations. For any set S of ranks no two of
   which are adjacent, two S cards in a chain are separated by a card of a rank next to S,
   so a chain holds at most one S card more than N(S) cards: n(S) - n(N(S)) <= k over the
   bound cards, whatever the order of play. The best S is found by a dynamic programme over
   the 13 ranks. (Golf with two stock cards left and a run of fives and sevens with no six:
   lost, though each card alone has free supports.)

3. Periods (`_late`), where one foundation takes the stock's cards one at a time in their
   order and nothing else comes from the stock. Period 0 lasts until the next stock card is
   turned, period j from the j-th turned card to the next. A bound card x placed on a bound
   card y is placed in y's period (the next card turned buries y), and on the j-th stock
   card in period j; the cards on x have left in x's period or before. So the set of
   periods in which x can leave is at most: the periods in which one of its supports can
   be the top (the current top: 0; stock card j: j; a bound card: the periods in which it
   can leave; any other card: all), from the first period a card on x can leave. The least
   fixpoint of these sets (bit masks) is computed; a bound card with none: lost. (Golf:
   a card whose only supports still to come are stock cards turned before the card on
   it can leave.) It replaces check 1 while the stock holds cards.

The checks cost a pass over the bound cards per position; they are turned off where they
cannot fire (a card with one support only: only the card itself could bury it). Where they
do not hold (builds between piles, fills, redeals, a talon), the blocked-cards check of
`blocked.py` takes their place when it holds.
"""

from __future__ import annotations

from typing import Any, Final

from pipeline.engine.compile import blocks_used
from pipeline.engine.native import bit_values, i64, vec
from pipeline.engine.state import State
from pipeline.solve.alone import SuitsAlone
from pipeline.solve.apart import TopsApart
from pipeline.solve.blocked import Blocked, foundation_supports
from pipeline.solve.cuts import PileCuts

DEAD = None  # what `step` returns for a position proved lost
_NEG: Final = -(10**9)


def bound_piles(game) -> tuple[int, ...]:
    """The piles every card of which must reach a foundation for a win."""
    if game.win == "tableau-empty":
        return tuple(game.tableau)
    if game.win == "all-on-foundations":
        feeds = {t.src for t in game.turns} | {game.stock}
        return tuple(p for p in range(game.npiles) if p not in game.out_piles and p not in feeds)
    return ()


def unsafe_reason(game) -> str | None:
    """Why dead-end detection does not hold for this game (None: it does)."""
    used = blocks_used(game.rules)
    if used:  # the argument knows stacks built one card at a time, nothing else
        return f"the spec uses {used[0]}"
    if game.win not in ("tableau-empty", "all-on-foundations"):
        return f"the win ({game.win}) does not require every card of some piles on foundations"
    bound = set(bound_piles(game))
    found = set(game.foundations)
    if not found or not bound:
        return "no foundation or no pile that must be emptied onto one"
    if game.redeal is not None:
        return "a redeal gathers piles"
    if game.fills:
        return "fill rules move cards by themselves"
    for r in game.routes:
        if bound & {*r.srcs, *r.targets} or found & set(r.srcs):
            return f"route rule {r.id!r} moves cards of the bound piles or foundations"
    for t in game.turns:
        if t.src in bound or t.dst in bound or t.src in found:
            return f"turn rule {t.id!r} moves cards of the bound piles or foundations"
    for r in game.transfers:
        for src, dsts in r.pairs:
            if src in found:
                return f"move rule {r.id!r} takes cards from a foundation"
            if bound & set(dsts):
                return f"move rule {r.id!r} brings cards into a bound pile"
            if src in bound and (
                r.run or not game.top_only(src) or any(d not in found for d in dsts)
            ):
                return f"move rule {r.id!r} takes cards from a bound pile elsewhere"
    return None


def rank_steps(supports) -> bool | None:
    """How the foundations accept, when by rank alone and one rank up or down: True with
    K-A wrap, False without; None otherwise (suits matter, or a step of another size)."""
    wrap = False
    for c in range(52):
        ranks = {t % 13 for t in supports[c]}
        if set(supports[c]) != {13 * s + r for s in range(4) for r in ranks}:
            return None
        if supports[c] != supports[c % 13]:
            return None
        for r in ranks:
            d = abs(r - c % 13)
            if d == 12:
                wrap = True
            elif d != 1:
                return None
    return wrap


def _run(p: list[int], n: list[int], r0: int, a: int, b: int, f: int) -> tuple[int, int, int]:
    """Ranks r0..12 of `excess`'s programme, from the states of rank r0 - 1."""
    for r in range(r0, 13):
        g = f - n[r - 1]
        a, b, f = (b if b > g else g) + p[r], a - n[r], b if b > f else f
    return a, b, f


def excess(p: list[int], wrap: bool, n: list[int] | None = None) -> int:
    """max over sets S of ranks, no two adjacent, of p(S) - n(N(S)) (n = p by default),
    N(S) the ranks next to S (0..12 in a row, or a ring with `wrap`). A dynamic programme
    over the ranks; per rank the best value with that rank in S (a), next to an S rank
    already counted (b), or neither (f: counted against S only if the next rank joins S)."""
    if n is None:
        n = p
    if not wrap:
        a, b, f = _run(p, n, 1, p[0], _NEG, 0)
        return max(a, b, f)
    # a ring: fix rank 0 in S (rank 12 then may not be, and is its neighbour), or not, with
    # rank 1 in S (rank 0 counted) or not (rank 0 counted only if rank 12 joins S)
    a, b, f = _run(p, n, 1, p[0], _NEG, _NEG)
    best = max(b, f - n[12])
    a, b, f = _run(p, n, 2, p[1] - n[0], _NEG, _NEG)
    best = max(best, a, b, f)
    a, b, f = _run(p, n, 2, _NEG, _NEG, 0)
    return max(best, b, f, a - n[0])


def _run_packed(key: i64, width: i64, r0: i64, a: i64, b: i64, f: i64) -> tuple[i64, i64, i64]:
    """`_run` on counts packed `width` bits each in `key` (rank r at bit r * width)."""
    mask: i64 = (1 << width) - 1
    prev: i64 = key >> width * (r0 - 1) & mask
    r: i64 = r0
    while r < 13:
        cur: i64 = key >> width * r & mask
        g: i64 = f - prev
        a, b, f = (b if b > g else g) + cur, a - cur, b if b > f else f
        prev = cur
        r += 1
    return a, b, f


def _max(a: i64, b: i64) -> i64:
    return a if a > b else b


def excess_packed(key: i64, width: i64, wrap: bool) -> i64:
    """`excess(p, wrap)` of the 13 counts p packed `width` bits each in `key`, on machine
    integers when compiled (`width` at most 4): no list, no cache needed."""
    mask: i64 = (1 << width) - 1
    p0: i64 = key & mask
    if not wrap:
        a, b, f = _run_packed(key, width, 1, p0, _NEG, 0)
        return _max(a, _max(b, f))
    a, b, f = _run_packed(key, width, 1, p0, _NEG, _NEG)
    best: i64 = _max(b, f - (key >> 12 * width & mask))
    a, b, f = _run_packed(key, width, 2, (key >> width & mask) - p0, _NEG, _NEG)
    best = _max(best, _max(a, _max(b, f)))
    a, b, f = _run_packed(key, width, 2, _NEG, _NEG, 0)
    return _max(best, _max(_max(b, f), a - p0))


def _timeline(game) -> int | None:
    """The stock, when the cards it holds come to the one foundation one at a time in
    its order and in no other way, and none come back (after the deal); else None."""
    if len(game.foundations) != 1:
        return None
    st = game.stock
    if any(t.src == st and (t.dst != game.foundations[0] or t.count != 1) for t in game.turns):
        return None
    if any(src == st for r in game.transfers for src, _ in r.pairs):
        return None
    if any(st in r.srcs or st in r.targets for r in game.routes):
        return None
    if any(t.dst == st for t in game.turns) or any(
        st in ds for r in game.transfers for _, ds in r.pairs
    ):
        return None  # cards come back to the stock
    return st


class DeadEnds:
    """Dead-end detection along a depth-first path (see the module doc).

    `start(state)` at the root and `step(state)` after each move return DEAD (None) for a
    position proved lost, otherwise a token that `back(token)` takes when the search
    leaves the position (the buried cards are kept incrementally: foundations only grow).
    Where foundations accept by rank alone, cards are counted by rank (a *unit*), else by
    card key."""

    def __init__(self, game, alone: bool = True, cuts: bool = False) -> None:
        self.game = game
        self.reason = unsafe_reason(game)
        # each suit's end game alone (`alone.py`), besides whichever check below holds
        sa = SuitsAlone(game) if alone else None
        self.alone: SuitsAlone | None = sa if sa is not None and sa.enabled else None
        self.bound = bound_piles(game) if self.reason is None else ()
        sup = foundation_supports(game)
        if self.reason is None and all(len(s) < 2 for s in sup):
            self.reason = "no card has two supports: only the card itself could bury its one"
        # where these checks do not hold, the blocked-cards check may (`blocked.py`)
        self.blocked: Blocked | None = None
        # the blocked-cards check is costly and fires seldom in a search (which plays to the
        # foundations first): it runs at every `_stride`-th position, the stride doubling
        # after 256 checks without a dead end (up to 128) and back to 1 after one
        self._stride = 1
        self._tick = 0
        self._quiet = 0
        # and where neither holds, the tops-apart check of `apart.py` may
        self.apart: TopsApart | None = None
        # with it, the cuts' proof over a pile's order and the foundations' places (`cuts.py`)
        self.cuts: PileCuts | None = None
        if self.reason is not None:
            other = Blocked(game)
            if other.reason is None:
                self.blocked = other
                self.reason = None
                pc = PileCuts(game, other) if cuts else None
                self.cuts = pc if pc is not None and pc.enabled else None
            else:
                apart = TopsApart(game)
                if apart.reason is None:
                    self.apart = apart
                    self.reason = None
                else:
                    self.reason = f"{self.reason}; {other.reason}"
        self.enabled = self.reason is None
        self.wrap = rank_steps(sup)  # None: no chain check
        units = 52 if self.wrap is None else 13
        self.supports = tuple(tuple(sorted({t % units for t in sup[c]})) for c in range(units))
        self.copies = game.decks * (52 // units)  # cards of one unit
        self._units = units
        self._found = tuple(game.foundations)
        bound = set(self.bound)
        self._others = tuple(
            p for p in range(game.npiles) if p not in bound and p not in self._found
        )
        n = game.ncards
        unit = [0] * (2 * n)  # stored value (face-down ones < 0) -> unit
        for v in range(n):
            unit[v] = unit[2 * n + ~v] = v % 52 % units
        self._unit: vec[i64] = vec[i64](unit)
        self._lens: list[int] = []
        self._excesses: dict[int, int] = {}  # packed counts per rank -> excess (they repeat)
        self._timeline = _timeline(game)
        # the hot loops' typed copies (native lists when compiled): supports as two lists
        # (`_sa`, `_sb`, padded with a unit whose mask stays 0) where no unit has more than
        # two (the periods loop's fast path), else one list each
        self._two = all(len(t) <= 2 for t in self.supports)
        pad = units  # an extra unit, never set
        pairs = [(*t, pad, pad)[:2] for t in self.supports] if self._two else []
        self._sa: vec[i64] = vec[i64]([t[0] for t in pairs])
        self._sb: vec[i64] = vec[i64]([t[1] for t in pairs])
        self._sup: list[list[i64]] = [list(t) for t in self.supports]
        self._bound_l: vec[i64] = vec[i64](self.bound)
        self._found_l: list[int] = list(self._found)
        self._others_l: list[int] = list(self._others)
        # counts per unit packed into one int, `_width` bits each (a unit has at most
        # `copies` cards): the chain check's input (`excess_packed`), kept as cards are buried
        self._width = self.copies.bit_length()
        self._shift: list[int] = [
            (1 << (self._width * u)) if self.wrap is not None else 0 for u in range(units)
        ]
        self._fkey = 0  # the cards of each unit not buried, packed (`start`, `step`, `back`)
        # set by `start` from `_timeline` (a test turns the periods check off through it)
        self._tl = -1
        self._loose_l: list[int] = []
        # per stock length: per unit the periods' mask (Python ints; and as machine
        # integers where they fit), the stock's counts packed (`_stock_tables`)
        self._tables: list[tuple[list[int], vec[i64], int] | None] = []
        self._no_q: vec[i64] = vec[i64]()
        # per unit its supports as a bit mask of units (the pad's bit is never set)
        self._smask: vec[i64] = vec[i64]([sum(1 << t for t in set(ts)) for ts in self.supports])
        # bit k, read from a table (`native.bit_values`): the masks here reach 62 bits
        self._bits: vec[i64] = vec[i64](bit_values(63))

    def _excess(self, key: int) -> int:
        """`excess` of the counts packed in `key` (see `_shift`): at once where they fit in
        a machine word, else through a cache."""
        if self._width <= 4:
            return excess_packed(key, self._width, self.wrap is True)
        cache = self._excesses
        e = cache.get(key)
        if e is None:
            if len(cache) >= 200_000:
                cache.clear()
            mask = (1 << self._width) - 1
            counts = [key >> (self._width * u) & mask for u in range(self._units)]
            e = excess(counts, self.wrap is True)  # only called with a chain check
            cache[key] = e
        return e

    def _dead(self, piles: list[list[int]], over: bool) -> bool:
        found = self._found_l
        for d in found:
            if not piles[d]:
                return False  # an empty foundation may take any card as its base
        unit = self._unit
        tl = self._tl
        timed = tl >= 0 and over
        n = 0
        periods: list[int] = []
        qv = self._no_q
        akey = 0  # the cards neither buried nor bound (a top at any time), packed
        if timed:
            # the stock only shrinks from its top after the deal: its counts and period
            # masks depend on its length alone
            n = len(piles[tl])
            got = self._tables[n]
            if got is None:
                q, k = self._stock_tables(piles[tl])
                got = (q, vec[i64](q if n <= 60 else []), k)
                self._tables[n] = got
            periods, qv, akey = got
            rest = self._loose_l
        else:
            rest = self._others_l
        if self.wrap is not None:
            shift = self._shift
            for d in found:
                akey += shift[unit[piles[d][-1]]]
            for p in rest:
                for v in piles[p]:
                    akey += shift[unit[v]]
            heads = len(found)
            for p in self._others_l:
                heads += len(piles[p])
            fkey = self._fkey
            if self._excess(fkey) > heads:  # every card not buried, in chains
                return True
            if self._excess(fkey - akey) > heads:  # the bound cards alone
                return True
        if timed and n:
            if n > 60 or len(self._bound_l) > 60:
                return self._late_big(piles, periods, n)
            return self._late(piles, qv, n)
        # the units a top may have at any time, as bits (the stock is empty if timed)
        av: i64 = 0
        bits = self._bits
        for d in found:
            av |= bits[unit[piles[d][-1]]]
        for p in rest:
            for v in piles[p]:
                av |= bits[unit[v]]
        return self._stuck(piles, av)

    def _stock_tables(self, stock: list[int]) -> tuple[list[int], int]:
        """Per unit the bit mask of the periods its stock cards start; the stock's counts
        per unit, packed."""
        unit = self._unit
        q = [0] * (self._units + 1)
        bit = 2
        key = 0
        for i in range(len(stock) - 1, -1, -1):
            u = unit[stock[i]]
            q[u] = q[u] | bit
            bit <<= 1
            key += self._shift[u]
        return q, key

    def _late(self, piles: list[list[int]], q0: vec[i64], n: i64) -> bool:
        """The periods fixpoint (see the module doc): per unit, a bit mask of the periods in
        which a card of that unit can be the foundation's top; a bound card can leave in
        a period where one of its supports can be the top and in which or before which
        every card on it has left. Dead when some bound card can leave in no period.

        The piles are gone through in turn, and the least fixpoint is reached once every
        pile has been gone through since the last mask grew (the pile that grew it too);
        not dead as soon as each pile's last pass went through. Machine integers (`i64`
        when compiled) while the masks fit in 62 bits (the caller sees to it); `_late_big`
        beyond."""
        bound = self._bound_l
        m: i64 = len(bound)
        if not m:
            return False
        unit = self._unit
        bits = self._bits
        full: i64 = bits[n + 1] - 1
        q = q0[:]
        top: i64 = unit[piles[self._found_l[0]][-1]]
        q[top] = q[top] | 1
        for p in self._loose_l:
            for v in piles[p]:
                q[unit[v]] = full
        two = self._two
        sa = self._sa
        sb = self._sb
        sup = self._sup
        blocked: i64 = 0  # the piles whose last pass stopped at a card, as bits
        quiet: i64 = 0  # piles gone through since a mask last grew
        first = True  # the first round
        i: i64 = 0
        while True:
            pile = piles[bound[i]]
            cum: i64 = full
            grew = False
            j: i64 = len(pile) - 1
            while j >= 0:
                u: i64 = unit[pile[j]]
                f: i64 = 0
                if two:
                    f = (q[sa[u]] | q[sb[u]]) & cum
                else:
                    for t in sup[u]:
                        f |= q[t]
                    f &= cum
                if not f:
                    break
                g: i64 = q[u]
                if g | f != g:
                    q[u] = g | f
                    grew = True
                cum &= -(f & -f)  # this period and the later ones
                j -= 1
            if j >= 0:
                blocked |= bits[i]
            else:
                blocked &= ~bits[i]
            if grew:
                quiet = 0
            else:
                quiet += 1
            i += 1
            if i == m:
                i = 0
                first = False
            if not first:
                if not blocked:
                    return False
                if quiet >= m:
                    return True

    def _late_big(self, piles: list[list[int]], q0: list[int], n: int) -> bool:
        """`_late` with Python's integers: the same fixpoint."""
        unit = self._unit
        full = (1 << (n + 1)) - 1
        q = q0[:]
        top = unit[piles[self._found_l[0]][-1]]
        q[top] = q[top] | 1
        for p in self._loose_l:
            for v in piles[p]:
                q[unit[v]] = full
        sup = self._sup
        while True:
            changed = False
            blocked = False
            for p in self._bound_l:
                pile = piles[p]
                cum = full
                for j in range(len(pile) - 1, -1, -1):
                    u = unit[pile[j]]
                    f = 0
                    for t in sup[u]:
                        f |= q[t]
                    f &= cum
                    if not f:
                        blocked = True
                        break
                    if q[u] | f != q[u]:
                        q[u] = q[u] | f
                        changed = True
                    cum &= -(f & -f)
            if not blocked:
                return False
            if not changed:
                return True

    def _stuck(self, piles: list[list[int]], av: i64) -> bool:
        """The supports fixpoint (see the module doc); `av` the units that may be a top at
        any time, as bits (a card leaving adds its unit)."""
        unit = self._unit
        sm = self._smask
        bits = self._bits
        bound = self._bound_l
        m: i64 = len(bound)
        left = vec[i64]([0] * m)  # per bound pile: its cards not yet left
        for k in range(m):
            left[k] = len(piles[bound[k]])
        while True:
            moved = False
            some = False
            i: i64 = 0
            while i < m:
                j: i64 = left[i]
                if j:
                    pile = piles[bound[i]]
                    j0 = j
                    while j:
                        u: i64 = unit[pile[j - 1]]
                        if not sm[u] & av:
                            break
                        av |= bits[u]
                        j -= 1
                    if j != j0:
                        left[i] = j
                        moved = True
                    if j:
                        some = True
                i += 1
            if not some:
                return False
            if not moved:
                return True

    def reset(self) -> None:
        """A new deal: forget what the checks kept of earlier searches (`SuitsAlone.reset`;
        the blocked-cards check's pacing starts anew at each `start`)."""
        if self.alone is not None:
            self.alone.reset()

    def start(self, state):
        """Reset at the root: the buried cards now; DEAD if the position is already lost."""
        tok = self._start(state)
        if tok is not DEAD and self.alone is not None and self.alone.dead(state):
            return DEAD
        return tok

    def _start(self, state):
        if self.apart is not None:
            return DEAD if self.apart.dead(state) else ()
        blocked = self.blocked
        if blocked is not None:
            self._stride = 1
            self._tick = self._quiet = 0
            blocked.reset()
            if not blocked.applies(state):
                return ()
            return DEAD if blocked.dead(state) or self._cut(state) else ()
        piles = state.card_piles()
        self._tables = [None] * (self.game.ncards + 1)  # by the stock's length
        self._tl = -1 if self._timeline is None else self._timeline
        self._loose_l = [p for p in self._others if p != self._timeline]
        free = [self.copies] * self._units  # cards of each unit not buried
        unit = self._unit
        for d in self._found:
            for v in piles[d][:-1]:
                free[unit[v]] -= 1
        self._fkey = sum(c * s for c, s in zip(free, self._shift, strict=True))
        self._lens = [len(piles[d]) for d in self._found]
        return DEAD if self._dead(piles, bool(state.deal_over())) else ()

    def step(self, state: Any) -> tuple[list[int], list[int]] | None:
        """After a move: bury what went under a foundation's new top, then check. DEAD or
        a token for `back`."""
        tok = self._step(state)
        if tok is not None and self.alone is not None and self.alone.dead(state):
            self.back(tok)
            return DEAD
        return tok

    def _step(self, state: Any) -> tuple[list[int], list[int]] | None:
        if self.apart is not None:
            return DEAD if self.apart.dead(state) else ([], [])
        if self.blocked is not None:
            return DEAD if self._blocked(state) else ([], [])
        st: State = state
        piles = st.card_piles()
        lens = self._lens
        new: list[int] = []
        found = self._found_l
        now = [len(piles[d]) for d in found]
        unit = self._unit
        shift = self._shift
        fkey = self._fkey
        for j in range(len(found)):
            n0: i64 = lens[j]
            n1: i64 = now[j]
            if n1 != n0:
                pile = piles[found[j]]
                i: i64 = n0 - 1 if n0 > 0 else 0
                while i < n1 - 1:
                    u = unit[pile[i]]
                    fkey -= shift[u]
                    new.append(u)
                    i += 1
        self._fkey = fkey
        token = (lens, new)
        self._lens = now
        if self._dead(piles, st.deal_over()):
            self.back(token)
            return DEAD
        return token

    def _blocked(self, state: Any) -> bool:
        """The blocked-cards check at every `_stride`-th position (see `__init__`)."""
        self._tick += 1
        if self._tick < self._stride:
            return False
        self._tick = 0
        blocked = self.blocked
        if blocked is None:
            return False
        if not (blocked.applies(state) and (blocked.dead(state) or self._cut(state))):
            self._quiet += 1
            if self._quiet >= 256 and self._stride < 128:
                self._stride *= 2
                self._quiet = 0
            return False
        self._stride = 1
        self._quiet = 0
        return True

    def _cut(self, state: Any) -> bool:
        """The cuts' proof, where it holds (`cuts.py`), once the blocked cards found none."""
        cuts = self.cuts
        return cuts is not None and cuts.dead(state)

    def back(self, token: tuple[list[int], list[int]]) -> None:
        if self.blocked is not None or self.apart is not None:
            return
        lens, new = token
        shift = self._shift
        fkey = self._fkey
        for u in new:
            fkey += shift[u]
        self._fkey = fkey
        self._lens = lens
