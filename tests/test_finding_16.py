"""Texts in the forms `wrapper_invariance.py`'s sixteenth-round wrappers give (issue 18 §2):
a page mis-decoded and saved again, a legacy code page with CR line ends, rules quoted in a
letter, steps, questions and answers, a sentence in capitals, a long page, a rule said in
pieces. Each text goes the whole way of `pasyans ingest` (`pipeline.ingest.build`); games
are compared by id and title, refusals by their message."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from pipeline.errors import DataError
from pipeline.normalize.decoding import decode_bytes

RULES = (
    "Пасьянс раскладывают одной колодой в 52 карты. Карты сдают в семь столбцов, "
    "в первый одну карту, во второй две и так до седьмого. Тузы кладут на основания и "
    "собирают на них карты по мастям до короля. В столбцах карты кладут в нисходящем "
    "порядке, чередуя цвета. На пустое место кладут только короля.\n"
)


def ingest(data: str | bytes, name: str = "page.txt") -> list[tuple[str, str | None]]:
    from pipeline.ingest import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        result = build([path])
    return [(g["id"], g.get("title")) for g in result.games]


def refusal(data: str) -> str:
    with pytest.raises(DataError) as err:
        ingest(data)
    return str(err.value).split("no Russian patience game found: ", 1)[1]


# --- encodings ---------------------------------------------------------------------------


def _utf8_as_1251(text: str) -> str:
    return "".join(chr(b) if b == 0x98 else bytes([b]).decode("cp1251") for b in text.encode())


def test_utf8_read_as_windows_1251_is_repaired() -> None:
    text = "Пасьянс «Косынка». Играют одной колодой; Ивану — Ёлка!"
    fixed, enc = decode_bytes(_utf8_as_1251(text).encode("utf-8"))
    assert fixed == text
    assert "UTF-8 read as windows-1251" in enc


def test_cp1251_read_as_latin1_is_repaired() -> None:
    text = "Пасьянс «Косынка». Играют одной колодой в 52 карты."
    fixed, enc = decode_bytes(text.encode("cp1251").decode("latin-1").encode("utf-8"))
    assert fixed == text
    assert "cp1251 read as" in enc


@pytest.mark.parametrize(
    "text",
    [
        "Ça va très bien, à côté de l'église, élève été déjà, où êtes-vous ?",
        "Über die Straße: Äpfel, Öl und süße Grüße für schöne Mädchen.",
        "Русский текст с заглавными Р и С: Рим, Сочи, Рига, Самара.",
    ],
)
def test_text_that_is_no_mojibake_stays(text: str) -> None:
    assert decode_bytes(text.encode("utf-8")) == (text, "utf-8")


def test_mojibake_page_is_a_game() -> None:
    assert ingest(_utf8_as_1251("Косынка\n\n" + RULES)) == [("kosynka", "Косынка")]


def test_cr_only_line_ends_are_line_ends() -> None:
    text, _ = decode_bytes("Косынка\r\rПравила.\r\nКонец.\r".encode())
    assert text == "Косынка\n\nПравила.\r\nКонец.\n"
    assert ingest("\ufeffКосынка\r\r" + RULES.replace("\n", "\r")) == [("kosynka", "Косынка")]


def test_program_source_in_cp1251_is_read_as_cp1251() -> None:
    src = "int main() { /* Раскладывают карты в семь стопок по одной. */ return x<y && z>0; }\n"
    text, enc = decode_bytes((src * 3).encode("cp1251"))
    assert enc == "cp1251" and text == src * 3


# --- letters, forums, steps, questions ---------------------------------------------------


def test_rules_quoted_in_a_letter_are_the_game_and_its_headers_no_title() -> None:
    quoted = "\n".join("> " + line for line in ("Косынка", "", *RULES.splitlines()))
    letter = (
        "From: Ольга <olga@mail.ru>\nSubject: Re: правила\nDate: 3 мар 2021\n\n"
        "Вот правила.\n\nВт, 2.03.2021, Иван пишет:\n" + quoted + "\n\n--\nС уважением,\nОльга\n"
    )
    assert ingest(letter, "letter.eml") == [("kosynka", "Косынка")]


def test_one_quote_mark_is_no_quoting() -> None:
    from pipeline.segment.code import unquoted

    assert unquoted("Главная > Пасьянсы\nтекст") == "Главная > Пасьянсы\nтекст"
    assert unquoted("> один\n>> два\n") == "  один\n   два\n"


def test_numbered_steps_are_no_titles() -> None:
    sentences = [s.strip() + "." for s in RULES.strip().rstrip(".").split(". ")]
    text = "Косынка\n\n" + "\n".join(f"Шаг {n}. {s}" for n, s in enumerate(sentences, 1))
    assert ingest(text) == [("kosynka", "Косынка")]


def test_questions_state_no_rule() -> None:
    from pipeline.segment.finding import rule_sentence

    assert not rule_sentence("Как раскладывать карты в столбцы?")
    assert not rule_sentence("Можно ли перекладывать короля на пустое место?»")
    assert rule_sentence("Карты раскладывают в столбцы.")


def test_questions_over_talk_are_refused() -> None:
    text = (
        "Вопрос: Сколько нужно колод для пасьянса?\nОтвет: Пасьянс — старинное развлечение.\n\n"
        "Вопрос: Как раскладывать карты в столбцы?\nОтвет: Об этом расскажем в другой раз.\n"
    )
    assert "states no rule" in refusal(text) or "too little" in refusal(text)


# --- capitals, long pages, a rule in pieces ----------------------------------------------


def test_a_sentence_in_capitals_is_no_title() -> None:
    from pipeline.segment.headings import classify
    from pipeline.segment.known import known_games

    known = known_games()
    assert classify("ТУЗЫ ПЕРЕМЕЩАЮТСЯ В БАЗОВЫЙ РЯД ПО МЕРЕ ИХ ВЫХОДА.", known).kind == "body"
    assert classify("ПРАВИЛА ИГРЫ В КОСЫНКУ", known).kind == "title"
    assert classify("ПАСЬЯНСЪ «ЦАРИЦА».", known).kind != "body"


def test_ids_stay_within_64_characters() -> None:
    from pipeline.segment.segmenter import slug, source_slug

    long = "Вылозим четыре туза и четыре короля во всех мастях в качестве базовых стопок"
    assert len(slug(long)) <= 56 and slug(long).startswith("vylozim-chetyre-tuza")
    assert not slug(long).endswith("-")
    assert len(source_slug("очень-длинное-имя-файла-со-страницы-сайта-про-пасьянсы")) <= 40


def test_an_articles_parts_do_not_head_a_game() -> None:
    text = (
        "Интересные факты\n\nПасьянсы любили в дворянских гостиных. Говорят, что их "
        "раскладывал сам Наполеон.\n\nКосынка\n\n" + RULES
    )
    assert ingest(text) == [("kosynka", "Косынка")]


def test_a_rule_said_in_pieces_is_a_game() -> None:
    text = (
        "Дело шло к вечеру. Я сидел и раскладывал пасьянс.\n\n"
        "Правила тут простые: туз всегда есть куда положить, для короля - пустое место "
        "нужно, без двоек - никуда. Черное к красному - в самый раз. Но цвет идет один.\n\n"
        "- Ты чего мухлюешь?\n- Да не мухлюю.\n"
    )
    assert [i for i, _ in ingest(text)] == ["untitled-page-1"]


def test_one_layout_fact_in_a_short_text_is_rule_content() -> None:
    # a count of packs is a rule's content: a third of a short text, it is an untitled game
    text = (
        "Мы долго говорили о пасьянсах. Косынку раскладывают одной колодой, говорила "
        "бабушка. Потом мы пили чай.\n"
    )
    assert [i for i, _ in ingest(text)] == ["untitled-page-1"]
    # among more talk it is an introduction's
    text = "Мы долго говорили о пасьянсах. Было поздно. " + text
    assert refusal(text).startswith(
        "the text is an introduction or an article about a game, not its rules (1 of 5"
    )


# --- controls: another game's rules, games at large ----------------------------------------


def test_the_rules_of_another_game_are_refused_as_such() -> None:
    text = (
        '"""\n== Лото ==\n\nПравила игры в лото.\n\nКаждому игроку выдают по три карточки. '
        "Ведущий достает из мешка бочонки и называет числа. Игрок закрывает числа на своих "
        "карточках. Выигрывает тот, кто первым закроет все числа одной карточки.\n"
        '"""\n'
    )
    assert refusal(text) == "the text states the rules of another game («лото»), not of a patience"


def test_a_patience_named_after_another_game_is_a_patience() -> None:
    from pipeline.segment.finding import other_game

    assert other_game("Правила игры в преферанс") == "преферанс"
    assert other_game("Пасьянс «Шахматы»") is None
    assert other_game("Шахматная доска") is None
    assert ingest("Шахматная доска\n\n" + RULES) == [("shakhmatnaya-doska", "Шахматная доска")]


def test_talk_about_games_at_large_states_no_rule() -> None:
    text = (
        "Введение\n\nЧтобы раскладывать пасьянс, нужно запастись терпением. В простых играх, "
        "где всё зависит от того, какая достанется карта, терпение — единственное, что нужно. "
        "Общее во всех играх этого набора — то, что нужно в особом порядке перемещать и "
        "открывать карты.\n"
    )
    assert refusal(text) == (
        "the text only mentions cards and play, and states no rule (1 of 3 sentences names "
        "cards or places with a move: «Чтобы раскладывать пасьянс, нужно запаст…», none a "
        "count, goal, order of cards or place they go to; 2 more only talk about games)"
    )


# --- two games run together, in digits or with joined sentences ---------------------------


def test_an_excerpt_cut_before_packs_in_digits_opens_another_game() -> None:
    from pipeline.segment.finding import pack_of
    from pipeline.segment.sentences import split_sentences

    assert pack_of("Для игры нужны 8 или 10 колод.") == (10, None)
    text = "их кладут над маг Из 2 полных колод выкладывают 8 карт в ряд."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "их кладут над маг",
        "Из 2 полных колод выкладывают 8 карт в ряд.",
    ]


def test_clauses_joined_by_a_semicolon_are_rules_apart() -> None:
    text = (
        "Карточные игры\n\nИграют четыре человека колодой из 32 карт; банкир тасует колоду. "
        "Положив магазин из 9 карт в середине, можно накладывать на него младшие карты; те "
        "карты, которые не идут на магазин, кладутся в одну стопку, или талон; по мере выхода "
        "тузы кладут над маг Из 2 полных колод выкладывают 8 карт в один ряд, откладывая "
        "тузов; на эти карты укладывают в нисходящей линии подходящие карты из колоды.\n"
    )
    assert len(ingest(text)) == 2


# --- §4: a draft checked as a game; every value no sentence gives is listed ---------------


def test_foundations_that_cannot_hold_the_packs_are_incoherent() -> None:
    from pipeline.extract.assemble.coherence import foundations_hold

    spec = {
        "decks": 2,
        "piles": {"foundations": {"role": "foundation", "count": 4, "foundation": {"base": "A"}}},
        "win": "all-on-foundations",
    }
    assert foundations_hold(spec, 104) == (
        "incoherent: the foundations (4 foundations of 13 cards) hold 52 cards, the packs 104, "
        "and the game is won with every card on the foundations"
    )
    spec["piles"]["foundations"]["count"] = 8
    assert foundations_hold(spec, 104) is None
    spec["piles"]["foundations"]["foundation"] = {"base": "7", "last": "K"}
    assert "hold 56 cards" in (foundations_hold(spec, 104) or "")
    spec["win"] = "tableau-empty"
    assert foundations_hold(spec, 104) is None


def test_cards_set_on_an_inert_pile_need_no_foundation() -> None:
    """The Shah's plate: seven kings out and one on the inert centre, the engine's win
    ignoring both, so eight foundations of twelve hold the 96 cards left."""
    from pipeline.extract.assemble.coherence import _set_out, check

    spec = {
        "decks": 2,
        "piles": {
            "foundations": {
                "role": "foundation",
                "count": 8,
                "foundation": {"base": 1, "last": 12},
            },
            "centre": {"role": "inert"},
        },
        "setup": [
            {"take": {"ranks": [1], "count": 8}, "to": "foundations"},
            {"take": {"ranks": [13], "count": 7}, "to": "out"},
            {"take": {"ranks": [13], "count": 1}, "to": "centre"},
        ],
        "win": "all-on-foundations",
    }
    assert _set_out(spec) == 8
    assert not [line for line in check(spec, {}) if "hold" in line]
    spec["setup"][1]["to"] = ["out", "centre"]
    assert _set_out(spec) == 8
    spec["piles"]["centre"]["role"] = "tableau"
    assert _set_out(spec) == 0


def test_every_value_no_sentence_gives_is_marked_a_default() -> None:
    from pipeline.extract.assemble.coherence import unmarked

    spec = {
        "decks": 1,
        "piles": {
            "stock": {"role": "stock"},
            "columns": {"role": "tableau", "count": 7, "available": "top"},
        },
        "setup": [],
        "deal": [{"id": "columns", "to": "columns", "face": "up"}],
        "fill": {},
        "win": "all-on-foundations",
    }
    prov = {
        "decks": {"origin": "text"},
        "piles.columns.count": {"origin": "text"},
        "deal.columns": {"origin": "text"},
        "win": {"origin": "default"},
    }
    assert unmarked(spec, prov) == {
        "piles.columns.available": {"origin": "default", "note": "no sentence cited for it: top"}
    }


# --- a page in two columns ------------------------------------------------------------------


def _two_columns(left: list[str], right: list[str], gap: int = 6) -> str:
    width = max(map(len, left)) + gap
    rows = [a.ljust(width) + b for a, b in zip(left, right, strict=True)]
    return "\n".join(x.rstrip() for x in rows) + "\n\n" + "16".center(2 * width) + "\n\f"


LEFT = [
    "Косынка",
    "",
    "Пасьянс раскладывают одной",
    "колодой в 52 карты. Карты сдают",
    "в семь столбцов, в первый одну",
    "карту, во второй две и так до",
    "седьмого. Тузы кладут на осно-",
    "вания и собирают на них карты",
    "по мастям до короля. В столбцах",
]
RIGHT = [
    "карты кладут в нисходящем по-",
    "рядке, чередуя цвета. На пустое",
    "место кладут только короля.",
    "",
    "Оставшиеся карты образуют",
    "колоду, из которой открывают",
    "по одной карте. Пасьянс сошёлся,",
    "когда все карты лежат на",
    "основаниях.",
]


def test_a_page_in_two_columns_is_read_column_by_column() -> None:
    from pipeline.normalize.layout import columns

    text, _ = columns(_two_columns(LEFT, RIGHT))
    lines = [x for x in text.split("\n") if x.strip()]
    assert lines[: len(LEFT) - 1] == [x for x in LEFT if x]
    assert lines[len(LEFT) - 1 : len(LEFT) - 1 + 8] == [x for x in RIGHT if x]
    assert lines[-1] == "16"  # the page number at the foot, after both columns
    assert ingest(_two_columns(LEFT, RIGHT)) == [("kosynka", "Косынка")]


def test_one_column_and_aligned_comments_stay_as_they_are() -> None:
    from pipeline.normalize.layout import columns

    prose = "\n".join(a + "   " + b for a, b in zip(LEFT, RIGHT, strict=True)) + "\n"
    assert columns(prose) == (prose, None)  # no one position of the gap
    code = "".join(
        f"int x{i} = {i};{' ' * (20 - len(str(i)))}// карта номер {i} кладется в столбец\n"
        for i in range(12)
    )
    assert columns(code) == (code, None)


def test_a_chat_logs_times_and_speakers_are_no_text() -> None:
    from pipeline.segment.code import unquoted

    log = "[12:03] Маша: а как?\n[12:04] Петя: Карты кладут.\n"
    assert unquoted(log) == " " * 14 + "а как?\n" + " " * 14 + "Карты кладут.\n"
    assert unquoted("[12:03] Маша: одна строка\n") == "[12:03] Маша: одна строка\n"
    sentences = [s.strip() + "." for s in RULES.strip().rstrip(".").split(". ")]
    chat = "[10:00] Маша: как раскладывать косынку?\n" + "".join(
        f"[10:{n:02d}] Петя: {s}\n" for n, s in enumerate(sentences, 1)
    )
    assert [i for i, _ in ingest(chat, "chat.log")] == ["untitled-chat-1"]


def test_a_tags_end_at_a_lines_head_is_no_quote_mark() -> None:
    from pipeline.segment.code import unquoted

    docbook = "<title\n>Предложение</title>\n<para\n>В игровых стопках</para>\n"
    assert unquoted(docbook) == docbook
    assert unquoted(">нет\n>пробела\n") == ">нет\n>пробела\n"
