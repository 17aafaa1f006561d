"""Readers of the fill islands: spaces: from where, when, how many.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import (
    PLACES,
    kinds_named,
    num_at,
    sources_named,
    talon_named,
    types_of,
)


class FillReader(Reader):
    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {
        "fill_when_chosen": ("fill.timing", "optional"),
    }

    @over_tokens
    def fill_from(self, t):
        ty = types_of(t)
        out = [("fill.sources", sources_named(t))]
        if "HAND" in ty:
            out.append(("fill.from_hand", True))
        if "CLICK" in ty:
            # the stock clicked fills the spaces: from the stock, when the player chooses
            return [("fill.sources", ["stock"]), ("fill.timing", "optional")]
        # «как только окажется пустое место, …»; «если колонка опустела» is no time said
        if "AT_ONCE" in ty or (ty[0] == "COND" and str(t[0].value) != "если"):
            out.append(("fill.at_once", True))
        return out

    @over_tokens
    def fill_not_from(self, t):
        return [("fill.not_from", sources_named(t)), *talon_named(t)]

    @over_tokens
    def fill_up_to(self, t):
        return [("fill.up_to", num_at(t, "NUM"))]

    @over_tokens
    def fill_order(self, t):
        return [("fill.order", "depth-first" if "INNER" in types_of(t) else "pile-order")]

    @over_tokens
    def fill_lane(self, t):
        return [("fill.lane", num_at(t, "ORD"))]

    @over_tokens
    def fill_none(self, t):
        return [("fill.none", True)]

    @over_tokens
    def fill_full(self, t):
        return [("fill.full", True)]

    @over_tokens
    def fill_after_play(self, t):
        return [("fill.timing", "batch")]

    @over_tokens
    def fill_before_play(self, t):
        return [("fill.timing", "batch")]

    @over_tokens
    def fill_none_after_shift(self, t):
        return [("fill.none", True)]

    @over_tokens
    def fill_none_during_deal(self, t):
        return [("fill.none_during_deal", True)]

    @over_tokens
    def lane_open(self, t):
        return [("fill.lane_condition", True)]

    @over_tokens
    def fill_onto(self, t):
        ty = types_of(t)
        verb = next(i for i, x in enumerate(ty) if x in ("PUT", "MOVE", "DEAL", "TAKE"))
        return [
            ("fill.sources", kinds_named(t[verb + 1 :]) or ["talon", "tableau"])
        ]  # «любую карту»

    @over_tokens
    def fill_any(self, t):
        ty = types_of(t)
        # «… любой картой или последовательностью»: a run goes into a space, so runs move
        run_at = next(
            (
                i
                for i in range(len(ty) - 1)
                if ty[i] == "OR"
                and next((x for x in ty[i + 1 :] if x != "W"), None) in ("ORDER", "PACKET", "RUN")
            ),
            None,
        )
        # «… занимать отдельными картами или секвенциями»: the same; «любые группы карт»
        group = any(ty[i : i + 2] == ["ANY", "PACKET"] for i in range(len(ty) - 1))
        group = group or ("FILL" in ty and "PACKET" in ty[ty.index("FILL") :])
        runs = [("build.run", True)] if "RUN" in ty or run_at is not None or group else []
        if ty[0] == "ANY":  # «любую карту можно переложить на пустое место …»: any, anywhere
            return [("fill.sources", ["talon", "tableau"]), *runs]
        if ty[-1] in ("STOP", "SEMI", "COMMA") and ty[-2] in PLACES:
            # «… перекладывать на пустую колонку»
            return [("fill.sources", ["talon", "tableau"]), *runs]
        tail: list = []
        if run_at is not None:
            # the source said after the run («… или последовательностью из раскладки»)
            noun = next(i for i in range(run_at + 1, len(ty)) if ty[i] != "W")
            noun += 1 if ty[noun + 1 : noun + 2] == ["CARD"] else 0
            tail = kinds_named(t[noun + 1 :])
            t, ty = t[:run_at], ty[:run_at]
        last = "CARD" if "CARD" in ty else "ANY"  # «… принимает что угодно»: no card said
        named = kinds_named(t[len(ty) - ty[::-1].index(last) :])  # «любую карту с раскладки»
        return [("fill.sources", named or tail or ["talon", "tableau"]), *runs]

    @over_tokens
    def fill_from_named(self, t):
        ty = types_of(t)
        chosen = [("fill.timing", "optional")] if "AT_WILL" in ty else []  # «когда пожелает»
        now = [("fill.at_once", True)] if "AT_ONCE" in ty else []  # «нужно тотчас же закрыть»
        return [("fill.sources", kinds_named(t[ty.index("FILL") + 1 :])), *chosen, *now]
