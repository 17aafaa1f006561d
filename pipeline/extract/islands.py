"""Parsing one sentence into islands: the Lark Earley parser over lemma tokens.

The grammar is `grammar/core.lark` plus the book's extension (`grammar/books/<book>.lark`),
with two rules generated here from the vocabulary so they never fall out of step with it:
`water` (every terminal but the markers) and the `%declare` of every terminal. Sentences are
parsed clause by clause (a `;` ends a clause), each under a time limit.

Two ways to parse a clause, with the same islands on the corpus (tested):
- `earley`: Lark's Earley parser over the whole clause, islands in water, priorities
  choosing the parse with the most island tokens. This is the grammar's meaning, and the
  reference; it costs milliseconds per token (it predicts every island at every token).
- `scan` (default): `scanner.py` compiles the same island rules (Lark's own parse of the
  grammar) to regular expressions over token codes and keeps the non-overlapping matches
  that cover the most tokens. `island_tree` gives the Earley tree of any island found.
"""

from __future__ import annotations

import importlib
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError
from lark.grammar import NonTerminal, RuleOptions
from lark.load_grammar import load_grammar

from pipeline.extract.scanner import Compiled, Plan, compile_islands, plan, scan, select
from pipeline.extract.tokens import MARKERS, Tok, book_key, closed, tokenize, vocabulary
from pipeline.resources import data_dir, lasting
from pipeline.segment.named_values import PassThrough

FIXED_TERMINALS = [
    "W",
    "NUM",
    "ORD",
    "RANK",
    "SUIT",
    "ROMAN",
    "COMMA",
    "SEMI",
    "COLON",
    "LPAR",
    "RPAR",
    "DASH",
    "NUMBER_SIGN",
    "STOP",
    "CLEAR",  # a verb of clearing addressed to the player (tokens._addressed)
    "AT_ONCE",  # «сразу», «за раз» beside the cards drawn from the stock (tokens._at_once)
    "NEXT_PASS",  # «потом (по N)»: one more pass of fewer cards (passes.later_passes)
    "FEWER",  # «(в каждой следующей сдаче) на одну карту меньше» (passes.fewer_each)
    "NOUN",  # a noun of water a numeral counts («три игрока колоды»: governed.governed_nouns)
    "AT_START",  # «в начале игры» where the whole pack lies at the start (tokens._pack_at_start)
]
# A clause longer than this (after water runs are collapsed) is not parsed: Earley's cost
# grows with the cube of the length, and no rule sentence of the books comes near it.
MAX_CLAUSE_TOKENS = 160
TIME_LIMIT = 3.0  # seconds per clause
_PLAIN = RuleOptions()


@lru_cache(maxsize=8)
def grammar_text(book: str | None = None) -> str:
    """The full grammar for a book: core, extension, generated water and declarations."""
    root = data_dir("grammar")
    parts = [(root / "core.lark").read_text(encoding="utf-8")]
    if book and (root / "books" / f"{book}.lark").is_file():
        parts.append((root / "books" / f"{book}.lark").read_text(encoding="utf-8"))
    names = terminals(book)
    water = [t for t in names if t not in MARKERS]
    parts.append("water.-5: " + " | ".join(water))
    parts.append("%declare " + " ".join(names))
    return "\n".join(parts) + "\n"


def terminals(book: str | None = None) -> tuple[str, ...]:
    return tuple(sorted(set(FIXED_TERMINALS) | vocabulary(book).terminals | MARKERS))


@lru_cache(maxsize=8)
def parser(book: str | None = None, island: str | None = None) -> Lark:
    """Earley over the book's grammar; start symbols: `start` and every island, or `island`
    alone (the same rules and trees, built in about half the CPU: 1.2 s against 2.1 here)."""
    grammar, _ = load_grammar(grammar_text(book), "<pasyans>", [], False)
    grammar.rule_defs = _factored(grammar.rule_defs)
    return Lark(
        grammar,
        parser="earley",
        lexer=PassThrough,
        ambiguity="resolve",
        start=[island] if island else ["start", *compiled(book).names],
    )


def _factored(rule_defs: list) -> list:
    """The same grammar with every optional, repeated or grouped part of a rule moved into a
    rule of its own (`_f<n>`, inlined in trees). Lark turns EBNF into plain rules by
    multiplying out alternatives and `?` (an island with ten optional parts becomes 1,024
    rules, all predicted at every token); factored, the rules grow linearly and the Earley
    parse stays fast. The language and the trees are unchanged."""
    out: list = []
    counter = iter(range(1_000_000))

    def hoist(tree: Tree) -> Tree:
        for expansion in tree.children:
            for i, part in enumerate(expansion.children):
                if not (isinstance(part, Tree) and part.data in ("expr", "expansions")):
                    continue
                if part.data == "expr":  # x? x* x+: its own rule, the operand factored too
                    operand = part.children[0]
                    if isinstance(operand, Tree) and operand.data == "expansions":
                        part.children[0] = hoist(operand)
                    body = Tree("expansions", [Tree("expansion", [part])])
                else:  # a group of alternatives
                    body = hoist(part)
                name = f"_f{next(counter)}"
                out.append((Token("RULE", name), (), body, _PLAIN))
                expansion.children[i] = Tree("value", [NonTerminal(name)])
        return tree

    for name, params, tree, options in rule_defs:
        out.append((name, params, hoist(tree), options))
    return out


@lru_cache(maxsize=8)
def compiled(book: str | None = None) -> Compiled:
    """The book's islands as regular expressions over token codes (`scanner.py`)."""
    return lasting(compile_islands(grammar_text(book), terminals(book)))


@dataclass(frozen=True)
class Clause:
    """One parsed clause: its tokens and its tree (None with `problem` when not parsed)."""

    toks: tuple[Tok, ...]
    tree: Tree | None
    problem: str | None = None
    alternative: Tree | None = None  # a second reading with as many island tokens


class _Timeout(Exception):
    pass


# The C module under `signal` (CPython's): its `signal` hands the old handler back as it is,
# where `signal.signal` first tries to make it a `Handlers` member, which for a function
# fails with an exception caught inside: ~4 of the ~6 µs the limit costs a clause.
_SIGNALS = importlib.import_module("_signal") if hasattr(signal, "_signal") else signal


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """A limit on the CPU time of this process (SIGVTALRM), in the main thread; elsewhere
    the token cap alone bounds the work. CPU time, not wall time: on a loaded machine a
    clock limit would drop clauses that parse in milliseconds of CPU, and the same text
    would give another draft."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def fire(signum, frame):
        raise _Timeout

    old = _SIGNALS.signal(signal.SIGVTALRM, fire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        _SIGNALS.signal(signal.SIGVTALRM, old)


def _absent_pack(clause: list[Tok]) -> bool:
    """«Колоды (для добора) нет;»: a clause saying the pack to draw from is absent."""
    return (
        len(clause) >= 2
        and clause[-1].type == "NEG"
        and clause[-1].value == "нет"
        and any(t.type == "DECK" for t in clause)
    )


def clauses(toks: list[Tok]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for t in toks:
        if t.type == "SEMI":
            if _absent_pack(out[-1]):
                out[-1].append(t)  # closed as a sentence is, so `all_dealt` reads it
            out.append([])
        else:
            out[-1].append(t)
    return [c for c in out if c]


def _stream(toks: list[Tok], offset: int = 0) -> list[Token | Tree]:
    return [
        Token(t.type, str(t.value if t.value is not None else ""), start_pos=offset + i)
        for i, t in enumerate(toks)
    ]


def parse_clause(toks: list[Tok], book: str | None = None, mode: str = "scan") -> Clause:
    if len(toks) > MAX_CLAUSE_TOKENS:
        return Clause(tuple(toks), None, f"time limit: clause of {len(toks)} tokens")
    if not any(t.type != "W" for t in toks):
        return Clause(tuple(toks), Tree("start", []))
    book = book_key(book)
    # what needs building is built outside the time limit (once per book)
    lark = parser(book) if mode == "earley" else None
    comp = compiled(book)
    planned = plan(comp, [t.type for t in toks]) if lark is None else None  # compiles
    alternative = None
    try:
        with _time_limit(TIME_LIMIT):
            if lark is not None:
                tree = lark.parse(_stream(toks), start="start")
            else:
                tree, alternative = _scan_parse(comp, toks, planned)
    except _Timeout:
        return Clause(tuple(toks), None, f"time limit: no parse within {TIME_LIMIT:g} s")
    except LarkError as err:  # cannot happen with total water, but never crash on it
        return Clause(tuple(toks), None, f"no parse: {type(err).__name__}")
    return Clause(tuple(toks), tree, alternative=alternative)


def _scan_parse(
    comp: Compiled, toks: list[Tok], planned: Plan | None = None
) -> tuple[Tree, Tree | None]:
    """The clause as the Earley parse shapes it (start -> island | loose, water left out),
    with each island's tokens under its rule name; and a second reading when the grammar
    gives two with as many island tokens."""
    readings = select(scan(comp, [t.type for t in toks], planned), len(toks))
    trees = [_tree(toks, chosen) for chosen in readings]
    return trees[0], (trees[1] if len(trees) > 1 else None)


def _tree(toks: list[Tok], chosen: list[tuple[int, int, str]]) -> Tree:
    children: list[Tree] = []
    pos = 0
    for start, end, name in [*chosen, (len(toks), len(toks), "")]:
        for i in range(pos, start):  # water is left out; markers in it are `loose`
            if toks[i].type in MARKERS:
                children.append(Tree("loose", _stream([toks[i]], i)))
        if name:
            children.append(Tree("island", [Tree(name, _stream(toks[start:end], start))]))
        pos = end
    return Tree("start", children)


def island_tree(toks: list[Tok], name: str, book: str | None = None) -> Tree:
    """Lark's Earley parse of one island's tokens (golden trees, and a check of the scanner)."""
    return parser(book_key(book), name).parse(_stream(toks), start=name)


@lru_cache(maxsize=4096)
def parse_sentence(
    modern: str,
    book: str | None = None,
    mode: str = "scan",
    entry: str | None = None,
    names: tuple = (),
) -> tuple[Clause, ...]:
    """The clauses of a sentence, parsed (cached: re-ingesting parses nothing twice);
    `entry` and `names` as in `tokenize`; a sentence with no closing mark as
    `tokens.closed` closes it."""
    toks = closed(tokenize(modern, book, entry, names), modern)
    return tuple(parse_clause(c, book, mode) for c in clauses(toks))
