"""Cuts: a proof of loss for two packs, over a pile's order and the foundations' places.

The blocked-cards check (`blocked.py`) reasons per card *key*: once one copy of a key can go
up, every copy can. With two packs that misses the commonest dead end of the Clock's
immediate reading: two 3S lie on the talon above an AS; each 3S needs a 2S on its own hour
(hours III and VII both want one), each 2S an AS there first, and of the two AS one is under
the 3Ss. The first 3S can go up (the other AS, then a 2S), the second never: lost, though
every key alone can go up.

The claim. Take a position where every foundation's future is fixed: each foundation is
*chained* (it takes cards only by moves that check its top, `blocked.chained_foundations`)
and from its top exactly one card key can follow at each step up to its last rank, so it
will take exactly the keys of a known sequence, one *place* each; an empty foundation that
takes a fixed base rank and follows its base's suit counts as the sequence from one base
copy still in play, one per such copy, when those copies are as many as the empty
foundations (each base copy must begin one). The win needs every card in play on a
foundation (`blocked.unsafe_reason` holds: `all-on-foundations`, or foundations that want
exactly the cards in play), so every copy takes a distinct place of its key, and a place
is taken only after every place before it on its foundation.

Cut a *one-way* pile (a tracked pile of `blocked.py`: it gives only its top card and gets
cards only on top, and none of its cards may leave it by a move to an empty place, a loose
pile, a fill or a turn) into A, the cards above the cut, and B, those below. No card of B
leaves before every card of A has left. A card of A that cannot leave by a build leaves only
for a foundation (call these A'): no copy of a key it may be built on lies where a build
could find it, that is in a pile builds take cards from or lay them on, or in a loose pile
(the stock: its cards may be filled or dealt there), and not under it in its own pile (a
card there is no top while it lies above). B is not empty and its cards must go up, so every
card of A' goes up, each to a place of its key, while B still lies in the pile: every place
up to the highest taken on each foundation is then filled, by copies not in B. So for each
choice of places for A' (a key with as many copies in A' as places has no choice), the
places to be filled before B moves are counted per key against the copies of that key that
are neither in B nor already up. If every choice asks some key for more copies than that,
the position is lost (and if A' holds more copies of a key than it has places, at once).
Choices are tried all while there are at most `MAX_CHOICES`; beyond that only the keys
without a choice count, which asks less of every key: weaker, still sound.

Nothing here depends on time or on the stock's order: a card that may yet come from the
stock is a copy not in B. Where a foundation's next key is not fixed (alternate colours,
an empty foundation of any base), the position is not judged.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from pipeline.engine.state import State
from pipeline.solve.blocked import Blocked, chained_foundations

MAX_CHOICES = 1024  # the most choices of places tried for one cut


class PileCuts:
    """The cuts' proof (module doc) for one game: `dead(state)` is True only for a position
    that cannot be won. `reason` says why it does not hold for the game (None: it does)."""

    def __init__(self, game: Any, blocked: Blocked | None = None) -> None:
        self.game = game
        bl = blocked if blocked is not None else Blocked(game)
        self._bl = bl
        self.reason: str | None = bl.reason
        found = tuple(game.foundations)
        self._found = found
        self._is_found = [p in set(found) for p in range(game.npiles)]
        if self.reason is None and chained_foundations(game) != frozenset(found):
            self.reason = "a foundation takes cards without a check of its top"
        # per one-way pile: per card key the keys it may be built on (any depth)
        self._piles: list[tuple[int, list[tuple[int, ...]]]] = []
        # the piles a card to be built on may lie in: those builds take cards from or lay
        # them on, and the loose ones (the stock, whose cards may be filled or dealt there)
        builds_at: set[int] = set(bl.loose)
        for r in game.transfers:
            for src, dsts in r.pairs:
                if any(not self._is_found[d] for d in dsts):
                    builds_at.add(src)
                    builds_at.update(d for d in dsts if not self._is_found[d])
        self._builds_at = [p in builds_at for p in range(game.npiles)]
        if self.reason is None:
            for p, mob, builds, empties in bl._cols:
                if any(mob[1:]) or empties:
                    continue  # its cards may leave elsewhere: no order to rely on
                onto: list[set[int]] = [set() for _ in range(52)]
                for _lo, _hi, tbl, _bits in builds:
                    for k in range(52):
                        onto[k].update(tbl[k])
                self._piles.append((p, [tuple(sorted(s)) for s in onto]))
            if not self._piles:
                self.reason = "no pile whose cards leave it only for a foundation or a build"
        self.enabled = self.reason is None
        # (foundation, top key, cards held, bottom suit) -> the keys it will still take, in
        # order, or None where a step has more than one key
        self._seqs: dict[tuple[int, int, int, int], tuple[int, ...] | None] = {}

    def _sequence(self, d: int, top: int, n: int, bs: int) -> tuple[int, ...] | None:
        ck = (d, top, n if n < 14 else 14, bs)
        if ck in self._seqs:
            return self._seqs[ck]
        bl = self._bl
        out: list[int] = []
        t, m = top, n
        got: tuple[int, ...] | None = None
        while True:
            if bl._full(d, t, m):
                got = tuple(out)
                break
            nxt = self.game.foundation_takes(d, t, bs)
            if len(nxt) != 1 or len(out) > 13:
                break
            t = nxt[0]
            m += 1
            out.append(t)
        self._seqs[ck] = got
        return got

    def sequences(self, piles: list[list[int]]) -> list[tuple[int, ...]] | None:
        """The keys each foundation will still take, in order (an empty one: from a base
        copy in play, the base itself first); None where that is not fixed."""
        out: list[tuple[int, ...]] = []
        empty: list[int] = []
        for d in self._found:
            pile = piles[d]
            if not pile:
                empty.append(d)
                continue
            top = _key(pile[-1])
            seq = self._sequence(d, top, len(pile), _key(pile[0]) // 13)
            if seq is None:
                return None
            out.append(seq)
        if empty:
            bl = self._bl
            b = bl._base_rank(piles, empty[0])
            if not 1 <= b <= 13 or any(bl._base_rank(piles, d) != b for d in empty):
                return None
            bases = [
                _key(v)
                for p, pile in enumerate(piles)
                if not self._is_found[p]
                for v in pile
                if _key(v) % 13 + 1 == b
            ]
            if len(bases) != len(empty):
                return None
            d = empty[0]
            for k in bases:
                rest = self._sequence(d, k, 1, k // 13)
                if rest is None:
                    return None
                out.append((k, *rest))
        return out

    def dead(self, state: State) -> bool:
        return self.dead_piles(state.card_piles())

    def dead_piles(self, piles: list[list[int]]) -> bool:
        """The proof of the module doc on these piles (a crafted position, in a test)."""
        if not self.enabled:
            return False
        seqs = self.sequences(piles)
        if seqs is None:
            return False
        places: dict[int, list[tuple[int, int]]] = {}
        for fi, seq in enumerate(seqs):
            for i, k in enumerate(seq):
                places.setdefault(k, []).append((fi, i))
        have = [0] * 52  # copies of each key not up
        bases = [0] * 52  # copies of each key where a build may find them
        at = self._builds_at
        for p, pile in enumerate(piles):
            if not self._is_found[p]:
                for v in pile:
                    have[_key(v)] += 1
                    if at[p]:
                        bases[_key(v)] += 1
        for p, onto in self._piles:
            pile = piles[p]
            if len(pile) < 2:
                continue
            below = [0] * 52
            for v in pile:
                below[_key(v)] += 1
            mine = below if at[p] else [0] * 52  # this pile's copies under the card
            in_a: dict[int, int] = {}
            for q in range(len(pile) - 1, 0, -1):
                k = _key(pile[q])
                below[k] -= 1
                if any(bases[b] - mine[b] > 0 for b in onto[k]):
                    continue  # it may leave by a build: it asks for no place
                in_a[k] = in_a.get(k, 0) + 1
                if self._cut_dead(seqs, places, have, below, in_a):
                    return True
        return False

    def _cut_dead(
        self,
        seqs: list[tuple[int, ...]],
        places: dict[int, list[tuple[int, int]]],
        have: list[int],
        below: list[int],
        in_a: dict[int, int],
    ) -> bool:
        """Whether every choice of places for the cards of A' asks some key for more copies
        than lie outside B and the foundations."""
        top = [-1] * len(seqs)
        choices: list[list[tuple[tuple[int, int], ...]]] = []
        n = 1
        for k, c in in_a.items():
            pl = places.get(k, [])
            if c > len(pl):
                return True  # more copies to go up than places for them
            if c == len(pl):
                for fi, i in pl:
                    if i > top[fi]:
                        top[fi] = i
            else:
                opts = list(combinations(pl, c))
                n *= len(opts)
                choices.append(opts)
        if n > MAX_CHOICES:
            choices = []  # only the places without a choice: asks less, still sound
        # a key asks for more copies than it has outside B only if some lie in B (a key's
        # copies not up are as many as its places): count those keys' places up to the tops
        short = [(k, places.get(k, []), have[k] - below[k]) for k in range(52) if below[k]]
        for combo in product(*choices):
            t = list(top)
            for pick in combo:
                for fi, i in pick:
                    if i > t[fi]:
                        t[fi] = i
            fits = True
            for _k, pl, left in short:
                n = 0
                for fi, i in pl:
                    if i <= t[fi]:
                        n += 1
                if n > left:
                    fits = False
                    break
            if fits:
                return False
        return True


def _key(v: int) -> int:
    """A stored card value's key (face-down values are negative)."""
    return (~v if v < 0 else v) % 52
