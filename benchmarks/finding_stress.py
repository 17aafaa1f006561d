#!/usr/bin/env python3
"""Game finding under stress: real development passages re-presented as real pages present
games (issue 18 §2), games found and key facts right.

    python3 benchmarks/finding_stress.py                  # 60 texts, seed 1: the figures
    python3 benchmarks/finding_stress.py --texts 120 --seed 7
    python3 benchmarks/finding_stress.py --show 3         # print generated text no. 3
    python3 benchmarks/finding_stress.py --misses         # list every game not found by title
    python3 benchmarks/finding_stress.py --json

Why: on the real held-out sets games are missed while every development set finds all of its
games, so the development sets no longer show what fails. This script takes the rule bodies of
development passages only (`SOURCES`: passage id of the `dev*` sets, the game's title, where
its rules begin) and builds texts from them, deterministic for a seed:

- titles in every form (`FORMS`): a plain line, «Пасьянс "X"», «Пасьянс «X»», «X (пасьянс)»,
  ALL CAPITALS, numbered entries («1. X», «II. Пасьянсъ «X».», «№ 3. X»), Markdown, HTML and
  bold headings, «X — правила игры», «Правила пасьянса «X»», a title run into the first
  sentence («X. Пасьянс раскладывается…»), none but the first sentence's «Пасьянс "x"…», none;
- a table of contents («Содержание» and the numbered names) before the games;
- one to four games in a text, separated by a blank line, a bare line break, or furniture;
- page furniture around and between them (menus, a breadcrumb, dates, view counts, a cookie
  notice, «Читать далее», «Реклама», «Поделиться», comments, «Похожие статьи» with a list of
  game names);
- an article introduction before the rules (paragraphs of the development controls, which
  state no rule), subheadings inside a game («Правила», «Ход игры», «Цель игры», «Советы»…)
  and a «Варианты»/«Разновидности» section naming other games;
- pre-reform spelling (a final ъ, і before a vowel, a few ѣ) with OCR line breaks and
  hyphenation;
- `--excerpts` more texts made as an SEO page makes them: bodies flattened, cut off in the
  middle of a word and run on into the next without a title;
- `--book-pages` pages of a book of patiences: the tail of one game, a figure caption, the
  next game under its title, perhaps the first lines of a third;
- `--forms-6` draws besides them the title forms met in the fifth collection of real texts
  (`FORMS_6`: «Карточная игра «X»», «Глава 3. X», «Пасьянс X онлайн», «X / Solitaire», a name
  run into its rules after a colon, a dash, an entry's number or in bold);
- `--readmes` a program's README or help page (Markdown or HTML): games under level-2
  headings, their sections under level-3 ones, the program's own sections after them.

Each text goes the whole way (`real_quality.run_text`: read, normalize, segment, find games,
extract). A game is *found by title* when a draft's title gives its key (`real_quality._key`)
or, for an untitled game, when an `untitled-…` draft stands at its place; *found* pairs drafts
as `real_quality.py` does (title, then text order); *extra* are drafts paired with no game
(furniture or a subheading read as a game). Key facts are those of the passage's facts file,
read off the paired draft; *ceiling* is the same facts from each body alone under a plain
title line, so the loss the presentation causes is `ceiling - right`.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from real_quality import _key, _pair, _same, run_text, spec_facts, start_up  # noqa: E402

REAL = ROOT / "benchmarks" / "data" / "real"

# (development passage id, the game's title, the words its rules begin with)
SOURCES = [
    ("karty-napoleon-bezhit", "Наполеон бежит из Москвы", "Пасьянс\nраскладывается"),
    ("karty-chasy", "Часы", "Пасьянс раскладывается одной колодой"),
    ("karty-ledi-pok", "Леди Пок", "Пасьянс\nраскладывается"),
    ("kartgame-vorotnik", "Гвардейский воротник", "Пасьянс раскладывается одной полной"),
    ("lightst-shkatulka", "Шкатулка", 'Пасьянс "шкатулка" раскладывается'),
    ("lightst-ponyushka", "Понюшка табаку", 'Пасьянс "понюшка табаку"'),
    ("durbetsel-malaya-kosynka", "Малая косынка 2", "Количество колод"),
    ("durbetsel-kenfild", "Кэнфилд", "Количество колод"),
    ("kartyrf-skazochnaya-koroleva", "Сказочная королева", "Количество колод"),
    ("kartyrf-niva", "Нива", "Количество колод"),
    ("lightst-reglan", "Реглан", 'Пасьянс "реглан"'),
    ("lightst-15-v-ryad", "Пятнадцать в ряд", 'Пасьянс "пятнадцать в ряд"'),
    ("sukhoi-koldunya", "Колдунья", "Пасьянс несложный"),
    ("kartgame-zmei", "Змей", "Пасьянс раскладывается из двух"),
    ("kartyrf-carica", "Царица", "Количество колод"),
    ("extjoom-pauk", "Паук", "Карты перемешиваются"),
]
# Article introductions: paragraphs of development controls (texts that state no rule).
INTROS = [
    ("onlinereads-uvlekatelnye-intro", "В старину основной целью"),
    ("bubbleshooter-solitaire-intro", "Пасьянс (solitaire)"),
    ("ru24-soliter-intro", "Слово «солитер»"),
]

FORMS = (
    "plain",
    "quoted",  # Пасьянс "X"
    "angled",  # Пасьянс «X»
    "paren",  # X (пасьянс)
    "caps",
    "numbered",  # 1. X
    "roman-old",  # II. Пасьянсъ «X».
    "number-sign",  # № 3. X
    "markdown",
    "html",
    "bold",  # **X**
    "dash-rules",  # X — правила игры
    "naming",  # Правила пасьянса «X»
    "named-sentence",  # no title line: Пасьянс "x" раскладывается…
    "run-in",  # X. Пасьянс раскладывается…
    "none",
)
# `--forms-6`: forms seen in the fifth collection of real texts, drawn besides the others
FORMS_6 = (
    "kind-quoted",  # Карточная игра «X»
    "chapter",  # Глава 3. X
    "site-words",  # Пасьянс X онлайн
    "translation",  # X / Solitaire
    "colon-packs",  # X: Пасьянс раскладывается двумя колодами… (a body that opens with packs)
    "dash-rule",  # X — пасьянс раскладывается…
    "bold-run-in",  # **X.** Пасьянс раскладывается…
    "entry-dash",  # 2) X — пасьянс раскладывается…
)
SEPARATORS = ("blank", "line", "furniture")

MENU = ["Главная", "Пасьянсы", "Гадания", "Правила игр", "Контакты", "Поиск по сайту"]
BETWEEN = ["Читать далее", "Реклама", "Поделиться", "Читать далее →", "Нравится 12"]
COOKIE = (
    "Мы используем файлы cookie, чтобы сайт работал лучше. Продолжая пользоваться сайтом, "
    "вы соглашаетесь с этим."
)
SIMILAR = ["Косынка", "Паук", "Пасьянс «Пирамида»", "Свободная ячейка", "Косынка по три карты"]
COMMENTS = [
    "Ольга, 12.05.2020",
    "Спасибо, очень понятно написано! Раскладываю каждый вечер.",
    "Ответить",
    "Игорь",
    "А у меня пасьянс сходится редко, карты ложатся плохо.",
]
SUBHEADS_OPEN = ["Правила", "Правила игры", "Как играть", "Ход игры", "Расклад", "Цель игры"]
TIPS = {
    "Советы": "Не торопитесь: прежде чем сделать ход, посмотрите, какие карты откроются.",
    "Стратегия": "Опытные игроки советуют думать на несколько ходов вперёд.",
}
VARIANTS = {
    "Варианты": (
        "Существует несколько вариантов этого пасьянса, например «Косынка по три карты» "
        "и «Паук» с двумя мастями."
    ),
    "Разновидности": "Косынка по три карты\nПаук (две масти)\nСвободная ячейка",
}
ROMAN = ["I", "II", "III", "IV"]
_OLD_WORDS = {"две": "двѣ", "место": "мѣсто", "все": "всѣ", "нет": "нѣтъ", "если": "если"}


@dataclass
class Body:
    passage: str
    title: str
    text: str  # the rules, from their first words to the passage's last full stop
    facts: dict


@dataclass
class Text:
    number: int
    text: str
    games: list[tuple[str | None, dict, str, str]] = field(default_factory=list)
    # (expected title or None, facts, title form, passage)
    features: list[str] = field(default_factory=list)


def _cut(text: str, anchor: str) -> str:
    at = text.find(anchor)
    if at < 0:
        raise SystemExit(f"anchor {anchor!r} not found")
    body = text[at:]
    last = max(body.rfind(". "), body.rfind(".\n"), body.rfind("."), body.rfind("!"))
    return body[: last + 1].strip() if last > 0 else body.strip()


def load_bodies() -> list[Body]:
    manifest = {e["id"]: e for e in yaml.safe_load((REAL / "manifest.yaml").read_text("utf-8"))}
    out = []
    for pid, title, anchor in SOURCES:
        entry = manifest[pid]
        if not str(entry["set"]).startswith("dev"):
            raise SystemExit(f"{pid} is not a development passage")
        facts = yaml.safe_load((REAL / "facts" / f"{pid}.yaml").read_text("utf-8"))
        games = facts["games"]
        game = games[-1] if len(games) > 1 else games[0]
        text = (REAL / entry["file"]).read_text(encoding="utf-8")
        out.append(Body(pid, title, _cut(text, anchor), game["facts"]))
    return out


def load_intros() -> list[str]:
    manifest = {e["id"]: e for e in yaml.safe_load((REAL / "manifest.yaml").read_text("utf-8"))}
    out = []
    for pid, anchor in INTROS:
        entry = manifest[pid]
        if not str(entry["set"]).startswith("dev"):
            raise SystemExit(f"{pid} is not a development passage")
        text = (REAL / entry["file"]).read_text(encoding="utf-8")
        para = text[text.find(anchor) :].split("\n")[0]
        out.append(para[: para.rfind(".") + 1])
    return out


def old_spelling(text: str) -> str:
    """A pre-reform rendering: ъ after a final consonant, і before a vowel, a few ѣ."""

    def word(m: re.Match) -> str:
        w = m.group()
        low = w.lower()
        if low in _OLD_WORDS:
            new = _OLD_WORDS[low]
            w = new if w.islower() else new[0].upper() + new[1:]
        w = re.sub(r"и(?=[аеёиоуыэюяѣ])", "і", w)
        if w[-1] in "бвгджзклмнпрстфхцчшщ":
            w += "ъ"
        elif w[-1] in "БВГДЖЗКЛМНПРСТФХЦЧШЩ":
            w += "Ъ"
        return w

    return re.sub(r"[А-Яа-яЁё]+", word, text)


def ocr_lines(text: str, rng: random.Random, width: int = 56) -> str:
    """The text broken into printed lines of about `width` characters, long words split with
    a hyphen at the line's end, as an OCR'd page gives them."""
    out = []
    for para in text.split("\n"):
        words = para.split()
        line = ""
        for w in words:
            if len(line) + 1 + len(w) <= width or not line:
                line = f"{line} {w}".strip()
                continue
            room = width - len(line) - 2
            if len(w) >= 8 and room >= 4 and w.isalpha():
                cut = min(room, len(w) - 3)
                while cut > 2 and w[cut - 1] not in "аеёиоуыэюяѣі":
                    cut -= 1
                if cut > 2:
                    out.append(f"{line} {w[:cut]}-")
                    line = w[cut:]
                    continue
            out.append(line)
            line = w
        if line:
            out.append(line)
        if rng.random() < 0.5:
            out.append("")
    return "\n".join(out)


def title_line(form: str, title: str, n: int) -> str:
    """The title in the given form (`none` and `run-in` are handled by the caller)."""
    return {
        "plain": title,
        "quoted": f'Пасьянс "{title}"',
        "angled": f"Пасьянс «{title}»",
        "paren": f"{title} (пасьянс)",
        "caps": title.upper(),
        "numbered": f"{n}. {title}",
        "roman-old": f"{ROMAN[(n - 1) % 4]}. Пасьянсъ «{old_spelling(title)}».",  # idempotent
        "number-sign": f"№ {n}. {title}",
        "markdown": f"{'#' * (1 + n % 2)} {title}",
        "html": f"<h2>{title}</h2>",
        "bold": f"**{title}**",
        "dash-rules": f"{title} — правила игры",
        "naming": f"Правила пасьянса «{title}»",
        "kind-quoted": f"Карточная игра «{title}»",
        "chapter": f"Глава {n}. {title}",
        "site-words": f"Пасьянс {title} онлайн",
        "translation": f"{title} / Solitaire",
    }[form]


def _opens_with_packs(text: str) -> bool:
    first = re.match(r"[^.!?]*", text)
    return bool(first and re.search(r"колод", first.group(), re.I))


def _sentence_cuts(body: str) -> list[int]:
    return [m.end() for m in re.finditer(r"[.!?](?=\s+[А-ЯЁ«\"])", body)]


def present(body: Body, form: str, n: int, rng: random.Random, feats: list[str], old: bool) -> str:
    """One game as a page prints it: title, perhaps an introduction, its rules with
    subheadings, perhaps tips and variants."""
    text = body.text
    cuts = _sentence_cuts(text)
    if cuts and rng.random() < 0.4:
        at = rng.choice(cuts[: max(1, len(cuts) // 2)])
        head = rng.choice(SUBHEADS_OPEN[2:])
        text = f"{text[:at]}\n\n{head}\n\n{text[at:].lstrip()}"
        feats.append("subheading")
    if rng.random() < 0.3:
        text = f"{rng.choice(SUBHEADS_OPEN[:2])}\n\n{text}"
        feats.append("rules-heading")
    if rng.random() < 0.25:
        tip = rng.choice(sorted(TIPS))
        text = f"{text}\n\n{tip}\n\n{TIPS[tip]}"
        feats.append("tips")
    if rng.random() < 0.25:
        var = rng.choice(sorted(VARIANTS))
        text = f"{text}\n\n{var}\n\n{VARIANTS[var]}"
        feats.append("variants")
    if old:
        text = old_spelling(text)
    if old and rng.random() < 0.7:
        text = ocr_lines(text, rng)
        feats.append("ocr-lines")
    if form in ("none", "named-sentence"):
        return text
    name = old_spelling(body.title) if old else body.title  # a pre-reform page spells it so
    if form == "run-in":
        return f"{name}. {text}"
    lower = text[:1].lower() + text[1:]
    if form == "colon-packs":
        return f"{name}: {text}"
    if form == "dash-rule":
        return f"{name} — {lower}"
    if form == "bold-run-in":
        return f"**{name}.** {text}"
    if form == "entry-dash":
        return f"{n}) {name} — {lower}"
    title = title_line(form, name, n)
    return f"{title}\n\n{text}" if rng.random() < 0.7 else f"{title}\n{text}"


def generate(n_texts: int, seed: int, forms: tuple[str, ...] = FORMS) -> list[Text]:
    rng = random.Random(seed)
    bodies = load_bodies()
    intros = load_intros()
    out = []
    for number in range(1, n_texts + 1):
        k = rng.choice((1, 1, 2, 2, 3, 4))
        chosen = rng.sample(bodies, k)
        one_form = rng.random() < 0.6
        form0 = rng.choice(forms[:-1])
        sep = rng.choice(SEPARATORS)
        old = rng.random() < 0.2
        t = Text(number, "")
        feats = t.features
        feats.append(f"games:{k}")
        feats.append(f"sep:{sep}")
        if old:
            feats.append("old-spelling")
        parts = []
        crumb = False  # a breadcrumb names the first game: it is titled even without a title
        if rng.random() < 0.5:
            top = rng.sample(MENU, rng.randint(2, 5))
            if rng.random() < 0.5:
                top.append(f"Главная » Пасьянсы » {chosen[0].title}")
                crumb = True
            if rng.random() < 0.4:
                day, month, year = rng.randint(1, 28), rng.randint(1, 12), rng.randint(10, 24)
                top.append(f"{day:02d}.{month:02d}.20{year}")
            if rng.random() < 0.3:
                top.append(f"Просмотров: {rng.randint(100, 9999)}")
            if rng.random() < 0.3:
                top.append(COOKIE)
            parts.append("\n".join(top))
            feats.append("furniture-top")
        if rng.random() < 0.3:
            parts.append(rng.choice(intros))
            feats.append("intro")
        if k > 1 and rng.random() < 0.2:
            names = [
                f"{i}. {old_spelling(b.title) if old else b.title}" for i, b in enumerate(chosen, 1)
            ]
            parts.append("\n".join([rng.choice(("Содержание", "Оглавление")), *names]))
            feats.append("contents")
        for i, body in enumerate(chosen):
            form = form0 if one_form else rng.choice(forms[:-1])
            if i == 0 and rng.random() < 0.12:
                form = "none"
            if old and form in ("numbered", "plain") and rng.random() < 0.5:
                form = "roman-old"
            if form == "named-sentence" and not body.text.startswith('Пасьянс "'):
                form = "plain"  # only a body that names its game in its first words
            if form == "colon-packs" and not _opens_with_packs(body.text):
                form = "dash-rule"  # `X: Карты перемешиваются…` is no page's way
            piece = present(body, form, i + 1, rng, feats, old)
            if i and sep == "furniture":
                parts.append(rng.choice(BETWEEN))
            parts.append(piece)
            # untitled unless a breadcrumb or the body's first words (`Пасьянс "x" …`) name it
            named = (crumb and i == 0) or body.text.startswith('Пасьянс "')
            expected = None if form == "none" and not named else body.title
            t.games.append((expected, body.facts, form, body.passage))
        if rng.random() < 0.3:
            parts.append("Похожие статьи\n" + "\n".join(rng.sample(SIMILAR, 3)))
            feats.append("similar")
        if rng.random() < 0.3:
            parts.append("Комментарии (2)\n" + "\n".join(COMMENTS))
            feats.append("comments")
        if rng.random() < 0.2:
            parts.append("© 2024 Все права защищены\nПоделиться")
            feats.append("furniture-bottom")
        joiner = "\n" if sep == "line" else "\n\n"
        t.text = joiner.join(parts) + "\n"
        out.append(t)
    return out


SEO_HEAD = ["Карточные игры", "Игры Карточные", "Игра в Карты", "Пасьянсы онлайн"]


def excerpts(n_texts: int, seed: int, first: int) -> list[Text]:
    """Texts of an SEO page made of excerpts: two to four rule bodies, flattened to one
    paragraph, each but the last cut off in the middle of a word and the next run on after
    it without a title (`…кладут над маг Из двух полных колод выкладывают…`). Numbered from
    `first`, with a random stream of their own."""
    rng = random.Random(seed * 7919 + 1)
    bodies = load_bodies()
    out = []
    for number in range(first, first + n_texts):
        chosen = rng.sample(bodies, rng.choice((2, 2, 3, 4)))
        t = Text(number, "", features=["excerpts", f"games:{len(chosen)}"])
        pieces = []
        for i, body in enumerate(chosen):
            flat = " ".join(body.text.split())
            if i < len(chosen) - 1:
                cut = rng.randint(len(flat) * 2 // 5, len(flat) * 9 // 10)
                while cut < len(flat) - 1 and not (flat[cut].isalpha() and flat[cut - 1].isalpha()):
                    cut += 1
                flat = flat[:cut]
            pieces.append(flat)
            named = body.text.startswith('Пасьянс "')
            t.games.append((body.title if named else None, body.facts, "excerpt", body.passage))
        head = rng.sample(SEO_HEAD, rng.randint(0, 3))
        t.text = "\n".join([*head, " ".join(pieces)]) + "\n"
        out.append(t)
    return out


def book_pages(n_texts: int, seed: int, first: int) -> list[Text]:
    """Texts of a page of a modern book of patiences: the page begins inside the previous
    game (the tail of a body, perhaps mid-sentence in lower case), a figure caption
    (`Рис. 269`), the next game under its title with a figure in it, and perhaps the
    beginning of a third game cut off by the page's end. The games cut off count as games
    present with no key facts."""
    rng = random.Random(seed * 104729 + 3)
    bodies = load_bodies()
    out = []
    for number in range(first, first + n_texts):
        tail, whole, head = rng.sample(bodies, 3)
        t = Text(number, "", features=["book-page"])
        fig = rng.randint(100, 400)
        cuts = _sentence_cuts(tail.text)
        at = cuts[len(cuts) // 2] if cuts else 0
        piece = tail.text[at:].lstrip()
        if rng.random() < 0.5 and " " in piece[20:]:  # mid-sentence, in lower case
            piece = piece[piece.index(" ", 20) + 1 :]
            piece = piece[:1].lower() + piece[1:]
        parts = [piece, f"Рис. {fig}"]
        t.games.append((None, {}, "tail", tail.passage))
        name = whole.title.upper() if rng.random() < 0.3 else whole.title
        body = whole.text
        inner = _sentence_cuts(body)
        if inner and rng.random() < 0.5:
            c = inner[len(inner) // 2]
            body = f"{body[:c]}\n\nРис. {fig + 1}\n\n{body[c:].lstrip()}"
        parts += [name, body]
        t.games.append((whole.title, whole.facts, "book-title", whole.passage))
        if rng.random() < 0.5:
            start = head.text[: max(_sentence_cuts(head.text)[:2] or [len(head.text)])]
            parts += [head.title, start.rstrip(".") + " и"]
            t.games.append((head.title, {}, "book-title", head.passage))
        t.text = "\n\n".join(parts) + "\n"
        out.append(t)
    return out


README_PARTS = {
    "Подсчёт очков": "За каждую карту, положенную на основание, начисляется 5 очков.",
    "Управление": "Двойной щелчок по карте отправляет её на основание.",
    "Окончание игры": "Игра заканчивается, когда все карты собраны в дома.",
    "Игровое поле": "Поле состоит из стопок, основания и колоды.",
}


def readme_pages(n_texts: int, seed: int, first: int) -> list[Text]:
    """Texts of a program's README or help page in Markdown or HTML: a document heading, each
    game under a level-2 heading, its sections (`Правила`, `Подсчёт очков`, `Управление`,
    `Окончание игры`) under level-3 headings, and closing sections of the program
    (`Установка`, `Лицензия`) that state no game."""
    rng = random.Random(seed * 15485863 + 5)
    bodies = load_bodies()
    out = []
    for number in range(first, first + n_texts):
        chosen = rng.sample(bodies, rng.choice((1, 2, 3)))
        html = rng.random() < 0.4
        t = Text(number, "", features=["readme-html" if html else "readme-md"])

        def head(level: int, text: str, html: bool = html) -> str:
            return f"<h{level}>{text}</h{level}>" if html else f"{'#' * level} {text}"

        parts = [head(1, rng.choice(("Пасьянсы", "Карточные пасьянсы на Python", "Solitaire")))]
        for body in chosen:
            parts.append(head(2, body.title))
            parts += [head(3, "Правила"), body.text]
            for name in rng.sample(sorted(README_PARTS), rng.randint(1, 3)):
                parts += [head(3, name), README_PARTS[name]]
            t.games.append((body.title, body.facts, "readme", body.passage))
        parts += [head(2, "Установка"), "Скачайте архив и запустите файл solitaire.exe."]
        parts += [head(2, "Лицензия"), "MIT"]
        t.text = "\n\n".join(parts) + "\n"
        out.append(t)
    return out


def score_text(t: Text, folder: Path) -> dict:
    path = folder / f"stress-{t.number:03d}.txt"
    path.write_text(t.text, encoding="utf-8")
    drafts, refusal = run_text(path)
    expected = [{"title": title, "facts": facts} for title, facts, _, _ in t.games]
    pairing = _pair(expected, [(d[0], d[1]) for d in drafts])
    rows = []
    untitled = [j for j, d in enumerate(drafts) if d[2].startswith("untitled-")]
    nth = 0  # the n-th game printed without a title is the n-th untitled draft
    for (title, facts, form, passage), j in zip(t.games, pairing, strict=True):
        by_title = False
        if title is None:
            nth += 1
        if j is not None:
            if title is None:
                by_title = len(untitled) >= nth and j == untitled[nth - 1]
            else:
                by_title = _key(drafts[j][0]) == _key(title)
        got = spec_facts(drafts[j][1]) if j is not None and drafts[j][1] else {}
        right = sum(k in got and _same(v, got[k]) for k, v in facts.items())
        rows.append(
            {
                "form": form,
                "passage": passage,
                "found": j is not None,
                "by_title": by_title,
                "right": right,
                "facts": len(facts),
                "draft": drafts[j][2] if j is not None else None,
            }
        )
    paired = {j for j in pairing if j is not None}
    return {
        "text": t.number,
        "features": t.features,
        "refusal": refusal,
        "games": rows,
        "drafts": [d[2] for d in drafts],
        "extra": [d[2] for j, d in enumerate(drafts) if j not in paired],
    }


def ceiling(folder: Path) -> dict[str, int]:
    """Key facts right of each body alone, under its title as a plain line."""
    out = {}
    for body in load_bodies():
        path = folder / f"alone-{body.passage}.txt"
        path.write_text(f"{body.title}\n\n{body.text}\n", encoding="utf-8")
        drafts, _ = run_text(path)
        got = spec_facts(drafts[0][1]) if drafts and drafts[0][1] else {}
        out[body.passage] = sum(k in got and _same(v, got[k]) for k, v in body.facts.items())
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--excerpts", type=int, default=12, help="texts of run-together excerpts")
    ap.add_argument("--book-pages", type=int, default=12, help="pages of a book of patiences")
    ap.add_argument("--readmes", type=int, default=12, help="README or help pages")
    ap.add_argument("--show", type=int, help="print generated text no. N and its games")
    ap.add_argument("--misses", action="store_true", help="list games not found by title")
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--forms-6", action="store_true", help="draw the fifth real collection's title forms too"
    )
    args = ap.parse_args()
    title_forms = (*FORMS[:-1], *FORMS_6, FORMS[-1]) if args.forms_6 else FORMS
    texts = generate(args.texts, args.seed, title_forms)
    texts += excerpts(args.excerpts, args.seed, len(texts) + 1)
    texts += book_pages(args.book_pages, args.seed, len(texts) + 1)
    texts += readme_pages(args.readmes, args.seed, len(texts) + 1)
    if args.show:
        t = texts[args.show - 1]
        print(t.text)
        print("---", t.features)
        for g in t.games:
            print(f"  {g[2]:<12} {g[0]!s:<28} {g[3]}")
        return 0
    start_up()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results = [score_text(t, folder) for t in texts]
        top = ceiling(folder)
    games = [g for r in results for g in r["games"]]
    summary = {
        "texts": len(results),
        "games": len(games),
        "found": sum(g["found"] for g in games),
        "by_title": sum(g["by_title"] for g in games),
        "extra": sum(len(r["extra"]) for r in results),
        "refused": sum(r["refusal"] is not None for r in results),
        "facts": sum(g["facts"] for g in games),
        "right": sum(g["right"] for g in games),
        "ceiling": sum(top[g["passage"]] for g in games if g["facts"]),
    }
    forms: dict[str, list[int]] = {}
    for g in games:
        row = forms.setdefault(g["form"], [0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += g["by_title"]
        row[2] += g["right"]
        row[3] += top[g["passage"]] if g["facts"] else 0
        row[4] += g["facts"]
    feats: dict[str, list[int]] = {}
    for r in results:
        ok = all(g["by_title"] for g in r["games"]) and not r["extra"]
        for f in sorted(set(r["features"])):
            row = feats.setdefault(f, [0, 0])
            row[0] += 1
            row[1] += ok
    if args.json:
        print(json.dumps({"summary": summary, "forms": forms, "features": feats,
                          "results": results}, ensure_ascii=False, indent=1))  # fmt: skip
        return 0
    s = summary
    print(f"finding stress: {s['texts']} texts (seed {args.seed}), {s['games']} games present")
    print(f"  games found (paired)      {s['found']}/{s['games']}")
    print(f"  games found by title      {s['by_title']}/{s['games']}")
    print(f"  extra drafts              {s['extra']}")
    print(f"  texts refused             {s['refused']}")
    print(f"  key facts right           {s['right']}/{s['facts']} (ceiling, each body alone: "
          f"{s['ceiling']})")  # fmt: skip
    print("\nby title form: games, found by title, key facts right / ceiling / facts")
    for form in [*FORMS, *FORMS_6, *sorted(set(forms) - set(FORMS) - set(FORMS_6))]:
        if form in forms:
            n, t_, r, c, f = forms[form]
            print(f"  {form:<12}{n:>4}{t_:>5}{r:>6} /{c:>4} /{f:>4}")
    print("\nby feature: texts, texts with every game found by title and no extra draft")
    for f, (n, ok) in sorted(feats.items()):
        print(f"  {f:<18}{n:>4}{ok:>5}")
    if args.misses:
        print("\ntexts with a game not found by title or an extra draft")
        for r in results:
            bad = [g for g in r["games"] if not g["by_title"]]
            if bad or r["extra"] or r["refusal"]:
                print(f"  text {r['text']:>3}: drafts {r['drafts']} extra {r['extra']}"
                      f"{'  refused: ' + r['refusal'] if r['refusal'] else ''}")  # fmt: skip
                for g in bad:
                    print(f"      missed {g['form']:<12} {g['passage']:<30} -> {g['draft']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
