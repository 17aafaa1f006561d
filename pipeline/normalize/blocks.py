"""Large inputs: normalize a long text block by block, so memory stays bounded.

A whole-document `NormalizedText` of 50 MB (raw, clean and modern text, a change per word)
does not fit in a few hundred megabytes. For plain-text output the CLI cuts the raw text
into blocks of about `BLOCK_CHARS` at the safest boundary it can find (a blank line before a
capital, a line end, a sentence end, a space) and normalizes each block with the orthography
decided once for the whole text. Context across a cut (a word broken over it) is lost; the
cuts are therefore made where the text itself has a boundary.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from pipeline.normalize.core import normalize, orthography_of

LARGE_INPUT = 4_000_000
"""Inputs longer than this (characters) are normalized block by block by the CLI."""
BLOCK_CHARS = 1_000_000

_SENTENCE_CUT = regex.compile(r"[.!?…»] (?=[\p{Lu}«\d])", regex.REVERSE)
_PARA_END = '.!?…:»)"”'


def _cut(raw: str, pos: int, target: int, blank_mode: bool) -> tuple[int, str]:
    """A cut point in raw[pos + BLOCK/2 : target] and how the outputs are joined there."""
    lo = pos + (target - pos) // 2
    k = raw.rfind("\n\n", lo, target)
    while k >= 0:
        nxt = raw[k + 2 : k + 3]
        if not nxt.islower():
            return k + 2, "para"
        k = raw.rfind("\n\n", lo, k)
    k = raw.rfind("\n", lo, target)
    if k > 0:
        prev = raw[:k].rstrip()[-1:]
        nxt = raw[k + 1 : k + 2]
        para = not blank_mode and prev in _PARA_END and not nxt.islower()
        return k + 1, "para" if para else "space"
    m = _SENTENCE_CUT.search(raw, lo, target)
    if m:
        return m.end(), "space"
    k = raw.rfind(" ", lo, target)
    if k > 0:
        return k + 1, "space"
    return target, "none"


def normalize_blocks(raw: str, source: str = "-", *, modern: bool = False) -> Iterator[str]:
    """The clean (or modern) text of `raw`, in pieces whose concatenation is the output."""
    orth = orthography_of(raw)
    blank_mode = regex.search(r"\S[^\n]*\n[ \u00a0\t]*\n\s*\S", raw) is not None
    pos = 0
    n = len(raw)
    pending = ""  # separator owed before the next non-empty output
    started = False
    while pos < n:
        if n - pos <= BLOCK_CHARS * 3 // 2:
            end, sep = n, ""
        else:
            end, sep = _cut(raw, pos, pos + BLOCK_CHARS, blank_mode)
        nt = normalize(raw[pos:end], source, orthography=orth, blank_lines=blank_mode)
        out = (nt.modern if modern else nt.text).rstrip("\n")
        del nt
        if out:
            if started:
                yield pending
            yield out
            started = True
            pending = {"para": "\n\n", "space": " ", "none": ""}.get(sep, "")
        pos = end
    if started:
        yield "\n"
