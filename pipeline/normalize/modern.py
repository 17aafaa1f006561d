"""The 1918 spelling reform as a projection of one word: pre-reform -> modern spelling.

The grammar parses the modern projection, so one grammar serves both spellings. Rules that
depend on the part of speech (-ыя/-ія -> -ые/-ие only in adjectives; из-/раз- -> ис-/рас-
only where the result is a word) ask the lexicon through `known`.
"""

from __future__ import annotations

from typing import Protocol

import regex

_LETTERS = str.maketrans({"ѣ": "е", "Ѣ": "Е", "і": "и", "І": "И", "ѳ": "ф", "Ѳ": "Ф",
                          "ѵ": "и", "Ѵ": "И"})  # fmt: skip
_PRE_MARKS = regex.compile(r"[ѣѢіІѳѲѵѴъЪ]|(?:[аяыи]го|[ыиі]я)(?:ся)?$", regex.IGNORECASE)
_HARD_FINAL = regex.compile(r"(?<=[бвгджзклмнпрстфхцчшщ])ъ$", regex.IGNORECASE)
_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщ")
_PREFIX = regex.compile(r"^(из|раз|роз|без|чрез|через|воз|вз|низ)(?=[кпстфхцчшщ])")
# the same prefix after another one (заблагоразсудится, небезполезный, неизслѣдованный)
_INNER_PREFIX = regex.compile(r"(?<=^\p{L}{1,8}?)(?:из|раз|без|чрез|воз|низ)(?=[кпстфхцчшщ])")
# Whole words that the reform changed beyond letters and endings.
_WORDS = {"онѣ": "они", "однѣ": "одни", "однѣхъ": "одних", "однѣмъ": "одним",
          "однѣми": "одними", "ея": "её", "нея": "неё"}  # fmt: skip


class _Judge(Protocol):
    def known_modern(self, word: str) -> bool: ...
    def is_plural_adjective(self, word: str) -> bool: ...


def _case_like(src: str, out: str) -> str:
    if src.isupper() and len(src) > 1:
        return out.upper()
    if src[:1].isupper():
        return out[:1].upper() + out[1:]
    return out


def needs_projection(word: str) -> bool:
    """Cheap test: may the reform change this word at all? (Every prefix of `_PREFIX` and
    `_INNER_PREFIX` holds a з: a word without one is not tried against them.)"""
    if _PRE_MARKS.search(word) is not None:
        return True
    low = word.lower()
    return low in _WORDS or (
        "з" in low and (_PREFIX.match(low) is not None or _INNER_PREFIX.search(low) is not None)
    )


def reformed_letters(word: str) -> str:
    """The reform's letters alone, in small letters (ѣ і ѳ ѵ, a final ъ after a consonant):
    a cheap projection for a bound, without the endings and prefixes `to_modern` weighs."""
    low = word.lower().translate(_LETTERS)
    return low[:-1] if low[-1:] == "ъ" and low[-2:-1] in _CONSONANTS else low


def to_modern(word: str, lex: _Judge | None = None) -> str:
    """Modern spelling of a pre-reform word; the lexicon `lex` arbitrates the rules that
    depend on the part of speech (without it, those rules are applied only where safe)."""
    low = word.lower()
    if low in _WORDS:
        return _case_like(word, _WORDS[low])
    m = low.translate(_LETTERS)
    m = _HARD_FINAL.sub("", m)
    refl = "ся" if m.endswith("ся") and len(m) > 6 else ""
    stem = m[: len(m) - len(refl)]
    if len(stem) > 4 and stem.endswith(("аго", "яго")):
        # -аго -> -ого, but -его after a soft or hushing consonant (восходящаго -> -его)
        ends = ("его", "ого") if stem[-3] == "я" or stem[-4] in "жшщчц" else ("ого", "его")
        for end in ends:
            cand = stem[:-3] + end + refl
            if lex is None or lex.known_modern(cand):
                m = cand
                break
        else:
            if lex is not None and not lex.known_modern(m):
                m = stem[:-3] + ends[0] + refl
    elif len(stem) > 3 and stem.endswith(("ыя", "ия")):
        cand = stem[:-2] + ("ые" if stem[-2] == "ы" else "ие") + refl
        if lex is not None and lex.is_plural_adjective(cand):
            m = cand
    pm = _PREFIX.match(m) if "з" in m else None
    if pm and lex is not None and not lex.known_modern(m):
        cand = m[: pm.end() - 1] + "с" + m[pm.end() :]
        if lex.known_modern(cand):
            m = cand
    elif lex is not None and not pm and "з" in m:
        for im in _INNER_PREFIX.finditer(m):
            cand = m[: im.end() - 1] + "с" + m[im.end() :]
            if not lex.known_modern(m) and lex.known_modern(cand):
                m = cand
                break
    return _case_like(word, m) if m != low else word
