"""Extraction of every ingested game at once (what `pasyans ingest` runs after collation)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.extract import extract_game
from pipeline.extract.output import coverage_dict, files_for
from pipeline.extract.quotes import Scans


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


def _extract(game: dict[str, Any], scans: Scans | None) -> tuple[dict[str, str], Row]:
    ex = extract_game(game, scans)
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


# A game's extraction is a function of its game file's text and its witnesses' raw texts:
# an ingest run again in the same process extracts only the games that changed.
_DONE: OrderedDict[tuple, tuple[dict[str, str], Row]] = OrderedDict()
_DONE_MAX = 64


def _witness_texts(game: dict[str, Any], scans: Scans | None) -> tuple:
    if scans is None:
        return ()
    out = []
    for w in game.get("witnesses", []):
        scan = scans.get(w["source"])
        out.append((w["source"], scan.raw if scan is not None else None))
    return tuple(out)


def extract_files(
    game_files: dict[str, str], games: dict[str, dict[str, Any]], scans: Scans | None
) -> Batch:
    """Draft specs of every game: `games` are the game files' data by file name (the same
    games as the texts `game_files`), `scans` their witnesses' scans. Deterministic: games
    in file-name order; the same game text and scans give the same files."""
    files: dict[str, str] = {}
    rows = []
    for name in sorted(game_files):
        key = (game_files[name], _witness_texts(games[name], scans))
        got = _DONE.get(key)
        if got is None:
            got = _DONE[key] = _extract(games[name], scans)
            if len(_DONE) > _DONE_MAX:
                _DONE.popitem(last=False)
        else:
            _DONE.move_to_end(key)
        f, row = got
        files.update(f)
        rows.append(row)
    return Batch(files, tuple(rows))
