"""Games found in every form a real page prints them (issue 18 §2; benchmarks/finding_stress.py
measures the same forms on development passages): title forms, several games in one text,
furniture and lists around them, subheadings inside one game, pre-reform OCR, SEO excerpts.

Each text is small and goes through the real normalizer and segmenter; only the games
`pasyans ingest` keeps are compared: (id, title, sentences of play).
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested

from pipeline.errors import DataError
from pipeline.game_finding import is_game
from pipeline.normalize import normalize
from pipeline.segment.finding import game_name, rule_sentence, run_in_title, title_like
from pipeline.segment.known import known_games
from pipeline.segment.segmenter import segment

SPIDER = (
    "Для игры нужны две колоды по 52 карты. Выкладывают 10 колонок по 4 карты. "
    "Тузы кладут в основной ряд."
)
CLOCK = (
    "Пасьянс раскладывается одной колодой из 52 карт. Колоду раскладывают на 13 групп по "
    "4 карты. Короли кладутся в центр."
)
SLOPE = (
    "Пасьянс раскладывается одной полной колодой из 52 карт. Выкладывают 7 стопок по 5 карт. "
    "Карты перекладывают в нисходящем порядке."
)


def build_text(text: str) -> object:
    return ingested(text)


def found(text: str, source: str = "page") -> list[tuple[str, str | None, int]]:
    known = known_games()
    games = [g for g in segment(normalize(text, source), f"{source}.txt", known)]
    return [
        (g.id, g.title, sum(len(s.sentences) for s in g.sections if s.kind == "play"))
        for g in games
        if is_game(g, known)
    ]


@pytest.mark.parametrize(
    ("head", "game_id", "title"),
    [
        ("Паук", "pauk", "Паук"),
        ('Пасьянс "Паук"', "pauk", 'Пасьянс "Паук"'),
        ("Пасьянс «Паук»", "pauk", "Пасьянс «Паук»"),
        ("Паук (пасьянс)", "pauk", "Паук"),
        ("ПАУК", "pauk", "ПАУК"),
        ("1. Паук", "pauk", "Паук"),
        ("№ 3. Паук", "pauk", "Паук"),
        ("## Паук", "pauk", "Паук"),
        ("<h2>Паук</h2>", "pauk", "Паук"),
        ("**Паук**", "pauk", "Паук"),
        ("Паук — правила игры", "pauk", "Паук"),
        ("Правила пасьянса «Паук»", "pauk", "Паук"),
        ("Карточная игра «Паук»", "pauk", "Паук"),
        ("Пасьянс-гадание «Паук»", "pauk", "Паук"),
        ("Пасьянс под названием «Паук»", "pauk", "Паук"),
        ("Игра «Паук»", "pauk", "Паук"),
        ("«Паук»:", "pauk", "Паук"),
        ("3. Паук.", "pauk", "Паук"),
        ("Глава 3. Паук", "pauk", "Паук"),
        ("Раздел 2: Паук", "pauk", "Паук"),
        ("Пасьянс Паук онлайн", "pauk", "Пасьянс Паук"),
        ("Паук / Spider", "pauk", "Паук"),
        ("Паук (Spider Solitaire)", "pauk", "Паук (Spider Solitaire)"),
    ],
)
def test_a_title_in_any_form(head: str, game_id: str, title: str) -> None:
    assert found(f"{head}\n\n{SPIDER}\n") == [(game_id, title, 3)]


def test_a_title_run_into_the_first_sentence_with_a_full_stop() -> None:
    assert found(f"Паук. {SPIDER}\n") == [("pauk", "Паук", 3)]
    # a sentence is no title: `Файл разделён надвое.` has a verb
    text = f"Файл разделён надвое. {SPIDER}\n"
    assert found(text) == [("untitled-page-1", None, 4)]


def test_no_title_gives_an_untitled_game_and_a_naming_first_sentence_a_title() -> None:
    assert found(f"{SPIDER}\n") == [("untitled-page-1", None, 3)]
    text = 'Пасьянс "реглан" раскладывается одной колодой из 52 карт. Выкладывают 9 стопок.\n'
    assert found(text) == [("reglan", "Реглан", 2)]


@pytest.mark.parametrize("sep", ["\n\n", "\n", "\n\nЧитать далее\n\nРеклама\n\n"])
def test_several_games_separated_by_titles(sep: str) -> None:
    text = sep.join(["1. Паук", SPIDER, "2. Часы", CLOCK, "3. Склон", SLOPE]) + "\n"
    assert found(text) == [("pauk", "Паук", 3), ("clock", "Часы", 3), ("sklon", "Склон", 3)]


def test_pre_reform_entries_are_games_not_rules() -> None:
    text = (
        "I. Пасьянсъ «Часы».\nПасьянсъ раскладывается одной колодой изъ 52 картъ. Колоду "
        "раскладываютъ на 13 группъ по 4 карты.\nII. Пасьянсъ «Склонъ».\nПасьянсъ "
        "раскладывается одной полной колодой изъ 52 картъ. Выкладываютъ 7 стопокъ по 5 картъ.\n"
    )
    assert [g[:2] for g in found(text)] == [
        ("clock", "Пасьянсъ «Часы»"),
        ("sklon", "Пасьянсъ «Склонъ»"),
    ]


def test_a_title_line_joined_to_the_sentence_before_is_cut_again() -> None:
    # the normalizer runs `2. Часы` on after the full stop; the source had it on its own line
    text = f"1. Паук\n{SPIDER}\n2. Часы\n\n{CLOCK}\n"
    assert found(text) == [("pauk", "Паук", 3), ("clock", "Часы", 3)]


def test_a_known_name_after_another_games_title_is_that_games_title() -> None:
    text = f"Малая косынка\n\n{SLOPE}\n\nЧасы\n\n{CLOCK}\n"
    assert found(text) == [("malaya-kosynka", "Малая косынка", 3), ("clock", "Часы", 3)]


def test_subheadings_tips_and_variants_stay_in_one_game() -> None:
    text = (
        "Паук\n\nПравила\n\nДля игры нужны две колоды по 52 карты.\n\nХод игры\n\n"
        "Выкладывают 10 колонок по 4 карты.\n\nЦель игры\n\nТузы кладут в основной ряд.\n\n"
        "Советы\n\nНе торопитесь: прежде чем сделать ход, посмотрите, какие карты откроются.\n\n"
        "Разновидности\n\nКосынка по три карты\nПаук (две масти)\nСвободная ячейка\n"
    )
    assert found(text) == [("pauk", "Паук", 4)]


def test_a_page_s_furniture_is_never_a_game_nor_a_rule() -> None:
    text = (
        "Главная\nПасьянсы\nПоиск по сайту\nГлавная » Пасьянсы » Паук\n12.03.2019\n"
        "Просмотров: 1 245\nМы используем файлы cookie, чтобы сайт работал лучше. Продолжая "
        f"пользоваться сайтом, вы соглашаетесь с этим.\n\nПаук\n\n{SPIDER}\n\nНравится 12\n\n"
        "Похожие статьи\nКосынка\nПасьянс «Пирамида»\nСвободная ячейка\n\nКомментарии (2)\n"
        "Ольга, 12.05.2020\nСпасибо, очень понятно написано! Раскладываю каждый вечер.\n"
        "Ответить\nИгорь\nА у меня пасьянс сходится редко, карты ложатся плохо.\n"
        "© 2024 Все права защищены\nПоделиться\n"
    )
    assert found(text) == [("pauk", "Паук", 3)]


def test_a_list_of_names_then_a_game_after_it() -> None:
    text = f"Паук\n\n{SPIDER}\n\nПохожие статьи\nКосынка\nСвободная ячейка\n\nЧасы\n\n{CLOCK}\n"
    assert found(text) == [("pauk", "Паук", 3), ("clock", "Часы", 3)]


def test_a_table_of_contents_is_not_a_list_of_games() -> None:
    text = f"Содержание\n1. Паук\n2. Часы\n\nПаук\n\n{SPIDER}\n\nЧасы\n\n{CLOCK}\n"
    assert found(text) == [("pauk", "Паук", 3), ("clock", "Часы", 3)]
    # without a heading: the names printed again over their rules
    text = f"1. Паук\n2. Часы\n\n1. Паук\n\n{SPIDER}\n\n2. Часы\n\n{CLOCK}\n"
    assert found(text) == [("pauk", "Паук", 3), ("clock", "Часы", 3)]


def test_an_introduction_before_the_title_and_the_rules() -> None:
    text = (
        "В старину основной целью раскладки пасьянсов было желание скоротать долгие вечера. "
        f"Это та же игра в карты, только без партнера.\n\nПаук\n\n{SPIDER}\n"
    )
    assert found(text) == [("pauk", "Паук", 3)]


def test_a_paragraph_naming_another_game_begins_it() -> None:
    text = (
        f"Паук\n\n{SPIDER}\n\n"
        'Пасьянс "реглан" раскладывается одной полной колодой из 52 карт. Выкладывают 9 стопок.\n'
    )
    assert found(text) == [("pauk", "Паук", 3), ("reglan", "Реглан", 2)]
    # the game's own name again is no other game
    text = f'Реглан\n\n{SLOPE}\n\nПасьянс "реглан" сходится редко: карты ложатся плохо.\n'
    assert found(text) == [("reglan", "Реглан", 4)]


def test_excerpts_run_together_are_split_where_a_cut_word_meets_a_game_s_opening() -> None:
    text = (
        "Карточные игры\nИгры Карточные\n"
        "Для игры нужны две колоды по 52 карты. Выкладывают 10 колонок по 4 карты. Тузы кла "
        "Количество колод: 1 Колоду раскладывают на 13 групп по 4 карты. Короли кладутся в "
        "цен Пасьянс раскладывается одной полной колодой из 52 карт. Выкладывают 7 стопок.\n"
    )
    assert found(text) == [
        ("untitled-page-1", None, 3),
        ("untitled-page-2", None, 2),  # `Количество колод: 1 Колоду…` is one sentence
        ("untitled-page-3", None, 2),
    ]


def test_pre_reform_ocr_lines_and_hyphens() -> None:
    text = (
        "ПАУКЪ\n\nДля игры нужны двѣ колоды по 52 карты. Выкла-\nдываютъ 10 колонокъ по 4 "
        "карты. Тузы кладутъ въ основ-\nной рядъ.\n\nЧАСЫ\n\nПасьянсъ раскладывается одной "
        "колодой изъ 52 картъ. Колоду раскла-\nдываютъ на 13 группъ по 4 карты.\n"
    )
    assert found(text) == [("pauk", "ПАУКЪ", 3), ("clock", "ЧАСЫ", 2)]


def test_a_book_page_that_begins_inside_a_game_then_a_known_game() -> None:
    # `Часы` is a known name: after an untitled game's tail and before a sentence that opens
    # a game with its packs, it is the next game's title, not the first one's figure caption
    text = (
        "и карты табло являются игровыми. Колоду перелистывают один раз.\n\nРис. 161\n\n"
        f"Часы\n\n{CLOCK}\n"
    )
    assert found(text, "book") == [("untitled-book-1", None, 2), ("clock", "Часы", 3)]


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("Сбросьте пары карт, сумма которых равна 13.", True),
        ("Вам необходимо разобрать пирамиду.", True),
        ("Оставшиеся карты кладутся рубашкой вверх в запас.", True),
        ("Спасибо, очень понятно написано!", False),
    ],
)
def test_rule_sentences_of_pairing_games(sentence: str, rule: bool) -> None:
    assert rule_sentence(sentence) is rule


def test_a_readme_s_sections_are_not_games() -> None:
    text = (
        f"# Карточные пасьянсы на Python\n\n## Паук\n\n### Правила\n\n{SPIDER}\n\n"
        "### Подсчёт очков\n\nЗа каждую карту, положенную на основание, начисляется 5 очков.\n\n"
        "### Перемещение карт\n\nКарты перекладывают по одной.\n\n"
        f"## Часы\n\n{CLOCK}\n\n### Управление\n\nДвойной щелчок по карте отправляет её "
        "на основание.\n\n## Установка\n\nСкачайте архив и запустите файл solitaire.exe.\n"
    )
    assert found(text) == [("pauk", "Паук", 5), ("clock", "Часы", 4)]


def test_a_name_run_into_its_packs_after_a_colon_or_into_a_rule_after_a_dash() -> None:
    assert found(f"Паук (Spider): {SPIDER}\n") == [("pauk", "Паук (Spider)", 3)]
    dash = "Паук — для игры нужны две колоды по 52 карты. Выкладывают 10 колонок по 4 карты."
    assert found(dash + "\n") == [("pauk", "Паук", 2)]
    # a label before a colon, a remark after a dash: no title
    assert found(f"Управление: мышь и клавиатура. {SPIDER}\n")[0][1] is None
    assert found(f"Паук — самый известный пасьянс. {SPIDER}\n")[0][1] is None
    assert found(f"Основание: {SPIDER}\n")[0][1] is None


def test_a_game_named_again_by_its_first_paragraph_is_the_same_game() -> None:
    text = (
        "- Открыть на весь экран\n- Скачать игру на телефон, планшет Android или на iPhone, "
        "iPad\nПасьянс Паук — это игра, где цель состоит в том, чтобы собрать все карты в "
        "стопки.\n"
        "Пасьянс «Паук» раскладывается двумя колодами. Выкладывают 10 колонок по 4 карты.\n"
    )
    assert found(text) == [("pauk", "Пасьянс Паук", 3)]


def test_cards_listed_one_a_line_and_numbered_remarks_are_not_titles() -> None:
    text = f"Карты собирают по порядку:\nКороль\nДама\nВалет\n10\n9\nТуз\n{SPIDER}\n"
    assert found(text) == [("untitled-page-1", None, 8)]
    steps = (
        "1 (Стрелка вниз, над 6)\nЦель игры — собрать карты в дома сверху.\n"
        "2 (Стрелка вверх, под 10)\nНа столе карты складываются по убыванию с чередованием "
        "цвета.\n"
    )
    assert found(steps) == [("untitled-page-1", None, 2)]


def test_a_name_cut_inside_a_quotation_and_a_list_of_counts_are_no_titles() -> None:
    assert run_in_title('"Михаил Берг. Карты раскладывают в четыре ряда.') is None
    assert run_in_title("Михаил Берг. Карты раскладывают в четыре ряда.") == (11, 13)
    assert not title_like("1 колода, 1 карта, 8 ячеек")
    assert title_like("15 в ряд")
    assert not title_like("Король")
    assert title_like("Тузовый")


@pytest.mark.parametrize(
    ("heading", "name"),
    [
        ("Правила игры в Паука", "Паук"),
        ("Как играть в Косынку?", "Косынка"),
        ("Правила игры в «Малую косынку»", "Малая косынка"),
        ("Как играть в Марию Антуанетту", "Мария Антуанетта"),
        ("Правила игры в Могилу Наполеона", "Могила Наполеона"),
        ("Как играть в Сорок разбойников", "Сорок разбойников"),
        ("ПРАВИЛА ИГРЫ В ПАУКА", "ПАУК"),
        ("Карточная игра «Паук»", "Паук"),
        ("Правила игры в косынку", None),
        ("Пасьянс «Паук»", None),
    ],
)
def test_the_name_a_heading_gives_in_the_nominative(heading: str, name: str | None) -> None:
    assert game_name(heading) == name


def test_names_run_into_their_rules_in_lists_in_bold_and_a_forum_s_bookkeeping() -> None:
    spider, clock = SPIDER[0].lower() + SPIDER[1:], CLOCK[0].lower() + CLOCK[1:]
    both = [("pauk", "Паук", 3), ("clock", "Часы", 3)]
    assert found(f"1) Паук — {spider}\n2) Часы — {clock}\n") == both
    assert found(f"**Паук.** {SPIDER}\n\n**Часы.** {CLOCK}\n") == both
    # `Ответ:` labels an answer, it names no game; a forum's subject line is furniture
    assert found(f"Вопрос: как раскладывать?\nОтвет: {SPIDER}\n") == [("untitled-page-1", None, 4)]
    forum = (
        f"Re: Любимые пасьянсы\nСообщение от Ольга » 12.03.2019, 14:05\n{SPIDER}\n"
        "__________________\nИгорь написал(а):\n"
    )
    assert found(forum) == [("untitled-page-1", None, 3)]


def test_a_sentence_naming_its_game_in_quotes_titles_an_untitled_game() -> None:
    intro = 'Лично я люблю одну игру. Это игра "Пасьянс Паук" или Spider Solitaire.\n'
    assert found(intro + SPIDER + "\n") == [("pauk", "Пасьянс Паук", 5)]
    assert found(f"Я раскладываю «Паук». {SPIDER}\n") == [("pauk", "Паук", 4)]
    # a quoted name after another word, or two names, title nothing
    assert found(f"Эта игра схожа с «Косынкой». {SPIDER}\n")[0][:2] == ("untitled-page-1", None)
    assert found(f"Есть «Паук» и «Часы». {SPIDER}\n")[0][:2] == ("untitled-page-1", None)
    # a name in a sentence is no heading; one rule sentence that counts its rows is a short
    # rule text all the same, an untitled game
    result = build_text('Это игра "Паук". Карты выкладывают в семь рядов.\n')
    assert [(g["id"], g.get("title")) for g in result.games] == [("untitled-page-1", None)]


def test_a_game_after_the_contents_is_titled_however_its_heading_spells_the_name() -> None:
    text = f'Оглавление\n1. Паук\n2. Часы\n\nПасьянс "Паук"\n\n{SPIDER}\n\nЧасы\n\n{CLOCK}\n'
    assert found(text) == [("pauk", 'Пасьянс "Паук"', 3), ("clock", "Часы", 3)]
    # a name whose rules begin on the next line after a dash
    text = "Тузы кладут в основной ряд.\nЛеди Пок — пасьянс\n\nраскладывается двумя колодами.\n"
    assert found(text)[-1] == ("ledi-pok", "Леди Пок", 1)


def test_two_games_of_one_name_in_a_text_are_two_games() -> None:
    result = build_text(f"Паук\n\n{SPIDER}\n\nПаук\n\n{CLOCK}\n")
    assert [g["id"] for g in result.games] == ["pauk", "pauk-2"]


def test_variants_listed_with_their_packs_are_games_and_a_translation_names_one() -> None:
    text = (
        "Паук (1 масть): 2 колоды, карты одной масти.\n"
        "Паук (2 масти): 2 колоды, карты двух мастей.\n"
    )
    assert [x[:2] for x in found(text)] == [
        ("pauk-1-mast", "Паук (1 масть)"),
        ("pauk-2-masti", "Паук (2 масти)"),
    ]
    # a comment naming the game with its translation, then the program's name for it
    text = "Паук (Spider): 2 колоды, одна масть.\nПаук (1 масть)\nкарты кладут по убыванию.\n"
    assert [x[:2] for x in found(text)] == [("pauk", "Паук (Spider)")]


def test_a_page_s_heading_named_again_over_the_rules_is_the_same_game() -> None:
    intro = "Пасьянс — одна из самых известных карточных игр для одного игрока."
    text = f"Главная » Пасьянсы » Часы\n{intro}\nПасьянс Часы онлайн\n\n{CLOCK}\n"
    assert [x[:2] for x in found(text)] == [("clock", "Часы")]
    result = build_text(f"Склон\n\n{intro}\n\nПравила пасьянса «Склон»\n\n{SLOPE}\n")
    assert [g["id"] for g in result.games] == ["sklon"]


def test_a_page_that_only_talks_about_a_game_is_refused_and_says_so() -> None:
    # written for the test: a title, then only the game's fame, look and difficulty levels
    # (each of the last three sentences names cards with an act)
    talk = (
        "Пасьянс «Косынка»\n\n"
        "Косынка — самый знаменитый пасьянс, его знает каждый. Карты и столбики карт "
        "перемещаются по столу, словно бабочки. Сначала выбирают уровень сложности: на "
        "первом выдается одна масть карт, на втором две. Самый простой вариант с одной мастью "
        "раскладывают почти всегда, а вариант с четырьмя мастями гораздо сложнее.\n"
    )
    assert found(talk) == []
    with pytest.raises(DataError) as err:
        build_text(talk)
    assert "the text names a game but states none of its rules (" in str(err.value)
    assert "only to say how hard, simple or famous the game is" in str(err.value)
    # negative: the same talk with one rule of the game is a game; an evaluation beside a
    # rank or a count of cards or piles is a rule («Правила простые: туз …»)
    rule = talk + "Раскладывают семь столбиков карт, от одной до семи.\n"
    assert [g[0] for g in found(rule)] == ["kosynka"]
    plain = "Пасьянс «Косынка»\n\nПравила тут простые: короля кладут только на пустое место.\n"
    assert [g[0] for g in found(plain)] == ["kosynka"]
    counted = "Пасьянс «Косынка»\n\nСамый простой расклад: семь столбцов по семь карт.\n"
    assert [g[0] for g in found(counted)] == ["kosynka"]


def test_a_page_with_talk_and_one_rule_is_still_a_game() -> None:
    # written for the test: no title, two rule-like sentences, one of them talk about the
    # game; the talk is not subtracted from what the page states
    text = (
        "Пасьянс этот очень простой: карты перекладывают с места на место, будто играя.\n\n"
        "Карты раскладывают в семь столбцов.\n"
    )
    assert len(found(text)) == 1
