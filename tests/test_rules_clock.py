"""Crafted Clock deals: the rules of the Russian text (rules I-IV, play/1-6) and the part of
the play completed from Cadogan, played through the engine; plus the card count that decides
the reading of the lost plate (rules/READINGS.md, "clock").

Hours I..XII hold 6C 7H 8S 9D 10C JH QS KD 2C 3H 4S 5D, each building up in suit (K→A
wrapping) until its top card shows its hour. The crafted stock deals twelve packets of three
(bottom, middle, top), then the hand begins 6D, 2H.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from late_positions import played_in_turn
from spec_games import cards, game, legal

from pipeline.spec import load_spec

RULES = Path(__file__).resolve().parent.parent / "rules"

PACKETS = [
    ["JS", "9H", "3C"],
    ["JS", "9H", "4C"],
    ["10S", "8H", "5C"],
    ["10S", "8H", "6C"],
    ["9S", "QD", "7C"],
    ["9S", "QD", "8C"],
    ["7S", "JD", "9C"],
    ["7S", "JD", "10C"],
    ["5S", "10D", "AD"],
    ["6S", "10D", "KH"],
    ["2S", "3D", "8S"],
    ["2S", "3D", "7D"],
]
ORDER = [card for packet in PACKETS for card in packet] + ["6D", "2H"]
CLUB_RUN = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]  # tops of packets 1..7


def _state(variant: str = "clock"):
    return game(variant).new_state(order=ORDER)


START = {
    "packets.5 7C hours.1",
    "packets.9 AD hours.8",
    "packets.1 3C hours.9",
    "packets.1 3C packets.2",
    "packets.2 4C packets.3",
    "packets.3 5C packets.4",
    "packets.4 6C packets.5",
    "packets.5 7C packets.6",
    "packets.6 8C packets.7",
    "packets.7 9C packets.8",
    "turn",
}


def test_twelve_packets_of_three_all_visible_top_cards_available() -> None:
    """play/3: «раскладываютъ кругъ изъ двѣнадцати пачекъ, въ каждый по три карты»; rule I:
    «самая верхняя карта въ каждой пачкѣ годна для игры». Only top cards move: 7C to the 6C
    of hour I, AD to the KD of hour VIII (K→A), 3C to the 2C of hour IX, and the marriages down
    in suit of one top onto another (play/4 «марьяжъ въ нисходящемъ порядкѣ»)."""
    state = _state()
    assert state.phase == "play"
    assert [cards(state, "packets", n) for n in range(1, 13)] == PACKETS
    assert legal(state) == START


def test_a_foundation_stops_at_its_hour() -> None:
    """play/2: «ихъ раскладываютъ въ восходящемъ порядкѣ до тѣхъ поръ, пока каждая пачка
    дойдетъ до того часа, противъ котораго она помѣщена». Hour IX, begun by the 2C, takes
    3C..9C and then nothing: the 10C, next in suit and sequence, may not go on it."""
    state = _state()
    for n, card in enumerate(CLUB_RUN, start=1):
        state.apply(f"packets.{n} {card} hours.9")
    assert cards(state, "hours", 9) == ["2C", *CLUB_RUN]
    assert not any(m.notation.startswith("packets.8 10C hours") for m in state.legal_moves())
    assert not state.is_won()


def test_marriage_only_within_the_circle_and_the_talon_only_to_foundations() -> None:
    """Rule II: «Марьяжъ можно дѣлать только съ тѣми картами, которыя находятся въ кругѣ, но не
    съ картами изъ колоды или изъ талона»; Cadogan: the talon "can only be used to play on the
    foundations". The 6D turned from the pack fits the 7D of packet 12 by marriage and the 5D
    of hour XII: only the foundation play is offered."""
    state = _state()
    state.apply("turn")
    assert cards(state, "talon", 1) == ["6D"]
    assert legal(state) == START | {"talon 6D hours.12"}


def test_packets_are_refilled_from_the_pack_not_the_talon_in_order_from_hour_one() -> None:
    """Rule III: «Пустыя мѣста въ кругѣ могутъ быть замѣнены картами изъ колоды, но не изъ
    талона. Каждая пачка должна пополняться такъ, чтобы заключать въ себѣ не менѣе трехъ
    картъ»; play/5 «Пустыя мѣста закрываютъ слѣва направо, начиная съ цифры 1». With the 6D in
    the talon, packets 1 and 9 (two cards each) are short: only packet 1 is offered the
    pack's 2H; the engine then refills packet 9 with the next card."""
    state = _state()
    state.apply("turn")
    state.apply("packets.9 AD hours.8")
    state.apply("packets.1 3C hours.9")
    fills = [m.notation for m in state.legal_moves() if m.kind_name == "fill"]
    assert fills == ["stock packets.1"]
    next_card = cards(state, "stock", 1)[-2]
    state.apply("stock packets.1")
    assert cards(state, "packets", 1) == ["JS", "9H", "2H"]
    assert [m.notation for m in state.automatic_moves()] == ["stock packets.9"]
    assert cards(state, "packets", 9) == ["5S", "10D", next_card]


def test_all_packets_are_refilled_before_play_goes_on() -> None:
    """play/6: «Всѣ пачки должны быть пополнены новыми картами раньше, чѣмъ будетъ начата игра,
    или марьяжъ» ("all the packets refilled before proceeding again to play or to marry"),
    `fill.timing: batch`. With packets 1 and 9 short the player may still play (the 10D
    under the AD of packet 9, rule I) but may not turn a card; once he refills packet 1, the
    engine refills packet 9 (6D, then 2H) before any play or marriage is offered again."""
    state = _state()
    state.apply("packets.9 AD hours.8")
    state.apply("packets.1 3C hours.9")
    moves = legal(state)
    assert "turn" not in moves
    assert "packets.9 10D hours.4" in moves
    assert {m.notation for m in state.legal_moves() if m.kind_name == "fill"} == {"stock packets.1"}
    state.apply("packets.9 10D hours.4")
    state.apply("stock packets.1")
    assert [m.notation for m in state.automatic_moves()] == [
        "stock packets.9",
        "stock packets.9",
    ]
    assert len(state.pile("packets", 9)) == 3
    assert "turn" in legal(state)


def test_a_packet_lengthened_by_marriage_needs_no_refill_above_three() -> None:
    """Cadogan's note: "Although each packet must never contain less than the original number
    of three cards, they will often, by marriages, contain more." The 3C married onto the 4C
    makes packet 2 four cards long; played on, it leaves three: only packet 1 is short."""
    state = _state()
    state.apply("packets.1 3C packets.2")
    assert cards(state, "packets", 2) == ["JS", "9H", "4C", "3C"]
    state.apply("packets.2 3C hours.9")
    fills = [m.notation for m in state.legal_moves() if m.kind_name == "fill"]
    assert fills == ["stock packets.1"]


def test_refilling_waits_for_the_plays_so_a_released_card_can_be_played() -> None:
    """play/4: «прежде всего играютъ всѣ подходящія карты (правило I), затѣмъ дѣлаютъ марьяжъ
    (правило II), и затѣмъ закрываютъ пустыя мѣста (правило III)»; rule I: «снятіе верхнихъ
    картъ освобождаетъ, по обыкновенію, лежащія ниже». Packet 9 is played down to nothing
    (AD on hour VIII, 10D on hour IV, 5S on hour XI); its empty place takes nothing but the
    pack's card (no marriage onto an empty place)."""
    state = _state()
    for move in ["packets.9 AD hours.8", "packets.9 10D hours.4", "packets.9 5S hours.11"]:
        state.apply(move)
    assert state.pile("packets", 9) == ()
    into_nine = {m.notation for m in state.legal_moves() if m.notation.endswith("packets.9")}
    assert into_nine == {"stock packets.9"}


def test_immediate_variant_refills_a_packet_at_once() -> None:
    """clock.immediate.yaml, Cadogan's note: "each packet must never contain less than the
    original number of three cards". Playing the AD refills packet 9 from the pack at once,
    so the 10D under it is covered again before it can be played."""
    state = _state("clock.immediate")
    state.apply("packets.9 AD hours.8")
    assert [m.notation for m in state.automatic_moves()] == ["stock packets.9"]
    assert cards(state, "packets", 9) == ["5S", "10D", "6D"]
    assert "packets.9 10D hours.4" not in legal(state)


def test_no_redeal_the_talon_is_never_turned_back() -> None:
    """Cadogan (after the Russian text stops): "There is no re-deal." With the pack turned
    out, neither `recycle` nor `redeal` is ever offered."""
    state = _state()
    while "turn" in legal(state):
        state.apply("turn")
    assert state.pile("stock", 1) == ()
    assert {"recycle", "redeal"}.isdisjoint(legal(state))


# ------------------------------------------------------------- the plate, counted


def _rank(card: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])


def _needed(base: str, hour: int) -> list[tuple[int, str]]:
    """The cards a foundation begun by `base` takes, up in suit and wrapping, to reach `hour`."""
    rank, suit = _rank(base), base[-1]
    out = []
    while rank != hour:
        rank = rank % 13 + 1
        out.append((rank, suit))
    return out


def _plate() -> list[str]:
    spec = load_spec(RULES / "clock.yaml").rules
    return spec["setup"][0]["take"]["cards"]


def test_the_chosen_plate_uses_every_card_of_both_packs_once() -> None:
    """READINGS.md: with hour h holding rank h+7 (2 at IX … K at VIII), the twelve foundations
    need 8×8 + 4×7 = 92 cards, exactly the 104 − 12 left, each card of both packs once."""
    plate = _plate()
    targets = load_spec(RULES / "clock.yaml").rules["piles"]["hours"]["foundation"]["targets"]
    assert targets == list(range(1, 13))
    needs = [_needed(card, hour) for hour, card in enumerate(plate, start=1)]
    assert [len(n) for n in needs] == [8] * 8 + [7] * 4
    used = [c for n in needs for c in n] + [(_rank(card), card[-1]) for card in plate]
    two_packs = [(r, s) for r in range(1, 14) for s in "SHDC" for _ in range(2)]
    assert sorted(used) == sorted(two_packs)


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_each_suit_has_three_foundations_on_the_chosen_plate(suit: str) -> None:
    """The suits cycle C, H, S, D over the ranks 2..K: three foundations per suit."""
    assert sum(card.endswith(suit) for card in _plate()) == 3


def test_the_obvious_plate_could_never_be_completed() -> None:
    """READINGS.md: 2 at I … K at XII needs 12 cards per foundation, 144 > 92."""
    obvious = ["2C", "3H", "4S", "5D", "6C", "7H", "8S", "9D", "10C", "JH", "QS", "KD"]
    assert sum(len(_needed(card, hour)) for hour, card in enumerate(obvious, start=1)) == 144


def test_over_whole_games_no_card_is_turned_while_a_packet_is_short() -> None:
    """play/6: «Всѣ пачки должны быть пополнены новыми картами раньше, чѣмъ будетъ начата игра,
    или марьяжъ». In whole games (seeds 1-3, moves chosen in turn from the legal list),
    whenever a card may be turned from the pack every packet holds three cards or more."""
    turns = 0
    for state, moves in played_in_turn("clock"):
        if any(m.notation == "turn" for m in moves):
            turns += 1
            assert all(len(state.pile("packets", n)) >= 3 for n in range(1, 13))
    assert turns > 0
