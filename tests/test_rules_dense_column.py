"""Crafted deals of Pujol's «Густая колонна»: each test plays one sentence of the text.

Setup: aces.1..4 = AS AH AD AC and kings.1..4 = KS KH KD KC, top to bottom. Twelve places are
dealt in a fixed order - corners.1 (left top), sides.1..4 (beside the aces), corners.2 (left
bottom), corners.3 (right top), sides.5..8 (beside the kings), corners.4 (right bottom) -
round after round until the 96 cards are out.
"""

from __future__ import annotations

from spec_games import game, legal

PLACES = [
    "corners.1",
    "sides.1",
    "sides.2",
    "sides.3",
    "sides.4",
    "corners.2",
    "corners.3",
    "sides.5",
    "sides.6",
    "sides.7",
    "sides.8",
    "corners.4",
]
# First round: a 2H on the left top corner, then side cards that fit a foundation only
# when it is the one beside them.
FIRST_ROUND = ["2H", "2D", "3H", "2D", "9C", "QS", "5C", "QH", "QH", "8S", "4S", "6C"]
# Last round of the second deal below: the tops after the deal.
LAST_ROUND = ["9H", "8H", "5C", "10S", "6D", "JC", "3S", "2D", "7S", "4H", "10D", "5D"]


def _cards(state, place: str) -> list[str]:
    group, _, n = place.partition(".")
    return [str(c) for c in state.pile(group, int(n))]


def _deal_out(state) -> None:
    """Decline every play the deal offers: deal on until all cards are out."""
    while state.phase == "deal":
        state.apply("deal")


def _stock_names() -> list[str]:
    """The 96 cards left after setup, in card-id order (deck 1 without AS..AC, KS..KC)."""
    names = []
    for deck in range(2):
        for suit in "SHDC":
            for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"]:
                if deck == 0 and rank in ("A", "K"):
                    continue
                names.append(rank + suit)
    return names


def _order_ending_with(last_round: list[str]) -> list[str]:
    rest = _stock_names()
    for name in last_round:
        rest.remove(name)
    return rest + last_round


def test_a_corner_card_goes_to_any_foundation_of_its_suit() -> None:
    """play/4: «карты с флангов или с углов … идут всюду»: the 2H, first card of the deal, on
    the left top corner, may go on the AH, the second ace; the deal stops to offer it."""
    state = game("dense-column").new_state(order=FIRST_ROUND)
    assert state.phase == "deal"
    assert _cards(state, "corners.1") == ["2H"]
    assert legal(state) == {"deal", "corners.1 2H aces.2"}


def test_a_side_card_goes_only_to_the_foundation_beside_it() -> None:
    """play/4-5: side cards go «только на смежные или начальные карты»; «если на место, лежащее
    подле пикового туза, пришлось положить двойку одинаковой масти, то она идет только на этого
    туза». The 2D beside the AS may not go on the AD; the 3H beside the AH and the second 2D
    beside the AD may go on their own aces."""
    state = game("dense-column").new_state(order=FIRST_ROUND)
    state.apply("corners.1 2H aces.2")
    # The 2D beside the AS offered nothing, so the deal went on to the 3H beside the AH.
    assert _cards(state, "sides.1") == ["2D"]
    assert legal(state) == {"deal", "sides.2 3H aces.2"}
    state.apply("deal")
    assert legal(state) == {"deal", "sides.2 3H aces.2", "sides.3 2D aces.3"}


def test_beside_the_kings_too_and_corners_feed_the_kings() -> None:
    """play/4: «если бы на какой-нибудь угол пришлась дама трефовая, то она идет на короля
    трефового»: the QS on the left bottom corner may go on the KS; the QH beside the KS may
    not go on the KH, the QH beside the KH may."""
    state = game("dense-column").new_state(order=FIRST_ROUND)
    state.apply("corners.1 2H aces.2")
    for _ in range(6):  # 2D, 9C, QS, 5C, QH (beside KS), QH (beside KH)
        state.apply("deal")
    assert _cards(state, "sides.6") == ["QH"]
    assert legal(state) == {
        "deal",
        "sides.2 3H aces.2",
        "sides.3 2D aces.3",
        "corners.2 QS kings.1",
        "sides.6 QH kings.2",
    }


def test_an_emptied_place_is_not_refilled_and_the_order_never_changes() -> None:
    """play/5: «места, с которых сняты карты на начальные кучки, особыми картами не закладываются
    и показанный прежде порядок раскладывания первых двенадцати карт никогда не нарушается».
    The left top corner, emptied by the 2H, gets nothing until the second round brings it the
    13th card (the 9S); after the deal it holds one card fewer than every other place."""
    state = game("dense-column").new_state(order=[*FIRST_ROUND, "9S"])
    state.apply("corners.1 2H aces.2")
    assert state.pile("corners", 1) == ()
    _deal_out(state)
    assert _cards(state, "corners.1")[0] == "9S"
    assert [len(_cards(state, p)) for p in PLACES] == [7] + [8] * 11


def test_cadogan_variant_puts_the_next_card_in_the_place_of_one_played() -> None:
    """dense-column.cadogan.yaml, Four Corners' Note: "Whenever in dealing a card is withdrawn,
    to place on one of the foundations, the next card in the pack is placed in its stead" -
    the opposite of Pujol's play/5 «особыми картами не закладываются». The 2H leaves the left
    top corner; the 2D, next in the pack, takes its place at once and, lying on a corner, may
    go to any foundation of its suit (the AD); the deal then goes on with the 3H on the place
    after the corner. No place is left a card short: only the last place dealt is."""
    state = game("dense-column.cadogan").new_state(order=[*FIRST_ROUND, "9S"])
    state.apply("corners.1 2H aces.2")
    assert [m.notation for m in state.automatic_moves()] == ["stock corners.1"]
    assert _cards(state, "corners.1") == ["2D"]
    assert legal(state) == {"deal", "corners.1 2D aces.3"}
    state.apply("deal")
    assert _cards(state, "sides.1") == ["3H"]
    _deal_out(state)
    assert [len(_cards(state, p)) for p in PLACES] == [8] * 11 + [7]


def test_main_reading_leaves_the_place_empty_where_cadogan_refills_it() -> None:
    """The two readings of a card withdrawn during the deal side by side (play/5 vs Four
    Corners' Note): after the same play, Pujol's corner stays empty and the 2D goes to the
    next place, beside the AS, where it may not be played (so the engine deals on, to the
    3H beside the AH)."""
    main = game("dense-column").new_state(order=FIRST_ROUND)
    main.apply("corners.1 2H aces.2")
    assert [m.notation for m in main.automatic_moves()] == ["deal", "deal"]
    assert _cards(main, "corners.1") == []
    assert _cards(main, "sides.1") == ["2D"]
    assert legal(main) == {"deal", "sides.2 3H aces.2"}


def _dealt():
    state = game("dense-column").new_state(order=_order_ending_with(LAST_ROUND))
    _deal_out(state)
    assert state.phase == "play"
    return state


def test_after_the_deal_moves_in_suit_up_or_down_and_any_foundation() -> None:
    """play/6: «можно переходить с места на место без различия и по произволу, однако же съ
    наблюдением, чтобы переводы были по мастям»: 8H and 9H onto each other, 5D and 6D onto
    each other; the 2D beside the KS may now go on the AD; re-dealing is offered."""
    state = _dealt()
    assert [_cards(state, p)[-1] for p in PLACES] == LAST_ROUND
    assert legal(state) == {
        "sides.5 2D aces.3",
        "corners.1 9H sides.1",
        "sides.1 8H corners.1",
        "sides.4 6D corners.4",
        "corners.4 5D sides.4",
        "redeal",
    }


def test_nothing_fills_an_empty_place_and_nothing_leaves_a_foundation() -> None:
    """play/7: «Те места, которые после переводов останутся пустыми, не замещаются ничем»;
    play/10: «допускаются переводы, но только не с начальных мест». Over a whole game (three
    deals, foundation plays first, else the last move offered), no move ever takes a card from
    a foundation or puts one on an empty place, and no fill is ever offered."""
    state = game("dense-column").new_state(seed=14)
    empties_seen = 0
    while not state.is_terminal():
        moves = state.legal_moves()
        empty = {p for p in PLACES if not _cards(state, p)}
        empties_seen += bool(empty) and state.phase == "play"
        for m in moves:
            words = m.notation.split()
            assert m.kind_name != "fill"
            assert not words[0].startswith(("aces", "kings"))
            assert not (len(words) == 3 and words[2] in empty)
        plays = [m for m in moves if m.notation.split()[-1].startswith(("aces", "kings"))]
        state.apply(plays[0] if plays else moves[-1])
    assert empties_seen > 0  # the game did leave places empty


def test_redeal_gathers_from_the_left_top_corner_in_order_without_shuffling() -> None:
    """play/8: «все боковые двенадцать кучек собираются вместе, начиная с левой верхней
    угловой, и не тасуя раскладывают их прежним порядком вновь». The places are taken up in
    dealing order, each turned over (its first-dealt card first), and dealt out again in the
    same order of places; the foundations stay as they are."""
    state = _dealt()
    gathered = [card for p in PLACES for card in _cards(state, p)]
    foundations = [_cards(state, f"aces.{n}") for n in range(1, 5)]
    state.apply("redeal")
    _deal_out(state)
    for i, place in enumerate(PLACES):
        assert _cards(state, place) == gathered[i::12]
    assert [_cards(state, f"aces.{n}") for n in range(1, 5)] == foundations


def test_at_most_three_deals() -> None:
    """play/9: «Это повторяется до трех раз» ("there may be two re-deals"): after the second
    re-deal, re-dealing is no longer offered."""
    state = _dealt()
    for _ in range(2):
        assert "redeal" in legal(state)
        state.apply("redeal")
        _deal_out(state)
    assert "redeal" not in legal(state)
