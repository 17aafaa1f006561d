"""`show` and `play` on the real engine with a tiny spec written by the test: the exact
table, colour on and off, replay from a moves file or a saved record, and save/load
round trips (a refused file is left byte for byte as it was)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_helpers import one_line, run

from pipeline.engine.loading import load_game
from pipeline.play.session import Session

TINY = """\
spec: pasyans/1
id: tiny
piles:
  foundations:
    role: foundation
    count: 4
    layout: {shape: row, at: [0, 0]}
  columns:
    role: tableau
    count: 4
    layout: {shape: row, at: [0, 1], fan: down}
  stock:
    role: stock
    layout: {shape: point, at: [5, 0]}
deal:
  - to: columns
    rounds: 2
moves:
  play:
    from: columns
    to: foundations
  build:
    from: columns
    to: columns
    build: {direction: down, suit: any}
"""

TABLE_SEED_6 = [
    "tiny · seed 6",
    "[ ] [ ] [ ] [ ]     ░░×44",
    "6♣  9♠  J♦  10♥",
    "A♣  10♦ 5♠  2♦",
    "piles: foundations.1-4 left to right; columns.1-4 left to right",
    "stock 44 · phase play · in progress",
]
AFTER_TWO = [
    "tiny · seed 6",
    "A♣ [ ] [ ] [ ]     ░░×44",
    "6♣ 9♠  J♦  10♥",
    "5♠ 10♦     2♦",
    "piles: foundations.1-4 left to right; columns.1-4 left to right",
    "stock 44 · phase play · in progress",
]
TWO_MOVES = ["columns.1 AC foundations.1", "columns.3 5S columns.1"]


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return path


def test_show_draws_the_table_where_the_player_first_decides(capsys, tiny: Path) -> None:
    code, out, err = run(capsys, "show", str(tiny), "--seed", "6")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "tiny · seed 6 · the first position where the player decides",
        *TABLE_SEED_6[1:],
    ]


def test_show_names_draws_the_pile_map(capsys, tiny: Path) -> None:
    code, out, _ = run(capsys, "show", str(tiny), "--names")
    assert code == 0
    assert out.splitlines() == [
        "tiny",
        "foundations.1 foundations.2 foundations.3 foundations.4     stock",
        "columns.1     columns.2     columns.3     columns.4",
    ]


def test_show_colour_and_ascii(capsys, tiny: Path) -> None:
    _, auto, _ = run(capsys, "show", str(tiny), "--seed", "6")  # captured: not a TTY
    assert "\x1b[" not in auto
    _, always, _ = run(capsys, "show", str(tiny), "--seed", "6", "--color", "always")
    assert "\x1b[31mJ♦\x1b[0m" in always and "\x1b[31m10♥\x1b[0m" in always
    assert "\x1b[31m6♣" not in always
    _, ascii_out, _ = run(capsys, "show", str(tiny), "--seed", "6", "--ascii")
    assert ascii_out.splitlines()[1:4] == ["[ ] [ ] [ ] [ ]     ##x44", "6C  9S  JD  10H",
                                           "AC  10D 5S  2D"]  # fmt: skip


def test_replay_a_text_moves_file(capsys, tiny: Path, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(
        "# the ace first\ncolumns.1 AC foundations.1\n\ncolumns.3 5S columns.1  # build\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "play", str(tiny), "--seed", "6", "--moves", str(moves))
    assert (code, err) == (0, "")
    assert out.splitlines() == [*AFTER_TWO, "result: in progress after 2 moves"]


def test_a_text_moves_file_without_seed_uses_the_default_deal(
    capsys, tiny: Path, tmp_path: Path
) -> None:
    _, shown, _ = run(capsys, "show", str(tiny))
    moves = tmp_path / "moves.txt"
    moves.write_text("# nothing played\n", encoding="utf-8")
    code, out, err = run(capsys, "play", str(tiny), "--moves", str(moves))
    assert (code, err) == (0, "")
    assert (
        shown.splitlines()[0] == "tiny · seed 1 · the deal decides the game: the player has no move"
    )
    assert out.splitlines() == [
        "tiny · seed 1",
        *shown.splitlines()[1:],
        "result: lost after 0 moves",
    ]


def test_an_illegal_move_names_its_line(capsys, tiny: Path, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("columns.1 AC foundations.1\ncolumns.3 5S columns.2\n", encoding="utf-8")
    code, out, err = run(capsys, "play", str(tiny), "--seed", "6", "--moves", str(moves))
    assert code == 1 and out == ""
    assert one_line(err).startswith(
        f"pasyans play: {moves}:2: move 'columns.3 5S columns.2' is illegal: "
    )


def test_missing_or_undecodable_moves_file(capsys, tiny: Path, tmp_path: Path) -> None:
    code, _, err = run(capsys, "play", str(tiny), "--moves", str(tmp_path / "none.txt"))
    assert code == 2
    assert one_line(err) == f"pasyans play: {tmp_path}/none.txt: no such moves file"
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"d\xe9al\n")
    code, _, err = run(capsys, "play", str(tiny), "--moves", str(latin))
    assert code == 2  # cannot be read as text, like a missing file
    assert one_line(err) == (f"pasyans play: {latin}: not a moves file: not UTF-8 text (byte 1)")


def session_on(tiny: Path, *lines: str) -> tuple[Session, str]:
    game = load_game(str(tiny))
    out = io.StringIO()
    session = Session(game, game.new_state(seed=6), out, seed=6)
    session.run(iter(lines))
    return session, out.getvalue()


def test_save_then_replay_the_record(capsys, tiny: Path, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    _, text = session_on(tiny, "1", TWO_MOVES[1], f"save {saved}", "quit")
    assert f"saved 2 moves to {saved}" in text
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert (record["spec_id"], record["seed"], record["moves"]) == ("tiny", 6, TWO_MOVES)
    code, out, err = run(capsys, "play", str(tiny), "--moves", str(saved))
    assert (code, err) == (0, "")
    assert out.splitlines() == [*AFTER_TWO, "result: in progress after 2 moves"]
    code, _, err = run(capsys, "play", str(tiny), "--seed", "7", "--moves", str(saved))
    assert code == 2
    assert one_line(err) == (
        f"pasyans play: {saved}: the record was dealt with seed 6; --seed 7 disagrees"
    )


def test_load_continues_a_saved_game(tiny: Path, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    session_on(tiny, *TWO_MOVES, f"save {saved}")
    session, text = session_on(tiny, f"load {saved}")
    assert f"loaded {saved}: 2 moves" in text
    assert [m.notation for m in session.state.history] == TWO_MOVES


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{ not json", "not a game record (invalid JSON"),
        (b'{"format": "something-else/1"}', "not a game record (expected"),
        (b"\x00\xff\xfe", "not a saved game: not UTF-8 text (byte 1)"),
    ],
)
def test_a_corrupt_save_is_refused_and_left_untouched(
    tiny: Path, tmp_path: Path, content: bytes, reason: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    mtime = bad.stat().st_mtime_ns
    session, text = session_on(tiny, "1", f"load {bad}", "2")
    assert "no move number 2; there is 1" in text
    assert f"cannot load {bad}: {bad}: {reason}" in text
    assert "the current game goes on" in text
    assert bad.read_bytes() == content and bad.stat().st_mtime_ns == mtime
    assert [m.notation for m in session.state.history] == TWO_MOVES[:1]


def test_a_foreign_or_outdated_save_is_refused(tiny: Path, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    session_on(tiny, "1", f"save {saved}")
    record = json.loads(saved.read_text(encoding="utf-8"))
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({**record, "spec_id": "clock"}), encoding="utf-8")
    outdated = tmp_path / "outdated.json"
    outdated.write_text(json.dumps({**record, "spec_hash": "0" * 64}), encoding="utf-8")
    _, text = session_on(tiny, f"load {foreign}", f"load {outdated}")
    assert f"cannot load {foreign}: {foreign}: a saved game of 'clock', not of 'tiny'" in text
    assert f"cannot load {outdated}: {outdated}: record was made with another version" in text


def test_play_reads_commands_from_stdin(capsys, tiny: Path, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nnonsense\nquit\n"))
    code, out, err = run(capsys, "play", str(tiny), "--seed", "6")
    assert (code, err) == (4, "")  # piped: quit with the game in progress
    assert out.splitlines()[:6] == TABLE_SEED_6
    assert "played columns.1 AC foundations.1" in out
    assert "cannot play 'nonsense': " in out
    assert out.endswith("bye\nresult: in progress after 1 move\n")


def test_interactive_lines_end_at_eof(monkeypatch) -> None:
    from pipeline.play.session import interactive_lines

    typed = iter(["1", KeyboardInterrupt, "undo"])

    def fake_input(prompt: str) -> str:
        assert prompt == "> "
        item = next(typed, EOFError)
        if isinstance(item, type):
            raise item
        return item

    monkeypatch.setattr("builtins.input", fake_input)
    assert list(interactive_lines("> ")) == ["1", "undo"]


def test_a_record_with_an_illegal_move_names_the_move(capsys, tiny: Path, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    session_on(tiny, "1", f"save {saved}")
    record = json.loads(saved.read_text(encoding="utf-8"))
    record["moves"].append("columns.3 5S columns.2")
    saved.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "play", str(tiny), "--moves", str(saved))
    assert code == 1 and out == ""
    assert one_line(err).startswith(f"pasyans play: {saved}: move 2 'columns.3 5S columns.2': ")


def test_solve_json_is_a_record_play_replays(capsys, tmp_path: Path) -> None:
    from pipeline.engine.record import Record

    bh = str(Path(__file__).resolve().parent.parent / "rules" / "reference" / "black-hole.yaml")
    code, out, _ = run(capsys, "solve", bh, "--seed", "2", "--budget", "20000", "--json")
    assert code == 0
    saved = tmp_path / "won.json"
    saved.write_text(out, encoding="utf-8")
    d = json.loads(out)
    record = Record.from_json(out)
    assert (record.spec_id, record.seed, record.moves) == ("black-hole", 2, d["moves"])
    assert d["outcome"] == "won" and len(d["moves"]) == 51
    code, out, _ = run(capsys, "play", bh, "--moves", str(saved))
    assert code == 0 and out.splitlines()[-1] == "result: won after 51 moves"
    code, _, err = run(capsys, "play", bh, "--seed", "3", "--moves", str(saved))
    assert code == 2 and "the record was dealt with seed 2; --seed 3 disagrees" in err
