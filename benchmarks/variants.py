#!/usr/bin/env python3
"""Meaning-preserving variants of the development passages: which readers learn a class and
which learn one passage's words (issue 18: why development gains do not reach held-out text).

    python3 benchmarks/variants.py                      # the table, seed 1
    python3 benchmarks/variants.py --losses             # also every passage a variant hurts
    python3 benchmarks/variants.py --show code-klondike-py comparisons   # print one variant
    python3 benchmarks/variants.py --changes comparisons loop-bounds --json

Every passage of the development sets (`real-dev*`; the held-out sets are never read) is
rewritten by one generic, seeded transformation at a time that keeps every key fact its facts
file lists, and goes the whole way (`real_quality.run_text`) beside the passage as it is:

prose (the Russian words of any passage, comments and strings of code included):
- `digits`: a cardinal numeral up to twenty in words as figures («восемь стопок» → «8 стопок»);
- `words`: a figure up to twenty before a noun in words, in the case the noun asks for
  («8 стопок» → «восемь стопок», «в 7 стопках» → «в семи стопках»; skipped after a preposition
  when the noun is in the genitive, where the numeral's case is not certain);
- `by-case`: a distributive numeral of five to twenty in its other case («по пять карт» ↔
  «по пяти карт»: the old and the modern usage);
- `synonyms`: a word for another of the same sense, gender and aspect from a fixed table
  (`SYNONYMS`: стопка/кучка, столбец/столбик, колонка → стопка, раскладывать/выкладывать,
  сдавать/раздавать, перекладывать/перемещать…), inflected as the word was;
- `spelling`: a modern text in the pre-reform spelling, a pre-reform one in the modern
  (prose passages only: `prereform_text.respell`, `wrapper_invariance._modern_spelling`);
- `split`: a sentence split in two at «;» and at «, и» before a clause with its own verb;
- `order`: two clauses joined by «;» in the other order, when neither opens with or holds a
  word that points to the other (pronouns, «затем», ordinals, «остальные», numbers: `_LINKED`);

code (program source only: `variants_code.language` must know it; comments and strings kept):
- `case-style`: declared names camelCase ↔ snake_case, everywhere in code;
- `code-synonyms`: a word of a declared name for another programmers use (pile ↔ stack,
  foundation ↔ home, waste ↔ discard, column ↔ col, cell → slot);
- `declarations`: JavaScript's `const`/`let`/`var` for one another where the program means
  the same;
- `comparisons`: `a > b` as `b < a`, `x === y - 1` as `y - 1 === x` (simple operands only);
- `increments`: `i++` as `i += 1` and back;
- `loop-bounds`: `i < 7` as `i <= 6`, `i <= n` as `i < n + 1`, `range(7)` as `range(0, 7)`;
- `name-bounds`: a loop's literal bound as a constant declared above the loop;
- `inline-constants`: a constant declared once as a number written as the number where used;
- `comments`: a comment beside its line moved above it, one above a line moved beside it;
- `to-python`, `to-csharp`, `to-java`, `to-kotlin`, `to-go`, `to-lua`: a JavaScript source's
  constructs translated one by one into the other language (`variants_lang`); `settings`: its
  top-level numeric constants as one settings object; `switch`: an `if`/`else if` chain on one
  variable as a `switch`; `to-ruby`, `to-swift`, `to-rust`, `to-php`, `kotlin-if` (Kotlin's
  `if (c) a else b`), `lua-and-or` (Lua's `c and a or b`); `config-json`, `config-yaml`,
  `enums`: rules as data (`variants_data`); `switch-returns`: one-line `if (x === v) return …;`
  cases as a `switch`.

A transformation that cannot apply to a passage leaves it unchanged, and that passage is not
counted for it (never guessed). Per transformation: passages changed, their key facts right as
they are and as varied, *lost* (summed per passage: a gain on one does not hide a loss on
another) and *gained*, rule passages refused, controls drafted. Seeded per passage and
transformation (`--seed`, default 1). The variants are invented text: a loss is a place where a
reader matches a passage's words rather than the class, not a measure of unseen text.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from onecore import pin_one_core  # noqa: E402
from passage_forms import chosen, options  # noqa: E402
from phrase_invariance import _NOUNS, _NUMBERS, _VERBS, _morph, _numeral, _swap  # noqa: E402
from real_quality import start_up  # noqa: E402
from variants_code import CODE_CHANGES, language  # noqa: E402
from variants_data import DATA_CHANGES  # noqa: E402
from variants_lang import LANG_CHANGES  # noqa: E402
from wrapper_invariance import PROSE, Passage, _modern_spelling, load_passages, score  # noqa: E402

_WORD = re.compile(r"[А-Яа-яЁё]+")
_WORDS = {
    1: "один", 2: "два", 3: "три", 4: "четыре", 5: "пять", 6: "шесть", 7: "семь",
    8: "восемь", 9: "девять", 10: "десять", 11: "одиннадцать", 12: "двенадцать",
    13: "тринадцать", 14: "четырнадцать", 15: "пятнадцать", 16: "шестнадцать",
    17: "семнадцать", 18: "восемнадцать", 19: "девятнадцать", 20: "двадцать",
}  # fmt: skip
_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")


_TENS = {"двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
         "семьдесят": 70, "восемьдесят": 80, "девяносто": 90}  # fmt: skip


def _value(word: str) -> tuple[int, bool] | None:
    """A cardinal numeral's value and whether it is a ten (in any case), else None."""
    for p in _morph().parse(word.lower())[:1]:
        if p.tag.POS == "NUMR" and p.normal_form in _TENS:
            return _TENS[p.normal_form], True
        if p.tag.POS == "NUMR" and p.normal_form in _NUMBERS:
            return _NUMBERS[p.normal_form], False
    return None


def digits(text: str, rng: random.Random) -> str:
    """A cardinal numeral in words as figures, in any case: «восемь стопок» → «8 стопок»,
    «по одной» → «по 1», a ten and its unit as one number («пятьдесят две» → «52»); two
    numerals that are not one number are kept."""
    out, last = [], 0
    found = list(_WORD.finditer(text))
    i = 0
    while i < len(found):
        m = found[i]
        v = _value(m.group())
        if v is None:
            i += 1
            continue
        nxt = found[i + 1] if i + 1 < len(found) else None
        joined = nxt is not None and text[m.end() : nxt.start()].isspace()
        w = _value(nxt.group()) if joined and nxt is not None else None
        end, value = m.end(), v[0]
        if w is not None and v[1] and not w[1] and w[0] < 10 and nxt is not None:
            end, value = nxt.end(), v[0] + w[0]
            i += 1
        elif w is not None:
            i += 2  # two numerals that are not one number («два-три», «сорок сорок»): kept
            continue
        out += [text[last : m.start()], str(value)]
        last = end
        i += 1
    return "".join(out) + text[last:]


def _noun(word: str):
    """The likeliest parse of a word when it is a noun, else None."""
    p = _morph().parse(word.lower())[0]
    return p if p.tag.POS == "NOUN" and p.score > 0.4 else None


def _prep(word: str) -> bool:
    return any(p.tag.POS == "PREP" for p in _morph().parse(word.lower())[:1])


def words(text: str, rng: random.Random) -> str:
    """A figure from 1 to 20 before a noun in words, agreeing with it: «8 стопок» → «восемь
    стопок», «2 колоды» → «две колоды», «в 7 стопках» → «в семи стопках», «1 карта» → «одна
    карта». Skipped where the case is not certain (a preposition before a genitive noun:
    «из 7 карт» is «из семи карт»; «до 3 раз»), after «по» and inside a larger number."""

    def one(m: re.Match[str]) -> str:
        n = int(m.group(2))
        if not 1 <= n <= 20:
            return m.group()
        before = re.findall(r"[А-Яа-яЁё]+", m.group(1))
        noun = _noun(m.group(4))
        if noun is None:
            return m.group()
        case = next((c for c in _CASES if c in noun.tag), None)
        prep = bool(before) and _prep(before[-1])
        if case is None or (before and before[-1].lower() == "по"):
            return m.group()
        if case == "gent":
            if prep:
                return m.group()
            want_plur = n >= 5
            if ("plur" in noun.tag) != want_plur or n == 1:
                return m.group()
            case = "nomn"
        elif n == 1 and "sing" not in noun.tag:
            return m.group()
        elif n > 1 and case in ("nomn", "accs"):
            return m.group()  # «2 карты» is genitive: a nominative noun after 2+ is no count
        elif n > 1 and "plur" not in noun.tag:
            return m.group()
        grams = {case}
        if n == 1:
            grams |= {noun.tag.gender or "masc"} if case != "accs" or "inan" in noun.tag else set()
            if case == "accs" and "anim" in noun.tag:
                return m.group()
        elif n == 2 and case == "nomn" and noun.tag.gender == "femn":
            return m.group(1) + "две" + m.group(3) + m.group(4)
        parse = _morph().parse(_WORDS[n])[0]
        if n == 1 and case in ("nomn", "accs"):
            grams |= {"sing"}
        new = parse.inflect(grams)
        if new is None:
            return m.group()
        return m.group(1) + new.word + m.group(3) + m.group(4)

    return re.sub(
        r"((?:^|[^\w.,\-])(?:[А-Яа-яЁё]+\s+)?)(?<![\d.,])(\d{1,2})(?![\d.,:%)])(\s+)([А-Яа-яЁё]+)",
        one,
        text,
    )


def by_case(text: str, rng: random.Random) -> str:
    """«по пять» ↔ «по пяти» (five to twenty): the accusative and the dative of the
    distributive, modern and old usage, the same count."""

    def one(m: re.Match[str]) -> str:
        n = _numeral(m.group(2))
        if n is None or not 5 <= n <= 20:
            return m.group()
        parses = [p for p in _morph().parse(m.group(2).lower()) if p.tag.POS == "NUMR"]
        if not parses:
            return m.group()
        cases = {c for p in parses for c in _CASES if c in p.tag}
        want = "datv" if cases & {"nomn", "accs"} else "accs" if "datv" in cases else None
        if want is None or (cases & {"nomn", "accs"} and "datv" in cases):
            return m.group()
        new = parses[0].inflect({want})
        return m.group(1) + new.word if new is not None else m.group()

    return re.sub(r"(\b[Пп]о\s+)([А-Яа-яЁё]+)", one, text)


# words of one sense and one gender or aspect, each for another, inflected as the word was:
# phrase_invariance's nouns and verbs but «пачка» (benchmarks/README.md, "variants.py")
SYNONYMS = {k: v for k, v in {**_NOUNS, **_VERBS}.items() if k != "пачка"}


def synonyms(text: str, rng: random.Random) -> str:
    return _swap(SYNONYMS, rng, text, skip=0.0)


def spelling(text: str, rng: random.Random) -> str:
    if re.search(r"[ѣѢіІ]|[бвгджзклмнпрстфхцчшщ]ъ\b", text):
        return _modern_spelling(text)
    from prereform_text import respell

    # a pre-reform printer wrote no hard sign after an abbreviation, nor after a lone letter
    # before a full stop or a comma or at a line's end («Фиг. 18», «т. е.», «Т, К, Д, В», a
    # word cut off); the preposition «въ» keeps it
    old = respell(text)
    return _ABBREVIATED.sub(lambda m: m.group(1), old)


_ABBREVIATED = re.compile(
    r"(?<![А-Яа-яЁё])([А-ЯЁа-яё]|(?i:фиг|рис|стр|гл|табл|прим|напр|см|др|ср|изд))[ъЪ]"
    r"(?=[.,;:]|[ \t]*$)",
    re.M,
)


def _has_verb(clause: str) -> bool:
    for w in _WORD.findall(clause):
        p = _morph().parse(w.lower())[0]
        if p.tag.POS in ("VERB", "INFN", "PRTS") and p.score > 0.5:
            return True
    return False


def split(text: str, rng: random.Random) -> str:
    """«…; …» as two sentences, and «…, и …» when what follows «и» has its own verb."""
    text = re.sub(r"(?<=[а-яё)»])\s*;\s+([а-яё])", lambda m: ". " + m.group(1).upper(), text)

    def one(m: re.Match[str]) -> str:
        rest = re.split(r"[.;!?,]", m.group(2), maxsplit=1)[0]
        if not _has_verb(rest) or not _has_verb(m.group(0)[: m.start(2) - m.start()]):
            return m.group()
        return f"{m.group(1)}. И {m.group(2)}"

    return re.sub(r"((?:^|(?<=[.!?]\s))[^.!?\n]*?[а-яё]),\s+и\s+([^.!?\n]+)", one, text)


_LINKED = frozenset([
    "он", "она", "оно", "они", "его", "её", "ее", "их", "им", "ими", "ним", "ней", "нему",
    "них", "этот", "эта", "это", "эти", "этого", "этой", "этих", "тот", "та", "то", "те",
    "того", "той", "тех", "там", "туда", "сюда", "здесь", "затем", "потом", "после", "далее",
    "также", "тоже", "тогда", "остальные", "остальных", "остальным", "оставшиеся",
    "оставшихся", "каждый", "каждая", "каждое", "каждой", "каждую", "первый", "первая",
    "первую", "первой", "второй", "вторую", "третий", "третью", "последний", "последнюю",
    "последней", "следующий", "следующую", "следующей", "который", "которая", "которые",
    "которую", "которой", "которых", "причем", "причём", "а", "но", "однако", "поэтому",
    "иначе", "при", "этом",
])  # fmt: skip


def order(text: str, rng: random.Random) -> str:
    """«A; B» as «B; A» in one sentence with one «;», when both clauses have a verb and
    neither holds a word that points to the other (`_LINKED`) or a number."""

    def one(m: re.Match[str]) -> str:
        a, b, end = m.group(1), m.group(2), m.group(3)
        for clause in (a, b):
            low = {w.lower() for w in _WORD.findall(clause)}
            if low & _LINKED or re.search(r"\d", clause) or not _has_verb(clause):
                return m.group()
            if any(_numeral(w) is not None for w in low):
                return m.group()
        if not a[:1].isupper() or not b[:1].islower():
            return m.group()
        return f"{b[:1].upper()}{b[1:]}; {a[:1].lower()}{a[1:]}{end}"

    return _CLAUSES.sub(one, text)


_CLAUSES = re.compile(
    r"(?m)(?:(?<=^)|(?<=[.!?] ))([А-ЯЁ][^.;!?&\n]*?[А-Яа-яЁё)»]);\s+([а-яё][^.;!?&\n]*?)([.!?])"
)


def guillemets(text: str, rng: random.Random) -> str:
    """Russian quotation marks «…» as typewriter ones "…", and "…" as «…»: the same quoted
    name or phrase (titles set aside as for every prose change)."""
    if "«" in text:
        return re.sub(r"«([^«»\n]*)»", r'"\1"', text)
    return re.sub(r'(?<![\w=])"([^"\n]{1,60})"(?![\w:])', r"«\1»", text)


def dashes(text: str, rng: random.Random) -> str:
    """A dash between words «—» or «–» as a hyphen with spaces « - », and « - » as «—»."""
    if re.search(r"\s[—–]\s", text):
        return re.sub(r"(?<=\s)[—–](?=\s)", "-", text)
    return re.sub(r"(?<=[А-Яа-яЁё,]) - (?=[А-Яа-яЁё])", " — ", text)


PROSE_CHANGES: dict[str, Callable[[str, random.Random], str]] = {
    "digits": digits,
    "words": words,
    "by-case": by_case,
    "synonyms": synonyms,
    "spelling": spelling,
    "split": split,
    "order": order,
    "guillemets": guillemets,
    "dashes": dashes,
}
CODE_CHANGES = {**CODE_CHANGES, **LANG_CHANGES, **DATA_CHANGES}
CHANGES = [*PROSE_CHANGES, *CODE_CHANGES]
# changes of letters and punctuation a program's string would not survive: prose passages only
_PROSE_ONLY = frozenset({"spelling", "guillemets", "dashes"})


def _keeping_names(text: str, titles: list[str], fn: Callable[[str], str]) -> str:
    """`fn` on the text with the games' titles and short «…» quotations (names of games,
    of buttons) set aside: a name is not a rule's wording, and a renamed title would pair
    the draft with no game."""
    kept: list[str] = []

    def hide(m: re.Match[str]) -> str:
        kept.append(m.group())
        return chr(0xE100 + len(kept) - 1)

    names = sorted({t for t in titles if t}, key=len, reverse=True)
    pats = [r"«[^«»\n]{1,40}»", *(re.escape(t) for t in names)]
    hidden = re.sub("|".join(pats), hide, text, flags=re.I)
    new = fn(hidden)
    return re.sub("[\ue100-\uf8ff]", lambda m: kept[ord(m.group()) - 0xE100], new)


def variant(p: Passage, name: str, seed: int) -> str | None:
    """The passage under one transformation, or None where it does not apply (unchanged)."""
    rng = random.Random(zlib.crc32(f"{seed}:{p.id}:{name}".encode()))
    if name in PROSE_CHANGES:
        if name in _PROSE_ONLY and p.kind not in PROSE:
            return None
        new = _keeping_names(p.text, p.titles, lambda t: PROSE_CHANGES[name](t, rng))
    else:
        lang = language(p.text) if p.kind == "code" else None
        if lang is None:
            return None
        new = CODE_CHANGES[name](p.text, lang, rng)
    return None if new == p.text else new


def main() -> int:
    losses = "list every passage a variant hurts"
    ap = options(__doc__, "changes", "CHANGE", losses, default=CHANGES, choices=CHANGES)
    args = ap.parse_args()
    passages = chosen(load_passages(), args.passages)
    if args.show:
        p = next(p for p in passages if p.id == args.show[0])
        v = variant(p, args.show[1], args.seed)
        print("(does not apply)" if v is None else v)
        return 0
    pin_one_core()
    start_up()
    results: dict[str, dict[str, dict]] = {n: {} for n in args.changes}
    base: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for p in passages:
            for n in args.changes:
                v = variant(p, n, args.seed)
                if v is None:
                    continue
                if p.id not in base:
                    base[p.id] = score(p, (p.text, p.id + ".txt"), folder)
                results[n][p.id] = score(p, (v, p.id + ".txt"), folder)
    by_id = {p.id: p for p in passages}
    table = {}
    for n in args.changes:
        rows = results[n]
        rule = [pid for pid in rows if by_id[pid].games]
        ctrl = [pid for pid in rows if not by_id[pid].games]
        table[n] = {
            "passages": len(rows),
            "facts": sum(rows[pid]["facts"] for pid in rule),
            "plain_right": sum(base[pid]["right"] for pid in rule),
            "right": sum(rows[pid]["right"] for pid in rule),
            "lost": sum(max(0, base[pid]["right"] - rows[pid]["right"]) for pid in rule),
            "gained": sum(max(0, rows[pid]["right"] - base[pid]["right"]) for pid in rule),
            "refused": sum(rows[pid]["refusal"] is not None for pid in rule),
            "controls_drafted": sum(rows[pid]["drafts"] > 0 for pid in ctrl),
        }
    losses = [
        (n, pid, base[pid]["right"], r["right"], r["facts"])
        for n in args.changes
        for pid, r in results[n].items()
        if r["right"] != base[pid]["right"] or r["found"] < base[pid]["found"]
    ]
    if args.json:
        out = {"seed": args.seed, "changes": table, "changed": [list(x) for x in losses]}
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(f"{'transformation':<18}{'passages':>9}{'facts':>7}{'as they are':>13}{'varied':>8}"
          f"{'lost':>6}{'gained':>8}{'refused':>9}{'ctrl drafted':>14}")  # fmt: skip
    for n, x in table.items():
        print(
            f"{n:<18}{x['passages']:>9}{x['facts']:>7}{x['plain_right']:>13}{x['right']:>8}"
            f"{x['lost']:>6}{x['gained']:>8}{x['refused']:>9}{x['controls_drafted']:>14}"
        )
    tot = {k: sum(x[k] for x in table.values()) for k in ("lost", "gained", "refused")}
    print(f"all: {tot['lost']} key facts lost, {tot['gained']} gained, {tot['refused']} refused")
    if args.losses:
        print("\ntransformation / passage: key facts right as it is -> varied (of)")
        for n, pid, b, r, f in losses:
            print(f"  {n:<18}{pid:<40}{b:>3} -> {r:>3} (of {f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
