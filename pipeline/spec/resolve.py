"""From a command-line word (a file or a shipped game id) to a checked spec, with one-line
errors. `pipeline.engine.loading.load_game` compiles it too."""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.errors import InputError, SpecError
from pipeline.resources import data_dir
from pipeline.spec.loader import load_spec
from pipeline.spec.model import Spec

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9.-]*")


def resolve_spec(arg: str) -> Path:
    """A spec file path, or a game id of the shipped rules (`shah` → rules/shah.yaml,
    `golf` → rules/reference/golf.yaml)."""
    path = Path(arg)
    if path.is_file():
        return path
    if path.is_dir():
        raise InputError("is a directory, not a spec file", path=arg)
    if path.exists():
        raise InputError("not a regular file (a pipe or a device?), not a spec file", path=arg)
    if path.is_symlink():
        raise InputError("a symbolic link to nothing (its target is missing, or a loop)", path=arg)
    if _GAME_ID.fullmatch(arg):
        for where in ("rules", "rules/reference"):
            shipped = data_dir(where) / f"{arg}.yaml"
            if shipped.is_file():
                return shipped
    raise InputError("no such spec file, nor a game id of the shipped rules", path=arg)


def load_checked_spec(arg: str) -> Spec:
    """Load and check a spec (a file or a shipped id). An invalid spec is one line: its
    first problem and how many more there are (`pasyans validate` lists them all)."""
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
