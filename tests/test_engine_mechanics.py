"""Each building block of the spec language on a tiny spec and a crafted deal.

The specs are written inline and go through the real loader (`load_spec_text`), so they
also check that the engine reads the canonical form the loader produces.
"""

from __future__ import annotations

import re

import pytest
from spec_games import legal, make, shown

from pipeline.engine import compile_game
from pipeline.engine.record import replay
from pipeline.errors import IllegalMove
from pipeline.spec import load_spec_text

FOUR_FOUNDATIONS = """
  foundations:
    role: foundation
    count: 4
    foundation: {base: A, direction: up, suit: same}
"""


def test_counting_while_dealing_exiles_and_replaces() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  row: {role: tableau, count: 3}
  exiled: {role: reserve, face: down}
  stock: {role: stock}
deal:
  - id: rows
    to: row
    rounds: 2
    count: {start: 1, reset: round, match: rank, send_to: exiled, replace: true}
"""
    )
    # round 1 counts 1, 2, 3: AS (1) exiled, 5H replaces it; 2D (2) exiled, 3C (2) stays;
    # 4S (3) stays. Round 2 counts from 1 again: 9H, 2S (2) exiled -> 7D, 3H (3) exiled -> 8C
    s = g.new_state(order=["AS", "5H", "2D", "3C", "4S", "9H", "2S", "7D", "3H", "8C"])
    assert [shown(s, "row", i) for i in (1, 2, 3)] == [["5H", "9H"], ["3C", "7D"], ["4S", "8C"]]
    assert shown(s, "exiled") == ["??"] * 4
    assert [str(c) for c in s.pile("exiled")] == ["AS", "2D", "2S", "3H"]


def test_pause_card_deal_phase_rule_and_stuck_next_round() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  columns: {role: tableau, count: 3}
  stock: {role: stock}
deal:
  - id: rows
    to: columns
    rounds: null
    pause: card
    next_round: stuck
moves:
  aces: {from: columns, to: foundations, phase: deal, cards: {ranks: [A]}}
  play: {from: columns, to: foundations}
fill:
  columns: {sources: [{from: stock}]}
"""
    )
    s = g.new_state(order=["2S", "AS", "9D", "JH", "QH", "KH"])
    # 2S was dealt by itself (the only legal move), then AS: now the player may play the ace
    assert s.phase == "deal"
    assert shown(s, "columns", 1) == ["2S"] and shown(s, "columns", 2) == ["AS"]
    # four empty foundations that the rules cannot tell apart: one move, onto the first
    assert legal(s) == {"deal", "columns.2 AS foundations.1"}
    s.apply("columns.2 AS foundations.1")
    # the vacancy is refilled from the stock at once; dealing on is then the only move
    # (2S is no ace: it waits for the end of the row), so the engine makes it
    assert shown(s, "columns", 2) == ["9D"]
    assert [m.notation for m in s.automatic_moves()] == ["stock columns.2", "deal"]
    assert shown(s, "columns", 3) == ["JH"] and s.phase == "play"
    assert legal(s) == {"columns.1 2S foundations.1"}  # the next row waits until stuck
    s.apply("columns.1 2S foundations.1")
    # refill from the stock (QH); then stuck: the next row is the only move and is dealt
    # card by card by itself (unlisted cards follow in id order: 3S, 4S, ...)
    assert [shown(s, "columns", i) for i in (1, 2, 3)] == [["QH", "KH"], ["9D", "3S"], ["JH", "4S"]]
    assert s.phase == "play"
    assert legal(s) == {"columns.2 3S foundations.1"}
    s.undo()
    assert shown(s, "columns", 1) == ["2S"] and s.phase == "play"
    assert len(s.pile("stock")) == 48


def test_immediate_fill_with_a_choice_offers_exactly_the_fills() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  columns: {role: tableau, count: 2}
  stock: {role: stock}
  talon: {role: talon}
deal: [{id: d, to: columns}]
moves:
  play: {from: [columns, talon], to: foundations}
  turn: {kind: turn, from: stock, to: talon}
fill:
  columns: {sources: [{from: [talon, stock]}]}
"""
    )
    s = g.new_state(order=["KS", "AH", "7C", "8C"])
    assert legal(s) == {"columns.2 AH foundations.1", "turn"}
    s.apply("turn")
    assert shown(s, "talon") == ["7C"]
    s.apply("columns.2 AH foundations.1")
    # the pack's top card is face down: the refill from it does not name it (issue 9 §5)
    assert legal(s) == {"talon 7C columns.2", "stock columns.2"}
    with pytest.raises(IllegalMove):
        s.apply("turn")
    with pytest.raises(IllegalMove, match=re.escape("8C is not in stock")):
        s.apply("stock 8C columns.2")  # naming the hidden card tells nothing about it
    s.apply("stock columns.2")
    assert shown(s, "columns", 2) == ["8C"]
    rec = s.record()
    assert rec.moves == ["turn", "columns.2 AH foundations.1", "stock columns.2"]
    again = replay(g, rec)
    assert str(again) == str(s)


def test_redeal_gathers_in_order_without_shuffle() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  places: {role: tableau, count: 3}
  stock: {role: stock}
deal: [{id: d, to: places, rounds: 2}]
moves:
  play: {from: places, to: foundations}
redeal:
  times: 1
  gather: [places.3, places.1, places.2]
  pile_order: bottom-first
  shuffle: false
"""
    )
    s = g.new_state(order=["2S", "3S", "4S", "5H", "6H", "7H"])
    assert [shown(s, "places", i) for i in (1, 2, 3)] == [["2S", "5H"], ["3S", "6H"], ["4S", "7H"]]
    assert legal(s) == {"redeal"}
    s.apply("redeal")
    # dealing order 4S 7H 2S 5H 3S 6H, then the rest of the stock
    assert [shown(s, "places", i) for i in (1, 2, 3)] == [["4S", "5H"], ["7H", "3S"], ["2S", "6H"]]
    assert s.is_lost()  # no redeal left, no move
    s.undo()
    assert legal(s) == {"redeal"}


def test_available_all_depth_limits_and_use_limit() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  fan: {role: tableau, available: all}
  col: {role: tableau}
  stock: {role: stock}
deal:
  - {id: f, to: fan, rounds: 4}
  - {id: c, to: col}
moves:
  play: {from: fan, to: foundations, source_depth: {max: 3}}
  park: {from: fan, to: col, build: {direction: down, suit: any}, target_depth: {max: 1},
         limit: 1}
"""
    )
    s = g.new_state(order=["AS", "9C", "AH", "AD", "10H"])
    # every face-up card of the fan may move; AD at depth 4 is too deep for `play`
    assert legal(s) == {"fan AS foundations.1", "fan AH foundations.1", "fan 9C col"}
    s.apply("fan 9C col")
    assert shown(s, "fan") == ["AS", "AH", "AD"]
    assert shown(s, "col") == ["10H", "9C"]
    assert "fan AD col" not in legal(s)  # limit 1 used (and depth 2 > 1)


def test_turn_count_three_and_a_fixed_number_of_recycles() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  stock: {role: stock}
  talon: {role: talon}
moves:
  play: {from: talon, to: foundations}
  turn: {kind: turn, from: stock, to: talon, count: 3, recycle: 1}
"""
    )
    s = g.new_state(order=["9S", "8S", "7S"])
    s.apply("turn")
    assert shown(s, "talon") == ["9S", "8S", "7S"]
    for _ in range(17):
        s.apply("turn")
    assert len(s.pile("talon")) == 52 and "recycle" in legal(s)
    s.apply("recycle")
    assert [str(c) for c in s.pile("stock")][-1] == "9S"  # the talon turned over
    for _ in range(18):
        s.apply("turn")
    assert "recycle" not in legal(s)


def test_parse_move_explains_refusals() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  columns: {role: tableau, count: 2}
  stock: {role: stock}
deal: [{id: d, to: columns}]
moves:
  play: {from: columns, to: foundations}
  turn: {kind: turn, from: stock, to: foundations.1}
"""
    )
    s = g.new_state(order=["AS", "5H"])
    assert s.parse_move("  columns.1   as foundations.2 ").notation == "columns.1 AS foundations.2"
    with pytest.raises(IllegalMove, match=re.escape("no pile 'columns.9'")):
        s.parse_move("columns.9 AS foundations.1")
    with pytest.raises(
        IllegalMove, match=re.escape("no pile 'piles.1' (pile groups: foundations, col")
    ):
        s.parse_move("piles.1 AS foundations.1")
    with pytest.raises(IllegalMove, match=re.escape("5S is not in columns.1")):
        s.parse_move("columns.1 5S foundations.1")
    with pytest.raises(IllegalMove, match=re.escape("5H in columns.2 cannot be moved now")):
        s.parse_move("columns.2 5H foundations.1")
    with pytest.raises(IllegalMove, match=re.escape("not a card")):
        s.parse_move("columns.1 ZZ foundations.1")
    with pytest.raises(IllegalMove, match=re.escape("'deal' is not legal now")):
        s.parse_move("deal")
    with pytest.raises(IllegalMove, match=re.escape("empty move")):
        s.parse_move("   ")
    assert s.parse_move("TURN").notation == "turn"
    assert s.parse_move("columns.1 foundations.4").notation == "columns.1 AS foundations.4"
    with pytest.raises(
        IllegalMove, match=re.escape("no legal move from columns.2 to foundations.1")
    ):
        s.parse_move("columns.2 foundations.1")


ADJ = """
piles:
  ups:
    role: foundation
    count: 2
    foundation: {base: A, direction: up, suit: same}
  sides: {role: tableau, count: 2, adjacent: [ups.2, ups.1]}
  stock: {role: stock}
setup:
  - take: {cards: [AS, AH]}
    to: ups
deal:
  - id: d
    to: sides
    rounds: null
    pause: card
    skip_empty: true
moves:
  side: {from: sides, to: ups, phase: deal, pairs: adjacent}
"""


def test_adjacent_pairs_only() -> None:
    """sides.1 lies next to ups.2 (hearts), sides.2 next to ups.1 (spades)."""
    g = make(ADJ)
    s = g.new_state(order=["2S", "2H", "3S"])
    # 2S and 2H never lie next to their foundation: dealing on is the only move throughout
    assert s.phase == "play" and s.is_lost()
    assert shown(s, "ups", 1) == ["AS"] and shown(s, "ups", 2) == ["AH"]
    assert shown(s, "sides", 1)[:2] == ["2S", "3S"]


def test_skip_empty_places_emptied_during_the_deal() -> None:
    g = make(ADJ)
    s = g.new_state(order=["2H", "2S", "3S", "4S", "5S"])
    assert legal(s) == {"deal", "sides.1 2H ups.2"}  # the player may act after each card
    s.apply("sides.1 2H ups.2")
    # dealing on was then the only move: 2S came, and may go next to the spades
    assert legal(s) == {"deal", "sides.2 2S ups.1"}
    s.apply("sides.2 2S ups.1")
    # both places are empty now and are skipped by the later rounds: the deal is over
    assert s.phase == "play" and shown(s, "sides", 1) == [] and shown(s, "sides", 2) == []
    assert len(s.pile("stock")) == 48


def test_auto_rule_plays_by_itself_in_spec_then_pile_order() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  columns: {role: tableau, count: 3}
  stock: {role: stock}
deal: [{id: d, to: columns}]
moves:
  aces: {from: columns, to: foundations, cards: {ranks: [A]}, auto: true}
  play: {from: columns, to: foundations}
"""
    )
    s = g.new_state(order=["5D", "AH", "AS"])
    assert [m.notation for m in s.automatic_moves()] == [
        "columns.2 AH foundations.1",
        "columns.3 AS foundations.2",
    ]
    assert s.is_lost()


ROUTE = (
    """
piles:
"""
    + FOUR_FOUNDATIONS
    + """
  piles: {role: tableau, count: 13}
  exiles: {role: reserve, face: up}
  stock: {role: stock}
setup:
  - take: {cards: [5S]}
    to: exiles
deal: [{id: d, to: piles}]
moves:
  chain: {kind: route, from: exiles, to: piles, position: bottom, face: up,
          chain: not-playable, when: stuck, auto: true}
"""
)


def test_route_chain_runs_while_cards_are_not_playable() -> None:
    g = make(ROUTE)
    tops = ["2C", "3C", "4C", "6C", "7H", "8C", "AD", "9C", "10C", "JC", "QC", "KC", "2D"]
    s = g.new_state(order=tops)
    # stuck at once: 5S goes under pile 5; its top 7H fits no foundation, so it goes under
    # pile 7, whose top AD is playable: the chain stops
    assert [m.notation for m in s.automatic_moves()] == ["exiles 5S route"]
    assert shown(s, "piles", 5) == ["5S"]
    assert shown(s, "piles", 7) == ["7H", "AD"]
    assert shown(s, "exiles") == [] and s.is_lost() and not s.route_cycled


def test_route_chain_that_would_cycle_stops() -> None:
    g = make(ROUTE)
    tops = ["2C", "3C", "4C", "6C", "5H", "8C", "7D", "9C", "10C", "JC", "QC", "KC", "2D"]
    s = g.new_state(order=tops)
    assert s.route_cycled
    assert sorted(shown(s, "piles", 5)) == ["5H", "5S"]


def test_route_chain_until_a_card_is_released() -> None:
    """`until-released`: the chain stops as soon as the card uncovered by a routed card fits
    a foundation, whatever the receiving pile's top is."""
    # piles dealt in two rounds: pile 5 holds AD under 7H; 5S goes under pile 5, 7H (its
    # top) goes under pile 7; that uncovers AD, which fits a foundation: stop, although the
    # top of pile 7 (9S) fits none
    first = ["2C", "3C", "4C", "6C", "AD", "8C", "9S", "9C", "10C", "JC", "QC", "KC", "2D"]
    second = ["3D", "4D", "5D", "6D", "7H", "8D", "9D", "10D", "JD", "QD", "KD", "2H", "3H"]
    g = make(
        ROUTE.replace("chain: not-playable", "chain: until-released").replace(
            "deal: [{id: d, to: piles}]", "deal: [{id: d, to: piles, rounds: 2}]"
        )
    )
    s = g.new_state(order=first + second)
    assert [m.notation for m in s.automatic_moves()] == ["exiles 5S route"]
    assert shown(s, "piles", 5) == ["5S", "AD"]
    assert shown(s, "piles", 7) == ["7H", "9S", "9D"]


def test_batch_fill_all_spaces_in_order_before_proceeding() -> None:
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  packets: {role: tableau, count: 3}
  stock: {role: stock}
  talon: {role: talon}
deal: [{id: d, to: packets}]
moves:
  play: {from: packets, to: foundations}
  turn: {kind: turn, from: stock, to: talon}
fill:
  packets: {timing: batch, sources: [{from: stock}]}
"""
    )
    s = g.new_state(order=["AS", "AH", "5C"])
    assert "turn" in legal(s)
    s.apply("packets.1 AS foundations.1")
    # a space: filling may wait while the player plays on, but nothing new is turned
    assert legal(s) == {"stock packets.1", "packets.2 AH foundations.2"}
    s.apply("packets.2 AH foundations.2")
    assert legal(s) == {"stock packets.1"}  # the first space in order, and only it
    s.apply("stock packets.1")
    # once filling has begun, every space is filled in order before anything else
    assert [m.notation for m in s.automatic_moves()] == ["stock packets.2"]
    assert legal(s) == {"packets.1 2S foundations.1", "turn"}
    s.undo()
    assert shown(s, "packets", 2) == [] and legal(s) == {"stock packets.1"}


def test_no_progress_next_round_ignores_shuttles_between_twin_cards() -> None:
    """`next_round: no-progress`: the next row may be dealt once every other move only leads
    back to a position the game has already been in (a card shuttled between twins)."""
    g = compile_game(
        load_spec_text(
            """spec: pasyans/1
id: t
decks: 2
piles:
  foundations:
    role: foundation
    count: 8
    foundation: {base: A, direction: up, suit: same}
  columns: {role: tableau, count: 3}
  stock: {role: stock}
deal:
  - {id: rows, to: columns, rounds: null, next_round: no-progress}
moves:
  marry: {from: columns, to: columns, build: {direction: down, suit: same}}
""",
            "test.yaml",
        )
    )
    s = g.new_state(order=["5H", "5H", "4H", "9C", "9C", "9S"])
    assert legal(s) == {"columns.3 4H columns.1", "columns.3 4H columns.2"}
    s.apply("columns.3 4H columns.1")
    assert legal(s) == {"columns.1 4H columns.2"}  # a new position: not yet "no progress"
    s.apply("columns.1 4H columns.2")
    assert legal(s) == {"columns.2 4H columns.1", "deal"}  # that move only goes back
    s.apply("deal")
    # the new row, then more rows by themselves while dealing was the only move
    assert shown(s, "columns", 1)[:2] == ["5H", "9C"]
    assert shown(s, "columns", 2)[:3] == ["5H", "4H", "9C"]
    s.undo()
    assert legal(s) == {"columns.2 4H columns.1", "deal"}
    s.undo()
    assert legal(s) == {"columns.1 4H columns.2"}


def test_a_card_played_during_the_deal_is_replaced_from_the_stock() -> None:
    """Four Corners' "whenever in dealing a card is withdrawn, the next card in the pack is
    placed in its stead" needs no new block: an immediate fill from the stock limited to the
    deal phase (a pile the deal still reaches is short while it holds fewer cards than
    dealt to it)."""
    g = make(
        """
piles:
"""
        + FOUR_FOUNDATIONS
        + """
  places: {role: tableau, count: 2}
  stock: {role: stock}
deal: [{id: d, to: places, rounds: 2, pause: card}]
moves:
  play: {from: places, to: foundations, phase: any}
fill:
  places: {up_to: 52, phase: deal, sources: [{from: stock}]}
"""
    )
    s = g.new_state(order=["7C", "AD", "8C", "9C", "10C"])
    assert legal(s) == {"deal", "places.2 AD foundations.1"}
    s.apply("places.2 AD foundations.1")
    # AD is replaced by the next card (8C); the deal then goes on with 9C on places.1
    assert s.automatic_moves()[0].notation == "stock places.2"
    assert shown(s, "places", 1)[:2] == ["7C", "9C"] and shown(s, "places", 2)[0] == "8C"


def test_twin_cards_in_a_fanned_pile_are_named_by_depth() -> None:
    g = compile_game(
        load_spec_text(
            """spec: pasyans/1
id: t
decks: 2
piles:
  up: {role: foundation, foundation: {base: A, direction: up, suit: same}}
  fan: {role: tableau, available: all}
  stock: {role: stock}
setup:
  - take: {cards: [AS]}
    to: up
deal: [{id: d, to: fan, rounds: 3}]
moves:
  play: {from: fan, to: up}
""",
            "test.yaml",
        )
    )
    s = g.new_state(order=["2S", "9H", "2S"])
    assert legal(s) == {"fan 2S@1 up", "fan 2S@3 up"}
    with pytest.raises(IllegalMove, match="2S lies twice in fan: name its depth"):
        s.parse_move("fan 2S up")
    s.apply("fan 2S@1 up")
    assert shown(s, "fan") == ["9H", "2S"]
    assert legal(s) == set()  # the other 2S cannot follow: the up pile wants 3S now
    assert str(s.record().moves) == "['fan 2S@1 up']"


def test_when_none_of_named_rules_can_move() -> None:
    """`when: {none_of: [play]}`: the exile is routed as soon as nothing can be *played*, even
    though a marriage is still possible (with `stuck` it would wait for that too)."""
    spec = ROUTE.replace(
        "chain: not-playable, when: stuck, auto: true}",
        "chain: none, when: {none_of: [play]}, auto: true}\n"
        "  play: {from: piles, to: foundations}\n"
        "  marry: {from: piles, to: piles, build: {direction: down, suit: any}}",
    )
    tops = ["2C", "3C", "4C", "6C", "7H", "8C", "9S", "9C", "10C", "JC", "QC", "KC", "2D"]
    s = make(spec).new_state(order=tops)
    assert [m.notation for m in s.automatic_moves()] == ["exiles 5S route"]
    assert shown(s, "piles", 5) == ["5S", "7H"]
    # marriages remain (so the position is not stuck), and the route no longer applies
    assert legal(s) == {
        "piles.1 2C piles.2",
        "piles.2 3C piles.3",
        "piles.13 2D piles.2",
        "piles.4 6C piles.5",
        "piles.5 7H piles.6",
        "piles.6 8C piles.7",
        "piles.6 8C piles.8",
        "piles.7 9S piles.9",
        "piles.8 9C piles.9",
        "piles.9 10C piles.10",
        "piles.10 JC piles.11",
        "piles.11 QC piles.12",
    }
    stuck = make(spec.replace("when: {none_of: [play]}", "when: stuck"))
    s2 = stuck.new_state(order=tops)
    assert s2.automatic_moves() == [] and shown(s2, "exiles") == ["5S"]
