"""Reader of a program's named values: the facts a declaration kept as a sentence states
(`COLS = 10.` → ten columns), once `pipeline.segment.named_values` has read what its name
counts. The same facts prose gives for the same rule («десять столбцов», «двумя колодами»),
so the assembler reads them as it reads prose and cites the line of code."""

from __future__ import annotations

from typing import Any

# What a named value counts → the facts it states (its number for `n`).
FACTS = {
    "packs": lambda n: [("decks", n)],
    # a count of columns with no deal said: the layout's count, as «10 столбцов» gives it
    "columns": lambda n: [("tableau.count_said", {"noun": "COLUMN", "count": n})],
    # piles counted with no place named (`PILES_AMOUNT = 7`): the tableau's, as columns
    "piles": lambda n: [("tableau.count_said", {"noun": "COLUMN", "count": n})],
    "cells": lambda n: [("cells", n)],
    "foundations": lambda n: [("foundation.count", n)],
    "draw": lambda n: [("turn.count", n)],
    "redeals": lambda n: [("turn.recycle", n)],
    # rules a construct of the code states (`pipeline.segment.code_rules`)
    "build_down": lambda n: [("build.direction", "down")],
    "build_up": lambda n: [("build.direction", "up")],
    "build_alternate": lambda n: [("build.suit", "alternate")],
    "build_suited": lambda n: [("suit.same", True)],
    "foundation_suited": lambda n: [("suit.same", True)],
    "space_rank": lambda n: [("build.empty", n)],
    "base_rank": lambda n: [("foundation.cards", [n])],
    "deal_triangle": lambda n: [
        ("tableau.shape", {"noun": "COLUMN", "count": n}),
        ("deal.triangle", True),
    ],
    "deal_last_up": lambda n: [("deal.face", "down-but-last")],
    "deal_piles": lambda n: [("tableau.shape", {"noun": "COLUMN", "count": n})],
    "deal_each": lambda n: [("deal.per_pile", n)],
    "deal_all": lambda n: [("deal.until_empty", True)],
    "deal_rows": lambda n: [("deal.next_round", "stuck")],
    "space_any": lambda n: [("fill.sources", ["talon", "tableau"])],
    "build_down_any": lambda n: [("build.direction", "down"), ("suit.any", True)],
    "build_up_any": lambda n: [("build.direction", "up"), ("suit.any", True)],
    "build_run": lambda n: [("build.run", True)],
    "turn_back": lambda n: [("turn.back", True)],
}
# The place a kind's suit rule is said of (as «в столбцах … в масть» places it in prose).
PLACES = {
    "build_suited": "COLUMN",
    "foundation_suited": "FOUNDATION",
    "build_down_any": "COLUMN",
    "build_up_any": "COLUMN",
}
# The prose island a kind's facts are read as where the assembler asks which one said them
# (any card into a space, as «в пустой столбец можно положить любую карту» says it).
ISLANDS = {"space_any": "fill_any"}


def named_value_place(kind: str) -> str | None:
    """The place a named value's suit rule is said of, if any."""
    return PLACES.get(kind)


def named_value_facts(kind: str, number: int) -> list[tuple[str, Any]]:
    """The `(key, value)` facts of a named value of this kind and number (none for a kind
    no rule reads: a grid's rows)."""
    said = FACTS.get(kind)
    if said is None and kind.startswith("uneven_"):
        # `deal_first_4_by_6_rest = 5.`: the first 4 piles get 6 cards, the others 5
        first, more = (int(x) for x in kind.split("_")[1:])
        return [("deal.uneven", {"first": first, "more": more, "rest": number})]
    return said(number) if said else []


def named_value_island(kind: str) -> str:
    """The island a named value's facts are said to come from."""
    return ISLANDS.get(kind, "named_value")
