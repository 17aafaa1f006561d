"""Distributive phrases said without the numeral or the quantifier the islands count on:
«по карте» is «по одной карте» (a singular after «по» is one of them), and «во все стопки
сдаётся по карте» is «в каждую стопку…» (a distributive «по», or a new row, after «все» gives
each pile its share). Rewritten to the full form, so every island that reads «по одной
карте» or «в каждую стопку» reads these too. A «по» with a numeral in the dative («по трём
рядам», «по пяти столбцам») spreads the cards over places and shares none: it is «в» («в
три ряда»), never a count of cards each."""

from __future__ import annotations

from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

# Nouns of the places a share is dealt to.
PILES = frozenset({"PACKET", "COLUMN", "ROW", "PLACE", "CIRCLE", "RAY", "RESERVE", "FOUNDATION"})
# Tokens that end the stretch in which a «по» gives each pile its share.
_ENDS = frozenset({"STOP", "SEMI", "COND", "NEG"})


def one_each(toks: list[Tok]) -> list[Tok]:
    """«по карте» (a singular noun of cards in the dative after «по») → «по одной карте»."""
    out: list[Tok] = []
    for i, t in enumerate(toks):
        if t.type == "CARD" and i > 0 and toks[i - 1].type == "BY" and {"datv", "sing"} <= t.feats:
            out.append(
                t._replace(type="NUM", value=1, lemma="один", end=t.start, feats=frozenset())
            )
        out.append(t)
    return out


def over_places(toks: list[Tok], sentence: str) -> list[Tok]:
    """«по трём рядам» → «в три ряда»: «по» before a numeral in the dative, or before a
    numeral and a dative plural noun («по пяти рядам»: «пяти» is also the genitive of «по
    пяти карт»), says over how many places the cards lie, not how many each gets. A noun of
    cards after it («по двум картам») keeps the «по». The «в» keeps «по» as its value, so a
    reader can tell cards spread over rows from cards dealt in rows."""
    out = list(toks)
    for i in range(len(toks) - 2):
        by, num, noun = toks[i : i + 3]
        if by.type != "BY" or num.type != "NUM" or noun.type == "CARD" or num.value < 2:
            continue
        if "datv" in num.feats or _dative_plural(noun, sentence):
            out[i] = by._replace(type="IN", value="по", lemma="в")
    return out


def _dative_plural(t: Tok, sentence: str) -> bool:
    """Whether a token is a noun in the dative plural: by its grammemes, or, for water (which
    keeps none), by the ending of its first word («строкам», «клеткам»)."""
    if t.feats:
        return {"datv", "plur"} <= t.feats
    word = sentence[t.start : t.end].split()
    return t.type == "W" and bool(word) and word[0].lower().endswith(("ам", "ям"))


def all_as_each(toks: list[Tok]) -> list[Tok]:
    """«во все стопки … по N карт» → «в каждую стопку … по N карт»: «все» between a
    preposition of place and a pile noun, with a «по» or a new row («на все стопки сдают
    новый ряд») later in the clause."""
    out = list(toks)
    for i in range(1, len(toks) - 1):
        if not (
            toks[i].type == "ALL"
            and toks[i - 1].type in ("IN", "ONTO")
            and toks[i + 1].type in PILES
        ):
            continue
        for t in toks[i + 2 :]:
            if t.type in _ENDS:
                break
            if t.type in ("BY", "NEW_ROW"):
                out[i] = toks[i]._replace(type="EACH", value="каждый", lemma="каждый")
                break
    return out
