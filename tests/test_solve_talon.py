"""The stock seen as a sequence (`pipeline.solve.talon`): which specs it holds for, the
exact macros it offers on crafted deals, macro moves in the engine, and the same outcomes
as the plain search."""

from __future__ import annotations

import pytest
from crafted_deals import klondike_order
from thoroughness import THOROUGH

from pipeline.engine.loading import load_game
from pipeline.engine.moves import MACRO, MacroMove
from pipeline.errors import IllegalMove
from pipeline.solve.search import Budget, Solver
from pipeline.solve.talon import StockSequence, reason

_COLUMN_TOPS = ["KS", "QS", "JS", "10S", "9S", "8S", "7S"]  # nothing builds on another
_FACE_DOWN = [
    *("6D", "7D", "8D", "9D", "10D", "JD", "QD", "7H", "8H", "9H", "10H", "JH", "QH"),
    *("AC", "AD", "AS", "2C", "3C", "4C", "5C", "6C"),
]
# of the stock, only AH (to a foundation), 6H (on 7S) and, once AH is up, 2H can be played
_STOCK = [
    *("2S", "3S", "AH", "6H", "4S", "5S", "6S", "7C", "8C", "9C", "10C", "JC"),
    *("QC", "KC", "2D", "3D", "4D", "5D", "2H", "3H", "4H", "5H", "KD", "KH"),
]


def _order() -> list[str]:
    return klondike_order(_COLUMN_TOPS, _FACE_DOWN, _STOCK)


def _names(moves) -> list[str]:
    return [m.notation for m in moves]


def test_reason_names_what_the_fold_would_miss() -> None:
    def why(spec: str) -> str | None:
        return reason(load_game(f"rules/reference/{spec}.yaml").rules)

    assert why("klondike-1") is None
    assert why("klondike-3") is None
    assert why("canfield.blake-gent") is None
    assert why("freecell") == "no rule turns the stock onto a talon"
    assert why("golf") == "move rule 'play' lays cards on the stock or the talon"
    assert why("pyramid") == "the spec uses covered_by"
    assert why("fortunes-favor") == "the fill rule of 'columns' takes from the talon by itself"
    assert reason(load_game("rules/clock.yaml").rules) == (
        "the fill rule of 'packets' takes from the stock"
    )


def test_draw_one_offers_each_playable_stock_card_once() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    st = g.new_state(order=_order())
    assert _names(st.legal_moves()) == ["turn"]
    folded = StockSequence(g).fold(st, st.legal_moves())
    assert _names(folded) == [
        "turn, turn, turn, talon AH foundations.1",
        "turn, turn, turn, turn, talon 6H columns.7",
    ]
    assert all(m.kind == MACRO for m in folded)
    assert len(st.history) == 0 and len(st.card_piles()[g.turns[0].src]) == 24  # undone


def test_draw_three_reaches_other_cards_after_a_recycle() -> None:
    g = load_game("rules/reference/klondike-3.yaml")
    seq = StockSequence(g)
    st = g.new_state(order=_order())
    first = seq.fold(st, st.legal_moves())
    # turned in threes, the first pass shows AH (3rd), 5S, 8C, JC, 2D, 5D, 2H, KH: AH alone
    assert _names(first) == ["turn, talon AH foundations.1"]
    st.apply(first[0])
    # 2S and 3S on the talon, 21 in the stock: this pass shows nothing playable; after the
    # recycle the threes shift by one, 6H and 2H (onto AH) come up; a second recycle would
    # repeat the split, so the fold stops there
    seven = ["turn"] * 7 + ["recycle"]
    assert _names(seq.fold(st, st.legal_moves())) == [
        ", ".join([*seven, "turn", "talon 6H columns.7"]),
        ", ".join([*seven, *["turn"] * 6, "talon 2H foundations.1"]),
    ]


def test_a_macro_is_one_move_for_undo_and_its_parts_in_the_record() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    stock, talon = g.turns[0].src, g.turns[0].dst
    st = g.new_state(order=_order())
    piles = [list(p) for p in st.card_piles()]
    counters = list(st.counters())
    macro = StockSequence(g).fold(st, st.legal_moves())[1]
    st.apply(macro)
    assert len(st.history) == 1
    assert sorted(set(st.changed_piles())) == sorted({stock, talon, g.group_piles["columns"][6]})
    # turned one at a time with unlimited recycles, the stock is then turned round to its
    # start (the 20 cards left, and the recycle): the talon is empty again
    assert st.record().moves == ["turn"] * 4 + ["talon 6H columns.7"] + ["turn"] * 20 + ["recycle"]
    assert len(st.card_piles()[stock]) == 23 and not st.card_piles()[talon]
    plain = g.new_state(order=_order())
    for m in st.record().moves:
        plain.apply(m)
    assert plain.card_piles() == st.card_piles()
    st.undo()
    assert [list(p) for p in st.card_piles()] == piles and list(st.counters()) == counters
    assert _names(st.legal_moves()) == ["turn"]


def test_the_stock_is_not_turned_round_to_a_split_it_never_shows_again() -> None:
    g = load_game("rules/reference/klondike-3.yaml")
    st = g.new_state(order=_order())
    st.apply(StockSequence(g).fold(st, st.legal_moves())[0])  # a turn of three, then AH
    # 2S and 3S left on the talon: from a full stock the threes never leave two there
    assert st.record().moves == ["turn", "talon AH foundations.1"]
    assert [str(c) for c in st.pile("talon")] == ["2S", "3S"]


def test_a_macro_whose_play_the_turns_do_not_reach_is_refused_whole() -> None:
    g = load_game("rules/reference/klondike-1.yaml")
    st = g.new_state(order=_order())
    reached = StockSequence(g).fold(st, st.legal_moves())[1]  # four turns, then 6H
    short = MacroMove(g, reached.parts[:3] + reached.parts[4:])  # three turns, then 6H
    with pytest.raises(IllegalMove, match="is not a legal move now"):
        st.apply(short)
    assert len(st.history) == 0 and len(st.card_piles()[g.turns[0].src]) == 24


_DECIDED = {"klondike-1": range(2, 13), "klondike-3": (2, 3, 5, 6, 7, 8, 9, 10, 12)}


@pytest.mark.parametrize("spec", ["klondike-1", "klondike-3"])
def test_the_fold_decides_as_the_plain_search(spec: str) -> None:
    g = load_game(f"rules/reference/{spec}.yaml")
    plain = Solver(g, sequence=False)
    folded = Solver(g)
    assert folded.seq is not None and plain.seq is None
    both = {"won": 0, "lost": 0}
    # by default (tests/thoroughness.py) the deals of 1-12 that one of the two decides: the
    # others, unknown to both at this budget, assert nothing and cost a third of the test
    for deal in range(1, 13) if THOROUGH else _DECIDED[spec]:
        a = plain.solve(seed=deal, budget=Budget(nodes=4_000))
        b = folded.solve(seed=deal, budget=Budget(nodes=4_000))
        if b.outcome == "won":
            st = g.new_state(seed=deal)
            for m in b.moves:  # a win found with macros replays move by move
                st.apply(m)
            assert st.is_won()
        if "unknown" not in (a.outcome, b.outcome):
            assert a.outcome == b.outcome, deal
            both[a.outcome] += 1
    assert both["won"] >= 3


@pytest.mark.parametrize(
    ("spec", "deal", "outcome"), [("klondike-1", 19, "won"), ("klondike-3", 3, "lost")]
)
def test_the_fold_decides_where_the_plain_search_turns_card_by_card(
    spec: str, deal: int, outcome: str
) -> None:
    g = load_game(f"rules/reference/{spec}.yaml")
    # parts of runs unrestricted on both sides (`swaps.py` decides draw 3's deal 3 alone),
    # and no stock card played up as a safe move (`safety.cycle_talon`: draw 1's deal 19)
    plain = Solver(g, sequence=False, swaps=False)
    plain.safe._cycle = -1
    assert plain.solve(seed=deal, budget=Budget(nodes=5_000)).outcome == "unknown"
    fold = Solver(g, swaps=False)
    fold.safe._cycle = -1
    assert fold.solve(seed=deal, budget=Budget(nodes=5_000)).outcome == outcome


# Two rules move a column's card onto a column (whole piles, and single cards from the talon,
# the reserve or a column): the engine offers that move once, as the first rule's.
_TWO_RULES = """
spec: pasyans/1
id: two-rules
decks: 1
piles:
  foundations: {role: foundation, count: 4, foundation: {base: first, direction: up,
                suit: same, wrap: true}}
  reserve: {role: reserve, turn_up: true}
  columns: {role: tableau, count: 6}
  stock: {role: stock}
  talon: {role: talon}
deal:
- {id: reserve, to: reserve, rounds: 13, face: up}
- {id: base, to: foundations.1}
- {id: columns, to: columns}
moves:
  to-foundation: {from: [reserve, columns, talon], to: foundations}
  build:
    from: columns
    to: columns
    build: {direction: down, suit: alternate, wrap: true, empty: any}
    run: whole-pile
  to-column:
    from: [reserve, talon, columns]
    to: columns
    build: {direction: down, suit: alternate, wrap: true, empty: any}
  turn: {kind: turn, from: stock, to: talon, count: 3, recycle: unlimited}
fill:
  columns:
    timing: optional
    sources: [{from: reserve}]
win: all-on-foundations
"""


def test_a_move_two_rules_offer_is_not_folded_again(tmp_path) -> None:
    """After a turn, the second rule's copy of a move that was legal before it is no new
    play: every folded move applies, and none ends in a move legal without the turns."""
    import random

    spec = tmp_path / "two-rules.yaml"
    spec.write_text(_TWO_RULES, encoding="utf-8")
    game = load_game(str(spec))
    fold = StockSequence(game)
    assert fold.enabled
    folded = 0
    for seed in range(12):
        s = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(25):
            moves = s.legal_moves()
            if not moves or s.is_won():
                break
            plain = {m.notation for m in moves}
            for m in fold.fold(s, list(moves)):
                if m.kind == MACRO and len(m.parts) > 1:
                    folded += 1
                    assert m.parts[-1].notation not in plain, m.notation
                s.apply(m)  # raised IllegalMove for `turn, columns.2 3S columns.5`
                s.undo()
            s.apply(rng.choice(moves))
    assert folded > 0
