"""Dead ends: positions proved lost because the cards that must reach a foundation cannot.

Both checks are necessary conditions for a win, nothing more: they never cut a winnable
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

The checks cost a pass over the bound cards per position; they are turned off where they
cannot fire (a card with one support only: only the card itself could bury it).
"""

from __future__ import annotations

from pipeline.engine.compile import A_TOP
from pipeline.engine.layout import prepare

DEAD = None  # what `step` returns for a position proved lost
_NEG = -(10**9)


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
                r.run or game.avail[src] != (A_TOP, A_TOP) or any(d not in found for d in dsts)
            ):
                return f"move rule {r.id!r} takes cards from a bound pile elsewhere"
    return None


def _supports(game) -> tuple[tuple[int, ...], ...]:
    """Per card key c: the card keys t some foundation could take c on (any bottom suit)."""
    ftab = game._ftab
    sup: list[set[int]] = [set() for _ in range(52)]
    for d in game.foundations:
        for t in range(52):
            for bs in range(4):
                for c in ftab[d][t * 4 + bs]:
                    sup[c].add(t)
    return tuple(tuple(sorted(s)) for s in sup)


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


def _run(n: list[int], r0: int, a: int, b: int, f: int) -> tuple[int, int, int]:
    """Ranks r0..12 of `excess`'s programme, from the states of rank r0 - 1."""
    for r in range(r0, 13):
        nr = n[r]
        a, b, f = max(b, f - n[r - 1]) + nr, a - nr, max(b, f)
    return a, b, f


def excess(n: list[int], wrap: bool) -> int:
    """max over sets S of ranks, no two adjacent, of n(S) - n(N(S)), N(S) the ranks next to
    S (0..12 in a row, or a ring with `wrap`). A dynamic programme over the ranks; per rank
    the best value with that rank in S (a), next to an S rank already counted (b), or
    neither (f: counted against S only if the next rank joins S)."""
    if not wrap:
        return max(_run(n, 1, n[0], _NEG, 0))
    # a ring: fix rank 0 in S (rank 12 then may not be, and is its neighbour), or not, with
    # rank 1 in S (rank 0 counted) or not (rank 0 counted only if rank 12 joins S)
    a, b, f = _run(n, 1, n[0], _NEG, _NEG)
    best = max(b, f - n[12])
    best = max(best, *_run(n, 2, n[1] - n[0], _NEG, _NEG))
    a, b, f = _run(n, 2, _NEG, _NEG, 0)
    return max(best, b, f, a - n[0])


class DeadEnds:
    """Dead-end detection along a depth-first path (see the module doc).

    `start(state)` at the root and `step(state)` after each move return DEAD (None) for a
    position proved lost, otherwise a token that `back(token)` takes when the search
    leaves the position (the buried cards are kept incrementally: foundations only grow).
    Where foundations accept by rank alone, cards are counted by rank (a *unit*), else by
    card key."""

    def __init__(self, game) -> None:
        self.game = game
        prepare(game)
        self.reason = unsafe_reason(game)
        self.bound = bound_piles(game) if self.reason is None else ()
        sup = _supports(game)
        if self.reason is None and all(len(s) < 2 for s in sup):
            self.reason = "no card has two supports: only the card itself could bury its one"
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
        self._unit = [0] * (2 * n)  # stored value (face-down ones negative) -> unit
        for v in range(n):
            self._unit[v] = self._unit[2 * n + ~v] = v % 52 % units
        self._free = [self.copies] * units  # cards of each unit not buried
        self._lens: list[int] = []
        self._excesses: dict[tuple, int] = {}  # counts per rank -> excess (they repeat)

    def _excess(self, n: tuple) -> int:
        cache = self._excesses
        e = cache.get(n)
        if e is None:
            if len(cache) >= 200_000:
                cache.clear()
            e = cache[n] = excess(n, self.wrap)
        return e

    def _dead(self, piles) -> bool:
        found = self._found
        unit = self._unit
        avail = [0] * self._units  # cards neither buried nor bound: a top at any time
        for d in found:
            pile = piles[d]
            if not pile:
                return False  # an empty foundation may take any card as its base
            avail[unit[pile[-1]]] += 1
        for p in self._others:
            for v in piles[p]:
                avail[unit[v]] += 1
        if self.wrap is not None:
            heads = len(found) + sum(len(piles[p]) for p in self._others)
            free = self._free
            if self._excess(tuple(free)) > heads:  # every card not buried, in chains
                return True
            bound = tuple([f - a for f, a in zip(free, avail, strict=True)])
            if self._excess(bound) > heads:  # the bound cards alone
                return True
        return self._stuck(piles, avail)

    def _stuck(self, piles, avail: list[int]) -> bool:
        """The supports fixpoint (see the module doc); `avail` is consumed."""
        unit = self._unit
        sup = self.supports
        todo = [(pile, len(pile)) for pile in map(piles.__getitem__, self.bound) if pile]
        while todo:
            keep = []
            moved = False
            for pile, i in todo:
                j = i
                while j:
                    u = unit[pile[j - 1]]
                    for t in sup[u]:
                        if avail[t] > 0:
                            break
                    else:
                        break
                    avail[u] += 1
                    j -= 1
                if j:
                    keep.append((pile, j))
                if j != i:
                    moved = True
            if not moved:
                return True
            todo = keep
        return False

    def start(self, state):
        """Reset at the root: the buried cards now; DEAD if the position is already lost."""
        piles = state.piles
        self._free = free = [self.copies] * self._units
        unit = self._unit
        for d in self._found:
            for v in piles[d][:-1]:
                free[unit[v]] -= 1
        self._lens = [len(piles[d]) for d in self._found]
        return DEAD if self._dead(piles) else ()

    def step(self, state):
        """After a move: bury what went under a foundation's new top, then check. DEAD or
        a token for `back`."""
        piles = state.piles
        lens = self._lens
        new: list[int] = []
        now = [len(piles[d]) for d in self._found]
        if now != lens:
            free = self._free
            unit = self._unit
            for j, d in enumerate(self._found):
                n0, n1 = lens[j], now[j]
                if n1 != n0:
                    for v in piles[d][max(n0 - 1, 0) : n1 - 1]:
                        u = unit[v]
                        free[u] -= 1
                        new.append(u)
        token = (lens, new)
        self._lens = now
        if self._dead(piles):
            self.back(token)
            return DEAD
        return token

    def back(self, token) -> None:
        lens, new = token
        free = self._free
        for u in new:
            free[u] += 1
        self._lens = lens
