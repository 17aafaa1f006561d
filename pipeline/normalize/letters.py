"""Deterministic letter repairs inside one word: `ђ` for `ѣ`, Latin look-alikes, Roman numerals.

The OCR engine had no `ѣ` and read it as Serbian `ђ`; it also mixes Latin and Cyrillic
look-alike capitals. These repairs need no lexicon: they are certain from the word alone.
"""

from __future__ import annotations

import regex

# Latin letters that look like Cyrillic ones, and the Cyrillic letter meant inside a
# Cyrillic word (`i` is the pre-reform `і`).
LATIN_TO_CYR = str.maketrans(
    {
        "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і",
        "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О",
        "P": "Р", "T": "Т", "X": "Х", "I": "І", "Y": "У",
        "ї": "і", "Ї": "І",
    }
)  # fmt: skip
# Cyrillic letters that look like Roman-numeral capitals.
CYR_TO_ROMAN = str.maketrans({"І": "I", "Х": "X", "У": "V", "Ѵ": "V"})

_CYR = regex.compile(r"[\p{Script=Cyrillic}]")
_LAT = regex.compile(r"[A-Za-z]")
_ROMAN = regex.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_ROMAN_CHARS = regex.compile(r"[IVXLCDMІХѴ]+")


def is_roman(word: str) -> bool:
    """True for a Roman numeral written with Latin and/or Cyrillic look-alike capitals
    (at least one I/І, so that a lone Cyrillic letter is not taken for a number)."""
    if not word or not _ROMAN_CHARS.fullmatch(word):
        return False
    latin = word.translate(CYR_TO_ROMAN)
    return ("I" in latin) and _ROMAN.fullmatch(latin) is not None


def fix_letters(word: str, prereform: bool) -> str:
    """The word with OCR letter substitutions repaired (no lexicon needed)."""
    if is_roman(word):
        return word.translate(CYR_TO_ROMAN)
    w = word
    if (_LAT.search(w) and _CYR.search(w)) or ("ї" in w or "Ї" in w):
        w = w.translate(LATIN_TO_CYR)
    if prereform and ("ђ" in w or "Ђ" in w):
        # Upper case inside an upper-case word: ДВђ -> ДВѢ.
        letters = [c for c in w if c not in "ђЂ"]
        upper = len(letters) >= 1 and all(c.isupper() for c in letters if c.isalpha())
        upper = upper and sum(1 for c in letters if c.isalpha()) >= 1 and len(w) > 1
        w = w.replace("Ђ", "Ѣ").replace("ђ", "Ѣ" if upper else "ѣ")
    return w
