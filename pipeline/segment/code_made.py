"""Counts a program makes: the packs a loop over suits and ranks makes, and the piles a
container is made with (`[[], [], [], []]`, `Array(8).fill()`, `[[] for _ in range(10)]`)."""

from __future__ import annotations

import re

from pipeline.segment.code_loops import counted_loops, headers
from pipeline.segment.code_source import (
    ADD,
    ADD_CALL,
    ASSIGNED,
    EACH,
    FOUNDATION_NAMES,
    Said,
    Source,
    line_span,
    words,
)

_PACK_NAME = r"(?:cards|deck|pack|Cards|Deck)\w*"
# a card made and added to the pack: `cards.push(…)`, `table.insert(cards, …)`, Go's `append`
_NEW_CARD = re.compile(rf"\b{_PACK_NAME}\s*\.\s*{ADD}\s*\(|{ADD_CALL}{_PACK_NAME}\s*,")


# a list written out as one literal: `RANKS = ['A', '2', …, 'K']`, Python's tuple, C#'s
# `new[] { … }`, Kotlin's `listOf(…)` (Ruby's `%w[…]`: `_WORD_LIST`); its items are quoted
# words or numbers
_ITEM = r"""(?:'[^'\n]{1,5}'|"[^"\n]{1,5}"|`[^`\n]{1,5}`|\d{1,2}|[A-Za-z]\w{0,5})"""
_LIST = re.compile(
    ASSIGNED
    + r"(?:new\s*[\w<>]*\s*\[\s*\]\s*|(?:listOf|arrayOf|mutableListOf|List\.of|Arrays\.asList)\s*)?"
    rf"[\[({{]\s*(?P<items>{_ITEM}(?:\s*,\s*{_ITEM})*)\s*,?\s*[\])}}]"
)
_WORD_LIST = re.compile(r"(?P<name>[A-Za-z_]\w*)\s*=\s*%w[\[(](?P<items>[^\])\n]*)[\])]")


def _list_sizes(src: Source) -> dict[str, int]:
    """The number of items of each list the source writes out on one line (`RANKS = ['A',
    '2', …, 'K']` → 13), by its name; a name given two sizes has none."""
    sizes: dict[str, set[int]] = {}
    for line in src.lines:
        for m in _LIST.finditer(line):
            sizes.setdefault(m.group("name"), set()).add(len(re.findall(_ITEM, m.group("items"))))
        for m in _WORD_LIST.finditer(line):
            sizes.setdefault(m.group("name"), set()).add(len(m.group("items").split()))
    return {k: v.pop() for k, v in sizes.items() if len(v) == 1}


# the sequence a loop over items walks: `of RANKS`, `in RANKS`, `: ranks`, `range ranks`,
# `ipairs(ranks)`, PHP's `foreach ($ranks as`; or the name before `.forEach(` / `.each`
_WALKED = re.compile(
    r"foreach\s*\(\s*\$?([A-Za-z_][\w.]*)\s+as\b"
    r"|(?:\bof|\bin(?!\s+i?pairs\b)|:|\brange|pairs\s*\()\s*&?([A-Za-z_$][\w$.]*)"
)
_WALKED_BEFORE = re.compile(r"([A-Za-z_$][\w$.]*)\s*$")


def _ranks_walked(body: str, sizes: dict[str, int]) -> bool:
    """Whether a loop body walks a list of the 13 ranks item by item (`for (const rank of
    RANKS)`, `for r in ranks:`, `RANKS.forEach((r) =>`), in any language's loop syntax."""
    for m in EACH.finditer(body):
        if m.group().startswith("."):  # `ranks.forEach(…`, `ranks.each do |r|`
            b = _WALKED_BEFORE.search(body, 0, m.start())
            name = b.group(1) if b else None
        else:
            w = _WALKED.search(m.group())
            name = (w.group(1) or w.group(2)) if w else None
        if name is not None:
            # Rust's `RANKS.iter()`: the list itself
            name = re.sub(r"\.(?:iter|into_iter|values)$", "", name)
        if name is not None and sizes.get(name.rsplit(".", 1)[-1]) == 13:
            return True
    return False


def made_deck(src: Source) -> list[Said]:
    """The pack made by a loop over K suits around a loop over the 13 ranks, each making a
    card (`for (k = 0; k < 8; k++) for (rank = 1; rank <= 13; rank++) cards.push(…)`, the
    inner loop a walk over a list of the 13 ranks too: `for (const rank of RANKS)`): K × 13
    cards, whole packs only (52 a pack)."""
    out: list[Said] = []
    sizes: dict[str, int] | None = None
    for n, _var, count, _, end in counted_loops(src):
        body = "\n".join(src.lines[n + 1 : end + 1])
        if not _NEW_CARD.search(body):
            continue
        # the loop over the ranks, in any language's loop syntax (`code_loops.headers`)
        inner = [
            h for h in headers(body) if not h.lo.name and not h.hi.name and h.lo.offset in (0, 1)
        ]
        if inner:
            ranks = inner[0].hi.offset - inner[0].lo.offset
        else:
            sizes = _list_sizes(src) if sizes is None else sizes
            if not _ranks_walked(body, sizes):
                continue
            ranks = 13
        cards = count * ranks
        if ranks == 13 and cards in (52, 104, 156, 208):
            out.append(Said("made_packs", cards // 52, n, *line_span(src.lines[n])))
    return out if len({s.value for s in out}) == 1 else []


# the number of cards a test asserts: `expect(countCards(deal)).toBe(104)`, `assertEquals(104,
# deck.size())`, `assert len(cards) == 104` (a name's value, `TOTAL_CARDS = 104`, is
# `named_values`'s)
_ASSERTED = r"(?:to(?:Be|Equal|HaveLength)|assert\w*|expect\w*|check\w*)"
_CARD_COUNT = re.compile(rf"(?i)\b{_ASSERTED}\b[^\n]*?\b(104|156|208)\b")
_CARD_WORD = re.compile(r"(?i)card|deck|pack|карт|колод")


def counted_cards(src: Source) -> list[Said]:
    """The packs a test's count of all the cards says (two packs and more: one is every
    game's default): 104 cards asserted (`_CARD_COUNT`), on a line that speaks of cards;
    counts that disagree say nothing."""
    out: list[Said] = []
    for n, line in enumerate(src.lines):
        m = _CARD_COUNT.search(line)
        if m and _CARD_WORD.search(line):
            cards = int(m.group(1))
            out.append(Said("made_packs", cards // 52, n, *line_span(line)))
    return out[:1] if len({s.value for s in out}) == 1 else []


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
    frozenset({"cells"}): "cells",
}
_SET_ASIDE = frozenset({"new", "initial", "empty", "this", "self", "m", "my", "game", "state"})
_COUNT_RANGE = {"columns": range(2, 21), "foundations": range(1, 17), "cells": range(1, 9)}
_EMPTY_ITEM = r"(?:\[\s*\]|null|None|nil|undefined|\{\s*\}|new\s+\w+(?:<[\w<>, ]*>)?\(\s*\))"
_MADE = re.compile(
    r"(?P<name>[A-Za-z_$][\w$.]*)['\"]?\s*(?::\s*[\w<>\[\]|, ]+?\s*)?(?::?=(?!=)|:|\()\s*(?:"
    rf"\[\s*(?P<items>{_EMPTY_ITEM}(?:\s*,\s*{_EMPTY_ITEM})+)\s*,?\s*\]"
    r"|(?:new\s+)?Array\s*\(\s*(?P<fill>\d+)\s*\)\s*\.\s*fill\b"
    r"|Array\.from\s*\(\s*\{\s*length\s*:\s*(?P<from>\d+)\s*\}"
    r"|\[\s*(?:\[\s*\]|None)\s*\]\s*\*\s*(?P<times>\d+)\b"
    r"|\[\s*(?:\[\s*\]|None|deque\(\s*\)|list\(\s*\))\s+for\s+\w+\s+in\s+range\(\s*(?P<range>\d+)\s*\)\s*\]"
    r"|new\s+(?P<type>[A-Z]\w*)\s*\[\s*(?P<typed>\d+)\s*\](?!\s*\[)"
    r")"
)
# the words of a type of pile, an array of which is the piles (Java's, C#'s `tableau = new
# TablePile[7]`), not of cards (`new Card[52]`)
_PILE_TYPE = frozenset({"pile", "stack", "column", "cell", "foundation", "tableau", "cascade"})


# one empty pile made a turn of a loop: `foundations.push([])`, `tableau[i] = new
# List<Card>();`, `self.cells.append(None)`, `piles.add(new Stack<>())`
_MADE_ONE = re.compile(
    r"(?P<name>[A-Za-z_$][\w$.]*)\s*(?:\.\s*(?:push|append|add|Add|push_back)\s*\(\s*"
    rf"{_EMPTY_ITEM}\s*\)|\[\s*(?P<v>[A-Za-z_$]\w*)\s*\]\s*=(?!=)\s*{_EMPTY_ITEM}\s*[;\n])"
)


def made_piles(src: Source) -> list[Said]:
    """A container of piles made with N empty piles: `const newTableau = [[], [], [], [], [],
    [], []];`, `freeCells: [null, null, null, null]`, `Array(8).fill().map(…)`, `[[] for _ in
    range(10)]`, or one a turn of a loop over N (`for (i = 0; i < 4; i++) foundations.push([])`):
    N columns, foundations or free cells. A kind made with two counts says
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
            elif m.group("typed"):
                if not set(words(m.group("type"))) & _PILE_TYPE:
                    continue
                count = int(m.group("typed"))
            else:
                count = int(next(g for g in m.group("fill", "from", "times", "range") if g))
            if count in _COUNT_RANGE[kind]:
                found.setdefault(kind, []).append((count, n, m.start(), m.end() - m.start()))
    for n, var, count, _first, end in counted_loops(src):
        body = "\n".join(src.lines[n : end + 1])
        one = [m for m in _MADE_ONE.finditer(body) if m.group("v") in (None, var)]
        if len(one) != 1 or end - n > 3:
            continue
        ws = frozenset(words(one[0].group("name").rsplit(".", 1)[-1])) - _SET_ASIDE
        kind = _CONTAINERS.get(ws)
        if kind is not None and count in _COUNT_RANGE[kind]:
            found.setdefault(kind, []).append((count, n, *line_span(src.lines[n])))
    out = []
    for kind, made in found.items():
        if len({c for c, *_ in made}) == 1:
            count, n, col, width = made[0]
            out.append(Said(f"made_{kind}", count, n, col, width))
    return out


# the tableau's piles counted by a test: `check('столбцов 10', state.columns.length === 10)`,
# `expect(game.tableau).toHaveLength(7)`, `assertEquals(7, tableau.size())`
_PILES_COUNTED = re.compile(
    rf"(?i)\b{_ASSERTED}\b[^\n]*?\b(?P<name>[\w.]*(?:tableau|tableaus|columns|cols|cascades))\b"
    r"(?:\s*\.\s*(?:length|size\(\)|Count|count\(\)))?\s*\)?\s*(?:===?\s*|\.toHaveLength\(\s*|"
    r"\.toBe\(\s*)(?P<n>\d{1,2})\b"
    rf"|\b{_ASSERTED}\w*\s*\(\s*(?P<n2>\d{{1,2}})\s*,\s*[\w.]*(?:tableau|columns|cols)\w*"
    r"\s*\.\s*(?:length|size\(\)|Count|count\(\))"
)


def counted_columns(src: Source) -> list[Said]:
    """The tableau's piles a test counts (`_PILES_COUNTED`): N columns, when every count
    agrees."""
    out: list[Said] = []
    for n, line in enumerate(src.lines):
        m = _PILES_COUNTED.search(line)
        if m is None:
            continue
        count = int(m.group("n") or m.group("n2"))
        if count in _COUNT_RANGE["columns"]:
            out.append(Said("made_columns", count, n, *line_span(line)))
    return out[:1] if len({s.value for s in out}) == 1 else []


# a two-dimensional array of cards, the piles by their places: Pascal's `array[1..18, 1..3]
# of TCard`, C#'s `new Card[18, 3]`, Java's `new Card[18][3]`, C's `Card piles[18][3]`
_GRID = re.compile(
    r"(?P<name>[A-Za-z_]\w*)\s*[:=]\s*(?:packed\s+)?array\s*\[\s*(?P<a>\d+)\s*\.\.\s*(?P<b>\d+)\s*,"
    r"\s*(?P<c>\d+)\s*\.\.\s*(?P<d>\d+)\s*\]\s*of\s+(?P<type>\w+)"
    r"|(?P<name2>[A-Za-z_]\w*)\s*=\s*new\s+(?P<type2>\w+)\s*\[\s*(?P<n>\d+)\s*(?:,|\]\s*\[)\s*(?P<m>\d+)\s*\]"
    r"|(?P<type3>\w+)\s+(?P<name3>[A-Za-z_]\w*)\s*\[\s*(?P<n3>\d+)\s*\]\s*\[\s*(?P<m3>\d+)\s*\]"
)
# names of a 2-D array of cards that is no tableau: a pack by suit and rank, a grid laid out
# in rows, the foundations, a player's hand
_NOT_PILES = frozenset({"deck", "pack", "stock", "waste", "talon", "hand", "hands", "player"})
_NOT_PILES |= frozenset({"grid", "board", "field", "matrix", "row", "rows", "pyramid", "cell"})
_NOT_PILES |= FOUNDATION_NAMES | {"cells"}


def array_piles(src: Source) -> list[Said]:
    """The tableau's piles a two-dimensional array of cards makes (`_GRID`): its first
    dimension the piles, its second a pile's places (`TarrRasklad = array[1..18,1..3] of
    TCard`: 18 piles of up to 3 cards). Read only where one such array stands in the source,
    its cards' type says it holds cards, its name names no other place (`_NOT_PILES`) and its
    sizes are no pack's by suit and rank (a 13 in either)."""
    found: dict[int, Said] = {}
    for n, line in enumerate(src.lines):
        for m in _GRID.finditer(line):
            if m.group("name"):
                name, kind = m.group("name"), m.group("type")
                piles = int(m.group("b")) - int(m.group("a")) + 1
                places = int(m.group("d")) - int(m.group("c")) + 1
            elif m.group("name2"):
                name, kind = m.group("name2"), m.group("type2")
                piles, places = int(m.group("n")), int(m.group("m"))
            else:
                name, kind = m.group("name3"), m.group("type3")
                piles, places = int(m.group("n3")), int(m.group("m3"))
            if "card" not in words(kind) or set(words(name)) & _NOT_PILES:
                continue
            if 13 in (piles, places) or not (2 <= piles <= 24 and places >= 2):
                continue
            found[piles] = Said("made_columns", piles, n, *line_span(line))
    return list(found.values()) if len(found) == 1 else []
