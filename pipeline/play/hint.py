"""`hint`: some legal move that makes progress, chosen by a fixed preference.

Not a solver: a card to a foundation first, else any move of cards, else turning the
stock, else dealing, else a redeal; ties go to the engine's (deterministic) move order.
"""

from __future__ import annotations

from typing import Any

_LATE = {"turn": 2, "recycle": 2, "deal": 3, "redeal": 4}


def _target_group(notation: str) -> str | None:
    words = notation.split()
    if len(words) < 3:
        return None
    return words[-1].split(".", 1)[0]


def rank_move(move: Any, foundations: set[str]) -> int:
    """0 = to a foundation, 1 = other moves of cards, 2 turn or recycle, 3 deal, 4 redeal."""
    notation = str(move.notation)
    kind = getattr(move, "kind_name", None) or notation.split()[-1]
    if kind in _LATE:
        return _LATE[kind]
    if _target_group(notation) in foundations:
        return 0
    return 1


def hint(game: Any, state: Any) -> Any | None:
    """The suggested move, or None when no move is legal."""
    foundations = {g.id for g in game.groups if g.role == "foundation"}
    moves = state.legal_moves()
    if not moves:
        return None
    return min(moves, key=lambda m: rank_move(m, foundations))
