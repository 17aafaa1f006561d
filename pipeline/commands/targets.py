"""What `extract` and `coverage` read for a target they are given: an ingested game file, a
raw text ingested on the spot, or a game id of the ingested games directory; and the scans
the games' spans point into. Heavy imports only where a target needs them (a game id loads
no segmenter)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.extract.quotes import Scans


def raw_beside(games_dir: str | Path) -> Path | None:
    """The raw scans an ingested games directory's spans point into: `raw/` beside it."""
    raw = Path(games_dir).parent / "raw"
    return raw if raw.is_dir() else None


def load_targets(target: str, games_dir: str) -> tuple[list[dict], Scans | Path | None]:
    """Game dicts for a target, and their scans (`pipeline.extract.extract_game`): in memory
    for a raw text ingested here, else the directory of the raw scans their spans point into."""
    from pipeline.errors import InputError
    from pipeline.inputs import read_input
    from pipeline.segment.reader import load_game

    path = Path(target)
    if path.exists():
        head = read_input(path, 63, "game file or text")  # 64 bytes: a read error names the file
        if head.startswith(b"format: pasyans-game/1"):
            return [load_game(path)], raw_beside(path.parent)
        from pipeline.ingest import build

        result = build([path])
        by_file = result.by_file()
        games = [by_file[name] for name in sorted(by_file)]
        if not games:
            raise InputError("no game found", path=target)
        return games, result.scans
    if "/" in target or target.endswith((".yaml", ".txt")):
        raise InputError("no such file", path=target)
    game_file = Path(games_dir) / f"{target}.yaml"
    if not game_file.is_file():
        raise InputError(f"no ingested game {target!r} (run `pasyans ingest`)", path=str(game_file))
    return [load_game(game_file)], raw_beside(games_dir)
