"""The structure a translation catalogue states of the document it translates.

A help file translated with itstool (`.po`: `#. (itstool) path: row/entry` over each entry)
says which element each string comes from. A table's cell (`row/entry`) is a label of its row
(`Выбор`, `"Троны"`, `Резервы (Вестибюль)`) or the row's text, and a list's term
(`varlistentry/term`: `Нижний пост охраны`) heads its item: neither names a game, only a
section's title does (a string that stands in both keeps its title). Read as a document
(`code.reading_text`), a short cell that ends no sentence would stand alone on its line like a
heading and open a new game in the middle of the one being read; closed with a full stop, it
is a line of that game.
"""

from __future__ import annotations

import re

# An entry's element, as itstool writes it above the entry: `#. (itstool) path: row/entry`
_PATH = re.compile(r"^#\.\s*\(itstool\)\s*path:\s*(\S+)\s*$")
# A translation on one line: `msgstr "Выбор"` (its closing quote at the line's end)
_ONE_LINE = re.compile(r'^msgstr(?:\[\d\])?\s+"((?:[^"\\]|\\.)+)"\s*$')
_ENDS_SENTENCE = tuple(".!?…:;")
_CELLS = frozenset({"row/entry", "varlistentry/term"})  # a table's cell, a list's term
_TITLES = frozenset({"sect1/title", "chapter/title", "book/title", "article/title"})


def closed_cells(lines: list[str], read: list[str]) -> list[str]:
    """`read` (the catalogue's `lines` as a reader sees them, each the same length as its line)
    with a full stop where each one-line translation of a table cell closes, when the cell ends
    no sentence and that place is blank in `read` (`msgstr "Выбор"` read `Выбор.`). Unchanged
    for a text whose entries carry no itstool path."""
    if not any("(itstool)" in line for line in lines):
        return read
    out = list(read)
    paths: set[str] = set()  # the elements the entry's string stands in
    comments = False  # the line before is one of an entry's comments
    for i, line in enumerate(lines):
        m = _PATH.match(line.strip())
        if m:
            if not comments:
                paths = set()  # the next entry's comments, no blank line between
            paths.add(m.group(1))
            comments = True
            continue
        comments = line.lstrip().startswith("#")
        if not line.strip():
            paths = set()  # an entry ends at a blank line
            continue
        one = _ONE_LINE.match(line.strip())
        if one is None or not paths & _CELLS or paths & _TITLES:
            continue
        said = one.group(1).replace('\\"', '"').rstrip()
        if not said or said.endswith(_ENDS_SENTENCE):
            continue
        end = line.rstrip().rfind('"')  # the closing quote's column
        if len(out[i]) == len(line) and out[i][end] in " \n" and out[i][:end].strip():
            out[i] = out[i][:end] + "." + out[i][end + 1 :]
    return out
