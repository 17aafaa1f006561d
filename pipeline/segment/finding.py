"""What in a text states the rules of a patience game, and what is page furniture.

Old books print a game as a capitalised title, a deck line and numbered rules; a web page
prints it as a plain line (`Склон`, `«Путаница»`, `Пасьянс "шкатулка"`, the last part of a
breadcrumb `Главная :: Пасьянсы :: Тузовый`) amid menus, adverts, navigation and an
article's introduction. This module decides, paragraph by paragraph, which lines are
furniture (set aside, never read as rules), which are generic subheadings (`Правила игры`,
`Как играть`, `История появления Косынки`), which are a game's title, and which sentences
state rules at all (`rule_sentence`: a card or place of the layout together with an act or
order of play). A stretch of text is a game when it states rules; a text none of whose
sentences does is refused, and `no_game_reason` says which case it is.

The decisions are lexical and local, so they need nothing from the extraction grammar: they
must be right on texts the grammar cannot read yet.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from pipeline.segment.code_rules import lays_out
from pipeline.segment.elision import elisions
from pipeline.segment.fold import fold, remembered
from pipeline.segment.known import KnownGames, name_key
from pipeline.segment.labels import table_label
from pipeline.segment.model import WGame
from pipeline.segment.named_values import construct_statement, only_statements, statement
from pipeline.segment.places import PLACE_NOUN, WHERE_ADVERBS
from pipeline.segment.prepositions import PREPOSITIONS
from pipeline.text import NormalizedText

# --- rule sentences ----------------------------------------------------------------------

# Things of the game: cards, ranks, suits, piles and places of the layout (folded stems).
_THINGS = re.compile(
    r"(?<!\w)(?:карт(?!очн)|колод|туз|корол(?!ев)|дам[аыуе]?(?!\w)|валет|маст|стопо?к|столб"
    r"|колон|куче?к|ряд|основн\w*\s+(?:ряд|карт|мест|стоп|фигур|колон|куч|масть)|основани|базов|талон|штабел|резерв|ячей|ячеек|веер|паче?к|магазин"
    r"|двойк|тройк|четверк|пятерк|шестерк|семерк|восьмерк|девятк|десятк|прикуп|фундамент"
    r"|дом(?:ик\w*|а|ов|е|у)?(?!\w)|групп|лист(?:а|ов|ы)?(?!\w)|табло|груд(?:а|ы|е|у|ой|ам|ах|ами)?(?!\w)"
    r"|пирамид|сброс|запас|рубашк"
    r"|палуб|фонд(?:а|ы|ов|ам|ах|ами|е|у)?(?!\w))"
)
# Acts and orders of play (folded stems).
_ACTS = re.compile(
    r"(?<!\w)(?:расклад|выклад|выло[жг]|разлож|уло[жг]|клад[уеё]|класть|кладет|полож|ложат"
    r"|ложит|переклад|перенес|перенос|перемещ|перемест|помеща|помест|помещ|размеща|размест|располаг"
    r"|располож|подсовыва|подклады|сда[её]т|сдают|разда[её]т|раздают|раздаю|открыв|открыт"
    r"|откро|собира|собрат|собер|снима|сним|собран|убира|убрат|убер|заполня|заполн|тасу"
    r"|перетасов|выним|вынут|возьм|берут|отклад|отлож|наклад|переворач|перевер|поверн"
    r"|перелист|пересда|возраста|восходящ|нисходящ|убыва|порядк|последовательн|сошел"
    r"|соблюда|чередова|старше|младше|игров|свободн|пуст|освобод|можно|нельзя|разреша|допуска"
    r"|необходимо|нужно|следует|должн|цель|задача|являются|состоит|содержит|лежат|лежит"
    r"|ложится|определя|соответству|оста[её]тся|остаются|разда|сдать|сдач|добав|выда"
    r"|отправ|перетаск|сбрасыва|сбросить|сбросьте|удаля|удалит|удалите|соединя|сумм|объединя)"
)
_NUMBER_THING = re.compile(
    r"(?<!\w)(?:\d{1,3}|одн\w*|две|два|двух|три|трех|четыре|пять|шесть|семь|восемь|девять"
    r"|десять|двенадцать|тринадцать|четырех|пяти|шести|семи|восьми|девяти|десяти|двенадцати"
    r"|тринадцати|двум|двумя|трем|тремя|четырем|четырьмя|пятью|шестью|семью|восемью|девятью"
    r"|десятью)\s+(?:\w+\s+)?(?:карт|колод|куч|стоп|столб|колон|ряд|пач|груд|палуб|фонд"
    r"|туз|корол|дам|валет|пересдач)"
)
# What an article says about a game's history rather than of its rules: when and where it
# arose (`Косынка зародилась в XIX веке во Франции, где получила своё название благодаря
# форме раскладываемых карт`).
_TALK = re.compile(
    r"(?<!\w)(?:xviii|xix|xx|\d{1,2}-?м?\s+век|век[аеу]?(?!\w)|веках|столети|зароди|появил"
    r"|предани|происхожд)"
)
# What a page says of a game as a whole rather than of its rules: how hard, simple or famous
# it is, and what its play looks like (`второй вариант сложнее с двумя мастями`, `признан
# наиболее популярным пасьянсом`, `карты перемещаются во все стороны, будто паучки`). Such a
# sentence names cards and acts without stating how to play; it still counts where the
# finder weighs a stretch of text (`rule_sentence`), but a title over nothing else heads no
# game (`states_rules`).
_ABOUT = re.compile(
    r"(?<!\w)(?:сложн|сложност|прост(?:ой|ая|ое|ые|ого|ым|ом)(?!\w)|популярн|знаменит"
    r"|будто|словно|точно\s+(?:паук|паучк)|признан)"
)
# Games in general, not the one at hand (`Общее во всех играх, входящих в этот набор, — …`,
# `чтобы разложить некоторые пасьянсы`, `в простых играх`).
_GAMES_AT_LARGE = re.compile(
    r"(?<!\w)(?:(?:во\s+)?всех\s+(?:игр|пасьянс)|(?:некотор|многи|большинств|любо|разн|простых"
    r"|сложных)\w*\s+(?:из\s+)?(?:игр|пасьянс))"
    # a list of what games may ask closed by «or other …» (`Это может быть сборка
    # последовательностей, группировка карт по мастям или выполнение других условий`), no
    # card nor place the other things (`или других карт` is a rule's)
    r"|(?<!\w)(?:или|либо)\s+(?:\w+\s+){0,2}(?:других|иных|прочих)\s+(?!карт|туз|корол|дам"
    r"|валет|стоп|столб|колон|ряд|куч|мест|яче|маст)\w+\W*$"
)


def about_games(text: str) -> bool:
    """Whether a sentence speaks of patience games at large (`Общее во всех играх … —
    перемещать и упорядочивать карты`), not of one game's rules: no rule of a game."""
    return bool(_GAMES_AT_LARGE.search(fold(text)))


_RANK_NAMED = re.compile(
    r"(?<!\w)(?:туз|корол(?!ев)|дам[аыуе]?(?!\w)|валет|двойк|тройк|четверк|пятерк|шестерк"
    r"|семерк|восьмерк|девятк|десятк)"
)
# A king who reigned (`короля Карла V`): no card.
_NAMED_KING = re.compile(r"(?i:корол\w*)\s+[А-ЯЁ][а-яё]+")
_COUNT_LABEL = re.compile(r"(?:количество|число)\s+(?:колод|карт)\w*(?:\s+\w+){0,3}\s*:?\s*\d")
# A run of text up to and including its stops: a sentence, as a line's quick checks need it.
SENTENCE = re.compile(r"[^.!?…]+[.!?…]*")


# A name in quotes (`«Три в ряд»`, `игрой под названием «Приграничье четырёх карт»`): it
# names a game or a place; its words state no count and no move.
_QUOTED_NAME = re.compile(r"«[^«»\n]{1,40}»|„[^„“”\n]{1,40}[“”]|“[^“”\n]{1,40}”|\"[^\"\n]{1,40}\"")


@remembered
def rule_sentence(text: str) -> bool:
    """Whether a sentence states something of a game's rules: a thing of the game with an
    act or order of play (`карты перекладывают в нисходящем порядке`), or a count of cards
    or piles (`12 кучек по 4 карты`). A name in quotes counts for neither."""
    if text.rstrip(" »\"')").endswith("?"):
        return False  # a question asks a rule, it does not state one (`Можно ли пересдавать?`)
    key = fold(_QUOTED_NAME.sub(" ", _NAMED_KING.sub("", text)))
    if _COUNT_LABEL.search(key):
        return True
    if _TALK.search(key):
        return False  # about the game, not of it: its history, name, fame
    if _NUMBER_THING.search(key) or _RANK_RANGE.search(key):
        return True
    return bool(_THINGS.search(key) and _ACTS.search(key)) or elided_rule(text)


# A run of ranks from one to another (`карт от туза до короля`, `от двойки до дамы`): the
# order of a pile's cards, a rule whatever verb says it (`лежащими для принятия карт от
# туза до короля`).
_RANK = r"(?:туза|короля|двойки|тройки|шестерки|семерки|дамы|валета|десятки)"
_RANK_RANGE = re.compile(
    rf"(?<!\w)от\s+(?:{_RANK}\s+(?:\S+\s+){{0,2}}?до\s+(?:{_RANK}|\d{{1,2}})"
    rf"|\d{{1,2}}\s+(?:\S+\s+){{0,2}}?до\s+{_RANK})(?!\w)"
)


# The words of a clause as the grammar's token types (`elision`, the verbless rule's one
# home): a stop or a dash, a preposition of place, an empty place, a card, a place of the
# game, a way of building. A word of another kind is `W`, a verb or participle of play has
# the grammeme VERB.
_WORD_OR_MARK = re.compile(r"\s-\s|[—–:,;.!?…]|\w+(?:-\w+)*")
_MARKS = {"—": "DASH", "–": "DASH", ":": "COLON", ",": "COMMA", ";": "SEMI"}
_PREPOSITIONS = {"на": "ONTO", "под": "ONTO", "поверх": "ONTO", "в": "IN", "во": "IN"}
_PREPOSITIONS |= {"к": "TO", "ко": "TO", "по": "BY", "от": "FROM", "только": "ONLY"}
_WORD_TYPES = (
    (re.compile(r"(?:пуст)"), "EMPTY"),
    (re.compile(r"(?:свободн|освобод)"), "FREE"),
    (re.compile(r"(?:мест[оа]?$|мест$)"), "PLACE"),
    (re.compile(r"(?:возраст|восход|повыш)"), "UP"),
    (re.compile(r"(?:убыва|нисход|пониж)"), "DOWN"),
    (re.compile(r"(?:чередо)"), "ALTERNATE"),
    (re.compile(r"(?:маст)"), "SUIT_N"),
    (re.compile(r"(?:основани|базов|фундамент|дом(?:ик\w*|а|ов|е|у)?$)"), "FOUNDATION"),
    (re.compile(r"(?:резерв|запас)"), "RESERVE"),
    (re.compile(r"(?:талон|сброс|прикуп)"), "TALON"),
    (re.compile(r"(?:колод)"), "DECK"),
    (_RANK_NAMED, "RANK"),
    (re.compile(r"(?:карт(?!очн))"), "CARD"),
    (_THINGS, "PLACE"),
)


@dataclass(frozen=True, slots=True)
class _Word:
    """A word of a clause as `elision` reads it: its token type and grammemes."""

    type: str
    feats: frozenset[str] = frozenset()


_AS_VERB = frozenset({"VERB"})


def _word_type(word: str) -> _Word:
    mark = _MARKS.get(word) or ("DASH" if word.strip() == "-" else None)
    if mark or word in ".!?…":
        return _Word(mark or "STOP")
    if word in _PREPOSITIONS:
        return _Word(_PREPOSITIONS[word])
    if _ACTS.match(word) and _verbal(word):
        return _Word("W", _AS_VERB)
    for pattern, kind in _WORD_TYPES:
        if pattern.match(word):
            return _Word(kind, _case_of(word) if kind in _CASED else frozenset())
    return _Word("W")


# Kinds of word whose case the verbless rule reads: where a card goes or lies (`на основания`,
# `в колоде`), a card that fills a place (`только королями`).
_CASED = frozenset({"RANK", "CARD", "PLACE", "FOUNDATION", "RESERVE", "TALON", "DECK"})


@remembered
def _case_of(word: str) -> frozenset[str]:
    """The case of a word's most likely reading (pymorphy3, the normalizer's analyser)."""
    from pipeline.normalize.lexicon import morph  # loaded once, as `story` loads it

    case = morph().parse(word)[0].tag.case
    return frozenset({case}) if case else frozenset()


@remembered
def elided_rule(text: str) -> bool:
    """Whether a clause of a sentence states a rule without a verb (`elision.elided`, the
    grammar's reading of the same clause): a card or place with a dash or colon, then a
    preposition of place and a place or a card (`Тузы — на основания`, `Двойки — на тузов`),
    a place first and the cards after it (`На пустые места — короли`), or a way of building
    (`В столбцах — по убыванию`). A dash that joins no place (`Король — на троне`, `Косынка —
    на любой вкус`, `Карты — это жизнь`) states none."""
    words = [_word_type(m.group()) for m in _WORD_OR_MARK.finditer(fold(text))]
    return bool(elisions(words))


def names_things(text: str) -> bool:
    """Whether a sentence names a card, a rank, a suit or a place of the layout."""
    return bool(_THINGS.search(fold(text)))


def states_count(text: str) -> bool:
    """Whether a sentence counts cards, packs or piles (`12 кучек по 4 карты`, `Количество
    колод: 2`), a name in quotes aside."""
    key = fold(_QUOTED_NAME.sub(" ", _NAMED_KING.sub("", text)))
    return bool(_COUNT_LABEL.search(key) or _NUMBER_THING.search(key))


# A verb's or participle's ending on an act of play (`раскладывают`, `кладется`, `сошелся`,
# `положив`, `можно`), as against an adjective's (`свободная`, `пустой`, `игровые`).
_VERBAL = re.compile(
    r"(?:ть|ться|ти|ют|ят|ут|ат|ет|ит|ем|им|ете|ите|ется|ются|ятся|ится|утся|атся|ся|сь|л|ла"
    r"|ло|ли|но|ны|на|н|в|вши|я|и|й|те)$"
)
_WORD_AT = re.compile(r"\w*")


def _verbal(text: str) -> bool:
    """Whether an act of play in `text` is a verb, a participle or a predicative (`можно`),
    not an adjective."""
    key = fold(text)
    for m in _ACTS.finditer(key):
        rest = _WORD_AT.match(key, m.end())
        word = m.group() + (rest.group() if rest else "")
        if _VERBAL.search(word) and not re.search(r"(?:ая|ое|ые|ый|ий|ой|ых|ую|ей)$", word):
            return True
    return False


def rule_count(text: str) -> int:
    """Rule sentences in a stretch of text (split at full stops)."""
    return sum(rule_sentence(m.group()) for m in SENTENCE.finditer(text))


# --- packs ---------------------------------------------------------------------------------

_NUMS = {
    "одн": 1, "1": 1, "дв": 2, "2": 2, "тр": 3, "3": 3, "четыр": 4, "4": 4, "пят": 5,
    "шест": 6, "сем": 7, "восем": 8, "восьм": 8, "девят": 9, "десят": 10,
}  # fmt: skip
_NUM = (
    r"(\d{1,2}|одн\w*|одиннадцат\w*|дв\w*|тр(?:и|ем|ех|емя|инадцат\w*|идцат\w*)|четыр\w*|пят\w*"
    r"|шест\w*|сем\w*|вос[еь]м\w*|девят\w*|десят\w*|сорок\w*)"
)
_DECKS = re.compile(rf"(?<!\w){_NUM}\s+(?:полн\w+\s+)?колод")
_DECK_CARDS = re.compile(r"колод(\w*)\s+(?:из|в)\s+(\d{2,3})\s+(?:карт|лист)")
_DECK_LABEL = re.compile(r"(?:количество|число)\s+колод\w*\s*:?\s*(\d)(?!\d)")
_ONE_DECK = frozenset({"а", "у", "ой", "ою", "е"})  # колода, колоду, колодой, колоде
# A sentence that opens a game's deal with its packs: `Из двух полных колод выкладывают…`,
# `Пасьянс раскладывается одной колодой…`, `Две колоды смешиваются…`.
_OPENS_PACK = re.compile(
    rf"^(?:из\s+)?{_NUM}\s+(?:полн\w+\s+)?колод|^(?:пасьянс|игра)\s+раскладыва\w+\s+{_NUM}"
    rf"\s+(?:полн\w+\s+)?колод"
)


# `Пасьянс "реглан" раскладывается…`: a sentence that opens a game by naming it.
_NAMED_OPENING = re.compile(
    r"^[«\"]?пасьянс\w*\s+[«\"„“]([^«»\"„“”]{1,40})[»\"“”]\s+(?:раскладыва|выкладыва|играет"
    r"|ведет|состоит|требует|начина|использу|собира)",
    re.I,
)


# Sentences that begin a game's rules (after its title, or in an SEO text after the excerpt
# of another game): one that begins with the word пасьянс, the deal (`Игра ведётся…`), the pack
# counted or shuffled (`Количество колод: 2`, `Колода тщательно тасуется`), what the game
# needs (`Для игры нужны две колоды`).
_OPENS_GAME = re.compile(
    r"^пасьянс\s|^игра\s+(?:\S+\s+)?(?:раскладыва|выкладыва|вед[её]т|играет)"
    r"|^(?:количество|число)\s+колод|^(?:колод\w*|карты)\s+(?:\S+\s+)?(?:тасу|перемешива)"
    r"|^для\s+(?:игры|пасьянса)\s+(?:\S+\s+)?(?:нужн|понадоб|использу|требу)"
)


def opens_game(text: str) -> bool:
    """Whether a sentence reads as the first of a game's rules (see `_OPENS_GAME`)."""
    key = fold(text).lstrip("«\"' ")
    return bool(_OPENS_GAME.match(key) or _OPENS_PACK.match(key) or named_opening(text))


def named_opening(text: str) -> str | None:
    """The game a sentence names as it opens its rules (`Пасьянс "реглан" раскладывается
    одной колодой…` → `Реглан`), or None."""
    m = _NAMED_OPENING.match(text.strip())
    if not m:
        return None
    name = m.group(1).strip()
    return name[:1].upper() + name[1:]


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)  # `10 колод` is ten, not the `1` it begins with
    for stem, n in _NUMS.items():
        if word.startswith(stem):
            return n
    return None


def pack_of(text: str) -> tuple[int | None, int | None] | None:
    """The packs a sentence states: (packs, cards in a pack), either unknown, or None when
    it states none (`две полные колоды` → (2, None), `колодой из 32 карт` → (None, 32))."""
    key = fold(text)
    label = _DECK_LABEL.search(key)
    if label:
        return (int(label.group(1)), None)  # `Количество колод: 2`
    d = _DECKS.search(key)
    c = _DECK_CARDS.search(key)
    if not d and not c:
        return None
    # `колодой из 32 карт`: one pack
    one = 1 if c and c.group(1) in _ONE_DECK else None
    packs = _number(d.group(1)) if d else one
    return (packs, int(c.group(2)) if c else None)


def opens_pack(text: str) -> bool:
    """Whether a sentence begins by stating the packs a game is laid out with."""
    return bool(_OPENS_PACK.search(fold(text).lstrip("«\"' ")))


def packs_differ(a: tuple[int | None, int | None], b: tuple[int | None, int | None]) -> bool:
    """Two statements of the packs that cannot be of one game."""
    return any(x is not None and y is not None and x != y for x, y in zip(a, b, strict=True))


# --- furniture, subheadings, titles -------------------------------------------------------

# Site menus and labels that are never a game's title.
_MENU = frozenset(
    fold(w)
    for w in (
        "Главная",
        "Библиотека",
        "История карт",
        "Игры",
        "Гадания",
        "Пасьянсы",
        "Словарь",
        "Фокусы",
        "Шулерство",
        "Литература",
        "Покер",
        "Новости",
        "Контакты",
        "О сайте",
        "Карта сайта",
        "Поиск",
        "Вход",
        "Регистрация",
        "Меню",
        "Обратная связь",
        "Добавить новость",
        "Язык сайта",
        "Добавить на сайт",
        "сайт знакомств",
        "Выбрать главу",
        "Читать далее",
        "Читать дальше",
        "Подробнее",
        "Назад",
        "Вперед",
        "Далее",
        "Содержание",
        "Оглавление",
        "Термины пасьянсов",
        "Реклама",
        "Комментарии",
        "Поделиться",
        "Загрузка",
        "Завантаження",
        "Играть онлайн",
        "Играть онлайн бесплатно",
        # a program's menu
        "Выход",
        "Выйти",
        "Новая игра",
        "Файл",
        "О программе",
        # the sections of a web site
        "Статьи",
        "Форум",
        "Блог",
        "Каталог",
        "Помощь",
        "Скачать",
        "Гостевая книга",
        "Вопросы и ответы",
        "Видео",
        "Турниры",
        "Рейтинг",
        "Профиль",
        "Личный кабинет",
        "Сообщество",
        "Архив",
        "Магазин",
        "Партнеры",
        "Головоломки",
        "Настольные игры",
    )
)
# Menu items whose words may also stand in a heading (`Правила игры`, `Все карты`).
_MENU_LINES = _MENU | frozenset(
    fold(w)
    for w in (
        "Поиск по сайту",
        "Правила игр",
        "Ответить",
        "Нравится",
        "Наверх",
        "Все статьи",
        "Свернуть",
        "Развернуть",
        "Показать еще",
        "Войти",
        "Подписаться",
        "Распечатать",
        "Версия для печати",
    )
)
# A line that is a page's bookkeeping: a date (`Ольга, 12.05.2020`, `3 марта 2021`), a count
# of views, likes or comments (`Просмотров: 1 245`, `Нравится 12`, `Комментарии (2)`).
_BOOKKEEPING = re.compile(
    r"(?:\d{1,2}\.\d{1,2}\.\d{2,4}|\d{1,2}\s+(?:январ|феврал|март|апрел|ма[яй]|июн|июл|август"
    r"|сентябр|октябр|ноябр|декабр)\w*\s+\d{4}|(?:просмотр|коммент|отзыв|нравится|лайк|оценк"
    r"|рейтинг|голос)\w*\s*:?\s*\(?\d|\d[\d\s]*\s+(?:просмотр|коммент|отзыв|голос)\w*)"
)
_FURNITURE_LINE = re.compile(
    r"(?:https?://|www\.|\.(?:ru|com|net|org|pro)(?:\W|$)|>>>|<<<|\s\|(?:\s|$)|^\s*[|•·]"
    r"|^[-_=*~|\s]+$|^\s*(?:рис|рисунок|фиг|табл)\.?\s*\d+|^\s*\d{1,2}\.\d{1,2}\.\d{2,4}\s*$"
    # a forum's bookkeeping: `Re: Любимые пасьянсы`, `Сообщение от Ольга »`, `Игорь написал(а):`
    r"|^\s*re\s*(?:\[\d+\])?\s*:|^\s*сообщение\s+(?:от\s|#?\s*\d)"
    r"|(?:на)?пи(?:сал|сала|шет)\(?а?\)?\s*:\s*$"
    # a letter's headers and sign-off: `From: Ольга <o@mail.ru>`, `Отправлено из …`
    r"|^\s*(?:from|to|cc|subject|date|sent|от|кому|копия|тема|дата|отправлено)\s*:"
    r"|^\s*отправлено\s+(?:из|с)\s|^\s*с\s+уважением\W*$)",
    re.IGNORECASE,
)
_BREADCRUMB = re.compile(r"\s(?:::|»|›|>|/|→)\s")
# Generic headings of an article or a rule page: they structure a game's text, never name it.
_SUBHEADING = re.compile(
    r"^(?:правила|правило|как\s|(?:ваша\s+|наша\s+|главная\s+|основная\s+|общая\s+)?(?:цель|задача)|описание|содержание|введение|заключение|история"
    r"|основные|основы(?!\w)|особенности|стратеги|советы|секреты|варианты|разновидности|настр|играть"
    r"|игра\s|ход\s+игры|подготовка|раскладка|начало|итог|вывод|примеры"
    r"|что\s|почему|зачем|написано|автор|тип\s|порядок\s|основани[ея]$|резервы?$|расклад$|талон$"
    r"|стопки$|ячейки$|колода$|(?:свободные|пустые|игровые|базовые)\s+\w+$|игровое\s+поле$"
    # the sections of a program's README or help page
    r"|подсч[её]т|очки$|управлени|окончани|конец\s+игры|завершени|установк|лицензи|запуск"
    r"|сборк|требовани|скриншот|возможности|функци|интерфейс|о\s+проекте|об\s+игре|авторы"
    r"|ссылки|благодарност|победа|выигрыш|раздача|сдача|термины|глоссарий|обозначени"
    r"|подсказк|горячие\s+клавиши|клавиш|настройк|зависимост|разработк|changelog|license"
    r"|отмен\w*\s+ход|авто(?!р)[а-яё]+|режимы?\s|[а-яё]+(?:ые|ие)\s+правила(?!\w)"
    # an article's parts around a game's rules
    r"|(?:интересн\w+\s+|любопытн\w+\s+)?факты|отзывы|мнени[ея]|обсуждени|вопросы\s+и\s+ответы"
    r"|часто\s+задаваем|faq$|приложени[ея]|литература$|источники$|см\.\s+также|смотрите\s+также"
    # a help page's asides (DocBook's `<tip>`, `<note>`: `Предложение`, `Совет`, `Примечание`)
    r"|(?:совет|предложени[ея]|примечани[ея]|замечани[ея]|заметк[аи]|внимание|важно)$)"
)
_TERMINAL = ".,;:!?…"
_BARE_RULES = re.compile(r"^(?:правила|описание)(?:\s+(?:игры|пасьянса))?\s*[.:]?$")
# Emoji, pictographs and other marks after a line's last word: `Пасьянс сошелся! 🎉` ends at `!`.
_TRAILING_SYMBOLS = re.compile(r"[^\w.,;:!?…»\"'“”)\]]+$")
# a comma, a semicolon or a colon before the closing quotes a line ends with: a sentence's
# piece in quotes (a string literal broken over lines), never a name
_QUOTE_AFTER_PAUSE = re.compile(r"[,;:]\s*[\"'»”“]+$")
# A generic heading that names its game: `Правила пасьянса «Баян»`, `ПРАВИЛА ИГРЫ КОСЫНКА`,
# `Правила пасьянса 'Охота':`. The name is what follows the generic words.
# A question or a how-to heading names it too: `Как разложить пасьянс «Пирамида»?`, `Как
# раскладывать Косынку`, `Что такое пасьянс «Паук»?`.
_HOW_VERB = r"(?:играть|разложить|раскладывать|собрать|собирать|сложить|складывать)"
_NAMING_HEAD = re.compile(
    rf"^(?:правила|описание|как\s+(?:[а-яё]+о\s+)?{_HOW_VERB}"
    r"|что\s+такое|(?:основы|подготовка)"
    r"(?:\s+(?:раскладки|расклада|раскладывания|игры|к))?(?=\s+пасьянс))"
    r"(?:\s+(?:игры|пасьянса|пасьянсу|пасьянс|в|во))*\s+(?=\S)"
)
# The words before a name that govern the accusative (`играть в Косынку`, `разложить
# Косынку`); after `пасьянс` the name stands as printed (`Как разложить пасьянс Косынка`).
_ACCUSATIVE_BEFORE = re.compile(
    r"(?<!\w)(?:во?|разложить|раскладывать|собрать|собирать|сложить|складывать)$"
)
# A name, then a dash or a colon and what the page tells of it (`Пирамида: как играть?`,
# `Паук — как разложить?`, `Косынка — правила, как играть?`).
_ABOUT_IT = rf"(?:правила(?:\s+игры)?|как\s+(?:[а-яё]+о\s+)?{_HOW_VERB}|что\s+это|описание)"
_NAME_THEN_HOW = re.compile(
    rf"^(.{{2,50}}?)\s*(?:\s[-–—]|:)\s+{_ABOUT_IT}(?:(?:\s*,\s*|\s+и\s+){_ABOUT_IT})*\W*$",
    re.I,
)
_QUOTED = re.compile(r"^[«\"'„“]([^«»\"'„“”]{1,50})[»\"'“”]$")
_DECLINED = frozenset({"NOUN", "ADJF", "PRTF"})
# a capital, or `пасьянсъ "X"` that the normalizer put in lower case after a line of its own
_UPPER_START = re.compile(r"^(?:[«\"„“'(]*[A-ZА-ЯЁ0-9]|пасьянс\w*\s+[«\"„“])")


_TAG = re.compile(r"<[^>\n]*>")


def untagged(par: str) -> str:
    """A line without its markup tags (`<title>Морское убежище</title>`)."""
    return _TAG.sub(" ", par).strip() if "<" in par else par


_MENU_WORDS = frozenset(w for item in _MENU for w in item.split()) | {"и", "в", "на"}
# What a site says about itself, not about a game: sharing, downloads, playing online,
# copyright, other games, sections, comments.
_SITE_TALK = re.compile(
    r"(?<!\w)(?:подел(?:ись|итесь|иться)|скача(?:й|йте|ть)|загрузи(?:те)?\s|flash|флеш"
    r"|онлайн|online|бесплатн|без\s+регистрац|(?:во|на)\s+весь\s+экран|копировани|прав[аы]\s+защищ"
    r"|другие\s+игры|похожие\s+игры|раздел\s*:|комментари|подпис(?:ыв|ат)|реклам"
    r"|лучшие\s+результаты|читать\s+(?:далее|дальше|также)|cookie|куки|сайт|персональн\w+\s+данн)"
)


_GENERIC_WORD = re.compile(
    r"^(?:пасьянс\w*|игр\w*|карт\w*|онлайн|бесплатн\w*|без|регистрац\w*|в|во|и|на|русском"
    r"|для|всех|нас|сайте|лучш\w*|нов\w*)$"
)


@remembered
def furniture_sentence(text: str) -> bool:
    """A sentence that is page furniture though it stands in running text: menu items run
    together (`Главная О сайте Обратная`) or a site talking about itself (`Поделись игрой с
    друзьями.`, `Скачайте flash player, чтобы играть в эту игру.`), stating no rule and
    naming no patience."""
    key = fold(text).strip(" .,;:!?…-—")
    if not key:
        return False
    if not re.search(r"[а-яё]", key):
        # `Save anonymous/… to your computer`: no Russian word; a program's named value
        # (`COLS = 10.`) states a rule; a name in Latin letters may head a game
        return statement(text) is None and not latin_name(untagged(text).strip())
    words = re.findall(r"[а-яё]+", key)
    if words and all(w in _MENU_WORDS for w in words) and len(key.split()) == len(words):
        return True
    if words and all(_GENERIC_WORD.match(w) for w in words) and title_like(text):
        # `Пасьянс онлайн, бесплатно`, `Карточные игры`: a heading that names no game
        return not re.search(r"(?<!\w)пасьянс", key) or len(words) > 1
    if re.search(r"(?<!\w)пасьянс", key) and title_like(text):
        return False  # `Пасьянс Гольф онлайн` is a page's heading naming its game
    return bool(_SITE_TALK.search(key)) and not rule_sentence(text)


def furniture_paragraph(par: str) -> bool:
    """A paragraph that is page furniture as a whole: each of its sentences is
    (`furniture_sentence`). One sentence of site talk (`…без права копирования`) does not
    set aside the rules of the paragraph it stands in."""
    sentences = [m.group().strip() for m in SENTENCE.finditer(par) if m.group().strip()]
    if len(sentences) <= 1:
        return furniture_sentence(par)
    return all(furniture_sentence(x) or is_furniture(x) for x in sentences)


_BULLET = re.compile(r"^\s*[•·]\s*")
_REMARK = re.compile(r"\([^()]*\)")


@remembered
def is_furniture(par: str) -> bool:
    """Menus, links, table rows, figure labels, dates, markup, lines without a Russian word;
    a bulleted line is furniture unless it states a rule (`• 7 стопок — основное поле`)."""
    key = fold(untagged(par))
    if key.rstrip(" .:→»›>…").rstrip() in _MENU_LINES:
        return True
    if len(key) <= 60 and _BOOKKEEPING.search(key) and not rule_sentence(par):
        return True
    if not re.search(r"[а-яё]", key):
        # a program's named values state rules (`COLS = 10.`); a name in Latin letters on a
        # line of its own may head a game (`Pasyans Kover`)
        return not only_statements(par) and not latin_name(untagged(par).strip())
    if (
        len(key) <= 60
        and not re.search(r"[а-яё]", _REMARK.sub(" ", key))
        and not rule_sentence(par)
    ):
        return True  # `4 (Стрелка вниз, над Королем)`: a program's step label, `(рис. 3)`
    if links_line(par):
        return True
    bullet = _BULLET.match(par)
    if bullet and rule_sentence(par[bullet.end() :]):
        return bool(_FURNITURE_LINE.search(par[bullet.end() :]))
    return bool(_FURNITURE_LINE.search(par))


def menu_item(par: str) -> bool:
    """A line that is one item of a site's menu (`Главная`, `Форум`, `Статьи`)."""
    return fold(untagged(par)).strip(" .:→»›>…|·•").strip() in _MENU_LINES


# A line of links: Markdown links with nothing but separators between them
# (`[Главная](/) · [Форум](/forum)`), or short texts each in its own HTML link or list item
# (`<li><a href="/">Главная</a></li><li>…`, its outer tags perhaps trimmed).
_MD_LINK = re.compile(r"\[[^\[\]\n]{1,60}\]\([^()\s]*\)")
_LINK_GAP = re.compile(r"[\s|·•/,;:–—-]*")
_LINK_TAG = re.compile(r"</?(?:a|li)\b[^<>\n]*>", re.I)
_ANY_TAG = re.compile(r"<[^<>\n]*>")
# Items of a menu set apart by the marks a menu puts between them (`Главная · Пасьянсы · Форум`).
_MENU_SEPARATOR = re.compile(r"\s[·•|]\s")


def _short_items(items: list[str]) -> bool:
    return len(items) >= 2 and all(
        0 < len(x.split()) <= 4 and x[-1:] not in _TERMINAL for x in items
    )


def links_line(par: str) -> bool:
    """Whether a line is only links (`_MD_LINK`, `_LINK_TAG`) or only short items set apart
    by a menu's marks, one of them a menu item (`Главная · Пасьянсы · Форум`): a site's
    navigation."""
    links = list(_MD_LINK.finditer(par))
    if len(links) >= 2:
        gaps = [par[: links[0].start()], par[links[-1].end() :]]
        gaps += [par[a.end() : b.start()] for a, b in pairwise(links)]
        if all(_LINK_GAP.fullmatch(g) for g in gaps):
            return True
    if _LINK_TAG.search(par):
        items = [x.strip() for x in _ANY_TAG.split(par)]
        if _short_items([x for x in items if not _LINK_GAP.fullmatch(x)]):
            return True
    items = [x.strip() for x in _MENU_SEPARATOR.split(untagged(par))]
    return _short_items(items) and any(menu_item(x) for x in items)


def is_breadcrumb(par: str) -> bool:
    """Navigation: `Главная :: Пасьянсы :: Тузовый`, `WikiDer > Гольф (терпение)`."""
    return bool(_BREADCRUMB.search(par) and len(par) <= 120 and not par.rstrip().endswith("."))


def breadcrumb_title(par: str) -> str | None:
    """The last part of a breadcrumb (`Главная :: Пасьянсы :: Ковер` → `Ковер`)."""
    if not is_breadcrumb(par):
        return None
    parts = [x.strip() for x in _BREADCRUMB.split(par)]
    last = parts[-1]
    if menu_item(last):
        return None  # `Главная / Пасьянсы / Форум`: a path to a page of the site's menu
    if title_like(last) and re.search(r"[А-Яа-яЁё]", last):
        return last
    if len(parts) == 2 and not re.search(r"[А-Яа-яЁё]", last) and parts[0]:
        # `Паук / Spider`: a name and its translation, not a path of pages
        first = parts[0]
        if fold(first) not in _MENU_LINES and title_like(first):
            return first
    return last if title_like(last) else None  # `Главная / Solitaire / Pyramid`


@remembered
def is_subheading(par: str) -> bool:
    """A generic heading line: `Правила пасьянса`, `Как играть`, `История появления Косынки`,
    `Что делает гольф пасьянс особенным?`."""
    text = par.strip()
    if len(text) > 80 or len(text.split()) > 9:
        return False
    key = fold(text)
    if _BARE_RULES.match(key):
        return True
    if (
        _ACTION_NOUN.match(key)
        and _THINGS.search(key)
        and not text.endswith(".")
        and not re.search(r"\d", key)
        and not _NUMBER_THING.search(key)
    ):
        # `Перемещение карт`, `Вытягивание карт из колоды`: an act of play named (not
        # `Вытягивание по 3 карты из колоды`, which counts)
        return True
    if not text.endswith(".") and part_heading(key):
        return True  # `Ходы`, `Сдача и ходы`, `Правила ходов`: a part of a game named
    return text.endswith("?") or (
        not text.endswith(".") and bool(_SUBHEADING.match(key.strip("«»\"' ")))
    )


# The parts of a game's rules a rule page heads its sections with: its moves, deal, layout,
# goal, preparation, end, scoring, order, and the places of the layout they speak of. A
# heading made of them (`Ходы`, `Раскладка`, `Ход игры`, `Сдача карт`, `Цель и окончание
# игры`) names a part of a game, never a game. Names of games that are also places or
# advice (`Веер`, `Пирамида`, `Часы`, `Колодец`, `Стратегия`) are not among them, nor the
# singular `Свободная ячейка` (FreeCell), while `Резервные стопки` and `Запас` are. A
# variant's rule as a heading (`Одинаковая масть`, `Чередование цвета`) is a part too.
# Which of a game's phases or rounds a heading names (`Первая фаза`, `Второй этап`,
# `Последний раунд`): no part by itself.
_ORDINAL = (
    r"(?:перв|втор|трет|четв[её]рт|пят|шест|седьм|последн|заключительн|начальн|финальн)"
    r"(?:ый|ой|ий|ая|яя|ое|ее|ья|ье|ьи|ые|ие|ого|его|ьего|ую|юю|ью)"
)
# What a heading says of the part it names, no part by itself (`Основной ряд`, `Начальная
# раскладка`, `Игровой процесс`, `Полезные советы`).
_QUALIFIER = (
    r"(?:основн|начальн|первоначальн|игров|полезн|общ|особ|дополнительн)"
    r"(?:ой|ая|ое|ые|ый|ий|ие|ого|ых|ую)"
)
_PART_WORD = re.compile(
    r"ход(?:ы|ов|а|е|ами)?|правил(?:о|а|ах|ами)?|раскладк[аиуео]й?|расклад(?:а|ы|ов)?"
    r"|сдач[аиуе]|раздач[аиуе]|цель|цели|задач[аиуе]|подготовк[аиуе]|окончани[еяю]"
    r"|конец|начал[оа]|завершени[еяю]|итог(?:и|а)?|подсч[её]т(?:а)?|сч[её]т|очк(?:и|ов)"
    r"|выигрыш(?:а)?|проигрыш(?:а)?|побед[аы]|поражени[ея]|описани[ея]|порядок|порядка"
    r"|перемещени[ея]|маст(?:ь|и|ей)|цвет(?:а|ов)?|чередовани[ея]|одинаков(?:ая|ой|ые|ых)"
    r"|перекладывани[ея]|игр[аыуе]|пасьянс[аеу]?|карт[аыу]?"
    rf"|{PLACE_NOUN}|резервн(?:ая|ые|ой|ых|ую)|запасн(?:ая|ые|ой|ых|ую)"
    r"|фаз(?:а|ы|е|у|ой)|этап(?:а|ы|е|ов)?|стади(?:я|и|ю|ей)|раунд(?:а|ы|е|ов)?"
    r"|шаг(?:и|а|ов)?|пересдач[аиуе]?|фундамент(?:а|ы|ов)?|домик(?:и|ов)"
    r"|стол(?:а|е)?|схем[аыу]|пример(?:ы|а)?|механик[аи]|процесс(?:а)?|старшинств[оа]"
    r"|достоинств[оа]|значени[ея]|ограничени[ея]|исключени[ея]|результат(?:ы)?|тактик[аи]"
    r"|хитрост(?:ь|и)|совет(?:ы|ов)?"
    rf"|{_ORDINAL}|{_QUALIFIER}"
    r"|и|в|во|на|по|для|с|со|о|об|из|к|от|до|за|при|после|перед"
)
# Of these, the words that name a part (a heading of only `Игра`, `Пасьянс` or `Карты` does
# not; nor does `Чередование`, a game's name, without the suit or colour it qualifies).
_PART_CORE = re.compile(
    rf"(?!(?:игр|пасьянс|карт|чередовани|одинаков|{_ORDINAL}$|{_QUALIFIER}$"
    r"|и$|в$|на$|по$|для$|с$|о$|из$|к$))\w+"
)

# Part words that, alone on a line, are a game's name: `СТАРШИНСТВО.` over its deck line is
# the old books' Precedence; `Старшинство карт` heads a section.
_NAME_ALONE = re.compile(r"старшинств[оа]")


def part_heading(key: str) -> bool:
    """Whether a folded line is a heading made only of the parts of a game
    (`_PART_WORD`): `ходы`, `ход игры`, `сдача карт`."""
    if re.search(r"[\d«»\"„“]", key):
        return False
    words = re.findall(r"[а-яё]+", key)
    if not words or len(words) > 5 or len(words) != len(key.strip(" :-—–").split()):
        return False
    if len(words) == 1 and _NAME_ALONE.fullmatch(words[0]):
        return False
    parts = [w for w in words if _PART_WORD.fullmatch(w)]
    return len(parts) == len(words) and any(_PART_CORE.fullmatch(w) for w in words)


_RULES_HEADING = re.compile(
    r"^(?:правила|правило|как\s+(?:играть|разложить|раскладывать)|(?:ход|порядок)\s+игры|цель\s+игры"
    r"|раскладка|подготовка|начало\s+игры|описание\s+(?:игры|правил))(?!\w)"
)


def rules_heading(par: str) -> bool:
    """A subheading over a game's rules (`Правила`, `Как играть`, `Ход игры`): the running
    text under it states rules, not the game's introduction."""
    return is_subheading(par) and bool(_RULES_HEADING.match(fold(untagged(par)).strip("«»\"' ")))


# Words that say what kind of thing a quoted name is, never part of it: `Карточная игра
# «Паук»`, `Пасьянс-гадание «Часы»`, `Пасьянс под названием «Паук»`, `Игра «Паук» онлайн`.
_KIND_WORD = re.compile(
    r"^(?:пасьянс\w*|игр[аыу]|карточн\w+|старинн\w+|классическ\w+|знаменит\w+|популярн\w+"
    r"|гадани[ея]|под|названием|называем\w+|так|онлайн|бесплатн\w*|правила|описание|как"
    r"|играть|в|во|на|русском|по)$"
)
_QUOTED_IN = re.compile(r"[«\"„“]([^«»\"„“”]{1,50})[»\"“”]")


def _quoted_kind(text: str) -> str | None:
    """The one quoted name of a heading whose other words only say what kind of thing it is
    (`Карточная игра «Паук»` → `Паук`), or None."""
    names = _QUOTED_IN.findall(text)
    if len(names) != 1:
        return None
    rest = re.findall(r"[а-яё]+", fold(_QUOTED_IN.sub(" ", text)))
    if not rest or all(w.startswith("пасьянс") for w in rest):
        return None  # `Пасьянс «Паук»` is a title as printed
    return names[0].strip() if all(_KIND_WORD.match(w) for w in rest) else None


# What precedes a game's name in a sentence that names it: `Это игра «Паук»`, `Я раскладываю
# «Паук»`, `пасьянс под названием «Часы»`.
_NAMING_BEFORE = re.compile(
    r"(?:пасьянс\w*|игр[аыуе]|раскладыва\w*|раскладываю|люблю|называ\w*|названием)\s*$"
)


def named_in_text(sentence: str) -> str | None:
    """The game a sentence of running text names in quotes after a word that names it (`Это
    игра "Пасьянс Паук" или Spider Solitaire.` → `Пасьянс Паук`, `Я раскладываю «Паук».`), or
    None: one quoted name, short and title-like."""
    spans = list(_QUOTED_IN.finditer(sentence))
    if len(spans) != 1:
        return None
    m = spans[0]
    name = m.group(1).strip()
    if len(name.split()) > 4 or not title_like(name) or only_cards(name):
        return None
    before = fold(sentence[: m.start()])
    if _NAMING_BEFORE.search(before) or fold(name).startswith("пасьянс"):
        return name
    return None


def game_name(par: str) -> str | None:
    """The game a heading names after generic words (`Правила пасьянса «Баян»` → `Баян`,
    `ПРАВИЛА ИГРЫ КОСЫНКА` → `КОСЫНКА`, `Карточная игра «Паук»` → `Паук`), or None. The name
    must be quoted or capitalised: `Правила игры в косынку` or `Как играть в пасьянс` name
    no title."""
    text = par.strip().rstrip(" :.")
    kind = _quoted_kind(text)
    if kind:
        return nominative(kind) if re.search(r"(?<!\w)во?\s*[«\"„“]", fold(text)) else kind
    m = _NAMING_HEAD.match(fold(text))
    if not m:
        how = _NAME_THEN_HOW.match(text)
        name = how.group(1).strip() if how else ""
        return name if how and _named_before(name, place=True) else None  # not `Вопрос: …`
    rest = text[m.end() :].strip().rstrip("?")
    after_v = bool(_ACCUSATIVE_BEFORE.search(fold(text[: m.end()]).rstrip()))
    q = _QUOTED.match(rest)
    if q:
        name = q.group(1).strip()
        return nominative(name) if after_v else name
    if rest[:1].isupper() and len(rest.split()) <= 4 and not re.search(r"[.!?;:]", rest):
        return nominative(rest) if after_v else rest
    return None


def nominative(name: str) -> str:
    """A name named after «играть в» in the accusative, in the nominative: its adjectives, its
    first noun and a surname after a first name (`в Косынку` → `Косынка`, `в Малую косынку` →
    `Малая косынка`, `в Марию Антуанетту` → `Мария Антуанетта`). A word that depends on the
    noun stays (`в Могилу Наполеона` → `Могила Наполеона`); a name with a numeral (`Сорок
    разбойников`) or an unknown word stays as printed."""
    from pipeline.normalize.lexicon import morph as analyser

    words = name.split()
    out = list(words)
    morph = analyser()
    noun = False
    for i, word in enumerate(words):
        parses = morph.parse(word.lower())
        if any("NUMR" in p.tag for p in parses):
            return name
        accs = next((p for p in parses if "accs" in p.tag and p.tag.POS in _DECLINED), None)
        if noun and (accs is None or not ({"Name", "Surn"} & set(accs.tag.grammemes))):
            break  # `Могилу Наполеона`: what follows the noun depends on it
        nomn = accs.inflect({"nomn"}) if accs is not None else None
        if accs is None or nomn is None:
            return name
        form = nomn.word
        if word.isupper() and len(word) > 1:
            form = form.upper()
        elif word[:1].isupper():
            form = form[:1].upper() + form[1:]
        out[i] = form
        if accs.tag.POS == "NOUN":
            if noun or "Name" not in accs.tag.grammemes:
                break  # one noun, or a first name and the surname after it
            noun = True
    return " ".join(out)


@remembered
def title_like(par: str) -> bool:
    """A line that can name a game: short, beginning with a capital or a quote, not ending a
    sentence (`Склон`, `«Путаница»`, `Наполеон бежит из Москвы`, `Малая косынка 2`)."""
    text = _TRAILING_SYMBOLS.sub("", par.strip())
    words = text.split()
    if not words or len(words) > 8 or len(text) > 70:
        return False
    if text[-1] in _TERMINAL or not _UPPER_START.match(text) or _LABEL.match(text):
        return False
    if _QUOTE_AFTER_PAUSE.search(text):
        return False  # `Будучи опустошённой, "`: a string's line broken off after a comma
    if not (re.search(r"[А-Яа-яЁё]", text) or latin_name(text)) or is_subheading(text):
        return False
    if _RANK_RUN.search(text):
        return False  # `Т-2-3-4-5-6-7-8-9-10-В-Д-К вторая стопка`: an order of ranks
    if not re.search(r"[А-Яа-яЁёA-Za-z]", re.sub(r"\([^()]*\)", " ", text)):
        return False  # `1 (Стрелка вниз, над 6)`: a number and a remark, no name
    if only_cards(text):
        return False  # `Король`, `Дама`, `Туз` listed one a line: cards, not a game
    if len(re.findall(r"[А-Яа-яЁёA-Za-z]", text)) < 2:
        return False  # `К♠`, `Т♥`: one letter, a card's label, not a game
    key = fold(text)
    if _PLACE_AT.search(key) and _THINGS.search(key):
        return False  # `Верхняя левая стопка`: a place of the layout by where it lies
    if _PLACE_NAMED.match(key):
        return False  # `Стопка под колодой`, `Справа в раскладе`: a place by what it lies by
    if "," in text and _COUNT_LIST.match(key):
        return False  # `1 колода, 1 карта, 8 ячеек`: counts of a game, not its name
    if _COUNT_HEAD.match(key):
        return False  # `1 пересдача доступна`, `8 столбцов`: a count, not a name
    if _CONNECTIVE.match(key):
        return False  # `Таким образом, всего в резерве 21 карта`: a list item, not a name
    if _CLAUSE_OPENS.match(key) or _NUMBERED_PART.match(key):
        return False  # `Если пасьянс не сошёлся`: a clause; `Шаг 1`, `Этап 2`: a part
    if _said_of_patience(text) or _instruction(text):
        return False  # `Пасьянс сошёлся за … ходов`, `Сдавать по три карты`: a sentence
    # `Раскладывают карты и` is a sentence broken off; `Свободная ячейка`, `Косынка по три
    # карты` name games: a place and an adjective, or a count, but no verb
    return not (rule_sentence(text) and _verbal(text)) and not elided_rule(text)


# A name in Latin letters, transliterated or English (`Pasyans Kover`, `Kosynka solitaire`,
# `FreeCell`): one to four words, the first capitalised, letters only.
_LATIN_NAME = re.compile(r"^[A-Z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*){0,3}$")
# Words of a Latin name that may stand in small letters (`Kosynka solitaire`); any other
# word in small letters makes a phrase, not a name (`Skip to content`, `Download link`).
_LATIN_SMALL = frozenset({"solitaire", "patience", "rules", "of", "the", "and"})
# A site's or a program's English words, never a game's name (`Raw Blame History`, `Home`).
_ENGLISH_FURNITURE = frozenset(
    re.findall(
        r"\w+",
        "home menu login sign search share raw blame history xml html pdf download contact about"
        " privacy cookies cookie next previous back top more read comments reply edit delete"
        " copyright rights reserved subscribe follow like tweet facebook english russian help"
        " settings options new game play score scores undo redo hint hints exit quit file view"
        " license readme install usage rules var begin end const type unit uses",
    )
)


_QUOTED_LATIN = re.compile(r"^[«\"“„]([^«»\"“”„]+)[»\"”“]$")


def latin_name(text: str) -> bool:
    """Whether a line is a game's name in Latin letters (`Pasyans Kover`, `Spider Solitaire`):
    `_LATIN_NAME`, its words capitalised (`_LATIN_SMALL` aside), and not only a site's or a
    program's words (`Raw Blame History`, `Var`); in quotes too (`«Google FreeCell»`)."""
    quoted = _QUOTED_LATIN.match(text.strip())
    text = quoted.group(1) if quoted else text
    if not _LATIN_NAME.match(text):
        return False
    if any(w[0].islower() and w not in _LATIN_SMALL for w in text.split()):
        return False
    words = [w.lower() for w in text.split()]
    return not all(w in _ENGLISH_FURNITURE or w in ("solitaire", "patience") for w in words)


# A subordinate clause's conjunction or a restriction's particle: a line opening with one is a
# clause (`Если пасьянс не сошёлся`, `Только черви`), never a name.
_CLAUSE_OPENS = re.compile(
    r"^(?:если|когда|пока|чтобы|хотя|только|лишь|после\s+того|перед\s+тем)(?!\w)"
)
# A part of a game by its number (`Шаг 1`, `Этап 2`, `Фаза 1`, `Раунд 2`, `Круг II`).
_NUMBERED_PART = re.compile(
    r"^(?:шаг|этап|фаза|раунд|круг|стадия|часть|раздача|сдача)\s+(?:\d{1,2}|[ivx]{1,4}"
    r"|перв\w+|втор\w+|трет\w+)\W*$"
)
# `Пасьянс сошёлся`, `Пасьянс не сошелся`, `Пасьянс разложен`: the word for patience, then
# its verb in small letters (a name after it is capitalised: `Пасьянс Наполеон бежит…`).
_PATIENCE_THEN = re.compile(r"^[«\"]?[Пп]асьянс\w*\s+(?:не\s+)?([а-яё]+)(?!\w)")


def _said_of_patience(text: str) -> bool:
    """Whether a line tells what became of the patience (`Пасьянс сошёлся за ходов и`, a
    program's message to its player) rather than naming one."""
    m = _PATIENCE_THEN.match(text.strip())
    return m is not None and _pos(m.group(1)) in ("VERB", "PRTS")


def _instruction(text: str) -> bool:
    """Whether a line opens with an infinitive (`Сдавать по три карты`, `Собирать по
    масти`, a button's `Разложить`): an option's or a rule's wording or a command's label,
    not a game's name."""
    words = re.findall(r"[А-Яа-яЁё]+", text)
    return bool(words) and _pos(fold(words[0])) == "INFN"


@remembered
def _pos(word: str) -> str | None:
    """A word's part of speech in its likeliest reading."""
    from pipeline.normalize.lexicon import morph as analyser

    parses = analyser().parse(word)
    return str(parses[0].tag.POS) if parses else None


_LABEL = re.compile(r"^[^:«»\"]{1,40}:\s*(?:\d|[а-яё])")  # `Количество игроков: 1`
# Words that carry running text on from what went before: a line that opens with one is a
# sentence (a list item without its full stop), never a name.
_CONNECTIVE = re.compile(
    r"^(?:таким\s+образом|кроме\s+того|при\s+этом|после\s+этого|то\s+есть|например|затем"
    r"|потом|итак|также|однако|поэтому|всего|наконец|следовательно|есть)(?![\w-])"
)
# A noun of a process, as a program's comment names what its code does (`Инициализация`).
_PROCESS_NOUN = re.compile(r"^[а-яё]{4,}(?:аци|яци)(?:я|и|ю|ей)(?!\w)")
# A noun that names an act (`Перетаскивание`, `Вытягивание`, `Перемещение`, `Отмена`).
_ACTION_NOUN = re.compile(r"^(?!гадани)[а-яё]{4,}(?:ание|ение|тие)(?!\w)")
# Where a place of the layout lies (`Верхняя левая стопка`, `Четыре стопки сверху справа`,
# `Средняя (самая нижняя) стопка`): said of a pile, never of a game.
_PLACE_AT = re.compile(
    r"(?<!\w)(?:(?:верхн|нижн|средн|центральн|крайн)\w*|(?:лев|прав)(?:ая|ый|ое|ые|ой|ую|ом|ых|ыи)"
    rf"|{'|'.join(sorted(WHERE_ADVERBS))})(?!\w)"
)
# A pile of the layout said by what it lies next to (`Стопка под колодой`, `Четыре стопки
# под основаниями`, `Справа в раскладе`): an entry of a table of places, never a game.
_PLACE_NAMED = re.compile(
    rf"^(?:{_NUM}\s+)?(?:[а-яё]+(?:ая|ые|ий|ый|яя|ие|ое)\s+)?(?:стоп(?:к\w*|ок)|яче(?:йк\w*|ек)"
    r"|куч(?:к\w*|ек)|колон(?:к\w*|ок)|столбц?\w*|ряд\w*|мест[оа]|пол[ея])\s+(?:под|над|в|во|на|у|за"
    r"|перед|возле|около|рядом|между|слева|справа|сверху|снизу|вверху|внизу|посередине)(?!\w)"
    r"|^(?:справа|слева|сверху|снизу|вверху|внизу|посередине)\s+(?:в|во|на|от|под|над|у)(?!\w)"
)
_COUNT_HEAD = re.compile(
    rf"^{_NUM}\s+(?:[а-яё]+(?:ых|их|ые|ие|ая|ое|ый|ий)\s+)?(?:колод|куч|стоп|столб|колон"
    r"|ряд(?:а|ов)?(?!\w)|пач|груд|палуб|фонд|яче|пересдач|раздач|сдач)"
    # a count in words: `Без пересдач`, `Неограниченное количество пересдач`
    r"|^(?:без|(?:не)?ограниченн\w*\s+(?:количеств|числ)\w*|(?:любое|сколько\s+угодно)"
    r"(?:\s+(?:количеств|числ)\w*)?)\s+(?:пересдач|раздач|сдач|перетасов|ходов\s+назад)"
)
_COUNT_LIST = re.compile(r"^\d{1,3}\s+(?:\w+\s+)?(?:карт|колод|куч|стоп|столб|колон|ряд|яче)")
# (a breadcrumb's or a menu's mark, `Главная / Пасьянсы / Форум`, is no part of a title)
_GLUED = re.compile(r"^([«\"]?[А-ЯЁ][^.!?:;«»\"\n/|·•›>]{1,60}?)\s+(?=Пасьянс\w*\s+\S)")


# A pronoun or a preposition that opens a sentence, in capitals after a name with no stop
# (`Потемки Вы пробовали когда-нибудь…`): no word of a name goes on with one in capitals.
_GLUED_OPENER = re.compile(
    r"^([«\"]?[А-ЯЁ][^.!?:;«»\"\n/|·•›>]{1,40}?)\s+(?=(?:Вы|Мы|Я|Это|Этот|Эта|Эти|В|Во|Из|Для"
    r"|При|Если|Когда)\s+[а-яё])"
)
_NAME_POS = frozenset({"NOUN", "ADJF", "ADJS", "PRTF", "NUMR"})


def glued_title(par: str) -> int:
    """Where a title run into the first sentence ends (`Леди Пок Пасьянс раскладывается…`,
    `Потемки Вы пробовали когда-нибудь…`: the web page's line break between them was lost):
    the offset of `Пасьянс` or of the capitalised pronoun or preposition that opens the
    sentence, else 0. A name before an opener is a title's (`title_like`), of nouns and
    adjectives (its first word none of an adverb's: `Теперь Вы можете…` is one sentence)."""
    m = _GLUED.match(par)
    if m and len(m.group(1).split()) <= 6 and not rule_sentence(m.group(1)):
        return m.end()
    m = _GLUED_OPENER.match(par)
    if not m or len(name := m.group(1).split()) > 4 or not title_like(m.group(1)):
        return 0
    if rule_sentence(m.group(1)) or _pos(name[0].strip('«"').lower()) not in _NAME_POS:
        return 0
    return m.end()


# `Паук. Для игры нужны две колоды…`, `Царица. Правила игры`: a name, a full stop, then rules.
_RUN_IN = re.compile(r"^([«\"]?[А-ЯЁ][^.!?:;«»\"\n]{1,50}?[^\s.][»\"]?)\.\s+(?=[«\"]?[А-ЯЁ])")
_NOT_NAMES = frozenset(
    re.findall(
        r"\w+",
        "рис рисунок табл таблица фиг см стр гл примечание внимание пример например итак важно"
        " совет замечание вывод итог далее затем потом сначала наконец вопрос ответ re цитата"
        " сообщение шаг этап пункт step",
    )
)


# Finite verbs and short participles (`разделён`, `бежит`, `начинается`): not in a name.
_FINITE = re.compile(
    r"(?:[её]н|[её]на|[её]но|ан|ано|ет|ит|ют|ят|ут|ат|ал|ала|ало|ил|ила|или|ся|сь)$"
)


# A rule page's labels (`Количество колод: 1`, `Цель пасьянса: …`).
_LABELS = re.compile(r"(?:количество|число)\s+(?:колод|карт)|цель\s+(?:пасьянса|игры)")


# `Паук (Spider): 2 колоды, 1 карта…`: a name, a colon, the packs.
_COLON_IN = re.compile(r"^([«\"]?[А-ЯЁ][^.!?:;«»\"\n]{1,50}?[^\s.][»\"]?):\s+(?=\S)")
# `Косынка (Клондайк) — собирай стопки от туза до короля`: a name, a dash, a rule.
_DASH_IN = re.compile(r"^([«\"]?[А-ЯЁ][^.!?:;«»\"\n]{1,50}?[^\s.][»\"]?)\s+[—–-]\s+(?=\S)")
# Card ranks and suits: a line of them is a list of cards (`Король⏎Дама⏎Валет`), never a name.
_RANK_WORD = re.compile(
    r"^(?:туз(?:а|ы|ов|у|ом)?|корол(?:ь|я|и|ей|ю|ем)|дам(?:а|ы|у|е|ой)?|валет(?:а|ы|ов|у|ом)?"
    r"|(?:десят|девят|восьмер|семер|шестер|пятер|четвер|трой|двой)к(?:а|и|у|ой)?|пик(?:а|и)?"
    r"|треф(?:а|ы)?|черв(?:и|ей|ы)|бубен|бубн(?:а|ы)|крест(?:и|ы)?|джокер(?:а|ы|ов|у|ом)?|\d{1,2})$"
)


def balanced(name: str) -> bool:
    """Whether a name's quotes and brackets close (`"Михаил Берг` is cut inside a quotation,
    no name)."""
    if name.count('"') % 2 or name.count("«") != name.count("»"):
        return False
    return name.count("(") == name.count(")")


# Four ranks or more joined by dashes (`4-8-Д-3-7-В-…`, `A-2-3-4`): an order of cards.
_RANK_RUN = re.compile(
    r"(?<!\w)(?:\d{1,2}|[ТДВКAJQK])(?:\s?[-–]\s?(?:\d{1,2}|[ТДВКAJQK])){3,}(?!\w)"
)
# A rank by its letter, in a sequence of ranks (`Т-2-3-…-В-Д-К`, `A-2-3-…-J-Q-K`).
_RANK_LETTER = re.compile(r"^[тдвкajqk]$")
# Which card a line names, when it names a card and no rank (`Любая другая карта: положите её
# в любую пустую ячейку`, beside `Король: …`, `Дама: …`): a card of a list of cards.
_CARD_NOUN = re.compile(r"^карт(?:а|ы|у|ой)?$")
_CARD_WHICH = re.compile(
    r"^(?:люб|друг|кажд|остальн|прочи|оставш\w*|следующ|верхн|нижн|открыт|закрыт|эт)"
    r"(?:ая|ой|ую|ые|ых|ий|ие|их|а|и|у)?$"
)


def only_cards(name: str) -> bool:
    """A line of card ranks and suits (`Король`, `Дама пик`, `10`, a sequence of ranks
    `4-8-Д-3-7-В-2-6-10-Т-5-9-К`), or a card said by which one it is (`Любая другая
    карта`): a card, not a game."""
    words = re.findall(r"\w+", fold(name))
    if not words:
        return False
    letters = len(words) >= 3
    if all(_RANK_WORD.match(w) or (letters and _RANK_LETTER.match(w)) for w in words):
        return True
    cards = [w for w in words if _CARD_NOUN.match(w)]
    return bool(cards) and all(_CARD_NOUN.match(w) or _CARD_WHICH.match(w) for w in words)


def _named_before(name: str, *, place: bool = False) -> bool:
    """A name that can head its rules on the same line after a colon or a dash: title-like,
    not a generic heading, not the word for patience alone, not a place or card of the
    layout (`Основание: …`, `Тузы — в основание`) unless `place` allows one (`Свободная
    ячейка (Freecell): 1 колода`, before its packs)."""
    if not title_like(name) or is_subheading(name) or not balanced(name) or only_cards(name):
        return False
    if fold(name).split()[0].strip('«"') in _NOT_NAMES:
        return False  # `Ответ: …`, `Примечание: …`
    key = fold(re.sub(r"\([^()]*\)", " ", name))
    words = re.findall(r"[а-яё]+", key)
    if not words or all(_GENERIC_WORD.match(w) for w in words):
        return False
    if _LABELS.match(key) or _COUNT_LABEL.search(key):
        return False
    return place or not _THINGS.search(key)


_BOLD_IN = re.compile(r"^(\*\*|__)([«\"]?[А-ЯЁ][^*_\n]{0,50}?)[.:]?\1[.:]?\s+(?=\S)")


# What follows a dash that defines rather than names (`Общее во всех играх — то, что…`).
_COPULA = re.compile(r"то,?\s+(?:что|чтобы)(?!\w)")


# `Пасьянс «Косынка»: карты…`, `Пасьянс "Паук". Колода…`, `«Часы» — карты…`: a quoted name
# (after the word for patience, or alone), then a colon, a full stop or a dash, then more.
_QUOTED_HEAD = re.compile(
    r"^((?:Пасьянс\w*\s+)?[«\"„“][^«»\"„“”\n]{1,50}[»\"“”])(?:\s*[.:]|\s+[—–-])\s+(?=\S)"
)
# Pujol's `Пасьянс «X».` before the first sentence: the segmenter takes the title sentence.
_NAMED_STOP = re.compile(r"^Пасьянс\w*\s+«[^«»\n]{1,50}»\s*\.\s")
# What opens a description rather than a rule (`— это одна из…`, `: почему так называется`).
_DEFINES = re.compile(r"^(?:это|то,?\s+(?:что|чтобы)|как|почему|зачем|что|где|когда)(?!\w)")


# Words of a label before a colon, never a game's name (`Обратите внимание: …`, `Цель: …`).
_LABEL_WORD = re.compile(
    r"^(?:\w+ите|вариант\w*|внимани\w*|правил\w*|подсказк\w*|цел[ьи]|задач\w*|суть|смысл"
    r"|ход|порядок|услови\w*|результат\w*|важно|кстати|количеств\w*|числ[оа])$"
)


@remembered
def _clause_word(word: str) -> bool:
    """Whether a word reads first as a verb, a preposition, a pronoun or a predicative
    (`играют`, `торопитесь`, `в`, `нет`): a clause's word, not a name's before a colon."""
    from pipeline.normalize.lexicon import morph as analyser

    parses = analyser().parse(word)
    return bool(parses) and parses[0].tag.POS in ("VERB", "INFN", "PREP", "NPRO", "PRED", "CONJ")


@remembered
def _sentence_opening(word: str) -> bool:
    """Whether a word, first in a short sentence, opens a sentence and no name: a verb in
    its likeliest reading (an imperative, `Выбирай с умом`; a finite verb, `Бывает и так`)
    or a pronoun that points back (`Эта игра очень сложная`, `Тот же расклад`)."""
    from pipeline.normalize.lexicon import morph as analyser

    parses = analyser().parse(word)
    if not parses:
        return False
    tag = parses[0].tag
    return tag.POS == "VERB" or "Anph" in tag


def _first_clause(rest: str) -> str:
    """The first sentence of what follows a name on its line: a rule run into a title stands
    on the title's line (`Количество игроков: 1⏎Цель пасьянса: …` is two labels)."""
    first = SENTENCE.match(rest.split("\n", 1)[0])
    return first.group() if first else rest


def _ruled(name: str, head: str) -> bool:
    """Whether a clause after a name and a colon states a rule with a verb (`Косынка: карты
    раскладывают в семь столбцов`), not what the game is (`это…`, `почему так называется`),
    and the name is no label (`Обратите внимание: …`)."""
    words = re.findall(r"[а-яё]+", fold(name))
    if any(_LABEL_WORD.match(w) for w in words) or _verbal(name) or rule_sentence(name):
        return False
    if len(words) > 4 or any(_clause_word(w) for w in words):
        return False  # `Играют двумя колодами: …`, `В этом пасьянсе нет …: …`: a sentence
    return rule_sentence(head) and _verbal(head) and not _DEFINES.match(fold(head))


def _quoted_in(par: str) -> tuple[int, int] | None:
    """A quoted name run into its first rule (`Пасьянс «Косынка»: карты раскладывают в семь
    столбцов…`): (end of the name, start of the rule), or None. What follows must state a
    rule (a thing of the game with an act, a count, the packs), not say what the game is."""
    m = _QUOTED_HEAD.match(par)
    if not m or not balanced(m.group(1)):
        return None
    if _NAMED_STOP.match(par):
        return None  # `Пасьянс «Часы». Колода…`: a named heading, its sentences split already
    inner = _QUOTED_NAME.search(m.group(1))
    name = inner.group().strip('«»"„“” ') if inner else ""
    if not title_like(name) or re.search(r"[.!?]\s", name):
        return None  # `"Михаил Берг. Вечный жид " - читать…`: a quotation, not a name
    head = _first_clause(par[m.end() :])
    if _DEFINES.match(fold(head)) or about_games(head):
        return None
    if not (rule_sentence(head) or opens_game(head) or pack_of(head) is not None):
        return None
    return m.end(1), m.end()


@remembered
def title_before_rule(par: str) -> tuple[int, int] | None:
    """A title and its first rule on one line that `run_in_title` does not cut: a quoted
    name before a colon, a full stop or a dash (`Пасьянс «Косынка»: карты раскладывают…`,
    `Пасьянс "Косынка". Колода…`: `_quoted_in`), or a plain name before a colon and a rule
    with a verb (`Косынка: карты раскладывают в семь столбцов`), after an entry's number or
    not: (end of the name, start of the rule), or None. Not for program source, whose
    comments run a label into what it labels (`Перемещение на пустую стопку : Только
    король`)."""
    cut = entry_number(par)
    if cut:
        inner = title_before_rule(par[cut:])
        return (cut + inner[0], cut + inner[1]) if inner else None
    quoted = _quoted_in(par)
    if quoted:
        return quoted
    m = _COLON_IN.match(par)
    if (
        m
        and _named_before(m.group(1), place=True)
        and _ruled(m.group(1), _first_clause(par[m.end() :]))
    ):
        return m.end(1), m.end()
    return None


def _headed_in(par: str) -> tuple[int, int] | None:
    """A name run into its rules with a colon before the packs (`Паук (Spider): 2 колоды, 1
    карта`), with a dash before a rule (`Косынка (Клондайк) — собирай стопки от туза до
    короля`), either after an entry's number (`2) Часы — …`), or in bold (`**Паук.** Для
    игры…`): (end of the name, start of the rules), or None."""
    bold = _BOLD_IN.match(par)
    if bold:
        rest = par[bold.end() :]
        first = SENTENCE.match(rest)
        head = first.group() if first else rest
        name = bold.group(2).strip()
        opens = rule_sentence(head) or is_subheading(head.strip().rstrip(".")) or opens_game(head)
        if title_like(name) and not is_subheading(name) and opens:
            return bold.end(), bold.end()  # `**Паук.** Правила`, `**Паук.** Для игры…`
        return None
    cut = entry_number(par)
    if cut:
        inner = _headed_in(par[cut:])
        return (cut + inner[0], cut + inner[1]) if inner else None
    for pattern in (_COLON_IN, _DASH_IN):
        m = pattern.match(par)
        if not m or not _named_before(m.group(1), place=pattern is _COLON_IN):
            continue
        rest = par[m.end() :]
        first = SENTENCE.match(rest)
        head = first.group() if first else rest
        if pattern is _COLON_IN and pack_of(head) is None:
            continue  # `Управление: мышь` is a label; a game's line states its packs
        if pattern is _DASH_IN and (not rule_sentence(head) or _COPULA.match(fold(head))):
            continue  # `Косынка — самый известный пасьянс.`, `Общее во всех играх — то, что…`
        return m.end(1), m.end()
    return None


# A count of the layout's piles opening a clause (`семь колонок, запас и четыре базы…`).
_PILES_FIRST = re.compile(
    r"^(?:\d{1,2}|две|два|три|четыре|пять|шесть|семь|восемь|девять|десять|одиннадцать"
    r"|двенадцать|тринадцать)\s+(?:\w+\s+)?(?:куч|стоп|столб|колон|ряд|пач|груд)"
)


_LAYOUT_KINDS = frozenset({"PLACE", "FOUNDATION", "RESERVE", "TALON"})


def sibling_label(par: str) -> tuple[int, int] | None:
    """A second game's name as a line label, in a text where a game is already headed by a
    name, a colon and its packs (`Паук: две колоды, десять колонок.`, `_headed_in`): a name
    of the same form before a colon and a count of the layout's piles (`Солитер: семь
    колонок, запас и четыре базы…`) and another kind of place: (end of the name, start of
    its rules), or None. Not a place, a label (`Вариант: …`, `Цель: …`) nor a verb, and not
    a count of piles alone (`Поле: десять колонок`); alone, such a line is a label."""
    m = _COLON_IN.match(par)
    if m is None or not _named_before(m.group(1)):
        return None
    words = re.findall(r"[а-яё]+", fold(m.group(1)))
    if any(_LABEL_WORD.match(w) or _clause_word(w) for w in words) or _verbal(m.group(1)):
        return None
    head = fold(_first_clause(par[m.end() :]))
    if not _PILES_FIRST.match(head):
        return None
    # a game's layout in brief: its piles and another kind of place (a stock, foundations)
    kinds = {_word_type(w).type for w in re.findall(r"\w+", head)}
    return (m.end(1), m.end()) if len(kinds & _LAYOUT_KINDS) >= 2 else None


@remembered
def run_in_title(par: str) -> tuple[int, int] | None:
    """A title run into the first sentence of its game with a full stop (`Паук. Для игры
    нужны две колоды…`, `Царица. Правила игры`), a colon before its packs or a dash before a
    rule (`_headed_in`): (end of the name, start of the rules), or None. After a full stop
    the rest must open with a rule sentence, a generic subheading or `Пасьянс…`."""
    headed = _headed_in(par)
    if headed:
        return headed
    m = _RUN_IN.match(par)
    if not m:
        return None
    name = m.group(1)
    if not balanced(name):
        return None
    rest = par[m.end() :]
    first = SENTENCE.match(rest)
    head = first.group() if first else rest
    if game_name(name) and (rule_sentence(head) or opens_game(head) or pack_of(head)):
        return m.end(1), m.end()  # `Правила игры в пасьянс Паук. Две колоды…`: a heading
    words = fold(name).strip('«»"').split()
    if len(words) > 4 or not words or words[0] in _NOT_NAMES or len(name) < 3:
        return None
    if words[0].endswith(("ся", "сь")):
        return None  # `Набирается из колоды. …`: a reflexive verb opens a sentence, no name
    if _sentence_opening(words[0]):
        return None  # `Выбирай с умом. …`, `Эта игра очень сложная. …`: a sentence, a tip
    rest = par[m.end() :]
    verbs = any(_FINITE.search(w) for w in words[1:])
    key = fold(rest)
    strong = key.startswith("пасьянс") or bool(_RULES_HEADING.match(key) or _LABELS.match(key))
    if (verbs and not strong) or is_subheading(name):
        return None  # `Файл разделён надвое. …`, `Порядок игры. …`: a sentence, a heading
    if not title_like(name) or rule_sentence(name):
        return None
    first = SENTENCE.match(rest)
    head = first.group() if first else rest
    if not (rule_sentence(head) or is_subheading(head.rstrip(". ")) or strong):
        return None
    return m.end(1), m.end()


# --- paragraphs with the source's line breaks ---------------------------------------------


# `II. Пасьянсъ «Царица».`, `Пасьянс "Паук".`: a title line, though it ends with a full stop.
_NAMED_LINE = re.compile(
    r"^(?:(?:\d{1,3}[.)]|[IVXLCІХ]{1,6}\.|№\s*\d{1,3}\.?)\s+)?Пасьянс\w*\s+[«\"„“][^«»\"“”\n]{1,50}"
    r"[»\"“”]\.?$"
)


@remembered
def _standalone(line: str) -> bool:
    """A raw line that may have stood alone in the source: a short line not ending a
    sentence, or a line without letters."""
    text = line.strip()
    if not text:
        return False
    if not re.search(r"\w", text) or _BULLET.match(text) or _NAMED_LINE.match(text):
        return True  # a bulleted item is a line of its own, however long
    if _DASH_ITEM.match(text):
        return True  # `- Скачать на телефон…`: an item of a list, a line of its own
    return len(text) <= 70 and len(text.split()) <= 8 and text[-1] not in ".,;:-–—(¬"


_ENDS = (".", "!", "?", "…", "»", '"', ")", "]")
_DASH_ITEM = re.compile(r"^[-–—]\s+\S")


_HEAD_TAGS = re.compile(r"(?:\s|<[^<>\n]*>)+")
_TAIL_TAGS = re.compile(r"(?:\s|<[^<>\n]*>)+$")


def _trim(text: str, x: int, y: int) -> tuple[int, int]:
    """[x, y) without the white space and markup tags at its ends (`<entry>…</entry>`)."""
    m = _HEAD_TAGS.match(text, x, y)
    if m:
        x = m.end()
    m = _TAIL_TAGS.search(text, x, y)
    if m:
        y = m.start()
    return x, y


def _new_line(raw: str, at: int) -> bool:
    """Whether the source line at `at` begins anew rather than continuing a sentence: it does
    not begin in lower case, or it is furniture itself (`сайт знакомств`; not `вперёд.`, a
    sentence's last word)."""
    end = raw.find("\n", at)
    line = raw[at : end if end >= 0 else len(raw)]
    if _DASH_ITEM.match(line) and line.lstrip("-–— ")[:1].islower():
        return False  # `…в виде елочки⏎- это открытый резерв.`: a dash inside a sentence
    if not raw[at].islower():
        return True
    return not line.rstrip().endswith((".", "!", "?", "…")) and is_furniture(line)


def _within_word(text: str, starts: Sequence[int], pos: int, s: int, e: int) -> bool:
    """Whether the source's line break at raw offset `pos` falls inside a word of the clean
    text [s, e): a word broken over the line that the normalizer joined, or completed with a
    letter the engine lost at the line's end (`вс⏎пятьдесятъ` -> `всѣ пятьдесятъ`). Such a
    line runs on into the next: it never stood alone."""
    c = bisect_left(starts, pos, s, e)
    return s < c < e and not text[c].isspace() and not text[c - 1].isspace()


def _set_to_measure(block: str) -> bool:
    """Whether a block's lines are prose wrapped at one measure, as a scanned page's are: three
    lines or more, each but the last `MEASURED_LINE` characters long or more and at least
    `MEASURE_SHARE` of the longest, and most of them after the first going on in lower case.
    Such a line ends where the next word did not fit, not where a title or an item ends
    (`…когда играющій найдетъ это⏎ВЫГОДНЫМЪ.`: a small word read in capitals)."""
    lines = [ln.strip() for ln in block.split("\n") if ln.strip()]
    if len(lines) < 3:
        return False
    longest = max(len(ln) for ln in lines)
    if any(len(ln) < max(MEASURED_LINE, MEASURE_SHARE * longest) for ln in lines[:-1]):
        return False
    return 2 * sum(ln[0].islower() for ln in lines[1:]) > len(lines) - 1


MEASURED_LINE = 25  # characters: a printed line of a book's measure, not a menu item
MEASURE_SHARE = 0.6  # of the block's longest line: a line ended by the measure, not by its text


# a Roman numeral or a name in quotes cited in running text: a rule's number after «по
# правилу», a clock's hour, a game's other name («Beetle», т. е. жукъ), the sentence going on
_CITED = re.compile(r"(?:[IVXLC]{1,6}|«[^«»\n]{1,40}»)(?=[,;]|\s+[а-яёѣіѳѵ])")


def _goes_on(text: str, at: int, printed: str) -> bool:
    """Whether the clean text at `at`, the first word of a source line (its first letter
    `printed` so in the source), goes on with the sentence of the line before: the
    normalizer lowered its capital (a capital read mid-sentence, `выйдетъ⏎Вся.` -> `вся.`),
    or it is a Roman numeral or a quoted name cited in running text (`по правилу⏎II, можно`,
    `на часѣ⏎IV, кладутъ`, `этотъ пасьянсъ⏎«Beetle», т. е.`), not a rule's number (`II. …`)
    nor a quoted title (`«Паукъ» — пасьянсъ…`)."""
    lowered = text[at].islower() and not printed.islower()
    return lowered or bool(_CITED.match(text, at))


_BLOCK_LINE = re.compile(r"[^\n]+")
_OPEN_END = ".!?…:;»)"  # a line that ends so closes its sentence


# a word no sentence ends with: a line ending so goes on in the next, whatever that begins
# with («… сдаётся по» / «1 лицом вверх …», «… и на» / «5 карт …»)
_HANGING = (PREPOSITIONS - {"изо", "для", "без", "после", "перед"}) | {"и", "а", "или", "но", "чем"}
_LAST_WORD = re.compile(r"(\w+)\W*$")


def _hangs(text: str, end: int) -> bool:
    m = _LAST_WORD.search(text, max(0, end - 12), end)
    return m is not None and m.end() == end and m.group(1).lower() in _HANGING


def blocks(text: str) -> list[tuple[int, int]]:
    """Paragraphs as clean-text ranges: one per line, a line that continues a sentence left
    open by the previous one (it starts in lower case, or the previous one ends with a
    preposition or a conjunction) joined to it."""
    out: list[tuple[int, int]] = []
    for m in _BLOCK_LINE.finditer(text):
        s, e = m.start(), m.end()
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s == e:
            continue
        if out and (
            (text[s].islower() and text[out[-1][1] - 1] not in _OPEN_END)
            or _hangs(text, out[-1][1])
        ):
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


def paragraphs(
    nt: NormalizedText, blocks: list[tuple[int, int]], *, program: bool = False
) -> list[tuple[int, int]]:
    """The normalizer's paragraphs, cut again where the source had a short line of its own
    (a title, a menu item, a label) that the normalizer joined to the next one, and where a
    title runs into the first sentence. A line whose continuation begins in lower case in
    the source (a sentence broken by a line or page break) is not cut. `program`: the text
    of program source, where a title is not cut from a rule after it (`title_before_rule`)."""

    def run_in(par: str) -> tuple[int, int] | None:
        return run_in_title(par) or (None if program else title_before_rule(par))

    starts = nt.text_map.starts
    text, raw = nt.text, nt.raw
    out: list[tuple[int, int]] = []
    labelled = False  # a game headed by a name, a colon and its packs: siblings may follow
    for s, e in blocks:
        a, b = nt.text_map.raw_span(s, e)
        cuts = [s]
        line_start = a
        wrapped = _set_to_measure(raw[a:b])
        pos = raw.find("\n", a, b)
        while line_start < b:
            last = pos < 0
            if last:
                pos = b  # the block's last line: only a cut before it
            line = raw[line_start:pos]
            if line_start > a and (
                run_in(line.strip())
                or (_standalone(line) and _headed_in(raw[line_start:b].strip()))
            ):
                # `…тузов.⏎Паук. Карты перемешиваются…`: a game run into its title begins
                # (`…раз.⏎Леди Пок — пасьянс⏎раскладывается…`: its rules on the next line)
                if raw[a:line_start].rstrip().endswith(_ENDS):
                    head = bisect_left(starts, line_start, s, e)
                    if s < head:
                        cuts.append(head)
            elif _standalone(line) and (
                last or not (wrapped or _within_word(text, starts, pos, s, e))
            ):
                c = bisect_left(starts, pos, s, e)
                nxt = c
                while nxt < e and text[nxt].isspace():
                    nxt += 1
                if last or (
                    s < c
                    and nxt < e
                    and _new_line(raw, starts[nxt])
                    and not _goes_on(text, nxt, raw[starts[nxt]])
                ):
                    if not last:
                        cuts.append(c)
                    # a line of its own after a finished sentence: cut before it too
                    # (or after a line of furniture: `Иван пишет:⏎Косынка`)
                    before = raw[a:line_start].rstrip()
                    prev = before.rsplit("\n", 1)[-1]
                    ended = before.endswith(_ENDS) or bool(prev and is_furniture(prev))
                    if ended and not line.lstrip()[:1].islower():
                        head = bisect_left(starts, line_start, s, e)
                        if s < head < c:
                            cuts.append(head)
            if last:
                break
            line_start = pos + 1
            pos = raw.find("\n", pos + 1, b)
        cuts = sorted(set(cuts))
        cuts.append(e)
        for x, y in pairwise(cuts):
            x, y = _trim(text, x, y)
            if x == y:
                continue
            cut = run_in(text[x:y]) or (sibling_label(text[x:y]) if labelled else None)
            g = glued_title(text[x:y])
            if cut and text[x + cut[0] : x + cut[1]].strip() == ":":
                labelled = True
            if cut:
                out.append((x, x + cut[0]))
                out.append((x + cut[1], y))
            elif g and x + g < y:
                head = x + g
                while head > x and text[head - 1].isspace():
                    head -= 1
                out.append((x, head))
                out.append((x + g, y))
            else:
                out.append((x, y))
    return out


@dataclass(frozen=True)
class Line:
    """A paragraph's role for game finding."""

    kind: str  # furniture | subheading | title | body
    title: str | None = None  # the name, for a title (a breadcrumb's last part)
    entry: bool = False  # a numbered entry of a list of games (`2. Паук`)


# A list entry's number (`1. `, `2) `, `IV. `) and a Markdown heading's marks (`## `).
_ENTRY = re.compile(r"^\s*(?:\d{1,3}[.)]|[IVXLCІХ]{1,6}\.|№\s*\d{1,3}[.)]?)\s+(?=\S)")
_MD_HEAD = re.compile(r"^\s*#{1,6}\s+(?=\S)")


def entry_number(par: str) -> int:
    """Where the text of a numbered entry begins after its number (0: not numbered)."""
    m = _ENTRY.match(par)
    return m.end() if m else 0


# `Шкатулка (пасьянс)`, `Паук — пасьянс`: what the name is, not part of it.
_KIND_NOTE = re.compile(
    r"\s*(?:\((?:пасьянс|карточн)[^()]{0,30}\)|\s[-–—]\s+пасьянс\w*"
    r"|\s*(?:\s[-–—]|:)\s+(?:правила|как\s+играть|описание|история|стратеги|секреты|советы)"
    r"[\w\s,]{0,40})\s*$",
    re.I,
)
# A remark in brackets after a name, stating the packs the game needs (`Кадриль (Нужна полная
# колода карт)`, `Трилистник (Полная колода карт)`): the game's, not its name's.
_PACK_NOTE = re.compile(r"\s*\([^()]*(?:колод|\d\s*(?:карт|лист))[^()]*\)\s*$", re.I)
# `Глава 3. Паук`, `Раздел 2: Паук`, `§ 5. Паук`: a book's or a site's division before a name.
_CHAPTER_AT = re.compile(
    r"^\s*(?:глава|раздел|часть|урок|§)\s*(?:\d{1,3}|[IVXLC]{1,6})\s*[.:)]?\s+(?=\S)", re.I
)
# `Пасьянс Паук онлайн`, `Паук онлайн бесплатно`: what a site says of a page, after the name.
_SITE_WORDS = re.compile(
    r"(?:\s+(?:онлайн|online|бесплатно|без\s+регистрации|играть|на\s+русском))+\s*$", re.I
)


def _chapter(text: str) -> int:
    """Where a name begins after a division's label and number (0: none)."""
    m = _CHAPTER_AT.match(text)
    return m.end() if m else 0


# `**Паук**`, `__Паук__`: Markdown emphasis around a heading.
_EMPHASIS = re.compile(r"^(\*{1,2}|_{2})(?=\S)(.+?)(?<=\S)\1$")


# Pronouns that make a line a sentence, never a game's name (`Это одна из тех игр, которая…`).
_SENTENCE_WORD = re.compile(r"(?<!\w)(?:котор\w+|это|мы|вы|я|он|она|они|оно)(?!\w)")


def title_of(par: str, known: KnownGames | None = None) -> tuple[str | None, bool]:
    """The name a title line gives, and whether it is an entry of a list of games (numbered
    or a Markdown heading, which always begins a game): `2. Паук`, `## Косынка`,
    `«Дважды два»`, `Пасьянс "шкатулка"`, and `Косынка:` when a known game is named so (a
    generic `Расклад:` is a label, not a title)."""
    text = par.strip()
    head = _MD_HEAD.match(text)
    if head:
        text = text[head.end() :]
    bold = _EMPHASIS.match(text)
    if bold:
        text = bold.group(2).strip().rstrip(".:").rstrip()  # `**Паук.**`
    cut = entry_number(text) or _chapter(text)
    text = text[cut:].strip()
    if cut and text.endswith(".") and not text.endswith(".."):
        text = text[:-1].rstrip()  # `3. Паук.`: an entry's name with a full stop
        if len(text.split()) > 5 or _SENTENCE_WORD.search(fold(text)):
            return None, False  # `3. Это одна из тех игр, которая…`: a numbered sentence
    if text.endswith(":") and (
        (known is not None and known.by_name(text[:-1].strip())) or _QUOTED.match(text[:-1])
    ):
        text = text[:-1].strip()  # `Косынка:` when known, `«Паук»:`
    text = _SITE_WORDS.sub("", _KIND_NOTE.sub("", text))
    if not title_like(text):
        return None, False
    note = _PACK_NOTE.search(text)
    if note and note.start():
        text = text[: note.start()].rstrip()  # `Кадриль (Нужна полная колода карт)`
    q = _QUOTED.match(text)
    return (q.group(1).strip() if q else text), bool(cut or head)


_ROMAN_ENTRY = re.compile(r"^\s*[IVXLCІХ]{1,6}\.\s+[«\"]?[А-ЯЁ][^.!?;:]{0,50}$")
# A game's first numbered rule (`I. Пасьянс раскладывается…`, `1. Колоду тасуют…`): the
# title-like line above it heads the rules it opens, not a line inside a game's rules.
_FIRST_RULE = re.compile(r"^\s*(?:I|І|1)[.)]\s+\S")


# Words that tell a line of program source describes the code, not a game: a verb (`Очищаем
# сброс`, `Отменить ход`, `Обрабатывает действия`).
_CODE_VERB = re.compile(r"(?:ть|ти|чь|ться|ем|им|ет|ит|ют|ят|ется|ются|ится|ятся)$")
# A translation in brackets, shaped as a name is: capitalized words of letters (`Свободная
# ячейка (Freecell)`, `(Spider Solitaire)`, `(Baker's Dozen)`, `(La Belle Lucie)`); not a
# program's identifier (`(mulberry32)`, `(pile)`, `(client.js)`, `(undo/redo)`, `(RNG)`).
_NAME_WORD = r"[A-Z][a-z]+(?:(?:['’-]?[A-Z]|['’-][a-z])[a-z]*)*"
_LATIN_GLOSS = re.compile(
    rf"\(\s*{_NAME_WORD}(?:\s+(?:{_NAME_WORD}|of|the|de|la|le|du|and|&))*\s*\)"
)
# A program's own English words for its objects and parts: a gloss made of them alone
# (`Колода карт (Deck)`, `Стопка на столе (TableauPile)`, `Генератор (Random)`) names a
# class or a helper of the code, not a game (`(FreeCell)`, `(Spider)`, `(Clock)` are names).
_CODE_WORD = re.compile(
    r"(?:card|deck|pile|stack|cell|column|row|foundation|tableau|stock|waste|talon|reserve"
    r"|suit|rank|board|table|game|move|rule|timer|score|random|rng|generator|seed|helper"
    r"|util|utility|state|setting|config|option|manager|controller|view|model|render|renderer"
    r"|engine|dealer|deal|shuffle|shuffler|hand|slot|zone|area|layout|field|button|menu"
    r"|dialog|window|screen|panel|scene|store|history|undo|redo|event|handler|listener"
    r"|service|api|client|server|test|solver|validator|checker|counter|queue|list|node|tree"
    r"|sprite|image|icon|theme|sound|animation|drag|drop|pool|cache|buffer|logger|data|type"
    r"|constant|factory|builder|core|main|app|mode|level|player|user|session|result|check)s?"
)
# A preposition opening a line: where a card goes or comes from, or what something is for
# (`На базу — своей мастью…`, `В отбой`, `Из колоды`, `Для тестов`): a game's name is a
# noun's phrase, never one of these.
_PREPOSITION = re.compile(rf"^(?:{'|'.join(sorted(PREPOSITIONS))})\s")


# A program's own nouns for its parts and helpers (folded): a bare line holding one names a
# part of the code (`Генератор с зерном`, `Константы`, `Размер окна`, `Результат
# проверки`, `Очистка рабочего стола`), never a game.
_CODE_NOUN = re.compile(
    r"(?<!\w)(?:генератор|обработчик|счетчик|таймер|констант|переменн|параметр|функци|метод"
    r"|модул[ьяюие]|массив|объект|флаг|кнопк|виджет|компонент|интерфейс|сервер|клиент|запрос"
    r"|буфер|кэш|спрайт|шаблон|индекс|хранилищ|утилит|помощник|логик|настройк|проверк"
    r"|обработк|очистк|загрузк|отрисовк|результат|размер|класс(?:а|ы|ов|е|у|ом|ах|ами)?(?!\w)"
    r"|тест(?:а|ы|ов|е|у|ом|ах|ами)?(?!\w)|окн[оа](?!\w)|экран|меню|диалог|списо?к"
    r"|состояни\w*\s+игр|отступ|пиксел|координат)"
)


def _glossed_name(name: str) -> bool:
    """Whether a title-like line carries a name's translation in brackets (`_LATIN_GLOSS`)
    made of other words than the program's (`_CODE_WORD`)."""
    gloss = _LATIN_GLOSS.search(name)
    parts = re.findall(r"[A-Z][a-z]*", gloss.group()) if gloss else []
    return any(not _CODE_WORD.fullmatch(p.lower()) for p in parts)


# A message to the player, opened by a verb's imperative (`Нажмите …`, `Переверните колоду`,
# `Выберите игру`): a program's line telling what to do, never a game's name.
_INSTRUCTION = re.compile(r"^[а-яё]+(?:ите|йте)(?![а-яё])")
# a quoted Russian name: its first letter a capital (`«Косынка»`, `"Паук"`), or a number
# first (`"4 масти"`)
_NAME_QUOTED = re.compile(r"\s*(?:[А-ЯЁ]|\d+\s+[А-Яа-яЁё])")


def names_in_program(par: str, name: str, *, first: bool) -> bool:
    """Whether a title-like line of program source names a game. A comment or a string there
    describes the code around it (`Сток, сброс, четыре ячейки фундамента`, `10 столбцов`,
    `Метод распределения карт`, `Очищаем сброс`, `Время и состояние`); it heads a game when
    it names one: in quotes, called a patience, in capitals, with a translation in
    brackets shaped as a name (not a program's identifier: `Генератор с зерном
    (mulberry32)`, `Колода (Deck)`), after the generic words of a heading (`Правила
    пасьянса …`), or, as the `first` title of the text, as a bare name (no count, no card or
    place of a layout, no verb, no comma, colon or dash, no preposition first: `На базу`,
    no noun of the program's own: `Генератор с зерном`)."""
    quoted = [m.group() for m in _QUOTED_NAME.finditer(par)]
    # a name in quotes heads a game, not in a message to the player (`Нажмите «Собрать
    # косынку»`) nor in quotes of the code's own English words (`Источник: "tableau" или
    # "waste"`)
    if quoted and not _INSTRUCTION.match(fold(par).lstrip(" #/*-")):
        latin = [w for q in quoted for w in re.findall(r"[a-z]+", q.lower())]
        # a name begins with a capital: a word quoted in small letters is a value the code
        # gives (`Переводит игру в состояние "играем"`)
        if any(_NAME_QUOTED.match(q[1:]) for q in quoted) or not all(
            _CODE_WORD.fullmatch(w) for w in latin
        ):
            return True
    if any(_NAME_QUOTED.match(q) for q in re.findall(r"'([^'\n]*[А-Яа-яЁё][^'\n]*)'", par)):
        return True
    letters = re.sub(r"[^А-Яа-яЁё]", "", name)
    words = re.findall(r"[а-яё]+", fold(name))
    if words and (words[0].startswith("пасьянс") or words[-1].startswith("пасьянс")):
        return True  # `Пасьянс Медичи`, `Дамский пасьянс`; not `… для пасьянса Клондайк`
    if len(letters) > 2 and letters.isupper():
        return True
    key = fold(name)
    if game_name(par) or (
        # `Свободная ячейка (Freecell)`; not `Отображение столов (pile)`: what the code does,
        # glossed by the code's own word
        _glossed_name(name) and not (_ACTION_NOUN.match(key) or _PROCESS_NOUN.match(key))
    ):
        return True
    if (
        not first
        or re.search(r"[\d,:;]|\s[-–—]\s", key)
        or _THINGS.search(key)
        or _PREPOSITION.match(key)
        or _CODE_NOUN.search(key)
    ):
        return False
    if _ACTION_NOUN.match(key) or _PROCESS_NOUN.match(key) or re.search(r"[a-z]", key):
        # `Создание главного меню`, `Инициализация таймера`, `Двустековая система для
        # undo/redo`: what the code does, in the code's words
        return False
    return not any(_CODE_VERB.search(w) for w in re.findall(r"[а-яё]+", key))


def roles(
    pars: list[str],
    kinds: list[str],
    known: KnownGames | None = None,
    *,
    program: bool = False,
    next_line: list[bool] | None = None,
    labels: list[bool] | None = None,
) -> list[Line]:
    """Roles of a text's paragraphs for game finding, given each one's kind from
    `headings.classify`: one it recognised (a deck line, a rule, a heading) keeps its kind
    (`Line("kept")`), furniture stays furniture. A body paragraph may be furniture, a generic
    subheading, or a title: a title-like line whose next paragraph (past furniture and
    subheadings) is running text; of a run of title-like lines the segmenter keeps the
    first, the page's heading. In program source (`program`) a title must name a game
    (`names_in_program`). `next_line[i]`: paragraph `i` stood on the line right after
    paragraph `i - 1` in the source, no blank line between (a run of menu items: `_menus`).
    `labels[i]`: paragraph `i` is a name cut from its rules at a colon (`Паук: две колоды…`);
    in program source a second such name heads a game as the first did."""
    first = []
    titled = False  # a title already given in program source
    label_titled = False  # the title given was a name before a colon
    said = labels or [False] * len(pars)
    for i, (par, kind) in enumerate(zip(map(_heading_text, pars), kinds, strict=True)):
        if kind == "furniture":
            first.append(Line("furniture"))
        elif kind == "rule" and (named := title_of(par, known))[1] and _ROMAN_ENTRY.match(par):
            first.append(Line("title", named[0], entry=True))  # `I. Гвардейский воротник`
        elif kind == "title" and (part_heading(fold(par).strip(" .")) or is_subheading(par)):
            # `ХОДЫ`, `РАСКЛАДКА`: a part of the game; `ИСТОРИЯ ПАСЬЯНСА`, `РЕЦЕНЗИЯ`: an
            # article's part, as the same words in small letters are
            first.append(Line("subheading"))
        elif kind == "title" and _RANK_RUN.search(par):
            # `4-8-Д-3-7-В-2-6-10-Т-5-9-К`, in capitals: a table's cell of ranks, not a game
            # (`ДВОЙКИ` in capitals names a game)
            first.append(Line("subheading"))
        elif kind != "body":
            first.append(Line("kept"))
            titled = titled or kind in ("title", "named")
        elif only_statements(par):
            first.append(Line("body"))  # a program's named values (`COLS = 10.`): no heading
        elif is_breadcrumb(par):
            crumb = breadcrumb_title(par)
            first.append(Line("title", crumb) if crumb else Line("furniture"))
        elif is_furniture(par) or furniture_paragraph(par):
            first.append(Line("furniture"))
        elif is_subheading(par):
            name = game_name(par)
            first.append(Line("title", name) if name else Line("subheading"))
        elif (
            par.rstrip().endswith(".")
            and len(par.split()) <= 8
            and not entry_number(par)
            and (name := game_name(par))
        ):
            first.append(Line("title", name))  # `Правила игры в пасьянс Паук.`, a stop after it
        elif (named := title_of(par, known))[0] is not None and (
            not program
            or names_in_program(par, named[0], first=not titled)
            or (said[i] and label_titled)
        ):
            first.append(Line("title", named[0], entry=named[1]))
            label_titled = label_titled or (titled is False and said[i])
            titled = True
        else:
            # in program source only the first title-like comment may name the game bare:
            # the ones after a comment that describes the code describe it too
            titled = titled or (program and named[0] is not None)
            first.append(Line("body"))
    nexts = next_line if next_line is not None else [True] * len(pars)
    first = _levels(pars, _repeated(pars, _lists(pars, kinds, _menus(pars, first, nexts))))
    out = list(first)
    for i, line in enumerate(first):
        if line.kind != "title":
            continue
        j = next(
            (
                k
                for k in range(i + 1, len(first))
                if first[k].kind not in ("furniture", "subheading")
            ),
            None,
        )
        if j is None or (
            first[j].kind == "kept"
            and not _names_again(pars[j], line, pars[i])
            and not _FIRST_RULE.match(pars[j])
            and not _labelled(pars, first, j)  # `Тип колоды` ⏎ `Две колоды`: a table's cell
        ):
            out[i] = Line("body")  # the text's last line, or a line inside old rules
        elif _labelled(pars, first, i):
            out[i] = Line("body")  # a table's cell under its label: `Сброс` ⏎ `Набирается…`
    return out


def _labelled(pars: list[str], first: list[Line], i: int) -> bool:
    """Whether the paragraph before `i` (past furniture) is a table's label of a game's part
    (`labels.table_label`), whose value paragraph `i` is."""
    k = next((k for k in range(i - 1, -1, -1) if first[k].kind != "furniture"), None)
    return k is not None and table_label(pars[k])


_NAMED_AT = re.compile(r"^\s*Пасьянс\w*\s+[«\"„“]([^«»\"„“”\n]{1,50})[»\"“”]")


def running_heads(nt: NormalizedText, spans: list[tuple[int, int]]) -> set[int]:
    """The paragraphs (clean ranges `spans`) that are a printed page's running head: a short
    line right above or below a page's number (`— 44 —`, which the normalizer set aside; no
    blank line between) that names no game (`СБОРНИК ПАСЬЯНСОВ`, `Карточные игры`:
    `names_no_game`) or stands so again beside another page's number. Page furniture of a
    book's text, never a game's title."""
    numbers = [x for x in nt.furniture if x.kind == "page-number"]
    if not numbers:
        return set()
    raw = nt.raw
    beside = []
    for i, (s, e) in enumerate(spans):
        a, b = nt.text_map.raw_span(s, e)
        for x in numbers:
            after = x.end <= a and not raw[x.end : a].strip() and raw.count("\n", x.end, a) <= 1
            before = (
                b <= x.start and not raw[b : x.start].strip() and raw.count("\n", b, x.start) <= 1
            )
            if after or before:
                beside.append(i)
                break
    heads = [fold(nt.text[slice(*spans[i])]) for i in beside]
    out = set()
    for i in beside:
        text = nt.text[slice(*spans[i])].strip()
        if not text or len(text.split()) > 6 or text[-1] in _TERMINAL:
            continue
        if names_no_game(text) or heads.count(fold(text)) >= 2:
            out.add(i)
    return out


def _menus(pars: list[str], lines: list[Line], next_line: list[bool]) -> list[Line]:
    """A short line right after an item of a site's menu and right before another item or
    another title-like line (no blank line between it and the item above it) is an item of
    that menu too (`Главная⏎Турниры⏎Пасьянсы`, `Главная⏎Лото⏎Косынка⏎<rules>`: a section the menu
    words do not list), never a title; the last short line before the running text may be
    the page's title."""
    out = list(lines)
    menu = [menu_item(p) for p in pars]
    for i in range(1, len(lines) - 1):
        text = untagged(pars[i]).strip()
        short = len(text.split()) <= 3 and text[-1:] not in _TERMINAL
        if not short or lines[i].kind == "furniture" or not menu[i - 1] or lines[i].entry:
            continue
        if not next_line[i]:
            continue  # a line set apart by a blank line is no item of the menu above it
        if (menu[i + 1] and next_line[i + 1]) or (
            lines[i + 1].kind == "title" and not lines[i + 1].entry
        ):
            out[i] = Line("furniture")
            menu[i] = True
    return out


def _names_again(par: str, line: Line, title: str) -> bool:
    """Whether a paragraph opens by naming the game of the title line above it (`Косынка`,
    then `Пасьянс «Косынка» как в Windows: по 1 или по 3 карты…`): the title heads that
    game's text."""
    m = _NAMED_AT.match(par)
    return m is not None and _bare_name(m.group(1)) == _bare_name(line.title or title)


# Headings over lists of other pages or games (`Похожие статьи`, `Читайте также`, `Другие
# пасьянсы`), over a page's comments, and over a game's variants (`Варианты`,
# `Разновидности`): the names listed under them are not games of the text.
_RELATED = re.compile(
    r"^(?:похожие|читайте\s+также|читать\s+также|смотрите\s+также|см\.?\s+также|другие"
    r"|популярные|рекомендуем|еще\s+(?:пасьянсы|игры|статьи)|вам\s+(?:также\s+|может\s+)?понрав"
    r"|последние|новые\s+(?:статьи|записи|пасьянсы|игры)|теги|метки|категори|рубрик"
    r"|все\s+(?:пасьянсы|игры)|список\s+(?:пасьянсов|игр)|навигаци)"
)
_COMMENTS = re.compile(
    r"^(?:\d+\s+)?(?:комментари|отзыв|обсуждени|(?:добавить|оставить|оставьте|ваш)\s+(?:комментари"
    r"|отзыв))"
)
# Headings over a comparison with another game or another maker's version of this one
# (`Похожий вариант FreeCell`, `Сравнение с похожей версией Yukon`, `Игры с похожей
# механикой`): the game compared is not a game of the text, what is said of it is this game's.
_COMPARED = re.compile(
    r"^(?:похож(?:ий|ая|ее|ие)\s+(?:вариант|верси|игр|пасьянс)|(?:игры|пасьянсы)\s+с\s+похож"
    r"|сравнени[ея]\s+с\s)"
)
_CONTENTS = re.compile(r"^(?:содержание|оглавление|в\s+(?:этой\s+)?статье)")
_VARIANTS = re.compile(r"^(?:варианты|разновидности|вариации|модификации)(?:\s+\w+){0,2}$")
# A program's modes or levels of one game (`Режимы игры`, `Уровни сложности`): the names
# of the modes are labels, what each states is the game's own text.
_MODES = re.compile(r"^(?:режимы?|уровни|уровень|сложность)(?:\s+\w+){0,2}$")
_LISTED = ("named", "title", "caption")  # kinds of `headings.classify` a listed name may get


def _bare_name(name: str) -> str:
    """A name's key without the word for patience and quotes: `Пасьянс "Нива"` is `нива`, as
    its entry `1. Нива` in the contents."""
    key = re.sub(r"^пасьянс\w*\s+", "", name_key(name))
    return key.strip("«»\"„“”' ")


def _list_head(par: str) -> str | None:
    """`related`, `comments`, `contents`, `variants` or `modes` for a heading over such a list,
    else None."""
    key = fold(untagged(par)).strip(" .:!()0123456789#*")
    if not key or len(key) > 60 or len(key.split()) > 6:
        return None
    if _COMMENTS.match(key):
        return "comments"
    if _CONTENTS.match(key):
        return "contents"
    if _RELATED.match(key) or (_COMPARED.match(key) and not rule_sentence(par)):
        return "related"
    if _VARIANTS.match(key):
        return "variants"
    if _MODES.match(key):
        return "modes"
    return None


# A stop alone before a line's text: the end of a program's statement read before a string
# (`this.Text = "Пасьянс 'Дважды два'";` reads `. Пасьянс 'Дважды два'`).
_STOP_BEFORE = re.compile(r"^\.\s+(?=[«\"'„“]?[А-ЯЁ])")


def _heading_text(par: str) -> str:
    """A line without its markup tags and a stop alone before it (`_STOP_BEFORE`), and a
    Markdown heading's marks when what follows them is a generic subheading (`### Подсчёт
    очков`); a titled heading keeps them (`## Паук` begins a game of a list)."""
    text = _STOP_BEFORE.sub("", untagged(par))
    head = _MD_HEAD.match(text)
    if head and is_subheading(text[head.end() :]):
        return text[head.end() :]
    return text


def _level(par: str) -> int | None:
    """The level of a Markdown heading (`### X` → 3), else None."""
    m = re.match(r"^\s*(#{1,6})\s", par)
    return len(m.group(1)) if m else None


def _levels(pars: list[str], lines: list[Line]) -> list[Line]:
    """A Markdown heading deeper than the heading of the game being read, after that game's
    running text has begun, is a section of the game (`## Паук`, its rules, `### Перемещение
    карт`), not another game, unless the text under it opens a game (`Пасьянс
    раскладывается…`, `Количество колод: 1`). A heading that names no game (a site's `#
    Пасьянсы`) heads the page, not a game: the headings under it are games."""
    out = list(lines)
    game_level: int | None = None
    text_since = False
    for i, line in enumerate(lines):
        level = _level(pars[i])
        if line.kind == "title" and level is not None:
            deeper = game_level is not None and level > game_level and text_since
            if deeper and not _opens_after(pars, lines, i):
                out[i] = Line("subheading")
                continue
            if names_no_game(line.title or pars[i]):
                game_level, text_since = None, False  # `# Пасьянсы`: the page's, no game's
                continue
            game_level, text_since = level, False
        elif line.kind == "title":
            game_level, text_since = None, False
        elif line.kind == "body":
            text_since = True
    return out


def _opens_after(pars: list[str], lines: list[Line], i: int) -> bool:
    """Whether the running text after line `i` opens with a game's first sentence."""
    nxt = next((k for k in range(i + 1, len(lines)) if lines[k].kind == "body"), None)
    if nxt is None or any(lines[k].kind in ("title", "kept") for k in range(i + 1, nxt)):
        return False
    first = SENTENCE.match(pars[nxt])
    return first is not None and opens_game(first.group())


def _repeated(pars: list[str], lines: list[Line]) -> list[Line]:
    """A title line with no running text before the next title, whose name stands again
    later as a title, is an entry of a table of contents, not the game (`1. Косынка`,
    `2. Паук`, …, then `Косынка` over its rules)."""
    out = list(lines)
    names = {
        i: name_key(line.title or pars[i]) for i, line in enumerate(lines) if line.kind == "title"
    }
    last = {name: i for i, name in names.items()}  # the last title line of each name
    for i, name in names.items():
        if last[name] == i:
            continue
        nxt = next((k for k in range(i + 1, len(lines)) if lines[k].kind != "furniture"), None)
        if nxt is not None and lines[nxt].kind == "title":
            out[i] = Line("furniture")
    return out


def _names_other(pars: list[str], lines: list[Line], i: int) -> bool:
    """Whether the running text after line `i` opens by naming another game than the line
    (`Свободная ячейка` closing a list, then `Пасьянс "реглан" раскладывается…`)."""
    nxt = next((k for k in range(i + 1, len(lines)) if lines[k].kind == "body"), None)
    named = named_opening(pars[nxt]) if nxt is not None else None
    if named is None:
        return False
    a, b = name_key(named), name_key(lines[i].title or pars[i])
    return a not in b and b not in a


def _listish(par: str) -> bool:
    """A short line that ends no sentence: an item of a list (`паукъ (двѣ масти)`, which the
    normalizer put in lower case as if it went on from the line before)."""
    text = par.strip()
    return len(text) <= 60 and len(text.split()) <= 6 and text[-1:] not in _TERMINAL


def _rules_after(pars: list[str], lines: list[Line], i: int) -> int:
    """Rule sentences of the running text after line `i`, up to the next heading."""
    found = 0
    for k in range(i + 1, len(lines)):
        if lines[k].kind in ("furniture", "subheading"):
            continue
        if lines[k].kind != "body":
            break
        found += rule_count(pars[k])
    return found


def _lists(pars: list[str], kinds: list[str], lines: list[Line]) -> list[Line]:
    """Lines under a list heading that are not games: the names listed under `Похожие
    статьи` or `Разновидности` (up to the next running text), everything under `Комментарии`.
    A list ends at a numbered entry or a Markdown heading, and at a title-like line followed
    by running text that states rules (a game printed after the list)."""
    out = list(lines)
    n = len(lines)
    i = 0
    while i < n:
        mode = _list_head(pars[i]) if lines[i].kind != "body" or len(pars[i]) <= 60 else None
        if mode is None:
            i += 1
            continue
        out[i] = Line("subheading" if mode in ("variants", "modes") else "furniture")
        j = i + 1
        seen: set[str] = set()
        while j < n:
            line, kind = lines[j], kinds[j]
            if mode == "contents" and line.kind == "title":
                name = _bare_name(line.title or pars[j])
                if name in seen:
                    break  # the first game's own title after its entry in the contents
                seen.add(name)
                out[j] = Line("furniture")
                j += 1
                continue
            if mode == "modes" and line.kind != "kept" and not _list_head(pars[j]):
                # `1. Классический`, `Стандарт`: a mode's name; its rules stay the game's
                if line.kind == "title" and rule_sentence(pars[j]):
                    out[j] = Line("body")  # `Вытягивание по 3 карты из колоды`: a count
                elif line.kind != "body":
                    out[j] = Line("furniture")
                j += 1
                continue
            if line.entry or _list_head(pars[j]):
                break
            listed = (
                line.kind == "title"
                or (line.kind == "kept" and kind in _LISTED)
                or (line.kind == "body" and _listish(pars[j]))
            )
            if listed:
                if _rules_after(pars, lines, j) >= 2 and not _names_other(pars, lines, j):
                    break  # a game's title after the list
                out[j] = Line("furniture")
            elif line.kind == "body":
                if mode != "comments":
                    break
                out[j] = Line("furniture")
            elif line.kind == "kept" and mode != "comments":
                break
            elif line.kind == "kept":
                out[j] = Line("furniture")
            j += 1
        i = j
    return out


# --- games and refusals --------------------------------------------------------------------

# Rule sentences that make running text a game: one under a title, two without one (a
# stray sentence of an untitled page about cards is not yet a game).
TITLED_RULES = 1
UNTITLED_RULES = 2


def states_rules(game: WGame, *, untitled: bool = False) -> bool:
    """Whether a game's running text (play and notes) states rules; a text whose every
    rule-like sentence only talks about the game (`about_game`) states none. `untitled`:
    count as for a game without a title, whatever heads it."""
    # a sentence about games at large is not counted
    rules = [s for s in _rule_like(game, ("play", "note")) if not about_games(s)]
    # a name in a sentence is no heading
    titled = bool(game.title) and game.id_from != "text" and not untitled
    enough = len(rules) >= (TITLED_RULES if titled else UNTITLED_RULES)
    return enough and not all(about_game(s) for s in rules)


def about_game(text: str) -> bool:
    """Whether a sentence speaks of a game (its difficulty, fame, look) rather than stating
    one of its rules: `Первый вариант самый простой с одной мастью, второй сложнее`."""
    key = fold(text)
    if not _ABOUT.search(key) or _RANK_NAMED.search(key):
        return False
    # a count of cards or piles is a rule («две колоды по 52 карты»); a count of suits is
    # the variant's difficulty («выдается одна масть карт»)
    return all("маст" in m.group() for m in _NUMBER_THING.finditer(key))


def only_talk(game: WGame) -> bool:
    """Whether every sentence of a game's running text that names cards with an act only
    talks about the game (`about_game`), and there is at least one: a page that praises a
    known game and names its levels of difficulty states none of its rules."""
    rules = _rule_like(game, ("play", "note", "intro"))
    return bool(rules) and all(about_game(s) for s in rules)


# Clauses of one sentence joined by a semicolon, each a rule of its own (`…выкладывают 8 карт
# в ряд; на эти карты укладывают в нисходящей линии…`).
_CLAUSES = re.compile(r";\s+(?=[а-яё])")


def _rule_like(game: WGame, kinds: tuple[str, ...]) -> list[str]:
    """The sentences of a game's sections of `kinds` that read as rules (`rule_sentence`),
    clauses joined by a semicolon counted apart (in a sentence all in capitals too)."""
    return [
        c
        for sec in game.sections
        if sec.kind in kinds
        for s in sec.sentences
        for c in _CLAUSES.split(s.text.lower() if s.text.isupper() else s.text)
        if rule_sentence(c)
    ]


def running_spans(nt: NormalizedText) -> list[tuple[int, int]]:
    """The sentences of a text's running text as clean-text ranges, as game finding counts
    them: each paragraph (`paragraphs`: the source's own lines, as the segmenter reads them)
    split at full stops, without furniture lines, breadcrumbs and furniture
    sentences (a download page's `>>>СКАЧАТЬ<<<` line, run together with the page's prose by
    the normalizer, sets aside its own sentence only, not the prose after it; a sentence
    that gives a site's address sets aside itself, not the rules of its paragraph)."""
    out = []
    for s, e in paragraphs(nt, blocks(nt.text)):
        par = nt.text[s:e]
        if is_breadcrumb(par):
            continue
        for m in SENTENCE.finditer(par):
            x = m.group().strip()
            if x and not is_furniture(x) and not furniture_sentence(x):
                a = s + m.start() + len(m.group()) - len(m.group().lstrip())
                out.append((a, a + len(x)))
    return out


def running_sentences(nt: NormalizedText) -> list[str]:
    """The sentences of `running_spans`, as text."""
    return [nt.text[a:b] for a, b in running_spans(nt)]


def stated_rules(
    nt: NormalizedText, minimum: int = UNTITLED_RULES, *, program: bool = False
) -> list[tuple[int, int]]:
    """The sentences of a whole text that state rules (`rule_sentence`, not only talk about
    the game: `about_game`; not a name on a line of its own, `Свободная ячейка` listed under
    `Похожие статьи`), as clean-text ranges, when there are enough of them for a game
    without a title (`UNTITLED_RULES`); else none. A text whose rules the segmenter spread
    over stretches none of which is a game alone (short sections under headings, rules in
    lines that read as headings, a paragraph set aside for the site's address in it) still
    states them, and is one game. `program`: the text is program source, whose code may
    state the rules its comments only name (`program_states_rules`)."""
    spans = running_spans(nt)
    rules = [
        (a, b)
        for a, b in spans
        if rule_sentence(s := nt.text[a:b])
        and not about_game(s)
        and not about_games(s)
        and (not title_like(s) or _RULE_LINE.search(fold(s)))
    ]
    # with them, the rules a program's code states, as the reading text keeps them
    # (`deal_triangle = 7.`), wherever they stand: a program's only rules are never a game,
    # but for the rules of play its code states where its words name cards (below)
    said = [(a, b) for a, b in spans if statement(nt.text[a:b].strip()) is not None]
    if len(rules) < minimum and not (program and program_states_rules(nt, spans)):
        return []
    return sorted(set(rules) | set(said))


# A line that reads as a title but states a rule: a run of ranks (`36 карт • от 6 до
# туза`) or what only a rank may take (`В пустой дом только туза`), never a game's name.
_RULE_LINE = re.compile(
    r"(?<!\w)(?:от\s+(?:\d{1,2}|туза|короля|двойки|дамы|валета)\s+до\s+\w+"
    r"|(?:только|лишь)\s+(?:\w+\s+)?(?:туз|корол(?!ев)|дам[аыуе]?(?!\w)|валет))"
)


# Words of cards and their places, as a program's comment names what its code handles
# (`Класс для работы с колодами карт, лежащими на игральном столе`).
_CARD_WORDS = re.compile(r"(?<![а-яё])(?:карт|колод|масть|масти|туз|корол|пасьянс|стопк)")


def program_states_rules(nt: NormalizedText, spans: list[tuple[int, int]]) -> bool:
    """Whether program source states a game's rules by its code alone: two rules of play or
    more that its constructs state (`build_down = 1.`, `build_alt_colour = 1.`; not a
    setting's named value, `drawCount: 1`), in source whose Russian words name cards or
    their places (a class of a pile's rules: `Класс для работы с колодами карт`)."""
    constructs = {
        kind
        for a, b in spans
        if construct_statement(x := nt.text[a:b].strip()) and (kind := statement(x)) is not None
    }
    plays = {k for k, _ in constructs if not lays_out(k)}
    return len(plays) >= 2 and bool(_CARD_WORDS.search(fold(nt.text)))


# Words of a site's name, a book's or a page's heading about patience in general (`Мир
# пасьянсов — всё о карточных играх`, `Сборник пасьянсов`, `Энциклопедия карточных игр`).
_SUBJECT_WORD = re.compile(
    r"(?:мир|вс[её]|о|об|про|сборник\w*|собрани\w*|коллекци\w*|любител\w*|энциклопеди\w*"
    r"|библиотек\w*|клуб|портал|сайт\w*|азартн\w*|настольн\w*|интересн\w*|увлекательн\w*"
    r"|знаменит\w*|популярн\w*|классическ\w*|старинн\w*|известн\w*|разн\w*|виды|вид)"
)


def names_no_game(title: str) -> bool:
    """Whether a heading is made only of words about patience in general or about a site
    (`Пасьянс`, `Пасьянсы`, `# Пасьянсы`, `Мир пасьянсов — всё о карточных играх`, `Статьи`):
    it heads a page, not a game."""
    words = re.findall(r"[а-яё]+", fold(untagged(title)))
    return bool(words) and all(
        _GENERIC_WORD.match(w) or _SUBJECT_WORD.fullmatch(w) or w in _MENU_WORDS for w in words
    )


# Games of cards, tokens or boards that are no patience, as a heading names them (`== Лото ==`,
# `Правила игры в преферанс`); a patience named after one says so (`Пасьянс «Шахматы»`).
_OTHER_GAME = re.compile(
    r"(?<!\w)(лото|бинго|шахматы|шашки|нарды|преферанс|бридж|блэкджек|блекджек|рулетк[аи]"
    r"|дурак[аи]?|покер[а]?\s+техасск\w*|техасск\w*\s+холдем\w*)(?!\w)"
)


def other_game(title: str | None) -> str | None:
    """The name of a game that is no patience, when a heading names one and no patience
    (`Лото`, `Правила игры в лото`; not `Пасьянс «Шахматы»`, not `Шахматная доска`)."""
    if not title:
        return None
    key = fold(untagged(title))
    if re.search(r"(?<!\w)пасьянс", key):
        return None
    m = _OTHER_GAME.search(key)
    return m.group(1) if m else None


def _of(n: int, noun: str) -> str:
    """`1 sentence`, `3 sentences`."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def no_game_reason(nt: NormalizedText) -> str:
    """Why a text holds no game, for the refusal message: which case it is (no Russian words,
    only page furniture, only a program's named values, only headings, too little rule
    content, no rule content), with the counts that show it."""
    if not re.search(r"[а-яё]", fold(nt.text)):
        return "the text has no Russian words"
    sentences = running_sentences(nt)
    if not sentences:
        return "the text is only page furniture (menus, links, navigation)"
    rules = sum(rule_sentence(s) for s in sentences)
    values = [s.strip() for s in sentences if statement(s.strip()) is not None]
    if values and not rules and all(s.strip() in values or title_like(s) for s in sentences):
        # a program's modes or settings (`name: 'Вегасский'`, `drawCount: 1`): rules said
        # by values only, never a game alone (`stated_rules`)
        more = ", …" if len(values) > 1 else ""
        return (
            f"the text states rules only as a program's named values, none in words "
            f"({_of(len(values), 'value')}: «{values[0]}»{more})"
        )
    if not rules and all(title_like(s) or is_subheading(s) for s in sentences):
        shown = ", ".join(f"«{s}»" for s in sentences[:3]) + (", …" if len(sentences) > 3 else "")
        return f"the text is only {_of(len(sentences), 'heading')} ({shown}) with no text under it"
    n = len(sentences)
    if rules and not any(rule_sentence(s) and not about_game(s) for s in sentences):
        verb = "names" if rules == 1 else "name"
        return (
            f"the text names a game but states none of its rules ({rules} of "
            f"{_of(n, 'sentence')} {verb} cards or places only to say how hard, simple or "
            "famous the game is, or what its play looks like)"
        )
    if rules:
        talk = sum(rule_sentence(s) and (about_game(s) or about_games(s)) for s in sentences)
        rules -= talk
        verb, pron = ("names", "it") if rules == 1 else ("name", "them")
        more = f"; {talk} more only talk about the game or games in general" if talk else ""
        return (
            f"the text states too little of a game's rules ({rules} of {_of(n, 'sentence')} "
            f"{verb} cards or places together with a move{more}, and no title that names a "
            f"game heads {pron})"
        )
    if n == 1:
        return (
            "the text states no rule of a patience game (its only sentence neither lays out "
            "cards, moves them nor names a goal)"
        )
    return (
        f"the text states no rule of a patience game (none of its {n} sentences lays out "
        "cards, moves them or names a goal)"
    )
