"""Counted loops of a source (`for (i = 0; i < 7; i++)`, `for i in range(COLS):`): their
variable, their count (a literal or a name given one number in the file) and the lines of
their body, found once per source for the readers of deals, draws and packs."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.segment.code_source import LINE_COMMENT, Source

_BOUND = r"(?:\d+|[A-Za-z_$][\w$.]*(?:\s*[-+]\s*\d+)?)"
_TYPE = r"(?:(?:let|var|int|const|auto|size_t|unsigned|long|Int|usize)\s+)?"
# a step of one: `i++`, `++i`, `i += 1`, `i = i + 1`, `i = 1 + i` (PHP's `$i` too)
_STEP = (
    r"(?:\$?(?P=v)\s*\+\+|\+\+\s*\$?(?P=v)|\$?(?P=v)\s*\+=\s*1"
    r"|\$?(?P=v)\s*=\s*(?:\$?(?P=v)\s*\+\s*1|1\s*\+\s*\$?(?P=v))(?![\w.]))"
)
# loop headers by language; each names its variable `v`, first value `lo`, bound `hi` and
# whether the bound is reached (`op`: `<=`, `..`, `...`, `..=`, `through`)
_HEADERS = [
    # C, JS, Java, C#, C++, PHP, Dart; Go without the brackets
    rf"\bfor\s*\(\s*{_TYPE}\$?(?P<v>[A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=\s*(?P<lo>{_BOUND})\s*;"
    rf"\s*\$?(?P=v)\s*(?P<op><=?)\s*(?P<hi>{_BOUND})\s*;\s*"
    rf"{_STEP}\s*\)",
    rf"\bfor\s+(?P<v>[A-Za-z_]\w*)\s*:=\s*(?P<lo>{_BOUND})\s*;\s*(?P=v)\s*(?P<op><=?)\s*"
    rf"(?P<hi>{_BOUND})\s*;\s*{_STEP}\s*\{{",
    # Python
    rf"\bfor\s+(?P<v>[A-Za-z_]\w*)\s+in\s+range\(\s*(?:(?P<lo>{_BOUND})\s*,\s*)?"
    rf"(?P<hi>{_BOUND})\s*\)\s*:",
    # Kotlin: `for (i in 0 until n)`, `for (i in 0..n - 1)`
    rf"\bfor\s*\(\s*(?P<v>[A-Za-z_]\w*)\s+in\s+(?P<lo>{_BOUND})\s*(?P<op>until|\.\.<|\.\.)\s*"
    rf"(?P<hi>{_BOUND})\s*\)",
    # Lua `for i = 1, n do`, Pascal/Delphi `for i := 1 to n do`, Basic `for i = 1 to n`:
    # the last value reached (a step of one only)
    rf"\bfor\s+(?P<v>[A-Za-z_]\w*)\s*:?=\s*(?P<lo>{_BOUND})\s*(?P<op>,|\bto\b)\s*"
    rf"(?P<hi>{_BOUND})\s*(?:(?:,|\bstep\b)\s*1\s*)?(?:\bdo\b|$)",
    # Swift `for i in 0..<n {`, `1...n`; Rust `for i in 0..n {`, `1..=n`
    rf"\bfor\s+(?P<v>[A-Za-z_]\w*)\s+in\s+\(?\s*(?P<lo>{_BOUND})\s*(?P<op>\.\.<|\.\.\.|\.\.=|\.\.)\s*"
    rf"(?P<hi>{_BOUND})\s*\)?\s*\{{",
    # a range's items given to a block, the range in Ruby's spelling (`..` reaches its
    # bound, `...` stops before it): `for i in 0...n` (no brace: Ruby), `(0...n).each do |i|`,
    # `(1..n).each { |i|`, `1.upto(n) do |i|` (the bound reached); `n.times do |i|` counts
    # from 0 to n - 1
    rf"\bfor\s+(?P<v>[A-Za-z_]\w*)\s+in\s+\(?\s*(?P<lo>{_BOUND})\s*(?P<rop>\.\.\.|\.\.)\s*"
    rf"(?P<hi>{_BOUND})\s*\)?\s*(?:\bdo\b\s*)?$",
    rf"\(\s*(?P<lo>{_BOUND})\s*(?P<rop>\.\.\.|\.\.)\s*(?P<hi>{_BOUND})\s*\)\s*\.\s*each\s*"
    rf"(?:\bdo\b|\{{)\s*\|\s*(?P<v>[A-Za-z_]\w*)\s*\|",
    rf"(?<![\w.])(?P<lo>\d+|[A-Za-z_]\w*)\s*\.\s*(?P<op>upto)\s*\(\s*(?P<hi>{_BOUND})\s*\)\s*"
    rf"(?:\bdo\b|\{{)\s*\|\s*(?P<v>[A-Za-z_]\w*)\s*\|",
    rf"(?:(?<![\w.])(?P<hi>\d+|[A-Za-z_][\w.]*)|\(\s*(?P<hi2>{_BOUND})\s*\))\s*\.\s*times\s*"
    rf"(?:\bdo\b|\{{)\s*\|\s*(?P<v>[A-Za-z_]\w*)\s*\|",
]
_HEADER_RES = [re.compile(h, re.M) for h in _HEADERS]
_SWIFT_RUST = 5  # the index of Swift's and Rust's header, whose `..` differ
_LOOP_WORDS = ("for", "each", "times", "upto")  # a line without one holds no header
_REACHED = {"<=": 1, "..": 1, "...": 1, "..=": 1, ",": 1, "to": 1, "upto": 1}


@dataclass(frozen=True)
class Bound:
    """A loop bound: a name (empty for a number) plus a number (`i + 1` → ("i", 1))."""

    name: str
    offset: int


@dataclass(frozen=True)
class Header:
    """A counted loop's header: its variable, first value and the value it stops before."""

    start: int  # offsets of the header in the text searched
    end: int
    var: str
    lo: Bound
    hi: Bound  # exclusive


def _bound(text: str) -> Bound:
    text = text.replace("$", "")  # PHP's `$i`
    m = re.fullmatch(r"\s*([A-Za-z_$][\w$.]*)?\s*(?:([-+])\s*)?(\d+)?\s*", text)
    if m is None or not (m.group(1) or m.group(3)):
        return Bound(text.strip(), 0)
    n = int(m.group(3) or 0) * (-1 if m.group(2) == "-" else 1)
    return Bound(m.group(1) or "", n)


def headers(text: str) -> list[Header]:
    """Every counted loop header of a text, its bounds as written (`for (j = i; j < 7; j++)`
    → j from ("i", 0) to ("", 7)), the last value reached turned into the one stopped before
    (`j <= i` → `j < i + 1`; Kotlin's `0..n`, Swift's `1...n`, Rust's `1..=n`)."""
    out: list[Header] = []
    for k, rx in enumerate(_HEADER_RES):
        for m in rx.finditer(text):
            d = m.groupdict()
            lo = _bound(d.get("lo") or "0")
            hi = _bound(d.get("hi") or d["hi2"])
            op = d.get("op") or "<"
            if op == ".." and k == _SWIFT_RUST:  # Rust: `0..n` stops before n
                op = "<"
            if d.get("rop"):  # Ruby: `...` stops before its bound, `..` reaches it
                op = ".." if d["rop"] == ".." else "<"
            hi = Bound(hi.name, hi.offset + _REACHED.get(op, 0))
            out.append(Header(m.start(), m.end(), d["v"], lo, hi))
    return sorted(out, key=lambda h: h.start)


def counted_loops(src: Source, from_any: bool = False) -> list[tuple[int, str, int, int, int]]:
    """Counted loops from 0 or 1 to a number: (line, variable, count of turns, first value,
    last line of the body). `from_any`: also loops from any other number (`for (i = 6; i <
    13; i++)`, piles 6 … 12 of a program's one array of piles)."""
    if src.loops is None:
        src.loops = _counted(src)
    return src.loops if from_any else [x for x in src.loops if x[3] in (0, 1)]


def _counted(src: Source) -> list[tuple[int, str, int, int, int]]:
    out: list[tuple[int, str, int, int, int]] = []
    for n, line in enumerate(src.lines):
        if not any(w in line for w in _LOOP_WORDS):
            continue
        for h in headers(line):
            if h.lo.name:
                continue
            if h.hi.name:
                value = constant(src, h.hi.name)
                if value is None:
                    continue
                stop = value + h.hi.offset
            else:
                stop = h.hi.offset
            if stop <= h.lo.offset and h.lo.offset not in (0, 1):
                continue
            end = body_end(src, n, h.end)
            out.append((n, h.var, stop - h.lo.offset, h.lo.offset, end))
    return out


def constant(src: Source, name: str) -> int | None:
    """The number a name is given once in the file (`const COLS = 10;`, `self.COLS = 10`, Go's
    and Pascal's `COLS := 10`, a member `RULES.COLS` of `RULES = { COLS: 10 }`, of a JSON
    document `{"COLS": 10}` or of a YAML one, `COLS: 10` on its line): None when it is given
    none, another value too, or anything but a literal."""
    if name in src.constants:
        return src.constants[name]
    last = re.escape(name.rsplit(".", 1)[-1])
    values = set()
    for m in re.finditer(
        rf"(?<![\w$])(?:this\.|self\.)?{last}\s*(?::\s*\w+\s*)?:?=(?!=)\s*([^;,\n]*)",
        src.text,
    ):
        values.add(LINE_COMMENT.sub("", m.group(1)).strip())  # `COLS = 10  # столбцы`
    if "." in name:
        # a member of a settings object or dictionary: `RULES = { COLS: 7, … }`, `{"COLS": 7}`,
        # or a key of a YAML document the program reads (`COLS: 7` on a line of its own)
        for m in re.finditer(
            rf"(?:[{{,]|^[ \t]*)\s*[\"']?{last}[\"']?\s*:\s*(\d+)\s*(?=[,}}\n]|$)",
            src.text,
            re.M,
        ):
            values.add(m.group(1))
    src.constants[name] = _only_number(values)
    return src.constants[name]


def _only_number(values: set[str]) -> int | None:
    """The one number all the values written are, or None."""
    if len(values) != 1:
        return None
    value = values.pop()
    return int(value) if value.isdigit() else None


def loop_body(src: Source, n: int, var: str, end: int) -> str:
    """The body of the counted loop over `var` whose header is on line n and whose body
    ends on line `end`: the lines after the header, or the rest of the header's line for a
    body on the same line (from the first `)` in C, after `{` in Go, after `do` in Lua)."""
    if end > n:
        return "\n".join(src.lines[n + 1 : end + 1])
    line = src.lines[n]
    if re.search(r"\bfor\s*\(", line):
        return line[line.find(")") :]
    h = next((h for h in headers(line) if h.var == var), None)
    return line[h.end :] if h is not None else line[line.find(")") :]


def body_end(src: Source, n: int, col: int) -> int:
    """The last line of a loop's body that begins at line `n`, column `col`: the line of
    the `end` that closes a block opened on line n where blocks are closed so (Lua, Ruby);
    a header that ends with its block's `{` (Go's, Swift's, Rust's `for i in 0..7 {`) opens
    a block in braces; else the lines indented under the header."""
    lines = src.lines
    if src.keyword_blocks:  # Lua's and Ruby's block: to its `end`
        for hid, head in enumerate(src.headers):
            end = src.ends.get(hid, len(src.toks))
            if head and head[-1].line == n and end < len(src.toks):
                return src.toks[end].line
    header = lines[n][:col].rstrip()
    if header.endswith("{"):
        col = len(header) - 1
    rest = LINE_COMMENT.sub("", lines[n][col:])  # `for (…) // a comment` ⏎ `{`
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
