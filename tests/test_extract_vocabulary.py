"""The fact vocabulary: every key produced is declared and read, every key read is produced.

Keys are found in the source: a reader's `("key", value)` pair or a `replace(f, key=…)` in
the facts module produces; `first("key")`, `all("key")` or `f.key == "key"` reads (in the
assembler, in `facts.resolve`, in `pipeline.extract.game`). A frame is read by the goal area
through `vocabulary.FRAMES`."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from pipeline.extract.vocabulary import AREAS, FRAMES, VOCABULARY

EXTRACT = Path(__file__).resolve().parent.parent / "pipeline" / "extract"
KEYISH = re.compile(r"^[a-z_]+(\.[a-z_]+)*$")


def _sources(*names: str) -> list[ast.AST]:
    out = []
    for name in names:
        path = EXTRACT / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
        out += [_parsed(f) for f in files]
    return out


@cache
def _parsed(path: Path) -> ast.AST:
    """A module's tree, parsed once for all the tests here (none changes a tree)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _strings(node: ast.AST) -> set[str]:
    return {
        c.value
        for c in ast.walk(node)
        if isinstance(c, ast.Constant) and isinstance(c.value, str) and KEYISH.match(c.value)
    }


def _produced() -> set[str]:
    out: set[str] = set()
    for tree in _sources("facts.py", "readers"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                head = node.elts[0]
                said = head.value if isinstance(head, ast.Constant) else None
                keyish = isinstance(said, str) and KEYISH.match(said)
                if keyish and (said in VOCABULARY or "." in said):
                    out.add(said)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "replace":
                for kw in node.keywords:
                    if kw.arg == "key":
                        out |= _strings(kw.value)
    return out


def _read() -> set[str]:
    out: set[str] = set(FRAMES)
    for tree in _sources("facts.py", "readers", "assemble", "assemble.py", "game.py"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", None) or getattr(node.func, "id", "")
                if name in ("first", "all") and node.args:
                    out |= _strings(node.args[0])
            if isinstance(node, ast.Compare) and getattr(node.left, "attr", "") == "key":
                for c in node.comparators:
                    out |= _strings(c)
    return out


def _path(p: str) -> Path:
    return EXTRACT / p


def test_every_produced_key_is_declared() -> None:
    assert sorted(_produced() - set(VOCABULARY)) == []


def test_every_declared_key_is_produced() -> None:
    assert sorted(set(VOCABULARY) - _produced()) == []


def test_every_declared_key_is_read() -> None:
    assert sorted(set(VOCABULARY) - _read()) == []


def test_every_key_read_is_declared() -> None:
    read = {k for k in _read() if k in VOCABULARY or k.count(".") == 1}
    # strings in a reading position that are not keys: none
    assert sorted(read - set(VOCABULARY)) == []


def test_declarations_are_complete() -> None:
    for key, d in VOCABULARY.items():
        assert d.area in AREAS, key
        assert d.doc and d.type, key
        assert (d.confirms is not None) == key.startswith(("cond.", "deal.start_top")) or (
            key == "cond.laid_as_they_come"
        ), key


def test_a_frame_confirms_the_field_it_names() -> None:
    """«Когда все карты разложены, …»: the play after the deal is the text's, not a default;
    a frame whose field the draft lacks cites nothing."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from sentence_game import sentence_game

    from pipeline.extract import extract_game

    said = "Когда все карты разложены, перекладывают карты на основания."
    ex = extract_game(sentence_game(["Раскладывают карты в восемь столбцов.", said]))
    prov = ex.spec["provenance"]["moves.play.phase"]
    assert (prov["origin"], prov["sentence"], prov["quote"]) == (
        "text",
        "test/play/2",
        "Когда все карты разложены",
    )
    assert ex.spec["moves"]["play"]["phase"] == "play"
    assert not any(k.startswith("redeal") for k in ex.spec["provenance"] if k != "redeal")


def test_each_key_is_read_by_the_area_it_names() -> None:
    """A key's area is the assembler module that reads it (frames: the goal area)."""
    wrong = []
    for key, d in VOCABULARY.items():
        if d.area in ("sentence", "coverage") or d.confirms:
            continue
        if key not in _read_by_area(d.area):
            wrong.append(f"{key} ({d.area})")
    assert wrong == []


@cache
def _read_by_area(area: str) -> frozenset[str]:
    """The keys `assemble/{area}.py` reads with `first(…)` or `all(…)`."""
    reads: set[str] = set()
    for tree in _sources(f"assemble/{area}.py"):
        for node in ast.walk(tree):
            name = getattr(getattr(node, "func", None), "attr", None)
            if isinstance(node, ast.Call) and name in ("first", "all") and node.args:
                reads |= _strings(node.args[0])
    return frozenset(reads)
