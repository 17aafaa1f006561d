#!/usr/bin/env python3
"""Phrase invariance: a development passage's key facts should not depend on the small
freedoms of Russian phrasing that leave its sense alone (issue 18 §3, a grammar that composes).

    python3 benchmarks/phrase_invariance.py               # the table, seed 1
    python3 benchmarks/phrase_invariance.py --losses      # also every passage a change hurts
    python3 benchmarks/phrase_invariance.py --show karty-chasy adverb   # print one changed text

Why: the development sets measure each passage in the words it was found in, and a grammar
that matched those words exactly would read them all and fail on the next page. This script
re-states every prose passage of the development sets (`real-dev*`; the held-out sets are
never read) with one mechanical change at a time, seeded, and compares its key facts with the
passage as it is (`plain`), as `wrapper_invariance.py` does for wrappers:

- `digits`: cardinal numerals up to twenty in words become figures («восемь стопок» → «8
  стопок», «по одной» → «по 1»), as modern pages write them;
- `adverb`: a word that says nothing of the rules («обычно», «теперь», «здесь») after some
  verbs («раскладывают обычно восемь стопок»), as another writer would add;
- `figure`: a reference to a figure («, как показано на рисунке,») after the first verb of a
  sentence that holds a numeral: the numbers must not be thrown away with it;
- `then`: «Затем» or «После этого» before some sentences;
- `nouns`: a pile noun for another of its gender («колонка» → «стопка», «кучка» → «стопка»,
  «столбец» → «столбик»), inflected as the word was;
- `verbs`: a verb of dealing or moving for another of its aspect («раскладывают» →
  «выкладывают», «сдают» → «раздают», «перекладывать» → «перемещать»);
- `imperative`, `modal`: a verb in the third person plural («раскладывают», «кладут») as an
  imperative («раскладывайте», «кладите») or after «нужно» («нужно раскладывать»), as
  modern pages and instructions state the same rule;
- `aside`: «, как правило,», «, при этом,» after some verbs;
- `split`: «…; …» and «…, в каждой …» as two sentences; `join`: some sentences of a paragraph
  joined to the next by a semicolon.

*lost* sums, over passages, the key facts a change loses against the plain run (a gain on one
passage does not hide a loss on another). Changed text is invented text: a loss is a place where
the grammar matches a phrasing rather than composing, not a measure of unseen real text.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from onecore import pin_one_core  # noqa: E402
from passage_forms import chosen, options, scored  # noqa: E402
from real_quality import start_up  # noqa: E402
from wrapper_invariance import PROSE, Passage, load_passages, score  # noqa: E402

_WORD = re.compile(r"[А-Яа-яЁё]+")
_NUMBERS = {
    "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
    "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12,
    "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16,
    "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19, "двадцать": 20,
}  # fmt: skip
_ADVERBS = ["обычно", "теперь", "здесь", "тоже"]
_MORPH = None


def _morph():
    global _MORPH
    if _MORPH is None:
        import pymorphy3

        _MORPH = pymorphy3.MorphAnalyzer()
    return _MORPH


def _numeral(word: str) -> int | None:
    for p in _morph().parse(word.lower())[:1]:
        if p.tag.POS == "NUMR" and p.normal_form in _NUMBERS:
            return _NUMBERS[p.normal_form]
    return None


def _verb(word: str) -> bool:
    p = _morph().parse(word.lower())[0]
    return p.tag.POS in ("VERB", "INFN") and p.score > 0.5


def digits(text: str, rng: random.Random) -> str:
    def one(m: re.Match) -> str:
        n = _numeral(m.group())
        return str(n) if n is not None else m.group()

    return _WORD.sub(one, text)


def _after_verbs(text: str, rng: random.Random, form: str, words: list[str]) -> str:
    """One of `words` put after about half the verbs, as `form` lays verb and word out."""

    def one(m: re.Match) -> str:
        w = m.group()
        if _verb(w) and rng.random() < 0.5:
            return form.format(w, rng.choice(words))
        return w

    return _WORD.sub(one, text)


def adverb(text: str, rng: random.Random) -> str:
    return _after_verbs(text, rng, "{} {}", _ADVERBS)


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])(\s+)(?=[А-ЯЁ])", text)


def figure(text: str, rng: random.Random) -> str:
    out = []
    for part in _sentences(text):
        if re.search(r"\d", part) or any(_numeral(w) is not None for w in _WORD.findall(part)):
            m = next((m for m in _WORD.finditer(part) if _verb(m.group())), None)
            if m is not None:
                part = part[: m.end()] + ", как показано на рисунке," + part[m.end() :]
        out.append(part)
    return "".join(out)


def then(text: str, rng: random.Random) -> str:
    out = []
    for i, part in enumerate(_sentences(text)):
        if i > 0 and part.strip() and part[:1].isupper() and rng.random() < 0.4:
            part = rng.choice(["Затем ", "После этого "]) + part[:1].lower() + part[1:]
        out.append(part)
    return "".join(out)


# words of one sense and one gender or aspect, each to another (inflected as the word was)
_NOUNS = {
    "колонка": "стопка", "стопка": "кучка", "кучка": "стопка", "пачка": "кучка",
    "столбец": "столбик", "столбик": "столбец",
}  # fmt: skip
_VERBS = {
    "раскладывать": "выкладывать", "выкладывать": "раскладывать",
    "раскладываться": "выкладываться", "выкладываться": "раскладываться",
    "разложить": "выложить", "выложить": "разложить",
    "сдавать": "раздавать", "раздавать": "сдавать", "сдать": "раздать", "раздать": "сдать",
    "сдаваться": "раздаваться", "раздаваться": "сдаваться",
    "перекладывать": "перемещать", "перемещать": "перекладывать",
    "переложить": "переместить", "переместить": "переложить",
}  # fmt: skip
_FORM = frozenset(
    [
        "nomn",
        "gent",
        "datv",
        "accs",
        "ablt",
        "loct",
        "voct",
        "gen2",
        "acc2",
        "loc2",
        "sing",
        "plur",
        "masc",
        "femn",
        "neut",
        "1per",
        "2per",
        "3per",
        "pres",
        "past",
        "futr",
        "indc",
        "impr",
        "INFN",
        "GRND",
        "PRTF",
        "PRTS",
        "actv",
        "pssv",
        "incl",
        "excl",
    ]
)


def _swap(words: dict[str, str], rng: random.Random, text: str, skip: float = 0.3) -> str:
    """Each word whose lemma `words` maps, in the same form (a share `skip` left as it is)."""

    def one(m: re.Match) -> str:
        w = m.group()
        p = _morph().parse(w.lower())[0]
        if p.normal_form not in words or (skip and rng.random() < skip):
            return w
        new = _morph().parse(words[p.normal_form])[0].inflect(set(p.tag.grammemes) & _FORM)
        if new is None:
            return w
        return new.word.capitalize() if w[:1].isupper() else new.word

    return _WORD.sub(one, text)


def nouns(text: str, rng: random.Random) -> str:
    return _swap(_NOUNS, rng, text)


def verbs(text: str, rng: random.Random) -> str:
    return _swap(_VERBS, rng, text)


def _mood(text: str, rng: random.Random, form: Callable[[Any], str | None]) -> str:
    """Verbs in the third person plural of the present («раскладывают», «кладут») in another
    form a rule page uses for the same rule."""

    def one(m: re.Match) -> str:
        w = m.group()
        p = _morph().parse(w.lower())[0]
        if not {"VERB", "pres", "3per", "plur"} <= set(p.tag.grammemes) or "Refl" in str(p.tag):
            return w
        if p.normal_form.endswith(("ся", "сь")) or rng.random() < 0.3:
            return w
        new = form(p)
        if new is None:
            return w
        return new[:1].upper() + new[1:] if w[:1].isupper() else new

    return _WORD.sub(one, text)


def imperative(text: str, rng: random.Random) -> str:
    def form(p: Any) -> str | None:
        new = p.inflect({"impr", "plur", "excl"})
        return new.word if new is not None else None

    return _mood(text, rng, form)


def modal(text: str, rng: random.Random) -> str:
    def form(p: Any) -> str | None:
        new = p.inflect({"INFN"})
        return f"нужно {new.word}" if new is not None else None

    return _mood(text, rng, form)


def aside(text: str, rng: random.Random) -> str:
    """«раскладывают, как правило, восемь стопок»: an aside between commas after some verbs."""
    return _after_verbs(text, rng, "{}, {},", _ASIDES)


_ASIDES = ["как правило", "обычно", "при этом", "впрочем"]


def split(text: str, rng: random.Random) -> str:
    """«…; …» and «…, в каждой …» as two sentences."""
    text = re.sub(r";\s+([а-яё])", lambda m: ". " + m.group(1).upper(), text)
    return re.sub(
        r",\s+(в|на) (кажд)", lambda m: ". " + m.group(1).upper() + " " + m.group(2), text
    )


def join(text: str, rng: random.Random) -> str:
    """Two sentences of one paragraph as one, joined by a semicolon."""

    def one(m: re.Match) -> str:
        if rng.random() < 0.5:
            return m.group()
        return f"{m.group(1)}; {m.group(2).lower()}"

    return re.sub(r"([а-яё0-9)])\. ([А-ЯЁ][а-яё])", one, text)


CHANGES: dict[str, Callable[[str, random.Random], str]] = {
    "digits": digits,
    "adverb": adverb,
    "figure": figure,
    "then": then,
    "nouns": nouns,
    "verbs": verbs,
    "imperative": imperative,
    "modal": modal,
    "aside": aside,
    "split": split,
    "join": join,
}


def change(p: Passage, name: str, seed: int) -> tuple[str, str]:
    if name == "plain":
        return p.text, p.id + ".txt"
    rng = random.Random(zlib.crc32(f"{seed}:{p.id}:{name}".encode()))
    return CHANGES[name](p.text, rng), p.id + ".txt"


def main() -> int:
    losses = "list every passage a change hurts"
    args = options(__doc__, "changes", "CHANGE", losses, default=CHANGES).parse_args()
    rules = [p for p in load_passages() if p.kind in PROSE and p.games]
    passages = chosen(rules, args.passages)
    if args.show:
        p = next(p for p in passages if p.id == args.show[0])
        print(change(p, args.show[1], args.seed)[0])
        return 0
    pin_one_core()
    start_up()
    names = ["plain", *[n for n in args.changes if n != "plain"]]
    with tempfile.TemporaryDirectory() as tmp:
        results = scored(passages, names, change, args.seed, Path(tmp), score)
    base = results["plain"]
    table = {}
    for n in names:
        rows = results[n]
        table[n] = {
            "passages": len(rows),
            "found": sum(r["found"] for r in rows.values()),
            "present": sum(len(p.games) for p in passages),
            "refused": sum(r["refusal"] is not None for r in rows.values()),
            "facts": sum(r["facts"] for r in rows.values()),
            "right": sum(r["right"] for r in rows.values()),
            "lost": sum(max(0, base[pid]["right"] - r["right"]) for pid, r in rows.items()),
            "gained": sum(max(0, r["right"] - base[pid]["right"]) for pid, r in rows.items()),
        }
    if args.json:
        print(json.dumps({"seed": args.seed, "changes": table}, ensure_ascii=False, indent=1))
        return 0
    print(f"{'change':<10}{'passages':>9}{'games found':>13}{'refused':>9}{'key facts right':>18}"
          f"{'lost':>6}{'gained':>8}")  # fmt: skip
    for n, x in table.items():
        print(
            f"{n:<10}{x['passages']:>9}{x['found']:>7}/{x['present']:<5}{x['refused']:>9}"
            f"{x['right']:>11}/{x['facts']:<6}{x['lost']:>6}{x['gained']:>8}"
        )
    if args.losses:
        for n in names[1:]:
            for pid, r in results[n].items():
                b = base[pid]
                if r["right"] < b["right"] or r["found"] < b["found"]:
                    print(f"  {n:<8} {pid:<32} key facts {b['right']} -> {r['right']}, "
                          f"games {b['found']} -> {r['found']}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
