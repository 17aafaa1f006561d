"""Crafted Blockade deals: each test plays one rule of the Russian text through the engine.

The deal (`order=`) lists the stock in dealing order; twelve cards make a row. Row 1 below
has no ace and no two cards of a suit one rank apart, so nothing can be done after it and
the engine deals row 2 by itself ("when neither can be done, deal out another row").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine import compile_game
from pipeline.spec import load_spec

RULES = Path(__file__).resolve().parent.parent / "rules"

ROW1 = ["2S", "3H", "7D", "JC", "5S", "KH", "4D", "8C", "QS", "6H", "10D", "2C"]
# Row 2: AS on column 1, AH on column 5; the rest gives three marriages (see test 3).
ROW2 = ["AS", "10S", "6C", "9D", "AH", "4H", "QD", "JS", "8S", "7C", "3D", "5H"]
ROW3_FIRST = "KC"
# Then the stock holds 9H (the next refill) and AD (the first card of row 3).
ORDER = [*ROW1, *ROW2, ROW3_FIRST, "9H", "AD"]


def _game(name: str = "blockade"):
    return compile_game(load_spec(RULES / f"{name}.yaml"))


def _moves(state) -> set[str]:
    return {m.notation for m in state.legal_moves()}


def _cards(state, group: str, n: int) -> list[str]:
    return [str(c) for c in state.pile(group, n)]


def _to_second_ace(name: str = "blockade"):
    """Row 1 dealt, row 2 up to its AH on column 5, the AS played when it came out."""
    state = _game(name).new_state(order=ORDER)
    state.apply("columns.1 AS foundations.1")
    if name == "blockade.rows":
        state.apply("deal")  # the rows reading offers to refill column 1's gap first
    return state


def _finish_row(state) -> None:
    """Decline the aces still on offer: deal card after card until the row is complete."""
    while state.phase == "deal":
        state.apply("deal")


def test_aces_may_be_played_as_they_appear() -> None:
    """play/2: «Тузы играютъ по мѣрѣ того, какъ они выходятъ» ("Aces may be played as they
    appear"). Row 1 had nothing to do, so row 2 was dealt at once; the deal stops at its
    first card, the AS, with the choice of playing it on any empty foundation or dealing on."""
    state = _game().new_state(order=ORDER)
    assert state.phase == "deal"
    assert [len(state.pile("columns", n)) for n in range(1, 13)] == [2] + [1] * 11
    assert _moves(state) == {"deal"} | {f"columns.1 AS foundations.{k}" for k in range(1, 9)}


def test_a_column_emptied_by_an_ace_during_a_row_is_refilled_at_once() -> None:
    """play/5 «немедленно же закрываются новыми картами» applied during a row (the text is
    silent there; "immediately" admits no delay): the AS of row 1 played, column 1 takes the
    next card of the stock at once, and the row goes on from column 2."""
    state = _game().new_state(order=["AS", "9C", "5D", "JH"])
    state.apply("columns.1 AS foundations.1")
    autos = [m.notation for m in state.automatic_moves()]
    assert autos[0] == "stock 9C columns.1"
    assert _cards(state, "columns", 1) == ["9C"]
    assert _cards(state, "columns", 2)[0] == "5D"
    assert _cards(state, "columns", 3)[0] == "JH"


def test_no_other_card_before_the_row_is_complete() -> None:
    """play/2: «но нельзя играть другою картою, пока не наполнится цѣлый рядъ» ("no other card
    can be played until the row is complete"): with the AS played, the 2S above it fits the
    foundation, yet while row 2 is dealt only the next ace (AH) may be played."""
    state = _to_second_ace()
    assert state.phase == "deal"
    assert _cards(state, "columns", 1) == ["2S"]
    assert _moves(state) == {"deal"} | {f"columns.5 AH foundations.{k}" for k in range(2, 9)}


def test_after_the_row_play_and_marry_down_in_suit_lowest_cards_only() -> None:
    """play/4: «Разложивши первый рядъ, играютъ всякую подходящую карту и затѣмъ дѣлаютъ марьяжъ
    въ нисходящемъ порядкѣ»; rule I/2: only cards «ниже которыхъ не лежатъ другія» are
    available. Row 2 complete: the 2S on the AS, the AH on any empty foundation, and the three
    marriages of lowest cards (10S on JS, 6C on 7C, 4H on 5H) - nothing from row 1 but the 2S,
    which the AS uncovered, and no new row while a move remains."""
    state = _to_second_ace()
    _finish_row(state)
    assert state.phase == "play"
    assert _moves(state) == (
        {"columns.1 2S foundations.1"}
        | {f"columns.5 AH foundations.{k}" for k in range(2, 9)}
        | {"columns.2 10S columns.8", "columns.3 6C columns.10", "columns.6 4H columns.12"}
    )


def test_a_vacancy_is_refilled_from_the_stock_at_once() -> None:
    """play/5: «Открывши такимъ образомъ свободныя мѣста немедленно же закрываются новыми
    картами, взятыми изъ колоды» ("The vacancies thus caused must be immediately refilled from
    the pack"). Playing the 2S empties column 1; the engine puts the next stock card there
    before anything else can happen."""
    state = _to_second_ace()
    _finish_row(state)
    stock_before = len(state.pile("stock", 1))
    state.apply("columns.1 2S foundations.1")
    assert _cards(state, "columns", 1) == [ROW3_FIRST]
    assert len(state.pile("stock", 1)) == stock_before - 1
    assert [m.notation for m in state.automatic_moves()] == [f"stock {ROW3_FIRST} columns.1"]
    assert _cards(state, "foundations", 1) == ["AS", "2S"]


def test_a_column_that_keeps_cards_is_no_vacancy() -> None:
    """Rule I/2: «Снимая одну изъ картъ нижнихъ рядовъ, тѣмъ самымъ освобождаютъ одну изъ картъ,
    непосредственно лежащую выше» - a marriage uncovers the row-1 card above (3H under the
    10S of column 2); the column is not refilled, and the 3H is now available."""
    state = _to_second_ace()
    _finish_row(state)
    state.apply("columns.2 10S columns.8")
    assert _cards(state, "columns", 2) == ["3H"]
    assert _cards(state, "columns", 8) == ["8C", "JS", "10S"]
    assert state.automatic_moves() == []


def test_a_new_row_is_dealt_only_when_nothing_else_can_be_done() -> None:
    """play/6: «Въ случаѣ, если ни то, ни другое невозможно, то раскладываютъ новый рядъ»:
    with moves left the deal is not offered; once the last move is made, the engine deals
    the next row itself (row 3 begins with the KC on column 1)."""
    state = _to_second_ace()
    _finish_row(state)
    assert "deal" not in _moves(state)
    for move in [
        "columns.5 AH foundations.2",
        "columns.2 10S columns.8",
        "columns.3 6C columns.10",
        "columns.6 4H columns.12",
        "columns.1 2S foundations.1",  # column 1 refilled with the KC
    ]:
        state.apply(move)
        assert state.phase == "play" and "deal" not in _moves(state)
    assert _moves(state) == {"columns.2 3H columns.12"}
    state.apply("columns.2 3H columns.12")  # column 2 refilled with the 9H: now stuck
    assert [m.notation for m in state.automatic_moves()][:2] == ["stock 9H columns.2", "deal"]
    # Row 3 began by itself; its first card, the AD, stops the deal on column 1.
    assert state.phase == "deal"
    assert _cards(state, "columns", 1) == ["KC", "AD"]
    assert _moves(state) == {"deal"} | {f"columns.1 AD foundations.{k}" for k in range(3, 9)}


def test_rows_variant_counts_a_gap_in_a_lower_row_as_a_vacancy() -> None:
    """blockade.rows.yaml, play/8: «пустыя мѣста открываются въ верхнихъ рядахъ: мѣста эти
    должны быть прежде всего закрыты» - a column holding fewer cards than the rows dealt has
    a gap; refilling is offered, the highest gaps (shortest columns) first."""
    state = _to_second_ace("blockade.rows")
    _finish_row(state)
    state.apply("columns.1 2S foundations.1")  # column 1: no card left of two rows
    state.apply("columns.2 10S columns.8")  # column 2: one card left of two rows
    fills = [m.notation for m in state.legal_moves() if m.notation.startswith("stock ")]
    assert fills == [f"stock {ROW3_FIRST} columns.1", f"stock {ROW3_FIRST} columns.2"]


def test_main_reading_has_no_gap_where_the_rows_variant_has_one() -> None:
    """The two readings of «свободныя мѣста» side by side: after the same marriage, column 2
    (one card under two rows) is a vacancy only in blockade.rows.yaml."""
    main = _to_second_ace()
    rows = _to_second_ace("blockade.rows")
    for state in (main, rows):
        _finish_row(state)
        state.apply("columns.2 10S columns.8")
    assert not any(
        m.notation.endswith(" columns.2") and "stock" in m.notation for m in main.legal_moves()
    )
    assert f"stock {ROW3_FIRST} columns.2" in _moves(rows)


@pytest.mark.parametrize("name", ["blockade", "blockade.rows"])
def test_no_redeal_and_every_card_once(name: str) -> None:
    """note/1: «Пасьянсъ не раскладывается вторично» ("There is no re-deal"): no `redeal`
    move ever appears, and the deal uses each of the 104 cards exactly once."""
    state = _game(name).new_state(seed=3)
    assert sorted(state.cards_in_play()) == list(range(104))
    for _ in range(200):
        moves = state.legal_moves()
        assert all(m.notation != "redeal" for m in moves)
        if not moves:
            break
        state.apply(moves[-1])
    assert sorted(state.cards_in_play()) == list(range(104))
