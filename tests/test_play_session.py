"""A scripted session on a toy game: numbers, notation, undo, hint, bad input, save,
refused loads that leave the file as it was, quit and end of input.

The toy state implements the engine's State API (legal_moves, apply, undo, parse_move,
history, record) over four piles, so these tests pin the session's own behaviour.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import IllegalMove
from pipeline.play.hint import hint
from pipeline.play.session import Session


@dataclass(frozen=True)
class Card:
    rank: int
    suit: str
    deck: int = 0
    face_up: bool = True

    def __str__(self) -> str:
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(self.rank, str(self.rank)) + self.suit


@dataclass(frozen=True)
class Move:
    notation: str


@dataclass
class Group:
    id: str
    role: str
    count: int
    layout: dict
    foundation: dict | None = None


class Record:
    def __init__(self, moves: list[str]) -> None:
        self.moves = moves

    def to_json(self) -> str:
        data = {"format": "pasyans-record/1", "spec_id": "toy", "seed": 3, "moves": self.moves}
        return json.dumps(data) + "\n"


class ToyState:
    """Spades only: build foundations.1 up from A; `deal` puts the stock's top card on
    columns.1; columns.2 may take a card from columns.1 onto an empty pile."""

    def __init__(self) -> None:
        self.piles = {
            "foundations": [[]],
            "columns": [[Card(1, "S")], [Card(3, "S")]],
            "stock": [[Card(5, "S", face_up=False), Card(2, "S", face_up=False)]],
        }
        self.history: list[Move] = []
        self._undo: list[dict] = []
        self.phase = "play"

    def pile(self, group: str, n: int) -> tuple:
        return tuple(self.piles[group][n - 1])

    def legal_moves(self) -> list[Move]:
        if self.is_won():
            return []
        moves = []
        need = len(self.piles["foundations"][0]) + 1
        for n, col in enumerate(self.piles["columns"], 1):
            if col and col[-1].rank == need:
                moves.append(Move(f"columns.{n} {col[-1]} foundations.1"))
        c1, c2 = self.piles["columns"]
        if c1 and not c2:
            moves.append(Move(f"columns.1 {c1[-1]} columns.2"))
        if self.piles["stock"][0]:
            moves.append(Move("deal"))
        return moves

    def parse_move(self, text: str) -> Move:
        wanted = " ".join(text.split())
        for move in self.legal_moves():
            if move.notation.lower() == wanted.lower():
                return move
        raise IllegalMove(f"{wanted!r} is not legal now")

    def apply(self, move: Move) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"{move.notation!r} is not legal now")
        self._undo.append({k: [list(p) for p in v] for k, v in self.piles.items()})
        words = move.notation.split()
        if words == ["deal"]:
            card = self.piles["stock"][0].pop()
            self.piles["columns"][0].append(Card(card.rank, card.suit))
        else:
            src_group, src_n = words[0].split(".")
            dst_group, dst_n = words[2].split(".")
            card = self.piles[src_group][int(src_n) - 1].pop()
            self.piles[dst_group][int(dst_n) - 1].append(card)
        self.history.append(move)

    def undo(self) -> None:
        self.piles = self._undo.pop()
        self.history.pop()

    def record(self) -> Record:
        return Record([m.notation for m in self.history])

    def is_won(self) -> bool:
        return len(self.piles["foundations"][0]) == 5

    def is_lost(self) -> bool:
        return not self.is_won() and not self.legal_moves()


class ToyGame:
    spec_id = "toy"
    variant = None
    groups = (
        Group("foundations", "foundation", 1, {"shape": "point", "at": [0, 0]}),
        Group("columns", "tableau", 2, {"shape": "row", "at": [0, 1], "fan": "down"}),
        Group("stock", "stock", 1, {"shape": "point", "at": [3, 0]}),
    )


def play(*lines: str) -> tuple[Session, str]:
    out = io.StringIO()
    session = Session(ToyGame(), ToyState(), out, seed=3)
    session.run(iter(lines))
    return session, out.getvalue()


def test_first_screen_shows_table_status_and_numbered_moves() -> None:
    _, text = play()
    assert text.splitlines() == [
        "toy · seed 3",
        "[ ]        ░░×2",
        "A♠  3♠",
        "piles: columns.1-2 left to right",
        "stock 2 · phase play · in progress",
        "2 legal moves:",
        "  1  columns.1 AS foundations.1    2  deal",
    ]


def test_number_then_notation_then_undo() -> None:
    session, text = play("1", "deal", "columns.1 2S foundations.1", "undo")
    assert "played columns.1 AS foundations.1" in text
    assert "played deal" in text
    assert "played columns.1 2S foundations.1" in text
    assert "undid columns.1 2S foundations.1" in text
    assert [m.notation for m in session.state.history] == ["columns.1 AS foundations.1", "deal"]
    assert session.state.pile("columns", 1) == (Card(2, "S"),)


def test_bad_input_is_explained_and_play_goes_on() -> None:
    session, text = play("37", "0", "columns.2 3S foundations.1", "fly away", "undo", "1")
    lines = text.splitlines()
    assert "no move number 37; there are 2" in lines
    assert "no move number 0; there are 2" in lines
    assert (
        "cannot play 'columns.2 3S foundations.1': 'columns.2 3S foundations.1' is not legal now"
        in lines
    )
    assert "cannot play 'fly away': 'fly away' is not legal now" in lines
    assert "nothing to undo" in lines
    assert [m.notation for m in session.state.history] == ["columns.1 AS foundations.1"]


def test_hint_prefers_a_foundation_move_then_others_then_deal() -> None:
    _, text = play("hint", "1", "hint")
    lines = text.splitlines()
    assert "hint: 1  columns.1 AS foundations.1" in lines
    # after the ace nothing can go to a foundation and `deal` is the only move
    assert lines.count("hint: 1  deal") == 1
    state = ToyState()
    state.piles["columns"] = [[Card(7, "S")], []]
    assert hint(ToyGame(), state).notation == "columns.1 7S columns.2"


def test_moves_help_and_quit_stop_reading() -> None:
    session, text = play("moves", "help", "quit", "1")
    assert text.count("2 legal moves:") == 2
    assert "  undo         take back the last move" in text
    assert text.rstrip().endswith("bye")
    assert session.state.history == []  # the line after quit was never read


def test_names_shows_the_pile_map() -> None:
    _, text = play("names")
    assert text.splitlines()[-2:] == [
        "foundations               stock",
        "columns.1   columns.2",
    ]


def test_win_is_announced() -> None:
    state = ToyState()
    state.piles["foundations"] = [[Card(r, "S") for r in range(1, 5)]]
    state.piles["columns"] = [[Card(5, "S")], []]
    out = io.StringIO()
    Session(ToyGame(), state, out).run(iter(["1"]))
    assert "You won! (undo, save, load or quit)" in out.getvalue()
    assert "no legal moves: the game is won" in out.getvalue()


def test_save_writes_the_record(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    _, text = play("1", f"save {target}")
    assert f"saved 1 move to {target}" in text
    assert json.loads(target.read_text())["moves"] == ["columns.1 AS foundations.1"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left


def test_save_replaces_a_save_but_no_other_file(tmp_path: Path) -> None:
    earlier = tmp_path / "game.json"
    _, text = play(f"save {earlier}", "1", f"save {earlier}")
    assert f"saved 1 move to {earlier}" in text
    assert json.loads(earlier.read_text())["moves"] == ["columns.1 AS foundations.1"]
    spec = tmp_path / "spec.yaml"
    spec.write_text("spec: pasyans/1\n", encoding="utf-8")
    _, text = play("1", f"save {spec}", f"save {tmp_path}")
    assert f"cannot save to {spec}: the file exists and is not a saved game; it was not " in text
    assert f"cannot save to {tmp_path}: it is a directory" in text
    assert spec.read_text(encoding="utf-8") == "spec: pasyans/1\n"


def test_save_without_a_name_or_into_a_missing_folder_is_explained(tmp_path: Path) -> None:
    _, text = play("save", f"save {tmp_path}/no/such/dir/g.json")
    assert "save needs a file name: save FILE" in text
    assert f"cannot save to {tmp_path}/no/such/dir/g.json: No such file or directory" in text


def test_loading_a_corrupt_or_missing_file_keeps_the_game(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.json"
    data = b"\xff\xfe{ not json"
    corrupt.write_bytes(data)
    before = corrupt.stat().st_mtime_ns
    session, text = play("1", f"load {corrupt}", f"load {tmp_path}/missing.json", "load")
    lines = text.splitlines()
    assert f"cannot load {corrupt}: {corrupt}: not a saved game: not UTF-8 text (byte 0)" in lines
    assert (
        f"cannot load {tmp_path}/missing.json: {tmp_path}/missing.json: no such saved game" in lines
    )
    assert lines.count("the current game goes on") == 2
    assert "load needs a file name: load FILE" in lines
    assert corrupt.read_bytes() == data and corrupt.stat().st_mtime_ns == before
    assert [m.notation for m in session.state.history] == ["columns.1 AS foundations.1"]


def test_prompt_is_written_before_each_read_and_eof_ends_cleanly() -> None:
    out = io.StringIO()
    Session(ToyGame(), ToyState(), out, prompt="> ").run(iter(["moves"]))
    text = out.getvalue()
    assert text.count("> ") == 2
    assert text.endswith("> \n")


def test_automatic_actions_are_reported_with_repeats_counted() -> None:
    state = ToyState()
    autos = [Move("deal"), Move("deal"), Move("stock 5S columns.1"), Move("deal")]
    state.automatic_moves = lambda: autos  # type: ignore[attr-defined]
    session = Session(ToyGame(), state, io.StringIO())
    assert session.automatic() == "deal ×2, stock 5S columns.1, deal"
    autos[:] = [Move(f"m{i}") for i in range(14)]
    assert session.automatic().endswith("m10, m11, … 2 more")
    session.play_number(1)
    assert "then by the rules: m0, m1," in session.out.getvalue()
    assert (
        session.automatic() != ""
        and Session(ToyGame(), ToyState(), io.StringIO()).automatic() == ""
    )


def test_odd_digits_and_quoted_file_names(tmp_path: Path) -> None:
    target = tmp_path / "my game.json"
    _, text = play("²", "1", f'save "{target}"')
    assert "cannot play '²': '²' is not legal now" in text
    assert f"saved 1 move to {target}" in text and target.is_file()
