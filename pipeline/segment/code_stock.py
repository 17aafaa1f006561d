"""The stock and the waste: the waste turned back into the stock, how often (a counter of
redeals compared with a number), and how many cards are drawn at a time."""

from __future__ import annotations

import re
from bisect import bisect_left

from pipeline.segment.code_loops import constant, counted_loops
from pipeline.segment.code_source import (
    ADD,
    ADD_CALL,
    CLASS,
    LINE_COMMENT,
    Said,
    Source,
    function_line,
    header_words,
    line_span,
    words,
)

# the object a pile stands in: `this.stock`, `self.stock`, `state.stock`, `game.state.stock`
_OWNER = r"(?:[A-Za-z_$][\w$]*\.)*"
_TURN_BACK = re.compile(
    r"^\s*" + _OWNER + r"(?:set)?(?P<to>[Ss]tock|[Dd]eck|[Tt]alon)\w*\s*(?:=(?!=)\s*|\(\s*)"
    r"(?P<expr>.*\b(?:waste|discard|Waste|Discard)\w*.*(?:\.\s*reverse\s*\(|\[::-1\]|Reverse\s*\().*)$"
)


# the waste added to the stock reversed: `stock.push(...waste.reverse())`,
# `self.stock.extend(reversed(self.waste))`
_ADD_BACK = re.compile(
    r"^\s*" + _OWNER + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*(?:push|concat|addAll|AddRange|"
    r"extend|append|Push)\s*\((?=.*\b(?:waste|discard|Waste|Discard)\w*)"
    r"(?=.*(?:\.\s*[Rr]everse[d]?\s*\(|\[::-1\]|\breversed\s*\(|\.\s*asReversed\s*\())"
)
# one card at a time while the waste has any: `while (waste.length) stock.push(waste.pop())`
_CARD_BACK = re.compile(
    _OWNER
    + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*(?:push|append|Push|Add|add)\s*\(\s*"
    + _OWNER
    + r"(?:waste|discard|Waste|Discard)\w*\s*\.\s*(?:pop|Pop|removeLast|RemoveLast)"
    r"\s*\(\s*\)"
)
_WHILE_WASTE = re.compile(r"\bwhile\b.*\b(?:waste|discard|Waste|Discard)\w*")


# a pile's call on itself: `addCard(card)`, `pop()`, `this.push(card)`
_SELF_CALL = re.compile(rf"(?<![\w$.])(?:(?:this|self)\s*\.\s*)?(?P<call>{ADD}|pop|Pop)\s*\(")
_STOCK_WORDS = frozenset({"stock", "deck", "talon"})
_OTHER_PLACES = frozenset({"waste", "discard", "tableau", "table", "foundation", "suit", "hand"})


def _as_deck(call: re.Match[str]) -> str:
    return "deck." + call.group("call") + "("


def as_stock(src: Source) -> list[str]:
    """The source's lines, where a class is the stock's pile (`class DeckPile extends
    CardPile`) its calls on itself written as the stock's (`addCard(kar)` → `deck.addCard(kar)`,
    `discardPile.addCard(pop())` → `….addCard(deck.pop())`): what the readers of the stock
    match. For matching only: a line's span is its own line's. Read once per source."""
    if src.stock_lines is not None:
        return src.stock_lines
    out: list[str] = []
    stock = False
    for line in src.lines:
        m = CLASS.match(line)
        if m is not None:
            ws = set(words(m.group(1)))
            stock = bool(ws & _STOCK_WORDS) and not ws & _OTHER_PLACES
        out.append(_SELF_CALL.sub(_as_deck, line) if stock else line)
    src.stock_lines = out
    return out


# the whole waste added to the stock, turned over on a line before it:
# `Collections.reverse(waste.cards);` ⏎ `stock.pushAll(waste.pop(waste.cards.size()));`
_ALL_BACK = re.compile(
    r"^\s*"
    + _OWNER
    + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*(?:(?:pushAll|addAll|AddRange|extend|concat)\s*\("
    r"|push\s*\(\s*\.\.\.)(?=.*\b(?:waste|discard|Waste|Discard)\w*)"
)
_REVERSED = re.compile(
    r"\b(?:[Rr]everse\s*\(\s*" + _OWNER + r"(?:waste|discard|Waste|Discard)\w*"
    r"|(?:waste|discard|Waste|Discard)\w*(?:\s*\.\s*\w+)?\s*\.\s*[Rr]everse\s*\()"
)


def _turns_back(src: Source, n: int, line: str) -> bool:
    if _TURN_BACK.match(line) or _ADD_BACK.match(line):
        return True
    if _ALL_BACK.match(line):
        near = [x for x in src.lines[max(n - 3, 0) : n] if x.strip() not in ("", "{", "}")]
        if any(_REVERSED.search(LINE_COMMENT.sub("", x)) for x in near[-2:]):
            return True
    if not _CARD_BACK.search(line):
        return _card_back_by_name(src, n, line)
    if _WHILE_WASTE.search(line):
        return True
    before = next((x for x in reversed(src.lines[:n]) if x.strip() not in ("", "{")), "")
    return bool(_WHILE_WASTE.search(before))


def _card_back_by_name(src: Source, n: int, line: str) -> bool:
    """`while (!waste.isEmpty()) { Card c = waste.pop(); …; stock.push(c); }`: the card
    taken from the waste by name, put on the stock within the loop over the waste."""
    put = re.search(
        _OWNER + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*(?:push|append|Push|Add|add|addCard"
        r"|AddCard)\s*\(\s*([A-Za-z_$]\w*)\s*\)",
        line,
    )
    if put is None:
        return False
    taken = re.compile(
        rf"\b{re.escape(put.group(1))}\s*=\s*" + _OWNER + r"(?:waste|discard|Waste|Discard)\w*"
        r"\s*\.\s*(?:pop|Pop|removeLast|RemoveLast)\s*\(\s*\)"
    )
    for k in range(n - 1, max(n - 6, -1), -1):
        if taken.search(src.lines[k]):
            return any(_WHILE_WASTE.search(src.lines[j]) for j in range(max(k - 2, 0), k))
    return False


def turned_back(src: Source) -> list[Said]:
    """`stock = waste.reverse()`, `setStock([...waste].reverse()…)`, `self.stock =
    self.waste[::-1]`, `stock.push(...waste.reverse())`, `while (waste.length)
    stock.push(waste.pop())`: the waste turned back into the stock; how often, where the
    function that does it compares a counter of redeals with a number (`redeal_limits`)."""
    out = []
    for n, (line, read) in enumerate(zip(src.lines, as_stock(src), strict=True)):
        if _turns_back(src, n, LINE_COMMENT.sub("", read)):
            out.append(Said("turn_back", 1, n, *line_span(line)))
            out += redeal_limits(src, n)
            break
    return out


_REDEAL_WORDS = {"redeal": "redeals", "redeals": "redeals", "recycle": "redeals"}
_REDEAL_WORDS |= {"recycles": "redeals", "pass": "passes", "passes": "passes"}
_LEFT_WORDS = frozenset({"left", "remaining", "remain"})
_COUNTER_WORDS = frozenset({"count", "num", "number", "used", "done", "made", "counter", "n"})
_LIMIT = re.compile(
    r"\b(?P<name>[A-Za-z_$][\w$.]*)\s*(?P<op><=|<|>=|===|==)\s*(?P<n>\d)\b(?!\s*[-+*/.])"
)


def redeal_limits(src: Source, turn_line: int) -> list[Said]:
    """A counter of redeals (or passes) compared with a number in the function that turns
    the waste back: `if (redeals < 2) { … redeals++ }` allows two, `if (this.redealCount >=
    3) return;` three, `passes < 3` three passes (two redeals, as `MAX_PASSES` counts)."""
    here = function_line(src, turn_line)
    if here < 0:
        return []
    found: set[int] = set()
    at: tuple[int, int, int] | None = None
    for n, line in enumerate(src.lines):
        if function_line(src, n) != here or not re.search(r"\b(?:if|elif|while)\b", line):
            continue
        for m in _LIMIT.finditer(line):
            ws = words(m.group("name").rsplit(".", 1)[-1])
            kinds = {_REDEAL_WORDS[w] for w in ws if w in _REDEAL_WORDS}
            left = bool(set(ws) & _LEFT_WORDS)
            rest = set(ws) - set(_REDEAL_WORDS) - (_LEFT_WORDS if left else set())
            if len(kinds) != 1 or not rest <= _COUNTER_WORDS:
                continue
            n_, op = int(m.group("n")), m.group("op")
            after = line[m.end() :]
            following = next((x.strip() for x in src.lines[n + 1 :] if x.strip()), "")
            refused = bool(re.search(r"[):]\s*(?:\{\s*)?return\b", after)) or (
                bool(re.search(r"[{:]\s*$", after)) and re.match(r"return\b", following) is not None
            )
            if left:
                # a counter of what is left, given its number once: `redealsLeft = 2`, and
                # the turn refused when none is left (`if (redealsLeft <= 0) return;`)
                empty = (op in ("<=", "==", "===") and n_ == 0) or (op == "<" and n_ == 1)
                given = constant(src, m.group("name"))
                if not (empty and refused) or given is None:
                    return []
                allowed = given
            elif op in ("<", "<=") and not refused:
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
            at = (n, *line_span(line))
    if len(found) != 1 or at is None:
        return []
    return [Said("redeal_limit", found.pop(), *at)]


_DRAW = re.compile(
    r"\b(?:waste|talon|discard|Waste|Talon|Discard)\w*\s*\.\s*(?:push|append|Add|add|unshift"
    r"|addCard|AddCard)\s*\(\s*(?:\.\.\.)?\s*" + _OWNER + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*"
    r"(?:pop|shift|Pop|removeLast|RemoveAt|splice\s*\(\s*-\s*(?P<n>\d))"
    # by a call given the waste first: `table.insert(waste, stock.pop())`, Go's `append`
    + "|"
    + ADD_CALL
    + _OWNER
    + r"(?:waste|talon|discard|Waste|Talon|Discard)\w*\s*,\s*"
    + _OWNER
    + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*(?:pop|shift|Pop|removeLast)\s*\("
)


def draws(src: Source) -> list[Said]:
    """Cards turned from the stock at a time: a loop over N that moves one card from the
    stock onto the waste (`for (i = 0; i < 3; i++) waste.push(stock.pop())`), or the last N
    taken at once (`waste.push(...stock.splice(-3))`)."""
    out: list[Said] = []
    counts: set[int] = set()
    for n, _var, count, _, end in counted_loops(src):
        body = "\n".join(src.lines[n : end + 1])
        m = _DRAW.search(body)
        if m and not m.group("n") and 2 <= count <= 5 and len(_DRAW.findall(body)) == 1:
            out.append(Said("draw", count, n, *line_span(src.lines[n])))
            counts.add(count)
    for n, line in enumerate(src.lines):
        m = _DRAW.search(line)
        if m and m.group("n") and 1 <= int(m.group("n")) <= 5:
            out.append(Said("draw", int(m.group("n")), n, *line_span(line)))
            counts.add(int(m.group("n")))
    for n, line in enumerate(src.lines):
        m = _MIN.search(line)
        if m is None or not _moves_to_waste(src, n):
            continue
        count = int(m.group("a") or m.group("b"))
        if 2 <= count <= 5:
            out.append(Said("draw", count, n, *line_span(line)))
            counts.add(count)
    if not counts:
        out = _one_drawn(src)
        counts = {1} if out else set()
    return out if len(counts) == 1 else []


# a card taken off the stock by name: `const card = state.stock.pop();`, `c = self.stock.pop()`
_TAKEN = re.compile(
    r"\b(?P<var>[A-Za-z_$][\w$]*)\s*:?=\s*"  # Go's `card := stock.pop()` too
    + _OWNER
    + r"(?:stock|deck|Stock|Deck)\w*\s*\.\s*(?:pop|shift|Pop|removeLast|RemoveLast)\s*\(\s*\)"
)
_LOOP_HEAD = re.compile(r"\b(?:for|while|forEach|map|times)\b")
_LOOP_WORDS = frozenset({"for", "while", "each", "do", "map", "times", "repeat"})


def _in_loop(src: Source, n: int) -> bool:
    """Whether line `n` stands in a loop's body (`for`, `while`, `.forEach(… => {`)."""
    idx = bisect_left(src.token_lines, n)
    if idx >= len(src.toks) or src.toks[idx].line != n:
        return True  # no code on the line: nothing is said of it
    # a body without braces: on the header's line or on the line after it
    before = next((x for x in reversed(src.lines[:n]) if x.strip()), "")
    if _LOOP_HEAD.search(src.lines[n]) or (
        _LOOP_HEAD.search(before) and not before.rstrip().endswith((";", "{", "}"))
    ):
        return True
    return any(
        set(header_words(head)) & _LOOP_WORDS or _LOOP_HEAD.search(src.lines[head[0].line])
        for head in (src.headers[h] for h in src.scopes[idx])
        if head
    )


# the taken card put on the waste: `waste.push(card)`
_PUT = re.compile(
    r"\b(?:waste|talon|discard|Waste|Talon|Discard)\w*\s*\.\s*(?:push|append|Add|add|"
    r"unshift|Push)\s*\(\s*(?P<var>[A-Za-z_$][\w$]*)\s*\)"
    # by a call given the waste first: `table.insert(waste, card)`, Go's `append(waste, card)`
    + "|"
    + ADD_CALL
    + _OWNER
    + r"(?:waste|talon|discard|Waste|Talon|Discard)\w*\s*,\s*(?P<var2>[A-Za-z_$][\w$]*)\s*\)"
)


def _one_drawn(src: Source) -> list[Said]:
    """One card turned at a time: a single card moved from the stock onto the waste outside
    any loop (`waste.push(stock.pop())`; `const card = state.stock.pop(); …
    state.waste.push(card);`). Inside a loop the count is the loop's, which `draws` reads."""
    out: list[Said] = []
    for n, (raw, read) in enumerate(zip(src.lines, as_stock(src), strict=True)):
        line = LINE_COMMENT.sub("", read)
        m = _DRAW.search(line)
        hit = bool(m and not m.group("n"))
        taken = _TAKEN.search(line)
        if not hit and taken:
            var = taken.group("var")
            here = function_line(src, n)
            hit = here >= 0 and any(
                any(var in p.group("var", "var2") for p in _PUT.finditer(src.lines[k]))
                and function_line(src, k) == here
                for k in range(n, min(n + 6, len(src.lines)))
            )
        if hit and not _in_loop(src, n):
            out.append(Said("draw", 1, n, *line_span(raw)))
    return out


_STOCK_SIZE = (
    r"(?:len\s*\(\s*)?" + _OWNER + r"(?:stock|deck|Stock|Deck)\w*(?:\s*\.\s*(?:length|Count|"
    r"size\s*\(\s*\)|count\s*\(\s*\)|Length))?(?:\s*\))?"
)
# how many cards a draw takes: no more than N, nor than the stock holds
_MIN = re.compile(
    rf"\b[Mm]in\s*\(\s*(?:(?P<a>\d)\s*,\s*{_STOCK_SIZE}|{_STOCK_SIZE}\s*,\s*(?P<b>\d))\s*\)"
)


def _moves_to_waste(src: Source, n: int) -> bool:
    """Whether the function line `n` stands in puts cards on the waste."""
    here = function_line(src, n)
    if here < 0:
        return False
    return any(
        re.search(
            r"\b(?:waste|talon|discard|Waste|Talon|Discard)\w*\s*\.\s*(?:push|append|Add|"
            r"add|unshift|concat|extend|Push)\b",
            x,
        )
        and function_line(src, k) == here
        for k, x in enumerate(src.lines)
    )
