"""The shipped specs the engine benchmarks run over (rules/*.yaml, then rules/reference/)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def specs(only: str | None) -> list[Path]:
    paths = sorted((REPO / "rules").glob("*.yaml")) + sorted(
        (REPO / "rules" / "reference").glob("*.yaml")
    )
    return [p for p in paths if only is None or only in p.stem]


def label(p: Path) -> str:
    return ("reference/" if p.parent.name == "reference" else "") + p.stem
