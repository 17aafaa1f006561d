"""Tops apart: a dead-end proof for games won by gathering every card into one pile whose
piles only ever move whole onto one another (Accordion, Late-Binding).

The claim. Where every pile the win counts moves only whole, judged by its top card, onto
another such pile (`symmetry.top_only_piles`), and nothing else ever changes them, a move
takes a pile whose top is `a` onto a pile whose top is `b` that a rule lets `a` go on: the
tops afterwards are the tops before less `b` (`a` stays the top of the gathered pile). Join
two tops by an edge when some rule lets either go on the other. A move removes a top that
has an edge to a top that stays, and adds no edge, so a top of one connected part of this
graph is only ever removed by a top of the same part: each part keeps at least one top for
good. Two parts mean two piles for good, and the win needs one: the position is lost. The
graph ignores where the piles lie (distances, gaps), which only forbid moves: it allows
more than play, never less, so it never cuts a winnable position.

Accordion and Late-Binding lose this way near the end of a line: a card whose last card of
its suit and rank has been gathered under another top can never join the others, though
moves remain for many plies.
"""

from __future__ import annotations

from pipeline.engine.native import bit_values, i64, vec
from pipeline.engine.state import State
from pipeline.solve.symmetry import top_only_piles


def apart_reason(game) -> str | None:
    """Why the tops-apart proof does not hold for this game (None: it does)."""
    if game.win != "one-pile":
        return f"the win ({game.win}) is not one pile"
    if game.redeal is not None or game.turns or game.routes or game.fills:
        return "cards reach the piles by other means than whole-pile moves"
    if getattr(game, "removes", ()):
        return "cards leave the piles by removal"
    tops = top_only_piles(game)
    if not tops:
        return "no pile moves only whole"
    for r in game.transfers:
        for src, dsts in r.pairs:
            if src not in tops or any(d not in tops for d in dsts):
                return f"the rule {r.id} moves cards other than whole piles between them"
    ins = {p for p in range(game.npiles) if p not in game.out_piles}
    for st in game.steps:
        if set(st.to) & ins and (
            st.pause or st.next_stuck or st.next_no_progress or st.next_choice
        ):
            return f"the deal's step {st.id} lays cards during play"
    return None


class TopsApart:
    """`dead(state)`: the tops of the piles fall apart into two parts (module doc)."""

    def __init__(self, game) -> None:
        self.reason = apart_reason(game)
        self.enabled = self.reason is None
        tops = top_only_piles(game) if self.enabled else frozenset()
        self._piles: list[int] = sorted(tops)
        ins = [p for p in range(game.npiles) if p not in game.out_piles]
        self._others: list[int] = [p for p in ins if p not in tops]
        # per card key, the keys it shares an edge with, as a bit mask
        adj = [0] * 52
        for r in game.transfers:
            for a in range(52):
                onto = range(52) if r.onto is None else r.onto[a]
                for b in onto:
                    adj[a] |= 1 << b
                    adj[b] |= 1 << a
        self._adj: vec[i64] = vec[i64](adj)
        # one bit per key, read from a table (`native.bit_values`)
        self._bit: vec[i64] = vec[i64](bit_values(52))

    def dead(self, state: State) -> bool:
        piles = state.card_piles()
        for p in self._others:
            if piles[p]:
                return False  # the win needs these piles' cards gathered too: not this proof
        bit = self._bit
        present: i64 = 0
        keys: list[i64] = []
        for p in self._piles:
            pile = piles[p]
            if pile:
                v = pile[-1]
                k: i64 = (~v if v < 0 else v) % 52
                keys.append(k)
                present |= bit[k]
        if not keys:
            return False
        adj = self._adj
        reach: i64 = bit[keys[0]]
        while True:
            grown: i64 = reach
            for k in keys:
                if reach & bit[k]:
                    grown |= adj[k] & present
            if grown == reach:
                return reach != present
            reach = grown
