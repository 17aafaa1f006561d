"""A layout told as a grid: «таблица пять на пять ячеек», «в виде таблицы четыре на четыре»,
«квадрат 4×4», «сетка из четырёх на четыре карты». Its piles are the grid's places, one
pile each, so the grid is a count of piles (rows times columns) said with a pile noun; every
island that reads a count of piles («NUM стопок, в каждой по одной карте») then reads it.
«таблица» would otherwise open a reference to a figure (`tokens._figure_asides`), which
takes the numbers after it out of the clause."""

from __future__ import annotations

from typing import Any

# A token is `tokens.Tok`, which imports this module: a named tuple, typed here as Any.
Tok = Any

# Stems of words that name a grid before its size, in any case (a water word's lemma is its
# form; the figure word «таблица» is a `FIGURE` token).
GRID_WORDS = ("таблиц", "квадрат", "сетк", "сеток", "решетк", "решётк", "матриц")
# Signs between two figures that say "by" («4×4», «4x4», «4 х 4»).
BY_SIGNS = frozenset({"×", "x", "х", "*"})
# The noun of a grid's places, taken into the count (the places are the tableau's piles,
# not free cells).
PLACE_NOUNS = frozenset({"PLACE", "CARD", "PACKET"})
# A side of a grid: two to thirteen places.
SIDE = range(2, 14)


def _by(toks: list[Tok], i: int, sentence: str) -> int | None:
    """The index of the second side when `toks[i]` opens «N на M», «N×M» or «N x M»."""
    if i + 1 >= len(toks):
        return None
    t = toks[i + 1]
    if t.type == "NUM":  # «4×4»: the sign is no word
        between = sentence[toks[i].end : t.start].strip()
        return i + 1 if between in BY_SIGNS else None
    if (t.lemma == "на" or t.lemma in BY_SIGNS) and i + 2 < len(toks):
        return i + 2 if toks[i + 2].type == "NUM" else None
    return None


# The nouns of the places a row holds («шесть рядов по девять ячеек»): not cards, whose rows
# are a deal of rows (`deal.rows_of`).
ROW_PLACES = frozenset({"PLACE", "PACKET", "COLUMN"})


def rows_of_places(toks: list[Tok]) -> list[Tok]:
    """«из шести рядов по девять ячеек», «в три ряда по шесть стопок (в каждом)»: rows
    counted, each of so many places, are a grid of N×M piles, said as one count of piles
    (`NUM PACKET`) as a grid «N на M» is; rows of cards («четыре ряда по восемь карт») stay
    a deal of rows."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if (
            t.type == "NUM"
            and t.value in SIDE
            and i + 4 < len(toks)
            and toks[i + 1].type == "ROW"
            and toks[i + 2].type == "BY"
            and toks[i + 3].type == "NUM"
            and toks[i + 3].value in SIDE
            and toks[i + 4].type in ROW_PLACES
        ):
            noun = toks[i + 4]
            out.append(t._replace(value=t.value * toks[i + 3].value, end=toks[i + 3].end,
                                  words=(t.words[0], toks[i + 3].words[1])))  # fmt: skip
            out.append(noun._replace(type="PACKET", value="стопка", lemma="стопка"))
            i += 5
            continue
        out.append(t)
        i += 1
    return out


# A word of the cards' face between their numeral and noun («девять открытых карт»).
_CARD_FACES = frozenset({"W", "FACE_UP", "FACE_DOWN", "FILL"})


def _card_face(t: Tok) -> bool:
    """A word of the cards' face before their noun: a face, «закрытых», or a participle of
    opening («открытых»), not yet made water here."""
    return t.type in _CARD_FACES or (t.type == "TURN" and "PRTF" in t.feats)


def per_row(toks: list[Tok]) -> list[Tok]:
    """«девять карт, по три в ряд», «двенадцать карт по четыре карты в ряду»: cards counted,
    so many to a row, are rows counted «в три ряда по три», the form every island of rows
    reads; a count that does not divide by the row's, or a row of one, stays as said."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        c = i + 1 + (i + 1 < len(toks) and _card_face(toks[i + 1]))  # «открытых»
        j = c + 1 + (c + 1 < len(toks) and toks[c + 1].type == "COMMA")
        if (
            t.type == "NUM"
            and isinstance(t.value, int)
            and c < len(toks)
            and toks[c].type == "CARD"
            and j + 1 < len(toks)
            and toks[j].type == "BY"
            and toks[j + 1].type == "NUM"
            and isinstance(toks[j + 1].value, int)
        ):
            k = j + 2 + (j + 2 < len(toks) and toks[j + 2].type == "CARD")
            per = toks[j + 1].value
            if (
                k + 1 < len(toks)
                and toks[k].type == "IN"
                and toks[k + 1].type == "ROW"
                and 2 <= per < t.value
                and t.value % per == 0
            ):
                row = toks[k + 1]
                by, n = toks[j], toks[j + 1]
                rows = n._replace(value=t.value // per, start=row.start, end=row.start)
                out += [*toks[i : c + 1], toks[k], rows, row, by, n]
                i = k + 2
                continue
        out.append(t)
        i += 1
    return out


def grids(toks: list[Tok], sentence: str) -> list[Tok]:
    """The tokens with each grid «[таблица] N на M [ячеек]» made one count of piles: a `NUM`
    of N×M followed by a pile noun (`PACKET`), the grid word and the places' noun taken in.
    A grid is said by a grid word before it or a noun of places after it; «N на M» alone
    (a card on another) is left as it is."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        j = _by(toks, i, sentence) if t.type == "NUM" and t.value in SIDE else None
        if j is None or toks[j].value not in SIDE:
            out.append(t)
            i += 1
            continue
        lead = len(out)
        while lead > 0 and out[lead - 1].lemma in ("из",):
            lead -= 1
        named = lead > 0 and (
            out[lead - 1].type == "FIGURE" or out[lead - 1].lemma.startswith(GRID_WORDS)
        )
        noun = j + 1 < len(toks) and toks[j + 1].type in PLACE_NOUNS
        if not named and not noun:
            out.append(t)
            i += 1
            continue
        if named:
            lead -= 1
        first = out[lead] if lead < len(out) else t
        del out[lead:]
        last = toks[j + 1] if noun else toks[j]
        size = (first.words[0], toks[j].words[1])
        out.append(
            t._replace(
                value=t.value * toks[j].value, start=first.start, end=toks[j].end, words=size
            )
        )
        out.append(
            t._replace(
                type="PACKET",
                value="стопка",
                lemma="стопка",
                start=last.start,
                end=last.end,
                words=last.words if noun else size,
                feats=last.feats if noun else frozenset({"NOUN", "gent", "plur"}),
            )
        )
        i = j + 2 if noun else j + 1
    return out
