"""Which spelling a text is in: pre-reform (ѣ, і, final ъ) or modern (seed 002, Pujol).

Decided once per text from counts, so a modern text never gets any pre-reform "correction":
in pre-reform print a word never ends in a bare hard consonant, in modern print never in ъ.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import regex

from pipeline.normalize.letters import fix_letters
from pipeline.text import Orthography

# і before a vowel, ѣ (and the OCR's ђ), ѳ, ѵ, a final ъ.
_PRE = regex.compile(r"[ѣђѢЂѳѲѵѴ]|[іІ](?=[аеиоуыэюяѣАЕИОУЫЭЮЯѢ])|\p{L}[ъЪ](?!\p{L})")
# Words with a Latin letter or ї: the letter repairs may respell them, and they are counted
# as they will be printed, so that normalizing a clean text again keeps the verdict.
_LATIN_WORD = regex.compile(r"(?<![\p{L}\p{M}])[\p{L}\p{M}]*[A-Za-zїЇ][\p{L}\p{M}]*")
_MODERN = regex.compile(r"(?<=\p{L}\p{L})[бвгджзклмнпрстфхцчшщ](?![\p{L}\p{M}.])")
# A word of two letters or more ending in a bare hard consonant (not an abbreviation): a
# whole run of letters (taken without backtracking) whose last two are a letter and the
# consonant, followed by no letter, mark or full stop.
_BARE_FINAL_WORD = regex.compile(
    r"(?<![\p{L}\p{M}])\p{L}++(?<=\p{L}[бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ])"
    r"(?![\p{L}\p{M}.])"
)
# A word holding a letter of `_PRE` (whether it is a mark there is `_PRE`'s to say), or a
# letter no Russian word has that an engine prints for ѣ (њ, ћ) or a final ъ (ә, ѕ).
_MARKED_WORD = regex.compile(r"(?<![\p{L}\p{M}])[\p{L}\p{M}]*[ѣђѢЂѳѲѵѴіІъЪњћЊЋәѕ][\p{L}\p{M}]*")
# The letters `_MARKED_WORD` and `_LATIN_WORD` need: a text without any has no such word,
# and one search for them is cheaper than either pattern's scan of every position.
_MARK_LETTER = regex.compile(r"[ѣђѢЂѳѲѵѴіІъЪњћЊЋәѕ]")
_LATIN_LETTER = regex.compile(r"[A-Za-zїЇ]")
_MARK_LETTERS = frozenset("ѣђѢЂѳѲѵѴіІъЪњћЊЋәѕ")
# What an OCR engine prints for ѣ inside a word (a final ъ is a mark as printed): `двњ`,
# `порядкћ`, `дълается`.
_YAT_LOOKS = frozenset("ђњћъЂЊЋЪ")
# ... and for a final ъ (`изә`, `картѕ`)
_HARD_LOOKS = frozenset("әѕ")
_LATIN_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzїЇ")
_HARD_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ")
# Every maximal run of letters and marks, and a full stop right after it. The three word
# patterns above match whole runs only (each starts where no letter or mark is before it
# and takes the run to its end), so one scan for the runs finds the words of all three:
# `_MARKED_WORD` a run holding a mark letter, `_LATIN_WORD` one holding a Latin letter or
# ї, `_BARE_FINAL_WORD` a run of letters alone (no mark), of two or more, ending in a hard
# consonant, with no full stop after it (`_words`; `test_orthography_runs_are_the_patterns`).
_RUN = regex.compile(r"([\p{L}\p{M}]+)(\.?)")
_MARK = regex.compile(r"\p{M}")


def _words(sample: str) -> tuple[list[str], list[str], list[str]]:
    """`_MARKED_WORD`, `_BARE_FINAL_WORD` and `_LATIN_WORD`'s `findall` of `sample`: where
    it prints a pre-reform letter, from one scan for the runs of letters and marks; else
    (no marked word) the other two patterns' own scans, which are cheaper than the runs'
    (a modern text has few bare finals, an old one many marked words)."""
    if _MARK_LETTER.search(sample) is None:
        some = _LATIN_WORD.findall(sample) if _LATIN_LETTER.search(sample) else []
        return [], _BARE_FINAL_WORD.findall(sample), some
    marked: list[str] = []
    bare: list[str] = []
    latin: list[str] = []
    mark_letters, latin_letters, hard = _MARK_LETTERS, _LATIN_LETTERS, _HARD_CONSONANTS
    for run, stop in _RUN.findall(sample):
        if not mark_letters.isdisjoint(run):
            marked.append(run)
        if not latin_letters.isdisjoint(run):
            latin.append(run)
        if not stop and run[-1] in hard and len(run) > 1 and _MARK.search(run) is None:
            bare.append(run)
    return marked, bare, latin


_LONGEST_WORD = 30


def _yat_misread(w: str, known_pre: Callable[[str], bool]) -> int:
    """The marks of a word the engine printed with a look-alike for its ѣ (`двњ`, `всъ`,
    `дълается`) or its final ъ (`изә`, `картѕ`): one letter of `_YAT_LOOKS` read as ѣ, or
    a final `_HARD_LOOKS` as ъ, or both, make it a word of the pre-reform lexicon. An
    italic or unfamiliar face may print most of a page's ѣ and ъ so, and drop other final
    ъ besides (`карт`): counted as printed, such a page would pass for modern."""
    if len(w) > _LONGEST_WORD:
        return 0  # no word of the lexicon: a run of signs, tried letter by letter, is not
    bases = [w]
    if w[-1:] in _HARD_LOOKS:
        bases = [w[:-1] + "ъ", w]
        if known_pre(bases[0]):
            return len(_PRE.findall(bases[0]))
    elif _YAT_LOOKS.isdisjoint(w):
        return 0
    for b in bases:
        for i, c in enumerate(b[:-1]):
            if c in _YAT_LOOKS:
                fixed = b[:i] + ("Ѣ" if c.isupper() else "ѣ") + b[i + 1 :]
                if known_pre(fixed):
                    return len(_PRE.findall(fixed))
    return 0


_SAMPLE = 1 << 18  # enough to decide; detection must not cost a scan of 50 MB


def detect(
    text: str,
    known: Callable[[str], bool] | None = None,
    known_pre: Callable[[str], bool] | None = None,
) -> Orthography:
    """ "pre-reform" if pre-reform marks are at least as common as modern bare finals
    (and there are a few, or no modern marks at all).

    With `known` (a modern-spelling lexicon), a bare final counts only in a known word: an
    OCR slip (`основнымп`) is no evidence, and correcting it must not change the verdict of
    a second pass. With `known_pre` (a pre-reform lexicon), likewise a pre-reform mark
    counts only in a word it knows (ђ read as ѣ): `піести`, corrected to `шести`, is none."""
    sample = text[:_SAMPLE]

    def marks(w: str) -> int:
        if known_pre is None or known_pre(w.replace("ђ", "ѣ").replace("Ђ", "Ѣ")):
            return len(_PRE.findall(w))
        return _yat_misread(w, known_pre)

    marked, bare, latin = _words(sample)
    if known_pre is None:
        pre = len(_PRE.findall(sample))
    else:
        pre = sum(n * marks(w) for w, n in Counter(marked).items())
    if known is None:
        mod = len(_MODERN.findall(sample))
    else:
        finals = Counter(w.lower() for w in bare)
        mod = sum(n for w, n in finals.items() if known(w))
    for w in latin:
        f = fix_letters(w, True)
        if f != w:
            pre += marks(f) - marks(w)
            if known is None:
                mod += len(_MODERN.findall(f)) - len(_MODERN.findall(w))
            else:
                mod += _BARE_FINAL_WORD.fullmatch(f) is not None and known(f.lower())
    return "pre-reform" if pre >= mod and (pre >= 3 or (pre >= 1 and mod == 0)) else "modern"
