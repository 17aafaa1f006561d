"""Places a text names in quotes and then calls by that name.

«13 карт выкладываются … в резервную стопку, называемую "бриллианты"», then «…
заполняется очередным "бриллиантом"», «после того как "бриллианты" закончились»: the
name, in any later sentence of the game and in any case, is that place (`tokens._named`);
a name given in the plural and said in the singular is one card of it. Only a place the
grammar knows, named by a word of naming («называемый», «именуемый», «под названием», «по
имени») right after it, gives a name, and only a word the grammar does not read already (a
place called «домом» stays the foundations): a quoted word alone («"крышка" шкатулки») names
nothing.

The cards left over said to form a «запас» (or a «резерв» the game deals from) make that word
the stock in every sentence of the game (`_stock_called`)."""

from __future__ import annotations

from collections.abc import Iterable

import regex

from pipeline.extract.tokens import Tok, name_form, tokenize
from pipeline.segment.reader import SentenceRef

# a word of naming, then the name in quotes (one word)
_NAMING = regex.compile(
    r"(?:\bназыва\p{L}*|\bименуем\p{L}*|\bпод\s+названием|\bпо\s+имени|\bпо\s+названию)"
    r"\s*[«\"„“']\s*(\p{L}+)\s*[»\"“”']",
    regex.IGNORECASE,
)
# the places a name may be given to (grammar terminals), the reserve first when its
# adjective stands with a pile noun («в резервную стопку, называемую …»)
_NAMEABLE = frozenset(
    {"RESERVE", "FOUNDATION", "PACKET", "COLUMN", "ROW", "TALON", "PLACE", "CIRCLE"}
)
# a name is said of the place just before it: at most this many tokens back (the comma)
_BACK = 3

# (normal form of the name, its number as given, the place's terminal, value, lemma)
Name = tuple[str, str, str, object, str]

# «Остальные 17 карт образуют запас», «три оставшиеся карты откладываются в запас»,
# «остаток уходит в запас», «в запасе остаётся 24 карты»: the cards left over after the deal
# called «запас» are the stock (a translation's or a modern page's «stock»), wherever the game
# says the word; a «запас» of cards counted out («тринадцать карт … эта пачка называется
# запасом») stays the reserve, as does the adjective «запасный», and the rest laid out and
# named after a dash or colon («остальные … раскладывают веером — это запас»: a reserve).
# «резерв» so said is the stock only where the game also deals or turns cards from it, or has
# the player click it («из резерва сдают по карте на каждую колонку», «нажмите на резерв»):
# «остальные карты образуют резерв» alone stays one pile of the rest
_REST = r"(?:остальн|оставш|остат|остаёт|остает|остают|осталис)\p{L}*"
_LAID_OUT = regex.compile(r"раскла|выкла|веер|открыт|лиц", regex.IGNORECASE)


def _rest_called(modern: str, noun: str) -> bool:
    """The cards left over said to be in or to form the place `noun` (a stem), in either
    order; named after a dash or colon only when they are not laid out before it («оставшиеся
    17 карт — это запас»)."""
    place = rf"\b{noun}(?:а|у|ом|е|ы|ов)?\b"
    for m in regex.finditer(rf"\b{_REST}\b([^.;!?]{{0,80}}?){place}", modern, regex.IGNORECASE):
        gap = m.group(1)
        if not regex.search(r"[:—–]|\s-\s", gap) or not _LAID_OUT.search(gap):
            return True
    return bool(regex.search(rf"{place}[^.;:!?—–]{{0,30}}?\b{_REST}\b", modern, regex.IGNORECASE))


_FROM_RESERVE = regex.compile(
    r"\b(?:из|с)\s+резерв\p{L}*[^.;!?]{0,60}?\b(?:сда|разда|откр|перев)"
    r"|\b(?:нажм|нажим|щёлк|щелк|клик)\p{L}*\s+(?:на\s+|по\s+)?резерв"
    r"|\bрезерв\p{L}*\s+(?:сда|разда)",
    regex.IGNORECASE,
)


def _stock_called(sentences: list[SentenceRef]) -> list[Name]:
    """The place nouns this game calls its stock (`STOCK_CALLED_RESERVE`, «резерв» too)."""
    out = []
    if any(_rest_called(s.modern, "запас") for s in sentences):
        out.append(STOCK_CALLED_RESERVE)
    if any(_rest_called(s.modern, "резерв") for s in sentences) and any(
        _FROM_RESERVE.search(s.modern) for s in sentences
    ):
        out.append(("резерв", "sing", "DECK", "колода", "колода"))
    return out


STOCK_CALLED_RESERVE: Name = ("запас", "sing", "DECK", "колода", "колода")


def _named_place(toks: list[Tok], at: int) -> Tok | None:
    """The place the tokens end with before character `at` (past a comma)."""
    before = [t for t in toks if t.end <= at and t.type != "W"][-_BACK:]
    if before and before[-1].type == "COMMA":
        before = before[:-1]
    if not before or before[-1].type not in _NAMEABLE:
        return None
    reserve = next((t for t in before[-2:] if t.type == "RESERVE"), None)
    return reserve or before[-1]


def declared(modern: str, book: str | None = None) -> list[Name]:
    """The names a sentence gives to places."""
    if not _NAMING.search(modern):
        return []
    toks = tokenize(modern, book)
    out: list[Name] = []
    for m in _NAMING.finditer(modern):
        place = _named_place(toks, m.start())
        if place is None or tokenize(m.group(1), book)[0].type != "W":
            continue  # no place before it, or a name the grammar reads already («домом»)
        form, number = name_form(m.group(1))
        out.append((form, number, place.type, place.value, place.lemma))
    return out


def names_in_force(
    sentences: Iterable[SentenceRef], book: str | None = None
) -> dict[str, tuple[Name, ...]]:
    """For each sentence after a naming, the names given before it (the first naming of a
    name wins)."""
    sentences = list(sentences)
    seen: dict[str, Name] = {}
    for name in _stock_called(sentences):
        seen[name[0]] = name  # in every sentence, the one that says it too
    out: dict[str, tuple[Name, ...]] = {}
    for s in sentences:
        if seen:
            out[s.id] = tuple(seen.values())
        for name in declared(s.modern, book):
            seen.setdefault(name[0], name)
    return out
