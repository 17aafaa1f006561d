"""Rules a program's tests state by example: an assertion that a check of a move holds or
fails for two cards written out (`expect(canPlace(card('H', 6), [card('S', 7)])).toBe(true)`,
`assert.ok(!canDropOnTableau(card('clubs', 7), game, 0))`, Python's `assert not
can_place(Card('S', 6), [])`). A reader of such a file learns the rule from its examples: a
six goes on a seven of any suit, only a king into an empty column.

An example counts only whole: a check named as one (`canPlace`, `is_valid_move`), the moved
card and the target written as card literals (`card('H', 6)`, `new Card(Suit.SPADES, 7)`,
`card(7, 0)` where the file's `function card(rank, suit)` says which number is which), the
target an empty pile (`[]`, `null`) or a pile whose top card is known (`[card(…), card(…)]`,
or the last card the test pushed before the check onto the pile the check's arguments name,
on a state the test made empty). A rule is stated only where the examples of one check
decide it: every accepted move one rank down (or up), a suit relation that every accepted
move shares and a refused move of the right rank breaks, or accepted cards of two relations
(any suit); the card an empty pile takes from accepted and refused cards. A check that names
no pile is the tableau's only where its examples build down (foundations build up) or take a
card other than an ace into a space.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.segment.code_source import (
    ACE,
    FOUNDATION_NAMES,
    KING,
    Said,
    Source,
    Tok,
    closing,
    words,
)

_SUITS = {
    "h": "h", "hearts": "h", "heart": "h", "heart_suit": "h", "черви": "h",
    "d": "d", "diamonds": "d", "diamond": "d", "бубны": "d",
    "s": "s", "spades": "s", "spade": "s", "пики": "s",
    "c": "c", "clubs": "c", "club": "c", "трефы": "c",
}  # fmt: skip
_RED = frozenset({"h", "d"})
_RANKS = {"a": ACE, "ace": ACE, "j": 11, "jack": 11, "q": 12, "queen": 12, "k": KING}
_RANKS |= {"king": KING, "t": 10, "ten": 10}
_NUMBER_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine")
_RANKS |= {w: n for n, w in enumerate(_NUMBER_WORDS, start=2)}
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_EMPTY = frozenset({"null", "None", "nil", "undefined"})
# the words of an assertion around a check (`expect`, `assert.ok`, `assertTrue`, `check`)
_ASSERTS = frozenset({"expect", "assert", "check", "ok", "verify", "should", "xct", "require"})
# the first word of a check's name: `canPlace`, `is_valid_move`, `accepts`
_CHECK_FIRST = frozenset({"can", "may", "is", "accepts", "allows", "valid", "legal"})
_CHECK_ANY = frozenset({"place", "drop", "move", "put", "stack", "valid", "legal", "allowed"})
_CHECK_ANY |= frozenset({"accept", "accepts", "fits", "build", "add"})
# a state a test made with no card on it (`const game = empty()`)
_MADE_EMPTY = frozenset({"empty", "blank", "clear", "cleared"})


@dataclass(frozen=True)
class Card:
    rank: int
    suit: str  # a suit letter (`h`…), or a number's text where the suit is only a number
    down: bool  # written face down (`card('S', 7, false)`)


@dataclass(frozen=True)
class Example:
    check: str  # the check's name
    card: Card
    top: Card | None  # the target's top card, None for an empty pile
    holds: bool
    tok: Tok  # the assertion's first token (where the rule is kept)


def _is_card_call(name: str) -> bool:
    ws = words(name)
    return bool(ws) and ws[-1] == "card" and len(ws) <= 2


def _args(toks: list[Tok], open_at: int) -> tuple[list[list[Tok]], int]:
    """The arguments of a call whose `(` is at `open_at`, and the index of its `)`."""
    end = closing(toks, open_at)
    out: list[list[Tok]] = [[]]
    depth = 0
    for t in toks[open_at + 1 : end]:
        if t.kind == "op" and t.text in "([{":
            depth += 1
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
        if depth == 0 and t.kind == "op" and t.text == ",":
            out.append([])
        else:
            out[-1].append(t)
    return ([] if out == [[]] else out), end


_DEFINES = frozenset(
    {"function", "def", "fun", "func", "const", "let", "var", "fn", "val", "local"}
)


def _order(src: Source, name: str) -> tuple[int, int] | None:
    """Where a card helper defined in the file takes its rank and its suit (`function
    card(rank, suit, up = true)` → (0, 1)), None where it is not defined so."""
    toks = src.toks
    for i, t in enumerate(toks[:-3]):
        if t.text != name or toks[i + 1].text not in ("(", "="):
            continue
        before = toks[i - 1].text if i else ""
        if toks[i + 1].text == "(" and before not in _DEFINES:
            continue
        if toks[i + 1].text == "=" and (
            before == "." or (src.starts[i] != i and before not in _DEFINES)
        ):
            continue  # `card = (rank, suit) =>` begins its statement, or follows `const`
        k = i + 1 if toks[i + 1].text == "(" else i + 2
        if k < len(toks) and toks[k].text in ("fn", "function", "lambda", "func"):
            k += 1  # PHP's `$card = fn($rank, $suit) =>`, Lua's `card = function(rank, suit)`
        if k >= len(toks) or toks[k].text != "(":
            continue
        params = [
            [w for a in arg if a.kind == "id" for w in words(a.text)] for arg in _args(toks, k)[0]
        ]
        rank = [n for n, ws in enumerate(params) if set(ws) & {"rank", "value", "val", "r"}]
        suit = [n for n, ws in enumerate(params) if set(ws) & {"suit", "s"}]
        if len(rank) == 1 and len(suit) == 1:
            return rank[0], suit[0]
    return None


def _rank(arg: list[Tok]) -> int | None:
    if len(arg) == 1 and arg[0].kind == "num":
        n = int(arg[0].text)
        return n if 1 <= n <= KING else None
    if not arg or arg[-1].kind not in ("id", "str"):
        return None
    text = arg[-1].text.lower()
    if arg[-1].kind == "str" and text.isdigit():
        return int(text) if 1 <= int(text) <= KING else None
    return _RANKS.get(text)


def _suit(arg: list[Tok]) -> str | None:
    if not arg or arg[-1].kind not in ("id", "str"):
        return None
    text = arg[-1].text.lower()
    if len(text) == 1 and arg[-1].kind == "id":
        return None  # a one-letter name is a variable, not a suit
    return _SUITS.get(text)


def _card(
    src: Source, toks: list[Tok], i: int, orders: dict[str, tuple[int, int] | None]
) -> tuple[Card | None, int]:
    """The card literal starting at token i (`card('H', 6)`, `new Card(…)`), and the index
    after it; (None, i) where none stands there."""
    k = i + 1 if toks[i].text == "new" and i + 1 < len(toks) else i
    if k + 1 >= len(toks) or toks[k].kind != "id" or toks[k + 1].text not in ("(", "{"):
        return None, i
    if not _is_card_call(toks[k].text):
        return None, i
    args, end = _args(toks, k + 1)
    if len(args) < 2:
        return None, i
    # Go's and Rust's struct literal by its fields: `Card{Suit: Hearts, Rank: 6}`
    keyed = {w: a[2:] for a in args if len(a) >= 3 and a[1].text == ":" for w in words(a[0].text)}
    if "suit" in keyed and "rank" in keyed:
        args = [keyed["suit"], keyed["rank"]]
    down = any(len(a) == 1 and a[0].text in _FALSE for a in args[2:])
    first, second = args[0], args[1]
    suit_first, suit_second = _suit(first), _suit(second)
    if suit_first and (r := _rank(second)):
        return Card(r, suit_first, down), end + 1
    if suit_second and (r := _rank(first)):
        return Card(r, suit_second, down), end + 1
    if all(len(a) == 1 and a[0].kind == "num" for a in (first, second)):
        name = toks[k].text
        if name not in orders:
            orders[name] = _order(src, name)
        order = orders[name]
        if order is None:
            return None, i
        r = _rank(args[order[0]])
        s = args[order[1]][0].text
        return (Card(r, s, down), end + 1) if r else (None, i)
    return None, i


def _top(src: Source, arg: list[Tok], orders: dict) -> tuple[bool, Card | None]:
    """(known, top card) of a target written out: `[]` or `null` (an empty pile), a list of
    card literals (its last), one card literal."""
    if not arg:
        return False, None
    if len(arg) == 2 and arg[0].text == "[" and arg[1].text == "]":
        return True, None
    if [t.text for t in arg] in (["[", "]", "Card", "{", "}"], ["vec", "!", "[", "]"]):
        return True, None  # Go's `[]Card{}`, Rust's `vec![]`
    lister = _listed(arg)
    if lister is not None:
        # `listOf(card(…), …)`, `List.of(…)`, `Arrays.asList(…)`, `new List<Card> { … }`
        if lister + 1 >= len(arg) - 1:
            return True, None
        arg = [Tok("op", "[", 0, 0), *arg[lister + 1 : -1], Tok("op", "]", 0, 0)]
        return _top(src, arg, orders)
    if len(arg) > 5 and [t.text for t in arg[:2]] == ["[", "]"] and arg[3].text == "{":
        # Go's slice `[]Card{Card{Spades, 7}}` or `[]Card{{Spades, 7}}`: its last card
        elems, _ = _args(arg, 3)
        if not elems:
            return False, None
        last = elems[-1]
        if last and last[0].text == "{":
            last = [arg[2], *last]  # the type the slice's literal leaves out
        c, nxt = _card(src, last, 0, orders)
        return (c is not None and nxt == len(last)), c
    if len(arg) == 1 and arg[0].text in _EMPTY:
        return True, None
    if arg[0].text == "[" and arg[-1].text == "]":
        cards: list[Card] = []
        j = 1
        while j < len(arg) - 1:
            c, nxt = _card(src, arg, j, orders)
            if c is None:
                return False, None
            cards.append(c)
            j = nxt
            if j < len(arg) - 1 and arg[j].text == ",":
                j += 1
        return (True, cards[-1]) if cards else (False, None)
    c, nxt = _card(src, arg, 0, orders)
    return (c is not None and nxt == len(arg)), c


_LISTS = frozenset({"listOf", "mutableListOf", "arrayOf", "asList", "of", "arrayListOf"})


def _listed(arg: list[Tok]) -> int | None:
    """The index of the bracket that opens a list's cards made by a call or a collection
    initializer (`listOf(`, `List.of(`, `Arrays.asList(`, `new List<Card> {`), None for
    anything else; the argument must end where the bracket closes."""
    for k, t in enumerate(arg[:-1]):
        nxt = arg[k + 1].text
        if t.kind == "id" and t.text in _LISTS and nxt == "(":
            return k + 1 if closing(arg, k + 1) == len(arg) - 1 else None
        if t.text == ">" and nxt == "{" and arg[0].text == "new":
            return k + 1 if closing(arg, k + 1) == len(arg) - 1 else None
        if t.text in ("(", "{", "["):
            return None
    return None


def _holds(toks: list[Tok], start: int, at: int, end: int) -> bool | None:
    """Whether the assertion around a check (its name at `at`, its `)` at `end`, its
    statement from `start`) says it holds, None where no assertion stands around it."""
    before = toks[start:at]
    ws = {w for t in before if t.kind == "id" for w in words(t.text)}
    if not ws & _ASSERTS:
        return _failed_if(toks, start, at, end)
    holds = True
    k = at - 1
    while k >= start and toks[k].text in ("!", "not", "."):
        if toks[k].text in ("!", "not"):
            holds = not holds
        k -= 1
        if k >= start and toks[k].kind == "id" and toks[k + 1].text == ".":
            k -= 1  # `rules.canDrop`: the object the check is called on
    if ws & {"false", "falsy"}:
        holds = not holds  # `assertFalse(…)`, `Assert.IsFalse(…)`
    if any(t.text in _FALSE for t in before if t.kind == "id"):
        holds = not holds  # `assertEquals(false, canPlace(…))`
    after = [t.text for t in toks[end + 1 : end + 6]]
    if after[:1] == [")"] and len(after) >= 4 and after[1] == ".":
        matcher, arg = after[2], after[4] if len(after) > 4 else ""
        if matcher in ("toBeFalsy", "toBeFalse") or (arg in _FALSE):
            holds = not holds
    elif after[:2] in ([",", "false"], [",", "False"], ["==", "false"], ["is", "False"]):
        holds = not holds
    return holds


def _failed_if(toks: list[Tok], start: int, at: int, end: int) -> bool | None:
    """Go's test of a check: `if !canPlace(…) { t.Errorf(…) }` says it holds, `if
    canPlace(…) { t.Error(…) }` that it fails; None for any other statement."""
    between = toks[start + 1 : at]
    if toks[start].text != "if" or any(
        t.text not in ("!", "not", "(", ".") and t.kind != "id" for t in between
    ):
        return None
    j = end + 1
    while j < len(toks) and toks[j].text == ")":
        j += 1
    if j >= len(toks) or toks[j].text not in ("{", ":"):
        return None
    block = {w for t in toks[j + 1 : j + 6] if t.kind == "id" for w in words(t.text)}
    if not block & {"error", "errorf", "fatal", "fatalf", "fail"}:
        return None
    negated = sum(t.text in ("!", "not") for t in toks[start + 1 : at]) % 2 == 1
    return negated


def _block_start(src: Source, i: int) -> int:
    scope = src.scopes[i]
    return src.first.get(scope[-1], 0) if scope else 0


_PUSH = frozenset({"push", "append", "add", "Add", "Push", "insert", "array_push", "addCard"})


def _state_top(src: Source, i: int, orders: dict) -> tuple[bool, Card | None]:
    """The target of a check given a state (`canDropOnTableau(card, game, 0)`): the last card
    the test pushed before it onto the pile the check's arguments name
    (`game.piles[0].cards.push(card('spades', 8))`, `_target`), else an empty pile where the
    test made its state empty (`const game = empty()`)."""
    toks = src.toks
    a = _block_start(src, i)
    made_empty = False
    pushes: list[tuple[tuple[str, ...], Card]] = []  # (the pile pushed onto, the card)
    pushed: set[int] = set()  # the tokens of the cards pushed
    for k in range(a, i):
        t = toks[k]
        if t.text in _PUSH and toks[k + 1].text == "(":
            # `xs.push(card(…))`, Go's `append(xs, card(…))`, `table.insert(xs, card(…))`
            args, end = _args(toks, k + 1)
            at = end - len(args[-1]) if args else end
            c, nxt = _card(src, toks, at, orders) if args else (None, at)
            if c is not None and nxt == end:
                if k > 0 and toks[k - 1].text == ".":
                    onto = toks[src.starts[k] : k - 1]
                    if "=" in [x.text for x in onto]:
                        onto = onto[[x.text for x in onto].index("=") + 1 :]
                else:
                    onto = args[0] if len(args) >= 2 else []
                pushes.append((tuple(x.text for x in onto), c))
                pushed.update(range(at, end))
        elif toks[k - 1].text == "=" and _made_empty(toks, k):
            made_empty = True
    for k in range(a, i):
        if k in pushed or _card(src, toks, k, orders)[0] is None:
            continue
        stmt = {w for t in toks[src.starts[k] : k] if t.kind == "id" for w in words(t.text)}
        if not stmt & _ASSERTS and not any(_is_check(t.text) for t in toks[src.starts[k] : k]):
            return False, None  # a card put on the state some other way: its top unknown
    if pushes:
        target = _target(toks[i].text, _args(toks, i + 1)[0][1:], [p for p, _ in pushes])
        if target is None:
            return False, None
        return True, [c for p, c in pushes if p == target][-1]
    return made_empty, None


# the words of a foundation's pile a test's state may spell short (`game.found[0]`)
_FOUNDATION_WORDS = FOUNDATION_NAMES | {"found"}


def _target(
    check: str, args: list[list[Tok]], piles: list[tuple[str, ...]]
) -> tuple[str, ...] | None:
    """Which of the piles a test pushed onto (each as its tokens' texts) a check's target is:
    the one pile, or of several the only one its arguments name (the state's name and the
    pile's index, `canDrop(card, game, 0)` → `game.piles[0]`), and of those the only one of
    the check's place (`canDropOnFoundation` → `game.found[0]`); None where the arguments
    leave it open."""
    distinct = list(dict.fromkeys(piles))
    if len(distinct) == 1:
        return distinct[0]
    names = {t.text for a in args for t in a if t.kind == "id"}
    numbers = {t.text for a in args for t in a if t.kind == "num"}

    def named(pile: tuple[str, ...]) -> bool:
        if names and not names & set(pile):
            return False
        indices = {x for x in pile if x.isdigit()}
        return not (numbers and indices and not indices <= numbers)

    left = [p for p in distinct if named(p)]
    if len(left) > 1:
        foundation = bool(set(words(check)) & _FOUNDATION_WORDS)
        left = [
            p
            for p in left
            if bool({w for x in p for w in words(x)} & _FOUNDATION_WORDS) == foundation
        ]
    return left[0] if len(left) == 1 else None


def _made_empty(toks: list[Tok], k: int) -> bool:
    """Whether the value assigned at token k is an empty state: `empty()`, `blank()`, `[]`,
    a constructor of no arguments (`new ArrayList<>()`, `new Pile()`, `Pile()`)."""
    t = toks[k]
    if t.text == "[" and toks[k + 1].text == "]":
        return True
    if t.kind == "id" and set(words(t.text)) & _MADE_EMPTY and toks[k + 1].text == "(":
        return True
    j = k + 1 if t.text == "new" else k
    if toks[j].kind != "id" or not toks[j].text[:1].isupper():
        return False
    j += 1
    if toks[j].text == "<":  # `new ArrayList<>()`, `new Stack<Card>()`
        while j < len(toks) and toks[j].text != ">":
            j += 1
        j += 1
    return j + 1 < len(toks) and toks[j].text == "(" and toks[j + 1].text == ")"


def examples(src: Source) -> list[Example]:
    """Every example of a check a source's assertions give."""
    toks = src.toks
    orders: dict[str, tuple[int, int] | None] = {}
    out: list[Example] = []
    for i, t in enumerate(toks[:-2]):
        if t.kind != "id" or toks[i + 1].text != "(":
            continue
        if not _is_check(t.text):
            continue
        args, end = _args(toks, i + 1)
        if len(args) < 2:
            continue
        moved, nxt = _card(src, args[0], 0, orders)
        if moved is None or nxt != len(args[0]):
            continue
        known, top = _top(src, args[1], orders)
        if not known and all(a and a[0].kind in ("id", "num") for a in args[1:]):
            known, top = _state_top(src, i, orders)
        if not known or moved.down or (top is not None and top.down):
            continue
        start = src.starts[i]
        holds = _holds(toks, start, i, end)
        if holds is None:
            continue
        out.append(Example(t.text, moved, top, holds, toks[start]))
    return out + _rows(src, orders)


def _is_check(name: str) -> bool:
    ws = words(name)
    return bool(ws) and ws[0] in _CHECK_FIRST and (bool(set(ws[1:]) & _CHECK_ANY) or ws[0] == "can")


def _rows(src: Source, orders: dict) -> list[Example]:
    """Examples given as a table's rows, a test run once a row (pytest's `parametrize`, Jest's
    `it.each`, JUnit's `@MethodSource` lists): `(card('H', 6), [card('S', 7)], True)`, the
    card moved, the target and whether the check holds; the check is the first one called
    with names for arguments after the table."""
    toks = src.toks
    out: list[Example] = []
    rows: list[tuple[Card, Card | None, bool, Tok]] = []
    i = 0
    while i < len(toks) - 2:
        t = toks[i]
        if t.text in ("(", "[", "{") and (i == 0 or toks[i - 1].kind != "id"):
            args, end = _args(toks, i)
            if len(args) == 3 and len(args[2]) == 1 and args[2][0].text in _TRUE | _FALSE:
                moved, nxt = _card(src, args[0], 0, orders)
                known, top = _top(src, args[1], orders)
                if moved is not None and nxt == len(args[0]) and known:
                    rows.append((moved, top, args[2][0].text in _TRUE, t))
                    i = end + 1
                    continue
        if rows and t.kind == "id" and toks[i + 1].text == "(" and _is_check(t.text):
            args, _ = _args(toks, i + 1)
            if len(args) >= 2 and all(len(a) == 1 and a[0].kind == "id" for a in args[:2]):
                out += [
                    Example(t.text, c, top, ok, tok)
                    for c, top, ok, tok in rows
                    if not c.down and (top is None or not top.down)
                ]
                rows = []
        i += 1
    return out


def _relation(a: Card, b: Card) -> str | None:
    """`same` suit, `colour` (same colour, another suit), `alternate`; None where the suits
    are only numbers and differ (their colours unknown)."""
    if a.suit == b.suit:
        return "same"
    if a.suit in _SUITS.values() and b.suit in _SUITS.values():
        return "colour" if (a.suit in _RED) == (b.suit in _RED) else "alternate"
    return None


def _said(src: Source, name: str, value: int, tok: Tok) -> Said:
    line = src.lines[tok.line]
    return Said(name, value, tok.line, tok.col, len(line.rstrip()) - tok.col)


def _built(src: Source, place: str | None, group: list[Example]) -> list[Said]:
    onto = [e for e in group if e.top is not None]
    yes = [e for e in onto if e.holds]
    if not yes:
        return []
    steps = {e.top.rank - e.card.rank for e in yes if e.top is not None}
    if steps == {1} and place in ("tableau", None):
        name, place = "build_down", "tableau"
    elif steps == {-1} and place == "foundation":
        name = ""
    else:
        return []
    step = steps.pop()
    out = [_said(src, name, 1, yes[0].tok)] if name else []
    rel_yes = {_relation(e.card, e.top) for e in yes if e.top is not None}
    no = [e for e in onto if not e.holds and e.top is not None and e.top.rank - e.card.rank == step]
    rel_no = {_relation(e.card, e.top) for e in no if e.top is not None}
    if None in rel_yes:
        return out
    if rel_yes == {"same"} and rel_no - {"same", None}:
        suited = "found_suited" if place == "foundation" else "build_suited"
        out.append(_said(src, suited, 1, yes[-1].tok))
    elif place == "tableau" and rel_yes == {"alternate"} and rel_no & {"same", "colour"}:
        out.append(_said(src, "build_alt_colour", 1, yes[-1].tok))
    elif place == "tableau" and "alternate" in rel_yes and rel_yes & {"same", "colour"}:
        out = [_said(src, "build_down_any", 1, yes[0].tok)]
    return out


def _space(src: Source, place: str | None, group: list[Example]) -> list[Said]:
    empty = [e for e in group if e.top is None]
    taken = {e.card.rank for e in empty if e.holds}
    refused = {e.card.rank for e in empty if not e.holds}
    first = next((e for e in empty if e.holds), None)
    if first is None or taken & refused:
        return []
    if place == "foundation":
        if len(taken) == 1 and refused:
            return [_said(src, "base_rank", taken.pop(), first.tok)]
        return []
    if taken - {ACE, KING} or len(taken) > 1:
        return [_said(src, "space_any", 1, first.tok)]
    if refused and (place == "tableau" or taken == {KING}):
        return [_said(src, "space_rank", taken.pop(), first.tok)]
    return []


def examples_said(src: Source) -> list[Said]:
    """The rules the examples of each check decide (see the module docstring)."""
    by_check: dict[str, list[Example]] = {}
    for e in examples(src):
        by_check.setdefault(e.check, []).append(e)
    out: list[Said] = []
    for name, group in by_check.items():
        ws = words(name)
        t = bool(set(ws) & {"tableau", "column", "columns", "cascade", "pile", "stack"})
        f = bool(set(ws) & FOUNDATION_NAMES)
        if t and f:
            continue
        place = "tableau" if t else "foundation" if f else None
        out += _built(src, place, group) + _space(src, place, group)
    return out


# a test's count of the cards face up: `all.filter(c => c.up).length === 10`,
# `expect(cards.filter((c) => c.faceUp)).toHaveLength(10)`
_UP_COUNT = re.compile(
    r"\.\s*filter\(\s*(?:fn|function)?\s*\(?\s*(?P<v>\w+)\s*\)?\s*(?:=>|->)\s*(?P=v)\s*\.\s*(?:up|faceUp|isFaceUp|face_up|"
    r"visible|isVisible|open|isOpen|shown|revealed)\s*\)\s*(?:\.\s*length\s*===?\s*|\)?\s*\.\s*"
    r"(?:toHaveLength|toBe|toEqual)\(\s*|\.\s*length\s*\)\s*\.\s*(?:toBe|toEqual)\(\s*)(?P<n>\d{1,2})\b"
)


def face_counts(src: Source, piles: int) -> list[Said]:
    """A test's count of the cards face up after the deal equal to the number of tableau
    piles (`piles`, said by the deal's other constructs): each pile's last card face up."""
    out: list[Said] = []
    for n, line in enumerate(src.lines):
        m = _UP_COUNT.search(line)
        if m is not None and int(m.group("n")) == piles and not set(words(line)) & _NOT_DEAL:
            col = len(line) - len(line.lstrip())
            out.append(Said("deal_last_up", 1, n, col, len(line.rstrip()) - col))
    return out


# a count after a move (a row dealt from the stock, a run turned up) is no deal's
_NOT_DEAL = frozenset({"after", "move", "moved", "deal", "dealt", "flip", "flipped"})
