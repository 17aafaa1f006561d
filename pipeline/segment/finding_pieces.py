"""A kind of text that states a game's rules and no patience's: the rules of a game played
with tiles or pieces, not cards (the fifteen puzzle's «Фишки можно двигать горизонтально и
вертикально, меняя местами с пустой клеткой», a board game's «шашки»), issue 18 §2.

Such a text has goals, moves and empty places («Цель игры состоит в том, чтобы расположить все
15 фишек…», «расположить первый ряд»), so the finder's wide net takes a stretch of it for a
game. It is recognised by a positive sign (sentences that name the pieces: `_PIECES`) *and* by
no word of cards anywhere in it (`_CARDS`): a patience that mentions a chip or a tile (a
score's «фишки», a Mahjong beside it) names its cards too and keeps its game.
"""

from __future__ import annotations

import re

from pipeline.segment.fold import fold
from pipeline.segment.rule_content import n_of, quote

# Pieces of a game that is played without cards: chips or tiles moved on a board, draughts,
# dice, dominoes (folded stems).
_PIECES = re.compile(r"(?<!\w)(?:фиш(?:к|ек)|шаш(?:к|ек)|плит(?:к|ок)|кубик|домино)")
# Any word of cards: a card, a pack, a suit, a rank (folded stems).
_CARDS = re.compile(
    r"(?<!\w)(?:карт(?!очн)|колод|маст|туз|корол(?!ев)|валет|дам[аыуе]?(?!\w)|двойк|тройк"
    r"|четверк|пятерк|шестерк|семерк|восьмерк|девятк|десятк)"
)


def pieces_case(sentences: list[str]) -> str | None:
    """The rules of a game of tiles or pieces, not of a patience: two sentences or more name
    its pieces (`_PIECES`) and none names a card, a pack, a suit or a rank (`_CARDS`)."""
    said = [s for s in sentences if s.strip()]
    keys = [fold(s) for s in said]
    if any(_CARDS.search(k) for k in keys):
        return None
    named = [s for s, k in zip(said, keys, strict=True) if _PIECES.search(k)]
    if len(named) < 2:
        return None
    return (
        "the text states the rules of a game of tiles or pieces, not of a patience "
        f"({n_of(len(named), len(said))} name its pieces: {quote(named[0])}; none names a "
        "card, a pack, a suit or a rank)"
    )
