"""From command-line words to a compiled game and a seed, with one-line errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pipeline.errors import InputError, SpecError, UsageError, excerpt
from pipeline.resources import data_dir

DEFAULT_SEED = 1
MAX_SEED = 2**64 - 1
_GAME_ID = re.compile(r"[a-z0-9][a-z0-9.-]*")


def parse_seed(text: str | None, default: int | None = DEFAULT_SEED) -> int | None:
    """`--seed` as given on the command line; a seed is a whole number 0 … 2**64-1, so the
    same seed deals the same cards everywhere (SplitMix64)."""
    if text is None:
        return default
    try:
        seed = int(text.strip())
    except ValueError:
        seed = -1
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to 2**64-1, not {excerpt(text)}")
    return seed


def resolve_spec(arg: str) -> Path:
    """A spec file path, or a game id of the shipped rules (`shah` → rules/shah.yaml,
    `golf` → rules/reference/golf.yaml)."""
    path = Path(arg)
    if path.is_file():
        return path
    if path.exists():
        raise InputError("not a spec file (a directory?)", path=arg)
    if _GAME_ID.fullmatch(arg):
        for where in ("rules", "rules/reference"):
            shipped = data_dir(where) / f"{arg}.yaml"
            if shipped.is_file():
                return shipped
    raise InputError("no such spec file, nor a game id of the shipped rules", path=arg)


def load_checked_spec(arg: str) -> Any:
    """Load and check a spec (a file or a shipped id). An invalid spec is one line: its
    first problem and how many more there are (`pasyans validate` lists them all)."""
    from pipeline.spec import load_spec

    path = resolve_spec(arg)
    try:
        return load_spec(path)
    except SpecError as err:
        problems = err.errors or [err]
        first = problems[0]
        more = len(problems) - 1
        tail = f" (and {more} more; see `pasyans validate {arg}`)" if more else ""
        raise SpecError(
            f"{first.message}{tail}",
            path=first.path or str(path),
            line=first.line,
            column=first.column,
            key_path=first.key_path,
        ) from None


def load_game(arg: str) -> Any:
    """Load, check and compile a spec (errors as `load_checked_spec`)."""
    spec = load_checked_spec(arg)
    from pipeline.engine import compile_game  # after the spec: a bad spec needs no engine

    return compile_game(spec)


def title(game: Any, seed: int | None) -> str:
    """`shah (cadogan) · seed 7`: what is on the table and how to deal it again."""
    name = str(game.spec_id)
    variant = getattr(game, "variant", None)
    if variant:
        name += f" ({variant})"
    return name if seed is None else f"{name} · seed {seed}"
