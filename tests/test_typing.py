"""`pipeline/` type-checks: mypy, as `pyproject.toml` configures it, finds no error.

mypy keeps its incremental cache in the temporary directory (one per checkout), so a run on a
tree that changed little re-checks only what changed; a cold run (CI) checks all of it."""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.heavy
def test_pipeline_type_checks() -> None:
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (the `dev` extra has it)")
    tag = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    cache = Path(tempfile.gettempdir()) / f"pasyans-mypy-{tag}"
    out, err, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            "--no-error-summary",
            str(ROOT / "pipeline"),
        ]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "\n".join(errors[:40]) or out + err
