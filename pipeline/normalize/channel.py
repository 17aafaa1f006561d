"""The channel of one document: which sign this page's typeface and engine print for ѣ, і, ъ.

The shipped confusion table is learned from a few typefaces, and a new typeface is read
differently: Tesseract prints ѣ as ъ, б or ф in some, as ь in others. On a page, the words
the lexicon settles for sure tell which: a word unknown as printed whose one sign, read as
a pre-reform letter, makes exactly one known word (мьсто -> мѣсто; not онь, which is онъ or
онѣ) shows that this document prints that letter so. Counted over the document's words
(occurrences and distinct forms), such evidence re-weighs the table's confusions for this
document only (`adapt`), by the rule the table was learned with: a confusion's weight grows
with its count, times its share of what the printed sign most often stood for. Weights are
only raised, never lowered, and only from evidence in at least `MIN_FORMS` distinct words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pipeline.normalize.confusions import (
    ConfusionTable,
    _align_chars,
    learned_weight,
    shape_pairs,
)

# the letters whose printed stand-ins differ from typeface to typeface
FOCUS = frozenset("ѣіъѳѵ")
# a confusion is adapted only on evidence from this many distinct word forms: one for a
# confusion the shipped table knows (learned or seeded), two for a like-shaped pair only
MIN_FORMS = 1
MIN_FORMS_UNSEEN = 2
# the least share of a sign's readings a confusion is given (the table's rule)
MIN_SHARE = 0.1
# a confusion that makes at least this share of its sign's readings in the document is the
# document's way of printing that letter (`ConfusionTable.systematic`)
SYSTEMATIC_SHARE = 0.5
# work limits: a pathological input (megabytes of unique junk) stays bounded
MAX_WORD_LEN = 40
MAX_LOOKUPS = 20_000  # variant spellings looked up, per document
# The second estimate (`reestimate`): the document's own sure corrections
# a correction at least this sure is the document's evidence of its channel
EM_CONFIDENCE = 0.8
# a pre-reform letter whose stand-ins the document shows this often is read the document's way
EM_MIN_SEEN = 4
# how many of the document's observations the shipped table's weight is worth
EM_PRIOR = 4.0


@dataclass
class DocumentChannel:
    """The adapted table and its evidence: (seen, meant) -> occurrences and word forms;
    `readings`: printed word (lower case) -> its one known reading."""

    table: ConfusionTable
    occurrences: Counter = field(default_factory=Counter)
    forms: Counter = field(default_factory=Counter)
    readings: dict[str, str] = field(default_factory=dict)


def _focus_targets(table: ConfusionTable) -> dict[str, tuple[str, ...]]:
    """Printed letter -> the pre-reform letters the table (or shape) lets it stand for."""
    out: dict[str, set[str]] = {}
    for seen, meant in (*table.weights, *(shape_pairs() if table.smoothing else ())):
        if len(seen) == 1 and len(meant) == 1 and meant in FOCUS and seen != meant:
            out.setdefault(seen, set()).add(meant)
    return {s: tuple(sorted(ts)) for s, ts in out.items()}


def _variants(word: str, seen: str, meant: str) -> set[str]:
    """`word` with one occurrence of `seen` read as `meant`, or all of them."""
    at = [i for i, c in enumerate(word) if c == seen]
    out = {word[:i] + meant + word[i + 1 :] for i in at}
    if len(at) > 1:
        out.add(word.replace(seen, meant))
    return out


def evidence(
    words: Iterable[tuple[str, int]],
    known: Callable[[str], bool],
    targets: dict[str, tuple[str, ...]],
) -> tuple[Counter, Counter, dict[str, str], dict[str, tuple[str, str]]]:
    """(occurrences, distinct forms) per (seen, meant) confusion the document's words show
    for sure, the sure readings and the confusion of each. Sure: a lower-case word unknown
    as printed, one of whose signs read as a pre-reform letter gives exactly one known word."""
    occ: Counter = Counter()
    forms: Counter = Counter()
    readings: dict[str, str] = {}
    pairs: dict[str, tuple[str, str]] = {}
    budget = MAX_LOOKUPS
    for w, n in words:
        if budget <= 0:
            break
        signs = sorted(s for s in set(w) if s in targets)
        if not signs or not 2 <= len(w) <= MAX_WORD_LEN or not w.isalpha() or known(w):
            continue
        found: dict[str, tuple[str, str]] = {}
        for s in signs:
            for t in targets[s]:
                for v in sorted(_variants(w, s, t)):
                    budget -= 1
                    if v not in found and known(v):
                        found[v] = (s, t)
                if len(found) > 1:
                    break
            if len(found) > 1:
                break
        if len(found) == 1:
            ((reading, pair),) = found.items()
            occ[pair] += n
            forms[pair] += 1
            readings[w] = reading
            pairs[w] = pair
    return occ, forms, readings, pairs


def adapt(
    table: ConfusionTable, words: Iterable[tuple[str, int]], known: Callable[[str], bool]
) -> DocumentChannel:
    """The document's channel: `table` with the confusions its words show raised to the
    weight their own count and share give (`words`: lower-case word, occurrences)."""
    occ, forms, readings, pairs = evidence(words, known, _focus_targets(table))
    top: Counter = Counter()
    for (seen, _meant), n in occ.items():
        top[seen] = max(top[seen], n)
    weights = dict(table.weights)
    systematic = set()
    for pair, n in occ.items():
        if forms[pair] < (MIN_FORMS if pair in table.weights else MIN_FORMS_UNSEEN):
            continue
        share = n / top[pair[0]]
        weights[pair] = max(learned_weight(n) * max(share, MIN_SHARE), table.weight(*pair))
        if share >= SYSTEMATIC_SHARE:
            systematic.add(pair)
    if not systematic and weights == table.weights:
        return DocumentChannel(table, occ, forms, {})
    adapted = ConfusionTable(weights, dict(table.counts), table.smoothing)
    sure = {w: r for w, r in readings.items() if pairs[w] in systematic}
    return DocumentChannel(adapted, occ, forms, sure)


def reestimate(
    table: ConfusionTable, corrections: Iterable[tuple[str, str, int]]
) -> ConfusionTable | None:
    """The channel re-estimated from the document's own sure corrections (`corrections`:
    printed word, corrected word, occurrences; lower case), or None if nothing changes.

    Each correction is aligned letter by letter (as the table was learned). A confusion
    the document shows in two words or more is raised as `adapt` raises one. A pre-reform
    letter the document shows printed by some signs (at least `EM_MIN_SEEN` times) is not
    printed by the others the table knows for it: each confusion of it the document never
    shows keeps `EM_PRIOR` / (`EM_PRIOR` + times shown) of its weight. A lost letter (an
    insertion) is never lowered: any typeface loses a faint letter."""
    occ: Counter = Counter()
    forms: Counter = Counter()
    for printed, corrected, n in corrections:
        for chunk in _align_chars(printed, corrected):
            occ[chunk] += n
            forms[chunk] += 1
    shown: Counter = Counter()
    top: Counter = Counter()
    for (seen, meant), n in occ.items():
        if seen and meant in FOCUS:
            shown[meant] += n
        top[seen] = max(top[seen], n)
    weights = dict(table.weights)
    for pair, n in occ.items():
        if forms[pair] >= 2 and pair[0]:
            w = learned_weight(n) * max(n / top[pair[0]], MIN_SHARE)
            if w > table.weight(*pair):
                weights[pair] = w
    pairs = [*table.weights, *(shape_pairs() if table.smoothing else ())]
    for seen, meant in pairs:
        n = shown[meant]
        if seen and n >= EM_MIN_SEEN and not occ[(seen, meant)]:
            weights[(seen, meant)] = table.weight(seen, meant) * EM_PRIOR / (EM_PRIOR + n)
    if weights == table.weights:
        return None
    return ConfusionTable(weights, dict(table.counts), table.smoothing)
