"""Whole piles moved onto an empty alike pile: moves that only exchange two piles.

In Klondike a king-headed pile with nothing face down under it may go to any empty column,
and every such move leads to the position it came from with two columns exchanged. The
canonical keys (`symmetry.KeyMaker`) make that position the one on the search path, so the
search undoes it at once, but only after counting it: on Klondike draw 1, deal 18 from move
38 of a winning line, 5,172 of 30,000 positions were such moves (RESULTS.md, "The published
tables, thirteenth pass"). This leaves them out before they are made.

Claim, for a spec that passes `reason`, in a position where the deal is over: let m take
every card of pile P (`idx` 0), in order, onto the empty pile Q, where P and Q are of one
interchangeable group (`pipeline.engine.symmetry.classes`: no rule, fill, deal or redeal
tells them apart) and m's rule counts no uses. Then the search from P's position has the
same outcome without m.

Proof. After m, Q holds exactly what P held (a transfer keeps the cards' order and faces)
and P is empty, as Q was: the position is the one before with P and Q exchanged. Nothing else
changes: m's rule counts no uses, no rule is automatic or waits for other moves' absence (so
the engine adds no action, and the moves offered depend only on the piles), and no deal step
still to come names P or Q. Exchanging two interchangeable piles maps every legal move to a
legal move and a won position to a won one, so the two positions have the same outcome, and
every check of the solver (safe moves, swaps, vacancies, dead ends, the stock's fold, the
keys) reads the rules, which see the two piles alike: the search of the position after m
is the search of the position before, piles renamed. Its outcome is the parent's own, so
leaving that child out of the parent's disjunction ("won if some child is won, lost if all
are lost") changes nothing. The search keeps no less: each position it would have reached
after m it reaches as the renamed position without it.
"""

from __future__ import annotations

from typing import Any

from pipeline.engine.compile import blocks_used
from pipeline.engine.moves import TRANSFER, Move
from pipeline.engine.state import State
from pipeline.engine.symmetry import classes
from pipeline.solve.vacancies import active, chosen


def reason(game: Any) -> str | None:
    """Why whole-pile moves onto an empty alike pile may not be left out (None: they may, in
    positions where the deal is over)."""
    used = blocks_used(game.rules)
    if used:
        return f"the spec uses {used[0]}"
    if not any(c >= 0 for c in classes(game)):
        return "no two piles are interchangeable"
    for r in active(game):
        if why := chosen(r):
            return why
    for r in (*game.turns, *game.routes, *game.removes):
        if r.auto:
            return f"rule {r.id!r} is made by the engine"
    return None


class Exchanges:
    """Leaves out moves that take a whole pile onto an empty pile of its group (module doc)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.reason = reason(game)
        self.enabled = self.reason is None
        self.pruned = 0  # moves left out (a measure, not a result)
        self._eq: tuple[int, ...] = classes(game) if self.enabled else ()
        # per rule index (`Move.rule`): 1 for a transfer rule that counts no uses
        free = bytearray(len(game.rule_ids))
        for r in game.transfers:
            if r.limit is None:
                free[r.index] = 1
        self._free = free

    def prune(self, state: State, moves: list[Move]) -> list[Move]:
        """`moves` without those that only exchange two interchangeable piles."""
        if not self.enabled or not state.deal_over():
            return moves
        piles = state.card_piles()
        eq = self._eq
        free = self._free
        out: list[Move] | None = None
        for j, m in enumerate(moves):
            src = m.src
            dst = m.dst
            if (
                m.kind == TRANSFER
                and m.idx == 0
                and src >= 0
                and dst >= 0
                and src != dst
                and eq[src] >= 0
                and eq[src] == eq[dst]
                and m.rule >= 0
                and free[m.rule]
                and not piles[dst]
                and len(piles[src]) == m.count
            ):
                if out is None:
                    out = moves[:j]
                self.pruned += 1
            elif out is not None:
                out.append(m)
        return moves if out is None else out
