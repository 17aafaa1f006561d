"""Roman numerals an OCR engine read as Cyrillic letters or digits: `П.` for `II.`, `Ш.` for
`III.`, `ту` or `1У` for `IV`, `1.` or `Т.` for `I.`.

The books number their rules `I.`, `II.`, … at the start of a paragraph and cite them as
`(правило II)`. A token is read as a numeral only there, and only when its glyphs can stand
for a valid numeral: at a paragraph's start followed by `.`, `,` or `)` (the numbering of a
rule), or right after a word `правил…` (a citation). Where a glyph has several readings the
numbering decides: the reading that continues the previous rule's number (after `I.`, `П.`
is `II.`, after `II.` it is `III.`: Tesseract loses the third stroke), else the only one,
else, at the start of a list, `I`. An Arabic `1.` becomes `I.` only when the next numbered
paragraph is not `2.`.
"""

from __future__ import annotations

from itertools import product

import regex

# glyph -> the Roman strings it may stand for
_READINGS: dict[str, tuple[str, ...]] = {
    "I": ("I",), "І": ("I",), "1": ("I",), "l": ("I",), "|": ("I",), "i": ("I",),
    "і": ("I",), "Т": ("I",), "т": ("I",), "Г": ("I",), "!": ("I",), "[": ("I",),
    "П": ("II", "III"), "п": ("II",), "Н": ("II",), "И": ("I", "II"), "Ш": ("III",), "Щ": ("III",),
    "V": ("V",), "У": ("V",), "у": ("V",), "Ѵ": ("V",), "ѵ": ("V",), "Ү": ("V",), "ү": ("V",),
    "Ұ": ("V",),
    "X": ("X",), "Х": ("X",), "х": ("X",),
}  # fmt: skip
# whole tokens whose glyphs overlap (ПШ: the strokes of III read twice)
_WHOLE = {"ПШ": "III", "ПП": "III", "ШІ": "III"}
_ROMAN = regex.compile(r"(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
# a paragraph-initial token followed by the numbering's stop
_NUMBERED = regex.compile(r"(?m)^(?P<tok>[IІliіТтГ!\[ПпНИШЩVУуѴѵҮүҰXХх|]{1,5}|\d{1,2})(?=[.,)])")
# a token cited after правило/правила/правилу/правиломъ…
_CITED = regex.compile(
    r"(?i:правил\p{L}*)[ \u00a0]+\(?(?P<tok>[IІ1ТГПНШЩVУѴҮҰXХ]{1,5})(?=[.,;:)\s]|$)"
)


def value(roman: str) -> int:
    total = 0
    for i, c in enumerate(roman):
        v = _VALUES[c]
        nxt = _VALUES[roman[i + 1]] if i + 1 < len(roman) else 0
        total += -v if v < nxt else v
    return total


def readings(token: str) -> list[str]:
    """The valid Roman numerals (up to XXXIX) the token's glyphs can stand for."""
    if token in _WHOLE:
        return [_WHOLE[token]]
    options = []
    for c in token:
        r = _READINGS.get(c)
        if r is None:
            return []
        options.append(r)
    out = []
    for combo in product(*options):
        s = "".join(combo)
        if s and _ROMAN.fullmatch(s) and s not in out:
            out.append(s)
    return out


def _is_roman_already(tok: str) -> bool:
    return all(c in "IVXLC" for c in tok) and bool(_ROMAN.fullmatch(tok))


def numeral_edits(text: str, prereform: bool = True) -> list[tuple[int, int, str]]:
    """(start, end, numeral) for every token read as a Roman numeral in its place (a cited
    `1` only in a pre-reform text, whose books cite their rules in Roman numerals)."""
    out: list[tuple[int, int, str]] = []
    numbered = list(_NUMBERED.finditer(text))
    last = 0
    for k, m in enumerate(numbered):
        tok = m.group("tok")
        if _is_roman_already(tok):
            last = value(tok)
            continue
        if tok.isdigit():
            if tok != "1":
                last = 0
                continue
            nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else None
            if nxt == "2":
                last = 0
                continue
        cands = readings(tok)
        if not cands:
            continue
        vals = {c: value(c) for c in cands}
        pick = next((c for c in cands if vals[c] == last + 1), None)
        if pick is None and len(cands) == 1:
            pick = cands[0]
        if pick is None and last == 0:
            pick = next((c for c in cands if vals[c] == 1), cands[0])
        if pick is None:
            continue
        if len(tok) == 1 and tok.isalpha() and (last == 0 or vals[pick] != last + 1):
            # a lone letter (И., П.) may be an initial: only the next number tells
            nxt = numbered[k + 1].group("tok") if k + 1 < len(numbered) else ""
            if not any(value(r) == vals[pick] + 1 for r in readings(nxt)):
                continue
        last = vals[pick]
        out.append((m.start("tok"), m.end("tok"), pick))
    taken = {s for s, _e, _r in out}
    for m in _CITED.finditer(text):
        tok = m.group("tok")
        if m.start("tok") in taken or _is_roman_already(tok) or (tok == "1" and not prereform):
            continue
        cands = readings(tok)
        if cands:  # the likeliest first: П is II more often than III
            out.append((m.start("tok"), m.end("tok"), cands[0]))
    out.sort()
    return out
