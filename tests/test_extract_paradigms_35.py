"""Composed phrases of the thirty-fifth round (issue 18): the deal, the stock, the redeals and
the reserve said in the wording of the development collections' help catalogues.

Every sentence here is a probe written for this test (none is taken from a real set): a deal
bounded by the layout it ends with («пока не будет N рядов по M карт»), the whole pack in the
stock at the start, a share to each pile «в раскладе» with its face, a reserve dealt in its
entry or by the stock at a click, passes without limit where the stock deals rows, piles
counted beside a reserve of one pile, and a staircase said by where each row starts. Each
with its exact facts or spec fields, and the near phrasings that must not give them."""

from __future__ import annotations

import pytest
from sentence_game import fact_pairs, said, sentences_draft

from pipeline.extract.facts import sentence_facts

# -- a deal bounded by «пока не …» -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Повторяйте, пока не будет пять рядов по пять карт.",
            fact_pairs(("tableau.shape", {"noun": "ROW", "count": 5}), ("deal.round", 5)),
        ),
        (
            "Сдают карты до тех пор, пока не получится четыре ряда по восемь карт.",
            fact_pairs(("tableau.shape", {"noun": "ROW", "count": 8}), ("deal.round", 4)),
        ),
        (
            "Раскладывают, пока в каждой стопке не окажется по четыре карты.",
            fact_pairs(("deal.per_pile", 4)),
        ),
        (
            "Карты раздают, пока в каждом столбце не будет по 6 карт.",
            fact_pairs(("deal.per_pile", 6)),
        ),
    ],
)
def test_deal_bounded_by_the_layout_it_ends_with(sentence: str, expected: list) -> None:
    """The bound states the layout the deal makes: read as said without «пока не»."""
    assert said(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # the bound is no count of cards each: a condition, left loose as before («Сдают, пока
        # не кончится колода.» is a deal until the pack is out: test_extract_paradigms_65.py)
        "Открывают по карте, пока не кончится колода.",
        "Сдают по карте, пока не будет ходов.",
        # a bound of building, not of the deal: no share dealt
        "На тузы накладывают карты в восходящем порядке, пока в каждой пачке не наберётся "
        "по тринадцать карт.",
        # no verb of dealing before the bound
        "Играют, пока не будет пять рядов по пять карт.",
    ],
)
def test_other_bounds_stay_conditions(sentence: str) -> None:
    facts, loose = sentence_facts(sentence)
    assert loose
    assert not {f.key for f in facts} & {"deal.per_pile", "deal.round", "tableau.shape"}


# -- the whole pack in the stock at the start ------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "В начале игры все карты помещаются в колоду.",
        "Вначале все карты помещаются сюда.",
        "Все карты в начале игры лежат в колоде.",
        "Изначально все карты находятся в колоде.",
        "В начале пасьянса все карты кладут в колоду.",
        "В начале все карты лежат в колоде.",
    ],
)
def test_the_whole_pack_in_the_stock_at_the_start(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.all_in_stock", True))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # «в начале игры» elsewhere keeps its words (the aces set aside as before)
        (
            "Тузы кладутся в начале игры в сторону; это основные карты.",
            fact_pairs(("setup.take", [(None, 1)]), ("foundation.cards", [1])),
        ),
        # the rest of the cards, not all of them
        ("Сюда кладутся все оставшиеся карты.", []),
        # no time said: where the cards go, not where they start
        ("Все карты кладут в колоду.", []),
        # a verb of dealing: a deal, not the pack at rest
        ("В начале игры все карты раскладываются в колоду.", []),
        # the start of a row, not of the game
        ("В начале ряда все карты кладут в колоду.", []),
    ],
)
def test_near_phrasings_are_not_the_pack_in_the_stock(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


def test_spec_the_layout_is_dealt_nothing_when_the_pack_starts_in_the_stock() -> None:
    draft = sentences_draft(["Четыре стопки.", "В начале игры все карты лежат в колоде."])
    assert draft.spec["piles"]["packets"]["count"] == 4
    assert draft.spec["deal"] == []


def test_spec_a_layout_dealt_from_the_stock_keeps_its_deal() -> None:
    """All the cards start in the stock, and a sentence deals the layout from it."""
    draft = sentences_draft(
        [
            "Четыре стопки.",
            "В начале игры все карты лежат в колоде.",
            "На каждую стопку сдаётся по одной карте лицом вверх.",
        ]
    )
    assert [(s["to"], s.get("per_pile"), s["face"]) for s in draft.spec["deal"]] == [
        (["packets"], 1, "up")
    ]


def test_spec_rows_from_a_stock_holding_the_pack_wait_from_the_first() -> None:
    draft = sentences_draft(
        [
            "Четыре стопки.",
            "Вначале все карты кладут в колоду.",
            "Когда ходов нет, из колоды сдаётся по одной карте в каждую стопку.",
        ]
    )
    assert [(s["next_round"], s["rounds"]) for s in draft.spec["deal"]] == [("choice", None)]


# -- a share to each pile «в раскладе» ------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "На каждую стопку в раскладе сдаётся по карте лицом вверх.",
        "В каждую колонку в раскладе сдаётся по одной карте лицом вверх.",
        "В каждую стопку сдаётся по одной карте лицом вверх.",
    ],
)
def test_a_share_to_each_pile_of_the_layout_with_its_face(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.per_pile", 1), ("deal.face", "up"))


def test_the_layout_after_a_place_alone_stays_the_layouts() -> None:
    """«карты стопок в раскладе»: no «каждую» before the place, read as before."""
    assert said(
        "Карты стопок в раскладе можно собирать в восходящем и нисходящем порядке."
    ) == fact_pairs(("build.direction", "both"))


# -- the reserve ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("share", "rounds"),
    [
        ("На каждую стопку сдаётся по четыре карты лицом вверх.", 4),
        ("На каждый резерв сдаётся по три карты.", 3),
    ],
)
def test_spec_an_entry_of_the_reserve_deals_its_piles_next(share: str, rounds: int) -> None:
    draft = sentences_draft(["Резервы.", "Четыре стопки слева.", share])
    assert draft.spec["piles"]["reserve"]["count"] == 4
    assert [s["rounds"] for s in draft.spec["deal"] if s["id"] == "reserve"] == [rounds]
    assert not any(s.get("per_pile") for s in draft.spec["deal"] if s["id"] != "reserve")


def test_spec_a_group_counted_after_the_reserves_entry_is_not_the_reserves() -> None:
    draft = sentences_draft(
        [
            "Резервы.",
            "Четыре стопки слева.",
            "Восемь стопок справа, на каждую сдаётся по четыре карты.",
        ]
    )
    assert draft.spec["piles"]["packets"]["count"] == 8
    assert [(s["id"], s.get("per_pile")) for s in draft.spec["deal"]] == [("packets", 4)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "На каждую резервную стопку сдаётся по три карты лицом вниз.",
            fact_pairs(("deal.per_pile", 3), ("reserve.each", "PACKET"), ("deal.face", "down")),
        ),
        (
            "В каждую стопку резерва кладут по две карты.",
            fact_pairs(("deal.per_pile", 2), ("reserve.each", "PACKET")),
        ),
    ],
)
def test_a_share_to_each_reserve_pile(sentence: str, expected: list) -> None:
    assert said(sentence) == expected


def test_spec_the_reserves_cards_shared_among_its_entrys_piles() -> None:
    draft = sentences_draft(
        [
            "Резерв.",
            "Четыре стопки под основаниями.",
            "Игра начинается со сдачи восьми карт на резервные стопки.",
        ]
    )
    assert draft.spec["piles"]["reserve"]["count"] == 4
    assert [s["rounds"] for s in draft.spec["deal"] if s["id"] == "reserve"] == [2]


def test_spec_cards_that_do_not_share_evenly_are_one_reserve_pile() -> None:
    draft = sentences_draft(
        [
            "Резерв.",
            "Четыре стопки под основаниями.",
            "Игра начинается со сдачи пяти карт на резервные стопки.",
        ]
    )
    assert draft.spec["piles"]["reserve"]["count"] == 1
    assert [s["rounds"] for s in draft.spec["deal"] if s["id"] == "reserve"] == [5]


@pytest.mark.parametrize(
    "sentence",
    [
        "Щелчок по колоде сдаёт по одной карте на каждую из резервных стопок.",
        "Нажмите на колоду, чтобы сдать по карте в каждую резервную стопку.",
    ],
)
def test_the_stock_deals_the_reserve_a_row_at_a_click(sentence: str) -> None:
    assert said(sentence) == fact_pairs(("deal.reserve_rows", True))


def test_a_row_to_each_pile_at_a_click_stays_the_layouts() -> None:
    assert said("Щелчок по колоде сдаёт по одной карте на каждую стопку.") == fact_pairs(
        ("deal.next_round", "stuck")
    )


def test_spec_the_reserves_rows_wait_for_the_player() -> None:
    draft = sentences_draft(
        [
            "Резерв.",
            "Четыре стопки под основаниями.",
            "Щелчок по колоде сдаёт по одной карте на каждую из резервных стопок.",
            "Игра начинается со сдачи четырёх карт на резервные стопки.",
        ]
    )
    rows = [s for s in draft.spec["deal"] if s["id"] == "reserve-rows"]
    assert rows == [
        {"id": "reserve-rows", "to": ["reserve"], "face": "up", "rounds": None,
         "next_round": "choice"}
    ]  # fmt: skip
    assert "turn" not in (draft.spec.get("moves") or {})


def test_spec_piles_counted_beside_a_reserve_of_one_pile_are_the_layouts() -> None:
    draft = sentences_draft(["Резерв из 11 карт и 9 стопок в раскладе."])
    piles = draft.spec["piles"]
    assert (piles["packets"]["count"], piles["reserve"]["count"]) == (9, 1)
    assert [s["rounds"] for s in draft.spec["deal"] if s["id"] == "reserve"] == [11]


# -- passes without limit where the stock deals rows -------------------------------------

_ROWS = ["Четыре стопки.", "Когда ходов нет, из колоды сдаётся по одной карте в каждую стопку."]


def test_spec_passes_without_limit_are_the_layouts_redeals() -> None:
    draft = sentences_draft([*_ROWS, "Количество пересдач не ограничено."])
    redeal = draft.spec["redeal"]
    assert (redeal["times"], redeal["gather"]) == (
        "unlimited",
        ["packets.1", "packets.2", "packets.3", "packets.4"],
    )


def test_spec_passes_without_limit_with_a_talon_are_the_talons() -> None:
    draft = sentences_draft(
        [
            *_ROWS,
            "Карты из колоды открывают по одной на сброс.",
            "Количество пересдач не ограничено.",
        ]
    )
    assert draft.spec["redeal"] is None
    assert draft.spec["moves"]["turn"]["recycle"] == "unlimited"


# -- a staircase said by where each row starts ---------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Второй ряд начинается раздачей по одной карте лицом вверх со второй стопки.",
        "Второй ряд кладут, начиная со второго столбца.",
        "Третий ряд начинают с третьей стопки.",
    ],
)
def test_each_row_one_pile_further_is_a_triangle(sentence: str) -> None:
    assert ("deal.triangle", "true") in said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Второй ряд начинается с первой стопки.",  # the ordinals disagree
        "Второй ряд кладут на вторую карту.",  # no pile
        "Первый ряд начинается с первой стопки.",  # the first row starts anywhere's first
    ],
)
def test_rows_that_start_elsewhere_are_no_triangle(sentence: str) -> None:
    facts, _ = sentence_facts(sentence)
    assert "deal.triangle" not in {f.key for f in facts}


def test_spec_a_staircase_beside_one_card_each() -> None:
    draft = sentences_draft(
        [
            "Семь стопок.",
            "В каждую сдаётся по одной карте лицом вверх.",
            "Второй ряд начинается со второй стопки.",
        ]
    )
    assert draft.spec["deal"] == [
        {"id": "packets", "to": ["packets"], "face": "up", "triangle": True, "rounds": 7,
         "pause": "none"}
    ]  # fmt: skip
