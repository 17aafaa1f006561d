"""Comparisons turned the way round the readers of program structure look for them.

A program may write a comparison either way: `i < 7` or `7 > i`, `card.rank === 13` or
`13 === card.rank`, `top === null` or `null === top`. The readers (`code_loops`, `code_deals`,
`code_moves`, `code_empty`, `code_stock`) match the usual order: the loop's variable and the
thing tested on the left, the bound or the constant on the right. `forward` rewrites the other
order into it before they read, as the same characters in the same span (`7 > i` → `i < 7`),
so every line, column and width a reader reports stays the source's own. Only a comparison
that stands alone is turned (between `(`, `&&`, `||`, `;`, `,`, `?`, `return`, `if`… on each
side, each operand a name, a member, a call without arguments, an index or a literal with at
most `± n`): its operands bind tighter than it, so the turned one means the same.
"""

from __future__ import annotations

import re

from pipeline.segment.code_source import Tok, tokens

_ORDERS = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}  # turned, each into its mirror
_FLIP = {**_ORDERS, **{op: op for op in ("==", "===", "!=", "!==")}}
# what may stand before a comparison's left operand and after its right one
_OPEN = frozenset({"(", "&&", "||", ";", ",", "?", ":", "=", "=>", "{", "}"})
_OPEN |= {"return", "if", "while", "elif", "and", "or"}
_CLOSE = frozenset({")", "&&", "||", ";", ",", "?", ":", "{", "}", "and", "or"})
_ATOM = (
    r"(?:[A-Za-z_$][\w$]*(?:\(\))?(?:\.[A-Za-z_$][\w$]*(?:\(\))?|\[[\w$.]+\])*|\d+"
    r"|'[^'\\\n]*'|\"[^\"\\\n]*\")"
)
_OPERAND = re.compile(rf"{_ATOM}(?:\s*[-+]\s*(?:\d+|{_ATOM}))?")
# a side that is fixed: a literal, a null, a CONSTANT (`COLS`, `this.MAX_ROWS`, `Rank.KING`)
# or an enumeration's member (`Rank.King`)
_FIXED = re.compile(
    r"\d+|'[^']*'|\"[^\"]*\"|null|undefined|nullptr|None|nil|NULL|true|false|True|False"
    r"|(?:[A-Za-z_$][\w$]*\.)*[A-Z][A-Z0-9_]+|(?:[A-Za-z_$][\w$]*\.)+[A-Z]"
    r"|[A-Z][a-z]\w*\.[A-Z][a-z]\w*"
)
_LOOP_VAR = re.compile(
    r"\bfor\s*\(\s*(?:(?:let|var|int|const|auto|size_t|unsigned|long|Int|usize)\s+)?\$?"
    r"([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=[^;]*;\s*$"
)


def _width(t: Tok) -> int:
    return len(t.text) + 2 if t.kind == "str" else len(t.text)


def _side(toks: list[Tok], i: int, step: int) -> tuple[int, int] | None:
    """Tokens (first, last) of the operand beside comparison `i`, on its line, up to the
    boundary that encloses it (an unmatched bracket, `&&`, `;`, `return`…, or the line's end
    after the right side); None when another operator comes first."""
    depth, k, line = 0, i + step, toks[i].line
    bounds = _OPEN if step < 0 else _CLOSE
    while 0 <= k < len(toks) and toks[k].line == line:
        t = toks[k]
        if t.kind == "op" and t.text in "()[]":
            depth += step if t.text in "([" else -step
            if depth < 0:
                break
        elif depth == 0 and t.kind in ("op", "id") and t.text in bounds:
            break
        k += step
    else:
        if step < 0 and k >= 0 and toks[k].text not in _OPEN:
            return None  # the line before goes on into this operand
    if k == i + step:
        return None
    return (k + 1, i - 1) if step < 0 else (i + 1, k - 1)


def forward(text: str) -> str:
    """The source with each comparison whose left side is fixed and right side is not
    (`13 === card.rank`, `null == top`), and each loop condition with its variable on the
    right (`for (i = 0; n > i; i++)`), written the other way round, in the same span."""
    toks = tokens(text)
    if not any(t.kind == "op" and t.text in _FLIP for t in toks):
        return text
    starts = [0]
    for ln in text.split("\n"):
        starts.append(starts[-1] + len(ln) + 1)
    out = list(text)
    for i, t in enumerate(toks):
        if t.kind != "op" or t.text not in _FLIP:
            continue
        left, right = _side(toks, i, -1), _side(toks, i, 1)
        if left is None or right is None:
            continue
        a0 = starts[toks[left[0]].line] + toks[left[0]].col
        a1 = starts[toks[left[1]].line] + toks[left[1]].col + _width(toks[left[1]])
        b0 = starts[toks[right[0]].line] + toks[right[0]].col
        b1 = starts[toks[right[1]].line] + toks[right[1]].col + _width(toks[right[1]])
        a, b = text[a0:a1], text[b0:b1]
        if not (_OPERAND.fullmatch(a) and _OPERAND.fullmatch(b)):
            continue
        fixed_a, fixed_b = bool(_FIXED.fullmatch(a)), bool(_FIXED.fullmatch(b))
        loop = _LOOP_VAR.search(text[starts[t.line] : a0])
        turn = (fixed_a and not fixed_b) or (
            loop is not None and b == loop.group(1) and a != b and t.text in _ORDERS
        )
        if not turn:
            continue
        op0 = starts[t.line] + t.col
        new = b + text[a1:op0] + _FLIP[t.text] + text[op0 + len(t.text) : b0] + a
        out[a0:b1] = list(new)
    return "".join(out)
