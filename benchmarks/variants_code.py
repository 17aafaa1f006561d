"""Meaning-preserving rewrites of program source, for `variants.py` (issue 18: do the readers
learn a class of code or one file's spelling of it?).

Each rewrite changes only the code (never a comment or a string literal: `code_mask` tells them
apart) in a way a compiler or a reader of the rules cannot tell from the original: an
identifier renamed everywhere it stands in code, `let` for `const`, `7 > i` for `i < 7`,
`i += 1` for `i++`, `i <= 6` for `i < 7`, a loop bound named or a named bound inlined, a
comment moved from beside its line to above it. A rewrite that finds nothing it can change
provably returns the text unchanged, and `variants.py` skips that passage: nothing is guessed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

# --- what is code -----------------------------------------------------------------------------


def language(text: str) -> str | None:
    """The source's language family, by its marks; None for text that is not program source
    (help pages, catalogues, markup): fewer than five lines end as statements or blocks."""
    lines = text.splitlines()
    ends = sum(bool(re.search(r"[;{}]\s*(?://.*)?$", ln)) for ln in lines)
    py = sum(bool(re.match(r"\s*(?:def|class|for|if|elif|while)\b[^;{]*:\s*(?:#.*)?$", ln))
             for ln in lines)  # fmt: skip
    if py >= 3 and py * 2 > ends:
        return "python"
    if ends < 5 or re.search(r"(?im)^\s*(?:procedure|begin)\b|:=", text):
        return None  # not source, or Pascal/Go (`var` sections, `:=`): not rewritten here
    if re.search(r"#include\b|\bstd::", text):
        return "cpp"
    if re.search(r"\busing System\b|\bnamespace\s+\w|\bConsole\.|\bpublic\s+(?:override\s+)?"
                 r"(?:void|bool|int|string)\s+[A-Z]", text):  # fmt: skip
        return "csharp"
    if re.search(r"\bimport java\.|\bSystem\.out\b|\bpublic\s+(?:static\s+)?(?:void|boolean)\b",
                 text):  # fmt: skip
        return "java"
    if re.search(r"\bfun\s+\w+\(|\bval\s+\w+\s*=", text):
        return "kotlin"
    if re.search(r"\b(?:const|let|var)\s+[\w$]+\s*=|\bfunction\b|=>", text):
        return "js"
    return None


def code_mask(text: str, lang: str) -> list[bool]:
    """True at each character of code; False inside comments and string literals (quotes
    included), so a rewrite never touches the Russian text a reader takes the rules from."""
    mask = [True] * len(text)
    i, n = 0, len(text)
    hash_comment = lang == "python"
    while i < n:
        c = text[i]
        j = i
        if (text.startswith("//", i) and lang != "python") or (c == "#" and hash_comment):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i) and lang != "python":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif lang == "python" and text.startswith(('"""', "'''"), i):
            j = text.find(text[i : i + 3], i + 3)
            j = n if j < 0 else j + 3
        elif c in "\"'`":
            j = i + 1
            while j < n and text[j] != c and (text[j] != "\n" or c == "`"):
                j += 2 if text[j] == "\\" else 1
            j = min(n, j + 1)
        else:
            i += 1
            continue
        for k in range(i, j):
            mask[k] = False
        i = j
    return mask


def _in_code(mask: list[bool], start: int, end: int) -> bool:
    return all(mask[start:end])


def _sub_code(pattern: re.Pattern[str], text: str, mask: list[bool],
              fn: Callable[[re.Match[str]], str | None]) -> str:  # fmt: skip
    """`pattern.sub` over matches lying wholly in code; `fn` returns None to keep a match."""

    def one(m: re.Match[str]) -> str:
        if not _in_code(mask, m.start(), m.end()):
            return m.group()
        new = fn(m)
        return m.group() if new is None else new

    return pattern.sub(one, text)


# --- identifiers ------------------------------------------------------------------------------

_DECLARED = [
    r"\b(?:let|const|var|function|def|class|val|fun|int|bool|boolean|string|String|double"
    r"|float|auto|void)\s+([A-Za-z_]\w*)",
    r"\b(?:this|self)\.([A-Za-z_]\w*)\s*=(?!=)",
    r"(?m)^\s*(?:async\s+|static\s+)?([a-z_]\w*)\s*\([^()\n]*\)\s*\{",
]
_KEYWORDS = frozenset([
    "if", "for", "while", "switch", "catch", "function", "return", "constructor", "super",
    "this", "self", "new", "else", "do", "try", "render", "main", "init", "toString",
    "equals", "hashCode", "__init__",
])  # fmt: skip


def _declared(text: str, mask: list[bool]) -> list[str]:
    """Names the source itself declares (variables, functions, methods, fields), in order."""
    out: dict[str, None] = {}
    for pat in _DECLARED:
        for m in re.finditer(pat, text):
            if _in_code(mask, m.start(1), m.end(1)) and m.group(1) not in _KEYWORDS:
                out[m.group(1)] = None
    return list(out)


def _parts(name: str) -> list[str] | None:
    """A camelCase or snake_case name's words (None for one word or a CONSTANT)."""
    if "_" in name.strip("_"):
        if name != name.lower():
            return None
        parts = [p for p in name.split("_") if p]
    else:
        parts = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)
        if "".join(parts) != name:
            return None
    return parts if len(parts) > 1 and name[:1] != "_" else None


def _rename(text: str, lang: str, new_name: Callable[[str], str | None]) -> str:
    """Every declared name `new_name` maps renamed wherever it stands in code; a name whose
    new spelling the file already uses is kept (no two names may become one)."""
    mask = code_mask(text, lang)
    used = set(re.findall(r"[A-Za-z_$][\w$]*", text))
    table: dict[str, str] = {}
    for name in _declared(text, mask):
        new = new_name(name)
        if new and new != name and new not in used and new not in table.values():
            table[name] = new
    if not table:
        return text
    pat = re.compile(r"(?<![\w$])(" + "|".join(map(re.escape, table)) + r")(?![\w$])")
    return _sub_code(pat, text, mask, lambda m: table[m.group(1)])


def case_style(text: str, lang: str, rng: random.Random) -> str:
    """camelCase names as snake_case and snake_case ones as camelCase (`canMoveToTableau` ↔
    `can_move_to_tableau`), each declared name everywhere it stands in code."""

    def new(name: str) -> str | None:
        parts = _parts(name)
        if parts is None or name[:1].isupper():
            return None  # a type's PascalCase is kept: only variables and functions
        if "_" in name:
            return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
        return "_".join(p.lower() for p in parts)

    return _rename(text, lang, new)


# English words of solitaire programs, each for another a programmer uses in its place
_SYNONYMS = {
    "pile": "stack", "stack": "pile", "piles": "stacks", "stacks": "piles",
    "foundation": "home", "foundations": "homes", "home": "foundation", "homes": "foundations",
    "waste": "discard", "discard": "waste",
    "column": "col", "columns": "cols", "col": "column", "cols": "columns",
    "cell": "slot", "cells": "slots",
}  # fmt: skip


def synonyms(text: str, lang: str, rng: random.Random) -> str:
    """A word of a declared name for its synonym (`pile` ↔ `stack`, `foundation` ↔ `home`,
    `waste` ↔ `discard`, `column` ↔ `col`, `cell` → `slot`), its case kept:
    `tableauPiles` → `tableauStacks`, `move_to_foundation` → `move_to_home`."""

    def new(name: str) -> str | None:
        words = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|_+", name)
        if "".join(words) != name:
            return None
        out = []
        for w in words:
            syn = _SYNONYMS.get(w.lower())
            if syn is None:
                out.append(w)
            elif w.isupper() and len(w) > 1:
                out.append(syn.upper())
            else:
                out.append(syn[:1].upper() + syn[1:] if w[:1].isupper() else syn)
        return "".join(out)

    return _rename(text, lang, new)


# --- declarations, operators, loops -----------------------------------------------------------


def declarations(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript's `const`, `let` and `var` for one another where the program means the same:
    `const` → `let`, `var` → `let`, `let` → `const` when the name is never assigned again
    (else `var`)."""
    if lang != "js":
        return text
    mask = code_mask(text, lang)

    def one(m: re.Match[str]) -> str | None:
        kw, name = m.group(1), m.group(2)
        if kw in ("const", "var"):
            return "let" + m.group()[len(kw) :]
        again = re.search(
            rf"(?<![\w$.])\s*{re.escape(name)}\s*(?:[-+*/%]?=(?!=)|\+\+|--)", text[m.end() :]
        )
        return ("var" if again or m.group(3) != "=" else "const") + m.group()[len(kw) :]

    pat = re.compile(r"\b(const|let|var)\s+([A-Za-z_$][\w$]*)\s*(=|;|,| of | in )")
    return _sub_code(pat, text, mask, one)


# an operand of a comparison: a name, member, call without arguments or index, with `± n`
_ATOM = r"(?:[A-Za-z_$][\w$]*(?:\(\))?(?:\.[A-Za-z_$][\w$]*(?:\(\))?|\[[\w$.]+\])*|\d+)"
_OPERAND = rf"{_ATOM}(?:\s*[-+]\s*(?:\d+|{_ATOM}))?"
_BEFORE = r"(?:(?<=\()|(?<=&&)|(?<=\|\|)|(?<=[=?:,;!](?<![=!<>]=))|(?<=\breturn)|(?<=\bif)" \
    r"|(?<=\bwhile)|(?<=\band)|(?<=\bor)|(?<=\bnot)|(?<=\belif))"  # fmt: skip
_COMPARISON = re.compile(
    rf"{_BEFORE}(\s*)({_OPERAND})(\s*)(===|!==|==|!=|<=|>=|<|>)(\s*)({_OPERAND})"
    r"(?=\s*(?:\)|&&|\|\||;|\?|,|:|\band\b|\bor\b|$))",
    re.M,
)
_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "===": "===", "!=": "!=",
         "!==": "!=="}  # fmt: skip


def comparisons(text: str, lang: str, rng: random.Random) -> str:
    """Each comparison of two simple operands written the other way round: `a > b` as
    `b < a`, `card.rank === top.rank - 1` as `top.rank - 1 === card.rank` (the operands bind
    tighter than the comparison and it stands alone between `(`, `&&`, `||`, `;`, `?`)."""
    mask = code_mask(text, lang)

    def one(m: re.Match[str]) -> str | None:
        a, op, b = m.group(2), m.group(4), m.group(6)
        if op in ("<", ">") and lang != "python" and re.match(r"[A-Z]", a) and b[:1].isupper():
            return None  # a generic type's brackets (`List<Card>`), not a comparison
        return f"{m.group(1)}{b}{m.group(3)}{_FLIP[op]}{m.group(5)}{a}"

    return _sub_code(_COMPARISON, text, mask, one)


def increments(text: str, lang: str, rng: random.Random) -> str:
    """`i++` and `++i` as `i += 1` (`--` as `-= 1`) where they stand as a statement or a loop's
    step, and `i += 1` as `i++`."""
    if lang == "python":
        return text
    mask = code_mask(text, lang)
    v = r"[A-Za-z_$][\w$.]*"
    pat = re.compile(rf"(?<=[;(\s{{])(?:({v})(\+\+|--)|(\+\+|--)({v})|({v}) ([-+])= 1)(?=\s*[;)])")

    def one(m: re.Match[str]) -> str:
        if m.group(5):
            return f"{m.group(5)}{m.group(6) * 2}"
        name, op = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        return f"{name} {op[0]}= 1"

    return _sub_code(pat, text, mask, one)


_FOR_C = re.compile(
    r"\bfor\s*\(([^;()\n]*;\s*)([A-Za-z_$][\w$]*)(\s*)(<=|<)(\s*)(\d+|[A-Za-z_$][\w$.]*)(\s*;)"
)
_RANGE = re.compile(r"\brange\(\s*(\d+|[A-Za-z_][\w.]*)\s*\)")


def loop_bounds(text: str, lang: str, rng: random.Random) -> str:
    """A counted loop's bound written the other way: `i < 7` as `i <= 6` (`i < n` as
    `i <= n - 1`), `i <= 7` as `i < 8`; Python's `range(7)` as `range(0, 7)`."""
    mask = code_mask(text, lang)
    if lang == "python":
        return _sub_code(_RANGE, text, mask, lambda m: f"range(0, {m.group(1)})")

    def one(m: re.Match[str]) -> str:
        op, hi = m.group(4), m.group(6)
        if hi.isdigit():
            new_op, new_hi = ("<=", str(int(hi) - 1)) if op == "<" else ("<", str(int(hi) + 1))
        else:
            new_op, new_hi = ("<=", f"{hi} - 1") if op == "<" else ("<", f"{hi} + 1")
        return f"for ({m.group(1)}{m.group(2)}{m.group(3)}{new_op}{m.group(5)}{new_hi}{m.group(7)}"

    return _sub_code(_FOR_C, text, mask, one)


_DECLARE = {
    "js": "const {} = {};", "java": "final int {} = {};", "csharp": "const int {} = {};",
    "cpp": "const int {} = {};", "kotlin": "val {} = {}", "python": "{} = {}",
}  # fmt: skip


def _line_starts(lines: list[str]) -> list[int]:
    """Each line's offset in the text the lines were split from."""
    starts, pos = [], 0
    for ln in lines:
        starts.append(pos)
        pos += len(ln) + 1
    return starts


def name_bounds(text: str, lang: str, rng: random.Random) -> str:
    """A loop's literal bound named: `for (let i = 0; i < 7; i++)` gets `const LIMIT_1 = 7;`
    on the line above and `i < LIMIT_1` (a constant declared where the loop stands)."""
    mask = code_mask(text, lang)
    lines = text.split("\n")
    starts = _line_starts(lines)
    count = 0
    for k, ln in enumerate(lines):
        m = (_RANGE if lang == "python" else _FOR_C).search(ln)
        if m is None or not _in_code(mask, starts[k] + m.start(), starts[k] + m.end()):
            continue
        hi_group = 1 if lang == "python" else 6
        if not m.group(hi_group).isdigit() or ln[: m.start()].strip():
            continue  # only a loop that opens its line: the declaration goes above it
        count += 1
        name = f"LIMIT_{count}"
        indent = ln[: len(ln) - len(ln.lstrip())]
        new = ln[: m.start(hi_group)] + name + ln[m.end(hi_group) :]
        lines[k] = indent + _DECLARE[lang].format(name, m.group(hi_group)) + "\n" + new
    return "\n".join(lines)


_CONSTANT = re.compile(
    r"(?m)^\s*(?:(?:export|public|private|protected|static|final|readonly|internal)\s+)*"
    r"(?:const\s+(?:int\s+)?|final\s+int\s+|val\s+|(?=[A-Z][A-Z0-9_]*\s*=))([A-Za-z_]\w*)"
    r"(?:\s*:\s*\w+)?\s*=\s*(\d+)\s*;?\s*(?://.*|#.*)?$"
)


def inline_constants(text: str, lang: str, rng: random.Random) -> str:
    """A name declared once as a number (`const COLUMNS = 7;`, `static final int COLS = 7;`,
    `COLS = 7`) and never assigned again: its uses in code written as the number (the
    declaration stays). Not a bit flag (`c | UP`, `c & FACE_UP`): a bare bit says nothing."""
    mask = code_mask(text, lang)
    out = text
    for m in _CONSTANT.finditer(text):
        name, value = m.group(1), m.group(2)
        if not _in_code(mask, m.start(1), m.end(1)):
            continue
        if len(re.findall(rf"(?<![\w$.]){name}\s*(?:[-+*/]?=(?!=)|\+\+|--)", text)) != 1:
            continue
        if re.search(rf"(?:[&|^~]|<<|>>)\s*{name}\b|\b{name}\s*(?:[&|^]|<<|>>)", text):
            continue  # a bit flag (`card | UP`): its name is all a reader learns of it
        use = re.compile(rf"(?<![\w$])(?:(?:this|self|[A-Z]\w*)\.)?{name}(?![\w$])")
        cur_mask = code_mask(out, lang)
        decl_at = out.find(m.group().strip())
        decl_end = decl_at + len(m.group().strip())

        def one(
            u: re.Match[str], lo: int = decl_at, hi: int = decl_end, num: str = value
        ) -> str | None:
            return None if lo <= u.start() < hi else num

        out = _sub_code(use, out, cur_mask, one)
    return out


def comments(text: str, lang: str, rng: random.Random) -> str:
    """A comment beside its line moved above it (same indentation), and a comment alone on a
    line above one line of code moved beside that line."""
    mark = "#" if lang == "python" else "//"
    mask = code_mask(text, lang)
    lines = text.split("\n")
    starts = _line_starts(lines)

    def comment_at(k: int) -> int | None:
        """Where a `//` comment that runs to the end of line k starts, if it does."""
        ln = lines[k]
        i = ln.find(mark)
        while i >= 0:
            if not mask[starts[k] + i] and (i == 0 or mask[starts[k] + i - 1]):
                return i
            i = ln.find(mark, i + 1)
        return None

    def is_code(k: int) -> bool:
        s = lines[k].strip()
        lead = starts[k] + len(lines[k]) - len(lines[k].lstrip())
        bare = re.fullmatch(r"[{}()\[\];,]+", s)
        return (
            bool(s)
            and comment_at(k) is None
            and not bare
            and all(mask[lead : starts[k] + len(lines[k])])
        )

    out: list[str] = []
    k = 0
    while k < len(lines):
        ln = lines[k]
        c = comment_at(k)
        indent = ln[: len(ln) - len(ln.lstrip())]
        if c is not None and ln[:c].strip():  # beside its line: above it
            out += [indent + ln[c:].rstrip(), ln[:c].rstrip()]
        elif (c is not None and c == len(indent) and k + 1 < len(lines) and is_code(k + 1)
              and (k == 0 or comment_at(k - 1) is None)
              and not lines[k + 1].rstrip().endswith(("\\", ","))):  # fmt: skip
            out.append(lines[k + 1].rstrip() + " " + ln.strip())
            k += 1
        else:
            out.append(ln)
        k += 1
    return "\n".join(out)


# --- the second batch (recorded before its own first measurement) ---------------------------


def equality(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript's strict and loose equality for one another (`===` ↔ `==`, `!==` ↔ `!=`):
    a rule's comparison of ranks, suits or a null means the same either way."""
    if lang != "js":
        return text
    mask = code_mask(text, lang)
    swap = {"===": "==", "==": "===", "!==": "!=", "!=": "!=="}
    pat = re.compile(r"(?<![=!<>])(===|!==|==|!=)(?!=)")
    return _sub_code(pat, text, mask, lambda m: swap[m.group(1)])


def spacing(text: str, lang: str, rng: random.Random) -> str:
    """The spaces around comparison, logical and assignment operators taken out
    (`i < 7` → `i<7`, `a && b` → `a&&b`), as compact code writes them."""
    mask = code_mask(text, lang)
    pat = re.compile(r"[ \t]+(===|!==|==|!=|<=|>=|&&|\|\||[-+*/]?=(?!=)|<|>)[ \t]+")

    def one(m: re.Match[str]) -> str | None:
        if m.group(1) in ("<", ">") and lang != "python":
            return None  # may be a generic type's bracket: left alone
        return m.group(1)

    return _sub_code(pat, text, mask, one)


def quotes(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript's and Python's string literals in the other quotes (`'tableau'` ↔
    `"tableau"`, Russian text included) where the other quote and a backslash are not in
    them."""
    if lang not in ("js", "python"):
        return text
    mask = code_mask(text, lang)
    out, i = [], 0
    for m in re.finditer(r"'([^'\"\\\n]*)'|\"([^'\"\\\n]*)\"", text):
        if (m.start() > 0 and not mask[m.start() - 1]) or mask[m.start()]:
            continue  # inside a comment or another string, or not a literal's own quote
        q = "'" if m.group(1) is None else '"'
        body = m.group(2) if m.group(1) is None else m.group(1)
        out += [text[i : m.start()], q + body + q]
        i = m.end()
    return "".join(out) + text[i:]


def empty_tests(text: str, lang: str, rng: random.Random) -> str:
    """A test of an empty pile written the other way: `x.length === 0` ↔ `!x.length`,
    `x.length > 0` as `x.length !== 0` (JavaScript), `len(x) == 0` ↔ `not x` (Python)."""
    mask = code_mask(text, lang)
    if lang == "js":
        name = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[[\w$.]+\])*"
        pat = re.compile(
            rf"(?<![\w$.!])({name})\.length\s*(===?|>)\s*0(?![\w.])|!({name})\.length(?![\w$(])"
        )

        def one(m: re.Match[str]) -> str:
            if m.group(3):
                return f"{m.group(3)}.length === 0"
            return f"!{m.group(1)}.length" if m.group(2) != ">" else f"{m.group(1)}.length !== 0"

        return _sub_code(pat, text, mask, one)
    if lang == "python":
        pat = re.compile(r"\blen\(([A-Za-z_][\w.]*(?:\[[\w.]+\])?)\)\s*==\s*0\b")
        return _sub_code(pat, text, mask, lambda m: f"not {m.group(1)}")
    return text


def arrows(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript's `function name(args) {` ↔ `const name = (args) => {` at a statement's
    start (a named function either way; `this` is not used inside the ones turned)."""
    if lang != "js":
        return text
    mask = code_mask(text, lang)
    fn = re.compile(
        r"(?m)^([ \t]*(?:export\s+)?)function\s+([A-Za-z_$][\w$]*)\s*\(([^()\n]*)\)\s*\{"
    )
    arrow = re.compile(
        r"(?m)^([ \t]*(?:export\s+)?)const\s+([A-Za-z_$][\w$]*)\s*=\s*\(([^()\n]*)\)\s*=>\s*\{"
    )

    def body_uses_this(at: int) -> bool:
        depth, k = 0, text.index("{", at)
        for k in range(text.index("{", at), len(text)):
            if mask[k] and text[k] == "{":
                depth += 1
            elif mask[k] and text[k] == "}":
                depth -= 1
                if depth == 0:
                    break
        return bool(re.search(r"\bthis\b|\barguments\b", text[at:k]))

    def to_arrow(m: re.Match[str]) -> str | None:
        if body_uses_this(m.start()):
            return None
        return f"{m.group(1)}const {m.group(2)} = ({m.group(3)}) => {{"

    def to_function(m: re.Match[str]) -> str | None:
        return f"{m.group(1)}function {m.group(2)}({m.group(3)}) {{"

    return _both(text, lang, [(fn, to_arrow), (arrow, to_function)])


def _both(
    text: str,
    lang: str,
    ways: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]]],
) -> str:
    """Each pattern's matches rewritten by its function, in one pass over the original text
    (so a form turned into the other is not turned back)."""
    mask = code_mask(text, lang)
    spans = sorted((m.start(), m.end(), fn(m)) for pat, fn in ways for m in pat.finditer(text))
    out, i = [], 0
    for a, b, new in spans:
        if new is None or not all(mask[a + len(text[a:b]) - len(text[a:b].lstrip()) : b]):
            continue
        out += [text[i:a], new]
        i = b
    return "".join(out) + text[i:]


def steps(text: str, lang: str, rng: random.Random) -> str:
    """A counted loop's step `i++` written `i = i + 1` (C-like languages)."""
    if lang == "python":
        return text
    mask = code_mask(text, lang)
    pat = re.compile(r"(\bfor\s*\([^;()\n]*;[^;()\n]*;\s*)([A-Za-z_$][\w$]*)\+\+(\s*\))")
    return _sub_code(
        pat, text, mask, lambda m: f"{m.group(1)}{m.group(2)} = {m.group(2)} + 1{m.group(3)}"
    )


def tabs(text: str, lang: str, rng: random.Random) -> str:
    """Each line's indent of spaces written as tabs (four or two spaces a tab, as the file
    indents), the code and its text unchanged."""
    widths = [len(ln) - len(ln.lstrip(" ")) for ln in text.split("\n") if ln.strip()]
    unit = 4 if widths and all(w % 4 == 0 for w in widths) else 2
    return "\n".join(
        "\t" * ((len(ln) - len(ln.lstrip(" "))) // unit)
        + " " * ((len(ln) - len(ln.lstrip(" "))) % unit)
        + ln.lstrip(" ")
        for ln in text.split("\n")
    )


# --- the third batch (recorded before its own first measurement) ----------------------------


def wrapped(text: str, lang: str, rng: random.Random) -> str:
    """A condition inside brackets broken after each `&&` / `||` (`and` / `or` in Python),
    its next part on a line of its own indented eight spaces more, as long conditions are
    written."""
    mask = code_mask(text, lang)
    ops = r"and|or" if lang == "python" else r"&&|\|\|"
    out: list[str] = []
    pos = 0
    for ln in text.split("\n"):
        indent = ln[: len(ln) - len(ln.lstrip())]
        pieces, last, depth = [], 0, 0
        for k, ch in enumerate(ln):
            if not mask[pos + k]:
                continue
            depth += ch in "(["
            depth -= ch in ")]"
            m = re.match(rf"\s+({ops})\s+", ln[k:]) if depth > 0 and ch in " \t" else None
            if m and all(mask[pos + k : pos + k + m.end()]) and k >= last:
                pieces.append(ln[last:k] + " " + m.group(1))
                last = k + m.end()
        pieces.append(ln[last:])
        out.append(("\n" + indent + " " * 8).join(pieces))
        pos += len(ln) + 1
    return "\n".join(out)


def semicolons(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript without the semicolon that ends a line's statement (as many modern sources
    are written); not after `for (…;` parts nor before a line that opens with a bracket."""
    if lang != "js":
        return text
    mask = code_mask(text, lang)
    lines = text.split("\n")
    out, pos = [], 0
    for k, ln in enumerate(lines):
        body = ln.rstrip()
        nxt = next((x.strip() for x in lines[k + 1 :] if x.strip()), "")
        if (
            body.endswith(";")
            and mask[pos + len(body) - 1]
            and not re.match(r"\s*for\s*\(", ln)
            and nxt[:1] not in ("(", "[", "`", "+", "-", "/")
        ):
            ln = body[:-1] + ln[len(body) :]
        out.append(ln)
        pos += len(lines[k]) + 1
    return "\n".join(out)


def braces(text: str, lang: str, rng: random.Random) -> str:
    """A branch of one statement on its condition's line given braces: `if (c) return x;`
    → `if (c) { return x; }` (C-like languages)."""
    if lang == "python":
        return text
    mask = code_mask(text, lang)
    cond = r"\((?:[^()\n]|\((?:[^()\n]|\([^()\n]*\))*\))*\)"
    pat = re.compile(
        rf"(?m)^([ \t]*(?:else\s+)?if\s*)({cond})[ \t]*([^{{}};\n][^{{}};\n]*;)[ \t]*$"
    )
    return _sub_code(pat, text, mask, lambda m: f"{m.group(1)}{m.group(2)} {{ {m.group(3)} }}")


CODE_CHANGES: dict[str, Callable[[str, str, random.Random], str]] = {
    "case-style": case_style,
    "code-synonyms": synonyms,
    "declarations": declarations,
    "comparisons": comparisons,
    "increments": increments,
    "loop-bounds": loop_bounds,
    "name-bounds": name_bounds,
    "inline-constants": inline_constants,
    "comments": comments,
    "equality": equality,
    "spacing": spacing,
    "quotes": quotes,
    "empty-tests": empty_tests,
    "arrows": arrows,
    "steps": steps,
    "tabs": tabs,
    "wrapped": wrapped,
    "semicolons": semicolons,
    "braces": braces,
}
