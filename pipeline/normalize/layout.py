"""Page layout: columns, paragraphs, page furniture, footnote markers, words broken across
lines.

A page set in two columns (`pdftotext -layout`) is read as its left column, then its right
one, before anything else (`columns`), with a map back to the text as given.

The clean text has one paragraph per line and exactly one blank line between paragraphs.
A text that separates its paragraphs with blank lines has its single line breaks joined (they
are the scan's line wraps); a text without any blank line (seed 003) has one paragraph per
line. A paragraph that continues after a blank line or a page header (the next line starts
in lower case and the previous one did not end a sentence) is joined with a space.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.text import PieceMap

HEADER_PATTERNS = (
    # "Двадцать четыре основные пасьянса с двадцатью таблицами - [4]"
    regex.compile(r"(?P<book>\S.{1,150}?)\s+[-–—]\s+\[(?P<page>\d{1,4})\]"),
    # "Пасьянсы (Пюжоль) - страница 20"
    regex.compile(r"(?P<book>\S.{1,150}?)\s+[-–—]\s+(?:страница|стр\.)\s*(?P<page>\d{1,4})"),
    # a bare page number on its own line: "24", "- 24 -", "[24]" (book is empty)
    regex.compile(
        r"(?P<book>)(?:[-–—]\s*(?P<page>\d{1,4})\s*[-–—]|\[(?P<page>\d{1,4})\]|(?P<page>\d{1,4}))"
    ),
)
# A printed running head: a short title and the page number at either end of the line
# ("24 ПАСЬЯНСЫ", "Пасьянсы. 25"); it is furniture when the same title heads 3 lines or more.
_DIGIT = regex.compile(r"\d")
_RUNNING = regex.compile(
    r"[ \u00a0]*(?:(?P<p1>\d{1,4})[ \u00a0.\-–—]+(?P<t1>\p{L}[^\n\d]{1,78}?)"
    r"|(?P<t2>\p{L}[^\n\d]{1,78}?)[ \u00a0.,\-–—]+(?P<p2>\d{1,4}))[ \u00a0]*"
)
RUNNING_MIN = 3
# A line of numbers only (a list, a calendar, a table's column): its neighbour is no page number.
_NUMBERS_ONLY = regex.compile(r"\d{1,4}(?:[ \u00a0]+\d{1,4})*")


def _running_title(m: regex.Match) -> str | None:
    t = (m.group("t1") or m.group("t2")).strip(" \u00a0.,-–—")
    if len(regex.findall(r"\p{L}", t)) < 3 or t.endswith(("№", "No", "#")):
        return None
    return " ".join(t.casefold().split())


def running_heads(text: str) -> set[str]:
    """Titles of the running heads of `text` (see `_RUNNING`): only short lines with a
    digit are looked at, found by a walk over the line ends."""
    counts: dict[str, set[str]] = {}
    pos, n = 0, len(text)
    while pos < n:
        nl = text.find("\n", pos)
        if nl < 0:
            nl = n
        if nl - pos <= 100 and _DIGIT.search(text, pos, nl):
            m = _RUNNING.fullmatch(text, pos, nl)
            t = _running_title(m) if m else None
            if t:
                counts.setdefault(t, set()).add(m.group("p1") or m.group("p2"))
        pos = nl + 1
    return {t for t, pages in counts.items() if len(pages) >= RUNNING_MIN}


# The same patterns on whole lines of a laid-out text (one paragraph per line).
_HEADER_LINES = tuple(regex.compile(r"(?m)^" + p.pattern + r"$") for p in HEADER_PATTERNS)
_FOOTNOTE = regex.compile(
    r"(?<=[\p{L}\p{M}.,;:!?»)\]])\[(?P<label>\d{1,3}|\*{1,3})\](?![\p{L}\p{M}\d])"
)
# a footnote's note: a line that opens with its label (`[*] Въ Англіи …`)
_NOTE = regex.compile(r"\[(?P<label>\d{1,3}|\*{1,3})\][ \u00a0]")
# a note's label the engine misread (`[“]`, `[*]` at a line's start): signs only
_NOTE_MISREAD = regex.compile(r"\[(?P<label>[^\p{L}\p{N}\s\]]{1,3})\][ \u00a0]")
# a bare asterisk marking a note (`вышелъ.*`), and its note's asterisk read as ж
_BARE_STAR = regex.compile(r"(?<=[\p{L}.,;:!?»])\*(?![\p{L}\p{N}*\]])")
_STAR_MISREAD = regex.compile(r"(?P<label>[жЖ])[ \u00a0](?=\p{Lu}\p{Ll})")
_SPACES = regex.compile(r"[ \u00a0]{2,}")
_SENTENCE_END = ".!?…"
_SPECK_SIGNS = frozenset("·`_'‚‘.,°^~")
_PARA_END = '.!?…:»)"”'
_HYPHEN_PARTICLES = regex.compile(r"(?:нибудь|либо|то|ка|таки|де)\b")
# the line's first letter, past opening quotes and brackets and past a speck glued to it that
# `glyphs` drops (`тасуя, .освободившіяся): the line goes on in small letters all the same
_FIRST_LETTER = regex.compile(r"(?:[`‚‘]|[.:](?=\p{Ll}))?[«„\"'(\[]*(\p{L})")
_LONG_WORD = regex.compile(r"\p{L}{3}")
SHORT_LINE = 0.6  # a line shorter than this share of the text's long lines ends a paragraph


def number_is_text(text: str, s: int, e: int) -> bool:
    """Whether the bare number `text[s:e]`, a line (or paragraph) of its own, belongs to the
    text rather than being a page number: the value of a label that ends the line before
    («Количество колод:» / «1», a web page's field), a number with a leading zero (no page
    has one), or one of several lines of numbers (a list, a calendar). Printed page numbers
    stand alone between lines of running text."""
    if not text[s:e].isdigit():
        return False  # «- 24 -», «[24]»: decorated, a page number
    if text[s] == "0":
        return True
    i = s
    while i > 0 and text[i - 1].isspace():
        i -= 1
    if i > 0 and text[i - 1] == ":":
        return True
    prev = text[text.rfind("\n", 0, i) + 1 : i].strip()
    j = e
    while j < len(text) and text[j].isspace():
        j += 1
    nl = text.find("\n", j)
    nxt = text[j : nl if nl >= 0 else len(text)].strip()
    return any(_NUMBERS_ONLY.fullmatch(x) for x in (prev, nxt) if x)


@dataclass(frozen=True, slots=True)
class Layout:
    """Edits on the cleaned text, plus what was taken out of the running text."""

    edits: list[tuple[int, int, str]]
    # (start, end, kind, replacement) in cleaned text: lines joined, a note's label repaired
    joins: list[tuple[int, int, str, str]]
    headers: list[tuple[int, int, str | None, str | None]]  # (start, end, book, page)
    footnotes: list[tuple[int, int, str]]  # (start, end, label), in the text or taken out


def _blank_line_after(text: str, nl: int) -> bool:
    """Whether the line after the line break at `nl` is blank, or there is none."""
    if nl >= len(text):
        return True
    end = text.find("\n", nl + 1)
    return not text[nl + 1 : end if end >= 0 else len(text)].strip(" \u00a0")


def _starts_lower(text: str, pos: int, end: int) -> bool:
    m = _FIRST_LETTER.match(text, pos, end)
    return bool(m) and m.group(1).islower()


def _caps_line(text: str, s: int, e: int) -> bool:
    """A line with two letters or more and none in lower case (`ПАСЬЯНСЪ ЧАСЫ.`, `II.`),
    but for a lone lower-case letter opening it (`и ВОРОТА.`: a speck the OCR read as a
    letter, `glyphs`) and one small sign doubling a capital one inside a long line of
    capitals (`ДВЪъ ПОЛНЫХЪ КОЛОДЫ`: the engine's two readings of one Ѣ)."""
    if e - s > 2 and text[s].islower() and text[s + 1] == " ":
        s += 2
    letters = 0
    small = -1
    for i in range(s, e):
        c = text[i]
        if c.isalpha():
            if c.islower():
                if small >= 0 or c not in "ъь" or text[i - 1 : i] not in ("Ъ", "Ь"):
                    return False
                small = i
            letters += 1
    return letters >= (2 if small < 0 else 8)


def _headings(text: str, content: list[tuple[int, int, bool]]) -> list[bool]:
    """For each content line, whether it belongs to a heading: a run of lines in capitals
    with a word of three letters or more, followed by a line that does not begin in lower
    case (or by nothing), after the text's start, a blank line, a line that ends a sentence
    or a short line (a paragraph's last: shorter than `SHORT_LINE` of the text's long
    lines), or whose lines but the last end a sentence. Capitals after a full line that
    does not end a sentence are the end of that sentence, which the OCR set in capitals
    (`… годна для игры лишь` / `НИЖНЯЯ ИЗЪ НИХЪ.`); capitals followed by lower case are a
    sentence's words."""
    n = len(content)
    out = [False] * n
    caps = [_caps_line(text, s, e) for s, e, _ in content]
    if not any(caps):
        return out
    lengths = sorted(e - s for s, e, _ in content)
    long_line = lengths[(len(lengths) * 4) // 5]
    k = n - 1
    while k >= 0:
        if not caps[k]:
            k -= 1
            continue
        j = k
        while j > 0 and caps[j - 1] and not content[j][2]:
            j -= 1
        after_ok = k + 1 == n or not _starts_lower(text, content[k + 1][0], content[k + 1][1])
        ps, pe, _ = content[j - 1] if j else (0, 0, True)
        before_ok = (
            j == 0
            or content[j][2]
            or text[pe - 1] in _PARA_END
            or pe - ps < SHORT_LINE * long_line
            # a sentence's end set in capitals ends at its stop: capitals going on past one
            # (`ВОСЕМЬ ВЪ СТОРОНУ.` / `ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.`) are a heading's lines
            or any(text[content[i][1] - 1] in _PARA_END for i in range(j, k))
        )
        wordy = any(_LONG_WORD.search(text, content[i][0], content[i][1]) for i in range(j, k + 1))
        if after_ok and before_ok and wordy:
            for i in range(j, k + 1):
                out[i] = True
        k = j - 1
    return out


def analyse(
    text: str, blank_lines: bool | None = None, lost_breaks: frozenset[int] = frozenset()
) -> Layout:
    """Find paragraphs, furniture and line joins of `text` (line ends already `\\n`).

    `blank_lines` says whether the text separates its paragraphs with blank lines (then its
    single line breaks are wraps); None: decide from the text itself. `lost_breaks`: positions of
    `text` where a line opens after text the engine lost (`normalize`'s `lost_breaks`): a
    hyphen ending the line before is not joined blindly to it (`пере-` / lost / `нѣсколько`),
    but left for the words' stage, which joins only a known word."""
    content: list[tuple[int, int, bool]] = []  # (start, end, gap before has a blank line)
    headers: list[tuple[int, int, str | None, str | None]] = []
    heads = running_heads(text)
    pos = 0
    n = len(text)
    blank_gap = False
    while pos <= n:
        nl = text.find("\n", pos)
        if nl < 0:
            nl = n
        s, e = pos, nl
        while s < e and text[s] in " \u00a0":
            s += 1
        while e > s and text[e - 1] in " \u00a0":
            e -= 1
        if s == e:
            blank_gap = True
        elif (
            e - s == 1
            and text[s] in _SPECK_SIGNS
            and blank_gap
            and content
            and _blank_line_after(text, nl)
        ):
            pass  # a paragraph of one speck: a blank gap, so the paragraphs around it are
            # joined or parted as they are without it (`glyphs` drops such a paragraph)
        else:
            hm = None
            if e - s <= 200:
                for pat in HEADER_PATTERNS:
                    hm = pat.fullmatch(text, s, e)
                    if hm:
                        break
                if hm and number_is_text(text, s, e):
                    hm = None
            if hm:
                headers.append((s, e, hm.group("book") or None, hm.group("page")))
                blank_gap = True
            elif (
                heads
                and e - s <= 100
                and (rm := _RUNNING.fullmatch(text, s, e))
                and (_running_title(rm) in heads)
            ):
                book = (rm.group("t1") or rm.group("t2")).strip(" \u00a0.,-–—")
                headers.append((s, e, book, rm.group("p1") or rm.group("p2")))
                blank_gap = True
            else:
                content.append((s, e, blank_gap))
                blank_gap = False
        pos = nl + 1
    edits: list[tuple[int, int, str]] = []
    joins: list[tuple[int, int, str, str]] = []
    footnotes: list[tuple[int, int, str]] = []
    if not content:
        return Layout([(0, n, "")] if n else [], joins, headers, footnotes)
    blank_mode = any(c[2] for c in content[1:]) if blank_lines is None else blank_lines
    heading = _headings(text, content)
    if content[0][0] > 0:
        edits.append((0, content[0][0], ""))
    # every marker is an annotation; one whose note the page prints also stays where it is,
    # the reader's link to its note (`королемъ[*].` / `[*] Въ Англіи`), and so does an
    # asterisk, the print's own mark, whose note may stand on the next page (as a bare `*`
    # does); a numbered reference whose note is not on the page is taken out of the
    # running text (`звѣзды[8].`)
    noted = {m.group("label") for s, e, _ in content if (m := _NOTE.match(text, s, e))}
    marked = [m for s, e, _ in content for m in _FOOTNOTE.finditer(text, s, e)]
    lost = {m.group("label") for m in marked} - noted
    noted |= {m.group("label") for m in marked if m.group("label").startswith("*")}
    misread = [
        m
        for s, e, _ in content
        if (m := _NOTE_MISREAD.match(text, s, e)) and not _NOTE.match(text, s, e)
    ]
    if not misread and any(_BARE_STAR.search(text, s, e) for s, e, _ in content):
        # a bare asterisk marker (`вышелъ.*`) and no line that opens with one: a line that
        # opens with a lone ж before a capital is its note, the asterisk misread
        stars = [
            m
            for s, e, _ in content
            if (m := _STAR_MISREAD.match(text, s, e)) and not text.startswith("* ", s)
        ]
        if len(stars) == 1 and not any(text.startswith("* ", s) for s, e, _ in content):
            misread, lost = stars, {"*"}
    if len(lost) == 1 and len(misread) == 1:
        # one marker without its note and one note whose label is no label: they belong
        # together, and the note's label is the marker's (`королемъ[*].` / `[“] Въ Англіи`)
        (label,) = lost
        edits_notes = [(misread[0].start("label"), misread[0].end("label"), label)]
        noted.add(label)
    else:
        edits_notes = []
    for k, (s, e, _) in enumerate(content):
        # inside the line: footnote markers, runs of spaces
        inner: list[tuple[int, int, str]] = []
        for m in _FOOTNOTE.finditer(text, s, e):
            footnotes.append((m.start(), m.end(), m.group("label")))
            if m.group("label") not in noted:
                inner.append((m.start(), m.end(), ""))
        for m in _SPACES.finditer(text, s, e):
            inner.append((m.start(), m.end(), " "))
        for ed in edits_notes:
            if s <= ed[0] < e:
                inner.append(ed)
                joins.append((ed[0], ed[1], "char", ed[2]))
        if inner:
            inner.sort()
            last = -1
            for ed in inner:
                if ed[0] >= last:
                    edits.append(ed)
                    last = ed[1]
        if k + 1 == len(content):
            edits.append((e, n, "\n"))
            break
        ns, ne, gap_blank = content[k + 1]
        last_ch = text[e - 1]
        lower_next = _starts_lower(text, ns, ne)
        if (
            last_ch == "-"
            and e - s >= 2
            and text[e - 2].isalpha()
            and text[ns].isalpha()
            and (lower_next or not gap_blank)
            and (not edits or edits[-1][1] <= e - 1)
            and not any(p in lost_breaks for p in range(ns, min(ne, ns + 3)))
        ):
            # прави-/ламъ: a soft hyphen, dropped; какой-/нибудь, Санкт-/Петербург: a real
            # one, kept (the line break goes either way)
            if not lower_next or _HYPHEN_PARTICLES.match(text, ns, ne):
                edits.append((e, ns, ""))
                joins.append((e, ns, "hyphen", ""))
            else:
                edits.append((e - 1, ns, ""))
                joins.append((e - 1, ns, "hyphen", ""))
            continue
        if heading[k] != heading[k + 1]:
            sep = "\n\n"  # a heading in capitals is a paragraph, whatever ends the line before
        elif last_ch == ":" and not gap_blank and text[ns:ne].isdigit():
            sep = " "  # «Количество колод:» / «1»: a field and its value, one line
        elif gap_blank:
            # a footnote's asterisk after the stop (`вышелъ.*`) ends the sentence too: the
            # paragraph after the blank line is its note, whatever the engine made of the
            # note's own asterisk (`ж Въ иныхъ книгахъ`); the asterisk read as % after the
            # stop (`вышелъ.%`: no ѣ stands after a stop) too
            line = text[s:e]
            end_ch = (line[:-1] if line.endswith(".%") else line.rstrip("*"))[-1:]
            sep = " " if lower_next and end_ch not in _SENTENCE_END else "\n\n"
            if sep == " ":
                joins.append((e, ns, "join", " "))
        elif blank_mode:
            sep = " "
        else:
            sep = "\n\n" if (last_ch in _PARA_END and not lower_next) else " "
        edits.append((e, ns, sep))
    return Layout(edits, joins, headers, footnotes)


def header_paragraphs(
    text: str,
) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str | None, str]]]:
    """Paragraphs of a laid-out text that are page headers once their lines were joined
    (`II -` / `[8]`): (edits removing them, their (start, end, book, page)). Removing them
    here keeps normalization idempotent: its output never holds a header line."""
    found = sorted(
        (m.start(), m.end(), m.group("book") or None, m.group("page"))
        for pat in _HEADER_LINES
        for m in pat.finditer(text)
        if not number_is_text(text, m.start(), m.end())
    )
    if not found:
        return [], []
    heads: list[tuple[int, int, str | None, str]] = []
    for h in found:  # both patterns may match one line
        if not heads or h[0] >= heads[-1][1]:
            heads.append(h)
    edits: list[tuple[int, int, str]] = []
    k = 0
    while k < len(heads):
        run_start = heads[k][0]
        j = k
        while j + 1 < len(heads) and heads[j + 1][0] == heads[j][1] + 2:
            j += 1
        run_end = heads[j][1]
        if run_end + 2 <= len(text) and text[run_end : run_end + 2] == "\n\n":
            edits.append((run_start, run_end + 2, ""))  # a paragraph follows
        elif run_start >= 2:
            edits.append((run_start - 2, run_end, ""))  # last paragraph: keep the final \n
        else:
            edits.append((0, len(text), ""))  # nothing else in the text
        k = j + 1
    return edits, heads


_GAP = regex.compile(r"\S( {3,})(?=\S)")
_CODE_MARK = regex.compile(r"//|/\*|[;{}]\s*$|^\s*#|\|")
_FOLIO = regex.compile(r"^\s*[-—–]?\s*\d{1,4}\s*[-—–]?\s*$")
_CYR = regex.compile(r"[а-яёА-ЯЁ]")


def _column_start(lines: list[str]) -> int | None:
    """Where the right column begins on a page laid out in two columns (`pdftotext
    -layout`): the one position at which at least half the page's lines resume after a
    gap of three spaces or more (or begin, a line of the right column alone), and no line
    runs across it. None for a page of one column."""
    full = [ln for ln in lines if ln.strip()]
    if len(full) < 8:
        return None
    starts: dict[int, int] = {}
    for ln in full:
        for m in _GAP.finditer(ln):
            starts[m.end(1)] = starts.get(m.end(1), 0) + 1
    if not starts:
        return None
    col, n = max(starts.items(), key=lambda x: (x[1], -x[0]))
    alone = sum(1 for ln in full if len(ln) - len(ln.lstrip(" ")) == col)
    if (n + alone) * 2 < len(full) or col < 20:
        return None
    across = sum(1 for ln in full if len(ln) > col and ln[col - 1] != " " and ln[col] != " ")
    if across * 10 > len(full):
        return None
    # prose on both sides: not a program's aligned comments (`x = 1;      // …`) or a table
    sides = [x for ln in full for x in (ln[:col], ln[col:]) if x.strip()]
    prose = sum(1 for x in sides if _CYR.search(x) and not _CODE_MARK.search(x))
    return col if prose * 10 >= len(sides) * 8 else None


def _trimmed(pieces: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The lines of a column without the empty ones before its first line and after its
    last."""
    full = [i for i, (x, _) in enumerate(pieces) if x]
    return pieces[full[0] : full[-1] + 1] if full else []


def columns(text: str) -> tuple[str, PieceMap | None]:
    """The text with each page laid out in two columns (`pdftotext -layout`; pages split at
    form feeds) read as its left column, then its right one — else the lines of the two
    columns alternate and each sentence is cut in pieces across the page — and the map of
    that text back to `text` (None where no page has two columns: the text as it is). A
    page number or running head across both columns goes to the foot of its page."""
    if "   " not in text:
        return text, None
    out: list[str] = []
    pieces: list[tuple[int, int, int]] = []
    n = 0
    turned = False

    def put(piece: str, given: int | None) -> None:
        nonlocal n
        if given is not None and piece:
            pieces.append((n, len(piece), given))
        out.append(piece)
        n += len(piece)

    def lines_of(column: list[tuple[str, int]]) -> None:
        for i, (piece, given) in enumerate(column):
            if i:
                put("\n", None)
            put(piece, given)

    base = 0
    for k, page in enumerate(text.split("\f")):
        if k:
            put("\f", base - 1)
        lines = page.split("\n")
        col = _column_start(lines)
        if col is None:
            put(page, base)
            base += len(page) + 1
            continue
        turned = True
        at, offset = [], base
        for ln in lines:
            at.append(offset)
            offset += len(ln) + 1
        foot: list[tuple[str, int]] = []
        left: list[tuple[str, int]] = []
        right: list[tuple[str, int]] = []
        for ln, start in zip(lines, at, strict=True):
            if _FOLIO.match(ln):
                foot.append((ln.strip(), start + len(ln) - len(ln.lstrip())))
                continue
            left.append((ln[:col].rstrip(), start))
            rest = ln[col:]
            right.append((rest.strip(), start + col + len(rest) - len(rest.lstrip())))
        # one line break between the columns: a sentence runs on from the foot of the left
        lines_of(_trimmed(left))
        put("\n", None)
        lines_of(_trimmed(right))
        if foot:
            put("\n\n", None)
            lines_of(foot)
        put("\n", None)
        base += len(page) + 1
    return ("".join(out), PieceMap(pieces, n)) if turned else (text, None)
