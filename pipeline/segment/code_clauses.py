"""Rules a check states by its clauses: a function defined by patterns on its arguments, one
clause a case, as Haskell, Elixir and Erlang write it:

    canPlaceOnTableau (Card King _) [] = True      -- def can_place?(%Card{rank: 13}, []), do: true
    canPlaceOnTableau _ [] = False                 -- can_place(_, []) -> false;
    canPlaceOnTableau c (t:_) = rank t == succ (rank c) && color t /= color c

A clause whose pile is the empty list (`[]`) says which card a space (or an empty
foundation) takes: a rank in the card's pattern (`Card King _`, `%Card{rank: 13}`, `{_, 1}`)
or in a test of the card (`rank c == King`), accepted (`True`) before a clause that refuses
every other card; a card of any pattern accepted says any card. A clause whose pile is a
non-empty list (`(t:_)`, `[top | _]`) binds its top card: its body is the comparison of the
card moved with that top card, read as `code_moves` reads it in a C-like check (Haskell's
`rank t` as `t.rank`, `succ x` as `x + 1`, `/=` as `!=`). The check's name must say whose
it is (`Tableau`, `foundation`), as every check's must.
"""

from __future__ import annotations

import re

from pipeline.segment.code_moves import comparisons
from pipeline.segment.code_source import ACE, KING, Said, Source, place_of, words

# A clause's head and body: Haskell `name p1 p2 = body` (a guard `| c` not read), Elixir
# `def name(p1, p2), do: body` or `… do` with the body on the next line, Erlang `name(P1,
# P2) -> body`.
_HASKELL = re.compile(r"^(?P<name>[a-z][\w']*)\s+(?P<args>[^=|]*?)\s*=(?!=)\s*(?P<body>\S.*)$")
_ELIXIR = re.compile(
    r"^\s*defp?\s+(?P<name>[a-z_]\w*[?!]?)\s*\((?P<args>.*)\)\s*"
    r"(?:,\s*do:\s*(?P<body>\S.*)|do\s*$)"
)
_ERLANG = re.compile(r"^(?P<name>[a-z]\w*)\((?P<args>.*)\)\s*->\s*(?P<body>\S.*?)[;.]?\s*$")
_CHECK_WORDS = frozenset({"can", "may", "is", "valid", "legal", "accepts", "fits", "allowed"})
_RANK_WORDS = {"king": KING, "k": KING, "ace": ACE, "a": ACE}
_TRUE = frozenset({"true", "True"})
_FALSE = frozenset({"false", "False"})
# the top card of a non-empty list: Haskell's `(t:_)`, `(t:ts)`, Elixir's/Erlang's `[top | _]`
_TOP = re.compile(
    r"^\(?\s*(?P<top>[A-Za-z]\w*)\s*(?::|\|)\s*[\w_]*\s*\)?$|^\[\s*(?P<top2>[A-Za-z]\w*)\s*\|\s*\w*\s*\]$"
)
# a rank in a card's pattern: `Card King _`, `%Card{rank: 13}`, `{_, 1}`, `Card{rank = Ace}`
_PATTERN_RANK = re.compile(
    r"(?i)(?:rank\s*[:=]\s*:?|\bCard\s+|[{,]\s*)(king|ace|k|a|1[0-3]|[1-9])\b"
)
# a test of the card moved: `rank c == King`, `c.rank == 13`, `rank(C) == 13`
_TESTED_RANK = re.compile(
    r"^(?:rank\s+(?P<v1>\w+)|(?P<v2>\w+)\.rank|rank\s*\(\s*(?P<v3>\w+)\s*\))\s*"
    r"===?\s*:?(?P<rank>king|ace|King|Ace|K|A|1[0-3]|[1-9])$"
)


def _split(args: str, haskell: bool) -> list[str]:
    """A clause's argument patterns: split at top-level commas (Elixir, Erlang) or blanks
    (Haskell)."""
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if depth == 0 and (ch == "," if not haskell else ch in " \t"):
            if cur.strip():
                out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _tested(m: re.Match[str]) -> str:
    return m.group("v1") or m.group("v2") or m.group("v3")


def _rank(text: str) -> int | None:
    if text.isdigit():
        n = int(text)
        return n if ACE <= n <= KING else None
    return _RANK_WORDS.get(text.lower())


def _haskell_body(body: str, card: str, top: str) -> str:
    """A Haskell or Elixir body as a C-like expression over `card` and `top`."""
    body = re.sub(r"\b(rank|suit|colou?r|value)\s+(\w+)\b", r"\2.\1", body)
    body = re.sub(r"\b(succ|pred)\s*\(\s*([\w.]+)\s*\)|\b(succ|pred)\s+([\w.]+)", _step, body)
    body = body.replace("/=", "!=").replace(" and ", " && ").replace(" or ", " || ")
    for old, new in ((card, "card"), (top, "top")):
        body = re.sub(rf"(?<![\w.]){re.escape(old)}(?=\.|\b)", new, body)
    return body


def _step(m: re.Match[str]) -> str:
    fn, x = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return f"({x} {'+' if fn == 'succ' else '-'} 1)"


def _clauses(lines: list[str]) -> list[tuple[int, str, list[str], str]]:
    """(line of the body, function, argument patterns, body) of each clause of the source."""
    out = []
    for n, line in enumerate(lines):
        for rx, haskell in ((_HASKELL, True), (_ELIXIR, False), (_ERLANG, False)):
            m = rx.match(line)
            if m is None:
                continue
            body, at = m.group("body"), n
            if body is None:  # Elixir's `do` block: its first line, where the rule is kept
                at = next((k for k in range(n + 1, min(n + 3, len(lines))) if lines[k].strip()), n)
                body = lines[at] if at != n else ""
            out.append((at, m.group("name"), _split(m.group("args"), haskell), body.strip()))
            break
    return out


def clauses(text: str) -> list[Said]:
    """Every rule the clauses of a check state (see the module docstring)."""
    lines = text.split("\n")
    by_name: dict[str, list[tuple[int, list[str], str]]] = {}
    for n, name, args, body in _clauses(lines):
        by_name.setdefault(name, []).append((n, args, body))
    out: list[Said] = []
    for name, group in by_name.items():
        ws = words(name.rstrip("?!"))
        place = place_of(ws)
        if not ws or ws[0] not in _CHECK_WORDS or not place or len(group) < 2:
            continue
        empty: list[tuple[int, int | None, bool]] = []  # (line, rank or None for any, takes)
        for n, args, body in group:
            piles = [k for k, a in enumerate(args) if a == "[]" or _TOP.match(a)]
            cards = [k for k, a in enumerate(args) if k not in piles]
            if len(piles) != 1 or len(cards) != 1:
                continue
            pile, card = args[piles[0]], args[cards[0]]
            pattern = _PATTERN_RANK.search(card) if not re.fullmatch(r"\w+", card) else None
            ranked = _rank(pattern.group(1)) if pattern else None
            if pile == "[]":
                tested = _TESTED_RANK.match(body)
                if body in _TRUE or body in _FALSE:
                    empty.append((n, ranked, body in _TRUE))
                elif tested and ranked is None and _tested(tested) == card:
                    # `canPlace c [] = rank c == King`: a king taken, any other card refused
                    empty += [(n, _rank(tested.group("rank")), True), (n, None, False)]
                continue
            top = _TOP.match(pile)
            if top is None or not re.fullmatch(r"[A-Za-z_]\w*", card):
                continue
            expr = _haskell_body(body, card, top.group("top") or top.group("top2"))
            fn = "canPlaceOn" + place.capitalize()
            src = Source(
                f"function {fn}(card, pile) {{\n  const top = pile[pile.length - 1];\n"
                f"  return {expr};\n}}\n"
            )
            width = len(lines[n].rstrip())
            out += [Said(s.name, s.value, n, 0, width) for s in comparisons(src)]
        out += _empty(place, empty, lines)
    return out


def _empty(place: str, empty: list[tuple[int, int | None, bool]], lines: list[str]) -> list[Said]:
    """The card an empty pile takes from its clauses, in their order (the first that
    matches decides)."""
    taken: list[tuple[int, int | None]] = []
    for n, rank, takes in empty:
        if takes:
            taken.append((n, rank))
        if rank is None:
            break  # a clause for any card: the clauses after it are never reached
    if not taken:
        return []
    n = taken[0][0]
    said = Said("", 0, n, 0, len(lines[n].rstrip()))
    ranks = {r for _, r in taken}
    refuses_rest = any(r is None and not t for _, r, t in empty)
    if None in ranks:
        if place == "tableau":
            return [Said("space_any", 1, n, said.col, said.width)]
        return []
    if len(ranks) == 1 and refuses_rest:
        rank = ranks.pop()
        assert rank is not None
        name = "space_rank" if place == "tableau" else "base_rank"
        return [Said(name, rank, n, said.col, said.width)]
    return []
