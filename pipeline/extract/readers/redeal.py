"""Readers of the redeal islands: dealing again: how often, when, gathered how, shuffled.

One method per island rule (its name), over the island's tokens; `SAYS` lists the islands
whose every match says the same fact."""

from __future__ import annotations

from typing import Any, ClassVar

from pipeline.extract.readers.base import Reader, over_tokens
from pipeline.extract.readers.common import (
    again_said,
    num_at,
    stock_out_said,
    times_said,
    types_of,
)


def redeal_count(t) -> list[tuple[str, Any]]:
    """The deals counted: a redeal's count («пересдать два раза», «две пересдачи»); a count of
    deals only when it is a re-deal."""
    n = times_said(t)
    ty = types_of(t)
    if ty[-2:] == ["AFTER", "ORD"]:  # «две раскладки после первой»: the deals after it
        said = num_at(t, "NUM")
        return [("redeal.deals", said + 1)] if said is not None and int(t[-1].value) == 1 else []
    # «три перетасовки», «перемешивать 3 раза»: the cards shuffled anew, after the first deal
    again = again_said(t) or "SHUFFLE" in ty
    if (
        ("TIMES" not in ty and "MULT" not in ty and "ALL" not in ty) or ty[0] in ("NUM", "MULT")
    ) and not again:
        # «две раскладки»: a number of deals only when it is a re-deal; «пять раз сдать по
        # ряду» counts the stock's rounds
        return []
    # «пересдать два раза», «повторить два раза», «одна пересдача»: after the first deal
    out = [("redeal.deals", n + 1 if again and n else n)]
    if "DECK" in ty[:2]:  # «колоду можно пересдавать два раза»: the pack, not the layout
        out.append(("redeal.of_deck", True))
    return out + stock_out_said(t)


class RedealReader(Reader):
    SAYS: ClassVar[dict[str, tuple[str, Any]]] = {
        "no_new_deal": ("redeal.none", True),
    }

    @over_tokens
    def redeal_none(self, t):
        ty = types_of(t)
        # «второй раздачи нет»: no deal after the first («третьей раздачи не бывает» is a count
        # of deals, said with the turns of the talon: not read here)
        second = ty[0] == "ORD" and int(t[0].value) == 2
        if ty == ["NO_REDEAL"] or (ty and ty[0] == "NO_REDEAL"):  # «без пересдачи»
            return [("redeal.none", True)]
        if "PATIENCE" not in ty and not again_said(t) and not second:
            return []  # «раскладывают, не …»: not about a second deal
        return [("redeal.none", True)]

    @over_tokens
    def redeal_times(self, t):
        """«пасьянс раскладывается до трёх раз»: the deals; «колоду можно пересдать до трёх
        раз», «пересдавать … не больше трёх раз»: the deals after the first."""
        n = num_at(t, "NUM")
        redealt = any(x.type == "DEAL" and str(x.value).startswith("пере") for x in t)
        return [("redeal.deals", n + 1 if redealt and n else n)]

    @over_tokens
    def redeal_again(self, t):
        return [("redeal.deals", 2)]

    @over_tokens
    def no_shuffle(self, t):
        return [("redeal.shuffle", False)]

    @over_tokens
    def gather_from(self, t):
        return [("redeal.gather", "deal-order")]

    @over_tokens
    def lost_after(self, t):
        return [("redeal.deals", num_at(t, "ORD"))]

    @over_tokens
    def redeal_total(self, t):
        return [("redeal.deals", num_at(t, "NUM") or num_at(t, "ORD"))]

    @over_tokens
    def unless_won(self, t):
        return [("redeal.unless_won", True)]

    @over_tokens
    def redeal_when_stuck(self, t):
        return [("redeal.when", "stuck")]

    @over_tokens
    def redeal_count(self, t):
        return redeal_count(t)

    @over_tokens
    def shuffle_yes(self, t):
        return [("redeal.shuffle", True)]

    @over_tokens
    def gather_halves(self, t):
        return [("redeal.gather_halves", num_at(t, "NUM"))]

    @over_tokens
    def gather_between(self, t):
        return [("redeal.gather_between", num_at(t, "ORD"))]

    @over_tokens
    def shuffle_redeal(self, t):
        if "TO" in types_of(t):  # «… и так до трёх раз»: the deals in all
            return [("redeal.shuffle", True), ("redeal.deals", num_at(t, "NUM"))]
        return [("redeal.shuffle", True), ("redeal.again", True)]

    @over_tokens
    def repeat_times(self, t):
        return [("repeat.times", "unlimited" if "ANY_COUNT" in types_of(t) else times_said(t))]

    @over_tokens
    def redeal_if_stuck(self, t):
        return [("redeal.when", "stuck")]

    @over_tokens
    def fewer_each_pass(self, t):
        """«в каждой следующей сдаче на одну карту меньше»: each pass N cards fewer a pile."""
        return [("redeal.fewer", num_at(t, "NUM"))]

    @over_tokens
    def next_pass(self, t):
        """«…, потом по три»: one more pass of the deal, of that many cards."""
        return [("redeal.pass", num_at(t, "NUM"))]

    @over_tokens
    def redeal_again_plain(self, t):
        return [("redeal.again", True)]
