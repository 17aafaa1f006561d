"""The twenty-second round of the OCR channel (issue 19): no correct word made wrong. Each
guard keeps a right word the engine read as printed, and beside each the repairs of the
same class that must still be made."""

from __future__ import annotations

from channel_text import pre


def _all_at(text: str, c: float) -> tuple[tuple[str, str, float], ...]:
    return tuple((w, w, c) for w in dict.fromkeys(text.split()))


def test_an_infinitive_before_its_clauses_finite_verb_stays() -> None:
    # the clause's finite verb (дозволяется) stands after it: the word is its infinitive,
    # whatever subject the words before seem to give (одна only a fragment of the line)
    raw = "Каждый разъ одна только ка переносить нѣсколько картъ вмѣстѣ не дозволяется."
    assert pre(raw) == raw
    raw = "Пасьянсъ этотъ переносить нѣсколько картъ вмѣстѣ не позволяетъ."
    assert pre(raw) == raw


def test_the_third_person_is_still_made_where_no_finite_verb_follows() -> None:
    raw = "Пасьянсъ этотъ выходить очень рѣдко."
    assert pre(raw) == "Пасьянсъ этотъ выходитъ очень рѣдко."
    # a finite verb joined by и is a second predicate of the same subject
    raw = "Пасьянсъ этотъ выходить рѣдко и требуетъ вниманія."
    assert pre(raw) == "Пасьянсъ этотъ выходитъ рѣдко и требуетъ вниманія."


def test_a_sure_stop_before_a_demonstrative_stays() -> None:
    # Эти read small (at 71) after a stop read at 91: the demonstrative opens the sentence
    raw = "Карты кладутъ между обоими столбцами. эти два столбца называются хребтомъ."
    conf = (("столбцами.", "столбцами", 91.0), ("эти", "эти", 71.0))
    assert pre(raw, conf) == raw


def test_a_doubted_stop_before_a_demonstrative_is_still_a_comma() -> None:
    raw = "Карты кладутъ между обоими столбцами. эти два столбца называются хребтомъ."
    conf = (("столбцами.", "столбцами", 80.0), ("эти", "эти", 71.0))
    assert pre(raw, conf) == (
        "Карты кладутъ между обоими столбцами, эти два столбца называются хребтомъ."
    )
    # and a sure stop before a verb or a preposition (a comma's clause) as before
    raw = "Сдаютъ карты изъ колоды. кладутъ ихъ рядомъ."
    conf = (("колоды.", "колоды", 91.0), ("кладутъ", "кладутъ", 50.0))
    assert pre(raw, conf) == "Сдаютъ карты изъ колоды, кладутъ ихъ рядомъ."


def test_no_yat_is_put_where_the_engine_surely_printed_no_letter() -> None:
    # отка, лю (words the lexicon lacks, read at 96): отѣка, лѣю are guesses the page does
    # not show
    for raw in ("Столь же сложно отка не бываетъ.", "Карточной игрой въ лю не занимаются."):
        assert pre(raw, _all_at(raw, 96.0)) == raw


def test_yat_read_as_a_sign_is_still_repaired_at_any_confidence() -> None:
    raw = "Кладутъ карту на дбло и мьсто."
    assert pre(raw, _all_at(raw, 96.0)) == "Кладутъ карту на дѣло и мѣсто."
    # and a yat the engine dropped where it doubted the word
    raw = "Кладутъ карту на мсто."
    assert pre(raw, _all_at(raw, 50.0)) == "Кладутъ карту на мѣсто."
