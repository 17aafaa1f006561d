"""Ranks, suits and card names: the closed vocabularies every spec field is written in.

Kept apart so the loader, the schema messages and the engine agree on one spelling:
canonical ranks are the integers 1–13, suits the letters S H D C, card names `QS`, `10H`.
"""

from __future__ import annotations

import re

from pipeline.errors import excerpt

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANK_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
_RANK_WORDS: dict[str, int] = {name: r for r, name in RANK_NAMES.items()} | {"T": 10}
ALL_RANKS: tuple[int, ...] = tuple(range(1, 14))
RANK_EXPECTED = "a rank: A, 2-10, J, Q, K (or T for 10, or an integer 1-13)"
_CARD_RE = re.compile(r"^(A|[2-9]|10|T|J|Q|K)([SHDC])$")


def parse_rank(value: object) -> int | None:
    """The rank 1–13 written as `value`, or None when it is not a rank."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 1 <= value <= 13 else None
    if isinstance(value, str):
        if value in _RANK_WORDS:
            return _RANK_WORDS[value]
        if value.isdigit() and 1 <= int(value) <= 13:
            return int(value)
    return None


def parse_card(value: object) -> tuple[int, str] | None:
    """(rank, suit) of a card name such as `QS`, `10H`, `TD`; None when malformed."""
    if not isinstance(value, str):
        return None
    m = _CARD_RE.match(value)
    if not m:
        return None
    return _RANK_WORDS[m.group(1)] if not m.group(1).isdigit() else int(m.group(1)), m.group(2)


def card_name(rank: int, suit: str) -> str:
    """The canonical name of a card: `AS`, `10H`, `QD`."""
    return f"{RANK_NAMES[rank]}{suit}"


def describe(value: object) -> str:
    """A value as a person reads it in an error message: "the string 'two'", "the integer 14"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value:g}"
    if isinstance(value, str):
        return f"the string {excerpt(value)}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__
