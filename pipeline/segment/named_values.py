"""Rules a program states by the names of its values: `const COLS = 10;`, `NUM_DECKS = 2`,
`"freeCells": 4`, `#define DRAW_COUNT 3`.

A solitaire program often says a rule only in code: the number of packs, columns or free
cells is a named constant, and no comment repeats it. The name says what the number counts,
as a numeral's noun does in prose, so the name is read like a phrase: split into words
(`NUM_TABLEAU_PILES`, `numTableauPiles` → num tableau piles), each word a terminal (`WORDS`),
and the words parsed by a small Lark grammar (`grammar/named_values.lark`) whose rules name
what is counted (`packs`, `columns`, `free_cells` …). A name with a word the table does not
hold (`CARD_WIDTH`, `COLUMN_GAP`, `ANIMATION_SPEED`) or in an order no rule lists states
nothing: a wrong rule is worse than a missing one.

A value is kept only where it can count what its name says (2–20 columns, 1–8 free cells,
52 or 104 cards …), and a file's values are read together: a kind said twice with different
values (a setting per mode, a counter reset) says nothing, and columns beside rows are a
grid's, not a tableau's. `reading_text` (`pipeline.segment.code`) keeps each declaration
read so on its line (`COLS = 10.`), so it becomes a sentence of the game cited on that line,
and the grammar stage reads its rule from that sentence (`statement`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError
from lark.lexer import Lexer

from pipeline.resources import data_dir
from pipeline.segment.code_rules import code_statement

# The words of a name and their terminals in `grammar/named_values.lark`.
WORDS = {
    **dict.fromkeys(["num", "number", "count", "total", "n", "nb", "qty", "amount"], "QTY"),
    "of": "OF",
    **dict.fromkeys(["max", "maximum"], "MAX"),
    **dict.fromkeys(["deck", "pack"], "DECK"),
    **dict.fromkeys(["decks", "packs"], "DECKS"),
    "card": "CARD",
    "cards": "CARDS",
    **dict.fromkeys(["column", "col"], "COLUMN"),
    **dict.fromkeys(["columns", "cols"], "COLUMNS"),
    **dict.fromkeys(["pile", "stack"], "PILE"),
    **dict.fromkeys(["piles", "stacks"], "PILES"),
    **dict.fromkeys(["tableau", "tableaus", "tableaux"], "TABLEAU"),
    "row": "ROW",
    "rows": "ROWS",
    "free": "FREE",
    "home": "HOME",
    "cell": "CELL",
    "cells": "CELLS",
    "freecell": "FREECELL",
    "freecells": "FREECELLS",
    "foundation": "FOUNDATION",
    "foundations": "FOUNDATIONS",
    "draw": "DRAW",
    "three": "THREE",
    "one": "ONE",
    "redeal": "REDEAL",
    "redeals": "REDEALS",
    "pass": "PASS",
    "passes": "PASSES",
    "in": "IN",
    "per": "PER",
    "to": "TO",
    "size": "SIZE",
    "allowed": "ALLOWED",
    "limit": "LIMIT",
}

# What each kind of value may be (a number outside counts nothing a rule says): the range of
# a count, or the packs a count of cards makes.
_RANGES = {
    "packs": range(1, 5),
    "columns": range(2, 21),
    "piles": range(2, 11),  # more are likelier all of a layout's piles (7 + 4 …)
    "rows": range(1, 100),
    "cells": range(1, 9),
    "foundations": range(1, 17),
    "draw": range(1, 6),
    "redeals": range(0, 6),
    "passes": range(1, 7),
}
_PACK_CARDS = {52: 1, 104: 2, 156: 3, 208: 4}


class PassThrough(Lexer):
    """A Lark lexer for tokens made beforehand (`words` here, `extract.tokens` for the
    island grammar): Lark only reads them."""

    def __init__(self, conf) -> None:
        pass

    def lex(self, data, *args):
        yield from data


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (data_dir("grammar") / "named_values.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer=PassThrough)


class _Kind(Transformer):
    """A parsed name → what its value counts (the rule's name in `grammar/named_values.lark`)."""

    def start(self, children):
        return children[0]

    def __default__(self, data, children, meta):
        return str(data)


def words(name: str) -> list[str]:
    """The words of an identifier, lower case: `self.NUM_COLUMNS` → num, columns;
    `kNumDecks`, `m_freeCells` → num decks, free cells (a C++ member's or constant's prefix
    dropped); `cardsToDraw` → cards, to, draw."""
    name = name.rsplit(".", 1)[-1].lstrip("_$")
    name = re.sub(r"^(?:[msg]_|k(?=[A-Z]))", "", name)
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name)]


def kind_of(name: str) -> str | None:
    """What a value of this name counts (`packs`, `columns`, `cells` …), or None."""
    toks = []
    for w in words(name):
        t = WORDS.get(w)
        if t is None:
            return None
        toks.append(Token(t, w))
    if not toks:
        return None
    try:
        tree = _parser().parse(toks)
    except LarkError:
        return None
    return str(_Kind().transform(tree))


def meaning(name: str, value: int | bool | float) -> tuple[str, int] | None:
    """The rule a named value states: (kind, number), the kinds of `_RANGES` (`pack_cards`
    become `packs`, `passes` the redeals after the first pass, a switch `draw_three`
    three cards drawn); None when the name or the value states no rule."""
    kind = kind_of(name)
    if kind is None:
        return None
    if isinstance(value, bool):
        if kind in ("draw_three", "draw_one") and value:
            return ("draw", 3 if kind == "draw_three" else 1)
        return None
    if isinstance(value, float):
        # `maxRedeals: Infinity`: the talon turned back as often as the player likes
        return ("turn_back", 1) if kind in ("redeals", "passes") else None
    if kind == "pack_cards" or (kind == "packs" and value in _PACK_CARDS):
        return ("packs", _PACK_CARDS[value]) if value in _PACK_CARDS else None
    if kind not in _RANGES or value not in _RANGES[kind]:
        return None
    if kind == "passes":
        return ("redeals", value - 1)
    return (kind, value)


@dataclass(frozen=True)
class Named:
    """A declaration read on one line of source: where its name and value stand."""

    name: str
    raw: str  # the value as written
    value: int | bool | float
    kind: str
    number: int
    start: int  # the name's first character on the line
    name_end: int
    sep: int  # the `=` or `:` between them (where the reading text puts its `=`)
    value_start: int
    end: int  # after the value


_MODIFIERS = (
    r"(?:(?:export|public|private|protected|internal|static|final|const|constexpr|readonly"
    r"|let|var|val|local|override|open|fileprivate|lazy)\s+)*"
)
_CTYPE = (
    r"(?:(?:unsigned\s+|signed\s+)?(?:int|long|short|byte|sbyte|uint|ulong|ushort|size_t"
    r"|u?int(?:8|16|32|64)_t|Int|Integer|bool|boolean|Bool|Boolean|number|usize|u8|u32|i32"
    r"|i64)\s+)?"
)
_TYPE_NOTE = (
    r"(?:\s*:\s*(?:(?:typing\.)?Final(?:\[\w+\])?|int|Int|Integer|number|bool|boolean|Bool"
    r"|Boolean|usize|u8|u32|i32|i64))?"
)
# A value a declaration may give: a count, a switch, or no limit (`maxRedeals: Infinity`).
_INFINITE = (
    r"Infinity|INFINITY|math\.inf|Number\.POSITIVE_INFINITY|[Dd]ouble\.PositiveInfinity"
    r"|Float\.POSITIVE_INFINITY"
)
_LITERAL = rf"\d{{1,3}}|true|false|True|False|TRUE|FALSE|{_INFINITE}"
_VALUE = rf"(?P<value>{_LITERAL})"
_DECLARATION = re.compile(
    r"^\s*(?:#define\s+(?P<macro>[A-Za-z_]\w*)\s+" + _VALUE.replace("value", "mvalue") + r"\s*$"
    r"|"
    + _MODIFIERS
    + _CTYPE
    + r"""["']?(?P<name>[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)["']?"""
    + _TYPE_NOTE
    + r"\s*(?P<sep>:=|[:=])\s*"
    + _VALUE
    + r"\s*[,;]?\s*(?:(?://|#|--|/\*).*)?$)"
)
_BOOLS = {"true": True, "false": False}


def _literal(raw: str) -> int | bool | float:
    """The value a literal of `_LITERAL` writes (no limit: infinity)."""
    if raw.lower() in _BOOLS:
        return _BOOLS[raw.lower()]
    return int(raw) if raw.isdigit() else math.inf


def declaration(line: str) -> Named | None:
    """The named value a line of source declares (`const COLS = 10;`, `NUM_DECKS = 2  #
    …`, `"freeCells": 4,`, `#define DRAW_COUNT 3`), if its name states a rule."""
    m = _DECLARATION.match(line)
    if m is None:
        return None
    group = "macro" if m.group("macro") else "name"
    vgroup = "mvalue" if group == "macro" else "value"
    raw = m.group(vgroup)
    value = _literal(raw)
    said = meaning(m.group(group), value)
    if said is None:
        return None
    return Named(
        name=m.group(group),
        raw=raw,
        value=value,
        kind=said[0],
        number=said[1],
        start=m.start(group),
        name_end=m.end(group),
        # a macro's separator: the space after its name (`#define NUM_DECKS 2` → `NUM_DECKS=2`)
        sep=m.start("sep") if group == "name" else m.end(group),
        value_start=m.start(vgroup),
        end=m.end(vgroup),
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _scope(lines: list[str], titles: list[int], i: int) -> int | None:
    """The titled object line `i` stands in: the last title line at or before it (`name:
    'Вегасский'`) whose block it has not left (no line between them is indented less than
    the title's), or None."""
    for t in reversed(titles):
        if t > i:
            continue
        if t == i:
            return t
        depth = _indent(lines[t])
        between = (x for x in lines[t + 1 : i + 1] if x.strip())
        return t if all(_indent(x) >= depth for x in between) else None
    return None


def named_values(
    lines: list[str], outside: list[bool], titles: list[int] | None = None
) -> dict[int, Named]:
    """The declarations of a file's lines that state its rules, by line index: `outside`
    says which lines begin outside a string or comment. A kind declared with two values
    says nothing (a setting per mode, a counter), nor do columns beside rows (a grid).
    `titles`: the lines whose name key titles a game of its own (`name: 'Вегасский'`, one
    object per mode of play): a kind said once in each such object is each one's rule, and
    says nothing only when one object says it twice or a value stands outside them all."""
    found = {
        i: d
        for i, line in enumerate(lines)
        if outside[i] and (d := declaration(line)) is not None and not _enumerated(lines, i)
    }
    if found:
        # a value the program counts up (`redeals: 0,` … `game.redeals++`) is a counter
        counted = _counted("\n".join(lines))
        found = {i: d for i, d in found.items() if d.name not in counted}
    values: dict[str, dict[int | None, set[int]]] = {}
    for i, d in found.items():
        scope = _scope(lines, titles, i) if titles and len(titles) > 1 else None
        values.setdefault(d.kind, {}).setdefault(scope, set()).add(d.number)
    dropped = {
        k
        for k, by in values.items()
        if any(len(v) > 1 for v in by.values())
        or (len(by) > 1 and None in by and len(set().union(*by.values())) > 1)
    } | {"rows"}
    if "rows" in values:
        dropped |= {"columns", "piles"}
    if "columns" in values:
        dropped.add("piles")  # the columns counted apart: the piles are all of them
    return {i: d for i, d in found.items() if d.kind not in dropped}


# a name counted up: `x++`, `++x`, `x += 1`, `x = x + 1` (also as a member: `game.x++`)
_COUNTED = re.compile(
    r"(?<![\w$])([A-Za-z_$][\w$]*)\s*(?:\+\+|\+=\s*1\b)|\+\+\s*(?:[\w$]+\.)*([A-Za-z_$][\w$]*)"
    r"|(?<![\w$])([A-Za-z_$][\w$]*)\s*=\s*(?:[\w$]+\.)*\3\s*\+\s*1\b"
)


def _counted(text: str) -> set[str]:
    """The names a program counts up (`game.redeals++`): their declared value is where a
    count starts, not a rule."""
    return {n for m in _COUNTED.finditer(text) for n in m.groups() if n}


_ENUM = re.compile(r"\benum\b|\(\s*(?:Int)?Enum\s*\)")


def _number(line: str) -> int | None:
    m = _DECLARATION.match(line)
    raw = m and (m.group("value") or m.group("mvalue"))
    return int(raw) if raw and raw.isdigit() else None


def _enumerated(lines: list[str], i: int) -> bool:
    """Whether line `i` is a member of an enumeration rather than a count: inside an `enum`
    (`enum Pile { TABLEAU = 1, FOUNDATIONS = 2 }`, `class Pile(Enum):`), or one of three
    declarations or more on lines in a row whose numbers go up by one (`COLUMNS: 0,
    FOUNDATIONS: 1, CELLS: 2`: codes, not counts)."""
    for k in range(i - 1, max(-1, i - 30), -1):
        if _ENUM.search(lines[k]):
            return True
        if lines[k].rstrip().endswith(("{", ":")) or not lines[k].strip():
            break  # the block or paragraph the line stands in begins here
    run = [i]
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(lines) and _number(lines[k]) is not None:
            run.append(k)
            k += step
    if len(run) < 3:
        return False
    numbers = [n for k in sorted(run) if (n := _number(lines[k])) is not None]
    return len(numbers) == len(run) and all(b == a + 1 for a, b in pairwise(numbers))


_STATEMENT = re.compile(
    rf"^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*=\s*({_LITERAL})\s*\.?\s*$"
)


def statement(sentence: str) -> tuple[str, int] | None:
    """The rule of a sentence that is a declaration as the reading text keeps it (`COLS =
    10.`): (kind, number), or None for any other sentence."""
    m = _STATEMENT.match(sentence) if "=" in sentence else None
    if m is None:
        return None
    kind = code_statement(m.group(1))
    if kind is not None:  # a rule a construct of the code states (`build_down = 1.`)
        value = _literal(m.group(2))
        return (kind, int(value)) if not isinstance(value, (bool, float)) else None
    return meaning(m.group(1), _literal(m.group(2)))


def construct_statement(sentence: str) -> bool:
    """Whether a sentence is a rule a construct of the code states, as the reading text keeps
    it (`deal_piles = 10.`, `code_rules`), not a value a name gives (`COLS = 10.`): what the
    program does, which no setting of it says."""
    m = _STATEMENT.match(sentence) if "=" in sentence else None
    return m is not None and code_statement(m.group(1)) is not None


_SENTENCES = re.compile(r"[^.]+\.?")


def only_statements(par: str) -> bool:
    """Whether a paragraph is nothing but declarations kept by the reading text (`COLS = 10.
    TOTAL_CARDS = 104.`): rules, though no Russian word says them."""
    if "=" not in par:
        return False  # every declaration kept says its `=`
    said = [m.group() for m in _SENTENCES.finditer(par) if m.group().strip()]
    return bool(said) and all(statement(x) is not None for x in said)


_KEPT = re.compile(
    rf"(?<![\w$.])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*=\s*(?:{_LITERAL})(?!\w|\.\d)\.?"
)


def statement_cuts(text: str, start: int, end: int) -> list[int]:
    """Where sentences begin and end around the declarations a paragraph holds (`COLS = 10.
    какие масти …`, `Колоды NUM_DECKS = 2`): each is a sentence of its own, whatever the
    case of the words around it."""
    cuts = []
    for m in _KEPT.finditer(text, start, end):
        if statement(m.group()) is not None:
            cuts += [m.start(), m.end()]
    return cuts


def without_statements(text: str) -> str:
    """The text with the declarations the reading text keeps blanked, the same length: what
    is weighed as the text's language (`COLS = 10.` is no English)."""
    if "=" not in text:
        return text
    chars = list(text)
    for m in _KEPT.finditer(text):
        if statement(m.group()) is not None:
            chars[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(chars)
