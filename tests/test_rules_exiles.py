"""Crafted deals of the untitled game of seed 003 (`exiles`): each test plays one sentence.

Setup: the four kings of deck 1 head the ascending foundations (up.1..4: KS KH KD KC, each
taking A..Q in suit), those of deck 2 the descending ones (down.1..4, Q..A). The 96 other
cards are dealt in rows of thirteen (piles.1..12, then the fan), counting 1..13 along each
row; a card equal to its count is exiled and the next card takes its place.

`_deal()` builds a whole dealing order from a wished layout: the cards named for some places
(row, place), the cards to be exiled at some places, and every other place filled from the
rest of the two packs so that no card matches its count, and no ace or queen (the only cards
the foundations take first) lies where it is available - so nothing but the wished cards can
move after the deal.
"""

from __future__ import annotations

from spec_games import game, legal

RANKS = ["A", *map(str, range(2, 11)), "J", "Q"]
ROWS, LAST_ROW_LENGTH = 8, 4  # 96 cards = 7 rows of 13 + 5, less one exile: 95 = 91 + 4


def _rank(card: str) -> int:
    return {"A": 1, "J": 11, "Q": 12}.get(card[:-1]) or int(card[:-1])


def _deal(fixed: dict, exiles: dict) -> tuple[list[str], dict[str, list[str]]]:
    """(dealing order, layout pile -> cards bottom..top) for 95 placed cards and the exiles.

    `fixed` maps (row, place) to a card, `exiles` maps (row, place) to the cards dealt there
    and exiled (their rank equals the place) before the place gets its card.
    """
    pool = [rank + suit for _ in range(2) for suit in "SHDC" for rank in RANKS]
    for card in [*fixed.values(), *(c for cs in exiles.values() for c in cs)]:
        pool.remove(card)
    exiled = sum(len(cs) for cs in exiles.values())
    assert exiled in (1, 2), "the row arithmetic assumes one or two exiles"
    last_row = LAST_ROW_LENGTH + 1 - exiled  # 96 - exiled cards placed, 91 in the 7 full rows
    order: list[str] = []
    layout: dict[str, list[str]] = {f"piles.{n}": [] for n in range(1, 13)} | {"fan": []}
    for row in range(ROWS):
        for place in range(1, 14):
            if row == ROWS - 1 and place > last_row:
                break
            order += exiles.get((row, place), [])
            if (row, place) in fixed:
                card = fixed[(row, place)]
            else:
                available = place == 13 or row == ROWS - 1 or (row == ROWS - 2 and place > last_row)
                fits = [c for c in pool if _rank(c) != place]
                if available:
                    fits = [c for c in fits if _rank(c) not in (1, 12)]
                else:
                    fits = [c for c in fits if _rank(c) in (1, 12)] or fits
                card = fits[0]
                pool.remove(card)
            order.append(card)
            layout["fan" if place == 13 else f"piles.{place}"].append(card)
    assert not pool
    return order, layout


def _state(order: list[str]):
    return game("exiles").new_state(order=order)


def _cards(state, pile: str) -> list[str]:
    group, _, n = pile.partition(".")
    return [str(c) for c in state.pile(group, int(n) if n else 1)]


def _layout(state) -> dict[str, list[str]]:
    return {f"piles.{n}": _cards(state, f"piles.{n}") for n in range(1, 13)} | {
        "fan": _cards(state, "fan")
    }


# An ace in the fan, under six other cards; an exiled 5H (count 5 of row 1).
OPEN = _deal({(0, 13): "AD"}, {(0, 5): ["5H"]})


def test_a_card_equal_to_its_count_is_exiled_and_replaced() -> None:
    """play/6-9: «Если настоящее достоинство какой-нибудь карты соотвѣтствуетъ ея порядку въ
    игрѣ, то такая карта кладется въ сторону … и ее называютъ ссыльною. … то на ея мѣсто
    кладутъ ближайшую карту изъ колоды»; «каждый рядъ начинается № 1, кончается № 13». The 5H
    dealt fifth is exiled; the next card takes the fifth place; every place holds exactly the
    cards the count leaves there."""
    order, layout = OPEN
    assert order[4] == "5H"
    state = _state(order)
    assert _cards(state, "exiles") == ["5H"]
    assert _layout(state) == layout
    assert all(_rank(c) != int(p.split(".")[1]) for p, cs in layout.items() if p != "fan"
               for c in cs)  # fmt: skip


def test_the_thirteenth_pile_is_all_available_the_others_top_only() -> None:
    """Rule I: «Годными картами считаются всѣ тѣ, которыя находятся въ тринадцатой пачкѣ, а
    также верхнія карты двѣнадцати пачекъ». The AD at the bottom of the fan goes on the KD
    (the ascent begins with the ace, play/3), and so may the top exile when it fits: here the
    5H does not. Aces and queens buried in the twelve piles are not offered."""
    state = _state(OPEN[0])
    assert _cards(state, "fan")[0] == "AD"
    assert legal(state) == {"fan AD up.3"}


def test_the_top_exile_is_played_when_it_fits() -> None:
    """play/12: the top exile goes under its pile only «если она не годится ни для одного изъ
    основаній»; when it fits, it is played. The AH, exiled as the first card (count 1), may go
    on the KH of the upper row (the exiles lie face up in the spec for this reason)."""
    state = _state(_deal({(0, 13): "AD"}, {(0, 1): ["AH"]})[0])
    assert _cards(state, "exiles") == ["AH"]
    assert legal(state) == {"fan AD up.3", "exiles AH up.2"}


# Stuck after the deal: the exile 5H goes under pile 5, whose top 7D goes under pile 7; that
# uncovers the AS in pile 5, a card for the KS of the upper row. Pile 7's top is a 5C.
STUCK = _deal({(6, 5): "7D", (5, 5): "AS", (6, 7): "5C"}, {(0, 5): ["5H"]})


def test_when_nothing_can_be_played_the_exile_goes_under_its_pile() -> None:
    """play/12-13: «Если нельзя такимъ образомъ болѣе играть, то берутъ верхнюю карту изъ числа
    ссыльныхъ и … кладутъ ее подъ низъ пачки, къ условленному нумеру … Вслѣдъ затѣмъ точно
    также поступаютъ съ верхнею картою той же пачки». Nothing fits after the deal, so taking
    the 5H is the only move (the player's, `when: {none_of: [play]}`): it goes under pile 5,
    pile 5's top 7D goes under pile 7, and the AS so uncovered may be played."""
    state = _state(STUCK[0])
    assert state.initial_autos == []
    assert legal(state) == {"exiles 5H route"}
    state.apply("exiles 5H route")
    assert _cards(state, "exiles") == []
    assert _cards(state, "piles.5")[0] == "5H"
    assert _cards(state, "piles.5")[-1] == "AS"
    assert _cards(state, "piles.7")[0] == "7D"
    assert legal(state) == {"piles.5 AS up.1"}


def test_the_chain_stops_as_soon_as_a_suitable_card_is_released() -> None:
    """play/13: «… до тѣхъ поръ, пока съ помощью этихъ перемѣнъ верхнихъ картъ не освободится
    подходящая карта для одного изъ основаній» (`chain: until-released`). Once the 7D has left
    pile 5 the AS is free: nothing more moves - the 5C, which fits no foundation, stays on
    top of pile 7 (the older `not-playable` chain went on routing it)."""
    order, layout = STUCK
    state = _state(order)
    state.apply("exiles 5H route")
    expected = dict(layout)
    expected["piles.5"] = ["5H", *layout["piles.5"][:-1]]
    expected["piles.7"] = ["7D", *layout["piles.7"]]
    assert _layout(state) == expected


# A longer chain: the 5H under pile 5 (top 7D), the 7D under pile 7 (top 9C), the 9C under
# pile 9 (top 2H); the AS lies under pile 9's 2H, so it is the third card moved that frees it.
# Piles 5 and 7 uncover a 10C and a JD, which fit nothing.
CHAIN = _deal(
    {
        (6, 5): "7D",
        (5, 5): "10C",
        (6, 7): "9C",
        (5, 7): "JD",
        (6, 9): "2H",
        (5, 9): "AS",
    },
    {(0, 5): ["5H"]},
)


def test_the_chain_goes_on_with_the_top_card_of_the_pile_that_received_a_card() -> None:
    """play/13: «Вслѣдъ затѣмъ точно также поступаютъ съ верхнею картою той же пачки (кладя ее
    подъ низъ пачки соотвѣтствующей ея достоинству)». The 5H goes under pile 5, pile 5's 7D
    under pile 7, pile 7's 9C under pile 9, pile 9's 2H under pile 2: that uncovers the AS
    in pile 9, and the chain stops with four cards moved in one move."""
    order, layout = CHAIN
    state = _state(order)
    assert legal(state) == {"exiles 5H route"}
    state.apply("exiles 5H route")
    expected = dict(layout)
    expected["piles.5"] = ["5H", *layout["piles.5"][:-1]]
    expected["piles.7"] = ["7D", *layout["piles.7"][:-1]]
    expected["piles.9"] = ["9C", *layout["piles.9"][:-1]]
    expected["piles.2"] = ["2H", *layout["piles.2"]]
    assert _layout(state) == expected
    assert [_cards(state, f"piles.{n}")[-1] for n in (5, 7, 9)] == ["10C", "JD", "AS"]
    assert legal(state) == {"piles.9 AS up.1"}


def test_a_face_up_exile_that_fits_stops_the_chain_after_one_card() -> None:
    """play/7 lays the exiles «фигурой внизъ»; the spec lays them face up (so that play/12's
    top exile that fits can be played), and `until-released` then counts the exile uncovered
    by the first card routed as a released card. The AH (exiled first, count 1) lies under
    the 5C (count 5): routing the 5C under pile 5 uncovers the AH, which fits the KH above,
    so the chain stops after one card, where the book's face-down AH would not stop it
    (READINGS.md, exiles, doubt)."""
    order, layout = _deal({}, {(0, 1): ["AH"], (0, 5): ["5C"]})
    state = _state(order)
    assert _cards(state, "exiles") == ["AH", "5C"]
    assert legal(state) == {"exiles 5C route"}
    state.apply("exiles 5C route")
    assert _cards(state, "exiles") == ["AH"]
    assert _cards(state, "piles.5") == ["5C", *layout["piles.5"]]
    assert legal(state) == {"exiles AH up.2"}


def _spades_deal():
    """The twelve spades A..Q as the tops of the twelve piles (pile n holds rank n+1)."""
    tops = {}
    for n in range(1, 13):
        row = ROWS - 1 if n <= LAST_ROW_LENGTH else ROWS - 2
        tops[(row, n)] = RANKS[n % 12] + "S"
    return _deal(tops, {(0, 5): ["5H"]})


def test_one_card_may_pass_from_an_ascending_to_a_descending_foundation_once() -> None:
    """play/16: «Раскладывая основанія, можно своевременно одну карту обмѣнять отъ восходящаго
    къ нисходящему порядку». The spades A..3 built on the KS above, Q..4 on the KS below: the
    3S may pass down onto the 4S; after that the 2S may not follow it."""
    state = _state(_spades_deal()[0])
    pile_of = {RANKS[n % 12] + "S": n for n in range(1, 13)}
    for card in ["AS", "2S", "3S"]:
        state.apply(f"piles.{pile_of[card]} {card} up.1")
    for card in ["QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S"]:
        state.apply(f"piles.{pile_of[card]} {card} down.1")
    assert "up.1 3S down.1" in legal(state)
    state.apply("up.1 3S down.1")
    assert _cards(state, "down.1")[-2:] == ["4S", "3S"]
    assert not any(m.notation.startswith("up.") for m in state.legal_moves())


def test_an_empty_place_takes_a_card_from_the_piles() -> None:
    """play/11: «На пустое или свободное мѣсто кладется карта изъ пачекъ». Pile 12 is dealt
    7C 6C 5C 4C 3C 2C AC (bottom to top) and played out onto the KC above; its empty place
    may then take the top of any other pile, or any card of the fan (its bottom card too) -
    except a card that is alone in its pile (moving it would only move the gap). play/12
    «Если нельзя такимъ образомъ болѣе играть, то берутъ верхнюю карту изъ числа ссыльныхъ»:
    nothing can be played now, so the 5H may be taken too - but a fill is not forced first,
    nor forbidden."""
    clubs = ["7C", "6C", "5C", "4C", "3C", "2C", "AC"]
    buried_8c = {(0, 1): "8C", (0, 2): "8C"}  # so that nothing follows the 7C up
    fixed = {(row, 12): card for row, card in enumerate(clubs)} | buried_8c
    order, layout = _deal(fixed, {(0, 5): ["5H"]})
    state = _state(order)
    assert _cards(state, "piles.12") == clubs
    for card in reversed(clubs):
        state.apply(f"piles.12 {card} up.4")
    assert _cards(state, "piles.12") == []
    fills = {f"piles.{n} {layout[f'piles.{n}'][-1]} piles.12" for n in range(1, 12)}
    assert len(layout["fan"]) >= 2
    fills |= {f"fan {card} piles.12" for card in layout["fan"]}  # its bottom card too
    assert {m.notation for m in state.legal_moves() if m.kind_name == "fill"} == fills
    # play/12: nothing can be played, so the exile may be taken - or the place filled first
    assert legal(state) == fills | {"exiles 5H route"}


def _count_deal(cards: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The text's counting deal (play/6-9) done by hand: (layout, exiles)."""
    layout: dict[str, list[str]] = {f"piles.{n}": [] for n in range(1, 13)} | {"fan": []}
    exiled: list[str] = []
    place = 1
    for card in cards:
        if _rank(card) == place:
            exiled.append(card)
            continue
        layout["fan" if place == 13 else f"piles.{place}"].append(card)
        place = place % 13 + 1
    return layout, exiled


GATHER = [*(f"piles.{n}" for n in range(1, 7)), "fan", *(f"piles.{n}" for n in range(7, 13))]


def test_one_redeal_gathering_six_piles_the_thirteenth_and_six() -> None:
    """Rule III: «двѣнадцать пачекъ снимаютъ по порядку по шести пачекъ съ одной стороны и по
    шести съ другой … Между этими двумя группами кладутъ тринадцатую пачку»; play/15
    «раскладываютъ, если необходимо, вторично и играютъ точно такъ же, какъ прежде». Over
    whole games the re-deal is offered at most once, only when nothing else can be done; the
    piles are gathered 1-6, the thirteenth, 7-12, each turned over, and dealt again counting
    and exiling as the first time."""
    g = game("exiles")
    checked = 0
    for seed in range(1, 6):
        state = g.new_state(seed=seed)
        used = 0
        while not state.is_terminal():
            moves = state.legal_moves()
            if any(m.notation == "redeal" for m in moves):
                assert [m.notation for m in moves] == ["redeal"]
                used += 1
                gathered = [c for pile in GATHER for c in _layout(state)[pile]]
                state.apply("redeal")
                layout, exiled = _count_deal(gathered)
                assert _layout(state) == layout
                assert _cards(state, "exiles") == exiled
                checked += 1
                continue
            state.apply(moves[0])
        assert used <= 1
    assert checked > 0


def test_over_whole_games_the_exile_is_taken_only_when_nothing_can_be_played() -> None:
    """play/12 «Если нельзя такимъ образомъ болѣе играть, то берутъ верхнюю карту изъ числа
    ссыльныхъ»: in whole games (seeds 1-5, the route taken whenever offered), the route is
    offered exactly when exiles remain and no move of rule `play` is legal - a fill or the
    exchange does not hold it back."""
    g = game("exiles")
    play = g.rule_ids.index("play")
    routes = beside_others = 0
    for seed in range(1, 6):
        state = g.new_state(seed=seed)
        while not state.is_terminal() and len(state.history) < 400:
            moves = state.legal_moves()
            plays = [m for m in moves if m.rule == play]
            route = [m for m in moves if m.kind_name == "route"]
            exiles_left = bool(state.pile("exiles", 1))
            assert bool(route) == (state.phase == "play" and exiles_left and not plays)
            if route:
                routes += 1
                beside_others += len(moves) > 1
                state.apply(route[0])
            else:
                state.apply(moves[0])
    assert routes > 0 and beside_others > 0


def test_the_bottom_card_of_the_thirteenth_pile_may_fill_an_empty_place() -> None:
    """play/11: «На пустое или свободное мѣсто кладется карта изъ пачекъ» - any available card
    of the piles, and every card of the thirteenth pile is available (rule I), its bottom card
    too; only a card alone in its pile is held back (`not_alone`). Seed 13 of the random
    player, the first position with an empty place and a fan of three: QH, the fan's bottom
    card, is offered like 9C and 5C (issue 9 §5: it was not)."""
    from pipeline.engine.rng import SplitMix64, derive

    g = game("exiles")
    state = g.new_state(seed=13)
    rng = SplitMix64(derive(13, 1))
    while not (
        len(state.pile("fan", 1)) >= 2 and any(not state.pile("piles", n) for n in range(1, 13))
    ):
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))] if len(moves) > 1 else moves[0])
    fan = [str(c) for c in state.pile("fan", 1)]
    empty = next(n for n in range(1, 13) if not state.pile("piles", n))
    fills = {m.notation for m in state.legal_moves() if m.kind_name == "fill"}
    assert fan == ["QH", "9C", "5C"] and empty == 3
    assert {f"fan {c} piles.3" for c in fan} <= fills
    # and a pile of one card is never emptied into another place
    alone = [n for n in range(1, 13) if len(state.pile("piles", n)) == 1]
    assert not any(m.startswith(f"piles.{n} ") for n in alone for m in fills)
