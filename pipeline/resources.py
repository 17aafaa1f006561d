"""Where the shipped data (grammar/, rules/) lives, in a checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """`grammar` or `rules`: the repository copy when running from a checkout, else the
    copy the wheel installed under `pipeline/_data/`."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
