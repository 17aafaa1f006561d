"""Entries of a table of places: a help page describes its game place by place, one entry
each (a row of a table, an item of a definition list, a paragraph), and an entry opens by
saying where its piles lie and how many there are («Восемь стопок сверху справа.»). Which
place they are is said by the entry's heading cell, which a copy of the page often lacks,
or only further on in the entry («Карты в основаниях собираются…»). Read alone, the opening
count would be the layout's; read with its entry, it is of the place the entry names."""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.extract.tokens import Tok, first_word_type, opens_with_count, opens_with_one, tokenize
from pipeline.segment.places import WHERE_ADVERBS, WHERE_BY
from pipeline.segment.reader import SentenceRef

# The places an entry can be of, besides the layout (whose piles an opening count already
# gives): the grammar's terminal of each.
ENTRY_PLACES = frozenset({"FOUNDATION", "RESERVE"})
# Words that say where a pile lies (`Четыре стопки слева`, `под основаниями`): an opening
# count with one describes a place of the table, not a deal.
_WHERE = WHERE_ADVERBS | WHERE_BY


def _where(toks: list[Tok], words: Iterable[str]) -> bool:
    """«сверху», «под основаниями», «центральная (в нижнем ряду)»: where the piles lie."""
    return any(t.lemma in _WHERE or t.type == "MIDDLE" for t in toks) or any(
        w in _WHERE for w in words
    )


# The passive of gathering: the entry's piles are gathered (a foundation's cards).
_GATHERED = frozenset({"собираться"})
# How a layout, not a foundation, is built.
_LAYOUT_WAYS = frozenset({"DOWN", "ALT_COLOUR", "DEAL"})


def _place_of(sentences: list[SentenceRef], book: str | None) -> str | None:
    """The place an entry's later sentences name first: a foundation or a reserve, or None
    when the layout comes first (`в раскладе`) or no place is named. A sentence that opens
    with the gathering verb and no subject («Собирается по порядку из бубен …», «Собираются
    по масти в восходящем порядке») says what the entry's piles are for: foundations, unless
    it gathers down or by alternate colours, as a layout is built."""
    for s in sentences:
        toks = tokenize(s.modern, book)
        if (
            toks
            and toks[0].type == "GATHER"
            and toks[0].lemma in _GATHERED
            and _LAYOUT_WAYS.isdisjoint(t.type for t in toks)
        ):
            return "FOUNDATION"
        for t in toks:
            if t.type in ENTRY_PLACES:
                return t.type
            if t.type == "DEAL" and t.lemma == "расклад":
                return None
    return None


# A heading naming a place is a word or two (`Основание`, `Резервные стопки:`).
_HEADING_WORDS = 3
# What a heading naming a place may hold besides the place (`Базовые стопки:`).
_HEADING_REST = frozenset({"PACKET", "COLUMN", "PLACE", "W", "STOP", "COLON"})


def _heading_place(toks: list[Tok]) -> str | None:
    """The place a heading names alone (`Основание`, `Резервные стопки`), or None."""
    places = [t.type for t in toks if t.type in ENTRY_PLACES]
    rest = {t.type for t in toks if t.type not in ENTRY_PLACES}
    return places[0] if len(places) == 1 and rest <= _HEADING_REST else None


def entry_places(sentences: Iterable[SentenceRef], book: str | None = None) -> dict[str, str]:
    """The id of each sentence that opens an entry with a count of piles, and no word of
    dealing, mapped to the place (`ENTRY_PLACES`) the entry's heading names (the segmenter
    keeps a heading naming a place as its entry's first sentence), or, with no heading, its
    later sentences name first when the count says where the piles lie. An entry is a
    paragraph of one section: its sentences share their section and `para`."""
    entries: dict[tuple[str, str | None, int], list[SentenceRef]] = {}
    for s in sentences:
        # an entry's first line, one pile and where it lies («Стопка сверху.»), may stand as
        # the text's introduction, the rest of its entry in the play
        kind = s.kind
        if kind == "intro" and opens_with_one(tokenize(s.modern, book)) is not None:
            kind = "play"
        entries.setdefault((kind, s.rule, s.para), []).append(s)
    out: dict[str, str] = {}
    for entry in entries.values():
        if len(entry) < 2:
            continue
        first = entry[0]
        short = len(first.modern.split()) <= _HEADING_WORDS
        if not short and first_word_type(first.modern, book) != "NUM":
            continue  # neither a heading nor an opening count: no word need be read
        toks = tokenize(first.modern, book)
        heading = _heading_place(toks)
        if heading is not None:
            opening = tokenize(entry[1].modern, book)
            if opens_with_count(opening) and not any(t.type == "DEAL" for t in opening):
                out[entry[1].id] = heading
            continue
        if opens_with_count(toks) is None and opens_with_one(toks) is None:
            continue
        if any(t.type == "DEAL" for t in toks):
            continue  # `Десять стопок, на каждую сдаётся…`: a deal says what it is dealt to
        words = [w.strip(".,;:()").lower() for w in first.modern.split()]
        if not _where(toks, words):
            continue
        place = _place_of(entry[1:], book)
        if place is not None:
            out[first.id] = place
    return out
