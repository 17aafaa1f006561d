"""A game from a command-line word: a spec file or a shipped game id, checked and compiled."""

from __future__ import annotations

from pipeline.engine.game import Game


def load_game(arg: str) -> Game:
    """Load, check and compile a spec; errors as `pipeline.spec.resolve.load_checked_spec`
    (one line: the first problem and how many more)."""
    from pipeline.engine.game import compile_game
    from pipeline.spec.resolve import load_checked_spec

    return compile_game(load_checked_spec(arg))
