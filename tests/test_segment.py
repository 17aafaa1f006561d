"""Segmentation: sentence splitting, paragraph kinds, games and sections, id resolution."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.segment.headings import classify, roman
from pipeline.segment.known import known_games
from pipeline.segment.segmenter import blocks, segment, slug
from pipeline.segment.sentences import split_sentences
from pipeline.text import NormalizedText, OffsetMap


def plain(text: str, source: str = "t", orthography: str = "pre-reform") -> NormalizedText:
    """A normalized text that is its own raw text (identity maps): segmentation in isolation."""
    m = OffsetMap.identity(len(text))
    return NormalizedText(source, orthography, text, text, m, text, m)


def sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


# -- sentences -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Если откроется дорожка, т.-е. цѣлый лучъ звѣзды, то мѣсто занято. Иногда это удобно.",
            [
                "Если откроется дорожка, т.-е. цѣлый лучъ звѣзды, то мѣсто занято.",
                "Иногда это удобно.",
            ],
        ),
        (
            "Тузы, т. е. Старшія карты, идутъ. Дамы нѣтъ.",
            ["Тузы, т. е. Старшія карты, идутъ.", "Дамы нѣтъ."],
        ),
        (
            "Если, напр. Пятерка, то подъ пятую пачку и т. д. Вслѣдъ затѣмъ играютъ.",
            ["Если, напр. Пятерка, то подъ пятую пачку и т. д.", "Вслѣдъ затѣмъ играютъ."],
        ),
        (
            "Каждый рядъ начинается № 1, кончается № 13. Разложивши карты, играютъ.",
            ["Каждый рядъ начинается № 1, кончается № 13.", "Разложивши карты, играютъ."],
        ),
        (
            "Играютъ карты (правило I. Смотри выше) и кладутъ. Потомъ ждутъ.",
            ["Играютъ карты (правило I. Смотри выше) и кладутъ.", "Потомъ ждутъ."],
        ),
        (
            "Это составляетъ «грацію. Такъ говорятъ» въ игрѣ. Конецъ.",
            ["Это составляетъ «грацію. Такъ говорятъ» въ игрѣ.", "Конецъ."],
        ),
        (
            # an unbalanced parenthesis (OCR) protects nothing
            "Разсматриваютъ пачки (правило I; и играютъ карты. На пустое мѣсто кладутъ.",
            ["Разсматриваютъ пачки (правило I; и играютъ карты.", "На пустое мѣсто кладутъ."],
        ),
        (
            "Основныя карты суть: двойка, тройка и др. до короля включительно.",
            ["Основныя карты суть: двойка, тройка и др. до короля включительно."],
        ),
    ],
)
def test_sentence_boundaries(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_sentence_ranges_are_offsets_into_the_text() -> None:
    text = "  Раз два.  Три четыре!\nПять  "
    assert split_sentences(text) == [(2, 10), (12, 23), (24, 28)]


# -- paragraph kinds -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("par", "kind", "extra"),
    [
        ("БЛОКАДА.", "title", None),
        ("ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "decks", 2),
        ("ДВЂ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "decks", 2),
        ("Две полных колоды карт.", "decks", 2),
        ("ОДНА КОЛОДА КАРТЪ.", "decks", 1),
        ("Правила.", "rules", None),
        ("Игра.", "play", None),
        ("III. Основныя карты берутся изъ колоды.", "rule", "III"),
        ("ІV. За двѣнадцатью картами.", "rule", "IV"),
        ("Шахъ.", "caption", None),
        ("Звѣзда.", "caption", None),
        ("Блокада.", "caption", None),
        ("Масти соблюдаются.", "body", None),
        ("Пасьянсъ не раскладывается вторично.", "body", None),
        ("Пасьянс «Густая колонна». Перед началом пасьянса.", "named", None),
        ("Двадцать четыре основные пасьянса с двадцатью таблицами - [4]", "furniture", None),
        ("Пасьянсы (Пюжоль) - страница 20", "furniture", None),
    ],
)
def test_paragraph_kinds(par: str, kind: str, extra) -> None:
    h = classify(par, known_games())
    assert h.kind == kind
    if kind == "decks":
        assert h.decks == extra
    if kind == "rule":
        assert h.number == extra


def test_roman_numbers_from_ocr_letters() -> None:
    assert roman("ІV") == "IV"
    assert roman("П") == "II"
    assert roman("XІІ") == "XII"
    assert roman("IIII") is None
    assert roman("ІІасьянсъ") is None


def test_broken_paragraph_lines_are_joined() -> None:
    text = "Послѣ того открывшіяся чрезъ\n\nэто мѣста, начиная съ\n\nвнутреннихъ круговъ.\n\nШахъ."
    got = [text[a:b] for a, b in blocks(text)]
    assert got == [
        "Послѣ того открывшіяся чрезъ\n\nэто мѣста, начиная съ\n\nвнутреннихъ круговъ.",
        "Шахъ.",
    ]


def test_slug_of_unknown_title() -> None:
    assert slug("ЧЕТЫРЕ УГЛА.") == "chetyre-ugla"


# -- games and sections ----------------------------------------------------------------------

TWO_GAMES = (
    "Двадцать четыре основные пасьянса с двадцатью таблицами - [4]\n\n"
    "II. Марьяжъ дѣлаютъ внизъ.\n\n"
    "Игра.\n\n"
    "Берутъ восемь тузовъ. Кладутъ ихъ въ кругъ.\n\n"
    "Шахъ.\n\n"
    "Пасьянсъ вторично не раскладывается.\n\n"
    "ЧЕТЫРЕ УГЛА.\n\n"
    "ОДНА КОЛОДА КАРТЪ.\n\n"
    "Правила.\n\n"
    "I. Годны всѣ карты.\n\n"
    "Основныя карты суть: тузы.\n\n"
    "Игра.\n\n"
    "Раскладываютъ карты и"
)


def structure(game) -> list[tuple[str, str, int]]:
    return [(s.kind, s.key, len(s.sentences)) for s in game.sections]


def test_games_sections_and_flags_of_a_synthetic_text() -> None:
    shah, corners = segment(plain(TWO_GAMES), "t.txt", known_games())
    assert (shah.id, shah.id_from, shah.title, shah.caption) == ("shah", "caption", None, "Шахъ")
    assert (shah.starts_mid_game, shah.stops_mid_game) == (True, False)
    assert structure(shah) == [
        ("rules", "rules", 0),
        ("rule", "rules/II", 1),
        ("play", "play", 2),
        ("caption", "caption", 1),
        ("note", "note", 1),
    ]
    assert [u.text for u in shah.section("play").sentences] == [
        "Берутъ восемь тузовъ.",
        "Кладутъ ихъ въ кругъ.",
    ]
    assert (corners.id, corners.id_from, corners.title) == ("chetyre-ugla", "title", "ЧЕТЫРЕ УГЛА")
    assert (corners.starts_mid_game, corners.stops_mid_game) == (False, True)
    assert corners.section("decks").decks == 1
    # an unnumbered paragraph after a rule belongs to that rule
    assert [(u.para, u.text) for u in corners.section("rules/I").sentences] == [
        (1, "Годны всѣ карты."),
        (2, "Основныя карты суть: тузы."),
    ]


def test_untitled_game_without_caption_or_markers_gets_a_provisional_id() -> None:
    text = "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nПравила.\n\nI. Всѣ карты годны.\n\nИгра.\n\nИграютъ."
    (game,) = segment(plain(text, "077_x"), "077_x.txt", known_games())
    assert (game.id, game.id_from, game.provisional) == ("untitled-077-1", "none", True)
    assert (game.starts_mid_game, game.stops_mid_game) == (False, False)


def test_a_caption_naming_another_game_is_that_games_title() -> None:
    text = "БЛОКАДА.\n\nИгра.\n\nИграютъ.\n\nЧасы.\n\nИгра.\n\nКонецъ."
    blockade, clock = segment(plain(text), "t.txt", known_games())
    assert blockade.caption is None
    assert [s.kind for s in blockade.sections] == ["title", "play"]
    assert (clock.id, clock.title, clock.starts_mid_game) == ("clock", "Часы", False)
    assert [s.kind for s in clock.sections] == ["title", "play"]


def test_a_scan_that_begins_at_a_figure() -> None:
    text = "Шахъ.\n\nЕсли откроется дорожка, то играютъ.\n\nБЛОКАДА.\n\nИгра.\n\nКонецъ."
    shah, blockade = segment(plain(text), "t.txt", known_games())
    assert (shah.id, shah.caption, shah.starts_mid_game) == ("shah", "Шахъ", True)
    assert [s.kind for s in shah.sections] == ["caption", "note"]
    assert blockade.id == "blockade"


def test_sentence_carries_clean_offsets_and_raw_span() -> None:
    nt = plain("БЛОКАДА.\n\nИгра.\n\nПервая фраза. Вторая фраза.")
    (game,) = segment(nt, "t.txt", known_games())
    second = game.section("play").sentences[1]
    assert second.text == "Вторая фраза."
    assert nt.text[second.start : second.end] == "Вторая фраза."
    span = nt.span(second.start, second.end)
    assert nt.raw[span.start : span.end] == "Вторая фраза."


# -- the seeds -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seeds(repo_root):
    from pipeline.normalize import normalize

    out = {}
    for path in sorted((repo_root / "corpus" / "raw").glob("*.txt")):
        nt = normalize(path.read_text(encoding="utf-8"), path.stem)
        out[path.stem[:3]] = segment(nt, path.name, known_games())
    return out


@pytest.fixture(scope="module")
def repo_root():
    from pathlib import Path

    return Path(__file__).resolve().parent.parent


def test_seed_000_holds_shah_blockade_and_clock(seeds) -> None:
    shah, blockade, clock = seeds["000"]
    assert [g.id for g in seeds["000"]] == ["shah", "blockade", "clock"]
    assert (shah.starts_mid_game, shah.stops_mid_game, shah.title) == (True, False, None)
    assert [s.key for s in shah.sections] == [
        "rules",
        "rules/III",
        "play",
        "caption",
        "note",
    ]
    assert shah.section("rules").heading is None
    assert [s.key for s in blockade.sections] == [
        "title",
        "decks",
        "rules",
        "rules/I",
        "rules/II",
        "play",
        "caption",
        "note",
    ]
    assert blockade.title == "БЛОКАДА" and blockade.caption == "Блокада"
    assert blockade.section("decks").decks == 2
    assert [u.text for u in blockade.section("note").sentences] == [
        "Пасьянсъ не раскладывается вторично."
    ]
    assert [s.key for s in clock.sections] == [
        "title",
        "decks",
        "rules",
        "rules/I",
        "rules/II",
        "rules/III",
        "rules/IV",
        "play",
    ]
    assert (clock.starts_mid_game, clock.stops_mid_game) == (False, True)
    # «Основныя карты суть: …» falls under rule IV, as its second paragraph
    foundations = clock.section("rules/IV").sentences[-1]
    assert foundations.para == 2
    assert foundations.text.startswith("Основныя карты суть: двойка, тройка, четверка")


def test_seed_001_shah_from_its_deck_line(seeds) -> None:
    (shah,) = seeds["001"]
    assert (shah.id, shah.id_from, shah.title, shah.caption) == ("shah", "caption", None, "Шахъ")
    assert (shah.starts_mid_game, shah.stops_mid_game) == (False, False)
    assert [s.key for s in shah.sections] == [
        "decks",
        "rules",
        "rules/I",
        "rules/II",
        "rules/III",
        "play",
        "caption",
        "note",
    ]
    assert [u.text for u in shah.section("rules/III").sentences] == [
        "Основныя карты берутся изъ колоды прежде начала игры.",
        "Масти соблюдаются.",
    ]


def test_seed_002_pujol_one_paragraph_game(seeds) -> None:
    (game,) = seeds["002"]
    assert (game.id, game.id_from, game.book) == ("dense-column", "title", "pujol-ru")
    assert game.title == "Пасьянс «Густая колонна»"
    assert [s.kind for s in game.sections] == ["title", "play"]
    assert game.section("play").sentences[0].text.startswith("Перед началом пасьянса")
    assert game.section("play").sentences[-1].text == (
        "После каждого раза допускаются переводы, но только не с начальных мест."
    )


def test_seed_003_untitled_exiles(seeds) -> None:
    (game,) = seeds["003"]
    assert (game.id, game.id_from, game.provisional, game.title) == (
        "exiles",
        "markers",
        True,
        None,
    )
    assert (game.starts_mid_game, game.stops_mid_game) == (False, False)
    assert [s.key for s in game.sections] == [
        "decks",
        "rules",
        "rules/I",
        "rules/II",
        "rules/III",
        "play",
    ]
    assert game.section("play").sentences[0].text == "Берутъ восемь королей изъ колоды."


def test_rules_after_the_play_begin_another_untitled_game() -> None:
    text = (
        "ЧАСЫ.\n\nПравила.\n\nI. Годны верхнія карты.\n\nИгра.\n\nРаскладываютъ кругъ, или марьяжъ"
        "\n\nIII. Основныя карты берутся изъ колоды.\n\nИгра.\n\nБерутъ тузовъ.\n\nШахъ.\n\nКонецъ."
    )
    clock, shah = segment(plain(text), "t.txt", known_games())
    assert (clock.id, clock.starts_mid_game, clock.stops_mid_game) == ("clock", False, True)
    assert (shah.id, shah.starts_mid_game, shah.stops_mid_game) == ("shah", True, False)
    assert [s.key for s in shah.sections] == [
        "rules",
        "rules/III",
        "play",
        "caption",
        "note",
    ]


_ALPHABET = "абвгдеѣіъ АБВГД.,;:!?«»()-№1 \n"


@given(st.text(alphabet=_ALPHABET, max_size=200))
def test_sentences_partition_the_text(text: str) -> None:
    ranges = split_sentences(text)
    # ordered, non-overlapping, trimmed, and together they hold every non-space character
    prev = 0
    for a, b in ranges:
        assert prev <= a < b <= len(text)
        assert not text[a].isspace() and not text[b - 1].isspace()
        assert text[prev:a].strip() == ""
        prev = b
    assert text[prev:].strip() == ""


def test_deck_line_with_a_damaged_number_word() -> None:
    h = classify("ДВ? ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", known_games())
    assert (h.kind, h.decks) == ("decks", None)
    assert classify("Эти колоды карт.", known_games()).kind == "body"


def test_a_name_in_lower_case_before_a_deck_line_is_a_title_not_a_caption() -> None:
    text = (
        "III. Основныя карты берутся изъ колоды.\n\nИгра.\n\nБерутъ тузовъ.\n\nШахъ.\n\n"
        "Конецъ.\n\nБлокада.\n\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nИгра.\n\nРаскладываютъ рядъ."
    )
    shah, blockade = segment(plain(text), "t.txt", known_games())
    assert (shah.id, shah.caption) == ("shah", "Шахъ")
    assert (blockade.id, blockade.id_from, blockade.title) == ("blockade", "title", "Блокада")
    assert [s.kind for s in blockade.sections] == ["title", "decks", "play"]


_PARAGRAPHS = [
    "БЛОКАДА.",
    "ЧАСЫ.",
    "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.",
    "Правила.",
    "I. Годны всѣ карты.",
    "II. Масти соблюдаются. Тузы идутъ первыми.",
    "ІV. За основными картами.",
    "Игра.",
    "Шахъ.",
    "Блокада.",
    "Берутъ восемь тузовъ (правило I. Вотъ) и т. д. Потомъ кладутъ.",
    "раскладываютъ рядъ",
    "Пасьянс «Густая колонна». Перед началом пасьянса.",
    "Пасьянсъ не раскладывается вторично.",
    "Двадцать четыре основные пасьянса с двадцатью таблицами - [4]",
]


@given(st.lists(st.sampled_from(_PARAGRAPHS), max_size=14), st.sampled_from(["\n", "\n\n"]))
def test_any_arrangement_of_paragraphs_segments_and_collates(pars, sep) -> None:
    from pipeline.segment.collate import collate

    text = sep.join(pars)
    games = segment(plain(text), "t.txt", known_games())
    by_id: dict[str, list] = {}
    for g in games:
        assert g.id and g.start <= g.end <= len(text)
        for u in g.units():
            assert text[u.start : u.end].split() == u.text.split()
        by_id.setdefault(g.id, []).append(g)
    for game_id, ws in by_id.items():
        merged = collate(game_id, ws)
        ids = [u.id for u in merged.units]
        assert len(ids) == len(set(ids))
        assert all(i.startswith(f"{game_id}/") for i in ids)


def test_a_figure_between_rules_neither_ends_the_rule_nor_the_game() -> None:
    text = (
        "БЛОКАДА.\n\nПравила.\n\nI. Годны всѣ карты.\n\nБлокада.\n\nСнимая карты, освобождаютъ."
        "\n\nII. Масти соблюдаются.\n\nИгра.\n\nИграютъ.\n\nБлокада.\n\nКонецъ."
    )
    (game,) = segment(plain(text), "t.txt", known_games())
    assert [s.key for s in game.sections] == [
        "title",
        "rules",
        "rules/I",
        "caption",
        "rules/II",
        "play",
        "caption-2",
        "note",
    ]
    assert [(u.para, u.text) for u in game.section("rules/I").sentences] == [
        (1, "Годны всѣ карты."),
        (2, "Снимая карты, освобождаютъ."),
    ]
    assert [u.text for u in game.section("note").sentences] == ["Конецъ."]
    assert (game.starts_mid_game, game.stops_mid_game) == (False, False)


def test_a_full_stop_glued_to_the_next_sentence_ends_it() -> None:
    text = "то в неё ничего нельзя положить.В пасьянсе карты можно перемешивать 3 раза."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "то в неё ничего нельзя положить.",
        "В пасьянсе карты можно перемешивать 3 раза.",
    ]
    assert len(split_sentences("См. т.е. раздел А.С.Пушкина.")) == 1  # initials, abbreviations
