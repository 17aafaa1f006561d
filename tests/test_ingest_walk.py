"""The walk from raw text to draft spec (`pipeline.ingest`) goes one way: each scan is read and
normalized once, extraction takes the collated games as data and the scans' offset maps as
ingest made them, and the result is the same as extracting the written game file."""

from __future__ import annotations

from pathlib import Path

import pipeline.ingest as ingest
from pipeline.extract import extract_game, quotes
from pipeline.extract.output import files_for

RAW = Path(__file__).resolve().parent.parent / "corpus" / "raw"
SOURCE = RAW / "002_0c8a9b228d398a9e.txt"  # Pujol's dense column: one game, one witness


def test_each_scan_is_normalized_once_and_the_games_go_to_extraction_as_data(
    monkeypatch,
) -> None:
    from collections import OrderedDict

    import pipeline.extract.batch as batch_module

    normalized = []
    real_normalize = ingest.normalize
    monkeypatch.setattr(
        ingest,
        "normalize",
        lambda t, s, **kw: normalized.append(s) or real_normalize(t, s, **kw),
    )

    def no_reading(path: str) -> None:
        raise AssertionError(f"extraction read a scan again: {path}")

    monkeypatch.setattr(quotes, "_read_scan", no_reading)
    handed = []
    real_extract = batch_module.extract_game
    monkeypatch.setattr(
        batch_module,
        "extract_game",
        lambda game, scans: handed.append((game, scans)) or real_extract(game, scans),
    )
    monkeypatch.setattr(batch_module, "_DONE", OrderedDict())  # no earlier test's result
    result = ingest.build([SOURCE])
    batch = ingest.extract(result)
    assert normalized == [SOURCE.stem]
    assert [(g is result.games[0], s is result.scans) for g, s in handed] == [(True, True)]
    assert result.scans[SOURCE.stem].raw == SOURCE.read_text(encoding="utf-8")
    assert sorted(batch.files) == ["dense-column.yaml"]
    assert [(r.game, r.sentences, r.understood) for r in batch.rows] == [("dense-column", 10, 10)]


def test_in_memory_extraction_is_that_of_the_written_game_file(tmp_path) -> None:
    result = ingest.build([SOURCE])
    batch = ingest.extract(result)
    games = tmp_path / "games"
    ingest.write_games(games, result.files)
    from pipeline.segment.reader import load_game

    from_file = extract_game(load_game(games / "dense-column.yaml"), RAW)
    assert files_for(from_file) == batch.files
    spans = from_file.spec["provenance"]["decks"]["spans"]
    assert spans and all(s["source"] == SOURCE.stem for s in spans)
    raw = SOURCE.read_text(encoding="utf-8")
    assert all(0 <= s["start"] < s["end"] <= len(raw) for s in spans)
