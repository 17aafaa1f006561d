"""Loading a spec file for the engine's own commands, tests and benchmarks."""

from __future__ import annotations

from pathlib import Path

from pipeline.spec import Spec, load_spec


def load(path: str | Path) -> Spec:
    """The validated spec at `path` (SpecError / InputError when it is not usable)."""
    return load_spec(path)
