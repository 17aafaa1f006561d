"""Rules a program states by its structure: a deal loop, a comparison of two cards, a test of
an empty pile (`pipeline.segment.named_values` reads the rules it states by names).

Many solitaire programs state their layout and their building only in code: the tableau is
dealt by two nested loops (`for (i = 0; i < 7; i++) for (j = 0; j <= i; j++) piles[i].push(
deck.pop())`: seven piles of one to seven cards, `card.faceUp = (j === i)`: only the last
face up), and a move is checked by a comparison (`isRed(card) !== isRed(top) && card.rank ===
top.rank - 1`: down in alternate colours; `if (!pile.length) return card.rank === "K"`: only a
king into a space). This module reads such constructs over the tokens of the source (and,
for loops, over its lines), the same way in every C-like language (JS/TS, Java, C#, C/C++,
Kotlin, Swift, Dart, PHP) and in Python. Lisp forms (AisleRiot's Scheme: `(= (get-value card)
(+ 1 (get-value top)))`) are not read: their comparisons and deal lists state nothing here.

Each construct is read only whole, and only where its place says whose rule it is: a
comparison counts only inside a check of a move (a function or a branch whose name says
what it checks: `canMoveToTableau`, `class Tableau … IsCorrectMove`, `if (dest ==
'foundation')`), and only when the cards compared are told apart (the target is the pile's
top card: `top = pile[pile.length - 1]`, `GetTopCard()`, `targetCard`). A construct it
cannot read, or read in a place that names no pile or two, states nothing: a wrong rule is
worse than a missing one. What it reads is kept by `reading_text` (`pipeline.segment.code`)
as a statement in the place of the code that says it (`build_down = 1.`), which the grammar
stage reads through `named_values.statement`, as it reads a named value, and cites on that
line of the file.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

# What each statement the reading text keeps states: its name → kind (the number is its value).
STATEMENTS = {
    "build_down": "build_down",  # the tableau built down by one
    "build_up": "build_up",
    "build_alt_colour": "build_alternate",  # in alternate colours
    "build_suited": "build_suited",  # in suit
    "space_rank": "space_rank",  # only this rank into an empty tableau pile
    "base_rank": "base_rank",  # the foundations begin with this rank
    "found_suited": "foundation_suited",  # the foundations built in suit
    "deal_triangle": "deal_triangle",  # N piles of 1 … N cards
    "deal_last_up": "deal_last_up",  # each pile face down but its last card
    "deal_piles": "deal_piles",  # N piles dealt (their cards another statement says)
    "deal_rows": "deal_rows",  # a row dealt from the stock onto every pile when asked
    "space_any": "space_any",  # any card into an empty tableau pile
    "build_down_any": "build_down_any",  # down by one, the suit not compared at all
    "build_up_any": "build_up_any",
    "build_run": "build_run",  # runs move whole (the first card of several is checked)
    "turn_back": "turn_back",  # the waste turned back into the stock
    "redeal_limit": "redeals",  # how often (a counter compared with a number)
    "draw": "draw",  # cards turned from the stock at a time
    "made_columns": "columns",  # N tableau piles made empty before the deal
    "made_foundations": "foundations",
    "made_cells": "cells",
    "made_packs": "packs",  # the packs a loop over suits and ranks makes
}

_UNEVEN = re.compile(r"^deal_first_(\d{1,2})_by_(\d{1,2})_rest$")


def code_statement(name: str) -> str | None:
    """The kind of rule a statement of this name states (`build_down` → build_down,
    `deal_first_4_by_6_rest` → uneven_4_6), None for any other name."""
    if name in STATEMENTS:
        return STATEMENTS[name]
    m = _UNEVEN.match(name)
    return f"uneven_{m.group(1)}_{m.group(2)}" if m else None


KING, ACE = 13, 1


@dataclass(frozen=True)
class Tok:
    kind: str  # "id", "num", "str", "op"
    text: str
    line: int
    col: int


@dataclass(frozen=True)
class Said:
    """A rule a construct states, and where the reading text keeps it: the line and column of
    the construct's first token and how much of that line it covers."""

    name: str  # a key of STATEMENTS
    value: int
    line: int
    col: int
    width: int  # characters of the construct from `col` on its line

    @property
    def statement(self) -> str:
        return f"{self.name} = {self.value}."


_TOKEN = re.compile(
    r"""(?P<ws>\s+)
    |(?P<comment>//[^\n]*|/\*.*?\*/|\#(?!define\b|include\b)[^\n]*|;;[^\n]*)
    |(?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)
    |(?P<num>\d+)
    |(?P<id>[A-Za-z_$][\w$]*(?:[-?!][\w$]+)*[?!]?)
    |(?P<op>===|!==|==|!=|<=|>=|&&|\|\||\+\+|--|\+=|-=|=>|->|::|[-+*/%^!<>=(){}\[\].,;:?&|~@\\])
    """,
    re.X | re.S,
)


def tokens(text: str) -> list[Tok]:
    """The tokens of a source, comments left out, strings kept (their content, unquoted)."""
    out: list[Tok] = []
    line, start = 0, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "op"
        s = m.group()
        if kind not in ("ws", "comment"):
            body = s[1:-1] if kind == "str" else s
            out.append(Tok(kind, body, line, m.start() - start))
        if "\n" in s:
            line += s.count("\n")
            start = m.start() + s.rindex("\n") + 1
    return out


def words(name: str) -> list[str]:
    """The words of an identifier or a string, lower case (`canMoveToTableau`,
    `foundation_pile`, `'tableau' + i`, `get-value`)."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)]


# -- places -----------------------------------------------------------------------------------

_TABLEAU = frozenset({"tableau", "tableaus", "tableaux", "column", "columns", "col", "cols"})
_TABLEAU |= frozenset({"cascade", "cascades", "lane", "lanes"})
_FOUNDATION = frozenset({"foundation", "foundations", "fundament", "home", "homes", "homecell"})
# words of a place a card comes from: a branch naming one says where a move starts
_SOURCE = frozenset({"source", "src", "from", "origin"})
# words of a check of a move (what a comparison must stand inside)
_CHECK = frozenset(
    {
        "can",
        "valid",
        "legal",
        "allowed",
        "accept",
        "accepts",
        "correct",
        "move",
        "moves",
        "place",
        "drop",
        "put",
        "fits",
        "fit",
        "droppable",
        "placeable",
        "check",
        "allow",
        "add",
        "is",
        "build",
        "stack",
        "stackable",
        "receive",
        "receives",
        "legit",
    }
)
# words of a function that weighs or shows a move rather than allows it
_NOT_CHECK = frozenset(
    {
        "score",
        "scores",
        "points",
        "hint",
        "hints",
        "auto",
        "bonus",
        "render",
        "draw",
        "animate",
        "sort",
        "compare",
        "highlight",
        "count",
        "solver",
        "suggest",
        "best",
    }
)


def _place_of(ws: list[str]) -> str | None:
    """The pile a header's words name: "tableau", "foundation", "" for both or a source
    (nothing can be said), None for none."""
    t = any(w in _TABLEAU for w in ws)
    f = any(w in _FOUNDATION for w in ws)
    if (t or f) and any(w in _SOURCE for w in ws):
        return ""
    if t and f:
        return ""
    return "tableau" if t else "foundation" if f else None


def _header_words(toks: list[Tok]) -> list[str]:
    out: list[str] = []
    for t in toks:
        if t.kind in ("id", "str"):
            out += words(t.text)
    return out


class _Source:
    """A source's tokens and, for each, the headers of the blocks it stands in (innermost
    last): braces for C-like languages, indentation after `:` for Python."""

    def __init__(self, text: str) -> None:
        self.toks = tokens(text)
        self.text = text
        self.lines = text.split("\n")
        self.scopes: list[tuple[int, ...]] = []
        self.headers: list[list[Tok]] = []
        self.ends: dict[int, int] = {}  # a block's header id → index after its last token
        self.starts: list[int] = []  # each token's statement's first token
        self.first: dict[int, int] = {}  # a block's header id → index of its first token
        # what is read once per source: counted loops, named numbers, `cards[0]`s
        self.loops: list[tuple[int, str, int, int, int]] | None = None
        self.constants: dict[str, int | None] = {}
        self.firsts: list[tuple[int, re.Match[str]]] | None = None
        self._scan()
        self.token_lines = [t.line for t in self.toks]

    def _scan(self) -> None:
        stack: list[int] = []
        python: list[tuple[int, int]] = []  # (header id, indent)
        stmt_start = 0
        toks = self.toks
        for i, t in enumerate(toks):
            if python and i > 0 and t.line != toks[i - 1].line:
                indent = t.col
                while python and indent <= python[-1][1]:
                    hid, _ = python.pop()
                    self.ends[hid] = i
                    stack.remove(hid)
            self.scopes.append(tuple(stack))
            self.starts.append(stmt_start)
            if t.text == "{" and t.kind == "op":
                self.headers.append(toks[stmt_start:i])
                self.first[len(self.headers) - 1] = i + 1
                stack.append(len(self.headers) - 1)
                stmt_start = i + 1
            elif t.text == "}" and t.kind == "op":
                if stack and not any(stack[-1] == h for h, _ in python):
                    self.ends[stack.pop()] = i
                stmt_start = i + 1
            elif t.text == ";" and t.kind == "op":
                stmt_start = i + 1
            elif (
                t.text == ":"
                and t.kind == "op"
                and (i + 1 == len(toks) or toks[i + 1].line != t.line)
                and toks[stmt_start:i]
                and toks[stmt_start].text
                in ("def", "class", "if", "elif", "else", "for", "while", "with", "try")
            ):
                self.headers.append(toks[stmt_start:i])
                hid = len(self.headers) - 1
                self.first[hid] = i + 1
                stack.append(hid)
                python.append((hid, toks[stmt_start].col))
                stmt_start = i + 1
            elif (
                i + 1 < len(toks)
                and toks[i + 1].line != t.line
                and t.text not in (",", "(")
                and not (t.kind == "op" and t.text in "+-*/&|=<>.?:")
                and toks[i + 1].text not in (".", "{")
            ):
                stmt_start = i + 1
        for hid in stack:
            self.ends.setdefault(hid, len(toks))

    def arrow(self, i: int) -> int | None:
        """The `=>` of an arrow function without braces whose body token `i` stands in
        (`const canPlace = (card, t) => …;`)."""
        for k in range(self.starts[i], i):
            if self.toks[k].text == "=>" and self.toks[k + 1].text != "{":
                return k
        return None

    def statement_end(self, i: int) -> int:
        """The index after the last token of the statement token `i` stands in."""
        depth = 0
        for k in range(i, len(self.toks)):
            t = self.toks[k]
            if t.kind == "op" and t.text in "([{":
                depth += 1
            elif t.kind == "op" and t.text in ")]}":
                depth -= 1
                if depth < 0:
                    return k
            elif depth == 0 and t.text == ";":
                return k
        return len(self.toks)

    def is_check(self, i: int) -> bool:
        """Whether token `i` stands in a check of a move (a function or branch whose name
        says so, and none that weighs or shows a move)."""
        heads = [self.headers[hid] for hid in self.scopes[i]]
        arrow = self.arrow(i)
        if arrow is not None:
            heads.append(self.toks[self.starts[i] : arrow])
        ws = {w for h in heads for w in _header_words(h)}
        return bool(ws & _CHECK) and not ws & _NOT_CHECK

    def place(self, i: int) -> str | None:
        """Whose rule a check at token `i` is: the innermost enclosing header naming a pile
        decides, and the function it stands in must be a check of a move."""
        place = None
        checked = False
        heads = [self.headers[hid] for hid in self.scopes[i]]
        arrow = self.arrow(i)
        if arrow is not None:
            heads.append(self.toks[self.starts[i] : arrow])
        for head in reversed(heads):
            ws = _header_words(head)
            if any(w in _NOT_CHECK for w in ws):
                return None
            if place is None:
                place = _place_of(ws)
                if place == "":
                    return None
            if any(w in _CHECK for w in ws):
                checked = True
            if place and checked:
                return place
        return None


# -- operands ---------------------------------------------------------------------------------

_RANK_ATTR = frozenset({"value", "rank", "number", "num", "face", "val", "rankvalue"})
_SUIT_ATTR = frozenset({"suit"})
_COLOUR_ATTR = frozenset({"color", "colour"})
_RED = frozenset({"red", "black"})
_KING_WORDS = frozenset({"k", "king"})
_ACE_WORDS = frozenset({"a", "ace"})


@dataclass(frozen=True)
class _Operand:
    """A side of a comparison read: what of which card (`rank`, `suit`, `colour`, `red`), a
    constant rank (`const`) or a number (`num`); `offset` a number added to a rank."""

    what: str
    card: str = ""
    offset: int = 0
    number: int = 0


def _attr_card(seq: list[Tok]) -> tuple[str, list[str]] | None:
    """`card.suit.color`, `card.getValue()`, `card.Value`, `card['rank']` → (card, [attrs])."""
    ids = [t for t in seq if t.kind in ("id", "str")]
    if not ids or seq[0].kind != "id":
        return None
    if len(seq) > 3 and seq[1].text == "(":
        # a card a call gives: `top(tableau[t]).rank`, `pile.peek().suit`
        k = _closing(seq, 1)
        if k < 0 or k + 2 >= len(seq) or seq[k + 1].text != ".":
            return None
        attrs = [w for t in seq[k + 1 :] if t.kind == "id" for w in words(t.text)]
        return "".join(t.text for t in seq[: k + 1]), attrs
    for t in seq:
        if t.kind == "op" and t.text not in (".", "(", ")", "[", "]", "?", "->", "!"):
            return None
        if t.kind == "num":
            return None
    chain = [w for t in ids[1:] for w in words(t.text)]
    return ids[0].text, chain


def _operand(seq: list[Tok]) -> _Operand | None:
    """What one side of a comparison is, or None for anything not read."""
    seq = _strip(seq)
    if not seq:
        return None
    offset = 0
    # a rank plus or minus a number: `top.value - 1`, `1 + rank(top)`
    if len(seq) >= 3 and seq[-2].text in ("+", "-") and seq[-1].kind == "num":
        offset = int(seq[-1].text) * (1 if seq[-2].text == "+" else -1)
        seq = _strip(seq[:-2])
    elif len(seq) >= 3 and seq[1].text == "+" and seq[0].kind == "num":
        offset = int(seq[0].text)
        seq = _strip(seq[2:])
    if len(seq) == 1 and seq[0].kind == "num" and not offset:
        return _Operand("num", number=int(seq[0].text))
    if len(seq) == 1 and seq[0].kind == "str" and not offset:
        ws = seq[0].text.lower()
        if ws in _KING_WORDS:
            return _Operand("const", number=KING)
        if ws in _ACE_WORDS:
            return _Operand("const", number=ACE)
        return None
    if seq[0].kind == "id" and not offset and all(t.kind == "id" or t.text == "." for t in seq):
        last = words(seq[-1].text)
        if len(seq) > 1 and last and last[-1] in _KING_WORDS | {"king"}:
            return _Operand("const", number=KING)
        if len(seq) > 1 and last and last[-1] in ("ace",):
            return _Operand("const", number=ACE)
    # a function of a card: `getCardValue(card.rank)`, `isRed(card)`, `rank(card)`
    if (
        len(seq) >= 4
        and seq[0].kind == "id"
        and seq[1].text == "("
        and seq[-1].text == ")"
        and _closing(seq, 1) == len(seq) - 1
    ):
        fn = words(seq[0].text)
        inner = _attr_card(seq[2:-1])
        if inner is not None:
            card, attrs = inner
            got = _kind(fn + attrs)
            if got is not None:
                return _Operand(got, card, offset)
        return None
    got_attr = _attr_card(seq)
    if got_attr is None:
        return None
    card, attrs = got_attr
    if not attrs:
        return None
    got = _kind(attrs)
    return _Operand(got, card, offset) if got is not None else None


def _kind(ws: list[str]) -> str | None:
    """What a chain of attribute words reads of a card: its colour beats its suit
    (`suit.color`), `is red`, `rank`."""
    s = set(ws)
    if s & _RED and ("is" in s or len(ws) <= 2):
        return "red"
    if s & _COLOUR_ATTR:
        return "colour"
    if s & _SUIT_ATTR and not s & _RANK_ATTR:
        return "suit"
    if s & _RANK_ATTR and not s & (_SUIT_ATTR | _COLOUR_ATTR):
        return "rank"
    return None


def _strip(seq: list[Tok]) -> list[Tok]:
    """A sequence without the brackets around all of it."""
    while len(seq) >= 2 and seq[0].text == "(" and _closing(seq, 0) == len(seq) - 1:
        seq = seq[1:-1]
    return seq


def _closing(seq: list[Tok], at: int) -> int:
    depth = 0
    for k in range(at, len(seq)):
        if seq[k].kind == "op" and seq[k].text in "([{":
            depth += 1
        elif seq[k].kind == "op" and seq[k].text in ")]}":
            depth -= 1
            if depth == 0:
                return k
    return -1


_STOPS = frozenset({"&&", "||", "and", "or", "return", ";", "{", "}", ",", "?", ":", "=", "=>"})
_STOPS |= {"if", "elif", "while", "not"}


def _side(toks: list[Tok], i: int, step: int) -> list[Tok]:
    """The operand beside token `i` (step -1 left, +1 right): up to a boolean operator, an
    unmatched bracket or the end of the statement."""
    depth = 0
    k = i + step
    out: list[Tok] = []
    while 0 <= k < len(toks):
        t = toks[k]
        if t.kind == "op" and t.text in "([{":
            depth += step
        elif t.kind == "op" and t.text in ")]}":
            depth -= step
        if depth < 0 or (depth == 0 and t.text in _STOPS and t.kind in ("op", "id")):
            break
        if depth == 0 and t.kind == "op" and t.text in ("==", "===", "!=", "!==", "^", "<", ">"):
            break
        out.append(t)
        k += step
    return out if step > 0 else out[::-1]


# -- the source's cards: which is the target ----------------------------------------------------

_TARGET_WORDS = frozenset({"target", "dest", "destination", "onto", "parent", "under", "top"})
_TARGET_WORDS |= {"topmost", "last", "base", "bottom", "tgt", "to"}
_MOVING_WORDS = frozenset({"dragged", "drag", "moving", "moved", "source", "src", "from"})
_MOVING_WORDS |= {"first", "selected", "held", "new", "stack", "card"}
_LAST = re.compile(
    r"\[\s*[\w$.]+\s*\.\s*(?:length|Count|size\(\)|count)\s*-\s*1\s*\]|\[\s*-1\s*\]"
    r"|\.(?:peek|last|Last|top|Top|back|lastCard|topCard|GetTopCard|getTopCard|TopCard|"
    r"LastOrDefault|at\(-1\))\b|\b(?:peek|last|top|topCard|GetTopCard|getTopCard)\s*\("
)


def _targets(src: _Source, lo: int, hi: int) -> set[str]:
    """Names in tokens lo..hi assigned a pile's top card (`top = pile[pile.length - 1]`,
    `Card top = GetTopCard();`, `top_card = pile[-1]`)."""
    out: set[str] = set()
    lines = {t.line for t in src.toks[lo:hi]}
    for n in sorted(lines):
        line = src.lines[n]
        m = re.match(r"^\s*(?:[\w<>\[\]?]+\s+)*([A-Za-z_$][\w$]*)\s*:?=(?!=)\s*(.*)$", line)
        if m and _LAST.search(m.group(2)):
            out.add(m.group(1))
    return out


_TOP_CALL = re.compile(
    r"^(?:[\w$.]*\.)?(?:top|last|peek|topCard|getTop|getTopCard|GetTopCard|lastCard)\("
)


def _role(name: str, targets: set[str]) -> str | None:
    if name in targets or _TOP_CALL.match(name):
        return "target"
    if "(" in name:
        return None
    ws = words(name)
    if ws and ws[0] in _TARGET_WORDS and not set(ws) & _MOVING_WORDS - {"card"}:
        return "target"
    if ws and (set(ws) & _MOVING_WORDS) and not set(ws) & _TARGET_WORDS:
        return "moving"
    return None


# -- comparisons ---------------------------------------------------------------------------

_EQ = frozenset({"==", "===", "is", "equals", "eq", "eqv", "="})
_NE = frozenset({"!=", "!==", "^"})


def _scope(src: _Source, i: int) -> tuple[int, int]:
    """The tokens of the innermost function (or the file) token `i` stands in."""
    if src.arrow(i) is not None:
        return src.starts[i], src.statement_end(i)
    for hid in reversed(src.scopes[i]):
        ws = _header_words(src.headers[hid])
        if (
            src.headers[hid]
            and "(" in [t.text for t in src.headers[hid]]
            and not (set(ws) & {"if", "for", "while", "elif", "else", "switch", "foreach"})
        ):
            return src.first[hid], src.ends.get(hid, len(src.toks))
    return 0, len(src.toks)


def comparisons(src: _Source) -> list[Said]:
    """The building and foundation rules stated by comparisons of two cards."""
    out: list[Said] = []
    toks = src.toks
    for i, t in enumerate(toks):
        if not (t.kind == "op" and t.text in _EQ | _NE):
            continue
        left, right = _side(toks, i, -1), _side(toks, i, 1)
        a, b = _difference(left, right) or (_operand(left), _operand(right))
        if a is None or b is None or not left or _rejecting(src, i):
            continue
        place = src.place(i)
        if place is None and src.is_check(i):
            # the pile named where the target card is taken from: `top(tableau[t]).rank`
            named = {_place_of(words(x.card)) for x in (a, b) if "(" in x.card}
            place = named.pop() if len(named) == 1 else None
        if not place:
            continue
        name, value = _compared(src, i, a, b, t.text in _EQ, place)
        if name is None:
            continue
        if name in ("build_down", "build_up"):
            lo, hi = _scope(src, i)
            if not any(set(words(x.text)) & _SUIT_WORDS for x in toks[lo:hi] if x.kind == "id"):
                name += "_any"  # nothing in the check looks at a suit or a colour
            out += _space_or(src, i)
            out += _run_moves(src, lo, hi, {a.card, b.card})
        first = left[0]
        last = right[-1] if right else t
        width = (last.col + len(last.text) - first.col) if last.line == first.line else 0
        width = width or len(src.lines[first.line]) - first.col
        out.append(Said(name, value, first.line, first.col, width))
    return out


_SUIT_WORDS = frozenset({"suit", "suits", "color", "colour", "colors", "red", "black", "same"})


_PLURAL = frozenset({"cards", "stack", "sequence", "run", "group", "seq", "cascade", "moving"})
_FIRST_OF = (
    r"(?P<many>[A-Za-z_$][\w$]*)\s*(?:\[\s*0\s*\]|\.\s*(?:First|first|front)\s*\(\s*\)"
    r"|\.\s*(?:first|First)\b)"
)


def _run_moves(src: _Source, lo: int, hi: int, cards: set[str]) -> list[Said]:
    """The cards compared are the first of several moved together: a run moves whole.
    `const first = draggedCards[0];` in the check, or the check called on `cards.First()`."""
    lines = {t.line for t in src.toks[lo:hi]}
    name = _function_name(src, lo)
    if src.firsts is None:  # every `cards[0]`, `cards.First()` of the file, once
        src.firsts = [
            (n, m)
            for n, line in enumerate(src.lines)
            if "0" in line or "irst" in line or "front" in line
            for m in re.finditer(_FIRST_OF, line)
            if set(words(m.group("many"))) & _PLURAL
        ]
    compared = "|".join(re.escape(c) for c in cards if c.isidentifier())
    for n, m in src.firsts:
        line = src.lines[n]
        inside = (
            compared
            and n in lines
            and re.search(
                rf"\b({compared})\s*=\s*" + re.escape(m.group()),
                line,
            )
        )
        called = name and re.search(rf"\b{re.escape(name)}\s*\(\s*" + re.escape(m.group()), line)
        if inside or called:
            col = len(line) - len(line.lstrip())
            return [Said("build_run", 1, n, col, len(line.rstrip()) - col)]
    return []


def _function_name(src: _Source, lo: int) -> str | None:
    """The name of the innermost function token `lo` stands in (`IsCorrectMove`)."""
    name = None
    for hid in src.scopes[lo] if lo < len(src.scopes) else ():
        texts = [t.text for t in src.headers[hid]]
        k = texts.index("(") if "(" in texts else 0
        if k > 0 and src.headers[hid][k - 1].kind == "id" and texts[0] not in _BRANCHES:
            name = texts[k - 1]
    return name


_BRANCHES = frozenset({"if", "for", "while", "elif", "else", "switch", "foreach", "catch"})


def _space_or(src: _Source, i: int) -> list[Said]:
    """`!tableau[t].length || <the building step>`: an empty pile takes any card."""
    toks = src.toks
    begin = src.arrow(i)
    if begin is None:
        begin = next((k for k in range(i, src.starts[i] - 1, -1) if toks[k].text == "return"), None)
    if begin is None:
        return []
    parts: list[list[Tok]] = [[]]
    depth = 0
    for t in toks[begin + 1 : i]:
        if t.kind == "op" and t.text in "([{":
            depth += 1
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
        if depth == 0 and t.text in ("||", "or"):
            parts.append([])
        elif depth == 0 and t.text in ("&&", "and", "?", ":"):
            return []
        else:
            parts[-1].append(t)
    for part in parts[:-1]:
        pile = _empty_test(part) if part else None
        if pile is not None and _place_of(words(pile) + _header_words(part)) in ("tableau", None):
            first = part[0]
            width = part[-1].col + len(part[-1].text) - first.col
            if part[-1].line == first.line:
                return [Said("space_any", 1, first.line, first.col, width + 3)]
    return []


_REJECT = frozenset({"false", "False", "FALSE", "null", "None", "nil", "#f", "undefined"})


def _rejecting(src: _Source, i: int) -> bool:
    """Whether the comparison at token `i` is negated (`!(a.suit === b.suit)`, `not …`) or
    the condition of a branch that refuses the move (`if (a.color === b.color) return
    false;`): what it states is then the opposite, and is not read."""
    toks = src.toks
    depth = 0
    for k in range(i - 1, src.starts[i] - 1, -1):
        t = toks[k]
        if t.kind == "op" and t.text in ")]}":
            depth += 1
        elif t.kind == "op" and t.text in "([{":
            depth -= 1
            if depth < 0:
                before = toks[k - 1] if k > 0 else None
                if before is not None and before.text in ("!", "not"):
                    return True
                if before is not None and before.text in ("if", "while", "elif"):
                    return _refuses(src, _closing(toks, k) + 1)
                depth = 0
        elif depth == 0 and t.text in ("!", "not") and k == i - len(_side(toks, i, -1)) - 1:
            return True
        elif depth == 0 and t.text in ("if", "elif"):  # Python: `if a.color == b.color:`
            end = next((m for m in range(i, len(toks)) if toks[m].text == ":"), len(toks))
            return _refuses(src, end + 1)
    return False


def _refuses(src: _Source, k: int) -> bool:
    """Whether the branch opening at token `k` refuses: `return false;`, `return;`,
    `{ return null; }`, `continue`, `throw …`."""
    toks = src.toks
    if k < len(toks) and toks[k].text == "{":
        k += 1
    if k >= len(toks):
        return False
    if toks[k].text in ("continue", "throw", "raise", "break"):
        return True
    if toks[k].text == "return":
        nxt = toks[k + 1].text if k + 1 < len(toks) else ";"
        return nxt in _REJECT or nxt in (";", "}") or toks[k + 1].line != toks[k].line
    return False


def _number(seq: list[Tok]) -> int | None:
    """A number, signed (`-1`, `1`, `(-1)`)."""
    seq = _strip(seq)
    if len(seq) == 1 and seq[0].kind == "num":
        return int(seq[0].text)
    if len(seq) == 2 and seq[0].text in ("-", "+") and seq[1].kind == "num":
        return int(seq[1].text) * (-1 if seq[0].text == "-" else 1)
    return None


def _difference(left: list[Tok], right: list[Tok]) -> tuple[_Operand, _Operand] | None:
    """`(card.Value - top.Value) == -1`, `top.rank - card.rank == 1`: the two ranks of the
    difference, as `card.Value == top.Value - 1` gives them."""
    for diff, num in ((left, right), (right, left)):
        n = _number(num)
        seq = _strip(diff)
        if n is None or not seq:
            continue
        minus = [k for k, t in enumerate(seq) if t.text == "-" and t.kind == "op"]
        depth_ok = [k for k in minus if _depth(seq, k) == 0]
        if len(depth_ok) != 1:
            continue
        k = depth_ok[0]
        a, b = _operand(seq[:k]), _operand(seq[k + 1 :])
        if a is None or b is None or a.what != "rank" or b.what != "rank" or a.offset or b.offset:
            continue
        # a - b = n  →  a = b + n
        return a, _Operand("rank", b.card, n)
    return None


def _depth(seq: list[Tok], at: int) -> int:
    depth = 0
    for t in seq[:at]:
        if t.kind == "op" and t.text in "([{":
            depth += 1
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
    return depth


def _compared(
    src: _Source, i: int, a: _Operand, b: _Operand, equal: bool, place: str
) -> tuple[str | None, int]:
    """The rule a comparison of two cards states. Only a comparison of the card moved with
    the card it goes on is a rule of building: one of the two must be the target (the
    pile's top card), the other not (`seq[k].suit === seq[k + 1].suit` compares the cards
    of a run and says what runs move, not what they go on)."""
    if a.card == b.card or a.what != b.what:
        return None, 0
    lo, hi = _scope(src, i)
    targets = _targets(src, lo, hi)
    ra, rb = _role(a.card, targets), _role(b.card, targets)
    if (ra == "target") == (rb == "target"):
        return None, 0
    moving, target = (b, a) if ra == "target" else (a, b)
    if a.what in ("colour", "red"):
        if not equal and not a.offset and not b.offset and place == "tableau":
            return "build_alt_colour", 1
        return None, 0
    if a.what == "suit" and equal:
        return ("build_suited" if place == "tableau" else "found_suited"), 1
    if a.what == "rank" and equal:
        # moving + m = target + n  →  rank(moving) - rank(target) = n - m
        step = target.offset - moving.offset
        if place == "tableau" and step in (1, -1):
            return ("build_up" if step == 1 else "build_down"), 1
    return None, 0


# -- an empty pile: the rank it takes -----------------------------------------------------------

_EMPTY_WORDS = frozenset({"null", "none", "undefined", "nil", "empty", "isempty"})


def _unindexed(seq: list[Tok]) -> list[Tok]:
    """A sequence without its indexes (`tableau[t].length` → `tableau.length`)."""
    out: list[Tok] = []
    depth = 0
    for t in seq:
        if t.kind == "op" and t.text == "[":
            depth += 1
        elif t.kind == "op" and t.text == "]":
            depth -= 1
        elif depth == 0:
            out.append(t)
    return out


def _empty_test(cond: list[Tok]) -> str | None:
    """The pile (its name) a condition tests for being empty: `!col.length`, `pile.length
    === 0`, `top == null`, `len(pile) == 0`, `not pile`, `pile.isEmpty()`, `(null? pile)`."""
    cond = _unindexed(_strip(cond))
    texts = [t.text for t in cond]
    if not cond or any(x in ("&&", "||", "and", "or") for x in texts):
        return None
    ids = [t for t in cond if t.kind == "id" and t.text not in ("not", "len", "is")]
    if not ids:
        return None
    ws = [w for t in cond if t.kind == "id" for w in words(t.text)]
    own = {"not", "length", "count", "size", "len", *words(ids[0].text)}
    if (
        texts[0] in ("!", "not")
        and all(t.kind == "id" or t.text in (".", "!", "(", ")") for t in cond)
        and set(ws) <= own
    ):
        return ids[0].text
    if set(ws) & _EMPTY_WORDS and not any(t.kind == "num" and t.text != "0" for t in cond):
        return ids[0].text
    if (
        texts[-1] == "0"
        and len(texts) >= 3
        and texts[-2] in ("==", "===", "<=")
        and set(ws) & {"length", "count", "size", "len"}
    ):
        return ids[0].text
    return None


def empty_piles(src: _Source) -> list[Said]:
    """The rank an empty pile takes, stated by `if (<empty>) return <card's rank> == K;`."""
    out: list[Said] = []
    toks = src.toks
    for i, t in enumerate(toks):
        if t.text != "return" or t.kind != "id":
            continue
        cond = _condition_before(src, i)
        if cond is None:
            continue
        pile = _empty_test(cond)
        if pile is None:
            continue
        expr: list[Tok] = []
        for k in range(i + 1, len(toks)):
            if toks[k].text in (";", "}"):
                break
            if (
                toks[k].line != t.line
                and toks[k].text != "."
                and (not expr or expr[-1].text not in ("&&", "("))
            ):
                break
            expr.append(toks[k])
        expr = _strip(expr)
        if [x.text for x in expr] in (["true"], ["True"], ["#t"]):
            # `if (!pile.length) return true;`: an empty pile takes any card
            place = _place_of(words(pile)) or src.place(i)
            if place == "tableau" and src.is_check(i):
                line = src.lines[t.line]
                out.append(Said("space_any", 1, t.line, t.col, len(line.rstrip()) - t.col))
            continue
        number = _rank_test(expr)
        if number is None:
            continue
        place = _place_of(words(pile)) or src.place(i)
        if not place or not src.is_check(i):
            continue
        name = "space_rank" if place == "tableau" else "base_rank"
        line = src.lines[t.line]
        width = len(line.rstrip()) - t.col
        out.append(Said(name, number, t.line, t.col, width))
    return out + _ternaries(src)


def _ternaries(src: _Source) -> list[Said]:
    """`return !pile.length ? card.rank === 13 : …`: the rank an empty pile takes."""
    out: list[Said] = []
    toks = src.toks
    for i, t in enumerate(toks):
        if t.text != "?" or t.kind != "op":
            continue
        begin = src.arrow(i)
        if begin is None:
            begin = next(
                (k for k in range(i, src.starts[i] - 1, -1) if toks[k].text in ("return", "=")),
                None,
            )
        if begin is None:
            continue
        pile = _empty_test(toks[begin + 1 : i])
        colon = next((k for k in range(i + 1, src.statement_end(i)) if toks[k].text == ":"), None)
        if pile is None or colon is None:
            continue
        number = _rank_test(toks[i + 1 : colon])
        place = _place_of(words(pile)) or src.place(i)
        if number is None or not place or not src.is_check(i):
            continue
        first = toks[begin + 1]
        name = "space_rank" if place == "tableau" else "base_rank"
        out.append(Said(name, number, first.line, first.col, toks[colon].col - first.col))
    return out


def _rank_test(expr: list[Tok]) -> int | None:
    """The rank (king or ace) an expression tests a card for: `card.rank === "K"`,
    `card.Value == CardValue.King`, `card.value === 13`, `card.isAce()`, `isKing(card)`."""
    expr = _strip(expr)
    ws = [w for t in expr if t.kind == "id" for w in words(t.text)]
    if (
        ws[:1] != ["is"]
        and len(ws) >= 2
        and ws[-2:-1] == ["is"]
        and all(t.kind == "id" or t.text in ".()" for t in expr)
    ):
        # `card.isKing()`, `card.IsAce`
        return KING if ws[-1] == "king" else ACE if ws[-1] == "ace" else None
    if len(ws) == 3 and ws[:1] == ["is"] and expr[1].text == "(" and expr[-1].text == ")":
        return KING if ws[1] == "king" else ACE if ws[1] == "ace" else None  # isKing(card)
    eq = [k for k, x in enumerate(expr) if x.kind in ("op", "id") and x.text in _EQ]
    if len(eq) != 1:
        return None
    a, b = _operand(expr[: eq[0]]), _operand(expr[eq[0] + 1 :])
    if a is None or b is None:
        return None
    card, rank = (a, b) if a.what == "rank" else (b, a)
    if card.what != "rank" or card.offset or rank.what not in ("const", "num"):
        return None
    return rank.number if rank.number in (KING, ACE) else None


def _condition_before(src: _Source, i: int) -> list[Tok] | None:
    """The condition of the `if` whose branch the statement at token `i` opens: `if (c)
    return …`, `if (c) { return …`, `if c:` + `return …`."""
    toks = src.toks
    k = i - 1
    if k >= 0 and toks[k].text in ("{", ":"):
        k -= 1
    if k < 0:
        return None
    if toks[k].text == ")":
        depth = 0
        for j in range(k, -1, -1):
            if toks[j].text == ")":
                depth += 1
            elif toks[j].text == "(":
                depth -= 1
                if depth == 0:
                    if j > 0 and toks[j - 1].text == "if":
                        return toks[j + 1 : k]
                    break
        if toks[k + 1].text != ":":
            return None
    # Python: `if not pile:` + `return …`
    j = k
    while j >= 0 and toks[j].line == toks[k].line and toks[j].text not in ("if", "elif"):
        j -= 1
    if j >= 0 and toks[j].text in ("if", "elif") and toks[j].line == toks[k].line:
        return toks[j + 1 : k + 1]
    return None


# -- deal loops -------------------------------------------------------------------------------

_TAKE = re.compile(
    r"\b(?:deck|stock|pack|cards|shuffled|talon|remaining)\w*\s*"
    r"(?:\.\s*(?:pop|shift|splice|Pop|Dequeue|RemoveAt|removeLast|removeFirst|remove|draw|"
    r"deal|take|Take|slice|next)\b|\[)",
    re.I,
)
_LOOP = re.compile(
    r"\bfor\s*\(\s*(?:(?:let|var|int|const|auto|size_t|unsigned)\s+)?([A-Za-z_$]\w*)\s*=\s*0\s*;"
    r"\s*\1\s*(<=?)\s*(\d+|[A-Za-z_$][\w$.]*)\s*;\s*(?:\1\s*\+\+|\+\+\s*\1|\1\s*\+=\s*1)\s*\)"
    r"|\bfor\s+([A-Za-z_]\w*)\s+in\s+range\(\s*(?:0\s*,\s*)?(\d+|[A-Za-z_][\w.]*)\s*\)\s*:"
)
_FACE = re.compile(r"(?i)face|visible|open|shown|reveal|hidden|up\b|down\b")


def _loops(src: _Source) -> list[tuple[int, str, int, int, int]]:
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


def _constant(src: _Source, name: str) -> int | None:
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


def _body_end(src: _Source, n: int, col: int) -> int:
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


def deal_loops(src: _Source) -> list[Said]:
    """Piles of 1 … N cards dealt by a loop over N piles (`for (i = 0; i < 7; i++)` with an
    inner loop `j <= i`, or a count `i + 1` of cards taken), each pile's last card face up
    when the loop says so (`faceUp = (j === i)`, `[n - 1].visible = true`)."""
    out: list[Said] = []
    lines = src.lines
    for n, var, count, _, end in _loops(src):
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
_PILES = _TABLEAU | {"piles", "stacks", "pile", "stack"}


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


def _row_from_stock(src: _Source, n: int, end: int, var: str, body: str, count: int) -> Said | None:
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
    here = _function_line(src, n)
    layout = [
        (k, c)
        for k, _, c, _, e in _loops(src)
        if k != n and _function_line(src, k) != here and _deals_layout(src, k, e)
    ]
    if not layout or any(c != count for _, c in layout):
        return None
    col = len(src.lines[n]) - len(src.lines[n].lstrip())
    return Said("deal_rows", 1, n, col, len(src.lines[n].rstrip()) - col)


def _deals_layout(src: _Source, n: int, end: int) -> bool:
    body = "\n".join(src.lines[n + 1 : end + 1])
    return bool(_TAKE.search(body)) and bool(
        re.search(r"\bfor\b.*<=|\?\s*\d+\s*:\s*\d+|\+\s*1\b", body)
    )


def _function_line(src: _Source, n: int) -> int:
    """The line of the header of the innermost function that line `n` stands in (-1: none)."""
    idx = bisect_left(src.token_lines, n)
    if idx >= len(src.toks):
        return -1
    for hid in reversed(src.scopes[idx]):
        head = src.headers[hid]
        ws = _header_words(head)
        if (
            head
            and "(" in [t.text for t in head]
            and not (set(ws) & {"if", "for", "while", "elif", "else", "switch", "foreach"})
        ):
            return head[0].line
    return -1


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


_TURN_BACK = re.compile(
    r"^\s*(?:(?:this|self)\.)?(?:set)?(?P<to>[Ss]tock|[Dd]eck|[Tt]alon)\w*\s*(?:=(?!=)\s*|\(\s*)"
    r"(?P<expr>.*\b(?:waste|discard|Waste|Discard)\w*.*(?:\.\s*reverse\s*\(|\[::-1\]|Reverse\s*\().*)$"
)


def turned_back(src: _Source) -> list[Said]:
    """`stock = waste.reverse()`, `setStock([...waste].reverse()…)`, `self.stock =
    self.waste[::-1]`: the waste turned back into the stock; how often, where the function
    that does it compares a counter of redeals with a number (`redeal_limits`)."""
    out = []
    for n, line in enumerate(src.lines):
        m = _TURN_BACK.match(re.sub(r"//.*|#.*", "", line))
        if m:
            col = len(line) - len(line.lstrip())
            out.append(Said("turn_back", 1, n, col, len(line.rstrip()) - col))
            out += redeal_limits(src, n)
            break
    return out


_REDEAL_WORDS = {"redeal": "redeals", "redeals": "redeals", "recycle": "redeals"}
_REDEAL_WORDS |= {"recycles": "redeals", "pass": "passes", "passes": "passes"}
_COUNTER_WORDS = frozenset({"count", "num", "number", "used", "done", "made", "counter", "n"})
_LIMIT = re.compile(
    r"\b(?P<name>[A-Za-z_$][\w$.]*)\s*(?P<op><=|<|>=|===|==)\s*(?P<n>\d)\b(?!\s*[-+*/.])"
)


def redeal_limits(src: _Source, turn_line: int) -> list[Said]:
    """A counter of redeals (or passes) compared with a number in the function that turns
    the waste back: `if (redeals < 2) { … redeals++ }` allows two, `if (this.redealCount >=
    3) return;` three, `passes < 3` three passes (two redeals, as `MAX_PASSES` counts)."""
    here = _function_line(src, turn_line)
    if here < 0:
        return []
    found: set[int] = set()
    at: tuple[int, int, int] | None = None
    for n, line in enumerate(src.lines):
        if _function_line(src, n) != here or not re.search(r"\b(?:if|elif|while)\b", line):
            continue
        for m in _LIMIT.finditer(line):
            ws = words(m.group("name").rsplit(".", 1)[-1])
            kinds = {_REDEAL_WORDS[w] for w in ws if w in _REDEAL_WORDS}
            if len(kinds) != 1 or not set(ws) - set(_REDEAL_WORDS) <= _COUNTER_WORDS:
                continue
            n_, op = int(m.group("n")), m.group("op")
            after = line[m.end() :]
            following = next((x.strip() for x in src.lines[n + 1 :] if x.strip()), "")
            refused = bool(re.search(r"[):]\s*(?:\{\s*)?return\b", after)) or (
                bool(re.search(r"[{:]\s*$", after)) and re.match(r"return\b", following) is not None
            )
            if op in ("<", "<=") and not refused:
                allowed = n_ + (op == "<=")
            elif op in (">=", "==", "===") and refused:
                allowed = n_
            else:
                return []
            if kinds == {"passes"}:
                allowed -= 1
            if not 0 <= allowed <= 5:
                return []
            found.add(allowed)
            col = len(line) - len(line.lstrip())
            at = (n, col, len(line.rstrip()) - col)
    if len(found) != 1 or at is None:
        return []
    return [Said("redeal_limit", found.pop(), *at)]


_DRAW = re.compile(
    r"\b(?:waste|talon|discard|Waste|Talon|Discard)\w*\s*\.\s*(?:push|append|Add|add|unshift)"
    r"\s*\(\s*(?:\.\.\.)?\s*(?:this\.|self\.)?(?:stock|deck|Stock|Deck)\w*\s*\.\s*"
    r"(?:pop|shift|Pop|removeLast|RemoveAt|splice\s*\(\s*-\s*(?P<n>\d))"
)


def draws(src: _Source) -> list[Said]:
    """Cards turned from the stock at a time: a loop over N that moves one card from the
    stock onto the waste (`for (i = 0; i < 3; i++) waste.push(stock.pop())`), or the last N
    taken at once (`waste.push(...stock.splice(-3))`)."""
    out: list[Said] = []
    counts: set[int] = set()
    for n, _var, count, _, end in _loops(src):
        body = "\n".join(src.lines[n : end + 1])
        m = _DRAW.search(body)
        if m and not m.group("n") and 2 <= count <= 5 and len(_DRAW.findall(body)) == 1:
            col = len(src.lines[n]) - len(src.lines[n].lstrip())
            out.append(Said("draw", count, n, col, len(src.lines[n].rstrip()) - col))
            counts.add(count)
    for n, line in enumerate(src.lines):
        m = _DRAW.search(line)
        if m and m.group("n") and 1 <= int(m.group("n")) <= 5:
            col = len(line) - len(line.lstrip())
            out.append(Said("draw", int(m.group("n")), n, col, len(line.rstrip()) - col))
            counts.add(int(m.group("n")))
    return out if len(counts) == 1 else []


_RANKS_LOOP = re.compile(
    r"\bfor\s*\(\s*(?:(?:let|var|int|const|auto)\s+)?(?P<v>[A-Za-z_$]\w*)\s*=\s*(?P<lo>[01])\s*;"
    r"\s*(?P=v)\s*(?P<op><=?)\s*(?P<hi>\d+)\s*;"
    r"|\bfor\s+\w+\s+in\s+range\(\s*(?:(?P<plo>[01])\s*,\s*)?(?P<phi>\d+)\s*\)\s*:"
)
_NEW_CARD = re.compile(
    r"\b(?:cards|deck|pack|Cards|Deck)\w*\s*\.\s*(?:push|append|Add|add|push_back)\s*\("
)


def made_deck(src: _Source) -> list[Said]:
    """The pack made by a loop over K suits around a loop over the 13 ranks, each making a
    card (`for (k = 0; k < 8; k++) for (rank = 1; rank <= 13; rank++) cards.push(…)`): K × 13
    cards, whole packs only (52 a pack)."""
    out: list[Said] = []
    for n, _var, count, _, end in _loops(src):
        body = "\n".join(src.lines[n + 1 : end + 1])
        m = _RANKS_LOOP.search(body)
        if m is None or not _NEW_CARD.search(body):
            continue
        if m.group("v"):
            lo, hi = int(m.group("lo")), int(m.group("hi"))
            ranks = hi - lo + (m.group("op") == "<=")
        else:
            ranks = int(m.group("phi")) - int(m.group("plo") or 0)
        cards = count * ranks
        if ranks == 13 and cards in (52, 104, 156, 208):
            col = len(src.lines[n]) - len(src.lines[n].lstrip())
            out.append(Said("made_packs", cards // 52, n, col, len(src.lines[n].rstrip()) - col))
    return out if len({s.value for s in out}) == 1 else []


# -- piles made empty: how many ----------------------------------------------------------------

# the words of a container of piles (`newTableau`, `this.freeCells`, `foundations`) → kind
_CONTAINERS = {
    frozenset({"tableau"}): "columns",
    frozenset({"tableaus"}): "columns",
    frozenset({"columns"}): "columns",
    frozenset({"cols"}): "columns",
    frozenset({"cascades"}): "columns",
    frozenset({"tableau", "piles"}): "columns",
    frozenset({"tableau", "columns"}): "columns",
    frozenset({"foundations"}): "foundations",
    frozenset({"foundation"}): "foundations",
    frozenset({"foundation", "piles"}): "foundations",
    frozenset({"home", "cells"}): "foundations",
    frozenset({"free", "cells"}): "cells",
    frozenset({"freecells"}): "cells",
    frozenset({"free", "cell"}): "cells",
    frozenset({"freecell"}): "cells",
}
_SET_ASIDE = frozenset({"new", "initial", "empty", "this", "self", "m", "my", "game", "state"})
_COUNT_RANGE = {"columns": range(2, 21), "foundations": range(1, 17), "cells": range(1, 9)}
_EMPTY_ITEM = r"(?:\[\s*\]|null|None|nil|undefined|\{\s*\}|new\s+\w+(?:<[\w<>, ]*>)?\(\s*\))"
_MADE = re.compile(
    r"(?P<name>[A-Za-z_$][\w$.]*)['\"]?\s*(?::\s*[\w<>\[\]|, ]+?\s*)?(?:=(?!=)|:|\()\s*(?:"
    rf"\[\s*(?P<items>{_EMPTY_ITEM}(?:\s*,\s*{_EMPTY_ITEM})+)\s*,?\s*\]"
    r"|(?:new\s+)?Array\s*\(\s*(?P<fill>\d+)\s*\)\s*\.\s*fill\b"
    r"|Array\.from\s*\(\s*\{\s*length\s*:\s*(?P<from>\d+)\s*\}"
    r"|\[\s*(?:\[\s*\]|None)\s*\]\s*\*\s*(?P<times>\d+)\b"
    r"|\[\s*(?:\[\s*\]|None|deque\(\s*\)|list\(\s*\))\s+for\s+\w+\s+in\s+range\(\s*(?P<range>\d+)\s*\)\s*\]"
    r")"
)


def made_piles(src: _Source) -> list[Said]:
    """A container of piles made with N empty piles: `const newTableau = [[], [], [], [], [],
    [], []];`, `freeCells: [null, null, null, null]`, `Array(8).fill().map(…)`, `[[] for _ in
    range(10)]`: N columns, foundations or free cells. A kind made with two counts says
    nothing (a setting per mode, a grid)."""
    found: dict[str, list[tuple[int, int, int, int]]] = {}
    for n, line in enumerate(src.lines):
        for m in _MADE.finditer(line):
            ws = frozenset(words(m.group("name").rsplit(".", 1)[-1])) - _SET_ASIDE
            kind = _CONTAINERS.get(ws)
            if kind is None:
                continue
            if m.group("items"):
                count = len(re.findall(_EMPTY_ITEM, m.group("items")))
            else:
                count = int(next(g for g in m.group("fill", "from", "times", "range") if g))
            if count in _COUNT_RANGE[kind]:
                found.setdefault(kind, []).append((count, n, m.start(), m.end() - m.start()))
    out = []
    for kind, made in found.items():
        if len({c for c, *_ in made}) == 1:
            count, n, col, width = made[0]
            out.append(Said(f"made_{kind}", count, n, col, width))
    return out


def read(text: str) -> list[Said]:
    """Every rule the constructs of a source state (see the module docstring)."""
    src = _Source(text)
    said = deal_loops(src) + comparisons(src) + empty_piles(src) + turned_back(src)
    said += draws(src) + made_piles(src) + made_deck(src)
    seen: set[tuple[str, int, int]] = set()
    out = []
    for s in said:
        if (s.name, s.line, s.col) not in seen:
            seen.add((s.name, s.line, s.col))
            out.append(s)
    return out
