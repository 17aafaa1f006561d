"""Reading order of one page: columns, running head, page number, footnotes, paragraphs.

Works on Tesseract's lines (its words grouped by block, paragraph and line), not its blocks:
- the page number is a line of digits (or a Roman numeral) alone at the top or the bottom,
  set off from the text; a running head is the top line set off from the text with a number
  at either end, or a top line that repeats on other pages (`mark_repeated_heads`);
- footnotes are the last lines of the page, in a smaller type than the body, the first of them
  opening with a note mark (`*`, `1)`, `¹`);
- columns are gaps that most lines keep clear of (`_column_bounds`); a line across them (a
  title over two columns) starts a new section, and a section is read column by column;
- a paragraph starts after a larger gap, at an indented line, after a line ending a sentence
  short of the column's right edge, and around a centred short line (a title).
"""

from __future__ import annotations

import itertools
import re
import statistics
from dataclasses import dataclass, field, replace

from pipeline.ocr.notes import NOTE_MARK, references
from pipeline.ocr.tesseract import TPage, TWord

BODY = "body"
RUNNING_HEAD = "running-head"
PAGE_NUMBER = "page-number"
FOOTNOTE = "footnote"

_NUMBER = r"(?:\d{1,4}|[IVXLCivxlc]{1,7})"
_PAGE_NO = re.compile(rf"^[\[(\-–—\s]*(?P<n>{_NUMBER})[\])\-–—.\s]*$")
_HEAD_NUMBER = re.compile(r"^(?P<a>\d{1,4})[\s.]+\S|\S[\s.,]+(?P<b>\d{1,4})$")
_SENTENCE_END = tuple(".!?:…»")


@dataclass
class Line:
    words: list[TWord]
    left: int
    top: int
    right: int
    bottom: int
    height: float  # median word height: the type size
    role: str = BODY
    para_start: bool = False
    column: int = 0

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass
class LaidPage:
    width: int
    height: int
    body: list[Line] = field(default_factory=list)  # in reading order
    heads: list[Line] = field(default_factory=list)  # running head and page number lines
    notes: list[Line] = field(default_factory=list)  # footnotes, top to bottom
    label: str | None = None  # the printed page number
    running_head: str | None = None
    columns: int = 1


def _specks(words: tuple[TWord, ...]) -> set[int]:
    """Indexes of words that are dirt on the page, not print: no letter or digit and read
    with little confidence, or far smaller than the type."""
    if not words:
        return set()
    size = statistics.median(w.bottom - w.top for w in words)
    return {
        i
        for i, w in enumerate(words)
        if (not any(c.isalnum() for c in w.text) and w.conf < 60)
        or (w.bottom - w.top < 0.3 * size and len(w.text) <= 2)
    }


def _lines(page: TPage) -> list[Line]:
    groups: dict[tuple[int, int, int], list[TWord]] = {}
    dirt = _specks(page.words)
    for i, w in enumerate(page.words):
        if i in dirt:
            continue
        groups.setdefault((w.block, w.par, w.line), []).append(w)
    out = []
    for ws in groups.values():
        ws.sort(key=lambda w: w.left)
        out.append(
            Line(
                ws,
                min(w.left for w in ws),
                min(w.top for w in ws),
                max(w.right for w in ws),
                max(w.bottom for w in ws),
                statistics.median(w.bottom - w.top for w in ws),
            )
        )
    out.sort(key=lambda ln: (ln.top, ln.left))
    return out


def lay_out(page: TPage) -> LaidPage:
    """The page's lines sorted into furniture, body (in reading order) and footnotes."""
    laid = LaidPage(page.width, page.height)
    lines = _lines(page)
    if not lines:
        return laid
    multi = [ln.height for ln in lines if len(ln.words) >= 3]
    size = statistics.median(multi or [ln.height for ln in lines])
    _take_furniture(lines, laid, size)
    _take_footnotes(lines, laid, size)
    laid.body, laid.columns = _reading_order(lines, size)
    _paragraphs(laid.body, size)
    return laid


# A head or a foot line lies within 15 % of the page's height from its edge, or within this
# many type sizes of it: a short page image (a chapter's last lines, a page cropped to its
# text) has the head line nearer its middle than a full page has.
EDGE = 8


def _set_off(gap: float, size: float) -> bool:
    return gap > 1.0 * size


def _take_furniture(lines: list[Line], laid: LaidPage, size: float) -> None:
    """Take the running head and page numbers off the top and the bottom of `lines` (the
    pieces of one printed line joined first: "24" and "ПАСЬЯНСЫ." may be two Tesseract
    blocks)."""

    def take(row: Line, role: str) -> None:
        ids = {id(w) for w in row.words}
        lines[:] = [ln for ln in lines if not ids.intersection(id(w) for w in ln.words)]
        row.role = role
        laid.heads.append(row)

    for _ in range(2):  # a page number above a running head, or the other way round
        rows = _join_pieces(lines, [])
        if len(rows) < 2:
            break
        top, nxt = rows[0], rows[1]
        near_top = top.bottom < max(0.15 * laid.height, EDGE * size)
        if not (near_top and _set_off(nxt.top - top.bottom, size)) or len(top.words) > 10:
            break
        m = _PAGE_NO.match(top.text)
        if m:
            laid.label = laid.label or m.group("n")
            take(top, PAGE_NUMBER)
        elif (h := _HEAD_NUMBER.search(top.text)) and len(top.words) >= 2:
            laid.label = laid.label or h.group("a") or h.group("b")
            laid.running_head = top.text
            take(top, RUNNING_HEAD)
        else:
            break
    rows = _join_pieces(lines, [])
    if len(rows) >= 2:
        last, prev = rows[-1], rows[-2]
        m = _PAGE_NO.match(last.text)
        near_bottom = last.top > min(0.8 * laid.height, laid.height - EDGE * size)
        if m and near_bottom and _set_off(last.top - prev.bottom, size):
            laid.label = laid.label or m.group("n")
            take(last, PAGE_NUMBER)


NOTE_LINES = 6  # at most this many lines in a note whose mark the engine lost


def _take_footnotes(lines: list[Line], laid: LaidPage, size: float) -> None:
    """The bottom run of lines in smaller type whose first line opens with a note mark, or,
    set off below a body that refers to a note (`королемъ[*].`), without one. A
    word's height is a rough measure of its type (ascenders, descenders, a misread mark), so
    a marked line above that run opens it too when the lines from it down are, taken
    together, in smaller type, none taller than the body's, and it is set off from the line
    above it (the gap of a footnote's rule)."""
    k = len(lines)
    while k > 1 and lines[k - 1].height < 0.85 * size:
        k -= 1
    loose = k
    while loose > 1 and lines[loose - 1].height <= size:
        loose -= 1
    pitches = [b.top - a.top for a, b in itertools.pairwise(lines) if b.top > a.top]
    pitch = statistics.median(pitches) if pitches else 1.5 * size

    def opens(i: int) -> bool:
        if i >= k:
            return _note_mark(lines[i])
        return (
            statistics.median(ln.height for ln in lines[i:]) < 0.9 * size
            and lines[i].top - lines[i - 1].top > 1.5 * pitch
            and _note_mark(lines[i])
        )

    # the run may hold several notes; it must open with a mark and stand below the body
    starts = [i for i in range(max(1, loose), len(lines)) if opens(i)]
    if starts:
        k = starts[0]
    elif not (
        0 < k < len(lines)
        and len(lines) - k <= NOTE_LINES
        and lines[k].top > 0.5 * laid.height
        and lines[k].top - lines[k - 1].top > 1.5 * pitch
        and references(lines[:k])
    ):
        return  # no note; or one whose mark the engine lost, under a body that refers to it
    if lines[k].top < 0.3 * laid.height:
        return
    for ln in lines[k:]:
        ln.role = FOOTNOTE
    laid.notes = lines[k:]
    for i, ln in enumerate(laid.notes):
        ln.para_start = i == 0 or _note_mark(ln)
        if ln.para_start and _raised_mark(ln):
            ln.words[0] = replace(ln.words[0], text="*")  # a mark read as a letter
    del lines[k:]


def _note_mark(line: Line) -> bool:
    """The line opens with a note mark: one read as such (`*`, `1)`, `[*]`), or a small
    raised glyph of one or two characters read as a letter (an asterisk read `Ы`)."""
    return bool(NOTE_MARK.match(line.text)) or _raised_mark(line)


def _raised_mark(line: Line) -> bool:
    if len(line.words) < 2 or NOTE_MARK.match(line.text):
        return False
    first, rest = line.words[0], line.words[1:]
    base = statistics.median(w.bottom for w in rest)
    high = statistics.median(w.bottom - w.top for w in rest)
    return (
        len(first.text) <= 2
        and first.bottom - first.top <= 0.6 * high
        and first.bottom <= base - 0.3 * high
    )


def _reading_order(lines: list[Line], size: float) -> tuple[list[Line], int]:
    """Lines in reading order and the number of columns (see `_column_bounds`): lines that
    cross a column boundary (a title over the columns) cut the page into sections, and each
    section is read column by column."""
    bounds = _column_bounds(lines, size)
    ordered = _join_pieces(lines, bounds)
    if not bounds:
        return ordered, 1
    order: list[Line] = []
    section: list[Line] = []

    def flush() -> None:
        section.sort(key=lambda ln: (ln.column, ln.top, ln.left))
        order.extend(section)
        section.clear()

    for ln in ordered:
        if any(ln.left < x < ln.right for x in bounds):
            flush()
            ln.column = 0
            order.append(ln)
        else:
            ln.column = sum(1 for x in bounds if ln.left >= x)
            section.append(ln)
    flush()
    return order, len(bounds) + 1


def _join_pieces(lines: list[Line], bounds: list[float]) -> list[Line]:
    """One line of print that Tesseract read as several (wide justified spaces, a page number
    apart from its running head): pieces side by side on the same baseline, with no column
    boundary between them, become one line (new `Line`s; the input is left as it is)."""
    out: list[Line] = []
    for ln in sorted(lines, key=lambda ln: (ln.top, ln.left)):
        for k in range(len(out) - 1, max(-1, len(out) - 4), -1):
            other = out[k]
            overlap = min(ln.bottom, other.bottom) - max(ln.top, other.top)
            if overlap < 0.6 * min(ln.bottom - ln.top, other.bottom - other.top):
                continue
            a, b = (other, ln) if other.left <= ln.left else (ln, other)
            if b.left < a.right or any(a.right <= x <= b.left for x in bounds):
                continue
            out[k] = Line(
                sorted(other.words + ln.words, key=lambda w: w.left),
                min(other.left, ln.left),
                min(other.top, ln.top),
                max(other.right, ln.right),
                max(other.bottom, ln.bottom),
                statistics.median(w.bottom - w.top for w in other.words + ln.words),
                other.role,
            )
            break
        else:
            out.append(ln)
    return out


def _column_bounds(lines: list[Line], size: float) -> list[float]:
    """x positions between columns: gaps at least 1.2 type sizes wide that no line narrower
    than 60 % of the text crosses, with 3 lines or more on each side and most lines on one
    side only (in a one-column page most lines are full width and cross any such gap)."""
    if len(lines) < 6:
        return []
    lo = min(ln.left for ln in lines)
    hi = max(ln.right for ln in lines)
    narrow = sorted((ln.left, ln.right) for ln in lines if ln.right - ln.left < 0.6 * (hi - lo))
    gaps = []
    if narrow:
        reach = narrow[0][1]
        for left, right in narrow[1:]:
            if left - reach >= 1.2 * size:
                gaps.append((reach + left) / 2)
            reach = max(reach, right)
    bounds = []
    for x in gaps:
        crossing = sum(1 for ln in lines if ln.left < x < ln.right)
        left = sum(1 for ln in lines if ln.right <= x)
        right = sum(1 for ln in lines if ln.left >= x)
        if left >= 3 and right >= 3 and crossing < 0.3 * len(lines):
            bounds.append(x)
    return bounds


def _paragraphs(body: list[Line], size: float) -> None:
    """Mark the lines that open a paragraph (see the module's docstring). Margins are local:
    the extent of the column's lines within `WINDOW` lines around, so a skewed scan (its
    left margin drifting down the page) does not look indented."""
    if not body:
        return
    pitches = [
        b.top - a.top
        for a, b in itertools.pairwise(body)
        if a.column == b.column and 0 < b.top - a.top < 3 * size
    ]
    pitch = statistics.median(pitches) if pitches else 1.5 * size

    def edges(i: int) -> tuple[int, int]:
        near = [
            body[j]
            for j in range(max(0, i - WINDOW), min(len(body), i + WINDOW + 1))
            if body[j].column == body[i].column
        ]
        return min(ln.left for ln in near), max(ln.right for ln in near)

    def centred(i: int) -> bool:
        left, right = edges(i)
        return body[i].left - left > 2 * size and right - body[i].right > 2 * size

    body[0].para_start = True
    for i in range(1, len(body)):
        prev, ln = body[i - 1], body[i]
        left, _ = edges(i)
        _, pright = edges(i - 1)
        same_col = ln.column == prev.column
        gap = same_col and ln.top - prev.top > 1.6 * pitch
        indent = ln.left - left > 0.7 * size
        short_end = pright - prev.right > 2 * size and prev.text.endswith(_SENTENCE_END)
        ln.para_start = bool(gap or centred(i) or centred(i - 1) or indent) or (
            short_end and same_col
        )


WINDOW = 3  # lines each side that give a line its local margins


def mark_repeated_heads(pages: list[LaidPage]) -> None:
    """A short top line without a number that opens three pages or more with nearly the same
    letters (an OCR slip apart: "ПАСЬЯНСЫ." and "НАСЬЯНСЫ.") is a running head too: it is
    moved from the body to the page's furniture. So is a chapter's title repeated on the page
    facing a running head (below)."""
    from difflib import SequenceMatcher

    tops = [
        _letters(p.body[0].text) if len(p.body) > 1 and len(p.body[0].words) <= 8 else ""
        for p in pages
    ]

    def alike(a: str, b: str) -> bool:
        return SequenceMatcher(None, a, b, autojunk=False).ratio() >= 0.75

    for i, p in enumerate(pages):
        key = tops[i]
        if len(key) < 3:
            continue
        near = range(max(0, i - 6), min(len(pages), i + 7))
        if sum(1 for j in near if j != i and tops[j] and alike(key, tops[j])) < 2:
            continue
        _to_head(p)
    # a recto head repeats the current chapter's title, printed once above its text: a top
    # line set off from the text, on a page whose neighbour has a running head, alike a short
    # line of the pages before it, is a running head too
    for i, p in enumerate(pages):
        key = tops[i]
        if len(key) < 3 or p.running_head or not _set_off_top(p):
            continue
        if not any(pages[j].running_head for j in (i - 1, i + 1) if 0 <= j < len(pages)):
            continue
        before = [
            _letters(ln.text)
            for q in pages[max(0, i - 6) : i]
            for ln in q.body
            if len(ln.words) <= 8 and ln.para_start
        ]
        if any(alike(key, b) for b in before):
            _to_head(p)


def _to_head(p: LaidPage) -> None:
    head = p.body.pop(0)
    head.role = RUNNING_HEAD
    p.running_head = p.running_head or head.text
    p.heads.append(head)
    p.body[0].para_start = True


def _set_off_top(p: LaidPage) -> bool:
    """The page's first body line stands apart from the next by more than a type size."""
    size = statistics.median(ln.height for ln in p.body)
    return _set_off(p.body[1].top - p.body[0].bottom, size)


def _letters(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalpha())
