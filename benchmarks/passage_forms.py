"""What the benchmarks that re-present the development passages in other forms share
(`wrapper_invariance.py`, `variants.py`, `phrase_invariance.py`, `refusal_stress.py`): their
common options, the passages `--passages` keeps, and the run of every passage in every form,
each scored as `wrapper_invariance.score` scores it. One home, so the scripts cannot drift
apart in what `--seed`, `--passages` or `--show` mean.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def options(
    doc: str,
    forms: str,
    metavar: str,
    losses: str,
    default: Sequence[str] | None = None,
    choices: Sequence[str] | None = None,
    forms_help: str | None = None,
) -> argparse.ArgumentParser:
    """The parser with the options every such script takes: `--seed`, `--<forms>` (which
    forms to run), `--passages`, `--losses` (its help `losses`), `--show PASSAGE <metavar>`
    and `--json`; a script adds its own after."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        f"--{forms}",
        nargs="*",
        default=None if default is None else list(default),
        choices=choices,
        help=forms_help,
    )
    ap.add_argument("--passages", nargs="*", help="only these development passages")
    ap.add_argument("--losses", action="store_true", help=losses)
    ap.add_argument("--show", nargs=2, metavar=("PASSAGE", metavar))
    ap.add_argument("--json", action="store_true")
    return ap


def chosen(passages: list, only: list[str] | None) -> list:
    """The passages `--passages` names (all without it), in their order."""
    return [p for p in passages if p.id in set(only)] if only else passages


def scored(
    passages: list,
    forms: Sequence[str],
    make: Callable[[Any, str, int], Any],
    seed: int,
    folder: Path,
    score: Callable[[Any, Any, Path], dict],
) -> dict[str, dict[str, dict]]:
    """{form: {passage id: its score}}: every passage in every form `make(p, form, seed)`
    gives (None: the form does not apply to it), passage by passage."""
    results: dict[str, dict[str, dict]] = {f: {} for f in forms}
    for p in passages:
        for f in forms:
            made = make(p, f, seed)
            if made is not None:
                results[f][p.id] = score(p, made, folder)
    return results
