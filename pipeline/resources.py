"""Where the shipped data (grammar/, rules/) lives, in a checkout and in an installed wheel."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """`grammar` or `rules`: the repository copy when running from a checkout, else the
    copy the wheel installed under `pipeline/_data/`."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def lasting(value: T) -> T:
    """`value`, a table just loaded that lives as long as the process (a lexicon, the word
    forms, the grammar's islands and their patterns), after everything alive is set aside from
    the cyclic garbage collector (`gc.freeze`). A full collection walks every object it
    watches: ~0.04 CPU s once these are loaded, and the caches that fill while texts are read
    start one whenever they have grown by a quarter of what the last one kept (loading itself
    starts several). Frozen objects are still freed when no longer referenced; only a cycle
    of garbage alive at a freeze stays."""
    gc.freeze()
    return value
