"""Weighted OCR character confusions, learned from (raw, gold) text pairs by alignment.

A confusion is (seen, meant): the OCR printed `seen` where the book has `meant` (`н` for `п`,
`тгг` for `рт`). Its weight is how much a correction by it is to be trusted: the confusions
observed in the gold transcriptions weigh more the more often they were seen; the ones the
project knows from other pages of these books (`SEEDED`) have a prior weight of their own.

The shipped table is `grammar/lexicon/confusions.tsv`, generated from `corpus/gold/` by
`python3 -m pipeline.normalize.confusions` (no network; rerun when the gold changes).
"""

from __future__ import annotations

import difflib
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import regex

from pipeline.normalize.letters import fix_letters
from pipeline.resources import data_dir

_WORD = regex.compile(r"[\p{L}\p{M}]+")
# (seen, meant) pairs known from these books before any gold (the confusions of
# `design.md`'s source texts), both ways where the OCR confuses them both ways.
SEEDED: tuple[tuple[str, str], ...] = (
    ("н", "п"), ("п", "н"), ("и", "п"), ("п", "и"), ("пі", "ш"), ("тгг", "рт"), ("т", "г"),
    ("г", "т"), ("ѵ", "у"), ("іі", "п"), ("іі", "и"), ("м", "ы"), ("ы", "м"), ("я", "н"),
    ("н", "я"), ("іь", "ѣ"), ("ъ", "ь"), ("ь", "ъ"), ("д", "л"), ("и", "н"), ("н", "и"),
    ("ііі", "ш"), ("ш", "пі"), ("у", "ѵ"),
)  # fmt: skip
SEEDED_WEIGHT = 0.45
# Factor for every confusion after the first in one word.
EXTRA_SLIP = 0.3
# Weight of a confusion seen c times in the gold: grows towards LEARNED_MAX.
LEARNED_MAX = 0.9
# Smoothing: letters of like shape are confused by any OCR, seen in the gold or not (an
# unseen pair gets this small weight, trusted only towards a word the document or the
# domain uses). Each string is a group of single letters alike two by two; STROKES are
# letters an OCR reads as their strokes (п as іі) or the other way round.
SHAPE_GROUPS: tuple[str, ...] = ("инпй", "шщ", "цщ", "тг", "дл", "лп", "ьъ", "ѣь", "ѣъ",
                                 "уѵ", "уч", "зэ", "ес", "со", "ео", "бь", "ыѣ", "іѣ",
                                 "пц")  # fmt: skip
STROKES: tuple[tuple[str, str], ...] = (
    ("іі", "п"), ("іі", "н"), ("іі", "и"), ("ііі", "ш"), ("пі", "ш"), ("иі", "ш"),
    ("ьі", "ы"), ("ъі", "ы"), ("іо", "ю"), ("іь", "ѣ"), ("гг", "т"),
)  # fmt: skip
# like shapes read one way only: ё, which the old print never has, for ѣ or е; the stem
# of ъ read as т (ихтъ). Never the other way: no old spelling has ё, nor тъ for ъ.
ONE_WAY: tuple[tuple[str, str], ...] = (("ё", "ѣ"), ("ё", "е"), ("тъ", "ъ"))
SHAPE_WEIGHT = 0.1
# Bounds of the candidate search of one word: expansions tried, candidates kept (best first)
MAX_EXPANSIONS = 4000
MAX_CANDIDATES = 400
# Candidate spellings a table remembers (`candidates`) before it forgets them all (some
# 60 MB): junk input of millions of unique words must not grow it without bound.
MEMO_LIMIT = 500_000


_CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщ")
_VOWELS = frozenset("аеиоуыэюяѣіѵй")


def _insert_fits(meant: str, before: str, after: str) -> bool:
    """Where a lost letter can have stood: ѣ after a consonant (дѣло, болѣе) or ending a
    word after а, о, у, я (случаѣ, краѣ, боѣ: the locative of -ай, -ой), і before a vowel
    or й (основаніе, третій); any other letter anywhere."""
    if meant == "ѣ":
        return before in _CONSONANTS or (not after and before in "аоуя")
    if meant == "і":
        return after in _VOWELS
    return True


def shape_pairs() -> dict[tuple[str, str], float]:
    """(seen, meant) -> SHAPE_WEIGHT for every pair of like-shaped letters, both ways
    (`ONE_WAY`: one way only)."""
    out: dict[tuple[str, str], float] = {}
    for group in SHAPE_GROUPS:
        for a in group:
            for b in group:
                if a != b:
                    out[(a, b)] = SHAPE_WEIGHT
    for strokes, letter in STROKES:
        out[(strokes, letter)] = out[(letter, strokes)] = SHAPE_WEIGHT
    for seen, meant in ONE_WAY:
        out[(seen, meant)] = SHAPE_WEIGHT
    return out


def learned_weight(count: int) -> float:
    return LEARNED_MAX * (1.0 - 0.5 ** (count + 1))


@dataclass
class ConfusionTable:
    """(seen, meant) -> weight in (0, 1]; `counts` keeps the gold evidence."""

    weights: dict[tuple[str, str], float] = field(default_factory=dict)
    counts: dict[tuple[str, str], int] = field(default_factory=dict)
    smoothing: bool = True  # like-shaped pairs not in `weights` get SHAPE_WEIGHT
    # the answers of `candidates`, per question: a table is fixed once built, and a batch of
    # documents asks about the same words again and again
    _memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _memo_size: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pairs = {**shape_pairs(), **self.weights} if self.smoothing else dict(self.weights)
        self._by_first: dict[str, list[tuple[str, str, float]]] = {}
        # a letter the OCR lost (seen ""): Tesseract drops ѣ it cannot read (длать)
        self._inserts: list[tuple[str, float]] = []
        # every spelling this table reaches from a lower-case word is lower case
        self._strong: dict[float, dict[str, list[tuple[str, str, float, int]]]] = {}
        self._most_at_a_letter = max(map(len, self._by_first.values()), default=0)
        self.lower_case = all(meant == meant.lower() for _seen, meant in pairs)
        for (seen, meant), w in sorted(pairs.items()):
            if seen:
                self._by_first.setdefault(seen[0], []).append((seen, meant, w))
            elif meant:
                self._inserts.append((meant, w))

    def weight(self, seen: str, meant: str) -> float:
        """The weight of one confusion (learned, seeded or smoothed; 0 when unknown)."""
        w = self.weights.get((seen, meant))
        if w is None and self.smoothing:
            w = shape_pairs().get((seen, meant))
        return w or 0.0

    @classmethod
    def from_counts(
        cls, counts: Counter, seeded: bool = True, smoothing: bool = True
    ) -> ConfusionTable:
        weights: dict[tuple[str, str], float] = {}
        if seeded:
            for pair in SEEDED:
                weights[pair] = SEEDED_WEIGHT
        for pair, c in counts.items():
            weights[pair] = max(weights.get(pair, 0.0), learned_weight(c))
        return cls(weights, dict(counts), smoothing)

    def candidates(
        self, word: str, max_edits: int = 2, limit: int = MAX_CANDIDATES, min_weight: float = 0.0
    ) -> dict[str, float]:
        """`_search`'s answer, remembered per question (a copy: the caller may change it)."""
        return dict(self.neighbours(word, max_edits, limit, min_weight))

    def neighbours(
        self, word: str, max_edits: int = 2, limit: int = MAX_CANDIDATES, min_weight: float = 0.0
    ) -> Mapping[str, float]:
        """`candidates` without the copy: the remembered answer itself, not to be changed
        (the corrector asks for every word of every document)."""
        key = (word, max_edits, limit, min_weight)
        out = self._memo.get(key)
        if out is None:
            if max_edits == 1 and self._expansions_bound(word) <= MAX_EXPANSIONS:
                out = self._single(word, limit, min_weight)
            else:
                out = self._search(word, max_edits, limit, min_weight)
            self._memo_size += len(out) + 1
            if self._memo_size > MEMO_LIMIT:
                self._memo.clear()
                self._memo_size = len(out) + 1
            self._memo[key] = out
        return out

    def _expansions_bound(self, word: str) -> int:
        """At least as many confusions as `_search` tries at its first level for `word`:
        every lost letter at every place, the most confusions any letter begins at each."""
        return (len(word) + 1) * (len(self._inserts) + self._most_at_a_letter)

    def _single(self, word: str, limit: int, min_weight: float) -> dict[str, float]:
        """`_search` with one confusion, where its budget cannot run out
        (`_expansions_bound`): the same spellings and weights in the same order, without
        trying the confusions too weak to count."""
        strong = self._strong.get(min_weight)
        if strong is None:
            # per first letter, in `_by_first`'s order: (seen, meant, weight, the length of
            # seen when it is more than that letter, else 0)
            strong = self._strong[min_weight] = {
                first: kept
                for first, entries in self._by_first.items()
                if (
                    kept := [
                        (seen, meant, wt, len(seen) if len(seen) > 1 else 0)
                        for seen, meant, wt in entries
                        if not wt < min_weight
                    ]
                )
            }
        out: dict[str, float] = {}
        get = out.get
        n = len(word)
        if n >= 2:
            for meant, wt in self._inserts:
                if meant == "ѣ":  # `_insert_fits`, inlined
                    for i in range(1, n + 1):
                        c = word[i - 1]
                        if c in _CONSONANTS or (i == n and c in "аоуя"):
                            nw = word[:i] + meant + word[i:]
                            if wt > get(nw, 0.0):
                                out[nw] = wt
                elif meant == "і":
                    for i in range(1, n):
                        if word[i] in _VOWELS:
                            nw = word[:i] + meant + word[i:]
                            if wt > get(nw, 0.0):
                                out[nw] = wt
                else:
                    for i in range(1, n + 1):
                        nw = word[:i] + meant + word[i:]
                        if wt > get(nw, 0.0):
                            out[nw] = wt
        for i, c in enumerate(word):
            entries = strong.get(c)
            if entries is None:
                continue
            head, rest = word[:i], word[i + 1 :]
            for seen, meant, wt, more in entries:
                if not more:  # one letter seen: the letter here
                    nw = head + meant + rest
                elif word.startswith(seen, i):
                    nw = head + meant + word[i + more :]
                else:
                    continue
                if wt > get(nw, 0.0):
                    out[nw] = wt
        out.pop(word, None)
        if len(out) > limit:
            out = dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0]))[:limit])
        return out

    def _search(self, word: str, max_edits: int, limit: int, min_weight: float) -> dict[str, float]:
        """The `limit` likeliest spellings reachable from `word` (lower case) by up to
        `max_edits` non-overlapping confusions, each with the product of its confusions'
        weights (best path) and `EXTRA_SLIP` for each confusion after the first. A lost
        letter (an insertion) is tried once, as the first slip.

        Searched a level at a time, every single confusion first and then the further ones
        from the likeliest spellings on, at most MAX_EXPANSIONS confusions in all: a long
        word costs no more, and what the bound cuts is the least likely. Spellings weaker
        than `min_weight` are not searched at all (a further slip only weakens them)."""
        out: dict[str, float] = {}
        frontier = [(1.0, word, 0)]  # (weight, spelling, where the next slip may start)
        budget = MAX_EXPANSIONS
        for level in range(max_edits):
            slip = 1.0 if level == 0 else EXTRA_SLIP  # a second slip is much rarer
            found = []
            for p, w, start in sorted(frontier, key=lambda t: (-t[0], t[1])):
                if budget <= 0:
                    break
                for meant, wt in self._inserts if level == 0 and len(w) >= 2 else ():
                    np_ = p * wt
                    for i in range(max(start, 1), len(w) + 1):
                        if not _insert_fits(meant, w[i - 1], w[i : i + 1]):
                            continue
                        budget -= 1
                        nw = w[:i] + meant + w[i:]
                        if np_ > out.get(nw, 0.0):
                            out[nw] = np_
                        found.append((np_, nw, i + len(meant)))
                for i in range(start, len(w)):
                    for seen, meant, wt in self._by_first.get(w[i], ()):
                        if not w.startswith(seen, i):
                            continue
                        if budget <= 0:
                            break
                        budget -= 1
                        np_ = p * wt * slip
                        if np_ < min_weight:
                            continue
                        nw = w[:i] + meant + w[i + len(seen) :]
                        if np_ > out.get(nw, 0.0):
                            out[nw] = np_
                        found.append((np_, nw, i + len(meant)))
            frontier = found
        out.pop(word, None)
        if len(out) > limit:
            out = dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0]))[:limit])
        return out

    def to_tsv(self) -> str:
        lines = ["# seen\tmeant\tweight\tgold_count"]
        for (seen, meant), w in sorted(self.weights.items()):
            lines.append(f"{seen}\t{meant}\t{w:.4f}\t{self.counts.get((seen, meant), 0)}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_tsv(cls, text: str) -> ConfusionTable:
        weights: dict[tuple[str, str], float] = {}
        counts: dict[tuple[str, str], int] = {}
        for line in text.splitlines():
            if not line or line.startswith("#"):
                continue
            seen, meant, w, c = line.split("\t")
            weights[(seen, meant)] = float(w)
            counts[(seen, meant)] = int(c)
        return cls(weights, counts)


def _align_chars(seen: str, meant: str) -> list[tuple[str, str]]:
    """Confusion chunks turning `seen` into `meant`: Levenshtein alignment, with edits that
    are at most one matching letter apart merged into one chunk (тгг -> рт)."""
    n, m = len(seen), len(meant)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost = 0 if seen[i - 1] == meant[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
    ops: list[tuple[str, str, bool]] = []  # (seen part, meant part, equal)
    i, j = n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (seen[i - 1] != meant[j - 1]):
            ops.append((seen[i - 1], meant[j - 1], seen[i - 1] == meant[j - 1]))
            i, j = i - 1, j - 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            ops.append((seen[i - 1], "", False))
            i -= 1
        else:
            ops.append(("", meant[j - 1], False))
            j -= 1
    ops.reverse()
    chunks: list[tuple[str, str]] = []
    k = 0
    while k < len(ops):
        if ops[k][2]:
            k += 1
            continue
        s, t = ops[k][0], ops[k][1]
        k += 1
        while k < len(ops):
            if not ops[k][2]:
                s, t = s + ops[k][0], t + ops[k][1]
                k += 1
            elif k + 1 < len(ops) and not ops[k + 1][2]:
                s, t = s + ops[k][0] + ops[k + 1][0], t + ops[k][1] + ops[k + 1][1]
                k += 2
            else:
                break
        chunks.append((s, t))
    return chunks


def word_pairs(raw: str, gold: str) -> Iterator[tuple[str, str]]:
    """(seen, meant) word pairs where the raw and gold texts differ one word for one word."""
    prereform = "ъ" in gold
    rw = [fix_letters(w, prereform).lower() for w in _WORD.findall(raw)]
    gw = [w.lower() for w in _WORD.findall(gold)]
    sm = difflib.SequenceMatcher(None, rw, gw, autojunk=False)
    for op, a, b, c, d in sm.get_opcodes():
        if op == "replace" and b - a == d - c:
            for k in range(b - a):
                if rw[a + k] != gw[c + k]:
                    yield rw[a + k], gw[c + k]


def learn_confusions(
    pairs: Iterable[tuple[str, str]], seeded: bool = True, smoothing: bool = True
) -> ConfusionTable:
    """A confusion table learned from (raw, gold) text pairs by word and letter alignment,
    smoothed with the like-shaped letter pairs (`SHAPE_GROUPS`) unless told not to."""
    counts: Counter = Counter()
    for raw, gold in pairs:
        for seen, meant in word_pairs(raw, gold):
            if abs(len(seen) - len(meant)) > 3:
                continue
            for chunk in _align_chars(seen, meant):
                if chunk[0] and len(chunk[0]) <= 4 and len(chunk[1]) <= 3:
                    counts[chunk] += 1
    return ConfusionTable.from_counts(counts, seeded=seeded, smoothing=smoothing)


def gold_pairs(root: Path, exclude: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(raw, gold) texts of the corpus seeds that have a gold transcription."""
    skip = set(exclude)
    out = []
    for g in sorted((root / "gold").glob("*.txt")):
        r = root / "raw" / g.name
        if g.stem in skip or not r.is_file():
            continue
        out.append((r.read_text(encoding="utf-8"), g.read_text(encoding="utf-8")))
    return out


TABLE_FILE = "confusions.tsv"
# The channel of other OCR engines (Tesseract's `rus` and `Cyrillic` models), learned from
# synthetic scans of the gold by `benchmarks/learn_ocr_channel.py`.
OCR_TABLE_FILE = "ocr_confusions.tsv"


def merged(a: ConfusionTable, b: ConfusionTable) -> ConfusionTable:
    """Both tables' confusions, each with the larger of its two weights."""
    weights = dict(a.weights)
    for pair, w in b.weights.items():
        weights[pair] = max(w, weights.get(pair, 0.0))
    counts = Counter(a.counts)
    counts.update(b.counts)
    return ConfusionTable(weights, dict(counts), a.smoothing or b.smoothing)


@lru_cache(maxsize=1)
def shipped_table() -> ConfusionTable:
    """The tables shipped in grammar/lexicon/, merged: the seeds' engine and the OCR
    channel of the synthetic scans (seeded confusions only if both are missing)."""
    folder = data_dir("grammar") / "lexicon"
    tables = [
        ConfusionTable.from_tsv((folder / name).read_text(encoding="utf-8"))
        for name in (TABLE_FILE, OCR_TABLE_FILE)
        if (folder / name).is_file()
    ]
    if not tables:
        return ConfusionTable.from_counts(Counter())
    table = tables[0]
    for other in tables[1:]:
        table = merged(table, other)
    return table


def main(argv: list[str] | None = None) -> int:
    """Regenerate grammar/lexicon/confusions.tsv from corpus/gold/."""
    from pipeline.atomic import write_text

    root = Path(__file__).resolve().parents[2]
    table = learn_confusions(gold_pairs(root / "corpus"))
    out = root / "grammar" / "lexicon" / TABLE_FILE
    write_text(out, table.to_tsv())
    print(f"{out}: {len(table.weights)} confusions, {sum(table.counts.values())} observations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
