"""`benchmarks/prereform_text.py`: modern sentences respelled as an 1890s book prints them,
the gold of the `scans-dev-phr` scans (exact words: ѣ in roots, endings and verbs, і, ъ,
-аго, раз- before с)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from prereform_text import phrasings_text, respell


def test_respelling_gives_the_old_letters() -> None:
    assert respell("Место на столе, видеть нового короля; рассматривать сияние.") == (
        "Мѣсто на столѣ, видѣть новаго короля; разсматривать сіяніе."
    )
    assert respell("Всё зависит от неё, двенадцать человек.") == (
        "Всѣ зависитъ отъ нея, двѣнадцать человѣкъ."
    )
    # words whose е is no ѣ stay (верх, весело, среди, вернуть, того)
    assert respell("верх весело среди вернуть того") == "верхъ весело среди вернуть того"


def test_only_development_phrasings_are_respelled() -> None:
    assert phrasings_text("phrasings-6").startswith("Для пасьянса «Сорокъ разбойниковъ»")
    with pytest.raises(SystemExit):
        phrasings_text("phrasings-2")  # held out in the extraction benchmark


def test_abbreviations_take_no_hard_sign_and_primer_has_yat() -> None:
    # an abbreviation before its stop is printed bare (т. е., и т. д., см., др.); a word
    # at a sentence's end still takes its ъ, and примѣръ has ѣ after на- as alone
    assert respell("См. выше, т. е. и т. д. и др. Стол.") == "См. выше, т. е. и т. д. и др. Столъ."
    assert respell("например, пример, примерно") == "напримѣръ, примѣръ, примѣрно"


def test_a_roots_dative_is_no_prefix_of_longer_words() -> None:
    # вѣрѣ, мѣрѣ, мѣнѣ (по мѣрѣ, перемѣнѣ) are whole words: as prefixes they wrote
    # провѣрѣнная, измѣнѣніе, намѣрѣнно (scans-8 found them in the web golds)
    assert respell("по мере, вере, перемене") == "по мѣрѣ, вѣрѣ, перемѣнѣ"
    assert respell("изменение проверенная намеренно примененный уверены") == (
        "измѣненіе провѣренная намѣренно примѣненный увѣрены"
    )
    # е words the list had taken: беседа (бесѣда), петля, некуда, меня, сцена, вереница
    assert respell("беседа петля некуда меня сцена вереница") == (
        "бесѣда петля некуда меня сцена вереница"
    )
