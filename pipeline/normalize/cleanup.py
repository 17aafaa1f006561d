"""Unicode hygiene of the raw text: NFC (never NFKC), line ends, invisible and odd spaces.

NFKC would fold `№` and other printed signs into something else; NFC only composes letters.
The no-break space is kept: it is typography of the print (`т. е.`), not an OCR slip.

Three kinds of input would otherwise change the results without a word: bidirectional
controls (U+200F, U+202E, …: invisible, they split words and sentences) are dropped;
combining marks that make no letter of the alphabet (a stress accent over `а́`, which NFC
cannot compose) are dropped, while `й`, `ё`, `ї`, `ў`, `ѷ` are composed; a word written
wholly in Latin look-alike letters among Cyrillic words (`ee`, the `e` of `т.-e.`)
gets its Cyrillic letters (a word that mixes the two scripts is the letters stage's job).
"""

from __future__ import annotations

import unicodedata

import regex

from pipeline.normalize.offsets import SegmentMap, apply_edits

# One pattern for everything that must change; a clean text is a single failed search.
_FIX = regex.compile(
    r"\r\n?|[\u2028\u2029\x85]"  # line ends
    r"|[\u200b-\u200d\u2060\ufeff\u00ad]"  # zero-width characters, soft hyphen
    r"|[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]"  # bidirectional controls
    r"|[\t\x0b\x0c\u2000-\u200a\u202f\u205f\u3000]"  # odd spaces
    r"|[\x00-\x08\x0e-\x1f\x7f]"  # stray control characters
)
_REPL = {"\r\n": "\n", "\r": "\n", "\u2028": "\n", "\u2029": "\n", "\x85": "\n"}
_GRAPHEME = regex.compile(r"\X")


def _replacement(s: str) -> str:
    if s in _REPL:
        return _REPL[s]
    if s in _DROP or (s < " " and s not in "\t\x0b\x0c"):
        return ""
    return " "


_DROP = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\x7f\u200e\u200f\u061c") | {
    chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
}
_MARK = regex.compile(r"\p{Mn}")
# letters that a base letter and a combining mark make (NFC composes them): kept
_COMPOSED = frozenset("йЙёЁїЇўЎѷѶ")
# a word of Latin letters that all look like Cyrillic ones (not `i`: a Roman one, or a
# list's letter), and the words around it: the nearest on each side, all Cyrillic
_LATIN_WORD = regex.compile(r"(?<![\p{L}\p{M}])[aceopxyABCEHKMOPTXY]+(?![\p{L}\p{M}])")
_WORD = regex.compile(r"[\p{L}\p{M}]+")
_CYRILLIC_WORD = regex.compile(r"[\p{Script=Cyrillic}\p{M}]+")
_LOOKALIKE = str.maketrans("aceopxyABCEHKMOPTXY", "асеорхуАВСЕНКМОРТХУ")
_NEAR = 40  # characters searched on each side for the neighbouring words


def _letter(s: str) -> str:
    """A grapheme as NFC, without combining marks that compose no letter of `_COMPOSED`."""
    n = unicodedata.normalize("NFC", s)
    if not _MARK.search(n):
        return n
    d = unicodedata.normalize("NFD", n)
    kept = "" if _MARK.match(d[0]) else d[0]
    for ch in d[len(kept) :]:
        if not _MARK.match(ch):
            kept += ch
            continue
        composed = unicodedata.normalize("NFC", kept + ch)
        if kept and len(composed) == len(kept) and composed[-1] in _COMPOSED:
            kept = composed
    return unicodedata.normalize("NFC", kept)


def _lookalike_edits(text: str) -> list[tuple[int, int, str]]:
    from pipeline.normalize.letters import is_roman

    edits = []
    for m in _LATIN_WORD.finditer(text):
        word = m.group()
        if word.isupper() and is_roman(word):
            continue
        before = _WORD.findall(text, max(0, m.start() - _NEAR), m.start())
        after = _WORD.search(text, m.end(), m.end() + _NEAR)
        around = ([before[-1]] if before else []) + ([after.group()] if after else [])
        if around and all(_CYRILLIC_WORD.fullmatch(w) for w in around):
            edits.append((m.start(), m.end(), word.translate(_LOOKALIKE)))
    return edits


def clean(raw: str) -> tuple[str, SegmentMap]:
    """(text, map to raw) with line ends as \\n, invisible characters dropped, NFC."""
    base = SegmentMap.identity(len(raw))
    edits = [(m.start(), m.end(), _replacement(m.group())) for m in _FIX.finditer(raw)]
    text, tmap = apply_edits(raw, edits, base)
    if not unicodedata.is_normalized("NFC", text) or _MARK.search(text):
        edits = []
        for line in regex.finditer(r"[^\n]+", text):
            if unicodedata.is_normalized("NFC", line.group()) and not _MARK.search(line.group()):
                continue
            for g in _GRAPHEME.finditer(line.group()):
                s = g.group()
                n = _letter(s)
                if n != s:
                    off = line.start() + g.start()
                    edits.append((off, off + len(s), n))
        text, tmap = apply_edits(text, edits, tmap)
    if _LATIN_WORD.search(text):
        edits = _lookalike_edits(text)
        if edits:
            text, tmap = apply_edits(text, edits, tmap)
    return text, tmap
