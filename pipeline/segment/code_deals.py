"""Deal loops: the tableau dealt by a loop over its piles (a triangle of 1 … N cards, an
uneven deal `t < K ? A : B`), the last card of each pile face up, and a row dealt from the
stock onto every pile."""

from __future__ import annotations

import re

from pipeline.segment.code_loops import counted_loops
from pipeline.segment.code_source import TABLEAU, Said, Source, function_line, words

_TAKE = re.compile(
    r"\b(?:deck|stock|pack|cards|shuffled|talon|remaining)\w*\s*"
    r"(?:\.\s*(?:pop|shift|splice|Pop|Dequeue|RemoveAt|removeLast|removeFirst|remove|draw|"
    r"deal|take|Take|slice|next)\b|\[)",
    re.I,
)

_INNER = (
    r"\bfor\s*\(\s*(?:(?:let|var|int|const|auto)\s+)?([A-Za-z_$]\w*)\s*=\s*0\s*;"
    r"\s*\1\s*(?:<=\s*{v}|<\s*{v}\s*\+\s*1)\s*;"
)
_INNER_FROM = (
    r"\bfor\s*\(\s*(?:(?:let|var|int|const|auto)\s+)?([A-Za-z_$]\w*)\s*=\s*{v}\s*;"
    r"\s*\1\s*<\s*{n}\s*;"
)
_INNER_FROM_PY = r"\bfor\s+([A-Za-z_]\w*)\s+in\s+range\(\s*{v}\s*,\s*{n}\s*\)\s*:"
_INNER_PY = r"\bfor\s+([A-Za-z_]\w*)\s+in\s+range\(\s*(?:0\s*,\s*)?{v}\s*\+\s*1\s*\)\s*:"


def deal_loops(src: Source) -> list[Said]:
    """Piles of 1 … N cards dealt by a loop over N piles (`for (i = 0; i < 7; i++)` with an
    inner loop `j <= i`, or a count `i + 1` of cards taken), each pile's last card face up
    when the loop says so (`faceUp = (j === i)`, `[n - 1].visible = true`)."""
    out: list[Said] = []
    lines = src.lines
    for n, var, count, _, end in counted_loops(src):
        if not 2 <= count <= 12:
            continue
        body = "\n".join(lines[n + 1 : end + 1]) if end > n else lines[n][lines[n].find(")") :]
        v = re.escape(var)
        inner = re.search(_INNER.format(v=v), body) or re.search(_INNER_PY.format(v=v), body)
        # rounds: round i deals to piles i … N-1 (`for (j = i; j < 7; j++) piles[j].push(…)`)
        from_var = re.search(_INNER_FROM.format(v=v, n=count), body) or re.search(
            _INNER_FROM_PY.format(v=v, n=count), body
        )
        inner = inner or from_var
        counted = re.search(rf"\b{v}\s*\+\s*1\b", body)
        uneven = re.search(rf"\b{v}\s*<\s*(\d+)\s*\?\s*(\d+)\s*:\s*(\d+)\b", body)
        if not _TAKE.search(body):
            continue
        if not inner and not counted and not uneven:
            row = _row_from_stock(src, n, end, var, body, count)
            if row is not None:
                out.append(row)
            continue
        if not _into_tableau(body, from_var.group(1) if from_var else var):
            continue
        if (
            inner
            and not from_var
            and counted is None
            and not re.search(rf"\[\s*{v}\s*\]|\+\s*{v}\b", body)
        ):
            continue
        col = len(lines[n]) - len(lines[n].lstrip())
        if inner or counted:
            out.append(Said("deal_triangle", count, n, col, len(lines[n].rstrip()) - col))
        else:
            assert uneven is not None
            first, more, rest = (int(x) for x in uneven.groups())
            if not (0 < first < count and more != rest and 0 < more <= 13 and 0 < rest <= 13):
                continue
            out.append(Said("deal_piles", count, n, col, len(lines[n].rstrip()) - col))
            k = n + 1 + body[: uneven.start()].count("\n")
            uc = len(lines[k]) - len(lines[k].lstrip())
            out.append(
                Said(f"deal_first_{first}_by_{more}_rest", rest, k, uc, len(lines[k].rstrip()) - uc)
            )
        face = _last_up(body, var, inner.group(1) if inner else None)
        if face is not None:
            k = n + 1 + face
            fc = len(lines[k]) - len(lines[k].lstrip())
            out.append(Said("deal_last_up", 1, k, fc, len(lines[k].rstrip()) - fc))
    return out


_NOT_TABLEAU = frozenset(
    {"row", "rows", "pyramid", "grid", "cell", "cells", "foundation", "foundations", "waste"}
)
_PILES = TABLEAU | {"piles", "stacks", "pile", "stack"}


def _into_tableau(body: str, var: str) -> bool:
    """Whether a loop's cards go to the tableau's piles, one pile for each value of `var`:
    `piles[i].push(…)`, `moveCards(cards, 'tableau' + i)`, `tableau[i] = …`, the loop's
    n-th `tableau.push(…)`. A pile named otherwise (`pyramid[i]`, `rows[i]`,
    `foundations[i]`) makes the loop no deal of the tableau."""
    v = re.escape(var)
    names = [
        next(g for g in m.groups() if g)
        for m in re.finditer(
            rf"([A-Za-z_$][\w$.]*)\s*\[\s*{v}\s*\]\s*\.\s*(?:push|add|append|Add|addCard"
            rf"|AddCard|push_back|unshift|insert)\b|['\"]([A-Za-z_]+)['\"]\s*\+\s*{v}\b"
            rf"|\b([A-Za-z_$][\w$.]*)\s*\[\s*{v}\s*\]\s*(?:=(?!=)|\.\s*(?:cards|Cards))"
            rf"|\b([A-Za-z_$][\w$.]*)\s*\.\s*(?:push|append|Add)\s*\(",
            body,
        )
    ]
    said = [set(words(x)) for x in names]
    if any(ws & _NOT_TABLEAU for ws in said):
        return False
    return any(ws & _PILES for ws in said)


def _row_from_stock(src: Source, n: int, end: int, var: str, body: str, count: int) -> Said | None:
    """A loop over every pile that takes one card from the stock onto each (`for (t = 0; t
    < COLS; t++) tableau[t].push(stock.pop())`) outside the function that deals the layout:
    a row dealt from the stock when the player asks. Read only when the layout's deal is
    read too, over as many piles, in another function."""
    v = re.escape(var)
    if len(_TAKE.findall(body)) != 1 or re.search(r"\bfor\b|\bwhile\b", body):
        return None
    if not re.search(
        rf"([A-Za-z_$][\w$.]*)\s*\[\s*{v}\s*\]\s*\.\s*(?:push|add|append|Add|addCard|AddCard"
        r"|push_back)\b",
        body,
    ):
        return None
    if not re.search(
        r"(?i)\b(?:stock|deck|talon|pack)\w*\s*\.\s*(?:pop|shift|Pop|draw|removeLast)\b", body
    ):
        return None
    here = function_line(src, n)
    layout = [
        (k, c)
        for k, _, c, _, e in counted_loops(src)
        if k != n and function_line(src, k) != here and _deals_layout(src, k, e)
    ]
    if not layout or any(c != count for _, c in layout):
        return None
    col = len(src.lines[n]) - len(src.lines[n].lstrip())
    return Said("deal_rows", 1, n, col, len(src.lines[n].rstrip()) - col)


def _deals_layout(src: Source, n: int, end: int) -> bool:
    body = "\n".join(src.lines[n + 1 : end + 1])
    return bool(_TAKE.search(body)) and bool(
        re.search(r"\bfor\b.*<=|\?\s*\d+\s*:\s*\d+|\+\s*1\b", body)
    )


_LAST_CARD = (
    r"(?:\[\s*[\w$.]+\s*\.\s*(?:length|Count|size\(\))\s*-\s*1\s*\]|\[\s*-1\s*\]"
    r"|\b(?:top|last|peek)\s*\([^()]*(?:\[[^\]]*\])?[^()]*\)"
    r"|\.\s*(?:last|top|peek|Last|Peek|at\(\s*-1\s*\)|back)\s*\(\s*\)|\.\s*(?:Last|last)\b)"
)
# the last card turned face up: by a flag set true, or by a verb of turning
_LAST_UP = re.compile(
    _LAST_CARD + r"\s*\.\s*(?:(?:face_?up|visible|open|isFaceUp|faceUp|revealed|up|shown|"
    r"is_?face_?up|FaceUp|IsFaceUp|Visible)\s*=\s*(?:true|True|TRUE)\b"
    r"|(?:flip|turnUp|turnOver|reveal|open|show|Flip|TurnUp|Reveal|setFaceUp|SetFaceUp"
    r"|set_face_up)\s*\(\s*(?:true|True)?\s*\))"
)


def _last_up(body: str, outer: str, inner: str | None) -> int | None:
    """The body's line that turns only each pile's last card face up, counted from the body's
    first line: `card.faceUp = (j === i)`, `isFaceUp: row === col`, `cards[cards.length -
    1].visible = true`, `pile[-1].face_up = True`, `pile.last().flip()`."""
    for k, line in enumerate(body.split("\n")):
        if inner:
            a, b = re.escape(inner), re.escape(outer)
            eq = rf"(?:{a}\s*===?\s*{b}|{b}\s*===?\s*{a})"
            tail = r"\s*\)?\s*[;,]?\s*(?://.*|#.*)?$"
            if re.search(
                rf"(?i)(?:face_?up|visible|open|shown|revealed)\w*\s*[:=]\s*\(?\s*{eq}{tail}",
                line,
            ):
                return k
            ne = rf"(?:{a}\s*(?:!==?|<)\s*{b}|{b}\s*(?:!==?|>)\s*{a})"
            if re.search(rf"(?i)(?:face_?down|hidden)\w*\s*[:=]\s*\(?\s*{ne}{tail}", line):
                return k
        if _LAST_UP.search(line):
            return k
    return None


# -- the stock: turned back, how often, how many cards at a time ----------------------------
