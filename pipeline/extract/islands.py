"""Parsing one sentence into islands: the Lark Earley parser over lemma tokens.

The grammar is `grammar/core.lark` plus the book's extension (`grammar/books/<book>.lark`),
with two rules generated here from the vocabulary so they never fall out of step with it:
`water` (every terminal but the markers) and the `%declare` of every terminal. Sentences are
parsed clause by clause (a `;` ends a clause), each under a time limit.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError
from lark.lexer import Lexer

from pipeline.extract.tokens import MARKERS, Tok, tokenize, vocabulary
from pipeline.resources import data_dir

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
]
# A clause longer than this (after water runs are collapsed) is not parsed: Earley's cost
# grows with the cube of the length, and no rule sentence of the books comes near it.
MAX_CLAUSE_TOKENS = 160
TIME_LIMIT = 3.0  # seconds per clause


class _PassThrough(Lexer):
    """The tokens are made beforehand (tokens.py); Lark only reads them."""

    def __init__(self, conf) -> None:
        pass

    def lex(self, data, *args):
        yield from data


def grammar_book(book: str | None) -> str | None:
    """The book whose extension applies (None: the core grammar alone)."""
    root = data_dir("grammar") / "books"
    if book and ((root / f"{book}.lark").is_file() or (root / f"{book}.yaml").is_file()):
        return book
    return None


@lru_cache(maxsize=8)
def grammar_text(book: str | None = None) -> str:
    """The full grammar for a book: core, extension, generated water and declarations."""
    root = data_dir("grammar")
    parts = [(root / "core.lark").read_text(encoding="utf-8")]
    if book and (root / "books" / f"{book}.lark").is_file():
        parts.append((root / "books" / f"{book}.lark").read_text(encoding="utf-8"))
    terminals = sorted(set(FIXED_TERMINALS) | vocabulary(book).terminals | MARKERS)
    water = [t for t in terminals if t not in MARKERS]
    parts.append("water.-5: " + " | ".join(water))
    parts.append("%declare " + " ".join(terminals))
    return "\n".join(parts) + "\n"


@lru_cache(maxsize=8)
def parser(book: str | None = None) -> Lark:
    return Lark(
        grammar_text(book),
        parser="earley",
        lexer=_PassThrough,
        ambiguity="resolve",
        propagate_positions=False,
    )


@dataclass(frozen=True)
class Clause:
    """One parsed clause: its tokens and its tree (None with `problem` when not parsed)."""

    toks: tuple[Tok, ...]
    tree: Tree | None
    problem: str | None = None


class _Timeout(Exception):
    pass


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """SIGALRM in the main thread; elsewhere the token cap alone bounds the work."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def fire(signum, frame):
        raise _Timeout

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def clauses(toks: list[Tok]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for t in toks:
        if t.type == "SEMI":
            out.append([])
        else:
            out[-1].append(t)
    return [c for c in out if c]


def parse_clause(toks: list[Tok], book: str | None = None) -> Clause:
    if len(toks) > MAX_CLAUSE_TOKENS:
        return Clause(tuple(toks), None, f"time limit: clause of {len(toks)} tokens")
    if not any(t.type != "W" for t in toks):
        return Clause(tuple(toks), Tree("start", []))
    book = grammar_book(book)
    lark = parser(book)  # built outside the time limit (once per book)
    stream = [
        Token(t.type, str(t.value if t.value is not None else ""), start_pos=i)
        for i, t in enumerate(toks)
    ]
    try:
        with _time_limit(TIME_LIMIT):
            tree = lark.parse(stream)
    except _Timeout:
        return Clause(tuple(toks), None, f"time limit: no parse within {TIME_LIMIT:g} s")
    except LarkError as err:  # cannot happen with total water, but never crash on it
        return Clause(tuple(toks), None, f"no parse: {type(err).__name__}")
    return Clause(tuple(toks), tree)


@lru_cache(maxsize=4096)
def parse_sentence(modern: str, book: str | None = None) -> tuple[Clause, ...]:
    """The clauses of a sentence, parsed (cached: re-ingesting parses nothing twice)."""
    return tuple(parse_clause(c, book) for c in clauses(tokenize(modern, book)))
