"""Counts whose digit the OCR engine misread, where the text's own arithmetic says so.

A text that states its pack (`одной колодой (52 карты)`) and deals it out as `N piles по M
карты` says N × M is the pack: where it is not, and one digit of N read as a digit it looks
like (`15` for `13`: 3 and 5 share their lower half) makes N × M the pack, N is that number
(or M, the same way): only a number the engine doubted (`SURE`) is read again, and only where
exactly one reading of the two numbers fits.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

SURE = 95  # a count read this surely is the print's, whatever the arithmetic says
PACKS = frozenset({32, 36, 52, 104})  # the packs a rule book deals (one or two of 52)
# digits an engine reads one for another (their strokes shared)
_LOOK_ALIKE = {
    "3": "58",
    "5": "36",
    "6": "58",
    "8": "3609",
    "0": "89",
    "9": "08",
    "1": "7",
    "7": "1",
}
# a pack stated: `52 карты`, `36 картъ`
_PACK = regex.compile(r"(?<![\d\p{L}])(\d{2,3})[ \u00a0]+карт")
# piles dealt: `13 закрытыхъ группъ по 4 карты` (one to three words between)
_DEALT = regex.compile(
    r"(?<![\d\p{L}])(?P<n>\d{1,2})(?:[ \u00a0]+\p{L}+){1,3}[ \u00a0]+по[ \u00a0]+"
    r"(?P<m>\d{1,2})[ \u00a0]+карт"
)


def count_slips(text: str, conf_at: Callable[[int], float | None]) -> list[tuple[int, int, str]]:
    """(start, end, number) for each pile count that the pack the text states corrects."""
    packs = {int(m.group(1)) for m in _PACK.finditer(text)} & PACKS
    if not packs:
        return []
    out = []
    for m in _DEALT.finditer(text):
        n, per = m.group("n"), m.group("m")
        if int(n) * int(per) in packs:
            continue
        # every reading with one digit of a doubted number changed that makes the pack
        fits = []
        for key, other in (("n", per), ("m", n)):
            conf = conf_at(m.start(key))
            if conf is not None and conf < SURE:
                fits += [(key, r) for r in _readings(m.group(key)) if int(r) * int(other) in packs]
        if len(fits) == 1:
            key, r = fits[0]
            out.append((m.start(key), m.end(key), r))
    return out


def _readings(number: str) -> list[str]:
    """`number` with one digit read as a digit it looks like (no leading zero)."""
    out = []
    for i, c in enumerate(number):
        for d in _LOOK_ALIKE.get(c, ""):
            r = number[:i] + d + number[i + 1 :]
            if not r.startswith("0"):
                out.append(r)
    return out
