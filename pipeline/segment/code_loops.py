"""Counted loops of a source (`for (i = 0; i < 7; i++)`, `for i in range(COLS):`): their
variable, their count (a literal or a name given one number in the file) and the lines of
their body, found once per source for the readers of deals, draws and packs."""

from __future__ import annotations

import re

from pipeline.segment.code_source import Source

_LOOP = re.compile(
    r"\bfor\s*\(\s*(?:(?:let|var|int|const|auto|size_t|unsigned)\s+)?([A-Za-z_$]\w*)\s*=\s*0\s*;"
    r"\s*\1\s*(<=?)\s*(\d+|[A-Za-z_$][\w$.]*)\s*;\s*(?:\1\s*\+\+|\+\+\s*\1|\1\s*\+=\s*1)\s*\)"
    r"|\bfor\s+([A-Za-z_]\w*)\s+in\s+range\(\s*(?:0\s*,\s*)?(\d+|[A-Za-z_][\w.]*)\s*\)\s*:"
)


def counted_loops(src: Source) -> list[tuple[int, str, int, int, int]]:
    """Counted loops: (line, variable, count, first line, last line of the body)."""
    if src.loops is not None:
        return src.loops
    out: list[tuple[int, str, int, int, int]] = []
    src.loops = out
    for n, line in enumerate(src.lines):
        for m in _LOOP.finditer(line):
            if m.group(1):
                var, bound, inclusive = m.group(1), m.group(3), m.group(2) == "<="
            else:
                var, bound, inclusive = m.group(4), m.group(5), False
            count = int(bound) if bound.isdigit() else _constant(src, bound)
            if count is None:
                continue
            end = _body_end(src, n, m.end())
            out.append((n, var, count + inclusive, n, end))
    return out


def _constant(src: Source, name: str) -> int | None:
    """The number a name is given once in the file (`const COLS = 10;`, `self.COLS = 10`):
    None when it is given none, another value too, or anything but a literal."""
    if name in src.constants:
        return src.constants[name]
    last = re.escape(name.rsplit(".", 1)[-1])
    values = set()
    for m in re.finditer(
        rf"(?<![\w$])(?:this\.|self\.)?{last}\s*(?::\s*\w+\s*)?=(?!=)\s*([^;,\n]*)",
        src.text,
    ):
        values.add(m.group(1).strip())
    src.constants[name] = _only_number(values)
    return src.constants[name]


def _only_number(values: set[str]) -> int | None:
    """The one number all the values written are, or None."""
    if len(values) != 1:
        return None
    value = values.pop()
    return int(value) if value.isdigit() else None


def _body_end(src: Source, n: int, col: int) -> int:
    """The last line of a loop's body that begins at line `n`, column `col`."""
    lines = src.lines
    rest = lines[n][col:]
    if rest.strip().startswith("{") or (
        not rest.strip() and n + 1 < len(lines) and lines[n + 1].strip().startswith("{")
    ):
        depth = 0
        for k in range(n, len(lines)):
            seg = lines[k][col:] if k == n else lines[k]
            seg = re.sub(r"//.*|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", "", seg)
            depth += seg.count("{") - seg.count("}")
            if depth <= 0 and "{" in "".join(lines[n : k + 1])[col:]:
                return k
        return len(lines) - 1
    if rest.strip():
        return n
    indent = len(lines[n]) - len(lines[n].lstrip())
    k = n + 1
    while k < len(lines) and (
        not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > indent
    ):
        k += 1
    return k - 1
