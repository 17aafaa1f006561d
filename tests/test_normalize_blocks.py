"""Large inputs normalized block by block give the text the whole-document run gives."""

from __future__ import annotations

from pathlib import Path

import pytest

import pipeline.normalize.blocks as blocks
from pipeline.normalize import normalize

RAW = Path(__file__).resolve().parents[1] / "corpus" / "raw"
SEEDS = sorted(RAW.glob("*.txt"))


@pytest.mark.parametrize("block_chars", [500, 2000, 5000])
def test_blocks_equal_whole_document(monkeypatch, block_chars: int) -> None:
    # a pre-reform book of blank-line paragraphs (the Shah twice, as in overlapping scans)
    raw = "\n\n".join(SEEDS[i].read_text(encoding="utf-8") for i in (0, 1, 0))
    monkeypatch.setattr(blocks, "BLOCK_CHARS", block_chars)
    assert "".join(blocks.normalize_blocks(raw)) == normalize(raw).text


@pytest.mark.parametrize("block_chars", [500, 2000])
def test_blocks_of_one_long_line_and_modern(monkeypatch, block_chars: int) -> None:
    monkeypatch.setattr(blocks, "BLOCK_CHARS", block_chars)
    line = " ".join(SEEDS[3].read_text(encoding="utf-8").split())
    assert "".join(blocks.normalize_blocks(line)) == normalize(line).text
    modern = SEEDS[2].read_text(encoding="utf-8")
    assert "".join(blocks.normalize_blocks(modern, modern=True)) == normalize(modern).modern


def test_real_word_error_found_however_often_it_is_repeated() -> None:
    # «крута» printed three times, «круга» far more: context still decides
    raw = "\n\n".join(SEEDS[i].read_text(encoding="utf-8") for i in (0, 1, 0))
    text = normalize(raw).text
    assert "третьяго круга" in text and "крута" not in text
