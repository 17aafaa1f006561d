"""Citations: the island's words quoted in the book's own spelling, with raw spans.

The grammar reads the modern projection; a reader wants the words as printed. The two
spellings of a sentence have the same words in the same order (the projection changes
letters, not words), so word i of one is word i of the other. The raw span of the quoted
words comes from aligning the clean sentence with its stretch of each raw scan (the scans
keep their OCR errors, so the alignment is by characters, not an exact search).
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.extract.tokens import words


@lru_cache(maxsize=16)
def _raw_text(path: str) -> str | None:
    from pipeline.errors import PasyansError
    from pipeline.normalize.decoding import read_source

    try:
        return read_source(path)[0]
    except PasyansError:  # a missing or unreadable scan only costs the word-level span
        return None


def _map(clean: str, raw: str, start: int, end: int) -> tuple[int, int] | None:
    """Offsets [start, end) of `clean` mapped into `raw` through a character alignment."""
    sm = difflib.SequenceMatcher(None, clean, raw, autojunk=False)
    blocks = sm.get_matching_blocks()

    def at(i: int, left: bool) -> int | None:
        best = None
        for a, b, n in blocks:
            if a <= i < a + n or (not left and a < i <= a + n):
                return b + (i - a)
            if a + n <= i:
                best = b + n
        return best

    s, e = at(start, True), at(end, False)
    if s is None or e is None or e < s:
        return None
    return s, e


class Quoter:
    """Makes citations for one game; raw scans are read from `raw_dir` when given."""

    def __init__(self, game: dict[str, Any], raw_dir: Path | None) -> None:
        self.game = game
        self.files = {w["source"]: w.get("file") for w in game.get("witnesses", [])}
        self.raw_dir = raw_dir

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
                raw = _raw_text(str(self.raw_dir / file))
                if raw is not None and sp.end <= len(raw):
                    mapped = _map(s.text, raw[sp.start : sp.end], qs, qe)
            if mapped:
                spans.append(
                    {
                        "source": sp.source,
                        "start": sp.start + mapped[0],
                        "end": sp.start + mapped[1],
                    }
                )
            else:
                spans.append({"source": sp.source, "start": sp.start, "end": sp.end})
        entry["spans"] = spans
        return entry
