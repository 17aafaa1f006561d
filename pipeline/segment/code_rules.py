"""Rules a program states by its structure: a deal loop, a comparison of two cards, a test of
an empty pile, an example a test asserts, a setting of words (`build: 'alternate-colour'`;
`pipeline.segment.named_values` reads the rules it states by names).

Many solitaire programs state their layout and their building only in code: the tableau is
dealt by two nested loops (`for (i = 0; i < 7; i++) for (j = 0; j <= i; j++) piles[i].push(
deck.pop())`: seven piles of one to seven cards, `card.faceUp = (j === i)`: only the last
face up), and a move is checked by a comparison (`isRed(card) !== isRed(top) && card.rank ===
top.rank - 1`: down in alternate colours; `if (!pile.length) return card.rank === "K"`: only a
king into a space). The modules beside this one read such constructs over the tokens of the
source (and, for loops, over its lines), the same way in every C-like language (JS/TS, Java,
C#, C/C++, Kotlin, Swift, Dart, PHP) and in Python, one module per construct: `code_moves`
(comparisons in move checks), `code_empty` (the card an empty pile takes), `code_deals` (deal
loops), `code_stock` (the waste turned back, redeals, draws), `code_made` (piles and packs
made), on what they share: `code_source` (tokens, blocks, places), `code_operands` (a side
of a comparison), `code_loops` (counted loops). This module names the statements they make
and gathers them. Lisp forms (AisleRiot's Scheme: `(= (get-value card) (+ 1 (get-value
top)))`) are not read: their comparisons and deal lists state nothing here.

Each construct is read only whole, and only where its place says whose rule it is: a
comparison counts only inside a check of a move (a function or a branch whose name says
what it checks: `canMoveToTableau`, `class Tableau … IsCorrectMove`, `if (dest ==
'foundation')`), and only when the cards compared are told apart (the target is the pile's
top card: `top = pile[pile.length - 1]`, `GetTopCard()`, `targetCard`). A construct it
cannot read, or read in a place that names no pile or two, states nothing: a wrong rule is
worse than a missing one. What it reads is kept by `reading_text` (`pipeline.segment.code`)
as a statement in the place of the code that says it (`build_down = 1.`), which the grammar
stage reads through `named_values.statement`, as it reads a named value, and cites on that
line of the file.
"""

from __future__ import annotations

import re

from pipeline.segment.code_clauses import clauses
from pipeline.segment.code_deals import (
    deal_loops,
    dealt_ranges,
    listed_sizes,
    own_deals,
    whole_pack_deals,
)
from pipeline.segment.code_empty import empty_piles, foundation_ranges
from pipeline.segment.code_examples import examples_said, face_counts
from pipeline.segment.code_made import (
    array_piles,
    counted_cards,
    counted_columns,
    made_deck,
    made_piles,
)
from pipeline.segment.code_moves import bounds, comparisons, sized_bases
from pipeline.segment.code_order import forward
from pipeline.segment.code_settings import settings
from pipeline.segment.code_source import Said, Source, function_line, line_span, sigils_dropped
from pipeline.segment.code_stock import draws, turned_back

__all__ = ["LAYOUT_KINDS", "STATEMENTS", "Said", "code_statement", "read"]

# What each statement the reading text keeps states: its name → kind (the number is its value).
STATEMENTS = {
    "build_down": "build_down",  # the tableau built down by one
    "build_up": "build_up",
    "build_alt_colour": "build_alternate",  # in alternate colours
    "build_suited": "build_suited",  # in suit
    "space_rank": "space_rank",  # only this rank into an empty tableau pile
    "base_rank": "base_rank",  # the foundations begin with this rank
    "found_suited": "foundation_suited",  # the foundations built in suit
    "deal_triangle": "deal_triangle",  # N piles of 1 … N cards
    "deal_last_up": "deal_last_up",  # each pile face down but its last card
    "deal_piles": "deal_piles",  # N piles dealt (their cards another statement says)
    "deal_each": "deal_each",  # N cards to each pile dealt
    "deal_all": "deal_all",  # the whole pack dealt onto the piles in turn
    "deal_rows": "deal_rows",  # a row dealt from the stock onto every pile when asked
    "space_any": "space_any",  # any card into an empty tableau pile
    "build_down_any": "build_down_any",  # down by one, the suit not compared at all
    "build_up_any": "build_up_any",
    "build_run": "build_run",  # runs move whole (the first card of several is checked)
    "turn_back": "turn_back",  # the waste turned back into the stock
    "redeal_limit": "redeals",  # how often (a counter compared with a number)
    "draw": "draw",  # cards turned from the stock at a time
    "made_columns": "columns",  # N tableau piles made empty before the deal
    "made_foundations": "foundations",
    "made_cells": "cells",
    "made_packs": "packs",  # the packs a loop over suits and ranks makes
}

# The kinds of statement that lay out the cards, not how they move (`lays_out`).
LAYOUT_KINDS = frozenset(
    {
        "deal_triangle",
        "deal_last_up",
        "deal_piles",
        "deal_each",
        "deal_all",
        "columns",
        "foundations",
        "cells",
        "packs",
    }
)


def lays_out(kind: str) -> bool:
    """Whether a statement of this kind lays out the cards (`LAYOUT_KINDS`, an uneven deal's
    `uneven_N_M`) rather than saying how they move: what `finding.program_states_rules` does
    not count as a rule of play. A row dealt from the stock when asked (`deal_rows`) is a
    move of play, as a draw is."""
    return kind in LAYOUT_KINDS or kind.startswith("uneven_")


# the uneven deal, and its short spelling where its construct's line is short (`Said.short`)
_UNEVEN = re.compile(r"^deal_(?:first_(\d{1,2})_by_(\d{1,2})_rest|(\d{1,2})_by_(\d{1,2}))$")


def code_statement(name: str) -> str | None:
    """The kind of rule a statement of this name states (`build_down` → build_down,
    `deal_first_4_by_6_rest` and its short spelling `deal_4_by_6` → uneven_4_6), None for
    any other name."""
    if name in STATEMENTS:
        return STATEMENTS[name]
    m = _UNEVEN.match(name)
    if m is None:
        return None
    first, more = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return f"uneven_{first}_{more}"


def read(text: str) -> list[Said]:
    """Every rule the constructs of a source state (see the module docstring)."""
    # `7 > i` read as `i < 7`, PHP's `$this->x` as `this.x`: one spelling for every reader
    src = Source(forward(sigils_dropped(text)))
    said = deal_loops(src)
    src.dealt = dealt_ranges(src, said)
    src.aces = foundation_ranges(src)
    said += comparisons(src) + empty_piles(src) + turned_back(src)
    said += draws(src) + made_piles(src) + made_deck(src) + sized_bases(src)
    said += whole_pack_deals(src) + bounds(src) + own_deals(src) + listed_sizes(src)
    said += examples_said(src) + settings(src.text)
    # the tableau's numbers a check's range told from the foundations' (`colToNum < 7`)
    said += [
        Said("made_columns", hi - lo + 1, t.line, *line_span(src.lines[t.line]))
        for lo, hi, t in sorted(src.numbered, key=lambda x: (x[2].line, x[2].col))[:1]
        if 2 <= hi - lo + 1 <= 13
    ]
    # a check's clauses (Haskell, Elixir, Erlang): what no comparison of a line said already
    lines_said = {(s.name, s.line) for s in said}
    said += [c for c in clauses(src.text) if (c.name, c.line) not in lines_said]
    if not any(s.name == "made_packs" for s in said):
        said += counted_cards(src)
    if not any(s.name in ("made_columns", "deal_piles", "deal_triangle") for s in said):
        said += counted_columns(src)
    if not any(s.name in ("made_columns", "deal_piles", "deal_triangle") for s in said):
        said += array_piles(src)
    # a test's count of the cards face up, one a pile: each pile's last card face up
    piles = {s.value for s in said if s.name in ("deal_piles", "deal_triangle", "made_columns")}
    if len(piles) == 1 and not any(s.name == "deal_last_up" for s in said):
        said += face_counts(src, piles.pop())
    # a space restricted to one rank in a check (`if (!pile.length && card.rank !== 13)
    # return false;`) is not opened to any card by a later `if (!pile.length) return true;`
    ranked = {function_line(src, s.line) for s in said if s.name == "space_rank"} - {-1}
    said = [s for s in said if s.name != "space_any" or function_line(src, s.line) not in ranked]
    seen: set[tuple[str, int, int]] = set()
    out = []
    for s in said:
        if (s.name, s.line, s.col) not in seen:
            seen.add((s.name, s.line, s.col))
            out.append(s)
    return out
