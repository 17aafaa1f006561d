"""Finding games in any text (issue 18 §2): web titles, furniture, introductions, refusals, ids.

The texts are small imitations of real rule pages (a catalogue page with its menu, an
article with an introduction, a breadcrumb page, a page of a book that begins mid-game);
each goes through the real normalizer and segmenter, as `pasyans ingest` takes it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.errors import DataError
from pipeline.ingest import build
from pipeline.normalize import normalize
from pipeline.segment.finding import is_furniture, is_subheading, rule_sentence, title_like
from pipeline.segment.known import known_games
from pipeline.segment.segmenter import segment, source_slug
from pipeline.segment.source import is_ukrainian, ukrainian_words

CATALOGUE = (
    "Главная\n\nИстория карт\n\nИгры\n\nПасьянсы\n\nЛитература\n\n\n"
    "                     Склон\n\n"
    "Пасьянс раскладывается двумя полными колодами по 52 карты в каждой колоде. "
    "Фигура пасьянса состоит из 10 вертикальных стопок.\n\n"
    "Карты из стопки в стопку перекладываются в убывающей последовательности."
)
ARTICLE = (
    "Гольф пасьянс — король карточных одиночек\n\nСодержание\n\n"
    "Что делает гольф пасьянс особенным?\n\n"
    "Карточные пасьянсы давно стали любимым развлечением. Игра проста и глубока.\n\n"
    "Правила игры: как начать и выиграть\n\n"
    "В начале игры семь карт выкладываются в ряд, а остальная колода становится запасом. "
    "Задача игрока — убирать карты из ряда."
)
BREADCRUMB = (
    "Главная :: Пасьянсы :: Тузовый\n\nТузовый\n\n\nТермины пасьянсов\n"
    "Количество колод: 1\nЦель пасьянса: необходимо собрать все карты на базовых стопках.\n\n"
    "Правила пасьянса\n\n\nКолода тщательно тасуется и выкладываются 7 игровых рядов по 3 "
    "открытые карты в каждом ряду."
)
GLUED = (
    "Главная\nИгры\nПасьянсы\n|\n|\nЛеди Пок Пасьянс\nраскладывается двумя полными колодами "
    "по 52 карты в каждой колоде.\nВыкладываются 10 колонок по 4 карты в каждой колонке."
)
MID_GAME = (
    "Выбрать главу\n\nКарты, уложенные на базовые, нельзя переносить в резерв. Карты из "
    "резерва можно переложить на базовые.\n\nРис. 269\n\nКовер\n\n"
    "Выложим четыре туза и четыре короля в качестве базовых.\n\n"
    "Разложим восемь рядов по восемь открытых карт в каждом."
)


def games_of(text: str, source: str = "page") -> list:
    return segment(normalize(text, source), f"{source}.txt", known_games())


def outline(game) -> list[tuple[str, list[str]]]:
    return [(s.kind, [u.text for u in s.sentences]) for s in game.sections]


def test_a_catalogue_page_title_under_its_menu() -> None:
    (game,) = games_of(CATALOGUE)
    assert (game.id, game.title) == ("sklon", "Склон")
    assert outline(game) == [
        ("title", ["Склон"]),
        (
            "play",
            [
                "Пасьянс раскладывается двумя полными колодами по 52 карты в каждой колоде.",
                "Фигура пасьянса состоит из 10 вертикальных стопок.",
                "Карты из стопки в стопку перекладываются в убывающей последовательности.",
            ],
        ),
    ]


def test_an_articles_introduction_and_subheadings_are_not_rules() -> None:
    (game,) = games_of(ARTICLE)
    assert game.title == "Гольф пасьянс — король карточных одиночек"
    assert outline(game)[1:] == [
        (
            "intro",
            ["Карточные пасьянсы давно стали любимым развлечением.", "Игра проста и глубока."],
        ),
        (
            "play",
            [
                "В начале игры семь карт выкладываются в ряд, а остальная колода становится "
                "запасом.",
                "Задача игрока — убирать карты из ряда.",
            ],
        ),
    ]


def test_a_breadcrumb_names_the_game_once_and_labels_are_not_titles() -> None:
    (game,) = games_of(BREADCRUMB)
    assert (game.id, game.title) == ("tuzovyi", "Тузовый")
    texts = [u.text for s in game.sections for u in s.sentences]
    assert "Термины пасьянсов" not in texts and "Правила пасьянса" not in texts
    assert texts[-1] == (
        "Колода тщательно тасуется и выкладываются 7 игровых рядов по 3 открытые карты в "
        "каждом ряду."
    )


def test_a_title_run_into_the_first_sentence_is_cut_off() -> None:
    (game,) = games_of(GLUED)
    title = game.section("title").sentences[0]
    span = game.nt.span(title.start, title.end)
    assert game.nt.raw[span.start : span.end] == "Леди Пок"  # cut just before «Пасьянс»
    assert title.text == "Леди Пок"  # a name the lexicon lacks, not "corrected" to Нок
    play = game.section("play").sentences
    assert (
        play[0].text == "Пасьянс раскладывается двумя полными колодами по 52 карты в каждой колоде."
    )
    assert not any("Главная" in u.text or "|" in u.text for s in game.sections for u in s.sentences)


def test_a_page_that_begins_mid_game_then_a_new_title() -> None:
    first, carpet = games_of(MID_GAME, "enc")
    assert (first.id, first.title, first.starts_mid_game) == ("untitled-enc-1", None, True)
    assert [u.text for u in first.section("play").sentences] == [
        "Карты, уложенные на базовые, нельзя переносить в резерв.",
        "Карты из резерва можно переложить на базовые.",
    ]
    assert (carpet.id, carpet.title) == ("kover", "Ковер")
    assert carpet.section("play").sentences[0].text == (
        "Выложим четыре туза и четыре короля в качестве базовых."
    )


@pytest.mark.parametrize(
    ("line", "furniture"),
    [
        ("Главная", True),
        ("Skip to content", True),
        ("Ссылка на файл: >>>>>> http://file-portal.ru/x/", True),
        ("Семья | Добавление и сопряжение |", True),
        ("Рис. 269", True),
        ("• 20.07.2019", True),
        ("<entry>Стандартная</entry>", False),
        ("Склон", False),
        ("Карты перекладывают в убывающей последовательности.", False),
    ],
)
def test_furniture_lines(line: str, furniture: bool) -> None:
    assert is_furniture(line) is furniture


@pytest.mark.parametrize(
    ("line", "title", "subheading"),
    [
        ("Склон", True, False),
        ("«Путаница»", True, False),
        ("Наполеон бежит из Москвы", True, False),
        ("Малая косынка 2", True, False),
        ("Правила пасьянса", False, True),
        ("Как играть", False, True),
        ("История появления Косынки", False, True),
        ("Что делает гольф пасьянс особенным?", False, True),
        ("Количество игроков: 1", False, False),
        ("Раскладывают карты и", False, False),  # a sentence broken off, not a heading
        ("Масти соблюдаются.", False, False),
    ],
)
def test_titles_and_subheadings(line: str, title: bool, subheading: bool) -> None:
    assert (title_like(line), is_subheading(line)) == (title, subheading)


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("Колоду карт раскладывают на 13 закрытых групп по 4 карты.", True),
        ("Пустая стопка заполняется любой картой.", True),
        ("Количество колод: 2", True),
        ("Масти соблюдаются.", True),
        ("Карточные пасьянсы появились ещё в XVIII веке.", False),
        ("Данный пасьянс отличается высокой сложностью.", False),
        ("Слово «солитер» происходит от французского solitaire.", False),
    ],
)
def test_rule_sentences(sentence: str, rule: bool) -> None:
    assert rule_sentence(sentence) is rule


@pytest.mark.parametrize(
    ("source", "slug"),
    [
        ("A4", "a4"),
        ("ШАХЪ", "shakh"),
        ("Пасьянс", "pasyans"),
        ("000_81fd826a", "000"),
        ("Café Ёлка", "cafe-elka"),
        ("Straße", "strasse"),
        ("Ελληνικά", "text"),
    ],
)
def test_source_slugs(source: str, slug: str) -> None:
    assert source_slug(source) == slug


def test_pre_reform_russian_is_not_ukrainian() -> None:
    # і before a vowel or й, ѣ, ъ: Russian as printed before 1918
    old = "Исторія пасьянса. Синій цвѣтъ. Всѣ карты раскладываютъ въ міръ и покой. " * 3
    assert ukrainian_words(old) == (3, 33)  # `міръ`, the one word, three times
    assert not is_ukrainian(old)
    assert is_ukrainian("Кількість колод: дві. Дозволяється переміщати її, і ще їх, ґанок.")


UNTITLED = (
    "Две колоды карт раскладывают на десять кучек по десять карт. "
    "Остальные четыре карты откладывают в резерв.\n"
)


@pytest.mark.parametrize(
    ("name", "game_id"),
    [
        ("A4.txt", "untitled-a4-1"),
        ("ШАХЪ.TXT", "untitled-shakh-1"),
        ("Пасьянс.txt", "untitled-pasyans-1"),
        ("ПАУК Правила (копия) №2.txt", "untitled-pauk-pravila-kopiya-2-1"),
        ("Résumé.TXT", "untitled-resume-1"),
    ],
)
def test_untitled_ids_are_valid_slugs_whatever_the_file_name(tmp_path, name, game_id) -> None:
    path = tmp_path / name
    path.write_text(UNTITLED, encoding="utf-8")
    result = build([path])
    assert [g["id"] for g in result.games] == [game_id]
    assert main(["extract", str(path), "-o", str(tmp_path / "out.yaml")]) == 0
    assert f"id: {game_id}\n" in (tmp_path / "out.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Пасьянс «Солитер»: почему так называется?\n\nСлово «солитер» происходит от "
            "французского solitaire. Данный пасьянс отличается высокой сложностью.\n",
            "the text states no rule of a patience game (none of its 3 sentences lays out "
            "cards, moves them or names a goal)",
        ),
        ("Главная\n\nИгры\n\nПасьянсы\n\nhttp://example.ru/\n", "the text is only page furniture"),
        (
            "Вот я недавно узнал новый пасьянс. Пасьянс популярен. Его любят. Карты "
            "выкладывают в семь рядов.\n",
            "the text is an introduction or an article about a game, not its rules (1 of 4 "
            "sentences names cards or places with a move: «Карты выкладывают в семь рядов.»; "
            "the others talk about the game)",
        ),
        (
            "Пасьянс — это терпение.\n",
            "the text states no rule of a patience game (its only sentence neither lays out "
            "cards, moves them nor names a goal)",
        ),
        (
            "Косынка\n\nПравила игры\n",
            "the text is only 2 headings («Косынка», «Правила игры») with no text under it",
        ),
        (
            ">>>СКАЧАТЬ<<< Download link Косынка скачать. Пасьянс создан для андроида. "
            "Он хранится в одном файле. Играть в него приятно.\n",
            "the text states no rule of a patience game (none of its 3 sentences",
        ),
        (
            "Скринька\n\nКількість колод: 2\n\nПравила пасьянсу. Дві колоди змішуються в одну. "
            "Викладаються 13 ігрових стопок по одній карті. Дозволяється переміщати карти з "
            "однієї стопки на іншу в низхідній послідовності в масть.\n",
            "the text is Ukrainian, not Russian (9 of 29 words are spelt with і, ї, є or ґ as "
            "only Ukrainian spells them)",
        ),
    ],
)
def test_a_refusal_says_which_case_it_is(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "page.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        build([path])
    assert f"no Russian patience game found: {reason}" in str(err.value)


def test_an_advert_under_the_title_is_set_aside() -> None:
    text = (
        "Принцессы\n\nсайт знакомств\n\nПасьянс раскладывается одной полной колодой карт.\n\n"
        "Двенадцать первых карт, снятых с колоды, размещаются в форме круга.\n"
    )
    (game,) = games_of(text)
    assert (game.id, game.title) == ("printsessy", "Принцессы")
    assert [u.text for u in game.section("play").sentences] == [
        "Пасьянс раскладывается одной полной колодой карт.",
        "Двенадцать первых карт, снятых с колоды, размещаются в форме круга.",
    ]


def test_a_sentence_broken_by_a_page_header_is_not_a_title() -> None:
    text = (
        "ШАХЪ.\n\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n\nПасьянсъ сошелся, когда всѣ пятьдесятъ\n\n"
        "Двадцать четыре основные пасьянса с двадцатью таблицами - [30]\n\n"
        "двѣ карты будутъ сложены на тузы.\n"
    )
    (game,) = games_of(text, "scan")
    assert game.id == "shah"
    assert [u.text for u in game.section("play").sentences] == [
        "Пасьянсъ сошелся, когда всѣ пятьдесятъ двѣ карты будутъ сложены на тузы."
    ]


def test_a_web_pages_rules_subheading_heads_no_rules_section() -> None:
    text = (
        "Гольф\n\nГольф это пасьянс, где игроки пытаются заработать меньше очков.\n"
        "Правила\nИз колоды раздаются 7 столбцов по 5 карт в каждом.\n"
    )
    (game,) = games_of(text)
    assert [s.kind for s in game.sections] == ["title", "intro", "play"]
    assert [u.text for u in game.section("play").sentences] == [
        "Из колоды раздаются 7 столбцов по 5 карт в каждом."
    ]


def test_a_help_files_markup_is_neither_counted_nor_read(tmp_path: Path) -> None:
    text = (
        "70 lines\n4.0 KiB\nXML\nRaw Blame History\n"
        '<?xml version="1.0" encoding="utf-8"?>\n<sect1 id="Seahaven">\n'
        "<title>Морское убежище</title>\n<para>Написано Розанной Юен (Rosanna Yuen)</para>\n"
        "<row>\n<entry>Основание</entry>\n<entry>Четыре стопки. Карты в основаниях собираются "
        "по масти в восходящем порядке от туза до короля.</entry>\n</row>\n"
    )
    path = tmp_path / "seahaven.xml.txt"
    path.write_text(text, encoding="utf-8")
    (game,) = build([path]).games
    assert (game["id"], game["title"]) == ("morskoe-ubezhishche", "Морское убежище")
    said = [s["text"] for sec in game["sections"] for s in sec["sentences"]]
    assert said == [
        "Морское убежище",
        "Основание",  # the entry's heading opens its entry (`extract.entries`)
        "Четыре стопки.",
        "Карты в основаниях собираются по масти в восходящем порядке от туза до короля.",
    ]
