"""Islands -> (fact key, value) pairs: one Lark `Interpreter` per spec area, each with one
method per island rule of that area (`grammar/*.lark`), joined into `Readers`.

    Readers().visit(island_tree)   # -> [("foundation.direction", {...}), ...]

The keys are those of `pipeline.extract.vocabulary`; which area a reader belongs to is the
area of the facts it says. A rule without a reader is a grammar error caught by the tests.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, Said
from pipeline.extract.readers.deal import DealReader
from pipeline.extract.readers.deck import DeckReader
from pipeline.extract.readers.fill import FillReader
from pipeline.extract.readers.foundations import FoundationsReader
from pipeline.extract.readers.goal import GoalReader
from pipeline.extract.readers.layout import LayoutReader
from pipeline.extract.readers.moves import MovesReader
from pipeline.extract.readers.redeal import RedealReader
from pipeline.extract.readers.stock import StockReader

AREA_READERS: tuple[type[Reader], ...] = (
    DeckReader,
    FoundationsReader,
    LayoutReader,
    StockReader,
    DealReader,
    MovesReader,
    FillReader,
    RedealReader,
    GoalReader,
)


class Readers(*AREA_READERS):  # type: ignore[misc]
    """Every area's readers in one interpreter."""

    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {
        k: v for cls in AREA_READERS for k, v in cls.SAYS.items()
    }


def _rules(cls: type[Reader]) -> set[str]:
    return {n for n in vars(cls) if not n.startswith("_") and n != "SAYS"} | set(cls.SAYS)


# island rule -> the area reader class that reads it
RULES: dict[str, type[Reader]] = {name: cls for cls in AREA_READERS for name in _rules(cls)}

__all__ = ["AREA_READERS", "RULES", "Reader", "Readers", "Said"]
