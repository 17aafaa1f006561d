"""`StateBase`: every attribute a `State` holds, declared once with its type.

The mechanics of a state live in one module each (`primitives`, `dealing`, `memo`, `fills`,
`movegen`, `blocks`, `execute`, `progress`, `settle`, `position`), chained as single
inheritance in that order, `State` at the end: each mechanic reads these attributes and the
methods of the mechanics before it. A chain rather than mixins because mypyc (the optional
compiled core, `pipeline/engine/build.py`) compiles single inheritance into direct field and
method access and checks every attribute against these declarations. The one call up the
chain, `progress` trying a move and settling it, goes through the `_settle` declared here.
"""

from __future__ import annotations

from typing import Any, Literal

from pipeline.engine.layout import MemoSwitch, Tables
from pipeline.engine.moves import Move
from pipeline.engine.zobrist import Keys


class StateBase:
    """The attributes of a state (set by `State.__init__`)."""

    game: Any  # the compiled `Game`
    t: Tables  # its tables that the hot loop reads (`layout.Tables`)
    seed: int
    order: list[str] | None
    piles: list[list[int]]  # bottom → top; a face-down card is stored as ~id
    sc: list[int]  # the scalar slots (`layout.py`)
    history: list[Move]
    # four entries per player move, flat (a tuple per move would be one more object for the
    # garbage collector to track all game long): where its undo records start in `_ops`, where
    # the scalars before it start in `_snaps`, its automatic actions (None: none), the moves
    # before it
    _log: list[Any]
    _ops: list[Any]  # the undo records of the player moves made (`primitives.py`), flat
    # the scalars before each player move, one move's `sc` after another: a tuple per move
    # would be an object for the garbage collector to walk (compiled, a Blockade move's
    # scalar tuple costs about 1,800 instructions in the young generation's collections)
    _snaps: list[int]
    # how much of `_snaps` is live: entries beyond it are stale, overwritten by the next moves
    # (deleting the slice at every undo costs more than the copy)
    _stop: int
    _cache: list[Move] | None  # the legal moves, once made
    _lazy: bool  # see Position.lazy_moves
    _wcache: tuple[list[list[int] | None], list[int]] | None  # foundations' wants
    loop_stopped: bool
    route_cycled: bool  # did the last route chain stop on a repeated state?
    _zk: Keys | None  # Zobrist keys, when the piles' hash is kept
    _probing: bool
    _seen: dict[int, int]  # positions reached (for `no-progress`), by hash
    _seen_keys: list[int]
    # state hash -> position key after each of its moves (None: not tried yet), or False: one
    # move takes from a stock that only shrinks (never a repeat)
    _probes: dict[int, list[int | None] | Literal[False]]
    _memo: dict[int, Any] | None
    _switch: MemoSwitch  # whether states made with it remember moves (`layout.py`)
    _np_phase: int | None
    _np_state: int | None
    _np_pos: int | None
    initial_autos: list[Move]

    def _settle(self, ops: list, autos: list[Move] | None) -> None:
        """Every automatic action, then the legal moves (`settle.py`)."""
        raise NotImplementedError
