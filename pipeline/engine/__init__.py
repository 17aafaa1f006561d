"""The generic interpreter: a spec compiled once into a `Game`, played through `State`.

No code path names a game: every mechanic is a building block a spec names (the building
blocks and the engine's readings are documented in `rules/README.md`).

    from pipeline.engine import compile_game
    from pipeline.spec import load_spec

    game = compile_game(load_spec("rules/blockade.yaml"))
    state = game.new_state(seed=7)          # or order=["AS", "KH", ...] (dealing order)
    print(state)                            # one line per pile group
    moves = state.legal_moves()             # Move objects; m.notation is what a person types
    state.apply("columns.3 QS foundations.2")   # then the automatic actions, logged under it
    state.undo()                            # back to exactly the state before
    state.record().to_json()                # spec id and hash, deal, moves: replays exactly

Modules: `cards` (ids and names), `rng` (SplitMix64, the documented shuffle), `compile`
(spec -> tables), `state` (piles, legal moves, apply/undo, automatic actions), `moves`
(Move and its notation), `notation` (reading typed moves), `record` (game records),
`playout` (random playouts), `text` (the compact text form),
`zobrist` (the incrementally kept hash of the piles behind `no-progress` and the state memo).
"""

from pipeline.engine.cards import Card
from pipeline.engine.compile import Game, GroupInfo, compile_game
from pipeline.engine.moves import Move
from pipeline.engine.state import State

__all__ = ["Card", "Game", "GroupInfo", "Move", "State", "compile_game"]
