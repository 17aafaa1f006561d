"""How deep the cards the foundations take next lie: a term of the best-first measure.

Why: in games whose tableau starts full and face up (Mrs Mop: thirteen columns of eight)
the best-first searches put up the cards in reach and then rearrange cards on a plateau of
their measure: cards up, runs, empty piles and a segment's need stay the same while the
card a foundation needs next is freed or buried (RESULTS.md, breadth-27 §2). This term
counts, for each foundation, the cards lying on the card it takes next, so a move that
uncovers that card rises and one that buries it falls.

`NextCards.depth`: each foundation pile's keys it takes now are read from the spec
(`Game.foundation_table`, its base rank while empty; a foundation whose base is not fixed,
or complete, or topped by a face-down card, counts nothing). Foundations that take the same
keys share those keys' copies: the k of them get the k shallowest copies (eight empty
foundations of two packs, the eight aces), each copy's depth the number of cards above it
in its tableau pile, face-down ones too; a copy elsewhere (a stock, a reserve) or missing
counts `cap`, and so does any depth beyond it.
"""

from __future__ import annotations

from typing import Any

NEXT_CAP = 8  # the depth counted at most for one foundation (W_NEXT * NEXT_CAP < W_FOUND)


class NextCards:
    """The foundations' next cards, read from the spec's rules (module doc)."""

    def __init__(self, game: Any, cap: int = NEXT_CAP) -> None:
        self.cap = cap
        self.tableau: tuple[int, ...] = tuple(game.tableau)
        self.ncards: int = game.ncards
        self.copies: int = max(1, game.ncards // 52)
        # per foundation pile: (pile, base rank (0: not fixed), last rank (0: none),
        # its table: top key * 4 + bottom suit -> keys taken next)
        found: list[tuple[int, int, int, tuple[tuple[int, ...], ...]]] = []
        for d in game.foundations:
            base = game.fbase[d]
            last = game.flast[d]
            up_to_13 = game.fdir[d] not in ("both", "any")
            found.append(
                (
                    d,
                    base if base > 0 else 0,
                    (last if last is not None else 0) if not game.fwrap[d] else 0,
                    game.foundation_table(d) if up_to_13 else (),
                )
            )
        self.found = found

    def wanted(self, piles: list[list[int]]) -> dict[tuple[int, ...], int]:
        """Per tuple of keys some foundations take now, how many foundations take it."""
        out: dict[tuple[int, ...], int] = {}
        for d, base, last, table in self.found:
            pile = piles[d]
            if not pile:
                if base == 0:
                    continue
                keys: tuple[int, ...] = (base - 1, base + 12, base + 25, base + 38)
            else:
                top = pile[-1]
                if top < 0 or not table or len(pile) >= 13:
                    continue
                if last and top % 13 + 1 == last:
                    continue
                bot = pile[0]
                if bot < 0:
                    bot = ~bot
                keys = table[(top % 52) * 4 + (bot % 52) // 13]
                if not keys:
                    continue
            out[keys] = out.get(keys, 0) + 1
        return out

    def depth(self, piles: list[list[int]]) -> int:
        """The cards lying on the cards the foundations take next, summed (module doc)."""
        want = self.wanted(piles)
        if not want:
            return 0
        cap = self.cap
        dep = [cap] * self.ncards
        for p in self.tableau:
            pile = piles[p]
            n = len(pile)
            i = n - 1
            above = 0
            while i >= 0 and above < cap:
                v = pile[i]
                dep[v if v >= 0 else ~v] = above
                above += 1
                i -= 1
        total = 0
        copies = self.copies
        for keys, k in want.items():
            pool = [dep[key + 52 * j] for key in keys for j in range(copies)]
            pool.sort()
            for i in range(k):
                total += pool[i] if i < len(pool) else cap
        return total
