"""What the readers of program structure share (`pipeline.segment.code_rules`): a source's
tokens, the blocks they stand in and the headers of those blocks, the words of a place, and
the rule a construct states (`Said`). Every construct reader looks at a source through
these, so that a check of a move or a function means the same thing to each."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from itertools import pairwise

KING, ACE = 13, 1

# The idioms of a sequence, one home for every language the readers know.
# a card or a pile added to a sequence: `push`, `add`, `Add`, `append`, `push_back`, `insert`
ADD = r"(?:push|add|append|Add|addCard|AddCard|push_back|Push|insert|Insert)"
# a call that adds to the sequence given first: Lua's `table.insert(xs, v)`, Go's `append(xs,
# v)`, PHP's `array_push($xs, v)` (a method `xs.append(v)` is `ADD`)
ADD_CALL = r"(?:\btable\.insert|(?<![\w$.])(?:append|array_push))\s*\(\s*\$?"
# PHP's size of an array: `count($xs)`, `sizeof($xs)`
SIZE_CALL = r"(?:count|sizeof)"
# a name given a value, with a type between (`count: number = …`), not compared (`==`, `<=`)
ASSIGNED = r"(?P<name>[A-Za-z_$][\w$]*)\s*(?::[^=\n]*)?(?<![=!<>])=(?!=)\s*"


# a class's header, its name the group: `class TablePile extends CardPile {`, `public class
# StockPile : MonoBehaviour`
CLASS = re.compile(
    r"^\s*(?:(?:public|private|protected|internal|final|abstract|export|open)\s+)*"
    r"class\s+([A-Za-z_]\w*)"
)


# a line comment to the line's end in any language: `//`, `#` (not Lua's length `#xs ==`),
# Lua's, SQL's, Haskell's and Ada's `--` between blanks (C's `i--`, `--i` are not)
HASH_COMMENT = r"\#(?![A-Za-z_][\w.]*\s*(?:[-+)\][<>=~,;]|then\b|do\b))"  # not Lua's `#xs ==`
DASH_COMMENT = r"(?<![^\s])--(?=[ \t\n]|$)"
LINE_COMMENT = re.compile(rf"//.*|{HASH_COMMENT}.*|{DASH_COMMENT}.*")


# a loop over the items of a sequence, its item's name the first group that matched:
# `for (const x of xs)`, `foreach (var x in xs)`, `for (Card x : xs)`, `for (x in xs)` (Kotlin),
# `for x in xs:` (Python), `for x in xs {` (Swift, Rust), `xs.forEach((x) =>`, Go's `for _, x :=
# range xs {`, Lua's `for _, x in ipairs(xs) do`, Ruby's `xs.each do |x|`, PHP's `foreach ($xs
# as $x)` (and `as $k => $x`)
EACH = re.compile(
    r"\bfor(?:each)?\s*\(\s*(?:(?:const|let|var|auto|final|val)\s+)?(?:[\w<>\[\]]+\s+)?"
    r"([A-Za-z_$][\w$]*)\s+(?:of|in|:)\s+[\w$.]+\s*\)"
    r"|\bfor\s+([A-Za-z_]\w*)\s+in\s+&?[\w.]+(?:\.iter\(\))?\s*[:{]"
    r"|\.\s*forEach\s*\(\s*\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>"
    r"|\bfor\s+_\s*,\s*([A-Za-z_]\w*)\s*:=\s*range\s+[\w.]+\s*\{"
    r"|\bfor\s+_\s*,\s*([A-Za-z_]\w*)\s+in\s+i?pairs\s*\(\s*[\w.]+\s*\)\s*do\b"
    r"|\.\s*each\s*(?:do\s*|\{\s*)\|\s*([A-Za-z_]\w*)\s*\|"
    r"|\bforeach\s*\(\s*\$?[\w.]+\s+as\s+(?:\$?\w+\s*=>\s*)?\$?([A-Za-z_]\w*)\s*\)"
)


def indexed(index: str) -> str:
    """A pattern of an item taken by its index, after the sequence's name: `[i]`, Java's
    `.get(i)`, C++'s `.at(i)`, C#'s `.ElementAt(i)` (`index` a pattern of the index)."""
    return rf"(?:\s*\[\s*{index}\s*\]|\s*\.\s*(?:get|at|ElementAt|elementAt)\s*\(\s*{index}\s*\))"


def size_of(seq: str) -> str:
    """A pattern of the size of a sequence matched by `seq`, in any language's spelling:
    `x.length`, `x.Count`, `x.size()`, `x.size`, `x.count()`, Rust's `x.len()`, `len(x)`,
    PHP's `count(x)` and `sizeof(x)`, Lua's `#x`."""
    return (
        rf"(?:{seq}\s*\.\s*(?:length|Length|Count|count|size|Size)\b(?:\s*\(\s*\))?"
        rf"|{seq}\s*\.\s*len\s*\(\s*\)"
        rf"|(?<![\w.])(?:len|{SIZE_CALL})\s*\(\s*{seq}\s*\)|\#\s*{seq})"
    )


# PHP's shape: `<?php`, a member `$x->y`, or two lines assigning to a `$name`
_PHP = re.compile(r"<\?php\b|\$[A-Za-z_]\w*\s*->\s*[A-Za-z_]")
_PHP_SET = re.compile(r"(?m)^\s*\$[A-Za-z_]\w*\s*(?:\[[^\]\n]*\]\s*)?=[^=]")
_SIGIL = re.compile(r"\$(?=[A-Za-z_])|(?<=[\w)\]])->(?=[A-Za-z_])")
_SEQ = r"[A-Za-z_][\w.]*(?:\[[^\[\]\n]*\])*"
# PHP's functions of an array given it first, as the method every reader knows
_ARRAY_CALLS = [
    (re.compile(rf"\barray_(push|unshift|splice|slice)\(\s*({_SEQ})\s*,\s*"), r"\2.\1("),
    (re.compile(rf"\barray_(pop|shift)\(\s*({_SEQ})\s*\)"), r"\2.\1()"),
    (re.compile(rf"(?<![\w.]){SIZE_CALL}\(\s*({_SEQ})\s*\)"), r"\1.length"),
    # `$xs[] = v;`: v added at the end
    (re.compile(r"([A-Za-z_][\w.]*(?:\[[^\[\]\n]+\])*)\[\]\s*=\s*([^;\n]+);"), r"\1.push(\2);"),
]


def sigils_dropped(text: str) -> str:
    """A PHP source in the spelling every reader knows: each variable's `$` and member's
    `->` as a name and a `.` (`$this->cards[$i]` → `this.cards[i]`), `array_pop($deck)` as
    `deck.pop()`, `array_push($xs, v)` and `$xs[] = v;` as `xs.push(v)`, `count($xs)` as
    `xs.length`; each
    line padded at its end to its length (a construct's line and column stay near where
    they were). Any other text as it is."""
    if not _PHP.search(text) and len(_PHP_SET.findall(text)) < 2:
        return text
    out = []
    for line in text.split("\n"):
        new = _SIGIL.sub(lambda m: "." if m.group() == "->" else "", line)
        for rx, to in _ARRAY_CALLS:
            new = rx.sub(to, new)
        out.append(new + " " * max(0, len(line) - len(new)))
    return "\n".join(out)


def last_index(seq: str) -> str:
    """A pattern of the index of a sequence's last item, `seq` naming the sequence:
    `[x.length - 1]` in any spelling of the size, `[-1]`, Lua's 1-based `[#x]`."""
    return rf"\[\s*(?:{size_of(seq)}\s*-\s*1|-1|\#\s*{seq})\s*\]"


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

    @property
    def short(self) -> str:
        """The statement in its shortest spelling, for a construct too short to hold it (`n =
        c<4 ? 6 : 5`): `deal_4_by_6 = 5.` for `deal_first_4_by_6_rest = 5.`."""
        m = _UNEVEN_NAME.match(self.name)
        return f"deal_{m.group(1)}_by_{m.group(2)} = {self.value}." if m else self.statement


_UNEVEN_NAME = re.compile(r"^deal_first_(\d{1,2})_by_(\d{1,2})_rest$")


def line_span(line: str) -> tuple[int, int]:
    """(column, width) of a line's text without its indent and trailing blanks: where a
    `Said` covers a whole line."""
    col = len(line) - len(line.lstrip())
    return col, len(line.rstrip()) - col


_TOKEN = re.compile(
    r"""(?P<ws>\s+)
    |(?P<comment>//[^\n]*|/\*.*?\*/
        |(?!\#(?:define|include)\b)"""
    + HASH_COMMENT
    + r"""[^\n]*
        |;;[^\n]*
        |"""
    + DASH_COMMENT
    + r"""[^\n]*)
    |(?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)
    |(?P<num>\d+)
    |(?P<id>[A-Za-z_$][\w$]*(?:[-?!][A-Za-z_$][\w$]*)*(?:[?!](?!=))?)
    |(?P<op>===|!==|==|!=|~=|<=|>=|&&|\|\||\+\+|--|\+=|-=|=>|->|::|[-+*/%^!<>=(){}\[\].,;:?&|~@\\\#])
    """,
    re.X | re.S,
)


def tokens(text: str) -> list[Tok]:
    """The tokens of a source, comments left out, strings kept (their content, unquoted).
    `#` before a name and an operator is Lua's length (`#cards == 0`), not a comment; Java's
    lambda arrow `(a, b) -> …` is read as `=>`.
    A Lisp name keeps its `-`, `?` and `!` (`get-value`, `empty?`), but not before `=` or a
    digit: `a!==b`, `rank-1` written without spaces are operators."""
    out: list[Tok] = []
    line, start = 0, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "op"
        s = m.group()
        if kind not in ("ws", "comment"):
            body = s[1:-1] if kind == "str" else s
            if s == "->" and out and out[-1].text == ")" and _spaced(text, m.start(), m.end()):
                body = "=>"  # Java's lambda `(a, b) -> …` is an arrow function (not `p->x`)
            out.append(Tok(kind, body, line, m.start() - start))
        if "\n" in s:
            line += s.count("\n")
            start = m.start() + s.rindex("\n") + 1
    return out


def _spaced(text: str, a: int, b: int) -> bool:
    """Whether text[a:b] stands between blanks."""
    return a > 0 and text[a - 1] in " \t" and b < len(text) and text[b] in " \t\n"


def words(name: str) -> list[str]:
    """The words of an identifier or a string, lower case (`canMoveToTableau`,
    `foundation_pile`, `'tableau' + i`, `get-value`)."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)]


# -- places -----------------------------------------------------------------------------------

TABLEAU = frozenset({"tableau", "tableaus", "tableaux", "column", "columns", "col", "cols"})
TABLEAU |= frozenset({"cascade", "cascades", "lane", "lanes"})
FOUNDATION = frozenset({"foundation", "foundations", "fundament", "home", "homes", "homecell"})
# and the base, which a check's or a pile's name may call a foundation (`canMoveToBase`,
# `game.bases`): not a word of `place_of`, where a base is as often a card's
FOUNDATION_NAMES = FOUNDATION | {"base", "bases"}
# words of a call that makes a move (`moveCards(…)`, `DropCards(…)`)
_MOVING = frozenset({"move", "drop"})
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


def function_name(head: list[Tok]) -> str | None:
    """The name a function's header gives: the name before its first bracket
    (`canMoveToPile(movingCard: Card, pile: IKlondikeStack)`), an arrow function's before its
    `=` or `:` (`const canDrop = (card, col) => {`, `canDrop: (card) => {`, `= async (c) =>`),
    Ruby's `def to_foundation?`; None for a branch's header or one that names nothing. The
    one home of a check's name: its words say whose check it is."""
    texts = [t.text for t in head]
    if not texts or texts[0] in BRANCH_WORDS:
        return None
    if "(" not in texts:
        return texts[-1] if texts[0] == "def" and head[-1].kind == "id" else None
    k = texts.index("(")
    if k > 1 and texts[k - 1] in ("=", ":", "async") and "=>" in texts:
        at = k - 2 if texts[k - 1] != "async" else k - 3
        return texts[at] if at >= 0 and head[at].kind == "id" else None
    return texts[k - 1] if k > 0 and head[k - 1].kind == "id" else None


# a pile named by no place (`pile`, `stack`) and the places that are neither tableau nor
# foundation (a pile of these is no tableau's)
_PILE_ONLY = frozenset({"pile", "piles", "stack", "stacks"})
_OTHER = frozenset({"waste", "stock", "talon", "cell", "cells", "free", "reserve", "deck"})
# the words that open a branch, not a function
BRANCH_WORDS = frozenset({"if", "for", "while", "elif", "else", "switch", "foreach", "catch"})


_TABLE_PILE = frozenset({"pile", "piles", "stack", "stacks"})


def place_of(ws: list[str]) -> str | None:
    """The pile a header's words name: "tableau", "foundation", "" for both or a source
    (nothing can be said), None for none."""
    # a table's pile is a tableau pile (`TablePile`, `StackTable`), the table alone is not
    t = any(w in TABLEAU for w in ws) or ("table" in ws and bool(set(ws) & _TABLE_PILE))
    # a pile of one suit is a foundation's (`SuitPile`), the suit alone is not
    f = any(w in FOUNDATION for w in ws) or ("suit" in ws and bool(set(ws) & _TABLE_PILE))
    if (t or f) and any(w in _SOURCE for w in ws):
        return ""
    if t and f:
        return ""
    return "tableau" if t else "foundation" if f else None


def header_words(toks: list[Tok]) -> list[str]:
    """The words of a header's names and strings; a sequence's size written as a member
    (`pile.count == 0`, C#'s `.Count`) is no word of it (not a function that counts)."""
    out: list[str] = []
    for k, t in enumerate(toks):
        if t.kind == "id" and t.text in ("count", "Count") and k > 0 and toks[k - 1].text == ".":
            continue
        if t.kind in ("id", "str"):
            out += words(t.text)
    if len(toks) >= 2 and toks[0].text == "def" and toks[1].text.endswith("?"):
        # Ruby's predicate `def to_foundation?(card, pile)`: a question, a check
        out.append("is")
    return out


# an operator that ends a line and carries its statement on to the next (`a &&⏎ b`), and
# one that opens a line to carry the last one on (`a⏎ && b`, `⏎ .then(…)`)
_CARRIES = frozenset({"+", "-", "*", "/", "&", "|", "=", "<", ">", ".", "?", ":", "%", "^"})
_CARRIES |= {"&&", "||", "==", "===", "!=", "!==", "<=", ">=", "=>", "+=", "-="}
_GOES_ON = frozenset({".", "{", "&&", "||", "?", "and", "or"})


# what opens a block closed by `end` where its line ends, in Ruby's spelling (`if c`, `def
# f(a)`, `class X < Y`, `while c`, `for x in xs`, `case x`): Lua's `if` ends its line with
# `then`, its `for` with `do`
_OPENS_LINE = frozenset(
    {"if", "elsif", "unless", "while", "until", "for", "case", "def", "class", "module"}
)


def _opens_line(toks: list[Tok], start: int, i: int) -> bool:
    """Whether tokens start..i (a whole line, i its last) open a block that `end` closes
    without `then` or `do`: a header word first (`if c`, `def f(a)`) and no `then`, `do`,
    `end` or brace on the line; or a block given to a call, `xs.each do |x|`."""
    texts = [t.text for t in toks[start : i + 1]]
    if texts[0] in _OPENS_LINE:
        return not set(texts) & {"then", "do", "end", "{", "}", "=", ":"} or (
            texts[0] == "def" and "=" not in texts and ":" not in texts[-1:]
        )
    return texts[-1] == "|" and "do" in texts and texts[texts.index("do") + 1 :][:1] == ["|"]


def _keyword_blocks(toks: list[Tok]) -> bool:
    """Whether a source closes its blocks by `end` as Lua and Ruby do (`if c then … end`,
    `xs.each do |x| … end`): an `end` that begins a line, a `then` or `do` that ends one, a
    `function` header alone on its line or a line `_opens_line` (Ruby's `def f(a)`), and no
    Pascal `begin` (Ruby's `begin … rescue … end` is a block: a source with `rescue` or
    `ensure`, or with a `def`, is no Pascal)."""
    ends = then = False
    first = 0  # the first token of the line token k stands on
    ruby = any(t.kind == "id" and t.text in ("rescue", "ensure", "def") for t in toks)
    for k, t in enumerate(toks):
        if k > 0 and toks[k - 1].line != t.line:
            first = k
        at_end = k + 1 == len(toks) or toks[k + 1].line != t.line
        if (
            at_end
            and _opens_line(toks, first, k)
            and (toks[first].text in ("def", "class") or t.text == "|")
        ):
            then = True
        if t.kind != "id":
            continue
        if t.text == "begin" and not ruby:
            return False
        if t.text == "end" and (k == 0 or toks[k - 1].line != t.line):
            ends = True
        elif t.text in ("then", "do") and (k + 1 == len(toks) or toks[k + 1].line != t.line):
            then = True
        elif t.text == "function" and (k == 0 or toks[k - 1].line != t.line):
            # `function canPlace(card, t)` alone on its line, no brace after it
            last = next((m for m in range(k, len(toks)) if toks[m].line != t.line), len(toks))
            then = then or toks[last - 1].text == ")"
    return ends and then


def _empty_type(toks: list[Tok], i: int) -> bool:
    """Whether the `{` at token i is Go's empty `interface{}` or `struct{}`."""
    return (
        0 < i < len(toks) - 1
        and toks[i - 1].text in ("interface", "struct")
        and toks[i + 1].text == "}"
    )


class Source:
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
        self.stock_lines: list[str] | None = None  # `code_stock.as_stock`
        self.keyword_blocks = _keyword_blocks(self.toks)  # blocks closed by `end` (Lua)
        self.foundation_checks: bool | None = None  # a check named for the foundations
        # the indices (first, last) of the piles a deal loop deals the tableau onto, where
        # one array holds every pile (`for (i = 6; i < 13; i++)`): set by `code_rules.read`
        self.dealt: set[tuple[int, int]] = set()
        self.if_before: dict[int, int] | None = None  # a block's closing `}` → its header
        self.block_first: dict[int, int] | None = None  # a block's first token → its header
        # the index ranges a check's refusal gives the foundations (an empty pile takes only
        # an ace), by the function they stand in: set by `code_rules.read`
        self.aces: list[tuple[int | None, str, int, int | None]] = []
        # the tableau's numbers a range told apart from the foundations' (`colToNum < 7`
        # beside `colToNum > 6`): first, last, the range's first token
        self.numbered: set[tuple[int, int, Tok]] = set()
        self._scan()
        self.token_lines = [t.line for t in self.toks]

    def _scan(self) -> None:
        stack: list[int] = []
        python: list[tuple[int, int]] = []  # (header id, indent)
        keyword: list[int] = []  # Lua's blocks that `end` closes (header ids)
        lua = self.keyword_blocks
        stmt_start = 0
        toks = self.toks
        for i, t in enumerate(toks):
            if lua and self._keyword_block(i, stmt_start, stack, keyword):
                stmt_start = i + 1
                self.scopes.append(tuple(stack))
                self.starts.append(i)
                continue
            if python and i > 0 and t.line != toks[i - 1].line:
                indent = t.col
                while python and indent <= python[-1][1]:
                    hid, _ = python.pop()
                    self.ends[hid] = i
                    stack.remove(hid)
            self.scopes.append(tuple(stack))
            self.starts.append(stmt_start)
            if t.text == "{" and t.kind == "op" and _empty_type(toks, i):
                continue  # Go's `interface{}`, `struct{}`: a type in a header, not a block
            if t.text == "{" and t.kind == "op":
                self.headers.append(toks[stmt_start:i])
                self.first[len(self.headers) - 1] = i + 1
                stack.append(len(self.headers) - 1)
                stmt_start = i + 1
            elif t.text == "}" and t.kind == "op" and _empty_type(toks, i - 1):
                continue
            elif t.text == "}" and t.kind == "op":
                if (
                    stack
                    and not any(stack[-1] == h for h, _ in python)
                    and (not keyword or stack[-1] != keyword[-1])
                ):
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
                and not (t.kind == "op" and t.text in _CARRIES)
                and not (t.kind == "id" and t.text in ("and", "or"))
                and toks[i + 1].text not in _GOES_ON
            ):
                stmt_start = i + 1
        for hid in stack:
            self.ends.setdefault(hid, len(toks))

    def _keyword_block(self, i: int, start: int, stack: list[int], keyword: list[int]) -> bool:
        """Lua's and Ruby's blocks at token i: a header that ends its line with `then` or
        `do` (`if c then`, `for i = 1, n do`), a function's `)` or a line `_opens_line`
        (`def f(a)`, `if c`, `xs.each do |x|`) opens one, `elseif`/`elsif`/`else` closes one
        and opens the next, `end` closes one. True when token i was such a word."""
        toks = self.toks
        t = toks[i]
        last = i + 1 == len(toks) or toks[i + 1].line != t.line
        first = toks[start].text if start < i else t.text

        def close() -> None:
            if keyword and stack and stack[-1] == keyword[-1]:
                hid = keyword.pop()
                stack.pop()
                self.ends[hid] = i

        def open_(header: list[Tok]) -> None:
            self.headers.append(header)
            hid = len(self.headers) - 1
            self.first[hid] = i + 1
            stack.append(hid)
            keyword.append(hid)

        if t.kind == "id" and t.text == "end" and start == i:
            close()
            return True
        if t.kind == "id" and t.text == "else" and start == i and last:
            close()
            open_([t])
            return True
        if t.kind == "id" and t.text == "begin" and start == i and last:
            open_([t])  # Ruby's `begin` … `rescue` … `end`
            return True
        if t.kind == "id" and t.text in ("rescue", "ensure") and start == i:
            close()
            open_([t])
            return True
        if t.kind == "id" and t.text in ("then", "do") and last:
            if first == "elseif":
                close()
            open_(toks[start:i])
            return True
        if t.text == ")" and last and any(x.text == "function" for x in toks[start:i]):
            open_(toks[start : i + 1])
            return True
        if last and start <= i and toks[start].line == t.line and _opens_line(toks, start, i):
            if toks[start].text == "elsif":
                close()
            open_(toks[start : i + 1])
            return True
        return False

    def function_at(self, i: int) -> int | None:
        """The header id of the innermost function token `i` stands in, None at the top: a
        block whose header may be a function's (`opens_function`) and says no branch's word
        (`forEach(c => {` is a loop's body, `catch (e) {` a branch). The one home of "the
        function it stands in" (`function_line`, `code_moves._scope`, a check's guards)."""
        for hid in reversed(self.scopes[i]):
            head = self.headers[hid]
            if head and opens_function(head) and not set(header_words(head)) & BRANCH_WORDS:
                return hid
        return None

    def arrow(self, i: int) -> int | None:
        """The `=>` of an arrow function without braces whose body token `i` stands in
        (`const canPlace = (card, t) => …;`)."""
        for k in range(self.starts[i], i):
            if self.toks[k].text == "=>" and self.toks[k + 1].text != "{":
                return k
        return None

    def function_name(self, i: int) -> str | None:
        """The name of the innermost named function token `i` stands in (`function_name`): a
        braceless arrow's (`const canPlace = (card, t) => …;`), else the nearest header's
        around it that names one (an unnamed callback's, `(c) => {`, names none)."""
        arrow = self.arrow(i)
        if arrow is not None:
            name = function_name(self.toks[self.starts[i] : arrow + 1])
            if name is not None:
                return name
        for hid in reversed(self.scopes[i] if i < len(self.scopes) else ()):
            name = function_name(self.headers[hid])
            if name is not None:
                return name
        return None

    def statement_end(self, i: int) -> int:
        """The index after the last token of the statement token `i` stands in: at its `;`,
        or where a line break began the next statement (JavaScript without semicolons)."""
        depth = 0
        for k in range(i, len(self.toks)):
            t = self.toks[k]
            if k > i and depth == 0 and self.starts[k] == k and t.line != self.toks[k - 1].line:
                return k
            if t.kind == "op" and t.text in "([{":
                depth += 1
            elif t.kind == "op" and t.text in ")]}":
                depth -= 1
                if depth < 0:
                    return k
            elif depth == 0 and (t.text == ";" or self.ends_block(k)):
                return k
        return len(self.toks)

    def ends_block(self, k: int) -> bool:
        """Whether token k is Lua's `end` (a statement before it ends there too)."""
        return self.keyword_blocks and self.toks[k].kind == "id" and self.toks[k].text == "end"

    def is_check(self, i: int) -> bool:
        """Whether token `i` stands in a check of a move (a function or branch whose name
        says so, and none that weighs or shows a move)."""
        heads = [self.headers[hid] for hid in self.scopes[i]]
        arrow = self.arrow(i)
        if arrow is not None:
            heads.append(self.toks[self.starts[i] : arrow])
        ws = {w for h in heads for w in header_words(h)}
        if ws & _NOT_CHECK:
            return False
        return bool(ws & _CHECK) or self._acts_as_check(i)

    def _acts_as_check(self, i: int) -> bool:
        """Whether token `i` stands in code that checks a move though no name says so: its
        `if` makes the move where it holds (a click handler's `if (isOppositeColor &&
        card.rank === top.rank - 1) { moveCards(…); }`, C++'s `if (…) box.MoveCard(…);`), or
        its function returns a result it sets true (`boolean rez = false; … rez = true; …
        return rez;`)."""
        return self.branch_moves(i) or self._result_set(i)

    def branch_moves(self, i: int) -> bool:
        """Whether token `i` stands in the condition of an `if` whose branch makes a move: a
        call named for moving or dropping cards (`moveCards(…)`, `DropCards(…)`)."""
        toks = self.toks
        s = self.starts[i]
        if toks[s].text not in ("if", "elif", "elsif"):
            return False
        cond, body = if_condition(toks, s)
        if not cond or not cond[0].line <= toks[i].line <= cond[-1].line or body >= len(toks):
            return False
        return any(
            t.kind == "id" and set(words(t.text)) & _MOVING and nxt.text == "("
            for t, nxt in pairwise(self.block_at(body))
        )

    def block_at(self, k: int) -> list[Tok]:
        """The tokens of the branch that begins at token `k` (`branch_body`): the block whose
        first token it is (`{ … }`, Python's indented lines, Lua's `then … end`), else the
        one statement there (`if (c) box.MoveCard(…);`)."""
        if self.block_first is None:
            self.block_first = {first: hid for hid, first in self.first.items()}
        at = k + 1 if k < len(self.toks) and self.toks[k].text == "{" else k
        hid = self.block_first.get(at)
        if hid is not None:
            return self.toks[at : self.ends.get(hid, len(self.toks))]
        return self.toks[k : self.statement_end(k)]

    def _result_set(self, i: int) -> bool:
        toks = self.toks
        fn = self.function_at(i)
        if fn is None:
            return False
        lo, hi = self.first[fn], self.ends.get(fn, len(toks))
        set_to: dict[str, set[str]] = {}
        returned = set()
        for k in range(lo, hi - 2):
            a, b, c = toks[k], toks[k + 1], toks[k + 2]
            if a.kind == "id" and b.text == "=" and c.text in _BOOLEANS:
                set_to.setdefault(a.text, set()).add(c.text.lower())
            elif (
                a.text == "return" and b.kind == "id" and (c.text in (";", "}") or c.line != b.line)
            ):
                returned.add(b.text)
        return any(set_to.get(n) == {"true", "false"} for n in returned)

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
            ws = header_words(head)
            if any(w in _NOT_CHECK for w in ws):
                return None
            if place is None:
                place = place_of(ws if ws != ["else"] else header_words(self._if_of(head)))
                if place == "":
                    return None
            if any(w in _CHECK for w in ws):
                checked = True
            if place and checked:
                return place
        if not checked and self._acts_as_check(i):
            if place:
                return place
            checked = True
        if place is None and checked:
            guarded = self._guarded_place(i)
            if guarded is None and any(_stacks_onto(header_words(h)) for h in heads):
                return "tableau"
            name = self.function_name(i)
            if guarded is None and name and self._other_pile(words(name)):
                return "tableau"  # the innermost function's name, not an outer one's
            return guarded if guarded is not None else self._ranged_place(i)
        return None

    def _if_of(self, head: list[Tok]) -> list[Tok]:
        """The header of the `if` whose block closes right before an `else` header (`if
        (foundation.length === 0) {…} else {…}`: the `else` is on the same pile); [] where
        none does."""
        if self.if_before is None:
            self.if_before = {end: hid for hid, end in self.ends.items()}
        at = bisect_left(self.token_lines, head[0].line)
        while at < len(self.toks) and self.toks[at] is not head[0]:
            at += 1
        if at == 0 or at >= len(self.toks):
            return []
        # `} else {`; Python's `else:` and Lua's and Ruby's `else`, where the `if` block ends
        hid = self.if_before.get(at - 1 if self.toks[at - 1].text == "}" else at)
        before = self.headers[hid] if hid is not None else []
        return before if before[:1] and before[0].text in ("if", "elif") else []

    def _other_pile(self, ws: list[str]) -> bool:
        """Whether a check names a pile beside a check of the foundations (`canMoveToPile`
        beside `canMoveToBase`): the piles that are not the foundations, the tableau's."""
        if not set(ws) & _PILE_ONLY or set(ws) & (TABLEAU | FOUNDATION | _SOURCE | _OTHER):
            return False
        if self.foundation_checks is None:
            self.foundation_checks = any(
                opens_function(head)
                and set(hw := words(function_name(head) or "")) & _CHECK
                and set(hw) & FOUNDATION_NAMES
                for head in self.headers
                if head
            )
        return self.foundation_checks

    def _ranged_place(self, i: int) -> str | None:
        """The pile an index range around a check names, where one array holds every pile
        and a check tells them apart by number: `if ((nom2>=6)&&(nom2<=12))` over the piles a
        deal loop deals the tableau onto (`self.dealt`), or `colToNum < 7` beside `colToNum >
        6` where the other range's empty pile takes only an ace (the foundations, whose
        complement is the tableau); None for any other range or none."""
        around = [r for cond in self._conditions_around(i) for r in ranges_at(cond)]
        if not around:
            return None
        fn = self.function_at(i)
        aces = [(v, lo, hi) for f, v, lo, hi in self.aces if f == fn]
        for var, lo, hi, tok in around:
            if (lo, hi) in self.dealt:
                return "tableau"
            if (var, lo, hi) in aces:
                return None
            if any(
                v == var and ((h is not None and h < lo) or (hi is not None and hi < a))
                for v, a, h in aces
            ):
                if hi is not None:
                    self.numbered.add((lo, hi, tok))
                return "tableau"
        return None

    def _conditions_around(self, i: int) -> list[list[Tok]]:
        """The conditions of the `if` statement token `i` stands in and of the `if` blocks
        around it, innermost first."""
        toks = self.toks
        out = []
        s = self.starts[i]
        if toks[s].text in ("if", "elif", "elsif"):
            cond, _ = if_condition(toks, s)
            if cond and cond[0].line <= toks[i].line <= cond[-1].line:
                out.append(cond)
        for hid in reversed(self.scopes[i]):
            head = self.headers[hid]
            k = next((k for k, t in enumerate(head) if t.text in ("if", "elif", "elsif")), None)
            if k is not None:
                out.append(if_condition(head, k)[0])
        return out

    def _guarded_place(self, i: int) -> str | None:
        """The pile a refusing guard earlier in the same block leaves: after `if
        (!dest.startsWith('tableau')) throw …;` or `if dest_kind != 'foundation': return
        False`, what the block says is that pile's rule."""
        toks = self.toks
        scope = self.scopes[i]
        function = self.function_at(i)
        if function is None:
            return None
        for j in range(self.starts[i] - 1, self.first[function] - 1, -1):
            # a guard in this block or one around it, not in a block closed before
            if toks[j].text not in ("if", "elif") or scope[: len(self.scopes[j])] != self.scopes[j]:
                continue
            if j + 1 < len(toks) and toks[j + 1].text == "(":
                end = closing(toks, j + 1)
                cond, after = toks[j + 2 : end], end + 1
            else:  # Python's `if c:`, Go's `if c {`, Lua's `if c then`, Ruby's `if c`⏎
                end = branch_start(toks, j + 1, i)
                end = -1 if end == i else end
                cond, after = toks[j + 1 : end], branch_body(toks, end)
            if end < 0 or end >= i or not cond:
                continue
            texts = [x.text for x in cond]
            if any(x in ("&&", "||", "and", "or") for x in texts):
                continue
            negated = texts[0] in ("!", "not") or sum(x in ("!=", "!==") for x in texts) == 1
            ws = header_words(cond)
            if not negated or set(ws) & {"length", "count", "size", "len", "empty"}:
                continue
            place = place_of(ws)
            if place and refuses(self, after):
                return place
        return None


_BELOW = {"<": -1, "<=": 0}
_ABOVE = {">": 1, ">=": 0}


def ranges(cond: list[Tok]) -> list[tuple[str, int, int | None]]:
    """The index ranges a condition's conjuncts give (`nom2>=6 && nom2<=12` → ("nom2", 6,
    12), `colToNum < 7` → ("colToNum", 0, 6), `colToNum > 6` → ("colToNum", 7, None)): an
    index is a name compared with a number, not a card's rank."""
    return [(v, lo, hi) for v, lo, hi, _ in ranges_at(cond)]


def ranges_at(cond: list[Tok]) -> list[tuple[str, int, int | None, Tok]]:
    """`ranges`, each with the first token that gives it."""
    found: dict[str, list[int | None]] = {}
    first: dict[str, Tok] = {}
    for part in split_top(cond, frozenset({"&&", "and"})) or []:
        part = strip(part)
        if len(part) != 3 or part[0].kind != "id" or part[2].kind != "num":
            continue
        if set(words(part[0].text)) & {"rank", "value", "val", "suit", "length", "count"}:
            continue
        n, op = int(part[2].text), part[1].text
        bounds = found.setdefault(part[0].text, [0, None])
        first.setdefault(part[0].text, part[0])
        if op in _BELOW:
            bounds[1] = n + _BELOW[op]
        elif op in _ABOVE:
            bounds[0] = n + _ABOVE[op]
    return [(v, lo or 0, hi, first[v]) for v, (lo, hi) in found.items()]


def _stacks_onto(ws: list[str]) -> bool:
    """Whether a check's name asks if a card stacks onto another (`canStack`, `canStackOn`,
    `canPile`, `isStackable`, `can_be_stacked`): building on the tableau, where no pile is
    named."""
    return "stackable" in ws or any(
        a == "can"
        and (b in ("stack", "stacks", "pile") or (b == "be" and c in ("stacked", "piled")))
        for a, b, c in zip(ws, ws[1:], [*ws[2:], ""], strict=False)
    )


def strip(seq: list[Tok]) -> list[Tok]:
    """A sequence without the brackets around all of it."""
    while len(seq) >= 2 and seq[0].text == "(" and closing(seq, 0) == len(seq) - 1:
        seq = seq[1:-1]
    return seq


def top_spans(
    seq: list[Tok],
    at: frozenset[str],
    abort: frozenset[str] = frozenset(),
    lo: int = 0,
    hi: int | None = None,
) -> list[tuple[int, int]] | None:
    """The index spans of `seq[lo:hi]` cut at each operator of `at` that stands outside
    brackets, or None where an operator of `abort` stands outside them (`split_top`)."""
    hi = len(seq) if hi is None else hi
    spans: list[tuple[int, int]] = []
    depth, start = 0, lo
    for k in range(lo, hi):
        t = seq[k]
        if t.kind == "op" and t.text in "([{":
            depth += 1
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
        if depth == 0 and t.text in at:
            spans.append((start, k))
            start = k + 1
        elif depth == 0 and t.text in abort:
            return None
    spans.append((start, hi))
    return spans


def split_top(
    seq: list[Tok], at: frozenset[str], abort: frozenset[str] = frozenset()
) -> list[list[Tok]] | None:
    """`seq` cut at each operator of `at` that stands outside brackets (`a || (b && c)` at
    `||`: `a`, `(b && c)`), or None where an operator of `abort` stands outside them."""
    spans = top_spans(seq, at, abort)
    return None if spans is None else [seq[p:q] for p, q in spans]


def closing(seq: list[Tok], at: int) -> int:
    depth = 0
    for k in range(at, len(seq)):
        if seq[k].kind == "op" and seq[k].text in "([{":
            depth += 1
        elif seq[k].kind == "op" and seq[k].text in ")]}":
            depth -= 1
            if depth == 0:
                return k
    return -1


def function_line(src: Source, n: int) -> int:
    """The line of the header of the innermost function that line `n` stands in (-1: none)."""
    idx = bisect_left(src.token_lines, n)
    hid = src.function_at(idx) if idx < len(src.toks) else None
    return -1 if hid is None else src.headers[hid][0].line


def opens_function(head: list[Tok]) -> bool:
    """Whether a block's header may be a function's (a branch's is told apart by its word):
    parameters in brackets (`function f(a)`, `canMove(a, b) {`, `(a) => {`) or a block's
    `|a, b|` after `do` or `{` (Ruby's `canPlace = lambda do |card, pile|`, `xs.each { |x|`),
    or a function's word without them (Ruby's `def deal`, `deal = lambda do`)."""
    texts = [t.text for t in head]
    if "(" in texts or (texts and texts[0] == "def") or {"lambda", "proc"} & set(texts):
        return True
    return any(a in ("do", "{") and b in ("|", "||") for a, b in pairwise(texts))


_BOOLEANS = frozenset({"true", "false", "True", "False"})
_REJECT = frozenset({"false", "False", "FALSE", "null", "None", "nil", "#f", "undefined"})


# what opens the branch of a condition written without brackets: Python's `if c:`, Go's,
# Swift's and Rust's `if c {`, Lua's `if c then`
_OPENS_BRANCH = frozenset({":", "{", "then"})


def branch_start(toks: list[Tok], i: int, stop: int | None = None) -> int:
    """Where the branch of an unbracketed condition that token i stands in opens (its `:`,
    `{` or `then`), searched before `stop`; `stop` (or the end) where there is none. A
    condition that ends its line with nothing to carry it on (Ruby's `if a == b`⏎) opens
    its branch with the next line: its first token is returned (`branch_body`)."""
    end = len(toks) if stop is None else stop
    depth = 0
    for m in range(i, end):
        t = toks[m]
        if t.text in _OPENS_BRANCH and (depth == 0 or t.text != ":"):
            return m
        if t.kind == "op" and t.text in "([":
            depth += 1
        elif t.kind == "op" and t.text in ")]":
            depth -= 1
        if (
            depth == 0
            and m + 1 < end
            and toks[m + 1].line != t.line
            and t.text not in _CARRIES
            and t.text not in (",", "(", "and", "or", "not")
            and toks[m + 1].text not in _GOES_ON
        ):
            return m + 1
    return end


def if_condition(toks: list[Tok], k: int) -> tuple[list[Tok], int]:
    """The condition of the `if` at token `k` and the first token of its branch: `if (…) …`
    in C-like languages (the brackets around the whole condition), `if …:` in Python, `if …
    {` in Go, Swift and Rust, `if … then` in Lua, Ruby's `if …`⏎."""
    if k + 1 < len(toks) and toks[k + 1].text == "(":
        end = closing(toks, k + 1)
        nxt = toks[end + 1].text if 0 < end < len(toks) - 1 else ""
        if end > 0 and nxt not in ("&&", "||", "and", "or", ".", "==", "!=", "<", ">", "+", "-"):
            return toks[k + 2 : end], end + 1
    end = branch_start(toks, k + 1)
    return toks[k + 1 : end], branch_body(toks, end)


def branch_body(toks: list[Tok], at: int) -> int:
    """The first token of the branch `branch_start` found at `at`: after its `:`, `{` or
    `then`; the token itself where the branch opened with a new line."""
    return at + 1 if at < len(toks) and toks[at].text in _OPENS_BRANCH else at


def modifier(src: Source, k: int) -> bool:
    """Whether the `if` at token k follows the statement it guards (Ruby's and Perl's
    `return false if a == b`, `next unless c`): a statement before it, and no `else` after
    it (not Python's `a if c else b`)."""
    start = src.starts[k]
    if start >= k or src.toks[start].text not in _MODIFIED:
        return False
    return all(t.text != "else" for t in src.toks[k : src.statement_end(k)])


_MODIFIED = frozenset({"return", "raise", "throw", "next", "break", "continue", "fail"})


def refuses(src: Source, k: int) -> bool:
    """Whether the branch opening at token `k` refuses: `return false;`, `return;`,
    `{ return null; }`, `continue`, `throw …`."""
    toks = src.toks
    if k < len(toks) and toks[k].text in ("{", "then"):
        k += 1
    if k >= len(toks):
        return False
    if toks[k].text in ("continue", "throw", "raise", "break"):
        return True
    if toks[k].text == "return":
        nxt = toks[k + 1].text if k + 1 < len(toks) else ";"
        return nxt in _REJECT or nxt in (";", "}") or toks[k + 1].line != toks[k].line
    return False
