"""Which of two real words the neighbours want: онъ or отъ, но or по, ее or се.

A slip that turns one dictionary word into another leaves nothing for the lexicon to see;
only the words around it differ (`отъ выбираетъ`: a pronoun before a verb; `, но`: a
conjunction after a comma). The model counts, in the development gold of pre-reform rule
books, each word's left and right neighbour (a word, or a mark: `,` `.` `;` `—` `«` `»`,
a line's start `<s>` or end `</s>`), and the neighbour's class (part of speech and case) for
back-off where the neighbour itself was never seen beside it. `benchmarks/build_context_model.py`
builds it (`grammar/lexicon/context.tsv`); nothing is downloaded. Scores are naive Bayes: a
word's count times the chance of each neighbour given the word, smoothed (Witten-Bell
towards the class, the class towards the whole text's classes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

import regex

from pipeline.normalize.lexicon import Lexicon
from pipeline.resources import data_dir

MIN_COUNT = 3
"""A word printed fewer times in the gold has no contexts of its own (its class prior only)."""
MAX_LEN = 6
"""The words a slip turns into others (онъ/отъ, но/по) are short: longer ones have no contexts."""
WORD_BACKOFF = 2.0  # Witten-Bell's weight of the class against a word's seen neighbours
CLASS_BACKOFF = 4.0  # the weight of the whole text's classes against a word's own
UNSEEN = 0.5  # the count of a word the gold never prints
MIX = 0.1
"""The share of the whole text's class distribution in every neighbour's chance: no neighbour
is ever impossible beside a word (a slip of the page may have made it), so the odds of one
side stay within about 1 / MIX of the text's own."""

MODEL_FILE = "context.tsv"
_TOKEN = regex.compile(r"[\p{L}\p{M}]+|\d+|[,.!?…;:—–«»„“\"()]|(?<= )-(?= )")
_MARKS = {
    "!": ".",
    "?": ".",
    "…": ".",
    ":": ";",
    "–": "—",
    "-": "—",
    "„": "«",
    "“": "«",
    '"': "«",
    "(": "«",
    ")": "»",
}
_NOMINAL = frozenset({"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"})


def tokens(line: str) -> list[str]:
    """The words (lower case) and marks of one line, in order; a number is `0`, marks that
    play one part are one (`!`, `?` are `.`; `:` is `;`; a dash, `—`; opening quotes and
    brackets `«`, closing ones `»`)."""
    out = []
    for m in _TOKEN.finditer(line):
        t = m.group()
        if t[0].isdigit():
            out.append("0")
        elif t[0].isalpha():
            out.append(t.lower())
        else:
            out.append(_MARKS.get(t, t))
    return out


def neighbour_class(lex: Lexicon, token: str) -> str:
    """A neighbour's class for back-off: a mark or a line's edge is its own; a word, its first
    reading's part of speech, with the case for a nominal one (`NOUN.gent`); `UNKN` for a word
    the dictionary lacks."""
    if not token[:1].isalpha():
        return token
    parses = lex.parses(token)
    if not parses:
        return "UNKN"
    tag = parses[0].tag
    pos = str(tag.POS)
    if pos in _NOMINAL and tag.case:
        return f"{pos}.{tag.case}"
    return pos


@dataclass
class ContextModel:
    """The counts of `build_context_model.py`'s TSV."""

    unigrams: Counter = field(default_factory=Counter)
    classes: Counter = field(default_factory=Counter)  # the words' classes
    beside: Counter = field(default_factory=Counter)  # the neighbours' classes, both sides
    sides: Counter = field(default_factory=Counter)  # (word, "<"/">", neighbour)
    side_classes: Counter = field(default_factory=Counter)  # (word, "<c"/">c", class)
    total: int = 1  # the neighbours counted (`beside`'s sum; 1 where none)
    _keys: dict[str, list[str]] | None = None

    @classmethod
    def from_tsv(cls, text: str) -> ContextModel:
        m = cls()
        for line in text.splitlines():
            kind, word, other, n = line.split("\t")
            if kind == "#":
                m.unigrams[word] = int(n)
            elif kind == "*c":
                m.classes[other] = int(n)
            elif kind == "*n":
                m.beside[other] = int(n)
            elif kind in ("<", ">"):
                m.sides[(word, kind, other)] = int(n)
            else:
                m.side_classes[(word, kind, other)] = int(n)
        m.total = sum(m.beside.values()) or 1
        return m

    def has(self, word: str) -> bool:
        """Whether the gold prints `word` often enough to have contexts of its own."""
        return len(word) <= MAX_LEN and self.unigrams.get(word, 0) >= MIN_COUNT

    def pairs(self, word: str) -> list[str]:
        """The words with contexts of their own one letter from `word`, itself one with
        contexts (its position kept: по, но, до, то for по)."""
        return [c for c in self.near(word) if c != word] if self.has(word) else []

    def near(self, word: str) -> list[str]:
        """The words with contexts of their own one letter from `word`, a word without
        (се: ее), its position kept."""
        keys = self._by_key()
        return [c for i in range(len(word)) for c in keys.get(f"{word[:i]}?{word[i + 1 :]}", ())]

    def _by_key(self) -> dict[str, list[str]]:
        """The words with contexts by their wildcard keys (по: ?о, п?), built once."""
        if self._keys is None:
            self._keys = {}
            for w in self.unigrams:
                if self.has(w):
                    for i in range(len(w)):
                        self._keys.setdefault(f"{w[:i]}?{w[i + 1 :]}", []).append(w)
        return self._keys

    def _side(self, word: str, side: str, nb: str, nb_class: str) -> float:
        """The chance of neighbour `nb` (of class `nb_class`) on `side` ("<" or ">") of `word`."""
        p_class = (self.beside.get(nb_class, 0) + UNSEEN) / self.total
        # the neighbour among the words of its class (a mark is its own class)
        within = 1.0
        if nb[:1].isalpha():
            within = (self.unigrams.get(nb, 0) + UNSEEN) / (self.classes.get(nb_class, 0) + UNSEEN)
        background = p_class * within
        if not self.has(word):
            return background
        n = self.unigrams[word]
        own_class = (
            self.side_classes.get((word, side + "c", nb_class), 0) + CLASS_BACKOFF * p_class
        ) / (n + CLASS_BACKOFF)
        lam = n / (n + WORD_BACKOFF)
        own = lam * self.sides.get((word, side, nb), 0) / n + (1.0 - lam) * own_class * within
        return (1.0 - MIX) * own + MIX * background

    def score(self, word: str, left: str, left_class: str, right: str, right_class: str) -> float:
        """How likely `word` is between `left` and `right` (up to a factor all words share)."""
        n = self.unigrams.get(word, 0) or UNSEEN
        return (
            n * self._side(word, "<", left, left_class) * self._side(word, ">", right, right_class)
        )


@lru_cache(maxsize=1)
def shipped_model() -> ContextModel | None:
    """The model in grammar/lexicon/ (None where the file is missing)."""
    path = data_dir("grammar") / "lexicon" / MODEL_FILE
    if not path.is_file():
        return None
    return ContextModel.from_tsv(path.read_text(encoding="utf-8"))
