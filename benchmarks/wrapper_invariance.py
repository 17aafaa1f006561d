#!/usr/bin/env python3
"""Wrapper invariance: a real passage's games and key facts should not depend on the wrapper
it arrives in (issue 18 §2 and §5).

    python3 benchmarks/wrapper_invariance.py               # the table, seed 1
    python3 benchmarks/wrapper_invariance.py --losses      # also every passage a wrapper hurts
    python3 benchmarks/wrapper_invariance.py --show karty-chasy po   # print one wrapped text
    python3 benchmarks/wrapper_invariance.py --wrappers po json --json

Why: real rule texts arrive as web pages with furniture, Markdown, HTML, JSON strings, `.po`
catalogues, PDF text, numbered lists or with no title, and a passage refused or cut apart by
its wrapper loses every fact it states. The development sets measure each passage in the one
wrapper it was found in; this script re-presents every passage of the development sets
(`real-dev*` of `data/real/manifest.yaml`; the held-out sets are never read) in a set of
generic, seeded wrappers (`WRAPPERS`) and compares each with the passage as it is (`plain`):

- games found (paired as `real_quality.py` pairs them: title, then text order), drafts beyond
  the plain run's (*extra*: furniture or a section read as a game), rule passages refused,
  controls (passages that state no rule) that yield a draft, key facts right, and *lost*: the
  key facts a wrapper loses against the plain run, summed over passages (a wrapper that gains
  on one passage does not hide a loss on another).

Wrappers that change the text's markup (`furniture`, `html`, `markdown`, `list`, `json`, `po`,
`pdf`) apply to prose passages only: a program source is already its own wrapper. Wrappers
that change a title (`no-title`, `quoted-title`, `numbered`, `run-in-title`: the title and
its first line joined by a colon, a full stop or a dash) apply where a game's title stands on
a line of its own (`no-title`: single-game passages only, as two games without titles run
together). `file-name` and `crlf` apply to every passage. A wrapper's counts are over the
passages it applies to, beside the plain run's counts over the same passages.

The wrappers are built from fixed word pools and a seeded random stream per passage and
wrapper, so a figure is reproducible; `--seed` draws other furniture, names and breaks.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from onecore import pin_one_core  # noqa: E402
from passage_forms import chosen, options, scored  # noqa: E402
from real_quality import (  # noqa: E402
    DEV_SETS,
    REAL_SETS,
    _key,
    _pair,
    _same,
    run_text,
    spec_facts,
    start_up,
)

REAL = ROOT / "benchmarks" / "data" / "real"
PROSE = frozenset({"site", "article", "docs", "book", "forum"})

MENU = [
    "Главная", "Пасьянсы", "Карточные игры", "Гадания", "Правила", "Новости", "Статьи",
    "Форум", "Контакты", "О сайте", "Войти", "Регистрация", "Скачать", "Играть онлайн",
]  # fmt: skip
OTHER_NAMES = [
    "Солитёр", "Свободная ячейка", "Гробница Наполеона", "Марьяж", "Сорок разбойников",
    "Ковёр", "Часовой", "Дама и валет", "Бермудский треугольник", "Звезда",
]  # fmt: skip
INTROS = [
    "Пасьянсы — отличный способ отдохнуть и потренировать внимательность. В этой статье мы "
    "расскажем о правилах одной из самых известных раскладок.",
    "Многие помнят этот пасьянс с детства. Ниже вы найдёте подробное описание правил и "
    "несколько советов для начинающих.",
    "Карточные пасьянсы известны уже не одну сотню лет. Сегодня мы поговорим об одном из них.",
]
ENGLISH = [
    "the",
    "card",
    "game",
    "rules",
    "move",
    "pile",
    "foundation",
    "stock",
    "column",
    "waste",
    "play",
    "deal",
    "each",
    "one",
    "you",
    "can",
    "ace",
    "king",
    "queen",
    "jack",
    "suit",
    "colour",
    "build",
    "down",
    "up",
    "empty",
    "space",
    "turn",
    "over",
    "when",
    "all",
    "are",
    "cards",
]


def _lines_of(text: str) -> list[str]:
    return text.replace("\r\n", "\n").split("\n")


def _title_lines(text: str, titles: list[str]) -> list[int]:
    """Indices of lines that are nothing but one of the games' titles (first such per title)."""
    keys = {_key(t) for t in titles if t}
    found: dict[str, int] = {}
    for i, line in enumerate(_lines_of(text)):
        k = _key(line.strip().strip("«»\"'*#").strip(" .:"))
        if k in keys and k not in found:
            found[k] = i
    return sorted(found.values())


@dataclass
class Passage:
    id: str
    kind: str
    text: str
    games: list[dict]

    @property
    def titles(self) -> list[str]:
        return [g["title"] for g in self.games if g.get("title")]


Wrapped = tuple[str | bytes, str]  # (text, or bytes in another encoding; file name)
Wrapper = Callable[[Passage, random.Random], Wrapped | None]


def _name(p: Passage, ext: str = ".txt") -> str:
    return p.id + ext


def plain(p: Passage, rng: random.Random) -> Wrapped:
    return p.text, _name(p)


def furniture(p: Passage, rng: random.Random) -> Wrapped:
    """A site's header, menu, breadcrumb, date, an article's introduction; after the text
    «Читать далее», an advert, sharing buttons, comments and a list of other games."""
    menu = rng.sample(MENU, 6)
    head = [
        "Мир пасьянсов — всё о карточных играх",
        *menu,
        f"Главная › Пасьянсы › {p.titles[0] if p.titles else 'Правила'}",
        f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.20{rng.randint(10, 24)}  "
        f"Просмотров: {rng.randint(100, 9999)}",
        "",
        rng.choice(INTROS),
        "",
    ]
    others = [n for n in OTHER_NAMES if _key(n) not in {_key(t) for t in p.titles}]
    tail = [
        "",
        "Читать далее",
        "Реклама",
        "Поделиться: ВКонтакте Одноклассники Telegram",
        f"Комментарии ({rng.randint(0, 40)})",
        "Похожие статьи",
        *rng.sample(others, 3),
        "© 2024 Все права защищены. Мы используем файлы cookie.",
    ]
    return "\n".join(head) + "\n" + p.text + "\n" + "\n".join(tail) + "\n", _name(p)


def _heading(line: str) -> bool:
    """A line that stands as a heading of its own: short, not ending a sentence or broken
    off mid-sentence (the passage's lines are kept as lines only where they are headings)."""
    text = line.strip()
    return 0 < len(text) <= 60 and text[-1] not in ".,;:!?-—(" and not text[0].islower()


def _paragraphs(text: str) -> list[str]:
    """The passage's paragraphs (split at blank lines), a heading line its own paragraph:
    a wrapper that rewraps or flattens paragraphs keeps a title on its line."""
    out = []
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        run: list[str] = []
        for line in block.split("\n"):
            if _heading(line):
                out.extend(["\n".join(run)] if run else [])
                out.append(line.strip())
                run = []
            elif line.strip():
                run.append(line)
        out.extend(["\n".join(run)] if run else [])
    return out


def html(p: Passage, rng: random.Random) -> Wrapped:
    """A whole HTML page: head, navigation, each paragraph a `<p>` (its line breaks `<br>`),
    a title line an `<h2>`, a footer."""
    titled = {_key(t) for t in p.titles}
    body = []
    for para in _paragraphs(p.text):
        lines = [ln.strip() for ln in para.split("\n") if ln.strip()]
        if len(lines) == 1 and _key(lines[0].strip(' .:«»"')) in titled:
            body.append(f"<h2>{lines[0]}</h2>")
        else:
            body.append("<p>" + "<br>\n".join(lines) + "</p>")
    nav = "".join(f'<li><a href="/{i}">{m}</a></li>' for i, m in enumerate(rng.sample(MENU, 5)))
    title = p.titles[0] if p.titles else "Правила"
    page = (
        '<!DOCTYPE html>\n<html lang="ru">\n<head><meta charset="utf-8">'
        f"<title>{title} — правила пасьянса</title></head>\n<body>\n"
        f'<nav><ul class="menu">{nav}</ul></nav>\n<article>\n'
        + "\n".join(body)
        + '\n</article>\n<footer><a href="/about">О сайте</a> © 2024</footer>\n</body>\n</html>\n'
    )
    return page, _name(p, ".html")


def markdown(p: Passage, rng: random.Random) -> Wrapped:
    """A Markdown page: a level-1 heading of the site, title lines as level-2 headings, a
    link line and a rule."""
    titled = set(_title_lines(p.text, p.titles))
    lines = _lines_of(p.text)
    out = ["# Пасьянсы", "", "[Главная](/) · [Все игры](/games)", ""]
    for i, line in enumerate(lines):
        out.append(f"## {line.strip()}" if i in titled else line)
    out += ["", "---", "", f"*Источник: {rng.choice(['вики', 'сайт', 'форум'])}*", ""]
    return "\n".join(out), _name(p, ".md")


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[А-ЯЁA-Z«\"])")


def as_list(p: Passage, rng: random.Random) -> Wrapped:
    """Each sentence of a long paragraph an item of a list (`- `, `* ` or `1. `)."""
    marker = rng.choice(["- ", "* ", "#"])
    out = []
    for para in _paragraphs(p.text):
        if len(para) < 120:
            out.append(para)
            continue
        sentences = [s for s in _SENTENCE.split(" ".join(para.split())) if s]
        out.append(
            "\n".join(
                (f"{n}. " if marker == "#" else marker) + s for n, s in enumerate(sentences, 1)
            )
        )
    return "\n\n".join(out) + "\n", _name(p)


def as_json(p: Passage, rng: random.Random) -> Wrapped:
    """The passage as one JSON string (newlines escaped) in a games list, as a web app
    ships its texts."""
    title = p.titles[0] if p.titles else "Пасьянс"
    data = {
        "version": rng.randint(1, 9),
        "games": [{"id": rng.randint(1, 99), "name": title, "description": p.text.strip()}],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n", _name(p, ".json")


def _english(n: int, rng: random.Random) -> str:
    words = [rng.choice(ENGLISH) for _ in range(max(n, 1))]
    return " ".join(words).capitalize() + "."


def _po_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def po(p: Passage, rng: random.Random) -> Wrapped:
    """A gettext catalogue: each paragraph a `msgstr` (wrapped in continuation lines as
    msgmerge wraps them) under an English `msgid` of as many words."""
    out = [
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: solitaire 1.0\\n"',
        '"Language: ru\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        "",
    ]
    for para in _paragraphs(p.text):
        flat = " ".join(para.split())
        out.append(f"#: help/rules.xml:{rng.randint(10, 900)}")
        out.append(f'msgid "{_english(len(flat.split()), rng)}"')
        if len(flat) <= 70:
            out.append(f'msgstr "{_po_string(flat)}"')
        else:
            out.append('msgstr ""')
            words, line = flat.split(" "), ""
            for w in words:
                if line and len(line) + len(w) + 1 > 70:
                    out.append(f'"{_po_string(line)} "')
                    line = w
                else:
                    line = f"{line} {w}" if line else w
            out.append(f'"{_po_string(line)}"')
        out.append("")
    return "\n".join(out), _name(p, ".po")


_VOWELS = set("аеёиоуыэюяaeiouy")


def _hyphenate(word: str, room: int) -> tuple[str, str] | None:
    """A split of `word` with its first part (plus `-`) at most `room` characters, as a
    typesetter splits a Russian word: after a vowel before a consonant and a vowel
    (`кар-ты`), or between two consonants after a vowel (`колод-ка`); two letters at least
    on each side."""
    if not word.isalpha():
        return None
    w = word.lower()
    for cut in range(min(room - 1, len(word) - 2), 1, -1):
        a, b, c = w[cut - 1], w[cut], w[cut + 1]
        if a in _VOWELS and b not in _VOWELS and c in _VOWELS and b not in "ьъй":
            return word[:cut] + "-", word[cut:]
        between = a not in _VOWELS and b not in _VOWELS and a not in "ьъ" and b not in "ьъй"
        if w[cut - 2] in _VOWELS and between and c not in "ьъ":
            return word[:cut] + "-", word[cut:]
    return None


def _set_lines(text: str, width: int) -> list[str]:
    """The text set in lines of at most `width` characters as a typesetter does, long words
    hyphenated across lines, an empty line after each paragraph."""
    lines: list[str] = []
    for para in _paragraphs(text):
        line = ""
        for w in para.split():
            if not line:
                line = w
            elif len(line) + 1 + len(w) <= width:
                line += " " + w
            else:
                split = _hyphenate(w, width - len(line) - 1)
                if split:
                    lines.append(line + " " + split[0])
                    line = split[1]
                else:
                    lines.append(line)
                    line = w
        if line:
            lines.append(line)
        lines.append("")
    return lines


def pdf(p: Passage, rng: random.Random) -> Wrapped:
    """Text copied out of a PDF: lines of about 60 characters, long words hyphenated across
    lines, a running head and a page number every 30 lines."""
    width = rng.randint(52, 68)
    book = rng.choice(["ПАСЬЯНСЫ", "Карточные игры", "Сборник пасьянсов"])
    out: list[str] = []
    page = rng.randint(5, 120)

    def emit(line: str) -> None:
        nonlocal page
        out.append(line)
        if len(out) % 31 == 30:
            out.extend([f"— {page} —", book if page % 2 else book.upper(), ""])
            page += 1

    for line in _set_lines(p.text, width):
        emit(line)
    return "\n".join(out), _name(p)


def no_title(p: Passage, rng: random.Random) -> Wrapped | None:
    if len(p.games) != 1:
        return None
    idx = _title_lines(p.text, p.titles)
    if not idx:
        return None
    lines = _lines_of(p.text)
    return "\n".join(x for i, x in enumerate(lines) if i not in idx), _name(p)


def _retitle(p: Passage, form: Callable[[str, int], str]) -> Wrapped | None:
    idx = _title_lines(p.text, p.titles)
    if not idx:
        return None
    lines = _lines_of(p.text)
    for n, i in enumerate(idx, 1):
        lines[i] = form(lines[i].strip().strip("«»\"'*#").strip(" .:"), n)
    return "\n".join(lines), _name(p)


def quoted_title(p: Passage, rng: random.Random) -> Wrapped | None:
    quote = rng.choice(['"{}"', "«{}»"])
    return _retitle(p, lambda t, n: "Пасьянс " + quote.format(t))


def numbered(p: Passage, rng: random.Random) -> Wrapped | None:
    first = rng.randint(1, 40)
    style = rng.choice(["{}. {}", "{}) {}", "№ {}. {}"])
    return _retitle(p, lambda t, n: style.format(first + n - 1, t))


def run_in_title(p: Passage, rng: random.Random) -> Wrapped | None:
    """Each title run into the first line of its text on one line, after a colon, a full
    stop or a dash, the title plain, quoted or after `Пасьянс` (`Пасьянс «Паук»: карты…`)."""
    idx = _title_lines(p.text, p.titles)
    if not idx:
        return None
    lines = _lines_of(p.text)
    for i in reversed(idx):
        j = next((k for k in range(i + 1, len(lines)) if lines[k].strip()), None)
        nxt = lines[j].strip() if j is not None else ""
        if j is None or not nxt[:1].isalpha():
            continue  # a title over a list, a number or nothing: left on its line
        title = lines[i].strip().strip("«»\"'*#").strip(" .:")
        form = rng.choice(["{}", "Пасьянс «{}»", 'Пасьянс "{}"', "«{}»"])
        sep = rng.choice([": ", ". ", " — "])
        first = nxt if sep == ". " else nxt[:1].lower() + nxt[1:]
        lines[i : j + 1] = [form.format(title) + sep + first]
    return "\n".join(lines), _name(p)


def file_name(p: Passage, rng: random.Random) -> Wrapped:
    """The same text under a file name in capitals, Cyrillic, spaces and a copy number."""
    title = p.titles[0] if p.titles else "Правила"
    name = rng.choice(
        [
            f"{p.id.upper()}.TXT",
            f"Пасьянс {title} (1).txt",
            f"{title.upper()}_Rules v2.txt",
            f"{p.id.replace('-', ' ').title()} — копия.txt",
        ]
    )
    return p.text, name.replace("/", " ")


def crlf(p: Passage, rng: random.Random) -> Wrapped:
    """Windows line ends and no-break spaces after short words, as a word processor saves."""
    text = re.sub(r"\b([а-яА-Я]{1,2}) ", "\\1\u00a0", p.text)
    return text.replace("\r\n", "\n").replace("\n", "\r\n"), _name(p)


def one_paragraph(p: Passage, rng: random.Random) -> Wrapped:
    """The whole text, title and all, run together into one line, as a page copied out of a
    browser or a description field keeps it."""
    return " ".join(p.text.split()) + "\n", _name(p)


def bullets(p: Passage, rng: random.Random) -> Wrapped:
    """Every sentence a bulleted item (`•`, `–`, `1)`), short paragraphs too, no title line:
    a rules list as a help page or a slide gives it."""
    marker = rng.choice(["• ", "– ", ")"])
    titled = {_key(t) for t in p.titles}
    items: list[str] = []
    for para in _paragraphs(p.text):
        if _key(para.strip(' .:«»"')) in titled:
            continue
        items += [s for s in _SENTENCE.split(" ".join(para.split())) if s]
    return "\n".join(
        (f"{n}) " if marker == ")" else marker) + s for n, s in enumerate(items, 1)
    ) + "\n", _name(p)


# English words a translated page keeps beside the Russian ones, as glosses.
GLOSSES = {
    "основани": "foundation",
    "колод": "stock",
    "столб": "column",
    "стопк": "pile",
    "ряд": "row",
    "резерв": "reserve",
    "туз": "ace",
    "корол": "king",
}


def english(p: Passage, rng: random.Random) -> Wrapped:
    """An English title line over the text, and English glosses in brackets after some
    Russian words of the game (`основания (foundations)`), as a translated page keeps them."""
    name = rng.choice(["Solitaire", "Patience", "Card game"])
    out = [f"{name} rules / Правила", ""]
    glossed = 0

    def gloss(m: re.Match[str]) -> str:
        nonlocal glossed
        word = m.group()
        for stem, en in GLOSSES.items():
            if word.lower().startswith(stem) and glossed < 6 and rng.random() < 0.5:
                glossed += 1
                return f"{word} ({en})"
        return word

    out.append(re.sub(r"[А-Яа-яЁё]+", gloss, p.text))
    return "\n".join(out), _name(p)


def _xml(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace("'", "\\'")


def strings_xml(p: Passage, rng: random.Random) -> Wrapped:
    """An Android `strings.xml`: the title and each paragraph a `<string>`, line breaks as
    `\\n`, apostrophes escaped, entities for `&` and `<`."""
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<resources>"]
    out.append('    <string name="app_name">Solitaire</string>')
    for n, para in enumerate(_paragraphs(p.text), 1):
        body = "\\n".join(_xml(ln.strip()) for ln in para.split("\n") if ln.strip())
        out.append(f'    <string name="rules_{n}">{body}</string>')
    out.append("</resources>")
    return "\n".join(out) + "\n", _name(p, ".xml")


def html_remnants(p: Passage, rng: random.Random) -> Wrapped:
    """Text scraped with some of its markup left: `&nbsp;` after short words, `&laquo;`,
    `&mdash;`, `<br />` at line ends, a `<b>` title and stray `<p>` tags; no page around it."""
    titled = {_key(t) for t in p.titles}
    out = []
    for para in _paragraphs(p.text):
        text = re.sub(r"\b([а-яА-Я]{1,2}) ", "\\1&nbsp;", para)
        text = text.replace("«", "&laquo;").replace("»", "&raquo;").replace(" — ", " &mdash; ")
        if _key(para.strip(' .:«»"')) in titled:
            out.append(f"<b>{text}</b><br />")
        else:
            out.append("<p>" + "<br />\n".join(text.split("\n")))
    return "\n".join(out) + "\n", _name(p)


def title_forms(p: Passage, rng: random.Random) -> Wrapped | None:
    """A title in another of its usual forms: in capitals, «Правила пасьянса X», «Как играть
    в пасьянс X», «X (пасьянс)», «X: правила игры»."""
    form = rng.choice(
        [
            lambda t, n: t.upper(),
            lambda t, n: f"Правила пасьянса «{t}»",
            lambda t, n: f"Как играть в пасьянс {t}",
            lambda t, n: f"{t} (пасьянс)",
            lambda t, n: f"{t}: правила игры",
        ]
    )
    return _retitle(p, form)


def table(p: Passage, rng: random.Random) -> Wrapped:
    """A Markdown table of the rules: a header row, then each sentence a row with its
    number, as a help page or a wiki sets out rules; the title a heading above it."""
    titled = {_key(t) for t in p.titles}
    out = [f"## {p.titles[0]}", ""] if p.titles else []
    out += ["| № | Правило |", "|---|---|"]
    n = 0
    for para in _paragraphs(p.text):
        if _key(para.strip(' .:«»"')) in titled:
            continue
        for sentence in _SENTENCE.split(" ".join(para.split())):
            if sentence:
                n += 1
                out.append(f"| {n} | {sentence.replace('|', '/')} |")
    return "\n".join(out) + "\n", _name(p, ".md")


def minified(p: Passage, rng: random.Random) -> Wrapped | None:
    """A program source on one line, as a bundler or a minifier ships it (line breaks and
    indentation gone): program sources only."""
    if p.kind in PROSE:
        return None
    return " ".join(p.text.split()) + "\n", _name(p, ".js")


# --- text as it comes out of tools, mail, forums and odd encodings ----------------------------


def two_columns(p: Passage, rng: random.Random) -> Wrapped:
    """`pdftotext -layout` of a two-column page: lines of about 34 characters, the left
    column's line and the right column's side by side, set apart by a run of spaces; long
    words hyphenated; a page number at the foot."""
    width = rng.randint(30, 38)
    lines = _set_lines(p.text, width)
    half = (len(lines) + 1) // 2
    left, right = lines[:half], lines[half:] + [""] * (2 * half - len(lines))
    gap = rng.randint(4, 9)
    out = [(a.ljust(width + gap) + b).rstrip() for a, b in zip(left, right, strict=True)]
    out += ["", f"{rng.randint(3, 200)}".center(2 * width + gap).rstrip(), "\f"]
    return "\n".join(out), _name(p)


def _modern_spelling(text: str) -> str:
    """A pre-reform text in the modern letters (ѣ → е, і → и, ѳ → ф, ѵ → и, word-final ъ
    dropped), as a modern reprint gives it."""
    text = re.sub(r"(?<=[А-Яа-яЁёѣѢіІѳѲѵѴ])[ъЪ](?![А-Яа-яЁёѣѢіІѳѲѵѴ])", "", text)
    return text.translate(str.maketrans("ѣѢіІѳѲѵѴ", "еЕиИфФиИ"))


def respelled(p: Passage, rng: random.Random) -> Wrapped | None:
    """A modern text in the pre-reform spelling (`prereform_text.respell`), a pre-reform one
    in the modern spelling: a reprint or a transcription in the other orthography."""
    if p.kind not in PROSE:
        return None
    if re.search(r"[ѣѢіІ]|[бвгджзклмнпрстфхцчшщ]ъ\b", p.text):
        return _modern_spelling(p.text), _name(p)
    from prereform_text import respell

    return respell(p.text), _name(p)


def capitals(p: Passage, rng: random.Random) -> Wrapped:
    """The titles and, one paragraph in three, a whole paragraph in capitals (a scanned
    notice, a typed list of rules, a heading set in caps)."""
    out = []
    for para in _paragraphs(p.text):
        out.append(para.upper() if _heading(para) or rng.random() < 0.34 else para)
    return "\n\n".join(out) + "\n", _name(p)


_LOOKALIKE = str.maketrans("аеорсухАВЕКМНОРСТХ", "aeopcyxABEKMHOPCTX")


def unicode_noise(p: Passage, rng: random.Random) -> Wrapped:
    """Copied text's invisible and look-alike characters: soft hyphens and zero-width spaces
    inside long words, no-break spaces, «ё» written «е» or the other way round, a Latin
    look-alike letter in one word of twenty."""

    def word(m: re.Match[str]) -> str:
        w = m.group()
        r = rng.random()
        if len(w) > 7 and r < 0.15:
            cut = rng.randint(3, len(w) - 3)
            w = w[:cut] + rng.choice(["\u00ad", "\u200b", "\u00ad"]) + w[cut:]
        elif r < 0.2:
            i = rng.randrange(len(w))
            w = w[:i] + w[i].translate(_LOOKALIKE) + w[i + 1 :]
        if "ё" in w and rng.random() < 0.5:
            w = w.replace("ё", "е")
        return w

    text = re.sub(r"[А-Яа-яЁё]+", word, p.text)
    text = re.sub(r" (?=[а-яё]{1,3} )", lambda m: "\u00a0" if rng.random() < 0.5 else " ", text)
    return "\ufeff" + text, _name(p)


def mojibake(p: Passage, rng: random.Random) -> Wrapped:
    """A page a server or an editor mis-decoded and saved again as UTF-8, which still
    decodes: UTF-8 bytes read as windows-1251 («РџР°СЃСЊСЏРЅСЃ»; byte 0x98, which that code
    page leaves undefined, as U+0098 the way browsers read it), or cp1251 bytes read as
    windows-1252 («Ïàñüÿíñ»)."""
    if rng.random() < 0.5:
        raw = p.text.encode("utf-8")
        return "".join(chr(b) if b == 0x98 else bytes([b]).decode("cp1251") for b in raw), _name(p)
    raw = p.text.encode("cp1251", errors="replace")
    return raw.decode("latin-1"), _name(p)


_KOI8_ASCII = str.maketrans(
    {"—": "-", "–": "-", "«": '"', "»": '"', "„": '"', "“": '"', "”": '"', "’": "'", "№": "N"}
)


def cp1251(p: Passage, rng: random.Random) -> Wrapped:
    """The text saved in a legacy code page (cp1251 or KOI8-R) with CR-only or CRLF line
    ends, as an old Windows or Mac editor saves it."""
    enc = rng.choice(["cp1251", "koi8-r"])
    end = rng.choice(["\r", "\r\n"])
    text = p.text.replace("\r\n", "\n").replace("\n", end)
    if enc == "koi8-r":  # no dashes, guillemets or ellipsis in KOI8-R: a writer types ASCII
        text = text.translate(_KOI8_ASCII).replace("…", "...")
    return text.encode(enc, errors="replace"), _name(p)


def email(p: Passage, rng: random.Random) -> Wrapped:
    """A message that quotes the rules: headers, a line of its own, then the passage quoted
    line by line with «> » (some lines «>> »), then a signature."""
    head = [
        f"From: {rng.choice(['Иван', 'Ольга', 'Сергей'])} <user{rng.randint(1, 99)}@mail.ru>",
        "Subject: Re: правила пасьянса",
        f"Date: {rng.randint(1, 28)} мар 2021 г., 12:{rng.randint(10, 59)}",
        "",
        "Добрый день! Вот правила, как я их записал.",
        "",
        f"{rng.choice(['Пн', 'Вт', 'Ср'])}, {rng.randint(1, 28)}.03.2021, Ольга пишет:",
    ]
    deep = rng.random() < 0.5
    body = [(">> " if deep else "> ") + ln if ln.strip() else ">" for ln in _lines_of(p.text)]
    tail = ["", "--", "С уважением,", "Иван", "Отправлено из мобильной Почты Mail.ru"]
    return "\n".join(head + body + tail) + "\n", _name(p, ".eml")


def forum(p: Passage, rng: random.Random) -> Wrapped:
    """A forum thread: a question post, the rules in a reply with a quote of the question,
    the author's line, a date, «Ответить | Цитировать» and a signature."""
    user = rng.choice(["baba_nina", "Картёжник", "solitaire_fan", "Гость"])
    out = [
        "Форум › Карточные игры › Пасьянсы",
        "Тема: подскажите правила",
        "",
        f"Сообщение #1 Гость » {rng.randint(1, 28)}.0{rng.randint(1, 9)}.2015 18:22",
        "Подскажите, кто помнит, как раскладывать этот пасьянс? Бабушка раскладывала, а я забыла.",
        "",
        f"Сообщение #2 {user} » {rng.randint(1, 28)}.0{rng.randint(1, 9)}.2015 19:05",
        "Гость писал(а):",
        "> Подскажите, кто помнит, как раскладывать этот пасьянс?",
        "",
        "Вот, нашла в старой книжке:",
        "",
        p.text.strip(),
        "",
        "Ответить | Цитировать | Пожаловаться",
        "_______________",
        "Терпение и труд всё перетрут :)",
        "",
        "Сообщение #3 Гость » спасибо огромное!!!",
    ]
    return "\n".join(out) + "\n", _name(p)


def chat(p: Passage, rng: random.Random) -> Wrapped:
    """A chat log: each sentence a message `[12:03] name: …`, two people taking turns, a
    question and thanks between them."""
    names = rng.sample(["Маша", "Петя", "oleg_k", "Бабушка"], 2)
    hh, mm = rng.randint(8, 22), rng.randint(0, 40)
    out = [f"[{hh:02d}:{mm:02d}] {names[0]}: а как раскладывать этот пасьянс?"]
    for para in _paragraphs(p.text):
        for s in _SENTENCE.split(" ".join(para.split())):
            if s:
                mm = min(59, mm + rng.randint(0, 2))
                out.append(f"[{hh:02d}:{mm:02d}] {names[1]}: {s}")
    out.append(f"[{hh:02d}:{mm:02d}] {names[0]}: спасибо!")
    return "\n".join(out) + "\n", _name(p, ".log")


def steps(p: Passage, rng: random.Random) -> Wrapped:
    """Each sentence a step: «Шаг 1.», «1)», «Этап 1:», the title kept on its line."""
    style = rng.choice(["Шаг {}. ", "{}) ", "Этап {}: ", "{}. "])
    out, n = [], 0
    for para in _paragraphs(p.text):
        if _heading(para):
            out.append(para)
            continue
        items = []
        for s in _SENTENCE.split(" ".join(para.split())):
            if s:
                n += 1
                items.append(style.format(n) + s)
        out.append("\n".join(items))
    return "\n\n".join(out) + "\n", _name(p)


_TRANSLIT = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        [
            "a",
            "b",
            "v",
            "g",
            "d",
            "e",
            "yo",
            "zh",
            "z",
            "i",
            "y",
            "k",
            "l",
            "m",
            "n",
            "o",
            "p",
            "r",
            "s",
            "t",
            "u",
            "f",
            "kh",
            "ts",
            "ch",
            "sh",
            "shch",
            "-",
            "y",
            "-",
            "e",
            "yu",
            "ya",
        ],
        strict=True,
    )
)


def _latin(title: str) -> str:
    out = []
    for c in title:
        t = _TRANSLIT.get(c.lower(), c)
        t = "" if t == "-" else t
        out.append(t.capitalize() if c.isupper() else t)
    return "".join(out)


def latin_title(p: Passage, rng: random.Random) -> Wrapped | None:
    """The title transliterated or in English: «Pasyans Kosynka», «Kosynka solitaire»,
    «Solitaire rules»."""
    form = rng.choice(
        [
            lambda t, n: f"Pasyans {_latin(t)}",
            lambda t, n: f"{_latin(t)} solitaire",
            lambda t, n: f"{_latin(t)} — rules",
        ]
    )
    return _retitle(p, form)


def url_title(p: Passage, rng: random.Random) -> Wrapped | None:
    """The title only in the page's address above the text (`https://…/pasyans-kosynka.html`),
    the title line gone: a page saved as text."""
    if len(p.games) != 1:
        return None
    idx = _title_lines(p.text, p.titles)
    lines = [x for i, x in enumerate(_lines_of(p.text)) if i not in idx]
    slug = re.sub(r"[^a-z0-9]+", "-", _latin(p.titles[0] if p.titles else "pasyans").lower())
    url = f"https://{rng.choice(['karty.ru', 'solitaire-online.ru'])}/pasyans-{slug.strip('-')}"
    return url + rng.choice([".html", "/", ""]) + "\n\n" + "\n".join(lines), _name(p)


def excerpt(p: Passage, rng: random.Random) -> Wrapped | None:
    """A cut excerpt: the text begins in the middle of the first sentence of its first
    running paragraph (the title and what stood before it gone), as a quote pasted from a
    page (single-game passages only)."""
    if len(p.games) != 1:
        return None
    text = p.text.replace("\r\n", "\n")
    at = 0
    for block in re.split(r"(\n\s*\n)", text):
        if len(block) > 120 and not _heading(block.strip().split("\n")[0]):
            spaces = [m.end() for m in re.finditer(r" ", block[:80])]
            if len(spaces) >= 3:
                cut = spaces[rng.randint(1, len(spaces) - 2)]
                return "…" + text[at + cut :], _name(p)
        at += len(block)
    return None


def faq(p: Passage, rng: random.Random) -> Wrapped:
    """The rules as questions and answers: each paragraph's sentences an answer under a
    question («Вопрос: …» / «Ответ: …», or «В:»/«О:»), the title a heading."""
    qs = [
        "Сколько нужно колод?",
        "Как раскладывать карты?",
        "Какие ходы разрешены?",
        "Что делать с пустым местом?",
        "Когда пасьянс сошёлся?",
        "Можно ли пересдавать?",
    ]
    q, a = rng.choice([("Вопрос: ", "Ответ: "), ("В: ", "О: "), ("— ", "— ")])
    out = []
    k = 0
    for para in _paragraphs(p.text):
        if _heading(para):
            out.append(para)
            continue
        out.append(q + qs[k % len(qs)] + "\n" + a + " ".join(para.split()))
        k += 1
    return "\n\n".join(out) + "\n", _name(p)


ARTICLE = [
    "Пасьянс — карточная игра для одного человека, известная в Европе с конца XVIII века.",
    "Название происходит от французского слова, означающего «терпение».",
    "В России пасьянсы были любимым занятием в дворянских гостиных.",
    "Многие считали, что удачно сошедшийся пасьянс предвещает исполнение желания.",
    "Современные компьютерные версии сделали эти игры ещё популярнее.",
    "В этой статье собраны история, советы и интересные факты о пасьянсах.",
    "Раскладывать пасьянс полезно для памяти и внимания, считают психологи.",
    "Говорят, что Наполеон коротал за пасьянсами долгие вечера на острове Святой Елены.",
    "Лев Толстой тоже любил раскладывать пасьянсы и упоминал их в своих романах.",
    "Ниже — рассказ о том, как появились разные раскладки и кто их придумал.",
]


def long_page(p: Passage, rng: random.Random) -> Wrapped:
    """A long article with the rules in its middle: many paragraphs of history and talk
    before and after, under headings of their own."""

    def chunk() -> str:
        return " ".join(rng.sample(ARTICLE, rng.randint(3, 6)))

    before = ["История пасьянсов", "", chunk(), "", chunk(), "", "Интересные факты", "", chunk()]
    after = ["", "Советы начинающим", "", chunk(), "", chunk(), "", "Заключение", "", chunk()]
    return "\n".join(before) + "\n\n" + p.text.strip() + "\n" + "\n".join(after) + "\n", _name(p)


def code_fence(p: Passage, rng: random.Random) -> Wrapped:
    """A Markdown README: headings with `#`, the title a level-2 heading, one paragraph set
    in a code fence (a block of rules pasted as preformatted text), a fenced shell command."""
    titled = set(_title_lines(p.text, p.titles))
    paras = _paragraphs(p.text)
    fenced = rng.randrange(len(paras)) if paras else -1
    out = ["# solitaire-rules", "", "```sh", "pip install solitaire", "```", ""]
    lines = _lines_of(p.text)
    title_text = {lines[i].strip() for i in titled}
    for i, para in enumerate(paras):
        if para.strip() in title_text:
            out += [f"## {para.strip()}", ""]
        elif i == fenced and not _heading(para):
            out += ["```", para, "```", ""]
        else:
            out += [para, ""]
    return "\n".join(out), _name(p, ".md")


def cr_only(p: Passage, rng: random.Random) -> Wrapped:
    """Classic Mac line ends (CR only), a BOM in front."""
    return "\ufeff" + p.text.replace("\r\n", "\n").replace("\n", "\r"), _name(p)


def untitled_games(p: Passage, rng: random.Random) -> Wrapped | None:
    """Several games on one page with no title lines: this passage's games with their title
    lines taken out, each after a blank line (multi-game passages only)."""
    if len(p.games) < 2:
        return None
    idx = _title_lines(p.text, p.titles)
    if len(idx) < 2:
        return None
    lines = _lines_of(p.text)
    return "\n".join("" if i in idx else x for i, x in enumerate(lines)), _name(p)


_OCR_CACHE = Path(tempfile.gettempdir()) / "pasyans-wrapper-ocr"


def screenshot_ocr(p: Passage, rng: random.Random) -> Wrapped:
    """A web page's screenshot read back by Tesseract (`rus`): the passage drawn as a page
    (a sans-serif face at a screen's size, lines wrapped at about 90 characters, a menu bar
    above), then recognised, with the errors a screen capture gives. The recognised text is
    kept in a cache in the temporary folder (one Tesseract run per passage and seed)."""
    import subprocess
    import textwrap

    from PIL import Image, ImageDraw, ImageFont

    size = rng.choice([15, 16, 18])
    face = rng.choice(["DejaVuSans.ttf", "DejaVuSerif.ttf"])
    key = f"{zlib.crc32(p.text.encode())}-{size}-{face}"
    _OCR_CACHE.mkdir(exist_ok=True)
    cached = _OCR_CACHE / f"{key}.txt"
    if cached.exists():
        return cached.read_text(encoding="utf-8"), _name(p)
    lines = ["Главная   Пасьянсы   Правила   Форум   Контакты", ""]
    for para in _paragraphs(p.text):
        lines += textwrap.wrap(" ".join(para.split()), 90) or [""]
        lines.append("")
    font = ImageFont.truetype(f"/usr/share/fonts/truetype/dejavu/{face}", size)
    step = int(size * 1.5)
    img = Image.new("L", (int(size * 0.62 * 92) + 40, step * len(lines) + 40), 255)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((20, 20 + i * step), line, font=font, fill=0)
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "page.png"
        img.save(png)
        out = subprocess.run(
            ["tesseract", str(png), "-", "-l", "rus", "--psm", "4"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    cached.write_text(out, encoding="utf-8")
    return out, _name(p)


# name -> (wrapper, applies to prose only)
WRAPPERS: dict[str, tuple[Wrapper, bool]] = {
    "plain": (plain, False),
    "furniture": (furniture, True),
    "html": (html, True),
    "markdown": (markdown, True),
    "list": (as_list, True),
    "json": (as_json, True),
    "po": (po, True),
    "pdf": (pdf, True),
    "no-title": (no_title, False),
    "quoted-title": (quoted_title, False),
    "numbered": (numbered, False),
    "run-in-title": (run_in_title, False),
    "file-name": (file_name, False),
    "crlf": (crlf, False),
    "one-paragraph": (one_paragraph, True),
    "bullets": (bullets, True),
    "english": (english, True),
    "strings-xml": (strings_xml, True),
    "html-remnants": (html_remnants, True),
    "title-forms": (title_forms, False),
    "table": (table, True),
    "minified": (minified, False),
    "two-columns": (two_columns, True),
    "respelled": (respelled, False),
    "capitals": (capitals, True),
    "unicode-noise": (unicode_noise, False),
    "mojibake": (mojibake, False),
    "cp1251": (cp1251, False),
    "email": (email, True),
    "forum": (forum, True),
    "chat": (chat, True),
    "steps": (steps, True),
    "latin-title": (latin_title, False),
    "url-title": (url_title, False),
    "excerpt": (excerpt, True),
    "faq": (faq, True),
    "long-page": (long_page, True),
    "code-fence": (code_fence, True),
    "cr-only": (cr_only, False),
    "untitled-games": (untitled_games, False),
    "screenshot-ocr": (screenshot_ocr, True),
}


def load_passages() -> list[Passage]:
    manifest = yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
    dev = {REAL_SETS[s] for s in DEV_SETS}
    out = []
    for e in manifest:
        if e["set"] not in dev:  # the held-out sets are never read here
            continue
        facts = yaml.safe_load((REAL / "facts" / f"{e['id']}.yaml").read_text("utf-8"))
        text = (REAL / e["file"]).read_text(encoding="utf-8")
        out.append(Passage(e["id"], e["kind"], text, facts["games"]))
    return out


def wrap(p: Passage, name: str, seed: int) -> Wrapped | None:
    fn, prose_only = WRAPPERS[name]
    if prose_only and p.kind not in PROSE:
        return None
    rng = random.Random(zlib.crc32(f"{seed}:{p.id}:{name}".encode()))
    return fn(p, rng)


def score(p: Passage, wrapped: Wrapped, folder: Path) -> dict:
    text, fname = wrapped
    sub = folder / f"{len(list(folder.iterdir()))}"
    sub.mkdir()
    path = sub / fname
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    drafts, refusal = run_text(path)
    pairing = _pair(p.games, [(t, r) for t, r, _ in drafts])
    right = total = 0
    for g, j in zip(p.games, pairing, strict=True):
        got = spec_facts(drafts[j][1]) if j is not None and drafts[j][1] else {}
        for k, v in g["facts"].items():
            total += 1
            right += k in got and _same(v, got[k])
    return {
        "found": sum(j is not None for j in pairing),
        "drafts": len(drafts),
        "right": right,
        "facts": total,
        "refusal": refusal,
        "ids": [d[2] for d in drafts],
    }


def main() -> int:
    losses = "list every passage a wrapper hurts"
    args = options(__doc__, "wrappers", "WRAPPER", losses, default=WRAPPERS).parse_args()
    passages = chosen(load_passages(), args.passages)
    if args.show:
        p = next(p for p in passages if p.id == args.show[0])
        w = wrap(p, args.show[1], args.seed)
        shown = (
            w[0].decode("cp1251", errors="replace") if w and isinstance(w[0], bytes) else w and w[0]
        )
        print("(not applicable)" if w is None else f"== {w[1]}\n{shown}")
        return 0
    pin_one_core()
    start_up()
    names = ["plain", *[n for n in args.wrappers if n != "plain"]]
    with tempfile.TemporaryDirectory() as tmp:
        results = scored(passages, names, wrap, args.seed, Path(tmp), score)
    base = results["plain"]
    by_id = {p.id: p for p in passages}
    table = {}
    for n in names:
        rows = results[n]
        rule = [pid for pid in rows if by_id[pid].games]
        ctrl = [pid for pid in rows if not by_id[pid].games]
        present = sum(len(by_id[pid].games) for pid in rule)
        table[n] = {
            "passages": len(rows),
            "present": present,
            "found": sum(rows[pid]["found"] for pid in rule),
            "plain_found": sum(base[pid]["found"] for pid in rule),
            "extra": sum(max(0, rows[pid]["drafts"] - base[pid]["drafts"]) for pid in rule),
            "refused": sum(rows[pid]["refusal"] is not None for pid in rule),
            "controls": len(ctrl),
            "controls_with_drafts": sum(rows[pid]["drafts"] > 0 for pid in ctrl),
            "facts": sum(rows[pid]["facts"] for pid in rule),
            "right": sum(rows[pid]["right"] for pid in rule),
            "plain_right": sum(base[pid]["right"] for pid in rule),
            "lost": sum(max(0, base[pid]["right"] - rows[pid]["right"]) for pid in rule),
        }
    losses = []
    for n in names[1:]:
        for pid, r in results[n].items():
            b = base[pid]
            if r["right"] < b["right"] or r["found"] < b["found"] or r["drafts"] != b["drafts"]:
                losses.append((n, pid, b, r))
    if args.json:
        print(json.dumps({"seed": args.seed, "wrappers": table}, ensure_ascii=False, indent=1))
        return 0
    print(
        f"{'wrapper':<14}{'passages':>9}{'games found':>16}{'extra':>7}{'refused':>9}"
        f"{'controls w/ draft':>19}{'key facts right':>22}{'lost':>6}"
    )
    tot_lost = tot_ref = 0
    for n, x in table.items():
        games = f"{x['found']}/{x['present']} ({x['plain_found']})"
        facts = f"{x['right']}/{x['facts']} ({x['plain_right']})"
        ctrl = f"{x['controls_with_drafts']}/{x['controls']}"
        print(
            f"{n:<14}{x['passages']:>9}{games:>16}{x['extra']:>7}{x['refused']:>9}"
            f"{ctrl:>19}{facts:>22}{x['lost']:>6}"
        )
        if n != "plain":
            tot_lost += x["lost"]
            tot_ref += x["refused"]
    print(
        "(in brackets: the plain passages' figure over the same passages); "
        f"all wrappers: {tot_lost} key facts lost, {tot_ref} rule passages refused"
    )
    if args.losses:
        print("\nwrapper / passage: plain found, drafts, right -> wrapped (refusal or ids)")
        for n, pid, b, r in losses:
            what = f"refused: {r['refusal']}" if r["refusal"] else ", ".join(r["ids"])
            print(
                f"  {n:<13}{pid:<30}{b['found']} {b['drafts']} {b['right']:>2} -> "
                f"{r['found']} {r['drafts']} {r['right']:>2}  {what}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
