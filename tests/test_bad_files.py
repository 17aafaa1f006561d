"""What `benchmarks/cli_fuzz.py` found, pinned: a file whose reads fail is named as the file
that cannot be read, not as an output that cannot be written; and an output file that cannot
be written is said one way by every verb that writes one."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest
from cli_helpers import one_line, run


@pytest.fixture
def unreadable(tmp_path: Path) -> Path:
    """A regular file every read of which fails (EIO), even for root, who reads a file of
    mode 000: a link to this process's memory file."""
    if not os.path.exists("/proc/self/mem"):
        pytest.skip("needs /proc/self/mem")
    path = tmp_path / "game.txt"
    path.symlink_to("/proc/self/mem")
    return path


def test_extract_names_the_text_it_cannot_read(capsys, unreadable: Path) -> None:
    code, out, err = run(capsys, "extract", str(unreadable))
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans extract: {unreadable}: cannot read: Input/output error"


ROOT = Path(__file__).resolve().parent.parent
WRITERS = {
    "ocr": ["ocr", "--no-cache", str(ROOT / "tests" / "data" / "scans" / "shah-game.png"), "-o"],
    "extract": ["extract", str(ROOT / "corpus" / "games" / "clock.yaml"), "-o"],
    "diff": ["diff", "clock", "clock.immediate", "--html"],
    "verify": ["verify", "clock", "--deals", "1", "--policies", "random", "--no-cache", "--html"],
}


@pytest.mark.parametrize("verb", sorted(WRITERS))
def test_an_output_file_that_cannot_be_written_is_said_one_way(
    capsys, tmp_path: Path, monkeypatch, verb: str
) -> None:
    """A full disk while the output is written: every verb names the file as it was named
    (`atomic.write_output`), exit 2, and leaves no file."""

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("pipeline.ocr.ocr_files", lambda *a, **k: SimpleNamespace(text="x\n"))
    monkeypatch.setattr("os.fsync", full)
    out = tmp_path / "out"
    code, _, err = run(capsys, *WRITERS[verb], str(out))
    assert code == 2
    assert one_line(err) == f"pasyans {verb}: {out}: cannot write: No space left on device"
    assert list(tmp_path.iterdir()) == []


def test_a_diff_page_written_again_keeps_its_mode(capsys, tmp_path: Path) -> None:
    """As every output file does (docs/cli.md): a replaced file keeps its mode."""
    out = tmp_path / "page.html"
    out.write_text("old\n")
    out.chmod(0o600)
    code, _, _ = run(capsys, *WRITERS["diff"], str(out))
    assert code == 1  # the two readings differ
    assert stat.S_IMODE(out.stat().st_mode) == 0o600 and out.read_text() != "old\n"


@pytest.mark.parametrize("kind", ["file", "foreign"])
def test_ingest_refuses_its_specs_directory_before_it_writes_the_games(
    capsys, tmp_path: Path, kind: str
) -> None:
    """`ingest` writes two outputs: a `--specs` it may not replace (a file, or a directory of
    other files) is refused before the game files are written, so nothing is half done."""
    specs = tmp_path / "specs"
    if kind == "file":
        specs.write_text("mine\n")
    else:
        specs.mkdir()
        (specs / "notes.txt").write_text("mine\n")
    games = tmp_path / "games"
    source = ROOT / "corpus" / "raw" / "001_ccb94fea4f93d4a7.txt"
    code, _, err = run(capsys, "ingest", str(source), "--out", str(games), "--specs", str(specs))
    assert code == 2
    assert one_line(err).startswith(f"pasyans ingest: {specs}: ")
    assert not games.exists()


@pytest.mark.parametrize("verb", ["validate", "show", "games"])
def test_an_empty_spec_or_game_file_cannot_be_read_exit_2(capsys, tmp_path: Path, verb: str):
    """0 bytes is a file that cannot be read as a spec or a game file (exit 2, as
    docs/cli.md says for every verb), not an invalid one (exit 1, as a comment alone is)."""
    empty = tmp_path / "x.yaml"
    empty.write_bytes(b"")
    args = ["games", "--dir", str(tmp_path)] if verb == "games" else [verb, str(empty)]
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans {verb}: {empty}: empty file (0 bytes)"


@pytest.mark.parametrize("verb", ["normalize", "extract", "ingest"])
@pytest.mark.parametrize(("content", "why"), [(b"", "0 bytes"), (b" \n\t\n", "only white space")])
def test_an_empty_text_is_said_one_way_by_every_verb(
    capsys, tmp_path: Path, verb: str, content: bytes, why: str
) -> None:
    empty = tmp_path / "page.txt"
    empty.write_bytes(content)
    code, out, err = run(capsys, verb, str(empty))
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans {verb}: {empty}: empty file ({why})"
    assert empty.read_bytes() == content
