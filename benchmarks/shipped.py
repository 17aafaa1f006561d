"""The shipped specs the engine benchmarks run over (rules/*.yaml, then rules/reference/)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def specs(only: str | None) -> list[Path]:
    paths = sorted((REPO / "rules").glob("*.yaml")) + sorted(
        (REPO / "rules" / "reference").glob("*.yaml")
    )
    return [p for p in paths if only is None or only in p.stem]


def label(p: Path) -> str:
    return ("reference/" if p.parent.name == "reference" else "") + p.stem


def identity_options(ap: argparse.ArgumentParser) -> None:
    """The options both identity benchmarks take: which specs, save or compare, which code."""
    ap.add_argument("--only")
    ap.add_argument("--save")
    ap.add_argument("--compare")
    ap.add_argument("--engine", help="take the package from this checkout")


def use_engine(engine: str | None) -> None:
    """Import `pipeline` from another checkout (`--engine DIR`), else from this one."""
    sys.path.insert(0, str(Path(engine).resolve() if engine else REPO))


def save_or_compare(out: dict, save: str | None, compare: str | None) -> int:
    """Write the per-spec results (`--save`), or print how they differ from saved ones
    (`--compare`): 1 when any spec differs."""
    if save:
        Path(save).write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    if not compare:
        return 0
    old = json.loads(Path(compare).read_text())
    diff = [k for k in sorted(set(old) | set(out)) if old.get(k) != out.get(k)]
    for k in diff:
        print(f"DIFFERENT {k}:\n  before {old.get(k)}\n  after  {out.get(k)}")
    print(f"{len(out) - len(diff)}/{len(out)} specs identical")
    return 1 if diff else 0
