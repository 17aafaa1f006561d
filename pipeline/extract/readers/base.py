"""The readers' base: a Lark `Interpreter` over island trees, one method per island rule."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar

from lark import Token, Tree
from lark.visitors import Interpreter

from pipeline.extract.readers.common import toks_of

Said = list[tuple[str, Any]]


def over_tokens(method: Callable[[Any, list[Token]], Said]) -> Callable[[Any, Tree], Said]:
    """A reader reads its island's tokens in order, whatever helper rules group them."""

    @functools.wraps(method)
    def read(self: Any, tree: Tree) -> Said:
        return method(self, toks_of(tree))

    return read


class Reader(Interpreter):
    """Reads one island tree into `(fact key, value)` pairs: `visit(tree)` calls the method
    named after the island's rule, or says the fact `SAYS` lists for it (an island whose
    every match says the same). An island with neither is a grammar defect (KeyError)."""

    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {}

    def __default__(self, tree: Tree) -> Said:
        return [self.SAYS[str(tree.data)]]
