"""How cards are drawn: glyphs or ASCII, with or without ANSI colour.

The decision to colour is made once, from the command line and the environment, so the
drawing code never looks at the terminal itself (and tests can ask for either form).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TextIO

# Segment styles used by the canvas; the ANSI codes that draw them when colour is on.
RED = "red"  # hearts and diamonds
BACK = "back"  # face-down cards
DIM = "dim"  # empty piles and counts
ANSI: dict[str, str] = {RED: "\x1b[31m", BACK: "\x1b[34m", DIM: "\x1b[2m"}
RESET = "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Style:
    """`color`: emit ANSI colour; `ascii`: `QS` instead of `Q♠`, `##` instead of `░░`."""

    color: bool = False
    ascii: bool = False


def color_wanted(
    mode: str, stream: TextIO | None = None, environ: Mapping[str, str] | None = None
) -> bool:
    """`always`/`never`, or `auto`: only on a TTY whose `TERM` is not `dumb` and when
    `NO_COLOR` is unset or empty (https://no-color.org)."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):  # a closed or detached stream
        return False
