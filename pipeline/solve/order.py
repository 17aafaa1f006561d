"""What the playout policies share: a game's outcome (`Playout`) and the greedy player's
order of moves (`greedy_score`), read by `policies` (greedy) and `hindsight` (its candidate
moves and its fallback) alike."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engine.moves import DEAL, RECYCLE, REDEAL, TRANSFER, TURN


@dataclass
class Playout:
    outcome: str  # won | lost | unknown
    moves: int  # player moves made


def greedy_score(state, m, found: frozenset) -> int:
    """The greedy order, lower first: 0 to a foundation, 1 turns a card up or empties a pile,
    2 other, 3 to an empty pile, 4 turning, dealing, redealing. A card taken off a foundation
    is "other" even when it was the foundation's last: a foundation emptied is no gain."""
    k = m.kind
    if k in (TURN, RECYCLE, DEAL, REDEAL):
        return 4
    if m.dst in found:
        return 0
    if m.src in found:
        return 2
    if k == TRANSFER:
        piles = state.card_piles()
        pile = piles[m.src]
        if (m.idx > 0 and pile[m.idx - 1] < 0) or (m.idx == 0 and piles[m.dst]):
            return 1
        if not piles[m.dst]:
            return 3
    return 2
