"""Where a page's footnotes go in the text: after the paragraph that holds their mark.

A note that states a rule (`* Иные играютъ безъ ограниченія числа сдачъ`) belongs to the game
whose sentence it annotates; set after the whole document it would join the last game. So
each note follows the paragraph holding its mark (`труденъ*,`, `королемъ[*].`) on its page,
or, when no mark is found there, on the page before or after it (`placements`: a note set
under a later page than its mark's, or an earlier one), else the page's last paragraph; never
inside a paragraph that runs on to the next page (`runs_on`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar


class _Word(Protocol):
    @property
    def text(self) -> str: ...


class LineLike(Protocol):
    """A laid-out line (`layout.Line`, which imports this module): its words and text."""

    @property
    def words(self) -> Sequence[_Word]: ...

    @property
    def text(self) -> str: ...

    @property
    def para_start(self) -> bool: ...


# a note's mark at the start of its first line
NOTE_MARK = re.compile(r"^(?:\*{1,3}|†|[¹²³⁴⁵⁶⁷⁸⁹]|\d{1,2}\)|\(\d{1,2}\)|\[(?:\*{1,3}|\d{1,2})\])")
# a reference to a note in the body, glued to its word: `труденъ*,`, `королемъ[*].`
_REFERENCE = re.compile(
    r"(?<=[^\W\d_]|[.,;:!?»)])(?:\*{1,3}\)?|\[(?:\*{1,3}|\d{1,2})\])(?=[.,;:!?»)]*$)"
)

_SENTENCE_END = tuple(".!?…:»")
_FIRST_LETTER = re.compile(r"[^\w]*(\w)")
_END_MARK = re.compile(r"(?:\[(?:\*{1,3}|\d{1,2})\]|\*{1,3}\)?)$")  # `вышелъ.*`, `королемъ.[*]`


L = TypeVar("L", bound=LineLike)


def note_groups(notes: list[L]) -> list[list[L]]:
    """The page's footnote lines cut into notes: each opens at a line opening a paragraph."""
    groups: list[list[L]] = []
    for ln in notes:
        if ln.para_start or not groups:
            groups.append([ln])
        else:
            groups[-1].append(ln)
    return groups


def note_mark(note: Sequence[LineLike]) -> str | None:
    """The mark a note opens with (`*`, `**`, `[*]`, `1)`, `¹`), or None."""
    m = NOTE_MARK.match(note[0].text)
    return m.group(0) if m else None


def _mark_in(word: str, mark: str, first: bool) -> bool:
    """Whether a body word holds `mark` as a reference: glued after the word's letters
    (`труденъ*,`, `королемъ[*].`), or standing alone after a word (`труденъ *`)."""
    if word == mark:
        return not first
    for m in re.finditer(re.escape(mark), word):
        before, after = word[: m.start()], word[m.end() :]
        glued = bool(before) and not before.endswith(("*", "[", "(")) and not before[-1].isdigit()
        if glued and not after.startswith(("*", "]", ")")) and not after[:1].isalnum():
            return True
    return False


def references(body: Sequence[LineLike]) -> list[tuple[int, int]]:
    """(line, word) of each reference to a note in the body (`_REFERENCE`), in reading order."""
    return [
        (i, j)
        for i, ln in enumerate(body)
        for j, w in enumerate(ln.words)
        if _REFERENCE.search(w.text)
    ]


def _claims(
    body: Sequence[LineLike], notes: Sequence[Sequence[LineLike]], used: set[tuple[int, int]]
) -> list[tuple[int, int] | None]:
    """For each note, the (line, word) of the body that holds its mark (each mark taken once,
    in reading order, none in `used`; those taken are added to it), or None when the page's
    body holds none. A note whose own mark the engine lost takes a reference no note of the
    page claims."""
    found: list[tuple[int, int] | None] = []
    for note in notes:
        mark = note_mark(note)
        at = _find_mark(body, mark, used) if mark else None
        if at:
            used.add(at)
        found.append(at)
    free = [r for r in references(body) if r not in used]
    for k, note in enumerate(notes):
        if found[k] is None and note_mark(note) is None and free:
            ref = free.pop(0)
            found[k] = ref
            used.add(ref)
    return found


def _find_mark(
    body: Sequence[LineLike], mark: str, used: set[tuple[int, int]]
) -> tuple[int, int] | None:
    """The first (line, word) of the body holding `mark` as a reference, none in `used`."""
    return next(
        (
            (i, j)
            for i, ln in enumerate(body)
            for j, w in enumerate(ln.words)
            if (i, j) not in used and _mark_in(w.text, mark, j == 0)
        ),
        None,
    )


AWAY = 2  # a note stands at most this many pages from its mark (where the page had room)


def placements(
    pages: Sequence[tuple[Sequence[LineLike], Sequence[Sequence[LineLike]]]],
) -> list[list[tuple[int, int] | None]]:
    """For each page's notes (`pages`: each page's body and notes), the (page, body line)
    that holds the note's mark: on its own page (`_claims`) first, every page's own marks
    before any other's; else, for a marked note, an unclaimed mark on the nearest page
    within `AWAY`, the earlier page first (a note set at the foot of a later page than its
    mark's, where the paragraph ran on or the page was full, or of an earlier one); None
    where no page holds it (the note then follows its own page's last paragraph)."""
    used: list[set[tuple[int, int]]] = [set() for _ in pages]
    out: list[list[tuple[int, int] | None]] = []
    for k, (body, notes) in enumerate(pages):
        out.append([(k, at[0]) if at else None for at in _claims(body, notes, used[k])])
    for k, (_body, notes) in enumerate(pages):
        for n, note in enumerate(notes):
            mark = note_mark(note)
            if out[k][n] is not None or mark is None:
                continue
            for d in range(1, AWAY + 1):
                other = [o for o in (k - d, k + d) if 0 <= o < len(pages)]
                hit = next(
                    ((o, at) for o in other if (at := _find_mark(pages[o][0], mark, used[o]))),
                    None,
                )
                if hit:
                    o, at = hit
                    used[o].add(at)
                    out[k][n] = (o, at[0])
                    break
    return out


def runs_on(last: str, line: LineLike) -> bool:
    """Whether `line`, a page's first body line, goes on with the paragraph of `last`, the
    text's line before it: a word cut at the line's end, no stop there, or a small letter."""
    last = _END_MARK.sub("", last.rstrip())
    if not last:
        return False
    m = _FIRST_LETTER.match(line.text)
    lower = m is not None and m.group(1).islower()
    return lower or last.endswith("-") or not last.endswith(_SENTENCE_END)
