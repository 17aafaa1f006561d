"""Finding games in any text (issue 18 §2), fortieth round: a card game played against
others set aside as no patience (a patience that names a trump suit or two players kept),
sentences that are no run-in title (a tip, a remark), a card's one-letter label, a question
or how-to heading that names its game, a heading with a stop after it, and a known title
with nothing under it. Texts written for these tests after the shapes of real pages (a
store's list of games, a help page's tips, a question heading); `REAL` is a development
passage.
"""

from __future__ import annotations

import pytest
from ingest_helpers import ingested_games
from test_finding_22 import REAL, refusal

from pipeline.segment.finding import game_name, run_in_title, title_like
from pipeline.segment.finding_kinds import players_game_case

DURAK = (
    "Играют от двух до шести игроков колодой в 36 карт. Каждому игроку сдают по шесть карт, "
    "следующая карта открывается и определяет козырь. Ходящий кладёт карту, отбивающийся "
    "должен побить её старшей картой той же масти или козырем. Если отбиться нельзя, игрок "
    "забирает карты. Проигрывает тот, у кого остались карты.\n"
)
KOSYNKA = (
    "Одна колода из 52 карт. Карты раскладывают в семь столбцов, открыта верхняя карта "
    "каждого. Тузы выкладывают на основания и собирают по масти до короля. В столбцах карты "
    "кладут по убыванию, чередуя цвета. Пустой столбец можно занять только королём.\n"
)
PYRAMID = (
    "Карты выкладывают пирамидой из семи рядов, в первом ряду одна карта, в последнем семь. "
    "Убирают пары карт, которые в сумме дают тринадцать. Король убирается один. Оставшиеся "
    "карты открывают из колоды по одной.\n"
)


def found(text: str, name: str = "page.txt") -> list[tuple[str, str | None, str, str]]:
    """(id, title, first and last sentence of its text) of each game found in `text`."""
    out = []
    for g in ingested_games(text, name):
        said = [u["text"] for s in g["sections"] if s["kind"] != "title" for u in s["sentences"]]
        out.append((g["id"], g.get("title"), said[0], said[-1]))
    return out


# --- a card game played against others ---------------------------------------------------


def test_a_game_against_others_among_patiences_is_set_aside() -> None:
    text = f"Правила игр\n\nДурак\n\n{DURAK}\nКосынка\n\n{KOSYNKA}"
    assert found(text) == [
        (
            "kosynka",
            "Косынка",
            "Одна колода из 52 карт.",
            "Пустой столбец можно занять только королём.",
        )
    ]


def test_the_store_s_list_of_games_keeps_only_its_patience() -> None:
    path = REAL / "code-uteam-katalog-igr.txt"
    assert [g[0] for g in found(path.read_text(encoding="utf-8"), path.name)] == ["kosynka"]


@pytest.mark.parametrize("name", ["durak.txt", "ДУРАК.txt", "Карточная игра.txt"])
def test_a_text_of_a_game_against_others_only_is_refused_with_its_case(name: str) -> None:
    assert refusal(DURAK, name) == (
        "the text states the rules of a card game played against others, not of a patience "
        "(players, trumps, beating, contest: «Каждому игроку сдают по шесть карт, след…»)"
    )


def test_a_game_of_one_player_s_card_against_another_s_is_refused() -> None:
    war = (
        "Пьяница\n\nКолоду в 36 карт делят поровну между двумя игроками. Каждый кладёт на "
        "стол верхнюю карту своей стопки; чья карта старше, тот забирает обе карты и кладёт их "
        "под низ своей стопки. Проигрывает тот, у кого не осталось карт.\n"
    )
    assert refusal(war) == (
        "the text states the rules of a card game played against others, not of a patience "
        "(players, contest: «Каждый кладёт на стол верхнюю карту свое…»)"
    )


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        # a patience whose trump suit is drawn: it says «пасьянс», has foundations
        (
            "Пасьянс «Козырь»\n\nПасьянс раскладывается одной колодой в 36 карт. Перед "
            "раскладом открывают верхнюю карту колоды: её масть становится козырем. Карты "
            "раскладывают в шесть столбцов по шесть карт. Тузы кладут на основания и "
            "собирают по масти до короля. В столбцах карты кладут по убыванию.\n",
            ["kozyr"],
        ),
        # a patience for two players
        (
            "Русский банк\n\nПасьянс для двух игроков. Каждый игрок берёт свою колоду из 52 "
            "карт и раскладывает перед собой четыре столбца. Между игроками находятся восемь "
            "оснований, на которые кладут тузы и собирают карты по масти до короля. Игроки "
            "ходят по очереди; кто первым разложит все свои карты, тот выиграл.\n",
            ["russkii-bank"],
        ),
        # players and a discard («отбой»), bets of a scoring mode: no play against others
        (
            f"Косынка\n\n{KOSYNKA}Играйте против компьютерного противника. Лишнюю карту "
            "отправляют в отбой. В режиме Вегас делают ставки.\n",
            ["kosynka"],
        ),
    ],
)
def test_a_patience_that_names_trumps_or_players_keeps_its_game(text: str, ids: list) -> None:
    assert [g[0] for g in found(text)] == ids


def test_one_kind_of_sign_is_no_game_against_others() -> None:
    assert players_game_case("Дурак", ["Козырная масть определяется в начале игры."]) is None
    assert players_game_case(None, ["Играют двое игроков.", "Карты кладут по убыванию."]) is None
    # who wins is said of any game for players (a how-to on card games says it too)
    assert players_game_case(None, ["Играют двое игроков.", "Побеждает тот, кто быстрее."]) is None
    assert players_game_case(None, ["Играют двое игроков.", "Чья карта старше, тот берёт обе."])
    assert players_game_case(None, ["Играют двое игроков.", "Бить можно козырем."]) is not None
    assert players_game_case("Пасьянс", ["Играют двое игроков.", "Бить можно козырем."]) is None


# --- no title: a tip, a remark, a card's label --------------------------------------------


@pytest.mark.parametrize(
    "par",
    [
        "Выбирай с умом. Если вы не можете переместить в основание все карты, вы проиграете.",
        "Эта игра очень сложная. Постарайтесь найти две карты одинакового достоинства.",
        "Играйте внимательно. Карты кладут на основания по масти.",
    ],
)
def test_a_tip_or_a_remark_is_no_run_in_title(par: str) -> None:
    assert run_in_title(par) is None


def test_a_name_run_in_still_is() -> None:
    assert run_in_title("Паук. Для игры нужны две колоды.") == (4, 6)
    assert run_in_title("Малая косынка. Карты раскладывают в семь столбцов.") == (13, 15)


def test_a_help_page_s_tips_head_no_games() -> None:
    text = (
        "Гамильтон\n\nСемь стопок. В каждую сдаётся по одной карте лицом вверх. Карты в "
        "раскладе можно собирать в нисходящем порядке по масти.\n\nВыбирай с умом. Если вы не "
        "можете переместить в основание все видимые карты, вы вряд ли выиграете. Пустое место "
        "в раскладе бесценно.\n"
    )
    assert found(text) == [
        ("gamilton", "Гамильтон", "Семь стопок.", "Пустое место в раскладе бесценно.")
    ]


@pytest.mark.parametrize("line", ["К♠", "Т♥", "К"])
def test_one_letter_is_no_title(line: str) -> None:
    assert not title_like(line)


def test_two_letters_still_may_be() -> None:
    assert title_like("Ёж")
    assert title_like("15 в ряд")


# --- a question or a how-to heading names its game ----------------------------------------


@pytest.mark.parametrize(
    ("heading", "name"),
    [
        ("Как разложить пасьянс «Пирамида»?", "Пирамида"),
        ("Как разложить пасьянс «Пирамида»", "Пирамида"),
        ("Как раскладывать Пирамиду", "Пирамида"),
        ("Как разложить Косынку?", "Косынка"),
        ("Что такое пасьянс «Паук»?", "Паук"),
        ("Пирамида: как играть?", "Пирамида"),
        ("Паук — как разложить?", "Паук"),
        ("Как играть в Косынку?", "Косынка"),
        ("Как правильно раскладывать пасьянс «Косынка»?", "Косынка"),
        ("Как сложить пасьянс Косынка", "Косынка"),
        ("Косынка — правила, как играть?", "Косынка"),
        ("Как играть правильно", None),
        ("Как разложить пасьянс?", None),
        ("Что такое пасьянс", None),
        ("Вопрос: как раскладывать?", None),
        ("Основание: как играть?", None),
    ],
)
def test_a_question_heading_names_its_game(heading: str, name: str | None) -> None:
    assert game_name(heading) == name


@pytest.mark.parametrize(
    "heading",
    ["Как разложить пасьянс «Пирамида»?", "Как раскладывать Пирамиду", "Пирамида: как играть?"],
)
def test_a_question_heading_heads_its_game(heading: str) -> None:
    assert found(f"{heading}\n\n{PYRAMID}") == [
        (
            "piramida",
            "Пирамида",
            "Карты выкладывают пирамидой из семи рядов, в первом ряду одна карта, в последнем "
            "семь.",
            "Оставшиеся карты открывают из колоды по одной.",
        )
    ]


def test_a_naming_heading_with_a_stop_heads_its_game() -> None:
    rules = "Две колоды. Карты раскладывают в десять столбцов. Карты кладут по убыванию.\n"
    assert found(f"Правила игры в пасьянс Паук.\n{rules}") == [
        ("pauk", "Паук", "Две колоды.", "Карты кладут по убыванию.")
    ]
    assert found(f"Правила игры в пасьянс Паук. {rules}") == [
        ("pauk", "Паук", "Две колоды.", "Карты кладут по убыванию.")
    ]
    # a heading that names no game stays a sentence of the rules
    assert [g[0] for g in found(f"Правила игры в карты.\n{rules}")] == ["untitled-page-1"]


# --- a name in Latin letters --------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "game_id"),
    [("Pyramid", "pyramid"), ("Piramida", "piramida"), ("Pasyans Piramida", "pasyans-piramida")],
)
def test_a_latin_name_heads_its_game(title: str, game_id: str) -> None:
    assert [g[:2] for g in found(f"{title}\n\n{PYRAMID}")] == [(game_id, title)]


def test_latin_names_between_games_keep_them_apart() -> None:
    text = f"Kosynka solitaire\n\n{KOSYNKA}\nPyramid\n\n{PYRAMID}"
    assert [g[:2] for g in found(text)] == [
        ("kosynka-solitaire", "Kosynka solitaire"),
        ("pyramid", "Pyramid"),
    ]


@pytest.mark.parametrize(
    "line", ["Skip to content", "Download link", "Raw Blame History", "Home", "Solitaire", "Var"]
)
def test_english_furniture_is_no_latin_name(line: str) -> None:
    assert [g[0] for g in found(f"{line}\n\n{PYRAMID}")] == ["untitled-page-1"]


def test_a_breadcrumb_s_latin_last_part_names_the_game() -> None:
    text = f"Главная / Solitaire / Pyramid\n\n{PYRAMID}"
    assert [g[:2] for g in found(text)] == [("pyramid", "Pyramid")]


def test_a_numbered_heading_with_a_stop_stays_the_entry_s_title() -> None:
    text = (
        "1. Спорт.\n2. Пасьянс Паук: правила игры.\n3. Две колоды. Карты раскладывают в десять "
        "столбцов. Карты кладут по убыванию.\n"
    )
    assert [g[0] for g in found(text)] == ["pauk"]
