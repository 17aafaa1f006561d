"""Signs an OCR engine printed for a pre-reform letter it lacks, inside a word.

Tesseract's Cyrillic models have no `ѣ` and read it, among other things, as `%`, `®` or `$`
glued to the word's letters (`порядк%`, `м®сто`). Such a sign touching a Cyrillic letter
is never punctuation in a pre-reform text (a percent sign follows a number), and the word
splits there, so it is repaired before the words are: the edits of this stage come back
as `char` changes, and the words' own corrections see the whole word.
"""

from __future__ import annotations

import regex

# a sign for ѣ touching a Cyrillic letter on at least one side
_YAT_SIGN = regex.compile(r"(?<=\p{Script=Cyrillic})[%®$]+|[%®$]+(?=\p{Script=Cyrillic})")
# a closing quote printed for the final Ъ of an upper-case word (КАРТ”.)
_HARD_SIGN_QUOTE = regex.compile(r"(?<=[А-ЯѢІ]{2})[”\"](?=[.,;:!?]|\s|$)")


def glyph_edits(text: str) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for every sign standing for a letter inside a word."""
    out = []
    for m in _YAT_SIGN.finditer(text):
        s, e = m.span()
        before = text[s - 1 : s]
        after = text[e : e + 1]
        letters = (before + after).replace("ѣ", "").replace("Ѣ", "")
        upper = bool(letters) and all(c.isupper() for c in letters if c.isalpha())
        out.append((s, e, "Ѣ" if upper else "ѣ"))
    for m in _HARD_SIGN_QUOTE.finditer(text):
        out.append((m.start(), m.end(), "Ъ"))
    out.sort()
    return out
