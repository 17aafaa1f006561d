"""Readers of the stock islands: talon, turns, waste piles, exiles.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import PILES, num_at, types_of


class StockReader(Reader):
    @over_tokens
    def talon_forms(self, t):
        return [("talon", {"marriage": "MARRIAGE" in types_of(t)})]

    @over_tokens
    def talon_top_goes(self, t):
        ty = types_of(t)
        if "FOUNDATION" not in ty:  # «верхняя карта талона всегда годна»: for any play
            return [("talon", {"marriage": True})]
        after = set(ty[ty.index("FOUNDATION") + 1 :])  # «… или в раскладку», «и на столбец»
        return [("talon", {"marriage": bool(after & {"ONTO", "MARRIAGE", "DEAL", *PILES})})]

    @over_tokens
    def talon_put(self, t):
        # the talon takes what goes neither to the foundations nor to the layout named beside
        # them; its top card then goes to both
        layout = {"MARRIAGE", "DEAL", "PACKET", "CIRCLE", "RAY", "ROW", "COLUMN", "PLACE"}
        return [("talon", {"marriage": bool(layout & set(types_of(t)))})]

    @over_tokens
    def exile_match(self, t):
        return [("count.match", {"face": "down" if "FACE_DOWN" in types_of(t) else "up"})]

    @over_tokens
    def cells(self, t):
        return [("cells", num_at(t, "NUM"))]

    @over_tokens
    def cells_named(self, t):
        # «четыре свободные ячейки»; other places («четыре места») are not cells by name
        place = next(x for x in t if x.type == "PLACE")
        return [("cells", num_at(t, "NUM"))] if str(place.value) == "ячейка" else []

    @over_tokens
    def no_talon(self, t):
        return [("talon.none", True)]
