"""The card an empty pile takes, stated by a test of the pile (`if (!pile.length) return
card.rank === "K"`, its ternary form, `if (empty) return true`): a king or an ace into a
space of the tableau, the foundations' base, or any card."""

from __future__ import annotations

import re

from pipeline.segment.code_loops import counted_loops
from pipeline.segment.code_operands import EQ, NE, as_item, operand, tuple_items
from pipeline.segment.code_source import (
    ACE,
    KING,
    Said,
    Source,
    Tok,
    closing,
    if_condition,
    line_span,
    modifier,
    place_of,
    ranges,
    refuses,
    split_top,
    strip,
    words,
)

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


def empty_test(cond: list[Tok]) -> str | None:
    """The pile (its name) a condition tests for being empty: `!col.length`, `pile.length
    === 0`, `top == null`, `len(pile) == 0`, `not pile`, `pile.isEmpty()`, `(null? pile)`."""
    cond = _unindexed(strip(cond))
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
    if (
        texts[0] in ("!", "not")
        and len(cond) >= 4
        and len(cond) % 2 == 0
        and all(t.text == "." if k % 2 == 0 else t.kind == "id" for k, t in enumerate(cond[2:]))
        and cond[1].kind == "id"
    ):
        # `not self.cards`, `!this.tableau[t].length`: the last member that is no size
        named = [t.text for t in cond[1::2] if t.text not in ("length", "count", "size", "Count")]
        return named[-1] if named else None
    if set(ws) & _EMPTY_WORDS and not any(t.kind == "num" and t.text != "0" for t in cond):
        return ids[0].text
    if (
        texts[-1] == "0"
        and len(texts) >= 3
        and texts[-2] in ("==", "===", "<=")
        and (set(ws) & {"length", "count", "size", "len"} or texts[0] == "#")
    ):
        return ids[0].text
    if texts[0] == "0" and len(texts) >= 3 and texts[1] in ("==", "===", ">="):
        # the size written second: `0 == Cards.Count`, `0 === pile.length`
        turned = [*cond[2:], Tok("op", "==", cond[1].line, cond[1].col), cond[0]]
        return empty_test(turned)
    return None


def empty_piles(src: Source) -> list[Said]:
    """The rank an empty pile takes, stated by `if (<empty>) return <card's rank> == K;`, or
    by a branch whose value is the function's (`_branch_values`: Ruby's `if pile.empty?` +
    `card.rank == 1`, an arm `when 0` / `case 0:` of a choice on the pile's size)."""
    out: list[Said] = []
    toks = src.toks
    zero = zero_ranks(src)
    items = tuple_items(src)
    returns = [
        (i, cond, _returned(src, i))
        for i, t in enumerate(toks)
        if t.text == "return" and t.kind == "id" and (cond := _condition_before(src, i))
    ]
    for i, cond, expr in returns + _branch_values(src):
        t = toks[i]
        pile = empty_test(cond)
        if pile is None:
            continue
        expr = strip(expr)
        if [x.text for x in expr] in (["true"], ["True"], ["#t"]):
            # `if (!pile.length) return true;`: an empty pile takes any card
            place = place_of(words(pile)) or src.place(i)
            if place == "tableau" and src.is_check(i):
                out.append(_roomy(src, "space_any", 1, t, cond[0]))
            continue
        number = _rank_test(expr, zero=zero, items=items)
        if number is None:
            continue
        place = place_of(words(pile)) or src.place(i)
        if not place or not src.is_check(i):
            continue
        name = "space_rank" if place == "tableau" else "base_rank"
        out.append(_roomy(src, name, number, t, cond[0]))
    return out + _ternaries(src, zero) + _joined(src, zero) + _both_returned(src, zero)


def _both_returned(src: Source, zero: bool = False) -> list[Said]:
    """`return (card.Value == CardValue.King) && (Cards.Count == 0);`, `return pile.isEmpty()
    && card.rank == 1`: a check whose result joins a test of the card's rank with a test of
    the pile being empty; the rank is the one the empty pile takes."""
    out: list[Said] = []
    toks = src.toks
    for i, t in enumerate(toks):
        if t.text != "return" or t.kind != "id" or _condition_before(src, i) is not None:
            continue
        expr = strip(_returned(src, i))
        parts = split_top(expr, frozenset({"&&", "and"}), frozenset({"||", "or", "?"}))
        if parts is None or len(parts) != 2:
            continue
        for empty, test in (parts, parts[::-1]):
            pile = empty_test(empty)
            if pile is None:
                continue
            number = _rank_test(test, zero=zero, items=tuple_items(src))
            place = place_of(words(pile)) or src.place(i)
            if number is not None and place and src.is_check(i):
                name = "space_rank" if place == "tableau" else "base_rank"
                out.append(_roomy(src, name, number, t, expr[0]))
            break
    return out


def _returned(src: Source, i: int) -> list[Tok]:
    """The expression a `return` at token i returns, to its statement's end."""
    toks = src.toks
    expr: list[Tok] = []
    for k in range(i + 1, len(toks)):
        if toks[k].text in (";", "}") or src.ends_block(k) or _modifier_at(src, k):
            break
        if (
            toks[k].line != toks[i].line
            and toks[k].text != "."
            and (not expr or expr[-1].text not in ("&&", "("))
        ):
            break
        expr.append(toks[k])
    return expr


# what ends a branch whose last line is its value (Ruby, Rust, Kotlin, Scala, Elixir)
_ARM_ENDS = frozenset({"else", "elsif", "when", "end", "case", "default", "}", "in"})


def _line_tokens(src: Source, k: int) -> tuple[int, int]:
    """The tokens of the line token k begins: (first index, index after the last)."""
    toks = src.toks
    end = k
    while end < len(toks) and toks[end].line == toks[k].line:
        end += 1
    return k, end


def _top_of(subject: list[Tok]) -> str:
    """The pile whose top card a choice is made on (`pile.last()`, `pile.peek()`, `stack.top()`
    → `pile`), or ""."""
    texts = [x.text for x in subject]
    if len(texts) == 3 and texts[1] == "." and texts[2] in ("last", "peek", "top", "back"):
        return texts[0]
    return ""


def _branch_values(src: Source) -> list[tuple[int, list[Tok], list[Tok]]]:
    """Branches whose value is the check's result, each as (its value's first token, the
    condition, the value), in any language's spelling: a value line alone under `if <cond>`
    (Ruby, Rust's `if c {`, Kotlin) before `else`/`elsif`/`end`/`}`; an arm of a choice on a
    size (`case pile.size` … `when 0` + its value, `switch (pile.length) { case 0: return …`,
    Rust's `match pile.len() { 0 => …`, Kotlin's `when (pile.size) { 0 -> …`): its condition
    is the size compared with the arm's number (`pile.size == 0`)."""
    toks = src.toks
    out: list[tuple[int, list[Tok], list[Tok]]] = []
    subject: list[Tok] = []  # the size a `case`/`switch`/`match`/`when (…)` chooses on
    k = 0
    while k < len(toks):
        a, b = _line_tokens(src, k)
        line = toks[a:b]
        k = b
        texts = [x.text for x in line]
        head = [x for x in line[1:] if x.text not in ("(", ")", "{")]
        # a choice opened after other words: Kotlin's `return when (pile.size) {`, `= when {`
        kw = next(
            (m for m, x in enumerate(texts) if x in ("switch", "match", "when") and m > 0), None
        )
        if kw is not None and texts[-1] == "{":
            subject = [x for x in line[kw + 1 :] if x.text not in ("(", ")", "{")]
            continue
        if texts[0] in ("switch", "match") or (
            texts[0] in ("case", "when") and head and head[0].kind != "num" and len(head) > 1
        ):
            subject = head if texts[0] not in ("when",) or texts[-1] == "{" else subject
            continue
        value_at: int | None = None
        cond: list[Tok] = []
        number = next((x for x in line[:2] if x.kind == "num"), None)
        arrow = next((m for m in range(a, b) if toks[m].text in ("=>", "->")), None)
        top_of = _top_of(subject)
        if arrow is not None and texts[0] == "None" and arrow == a + 1 and top_of:
            # Rust's `match pile.last() { None => …`: the pile has no top card, it is empty
            at = line[0]
            cond = [Tok("id", top_of, at.line, at.col), Tok("op", ".", at.line, at.col)]
            cond.append(Tok("id", "is_empty", at.line, at.col))
            value_at = arrow + 1
        elif arrow is not None and arrow > a and empty_test(toks[a:arrow]) is not None:
            # an arm guarded by an empty test: Kotlin's `when { pile.isEmpty() -> …`
            cond, value_at = toks[a:arrow], arrow + 1
        elif (
            subject
            and number is not None
            and number.text == "0"
            and (texts[0] in ("when", "case") or texts[1:2] in (["=>"], ["->"]))
        ):
            cond = [*subject, Tok("op", "==", number.line, number.col), number]
            rest = [m for m in range(a, b) if toks[m].text in (":", "=>", "->", "then")]
            value_at = rest[0] + 1 if rest and rest[0] + 1 < b else b
        elif texts[0] in ("if", "elsif") and "then" not in texts and texts[-1] != ":":
            cond = [x for x in line[1:] if x.text != "{"]
            if cond and cond[0].text == "(" and cond[-1].text == ")":
                cond = cond[1:-1]
            value_at = b
        if not cond or value_at is None or value_at >= len(toks):
            continue
        if toks[value_at].text == "return":
            out.append((value_at, cond, _returned(src, value_at)))
            continue
        va, vb = _line_tokens(src, value_at) if value_at == b else (value_at, b)
        value = [x for x in toks[va:vb] if x.text not in (";", ",")]
        if (
            not value
            or value[0].kind != "id"
            or value[0].text in ("if", "return", "case", "when", "else", "end")
            or not any(x.text in EQ or x.text in ("true", "True") for x in value)
            or (value_at == b and (vb >= len(toks) or toks[vb].text not in _ARM_ENDS))
        ):
            continue
        out.append((va, cond, value))
    return out


def _roomy(src: Source, name: str, value: int, ret: Tok, cond: Tok) -> Said:
    """Where the statement goes: at the `return`, or where its branch's condition stands on
    a line of its own when the `return` line is too short to hold it (Python's `if not
    pile:` + `return True`), or the whole line where both share it (`if (!pile.length)
    return true;`: `return true;` is shorter than `space_any = 1.`)."""
    width = len(src.lines[ret.line].rstrip()) - ret.col
    said = Said(name, value, ret.line, ret.col, width)
    if len(said.statement) <= width + 1:
        return said
    line = src.lines[cond.line]
    return Said(name, value, cond.line, *line_span(line))


def _ternaries(src: Source, zero: bool = False) -> list[Said]:
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
        pile = empty_test(toks[begin + 1 : i])
        colon = next((k for k in range(i + 1, src.statement_end(i)) if toks[k].text == ":"), None)
        if pile is None or colon is None:
            continue
        number = _rank_test(toks[i + 1 : colon], zero=zero, items=tuple_items(src))
        place = place_of(words(pile)) or src.place(i)
        if number is None or not place or not src.is_check(i):
            continue
        first = toks[begin + 1]
        name = "space_rank" if place == "tableau" else "base_rank"
        out.append(Said(name, number, first.line, first.col, toks[colon].col - first.col))
    return out


def _rank_test(
    expr: list[Tok], negated: bool = False, zero: bool = False, items: dict[str, str] | None = None
) -> int | None:
    """The rank (king or ace) an expression tests a card for: `card.rank === "K"`,
    `card.Value == CardValue.King`, `card.value === 13`, `card.isAce()`, `isKing(card)`;
    `negated`: the rank it tests a card for not being (`card.rank !== 13`, `!card.isKing()`,
    `not is_king(card)`); `zero`: the program numbers its ranks from 0 (`card.rank === 12`
    the king, `=== 0` the ace); `items`: what the items of tuple cards are (`card[0] == 13`)."""
    expr = strip(expr)
    if negated:
        if expr and expr[0].text in ("!", "not") and not any(x.text in NE for x in expr):
            return _rank_test(expr[1:], zero=zero, items=items)
        ne = [k for k, x in enumerate(expr) if x.kind == "op" and x.text in NE]
        if len(ne) != 1:
            return None
        expr = [
            *expr[: ne[0]],
            Tok("op", "==", expr[ne[0]].line, expr[ne[0]].col),
            *expr[ne[0] + 1 :],
        ]
    ws = [w for t in expr if t.kind == "id" for w in words(t.text)]
    if (
        ws[:1] != ["is"]
        and len(ws) >= 2
        and ws[-2:-1] == ["is"]
        and all(t.kind == "id" or t.text in ".()" for t in expr)
    ):
        # `card.isKing()`, `card.IsAce`
        return KING if ws[-1] == "king" else ACE if ws[-1] == "ace" else None
    if (
        len(expr) == 4
        and [t.kind for t in expr] == ["id", "op", "id", "op"]
        and (expr[1].text, expr[3].text) == ("(", ")")
        and words(expr[0].text)[:1] == ["is"]
        and len(words(expr[0].text)) == 2
    ):
        # `isKing(card)`, `isKing(aCard)`: the rank the test's name says
        said = words(expr[0].text)[1]
        return KING if said == "king" else ACE if said == "ace" else None
    eq = [k for k, x in enumerate(expr) if x.kind in ("op", "id") and x.text in EQ]
    if len(eq) != 1:
        return None
    a, b = operand(expr[: eq[0]]), operand(expr[eq[0] + 1 :])
    a, b = as_item(items or {}, a), as_item(items or {}, b)
    if a is None or b is None:
        return None
    card, rank = (a, b) if a.what == "rank" else (b, a)
    if card.what != "rank" or card.offset or rank.what not in ("const", "num"):
        return None
    if rank.what == "num" and zero:
        return {KING - 1: KING, ACE - 1: ACE}.get(rank.number)
    return rank.number if rank.number in (KING, ACE) else None


_RANK_NAMES = frozenset({"rank", "ranks", "value", "values", "r", "v", "face", "num", "number"})


def zero_ranks(src: Source) -> bool:
    """Whether the program numbers its ranks from 0 (the ace 0, the king 12): it makes its
    cards in a loop of 13 from 0 whose value is the card's rank (`for (let r = 0; r < 13;
    r++) deck.push(new Card(r, suit))`, `{ rank: r, suit }`, `Card(suit, rank)`), and in
    none from 1 or with the value plus one (`new Card(r + 1, suit)`)."""
    zero = False
    for n, var, count, first, end in counted_loops(src):
        if count != 13:
            continue
        body = "\n".join(src.lines[n : end + 1])
        v = re.escape(var)
        named = bool(set(words(var)) & _RANK_NAMES)
        makes = re.search(rf"(?i)card\w*\s*\([^()\n]*\b{v}\b", body) or re.search(
            rf"(?i)\b(?:rank|value)\w*['\"]?\s*[:=]\s*{v}\b", body
        )
        if named and not makes:
            makes = re.search(rf"\{{[^{{}}\n]*\b{v}\b\s*[,}}]", body)  # `{ rank, suit }`
        if not makes:
            continue
        if first != 0 or re.search(rf"\b{v}\s*\+\s*1\b", body):
            return False
        zero = True
    return zero


def _modifier_at(src: Source, k: int) -> bool:
    """Whether token k is an `if` that follows the statement it guards (`return true if c`)."""
    return src.toks[k].kind == "id" and src.toks[k].text == "if" and modifier(src, k)


def _condition_before(src: Source, i: int) -> list[Tok] | None:
    """The condition of the `if` whose branch the statement at token `i` opens: `if (c)
    return …`, `if (c) { return …`, `if c:` + `return …`, Go's `if c { return …`, Lua's `if c
    then return …`, Ruby's `return … if c`."""
    toks = src.toks
    # Ruby's and Perl's `return true if pile.empty?`: the condition after the statement
    end = src.statement_end(i)
    at = next((k for k in range(i + 1, end) if _modifier_at(src, k)), None)
    if at is not None:
        return toks[at + 1 : end] or None
    k = i - 1
    if k >= 0 and toks[k].text in ("{", ":", "then"):
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


def _joined(src: Source, zero: bool = False) -> list[Said]:
    """`if (!pile.length && card.rank !== 13) return false;`, `if (pile.length === 0 &&
    card.rank === 13) return true;`: a condition joining an empty test with a rank test, in
    a branch that refuses (the rank tested against is the one allowed), allows the move or
    makes it (`{ DropCards(…); }`)."""
    out: list[Said] = []
    toks = src.toks
    for k, t in enumerate(toks):
        if t.text not in ("if", "elif") or t.kind != "id" or k + 1 >= len(toks):
            continue
        if toks[k + 1].text == "(":
            end = closing(toks, k + 1)
            cond, after = toks[k + 2 : end], end + 1
        else:  # Python: `if not pile and card.rank != 13:`
            end = next((m for m in range(k + 1, len(toks)) if toks[m].line != t.line), len(toks))
            if toks[end - 1].text != ":":
                continue
            cond, after = toks[k + 1 : end - 1], end
        if end < 0 or after >= len(toks):
            continue
        parts = split_top(cond, frozenset({"&&", "and"}), frozenset({"||", "or", "?"}))
        if parts is None or len(parts) != 2:
            continue
        body = after + 1 if toks[after].text == "{" else after
        allows = (
            toks[body].text == "return"
            and body + 1 < len(toks)
            and toks[body + 1].text in ("true", "True")
        )
        refused = refuses(src, after)
        # `if (pile.IsEmpty() && card.GetRank() == 13) { DropCards(…); }`: a handler whose
        # branch makes the move where the condition holds
        moves = not (allows or refused) and src.branch_moves(k + 2)
        if not (allows or refused or moves):
            continue
        for empty, test in (parts, parts[::-1]):
            pile = empty_test(empty)
            if pile is None:
                continue
            number = _rank_test(test, negated=refused, zero=zero, items=tuple_items(src))
            if number is None:
                continue
            place = place_of(words(pile)) or src.place(k)
            if place and src.is_check(k):
                name = "space_rank" if place == "tableau" else "base_rank"
                first = cond[0]
                last = cond[-1]
                width = last.col + len(last.text) - first.col if last.line == first.line else 0
                out.append(Said(name, number, first.line, first.col, width or 1))
            break
    return out


_ACE_TESTED = frozenset({"val", "value", "rank", "Value", "Rank"})


def foundation_ranges(src: Source) -> list[tuple[int | None, str, int, int | None]]:
    """The index ranges whose `if` refuses a card on an empty pile unless it is an ace, by
    the function they stand in (`colToNum > 6 && ((colTo.length == 0 && drag[0].val != 1)
    || …)` → return): the numbers of the foundations, where one array holds every pile
    (`Source._ranged_place`: the other range of the same index is the tableau's)."""
    toks = src.toks
    out: list[tuple[int | None, str, int, int | None]] = []
    for k, t in enumerate(toks):
        if t.text not in ("if", "elif", "elsif") or t.kind != "id":
            continue
        cond, body = if_condition(toks, k)
        found = ranges(cond)
        if not found or not refuses(src, body):
            continue
        parts, flat = [cond], []
        while parts:
            part = strip(parts.pop())
            split = split_top(part, frozenset({"&&", "||", "and", "or"}))
            if split is not None and len(split) > 1:
                parts += split
            else:
                flat.append(part)
        empty = any(empty_test(p) is not None for p in flat)
        ace = any(
            len(p) >= 3
            and p[-2].text in ("!=", "!==", "~=", "<>")
            and p[-1].text == "1"
            and p[-3].text in _ACE_TESTED
            for p in flat
        )
        if empty and ace:
            fn = src.function_at(k)
            out += [(fn, v, lo, hi) for v, lo, hi in found]
    return out
