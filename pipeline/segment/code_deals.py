"""Deal loops: the tableau dealt by a loop over its piles (a triangle of 1 … N cards, an
uneven deal `t < K ? A : B`), the last card of each pile face up, and a row dealt from the
stock onto every pile."""

from __future__ import annotations

import re

from pipeline.segment.code_loops import (
    Bound,
    Header,
    body_end,
    constant,
    counted_loops,
    headers,
    loop_body,
)
from pipeline.segment.code_source import (
    ADD,
    ADD_CALL,
    ASSIGNED,
    CLASS,
    EACH,
    LINE_COMMENT,
    TABLEAU,
    Said,
    Source,
    function_line,
    indexed,
    last_index,
    line_span,
    place_of,
    size_of,
    words,
)

_TAKE = re.compile(
    r"\b(?:deck|stock|pack|cards|shuffled|talon|remaining)\w*\s*"
    r"(?:(?:\.|->)\s*(?:pop|pop_back|pop_front|shift|splice|Pop|Dequeue|RemoveAt|removeLast|removeFirst|"
    r"remove|draw\w*|drain|"
    r"deal\w*|take\w*|slice|next)\b|\["
    # the card at a running index: Java's `deck.get(idx++)`
    r"|(?:\.|->)\s*get\s*\(\s*[\w$]+\s*\+\+\s*\))"
    r"|\bcard\w*\s*(?:\.|->)\s*(?:take\w*|pop|shift|Dequeue|removeLast|removeFirst)\s*\(",
    re.I,
)
# a count of cards taken that is the loop's value itself (a loop from 1): `deck.splice(0, i)`
_TAKE_V = (
    r"(?:splice|slice|take|Take|GetRange|subList|splitAt|drop)\s*\(\s*(?:[\w$.]+\s*,\s*)?-?\s*{v}\s*\)"
    r"|\[\s*:\s*{v}\s*\]|\[\s*-\s*{v}\s*:\s*\]"
    # Rust's `drain(..i)`
    r"|\bdrain\s*\(\s*(?:0\s*)?\.\.\s*{v}\s*\)"
)
_NUMBER_OR_NAME = r"(\d+|[A-Za-z_$][\w$.]*)"


def deal_loops(src: Source) -> list[Said]:
    """Piles of 1 … N cards dealt by a loop over N piles (`for (i = 0; i < 7; i++)` with an
    inner loop `j <= i`, or a count `i + 1` of cards taken; from 1: `j < i`, `splice(0, i)`),
    or in rounds (`for (j = i; j < 7; j++)`), or unevenly (`t < 4 ? 6 : 5`); piles 6 … 12 of
    one array of piles (`for (i = 6; i < 13; i++)` over `for (j = 6; j <= i; j++)`); each pile's
    last card face up when the loop says so (`faceUp = (j === i)`, `[n - 1].visible =
    true`, `if (j == i) card.flip()`, a call's argument `(j == i)`)."""
    out: list[Said] = []
    lines = src.lines
    for n, var, count, first, end in counted_loops(src, from_any=True):
        if 13 <= count <= 104 and first == 0:
            out += _modular(src, n, var, count, end)
        if not 2 <= count <= 12:
            continue
        body = loop_body(src, n, var, end)
        v = r"\$?" + re.escape(var)  # PHP's `$i`
        inner = rounds = None
        for h in headers(body):
            if (
                inner is None
                and not h.lo.name
                and h.hi.name == var
                and h.hi.offset - h.lo.offset == 1 - first
            ):
                inner = h  # pile i gets i + 1 cards (from 1: i cards)
            stop = constant(src, h.hi.name) if h.hi.name else 0
            if (
                rounds is None
                and h.lo == Bound(var, 0)
                and stop is not None
                and stop + h.hi.offset == count + first
            ):
                rounds = h  # round i deals to piles i … N-1
        inner = inner or rounds
        if first == 0:
            counted = re.search(rf"\b{v}\s*\+\s*1\b", body)
        elif first == 1:
            counted = re.search(_TAKE_V.format(v=v), body)
        else:  # piles `first` … of one array (`for (i = 6; i < 13; i++)`): an inner loop only
            counted = None
            if inner is None:
                continue
        uneven = _uneven(src, body, v) if first == 0 else None
        if not _TAKE.search(body):
            continue
        if not inner and not counted and not uneven:
            row = _row_from_stock(src, n, end, var, body, count) if first == 0 else None
            if row is not None:
                out.append(row)
            continue
        if not _into_tableau(body, rounds.var if rounds else var):
            continue
        if (
            inner
            and not rounds
            and counted is None
            and not re.search(indexed(rf"{v}\s*(?:-\s*1\s*)?") + rf"|\+\s*{v}\b", body)
            and not _pile_added(body)
        ):
            continue
        span = line_span(lines[n])
        if inner or counted:
            out.append(Said("deal_triangle", count, n, *span))
        else:
            assert uneven is not None
            (first_k, more, rest), at = uneven
            if not (0 < first_k < count and more != rest and 0 < more <= 13 and 0 < rest <= 13):
                continue
            out.append(Said("deal_piles", count, n, *span))
            k = n + 1 + body[:at].count("\n")
            out.append(Said(f"deal_first_{first_k}_by_{more}_rest", rest, k, *line_span(lines[k])))
        last = None
        outer = var
        if inner is not None:
            last = "" if inner is rounds else {0: "", -1: r"\s*-\s*1"}.get(inner.hi.offset - 1)
        elif uneven is not None:
            inner, outer = _uneven_inner(body, uneven[1])
            last = r"\s*-\s*1" if inner is not None else None
        face = _last_up(
            body,
            outer,
            inner.var if inner and last is not None else None,
            last or "",
            pile_last=first == 0 and (inner is not None or counted is not None),
        )
        up = n + 1 + face if face is not None else _after_up(src, n, end)
        if up is not None:
            out.append(Said("deal_last_up", 1, up, *line_span(lines[up])))
    return out


def dealt_ranges(src: Source, said: list[Said]) -> set[tuple[int, int]]:
    """The indices (first, last) of the piles each deal loop of `said` (`deal_loops`) deals
    from a first index other than 0 or 1: piles 6 … 12 of one array holding every pile."""
    lines = {s.line for s in said if s.name in ("deal_triangle", "deal_piles")}
    return {
        (first, first + count - 1)
        for n, _v, count, first, _e in counted_loops(src, from_any=True)
        if n in lines and first > 1
    }


_TO_PILE = rf"\s*\]\s*(?:(?:\.|->)\s*{ADD}\b|=(?!=))"


def _modular_piles(src: Source, var: str | None, body: str) -> int | None:
    """The piles a loop over cards deals to in turn: `columns[i % 10].push(card)`,
    `tableau[i % COLS].append(…)` (the loop's value modulo the count of piles), or by a
    counter that goes round them (`addCardForDeal(store[column], …)` with `column = (column +
    1) % 8`)."""
    found = set()
    names = []
    if var is not None:
        v = r"\$?" + re.escape(var)  # PHP's `$i`
        for m in re.finditer(
            rf"([A-Za-z_$][\w$.]*)\s*\[\s*{v}\s*%\s*{_NUMBER_OR_NAME}{_TO_PILE}", body
        ):
            names.append(m.group(1))
            s = m.group(2)
            found.add(int(s) if s.isdigit() else constant(src, s))
    turn = re.search(rf"\b([A-Za-z_]\w*)\s*=\s*\(\s*\1\s*\+\s*1\s*\)\s*%\s*{_NUMBER_OR_NAME}", body)
    if turn is not None and not names:
        c = re.escape(turn.group(1))
        for m in re.finditer(
            rf"([A-Za-z_$][\w$.]*)\s*\[\s*{c}{_TO_PILE}|\(\s*([A-Za-z_$][\w$.>-]*)\s*\[\s*{c}\s*\]\s*,",
            body,
        ):
            names.append(m.group(1) or m.group(2))
            s = turn.group(2)
            found.add(int(s) if s.isdigit() else constant(src, s))
    for name in names:
        ws = set(words(name))
        if ws & _NOT_TABLEAU or not ws & _PILES:
            return None
    if len(found) != 1:
        return None
    piles = found.pop()
    return piles if piles is not None and 2 <= piles <= 12 else None


def _modular(src: Source, n: int, var: str, count: int, end: int) -> list[Said]:
    """A loop over the cards of the deal, each onto the next pile in turn (`for (i = 0; i <
    54; i++) columns[i % 10].push(deck.pop())`): 54 cards on 10 piles, the first 4 get 6 and
    the others 5; the last card of each face up where the loop says the last round is
    (`card.faceUp = i >= 44`)."""
    lines = src.lines
    body = loop_body(src, n, var, end)
    if not _TAKE.search(body):
        return []
    piles = _modular_piles(src, var, body)
    if piles is None:
        return []
    each, more = divmod(count, piles)
    if not 1 <= each <= 13:
        return []
    after = _row_after(src, n, end, piles, body)
    # one more card on each pile where the next loop deals a row onto them
    each, more = divmod(count + (piles if after else 0), piles)
    out = [Said("deal_piles", piles, n, *line_span(lines[n]))]
    at = next(k for k in range(n, len(lines)) if "%" in lines[k])
    span = line_span(lines[at])
    if more:
        out.append(Said(f"deal_first_{more}_by_{each + 1}_rest", each, at, *span))
    else:
        out.append(Said("deal_each", each, at, *span))
    v = r"\$?" + re.escape(var)  # PHP's `$i`
    last = count - piles
    for k, line in enumerate(body.split("\n")):
        m = re.search(
            rf"(?i)(?:face_?up|visible|open|shown|revealed)\w*\s*[:=(]\s*\(?\s*{v}\s*(>=?)\s*(\d+)\b",
            line,
        )
        if m and int(m.group(2)) + (m.group(1) == ">") == last:
            row = n + 1 + k
            out.append(Said("deal_last_up", 1, row, *line_span(lines[row])))
            break
    if after is not None and after[1] is not None:
        k = after[1]
        out.append(Said("deal_last_up", 1, k, *line_span(lines[k])))
    return out


def _row_after(
    src: Source, n: int, end: int, piles: int, body: str
) -> tuple[int, int | None] | None:
    """The loop right after a deal in turn that puts one more card on each of its piles
    (KPat's Spider: 44 cards round the 10 piles face down, then `for (i = 0; i < 10; ++i)
    addCardForDeal(stack[i], cardList.takeLast(), true, …)`): one deal, counted per pile.
    Its line, and the line that turns its cards face up where the first loop turned none."""
    here = function_line(src, n)
    for k, var, count, first, e in counted_loops(src):
        if k <= end or first != 0 or count != piles or function_line(src, k) != here:
            continue
        between = src.lines[end + 1 : k]
        if any(x.strip() and not x.strip().startswith(("//", "#", "/*", "*")) for x in between):
            return None  # code between the two loops: another matter
        row = "\n".join(src.lines[k + 1 : e + 1]) if e > k else src.lines[k]
        if len(_TAKE.findall(row)) != 1 or not _into_tableau(row, var):
            return None
        up = _face_up(row)
        if up is None or _face_up(body) is not None:
            return k, None
        return k, (k + 1 + up if e > k else k)
    return None


def _face_up(body: str) -> int | None:
    """The body's line that puts its card face up: a flag set true, a verb of turning, or a
    call that takes the card given `true` (`addCardForDeal(pile, deck.pop(), true)`)."""
    for k, line in enumerate(body.split("\n")):
        if re.search(_FACE_SET, line) or (
            _TAKE.search(line) and re.search(r"[(,]\s*(?:true|True)\s*[,)]", line)
        ):
            return k
    return None


def _pile_added(body: str) -> bool:
    """Whether the loop makes a pile and adds it to the piles, one a turn (`pile.push(card)`
    …, then `tableau.add(pile)`)."""
    for m in re.finditer(
        rf"\b([A-Za-z_$][\w$.]*)\s*(?:\.|->)\s*{ADD}\s*\(\s*([A-Za-z_$]\w*)\s*\)",
        body,
    ):
        many, one = set(words(m.group(1))), set(words(m.group(2)))
        if many & _PILES and one & _PILES and not (many | one) & _NOT_TABLEAU:
            return True
    return False


_PACK = r"(?:this\.|self\.)?(?:deck|cards|pack|shuffled)\w*"
# a loop over every card of the pack, by index: `for (i = 0; i < deck.length; i++)`,
# `for i, card in enumerate(deck):`, `for i in range(len(deck)):`, `deck.forEach((c, i) =>`
_OVER_PACK = re.compile(
    rf"\bfor\s*\(\s*(?:(?:let|var|int|const|auto)\s+)?(?P<a>\w+)\s*=\s*0\s*;\s*(?P=a)\s*<\s*"
    rf"{size_of(_PACK)}\s*;[^)\n]*\)"
    rf"|\bfor\s+(?P<b>\w+)\s*,\s*\w+\s+in\s+enumerate\(\s*{_PACK}\s*\)\s*:"
    rf"|\bfor\s+(?P<c>\w+)\s+in\s+range\(\s*len\(\s*{_PACK}\s*\)\s*\)\s*:"
    # a callback in any spelling: `(c, k) =>`, Java's `(c, k) ->`, PHP's `fn(c, k) =>`,
    # `function (c, k) {`
    rf"|\b{_PACK}\s*\.\s*forEach\s*\(\s*(?:fn\s*|function\s*)?\(\s*\w+\s*,\s*(?P<d>\w+)\s*\)"
    r"\s*(?:=>|->|\{)"
    # while the pack has cards: `while (!cardList.isEmpty())`, `while (deck.length > 0)`
    r"|\bwhile\s*\(\s*(?:!\s*)?(?:this\.|self\.)?(?:deck|cards|pack|card\w*)\s*(?:\.|->)\s*"
    r"(?:isEmpty\s*\(\s*\)|length|Count|size\s*\(\s*\)|count\s*\(\s*\)|empty\s*\(\s*\))[^)\n]*\)"
    r"|\bwhile\s+(?:self\.)?(?:deck|cards|pack)\w*\s*:"
)


def whole_pack_deals(src: Source) -> list[Said]:
    """The whole pack dealt onto the piles in turn (`deck.forEach((card, i) =>
    tableau[i % 8].push(card))`, `for i, card in enumerate(deck): cascades[i % 8].append(
    card)`): N piles, dealt until the pack is out."""
    out: list[Said] = []
    lines = src.lines
    for n, line in enumerate(lines):
        m = _OVER_PACK.search(line)
        if m is None:
            continue
        var = next((g for g in m.group("a", "b", "c", "d") if g), None)
        end = body_end(src, n, m.end())
        body = "\n".join(lines[n : end + 1])
        piles = _modular_piles(src, var, body)
        if piles is None:
            continue
        out.append(Said("deal_piles", piles, n, *line_span(line)))
        at = next(k for k in range(n, end + 1) if "%" in lines[k] or k == end)
        out.append(Said("deal_all", 1, at, *line_span(lines[at])))
    return out


def _uneven_inner(body: str, at: int) -> tuple[Header | None, str]:
    """The inner loop over a pile's cards where an uneven deal names its count (`const count
    = c < 4 ? 6 : 5;` … `for (i = 0; i < count; i++)`), and that name: the pile's last card is
    `i === count - 1`."""
    # `const count = …`, Go's and Pascal's `count := …`
    named = re.search(r"([A-Za-z_$][\w$]*)\s*:?=\s*\(?\s*$", body[:at].rsplit("\n", 1)[-1])
    if named is None:
        return None, ""
    name = named.group(1)
    for h in headers(body[at:]):
        if h.lo == Bound("", 0) and h.hi == Bound(name, 0):
            return h, name
    return None, ""


_VALUE = r"\d+|[A-Za-z_$][\w$.]*"


def _conditionals(v: str) -> list[re.Pattern[str]]:
    """A conditional expression `t < K` choosing A or B in each language's form, its groups
    named `k`, `a` and `b`: C's `t < K ? A : B`, Python's `A if t < K else B`, Kotlin's and
    Scala's `if (t < K) A else B`, Rust's `if t < K { A } else { B }`, Lua's `t < K and A or
    B`. `t <= K` stands for `t < K + 1` (the group `le`)."""
    k, a, b = (rf"(?P<{g}>{_VALUE})" for g in "kab")
    c = rf"\(?\s*\b{v}\s*(?P<le><=?)\s*{k}\s*\)?"
    forms = [
        rf"{c}\s*\?\s*{a}\s*:\s*{b}",
        rf"{a}\s+if\s+{c}\s+else\s+{b}",
        rf"\bif\s*\(\s*\b{v}\s*(?P<le><=?)\s*{k}\s*\)\s*{a}\s+else\s+{b}\b",
        rf"\bif\s+{c}\s*\{{\s*{a}\s*\}}\s*else\s*\{{\s*{b}\s*\}}",
        rf"{c}\s+and\s+{a}\s+or\s+{b}\b",
    ]
    return [re.compile(f) for f in forms]


def _uneven(src: Source, body: str, v: str) -> tuple[tuple[int, int, int], int] | None:
    """`t < 4 ? 6 : 5`, `6 if t < 4 else 5`, `if (t < 4) 6 else 5`… (numbers or names given
    one number; `_conditionals`): the first 4 piles get 6 cards, the others 5; and where
    the body says it."""
    m = next((m for rx in _conditionals(v) if (m := rx.search(body))), None)
    if m is None:
        return None
    values = []
    for g in "kab":
        s = m.group(g)
        value = int(s) if s.isdigit() else constant(src, s)
        if value is None:
            return None
        values.append(value)
    if m.group("le") == "<=":
        values[0] += 1
    return (values[0], values[1], values[2]), m.start()


_NOT_TABLEAU = frozenset(
    {"row", "rows", "pyramid", "grid", "cell", "cells", "foundation", "foundations", "waste"}
)
_PILES = TABLEAU | {"piles", "stacks", "pile", "stack", "store", "stores", "play"}


def _into_tableau(body: str, var: str) -> bool:
    """Whether a loop's cards go to the tableau's piles, one pile for each value of `var`:
    `piles[i].push(…)`, `moveCards(cards, 'tableau' + i)` (or PHP's and Lua's `'tableau' .
    $i`, `'tableau' .. i`), `tableau[i] = …`, the loop's
    n-th `tableau.push(…)`, a call given the pile first (`addCard(play[i], …)`). A pile named
    otherwise (`pyramid[i]`, `rows[i]`,
    `foundations[i]`) makes the loop no deal of the tableau."""
    v = r"\$?" + re.escape(var)  # PHP's `$i`
    less = r"(?:\s*-\s*1)?"
    names = [
        next(g for g in m.groups() if g)
        for m in re.finditer(
            rf"([A-Za-z_$][\w$.]*?){indexed(v + less)}\s*(?:\.|->)\s*(?:{ADD}"
            rf"|unshift|extend|concat|AddRange|addAll)\b|['\"]([A-Za-z_]+)['\"]\s*(?:\+|\.\.?|&)\s*{v}\b"
            rf"|\b([A-Za-z_$][\w$.]*?){indexed(v + less)}\s*(?:=(?!=)|\.\s*(?:cards|Cards))"
            rf"|\b([A-Za-z_$][\w$.]*)\s*(?:\.|->)\s*(?:push|append|Add|add)\s*\("
            rf"|\(\s*([A-Za-z_$][\w$.]*)\s*\[\s*{v}{less}\s*\]\s*,"
            rf"|{ADD_CALL}([A-Za-z_$][\w$.]*)\s*,",
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
    v = r"\$?" + re.escape(var)  # PHP's `$i`
    if len(_TAKE.findall(body)) != 1 or re.search(r"\bfor\b|\bwhile\b", body):
        return None
    if not re.search(
        # `tableau[t].push(c)`, or by a call given the pile first: Go's `append(tableau[t], c)`
        rf"([A-Za-z_$][\w$.]*?){indexed(v)}\s*\.\s*{ADD}\b|{ADD_CALL}[A-Za-z_$][\w$.]*{indexed(v)}\s*,",
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
        for k, w, c, _, e in counted_loops(src)
        if k != n and function_line(src, k) != here and _deals_layout(src, k, e, w)
    ]
    layout += [
        (k, p)
        for k, v, c, f, e in counted_loops(src)
        if k != n
        and f == 0
        and 13 <= c <= 104
        and function_line(src, k) != here
        and (p := _modular_piles(src, v, "\n".join(src.lines[k : e + 1]))) is not None
    ]
    if not layout or any(c != count for _, c in layout):
        return None
    return Said("deal_rows", 1, n, *line_span(src.lines[n]))


# a choice of two numbers in any language's conditional expression: `c ? 6 : 5`, `6 if c
# else 5`, `if (c) 6 else 5`, `if c { 6 } else { 5 }`, `c and 6 or 5`
_CHOICE = (
    r"\?\s*\d+\s*:\s*\d+|\b\d+\s+if\b[^\n]*\belse\s+\d+|\bif\b[^\n]*?[){]?\s*\d+\s*\}?\s*else\s*\{?\s*\d+"
    r"|\band\s+\d+\s+or\s+\d+"
)


def _deals_layout(src: Source, n: int, end: int, var: str) -> bool:
    """Whether a loop over `var` deals the layout: it takes cards, and a count grows with
    the pile (`j <= i`, `i + 1`, an inner loop in any syntax up to `var`: Lua's `for j = 0,
    i do`) or is chosen between two numbers (`_CHOICE`)."""
    body = "\n".join(src.lines[n + 1 : end + 1])
    return bool(_TAKE.search(body)) and bool(
        re.search(rf"\bfor\b.*<=|{_CHOICE}|\+\s*1\b", body)
        or any(h.hi.name == var for h in headers(body))
    )


_LAST_CARD = (
    "(?:" + last_index(r"[\w$.]+") + r"|\b(?:top|last|peek)\s*\([^()]*(?:\[[^\]]*\])?[^()]*\)"
    r"|\.\s*(?:last|top|peek|Last|Peek|at\(\s*-1\s*\)|back)\s*\(\s*\)|\.\s*(?:Last|last)\b)"
)
# a card turned face up: by a flag set true (`.faceUp = true`, `.face = true`), by a verb of
# turning (`.flip()`), or by a bit of face up set in a card that is a number (`|= UP`)
_SET_UP = (
    r"\s*(?:\.\s*(?:(?:face_?up|visible|open|isFaceUp|faceUp|revealed|up|shown|"
    r"is_?face_?up|FaceUp|IsFaceUp|Visible|face)\s*=\s*(?:true|True|TRUE)\b"
    r"|(?:flip|turnUp|turnOver|reveal|open|show|Flip|TurnUp|Reveal|setFaceUp|SetFaceUp"
    r"|set_face_up)\s*\(\s*(?:true|True)?\s*\))"
    r"|\|=\s*(?:[A-Za-z_$][\w$]*\.)?(?:FACE_?UP|UP|OPEN|VISIBLE|SHOWN|REVEALED)\b)"
)
# the last card turned face up
_LAST_UP = re.compile(_LAST_CARD + _SET_UP)


_FACE_SET = (
    r"(?i)(?:face_?up|visible|open|shown|revealed|up)\w*\s*=\s*true\b"
    r"|\.\s*(?:flip|turn_?up|turn_?over|reveal|show|set_?face_?up)\w*\s*\("
)


def _last_up(
    body: str, outer: str, inner: str | None, last: str = "", pile_last: bool = False
) -> int | None:
    """The body's line that turns only each pile's last card face up, counted from the body's
    first line: `card.faceUp = (j === i)`, `isFaceUp: row === col`, `if (j === i)
    card.flip()`, `addCard(pile, deck.pop(), j == i)`, `cards[cards.length - 1].visible =
    true`, `pile[-1].face_up = True`, `pile.last().flip()`. `last` follows the outer variable
    where the inner one's last value is written (a pattern of `- 1` for `j == i - 1`)."""
    rows = body.split("\n")
    for k, line in enumerate(rows):
        if inner:
            a, b = r"\$?" + re.escape(inner), r"\$?" + re.escape(outer)
            eq = rf"(?:{a}\s*===?\s*{b}{last}|{b}{last}\s*===?\s*{a})(?![\w$.\[(]|\s*[-+*/])"
            tail = r"\s*\)?\s*[;,]?\s*(?://.*|#.*)?$"
            if re.search(
                rf"(?i)(?:face_?up|visible|open|shown|revealed)\w*\s*[:=]\s*\(?\s*{eq}{tail}",
                line,
            ):
                return k
            ne = rf"(?:{a}\s*(?:!==?|<)\s*{b}{last}|{b}{last}\s*(?:!==?|>)\s*{a})"
            if re.search(rf"(?i)(?:face_?down|hidden)\w*\s*[:=]\s*\(?\s*{ne}{tail}", line):
                return k
            if _flag_pair(rows, k, rf"\bif\b\s*\(?\s*{ne}\s*\)?\s*(?::|\{{)?"):
                return k
            cond = re.search(rf"\bif\b\s*\(?\s*{eq}\s*\)?\s*(?::|\{{)?(.*)$", line)
            before = line[: cond.start()] if cond is not None else ""
            if cond is not None and not cond.group(1).strip() and re.search(_FACE_SET, before):
                return k  # Ruby's modifier: `card.face_up = true if i == count - 1`
            if cond is not None:
                rest = cond.group(1).strip() or next((r for r in rows[k + 1 :] if r.strip()), "")
                if re.search(_FACE_SET, rest):
                    return k
            if re.search(
                rf"(?i)(?:set_?)?(?:face_?up|visible|open|shown|revealed)\w*\s*\(\s*\(?\s*{eq}\s*\)?\s*\)",
                line,
            ):
                return k
            arg = re.search(rf"[(,]\s*\(?\s*{eq}\s*\)?\s*[,)]", line)
            if arg is not None and _TAKE.search(line):
                return k
        if _LAST_UP.search(line):
            return k
        if pile_last and re.search(
            rf"\[\s*{re.escape(outer)}\s*\]\s*\[\s*{re.escape(outer)}\s*\]" + _SET_UP, line
        ):
            return k  # `tableau[i][i].faceUp = true`: pile i's last card is its i-th
        nth = rf"\]\s*\[\s*\$?{re.escape(outer)}{last}\s*\]"
        if inner and last and re.search(nth + _SET_UP, line):
            return k  # `cols[c][n - 1] |= UP`: the last of the pile's n cards
    return None


# the words of a card's state of lying face up, and of lying face down (on its back):
# `turnedOver` is the card turned to its back, as a program sets it for the cards it hides
_UP_WORDS = frozenset({"up", "faceup", "visible", "open", "opened", "shown", "revealed"})
_DOWN_WORDS = frozenset({"down", "facedown", "hidden", "back", "closed", "turned"})
_FLAG = r"(?:[A-Za-z_$][\w$]*\s*\.\s*)*(?P<flag>[A-Za-z_$][\w$]*)\s*=\s*(?P<val>true|false)\b"


def _flag_pair(rows: list[str], k: int, before_last: str) -> bool:
    """Whether row k sets a card's state for the cards before a pile's last (`if (j < i)`,
    `before_last` its pattern) and an `else` on it or the next rows sets the same state the
    other way for the last: `if (j<i) getKarta.turnedOver = true; else getKarta.turnedOver =
    false;`. Read only where the state's words say which way is face down (`hidden`,
    `turnedOver` true, `faceUp`, `visible` false): each pile face down but its last card."""
    m = re.search(before_last + r"\s*" + _FLAG, rows[k])
    if m is None:
        return False
    flag, val = m.group("flag"), m.group("val")
    other = "false" if val == "true" else "true"
    rest = " ".join([rows[k][m.end() :], *rows[k + 1 : k + 3]])
    if not re.search(
        rf"\belse\b\s*\{{?\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*{flag}\s*=\s*{other}\b", rest
    ):
        return False
    ws = set(words(flag)) | {"".join(words(flag))}
    if ws & _UP_WORDS:
        return val == "false"
    return bool(ws & _DOWN_WORDS) and val == "true"


def _after_up(src: Source, n: int, end: int) -> int | None:
    """The line right after a deal loop that turns each pile's last card face up, one pile a
    turn (`for (const col of cols) col[col.length - 1] |= UP;`, `for pile in piles:
    pile[-1].face_up = True`, `piles.forEach(p => p[p.length - 1].faceUp = true)`, a loop
    over the piles in any language: `code_source.EACH`), in the same function; None where the
    next statement is anything else."""
    lines = src.lines
    near = [j for j in range(end + 1, min(end + 6, len(lines))) if lines[j].strip(" \t}")]
    # the loop right after, or after one declaration of the set of cards face up
    # (`const faceUp = new Set()` ⏎ `for (const col of tableau) faceUp.add(col[col.length - 1].id)`)
    for k in near[:2]:
        if function_line(src, k) != function_line(src, n):
            return None
        m = EACH.search(lines[k])
        if m is None:
            if not _FACE_SET_MADE.search(lines[k]):
                return None
            continue
        v = re.escape(next(g for g in m.groups() if g))
        body = lines[k][m.end() :] + "\n" + (lines[k + 1] if k + 1 < len(lines) else "")
        last = (
            rf"\b{v}\s*(?:{last_index(v)}"
            r"|\.\s*(?:last|top|peek|Last|Peek|back)\s*\(\s*\)|\.\s*(?:Last|last)\b)"
        )
        up_set = (
            r"(?i)\b(?:face_?up|visible|open|revealed|shown)\w*\s*\.\s*(?:add|push|insert)"
            rf"\s*\(\s*{last}"
        )
        return k if re.search(last + _SET_UP, body) or re.search(up_set, body) else None
    return None


# a set of the cards face up made empty: `const faceUp = new Set()`, `open_cards = set()`
_FACE_SET_MADE = re.compile(
    r"(?i)\b(?:face_?up|visible|open|revealed|shown)\w*\s*(?::[^=\n]*)?=\s*(?:new\s+\w*Set\b|set\s*\(\s*\))"
)


# a card put on the pile itself: `addCard(…)`, `this.push(…)`, `self.append(…)`
_ONTO_SELF = re.compile(rf"(?:^|[^\w$.]|\b(?:this|self)\s*\.\s*){ADD}\s*\(")


def own_deals(src: Source) -> list[Said]:
    """A tableau pile's class that deals its own cards face down but the last: its
    constructor takes cards from the pack in a loop onto itself and turns its top card up
    right after (`class TablePile … { TablePile(x, y, c) { for (i = 0; i < c; i++)
    push(deckPile.pop()); top().flip(); } }`)."""
    out: list[Said] = []
    lines = src.lines
    owner = None
    for n, line in enumerate(lines):
        m = CLASS.match(line)
        if m is not None:
            owner = m.group(1)
            continue
        if owner is None or place_of(words(owner)) != "tableau":
            continue
        hm = re.match(r"\s*for\b.*?(\)\s*\{?|:)\s*$", line) or re.match(r"\s*for\s*\(.*?\)", line)
        if hm is None:
            continue
        end = body_end(src, n, hm.end(1) if hm.lastindex else hm.end())
        body = "\n".join(lines[n : end + 1])
        if not _TAKE.search(body) or not _ONTO_SELF.search(body):
            continue
        k = next(
            (
                j
                for j in range(end + 1, len(lines))
                if LINE_COMMENT.sub("", lines[j]).strip() not in ("", "}")
            ),
            None,
        )  # the next statement, a comment line between skipped (`// перевернуть верхнюю`)
        if k is None or not _LAST_UP.search(lines[k]):
            continue
        said = Said("deal_last_up", 1, k, *line_span(lines[k]))
        if len(said.statement) > said.width + 1:  # `top().flip();`: on the loop's line
            said = Said("deal_last_up", 1, n, *line_span(line))
        out.append(said)
    return out


# -- the deal as data: a list of the piles' sizes -------------------------------------------

# a list of small numbers written out: `[6, 6, 6, 6, 5, 5, 5, 5, 5, 5]`, `(1, 2, 3)`, `{7, 6}`
_SIZES = re.compile(r"[\[({]\s*(\d{1,2}(?:\s*,\s*\d{1,2}){1,19})\s*,?\s*[\])}]")
# what the list is: the tableau's piles' sizes (`tableau.map(c => c.length)`, `[len(c) for c
# in columns]`, `COLUMN_SIZES = …`, `pileSizes`, `DEAL = …`)
_SIZE_WORDS = frozenset({"length", "len", "size", "sizes", "count", "counts", "lengths"})
_SIZE_NAME_WORDS = frozenset({"sizes", "counts", "lengths", "layout", "deal", "heights"})
_PILE_WORDS = TABLEAU | frozenset({"pile", "piles", "stack", "stacks"})
_ASSIGNED = re.compile(rf"{ASSIGNED}\S")
_JOINED = re.compile(
    r"(?P<name>[A-Za-z_$][\w$]*)\s*(?:===?|\.equals\()\s*['\"](?P<row>\d{1,2}(?:,\s?\d{1,2}){1,19})['\"]"
)


# a row of one size written as a call (`Array(8).fill(6)`, `[6] * 8`, Dart's
# `List.filled(8, 6)`, Rust's `vec![6; 8]`), read as the row written out (`[6, 6, …]`)
_FILLED = re.compile(
    r"\b(?:new\s+)?Array\(\s*(?P<n1>\d{1,2})\s*\)\.fill\(\s*(?P<k1>\d{1,2})\s*\)"
    r"|\[\s*(?P<k2>\d{1,2})\s*\]\s*\*\s*(?P<n2>\d{1,2})\b"
    r"|\bList\.filled\(\s*(?P<n3>\d{1,2})\s*,\s*(?P<k3>\d{1,2})\s*\)"
    r"|\bvec!\[\s*(?P<k4>\d{1,2})\s*;\s*(?P<n4>\d{1,2})\s*\]"
)


def _filled(m: re.Match[str]) -> str:
    g = next(k for k in "1234" if m.group("n" + k))
    n, k = int(m.group("n" + g)), m.group("k" + g)
    return "[" + ", ".join([k] * n) + "]" if 2 <= n <= 20 else m.group()


def listed_sizes(src: Source) -> list[Said]:
    """The tableau's deal written as data, a row of its piles' sizes: compared with the piles'
    sizes (`expect(s.tableau.map((c) => c.length)).toEqual([6, 6, 6, 6, 5, 5, 5, 5, 5, 5])`,
    `assert [len(c) for c in cols] == [1, 2, 3, 4, 5, 6, 7]`) or named as them (`const
    COLUMN_SIZES = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]`): N piles of 1 … N cards, N piles of K
    each, or the first piles one card more than the rest; any other row states nothing."""
    out: list[Said] = []
    seen: set[tuple[int, ...]] = set()
    assigned = {m.group(1): line for line in src.lines if (m := _ASSIGNED.search(line)) is not None}
    for n, line in enumerate(src.lines):
        # a row joined as a string, compared with a name the piles' sizes were given
        # (`const sizes = state.columns.map(c => c.length).join(',')`; `sizes === '6,6,…'`)
        for m in _JOINED.finditer(line):
            given = assigned.get(m.group("name"), "").split("=", 1)[-1]
            ws = set(words(given))
            if ws & _PILE_WORDS and (ws & _SIZE_WORDS or re.search(r"#\s*[A-Za-z_]", given)):
                sizes = tuple(int(x) for x in m.group("row").split(","))
                if len(sizes) >= 2 and all(1 <= s <= 20 for s in sizes) and (rows := _rows(sizes)):
                    seen.add(sizes)
                    out += [Said(name, value, n, *line_span(line)) for name, value in rows]
        filled = _FILLED.sub(_filled, line)
        for m in _SIZES.finditer(filled):
            sizes = tuple(int(x) for x in re.findall(r"\d+", m.group(1)))
            before = filled[: m.start()]
            ws = set(words(before))
            named = re.search(r"([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=\s*$", before)
            name_ws = set(words(named.group(1))) if named else set()
            key = re.search(r"""([A-Za-z_$][\w$]*)["']?\s*:\s*$""", before)
            if key and set(words(key.group(1))) <= _PILE_WORDS | _SIZE_NAME_WORDS:
                # an object's key that is the piles themselves: `columns: [1, 2, …, 7]`
                name_ws = set(words(key.group(1))) | {"sizes"}
            # Lua's length `#c` is a size too
            sized = bool(ws & _SIZE_WORDS) or re.search(r"#\s*[A-Za-z_]", before) is not None
            said = bool(ws & _PILE_WORDS and sized) or bool(
                name_ws & _SIZE_NAME_WORDS and name_ws & (_PILE_WORDS | {"deal"})
            )
            if not said or len(sizes) < 2 or sizes in seen or not all(1 <= s <= 20 for s in sizes):
                continue
            rows = _rows(sizes)
            if rows:
                seen.add(sizes)
                span = line_span(line)
                out += [Said(name, value, n, *span) for name, value in rows]
    return out if len(seen) == 1 else []


def _rows(sizes: tuple[int, ...]) -> list[tuple[str, int]]:
    """The statements a row of pile sizes makes: `deal_triangle` for 1 … N (or N … 1),
    `deal_piles` and `deal_each` for N equal sizes, `deal_piles` and the uneven deal for the
    first piles one card more than the rest."""
    n = len(sizes)
    if sorted(sizes) == list(range(1, n + 1)) and (
        sizes == tuple(sorted(sizes)) or sizes == tuple(sorted(sizes, reverse=True))
    ):
        return [("deal_triangle", n)]
    if len(set(sizes)) == 1:
        return [("deal_piles", n), ("deal_each", sizes[0])]
    big, small = max(sizes), min(sizes)
    k = sizes.index(small)
    if big == small + 1 and all(s == big for s in sizes[:k]) and all(s == small for s in sizes[k:]):
        return [("deal_piles", n), (f"deal_first_{k}_by_{big}_rest", small)]
    return []
