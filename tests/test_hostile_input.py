"""Hostile input (issue 9 §1): each case gets one short line naming the file and the
problem, the documented exit code, and leaves nothing half-written."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
from cli_helpers import Sink, one_line, python, run, same_package

from pipeline import atomic
from pipeline.cli import main
from pipeline.engine.loading import load_game
from pipeline.errors import MESSAGE_CHARS, excerpt
from pipeline.play import records
from pipeline.play.session import Session

ROOT = Path(__file__).resolve().parent.parent
DEEP_JSON = '{"a":' * 100_000 + "1" + "}" * 100_000


def saved_record(tmp_path: Path, **changes: object) -> Path:
    """A saved game of `clock` (seed 1, no moves) with some fields replaced."""
    session = Session(load_game("clock"), load_game("clock").new_state(seed=1), Sink())
    path = tmp_path / "saved.json"
    session.cmd_save(str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- quoting: a message quotes at most a short excerpt ---------------------------------------


def test_excerpt_and_message_bounds() -> None:
    assert excerpt("columns.9") == "'columns.9'"
    assert excerpt("y" * 800_000) == "'" + "y" * 40 + "'… (800,000 characters)"


def test_a_five_megabyte_move_line_is_quoted_not_echoed(capsys, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("x" * 100_000 + "\n", encoding="utf-8")
    code, out, err = run(capsys, "play", "blockade", "--moves", str(moves))
    line = one_line(err)
    assert (code, out) == (1, "")
    assert line.startswith(
        f"pasyans play: {moves}:1: move '{'x' * 40}'… (100,000 characters) is illegal: "
    )
    message = line.removeprefix(f"pasyans play: {moves}:1: ")
    assert len(message) <= MESSAGE_CHARS + len(" … ")  # clipped, start and end kept


def test_a_huge_yaml_scalar_is_quoted_not_echoed(capsys, tmp_path: Path) -> None:
    spec = (ROOT / "rules" / "blockade.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    # the scalar was 800 kB; the quoting does not depend on the size
    bad.write_text(spec.replace("role: tableau", "role: " + "y" * 150_000, 1), encoding="utf-8")
    code, out, err = run(capsys, "show", str(bad))
    line = one_line(err)
    assert code == 1 and out == ""
    assert line.startswith(f"pasyans show: {bad}:")
    assert "got the string '" + "y" * 40 + "'… (150,000 characters)" in line
    assert len(line) < 400
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1 and max(len(x) for x in out.splitlines()) < 400


# -- deep JSON and sizes: saves and move files -----------------------------------------------


def test_deeply_nested_json_moves_file_is_refused(capsys, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP_JSON, encoding="utf-8")
    code, out, err = run(capsys, "play", "blockade", "--moves", str(deep))
    assert (code, out) == (1, "")
    assert one_line(err) == (f"pasyans play: {deep}: not a game record (JSON nested too deeply)")


def test_deep_json_load_and_save_keep_the_game(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP_JSON, encoding="utf-8")
    game = load_game("blockade")
    sink = Sink()
    session = Session(game, game.new_state(seed=1), sink)
    session.run(["1", f"load {deep}", f"save {deep}", "undo"])
    assert f"cannot load {deep}: {deep}: not a game record (JSON nested too deeply)" in sink.text
    assert "the current game goes on" in sink.text
    assert (
        f"cannot save to {deep}: the file exists and is not a saved game; it was not overwritten"
        in sink.text
    )
    assert "undid " in sink.text  # the game went on after both
    assert deep.read_text(encoding="utf-8") == DEEP_JSON


def test_moves_file_size_is_bounded(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(records, "MAX_BYTES", 1000)
    moves = tmp_path / "moves.txt"
    moves.write_text("deal\n" * 201, encoding="utf-8")
    code, out, err = run(capsys, "play", "blockade", "--moves", str(moves))
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans play: {moves}: not a moves file: larger than 1,000 bytes"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_moves_from_dev_zero_are_refused_unread(capsys) -> None:
    code, out, err = run(capsys, "play", "blockade", "--moves", "/dev/zero")
    assert (code, out) == (2, "")
    assert one_line(err) == "pasyans play: /dev/zero: a character device, not a moves file: refused"


@pytest.mark.parametrize("seed", [2**64 + 1, -5])
def test_a_record_seed_out_of_range_is_refused(capsys, tmp_path: Path, seed: int) -> None:
    path = saved_record(tmp_path, seed=seed)
    code, out, err = run(capsys, "play", "clock", "--moves", str(path))
    assert (code, out) == (1, "")
    assert one_line(err) == (
        f"pasyans play: {path}: record seed out of range (a seed is 0 … 2**64-1)"
    )


def test_a_record_with_the_largest_seed_replays(capsys, tmp_path: Path) -> None:
    path = saved_record(tmp_path, seed=2**64 - 1)
    code, out, _ = run(capsys, "play", "clock", "--moves", str(path))
    assert code == 0 and f"seed {2**64 - 1}" in out


# -- game files (corpus/games format) --------------------------------------------------------


def test_games_dir_with_a_deeply_nested_file(capsys, tmp_path: Path) -> None:
    (tmp_path / "deep.yaml").write_text("a: " + "[" * 10_000 + "]" * 10_000 + "\n")
    code, out, err = run(capsys, "games", "--dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert one_line(err) == (
        f"pasyans games: {tmp_path}/deep.yaml:1:43: invalid game file: "
        "nesting deeper than 40 levels"
    )


def test_games_dir_refuses_a_duplicate_key(capsys, tmp_path: Path) -> None:
    text = (ROOT / "corpus" / "games" / "clock.yaml").read_text(encoding="utf-8")
    assert text.startswith("format: pasyans-game/1\nid: clock\n")
    (tmp_path / "clock.yaml").write_text(text.replace("id: clock\n", "id: clock\nid: other\n", 1))
    code, out, err = run(capsys, "games", "--dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert one_line(err) == (
        f"pasyans games: {tmp_path}/clock.yaml:3:1: invalid game file: "
        "duplicate key 'id' (first at line 2, column 1)"
    )


def test_games_dir_naming_a_file(capsys, tmp_path: Path) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    code, out, err = run(capsys, "games", "--dir", str(afile))
    assert (code, out) == (2, "")
    assert one_line(err) == (
        f"pasyans games: {afile}: not a directory (--dir names the folder of game files)"
    )


# -- ingest: a text without a Russian game; where output cannot be written -------------------


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("blockade.txt", (ROOT / "corpus" / "references" / "blockade.txt").read_text("utf-8")),
        ("de.txt", "Die Blockade. Man nimmt zwei Spiele Karten.\n\nI. Die acht Asse.\n"),
    ],
)
def test_ingest_of_a_text_in_another_language(capsys, tmp_path: Path, name: str, text: str):
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "ingest", str(src), "--out", str(tmp_path / "out"))
    assert (code, out) == (1, "")
    assert one_line(err) == (
        f"pasyans ingest: {src}: no Russian patience game found: the text is not Russian "
        "(0% of its letters are Cyrillic)"
    )
    assert not (tmp_path / "out").exists()


SEED = ROOT / "corpus" / "raw" / "002_0c8a9b228d398a9e.txt"


def test_ingest_where_nothing_can_be_written(capsys) -> None:
    code, out, err = run(capsys, "ingest", str(SEED), "--out", "/proc/x")
    assert (code, out) == (2, "")
    assert one_line(err) == (
        "pasyans ingest: /proc/x: cannot write the games: No such file or directory"
    )


def test_ingest_onto_a_read_only_file_system(capsys, tmp_path: Path, monkeypatch) -> None:
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(tmp_path / "x"))

    monkeypatch.setattr("tempfile.mkdtemp", read_only)
    out_dir = tmp_path / "games"
    code, out, err = run(capsys, "ingest", str(SEED), "--out", str(out_dir))
    assert (code, out) == (2, "")
    assert (
        one_line(err) == f"pasyans ingest: {out_dir}: cannot write the games: Read-only file system"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [["show", "clock"], ["normalize", str(SEED)], ["random", "clock", "--games", "2"]],
)
def test_a_full_disk_on_standard_output(argv: list[str], capsys, monkeypatch) -> None:
    with open("/dev/full", "w") as full:
        monkeypatch.setattr("sys.stdout", full)
        code = main(argv)
    assert code == 2
    assert capsys.readouterr().err == (
        f"pasyans {argv[0]}: cannot write the output: No space left on device\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_as_a_program_prints_nothing_at_exit() -> None:
    """The whole process: nothing more is printed when the interpreter flushes at exit."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            python("-m", "pipeline", "show", "clock"),
            env=same_package(),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 2
    assert proc.stderr == "pasyans show: cannot write the output: No space left on device\n"


def test_ctrl_c_twice_while_the_games_are_written_leaves_no_temporary(
    capsys, tmp_path: Path, monkeypatch
) -> None:
    """Both interrupts arrive while the output is put in place: it is finished or rolled
    back, never left as a temporary directory, and the verb says `interrupted`."""
    real = atomic.write_bytes
    calls = []
    deferring = []

    def write_and_interrupt(path, data):
        real(path, data)
        calls.append(path)
        if len(calls) == 2:
            # raise_signal runs the Python handler before it returns: both interrupts are
            # handled here, by the handler of the directory's swap (the premise)
            deferring.append(signal.getsignal(signal.SIGINT))
            signal.raise_signal(signal.SIGINT)
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(atomic, "write_bytes", write_and_interrupt)
    out_dir = tmp_path / "games"
    code, _, err = run(
        capsys,
        "ingest",
        str(SEED),
        str(ROOT / "corpus/raw/003_8f9b0c61a5880b76.txt"),
        "--out",
        str(out_dir),
    )
    assert (code, err) == (130, "pasyans ingest: interrupted\n")
    assert len(deferring) == 1 and deferring[0] not in (signal.default_int_handler, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"]  # done, then interrupted
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_error_with_several_problems_is_one_line(capsys, monkeypatch) -> None:
    from pipeline.commands import games
    from pipeline.errors import SpecError

    def several(args):
        raise SpecError(
            "3 problems",
            errors=[SpecError(f"problem {i}", path="x.yaml", line=i, column=1) for i in (1, 2, 3)],
        )

    monkeypatch.setattr(games, "run", several)
    code, out, err = run(capsys, "games")
    assert (code, out) == (1, "")
    assert one_line(err) == "pasyans games: x.yaml:1:1: problem 1 (and 2 more)"
