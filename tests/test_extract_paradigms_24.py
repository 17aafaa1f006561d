"""Composed phrases of the twenty-fourth round (issue 18 §3): each part over a paradigm of
sentences written for the test (digits and words, word orders, verbs, synonyms), with the
exact facts, and a near phrasing that must read otherwise. The parts: the cards each said as
two layers with their faces inside an uneven deal; one of the piles emptied under a
condition; a space filled from a source or with any card after the pile emptied; every pile
said «все» as well as «каждый» in the stock's rows; a colour disregarded with no suit rule of
its own; «затем» between a place and its verb; a sentence broken across lines after a
preposition."""

from __future__ import annotations

from pathlib import Path

import pytest
from sentence_game import fact_pairs as _f
from sentence_game import said as _said
from sentence_game import sentences_draft as _draft

from pipeline.extract.facts import sentence_facts
from pipeline.extract.tokens import tokenize

EMPTIED = ("cond.pile_emptied", True)
ANY_SPACE = ("fill.sources", ["talon", "tableau"])
FROM_STOCK = ("fill.sources", ["stock"])
ROWS = ("deal.next_round", "stuck")
DOWN_BUT_LAST = ("deal.face", "down-but-last")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("На первые четыре стопки сдаётся по пять карт лицом вниз и по одной лицом вверх, на "
         "остальные по четыре карты лицом вниз и по одной лицом вверх.",
         [("deal.uneven", {"first": 4, "more": 6, "rest": 5}), DOWN_BUT_LAST]),
        ("В первые три колонки кладут по 6 карт рубашкой вверх и по 1 лицом вверх, а в "
         "остальные — по 5 карт рубашкой вверх и по 1 лицом вверх.",
         [("deal.uneven", {"first": 3, "more": 7, "rest": 6}), DOWN_BUT_LAST]),
        ("На два из них (первый и второй) кладётся 3 карты лицом вниз и одна лицом вверх, в то "
         "время как на остальные столбцы сдаётся 2 карты лицом вниз и одна лицом вверх.",
         [("deal.uneven", {"first": 2, "more": 4, "rest": 3}), DOWN_BUT_LAST]),
        # two layers of one face are that face
        ("В первые две стопки кладут по три карты лицом вверх и по две лицом вверх, в остальные "
         "по четыре карты.",
         [("deal.uneven", {"first": 2, "more": 5, "rest": 4}), ("deal.face", "up")]),
        # no layers: the uneven deal as before, no face said
        ("В первые четыре столбца кладут по шесть карт, в остальные шесть — по пять.",
         [("tableau.shape", {"noun": "COLUMN", "count": 10}),
          ("deal.uneven", {"first": 4, "more": 6, "rest": 5})]),
    ],
)  # fmt: skip
def test_paradigm_layers_counted_in_an_uneven_deal(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_layers_that_are_not_one_up_over_down_say_no_face() -> None:
    """Two cards up over cards down is no face the deal's keys name: the counts are summed,
    no face is read."""
    assert _said(
        "В первые две стопки кладут по три карты лицом вниз и по две лицом вверх, в остальные "
        "по четыре карты."
    ) == _f(("deal.uneven", {"first": 2, "more": 5, "rest": 4}))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Когда одна из стопок освобождается, в неё можно положить любую карту.", [ANY_SPACE]),
        ("Если один из столбцов опустел, в него кладут карту из колоды.",
         [EMPTIED, FROM_STOCK]),
        ("Если какой-нибудь из рядов опустеет, туда можно положить короля.",
         [EMPTIED, ("build.empty", 13)]),
        ("Как только одна из колонок освободится, на её место можно положить любую карту.",
         [ANY_SPACE]),
    ],
)  # fmt: skip
def test_paradigm_one_of_the_piles_emptied(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_one_of_the_piles_counted_stays_a_count() -> None:
    """«одна из четырёх стопок» with no condition opening it is not rewritten: the numeral,
    «из» and the count stay."""
    toks = tokenize("Одна из четырёх стопок остаётся пустой.")
    assert [t.type for t in toks][:4] == ["NUM", "FROM", "NUM", "PACKET"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("В пустой столбец кладут карту из колоды.", [FROM_STOCK]),
        ("В свободную стопку перекладывают карту из резерва.", [("fill.sources", ["reserve"])]),
        ("Если столбец освободился, на его место кладут любую карту.", [ANY_SPACE]),
        ("Когда ряд опустеет, на его место можно положить любую карту.", [ANY_SPACE]),
    ],
)  # fmt: skip
def test_paradigm_a_space_filled_in_either_preposition(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


@pytest.mark.parametrize(
    "sentence",
    [
        "Нажав на колоду, вы раздадите по одной карте на все столбцы.",
        "Нажмите на колоду, чтобы сдать по одной карте на все стопки.",
        "Щелчок по колоде сдаёт по карте на все десять стопок.",
        "Щёлкнув по колоде, вы сдадите по одной карте на каждый столбец.",
    ],
)
def test_paradigm_the_stock_dealt_to_every_pile_said_all_or_each(sentence: str) -> None:
    assert _said(sentence) == _f(ROWS)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Строить в раскладе можно вверх и вниз, независимо от цвета.",
         [("build.direction", "both"), ("suit.any", True)]),
        ("В раскладе карты кладут вниз независимо от цвета.",
         [("build.direction", "down"), ("suit.any", True)]),
        ("На столбцах карты кладут по нисходящей, не глядя на цвет.",
         [("build.direction", "down"), ("suit.any", True)]),
        ("Карты в колонках складывают по убыванию без учёта цвета.",
         [("build.direction", "down"), ("suit.any", True)]),
        # beside a suit rule of its own the colour disregarded says no «any suit»
        ("Карты кладут по убыванию на карту другой масти, независимо от цвета.",
         [("build.direction", "down"), ("build.suit", "different")]),
    ],
)  # fmt: skip
def test_paradigm_a_colour_disregarded_is_any_suit(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_a_colour_that_does_not_matter_said_after_it_stays_no_suit_rule() -> None:
    facts, _ = sentence_facts("Цвет карт значения не имеет.")
    assert facts == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("На основания выкладываются короли, на которые затем кладутся дамы, валеты и так "
         "далее той же масти.",
         [("foundation.cards", [13]), ("foundation.direction", {"base": 13, "direction": "down"}),
          ("suit.same", True)]),
        ("Короли кладут в основания, на них затем кладут дам, валетов и так далее.",
         [("foundation.cards", [13]), ("foundation.direction", {"base": 13, "direction": "down"})]),
    ],
)  # fmt: skip
def test_paradigm_then_between_the_place_and_its_verb(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_then_opening_a_clause_stays_a_time() -> None:
    toks = tokenize("Сначала кладут тузы, затем кладут двойки.")
    assert "AFTER" in [t.type for t in toks]


def test_a_line_ending_with_a_preposition_goes_on_in_the_next(tmp_path: Path) -> None:
    """A sentence wrapped after «по», the next line opening with a digit (a catalogue's
    strings, a page's lines): one sentence, read whole; a title line before a deck line
    that opens with a digit stays apart."""
    from pipeline.segment.finding import blocks

    text = "Паук\n2 колоды.\nНа первые шесть стопок сдаётся по\n5 карт лицом вниз.\n"
    got = [text[s:e] for s, e in blocks(text)]
    assert got == ["Паук", "2 колоды.", "На первые шесть стопок сдаётся по\n5 карт лицом вниз."]
    po = tmp_path / "pauk.po"
    po.write_text(
        'msgid "Spider"\nmsgstr "Паук"\n\nmsgid "Tableau"\nmsgstr "Расклад"\n\nmsgid "x"\n'
        'msgstr ""\n"Двенадцать стопок. На первые шесть стопок сдаётся по 4 карты лицом вниз и '
        'по "\n"1 лицом вверх, на остальные стопки кладётся по 3 карты лицом "\n"вниз и по одной '
        'лицом вверх."\n',
        encoding="utf-8",
    )
    from pipeline.ingest import build

    (game,) = build([po]).games
    said = [s["modern"] for sec in game["sections"] for s in sec["sentences"]]
    assert any(s.startswith("На первые шесть") and "1 лицом вверх" in s for s in said)


def test_a_spider_deal_in_layers_drafts_ten_piles() -> None:
    """The whole draft: two packs, ten piles, the first four of six cards and the others of
    five, down but the last."""
    ex = _draft(
        [
            "Играют двумя колодами.",
            "Десять стопок.",
            "На первые четыре стопки сдаётся по пять карт лицом вниз и по одной лицом вверх, "
            "на остальные по четыре карты лицом вниз и по одной лицом вверх.",
        ]
    )
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from real_quality import spec_facts

    got = spec_facts(ex.checked.rules)
    assert got["tableau.piles"] == 10
    assert sorted(got["tableau.cards"]) == [5] * 6 + [6] * 4
    assert got["tableau.face"] == "down-but-last"


@pytest.mark.parametrize(
    "sentence",
    [
        "Карты раскладываются в 7 стопок так, что в первой стопке одна карта, а в каждой "
        "следующей на одну больше.",
        "В первом столбце одна карта, в каждом следующем столбце на одну карту больше.",
        "Кладут шесть кучек: в первую одну карту, в каждую следующую — на одну больше.",
    ],
)
def test_paradigm_a_triangle_by_a_measured_comparative(sentence: str) -> None:
    assert ("deal.triangle", "true") in _said(sentence)


def test_each_next_card_a_rank_higher_is_no_triangle() -> None:
    """Without a place («в каждой следующей …») the comparative is of ranks: no triangle."""
    assert ("deal.triangle", "true") not in _said("Каждая следующая карта на единицу старше.")


@pytest.mark.parametrize(
    "sentence",
    [
        "Есть четыре ячейки, в которые можно временно положить по одной карте.",
        "Над раскладом находятся четыре ячейки, куда можно класть по одной любой карте.",
        "Четыре ячейки, каждая из которых вмещает одну карту.",
        "Справа лежат 4 свободные ячейки, в каждую из которых можно поместить одну карту.",
    ],
)
def test_paradigm_cells_by_a_relative_clause_of_one_card(sentence: str) -> None:
    assert ("cells", "4") in _said(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Четыре ячейки, в которые кладут по две карты.",
        "Восемь мест, куда можно положить одну карту.",  # a place by any noun: no cell
    ],
)
def test_places_holding_more_or_not_named_cells_are_no_cells(sentence: str) -> None:
    assert not [k for k, _ in _said(sentence) if k == "cells"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Раскладка: семь колонок.", [("tableau.count_said", {"noun": "COLUMN", "count": 7})]),
        ("Расклад: 8 стопок.", [("tableau.count_said", {"noun": "PACKET", "count": 8})]),
        ("Пересдачи: не более двух.", [("redeal.deals", 3)]),
        ("Количество пересдач — две.", [("redeal.deals", 3)]),
    ],
)  # fmt: skip
def test_paradigm_a_memo_of_the_layout_is_no_count_of_redeals(sentence: str, expected) -> None:
    assert _said(sentence) == _f(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Оставшиеся четыре карты кладут в свободные ячейки.", [("cells.dealt", 4)]),
        ("Последние две карты сдаются в ячейки.", [("cells.dealt", 2)]),
        ("Четыре карты кладут на свободные места.", []),  # places, not cells by name
    ],
)  # fmt: skip
def test_paradigm_the_cards_left_put_into_the_cells(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Можно класть младшую карту на старшую, если они разного цвета.",
         [("build.direction", "down"), ("build.suit", "alternate")]),
        ("Карта кладётся на старшую на единицу, если у них разные цвета.",
         [("build.direction", "down"), ("build.suit", "alternate")]),
        ("Карту кладут на старшую на единицу, если она другого цвета.",
         [("build.direction", "down"), ("build.suit", "alternate")]),
        ("Можно класть младшую карту на старшую, только если они одной масти.",
         [("build.direction", "down"), ("suit.same", True)]),
        ("На основания карты кладут по возрастанию, если они одной масти.",
         [("foundation.direction", {"base": None, "direction": "up"}), ("suit.same", True)]),
    ],
)  # fmt: skip
def test_paradigm_the_suit_rule_as_the_moves_condition(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_a_condition_of_more_than_the_suit_stays_loose() -> None:
    """«…, если они разного цвета и лежат рядом»: the condition says more than the suit
    rule, so it is no suit condition; the marker stays loose and its part says nothing."""
    facts, loose = sentence_facts(
        "Можно класть младшую карту на старшую, если они разного цвета и лежат рядом."
    )
    assert loose == ["COND"]
    assert "build.suit" not in [f.key for f in facts]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("На карты расклада можно класть карты меньшего на единицу достоинства.",
         [("build.direction", "down")]),
        ("В колонки кладут карты меньшего на одну единицу значения.",
         [("build.direction", "down")]),
        ("Можно класть карты на единицу меньшего достоинства.", [("build.direction", "down")]),
    ],
)  # fmt: skip
def test_paradigm_a_comparative_of_size_its_measure_and_rank_noun(sentence, expected) -> None:
    assert _said(sentence) == _f(*expected)


def test_a_comparative_of_size_with_no_rank_noun_stays_water() -> None:
    """«большего на единицу размера»: no rank noun after the measure, no way is read."""
    assert "UP" not in [t.type for t in tokenize("Стопка большего на единицу размера.")]


@pytest.mark.parametrize(
    "sentence",
    [
        "Когда в колоде не осталось карт, сброс переворачивается и становится новой колодой.",
        "Если карты в колоде кончились, отбой переворачивают, и он снова становится колодой.",
    ],
)
def test_paradigm_the_talon_turned_becomes_the_stock(sentence: str) -> None:
    assert _said(sentence) == _f(("turn.back", True), ("cond.stock_out", True))


@pytest.mark.parametrize(
    "sentence",
    [
        "Из колоды можно сдавать новый ряд карт, по одной на каждый столбец.",
        "Из колоды разрешается выкладывать новый ряд карт.",
    ],
)
def test_paradigm_a_new_row_from_the_stock(sentence: str) -> None:
    assert _said(sentence) == _f(ROWS)


def test_any_by_suit_is_any_suit() -> None:
    assert ("suit.any", "true") in _said(
        "Сдвигать карты в раскладе можно на карту выше на единицу, любую по масти."
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Сдайте 7 стопок по 5 карт рубашкой вверх, затем переверните верхние карты.",
        "Разложите восемь колонок лицом вниз, затем откройте верхние карты.",
    ],
)
def test_paradigm_the_top_cards_open_with_the_piles_said_before(sentence: str) -> None:
    assert DOWN_BUT_LAST in [(k, v) for k, v in sentence_facts_of_pairs(sentence)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Верхняя карта доступна.",  # available, no face
        "Затем откройте верхнюю карту колоды.",  # the stock's card
    ],
)
def test_the_top_card_without_a_face_of_the_layout_says_no_face(sentence: str) -> None:
    assert "deal.face" not in [k for k, _ in sentence_facts_of_pairs(sentence)]


def sentence_facts_of_pairs(sentence: str) -> list[tuple[str, object]]:
    facts, _ = sentence_facts(sentence)
    return [(f.key, f.value) for f in facts]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Выкладывают карты в три ряда, по четыре карты в каждом.",
         [("tableau.shape", {"noun": "ROW", "count": 4}), ("deal.round", 3)]),
        # the cards the rows hold said with them: a grid of places (test_extract_paradigms_45)
        ("Выкладывают двенадцать карт в три ряда, по четыре в каждом.",
         [("tableau.shape", {"noun": "ROW", "count": 12}), ("deal.per_pile", 1)]),
        ("Кладут десять карт в один ряд.", [("tableau.shape", {"noun": "ROW", "count": 10})]),
        ("Кладут двенадцать карт в два ряда.", []),  # rows after a verb of laying, no count each
    ],
)  # fmt: skip
def test_paradigm_rows_after_a_verb_of_laying(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_a_rank_sequence_gathered_on_the_cards_named_before() -> None:
    assert _said(
        "Короли кладутся в верхний ряд, и на них собираются дамы, валеты и т. д. по масти."
    ) == _f(("build.direction", "down"), ("suit.same", True))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Нужно освободить стол от всех карт.", [("win.cleared", True)]),
        ("Очистите поле от карт.", [("win.cleared", True)]),
        ("Нужно освободить все столбцы от карт.", [("win.cleared", True)]),
        ("Освободите стопку от карт, затем положите туда короля.", []),  # one pile: a tactic
    ],
)  # fmt: skip
def test_paradigm_the_place_cleared_of_its_cards(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Выкладывается 4 стопки резерва по три карты.",
         [("tableau.shape", {"noun": "PACKET", "count": 4}), ("deal.per_pile", 3),
          ("reserve.named", None)]),
        ("Выкладывается 4 резервные стопки по три карты.",
         [("tableau.shape", {"noun": "PACKET", "count": 4}), ("deal.per_pile", 3),
          ("reserve.named", None)]),
    ],
)  # fmt: skip
def test_paradigm_the_reserve_as_a_noun_after_the_pile(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_the_reserve_alone_stays_a_noun() -> None:
    assert [t.type for t in tokenize("Из резерва карты кладут на основания.")][:2] == [
        "FROM",
        "RESERVE",
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Ячеек всего четыре.", [("cells", 4)]),
        ("Свободных ячеек четыре.", [("cells", 4)]),
        ("Мест всего восемь.", []),  # a place by any noun: no cell
    ],
)  # fmt: skip
def test_paradigm_cells_counted_after_their_noun(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("На столбцах карты кладут не по возрастанию, а по убыванию.",
         [("build.direction", "down")]),
        ("На столбцах карты кладут по убыванию, а не по возрастанию.",
         [("build.direction", "down")]),
        ("Карты кладут не в масть, а чередуя цвета.", [("build.suit", "alternate")]),
        ("Пустое место заполняют не королём, а любой картой.", [ANY_SPACE]),
        # «не только …, но и …» is another phrase: both
        ("Карты можно перемещать не только по одной, но и группами.", [("build.run", True)]),
    ],
)  # fmt: skip
def test_paradigm_a_correction_not_this_but_that(sentence: str, expected: list) -> None:
    assert _said(sentence) == _f(*expected)


def test_a_negation_with_no_correction_after_it_stays() -> None:
    """«нельзя …, а только …»: no «не … , а» pair; both markers stay as they were."""
    _, loose = sentence_facts("Нельзя класть карты по возрастанию, а только по убыванию.")
    assert loose == ["NEG", "ONLY"]


def test_two_clauses_joined_by_a_stay_as_they_are() -> None:
    """«колоды в руках не остаётся, а раскладка не повторяется»: each part a clause with a
    verb of its own, no correction; the frame of the stock used up is still read."""
    facts, _ = sentence_facts("Колоды в руках не остается, а раскладка не повторяется.")
    assert ("cond.all_dealt", True) in [(f.key, f.value) for f in facts]
