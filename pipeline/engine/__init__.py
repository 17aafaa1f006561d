"""The generic interpreter: a spec compiled once into a `Game`, played through `State`.

No code path names a game: every mechanic is a building block a spec names.
"""

from pipeline.engine.cards import Card
from pipeline.engine.compile import Game, GroupInfo, compile_game
from pipeline.engine.moves import Move
from pipeline.engine.state import State

__all__ = ["Card", "Game", "GroupInfo", "Move", "State", "compile_game"]
