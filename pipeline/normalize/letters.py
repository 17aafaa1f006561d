"""Deterministic letter repairs inside one word: `ђ` for `ѣ`, Latin look-alikes, Roman numerals.

An OCR engine without `ѣ` reads it as a letter it has: the seeds' engine as Serbian `ђ`,
Tesseract as Serbian `ћ`, or as a capital `Ъ`/`Ь`/`Ѣ` standing after a lower-case letter
(the tall stem of `ѣ`), or as `ѣ` and a stray `ъ` (`мѣъста`). Engines also mix Latin and
Cyrillic look-alike capitals. These repairs need no lexicon: they are certain from the word
alone (no Russian word has `ћ`, a capital after a lower-case letter, or `ѣъ`).
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
# Letters of other Cyrillic alphabets (Kazakh, Tatar, Bashkir, Tajik, Macedonian) that
# Tesseract's script model prints for a Russian letter of the same shape plus a descender,
# bar, tail or macron (қарты, өстальныя, Әтотъ, талоңъ, кучкамӣ, раскладќи, распредѣленји):
# no Russian word, old or new, has them.
FOREIGN_CYRILLIC = str.maketrans(
    {
        "қ": "к", "Қ": "К", "ҡ": "к", "Ҡ": "К", "ќ": "к", "Ќ": "К", "ҝ": "к", "Ҝ": "К",
        "ө": "о", "Ө": "О", "ӧ": "о", "Ӧ": "О", "ә": "э", "Ә": "Э",
        "ү": "у", "Ү": "У", "ұ": "у", "Ұ": "У", "ӯ": "у", "Ӯ": "У", "ӱ": "у", "Ӱ": "У",
        "ң": "н", "Ң": "Н", "ӊ": "н", "Ӊ": "Н", "ӈ": "н", "Ӈ": "Н",
        "ӣ": "и", "Ӣ": "И", "ӥ": "и", "Ӥ": "И", "ғ": "г", "Ғ": "Г", "ӷ": "г", "Ӷ": "Г",
        "ҳ": "х", "Ҳ": "Х", "ҷ": "ч", "Ҷ": "Ч", "ӵ": "ч", "Ӵ": "Ч", "ҙ": "з", "Ҙ": "З",
        "ҫ": "с", "Ҫ": "С", "ҭ": "т", "Ҭ": "Т", "ӑ": "а", "Ӑ": "А", "ӓ": "а", "Ӓ": "А",
        "ӗ": "е", "Ӗ": "Е", "ј": "і", "Ј": "І",
    }
)  # fmt: skip
_FOREIGN = regex.compile("[" + "".join(chr(k) for k in FOREIGN_CYRILLIC) + "]")
# Cyrillic letters that look like Roman-numeral capitals.
CYR_TO_ROMAN = str.maketrans({"І": "I", "Х": "X", "У": "V", "Ѵ": "V"})

# ѣ as a capital after a lower-case letter, one or a run (порядкЪ, увидѢть, веБ, всЬЪ), and ѣ
# doubled by a stray hard or soft sign or a second ѣ (мѣъста, сдѣЪлать, болѣѣ)
_TALL_YAT = regex.compile(r"(?<=[а-яѣіѳѵ])[ЪЬѢЊБ]+")
# a final hard sign doubled by a soft one (подходятьъ, картьъ, РОБЕРТЬЪ): no word ends so
_FINAL_SIGNS = regex.compile(r"(?:ьъ|ъь)$")
_FINAL_SIGNS_UPPER = regex.compile(r"(?:ЬЪ|ЪЬ)$")
# the same after a word's capital initial, before small letters only (ТЬмъ, ВЪдь)
_TALL_YAT_SECOND = regex.compile(r"\p{Lu}[ЪЬ](?=\p{Ll}+$)")
# a capital Ъ read as УЪ after a consonant (КАРТУЪ, РОБЕРТУЪ): no word ends in уъ, a hard
# sign stands after a consonant only
_HARD_SIGN_AS_U = regex.compile(r"(?<=[БВГДЖЗКЛМНПРСТФХЦЧШЩ])УЪ$")
_TALL_SIGN_AFTER_SMALL = regex.compile(r"\p{Ll}[ЪЬѢБВЊ]")
_YAT_STRAY = regex.compile(r"ѣ[ъьЪЬѣ]+")
_YAT_STRAY_UPPER = regex.compile(r"Ѣ[ЪЬѢ]+")  # ДВЂЪ: in a word set in capitals
# и before a vowel in a word's ending is і in the old spelling (третий, основания,
# слѣдующие), and before a final и after a stem (основании; not три-и run together): an
# engine trained on modern Russian writes и there
_I_ENDING = regex.compile(r"(?<=\p{L})[иИ](?=[яеюйёЯЕЮЙЁ]\p{L}{0,3}$)|(?<=\p{L}{3})[иИ](?=[иИ]$)")
_CYR = regex.compile(r"[\p{Script=Cyrillic}]")
_LAT = regex.compile(r"[A-Za-z]")
_ROMAN = regex.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_ROMAN_CHARS = regex.compile(r"[IVXLCDMІХѴ]+")
_ROMAN_LETTERS = frozenset("IVXLCDMІХѴ")  # a word beginning otherwise is none (no regex)


def is_roman(word: str) -> bool:
    """True for a Roman numeral written with Latin and/or Cyrillic look-alike capitals
    (at least one I/І, so that a lone Cyrillic letter is not taken for a number)."""
    if not word or word[0] not in _ROMAN_LETTERS or not _ROMAN_CHARS.fullmatch(word):
        return False
    latin = word.translate(CYR_TO_ROMAN)
    return ("I" in latin) and _ROMAN.fullmatch(latin) is not None


# fix_letters' answers per orthography (every document asks for each of its words twice);
# bounded, for junk input of millions of unique words
_FIXED: tuple[dict[str, str], dict[str, str]] = ({}, {})
_FIXED_LIMIT = 300_000


def fix_letters(word: str, prereform: bool) -> str:
    """The word with OCR letter substitutions repaired (no lexicon needed)."""
    memo = _FIXED[1 if prereform else 0]
    w = memo.get(word)
    if w is None:
        w = _fix_letters(word, bool(prereform))
        if w != word and is_roman(w):
            # Ї read for І is a numeral's stroke once repaired: read as a second pass would
            w = w.translate(CYR_TO_ROMAN)
        if len(memo) >= _FIXED_LIMIT:
            memo.clear()
        memo[word] = w
    return w


def _fix_letters(word: str, prereform: bool) -> str:
    if is_roman(word):
        return word.translate(CYR_TO_ROMAN)
    w = word
    if (_LAT.search(w) and _CYR.search(w)) or ("ї" in w or "Ї" in w):
        w = w.translate(LATIN_TO_CYR)
    if prereform and _FOREIGN.search(w) and len(w) > 1:
        w = w.translate(FOREIGN_CYRILLIC)
    if prereform and "њ" in w:
        w = w.replace("њ", "ѣ")  # раскладкњ: the Serbian letter's tail is ѣ's
    if prereform and ("ђ" in w or "Ђ" in w or "ћ" in w):
        # Upper case inside an upper-case word: ДВђ -> ДВѢ. (A capital Ћ is more often a
        # Т: ПОДХОДИЋЪ; left to the confusions.)
        letters = [c for c in w if c not in "ђЂћ"]
        upper = len(letters) >= 1 and all(c.isupper() for c in letters if c.isalpha())
        upper = upper and sum(1 for c in letters if c.isalpha()) >= 1 and len(w) > 1
        yat = "Ѣ" if upper else "ѣ"
        w = w.replace("Ђ", "Ѣ").replace("ђ", yat).replace("ћ", yat)
    if prereform and _I_ENDING.search(w):
        w = _I_ENDING.sub(lambda m: "і" if m.group() == "и" else "І", w)
    if prereform and w.isupper() and "Ѣ" in w:
        w = _YAT_STRAY_UPPER.sub("Ѣ", w)
    if prereform and len(w) > 2 and w[-1] in "ъь" and w[-2] in "ЪЬ" and w[:-1].isupper():
        w = w[:-1]  # ДВЪъ: a word in capitals, its last sign read twice (ДВЪ, which is ДВѢ)
    if prereform and len(w) > 2:
        w = _FINAL_SIGNS_UPPER.sub("Ъ", w) if w.isupper() else _FINAL_SIGNS.sub("ъ", w)
    if prereform and len(w) > 2 and w[-1] in "ъь" and w[:-1].isupper() and w[:-1].isalpha():
        w = w[:-1] + w[-1].upper()  # ДВъ: a word in capitals, its last sign read small
    if prereform and len(w) > 3 and w.isupper():
        w = _HARD_SIGN_AS_U.sub("Ъ", w)
    if prereform and not w.isupper():
        if _TALL_YAT.search(w) and not any(c.isupper() for c in _TALL_YAT.sub("", w)[1:]):
            w = _TALL_YAT.sub("ѣ", w)
        elif _TALL_YAT_SECOND.match(w):
            w = w[0] + "ѣ" + w[2:]  # ТЬмъ: Тѣмъ (тьма has a small ь)
        if "ѣ" in w:
            w = _YAT_STRAY.sub("ѣ", w)
    # вЫходитъ, туЗъ, оДИНЪ: most capitals differ from their small letters by size only,
    # and the print never sets one after a small letter inside a word; but a tall sign
    # after a small letter may be ѣ's stem (порядкВ: порядкѣ), left to the words' corrections
    mixed = w[:1].islower() and not w.islower() and w.isalpha()
    if prereform and mixed and not _TALL_SIGN_AFTER_SMALL.search(w):
        w = w.lower()
    return w
