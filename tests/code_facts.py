"""What a program's source states, read three ways for the code readers' tests: the
statements `code_rules` finds, the draft `pasyans` extracts from the file, and that draft's
key facts as `benchmarks/real_quality.py` scores them; and the key facts of the one draft
a text page gives, for the grammar's tests."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from pipeline.extract import extract_game
from pipeline.ingest import build
from pipeline.segment.code_rules import read

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from real_quality import run_text, spec_facts


def said_in(text: str) -> list[tuple[str, int, int]]:
    """(statement, value, line number from 1) of what the source states, in line order."""
    return sorted(((s.name, s.value, s.line + 1) for s in read(text)), key=lambda x: (x[2], x[0]))


def game_and_draft(tmp_path: Path, name: str, text: str) -> tuple[dict, Any]:
    """The one game a source file `name` (in `tmp_path`) holding `text` gives, and its
    extraction."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = build([path])
    (game,) = result.games
    return game, extract_game(game, result.scans)


def draft_of(tmp_path: Path, name: str, text: str):
    """The extraction of the one game a source file `name` holding `text` gives."""
    return game_and_draft(tmp_path, name, text)[1]


def facts_of(tmp_path: Path, name: str, text: str) -> dict:
    """The key facts of that game's checked draft."""
    ex = draft_of(tmp_path, name, text)
    assert ex.checked is not None
    return spec_facts(ex.checked.rules)


def key_facts(text: str) -> dict:
    """The key facts of the one draft a text gives (as `benchmarks/real_quality.py` scores)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.txt"
        path.write_text(text, encoding="utf-8")
        drafts, refusal_message = run_text(path)
    assert refusal_message is None
    ((_, rules, _),) = drafts
    assert rules is not None
    return spec_facts(rules)
