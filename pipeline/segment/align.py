"""Alignment of two witnesses: sentences first (global, order-keeping), then words.

Our own small aligners over difflib: sentence alignment is a Needleman–Wunsch pass whose
match score is the word-level similarity of two sentences (gaps cost nothing, a pair below
`MIN_SIMILARITY` never matches); word alignment is difflib's opcodes on word tokens.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence

import regex

from pipeline.segment.fold import fold

MIN_SIMILARITY = 0.5
TOKEN = regex.compile(r"\[(?:\d+|\*{1,3})\]|\w+(?:[-'’]\w+)*|[^\w\s]")
MARKER = regex.compile(r"^\[(?:\d+|\*{1,3})\]$")


def words(text: str) -> list[str]:
    """Folded word tokens, footnote markers left out: what sentence similarity compares."""
    return [t for t in TOKEN.findall(fold(text)) if not MARKER.match(t)]


def similarity(a: Sequence[str], b: Sequence[str]) -> float:
    """difflib's ratio of two token lists, with cheap exits: equal lists, and the length and
    bag-of-words upper bounds below `MIN_SIMILARITY`."""
    if a == b:
        return 1.0
    total = len(a) + len(b)
    if 2 * min(len(a), len(b)) < MIN_SIMILARITY * total:
        return 0.0
    common = sum((Counter(a) & Counter(b)).values())
    if 2 * common < MIN_SIMILARITY * total:
        return 0.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def align_sequences(
    a: Sequence[Sequence[str]],
    b: Sequence[Sequence[str]],
    compatible=lambda i, j: True,
    labels: tuple[Sequence[str], Sequence[str]] | None = None,
) -> list[tuple[int | None, int | None]]:
    """Order-keeping pairing of token lists a[i], b[j]: pairs (i, j), (i, None), (None, j).

    Identical sentences (the longest common run of them, difflib on whole sentences, with
    their `labels` when given) anchor the alignment; only the stretches between anchors go
    through the similarity DP, so two nearly identical scans align in about linear time.
    """
    la, lb = labels if labels is not None else ([""] * len(a), [""] * len(b))
    sm = difflib.SequenceMatcher(
        None,
        [(x, *t) for x, t in zip(la, a, strict=True)],
        [(x, *t) for x, t in zip(lb, b, strict=True)],
        autojunk=False,
    )
    out: list[tuple[int | None, int | None]] = []
    i0 = j0 = 0
    for blk in sm.get_matching_blocks():

        def ok(i: int, j: int, i0: int = i0, j0: int = j0) -> bool:
            return compatible(i0 + i, j0 + j)

        for i, j in _dp(a[i0 : blk.a], b[j0 : blk.b], ok):
            out.append((None if i is None else i0 + i, None if j is None else j0 + j))
        for k in range(blk.size):
            if compatible(blk.a + k, blk.b + k):
                out.append((blk.a + k, blk.b + k))
            else:
                out += [(blk.a + k, None), (None, blk.b + k)]
        i0, j0 = blk.a + blk.size, blk.b + blk.size
    return out


def _dp(
    a: Sequence[Sequence[str]], b: Sequence[Sequence[str]], compatible
) -> list[tuple[int | None, int | None]]:
    """Needleman–Wunsch: the pairing with the greatest summed similarity; gaps cost 0."""
    n, m = len(a), len(b)
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]  # 1 = match, 2 = skip a, 3 = skip b
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            best, how = -1.0, 0
            if i and j and compatible(i - 1, j - 1):
                s = similarity(a[i - 1], b[j - 1])
                if s >= MIN_SIMILARITY and score[i - 1][j - 1] + s > best:
                    best, how = score[i - 1][j - 1] + s, 1
            # on ties skip b first: read backwards, the unmatched a-unit then comes first
            if j and score[i][j - 1] > best:
                best, how = score[i][j - 1], 3
            if i and score[i - 1][j] > best:
                best, how = score[i - 1][j], 2
            score[i][j], move[i][j] = best, how
    out: list[tuple[int | None, int | None]] = []
    i, j = n, m
    while i or j:
        how = move[i][j]
        if how == 1:
            out.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif how == 2:
            out.append((i - 1, None))
            i -= 1
        else:
            out.append((None, j - 1))
            j -= 1
    out.reverse()
    return out


def tokens(text: str) -> list[tuple[str, int, int]]:
    """Word and punctuation tokens with their offsets in `text`."""
    return [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(text)]


def word_diffs(lemma: str, other: str) -> list[tuple[int, int, int, int]]:
    """Places where `other` differs from `lemma`: (lemma start, end, other start, end) in
    character offsets; an empty range is an omission on that side."""
    ta, tb = tokens(lemma), tokens(other)
    sm = difflib.SequenceMatcher(None, [t[0] for t in ta], [t[0] for t in tb], autojunk=False)
    out = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        la = ta[i1][1] if i1 < i2 else (ta[i1 - 1][2] if i1 else 0)
        lb = ta[i2 - 1][2] if i1 < i2 else la
        if i1 == i2 and i1 < len(ta) and not i1:
            la = lb = ta[0][1] if ta else 0
        oa = tb[j1][1] if j1 < j2 else (tb[j1 - 1][2] if j1 else 0)
        ob = tb[j2 - 1][2] if j1 < j2 else oa
        out.append((la, lb, oa, ob))
    return out
