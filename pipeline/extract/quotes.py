"""Citations: the island's words quoted in the book's own spelling, with raw spans.

The grammar reads the modern projection; a reader wants the words as printed. The two
spellings of a sentence have the same words in the same order (the projection changes
letters, not words), so word i of one is word i of the other. The raw span of the quoted
words comes from the normalizer's offset map of the scan (the sentence found at the clean
offset of its raw start); where the sentence is not that scan's clean text (another
witness's reading, a sentence joined across scans), from aligning the clean sentence with
the raw stretch word by word (the scans keep their OCR errors).

The scans come normalized from ingest, in memory (`Scan`); a game file read from disk
names its scans' files, read and normalized here once each (`scans_in`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from pipeline.extract.tokens import words
from pipeline.text import NormalizedText


class Scan(NamedTuple):
    """A witness's raw text and its normalization (None when it could not be normalized)."""

    raw: str
    norm: NormalizedText | None


Scans = Mapping[str, Scan]  # source id -> its scan


@lru_cache(maxsize=16)
def _read_scan(path: str) -> Scan | None:
    """The scan at `path` normalized as ingest normalizes it (None: unreadable)."""
    from pipeline.errors import PasyansError
    from pipeline.normalize import normalize
    from pipeline.normalize.decoding import read_file

    try:
        got = read_file(path)
    except PasyansError:  # a missing or unreadable scan only costs the word-level span
        return None
    from pipeline.segment.code import reading_text

    try:
        return Scan(got.file_text, normalize(reading_text(got.text), path, recode=got.recode))
    except PasyansError:
        return Scan(got.file_text, None)


class _ScanDir(Mapping[str, Scan]):
    """The scans of a game file's witnesses in `raw_dir`, each read and normalized once,
    when first asked for (kept here too: a game may have more witnesses than the cache)."""

    def __init__(self, raw_dir: Path, files: dict[str, str]) -> None:
        self.raw_dir = raw_dir
        self.files = files
        self._read: dict[str, Scan | None] = {}

    def __getitem__(self, source: str) -> Scan:
        if source not in self._read:
            self._read[source] = _read_scan(str(self.raw_dir / self.files[source]))
        scan = self._read[source]
        if scan is None:
            raise KeyError(source)
        return scan

    def __iter__(self) -> Iterator[str]:
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)


def scans_in(raw_dir: Path, game: dict[str, Any]) -> Scans:
    """The scans of `game`'s witnesses, read from the files it names in `raw_dir`."""
    files = {w["source"]: w["file"] for w in game.get("witnesses", []) if w.get("file")}
    return _ScanDir(raw_dir, files)


def _via_map(norm, text: str, start: int, end: int, qs: int, qe: int) -> tuple[int, int] | None:
    """Offsets in the file of `text[qs:qe]` through the offset map, the sentence's span of
    the file being [start, end); None when the scan's clean text there is not this
    sentence. The text read may have the file's two columns one after the other
    (`NormalizedText.given`): a sentence that runs from the foot of the left column to the
    head of the right one has a span of the file that does not say where it begins in the
    text read, and is found there by its words."""
    rs, _ = norm.from_given(start, end)
    c0 = norm.text_map.out_position(rs)
    if norm.text[c0 : c0 + len(text)] != text:
        if norm.given_map is None or norm.text.count(text) != 1:
            return None
        c0 = norm.text.find(text)
    a, b = norm.given(*norm.text_map.raw_span(c0 + qs, c0 + qe))
    return (a, b) if start <= a <= b <= end else None


def _via_words(norm, text: str, start: int, end: int, qs: int, qe: int) -> tuple[int, int] | None:
    """Offsets in the file of `text[qs:qe]` by its words in the text read (`_map`), where the
    text read is not the file's (a repaired page's words are not the file's mojibake, a
    two-column page's lines are interleaved in it), taken back to the file's."""
    rs, re_ = norm.from_given(start, end)
    local = _map(text, norm.raw[rs:re_], qs, qe)
    if not local:
        return None
    a, b = norm.given(rs + local[0], rs + local[1])
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
    """Makes citations for one game, its raw spans through the witnesses' `scans`."""

    def __init__(self, game: dict[str, Any], scans: Scans | None) -> None:
        self.game = game
        self.scans: Scans = scans if scans is not None else {}

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
            scan = self.scans.get(sp.source)
            if scan is not None:
                if scan.norm is not None:
                    mapped = _via_map(scan.norm, s.text, sp.start, sp.end, qs, qe)
                if mapped is None and scan.norm is not None and scan.norm.given_map is not None:
                    mapped = _via_words(scan.norm, s.text, sp.start, sp.end, qs, qe)
                elif mapped is None and sp.end <= len(scan.raw):
                    local = _map(s.text, scan.raw[sp.start : sp.end], qs, qe)
                    mapped = (sp.start + local[0], sp.start + local[1]) if local else None
            if mapped:
                spans.append({"source": sp.source, "start": mapped[0], "end": mapped[1]})
            else:
                spans.append({"source": sp.source, "start": sp.start, "end": sp.end})
        entry["spans"] = spans
        return entry
