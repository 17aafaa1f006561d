"""What a paragraph is: a title, a deck line, a rule, a heading, a caption or running text.

Patterns work on the folded key (`fold.fold`), which is the same for the pre-reform text and
its modern projection, so one set of patterns serves both spellings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import regex

from pipeline.segment.fold import fold
from pipeline.segment.known import KnownGames
from pipeline.segment.named_values import only_statements

_FURNITURE = re.compile(r"^\S.{3,150}\s[-–—]\s(?:\[\d+\]|страница\s+\d+)\s*$")
# a number word (any token: OCR may damage it; the count is then unknown), packs, cards; a
# speck inside a word (`ПОЛНЫХ'Ъ`), a misread last letter (`КАРТЫ`) or stop (`:`) of a scan
# still make the pack's line, not the game's title
_DECKS = re.compile(
    r"^(?:(?:в|на)\s+)?(\S{1,9})(?:\s+полн\S*)?\s+колод\S*(?:\s+карт\S*)?\s*[.:,]?$"
)
_DECK_COUNT = {"одна": 1, "одну": 1, "одной": 1, "две": 2, "двух": 2, "три": 3, "трех": 3}
_DECK_COUNT |= {"четыре": 4, "четырех": 4}
_RULES = re.compile(r"^правила\s*\.?$")
_PLAY = re.compile(r"^игра\s*\.?$")
# Roman rule numbers; OCR gives Cyrillic І/Х/Ѵ for Latin I/X/V, and `П` for `II`.
_RULE = regex.compile(r"^([IVXІХѴ]{1,7}|П)\.\s+(?=\S)")
_ROMAN = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_NAMED = regex.compile(r"^Пасьянс[ъ]?\s+«([^»\n]{1,60})»")
# `1. Пасьянс «…»`, `II. Пасьянсъ «…».`, `№ 3. Пасьянс «…»`
_ENTRY = regex.compile(r"^\s*(?:\d{1,3}[.)]|[IVXLCІХ]{1,6}\.|№\s*\d{1,3}\.?)\s+(?=Пасьянс)")
_LATIN = str.maketrans({"І": "I", "Х": "X", "Ѵ": "V"})


# The heading of an entry of a table of places that names a foundation or a reserve
# (`Основание`, `Базовые стопки`, `Резерв`, `Запасные стопки`): its description follows it.
_PLACE_HEADING = re.compile(
    r"^(?:(?:базов|резервн|запасн)\w*\s+)?(?:основани[ея]|дом[аы]?|резерв[ыа]?|запас"
    r"|стоп(?:ка|ки|ок)|ячейк[иа]|колонк[иа])\s*[.:]?$"
)


def place_heading(par: str) -> bool:
    """Whether a heading line names the foundations or the reserve, the place an entry of a
    table of places describes (`Основание`, `Резервные стопки`); a pile noun alone is no
    such heading."""
    key = fold(par.strip())
    return bool(_PLACE_HEADING.match(key)) and not re.match(r"^(?:стоп|ячей|колон)", key)


@dataclass(frozen=True)
class Heading:
    kind: str  # furniture, title, named, decks, rules, play, rule, caption, body
    number: str | None = None  # rule number (Latin)
    body_start: int = 0  # offset in the paragraph where a rule's text begins
    decks: int | None = None


def roman(label: str) -> str | None:
    """The Latin Roman numeral a printed label stands for, or None."""
    value = "II" if label == "П" else label.translate(_LATIN)
    return value if value and _ROMAN.match(value) else None


def classify(par: str, known: KnownGames) -> Heading:
    """Classify one paragraph (its clean text, whitespace collapsed)."""
    key = fold(par)
    if only_statements(par):
        return Heading("body")  # a program's named values (`NUM_COLUMNS = 10`): no title
    if _FURNITURE.match(par):
        return Heading("furniture")
    m = _DECKS.match(key)
    if m and (m.group(1) in _DECK_COUNT or par.isupper()):
        return Heading("decks", decks=_DECK_COUNT.get(m.group(1)))
    if _RULES.match(key):
        return Heading("rules")
    if _PLAY.match(key):
        return Heading("play")
    if _ENTRY.match(par) and _NAMED.match(_ENTRY.sub("", par)):
        return Heading("named")  # `II. Пасьянсъ «Царица».`: an entry, not rule II
    m = _RULE.match(par)
    if m:
        number = roman(m.group(1))
        if number:
            return Heading("rule", number=number, body_start=m.end())
    if len(par) <= 80:
        letters = [c for c in par if c.isalpha()]
        words = len(par.split())
        # a sentence set in capitals (`ТУЗЫ ПЕРЕМЕЩАЮТСЯ В БАЗОВЫЙ РЯД ПО МЕРЕ ИХ ВЫХОДА.`)
        # is no title: a title is a few words, not ending in a full stop when it is long
        sentence = words >= 9 or (words >= 6 and par.rstrip()[-1] in ".!?;")
        if len(letters) >= 3 and all(c.isupper() for c in letters) and not sentence:
            return Heading("title")
    if _NAMED.match(_ENTRY.sub("", par)):
        return Heading("named")
    if len(par) <= 40 and len(par.split()) <= 4 and known.by_name(par) is not None:
        return Heading("caption")
    return Heading("body")


def named_title(par: str) -> str | None:
    """`Пасьянс «Густая колонна»` at the head of a paragraph (Pujol's way of naming a game)."""
    m = _NAMED.match(_ENTRY.sub("", par))
    return m.group(0) if m else None
