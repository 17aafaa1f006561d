"""How common a word is in today's Russian: the prior that chooses between corrections.

The channel and the document weigh two readings of a slip alike where each is one likely
confusion away and neither is printed elsewhere (ееть: сеть or есть; совеъмъ: совеѣмъ or
совсѣмъ); the language does not: есть is twenty times as common. The frequencies are
wordfreq's (Wikipedia, subtitles, books, the web; its small Russian list: 61,000 words of
one per million or more), looked up by a word's modern spelling (`Lexicon.modern`). The
package is a base dependency; where it is missing (a checkout run without installing it)
every word weighs alike and the corrector decides as it did before the list.
"""

from __future__ import annotations

import gzip
import importlib.util
import math
from functools import lru_cache
from pathlib import Path

FLOOR = 3.0
"""Zipf (log10 of uses per billion words) of a word the list lacks: once per million or less."""

LIST = "small_ru.msgpack.gz"  # the list's file in the wheel's `data/`


@lru_cache(maxsize=1)
def _table() -> dict[str, float] | None:
    """wordfreq's `get_frequency_dict("ru", wordlist="small")`: read from its file where it
    lies as wordfreq 3 lays it, without importing wordfreq (its tokenizers and language
    matching are two thirds of a normalizing command's start, for a table it does not use
    them to read); else through wordfreq itself."""
    spec = importlib.util.find_spec("wordfreq")
    if spec is None:
        return None
    for where in spec.submodule_search_locations or []:
        table = _read(Path(where) / "data" / LIST)
        if table is not None:
            return table
    from wordfreq import get_frequency_dict

    return dict(get_frequency_dict("ru", wordlist="small"))


def _read(path: Path) -> dict[str, float] | None:
    """A cBpack file as wordfreq reads it: gzipped msgpack, a header, then one list of words
    per centibel below 1 (a word listed twice keeps its last, lowest, frequency); None when
    it is not one."""
    try:
        import msgpack  # wordfreq's own dependency

        with gzip.open(path, "rb") as f:
            data = msgpack.load(f, raw=False)
    except (ImportError, OSError, ValueError):
        return None
    if not (isinstance(data, list) and data and data[0] == {"format": "cB", "version": 1}):
        return None
    table: dict[str, float] = {}
    for index, bucket in enumerate(data[1:]):
        freq = 10 ** (-index / 100)
        for word in bucket:
            table[word] = freq
    return table


def available() -> bool:
    """Whether the frequency list is installed."""
    return _table() is not None


def zipf(modern_word: str) -> float:
    """The Zipf frequency of a lower-case modern-spelling word, `FLOOR` at least (a word
    the list lacks, or no list installed)."""
    table = _table()
    f = table.get(modern_word) if table is not None else None
    return max(FLOOR, math.log10(f) + 9.0) if f else FLOOR


@lru_cache(maxsize=4)
def common_by_tail(min_zipf: float) -> dict[str, str]:
    """The first letters of the words used at least `min_zipf`, by the rest of each word
    (`сли`: `е`): which common words a word is with another first letter, one dict read
    (a capital misread as another). Empty without the list."""
    table = _table()
    out: dict[str, str] = {}
    if table is None:
        return out
    least = 10.0 ** (min_zipf - 9.0)
    for word, f in table.items():
        if f >= least and len(word) > 1 and word.isalpha():
            out[word[1:]] = out.get(word[1:], "") + word[0]
    return out
