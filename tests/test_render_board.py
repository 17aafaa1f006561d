"""The drawn table: exact text for each kind of layout, glyphs, ASCII and colour."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from cli_helpers import Tty

from pipeline.render import Style, color_wanted, pile_map, render
from pipeline.render.board import legend, status_line
from pipeline.render.glyphs import card_token, pile_token, plain

RED, RESET = "\x1b[31m", "\x1b[0m"


@dataclass(frozen=True)
class Card:
    rank: int
    suit: str
    deck: int = 0
    face_up: bool = True


@dataclass
class Group:
    id: str
    role: str
    count: int
    layout: dict
    foundation: dict | None = None


class Game:
    def __init__(self, *groups: Group) -> None:
        self.groups = list(groups)


class State:
    """Just what the renderer may use: pile(group, n), phase, is_won(), is_lost()."""

    def __init__(self, piles: dict, phase: str = "play", won: bool = False) -> None:
        self._piles = piles
        self.phase = phase
        self._won = won

    def pile(self, group: str, n: int) -> tuple:
        return tuple(self._piles.get((group, n), ()))

    def is_won(self) -> bool:
        return self._won

    def is_lost(self) -> bool:
        return False


def cards(text: str) -> list[Card]:
    """`"QS 10H ##"` -> cards; `##` is a face-down card."""
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    out = []
    for word in text.split():
        if word == "##":
            out.append(Card(2, "C", face_up=False))
        else:
            out.append(Card(ranks.get(word[:-1]) or int(word[:-1]), word[-1]))
    return out


def board(text: str) -> list[str]:
    """The canvas lines of a render (without the legend and status lines)."""
    lines = text.splitlines()[:-1]  # the status line
    return [line for line in lines if not line.startswith("piles:")]


def test_tokens() -> None:
    assert plain(card_token(Card(12, "S"), Style())) == "Q♠"
    assert plain(card_token(Card(10, "H"), Style())) == "10♥"
    assert plain(card_token(Card(10, "H"), Style(ascii=True))) == "10H"
    assert plain(card_token(Card(1, "D", face_up=False), Style())) == "░░"
    assert plain(card_token(Card(1, "D", face_up=False), Style(ascii=True))) == "##"
    assert plain(pile_token([], Style())) == "[ ]"
    assert plain(pile_token(cards("## ## QS"), Style())) == "Q♠×3"
    assert plain(pile_token(cards("## ## QS"), Style(ascii=True))) == "QSx3"
    assert plain(pile_token(cards("##"), Style())) == "░░"


SHAH = Game(
    Group("centre", "inert", 1, {"shape": "point", "at": [0, 0]}),
    Group("foundations", "foundation", 8, {"shape": "ring", "at": [0, 0], "radius": 1}),
    Group("rays", "tableau", 8, {"shape": "star", "at": [0, 0], "radius": 2, "fan": "out"}),
    Group("stock", "stock", 1, {"shape": "point", "at": [4, -4]}),
    Group("talon", "talon", 1, {}),
)


def test_star_of_the_shah() -> None:
    piles = {("centre", 1): cards("KS"), ("stock", 1): cards("## ## ##")}
    for n, suit in enumerate("SHDCSHDC", 1):
        piles["foundations", n] = cards("A" + suit)
    rays = ["2S 3S", "2H", "", "4D 5D 6D", "7C", "8S", "9H", "10D JD"]
    for n, text in enumerate(rays, 1):
        piles["rays", n] = cards(text)
    out = render(State(piles, phase="deal"), SHAH, Style())
    assert board(out) == [
        "                       ░░×3",
        "J♦        3♠",
        "   10♦    2♠    2♥",
        "       A♣ A♠ A♥",
        "   9♥  A♦ K♠ A♦ [ ]",
        "       A♥ A♠ A♣",
        "   8♠     7♣    4♦",
        "                    5♦",
        "                       6♦",
        "talon: [ ]",
    ]
    assert out.splitlines()[-2] == (
        "piles: foundations.1-8 round from the top, clockwise; rays.1-8 from the top, clockwise"
    )
    assert out.splitlines()[-1] == "stock 3 · talon 0 · phase deal · in progress"


BLOCKADE = Game(
    Group("foundations", "foundation", 4, {"shape": "row", "at": [0, 0]}),
    Group("columns", "tableau", 4, {"shape": "row", "at": [0, 2], "fan": "down"}),
    Group("stock", "stock", 1, {"shape": "point", "at": [5, 0]}),
)


def test_rows_of_fanned_columns() -> None:
    piles = {
        ("foundations", 1): cards("AH 2H"),
        ("columns", 1): cards("3S 10H QD"),
        ("columns", 2): cards("KC"),
        ("columns", 4): cards("5D 6S"),
        ("stock", 1): cards("## ##"),
    }
    out = render(State(piles), BLOCKADE, Style())
    assert board(out) == [
        "2♥×2 [ ] [ ] [ ]     ░░×2",
        "",
        "3♠   K♣  [ ] 5♦",
        "10♥          6♠",
        "Q♦",
    ]
    assert out.splitlines()[-1] == "stock 2 · phase play · in progress"


def test_clock_face_with_foundations_inside() -> None:
    game = Game(
        Group("hours", "tableau", 12, {"shape": "clock", "at": [0, 0], "radius": 3}),
        Group("foundations", "foundation", 4, {"shape": "ring", "at": [0, 0], "radius": 1,
                                               "start": 45}),
    )  # fmt: skip
    piles = {("hours", n): cards(f"{n}S") if n < 11 else cards("## JH QC")
             for n in range(1, 13)}  # fmt: skip
    for n in range(1, 5):
        piles["foundations", n] = cards("AD")
    assert board(render(State(piles), game, Style(ascii=True))) == [
        "    QCx3    QCx3    AS",
        "10S                    2S",
        "         AD      AD",
        "9S                     3S",
        "         AD      AD",
        "8S                     4S",
        "    7S      6S      5S",
    ]


def test_pujol_flanks_corners_straight_sides_sideways() -> None:
    game = Game(
        Group("corners", "tableau", 2, {"positions": [[0, 0], [0, 3]]}),
        Group("sides", "tableau", 2, {"positions": [[0, 1], [0, 2]],
                                      "orientation": "sideways"}),
        Group("foundations", "foundation", 2, {"shape": "column", "at": [2, 1]}),
    )  # fmt: skip
    piles = {
        ("corners", 1): cards("7S 9C"),
        ("corners", 2): cards("8H"),
        ("sides", 1): cards("QD"),
        ("foundations", 1): cards("AS"),
        ("foundations", 2): cards("KH"),
    }
    assert board(render(State(piles), game, Style())) == [
        "9♣×2",
        "<Q♦>      A♠",
        "<[ ]>     K♥",
        "8♥",
    ]


def test_exiles_rows_with_a_fanned_last_pile() -> None:
    game = Game(
        Group("piles", "tableau", 3, {"shape": "row", "at": [0, 0]}),
        Group("fan", "tableau", 1, {"shape": "point", "at": [0, 1], "fan": "right"}),
        Group("exiles", "reserve", 1, {"shape": "point", "at": [4, 0]}),
    )
    piles = {
        ("piles", 1): cards("2S 5H"),
        ("piles", 3): cards("KD"),
        ("fan", 1): cards("3C 4C 10H"),
        ("exiles", 1): cards("## ## ##"),
    }
    assert board(render(State(piles), game, Style())) == [
        "5♥×2      [ ] K♦     ░░×3",
        "3♣ 4♣ 10♥",
    ]


def test_colour_marks_red_suits_only_when_asked() -> None:
    piles = {("columns", 1): cards("QH 2S"), ("stock", 1): cards("##")}
    plain_out = render(State(piles), BLOCKADE, Style(color=False))
    assert "\x1b[" not in plain_out
    coloured = render(State(piles), BLOCKADE, Style(color=True))
    assert f"{RED}Q♥{RESET}" in coloured
    assert f"{RED}2♠" not in coloured and "2♠" in coloured
    assert "\x1b[34m░░\x1b[0m" in coloured  # the stock's back
    ascii_out = render(State(piles), BLOCKADE, Style(color=True, ascii=True))
    assert f"{RED}QH{RESET}" in ascii_out and "♥" not in ascii_out


def test_status_and_legend() -> None:
    piles = {("stock", 1): cards("## ##"), ("talon", 1): cards("5H")}
    state = State(piles, phase="play", won=True)
    assert status_line(state, SHAH) == "stock 2 · talon 1 · phase play · won"
    assert legend(Game(Group("a", "out", 1, {}))) == ""


@pytest.mark.parametrize(
    ("mode", "stream", "env", "expected"),
    [
        ("always", io.StringIO(), {"NO_COLOR": "1"}, True),
        ("never", Tty(), {"TERM": "xterm"}, False),
        ("auto", Tty(), {"TERM": "xterm"}, True),
        ("auto", io.StringIO(), {"TERM": "xterm"}, False),
        ("auto", Tty(), {"TERM": "dumb"}, False),
        ("auto", Tty(), {"TERM": "xterm", "NO_COLOR": "1"}, False),
        ("auto", Tty(), {"TERM": "xterm", "NO_COLOR": ""}, True),
    ],
)
def test_color_wanted(mode: str, stream: io.StringIO, env: dict, expected: bool) -> None:
    assert color_wanted(mode, stream, env) is expected


def test_pile_map_names_each_pile_where_it_lies() -> None:
    game = Game(
        Group("corners", "tableau", 2, {"positions": [[0, 0], [0, 2]]}),
        Group("sides", "tableau", 1, {"positions": [[0, 1]], "orientation": "sideways"}),
        Group("foundations", "foundation", 2, {"shape": "column", "at": [1, 1]}),
        Group("talon", "talon", 1, {}),
    )
    assert pile_map(game).splitlines() == [
        "corners.1",
        "<sides>   foundations.1",
        "corners.2 foundations.2",
        "not on the table: talon",
    ]
