"""benchmarks/solvitaire_replay.py decides which side is wrong when Solvitaire wins a deal ours
does not: it must follow Solvitaire's printed line with our legal moves only (its one move
"play a card the stock can reach" being our turns and a play), and stop at the first step no
move of ours reaches. The fixture is the head of Solvitaire's printed solution of our
Klondike draw-1 deal 4 (cards never back from the foundations)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SOL = REPO / "tests" / "data" / "solvitaire" / "klondike-1.deal4.head.sol"
SEP = "=" * 35


@pytest.fixture(scope="module")
def tools():
    sys.path.insert(0, str(REPO / "benchmarks"))
    import solvitaire_replay

    from pipeline.engine.loading import load_game

    return solvitaire_replay, load_game(str(REPO / "rules" / "reference" / "klondike-1.yaml"))


def test_the_printed_positions_are_read(tools) -> None:
    replay, _ = tools
    steps = replay.parse_solution(SOL.read_text())
    assert len(steps) == 13  # the deal and 12 moves
    tops, piles, stock = steps[0]
    assert (tops, stock) == ((), 24)
    assert sorted(len(p) for p in piles) == [1, 2, 3, 4, 5, 6, 7]
    assert ("##", "##", "##", "##", "##", "##", "4H") in piles
    assert steps[1][0] == ("AS",) and steps[1][2] == 23


def test_its_line_is_followed_by_our_legal_moves(tools) -> None:
    replay, game = tools
    steps = replay.parse_solution(SOL.read_text())
    done, line = replay.replay(game, 4, steps)
    assert done == 12
    # its first move, A♠ from deep in the stock, is 21 of our turns and the play
    assert line[:22] == ["turn"] * 21 + ["talon AS foundations.1"]
    state = game.new_state(seed=4)
    for text in line:
        state.apply(state.parse_move(text))
    assert replay.position(game, state) == steps[12]


def test_a_step_no_move_of_ours_reaches_stops_the_replay(tools) -> None:
    replay, game = tools
    blocks = SOL.read_text().split(SEP)
    # step 5 with two tableau cards exchanged: no legal move of ours gives that position
    assert "8C" in blocks[5] and "3C" in blocks[5]
    blocks[5] = blocks[5].replace("8C", "@").replace("3C", "8C").replace("@", "3C")
    steps = replay.parse_solution(SEP.join(blocks))
    assert replay.replay(game, 4, steps)[0] == 4
    assert replay.replay(game, 5, replay.parse_solution(SOL.read_text()))[0] == 0  # other deal


def test_a_section_it_does_not_read_is_refused(tools) -> None:
    replay, _ = tools
    text = SOL.read_text().replace("--- Foundations ---------", "--- Cells ---------", 1)
    with pytest.raises(ValueError, match="does not read: Cells"):
        replay.parse_solution(text)


def test_a_lone_deal_our_engine_makes_passes_its_step(tools) -> None:
    replay, _ = tools
    from pipeline.engine.loading import load_game

    game = load_game(str(REPO / "rules" / "reference" / "east-haven.yaml"))
    sol = SOL.with_name("east-haven.deal23.head.sol").read_text()
    steps = replay.parse_solution(sol)
    assert len(steps) == 8 and steps[0][2] == 31  # East Haven prints a stock alone
    done, line = replay.replay(game, 23, steps)
    # after Q♣ onto K♥ a deal is the only move: Solvitaire prints the position before it,
    # our engine deals by itself, so 7 steps take 5 moves of ours
    assert (done, len(line)) == (7, 5)
    assert line[:2] == ["columns.3 AH foundations.1", "columns.7 QC columns.6"]
    assert replay.replay(game, 23, steps, skip=0)[0] == 1  # stops before Q♣ onto K♥


def test_a_game_without_a_stock_is_followed_and_the_trials_leave_no_trace(
    tools, monkeypatch
) -> None:
    """Streets and Alleys prints foundations and tableau only. Each move tried is made and
    taken back on the one state, never on a copy: a copy costs its history's length, and
    Solvitaire's 35,889-step line of this deal was quadratic to follow that way."""
    replay, _ = tools
    from pipeline.engine.loading import load_game
    from pipeline.engine.state import State

    game = load_game(str(REPO / "rules" / "reference" / "streets-and-alleys.yaml"))
    steps = replay.parse_solution(SOL.with_name("streets-and-alleys.deal62.head.sol").read_text())
    assert len(steps) == 16 and steps[0][2] == 0 and steps[15][0] == ("AH", "AS")

    def no_copy(self):
        raise AssertionError("the replay copied a state")

    monkeypatch.setattr(State, "copy", no_copy)
    done, line = replay.replay(game, 62, steps)
    assert (done, len(line)) == (15, 15)
    assert line[:3] == ["columns.3 AH foundations.1", "columns.8 AS foundations.2",
                        "columns.2 10S columns.1"]  # fmt: skip
    state = game.new_state(seed=62)
    for text in line:
        state.apply(text)
    assert replay.position(game, state) == steps[15]
