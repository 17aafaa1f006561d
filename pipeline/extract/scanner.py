"""Finding islands fast: the Lark grammar's island rules compiled to regexes over token codes.

A whole-clause Earley parse with water predicts every island at every token; in CPython that
costs milliseconds per token. The island rules themselves are regular (no rule refers to
itself), so this module walks Lark's own parsed grammar (the EBNF trees of
`lark.load_grammar`) and writes each island as a regular expression over a string with one
character per token. Scanning then finds every place an island matches (longest match per
start, POSIX semantics), and `select` keeps the set of non-overlapping islands that covers
the most tokens — the same preference as the Earley parse's priorities (islands 10, water
−5). Lark's Earley parser then parses each selected window with that island as the start
symbol, so every fact still comes from a Lark parse tree.
"""

from __future__ import annotations

import base64
import binascii
import io
import pickle
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import regex
from lark import Tree
from lark.grammar import NonTerminal, Terminal
from lark.load_grammar import load_grammar

from pipeline.resources import lasting

_BASE = 0xE000  # private-use code points: one per terminal


@dataclass(frozen=True)
class Compiled:
    codes: dict[str, str]  # terminal -> its character
    islands: tuple[tuple[str, str, frozenset[str]], ...]  # name, regex source, FIRST
    # character -> the islands that can start with it, in grammar order, each with the
    # characters every match of it contains (a match needs them all after its start)
    starting: dict[str, tuple[tuple[str, str, frozenset[str]], ...]]
    # (character, the islands worth trying there as bits of their places in
    # `required[character]`) -> those islands with their patterns
    tries: dict[tuple[str, int], tuple[tuple[str, regex.Pattern], ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # island -> its compiled pattern: all of them as kept in the disk cache, else each
    # compiled when first tried (a short text tries few islands, and compiling all of them
    # was most of the start-up of `pasyans extract FILE`)
    patterns: dict[str, regex.Pattern] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # island -> the first two token codes of every string it matches (the whole string where
    # it is shorter): an island is tried only where the clause goes on so (`plan`)
    heads: dict[str, frozenset[str]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # character -> every character some island starting with it requires (as bits): whether
    # an island is worth trying depends on the characters ahead only through these
    relevant: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    # the token and the next ("" at the end) -> the islands that can begin there (`heads`),
    # as bits of their places in `required[token]`
    admitted: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    # token -> (the islands of `required[token]` that `heads` admits whatever comes next, as
    # bits; and (bit, heads) of each other one, admitted only where its heads hold the pair):
    # a new pair of a new book's text is then decided without looking up every island again
    opening: dict[str, tuple[int, tuple[tuple[int, frozenset[str]], ...]]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # token -> (required characters as bits, the islands that require just those, as bits of
    # their places in `required[token]`): islands alike in what they require tested at once
    by_required: dict[str, tuple[tuple[int, int], ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # (token, the characters from there on that matter to it, as bits) -> the islands their
    # required characters allow there, as bits of their places in `required[token]`
    allowed: dict[tuple[str, int], int] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # `starting` with each island's required characters as bits
    required: dict[str, tuple[tuple[str, str, int], ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    @property
    def names(self) -> list[str]:
        return [name for name, _, _ in self.islands]

    def pattern(self, name: str, source: str) -> regex.Pattern:
        pat = self.patterns.get(name)
        if pat is None:
            pat = self.patterns[name] = lasting(regex.compile(source, regex.POSIX))
        return pat


class GrammarShapeError(Exception):
    """The island rules use something a regular expression cannot say (recursion)."""


def _rule_defs(text: str) -> dict[str, Tree]:
    grammar, _ = load_grammar(text, "<pasyans>", [], False)
    return {str(name): tree for name, _params, tree, _opts in grammar.rule_defs}


def _to_regex(tree: Tree, defs: dict[str, Tree], codes: dict[str, str], stack: tuple) -> str:
    """The regular expression of an EBNF tree over token codes. Written small: an
    alternative of single codes is a character class, a group only where an operator or an
    alternative needs one. Only the language matters (a POSIX match's span; no group is
    captured), and the `regex` module's compiler, pure Python, spends its time per node: on
    the islands about half of what the literal transcription costs."""
    return _rx(tree, defs, codes, stack)[0]


# What `_rx` returns besides the text: one code (or a class of codes, its members), or
# another expression that an operator can follow (`_ATOM`), or one it cannot (`_SEQ`).
_ATOM, _SEQ = "atom", "seq"


def _rx(
    tree: Tree, defs: dict[str, Tree], codes: dict[str, str], stack: tuple
) -> tuple[str, str | frozenset[str]]:
    kind = tree.data
    if kind == "expansions":
        parts = [_rx(c, defs, codes, stack) for c in tree.children]
        if len(parts) == 1:
            return parts[0]
        if all(isinstance(k, frozenset) for _, k in parts):
            members = frozenset().union(*(k for _, k in parts))
            return _class(members), members
        return "(?:" + "|".join(t for t, _ in parts) + ")", _ATOM
    if kind == "expansion":
        parts = [_rx(c, defs, codes, stack) for c in tree.children]
        if len(parts) == 1:
            return parts[0]
        return "".join(t for t, _ in parts), _SEQ
    if kind == "expr":
        inner, op = tree.children[0], tree.children[1]
        if str(op) not in ("?", "*", "+"):
            raise GrammarShapeError(f"operator {op!r} is not supported in islands")
        text, k = _rx(inner, defs, codes, stack)
        if k == _SEQ or text == "":
            text = "(?:" + text + ")"
        return text + str(op), _SEQ  # `x*?` would be another operator: grouped before one
    if kind == "value":
        sym = tree.children[0]
        if isinstance(sym, Terminal):
            if sym.name not in codes:
                raise GrammarShapeError(f"terminal {sym.name} is not declared")
            return regex.escape(codes[sym.name]), frozenset({codes[sym.name]})
        if isinstance(sym, NonTerminal):
            if sym.name in stack:
                raise GrammarShapeError(f"rule {sym.name} refers to itself")
            return _rx(defs[sym.name], defs, codes, (*stack, sym.name))
    raise GrammarShapeError(f"grammar construct {kind!r} is not supported in islands")


def _class(members: frozenset[str]) -> str:
    if len(members) == 1:
        return regex.escape(next(iter(members)))
    # only what is special in a class escaped: the compiler reads an escape slowly
    return "[" + "".join("\\" + c if c in "\\[]^-&|~" else c for c in sorted(members)) + "]"


def _first(tree: Tree, defs: dict[str, Tree]) -> tuple[set[str], bool]:
    """(FIRST terminals, nullable) of an EBNF tree."""
    kind = tree.data
    if kind == "expansions":
        out: set[str] = set()
        nullable = False
        for c in tree.children:
            f, n = _first(c, defs)
            out |= f
            nullable |= n
        return out, nullable
    if kind == "expansion":
        out = set()
        for c in tree.children:
            f, n = _first(c, defs)
            out |= f
            if not n:
                return out, False
        return out, True
    if kind == "expr":
        f, n = _first(tree.children[0], defs)
        return f, n or str(tree.children[1]) in ("?", "*")
    sym = tree.children[0]
    if isinstance(sym, Terminal):
        return {sym.name}, False
    return _first(defs[cast(NonTerminal, sym).name], defs)  # a rule's name


def _required(tree: Tree, defs: dict[str, Tree]) -> frozenset[str]:
    """The terminals every string of an EBNF tree contains."""
    kind = tree.data
    if kind == "expansions":
        sets = [_required(c, defs) for c in tree.children]
        return frozenset.intersection(*sets) if sets else frozenset()
    if kind == "expansion":
        return frozenset().union(*(_required(c, defs) for c in tree.children))
    if kind == "expr":
        return _required(tree.children[0], defs) if str(tree.children[1]) == "+" else frozenset()
    sym = tree.children[0]
    if isinstance(sym, Terminal):
        return frozenset({sym.name})
    return _required(defs[cast(NonTerminal, sym).name], defs)


def _cat(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """The first two codes of each string of `a` followed by one of `b` (as `_heads`)."""
    if not b:
        return frozenset()
    out = {x for x in a if len(x) >= 2}  # two codes already: what follows is not seen
    short = [x for x in a if len(x) < 2]
    if short:
        starts = {y[:1] for y in b}  # after one code, only the first of the next counts
        out.update(x + y for x in short if not x for y in b)
        out.update(x + y for x in short if x for y in starts)
    return frozenset(out)


def _heads(
    tree: Tree, defs: dict[str, Tree], codes: dict[str, str], memo: dict[int, frozenset[str]]
) -> frozenset[str]:
    """The first two codes of every string of an EBNF tree, or the whole of a string
    shorter than two ("" where the tree is nullable): the same language `_to_regex`
    writes, so a match of length one or more begins with one of them. `memo`: per tree
    (by id: the trees of `defs`, alive while it is used)."""
    found = memo.get(id(tree))
    if found is None:
        found = memo[id(tree)] = _heads_of(tree, defs, codes, memo)
    return found


def _heads_of(
    tree: Tree, defs: dict[str, Tree], codes: dict[str, str], memo: dict[int, frozenset[str]]
) -> frozenset[str]:
    kind = tree.data
    if kind == "expansions":
        return frozenset().union(*(_heads(c, defs, codes, memo) for c in tree.children))
    if kind == "expansion":
        out = frozenset({""})
        for c in tree.children:
            out = _cat(out, _heads(c, defs, codes, memo))
        return out
    if kind == "expr":
        one = _heads(tree.children[0], defs, codes, memo)
        more = one  # one or more repetitions: grows to a fixed point (strings of two at most)
        while (grown := more | _cat(more, one)) != more:
            more = grown
        return {"?": one | {""}, "*": more | {""}, "+": more}[str(tree.children[1])]
    sym = tree.children[0]
    if isinstance(sym, Terminal):
        return frozenset({codes[sym.name]})
    return _heads(defs[cast(NonTerminal, sym).name], defs, codes, memo)


def island_names(defs: dict[str, Tree]) -> list[str]:
    """The alternatives of `island`, in grammar order (`%extend` ones last)."""
    names: list[str] = []

    def walk(tree: Tree) -> None:
        if tree.data == "value" and isinstance(tree.children[0], NonTerminal):
            names.append(tree.children[0].name)
            return
        if tree.data not in ("expansions", "expansion", "value"):
            raise GrammarShapeError(f"island alternatives must be rule names ({tree.data})")
        for child in tree.children:
            if isinstance(child, Tree):
                walk(child)

    walk(defs["island"])
    return names


@lru_cache(maxsize=8)
def compile_islands(text: str, terminals: tuple[str, ...]) -> Compiled:
    """The islands of a grammar, kept on disk between runs (`diskcache`): Lark's parse
    of the grammar files is the largest part of the start-up of `pasyans extract FILE`."""
    import sys

    import lark

    from pipeline.extract.diskcache import cached

    parts = (
        text,
        "\n".join(terminals),
        Path(__file__).read_bytes(),
        lark.__version__,
        regex.__version__,
        sys.version,
    )
    return cached("islands", parts, lambda: _compile_islands(text, terminals), _encode, _decode)


def _encode(c: Compiled) -> dict:
    """The islands as plain data, with every island's pattern compiled (`_kept_pattern`):
    compiling is done once for the cache, where a run without one compiles only what it tries."""
    return {
        "codes": c.codes,
        "islands": [[n, s, sorted(f)] for n, s, f in c.islands],
        "starting": {ch: [[n, s, sorted(r)] for n, s, r in v] for ch, v in c.starting.items()},
        "heads": {n: sorted(h) for n, h in c.heads.items()},
        "patterns": {n: _kept_pattern(c.pattern(n, s)) for n, s, _ in c.islands},
    }


def _decode(data: dict) -> Compiled:
    islands = tuple((str(n), str(s), frozenset(f)) for n, s, f in data["islands"])
    patterns = {n: _kept_pattern_back(data["patterns"][n], s) for n, s, _ in islands}
    return Compiled(
        {str(k): str(v) for k, v in data["codes"].items()},
        islands,
        {
            str(ch): tuple((str(n), str(s), frozenset(r)) for n, s, r in v)
            for ch, v in data["starting"].items()
        },
        patterns=patterns,
        heads={str(n): frozenset(map(str, h)) for n, h in data["heads"].items()},
    )


# A compiled pattern kept on disk: the `regex` module's own pickle of it, which holds the
# compiled code (rebuilt by its C `compile` in microseconds; its compiler, pure Python, takes
# ~1.4 ms an island, about half of a short `pasyans extract FILE`). Read back by an unpickler
# that builds nothing else, so a cache file can only ever make a pattern.
_PATTERN_MAKER = ("regex._regex", "compile")


class _PatternUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) != _PATTERN_MAKER:
            raise ValueError(f"not a pattern: {module}.{name}")
        return super().find_class(module, name)


def _kept_pattern(pattern: regex.Pattern) -> str:
    return base64.b64encode(pickle.dumps(pattern, protocol=4)).decode("ascii")


def _kept_pattern_back(text: str, source: str) -> regex.Pattern:
    """The pattern kept by `_kept_pattern`; ValueError unless it is `source`'s (so the cache
    derives it again)."""
    try:
        pattern = _PatternUnpickler(io.BytesIO(base64.b64decode(text, validate=True))).load()
    except (pickle.UnpicklingError, EOFError, binascii.Error) as e:
        raise ValueError(f"a kept pattern does not read: {e}") from None
    if (
        not isinstance(pattern, regex.Pattern)
        or pattern.pattern != source
        or pattern.flags & regex.POSIX == 0
    ):
        raise ValueError("a kept pattern is not its island's")
    return pattern


def _compile_islands(text: str, terminals: tuple[str, ...]) -> Compiled:
    defs = _rule_defs(text)
    codes = {t: chr(_BASE + i) for i, t in enumerate(terminals)}
    islands = []
    required = {}
    heads = {}
    memo: dict[int, frozenset[str]] = {}
    for name in island_names(defs):
        source = _to_regex(defs[name], defs, codes, (name,))
        heads[name] = _heads(defs[name], defs, codes, memo)
        first, _ = _first(defs[name], defs)
        islands.append((name, source, frozenset(codes[t] for t in first)))
        required[name] = frozenset(codes[t] for t in _required(defs[name], defs))
    starting = {
        ch: tuple((name, src, required[name]) for name, src, first in islands if ch in first)
        for ch in codes.values()
    }
    return Compiled(codes, tuple(islands), starting, heads=heads)


Plan = tuple[str, list[tuple[tuple[str, regex.Pattern], ...]]]


def plan(compiled: Compiled, types: list[str]) -> Plan:
    """The clause as a string of token codes, and the islands worth trying at each token:
    those that can start with it, whose required terminals all occur from there on, and
    some string of which begins as the clause goes on from there (`Compiled.heads`: the
    token and the next; memoised per character, set of characters ahead and next
    character). Compiles the patterns it names that were not compiled yet, so it runs
    outside the parse's time limit."""
    codes = compiled.codes
    s = "".join([codes[t] for t in types])
    memo = compiled.tries
    if len(memo) > _TRIES_LIMIT or len(compiled.allowed) > _TRIES_LIMIT:
        memo.clear()
        compiled.allowed.clear()
    relevant = compiled.relevant
    if not relevant:
        relevant.update(
            (ch, _bits(frozenset().union(*(req for _, _, req in entries))))
            for ch, entries in compiled.starting.items()
        )
    required = compiled.required
    if not required:
        for ch, entries in compiled.starting.items():
            required[ch] = tuple((name, source, _bits(req)) for name, source, req in entries)
            groups: dict[int, int] = {}
            for j, (_n, _s, req) in enumerate(required[ch]):
                groups[req] = groups.get(req, 0) | 1 << j
            compiled.by_required[ch] = tuple(groups.items())
    admitted = compiled.admitted
    by_required, allowed = compiled.by_required, compiled.allowed
    tries: list[tuple[tuple[str, regex.Pattern], ...]] = [()] * len(s)
    ahead = 0  # the characters from here on, as bits
    nxt = ""
    for i in range(len(s) - 1, -1, -1):
        ch = s[i]
        ahead |= 1 << (ord(ch) - _BASE)
        # `req <= ahead` is `req <= ahead & relevant[ch]` (req is part of it): the smaller
        # key is met again far more often
        sub = ahead & relevant[ch]
        # the islands, as bits of their places in `required[ch]`, that its required
        # characters allow and that can begin with this token and the next
        allow = allowed.get((ch, sub))
        if allow is None:
            allow = 0
            for req, some in by_required[ch]:
                if not req & ~sub:
                    allow |= some
            allowed[ch, sub] = allow
        pair = ch + nxt
        admit = admitted.get(pair)
        if admit is None:
            admit = admitted[pair] = _admitted(compiled, ch, nxt)
        key = (ch, allow & admit)
        entry = memo.get(key)
        if entry is None:
            here = required[ch]
            entry = memo[key] = tuple(
                (here[j][0], compiled.pattern(here[j][0], here[j][1])) for j in _places(key[1])
            )
        tries[i] = entry
        nxt = ch
    return s, tries


def _admitted(compiled: Compiled, ch: str, nxt: str) -> int:
    """The islands of `required[ch]` (bits of their places) that can begin at a token `ch`
    followed by `nxt` ("" at the end): those without `heads`, or whose heads hold `ch`
    alone or `ch + nxt`. Which islands need the next token at all is found once per
    token (`Compiled.opening`)."""
    opens = compiled.opening.get(ch)
    if opens is None:
        heads = compiled.heads
        free, pending = 0, []
        for j, (name, _s, _r) in enumerate(compiled.required[ch]):
            h = heads.get(name)
            if h is None or ch in h:
                free |= 1 << j
            else:
                pending.append((1 << j, h))
        opens = compiled.opening[ch] = (free, tuple(pending))
    admit = opens[0]
    if nxt:
        pair = ch + nxt
        for bit, h in opens[1]:
            if pair in h:
                admit |= bit
    return admit


def _places(bits: int) -> list[int]:
    """The places of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _bits(chars: frozenset[str]) -> int:
    """A set of token codes as an integer, one bit per code (cheap to join, test and hash)."""
    out = 0
    for c in chars:
        out |= 1 << (ord(c) - _BASE)
    return out


def scan(
    compiled: Compiled, types: list[str], planned: Plan | None = None
) -> list[tuple[int, int, str]]:
    """Every island match: (start, end, island), the longest one per start and island.

    An island is tried at a token only when every terminal it cannot do without occurs from
    there on (`plan`): most tries of a POSIX match fail, and fail slowly, so this skips
    nearly all of them without changing a match."""
    s, tries = planned if planned is not None else plan(compiled, types)
    found = []
    for i, entry in enumerate(tries):
        for name, pattern in entry:
            m = pattern.match(s, i)
            if m and m.end() > i:
                found.append((i, m.end(), name))
    return found


_TRIES_LIMIT = 100_000  # memo entries kept (a clause adds at most one per token)


def select(
    matches: list[tuple[int, int, str]], n: int, limit: int = 2
) -> list[list[tuple[int, int, str]]]:
    """The sets of non-overlapping islands covering the most tokens (ties: more islands),
    up to `limit` of them: more than one is an ambiguity. The first prefers, at each step
    from the end, the match the list gives first (grammar order)."""
    best: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    preds: list[list[tuple[int, tuple[int, int, str] | None]]] = [[] for _ in range(n + 1)]
    by_end: dict[int, list[tuple[int, int, str]]] = {}
    for m in matches:
        by_end.setdefault(m[1], []).append(m)
    for j in range(1, n + 1):
        if j not in by_end:  # no island ends here: the token is water
            best[j] = best[j - 1]
            preds[j] = [(j - 1, None)]
            continue
        options: list[tuple[tuple[int, int], int, tuple[int, int, str] | None]]
        options = [(best[j - 1], j - 1, None)]
        for m in by_end[j]:
            cov, cnt = best[m[0]]
            options.append(((cov + m[1] - m[0], cnt + 1), m[0], m))
        top = max(o[0] for o in options)
        best[j] = top
        # islands first, so the first solution takes an island over water on a tie
        preds[j] = [(i, m) for score, i, m in options if score == top and m is not None]
        preds[j] += [(i, m) for score, i, m in options if score == top and m is None]

    solutions: list[list[tuple[int, int, str]]] = []

    def walk(j: int, acc: list[tuple[int, int, str]]) -> None:
        while True:
            if len(solutions) >= limit:
                return
            if j == 0:
                solutions.append(acc[::-1])
                return
            if len(preds[j]) > 1:
                break
            j, m = preds[j][0]  # one way back (water, mostly): no branch to recurse into
            if m:
                acc = [*acc, m]
        for i, m in preds[j]:
            walk(i, [*acc, m] if m else acc)

    walk(n, [])
    # water-only differences (where a skipped token falls) are one reading
    unique: list[list[tuple[int, int, str]]] = []
    for sol in solutions:
        if sol not in unique:
            unique.append(sol)
    return unique
