"""Which spelling a text is in: pre-reform (ѣ, і, final ъ) or modern (seed 002, Pujol).

Decided once per text from counts, so a modern text never gets any pre-reform "correction":
in pre-reform print a word never ends in a bare hard consonant, in modern print never in ъ.
"""

from __future__ import annotations

import regex

from pipeline.text import Orthography

# Counted so that the letter repairs (Latin look-alikes, Roman numerals) cannot change the
# verdict when a clean text is normalized again: і before a vowel, with its look-alikes.
_PRE = regex.compile(r"[ѣђѢЂѳѲѵѴ]|[іІiIїЇ](?=[аеиоуыэюяѣaeoyАЕИОУЫЭЮЯѢAEOY])|\p{L}[ъЪ](?!\p{L})")
_MODERN = regex.compile(r"(?<=\p{L}\p{L})[бвгджзклмнпрстфхцчшщcpx](?![\p{L}\p{M}.])")
_SAMPLE = 1 << 18  # enough to decide; detection must not cost a scan of 50 MB


def detect(text: str) -> Orthography:
    """ "pre-reform" if pre-reform marks are at least as common as modern bare finals."""
    sample = text[:_SAMPLE]
    pre = len(_PRE.findall(sample))
    mod = len(_MODERN.findall(sample))
    return "pre-reform" if pre >= 3 and pre >= mod else "modern"
