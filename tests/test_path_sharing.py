"""Work shared across the texts of one run (both orthographies' lexicons, a book's grammar):
what a text gives must not depend on what the run read before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.extract import extract_game
from pipeline.extract.islands import compiled
from pipeline.extract.output import files_for
from pipeline.extract.scanner import _admitted, plan
from pipeline.ingest import build
from pipeline.normalize import core
from pipeline.normalize.lexicon import Lexicon
from pipeline.normalize.render import to_dict

ROOT = Path(__file__).resolve().parent.parent
# one book: a pre-reform scan of Pujol's book and the modern web edition of another page
SCANS = [
    ROOT / "corpus" / "raw" / n for n in ("002_0c8a9b228d398a9e.txt", "001_ccb94fea4f93d4a7.txt")
]


def _outputs(path: Path) -> tuple[dict, dict[str, str]]:
    """The normalized scan (as `pasyans normalize --json` writes it) and every file the
    extraction writes for the text, `pasyans extract FILE` alone."""
    result = build([path])
    (scan,) = result.scans.values()
    files: dict[str, str] = {}
    for _, game in sorted(result.by_file().items()):
        files.update(files_for(extract_game(game, result.scans)))
    return to_dict(scan.norm), files


def _private(prereform: bool) -> Lexicon:
    """A lexicon that shares nothing: the dictionary's answers remembered for itself."""
    lex = Lexicon(prereform)
    lex._known_mod = {}
    lex._known_parse_memo = {}
    return lex


def test_a_text_reads_the_same_after_the_other_orthography(monkeypatch) -> None:
    shared = [_outputs(p) for p in SCANS]  # the modern page first: its answers are shared
    private = {True: _private(True), False: _private(False)}
    monkeypatch.setattr(core, "lexicon", lambda prereform: private[prereform])
    for path, (norm, files) in zip(SCANS, shared, strict=True):
        alone_norm, alone_files = _outputs(path)
        assert norm["text"] == alone_norm["text"]
        assert norm["modern"] == alone_norm["modern"]
        assert norm == alone_norm
        assert files == alone_files
    assert shared[1][0]["orthography"] == "pre-reform"
    assert shared[0][0]["orthography"] == "modern"
    assert sorted(shared[0][1]) == ["dense-column.yaml"]
    assert sorted(shared[1][1]) == ["shah.middle-only.yaml", "shah.yaml"]
    assert "title:\n  ru: Шахъ\n" in shared[1][1]["shah.yaml"]
    assert "    role: foundation\n    count: 8\n" in shared[1][1]["shah.yaml"]


def test_both_lexicons_ask_the_dictionary_once(monkeypatch) -> None:
    modern, old = core.lexicon(False), core.lexicon(True)
    assert modern._known_mod is old._known_mod
    word = "перекладываемыми"
    modern.parses(word)
    calls = []
    real = type(old.morph).parse
    monkeypatch.setattr(type(old.morph), "parse", lambda self, w: calls.append(w) or real(self, w))
    assert old.parses(word) == modern.parses(word)  # no ѣ, і or ъ: the same word
    assert old.is_plural_adjective(word) is True
    assert old.known_modern(word) is True
    assert calls == []


@pytest.mark.parametrize("book", [None, "pujol-ru"])
def test_islands_admitted_at_a_token_are_those_its_heads_allow(book) -> None:
    comp = compiled(book)
    plan(comp, ["NUM"])  # the per-token tables are built on the first plan
    codes = ["", *comp.codes.values()]
    pending = 0
    for ch, here in comp.required.items():
        for nxt in codes:
            expected = sum(
                1 << j
                for j, (name, _s, _r) in enumerate(here)
                if name not in comp.heads
                or ch in comp.heads[name]
                or (nxt and ch + nxt in comp.heads[name])
            )
            assert _admitted(comp, ch, nxt) == expected, (ch, nxt)
        pending += len(comp.opening[ch][1])
    assert pending > 0  # some islands do wait for the next token
