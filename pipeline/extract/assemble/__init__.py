"""Facts -> one playable spec (`pasyans/1`) with a citation for every field.

One module per spec area, run in this order, each handing its decisions on to the next as a
frozen dataclass: `deck` (packs) -> `foundations` (`Foundations`) -> `deck.withdrawn`
(cards set aside) -> `layout` (`Layout`) -> `stock` (`Stock`) -> `deal` (`Deal`) -> `moves`
-> `fill` -> `redeal` -> `goal` (the win, frames, notes, variants); then `coherence` checks
the draft as a game and lists its contradictions as gaps. Every area writes into
one `Ledger`: the spec, its citations (`origin: text` with the quoted words, or a documented
`origin: default`), the conflicts and the gaps. Two facts that set one field to different
values are a conflict: the first (in reading order) is kept and both sentences are
reported. Where a fact has two readings (`READINGS`), the spec uses the first and a variant
spec gets the second.
"""

from __future__ import annotations

from typing import Any

from pipeline.extract.assemble.coherence import check, contradictions, dealt, unmarked
from pipeline.extract.assemble.deal import deal
from pipeline.extract.assemble.deck import decks, packs_for_deal, withdrawn
from pipeline.extract.assemble.fill import fill
from pipeline.extract.assemble.foundations import foundations
from pipeline.extract.assemble.goal import frames, goal
from pipeline.extract.assemble.layout import layout
from pipeline.extract.assemble.ledger import NOUN_IDS, READINGS, Assembly, Cited, Ledger
from pipeline.extract.assemble.moves import moves
from pipeline.extract.assemble.redeal import redeal
from pipeline.extract.assemble.stock import stock, undealt

__all__ = ["NOUN_IDS", "READINGS", "Assembly", "Cited", "assemble"]


def assemble(game: dict[str, Any], facts: list[Cited], quote, packs: int | None = None) -> Assembly:
    """Build the spec of one game from its facts (see the module docstring); `packs`: the
    packs to assume where the text names none."""
    led = Ledger(game, facts, quote)
    dk = decks(led, packs)
    fd = foundations(led)
    withdrawn(led, fd)
    ly = layout(led, fd)
    st = stock(led, dk, fd, ly)
    dl = deal(led, fd, ly, st)
    moves(led, fd, ly, st, dl)
    fill(led, ly, st, dl)
    redeal(led, ly)
    undealt(led)
    frames(led)
    result = goal(led, fd)
    result.gaps.extend(check(result.spec, result.provenance))
    for path, entry in unmarked(result.spec, result.provenance).items():
        result.provenance[path] = {"text": led.game, **entry}
    result.gaps.extend(contradictions(result.conflicts))
    if packs is None and result.provenance.get("decks", {}).get("origin") == "default":
        more = packs_for_deal(led, dealt(result.spec))
        if more:
            return assemble(game, facts, quote, more)
    return result
