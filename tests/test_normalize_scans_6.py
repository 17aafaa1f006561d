"""What scans-6 found the normalizer breaking or searching for nothing on development readings
(issue 19, `scans-dev-other`: web pages respelled the old way, Tesseract's Cyrillic model):
a table's `|` and a list's `•` dropped as specks, a comma before the polite Вы read as a lost
stop, and Latin text read as Cyrillic searched for Russian words at the cost of thousands of
look-ups. The texts are the readings as Tesseract gave them (pages `ptserif real-dewiki-golf`,
`oldstandard real-talismanes-kak-raskladyvat`, `ptserif real-gist-pauk-chetyre-masti`,
`ptserif real-gist-pauk-dve-kolody`); the confidences are set by the tests."""

from __future__ import annotations

import re

from pipeline.normalize import normalize
from pipeline.normalize.confusions import shipped_table
from pipeline.normalize.correct import MAX_LOOKUPS, Corrector, foreign_forms
from pipeline.normalize.lexicon import lexicon

TABLE = (
    "А Терп%ніе игра | |\n"
    "\n"
    "Первоначальный макетъ | |\n"
    "\n"
    "Семья | Добавленіе и сопряженіе |\n"
    "\n"
    "Палуба | Одиночная 52 карты |\n"
)

LIST = (
    "Гаданія на картахъ является сакральнымъ процеесомъ.\n"
    "который требуетъ соблюденія опредълепныхъ правилъ:\n"
    "\n"
    "• Колода должна быть индивидуальна, Передача колоды\n"
    "постороннимъ лицамъ уничтожаетъ ее магическую еилу.\n"
    "\n"
    "• Картамъ необходимо веецело и полностью доверять\n"
    "иначе гаданія будутъ недостоверны:\n"
)

POLITE = (
    "Подъ игрой им%ется описаніе, инструкціи и правила,\n"
    "а также тематическіе ссылки на похожіе матеріалы -\n"
    "рекомендуемъ ознакомиться. Если эта флешъ игра не\n"
    "работаетъ, Вы можете поиграть въ Пасьянсъ Паукъ для\n"
    "андроида. Играйте въ игры для планшетовъ. Пасьянсъ\n"
    "здѣсь всегда доступна, Вамъ достаточно лишь\n"
    "открыть страницу.\n"
)

FOREIGN = "ЅКір ѓо сопёепі\n\nІпѕ(апіу ѕһаге соде, поїеѕ, апа ѕпірреѓѕ.\n"


def _norm(raw: str, conf: float | None) -> str:
    spans = None if conf is None else [(m.start(), m.end(), conf) for m in re.finditer(r"\S+", raw)]
    return normalize(raw, "page.txt", word_confidences=spans).text


def test_a_tables_rules_are_kept_and_a_lone_stroke_is_still_a_speck() -> None:
    out = _norm(TABLE, 60.0)
    assert out.count("|") == 8
    assert "Семья | Добавленіе и сопряженіе |" in out
    # one line with a stroke: a speck (scans-5's page-13 reading: `карту другой пачки. |`)
    one = _norm("Опустѣвшая пачка не закрывается;\nкарту другой пачки. |\n", 60.0)
    assert "|" not in one


def test_a_bullet_opening_two_lines_is_kept_one_alone_dropped() -> None:
    out = _norm(LIST, 40.0)
    assert out.count("• ") == 2
    assert "• Колода должна" in out and "• Картамъ необходимо" in out
    lone = LIST.replace("• Картамъ", "Картамъ")
    assert "•" not in _norm(lone, 40.0)


def test_a_comma_before_the_polite_pronoun_the_page_capitalizes_stays() -> None:
    out = _norm(POLITE, 80.0)
    assert "работаетъ, Вы можете" in out
    assert "доступна, Вамъ достаточно" in out
    # once only: no witness of the page's capital, the comma before a capital is a stop
    once = POLITE.replace("работаетъ, Вы можете", "работаетъ, можно")
    assert "доступна. Вамъ достаточно" in _norm(once, 80.0)


def test_latin_read_as_cyrillic_is_left_as_printed() -> None:
    out = _norm(FOREIGN, 60.0)
    assert "ЅКір ѓо сопёепі" in out and "апа ѕпірреѓѕ." in out  # not ана (and)
    line = "Это игра «Пасьянсъ Паукъ», которую на Западѣ зовутъ Ѕрійег Ѕоікаіге, и она проста."
    assert foreign_forms(line) == {"Ѕрійег", "Ѕоікаіге"}
    # ѕ at a word's end after a consonant may be a final ъ read so (картѕ): not foreign
    assert foreign_forms("возьмите картѕ и кладите") == set()


def test_a_foreign_word_spends_no_look_up_and_a_russian_one_still_does() -> None:
    text = "Это игра или Ѕрійег Ѕоікаіге.\n\nЭтотъ пасьянеъ простъ, и раскладывать его легко."
    corr = Corrector(text, lexicon(True), shipped_table())
    d = corr.decide("Ѕрійег")
    assert not d.unknown and d.best is None and corr._lookups == MAX_LOOKUPS
    assert corr.decide("пасьянеъ").unknown and corr._lookups < MAX_LOOKUPS
