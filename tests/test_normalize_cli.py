"""`pasyans normalize` on the command line: formats, and every bad input refused cleanly."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import pytest
from cli_helpers import python, same_package

from pipeline.cli import main

ROOT = Path(__file__).resolve().parents[1]
SEED0 = ROOT / "corpus" / "raw" / "000_81fd826a98ac014e.txt"
SEED3 = ROOT / "corpus" / "raw" / "003_8f9b0c61a5880b76.txt"
GOLDEN = ROOT / "tests" / "golden" / "normalize"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(["normalize", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_and_modern(capsys) -> None:
    code, out, err = run([str(SEED3)], capsys)
    assert (code, err) == (0, "")
    assert out == (GOLDEN / f"{SEED3.stem}.txt").read_text(encoding="utf-8")
    code, out, _ = run([str(SEED3), "--modern"], capsys)
    assert out == (GOLDEN / f"{SEED3.stem}.modern.txt").read_text(encoding="utf-8")
    assert "по шести пачек" in out and "ѣ" not in out


def test_json(capsys) -> None:
    code, out, _ = run([str(SEED0), "--format", "json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert {"orthography", "text", "modern", "changes", "furniture", "annotations"} <= set(data)
    assert data["orthography"] == "pre-reform"
    assert data["encoding"] == "utf-8"
    (ch,) = [c for c in data["changes"] if c["orig"] == "нерваго"]
    assert (ch["corr"], ch["kind"], ch["applied"]) == ("перваго", "ocr-word", True)
    assert set(ch) == {"start", "end", "orig", "corr", "kind", "confidence", "applied"}
    raw = SEED0.read_text(encoding="utf-8")
    assert raw[ch["start"] : ch["end"]] == "нерваго"
    assert [a["label"] for a in data["annotations"]] == ["8", "9"]
    assert data["furniture"][0]["page"] == "4"


def test_tei_well_formed(capsys) -> None:
    code, out, _ = run([str(SEED0), "--format", "tei"], capsys)
    assert code == 0
    doc = xml.dom.minidom.parseString(out.encode("utf-8"))
    assert doc.documentElement.tagName == "TEI"
    sics = [n.firstChild.data for n in doc.getElementsByTagName("sic")]
    assert "катггами" in sics and "ІІасьянсъ" in sics


def test_stdin(capsys, monkeypatch) -> None:
    import io

    data = "Пасьянсы (Пюжоль) - страница 20\n\nПасьянс «Густая колонна».\n".encode("cp1251")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(["-"], capsys)
    assert (code, out) == (0, "Пасьянс «Густая колонна».\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty file (0 bytes)"),
        (bytes(range(256)) * 64, "binary data"),
        ("Ω≈ç√∫ ÷≤≥".encode("mac_roman") * 50, "unknown encoding"),
    ],
)
def test_bad_files(tmp_path: Path, capsys, content: bytes, message: str) -> None:
    p = tmp_path / "bad.txt"
    p.write_bytes(content)
    code, out, err = run([str(p)], capsys)
    assert code == 2
    assert out == ""
    assert err == f"pasyans normalize: {p}: {message}" + err.split(message, 1)[1]
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_and_directory(tmp_path: Path, capsys) -> None:
    code, out, err = run([str(tmp_path / "nope.txt")], capsys)
    assert (code, out) == (2, "")
    assert err == f"pasyans normalize: {tmp_path / 'nope.txt'}: no such file\n"
    code, out, err = run([str(tmp_path)], capsys)
    assert (code, out) == (2, "")
    assert err == f"pasyans normalize: {tmp_path}: is a directory, not a file\n"


def test_text_with_no_games_is_still_normalized(tmp_path: Path, capsys) -> None:
    p = tmp_path / "plain.txt"
    p.write_text("Просто текстъ безъ игры.\n", encoding="utf-8")
    code, out, _ = run([str(p)], capsys)
    assert (code, out) == (0, "Просто текстъ безъ игры.\n")


def test_bad_format_is_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as e:
        main(["normalize", str(SEED0), "--format", "pdf"])
    assert e.value.code == 2


def test_large_single_line_file(tmp_path: Path, capsys, monkeypatch) -> None:
    """A single line over the large-input limit is normalized block by block as text, and
    json refused in one line. The limits are made small here (4,000,000 and 1,000,000
    characters in use, a 50 MB line takes this same path); the real 50 MB file is
    tests/test_ingest.py::test_fifty_megabyte_single_line_file."""
    from pipeline.normalize import blocks

    monkeypatch.setattr(blocks, "LARGE_INPUT", 40_000)
    monkeypatch.setattr(blocks, "BLOCK_CHARS", 10_000)
    line = " ".join(SEED3.read_text(encoding="utf-8").split())
    reps = 100_000 // len(line) + 1
    p = tmp_path / "big.txt"
    p.write_text((line + " ") * reps, encoding="utf-8")
    assert "\n" not in p.read_text(encoding="utf-8") and p.stat().st_size > 100_000
    code, out, err = run([str(p), "--format", "json"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"pasyans normalize: {p}: too large for --format json: ")
    assert err.count("\n") == 1
    code, text, err = run([str(p)], capsys)
    assert (code, err) == (0, "")
    assert text.endswith("\n") and text.count("\n") == 1  # one paragraph, as in the input
    assert "ђ" not in text and text.count("по шести пачекъ") >= reps


def test_output_is_deterministic_across_hash_seeds(capsys, monkeypatch) -> None:
    """Same input, same output, whatever Python's string hashing (set orders) does: a child
    with a hash seed of its own, and this process (another seed: a random one, or the one
    PYTHONHASHSEED fixed, never the child's)."""
    import os

    argv = ["normalize", f"corpus/raw/{SEED3.name}", "--format", "json"]
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = same_package({**os.environ, "PYTHONHASHSEED": seed})
    r = subprocess.run(
        python("-m", "pipeline", *argv), capture_output=True, cwd=ROOT, env=env, check=True
    )
    monkeypatch.chdir(ROOT)
    assert main(argv) == 0
    assert capsys.readouterr().out == r.stdout.decode("utf-8")
    assert r.stdout.decode("utf-8") == (GOLDEN / f"{SEED3.stem}.json").read_text(encoding="utf-8")
