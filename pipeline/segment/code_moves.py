"""Move checks: comparisons of the card moved with the card it goes on (`card.rank ===
top.rank - 1`, `isRed(card) !== isRed(top)`, `a.suit == b.suit`), read as building down or
up, in alternate colours or in suit, on the tableau or the foundations; a run moving whole;
an empty pile that takes any card beside the building step."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.segment.code_empty import empty_test
from pipeline.segment.code_operands import (
    EQ,
    NE,
    SIZES,
    Operand,
    as_item,
    difference,
    operand,
    tuple_items,
)
from pipeline.segment.code_source import (
    Said,
    Source,
    Tok,
    branch_body,
    branch_start,
    closing,
    header_words,
    indexed,
    last_index,
    line_span,
    modifier,
    place_of,
    refuses,
    size_of,
    split_top,
    strip,
    top_spans,
    words,
)

_STOPS = frozenset({"&&", "||", "and", "or", "return", ";", "{", "}", ",", "?", ":", "=", "=>"})
_STOPS |= {"then"}  # Lua's `if a ~= b then`
_STOPS |= {"if", "elif", "while", "not"}


def _side(toks: list[Tok], i: int, step: int) -> list[Tok]:
    """The operand beside token `i` (step -1 left, +1 right): up to a boolean operator, an
    unmatched bracket or the end of the statement."""
    depth = 0
    k = i + step
    out: list[Tok] = []
    while 0 <= k < len(toks):
        t = toks[k]
        if step > 0 and depth == 0 and t.text == "{" and out and _operand_end(out[-1]):
            break  # Go's `if a != b {`: the branch, not an object
        if t.kind == "op" and t.text in "([{":
            depth += step
        elif t.kind == "op" and t.text in ")]}":
            depth -= step
        if depth < 0 or (depth == 0 and t.text in _STOPS and t.kind in ("op", "id")):
            break
        if depth == 0 and t.kind == "op" and t.text in ("==", "===", "!=", "!==", "^", "<", ">"):
            break
        if depth == 0 and _new_statement(toks[k - step], t, step):
            break
        out.append(t)
        k += step
    return out if step > 0 else out[::-1]


def _operand_end(t: Tok) -> bool:
    """Whether a token can end an operand (a name, a number, a string, a closing bracket)."""
    return t.kind in ("id", "num", "str") or t.text in (")", "]")


def _new_statement(before: Tok, t: Tok, step: int) -> bool:
    """Whether a line break between two tokens ends a statement (Python's, or one without
    its `;`): neither the earlier token nor the later one is an operator that carries on."""
    if before.line == t.line:
        return False
    first, second = (before, t) if step > 0 else (t, before)
    carries = (first.kind == "op" and first.text not in ")]}") or (
        second.kind == "op" and second.text not in "([{"
    )
    return not carries


# -- the source's cards: which is the target ----------------------------------------------------


_TARGET_WORDS = frozenset({"target", "dest", "destination", "onto", "parent", "under", "top"})
_TARGET_WORDS |= {"topmost", "last", "base", "bottom", "tgt", "to"}
_MOVING_WORDS = frozenset({"dragged", "drag", "moving", "moved", "source", "src", "from"})
_MOVING_WORDS |= {"first", "selected", "held", "new", "stack", "card"}
_LAST = re.compile(
    last_index(r"[\w$.]+")
    # Java's `pile.get(pile.size() - 1)`, C#'s `ElementAt(pile.Count - 1)`
    + "|"
    + indexed(size_of(r"[\w$.\[\]]+") + r"\s*-\s*1")
    + r"|\.(?:peek|last|Last|top|Top|back|lastCard|topCard|GetTopCard|getTopCard|TopCard|"
    r"LastOrDefault|at\(-1\))\b|\b(?:peek|last|top|topCard|GetTopCard|getTopCard)\s*\("
)


def _targets(src: Source, lo: int, hi: int) -> set[str]:
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


# the top card named by its pile: `pile.last`, `stack.top`, `pile.last()`, `pile[-1]`
# (`code_operands`)
_TOP_MEMBER = re.compile(
    r"^([\w$]+)(?:\.(?:last|Last|top|Top|peek|Peek|lastCard|topCard)(?:\(\))?|\[-1\])$"
)


def _role(name: str, targets: set[str]) -> str | None:
    if name in targets or _TOP_CALL.match(name):
        return "target"
    if (top := _TOP_MEMBER.match(name)) is not None:
        # the top card of a pile whose name says its role (`from.Top()` is the moving pile's,
        # `to.Top()` the target's), else of the pile a card goes on
        return _role(top.group(1), targets) or "target"
    if "(" in name:
        return None
    ws = words(name)
    if ws and ws[0] in _TARGET_WORDS and not set(ws) & _MOVING_WORDS - {"card"}:
        return "target"
    if ws and (set(ws) & _MOVING_WORDS) and not set(ws) & _TARGET_WORDS:
        return "moving"
    return None


# -- comparisons ---------------------------------------------------------------------------


def _scope(src: Source, i: int) -> tuple[int, int]:
    """The tokens of the innermost function (or the file) token `i` stands in."""
    if src.arrow(i) is not None:
        return src.starts[i], src.statement_end(i)
    hid = src.function_at(i)
    return (0, len(src.toks)) if hid is None else (src.first[hid], src.ends.get(hid, len(src.toks)))


_SIZE = frozenset({"length", "count", "size", "len", "Count", "Length", "Size"})


def _pile_size(seq: list[Tok]) -> str | None:
    """The pile a size is taken of: `pile.length`, `pile.cards.length`, `len(pile)`,
    `pile.size()`, `pile.Count`, `#pile`."""
    seq = strip(seq)
    texts = [t.text for t in seq]
    if len(seq) >= 2 and texts[0] == "#" and all(t.kind == "id" or t.text == "." for t in seq[1:]):
        return seq[-1].text  # Lua's `#pile`
    if len(seq) >= 4 and texts[0] == "len" and texts[1] == "(" and texts[-1] == ")":
        inner = [t for t in seq[2:-1] if t.kind == "id"]
        return (
            inner[-1].text
            if inner and all(t.kind == "id" or t.text == "." for t in seq[2:-1])
            else None
        )
    if texts[-2:] == ["(", ")"]:
        seq, texts = seq[:-2], texts[:-2]
    if (
        len(seq) >= 3
        and texts[-1] in _SIZE
        and texts[-2] == "."
        and all(t.kind == "id" or t.text == "." for t in seq)
    ):
        return seq[-3].text
    return None


def sized_bases(src: Source) -> list[Said]:
    """`card.rank === foundation.length + 1` in a check of a foundation: the foundation
    takes the rank one above the cards it holds, so it begins with the ace."""
    out: list[Said] = []
    toks = src.toks
    for i, t in enumerate(toks):
        if not (t.kind == "op" and t.text in EQ | NE):
            continue
        left, right = _side(toks, i, -1), _side(toks, i, 1)
        guard = _rejecting(src, i)
        if not left or not right or (guard and not _guard(src, i)):
            continue
        if (t.text in EQ) == guard:
            continue
        for card, size in ((left, right), (right, left)):
            a = operand(card)
            if a is None or a.what != "rank" or a.offset:
                continue
            size = strip(size)
            if len(size) < 3 or size[-2].text != "+" or size[-1].text != "1":
                continue
            pile = _pile_size(size[:-2])
            if pile is None:
                continue
            place = place_of(words(pile)) or src.place(i)
            if place == "foundation" and src.is_check(i):
                first, last = left[0], right[-1]
                width = last.col + len(last.text) - first.col if last.line == first.line else 0
                out.append(Said("base_rank", 1, first.line, first.col, width or 1))
            break
    return out


def comparisons(src: Source) -> list[Said]:
    """The building and foundation rules stated by comparisons of two cards."""
    out: list[Said] = []
    toks = src.toks
    items = tuple_items(src)
    for i, t in enumerate(toks):
        if not (t.kind == "op" and t.text in EQ | NE):
            continue
        left, right = _side(toks, i, -1), _side(toks, i, 1)
        a, b = difference(left, right) or (operand(left), operand(right))
        a, b = as_item(items, a), as_item(items, b)
        if a is None or b is None or not left:
            continue
        guard = _rejecting(src, i)
        if guard and not _guard(src, i):
            continue
        place = src.place(i)
        if place is None and src.is_check(i):
            # the pile named where the target card is taken from: `top(tableau[t]).rank`
            named = {place_of(words(x.card)) for x in (a, b) if "(" in x.card}
            place = named.pop() if len(named) == 1 else None
        if not place:
            continue
        name, value = _compared(src, i, a, b, (t.text in EQ) != guard, place)
        if name is None:
            continue
        if name in ("build_down", "build_up"):
            lo, hi = _scope(src, i)
            if not _looks_at_suits(src, lo, hi, items):
                name += "_any"  # nothing in the check looks at a suit or a colour
            out += _space_or(src, i)
            out += _run_moves(src, lo, hi, {a.card, b.card}) or _top_test_runs(src, lo, hi)
        first = left[0]
        last = right[-1] if right else t
        width = (last.col + len(last.text) - first.col) if last.line == first.line else 0
        width = width or len(src.lines[first.line]) - first.col
        out.append(Said(name, value, first.line, first.col, width))
    return out


_SUIT_WORDS = frozenset({"suit", "suits", "color", "colour", "colors", "red", "black", "same"})


def _looks_at_suits(src: Source, lo: int, hi: int, items: dict[str, str]) -> bool:
    """Whether tokens lo..hi look at a suit or a colour: a word of one, or a tuple card's
    suit item (`card[0]` where the program makes its cards `(suit, rank)`)."""
    toks = src.toks
    if any(set(words(x.text)) & _SUIT_WORDS for x in toks[lo:hi] if x.kind == "id"):
        return True
    suits = {k[4:] for k, kind in items.items() if kind == "suit"}
    return any(
        toks[k].text == "[" and toks[k + 1].text in suits and toks[k + 2].text == "]"
        for k in range(lo, min(hi, len(toks) - 2))
    )


# a refused `x OP c` (x the first card's rank less the second's) → the bound it leaves
_LEFT = {"<=": ("lo", 1), "<": ("lo", 0), ">": ("hi", 0), ">=": ("hi", -1)}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def bounds(src: Source) -> list[Said]:
    """Two refusing guards that bound one card's rank by another's from both sides (`if
    (top.Value <= card.Value) return; if (top.Value > card.Value + 1) return;`: the top card
    one above, building down), read as the one comparison they leave."""
    toks = src.toks
    found: dict[tuple[int, str, str], list[tuple[int, str, int]]] = {}
    for i, t in enumerate(toks):
        if t.kind != "op" or t.text not in _LEFT:
            continue
        a, b = operand(_side(toks, i, -1)), operand(_side(toks, i, 1))
        if a is None or b is None or a.what != "rank" or b.what != "rank":
            continue
        if not a.card or not b.card or a.card == b.card:
            continue
        if not (_rejecting(src, i) and _guard(src, i)):
            continue
        # refused: rank(a) + a.offset OP rank(b) + b.offset, i.e. rank(a) - rank(b) OP c
        op, c = t.text, b.offset - a.offset
        first, second = a.card, b.card
        if first > second:  # one order of the two cards for every guard
            first, second, op, c = second, first, _FLIP[op], -c
        side, shift = _LEFT[op]
        found.setdefault((_scope(src, i)[0], first, second), []).append((i, side, c + shift))
    out: list[Said] = []
    for (_, first, second), guards in found.items():
        lows = [v for _, side, v in guards if side == "lo"]
        highs = [v for _, side, v in guards if side == "hi"]
        if not lows or not highs or max(lows) != min(highs):
            continue
        i = guards[0][0]
        place = src.place(i)
        if not place:
            continue
        # rank(first) - rank(second) = n  →  rank(first) = rank(second) + n
        a, b = Operand("rank", first), Operand("rank", second, max(lows))
        name, value = _compared(src, i, a, b, True, place)
        if name not in ("build_down", "build_up"):
            continue
        lo, hi = _scope(src, i)
        if not _looks_at_suits(src, lo, hi, tuple_items(src)):
            name += "_any"
        head = toks[src.starts[i]]
        line = src.lines[head.line]
        out.append(Said(name, value, head.line, head.col, len(line.rstrip()) - head.col))
    return out


_PLURAL = frozenset({"cards", "stack", "sequence", "run", "group", "seq", "cascade", "moving"})
_PLURAL |= frozenset({"drag", "dragged", "dragging"})  # the cards dragged: `drag[0]`
_FIRST_OF = (
    r"(?P<many>[A-Za-z_$][\w$]*)\s*(?:\[\s*0\s*\]|\.\s*(?:First|first|front)\s*\(\s*\)"
    r"|\.\s*(?:first|First)\b)"
)


def _run_moves(src: Source, lo: int, hi: int, cards: set[str]) -> list[Said]:
    """The cards compared are the first of several moved together: a run moves whole.
    `const first = draggedCards[0];` in the check, or the check called on `cards.First()` (any
    of its arguments)."""
    lines = {t.line for t in src.toks[lo:hi]}
    name = src.function_name(lo)
    if src.firsts is None:  # every `cards[0]`, `cards.First()` of the file, once
        src.firsts = [
            (n, m)
            for n, line in enumerate(src.lines)
            if "0" in line or "irst" in line or "front" in line
            for m in re.finditer(_FIRST_OF, line)
            if set(words(m.group("many"))) & _PLURAL
        ]
    for c in cards:
        if c.endswith("[0]") and set(words(c[:-3])) & _PLURAL:
            # `cards[0].rank` compared: the check's header says the run moves whole
            hid = src.function_at(lo) if lo < len(src.toks) else None
            if hid is not None:
                head = src.headers[hid][0]
                line = src.lines[head.line]
                return [Said("build_run", 1, head.line, head.col, len(line.rstrip()) - head.col)]
    compared = "|".join(re.escape(c) for c in cards if c.isidentifier())
    for n, m in src.firsts:
        line = src.lines[n]
        inside = (
            compared
            and n in lines
            and re.search(
                rf"\b({compared})\s*:?=\s*" + re.escape(m.group()),  # Go's `:=` too
                line,
            )
        )
        # the check called on the first card, as any of its arguments: `canDrop(cards[0])`,
        # `canDropOnColumn(s.cols[to.i], cards[0])`
        called = name and re.search(
            rf"\b{re.escape(name)}\s*\((?:[^()\n]|\([^()\n]*\))*?(?<![\w$.])"
            + re.escape(m.group())
            + r"\s*[,)]",
            line,
        )
        if inside or called:
            return [Said("build_run", 1, n, *line_span(line))]
    return []


# the card moved is its pile's top: `idx === pile.length - 1`, `len(pile) - 1 == idx`
_LAST_AT = size_of(r"[\w$.]+") + r"\s*-\s*1"
_TOP_INDEX = re.compile(
    rf"^\(?\s*(?:[\w$.]+\s*===?\s*{_LAST_AT}|{_LAST_AT}\s*===?\s*[\w$.]+)\s*\)?$"
)


def _top_test_runs(src: Source, lo: int, hi: int) -> list[Said]:
    """A check that tells the card moved from the top of its pile (`const isTopmost = (index
    === pile.length - 1); if (isTopmost) { … } else { if (!(from tableau && to tableau))
    return false; }`) and lets a card under others go on to the tableau: runs move whole.
    A branch for such a card that refuses outright (`else { return false; }`), or that
    names no tableau, says nothing."""
    toks = src.toks
    flags = set()
    for k in range(lo, hi):
        if toks[k].text != "=" or k <= lo:
            continue
        name = toks[k - 2] if toks[k - 1].text == ":" and k - 2 >= lo else toks[k - 1]  # Go's :=
        if name.kind == "id":
            end = src.statement_end(k)
            if _TOP_INDEX.match(_joined(toks[k + 1 : end])):
                flags.add(name.text)
    for hid, head in enumerate(src.headers):
        first = src.first.get(hid, -1)
        if not (lo <= first < hi) or not head or head[0].text != "if":
            continue
        cond = strip(head[1:])
        negated = bool(cond) and cond[0].text in ("!", "not")
        test = strip(cond[1:]) if negated else cond
        if not ("".join(x.text for x in test) in flags or _TOP_INDEX.match(_joined(test))):
            continue
        block = hid if negated else _else_block(src, hid)
        if block is None or not _goes_on_to_tableau(src, block):
            continue
        t = head[0]
        line = src.lines[t.line]
        return [Said("build_run", 1, t.line, t.col, len(line.rstrip()) - t.col)]
    return []


def _joined(seq: list[Tok]) -> str:
    """Tokens as text, a space between them but around a dot (`pile.length - 1`)."""
    return " ".join(x.text for x in seq).replace(" . ", ".")


def _else_block(src: Source, hid: int) -> int | None:
    """The block of the `else` right after block `hid` (`} else {`, Python's `else:`, Lua's
    and Ruby's `else`, where the block ends at the `else` itself)."""
    end = src.ends.get(hid)
    if end is None:
        return None
    for other, head in enumerate(src.headers):
        if [x.text for x in head] == ["else"] and src.first.get(other, -1) in (
            end + 1,
            end + 2,
            end + 3,
        ):
            return other  # `} else {`; Python's `else:`; Lua's `else`
    return None


def _goes_on_to_tableau(src: Source, hid: int) -> bool:
    """Whether a block refuses nothing outright (every `return false`, `throw` in it stands
    under a condition) and names the tableau (`sourcePlaceId.startsWith('tableau')`)."""
    toks = src.toks
    lo, hi = src.first[hid], src.ends.get(hid, len(toks))
    if lo >= hi:
        return False
    named = False
    for k in range(lo, hi):
        if (
            toks[k].kind in ("id", "str")
            and place_of(words(toks[k].text.strip("'\"`"))) == "tableau"
        ):
            named = True
        if src.scopes[k] and src.scopes[k][-1] == hid and src.starts[k] == k and refuses(src, k):
            return False  # `return false;` as a statement of the block itself
    return named


_OR = frozenset({"||", "or"})
_AND = frozenset({"&&", "and"})


def _space_or(src: Source, i: int) -> list[Said]:
    """`!tableau[t].length || <the building step>`: an empty pile takes any card."""
    toks = src.toks
    begin = src.arrow(i)
    if begin is None:
        begin = next((k for k in range(i, src.starts[i] - 1, -1) if toks[k].text == "return"), None)
    if begin is None:
        return []
    parts = split_top(toks[begin + 1 : i], _OR, frozenset({"&&", "and", "?", ":"}))
    if parts is None:
        return []
    for part in parts[:-1]:
        pile = empty_test(part) if part else None
        if pile is not None and place_of(words(pile) + header_words(part)) in ("tableau", None):
            first = part[0]
            width = part[-1].col + len(part[-1].text) - first.col
            if part[-1].line == first.line:
                return [Said("space_any", 1, first.line, first.col, width + 3)]
    return []


def _rejecting(src: Source, i: int) -> bool:
    """Whether the comparison at token `i` is negated (`!(a.suit === b.suit)`, `not …`) or
    the condition of a branch that refuses the move (`if (a.color === b.color) return
    false;`): what it states is then the opposite, and is not read."""
    toks = src.toks
    for k, opener in _outward(src, i):
        t = toks[k]
        if opener:
            before = toks[k - 1] if k > 0 else None
            if before is not None and before.text in ("!", "not"):
                return True
            if before is not None and before.text in ("if", "while", "elif"):
                return refuses(src, closing(toks, k) + 1)
        elif t.text in ("!", "not") and k == i - len(_side(toks, i, -1)) - 1:
            return True
        elif t.text in ("if", "elif") and modifier(src, k):  # `return false if a == b`
            return refuses(src, src.starts[k])
        elif t.text in ("if", "elif"):  # Python's `if a.color == b.color:`, Go's, Lua's
            return refuses(src, branch_body(toks, branch_start(toks, k + 1)))
    return False


def _outward(src: Source, i: int) -> Iterator[tuple[int, bool]]:
    """The tokens of token `i`'s statement before it, going outward: each bracket that
    opens around `i` (True), and each token outside any bracket closed before `i` (False)."""
    toks = src.toks
    depth = 0
    for k in range(i - 1, src.starts[i] - 1, -1):
        t = toks[k]
        if t.kind == "op" and t.text in ")]}":
            depth += 1
        elif t.kind == "op" and t.text in "([{":
            depth -= 1
            if depth < 0:
                yield k, True
                depth = 0
        elif depth == 0:
            yield k, False


def _guard(src: Source, i: int) -> bool:
    """Whether the comparison at token `i` is a whole alternative of the condition of a
    branch that refuses the move by returning or throwing (`if (card.suit !== top.suit ||
    …) return false;`, `if a.color == b.color: return False`): the move is then allowed only
    where the comparison fails, so its opposite states the rule. A comparison joined to
    another by `&&`, negated, or in a branch that only skips (`continue`) says nothing."""
    toks = src.toks
    cond = _condition(src, i)
    if cond is None:
        return False
    lo, hi, after = cond
    k = after + 1 if after < len(toks) and toks[after].text == "{" else after
    if k >= len(toks) or toks[k].text in ("continue", "break") or not refuses(src, after):
        return False
    lo, hi = _past_preconditions(toks, lo, hi, i)
    parts = top_spans(toks, _OR, lo=lo, hi=hi) or []
    part = next(((p, q) for p, q in parts if p <= i < q), None)
    if part is None:  # the comparison stands outside the condition's parts: no guard
        return False
    p, q = part
    while q - p >= 2 and toks[p].text == "(" and closing(toks, p) == q - 1:
        p, q = p + 1, q - 1
    return p == i - len(_side(toks, i, -1)) and q == i + 1 + len(_side(toks, i, 1))


def _past_preconditions(toks: list[Tok], lo: int, hi: int, i: int) -> tuple[int, int]:
    """The part of a condition (tokens lo..hi) that token `i` stands in, past conjuncts that
    only say where it applies: `colTo.length > 0 && (a.val - b.val != 1 || …)` refuses a
    card on a pile with cards where the part in brackets holds, as that part alone would
    (`_precondition`); the condition itself where another conjunct stands beside it."""
    while True:
        while hi - lo >= 2 and toks[lo].text == "(" and closing(toks, lo) == hi - 1:
            lo, hi = lo + 1, hi - 1
        parts = top_spans(toks, _AND, lo=lo, hi=hi) or []
        if len(parts) == 1:
            return lo, hi
        mine = next((p, q) for p, q in parts if p <= i < q)
        if not all(_precondition(toks[p:q]) for p, q in parts if (p, q) != mine):
            return lo, hi
        lo, hi = mine


_SIZE_WORDS = SIZES | frozenset({"empty", "isEmpty", "IsEmpty", "Any", "any"})
_ORDER = frozenset({"<", "<=", ">", ">=", "==", "!=", "===", "!=="})


def _precondition(seq: list[Tok]) -> bool:
    """Whether a conjunct only says which pile a rule applies to: a pile's size tested
    (`colTo.length > 0`, `!pile.isEmpty()`) or an index compared with a number (`colToNum <
    7`, `nom2 >= 6`)."""
    seq = strip(seq)
    texts = [t.text for t in seq]
    if any(x in _SIZE_WORDS for x in texts) or texts[:1] == ["#"]:  # Lua's `#pile > 0`
        return not any(x in ("&&", "||", "and", "or") for x in texts)
    return (
        len(seq) == 3
        and seq[0].kind == "id"
        and seq[1].text in _ORDER
        and seq[2].kind == "num"
        and not set(words(seq[0].text)) & {"rank", "value", "val", "suit", "color", "colour"}
    )


def _condition(src: Source, i: int) -> tuple[int, int, int] | None:
    """The tokens of the `if` condition token `i` stands in (first, after the last) and the
    first token of its branch: `if (…) …` in C-like languages, `if …:` in Python, `if … {` in
    Go, `if … then` in Lua."""
    toks = src.toks
    for k, opener in _outward(src, i):
        if opener:
            if k > 0 and toks[k - 1].text in ("if", "elif"):
                end = closing(toks, k)
                return (k + 1, end, end + 1) if end > i else None
        elif toks[k].text in ("if", "elif") and modifier(src, k):  # `return false if a == b`
            return k + 1, src.statement_end(k), src.starts[k]
        elif toks[k].text in ("if", "elif"):
            end = branch_start(toks, k + 1)
            return k + 1, end, branch_body(toks, end)
    return None


def _compared(
    src: Source, i: int, a: Operand, b: Operand, equal: bool, place: str
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
