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
    "cells": lambda n: [("cells", n)],
    "foundations": lambda n: [("foundation.count", n)],
    "draw": lambda n: [("turn.count", n)],
    "redeals": lambda n: [("turn.recycle", n)],
}


def named_value_facts(kind: str, number: int) -> list[tuple[str, Any]]:
    """The `(key, value)` facts of a named value of this kind and number (none for a kind
    no rule reads: a grid's rows)."""
    said = FACTS.get(kind)
    return said(number) if said else []
