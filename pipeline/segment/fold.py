"""One matching key for both spellings, so a single set of patterns serves every text.

Headings and game names are recognised on this key rather than on the printed text: the
modern projection of a stub normalizer still has final ъ, and a pre-reform witness may reach
the segmenter with ѣ or ђ; folding makes all of them meet.
"""

from __future__ import annotations

import re

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
_FINAL_HARD = re.compile(r"ъ(?=\W|$)")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower case, old letters to new, final ъ dropped, whitespace collapsed."""
    s = text.lower().translate(_TABLE)
    s = _FINAL_HARD.sub("", s)
    return _SPACES.sub(" ", s).strip()


def collapse(text: str) -> str:
    """Every whitespace run to one space, ends trimmed (how sentence texts are stored)."""
    return _SPACES.sub(" ", text).strip()
