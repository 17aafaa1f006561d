"""A card moved twice in a row: the second move left out where its position is met already.

Let move m take card c alone from the top of pile A onto pile B and change nothing else (no
other pile, no counter of the position's key, no card turned: `pure`). A move r from the
position after m that takes c alone from B's top again then reaches:

- *back* (r puts c on A by m's rule): the position before m, exactly. It is on the search's
  path, so the search would cut it (a path hit) after counting it as a node;
- *on* (r puts c on another pile C): exactly the position that the move s of the same card
  from A to C by r's rule reaches from the position before m, where s is a sibling of m
  tried before it. The search reached that position already: it is in the table (or was
  searched in full before the table was emptied, without a win), so the search would cut it
  as well.

Why exactly: after m, A holds A's cards less c, B holds B's and c on top, every other pile
and every counter the key reads are as before; r's raw result is then (back) the position
before m, which the engine had settled already, or (on) s's raw result by the same rule, so
the automatic actions after it (a function of the piles and counters) give the same
position. Where a game's legal moves read the positions reached (`no-progress`), equal
piles are not the same position, so this holds only once no such rule can act again (the
key's `SETTLED` epoch) or in games without one.

So leaving r out changes no position the search expands and no outcome: the same win in the
same line, the same proof of loss, fewer nodes (each r was one). Why: two-pack marriages
shuttle a card between the two copies of the card it marries, and the end-game proofs of the
Blockade's rows reading spend 7-9 % of their nodes, the Clock's immediate reading's 4-5 %,
on such cuts (benchmarks/RESULTS.md, "The book's games decided: twenty-fourth round").
"""

from __future__ import annotations

from pipeline.engine.moves import TRANSFER, Move
from pipeline.engine.state import State


def taken(state: State, m: Move) -> tuple[int, int, int]:
    """Before move `m` is made: the card it takes alone from a top, face up (-1: none, so
    `m` is no candidate), the card under it (0 for none) and the destination's length."""
    if m.kind != TRANSFER or m.count != 1:
        return -1, 0, 0
    piles = state.card_piles()
    sp = piles[m.src]
    i = m.idx
    if i != len(sp) - 1 or sp[i] < 0:
        return -1, 0, 0
    return sp[i], sp[i - 1] if i else 0, len(piles[m.dst])


def pure(state: State, m: Move, card: int, below: int, ndst: int) -> bool:
    """After `m` (`taken` gave `card`, `below`, `ndst`): it moved that card from its
    source's top onto its destination and changed no other pile (the counters are the
    caller's to compare)."""
    piles = state.card_piles()
    sp = piles[m.src]
    dp = piles[m.dst]
    if len(sp) != m.idx or (m.idx and sp[-1] != below):
        return False
    if len(dp) != ndst + 1 or dp[-1] != card:
        return False
    return all(p == m.src or p == m.dst for p in state.changed_piles())


def prune(ch: list[Move], m: Move, tried: list[Move], ntried: int) -> list[Move]:
    """The moves `ch` of the position after a `pure` move `m`, less those that
    take the card again to a position met already (module doc): back by m's rule, or on to
    where a sibling among the first `ntried` moves of `tried` (the moves of the position
    before m, tried before m) took it by the same rule."""
    out: list[Move] = []
    src = m.src
    for r in ch:
        if r.kind == TRANSFER and r.count == 1 and r.src == m.dst and r.card == m.card:
            if r.dst == src:
                if r.rule == m.rule:
                    continue
            else:
                seen = False
                j = 0
                while j < ntried:
                    s = tried[j]
                    if (
                        s.kind == TRANSFER
                        and s.count == 1
                        and s.src == src
                        and s.dst == r.dst
                        and s.card == m.card
                        and s.rule == r.rule
                    ):  # its index is m's: the same card from the same pile, one card
                        seen = True
                        break
                    j += 1
                if seen:
                    continue
        out.append(r)
    return out
