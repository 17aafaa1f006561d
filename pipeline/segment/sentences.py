"""Sentence boundaries that respect the books' abbreviations, brackets and quotes.

A sentence ends at `.`, `!`, `?` or `…` followed by a capital letter (or an opening quote;
any letter where the paragraph has no capital at all: a page lower-cased by a copy)
or by the end of the paragraph (a full stop glued to the next word ends one too) — except
after an abbreviation (`т.-е.`, `т. е.`, `напр.`, `и т. д.` mid-sentence, `др.`) and inside
balanced parentheses or «guillemets», where the books put rule references such as
`(правило I. …)`. An unbalanced bracket (an OCR slip such as `(правило I;`) protects
nothing, so it cannot swallow the rest of a paragraph.
"""

from __future__ import annotations

from itertools import pairwise

import regex

from pipeline.segment.named_values import statement_cuts
from pipeline.segment.prepositions import PLACE_PREPOSITIONS

# Words that never end a sentence when followed by a period. `т` covers т. е., т. д.,
# т. п.; `е` covers the second half of т. е. / т.-е. (the `д` of `и т. д.` and the `п` of
# `и т. п.` may end a sentence and are not listed).
ABBREVIATIONS = frozenset(
    {"т", "е", "напр", "др", "пр", "см", "ср", "стр", "рис", "гл", "ст", "проч", "мн", "св"}
)

_END = regex.compile(r"[.!?…]+[»\"')\]]*")
# the next sentence's capital, perhaps after a list item's mark (`… с тузов. * Короли …`,
# `… стопки. - На пустое место …`): a page that lists its rules one a line
_NEXT_STARTS = regex.compile(r"\s+(?=(?:[-*–—•·▪◦]\s+)?[\p{Lu}«\"„(№\d])")
# The same in a text with no capital letter at all (a page lower-cased by a copy or a
# chat): a stop before any word ends its sentence, as no capital can say so.
_NEXT_STARTS_CASELESS = regex.compile(r"\s+(?=(?:[-*–—•·▪◦]\s+)?[\p{Ll}«\"„(№\d])")
_CAPITAL = regex.compile(r"\p{Lu}")
_WORD_BEFORE = regex.compile(r"(\p{L}+)[.!?…]*$")
_OPEN = {"(": ")", "«": "»", "[": "]"}
_BRACKET = regex.compile(r"[()«»\[\]]")
_BULLETS = "•·▪◦*"


def _protected(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Inner ranges of balanced bracket/quote pairs; unmatched openers are ignored."""
    ranges: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    for m in _BRACKET.finditer(text, start, end):
        ch, i = m.group(), m.start()
        if ch in _OPEN:
            stack.append((_OPEN[ch], i))
        elif stack and ch in _OPEN.values():
            # close the innermost matching opener; openers above it were unbalanced
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == ch:
                    ranges.append((stack[k][1], i))
                    del stack[k:]
                    break
    return ranges


# Where snippets of a page were run together without a stop (an SEO text made of cut
# excerpts: `…кладут над маг Из двух полных колод выкладывают…`, `…кроме того имеется
# Положив магазин…`): a word in lower case, then a capitalised word that never names a game
# in running text — a preposition, conjunction or pronoun, a gerund, or a word that opens a
# game's rules (`…стопок н Количество колод: 1`, `…и т. д. Е Пасьянс "реглан" раскладывается`;
# the cut may leave one capital letter of the broken word). Each word also in pre-reform
# spelling (`…надъ магъ Изъ двухъ…`, `Всѣ`, `Положивъ`: `_old`), as an old page is printed.
_JOINT_WORDS = (
    "Из", "В", "Во", "На", "С", "Со", "По", "Для", "При", "После", "Если", "Когда", "Эта",
    "Это", "Этот", "Эти", "Все", "Затем", "Потом", "Далее", "Также", "Но", "От", "До",
    "Под", "Над", "Перед", "Тогда", "Где", "Чтобы", "Однако", "Кроме", "Каждый", "Каждая",
    "Каждое", "Оставшиеся", "Остальные", "Он", "Она", "Они", "Мы", "Вы", "Его", "Их",
    "Пасьянс", "Количество", "Колода", "Колоду", "Карты", "Игра", "Две", "Два", "Одна",
    "Обе",
)  # fmt: skip


def _old(word: str) -> str:
    """A modern word as a pattern that also takes its pre-reform spelling: е as ѣ, и as і,
    a hard sign after a final consonant."""
    body = word.replace("е", "[еѣ]").replace("и", "[иі]")
    return body + ("ъ?" if word[-1] not in "аеёиоуыэюяйь" else "")


_JOINT = regex.compile(
    r"(?<=(?:\p{Ll}|(?<!\p{L})\p{Lu})[,;:]?)\s+(?=Пасьянсъ?\s+[«\"„]\p{Ll}"
    r"|(?:" + "|".join(_old(w) for w in _JOINT_WORDS) + r""
    r"|\p{Lu}\p{Ll}+(?:(?:ив|ав|яв|ев|ув|ыв)ъ?|вши|вшись))\s+[\p{Ll}\d])"
)


# A full stop with no space before the next sentence (`ничего нельзя положить.В пасьянсе
# карты…`): a word of three letters at least before it, a capital letter after it (of a word
# or of a one-letter preposition).
_GLUED_STOP = regex.compile(r"(?<=[а-яё]{3})\.(?=[А-ЯЁ](?:[а-яё]|\s+[а-яё]))")


def split_sentences(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Sentence ranges [s, e) of `text[start:end]`, trimmed of surrounding whitespace."""
    end = len(text) if end is None else end
    guarded = _protected(text, start, end)
    cuts: list[int] = []
    caseless = not _CAPITAL.search(text, start, end)
    starts = _NEXT_STARTS_CASELESS if caseless else _NEXT_STARTS
    for m in _END.finditer(text, start, end):
        stop = m.end()
        if stop >= end or not starts.match(text, stop, end):
            continue
        if any(a < m.start() < b for a, b in guarded):
            continue
        if m.group()[0] == ".":
            # a short window suffices: abbreviations are short, and a longer word never is one
            w = _WORD_BEFORE.search(text, max(start, m.start() - 12), m.start() + 1)
            if w and w.group(1).lower() in ABBREVIATIONS and len(m.group()) == 1:
                continue
        cuts.append(stop)
    for m in (*_JOINT.finditer(text, start, end), *_GLUED_STOP.finditer(text, start, end)):
        if not any(a < m.start() < b for a, b in guarded):
            cuts.append(m.end())
    if "=" in text[start:end]:
        cuts += statement_cuts(text, start, end)
    cuts.sort()
    out: list[tuple[int, int]] = []
    prev = start
    for c in [*cuts, end]:
        s, e = prev, c
        while s < e and (text[s].isspace() or text[s] in _BULLETS):
            s += 1  # a list item's bullet is not part of its sentence
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
        prev = c
    return out


_ITEM_WORDS = regex.compile(r"[\p{L}\"«„]+")


def enumeration(text: str, s: int, e: int) -> list[list[tuple[int, int]]] | None:
    """A sentence that lists, after `;`, more places for the verb of its first clause
    (`перекладывать карту … в любую другую колонку …; в любую освободившуюся колонку; в
    «дом», начиная с туза`): each place is read with that clause's head, so each item
    becomes a clause of its own, made of two ranges (the head, the item). None when the
    sentence is no such list: fewer than two `;` outside brackets, or an item that does not
    begin with the preposition the first clause uses before its own place."""
    if text.count(";", s, e) < 2:
        return None  # fewer than two `;` at all
    guarded = _protected(text, s, e)
    cuts = [i for i in range(s, e) if text[i] == ";" and not any(a < i < b for a, b in guarded)]
    if len(cuts) < 2:
        return None
    bounds = [s, *cuts, e]
    parts = []
    for a, b in pairwise(bounds):
        a = a + 1 if text[a] == ";" else a
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if a >= b:
            return None
        parts.append((a, b))
    first, items = parts[0], parts[1:]
    words = [_ITEM_WORDS.findall(text, a, b)[:2] for a, b in items]
    preps = {w[0].lower() for w in words if w}
    if len(preps) != 1 or not preps <= PLACE_PREPOSITIONS or any(len(w) < 2 for w in words):
        return None
    (prep,) = preps
    # where the first clause's own place begins: the item's first two words, else the last
    # time the preposition stands in it after its first word
    pair = regex.compile(
        rf"(?<!\p{{L}}){regex.escape(prep)}\s+{regex.escape(words[0][1])}(?!\p{{L}})",
        regex.IGNORECASE,
    )
    m = pair.search(text, first[0] + 1, first[1])
    if m is None:
        last = None
        for m2 in regex.finditer(rf"(?<!\p{{L}}){regex.escape(prep)}(?!\p{{L}})", text[: first[1]]):
            if m2.start() > first[0]:
                last = m2
        m = last
    if m is None:
        return None
    head_end = m.start()
    while head_end > first[0] and text[head_end - 1].isspace():
        head_end -= 1
    if head_end <= first[0]:
        return None
    head = (first[0], head_end)
    return [[first], *([head, item] for item in items)]
