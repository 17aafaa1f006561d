"""One matching key for both spellings, so a single set of patterns serves every text.

Headings and game names are recognised on this key rather than on the printed text: the
modern projection of a stub normalizer still has final ъ, and a pre-reform witness may reach
the segmenter with ѣ or ђ; folding makes all of them meet.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

_TABLE = str.maketrans(
    {
        "ѣ": "е",
        "ђ": "е",
        "ё": "е",
        "і": "и",
        "ї": "и",
        "ѳ": "ф",
        "ѵ": "и",
    }
)
# the same as pairs: `str.translate` looks each character up in a table, and most texts hold
# none of these letters (a `replace` of each one present is the same text, far sooner)
_PAIRS = tuple((chr(a), b) for a, b in _TABLE.items())
_FINAL_HARD = re.compile(r"ъ(?=\W|$)")
_SPACES = re.compile(r"\s+")


def collapse(text: str) -> str:
    """Every whitespace run to one space, ends trimmed (how sentence texts are stored)."""
    return _SPACES.sub(" ", text).strip()


_R = TypeVar("_R")
_UNSEEN = object()
_MEMO_LIMIT = 20_000  # texts remembered per function, then forgotten all at once
_MEMO_LEN = 1_000  # characters: a longer text is not remembered


def remembered(test: Callable[[str], _R]) -> Callable[[str], _R]:
    """`test` (a pure function of a line or sentence) remembered per short text: game
    finding asks it of a paragraph and again of the sentence or line that is all of it.
    Bounded (`_MEMO_LIMIT`, `_MEMO_LEN`)."""
    memo: dict[str, Any] = {}

    @wraps(test)
    def answer(text: str) -> _R:
        r = memo.get(text, _UNSEEN)
        if r is _UNSEEN:
            r = test(text)
            if len(text) <= _MEMO_LEN:
                if len(memo) >= _MEMO_LIMIT:
                    memo.clear()
                memo[text] = r
        return r

    return answer


@remembered
def fold(text: str) -> str:
    """Lower case, old letters to new, final ъ dropped, whitespace collapsed. Remembered:
    finding a game folds each line several times (furniture, subheading, title, rule
    sentence)."""
    s = text.lower()
    for a, b in _PAIRS:
        if a in s:
            s = s.replace(a, b)
    # whitespace runs to one space, ends trimmed (as `_SPACES` and strip: the same
    # whitespace), by split and join
    return " ".join((_FINAL_HARD.sub("", s) if "ъ" in s else s).split())
