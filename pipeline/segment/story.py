"""Whether a sentence tells a story: what a person did once, not a rule of play.

A passage around a game's rules may tell of someone playing it (`Впервые, раскладывая
пасьянс, она не загадала желание`, `Или капризно хмурила брови, когда заходила в тупик`).
The grammar reads words, not who does them, and finds rules in such sentences (`redeal.none`
in «не загадала», `cond.stuck` in «заходила в тупик»); extraction reads no facts in a story's
sentence. A rule told in the past speaks of cards, places, counts or what one may do
(`На тузов клали двойки той же масти`), so it is never a story and keeps its facts: a rule's
facts lost are the worse error.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pipeline.segment.finding import names_things, states_count
from pipeline.segment.fold import fold, remembered

_WORD = re.compile(r"[а-я]+")
# What one may, must or may not do (`можно`, `нельзя`, `надо`, `должны`, `могли`,
# `разрешается`): a sentence saying it states a rule, in any tense.
_MODALS = frozenset(
    {
        "можно",
        "нельзя",
        "надо",
        "нужно",
        "необходимо",
        "должный",
        "мочь",
        "следовать",
        "разрешаться",
        "позволяться",
        "полагаться",
        "разрешено",
        "запрещено",
    }
)
# The persons a story is about, as the subject (`она не загадала желание`, `я начал`).
_PERSONS = frozenset({"я", "ты", "он", "она", "мы", "вы", "они"})
# The endings of past forms (`клали`, `легла`, `мог`, `шел`): a sentence with none of them is not
# told in the past.
_PAST_FORM = re.compile(
    r"(?:л[аио]?|мог|лег|шел|нес|вез|пек|жег|рос|тек|влек|сек|берег|стриг)(?:ся|сь)?(?![а-я])"
)


@lru_cache(maxsize=1 << 16)
def _readings(word: str) -> tuple[Any, ...]:
    """pymorphy3's readings of a (folded) word, most likely first: the same few words come
    back in every sentence, and a story is looked for in every sentence extraction reads."""
    from pipeline.normalize.lexicon import morph  # the normalizer's analyser, loaded once

    return tuple(morph().parse(word))


def first_reading(word: str) -> Any:
    """pymorphy3's most likely reading of a (folded) word, remembered."""
    return _readings(word)[0]


def told_in_past(text: str) -> bool:
    """Whether a sentence's finite verbs are all in the past (`Карты послушно открывались и
    ждали`, `собирая карты, перебирала`, `На тузов клали двойки`)."""
    key = fold(text)
    if not _PAST_FORM.search(key):
        return False  # no word that could be a past form: pymorphy need not be asked
    verbs = [t for w in _WORD.findall(key) if (t := first_reading(w).tag).POS == "VERB"]
    return bool(verbs) and all("past" in t.grammemes for t in verbs)


@remembered
def story(text: str) -> bool:
    """Whether a sentence tells what a person did once: its finite verbs are all past
    (`told_in_past`), its subject is a person — a personal pronoun (`она не загадала
    желание`), or a verb in the masculine or feminine singular with no noun of its gender in
    the nominative to be its subject (`хмурила брови, когда заходила в тупик`) — and it names
    no card nor place of the layout, counts nothing and says nothing one may or must do. A
    rule told in the past speaks of cards (`На тузов клали двойки той же масти`, `Вы
    победили, если все карты оказались в базовых стопках`, `Вверху слева 4 ячейки, они
    назывались «домом»`), so it is never a story: what the grammar reads in a story
    (`redeal.none` in «не загадала», `cond.stuck` in «заходила в тупик») is no rule. A story's
    sentence that names cards (`Она на автоматизме определяла карты в группы`) is left to
    the grammar: a rule's facts lost are the worse error."""
    key = fold(text)
    if not told_in_past(text) or names_things(text) or states_count(text):
        return False
    words = _WORD.findall(key)
    if any(first_reading(w).normal_form in _MODALS for w in words):
        return False
    if any(w in _PERSONS and first_reading(w).tag.case == "nomn" for w in words):
        return True
    nominative = {
        (p.tag.gender, p.tag.number)
        for w in words
        for p in _readings(w)
        if p.tag.POS in ("NOUN", "NPRO") and p.tag.case == "nomn"
    }
    for w in words:
        tag = first_reading(w).tag
        person = tag.gender in ("masc", "femn") and (tag.gender, "sing") not in nominative
        if tag.POS == "VERB" and "past" in tag.grammemes and tag.number == "sing" and person:
            return True
    return False


# The persons a story tells of as its subject (not «вы»: a rule addresses the reader so, in
# the past too: `Вы победили, если все карты оказались в основаниях`).
_STORY_PERSONS = re.compile(r"(?<!\w)(?:я|он|она|мы|они)(?!\w)")


def person_past(text: str) -> bool:
    """A sentence told in the past of a person (`Она сидела у окна и раскладывала карты`),
    cards named or not: `story` leaves a sentence that names cards to the grammar, but a
    text whose every sentence gives no firm evidence of a rule loses nothing by it."""
    return bool(_STORY_PERSONS.search(fold(text))) and told_in_past(text)


def told_of_person(text: str) -> bool:
    """A sentence with a person as its subject and a verb in the past (`Играл он … то два
    туза заимеет, то в прикупе шестерочка придет`): a narrator's, whatever its other verbs."""
    key = fold(text)
    if not _STORY_PERSONS.search(key):
        return False
    words = _WORD.findall(key)
    return any(
        "past" in (t := first_reading(w).tag).grammemes
        and t.POS == "VERB"
        and not _MOOD.intersection(words[max(0, i - 3) : i])
        for i, w in enumerate(words)
    )


# A past form after «чтобы» or «бы» is no past but a purpose or a condition (`выкладываются
# так, чтобы они образовывали сетку 5x5`): nothing told of a person.
_MOOD = frozenset({"чтобы", "бы", "б"})


# A reply in a dialogue with its speaker named between dashes (`— А вот что, — сказал он, —
# пасьянс вышел`, `— Так вот, — заметил отец, — …`): a verb of speaking in the past.
_ATTRIBUTED = re.compile(
    r"^\s*[—–]\s*\S.*?[,!?…]\s*[—–]\s*(?:\w+\s+)?(?:сказал|ответил|заметил|спросил|воскликнул"
    r"|продолжил|добавил|произн[её]с|прошептал|крикнул|возразил|объяснил)\w*(?!\w)"
)
# A line that opens with a dash: a reply in a dialogue (`— Да.`, `— Ну и что же?`).
_REPLY = re.compile(r"^\s*[—–]\s*\S")


def attributed_reply(text: str) -> bool:
    """A reply whose speaker the text names (`— А вот что, — сказал он, — пасьянс вышел`): a
    person's words in a story, not the text's own rule."""
    return bool(_ATTRIBUTED.match(fold(text)))


def reply(text: str) -> bool:
    """A line of a dialogue: it opens with a dash (`— Да.`, `— Ты что-то задумал?`)."""
    return bool(_REPLY.match(text))
