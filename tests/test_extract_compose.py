"""Composed phrases (issue 18 §3): a numeral with a pile noun, a move from pile to pile with
a direction, the goal sentence, a restriction read with the sentence; and the held-out
Blockade's layout and aces-only deal read by them."""

from __future__ import annotations

from pathlib import Path

import pytest
from sentence_game import sentence_facts_of as _facts
from sentence_game import sentences_draft as _draft

from pipeline.extract import extract_game
from pipeline.extract.facts import sentence_facts
from pipeline.segment.reader import load_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a numeral, participles or adjectives, a pile noun, cards per pile
        (
            "Колоду карт раскладывают на 13 закрытых групп по 4 карты.",
            [
                ("tableau.shape", {"noun": "PACKET", "count": 13}),
                ("deal.per_pile", 4),
                ("deal.face", "down"),
            ],
        ),
        (
            "Выкладываются 6 вертикальных игровых рядов по 8 карт в каждом ряду.",
            [("tableau.shape", {"noun": "ROW", "count": 6}), ("deal.round", 8)],
        ),
        (
            "7 горизонтальных рядов карт раскладываются в виде треугольника.",
            [("tableau.shape", {"noun": "ROW", "count": 7}), ("deal.triangle", True)],
        ),
        # «один ряд за другим» counts no piles
        ("Раскладывают один ряд за другим.", []),
        # a move from pile to pile with its direction and suit
        (
            "Можно перемещать карты с одного ряда на другой в восходящей последовательности "
            "без учета масти.",
            [("build.direction", "up"), ("suit.any", True)],
        ),
        (
            "С колонки на колонку карты можно переносить только в нисходящей последовательности.",
            [("build.direction", "down")],
        ),
        ("На пустой ряд можно класть короля.", [("build.empty", 13)]),
        # the goal sentence
        ("Цель игры — собрать все карты на базовых стопках.", [("win.foundations", True)]),
        (
            "Цель игры - собрать на тузы все карты в масть в возрастающей последовательности.",
            [
                ("win.foundations", True),
                ("foundation.cards", [1]),
                ("suit.same", True),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        (
            "Перекладывать карты из стопки в стопку можно только по одной в масть в "
            "нисходящей последовательности.",
            [("build.direction", "down"), ("build.run", False), ("suit.same", True)],
        ),
        (
            "На карты игровых стопок можно перекладывать в нисходящем порядке в масть.",
            [("build.direction", "down"), ("suit.same", True)],
        ),
        (
            "Раскладка состоит из 9 вертикальных стопок.",
            [("tableau.shape", {"noun": "PACKET", "count": 9})],
        ),
        (
            "13 карт выкладываются крапом вверх в резервную стопку.",
            [("reserve.named", None), ("reserve.cards", 13)],
        ),
        ("Колода перелистывается не более трех раз.", [("turn.recycle", 2)]),
        (
            "Карты раскладываются в один ряд в 10 колонок.",
            [("tableau.shape", {"noun": "COLUMN", "count": 10})],
        ),
        (
            "На королей необходимо собрать все карты в нисходящей последовательности в масть.",
            [
                ("foundation.cards", [13]),
                ("suit.same", True),
                ("foundation.direction", {"base": 13, "direction": "down"}),
            ],
        ),
        (
            "Если какой-либо ряд освободится от карт, то на пустое место можно положить любую "
            "карту.",
            [("fill.sources", ["talon", "tableau"])],
        ),
        # the top card of each pile turned: face down but the last
        ("Верхняя карта каждой из колонок переворачивается.", [("deal.face", "down-but-last")]),
        ("Верхняя карта колоды открывается.", []),
        # a pile one card longer each
        (
            "Колода раздаётся на семь столбцов, где первый содержит одну карту, второй — две.",
            [("tableau.shape", {"noun": "COLUMN", "count": 7}), ("deal.triangle", True)],
        ),
        # packs: participles between numeral and noun; a site's «Количество колод: 2»
        ("Две хорошо перетасованные колоды раскладывают.", [("decks", 2)]),
        ("Количество колод: 2", [("decks", 2)]),
        # the goal: a foundation named with its pile noun, a range of ranks, no «цель»
        (
            "Цель игры — собрать все карты в четыре стопки по мастям от туза до короля.",
            [
                ("win.foundations", True),
                ("foundation.count", 4),
                ("foundation.last", {"base": 1, "last": 13}),
                ("suit.same", True),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        (
            "Цель пасьянса — разложить все карты по мастям в базовые стопки в порядке убывания.",
            [
                ("win.foundations", True),
                ("suit.same", True),
                ("foundation.direction", {"base": None, "direction": "down"}),
            ],
        ),
        (
            "Необходимо собрать в основном ряду все 8 мастей в возрастающей "
            "последовательности, начиная с тузов.",
            [
                ("win.foundations", True),
                ("foundation.cards", [1]),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        # a lower card on a higher one: building down (colours: alternate)
        (
            "Младшую карту можно положить на старшую другого цвета.",
            [("build.direction", "down"), ("build.suit", "alternate")],
        ),
        (
            "На старшую карту кладут младшую.",
            [("build.direction", "down")],
        ),
        (
            "На красную карту можно положить черную карту на единицу меньше.",
            [("build.suit", "alternate"), ("build.direction", "down")],  # the card put is lower
        ),
        ("В колонках карты кладутся с чередованием масти.", [("build.suit", "alternate")]),
        # the last card of each pile face up, the others down
        (
            "Верхние карты каждого столбца открыты, остальные лежат рубашкой вверх.",
            [("deal.face", "down-but-last")],
        ),
        (
            "Крайняя карта повернута лицевой стороной к игроку, остальные скрыты.",
            [("deal.face", "down-but-last")],
        ),
        # cards named together as foundations; a reserve's cards; cells; a redeal refused
        ("Короли и тузы выкладываются в базовый ряд.", [("foundation.cards", [13, 1])]),
        ("В резерв кладут тринадцать карт.", [("reserve.named", None), ("reserve.cards", 13)]),
        ("Есть четыре свободные ячейки, в каждую можно положить одну карту.", [("cells", 4)]),
        ("Колода не пересдаётся.", [("redeal.none", True)]),
        (
            "Когда ходов больше нет, со стопки сдаётся по одной карте на каждую колонку.",
            [("deal.next_round", "stuck")],
        ),
        # the first piles get more cards; the stock counted; cells by name
        (
            "В первых четырёх колонках по 6 карт, в остальных – по 5.",
            [("deal.uneven", {"first": 4, "more": 6, "rest": 5})],
        ),
        ("Оставшиеся 24 карты образуют прикуп.", [("stock.cards", 24)]),
        ("Четыре свободные ячейки служат для хранения карт.", [("cells", 4)]),
        ("Четыре свободных места.", []),
        (
            "Основания собираются в восходящем порядке по мастям.",
            [("foundation.direction", {"base": None, "direction": "up"}), ("suit.same", True)],
        ),
        (
            "Карты кладутся на карту на единицу больше или меньше.",
            [("build.direction", "both")],
        ),
        (
            "Пересдавать колоду можно два раза.",
            [("redeal.deals", 3), ("redeal.of_deck", True)],
        ),
        # moves from pile to pile with no way said; a card of each pile turned up; a suit
        # on its suit; a rank relation in parentheses, its condition a frame
        ("Можно перемещать карты из ряда в ряд.", [("build.between", True)]),
        (
            "Переворачиваете по одной карте в каждой стопке лицом вверх.",
            [("deal.face", "down-but-last")],
        ),
        ("Масть кладется на масть.", [("suit.same", True)]),
        (
            "Их можно класть на базовые (если подходят) и друг на друга (младшую на очко на "
            "старшую, независимо от масти).",
            [("cond.fits", True), ("build.direction", "down"), ("suit.any", True)],
        ),
        (
            "Раскладывают на 7 стопок так, чтобы в первой была одна карта, во второй - две.",
            [("tableau.shape", {"noun": "PACKET", "count": 7}), ("deal.triangle", True)],
        ),
        # a numeral with a pile noun and nothing more; places named for the foundations
        (
            "Десять стопок под основанием.",
            [("tableau.count_said", {"noun": "PACKET", "count": 10})],
        ),
        ("Над ними 4 места для базовых карт.", [("foundation.count", 4)]),
        ("При просмотре колоды выкладываются по 3 карты.", [("turn.count", 3)]),
        (
            "13 карт выкладываются в виде елочки - это открытый резерв.",
            [("reserve.named", None), ("reserve.cards", 13)],
        ),
        # what the goal builds is the foundations; a way on named cards
        (
            "Цель пасьянса - освободить тузы и на них собрать масти в восходящей "
            "последовательности.",
            [("foundation.direction", {"base": None, "direction": "up"})],
        ),
        (
            "Цель игры — разложить все масти по возрастанию на тузах до королей и по убыванию — "
            "на королях до тузов.",
            [
                ("foundation.direction", {"base": 1, "direction": "up"}),
                ("foundation.last", {"base": 1, "last": 13}),
                ("foundation.direction", {"base": 13, "direction": "down"}),
                ("foundation.last", {"base": 13, "last": 1}),
            ],
        ),
        (
            "Выложим четыре туза и четыре короля во всех мастях в качестве базовых.",
            [("foundation.cards", [1, 13])],
        ),
        # a pack by its cards; no limit on passes; the foundations' first card; a fill's
        # second source (a frame); a pile one card longer than the last
        ("Используется стандартная колода из 52 карт.", [("decks", 1)]),
        ("Количество проходов по колоде не ограничено.", [("turn.recycle", "unlimited")]),
        (
            "Карты собираются в дома по мастям, начиная с туза.",
            [
                ("foundation.cards", [1]),
                ("suit.same", True),
                ("foundation.direction", {"base": 1, "direction": "up"}),
            ],
        ),
        (
            "Пустые столбцы заполняются картами из резерва, а когда резерв кончится — из колоды.",
            [("fill.sources", ["reserve"]), ("cond.stock_out", True)],
        ),
        ("Каждая следующая стопка содержит на одну карту больше.", [("deal.triangle", True)]),
        # runs said «как …, так и группами»; one card at a time; room for the foundations;
        # a goal onto named cards with no dash; «на черную карту кладут черную»
        ("Перекладывать можно как по одной карте, так и группами.", [("build.run", True)]),
        ("Карты перемещаются только по одной.", [("build.run", False)]),
        ("Сверху оставляется место для 8 основных карт.", [("foundation.count", 8)]),
        (
            "С одного столбца на другой можно переносить и целый ряд карт.",
            [("build.between", True), ("build.run", True)],
        ),
        ("На черную карту кладут черную.", [("build.suit", "same-colour")]),
        # rows are rounds of a grid: no count of piles by themselves
        ("Три ряда под основаниями.", []),
        ("Рассматривают все тринадцать пачек.", []),
        (
            "В основной ряд карты переносятся в возрастающей последовательности, а на крылья - "
            "в убывающей последовательности с соблюдением масти.",
            [
                ("foundation.direction", {"base": None, "direction": "up"}),
                ("build.direction", "down"),
                ("suit.same", True),
            ],
        ),
        (
            "Раскладывают по 5 карт в каждую из 8 кучек.",
            [("tableau.shape", {"noun": "PACKET", "count": 8}), ("deal.per_pile", 5)],
        ),
    ],
)
def test_composed_phrases(sentence: str, expected: list) -> None:
    assert _facts(sentence) == expected


def test_a_rank_played_as_it_comes_and_no_other_until_the_row_is_dealt() -> None:
    """Both clauses together: only that rank is played while a row is dealt; the
    restriction alone is the usual play after the deal (a frame), never a dropped clause."""
    both = (
        "Тузы играют по мере того, как они выходят; но нельзя играть другою картою, пока не "
        "наполнится целый ряд."
    )
    assert _facts(both) == [
        ("cond.laid_as_they_come", {"rank": 1, "count": None}),
        ("deal.play_rank", 1),
    ]
    alone = "Нельзя играть другою картою, пока не наполнится целый ряд."
    assert _facts(alone) == [("cond.after_deal", True)]


def test_blockade_twelve_columns_and_aces_only_while_a_row_is_dealt() -> None:
    game = load_game(ROOT / "corpus" / "games" / "blockade.yaml")
    ex = extract_game(game, ROOT / "corpus" / "raw")
    tableau = [g for g, p in ex.spec["piles"].items() if p["role"] == "tableau"]
    assert [ex.spec["piles"][g]["count"] for g in tableau] == [12]
    assert ex.spec["deal"][0]["pause"] == "card"
    aces = ex.spec["moves"]["aces-while-dealing"]
    assert (aces["phase"], aces["cards"]) == ("deal", {"ranks": [1]})
    prov = ex.spec["provenance"]
    assert prov["moves.aces-while-dealing"]["sentence"] == "blockade/play/2"
    assert prov[f"piles.{tableau[0]}.count"]["sentence"] == "blockade/play/1"


def test_a_stock_no_move_deals_is_turned_onto_a_talon_and_said_so() -> None:
    """Seven piles of three and nothing said of the other 31 cards: the coherent reading is
    a stock turned onto a talon, a default the draft marks and `extract` prints; the passes
    the text states are its own."""
    ex = _draft(
        [
            "Выкладывают 7 стопок по 3 карты.",
            "Колода перелистывается не более трех раз.",
        ]
    )
    turn = ex.spec["moves"]["turn"]
    assert (turn["from"], turn["to"], turn["count"], turn["recycle"]) == ("stock", "talon", 1, 2)
    prov = ex.spec["provenance"]
    assert prov["moves.turn"]["origin"] == "default"
    assert prov["moves.turn.recycle"]["sentence"] == "test/play/2"
    assert "assumed: moves.turn — turned onto a talon: 31 cards stay in the stock" in "\n".join(
        ex.assumed
    )
    assert ex.contradictions == []


def test_an_assumed_pile_count_is_a_default_and_a_deal_beyond_the_packs_a_contradiction() -> None:
    ex = _draft(["Карты кладут в масть на тузы."])
    assert any(a.startswith("assumed: piles.piles.count — 8 tableau piles") for a in ex.assumed)
    over = _draft(["Выкладывают 15 стопок по 7 карт в каждой стопке."])
    assert over.contradictions == [
        "contradiction: the deal needs 105 cards, the packs hold 52 after the cards taken out "
        "(test/play/1)"
    ]


def test_a_figure_reference_keeps_the_numbers_of_its_sentence() -> None:
    facts, _ = sentence_facts("Как показано на рисунке, выкладывают 8 стопок по 5 карт.")
    said = {f.key: f.value for f in facts}
    assert said == {
        "ref.figure": None,
        "tableau.shape": {"noun": "PACKET", "count": 8},
        "deal.per_pile": 5,
    }


def test_the_first_piles_dealt_more_and_the_packs_the_deal_needs() -> None:
    """Ten columns, the first four of six cards and the rest of five, and fifty more cards
    set apart: no deck line, so the coherent reading is two packs (a default, printed);
    the first four columns get their extra card first, face down under the others."""
    ex = _draft(
        [
            "Карты раскладываются в 10 колонок.",
            "В первых четырёх колонках по 6 карт, в оставшихся шести – по 5.",
            "Отдельно откладывается еще 50 карт.",
        ]
    )
    assert ex.spec["decks"] == 2
    assert "assumed: decks — no deck line: 2 packs, the fewest that hold the deal" in ex.assumed
    steps = [(s["id"], s["to"], s["rounds"]) for s in ex.spec["deal"]]
    assert steps == [
        ("columns-first", ["columns.1", "columns.2", "columns.3", "columns.4"], 1),
        ("columns", ["columns"], 5),
    ]
    assert ex.contradictions == []
    # the stock counted otherwise: no pack count fits, the contradiction stays
    odd = _draft(["Карты раскладываются в 10 колонок по 6 карт.", "Еще 40 карт откладываются."])
    assert odd.spec["decks"] == 1
    assert odd.contradictions[0].startswith("contradiction: the deal needs 60 cards")


def test_moves_between_piles_with_no_way_said_build_down_by_default() -> None:
    ex = _draft(
        ["Выкладывают 7 стопок по 3 карты.", "Карты можно перекладывать из стопки в стопку."]
    )
    assert ex.spec["moves"]["marry"]["build"]["direction"] == "down"
    assert ex.spec["provenance"]["moves.marry.build.direction"]["origin"] == "default"
    assert any(a.startswith("assumed: moves.marry.build.direction") for a in ex.assumed)


def test_the_largest_group_named_is_the_layout_where_no_sentence_deals_it() -> None:
    ex = _draft(["Четыре стопки сверху.", "Десять стопок под ними."])
    tableau = [p["count"] for p in ex.spec["piles"].values() if p["role"] == "tableau"]
    assert tableau == [10]
    assert ex.spec["provenance"]["piles.packets.count"]["sentence"] == "test/play/2"


def test_foundations_built_on_the_cards_named_with_their_ways() -> None:
    """Aces up and kings down, neither taken out: two groups, each begun by its card."""
    ex = _draft(
        [
            "Выкладывают 8 стопок по 6 карт.",
            "Цель игры — собрать на тузы в возрастающей, а на королей в убывающей "
            "последовательности все карты.",
        ]
    )
    found = {g: p["foundation"] for g, p in ex.spec["piles"].items() if p["role"] == "foundation"}
    assert {g: (f["base"], f["direction"]) for g, f in found.items()} == {
        "aces": (1, "up"),
        "kings": (13, "down"),
    }
    assert ex.spec["setup"] == []


def test_rows_dealt_when_stuck_go_on_from_the_deal() -> None:
    """Spider: the first four columns one card more, the top card open, a row to every column
    when no move is left. The rows' step deals its first round at once (the open card), so
    the deal holds 54 cards: two packs, fifty left for the rows."""
    ex = _draft(
        [
            "Карты раскладываются в 10 колонок.",
            "В первых четырёх колонках по 6 карт, в оставшихся шести – по 5.",
            "Верхняя карта каждой колонки открыта, остальные лежат рубашкой вверх.",
            "Когда ходов больше нет, со стопки сдаётся по одной карте на каждую колонку.",
        ]
    )
    steps = [(s["id"], s["rounds"], s["face"], s.get("next_round")) for s in ex.spec["deal"]]
    assert steps == [
        ("columns-first", 1, "down", None),
        ("columns", 4, "down", None),
        ("columns-rows", None, "up", "stuck"),
    ]
    assert ex.spec["decks"] == 2
    assert ex.contradictions == []


@pytest.mark.parametrize(
    ("count", "recycle"),
    [
        ("Так можно сделать только один раз.", 1),
        ("Но это разрешается лишь дважды.", 2),
        ("Повторять это дозволяется три раза.", 3),
    ],
)
def test_a_count_in_the_next_sentence_counts_the_talon_turned_back(
    count: str, recycle: int
) -> None:
    """The talon turned back with no count, how often said in the next sentence (a count with
    no act of its own): the turns are that count, cited from both sentences; with no such
    sentence the draft assumes as often as the player likes."""
    lead = ["Раскладывают семь кучек по пять карт.", "Карты из колоды открывают по одной."]
    back = "Когда колода кончится, отбой переворачивают и снова используют как колоду."
    turn = _draft([*lead, back, count]).spec["moves"]["turn"]
    assert turn["recycle"] == recycle
    assert _draft([*lead, back]).spec["moves"]["turn"]["recycle"] == "unlimited"
    # the count said before the talon is turned back counts nothing
    assert _draft([*lead, count, back]).spec["moves"]["turn"]["recycle"] == "unlimited"


def test_a_count_with_no_act_counts_the_act_of_its_own_sentence() -> None:
    assert _facts(
        "Отбой переворачивают и снова используют как колоду, и так можно делать дважды."
    ) == [("turn.recycle", 2)]
    said = dict(
        _facts("Карты столбцов собирают и раскладывают снова, и так можно поступить лишь однажды.")
    )
    assert said.get("redeal.deals") == 2
