"""`Game`: a compiled spec that makes states; `compile_game` builds one from a spec.

The top of the engine's imports: `compile` knows nothing of states, `state` reads the compiled
tables, and this module joins the two. A `Game` is immutable once built: its compiled rules
(`compile.CompiledRules`) and the tables derived from them for play (`layout.Tables`) are
made by its constructor, and states share them without changing them. What a run of states
learns about the game (whether remembering moves pays, `MemoSwitch`) belongs to the run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from pipeline.engine.compile import A_TOP, CompiledRules
from pipeline.engine.layout import MemoSwitch, Tables
from pipeline.engine.state import State
from pipeline.errors import SpecError


class Game(CompiledRules):
    """A compiled spec: immutable tables plus `new_state`. Build with `compile_game`."""

    def __init__(self, rules: Mapping[str, Any], spec_hash: str) -> None:
        super().__init__(rules, spec_hash)
        self.tables = Tables(self)  # what a state reads at every move, derived once

    def new_state(
        self,
        seed: int | None = None,
        order: list[str] | None = None,
        memo: MemoSwitch | None = None,
    ) -> State:
        """The state after setup, the shuffle (or a crafted `order`) and every automatic
        action. `order`: the stock in dealing order, first listed dealt first; a prefix is
        enough, the remaining cards follow in card-id order. `memo`: the switch a run of
        states shares (`MemoSwitch`: one per run of many deals, so a game whose states rarely
        repeat stops remembering their moves); by default the state has one of its own."""
        return State(self, seed, order, memo)

    def foundation_takes(self, d: int, top: int, bottom_suit: int) -> tuple[int, ...]:
        """The card keys foundation pile `d` takes next on card key `top` when its bottom
        card's suit is `bottom_suit` (0-3): its direction, suit rule and wrap, for a search
        that reasons about what a foundation can ever take."""
        return self.tables.found_takes[d][(top % 52) * 4 + bottom_suit]

    def foundation_table(self, d: int) -> tuple[tuple[int, ...], ...]:
        """All of `foundation_takes` for foundation pile `d`, indexed by top card key * 4 +
        bottom suit (empty for a pile that is not a foundation): for a search that looks it
        up at every node."""
        return self.tables.found_takes[d]

    def top_only(self, p: int) -> bool:
        """Does pile `p` give only its top card, in the deal and in play alike?"""
        return self.avail[p] == (A_TOP, A_TOP)

    def __repr__(self) -> str:
        return f"<Game {self.spec_id}{'.' + self.variant if self.variant else ''}>"


def compile_game(spec: Any) -> Game:
    """Compile a `pipeline.spec.Spec` (or its canonical rules dict) into a `Game`."""
    from pipeline.spec import spec_hash

    rules = getattr(spec, "rules", spec)
    if not isinstance(rules, Mapping):
        raise SpecError("compile_game needs a Spec or a rules mapping")
    try:
        h = spec_hash(spec if hasattr(spec, "rules") else dict(rules))
    except (TypeError, ValueError):  # a hand-made dict that is not JSON
        h = hashlib.sha256(repr(rules).encode()).hexdigest()
    where = getattr(spec, "path", None)
    try:
        return Game(rules, h)
    except SpecError as e:
        if e.path is None and where is not None:
            e.path = str(where)
            pos = (getattr(spec, "positions", None) or {}).get(tuple(e.key_path or ()))
            if pos:
                e.line, e.column = pos
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise SpecError(f"cannot compile this spec: {e}", path=where) from None
