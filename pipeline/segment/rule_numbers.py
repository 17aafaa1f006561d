"""Rule numbers a scan misread, read where the sequence of a game's rules expects them.

A book numbers a game's rules `I.`, `II.`, `III.`; the OCR reads their strokes as letters
(`ТГУ.` or `ІУ.` for `IV.`, `Ш.` for `III.`) or loses one (`І.` for `II.`). Read as they
are, such a line opens no rule (a title run into its rule, taking the rest of the game to a
new one) or repeats a number seen (another game). Where a game's rules run and the next
number is expected, a paragraph that opens with a short token of numeral look-alikes, a full
stop and a capital is that rule: the token's strokes are the expected numeral's, or one `I`
more or fewer. Nowhere else: not in running text, not after the play has begun.
"""

from __future__ import annotations

import regex

# letters the OCR reads for a Roman numeral's strokes, as the Latin strokes they stand for (no
# digit: `1.` after «Правила» opens a list numbered in Arabic figures)
_STROKES = {
    **dict.fromkeys("IІlӀТГЇ[]", "I"),
    **dict.fromkeys("ПНИ", "II"),
    **dict.fromkeys("ШЩ", "III"),
    **dict.fromkeys("VУҮҰѴ", "V"),
    **dict.fromkeys("XХ", "X"),
}
# a token of at most four glyphs, a full stop, the rule's text from a capital
_OPENING = regex.compile(r"^(\S{1,4})\.\s+(?=[«\"„]?\p{Lu})")
_ALONE = regex.compile(r"^(\S{1,4}?)\.?$")
_CAPITAL = regex.compile(r"^[«\"„]?\p{Lu}")
_VALUES = (("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))


def numeral(n: int) -> str:
    """The Roman numeral of 1 ≤ n < 40."""
    out = ""
    for s, v in _VALUES:
        while n >= v:
            out += s
            n -= v
    return out


def value(num: str) -> int:
    """The value of a Latin Roman numeral below 40 (`numeral`'s inverse)."""
    return next(n for n in range(1, 40) if numeral(n) == num)


def strokes(token: str) -> str | None:
    """The Latin strokes a token's glyphs stand for, or None when one glyph is no stroke."""
    parts = [_STROKES.get(c) for c in token]
    return None if any(p is None for p in parts) else "".join(p for p in parts if p)


def stands_for(token: str, expected: str) -> bool:
    """Whether a token read for a numeral stands for `expected`: its strokes are the
    numeral's, or the numeral's with one `I` more or fewer (a stroke lost or doubled)."""
    got = strokes(token)
    if not got:
        return False
    if got == expected:
        return True
    longer, shorter = (got, expected) if len(got) > len(expected) else (expected, got)
    if len(longer) != len(shorter) + 1:
        return False
    return any(
        longer[k] == "I" and longer[:k] + longer[k + 1 :] == shorter for k in range(len(longer))
    )


def opening(par: str, cut_before: str | None = None) -> tuple[str, int] | None:
    """(the token, where the rule's text begins) when `par` opens with a short token, a full
    stop and a capital; or when `par` is that token alone and `cut_before` (the paragraph the
    finder cut from it on its line: a title run into its rule) opens with a capital."""
    m = _OPENING.match(par)
    if m:
        return m.group(1), m.end()
    m = _ALONE.match(par)
    if m and cut_before is not None and _CAPITAL.match(cut_before):
        return m.group(1), len(par)
    return None


def raw_token(raw: str) -> str | None:
    """The token a paragraph opens with as the engine read it (`ТГУ` for the clean `ТѢГУ`)."""
    words = raw.split(maxsplit=1)
    token = words[0].rstrip(".") if words else ""
    return token if 0 < len(token) <= 4 else None
