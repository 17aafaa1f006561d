"""Citations: the island's words quoted in the book's own spelling, with raw spans.

The grammar reads the modern projection; a reader wants the words as printed. The two
spellings of a sentence have the same words in the same order (the projection changes
letters, not words), so word i of one is word i of the other. The raw span of the quoted
words comes from the normalizer's offset map of the scan (the scan normalized again, the
sentence found at the clean offset of its raw start); where the sentence is not that scan's
clean text (another witness's reading, a sentence joined across scans), from aligning the
clean sentence with the raw stretch word by word (the scans keep their OCR errors).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.extract.tokens import words


@dataclass(frozen=True)
class _Clean:
    text: str
    text_map: Any


@lru_cache(maxsize=16)
def _raw_text(path: str) -> str | None:
    from pipeline.errors import PasyansError
    from pipeline.normalize.decoding import read_source

    try:
        return read_source(path)[0]
    except PasyansError:  # a missing or unreadable scan only costs the word-level span
        return None


@lru_cache(maxsize=16)
def _normalized(path: str):
    """The scan normalized as ingest normalizes it, for its offset map (None: unreadable)."""
    from pipeline.errors import PasyansError
    from pipeline.normalize import normalize

    raw = _raw_text(path)
    if raw is None:
        return None
    try:
        return normalize(raw, path)
    except PasyansError:
        return None


def _via_map(norm, text: str, start: int, end: int, qs: int, qe: int) -> tuple[int, int] | None:
    """Raw offsets of `text[qs:qe]` through the offset map, the sentence's raw span being
    [start, end); None when the scan's clean text there is not this sentence."""
    c0 = norm.text_map.out_position(start)
    if norm.text[c0 : c0 + len(text)] != text:
        return None
    a, b = norm.text_map.raw_span(c0 + qs, c0 + qe)
    return (a, b) if start <= a <= b <= end else None


@lru_cache(maxsize=4096)
def _word_pairs(clean: str, raw: str) -> tuple[tuple[int, int, int, int], ...]:
    """Aligned words of a clean sentence and its raw stretch: (clean start, clean end, raw
    start, raw end) for each clean word that has a counterpart. Words, not characters: the
    scans differ from the clean text by a few letters, so the word sequences align almost
    one to one, and a word aligns in microseconds where characters take milliseconds."""
    cw, rw = words(clean), words(raw)
    sm = difflib.SequenceMatcher(None, [w for w, _, _ in cw], [w for w, _, _ in rw], autojunk=False)
    pairs = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ("equal", "replace"):
            # equal words, or misread ones (a footnote marker may cling to one): in order
            for k in range(min(i2 - i1, j2 - j1)):
                (_, a, b), (_, c, d) = cw[i1 + k], rw[j1 + k]
                pairs.append((a, b, c, d))
    return tuple(pairs)


def _map(clean: str, raw: str, start: int, end: int) -> tuple[int, int] | None:
    """Offsets [start, end) of `clean` (word boundaries) mapped into `raw`."""
    pairs = _word_pairs(clean, raw)
    first = next((c for a, _, c, _ in pairs if a >= start), None)
    last = next((d for _, b, _, d in reversed(pairs) if b <= end), None)
    if first is None or last is None or last < first:
        return None
    return first, last


class Quoter:
    """Makes citations for one game; raw scans are read from `raw_dir` when given."""

    def __init__(self, game: dict[str, Any], raw_dir: Path | None) -> None:
        self.game = game
        self.files = {w["source"]: w.get("file") for w in game.get("witnesses", [])}
        self.raw_dir = raw_dir
        # each scan read and normalized once per game, whatever its number of witnesses:
        # a shared cache smaller than the witnesses would normalize every scan again for
        # every citation (time growing with citations x witnesses); only what a citation
        # needs is kept (the raw text, the clean text and its offset map)
        self._scans: dict[str, tuple[str | None, Any]] = {}

    def _scan(self, path: str) -> tuple[str | None, Any]:
        if path not in self._scans:
            raw, norm = _raw_text(path), _normalized(path)
            self._scans[path] = (raw, None if norm is None else _Clean(norm.text, norm.text_map))
        return self._scans[path]

    def quote(self, text: str, modern: str, words_range: tuple[int, int]) -> tuple[str, int, int]:
        """(quote in the book's spelling, start, end in `text`)."""
        wt, wm = words(text), words(modern)
        a, b = words_range
        if len(wt) != len(wm) or not 0 <= a < b <= len(wt):
            return text, 0, len(text)
        s, e = wt[a][1], wt[b - 1][2]
        return text[s:e], s, e

    def citation(self, cited) -> dict[str, Any]:
        s, f = cited.sentence, cited.fact
        quote, qs, qe = self.quote(s.text, s.modern, f.words)
        entry: dict[str, Any] = {"text": self.game["id"], "origin": "text", "sentence": s.id}
        if s.rule:
            entry["rule"] = s.rule
        entry["quote"] = quote
        spans = []
        for sp in s.spans:
            mapped = None
            file = self.files.get(sp.source)
            if self.raw_dir is not None and file:
                path = str(self.raw_dir / file)
                raw, norm = self._scan(path)
                if norm is not None:
                    mapped = _via_map(norm, s.text, sp.start, sp.end, qs, qe)
                if mapped is None and raw is not None and sp.end <= len(raw):
                    local = _map(s.text, raw[sp.start : sp.end], qs, qe)
                    mapped = (sp.start + local[0], sp.start + local[1]) if local else None
            if mapped:
                spans.append({"source": sp.source, "start": mapped[0], "end": mapped[1]})
            else:
                spans.append({"source": sp.source, "start": sp.start, "end": sp.end})
        entry["spans"] = spans
        return entry
