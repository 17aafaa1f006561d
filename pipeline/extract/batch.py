"""Extraction of every ingested game at once (what `pasyans ingest` runs after collation)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from pipeline.extract import extract_game
from pipeline.extract.output import coverage_dict, files_for


@dataclass(frozen=True)
class Batch:
    files: dict[str, str]  # file name -> spec text
    rows: tuple[
        tuple[str, int, int, int, int], ...
    ]  # game, sentences, understood, defaults, variants

    def summary(self, out: Path, changed: bool) -> str:
        head = (
            f"extracted draft specs: written to {out}/"
            if changed
            else f"extracted draft specs: {out}/ already up to date"
        )
        lines = [head]
        for game, n, ok, defaults, variants in self.rows:
            lines.append(
                f"  {game:<14} {ok}/{n} rule sentences understood, "
                f"{defaults} fields by default, {variants} variant reading(s)"
            )
        return "\n".join(lines)


@lru_cache(maxsize=64)
def _extract_text(text: str, raw_dir: str | None) -> tuple[dict[str, str], tuple]:
    ex = extract_game(yaml.safe_load(text), Path(raw_dir) if raw_dir else None)
    cov = coverage_dict(ex)
    row = (ex.game, cov["sentences"], cov["understood"], len(ex.gaps), len(ex.variants))
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
