"""Translations of a JavaScript/TypeScript source's constructs into other languages, for
`variants.py` (issue 18: the development's programs are mostly JavaScript; do the code readers
read the same rules written in Python, C#, Java, Kotlin, Go or Lua, as constants in a settings
table, as a `switch`?).

Each translation rewrites one construct at a time into its exact counterpart in the target
language: a counted loop `for (let i = 0; i < 7; i++) {` as `for i in range(7):`, `for i = 0, 6
do`, `for (i in 0 until 7)`, `for i := 0; i < 7; i++ {`, `for (int i = 0; …)`; a `for … of`
loop as `for x in xs:` / `foreach (var x in xs)` / `for (x : xs)`; a function's header; `===`,
`&&`, `!`, `null`, `this.`, `x.length`, `x.push(` in the target's spelling; a block's braces as
indentation (Python) or `end` (Lua). Comments and string literals keep their words (only the
comment's marker changes: `#`, `--`, `///`). A construct the translation does not know is left
as it was written (an arrow function, a template string, a regular expression), so a
translated source may keep a few JavaScript lines: the rules it states are the same. Only
sources `variants_code.language` calls "js" are translated; any other is skipped, as is a
source in which the translation finds nothing it can change.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from variants_code import code_mask

_ID = r"[A-Za-z_$][\w$]*"
_RET = r"(?:\s*:\s*[\w<>\[\]| ]+)?"  # a TypeScript result type
_ANN = r"(\s*:\s*[\w<>\[\]| ]+?)?"  # a TypeScript annotation
_VAL = r"(?:\d+|[A-Za-z_$][\w$.]*(?:\s*[-+]\s*\d+)?|[\w$.]+\.length(?:\s*[-+]\s*\d+)?)"


# --- the skeleton: code with every string and comment as one placeholder character ----------


class Skeleton:
    """A source with each string literal and comment replaced by one private-use character,
    so that the translations' patterns see code only; `restore` puts them back (a comment's
    marker in the target's spelling)."""

    def __init__(self, text: str) -> None:
        self.pieces: list[str] = []
        out: list[str] = []
        i, n = 0, len(text)
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
            elif text.startswith("/*", i):
                j = text.find("*/", i + 2)
                j = n if j < 0 else j + 2
            elif c in "\"'`":
                j = i + 1
                while j < n and text[j] != c and (text[j] != "\n" or c == "`"):
                    j += 2 if text[j] == "\\" else 1
                j = min(n, j + 1)
            else:
                out.append(c)
                i += 1
                continue
            self.pieces.append(text[i:j])
            out.append(chr(0xE000 + len(self.pieces) - 1))
            i = j
        self.text = "".join(out)

    def restore(self, text: str, line_mark: str = "//", block: bool = True) -> str:
        def one(m: re.Match[str]) -> str:
            piece = self.pieces[ord(m.group()) - 0xE000]
            if piece.startswith("//"):
                return line_mark + piece[2:]
            if piece.startswith("/*") and not block:
                body = piece[2:-2] if piece.endswith("*/") else piece[2:]
                lines = [re.sub(r"^\s*\*\s?", "", ln) for ln in body.split("\n")]
                lines = [ln for ln in lines if ln.strip()] or [""]
                return "\n".join(line_mark + " " + ln for ln in lines)
            return piece

        return re.sub("[\ue000-\uf8ff]", one, text)


def _is_comment(sk: Skeleton, ch: str) -> bool:
    return (
        len(ch) == 1
        and 0xE000 <= ord(ch) < 0xF900
        and sk.pieces[ord(ch) - 0xE000][:2]
        in (
            "//",
            "/*",
        )
    )


def _code_part(sk: Skeleton, line: str) -> tuple[str, str]:
    """A skeleton line's code and the comments that end it."""
    k = len(line)
    while k > 0 and (line[k - 1] in " \t" or _is_comment(sk, line[k - 1])):
        k -= 1
    return line[:k], line[k:]


def _matching(text: str) -> dict[int, int]:
    """Each `{` of a skeleton's code with its `}`."""
    out, stack = {}, []
    for i, c in enumerate(text):
        if c == "{":
            stack.append(i)
        elif c == "}" and stack:
            out[stack.pop()] = i
    return out


# --- expressions ------------------------------------------------------------------------------


def _num(v: str, d: int) -> str:
    """`v + d` written as a program would: computed for a number, `n - 1` for a name."""
    v = v.strip()
    if v.isdigit():
        return str(int(v) + d)
    m = re.fullmatch(r"(.*?)\s*([-+])\s*(\d+)", v)
    if m:
        k = int(m.group(3)) * (1 if m.group(2) == "+" else -1) + d
        return m.group(1) if k == 0 else f"{m.group(1)} {'+' if k > 0 else '-'} {abs(k)}"
    return v if d == 0 else f"{v} {'+' if d > 0 else '-'} {abs(d)}"


_LOOP = re.compile(
    rf"for\s*\(\s*(?:let|var|const)?\s*(?P<v>{_ID})\s*(?::\s*\w+\s*)?=\s*(?P<lo>{_VAL})\s*;"
    rf"\s*(?P=v)\s*(?P<op><=|>=|<|>)\s*(?P<hi>{_VAL})\s*;\s*"
    rf"(?P<step>(?P=v)\s*\+\+|\+\+\s*(?P=v)|(?P=v)\s*\+=\s*1|(?P=v)\s*--|--\s*(?P=v)|(?P=v)\s*-=\s*1)"
    r"\s*\)"
)
_OF = re.compile(
    rf"for\s*\(\s*(?:let|var|const)\s+(?P<v>{_ID}|\[\s*{_ID}(?:\s*,\s*{_ID})*\s*\])\s+"
    rf"(?P<kind>of|in)\s+(?P<e>[^{{}}]+?)\s*\)"
)


def _loop(m: re.Match[str]) -> tuple[str, str, str, str, bool] | None:
    """A counted loop's variable, first value, first value not reached, step ±1 and
    whether it counts up; None for a loop that runs the other way from its test."""
    up = "+" in m.group("step")
    op = m.group("op")
    if up != (op in ("<", "<=")):
        return None
    lo, hi = m.group("lo"), m.group("hi")
    if op == "<=":
        hi = _num(hi, 1)
    elif op == ">=":
        hi = _num(hi, -1)
    return m.group("v"), lo.strip(), hi.strip(), "1" if up else "-1", up


def _len(expr: str, fmt: str) -> str:
    """`x.length` (x a name, member or index chain) in the target's spelling."""
    return re.sub(
        rf"(?<![\w$.])({_ID}(?:\.{_ID}|\[[^\[\]]*\]|\(\))*?)\.length\b(?!\s*\()",
        lambda m: fmt.format(m.group(1)),
        expr,
    )


_SEQ = rf"{_ID}(?:\.{_ID}|\[[^\[\]]*\]|\(\))*?"


def _truth(expr: str) -> str:
    """JavaScript's truth of a length made explicit, for a language where a number is no
    truth value (Lua's 0 is true; Go, Java, C#, Kotlin want a boolean): `!x.length` →
    `x.length == 0`, a condition `x.length` alone → `x.length > 0`."""
    expr = re.sub(
        rf"!\s*(?<![\w$.])({_SEQ})\.length\b(?!\s*[-+*/<>=!(.\[])",
        lambda m: f"{m.group(1)}.length == 0",
        expr,
    )
    return re.sub(
        rf"(?:^|(?<=\()|(?<=&&)|(?<=\|\|))(\s*)(?<![\w$.!])({_SEQ})\.length\b"
        r"(?=\s*(?:\)|&&|\|\||\?|$))(?!\s*==)",
        lambda m: f"{m.group(1)}{m.group(2)}.length > 0",
        expr,
    )


def _py_expr(e: str) -> str:
    e = _len(e, "len({})")
    e = re.sub(r"===?", "==", e)
    e = re.sub(r"!==?", "!=", e)
    e = re.sub(r"\s*&&\s*", " and ", e)
    e = re.sub(r"\s*\|\|\s*", " or ", e)
    e = re.sub(r"!(?!=)\s*", "not ", e)
    e = re.sub(r"\b(?:null|undefined)\b", "None", e)
    e = re.sub(r"\btrue\b", "True", e)
    e = re.sub(r"\bfalse\b", "False", e)
    e = re.sub(r"\bthis\.", "self.", e)
    e = re.sub(r"\.push\(", ".append(", e)
    # a whole conditional `c ? a : b` with no other `?` or `:`
    m = re.fullmatch(r"([^?:]+?)\s*\?\s*([^?:]+?)\s*:\s*([^?:]+)", e)
    if m and "(" not in m.group(1)[-1:] and m.group(1).count("(") == m.group(1).count(")"):
        e = f"{m.group(2)} if {m.group(1).strip()} else {m.group(3).strip()}"
    return e


def _lua_expr(e: str, truth: bool = True) -> str:
    # the last item as a Lua program takes it (its tables count from 1): `xs[#xs]`
    e = re.sub(rf"(?<![\w$.])({_SEQ})\[\s*\1\.length\s*-\s*1\s*\]", r"\1[\1.length]", e)
    e = _len(_truth(e) if truth else e, "#{}")
    e = re.sub(r"===?", "==", e)
    e = re.sub(r"!==?", "~=", e)
    e = re.sub(r"\s*&&\s*", " and ", e)
    e = re.sub(r"\s*\|\|\s*", " or ", e)
    e = re.sub(r"!(?!=)\s*", "not ", e)
    e = re.sub(r"\b(?:null|undefined)\b", "nil", e)
    e = re.sub(r"\bthis\.", "self.", e)
    e = re.sub(rf"({_ID}(?:\.{_ID})*)\.push\(", r"table.insert(\1, ", e)
    return e


def _ternary(e: str, fmt: Callable[[str, str, str], str | None]) -> str:
    """Each conditional expression `c ? a : b` of a line (a nested one in its branches too)
    written by `fmt(c, a, b)`; one `fmt` refuses (None) stays as written. The condition runs
    back to an unmatched bracket, `,`, `;`, an assignment, `=>`, `return` or the line's start;
    the last branch on to an unmatched bracket, `,` or `;`. Only a `?` and a `:` between
    blanks are read (not `?.`, `??`, a type's `Any?`)."""
    for _ in range(8):
        q = next(
            (i for i, c in enumerate(e) if c == "?" and e[i - 1 : i] == " " == e[i + 1 : i + 2]),
            None,
        )
        if q is None:
            return e
        depth, a = 0, q
        while a > 0:
            c = e[a - 1]
            if c in ")]}":
                depth += 1
            elif c in "([{":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and (
                c in ",;:"
                or (
                    c == "="
                    and e[a - 2 : a - 1] not in ("=", "!", "<", ">")
                    and e[a : a + 1] != "="
                )
                or e[max(0, a - 6) : a] == "return"
                or e[a - 2 : a] == "=>"
            ):
                break
            a -= 1
        depth, nested, colon = 0, 0, -1
        for i in range(q + 1, len(e)):
            c = e[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
                if depth < 0:
                    break
            elif depth == 0 and c == "?" and e[i - 1 : i] == " " == e[i + 1 : i + 2]:
                nested += 1
            elif depth == 0 and c == ":" and e[i - 1 : i] == " " == e[i + 1 : i + 2]:
                if nested == 0:
                    colon = i
                    break
                nested -= 1
        if colon < 0:
            return e
        depth, b = 0, colon + 1
        while b < len(e):
            c = e[b]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and c in ",;":
                break
            b += 1
        cond = e[a:q].strip()
        if cond.startswith("return "):
            cond = cond[7:].strip()
        yes, no = e[q + 1 : colon].strip(), _ternary(e[colon + 1 : b].strip(), fmt)
        if "?" in yes:
            yes = _ternary(yes, fmt)
        out = fmt(cond, yes, no) if cond else None
        if out is None:
            return e
        lead = e[a:q]
        lead_ws = lead[: len(lead) - len(lead.lstrip())]
        pre = "return " if lead.strip().startswith("return ") else ""
        tail = e[b:]
        e = (
            e[:a]
            + lead_ws
            + pre
            + out
            + ("" if tail[:1] in ("", ")", "]", "}", ",", ";") else " ")
            + tail
        )
    return e


def _c_expr(e: str, lang: str, truth: bool = True) -> str:
    """C#, Java, Kotlin and Go spell the same expression their way (`truth`: a length alone
    is a condition, not a loop's bound)."""
    e = _truth(e) if truth else e
    e = re.sub(r"===", "==", e)
    e = re.sub(r"!==", "!=", e)
    e = re.sub(r"\bundefined\b", "null", e)
    if lang == "csharp":
        e = _len(e, "{}.Count")
        e = re.sub(r"\.push\(", ".Add(", e)
    elif lang == "java":
        e = _len(e, "{}.size()")
        e = re.sub(r"\.push\(", ".add(", e)
        e = re.sub(r"=>", "->", e)
    elif lang == "kotlin":
        e = _len(e, "{}.size")
        e = re.sub(r"\.push\(", ".add(", e)
    elif lang == "go":
        e = _len(e, "len({})")
        e = re.sub(r"\bnull\b", "nil", e)
        e = re.sub(r"\bthis\.", "g.", e)
    elif lang == "swift":
        e = _len(e, "{}.count")
        e = re.sub(r"\.push\(", ".append(", e)
        e = re.sub(r"\bnull\b", "nil", e)
        e = re.sub(r"\bthis\.", "self.", e)
    elif lang == "rust":
        e = _len(e, "{}.len()")
        # JavaScript's `xs.splice(i, n)` (n items taken out from i) is Rust's `xs.drain(i..i + n)`
        e = re.sub(
            r"\.splice\(\s*([^(),]+?)\s*,\s*([^(),]+?)\s*\)",
            lambda m: (
                f".drain(..{_operand(m.group(2))}).collect()"
                if m.group(1) == "0"
                else f".drain({m.group(1)}..{m.group(1)} + {_operand(m.group(2))}).collect()"
            ),
            e,
        )
        e = re.sub(r"\bnull\b", "None", e)
        e = re.sub(r"\bthis\.", "self.", e)
    elif lang == "php":
        e = _len(e, "count({})")
        e = re.sub(rf"(?<![\w$.])({_SEQ})\.push\(", r"array_push(\1, ", e)
    return e


def _operand(e: str) -> str:
    """An expression as an operand: in brackets unless it is a name or a number."""
    return e if re.fullmatch(r"[\w$.]+", e.strip()) else f"({e.strip()})"


def _rb_expr(e: str, truth: bool = True) -> str:
    """Ruby: `==`, `!=`, `nil`, `@x` for `this.x`; a length alone as a condition made a
    comparison (Ruby's 0 is true); `.length`, `.push(`, `&&`, `||`, `!`, `c ? a : b` as in
    JavaScript."""
    e = _truth(e) if truth else e
    e = re.sub(r"===?", "==", e)
    e = re.sub(r"!==?", "!=", e)
    e = re.sub(r"\b(?:null|undefined)\b", "nil", e)
    e = re.sub(r"\bthis\.", "@", e)
    # JavaScript's `xs.splice(i, n)` (n items taken out from i) is Ruby's `xs.slice!(i, n)`
    return re.sub(r"\.splice\(([^(),]+),([^(),]+)\)", r".slice!(\1,\2)", e)


def _lua_andor(c: str, a: str, b: str) -> str | None:
    """Lua's `c and a or b`, exact where `a` can be neither false nor nil: a number, a
    string, a sum or a length."""
    if re.fullmatch(r"-?\d+|[\ue000-\uf8ff]|#\S+|.*\s[-+*/]\s.*", a.strip()):
        return f"{_sized(c)} and {a} or {b}"
    return None


def _sized(c: str) -> str:
    """A condition that is a length alone (`#xs`, `xs.size`, `xs.len()`) as `> 0`: Lua's 0
    is true, Kotlin and Rust want a boolean."""
    if re.fullmatch(rf"#\S+|{_SEQ}\.(?:size|len\(\)|length)", c.strip()):
        return f"{c.strip()} > 0"
    return c


def _stmt(code: str, expr: Callable[[str], str], decl: str | None, semi: bool) -> str:
    """A statement line: its declaration keyword in the target's spelling (`decl` None: none),
    its expression translated, its closing semicolon kept or dropped."""
    indent = code[: len(code) - len(code.lstrip())]
    body = code.strip()
    had_semi = body.endswith(";")
    body = body[:-1].rstrip() if had_semi else body
    m = re.match(rf"(?:export\s+)?(?:const|let|var)\s+({_ID}){_ANN}\s*=\s*(.*)$", body)
    if m:
        kw = "" if decl is None else decl + " "
        ann = m.group(2) or ""
        body = f"{kw}{m.group(1)}{ann if decl is None else ''} = {expr(m.group(3))}"
    else:
        m2 = re.match(rf"({_ID}(?:\.{_ID}|\[[^\[\]]*\])*)\s*(\+\+|--)$", body)
        if m2:
            body = f"{m2.group(1)} {m2.group(2)[0]}= 1"
        else:
            m3 = re.match(r"return\b\s*(.*)$", body)
            body = f"return {expr(m3.group(1))}".rstrip() if m3 else expr(body)
    return indent + body + (";" if semi and had_semi else "")


# --- the block languages: Python (indentation) and Lua (`end`) -------------------------------


def _headers_py(code: str, in_class: bool) -> str | None:
    """A block header in Python (without its `{`), or None where it is not one."""
    s = code.strip()
    m = _LOOP.fullmatch(s)
    if m:
        lp = _loop(m)
        if lp is None:
            return None
        v, lo, hi, _step, up = lp
        args = (hi if lo == "0" else f"{lo}, {hi}") if up else f"{lo}, {hi}, -1"
        return f"for {v} in range({_py_expr(args) if '.length' in args else args}):"
    m = _OF.fullmatch(s)
    if m:
        v = m.group("v").strip("[] ").replace(" ", "")
        v = ", ".join(v.split(","))
        return f"for {v} in {_py_expr(m.group('e'))}:"
    m = re.fullmatch(r"(}\s*else\s+)?if\s*\((.*)\)", s)
    if m:
        return f"{'elif' if m.group(1) else 'if'} {_py_expr(m.group(2))}:"
    if re.fullmatch(r"}?\s*else", s):
        return "else:"
    m = re.fullmatch(r"while\s*\((.*)\)", s)
    if m:
        return f"while {_py_expr(m.group(1))}:"
    m = re.fullmatch(rf"(?:export\s+)?(?:async\s+)?function\s*({_ID})\s*\(([^()]*)\){_RET}", s)
    if m is None:
        m = re.fullmatch(rf"(?:export\s+)?(?:const|let|var)\s+({_ID})\s*=\s*\(([^()]*)\)\s*=>", s)
    if m:
        return f"def {m.group(1)}({_params(m.group(2))}):"
    m = re.fullmatch(rf"(?:export\s+)?class\s+({_ID})(?:\s+extends\s+({_ID}))?", s)
    if m:
        return f"class {m.group(1)}({m.group(2)}):" if m.group(2) else f"class {m.group(1)}:"
    if in_class:
        m = re.fullmatch(rf"(?:static\s+|async\s+|get\s+)?({_ID})\s*\(([^()]*)\){_RET}", s)
        if m and m.group(1) not in ("if", "for", "while", "switch", "catch", "function"):
            name = "__init__" if m.group(1) == "constructor" else m.group(1)
            ps = _params(m.group(2))
            return f"def {name}(self{', ' + ps if ps else ''}):"
    m = re.fullmatch(
        rf"({_ID}(?:\.{_ID}|\[[^\[\]]*\])*)\.forEach\(\s*\(?\s*({_ID})\s*(?:,\s*({_ID})\s*)?\)?\s*=>",
        s,
    )
    if m:
        if m.group(3):
            return f"for {m.group(3)}, {m.group(2)} in enumerate({_py_expr(m.group(1))}):"
        return f"for {m.group(2)} in {_py_expr(m.group(1))}:"
    return None


def _params(ps: str) -> str:
    """A parameter list without TypeScript's types (`card: Card` → `card`)."""
    out = []
    for p in ps.split(","):
        p = p.strip()
        if not p:
            continue
        out.append(re.sub(r"\s*\??:\s*[^=]+", "", p))
    return ", ".join(out)


def _lua_header(code: str, in_class: str | None) -> str | None:
    s = code.strip()
    m = _LOOP.fullmatch(s)
    if m:
        lp = _loop(m)
        if lp is None:
            return None
        v, lo, hi, _step, up = lp
        last = _lua_expr(_num(hi, -1 if up else 1), truth=False)
        return f"for {v} = {_lua_expr(lo, truth=False)}, {last}{'' if up else ', -1'} do"
    m = _OF.fullmatch(s)
    if m and m.group("kind") == "of" and not m.group("v").startswith("["):
        return f"for _, {m.group('v')} in ipairs({_lua_expr(m.group('e'))}) do"
    m = re.fullmatch(r"(}\s*else\s+)?if\s*\((.*)\)", s)
    if m:
        return f"{'elseif' if m.group(1) else 'if'} {_lua_expr(m.group(2))} then"
    if re.fullmatch(r"}?\s*else", s):
        return "else"
    m = re.fullmatch(r"while\s*\((.*)\)", s)
    if m:
        return f"while {_lua_expr(m.group(1))} do"
    m = re.fullmatch(rf"(?:export\s+)?function\s*({_ID})\s*\(([^()]*)\){_RET}", s)
    if m is None:
        m = re.fullmatch(rf"(?:export\s+)?(?:const|let|var)\s+({_ID})\s*=\s*\(([^()]*)\)\s*=>", s)
    if m:
        return f"function {m.group(1)}({_params(m.group(2))})"
    if in_class:
        m = re.fullmatch(rf"(?:static\s+)?({_ID})\s*\(([^()]*)\){_RET}", s)
        if m and m.group(1) not in ("if", "for", "while", "switch", "catch", "function"):
            name = "new" if m.group(1) == "constructor" else m.group(1)
            return f"function {in_class}:{name}({_params(m.group(2))})"
    return None


def _rb_header(code: str, in_class: str | None, rng: random.Random) -> str | None:
    """A block header in Ruby (closed by `end`), or None where it is not one. A counted loop
    takes one of Ruby's spellings at random: `7.times do |i|`, `(0...7).each do |i|`, `for i
    in 0...7`; one counting down `6.downto(0) do |i|`."""
    s = code.strip()
    m = _LOOP.fullmatch(s)
    if m:
        lp = _loop(m)
        if lp is None:
            return None
        v, lo, hi, _step, up = lp
        lo, hi = _rb_expr(lo, truth=False), _rb_expr(hi, truth=False)
        par = lambda x: x if re.fullmatch(r"[\w.@]+", x) else f"({x})"  # noqa: E731
        if up:
            forms = [f"({lo}...{hi}).each do |{v}|", f"for {v} in {lo}...{hi}"]
            if lo == "0":
                forms.insert(0, f"{par(hi)}.times do |{v}|")
            return rng.choice(forms)
        return f"{par(lo)}.downto({_rb_expr(_num(hi, 1), truth=False)}) do |{v}|"
    m = _OF.fullmatch(s)
    if m and m.group("kind") == "of" and not m.group("v").startswith("["):
        e = _rb_expr(m.group("e"))
        e = e if re.fullmatch(r"[\w.@]+", e) else f"({e})"
        return f"{e}.each do |{m.group('v')}|"
    m = re.fullmatch(r"(}\s*else\s+)?if\s*\((.*)\)", s)
    if m:
        return f"{'elsif' if m.group(1) else 'if'} {_rb_expr(m.group(2))}"
    if re.fullmatch(r"}?\s*else", s):
        return "else"
    m = re.fullmatch(r"while\s*\((.*)\)", s)
    if m:
        return f"while {_rb_expr(m.group(1))}"
    m = re.fullmatch(rf"(?:export\s+)?(?:async\s+)?function\s*({_ID})\s*\(([^()]*)\){_RET}", s)
    if m is None:
        m = re.fullmatch(rf"(?:export\s+)?(?:const|let|var)\s+({_ID})\s*=\s*\(([^()]*)\)\s*=>", s)
    if m:
        ps = _params(m.group(2))
        if code[:1] in (" ", "\t") and not in_class:  # a function inside another: a lambda
            return f"{m.group(1)} = lambda do" + (f" |{ps}|" if ps else "")
        return f"def {m.group(1)}({ps})"
    m = re.fullmatch(rf"(?:export\s+)?class\s+({_ID})(?:\s+extends\s+({_ID}))?", s)
    if m:
        return f"class {m.group(1)} < {m.group(2)}" if m.group(2) else f"class {m.group(1)}"
    if in_class:
        m = re.fullmatch(rf"(?:static\s+|async\s+|get\s+)?({_ID})\s*\(([^()]*)\){_RET}", s)
        if m and m.group(1) not in ("if", "for", "while", "switch", "catch", "function"):
            name = "initialize" if m.group(1) == "constructor" else m.group(1)
            return f"def {name}({_params(m.group(2))})"
    m = re.fullmatch(
        rf"({_ID}(?:\.{_ID}|\[[^\[\]]*\])*)\.forEach\(\s*\(?\s*({_ID})\s*(?:,\s*({_ID})\s*)?\)?\s*=>",
        s,
    )
    if m:
        if m.group(3):
            return f"{_rb_expr(m.group(1))}.each_with_index do |{m.group(2)}, {m.group(3)}|"
        return f"{_rb_expr(m.group(1))}.each do |{m.group(2)}|"
    return None


def _blocks(
    text: str,
    lang: str,
    rng: random.Random | None = None,
    ternary: Callable[[str, str, str], str | None] | None = None,
) -> str:
    """Python or Lua: each block whose header the target knows, its braces gone (Python: the
    indent stands for them; Lua: `end` closes it). A block whose header is unknown, or whose
    `{` or `}` shares its line with more code, is left in braces."""
    sk = Skeleton(text)
    s = sk.text
    pairs = _matching(s)
    lines = s.split("\n")
    starts, pos = [], 0
    for ln in lines:
        starts.append(pos)
        pos += len(ln) + 1
    line_of = {}
    for k, st in enumerate(starts):
        for i in range(st, st + len(lines[k]) + 1):
            line_of[i] = k
    closers: dict[int, str] = {}  # line of a translated block's `}` → what stands there
    heads: dict[int, str] = {}
    classes: list[tuple[int, int, str]] = []  # a class body's span and name
    for o, c in pairs.items():
        k = line_of[o]
        code, _ = _code_part(sk, lines[k])
        m = re.match(rf"\s*(?:export\s+)?class\s+({_ID})", code)
        if m and code.rstrip().endswith("{"):
            classes.append((o, c, m.group(1)))
    expr = {"python": _py_expr, "lua": _lua_expr, "ruby": _rb_expr}[lang]
    for o, c in sorted(pairs.items()):
        k, kc = line_of[o], line_of[c]
        code, _ = _code_part(sk, lines[k])
        if not code.rstrip().endswith("{") or starts[k] + len(code.rstrip()) - 1 != o:
            continue
        cls = next((name for a, b, name in classes if a < o < b), None)
        head = code.rstrip()[:-1]
        if lang == "python":
            new = _headers_py(head, cls is not None)
        elif lang == "ruby":
            new = _rb_header(head, cls, rng or random.Random(0))
        else:
            new = _lua_header(head, cls)
        if new is None:
            continue
        close_code, _ = _code_part(sk, lines[kc])
        tail = close_code.strip()
        nxt = re.fullmatch(r"}\s*(else\b.*)", tail)
        forEach = ".forEach(" in head
        if tail not in ("}", "};") and not (forEach and tail in ("});", "})")) and not nxt:
            continue
        if nxt and not nxt.group(1).rstrip().endswith("{"):
            continue
        heads[k] = code[: len(code) - len(code.lstrip())] + new
        if nxt:
            closers[kc] = "else-line"
        else:
            closers[kc] = "" if lang == "python" else "end"
    out = []
    for k, ln in enumerate(lines):
        code, comments = _code_part(sk, ln)
        indent = code[: len(code) - len(code.lstrip())]
        if k in heads:
            out.append(heads[k] + comments)
            continue
        if k in closers:
            if closers[k] == "":
                if comments.strip():
                    out.append(indent + comments.strip())
                continue
            out.append(indent + closers[k] + comments)
            continue
        if not code.strip() or code.strip() in ("{", "}", "};", "});", "})"):
            out.append(ln)
            continue
        st = code.strip()
        m = re.match(
            r"(if\s*\((.*)\))\s*(return\b.*|break;|continue;|[\w$.\[\]]+\s*[-+]?=.*;)$", st
        )
        if m and m.group(2).count("(") == m.group(2).count(")"):
            cond, rest = m.group(2), m.group(3)
            body = _stmt(indent + rest, expr, _DECL[lang], False).strip()
            if lang == "ruby":
                out.append(f"{indent}{body} if {expr(cond)}{comments}")
            elif lang == "python":
                out.append(f"{indent}if {expr(cond)}: {body}{comments}")
            else:
                out.append(f"{indent}if {expr(cond)} then {body} end{comments}")
            continue
        decl = _DECL[lang]
        out.append(_stmt(code, expr, decl, False) + comments)
    if ternary is not None:  # each conditional expression in the target's form
        out = [_ternary(ln, ternary) for ln in out]
    text = "\n".join(out)
    if lang in ("python", "ruby"):
        return sk.restore(text, "#", block=False)
    return sk.restore(text, "--", block=False)


_DECL = {"python": None, "lua": "local", "ruby": None}  # a declaration's keyword


def ruby(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Ruby: `7.times do |i|`, `(0...n).each do |i|` or `for i in 0...n` (a
    seeded choice per loop), `xs.each do |c|`, `each_with_index`, `if`/`elsif`/`else`/`end`,
    `def f(a)`, `class X < Y`, `initialize`, `@x` for `this.x`, `nil`, `return x if c`, `#`
    comments; `.length`, `.push(`, `&&`, `||`, `!`, `c ? a : b` as JavaScript writes them."""
    return _blocks(text, "ruby", rng) if lang == "js" else text


def lua_andor(text: str, lang: str, rng: random.Random) -> str:
    """The Lua translation with each conditional expression `c ? a : b` whose `a` can be
    neither false nor nil (a number, a string, a sum, a length) as Lua's `c and a or b`."""
    if lang != "js":
        return text
    new = _blocks(text, "lua", ternary=_lua_andor)
    return text if new == _blocks(text, "lua") else new  # no conditional: `to-lua`'s own


def python(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Python: `for i in range(7):`, `if a and not b:`, `def f(x):`, methods
    with `self`, `None`/`True`, `len(x)`, `.append(`, `#` comments, blocks by indentation."""
    return _blocks(text, "python") if lang == "js" else text


def lua(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Lua: `for i = 0, 6 do … end`, `if … then … elseif … end`, `~=`, `#x`,
    `nil`, `local`, `table.insert(x, v)`, `--` comments."""
    return _blocks(text, "lua") if lang == "js" else text


# --- the brace languages: C#, Java, Kotlin, Go ----------------------------------------------


def _returns(name: str, body: str) -> str:
    """A function's result type from its name and returns: bool for a check (a name `is…`,
    `can…`, `has…`, or returns of truth values and comparisons only), void when it returns
    nothing."""
    if not re.search(r"\breturn\s+[^;\s]", body):
        return "void"
    if re.match(r"(?:is|can|has|should)[A-Z_]", name):
        return "bool"
    vals = re.findall(r"\breturn\s+([^;\n]+)", body)
    if any("?" in v or "=>" in v for v in vals):
        return "object"
    if all(re.fullmatch(r"true|false|.*(?:===?|!==?|<=?|>=?|&&|\|\|).*|!.*", v) for v in vals):
        return "bool"
    return "object"


_NO_SEMI = ("kotlin", "go", "swift")  # no semicolon ends a statement
_BRACED = ("go", "swift", "rust")  # a condition without brackets, every body in braces


def _braces(
    text: str, lang: str, ternary: Callable[[str, str, str], str | None] | None = None
) -> str:
    sk = Skeleton(text)
    s = sk.text
    pairs = _matching(s)
    typ = {
        "csharp": {"bool": "bool", "void": "void", "object": "object", "param": "object"},
        "java": {"bool": "boolean", "void": "void", "object": "Object", "param": "Object"},
    }
    lines = s.split("\n")
    starts, pos = [], 0
    for ln in lines:
        starts.append(pos)
        pos += len(ln) + 1
    out = []
    class_depth: list[tuple[int, str]] = []  # (end offset, class name)
    for k, ln in enumerate(lines):
        code, comments = _code_part(sk, ln)
        st = code.strip()
        indent = code[: len(code) - len(code.lstrip())]
        at = starts[k] + len(code.rstrip()) - 1
        while class_depth and class_depth[-1][0] < starts[k]:
            class_depth.pop()
        body = s[at : pairs[at]] if st.endswith("{") and at in pairs else ""
        new: str | None = None
        m = _LOOP.fullmatch(st[:-1].strip()) if st.endswith("{") else _LOOP.match(st)
        if m:
            lp = _loop(m)
            if lp is not None:
                v, lo, hi, _step, up = lp
                rest = " {"
                if not st.endswith("{"):  # one statement as its body
                    one = _c_expr(st[m.end() :].strip(), lang)
                    if lang in _NO_SEMI:
                        one = one.rstrip(";")
                    rest = f" {{ {one} }}" if lang in _BRACED else f" {one}"
                cmp = m.group("op")
                h = _c_expr(m.group("hi"), lang, truth=False)
                lo_ = _c_expr(lo, lang, truth=False)
                inc = f"{v}++" if up else f"{v}--"
                if lang in ("csharp", "java"):
                    new = f"for (int {v} = {lo_}; {v} {cmp} {h}; {inc}){rest}"
                elif lang == "go":
                    new = f"for {v} := {lo_}; {v} {cmp} {h}; {inc}{rest}"
                elif lang == "kotlin":
                    if up:
                        new = f"for ({v} in {lo_} until {_c_expr(hi, lang, False)}){rest}"
                    else:
                        new = f"for ({v} in {lo_} downTo {_c_expr(_num(hi, 1), lang, False)}){rest}"
                elif lang == "php":
                    new = f"for (${v} = {lo_}; ${v} {cmp} {h}; ${inc}){rest}"
                else:  # Swift, Rust: a range, the last value one before the bound
                    hi_ = _c_expr(hi, lang, False)
                    last = _c_expr(_num(hi, 1), lang, False)
                    if lang == "swift":
                        down = f"stride(from: {lo_}, through: {last}, by: -1)"
                        new = f"for {v} in {f'{lo_}..<{hi_}' if up else down}{rest}"
                    else:
                        new = (f"for {v} in {lo_}..{hi_}{rest}" if up
                               else f"for {v} in ({last}..={lo_}).rev(){rest}")  # fmt: skip
        if new is None:
            m = _OF.match(st)
            if m and m.group("kind") == "of" and not m.group("v").startswith("["):
                e, v, rest = _c_expr(m.group("e"), lang), m.group("v"), st[m.end() :]
                if not rest.strip().endswith("{"):  # one statement as its body
                    one = _c_expr(rest.strip(), lang)
                    if lang in _NO_SEMI:
                        one = one.rstrip(";")
                    rest = f" {{ {one} }}" if lang in _BRACED else f" {one}"
                new = {"csharp": f"foreach (var {v} in {e}){rest}",
                       "java": f"for (var {v} : {e}){rest}",
                       "kotlin": f"for ({v} in {e}){rest}",
                       "go": f"for _, {v} := range {e}{rest}",
                       "swift": f"for {v} in {e}{rest}",
                       "rust": f"for {v} in {e}.iter(){rest}",
                       "php": f"foreach ({e} as ${v}){rest}"}[lang]  # fmt: skip
        if new is None:
            m = re.fullmatch(
                rf"(?:export\s+)?(?:async\s+)?function\s*({_ID})\s*\(([^()]*)\){_RET}\s*\{{", st
            ) or re.fullmatch(
                rf"(?:export\s+)?(?:const|let|var)\s+({_ID})\s*=\s*\(([^()]*)\)\s*=>\s*\{{", st
            )
            cls = class_depth[-1][1] if class_depth else None
            if m is None and cls:
                m = re.fullmatch(rf"(?:static\s+|async\s+)?({_ID})\s*\(([^()]*)\){_RET}\s*\{{", st)
                if m and m.group(1) in ("if", "for", "while", "switch", "catch", "function"):
                    m = None
            if m:
                name, ps = m.group(1), _params(m.group(2))
                ret = _returns(name, body)
                if lang in ("csharp", "java"):
                    t = typ[lang]
                    plist = ", ".join(f"{t['param']} {p}" for p in ps.split(", ") if p)
                    if name == "constructor" and cls:
                        new = f"public {cls}({plist}) {{"
                    else:
                        new = f"public {t[ret]} {name}({plist}) {{"
                elif lang == "kotlin":
                    plist = ", ".join(f"{p}: Any?" for p in ps.split(", ") if p)
                    r = {"bool": ": Boolean", "void": "", "object": ": Any?"}[ret]
                    new = ("init {" if name == "constructor" and not ps
                           else f"fun {name}({plist}){r} {{")  # fmt: skip
                elif lang == "go":
                    plist = ", ".join(p for p in ps.split(", ") if p)
                    plist = plist + " interface{}" if plist else ""
                    r = {"bool": " bool", "void": "", "object": " interface{}"}[ret]
                    new = f"func {name}({plist}){r} {{"
                elif lang == "swift":
                    plist = ", ".join(f"_ {p}: Any?" for p in ps.split(", ") if p)
                    r = {"bool": " -> Bool", "void": "", "object": " -> Any?"}[ret]
                    new = (f"init({plist}) {{" if name == "constructor" and cls
                           else f"func {name}({plist}){r} {{")  # fmt: skip
                elif lang == "rust":
                    plist = ", ".join(f"{p}: &Value" for p in ps.split(", ") if p)
                    if cls and name != "constructor":
                        plist = "&self" + (", " + plist if plist else "")
                    r = {"bool": " -> bool", "void": "", "object": " -> Value"}[ret]
                    new = (f"fn new({plist}) -> Self {{" if name == "constructor" and cls
                           else f"fn {name}({plist}){r} {{")  # fmt: skip
                elif lang == "php":
                    plist = ", ".join(f"${p}" for p in ps.split(", ") if p)
                    name = "__construct" if name == "constructor" and cls else name
                    new = f"{'public ' if cls else ''}function {name}({plist}) {{"
        if new is None:
            m = re.fullmatch(rf"(?:export\s+)?class\s+({_ID})(?:\s+extends\s+({_ID}))?\s*\{{", st)
            if m and at in pairs:
                class_depth.append((pairs[at], m.group(1)))
                if lang == "go":
                    new = f"type {m.group(1)} struct {{"
                elif lang == "rust":
                    new = f"impl {m.group(1)} {{"
                elif lang == "swift":
                    new = f"class {m.group(1)}{': ' + m.group(2) if m.group(2) else ''} {{"
                elif lang == "php":
                    new = f"class {m.group(1)}{' extends ' + m.group(2) if m.group(2) else ''} {{"
                elif lang == "kotlin":
                    new = f"class {m.group(1)}{' : ' + m.group(2) + '()' if m.group(2) else ''} {{"
                elif m.group(2):
                    base = ": " if lang == "csharp" else "extends "
                    new = f"public class {m.group(1)} {base}{m.group(2)} {{"
                else:
                    new = f"public class {m.group(1)} {{"
        if new is None and lang in _BRACED:
            m = re.fullmatch(r"(}\s*else\s+)?(if|while)\s*\((.*)\)\s*\{", st)
            if m:
                kw = "for" if m.group(2) == "while" and lang == "go" else m.group(2)
                new = f"{'} else ' if m.group(1) else ''}{kw} {_c_expr(m.group(3), lang)} {{"
        if new is None and lang in ("kotlin", "swift"):
            m = re.fullmatch(rf"(?:export\s+)?(const|let|var)\s+({_ID}){_ANN}\s*=\s*(.*?);?", st)
            if m and not st.endswith("{"):
                kw = ("val" if lang == "kotlin" else "let") if m.group(1) == "const" else "var"
                new = f"{kw} {m.group(2)} = {_c_expr(m.group(4), lang)}"
        if new is None and lang in ("rust", "php"):
            m = re.fullmatch(rf"(?:export\s+)?(const|let|var)\s+({_ID}){_ANN}\s*=\s*(.*?);?", st)
            if m and not st.endswith("{"):
                val = _c_expr(m.group(4), lang)
                name, top = m.group(2), not indent
                if top and m.group(1) == "const" and re.fullmatch(r"-?\d+", val):
                    new = (
                        f"const {name}: i64 = {val};"
                        if lang == "rust"
                        else f"const {name} = {val};"
                    )
                elif lang == "rust":
                    new = f"let {'' if m.group(1) == 'const' else 'mut '}{name} = {val};"
                else:
                    new = f"${name} = {val};"
        if new is None and lang in ("csharp", "java", "go"):
            m = re.fullmatch(rf"(?:export\s+)?(const|let|var)\s+({_ID}){_ANN}\s*=\s*(.*?)(;?)", st)
            if m and not st.endswith("{"):
                val = _c_expr(m.group(4), lang)
                top = not indent
                if lang == "go":
                    if not top:
                        new = f"{m.group(2)} := {val}"
                    else:
                        kw = "const" if re.fullmatch(r"\d+", val) else "var"
                        new = f"{kw} {m.group(2)} = {val}"
                elif re.fullmatch(r"-?\d+", val):
                    const = m.group(1) == "const" and top
                    pre = (
                        ("const int" if lang == "csharp" else "static final int")
                        if const
                        else "int"
                    )
                    new = f"{pre} {m.group(2)} = {val};"
                else:
                    new = f"var {m.group(2)} = {val};"
        if new is None:
            code2 = _c_expr(code, lang)
            if lang in _NO_SEMI:
                code2 = re.sub(r";\s*$", "", code2)
            if lang == "swift":
                code2 = re.sub(
                    r"^(\s*(?:}\s*else\s+)?)if\s*\((.*)\)\s*(return\b.*|break|continue)$",
                    lambda mm: f"{mm.group(1)}if {mm.group(2)} {{ {mm.group(3)} }}",
                    code2,
                )
            if lang == "rust":
                code2 = re.sub(
                    r"^(\s*(?:}\s*else\s+)?)if\s*\((.*)\)\s*(return\b.*|break;|continue;)$",
                    lambda mm: f"{mm.group(1)}if {mm.group(2)} {{ {mm.group(3)} }}",
                    code2,
                )
            if lang == "go":
                # a push as a statement: `xs.push(v)` → `xs = append(xs, v)`
                code2 = re.sub(
                    rf"^(\s*)({_ID}(?:\.{_ID}|\[[^\[\]]*\])*)\.push\((.*)\)$",
                    lambda mm: f"{mm.group(1)}{mm.group(2)} = append({mm.group(2)}, {mm.group(3)})",
                    code2,
                )
                if lang == "go":
                    code2 = re.sub(
                        r"^(\s*(?:}\s*else\s+)?)if\s*\((.*)\)\s*(return\b.*|break|continue)$",
                        lambda mm: f"{mm.group(1)}if {mm.group(2)} {{ {mm.group(3)} }}",
                        code2,
                    )
            out.append(code2 + comments)
        else:
            if (
                lang in ("csharp", "java")
                and new.startswith(("public", "fun"))
                and out
                and re.fullmatch(r"\s*[\ue000-\uf8ff]", lines[k - 1] if k else "")
                and _is_comment(sk, lines[k - 1].strip())
                and sk.pieces[ord(lines[k - 1].strip()) - 0xE000].startswith("//")
            ):
                piece = sk.pieces[ord(lines[k - 1].strip()) - 0xE000]
                prev_indent = lines[k - 1][: len(lines[k - 1]) - len(lines[k - 1].lstrip())]
                doc = (
                    ("/// " + piece[2:].strip())
                    if lang == "csharp"
                    else ("/** " + piece[2:].strip() + " */")
                )
                out[-1] = prev_indent + doc
            out.append(indent + new + comments)
    if ternary is not None:  # each conditional expression in the target's form
        out = [_ternary(ln, ternary) for ln in out]
    if lang == "php":
        out = _php_names(s, out, sk)
    return sk.restore("\n".join(out))


_GLOBALS = frozenset(
    {"Math", "JSON", "Object", "Array", "Number", "String", "console", "document", "window",
     "Date", "Promise", "localStorage", "process", "module", "exports", "require"}
)  # fmt: skip
_JS_WORDS = frozenset(
    {"const", "let", "var", "function", "return", "if", "else", "for", "of", "in", "while",
     "new", "class", "extends", "true", "false", "null", "undefined", "break", "continue",
     "throw", "switch", "case", "default", "typeof", "instanceof", "async", "await", "export",
     "import", "static", "count", "array_push", "foreach", "as", "fn", "public"}
)  # fmt: skip


def _php_names(js: str, lines: list[str], sk: Skeleton) -> list[str]:
    """PHP's spelling of the names of a translated skeleton: `$` before each variable the
    JavaScript declares (a `const`/`let`/`var`, a parameter, `this`; not a constant PHP
    declares with `const`), `->` for a member of anything but a global object (`Math.max`
    stays), an arrow function as `fn($a) =>` (`function ($a) {` with a block), a `+` beside
    a string literal as PHP's `.`, a sequence's `pop`, `shift`, `unshift`, `splice` and
    `includes` as PHP's functions of an array."""
    strings = "".join(
        chr(0xE000 + k) for k, p in enumerate(sk.pieces) if not p.startswith(("//", "/*"))
    )
    lit = f"[{re.escape(strings)}]" if strings else "(?!)"
    names = {"this"}
    for m in re.finditer(rf"\b(?:const|let|var)\s+({_ID})", js):
        names.add(m.group(1))
    for m in re.finditer(rf"\b(?:let|var)\s+({_ID}(?:\s*,\s*{_ID})+)\s*;", js):
        names |= set(re.findall(_ID, m.group(1)))  # `let cells, foundations, tableau;`
    for m in re.finditer(r"\b(?:const|let|var)\s+[\[{]([^\]}=]*)[\]}]\s*=", js):
        names |= set(re.findall(_ID, m.group(1)))
    params = re.compile(
        rf"(?:\bfunction\s*{_ID}?\s*|(?m:^[ \t]*(?:static\s+|async\s+)?{_ID}\s*))"
        r"\(([^()]*)\)(?=\s*(?::[^{]*)?\{|\s*=>)|\(([^()]*)\)\s*=>"
    )
    for m in params.finditer(js):
        for p in _params(m.group(1) or m.group(2) or "").split(", "):
            names |= {p} if re.fullmatch(_ID, p) else set()
    for m in re.finditer(rf"(?<![\w$.])({_ID})\s*=>", js):
        names.add(m.group(1))
    consts = {m.group(1) for ln in lines for m in [re.match(rf"\s*const\s+({_ID})\s*=", ln)] if m}
    names = (names - consts - _JS_WORDS - _GLOBALS) | {"this"}
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pat = re.compile(rf"(?<![\w$>.])({alts})(?![\w$])")
    out = []
    for ln in lines:
        ln = re.sub(r"\(([^()]*)\)\s*=>\s*\{", r"function (\1) {", ln)
        ln = re.sub(r"\(([^()]*)\)\s*=>", r"fn(\1) =>", ln)
        ln = re.sub(rf"(?<![\w$.])(?<!fn\()\b({_ID})\s*=>", r"fn(\1) =>", ln)
        ln = re.sub(rf"^(\s*)(?:let|var)\s+({_ID})\s*;", r"\1\2 = null;", ln)
        ln = re.sub(rf"({lit}|\))\s*\+(?![+=])", r"\1 .", ln) if re.search(lit, ln) else ln
        ln = re.sub(rf"(?<![+])\+\s*({lit})", r". \1", ln)
        ln = re.sub(
            rf"(?<![\w$.])({_SEQ})\.(pop|shift|unshift|splice)\(\s*",
            lambda m: f"array_{m.group(2)}({m.group(1)}{_PHP_MORE.get(m.group(2), '')}",
            ln,
        )
        ln = re.sub(rf"(?<![\w$.])({_SEQ})\.includes\(([^()]*)\)", r"in_array(\2, \1)", ln)

        def member(m: re.Match[str], line: str = ln) -> str:
            k = m.start()
            while k > 0 and (line[k - 1].isalnum() or line[k - 1] in "_$.->"):
                k -= 1
            root = re.match(r"[\w$]*", line[k:]).group()  # type: ignore[union-attr]
            return m.group() if root in _GLOBALS or (root and root not in names) else "->"

        ln = re.sub(r"(?<=[\w\])])\.(?=[A-Za-z_])", member, ln)
        ln = pat.sub(lambda m, line=ln: m.group() if _key_at(line, m) else "$" + m.group(1), ln)
        out.append(ln)
    return out


_PHP_MORE = {"unshift": ", ", "splice": ", "}  # the functions that take more than the array


def _key_at(ln: str, m: re.Match[str]) -> bool:
    """Whether a name stands as an object's key (`{ col: 1 }`), not as a value."""
    return bool(re.search(r"[{,]\s*$", ln[: m.start()])) and bool(
        re.match(r"\s*:(?!:)", ln[m.end() :])
    )


def csharp(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as C#: `for (int i = 0; …)`, `foreach (var c in cards)`, typed methods
    (`public bool canMove(object card, object pile)`), `const int N = 7;`, `x.Count`,
    `.Add(`, `==`, a comment above a method as its `///` doc comment."""
    return _braces(text, "csharp") if lang == "js" else text


def java(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Java: `for (int i = 0; …)`, `for (var c : cards)`, typed methods,
    `static final int N = 7;`, `x.size()`, `.add(`, `->` lambdas, `/** … */` doc comments."""
    return _braces(text, "java") if lang == "js" else text


def kotlin(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Kotlin: `for (i in 0 until 7)`, `for (i in 6 downTo 0)`, `for (c in
    cards)`, `fun f(a: Any?): Boolean {`, `val`/`var`, `x.size`, no semicolons."""
    return _braces(text, "kotlin") if lang == "js" else text


def swift(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Swift: `for i in 0..<7 {`, `for i in stride(from: n, through: 1, by: -1)
    {`, `for c in cards {`, `if c {`, `func f(_ a: Any?) -> Bool {`, `let`/`var`, `x.count`,
    `.append(`, `nil`, `self.`, no semicolons."""
    return _braces(text, "swift") if lang == "js" else text


def rust(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Rust: `for i in 0..7 {`, `for i in (1..=n).rev() {`, `for c in
    cards.iter() {`, `if c {`, `fn f(a: &Value) -> bool {`, methods with `&self` in `impl X {`,
    `let`/`let mut`, `const N: i64 = 7;`, `x.len()`, `None`, and a conditional expression as
    `if c { a } else { b }` (Rust has no `?:`)."""
    return _braces(text, "rust", _rust_if) if lang == "js" else text


def php(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as PHP: `$` before each variable, `for ($i = 0; $i < 7; $i++)`, `foreach
    ($cards as $c)`, `function f($a) {`, `$this->x`, `count($x)`, `array_push($x, v)`, `const
    N = 7;`, `fn($c) =>` for an arrow function."""
    return _braces(text, "php") if lang == "js" else text


def kotlin_if(text: str, lang: str, rng: random.Random) -> str:
    """The Kotlin translation with each conditional expression `c ? a : b` as Kotlin writes
    it, `if (c) a else b` (Kotlin has no `?:` of that meaning)."""
    if lang != "js":
        return text
    new = _braces(text, "kotlin", _kotlin_if)
    return text if new == _braces(text, "kotlin") else new  # no conditional: `to-kotlin`'s


def _rust_if(c: str, a: str, b: str) -> str:
    return f"if {_sized(c)} {{ {a} }} else {{ {b} }}"


def _kotlin_if(c: str, a: str, b: str) -> str:
    return f"if ({_sized(c)}) {a} else {b}"


def go(text: str, lang: str, rng: random.Random) -> str:
    """JavaScript as Go: `for i := 0; i < 7; i++ {`, `for _, c := range cards {`, `if c {`,
    `func f(a interface{}) bool {`, `x := …`, `len(x)`, `nil`, no semicolons."""
    return _braces(text, "go") if lang == "js" else text


# --- constants and rules as data ------------------------------------------------------------

_TOP_CONST = re.compile(r"(?m)^(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\s*=\s*(\d+)\s*;?[ \t]*$")


def settings(text: str, lang: str, rng: random.Random) -> str:
    """The numbers a program declares as top-level constants (`const PILES = 7;`) gathered
    into one settings object declared where the first stood (`const RULES = { PILES: 7, … };`)
    and each use written `RULES.PILES`. Needs two constants at least."""
    if lang != "js":
        return text
    mask = code_mask(text, lang)
    found = [m for m in _TOP_CONST.finditer(text) if all(mask[m.start() : m.end()])]
    names = [m.group(1) for m in found]
    if len(found) < 2 or "RULES" in text:
        return text
    for n in names:
        if len(re.findall(rf"(?<![\w$.]){n}\s*(?:[-+*/]?=(?!=)|\+\+|--)", text)) != 1:
            return text
    body = ", ".join(f"{m.group(1)}: {m.group(2)}" for m in found)
    out, last = [], 0
    for k, m in enumerate(found):
        out.append(text[last : m.start()])
        if k == 0:
            export = "export " if m.group().startswith("export") else ""
            out.append(f"{export}const RULES = {{ {body} }};")
        last = m.end() + (1 if k > 0 and m.end() < len(text) and text[m.end()] == "\n" else 0)
    rest = "".join(out) + text[last:]
    mask = code_mask(rest, lang)
    pat = re.compile(rf"(?<![\w$.])({'|'.join(names)})(?![\w$])")
    first_decl = rest.find("const RULES = {")
    decl_end = rest.find("};", first_decl) + 2

    def one(m: re.Match[str]) -> str:
        if not all(mask[m.start() : m.end()]) or first_decl <= m.start() < decl_end:
            return m.group()
        return "RULES." + m.group(1)

    return pat.sub(one, rest)


_LIT = r"[\ue000-\uf8ff]|\d+|[A-Z][\w.]*"  # a string (its placeholder), a number, a CONSTANT
_IF_EQ = re.compile(
    rf"(?m)^([ \t]*)if\s*\(\s*(?P<x>[A-Za-z_$][\w$.]*)\s*===\s*(?P<v>{_LIT})\s*\)\s*\{{[ \t]*$"
)


def switch(text: str, lang: str, rng: random.Random) -> str:
    """A chain `if (x === 'a') { … } else if (x === 'b') { … } [else { … }]` written as
    `switch (x) { case 'a': { … break; } case 'b': … default: … }`, each branch's body as it
    was. Only a chain of two branches at least on one variable, each body ending in a line of
    its own `}` (a body that ends by `return` needs no `break`; one that falls out gets it)."""
    if lang != "js":
        return text
    sk = Skeleton(text)
    s = sk.text
    pairs = _matching(s)
    edits: list[tuple[int, int, str]] = []
    for m in _IF_EQ.finditer(s):
        if edits and edits[-1][1] > m.start():
            continue
        x, ind = m.group("x"), m.group(1)
        if re.search(r"\belse\s*$", s[: m.start()].rstrip(" \t")[-10:]):
            continue
        branches = [(m.group("v"), m.end() - 1)]
        default = None
        pos = m.end() - 1
        while True:
            close = pairs.get(pos)
            if close is None:
                break
            after = s[close + 1 :]
            mm = re.match(
                rf"\s*else\s+if\s*\(\s*{re.escape(x)}\s*===\s*({_LIT})\s*\)\s*\{{[ \t]*\n",
                after,
            )
            if mm:
                pos = close + 1 + mm.end() - 2
                branches.append((mm.group(1), pos))
                continue
            me = re.match(r"\s*else\s*\{[ \t]*\n", after)
            if me:
                default = close + 1 + me.end() - 2
                pos = default
            break
        if len(branches) < 2:
            continue
        end = pairs.get(pos)
        if end is None:
            continue
        first = s[branches[0][1] + 1 :].split("\n")[1]
        unit = first[: len(first) - len(first.lstrip())][len(ind) :] or "    "
        parts = [f"{ind}switch ({x}) {{\n"]
        ok = True
        for v, o in [*branches, *([("default", default)] if default is not None else [])]:
            c = pairs[o]
            body = s[o + 1 : c]
            if not body.startswith("\n") or s[c - len(ind) - 1 : c].strip("\n\t ") != "":
                ok = False
                break
            stmts = body.rstrip().rstrip("\n")
            label = "default:" if v == "default" else f"case {v}:"
            last = stmts.strip().split("\n")[-1].strip() if stmts.strip() else ""
            brk = "" if re.match(r"(?:return|throw)\b", last) else f"\n{ind}{unit}{unit}break;"
            shifted = "\n".join((unit + ln) if ln.strip() else ln for ln in stmts.split("\n"))
            if re.search(r"(?m)^\s*(?:const|let)\b", stmts):  # its own scope, as in the if
                parts.append(f"{ind}{unit}{label} {{{shifted}{brk}\n{ind}{unit}}}\n")
            else:
                parts.append(f"{ind}{unit}{label}{shifted}{brk}\n")
        if not ok:
            continue
        parts.append(f"{ind}}}")
        edits.append((m.start(), end + 1, "".join(parts)))
    if not edits:
        return text
    out, last = [], 0
    for a, b, new in edits:
        out += [s[last:a], new]
        last = b
    return sk.restore("".join(out) + s[last:])


_IF_RETURN = re.compile(
    rf"(?m)^([ \t]*)if\s*\(\s*(?P<x>[A-Za-z_$][\w$.]*)\s*===\s*(?P<v>{_LIT})\s*\)\s*"
    r"(?P<r>return\b[^\n]*?;)[ \t]*$"
)


def switch_returns(text: str, lang: str, rng: random.Random) -> str:
    """Consecutive lines `if (x === 'a') return …;` on one variable (two at least, one
    indent) as one `switch (x) { case 'a': return …; … }`: a check of a move by cases, the
    way `canMove(from, to)` is often written. Each case returns, so none falls through, and a
    value no case names goes on after the `switch` as after the `if`s."""
    if lang != "js":
        return text
    sk = Skeleton(text)
    s = sk.text
    found = list(_IF_RETURN.finditer(s))
    groups: list[list[re.Match[str]]] = []
    for m in found:
        prev = groups[-1][-1] if groups else None
        if (
            prev is not None
            and s[prev.end() : m.start()] == "\n"
            and m.group("x") == prev.group("x")
            and m.group(1) == prev.group(1)
            and m.group("v") not in [g.group("v") for g in groups[-1]]
        ):
            groups[-1].append(m)
        else:
            groups.append([m])
    edits = [g for g in groups if len(g) >= 2]
    if not edits:
        return text
    out, last = [], 0
    for g in edits:
        ind = g[0].group(1)
        unit = "  " if ind.startswith(" ") or not ind else "\t"
        cases = "".join(f"{ind}{unit}case {m.group('v')}: {m.group('r')}\n" for m in g)
        out += [s[last : g[0].start()], f"{ind}switch ({g[0].group('x')}) {{\n{cases}{ind}}}"]
        last = g[-1].end()
    return sk.restore("".join(out) + s[last:])


LANG_CHANGES: dict[str, Callable[[str, str, random.Random], str]] = {
    "to-python": python,
    "to-csharp": csharp,
    "to-java": java,
    "to-kotlin": kotlin,
    "to-go": go,
    "to-lua": lua,
    "to-ruby": ruby,
    "to-swift": swift,
    "to-rust": rust,
    "to-php": php,
    "kotlin-if": kotlin_if,
    "lua-and-or": lua_andor,
    "settings": settings,
    "switch": switch,
    "switch-returns": switch_returns,
}
