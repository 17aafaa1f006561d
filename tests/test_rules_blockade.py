"""Crafted Blockade deals: each test plays one rule of the Russian text through the engine.

The deal (`order=`) lists the stock in dealing order; twelve cards make a row. Row 1 below
has no ace and no two cards of a suit one rank apart, so nothing can be done after it and
the engine deals row 2 by itself ("when neither can be done, deal out another row").
"""

from __future__ import annotations

import pytest
from spec_games import cards, game, legal

ROW1 = ["2S", "3H", "7D", "JC", "5S", "KH", "4D", "8C", "QS", "6H", "10D", "2C"]
# Row 2: AS on column 1, AH on column 5; the rest gives three marriages (see test 3).
ROW2 = ["AS", "10S", "6C", "9D", "AH", "4H", "QD", "JS", "8S", "7C", "3D", "5H"]
ROW3_FIRST = "KC"
# Then the stock holds 9H (the next refill) and AD (the first card of row 3).
ORDER = [*ROW1, *ROW2, ROW3_FIRST, "9H", "AD"]


def _to_second_ace(name: str = "blockade"):
    """Row 1 dealt, row 2 up to its AH on column 5, the AS played when it came out."""
    state = game(name).new_state(order=ORDER)
    state.apply("columns.1 AS foundations.1")
    return state


def _rows_after_row_two():
    """blockade.rows.yaml: rows 1 and 2 dealt with no ace played during the deal."""
    state = game("blockade.rows").new_state(order=ORDER)
    _finish_row(state)
    return state


def _finish_row(state) -> None:
    """Decline the aces still on offer: deal card after card until the row is complete."""
    while state.phase == "deal":
        state.apply("deal")


def test_aces_may_be_played_as_they_appear() -> None:
    """play/2: «Тузы играютъ по мѣрѣ того, какъ они выходятъ» ("Aces may be played as they
    appear"). Row 1 had nothing to do, so row 2 was dealt at once; the deal stops at its
    first card, the AS, with the choice of playing it or dealing on. The eight empty
    foundations are interchangeable, so the play is one move, onto the first."""
    state = game("blockade").new_state(order=ORDER)
    assert state.phase == "deal"
    assert [len(state.pile("columns", n)) for n in range(1, 13)] == [2] + [1] * 11
    assert legal(state) == {"deal", "columns.1 AS foundations.1"}


def test_a_column_emptied_by_an_ace_during_a_row_is_refilled_at_once() -> None:
    """play/5 «немедленно же закрываются новыми картами» applied during a row (the text is
    silent there; "immediately" admits no delay): the AS of row 1 played, column 1 takes the
    next card of the stock at once, and the row goes on from column 2."""
    state = game("blockade").new_state(order=["AS", "9C", "5D", "JH"])
    state.apply("columns.1 AS foundations.1")
    autos = [m.notation for m in state.automatic_moves()]
    assert autos[0] == "stock columns.1"
    assert cards(state, "columns", 1) == ["9C"]
    assert cards(state, "columns", 2)[0] == "5D"
    assert cards(state, "columns", 3)[0] == "JH"


def test_no_other_card_before_the_row_is_complete() -> None:
    """play/2: «но нельзя играть другою картою, пока не наполнится цѣлый рядъ» ("no other card
    can be played until the row is complete"): with the AS played, the 2S above it fits the
    foundation, yet while row 2 is dealt only the next ace (AH) may be played."""
    state = _to_second_ace()
    assert state.phase == "deal"
    assert cards(state, "columns", 1) == ["2S"]
    assert legal(state) == {"deal", "columns.5 AH foundations.2"}


def test_after_the_row_play_and_marry_down_in_suit_lowest_cards_only() -> None:
    """play/4: «Разложивши первый рядъ, играютъ всякую подходящую карту и затѣмъ дѣлаютъ марьяжъ
    въ нисходящемъ порядкѣ»; rule I/2: only cards «ниже которыхъ не лежатъ другія» are
    available. Row 2 complete: the 2S on the AS, the AH on an empty foundation, and the three
    marriages of lowest cards (10S on JS, 6C on 7C, 4H on 5H) - nothing from row 1 but the 2S,
    which the AS uncovered, and no new row while a move remains."""
    state = _to_second_ace()
    _finish_row(state)
    assert state.phase == "play"
    assert legal(state) == (
        {"columns.1 2S foundations.1", "columns.5 AH foundations.2"}
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
    assert cards(state, "columns", 1) == [ROW3_FIRST]
    assert len(state.pile("stock", 1)) == stock_before - 1
    assert [m.notation for m in state.automatic_moves()] == ["stock columns.1"]
    assert cards(state, "foundations", 1) == ["AS", "2S"]


def test_a_column_that_keeps_cards_is_no_vacancy() -> None:
    """Rule I/2: «Снимая одну изъ картъ нижнихъ рядовъ, тѣмъ самымъ освобождаютъ одну изъ картъ,
    непосредственно лежащую выше» - a marriage uncovers the row-1 card above (3H under the
    10S of column 2); the column is not refilled, and the 3H is now available."""
    state = _to_second_ace()
    _finish_row(state)
    state.apply("columns.2 10S columns.8")
    assert cards(state, "columns", 2) == ["3H"]
    assert cards(state, "columns", 8) == ["8C", "JS", "10S"]
    assert state.automatic_moves() == []


def test_a_new_row_is_dealt_only_when_nothing_else_can_be_done() -> None:
    """play/6: «Въ случаѣ, если ни то, ни другое невозможно, то раскладываютъ новый рядъ»:
    with moves left the deal is not offered; once the last move is made, the engine deals
    the next row itself (row 3 begins with the KC on column 1)."""
    state = _to_second_ace()
    _finish_row(state)
    assert "deal" not in legal(state)
    for move in [
        "columns.5 AH foundations.2",
        "columns.2 10S columns.8",
        "columns.3 6C columns.10",
        "columns.6 4H columns.12",
        "columns.1 2S foundations.1",  # column 1 refilled with the KC
    ]:
        state.apply(move)
        assert state.phase == "play" and "deal" not in legal(state)
    assert legal(state) == {"columns.2 3H columns.12"}
    state.apply("columns.2 3H columns.12")  # column 2 refilled with the 9H: now stuck
    assert [m.notation for m in state.automatic_moves()][:2] == ["stock columns.2", "deal"]
    # Row 3 began by itself; its first card, the AD, stops the deal on column 1.
    assert state.phase == "deal"
    assert cards(state, "columns", 1) == ["KC", "AD"]
    assert legal(state) == {"deal", "columns.1 AD foundations.3"}


# Row 1 holds two 5H (one from each pack) and a 4H: the 4H can go on either 5H and back
# again for ever. The KC is the stock card that refills the 4H's emptied column.
TWINS_ROW1 = ["5H", "5H", "4H", "JC", "9S", "KD", "7D", "2C", "QS", "10H", "3D", "6C"]


def test_a_shuttle_between_twin_cards_does_not_hold_back_the_next_row() -> None:
    """play/6: «Въ случаѣ, если ни то, ни другое невозможно, то раскладываютъ новый рядъ» ("When
    neither can be done, deal out another row"), with `next_round: no-progress`: the 4H
    married onto one 5H may be moved to the other 5H (a new position), but moving it back
    only repeats a position, so from then on the next row is offered beside the shuttle."""
    state = game("blockade").new_state(order=[*TWINS_ROW1, "KC", "AS"])
    assert legal(state) == {"columns.3 4H columns.1", "columns.3 4H columns.2"}
    state.apply("columns.3 4H columns.1")
    assert cards(state, "columns", 3) == ["KC"]  # the emptied column refilled at once
    assert legal(state) == {"columns.1 4H columns.2"}
    state.apply("columns.1 4H columns.2")
    assert legal(state) == {"columns.2 4H columns.1", "deal"}
    state.apply("deal")
    assert state.phase == "deal"
    assert cards(state, "columns", 1) == ["5H", "AS"]


def test_rows_variant_refills_the_gap_of_an_ace_before_the_row_goes_on() -> None:
    """blockade.rows.yaml, play/5 «немедленно же закрываются новыми картами» with `fill.timing:
    batch`: the AS played while row 2 is dealt leaves a gap in column 1 (one card of two
    rows); no card is dealt until it is refilled, so the 10S, next in the pack, fills it and
    the row goes on with the 6C on column 2."""
    state = game("blockade.rows").new_state(order=ORDER)
    state.apply("columns.1 AS foundations.1")
    assert legal(state) == {"stock columns.1"}
    state.apply("stock columns.1")
    assert cards(state, "columns", 1) == ["2S", "10S"]
    assert cards(state, "columns", 2)[:2] == ["3H", "6C"]


def test_rows_variant_counts_a_gap_in_a_lower_row_as_a_vacancy() -> None:
    """blockade.rows.yaml, play/8: «пустыя мѣста открываются въ верхнихъ рядахъ: мѣста эти
    должны быть прежде всего закрыты» - a column holding fewer cards than the rows dealt has
    a gap (column 2, one card of two, after the 10S is married); with column 1 emptied too,
    only the highest gap, column 1's first row, is offered, and no new row."""
    state = _rows_after_row_two()
    for move in ["columns.1 AS foundations.1", "columns.1 2S foundations.1"]:
        state.apply(move)
    state.apply("columns.2 10S columns.8")  # column 2: one card left of two rows
    fills = {m.notation for m in state.legal_moves() if m.kind_name == "fill"}
    assert fills == {"stock columns.1"}
    assert "deal" not in legal(state)


def test_rows_variant_once_refilling_begins_every_gap_is_refilled_in_order() -> None:
    """blockade.rows.yaml, play/5 «немедленно же закрываются новыми картами, взятыми изъ колоды,
    послѣ чего продолжаютъ вновь играть и дѣлать марьяжъ» and play/8 «прежде всего», with
    `fill.timing: batch`, `order: depth-first`: once the player refills column 1 with the
    KC, the engine refills the rest before play goes on - column 1's second row (9H), then
    column 2's (AD) - and only then may the player play again."""
    state = _rows_after_row_two()
    for move in ["columns.1 AS foundations.1", "columns.1 2S foundations.1"]:
        state.apply(move)
    state.apply("columns.2 10S columns.8")
    state.apply("stock columns.1")
    assert [m.notation for m in state.automatic_moves()] == [
        "stock columns.1",
        "stock columns.2",
    ]
    assert cards(state, "columns", 1) == [ROW3_FIRST, "9H"]
    assert cards(state, "columns", 2) == ["3H", "AD"]
    assert "columns.2 AD foundations.2" in legal(state)


def test_main_reading_has_no_gap_where_the_rows_variant_has_one() -> None:
    """The two readings of «свободныя мѣста» side by side: after the same marriage, column 2
    (one card under two rows) is a vacancy only in blockade.rows.yaml."""
    main = _to_second_ace()
    _finish_row(main)
    rows = _rows_after_row_two()
    for state in (main, rows):
        state.apply("columns.2 10S columns.8")
    assert not any(
        m.notation.endswith(" columns.2") and "stock" in m.notation for m in main.legal_moves()
    )
    assert "stock columns.2" in legal(rows)


@pytest.mark.parametrize("name", ["blockade", "blockade.rows"])
def test_no_redeal_and_every_card_once(name: str) -> None:
    """note/1: «Пасьянсъ не раскладывается вторично» ("There is no re-deal"): no `redeal`
    move ever appears, and the deal uses each of the 104 cards exactly once."""
    state = game(name).new_state(seed=3)
    assert sorted(state.cards_in_play()) == list(range(104))
    for _ in range(200):
        moves = state.legal_moves()
        assert all(m.notation != "redeal" for m in moves)
        if not moves:
            break
        state.apply(moves[-1])
    assert sorted(state.cards_in_play()) == list(range(104))
