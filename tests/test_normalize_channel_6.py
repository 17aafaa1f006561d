"""The sixth round of the OCR channel (issue 19): headings in capitals kept as headings, and
corrections kept conservative where the lexicon and context do not back them."""

from __future__ import annotations

import pytest

from pipeline.normalize import normalize


def pre(text: str, conf: dict[str, float] | None = None) -> str:
    raw = text if text.endswith("\n") else text + "\n"
    spans = []
    for word, c in (conf or {}).items():
        at = raw.index(word)
        spans.append((at, at + len(word), c))
    out = normalize(raw, orthography="pre-reform", word_confidences=spans or None)
    return out.text


PARA = (
    "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной,\n"
    "начиная съ верхней; если всѣ карты лягутъ на основныя,\n"
    "то пасьянсъ сходится\n"
)
PARA_OUT = (
    "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной, начиная съ верхней; "
    "если всѣ карты лягутъ на основныя, то пасьянсъ сходится"
)


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # the paragraph before lost its full stop (its last line is short): the heading
        # stays in capitals, a paragraph of its own, and the capital after it stays
        (
            PARA + "ПАСЬЯНСЪ ЧАСЫ\nКарты кладутся кругомъ.\n\nВотъ и все.\n",
            PARA_OUT + "\n\nПАСЬЯНСЪ ЧАСЫ\n\nКарты кладутся кругомъ.\n\nВотъ и все.\n",
        ),
        # one paragraph a line (no blank line in the text), a numbering before the title
        (
            PARA + "II. ПАСЬЯНСЪ ЧАСЫ\nКарты кладутся кругомъ.\n",
            PARA_OUT + "\n\nII. ПАСЬЯНСЪ ЧАСЫ\n\nКарты кладутся кругомъ.\n",
        ),
        # a heading over two lines is one paragraph
        (
            PARA + "ПАСЬЯНСЪ\nЧАСЫ\nКарты кладутся кругомъ.\n",
            PARA_OUT + "\n\nПАСЬЯНСЪ ЧАСЫ\n\nКарты кладутся кругомъ.\n",
        ),
        # capitals after a full line that ends no sentence: that sentence's end, which the
        # OCR set in capitals (lowered, joined)
        (
            "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной,\n"
            "начиная съ верхней; годна для игры лишь\nНИЖНЯЯ ИЗЪ НИХЪ.\n\nВотъ и все.\n",
            "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной, начиная съ верхней; "
            "годна для игры лишь нижняя изъ нихъ.\n\nВотъ и все.\n",
        ),
        # capitals followed by a line in lower case are a sentence's words
        (
            PARA + "ГОДЯТСЯ\nдля пасьянса.\n",
            PARA_OUT + " годятся для пасьянса.\n",
        ),
    ],
)
def test_a_heading_in_capitals_stays_a_heading(raw: str, meant: str) -> None:
    assert pre(raw) == meant


def test_a_heading_ends_in_a_full_stop_not_a_comma() -> None:
    # the two lines of a heading, their stops read as commas, before a capitalized paragraph
    raw = PARA + "ШАХМАТНАЯ ДОСКА,\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ,\nПравила.\n"
    assert pre(raw) == (PARA_OUT + "\n\nШАХМАТНАЯ ДОСКА. ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n")


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # the final ъ of a line's last word, read apart at the start of the next line: it
        # joins its word, and is not restored twice (main gave «правилъ ъ главная»)
        (
            "Вотъ его правил\nъ главная цѣль: карты кладутся рядомъ.",
            "Вотъ его правилъ главная цѣль: карты кладутся рядомъ.\n",
        ),
        (
            "Вотъ его правил ъ главная цѣль: карты кладутся рядомъ.",
            "Вотъ его правилъ главная цѣль: карты кладутся рядомъ.\n",
        ),
        ("ВОТЪ ЕГО ПРАВИЛ Ъ ГЛАВНАЯ.", "ВОТЪ ЕГО ПРАВИЛЪ ГЛАВНАЯ.\n"),
        # after a word that has its sign: a speck, dropped with its space
        (
            "Карты кладутся, хотя бы въ ъ раскладкѣ и были пустыя мѣста.",
            "Карты кладутся, хотя бы въ раскладкѣ и были пустыя мѣста.\n",
        ),
        (
            "Вотъ его правилъ\nъ главная цѣль: карты кладутся рядомъ.",
            "Вотъ его правилъ главная цѣль: карты кладутся рядомъ.\n",
        ),
    ],
)
def test_a_hard_sign_standing_alone_is_its_word_s_or_a_speck(raw: str, meant: str) -> None:
    assert pre(raw) == meant


def test_a_lone_letter_before_a_heading_is_a_speck() -> None:
    # a speck before a centred heading read as «и» (Nimbus Roman development pages): the
    # heading was lowered after it (main gave «и ворота.»)
    raw = (
        "Пасьянсъ этотъ удается не часто, но зато раскладывается\nочень скоро.\n\n"
        "и ВОРОТА.\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\nПравила.\nКарты кладутся въ рядъ.\n"
    )
    assert pre(raw) == (
        "Пасьянсъ этотъ удается не часто, но зато раскладывается очень скоро.\n\n"
        "ВОРОТА. ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила. Карты кладутся въ рядъ.\n"
    )


SENTENCE = "Карты кладутся въ рядъ, и потомъ ихъ берутъ по одной, {} слѣдующую карту кладутъ."


@pytest.mark.parametrize(
    ("abbr", "meant"),
    [
        # main restored a sign at the stop of an abbreviation: примъ., таблъ., червѣ,
        # бубнѣ, (and then read the stop as a comma), пѣрѣ, концѣ,
        ("прим.", "прим."),
        ("табл.", "табл."),
        ("черв.", "черв."),
        ("бубн.", "бубн."),
        ("пр.", "пр."),
        ("конц.", "конц."),
        ("и проч.,", "и проч.,"),
        # an abbreviation read one confusion from the one the dictionary knows (е for с)
        ("(ем.", "(см."),
    ],
)
def test_an_abbreviation_keeps_its_bare_consonant(abbr: str, meant: str) -> None:
    assert pre(SENTENCE.format(abbr)) == SENTENCE.format(meant) + "\n"


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # a stop before a capital ends a sentence: the word lost its sign
        (
            "Карты кладутъ въ восходящемъ порядк. Потомъ ихъ берутъ.",
            "Карты кладутъ въ восходящемъ порядкѣ. Потомъ ихъ берутъ.\n",
        ),
        # a capital inside the word is a sign for ѣ, not an abbreviation
        (
            "Карты кладутъ въ восходящемъ порядкВ. потомъ ихъ берутъ.",
            "Карты кладутъ въ восходящемъ порядкѣ, потомъ ихъ берутъ.\n",
        ),
    ],
)
def test_a_word_that_lost_its_sign_before_a_stop_is_no_abbreviation(raw: str, meant: str) -> None:
    assert pre(raw) == meant


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # main: «пасьянсы часы. Мельница. Пирамида и крестъ;» (commas read as stops before
        # capitals, the list's first and last names lowered)
        (
            "Сюда относятся пасьянсы Часы, Мельница, Пирамида и Крестъ; всѣ они сходятся часто.",
            "Сюда относятся пасьянсы Часы, Мельница, Пирамида и Крестъ; всѣ они сходятся часто.\n",
        ),
        # main: «тузъ. Король. Дама. Валетъ»
        (
            "Карты кладутся въ такомъ порядкѣ: тузъ, Король, Дама, Валетъ и т. д.",
            "Карты кладутся въ такомъ порядкѣ: тузъ, Король, Дама, Валетъ и т. д.\n",
        ),
        # main: «I, II. III.»
        (
            "Кладутъ по порядку карты: I, II, III. и такъ далѣе, до XII.",
            "Кладутъ по порядку карты: I, II, III. и такъ далѣе, до XII.\n",
        ),
        # no list: a numbering's stop read as a comma, a sentence's stop read as a comma
        (
            "Вотъ и все. II, Марьяжъ дѣлается въ мастяхъ.",
            "Вотъ и все. II. Марьяжъ дѣлается въ мастяхъ.\n",
        ),
        (
            "Карты лежатъ на тузахъ, Этотъ пасьянсъ удался, Петръ.",
            "Карты лежатъ на тузахъ. Этотъ пасьянсъ удался, Петръ.\n",
        ),
    ],
)
def test_a_list_of_capitalized_names_keeps_its_commas_and_capitals(raw: str, meant: str) -> None:
    assert pre(raw) == meant


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # letters naming piles, in a list (main: «а, б, въ и г», «п и и»)
        (
            "Карты раскладываютъ въ кучки а, б, в и г, по четыре въ каждой.",
            "Карты раскладываютъ въ кучки а, б, в и г, по четыре въ каждой.\n",
        ),
        ("Буквы п и н обозначаютъ кучки.", "Буквы п и н обозначаютъ кучки.\n"),
        # no list: the conjunction and the prepositions the OCR cut short
        (
            "Карты держатъ въ рукахъ п открываютъ по одной.",
            "Карты держатъ въ рукахъ и открываютъ по одной.\n",
        ),
        ("Кладутъ в рядъ и с краю.", "Кладутъ въ рядъ и съ краю.\n"),
    ],
)
def test_letters_in_a_list_name_piles(raw: str, meant: str) -> None:
    assert pre(raw) == meant


@pytest.mark.parametrize(
    ("raw", "meant"),
    [
        # main: «таблъ. II»
        (
            "Смотри фиг. 3 и табл. II въ концѣ книги.",
            "Смотри фиг. 3 и табл. II въ концѣ книги.\n",
        ),
        # main: «(1-і)»
        (
            "Первый рядъ (1-й) состоитъ изъ семи картъ, второй (2-ой) изъ шести.",
            "Первый рядъ (1-й) состоитъ изъ семи картъ, второй (2-ой) изъ шести.\n",
        ),
        # main: «и пѣрѣ.», «сѣ. Елены»: consonants only, an abbreviation wherever it stands
        (
            "Валетъ, дама и король, т. е. фигуры, кладутся особо, и пр.",
            "Валетъ, дама и король, т. е. фигуры, кладутся особо, и пр.\n",
        ),
        (
            "Пасьянсъ этотъ называется также «Наполеонъ на островѣ Св. Елены».",
            "Пасьянсъ этотъ называется также «Наполеонъ на островѣ Св. Елены».\n",
        ),
        # main: «герцога баварскаго»: a capital whose small form the text never prints
        (
            "Агнеса Бернауеръ была женою герцога Баварскаго.",
            "Агнеса Бернауеръ была женою герцога Баварскаго.\n",
        ),
        # a capital whose small form the text prints is lowered, as before
        (
            "Карты кладутъ рядомъ. Потомъ ихъ снимаютъ и кладутъ Рядомъ съ тузомъ.",
            "Карты кладутъ рядомъ. Потомъ ихъ снимаютъ и кладутъ рядомъ съ тузомъ.\n",
        ),
        # a numbering after the stop: the word before lost its ѣ
        (
            "Кладутъ по одной карт. III. Карты хребта идутъ на основныя.",
            "Кладутъ по одной картѣ. III. Карты хребта идутъ на основныя.\n",
        ),
    ],
)
def test_right_words_of_a_clean_page_stay_right(raw: str, meant: str) -> None:
    assert pre(raw) == meant


@pytest.mark.parametrize(
    ("raw", "conf", "meant"),
    [
        # a word the engine doubted, one confusion from another form of the same word that
        # the text prints: grammar's to choose (main: «въ каждомъ столбцы»)
        (
            "Столбцы кладутся рядомъ; всѣ столбцы равны, и въ каждомъ столбцѣ лежитъ по картѣ.",
            {"столбцѣ": 20},
            "Столбцы кладутся рядомъ; всѣ столбцы равны, и въ каждомъ столбцѣ лежитъ по картѣ.\n",
        ),
        # a pronoun is no slip for being rare on a page (main: «на ею мѣсто»)
        (
            "Дама лежитъ въ талонѣ; ею покрываютъ короля, а ею же и валета. "
            "Когда столбецъ опустѣетъ, на его мѣсто кладутъ даму.",
            {"его мѣсто": 20},
            "Дама лежитъ въ талонѣ; ею покрываютъ короля, а ею же и валета. "
            "Когда столбецъ опустѣетъ, на его мѣсто кладутъ даму.\n",
        ),
        # a preposition before a possessive governs the noun (main: «по его выберу»)
        (
            "Основаніе, по его выбору, опредѣляетъ достоинство всѣхъ картъ.",
            {"выбору": 20},
            "Основаніе, по его выбору, опредѣляетъ достоинство всѣхъ картъ.\n",
        ),
        # раз- after another prefix keeps its з before с in the old spelling (main:
        # «заблагорассудится», the modern spelling)
        (
            "Играющій кладетъ карту, какъ заблагоразсудится, на любое мѣсто.",
            {"заблагоразсудится": 20},
            "Играющій кладетъ карту, какъ заблагоразсудится, на любое мѣсто.\n",
        ),
    ],
)
def test_a_doubted_right_word_stays(raw: str, conf: dict[str, float], meant: str) -> None:
    assert pre(raw, conf) == meant


def test_the_modern_projection_of_a_prefix_after_a_prefix() -> None:
    out = normalize("Играющій кладетъ карту, какъ заблагоразсудится.\n", orthography="pre-reform")
    assert out.modern == "Играющий кладет карту, как заблагорассудится.\n"


@pytest.mark.parametrize(
    ("raw", "conf", "meant"),
    [
        # a word the dictionary lacks (the old четыреугольникъ), one inserted letter from one
        # it knows: the engine's doubt alone does not carry that edit (main:
        # «четырехугольникѣ»)
        (
            "Пустое мѣсто въ четыреугольникѣ должно быть немедленно закрыто.",
            {"четыреугольникѣ": 20},
            "Пустое мѣсто въ четыреугольникѣ должно быть немедленно закрыто.\n",
        ),
        # a stray letter the OCR added is still dropped
        (
            "Пасьянсъ вышельъ, если всѣ карты лягутъ.",
            {"вышельъ": 20},
            "Пасьянсъ вышелъ, если всѣ карты лягутъ.\n",
        ),
    ],
)
def test_an_unexplained_inserted_letter_needs_more_than_doubt(
    raw: str, conf: dict[str, float], meant: str
) -> None:
    assert pre(raw, conf) == meant
