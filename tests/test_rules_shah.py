"""Crafted Shah deals: each test plays one sentence of the Russian text (and, where the English
original reads otherwise, the Cadogan variant) through the engine.

Setup puts the eight aces on the foundations (deck order: AS AH AD AC AS AH AD AC), one king
in the centre and seven out of play. The crafted stock deals the three circles of the star,
ray 1 at the top, then round clockwise:

    ray:      1    2    3    4    5    6    7    8
    inner:    2S   JS   QS   9D   8S   7S   6S   5S
    middle:   4H   9C   10C  6C   4C   5D   9H   QH
    outer:    7D   8D   5H   4D   3S   10H  3H   JS
    then the hand: JH, 6D, ...
"""

from __future__ import annotations

import pytest
from late_positions import played_in_turn
from spec_games import cards, game, legal

INNER = ["2S", "JS", "QS", "9D", "8S", "7S", "6S", "5S"]
MIDDLE = ["4H", "9C", "10C", "6C", "4C", "5D", "9H", "QH"]
OUTER = ["7D", "8D", "5H", "4D", "3S", "10H", "3H", "JS"]
ORDER = [*INNER, *MIDDLE, *OUTER, "JH", "6D"]


def _state(variant: str = "shah"):
    return game(variant).new_state(order=ORDER)


def _dealt(variant: str = "shah"):
    """The star complete, the 2S of the first circle not played when it came out."""
    state = _state(variant)
    state.apply("deal")
    assert state.phase == "play"
    return state


def test_setup_aces_round_the_shah_and_seven_kings_aside() -> None:
    """play/1-3: «Берутъ изъ колодъ восемь тузовъ и восемь королей. Семь королей откладываютъ
    въ сторону, послѣдняго же кладутъ посрединѣ и окружаютъ его восемью тузами.»"""
    state = _state()
    assert [cards(state, "foundations", n) for n in range(1, 9)] == [
        ["AS"], ["AH"], ["AD"], ["AC"], ["AS"], ["AH"], ["AD"], ["AC"]
    ]  # fmt: skip
    assert cards(state, "centre", 1) == ["KC"]
    assert sorted(cards(state, "out", 1)) == sorted(["KS", "KH", "KD", "KC", "KS", "KH", "KD"])


def test_a_suitable_card_of_the_first_circle_may_be_played_but_not_married() -> None:
    """play/5-6: «раскладываютъ кругъ изъ восьми картъ … Если одна изъ картъ этого круга
    оказывается подходящею, то ее играютъ». After the first circle the 2S may go on either
    ace of spades; 7S on 8S (and the like) are not offered: marriages start after the deal
    (play/9 «Послѣ этого»)."""
    state = _state()
    assert state.phase == "deal"
    assert [len(state.pile("rays", n)) for n in range(1, 9)] == [1] * 8
    assert legal(state) == {"deal", "rays.1 2S foundations.1", "rays.1 2S foundations.5"}


def test_the_space_is_refilled_from_the_hand_before_the_next_circle() -> None:
    """play/6: «а пустое пространство немедленно замѣняется одною изъ числа картъ, находящихся
    въ рукахъ» ("filling the spaces at once from the cards in your hand"), with
    `fill.timing.deal: immediate`: the next card of the hand takes the inner place of ray 1
    at once, and the circles go on over it."""
    state = _state()
    state.apply("rays.1 2S foundations.1")
    # the only card that can fill it comes from the pack: the engine fills it by itself
    assert state.automatic_moves()[0].notation == "stock rays.1"
    assert cards(state, "rays", 1)[0] == "4H"
    assert len(state.pile("rays", 1)) == 3  # two more circles dealt over it
    assert cards(state, "foundations", 1) == ["AS", "2S"]


@pytest.mark.parametrize("variant", ["shah", "shah.cadogan"])
def test_during_the_deal_the_space_is_refilled_before_the_card_it_uncovered_is_played(
    variant: str,
) -> None:
    """play/6: «то ее играютъ, а пустое пространство немедленно замѣняется одною изъ числа
    картъ, находящихся въ рукахъ» (EN "play them, filling the spaces at once from the cards in
    your hand"), `fill.timing.deal: immediate`. Ray 1 holds the 3S under the 2S of the second
    circle: the 2S played, the space is refilled from the hand at once (the 7D), so the 3S it
    uncovered is not played before the refill (issue 9 §5)."""
    order = ["3S", *INNER[1:], "2S", *MIDDLE[1:], *OUTER, "JH", "6D"]
    state = game(variant).new_state(order=order)
    # nothing fits after the first circle: the engine has dealt the second
    assert cards(state, "rays", 1) == ["3S", "2S"]
    assert "rays.1 2S foundations.1" in legal(state)
    state.apply("rays.1 2S foundations.1")
    # the refill came first, then (nothing else to do) the third circle
    assert [m.notation for m in state.automatic_moves()] == ["stock rays.1", "deal"]
    assert cards(state, "rays", 1) == ["3S", "7D", "8D"]  # the pack's next card, 7D, first
    assert not any(m.startswith("rays.1 3S") for m in legal(state))


@pytest.mark.parametrize("variant", ["shah", "shah.cadogan"])
def test_after_the_deal_only_outer_cards_are_available(variant: str) -> None:
    """Rule I/2: «Когда пасьянсъ разложенъ вполнѣ, то только карты третьяго (т.-е. наружнаго)
    круга годятся въ дѣло». The 2S lies in the inner circle, so it is not playable; the one
    marriage is 7D on 8D (outer on outer, play/10 «только въ нисходящемъ порядкѣ»)."""
    state = _dealt(variant)
    assert legal(state) == {"rays.1 7D rays.2", "turn"}


def test_russian_rule_two_middle_circle_cards_may_marry() -> None:
    """Rule II (RU): «Марьяжъ можно дѣлать только картами среднихъ круговъ» - read as depth 2
    and beyond. With the 7D married away, the middle-circle 4H of ray 1 may marry onto the 5H
    and the 3H may marry onto it; the ray may be refilled from the hand (and must be before
    the next card is turned, play/11)."""
    state = _dealt("shah")
    state.apply("rays.1 7D rays.2")
    assert legal(state) == {"rays.1 4H rays.3", "rays.7 3H rays.1", "stock rays.1"}


def test_cadogan_rule_two_only_the_third_circle_marries() -> None:
    """Rule II (EN): "Marriages are limited to cards in the third circle; cards in the inner
    circles, even when released, can only be played, but not married." The same position as
    above offers no marriage of the middle-circle 4H."""
    state = _dealt("shah.cadogan")
    state.apply("rays.1 7D rays.2")
    assert legal(state) == {"stock rays.1"}


def test_a_released_inner_card_may_be_played_but_not_married() -> None:
    """Rule II: «тогда же, когда онѣ становятся свободными, можно только играть, но не дѣлать
    марьяжъ». The inner 2S, released, goes to a foundation, but not onto the 3S of ray 5."""
    state = _dealt("shah")
    state.apply("rays.1 7D rays.2")
    state.apply("rays.1 4H rays.3")
    assert cards(state, "rays", 1) == ["2S"]
    assert legal(state) == {
        "rays.1 2S foundations.1",
        "rays.1 2S foundations.5",
        "rays.7 3H rays.3",
        "stock rays.1",
    }


def _lane():
    state = _dealt("shah")
    for move in ["rays.1 7D rays.2", "rays.1 4H rays.3", "rays.1 2S foundations.1"]:
        state.apply(move)
    return state


def test_a_lane_takes_one_card_of_the_third_circle_as_its_inner_card() -> None:
    """note/1: «Если откроется дорожка, т.-е. цѣлый лучъ звѣзды, то мѣсто карты внутренняго
    ряда можетъ быть занято одною изъ картъ третьяго круга» - the grace. Ray 1 is empty: its
    inner place may take the hand's card or any available card at depth 3 or more."""
    state = _lane()
    assert state.pile("rays", 1) == ()
    grace = {
        "rays.2 7D rays.1",
        "rays.3 4H rays.1",
        "rays.4 4D rays.1",
        "rays.5 3S rays.1",
        "rays.6 10H rays.1",
        "rays.7 3H rays.1",
        "rays.8 JS rays.1",
    }
    assert legal(state) == grace | {
        "stock rays.1",
        "rays.5 3S foundations.1",
        "rays.7 3H rays.3",
    }


def test_the_other_two_places_of_a_lane_come_from_the_hand_inner_first() -> None:
    """note/3: «Остальныхъ два пространства наполняются картами изъ талона» (one grace card
    only); play/11: vacancies are filled «начиная съ внутреннихъ круговъ». The grace card is
    the first fill of a batch, so the engine goes on at once: ray 1 (one card) is completed
    from the hand before ray 8, which lost its outer JS to the grace - and then the next
    card may be turned."""
    state = _lane()
    state.apply("rays.8 JS rays.1")
    assert [m.notation for m in state.automatic_moves()] == [
        "stock rays.1",
        "stock rays.1",
        "stock rays.8",
    ]
    assert cards(state, "rays", 1) == ["JS", "JH", "6D"]
    assert cards(state, "rays", 8) == ["5S", "QH", "4S"]
    assert legal(state) == {
        "rays.1 6D rays.2",
        "rays.5 3S foundations.1",
        "rays.5 3S rays.8",
        "rays.7 3H rays.3",
        "turn",
    }


def test_spaces_are_refilled_all_together_after_the_plays_and_marriages() -> None:
    """play/11: «Послѣ того какъ всѣ подходящія карты сыграны или сдѣланъ марьяжъ, открывшіяся
    чрезъ это свободныя мѣста должны быть заняты картами изъ талона или изъ колоды»; note/3
    «это слѣдуетъ дѣлать немедленно, такъ какъ каждый лучъ долженъ быть постоянно полнымъ»
    (`fill.timing: batch`). Two marriages open ray 1 down to its inner 2S: the player may
    still play or marry (no card is turned meanwhile); once he refills, the engine fills the
    ray's second place too before anything else."""
    state = _dealt("shah")
    state.apply("rays.1 7D rays.2")
    state.apply("rays.1 4H rays.3")
    assert "turn" not in legal(state)
    state.apply("stock rays.1")
    assert [m.notation for m in state.automatic_moves()] == ["stock rays.1"]
    assert cards(state, "rays", 1) == ["2S", "JH", "6D"]
    assert legal(state) == {"rays.1 6D rays.2", "rays.7 3H rays.3", "turn"}


def test_cards_from_the_hand_marry_or_form_the_talon() -> None:
    """play/12: the cards of the hand serve «для основныхъ картъ, или для марьяжа, или для
    занятія свободныхъ мѣстъ» or form the talon. With every ray full, the JH and then the 6D
    are turned to the talon; the 6D may marry onto the outer 7D of ray 1. Once the 7D is
    married away, ray 1's space may be filled «изъ талона или изъ колоды» (the 6D, or the
    4S from the pack), and the 6D may marry onto the 7D in its new place."""
    state = _dealt("shah")
    state.apply("turn")
    state.apply("turn")
    assert cards(state, "talon", 1) == ["JH", "6D"]
    assert legal(state) == {"rays.1 7D rays.2", "talon 6D rays.1", "turn"}
    state.apply("rays.1 7D rays.2")
    assert legal(state) == {
        "rays.1 4H rays.3",
        "rays.7 3H rays.1",
        "stock rays.1",
        "talon 6D rays.1",
        "talon 6D rays.2",
    }


def test_no_second_deal() -> None:
    """note/4: «Пасьянсъ вторично не раскладывается» ("There is no re-deal"): once the hand
    is used up the talon is never turned back; a game played to the end offers neither
    `recycle` nor `redeal`, and every card is still on the table exactly once."""
    state = game("shah").new_state(seed=5)
    while not state.is_terminal() and len(state.history) < 400:
        moves = state.legal_moves()
        assert {"recycle", "redeal"}.isdisjoint(m.notation for m in moves)
        turn = [m for m in moves if m.notation == "turn"]
        state.apply(turn[0] if turn else moves[0])
    assert state.pile("stock", 1) == ()
    assert sorted(state.cards_in_play()) == list(range(104))


def test_over_whole_games_no_card_is_turned_while_a_ray_is_short() -> None:
    """note/3: «каждый лучъ долженъ быть постоянно полнымъ»; play/11: spaces are refilled
    before play goes on. In whole games (seeds 1-3, moves chosen in turn from the legal
    list), whenever a card may be turned from the hand every ray holds three cards or more."""
    turns = 0
    for state, moves in played_in_turn("shah"):
        if any(m.notation == "turn" for m in moves):
            turns += 1
            assert all(len(state.pile("rays", n)) >= 3 for n in range(1, 9))
    assert turns > 0


def test_a_move_offered_by_a_transfer_and_a_fill_is_listed_once() -> None:
    """Deal 25, move 12: 9H from the talon onto ray 8 (two cards, a space to refill) is a
    marry-talon transfer and a batch fill alike; the player sees one move."""
    from pipeline.engine.loading import load_game

    s = load_game("shah").new_state(seed=25)
    for m in (
        "rays.4 2S foundations.1", "rays.4 2D foundations.3", "rays.5 6H rays.2",
        "rays.4 10C rays.5", "stock rays.4", "turn", "turn", "turn",
        "talon 2C foundations.4", "turn", "talon 9D rays.6", "rays.8 8D rays.6",
    ):  # fmt: skip
        s.apply(m)
    assert [m.notation for m in s.legal_moves()] == ["talon 9H rays.8", "stock rays.8"]
