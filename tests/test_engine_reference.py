"""The six reference games on crafted deals: exact structure, exact legal-move sets.

Crafted deals use ``game.new_state(order=...)``: the stock in dealing order (first listed is
dealt first); the cards not listed follow in card-id order (S, H, D, C; A..K).
"""

from __future__ import annotations

from spec_games import legal, reference, shown
from thoroughness import examples

from pipeline.engine import cards as C
from pipeline.engine.playout import RecycleGuard, random_playouts
from pipeline.stats import wilson


def id_order(*skip: str) -> list[str]:
    out = [C.name(i) for i in range(52)]
    return [c for c in out if c not in skip]


# ----------------------------------------------------------------------------- Clock
def test_clock_one_deck_wins_one_deal_in_thirteen() -> None:
    """No choices: 4,000 random deals (20,000 under PASYANS_TESTS=thorough); the 99.9%
    Wilson interval contains exactly 1/13."""
    g = reference("clock-1deck")
    n = examples(4000, 20000)
    res = random_playouts(g, 0, n)
    assert res.games == n and res.unfinished == 0 and res.moves == 0
    assert res.won + res.lost == n
    lo, hi = wilson(res.won, res.games, z=3.2905)
    assert lo < 1 / 13 < hi, (res.won, lo, hi)


def test_clock_four_kings_on_the_kings_packet_lose_at_once() -> None:
    g = reference("clock-1deck")
    kings = ["KS", "KH", "KD", "KC"]
    rest = id_order(*kings)
    # packets are dealt in rounds of 13: position 13k+12 goes to the kings' packet
    order = []
    for r in range(4):
        order += [*rest[12 * r : 12 * r + 12], kings[r]]
    s = g.new_state(order=order)
    assert s.is_lost() and not s.is_won()
    # each king goes under the packet it came from: after four turns the order is back
    assert shown(s, "hours", 13) == ["KS", "KH", "KD", "KC"]
    assert all(shown(s, "hours", h).count("??") == 4 for h in range(1, 13))


def test_clock_route_puts_each_card_under_its_hour() -> None:
    g = reference("clock-1deck")
    # kings' packet top (last card dealt) is 5S: it goes under hours.5, then 5's top ...
    order = [*id_order("5S", "KS"), "KS", "5S"]
    s = g.new_state(order=order)
    first = s.automatic_moves()
    assert [m.notation for m in first] == ["hours.13 route"]
    assert "5S" in shown(s, "hours", 5)


# ------------------------------------------------------------------------------ Golf
def test_golf_structure_and_first_moves() -> None:
    g = reference("golf")
    s = g.new_state(order=[])
    assert [len(s.pile("columns", i)) for i in range(1, 8)] == [5] * 7
    assert shown(s, "foundation") == ["10D"]
    assert len(s.pile("stock")) == 16
    # tops are ids 28..34: 3D 4D 5D 6D 7D 8D 9D
    assert [shown(s, "columns", i)[-1] for i in range(1, 8)] == [
        "3D",
        "4D",
        "5D",
        "6D",
        "7D",
        "8D",
        "9D",
    ]
    assert legal(s) == {"columns.7 9D foundation", "turn"}
    s.apply("columns.7 9D foundation")
    assert legal(s) == {"columns.6 8D foundation", "turn"}
    s.apply("turn")
    assert shown(s, "foundation") == ["10D", "9D", "JD"]  # stock ids 36.. dealt in order


def test_golf_queen_on_a_king_and_the_variant_without() -> None:
    base = [*[c for c in id_order() if c not in ("KS", "QH")][:34], "QH", "KS"]
    s = reference("golf").new_state(order=base)  # the published rules: a queen may go on a king
    assert shown(s, "foundation") == ["KS"]
    assert shown(s, "columns", 7)[-1] == "QH"
    assert legal(s) == {"columns.7 QH foundation", "turn"}
    s = reference("golf.nothing-on-king").new_state(order=base)
    assert s.game.variant == "nothing-on-king"
    assert legal(s) == {"turn"}


def test_golf_won_when_tableau_empty() -> None:
    g = reference("golf")
    s = g.new_state(seed=1)
    assert not s.is_won()
    for i in range(7):
        s.piles[g.group_piles["columns"][i]] = []
    assert s.is_won()


# ------------------------------------------------------------------------ Black Hole
def test_black_hole_structure_and_moves() -> None:
    g = reference("black-hole")
    s = g.new_state(order=[])
    assert shown(s, "hole") == ["AS"]
    assert [len(s.pile("fans", i)) for i in range(1, 18)] == [3] * 17
    assert len(s.pile("stock")) == 0
    assert legal(s) == {"fans.4 KD hole", "fans.6 2C hole", "fans.17 KC hole"}
    s.apply("fans.17 KC hole")  # K on A (wrap); then Q or A on the K
    assert shown(s, "fans", 17) == ["5H", "9D"]
    assert legal(s) == {"fans.3 QD hole", "fans.5 AC hole", "fans.16 QC hole"}


# -------------------------------------------------------------------------- Klondike
def test_klondike_deal_and_first_moves() -> None:
    g = reference("klondike-3")
    s = g.new_state(order=[])
    assert [len(s.pile("columns", i)) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    for i in range(1, 8):
        p = s.pile("columns", i)
        assert p[-1].face_up and not any(c.face_up for c in p[:-1])
    assert [shown(s, "columns", i)[-1] for i in range(1, 8)] == [
        "AS",
        "8S",
        "AH",
        "6H",
        "10H",
        "KH",
        "2D",
    ]
    assert len(s.pile("stock")) == 24
    # the four empty foundations are interchangeable: each ace is offered the first
    assert legal(s) == {
        "columns.1 AS foundations.1",
        "columns.3 AH foundations.1",
        "turn",
        "columns.1 AS columns.7",
    }
    s.apply("turn")
    # stock ids 28..51 dealt from the top: 3D, 4D, 5D turned, 5D on top
    assert shown(s, "talon") == ["3D", "4D", "5D"]
    s.apply("columns.3 AH foundations.1")
    assert shown(s, "columns", 3) == ["??", "9S"]  # only the card under AH turned up


def test_klondike_passes_are_unlimited_and_the_random_player_avoids_empty_ones() -> None:
    """Standard Klondike: the talon may be turned back as often as the player likes
    ("unlimited passes", the spec's `recycle: unlimited`). The rules cap nothing (seed 3:
    after a pass without play the next is still legal, beside `talon AH`); the random
    player (playout.RecycleGuard) declines a recycle after a pass in which no card left stock
    and talon, and takes it again once one has."""
    g = reference("klondike-3")
    s = g.new_state(seed=3)
    guard = RecycleGuard(g)

    def player(state) -> set[str]:
        return {m.notation for m in guard.useful(state, state.legal_moves())}

    for _ in range(8):
        s.apply("turn")
    assert len(s.pile("stock")) == 0
    assert "recycle" in player(s)  # the first pass may always be turned back
    recycle = next(m for m in s.legal_moves() if m.notation == "recycle")
    guard.made(s, recycle)
    s.apply(recycle)
    assert len(s.pile("stock")) == 24 and shown(s, "stock")[0] == "??"
    for _ in range(8):
        s.apply("turn")
    assert {"recycle", "talon AH foundations.1"} <= legal(s)  # the rules: as often as he likes
    assert "recycle" not in player(s)  # the player: this pass would repeat the last one
    s.apply("talon AH foundations.1")
    assert "recycle" in player(s)  # a card left the talon: the next pass differs


# -------------------------------------------------------------------------- FreeCell
def test_freecell_deal_is_7777_6666_and_cells_take_one_card() -> None:
    g = reference("freecell")
    s = g.new_state(seed=11)
    assert [len(s.pile("columns", i)) for i in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    s = g.new_state(order=[])
    tops = [shown(s, "columns", i)[-1] for i in range(1, 9)]
    assert tops == ["10C", "JC", "QC", "KC", "6C", "7C", "8C", "9C"]
    # four empty cells the rules cannot tell apart: each card is offered the first one
    assert legal(s) == {f"columns.{i} {t} cells.1" for i, t in enumerate(tops, 1)}
    s.apply("columns.4 KC cells.1")
    assert "columns.1 10C cells.1" not in legal(s)  # a cell holds one card
    assert shown(s, "columns", 4)[-1] == "5C"
    assert {m for m in legal(s) if m.startswith("columns.4 ")} == {"columns.4 5C cells.2"}
    assert "cells.1 KC columns.4" not in legal(s)


# -------------------------------------------------------------------------- Canfield
def test_canfield_reserve_base_and_fill_from_reserve() -> None:
    g = reference("canfield")
    s = g.new_state(order=[])
    assert shown(s, "reserve") == ["??"] * 12 + ["KS"]
    assert shown(s, "foundations", 1) == ["AH"]
    assert [shown(s, "columns", i) for i in range(1, 5)] == [["2H"], ["3H"], ["4H"], ["5H"]]
    assert len(s.pile("stock")) == 34
    assert legal(s) == {"columns.1 2H foundations.1", "turn"}
    s.apply("columns.1 2H foundations.1")
    # the space is filled at once from the reserve, whose next card turns up
    assert shown(s, "columns", 1) == ["KS"]
    assert shown(s, "reserve")[-1] == "QS"
    assert [m.notation for m in s.automatic_moves()] == ["reserve KS columns.1"]
    s.undo()
    assert shown(s, "columns", 1) == ["2H"] and shown(s, "reserve")[-1] == "KS"


def test_canfield_moves_the_top_card_or_the_whole_pile_never_part_of_it() -> None:
    """Standard Canfield (Hoyle, as printed by Bicycle: "An entire pile must be moved as a
    unit in building", and "some players also allow one card at a time to be removed from
    the top"): `run: whole-pile`. Column 1 built 10S 9H 8C: the whole pile may go on the JH,
    the 8C alone on a red nine (none here), but the 9H-8C part of it not on the 10C (issue 9
    §5: it could)."""
    g = reference("canfield")
    reserve = ["2D", "3D", "4D", "2C", "3C", "4C", "2H", "3H", "4H", "6H", "7H", "7D", "10C"]
    s = g.new_state(order=[*reserve, "5S", "10S", "9H", "8C", "JH"])
    s.apply("columns.2 9H columns.1")
    s.apply("columns.3 8C columns.1")  # the spaces take the 10C and 7D from the reserve
    assert [shown(s, "columns", i) for i in range(1, 5)] == [
        ["10S", "9H", "8C"], ["10C"], ["7D"], ["JH"]
    ]  # fmt: skip
    assert legal(s) == {
        "columns.1 10S columns.4",  # the whole pile
        "columns.2 10C columns.4",
        "columns.3 7D columns.1",
        "reserve 7H columns.1",
        "turn",
    }


def test_canfield_as_blake_and_gent_play_it_moves_part_of_a_run() -> None:
    """canfield.blake-gent (Solvitaire's preset, the rules of the published figure): any run
    moves (`run: true`): the 8D-7S part of column 1 goes on the 9S, which canfield.yaml
    refuses."""
    reserve = ["2D", "3D", "4D", "10S", "10C", "JS", "JC", "QS", "KS", "6H", "2C", "QC", "9S"]
    moves = []
    for name in ("canfield", "canfield.blake-gent"):
        s = reference(name).new_state(order=[*reserve, "5H", "9C", "8D", "7S", "KD"])
        s.apply("columns.2 8D columns.1")
        s.apply("columns.3 7S columns.1")  # the spaces take the 9S and QC from the reserve
        assert [shown(s, "columns", i) for i in range(1, 5)] == [
            ["9C", "8D", "7S"], ["9S"], ["QC"], ["KD"]
        ]  # fmt: skip
        moves.append(legal(s))
    assert moves[0] == {"columns.3 QC columns.4", "turn"}
    assert moves[1] == {"columns.1 8D columns.2", "columns.3 QC columns.4", "turn"}


def test_canfield_as_blake_and_gent_play_it_builds_nothing_on_the_base_rank() -> None:
    """`build.wrap: base`: the tableau's ranks go round from the foundations' base (5 here):
    a king goes on an ace, but a four never on a five (canfield.yaml wraps all round, as
    PySolFC does)."""
    reserve = ["2D", "3D", "4D", "9S", "9C", "10S", "10C", "JS", "JC", "QS", "QC", "KS", "6H"]
    order = [*reserve, "5H", "4S", "5D", "KC", "AH"]
    both = {
        "columns.2 5D foundations.2",
        "columns.3 KC columns.4",  # K on A
        "reserve 6H foundations.1",
        "turn",
    }
    assert legal(reference("canfield").new_state(order=order)) == both | {"columns.1 4S columns.2"}
    assert legal(reference("canfield.blake-gent").new_state(order=order)) == both


def test_canfield_space_after_the_reserve_is_gone_takes_a_talon_or_tableau_card() -> None:
    """Standard Canfield: spaces are filled at once from the reserve; once it is empty a
    space may be filled from the wastepile or by a tableau card (or pile), and may wait
    (the common rule; Hoyle names the wastepile and the hand). Issue 9 §5: only the talon's
    card was offered."""
    g = reference("canfield")
    reserve = ["5H", "4S", "3S", "2S", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]
    s = g.new_state(order=[*reserve, "5S", "9H", "8C", "QD", "4D"])
    for card in reversed(reserve[1:]):
        s.apply(f"reserve {card} foundations.1")
    s.apply("reserve 5H foundations.2")
    assert len(s.pile("reserve")) == 0
    s.apply("columns.2 8C columns.1")
    assert shown(s, "columns", 2) == []  # no reserve card to fill it
    tableau = {
        "columns.1 8C columns.2",
        "columns.1 9H columns.2",  # the whole pile
        "columns.3 QD columns.2",
        "columns.4 4D columns.2",
    }
    assert legal(s) == tableau | {"turn"}
    s.apply("turn")
    assert legal(s) == tableau | {"talon 3H columns.2", "turn"}
