"""A deal bounded by the layout it ends with: «сдают, пока не будет шесть рядов по шесть
карт», «… до тех пор, пока в каждой стопке не окажется по четыре карты». The clause after
«пока не» and a verb of coming to be (будет, получится, окажется …) states the layout the
deal makes, a share of cards to each place; the bound's words are water, so every island
that reads «шесть рядов по шесть карт» or «в каждой стопке по четыре карты» reads it. A
bound that is no count of cards each («пока не кончится колода», «пока не будет ходов»)
stays a condition."""

from __future__ import annotations

from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

# Verbs of coming to be, in the forms a bound says them (water words keep their form).
_BECOME = frozenset(
    {
        "будет", "будут", "получится", "получатся", "окажется", "окажутся", "образуется",
        "образуются", "станет", "станут", "наберётся", "наберется", "наберутся", "ляжет",
        "лягут", "выйдет", "выйдут", "соберётся", "соберется", "соберутся",
    }
)  # fmt: skip
# Tokens that may say where the share lies before the negation («пока в каждой стопке не …»).
_PLACE = frozenset({"IN", "ONTO", "EACH", "PACKET", "COLUMN", "ROW", "CIRCLE", "PLACE"})
# Tokens that open the bound's verb: a deal or a repeat of one.
_DEALING = frozenset({"DEAL", "AGAIN"})
# Tokens of building on the foundations or in order: a bound there counts a built pile
# («накладывают в восходящем порядке, пока в каждой пачке не наберётся по 13 карт»).
_BUILDING = frozenset({"FOUNDATION", "UP", "DOWN", "RANK", "SUIT_N", "SAME_SUIT", "ORDER"})
# Tokens that end a clause.
_ENDS = frozenset({"STOP", "SEMI", "COMMA", "COND", "COLON"})


def deal_bound(toks: list[Tok], sentence: str) -> list[Tok]:
    """«пока не будет N рядов по M карт» after a verb of dealing → «N рядов по M карт»."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "COND" or "пока" not in (t.lemma, t.value):
            continue
        before = {x.type for x in toks[:i]}
        if before.isdisjoint(_DEALING) or not before.isdisjoint(_BUILDING):
            continue
        j = i + 1
        while j < len(toks) and toks[j].type in _PLACE:
            j += 1
        if j + 1 >= len(toks) or toks[j].type != "NEG" or toks[j + 1].type != "W":
            continue
        verb = sentence[toks[j + 1].start : toks[j + 1].end].lower().split()
        if len(verb) != 1 or verb[0] not in _BECOME:
            continue
        rest = _clause(toks, j + 2)
        if not _share(rest):
            continue
        lo = i
        # «до тех пор, пока не …»: the whole bound
        if (
            i >= 2
            and toks[i - 1].type == "COMMA"
            and toks[i - 2].type == "COND"
            and {toks[i - 2].lemma, toks[i - 2].value} & {"до тот пора", "до тех пор"}
        ):
            lo = i - 2
        for k in [*range(lo, i + 1), j, j + 1]:
            out[k] = out[k]._replace(type="W", value=None, feats=frozenset())
    return out


def pack_out(toks: list[Tok]) -> list[Tok]:
    """«сдают по одной в каждую стопку, пока не кончится колода», «раскладывают до тех пор,
    пока колода не кончится»: after a verb of dealing (not of turning the stock, nor of
    building), the pack running out bounds the deal: its words are one `DECK_END` («до конца
    колоды»), which `deal_until_empty` reads after the condition. The stock turned to its end
    («открывают по одной, пока не кончится колода») stays a condition."""
    for i, t in enumerate(toks):
        if t.type != "COND" or "пока" not in (t.lemma, t.value):
            continue
        before = {x.type for x in toks[:i]}
        if "DEAL" not in before or not before.isdisjoint(_BUILDING | {"TURN"}):
            continue
        ty = [x.type for x in toks[i + 1 : i + 4]]
        if ty not in (["NEG", "SUCCEED", "DECK"], ["DECK", "NEG", "SUCCEED"]):
            continue
        first, last = toks[i + 1], toks[i + 3]
        out = first._replace(type="DECK_END", value=None, lemma="до конец колода",
                             end=last.end, words=(first.words[0], last.words[1]))  # fmt: skip
        return [*toks[: i + 1], out, *toks[i + 4 :]]
    return toks


def _clause(toks: list[Tok], start: int) -> list[Tok]:
    end = start
    while end < len(toks) and toks[end].type not in _ENDS:
        end += 1
    return toks[start:end]


def _share(rest: list[Tok]) -> bool:
    """A count of cards each: «по M карт» (after the places counted or not)."""
    ty = [x.type for x in rest]
    return (
        any(ty[k : k + 3] == ["BY", "NUM", "CARD"] for k in range(len(ty) - 2)) and "NEG" not in ty
    )
