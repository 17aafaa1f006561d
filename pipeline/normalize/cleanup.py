"""Unicode hygiene of the raw text: NFC (never NFKC), line ends, invisible and odd spaces.

NFKC would fold `№` and other printed signs into something else; NFC only composes letters.
The no-break space is kept: it is typography of the print (`т. е.`), not an OCR slip.
"""

from __future__ import annotations

import unicodedata

import regex

from pipeline.normalize.offsets import SegmentMap, apply_edits

# One pattern for everything that must change; a clean text is a single failed search.
_FIX = regex.compile(
    r"\r\n?|[\u2028\u2029\x85]"  # line ends
    r"|[\u200b-\u200d\u2060\ufeff\u00ad]"  # zero-width characters, soft hyphen
    r"|[\t\x0b\x0c\u2000-\u200a\u202f\u205f\u3000]"  # odd spaces
    r"|[\x00-\x08\x0e-\x1f\x7f]"  # stray control characters
)
_REPL = {"\r\n": "\n", "\r": "\n", "\u2028": "\n", "\u2029": "\n", "\x85": "\n"}
_GRAPHEME = regex.compile(r"\X")


def _replacement(s: str) -> str:
    if s in _REPL:
        return _REPL[s]
    if s in "\u200b\u200c\u200d\u2060\ufeff\u00ad\x7f" or (s < " " and s not in "\t\x0b\x0c"):
        return ""
    return " "


def clean(raw: str) -> tuple[str, SegmentMap]:
    """(text, map to raw) with line ends as \\n, invisible characters dropped, NFC."""
    base = SegmentMap.identity(len(raw))
    edits = [(m.start(), m.end(), _replacement(m.group())) for m in _FIX.finditer(raw)]
    text, tmap = apply_edits(raw, edits, base)
    if not unicodedata.is_normalized("NFC", text):
        edits = []
        for line in regex.finditer(r"[^\n]+", text):
            if unicodedata.is_normalized("NFC", line.group()):
                continue
            for g in _GRAPHEME.finditer(line.group()):
                s = g.group()
                n = unicodedata.normalize("NFC", s)
                if n != s:
                    off = line.start() + g.start()
                    edits.append((off, off + len(s), n))
        text, tmap = apply_edits(text, edits, tmap)
    return text, tmap
