"""Extraction of every ingested game at once (what `pasyans ingest` runs after collation)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from pipeline.extract import extract_game
from pipeline.extract.output import coverage_dict, files_for


@dataclass(frozen=True)
class Row:
    game: str
    sentences: int
    understood: int
    defaults: int
    variants: int
    f1: float | None  # against the curated spec of the same id, when the project has one


@dataclass(frozen=True)
class Batch:
    files: dict[str, str]  # file name -> spec text
    rows: tuple[Row, ...]

    def summary(self, out: Path, changed: bool) -> str:
        head = (
            f"extracted draft specs: written to {out}/"
            if changed
            else f"extracted draft specs: {out}/ already up to date"
        )
        lines = [head]
        for r in self.rows:
            score = f", field F1 {r.f1:.3f} against rules/{r.game}.yaml" if r.f1 is not None else ""
            lines.append(
                f"  {r.game:<14} {r.understood}/{r.sentences} rule sentences understood, "
                f"{r.defaults} fields by default, {r.variants} variant reading(s){score}"
            )
        if any(r.f1 is not None for r in self.rows):
            lines.append(f"  (play agreement: pasyans score {out}/GAME.yaml GAME)")
        return "\n".join(lines)


def _curated_f1(game: str, draft) -> float | None:
    from pipeline.errors import SpecError
    from pipeline.extract.score import field_score
    from pipeline.resources import data_dir
    from pipeline.spec import load_spec

    curated = data_dir("rules") / f"{game}.yaml"
    if not curated.is_file():
        return None
    try:
        return field_score(draft, load_spec(curated)).f1
    except SpecError:  # a curated spec being edited is no reason to stop the ingest
        return None


@lru_cache(maxsize=64)
def _extract_text(text: str, raw_dir: str | None) -> tuple[dict[str, str], Row]:
    ex = extract_game(yaml.safe_load(text), Path(raw_dir) if raw_dir else None)
    cov = coverage_dict(ex)
    row = Row(
        ex.game,
        cov["sentences"],
        cov["understood"],
        len(ex.gaps),
        len(ex.variants),
        _curated_f1(ex.game, ex.checked),
    )
    return files_for(ex), row


def extract_files(game_files: dict[str, str], raw_dir: Path | None) -> Batch:
    """Deterministic: games in file-name order; the same game text gives the same files."""
    files: dict[str, str] = {}
    rows = []
    for name in sorted(game_files):
        f, row = _extract_text(game_files[name], str(raw_dir) if raw_dir else None)
        files.update(f)
        rows.append(row)
    return Batch(files, tuple(rows))
