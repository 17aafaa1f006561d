"""Which spelling a text is in: pre-reform (ѣ, і, final ъ) or modern (seed 002, Pujol).

Decided once per text from counts, so a modern text never gets any pre-reform "correction":
in pre-reform print a word never ends in a bare hard consonant, in modern print never in ъ.
"""

from __future__ import annotations

import regex

from pipeline.normalize.letters import fix_letters
from pipeline.text import Orthography

# і before a vowel, ѣ (and the OCR's ђ), ѳ, ѵ, a final ъ.
_PRE = regex.compile(r"[ѣђѢЂѳѲѵѴ]|[іІ](?=[аеиоуыэюяѣАЕИОУЫЭЮЯѢ])|\p{L}[ъЪ](?!\p{L})")
# Words with a Latin letter or ї: the letter repairs may respell them, and they are counted
# as they will be printed, so that normalizing a clean text again keeps the verdict.
_LATIN_WORD = regex.compile(r"(?<![\p{L}\p{M}])[\p{L}\p{M}]*[A-Za-zїЇ][\p{L}\p{M}]*")
_MODERN = regex.compile(r"(?<=\p{L}\p{L})[бвгджзклмнпрстфхцчшщ](?![\p{L}\p{M}.])")
_SAMPLE = 1 << 18  # enough to decide; detection must not cost a scan of 50 MB


def detect(text: str) -> Orthography:
    """ "pre-reform" if pre-reform marks are at least as common as modern bare finals
    (and there are a few, or no modern marks at all)."""
    sample = text[:_SAMPLE]
    pre = len(_PRE.findall(sample))
    mod = len(_MODERN.findall(sample))
    for w in _LATIN_WORD.findall(sample):
        f = fix_letters(w, True)
        if f != w:
            pre += len(_PRE.findall(f)) - len(_PRE.findall(w))
            mod += len(_MODERN.findall(f)) - len(_MODERN.findall(w))
    return "pre-reform" if pre >= mod and (pre >= 3 or (pre >= 1 and mod == 0)) else "modern"
