"""Rules a program gives as data: a setting whose value is a word, not a number (`build:
'alternate-colour'`, `emptyColumn: 'K'`, `"foundationBase": "ace"`, `moveRuns: true`,
`BUILD = Build.DOWN_SAME_SUIT`). A game written as a table of such settings states its rules
in them and nowhere else (`pipeline.segment.named_values` reads the numbers: `decks: 2`).

The key says what is set (its words, as a name's: `emptyColumn` → empty column), the value
how (its words: `alternate-colour` → alternate colour). A setting is read only where both
are plain: the building of the tableau (a key of building, or of the tableau's rule, order
or suit), the card a space takes (a key of an empty column or a space), the foundations'
base (a key of the foundations' base or first card), whether runs move whole (a key of
moving runs, true) and the cards dealt face up (`faceUp: 'top'`: each pile's top card). A
value of words no rule lists (`'any-adjacent'`, `'spider'`) states nothing. A row of data
counts piles: a one-line table of counts by pile (`{ tableau: 8, foundations: 4, freeCells:
4 }`) or a row naming a pile and its count (`{ kind: 'tableau', count: 8 }`)."""

from __future__ import annotations

import re

from pipeline.segment.code_source import ACE, FOUNDATION, KING, Said, words

# `key: 'value'`, `"key": "value"`, `key = "value"`, `key: value` (YAML), `key: :value` (Ruby),
# `key = Enum.VALUE`, `key: true`; the key may be quoted and have a type between
_SETTING = re.compile(
    r"""(?<![\w$.])["']?(?P<key>[A-Za-z_$][\w$]*)["']?\s*(?::[ \t]*[A-Za-z_<>\[\]]+[ \t]*)?"""
    r"""(?:=(?!=)|:(?!:))\s*(?::|[A-Za-z_]\w*\.)?"""
    r"""(?:["'](?P<str>[A-Za-z][\w -]{0,30})["']|(?P<word>[A-Za-z_][\w-]{0,30}))"""
    r"""(?=\s*(?:[,;}\])]|$|//|#))"""
)
_TABLEAU = frozenset({"tableau", "tableaux", "column", "columns", "cascade", "cascades"})
_BUILD = frozenset({"build", "building", "stacking", "builds"})
_RULE = frozenset({"rule", "rules", "order", "direction", "suit", "sequence"})
_EMPTY = frozenset({"empty", "space", "spaces", "vacant", "vacancy", "fill", "free"})
_BASE = frozenset({"base", "start", "first", "starts"})
_MOVE = frozenset({"move", "moves", "drag", "lift", "take", "moving"})
_RUNS = frozenset({"runs", "run", "sequences", "sequence", "stacks", "groups", "multiple"})

_FACE = frozenset({"face", "faceup", "visible", "open", "shown", "revealed"})
_DOWN = frozenset({"down", "descending", "desc", "downward", "downwards", "decreasing"})
_UP = frozenset({"up", "ascending", "asc", "upward", "upwards", "increasing"})
_ALTERNATE = frozenset({"alternate", "alternating", "alt", "opposite"})
_COLOUR = frozenset({"colour", "color", "colours", "colors"})
_RANKS = {"k": KING, "king": KING, "kings": KING, "a": ACE, "ace": ACE, "aces": ACE}
_ANY = frozenset({"any", "anything", "all"})
# a key that negates or limits what it names (`noEmptyTableauMoves`) sets no rule here
_NOT = frozenset({"no", "not", "non", "disable", "disabled", "forbid", "prevent", "max", "min"})


def _build(value: list[str]) -> list[tuple[str, int]]:
    """The building a value of words states: `alternate-colour`, `down same suit`,
    `DESCENDING_ANY_SUIT`, `redBlack`; [] for words no rule lists."""
    v = set(value)
    known = _DOWN | _UP | _ALTERNATE | _COLOUR | {"same", "suit", "suited", "in", "any", "by"}
    known |= {"red", "black", "rank", "one"}
    if not v or v - known:
        return []
    if v & _DOWN and v & _UP:
        return []
    down, up = bool(v & _DOWN), bool(v & _UP)
    alternate = bool(v & _ALTERNATE) or {"red", "black"} <= v
    if (v & _COLOUR or "red" in v) and not alternate:
        return []  # `same-colour`: no statement says it
    suited = "suit" in v and ("same" in v or "in" in v or v & {"suit"} == v - _DOWN - _UP)
    suited = suited or "suited" in v
    anysuit = "any" in v and "suit" in v
    if sum((alternate, suited and not anysuit, anysuit)) > 1:
        return []
    out: list[tuple[str, int]] = []
    if anysuit:
        return [("build_up_any" if up else "build_down_any", 1)] if down or up else []
    if down:
        out.append(("build_down", 1))
    elif up:
        out.append(("build_up", 1))
    if alternate:
        out.append(("build_alt_colour", 1))
    elif suited:
        out.append(("build_suited", 1))
    return out


def _kind(key: list[str]) -> str | None:
    k = set(key)
    if k & _NOT:
        return None
    place_t, place_f = bool(k & _TABLEAU), bool(k & FOUNDATION)
    if place_t and place_f:
        return None
    if k & _EMPTY and not place_f and (place_t or k & {"space", "spaces", "vacant", "vacancy"}):
        return "space"
    if place_f and k & _BASE:
        return "base"
    if k & _FACE and not place_f and k <= _FACE | _TABLEAU | {"up", "cards", "deal"}:
        return "face"
    if k & _MOVE and k & _RUNS and not place_f:
        return "runs"
    if not place_f and (k & _BUILD or (place_t and k & _RULE)):
        return "build"
    return None


# the piles a count of a row of data makes: its key's words (`tableau`, `freeCells`, `homes`)
_PILES = {
    "made_columns": ({"tableau", "tableaux", "columns", "column", "cascades"}, range(2, 21)),
    "made_foundations": (FOUNDATION, range(1, 17)),
    "made_cells": ({"cells", "freecells", "cell", "freecell"}, range(1, 9)),
    "made_packs": ({"decks", "packs", "deck", "pack"}, range(1, 5)),
}
_COUNT_WORDS = frozenset({"count", "num", "number", "n", "free", "size", "amount", "total"})
# a pair of a one-line table: `tableau: 8,`, `"freeCells": 4`, `'kind': 'tableau'`
_PAIR = re.compile(
    r"""(?<![\w$.])["']?(?P<key>[A-Za-z_$][\w$]*)["']?\s*(?::(?!:)|=(?!=))\s*"""
    r"""(?:(?P<n>\d{1,3})|["'](?P<s>[A-Za-z][\w -]{0,20})["'])(?=\s*[,;}\])]|\s*$)"""
)
_GRID = frozenset({"rows", "row", "width", "height", "x", "y", "w", "h"})
_KIND_KEYS = frozenset({"kind", "type", "role", "pile", "name", "id", "zone", "area"})
_HOW_MANY = frozenset({"count", "piles", "n", "number", "size", "amount", "num", "total"})


def _made(key: list[str]) -> str | None:
    """The statement a count under this key makes (`freeCells` → made_cells), if any."""
    rest = set(key) - _COUNT_WORDS
    for name, (nouns, _) in _PILES.items():
        if rest and rest <= nouns | {"free"} and rest & nouns:
            return name
    return None


def _rows(n: int, line: str) -> list[Said]:
    """The piles a row of data counts: a one-line table of counts by pile (`{ tableau: 8,
    foundations: 4, freeCells: 4 }`) or a row naming a pile and its count (`{ kind:
    'tableau', count: 8 }`); two pairs on the line at least, inside braces (a declaration list
    `var COLUMNS = 10, FIRST = 4;` is `named_values`' to read, or not)."""
    pairs = [
        p
        for p in _PAIR.finditer(line)
        if line.count("{", 0, p.start()) > line.count("}", 0, p.start())
    ]
    if len(pairs) < 2:
        return []
    out = []
    named = [p for p in pairs if p.group("s") and set(words(p.group("key"))) & _KIND_KEYS]
    counts = [p for p in pairs if p.group("n") and set(words(p.group("key"))) & _HOW_MANY]
    if len(named) == 1 and len(counts) == 1:
        kind, count = _made(words(named[0].group("s"))), int(counts[0].group("n"))
        if kind and count in _PILES[kind][1]:
            at = named[0].start("key")
            return [Said(kind, count, n, at, counts[0].end() - at)]
    keys = {w for p in pairs for w in words(p.group("key"))}
    for p in pairs:
        if p.group("n") is None:
            continue
        kind, count = _made(words(p.group("key"))), int(p.group("n"))
        if kind == "made_columns" and keys & _GRID:
            continue  # `{ rows: 4, columns: 13 }`: a grid's columns (a sprite sheet's)
        if kind and count in _PILES[kind][1]:
            out.append(Said(kind, count, n, p.start("key"), p.end() - p.start("key")))
    return out


def settings(text: str) -> list[Said]:
    """Every rule a setting of words or a row of data states (see the module docstring)."""
    out: list[Said] = []
    for n, line in enumerate(text.split("\n")):
        if ":" not in line and "=" not in line:
            continue
        out += _rows(n, line)
        for m in _SETTING.finditer(line):
            kind = _kind(words(m.group("key")))
            if kind is None:
                continue
            raw = m.group("str") or m.group("word") or ""
            value = words(raw) or [raw.lower()]
            said: list[tuple[str, int]] = []
            if kind == "build":
                said = _build(value)
            elif kind == "space" and len(value) == 1:
                if value[0] in _RANKS:
                    said = [("space_rank", _RANKS[value[0]])]
                elif value[0] in _ANY:
                    said = [("space_any", 1)]
            elif kind == "base" and len(value) == 1 and value[0] in _RANKS:
                said = [("base_rank", _RANKS[value[0]])]
            elif kind == "face" and len(value) == 1 and value[0] in ("top", "last"):
                said = [("deal_last_up", 1)]  # `faceUp: 'top'`: each pile's top card face up
            elif kind == "runs" and value == ["true"]:
                said = [("build_run", 1)]
            col, width = m.start("key"), m.end() - m.start("key")
            out += [Said(name, v, n, col, width) for name, v in said]
    return out
