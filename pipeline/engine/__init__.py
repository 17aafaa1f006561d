"""The generic interpreter: a spec compiled once into a `Game`, played through `State`.

A `Game` is immutable: `compile_game` builds every table it has, and states only read them.
A `State` is one position with its history (`legal_moves`, `apply`, `undo`); a search reads
it through the small interface `position.py` documents. A run of many deals shares one
`MemoSwitch` (`game.new_state(seed, memo=switch)`), the one thing states learn as they play.

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

Modules, each importing only those above it:
- `cards` (ids and names), `rng` (SplitMix64, the documented shuffle), `zobrist` (the
  incrementally kept hash of the piles behind `no-progress` and the state memo), `moves`
  (Move and its notation), `notation` (reading typed moves), `record` (game records),
  `text` (the compact text form);
- `compile` (spec -> immutable tables), `layout` (a state's scalar slots; `Tables`, the
  per-game tables the hot loop reads, built with the `Game`; `MemoSwitch`); `symmetry`
  (interchangeable piles: the engine's collapsed moves and the solver's canonical keys);
- the mechanics, one class each, chained by single inheritance in this order over `base`
  (`StateBase`: every attribute of a state, typed): `primitives` (every change of the
  piles, logged for undo), `dealing` (stock, deal cursor, redeal), `memo` (move lists
  remembered by state), `fills` (vacancies and fill moves), `movegen` (moves of transfer,
  turn and route rules), `execute` (making a move), `progress` (`no-progress`: positions
  seen and trial moves), `settle` (automatic actions, the legal moves of a settled state),
  `position` (what a search reads of a position: its counters, whether the deal is over;
  `lazy_moves`);
- `state` (the public API: legal_moves, apply, undo, ...), `game` (`Game.new_state`,
  `compile_game`), `playout` (random playouts);
- `core` and `build`: the compiled core (mypyc), built by `pip install .` where a C compiler
  is (`hatch_build.py`) or in place by `pasyans-build-core`; `PASYANS_PURE=1` loads the sources.
"""

from pipeline.engine.cards import Card
from pipeline.engine.compile import GroupInfo
from pipeline.engine.core import warn_if_stale
from pipeline.engine.game import Game, compile_game
from pipeline.engine.layout import MemoSwitch
from pipeline.engine.moves import Move
from pipeline.engine.state import State

warn_if_stale()  # a compiled core built in place (`build.py`) must match its sources

__all__ = ["Card", "Game", "GroupInfo", "MemoSwitch", "Move", "State", "compile_game"]
