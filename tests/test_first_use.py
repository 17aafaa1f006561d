"""What a new user trips on (issue 9 §3): game ids everywhere, one seed default, random's
report (cap, interruption), piped play that stops with the result, file modes, and the
exit code of a file that cannot be read."""

from __future__ import annotations

import io
import json
import os
import signal
import stat
from pathlib import Path

import pytest
from cli_helpers import one_line, run, terminal_stderr

from pipeline.engine import playout
from pipeline.engine.loading import load_game
from pipeline.play.session import Session

ROOT = Path(__file__).resolve().parent.parent
CLOCK1 = str(ROOT / "rules" / "reference" / "clock-1deck.yaml")


def test_validate_takes_game_ids(capsys) -> None:
    code, out, err = run(capsys, "validate", "shah", "rules/nope.yaml")
    assert code == 2
    (line,) = out.splitlines()
    assert line.startswith("OK shah (") and line.endswith("/rules/shah.yaml)")
    assert one_line(err) == (
        "pasyans validate: rules/nope.yaml: no such spec file, nor a game id of the shipped rules"
    )


def test_one_seed_default_for_show_play_and_random(capsys) -> None:
    _, shown, _ = run(capsys, "show", "exiles")
    _, ran, _ = run(capsys, "random", "exiles", "--games", "1", "--json")
    assert shown.splitlines()[0].startswith("exiles · seed 1 · ")
    assert json.loads(ran)["seed"] == 1


def test_random_json_says_how_many_won_seeds_it_lists(capsys) -> None:
    code, out, _ = run(capsys, "random", CLOCK1, "--seed", "0", "--games", "40", "--json")
    d = json.loads(out)
    assert code == 0
    assert (d["won_seeds"], d["won_seeds_shown"], d["interrupted"]) == ([2, 19, 22], 100, False)
    assert (d["games"], d["games_asked"]) == (40, 40)


def test_random_reports_the_games_played_when_interrupted(capsys, monkeypatch) -> None:
    real = playout.play_one
    played = []

    def play_then_ctrl_c(game, seed, max_moves, memo=None):
        if len(played) == 5:
            signal.raise_signal(signal.SIGINT)  # this thread: KeyboardInterrupt, here
        played.append(seed)
        return real(game, seed, max_moves, memo)

    monkeypatch.setattr(playout, "play_one", play_then_ctrl_c)
    code, out, err = run(capsys, "random", CLOCK1, "--seed", "0", "--games", "1000", "--json")
    d = json.loads(out)
    assert (code, err) == (130, "")
    assert (d["games"], d["games_asked"], d["interrupted"]) == (5, 1000, True)
    played.clear()
    code, out, _ = run(capsys, "random", CLOCK1, "--seed", "0", "--games", "1000")
    assert out.splitlines()[0] == (
        "clock-1deck: 5 games from seed 0 (interrupted: 995 of the 1000 asked not played)"
    )


def test_random_refuses_seeds_past_the_range(capsys) -> None:
    code, _, err = run(capsys, "random", CLOCK1, "--seed", str(2**64 - 2), "--games", "3")
    assert code == 2
    assert one_line(err) == (
        f"pasyans random: --seed {2**64 - 2} with --games 3 runs past seed 2**64-1"
    )


@pytest.mark.parametrize(
    ("spec", "seed", "stdin", "code", "last"),
    [
        (CLOCK1, "2", "", 0, "result: won after 0 moves"),  # the deal plays itself out
        (CLOCK1, "1", "", 3, "result: lost after 0 moves"),
        ("exiles", "1", "1\n" * 100_000, 3, "result: lost after 64 moves"),
        ("exiles", "1", "1\n", 4, "result: in progress after 1 move"),
        ("exiles", "1", "quit\n", 4, "result: in progress after 0 moves"),
    ],
)
def test_piped_play_stops_with_the_result(capsys, monkeypatch, spec, seed, stdin, code, last):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    got, out, err = run(capsys, "play", spec, "--seed", seed)
    assert (got, err) == (code, "")
    assert out.splitlines()[-1] == last
    assert len(out.splitlines()) < 3000  # `yes 1 | pasyans play exiles` stops at the loss


def test_show_says_where_it_draws_the_table(capsys) -> None:
    _, out, _ = run(capsys, "show", "blockade")
    assert out.splitlines()[0] == "blockade · seed 1 · the first position where the player decides"
    _, out, _ = run(capsys, "show", CLOCK1, "--seed", "1")
    assert out.splitlines()[0] == (
        "clock-1deck · seed 1 · the deal decides the game: the player has no move"
    )


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_saves_follow_the_umask(tmp_path: Path, umask: int) -> None:
    game = load_game("clock")
    session = Session(game, game.new_state(seed=1), io.StringIO())
    old = os.umask(umask)
    try:
        session.cmd_save(str(tmp_path / "s.json"))
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "s.json").stat().st_mode) == 0o666 & ~umask


def test_a_save_over_a_save_keeps_its_mode(tmp_path: Path) -> None:
    game = load_game("clock")
    session = Session(game, game.new_state(seed=1), io.StringIO())
    path = tmp_path / "s.json"
    session.cmd_save(str(path))
    path.chmod(0o640)
    session.cmd_save(str(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_ingest_output_follows_the_umask(capsys, tmp_path: Path) -> None:
    seed = ROOT / "corpus" / "raw" / "002_0c8a9b228d398a9e.txt"
    old = os.umask(0o027)
    try:
        code, out, _ = run(capsys, "ingest", str(seed), "--out", str(tmp_path / "g"))
    finally:
        os.umask(old)
    assert code == 0
    assert (
        out.splitlines()[0]
        == f"read 1 source text, found 1 game: wrote 1 game file to {tmp_path}/g/"
    )
    assert stat.S_IMODE((tmp_path / "g").stat().st_mode) == 0o750
    files = [p for p in (tmp_path / "g").rglob("*") if p.is_file()]
    assert {stat.S_IMODE(p.stat().st_mode) for p in files} == {0o640}
    assert stat.S_IMODE((tmp_path / "g" / "extracted").stat().st_mode) == 0o750


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["validate", "{f}"], "not UTF-8: byte 0xff cannot be decoded"),
        (["normalize", "{f}"], "unknown encoding"),
        (["play", "clock", "--moves", "{f}"], "not a moves file: not UTF-8 text (byte 3)"),
        (["show", "{f}"], "not UTF-8: byte 0xff cannot be decoded"),
    ],
)
def test_a_file_that_cannot_be_read_as_text_exits_2_everywhere(capsys, tmp_path, argv, message):
    f = tmp_path / "latin.txt"
    f.write_bytes(b"abc\xff\xfe\n" * 20)
    code, out, err = run(capsys, *[a.format(f=f) for a in argv])
    assert (code, out) == (2, "")
    line = one_line(err)
    assert line.startswith(f"pasyans {argv[0]}: {f}") and message in line


def test_random_shows_progress_on_a_terminal_only(capsys, monkeypatch) -> None:
    from pipeline.commands import random as random_verb

    monkeypatch.setattr(random_verb, "PROGRESS_EVERY", 0.0)
    code, _, err = run(capsys, "random", CLOCK1, "--seed", "0", "--games", "3")
    assert code == 0 and err == ""  # captured: not a terminal

    tty = terminal_stderr(monkeypatch)
    assert random_verb.run(random_verb_args(CLOCK1)) == 0
    shown = tty.getvalue()
    assert "\rrandom: 1/3 games, won 0" in shown and "\rrandom: 3/3 games, won 1" in shown
    assert shown.endswith("\r\x1b[K")  # the line is cleared before the report
    assert capsys.readouterr().out.startswith("clock-1deck: 3 games from seed 0\n")


def random_verb_args(spec: str):
    import argparse

    return argparse.Namespace(spec=spec, seed="0", games=3, max_moves=5000, json=False)
