"""Labels of a game's table of parts: a help page describes its game in a two-column table
whose left cell names a part (`Тип колоды`, `Колода`, `Сброс`, `Основание`, `Резервы`,
`Игровое поле`) and whose right cell describes it. Copied as text, each cell is a line of
its own, so a short right cell («Двойная колода», «Набирается из колоды.») looks like a title
under a subheading. It is the label's value, a part of the game the table describes."""

from __future__ import annotations

import re

from pipeline.segment.fold import fold
from pipeline.segment.places import PLACE_NOUN

_PART = re.compile(
    rf"^(?:тип колоды|{PLACE_NOUN}|(?:базов|резервн|запасн|свободн)\w* (?:стопк|ячейк|мест)\w*"
    r"|игровое поле)\s*[.:]?$"
)


def table_label(par: str) -> bool:
    """Whether a line is the label of a part of the game in a table of parts."""
    return bool(_PART.match(fold(par.strip())))
