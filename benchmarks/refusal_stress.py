#!/usr/bin/env python3
"""Refusal stress: harder forms of the development rule passages must still give a draft, and
real texts that state no rule must be refused with their case (issue 18 §2 and §5).

    python3 benchmarks/refusal_stress.py                  # the table, seed 1
    python3 benchmarks/refusal_stress.py --losses         # also every refusal and wrong message
    python3 benchmarks/refusal_stress.py --show karty-chasy lower   # print one derived text
    python3 benchmarks/refusal_stress.py --forms lower upper --json
    python3 benchmarks/refusal_stress.py --code --no-controls  # program sources' parts

Why: issue 18 asks that "a refusal only means the text states no rule content, and its message
says which case it is", and held-out rule texts are still refused. Each prose rule passage of
the development sets (`real-dev*` of `data/real/manifest.yaml`, kinds site, article, docs, book,
forum; the held-out sets are never read; program sources are their own form) is re-presented
in the forms a real page gives (`FORMS`):

- `no-title`: the title line taken out (one-game passages with a title line);
- `middle-third`: only the middle third of the text, cut at spaces (an excerpt);
- `one-paragraph`: the one paragraph richest in card and pile words, alone (`_richness`);
- `title-at-end`: the title line moved below the text (one-game passages with a title line);
- `lower`, `upper`: the whole text in small letters, in capitals;
- `wrap-40`: every paragraph broken into lines of about 40 characters at spaces;
- `numbered`: every sentence an item of a numbered list (`1.` or `1)`), headings kept;
- `forum-post`: the text, its title line taken out, as a reply in a forum thread;
- `comment-block`: the text as a program's block comment (`/* … */`, `//` lines or a Python
  docstring) above a few lines of code;
- `strings-only`: the text's sentences as a program's string literals (a JavaScript array or
  a Python dict of messages), no comment.

Each derived text goes the whole way (`real_quality.run_text`). A rule passage's form passes
when it gives a draft (any draft: its facts are counted, not required); the headline is the
forms *refused*. The controls (`data/refusal/`: real texts that state no rule, kept verbatim
with their addresses: news, recipes, menus, stories, card tricks, card games played against
others, other games, empty programs) must be refused, and with a message of the right case
(`RIGHT`, per kind: a card game played against others must be named as one; no control may
be told it "states too little of a game's rules", which says it states some).

`--code` (added after the first measurement): the development program sources instead, as a
part of a file (`code-middle-third`, `code-half`: the first or the second half, seeded).

Forms are built from the passage and a seeded random stream per passage and form, so a
figure is reproducible; `--seed` draws other choices.
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

import yaml  # noqa: E402
from onecore import pin_one_core  # noqa: E402
from passage_forms import chosen, options, scored  # noqa: E402
from real_quality import start_up  # noqa: E402
from wrapper_invariance import (  # noqa: E402
    PROSE,
    Passage,
    _heading,
    _lines_of,
    _name,
    _paragraphs,
    _title_lines,
    load_passages,
    score,
)

CONTROLS = ROOT / "benchmarks" / "data" / "refusal"

Form = Callable[[Passage, random.Random], tuple[str, str] | None]

_SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=[«\"(]?[А-ЯЁA-Z0-9])")
# card and pile words: which paragraph of a passage says most about cards and places
_RICH = re.compile(
    r"карт|туз|корол|дам[аыуе]\b|валет|вальт|масть|масти|стопк|столб|колод|ряд|кучк|"
    r"основани|резерв|ячейк|колонк|веер|прикуп|талон",
    re.IGNORECASE,
)


def _without_titles(p: Passage) -> tuple[list[str], list[str]] | None:
    """The passage's lines without its one game's title line, and that line; None where the
    passage holds more games than one or no title line."""
    if len(p.games) != 1:
        return None
    idx = _title_lines(p.text, p.titles)
    if not idx:
        return None
    lines = _lines_of(p.text)
    return [x for i, x in enumerate(lines) if i not in idx], [lines[i].strip() for i in idx]


def no_title(p: Passage, rng: random.Random) -> tuple[str, str] | None:
    got = _without_titles(p)
    return None if got is None else ("\n".join(got[0]).strip() + "\n", _name(p))


def title_at_end(p: Passage, rng: random.Random) -> tuple[str, str] | None:
    """The title below the text, as a caption or a signature line gives it."""
    got = _without_titles(p)
    if got is None:
        return None
    form = rng.choice(["{}", "({})", "— {}", "Пасьянс «{}»"])
    title = got[1][0].strip("«»\"'*# ").strip(" .:")
    return "\n".join(got[0]).strip() + "\n\n" + form.format(title) + "\n", _name(p)


def middle_third(p: Passage, rng: random.Random) -> tuple[str, str]:
    """The characters of the middle third, widened to whole words."""
    t = p.text
    a, b = len(t) // 3, 2 * len(t) // 3
    while a > 0 and not t[a - 1].isspace():
        a -= 1
    while b < len(t) and not t[b].isspace():
        b += 1
    return t[a:b].strip() + "\n", _name(p)


def _richness(para: str) -> int:
    return len(_RICH.findall(para))


def one_paragraph(p: Passage, rng: random.Random) -> tuple[str, str]:
    """The paragraph with the most card and pile words (the first of equals), alone."""
    paras = [x for x in _paragraphs(p.text) if not _heading(x)] or [p.text]
    best = max(paras, key=lambda x: (_richness(x), -paras.index(x)))
    return best.strip() + "\n", _name(p)


def lower(p: Passage, rng: random.Random) -> tuple[str, str]:
    return p.text.lower(), _name(p)


def upper(p: Passage, rng: random.Random) -> tuple[str, str]:
    return p.text.upper(), _name(p)


def _fill(text: str, width: int) -> list[str]:
    out, line = [], ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return out + ([line] if line else [])


def wrap_40(p: Passage, rng: random.Random) -> tuple[str, str]:
    """Every paragraph filled into lines of at most ~40 characters (a narrow column, a
    phone's copy), paragraphs apart by a blank line, no hyphens."""
    width = rng.randint(36, 44)
    return "\n\n".join("\n".join(_fill(x, width)) for x in _paragraphs(p.text)) + "\n", _name(p)


def numbered(p: Passage, rng: random.Random) -> tuple[str, str]:
    """Every sentence an item of one numbered list, headings on their lines."""
    style = rng.choice(["{}. ", "{}) "])
    out, n = [], 0
    for para in _paragraphs(p.text):
        if _heading(para):
            out.append(para)
            continue
        for s in _SENTENCE.split(" ".join(para.split())):
            if s:
                n += 1
                out.append(style.format(n) + s)
    return "\n".join(out) + "\n", _name(p)


def _body(p: Passage) -> str:
    got = _without_titles(p)
    return ("\n".join(got[0]) if got else p.text).strip()


def forum_post(p: Passage, rng: random.Random) -> tuple[str, str]:
    """A reply in a forum thread holding the rules with no title: a question, the author and
    date, a line of its own, the rules, thanks."""
    user = rng.choice(["tanya_k", "Картёжница", "dedushka", "Гость_15"])
    out = [
        "Форум › Досуг › Карты",
        "Re: Как раскладывать? Бабушкин пасьянс",
        "",
        f"{user} » {rng.randint(1, 28)}.{rng.randint(1, 12):02d}.2011 21:{rng.randint(10, 59)}",
        rng.choice(["Я раскладываю так:", "Вот как меня учили:", "Записываю по памяти:"]),
        "",
        _body(p),
        "",
        "Удачи! Если что непонятно, спрашивайте.",
        "",
        "Ответить | Цитировать",
    ]
    return "\n".join(out) + "\n", _name(p)


def comment_block(p: Passage, rng: random.Random) -> tuple[str, str]:
    """The passage as a program's comment block above its code."""
    lines = [x.rstrip() for x in _lines_of(p.text.strip())]
    style = rng.choice(["c", "slashes", "python"])
    if style == "python":
        doc = '"""\n' + "\n".join(lines).replace('"""', "'''") + '\n"""\n'
        code = "import random\n\n\ndef new_game(deck):\n    random.shuffle(deck)\n    return deck\n"
        return doc + "\n" + code, _name(p, ".py")
    if style == "c":
        head = "/*\n" + "\n".join(" * " + x if x else " *" for x in lines) + "\n */\n"
    else:
        head = "\n".join("// " + x if x else "//" for x in lines) + "\n"
    code = "export function newGame(deck) {\n  shuffle(deck);\n  return deal(deck);\n}\n"
    return head + code, _name(p, ".js")


def _js(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def strings_only(p: Passage, rng: random.Random) -> tuple[str, str]:
    """The sentences as a program's string literals, no comment: a JavaScript array of help
    lines or a Python dict of messages."""
    title = p.titles[0] if len(p.titles) == 1 else "Правила"
    said = [
        s
        for para in _paragraphs(_body(p))
        for s in (_SENTENCE.split(" ".join(para.split())) if not _heading(para) else [para])
        if s
    ]
    if rng.random() < 0.5:
        items = ",\n".join(f'    "{_js(s)}"' for s in said)
        text = f'export const help = {{\n  title: "{_js(title)}",\n  lines: [\n{items}\n  ],\n}};\n'
        return text, _name(p, ".js")
    items = "\n".join(f"    'rule_{i}': {s!r}," for i, s in enumerate(said, 1))
    return f"MESSAGES = {{\n    'title': {title!r},\n{items}\n}}\n", _name(p, ".py")


def plain(p: Passage, rng: random.Random) -> tuple[str, str]:
    return p.text, _name(p)


def code_middle_third(p: Passage, rng: random.Random) -> tuple[str, str]:
    """A program source's middle third, cut at line ends (one part of a file, as a page or a
    search shows it), under the passage's own file name."""
    lines = _lines_of(p.text)
    a, b = len(lines) // 3, max(len(lines) // 3 + 1, 2 * len(lines) // 3)
    return "\n".join(lines[a:b]).strip() + "\n", _name(p)


def code_halves(p: Passage, rng: random.Random) -> tuple[str, str]:
    """A program source's first or second half (seeded), cut at a line end."""
    lines = _lines_of(p.text)
    half = len(lines) // 2
    part = lines[:half] if rng.random() < 0.5 else lines[half:]
    return "\n".join(part).strip() + "\n", _name(p)


FORMS: dict[str, Form] = {
    "plain": plain,
    "no-title": no_title,
    "middle-third": middle_third,
    "one-paragraph": one_paragraph,
    "title-at-end": title_at_end,
    "lower": lower,
    "upper": upper,
    "wrap-40": wrap_40,
    "numbered": numbered,
    "forum-post": forum_post,
    "comment-block": comment_block,
    "strings-only": strings_only,
}
# Forms of the program sources (`--code`; added after the first measurement): a part of a
# file as a search result or a page shows it.
CODE_FORMS: dict[str, Form] = {
    "code-plain": plain,
    "code-middle-third": code_middle_third,
    "code-half": code_halves,
}

# The cases a control's refusal may name, per kind (recorded with the controls, before the
# first measurement). A text with no card-game rules is told it states no rule of a patience
# (or what it is instead: furniture, headings, a story, an introduction, an article, a
# program's code); a card game played against others is told so. "states too little of a
# game's rules" is never right for a control: it says the text states some.
_NO_RULE = (
    r"states no rule|page furniture|only \d+ headings?|no Russian words|tells a story|"
    r"tells a game's history|introduction|article|only mentions cards|names a game but states "
    r"none|program's (?:controls|named|code)|what patience is at large|not Russian"
)
_OTHER = r"another game|played against others|card games at large"
RIGHT = {
    "news": _NO_RULE,
    "recipe": _NO_RULE,
    "menus": _NO_RULE,
    "story": _NO_RULE,
    "trick": _NO_RULE + r"|card trick",
    "card-game": _OTHER,
    "other-game": _NO_RULE + "|" + _OTHER,
    "program": _NO_RULE,
}


def load_controls() -> list[dict]:
    manifest = yaml.safe_load((CONTROLS / "manifest.yaml").read_text(encoding="utf-8"))
    return [{**e, "text": (CONTROLS / e["file"]).read_text(encoding="utf-8")} for e in manifest]


def derive(p: Passage, form: str, seed: int) -> tuple[str, str] | None:
    rng = random.Random(zlib.crc32(f"{seed}:{p.id}:{form}".encode()))
    return {**FORMS, **CODE_FORMS}[form](p, rng)


def rule_passages(code: bool = False) -> list[Passage]:
    """The development prose passages that state rules, or (`code`) the program sources
    (the held-out sets are never read)."""
    return [p for p in load_passages() if (p.kind not in PROSE) == code and p.games]


def main() -> int:
    some = "only these forms (default: all of the kind)"
    ap = options(__doc__, "forms", "FORM", "list every refusal, wrong message", forms_help=some)
    ap.add_argument("--code", action="store_true", help="the program sources' forms instead")
    ap.add_argument("--no-controls", action="store_true")
    args = ap.parse_args()
    table_of = CODE_FORMS if args.code else FORMS
    args.forms = args.forms or list(table_of)
    unknown = [f for f in args.forms if f not in table_of]
    if unknown:
        print(f"refusal_stress.py: unknown form {unknown[0]!r}", file=sys.stderr)
        return 2
    passages = chosen(rule_passages(args.code), args.passages)
    if args.show:
        p = next((p for p in passages if p.id == args.show[0]), None)
        w = derive(p, args.show[1], args.seed) if p and args.show[1] in table_of else None
        print("(not applicable)" if w is None else f"== {w[1]}\n{w[0]}")
        return 0
    pin_one_core()
    start_up()
    controls: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results = scored(passages, args.forms, derive, args.seed, folder, score)
        if not args.no_controls:
            for c in load_controls():
                none = Passage(c["id"], c["kind"], c["text"], [])
                r = score(none, (c["text"], c["file"]), folder)
                right = bool(r["refusal"]) and bool(re.search(RIGHT[c["kind"]], r["refusal"]))
                controls.append({"id": c["id"], "kind": c["kind"], **r, "right_case": right})
    table = {}
    for f, rows in results.items():
        table[f] = {
            "texts": len(rows),
            "refused": sum(r["refusal"] is not None for r in rows.values()),
            "with_draft": sum(r["drafts"] > 0 for r in rows.values()),
            "present": sum(len(p.games) for p in passages if p.id in rows),
            "found": sum(r["found"] for r in rows.values()),
            "facts": sum(r["facts"] for r in rows.values()),
            "right": sum(r["right"] for r in rows.values()),
        }
    kinds: dict[str, dict[str, int]] = {}
    for c in controls:
        k = kinds.setdefault(c["kind"], {"controls": 0, "refused": 0, "right_case": 0})
        k["controls"] += 1
        k["refused"] += c["refusal"] is not None
        k["right_case"] += c["right_case"]
    if args.json:
        out = {"seed": args.seed, "forms": table, "controls": kinds}
        out["refusals"] = {
            f: {pid: r["refusal"] for pid, r in rows.items() if r["refusal"]}
            for f, rows in results.items()
        }
        out["controls_wrong"] = {
            c["id"]: c["refusal"] or ", ".join(c["ids"]) for c in controls if not c["right_case"]
        }
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(f"{'form':<15}{'texts':>6}{'refused':>9}{'games found':>14}{'key facts right':>18}")
    for f, x in table.items():
        games = f"{x['found']}/{x['present']}"
        facts = f"{x['right']}/{x['facts']}"
        print(f"{f:<15}{x['texts']:>6}{x['refused']:>9}{games:>14}{facts:>18}")
    refused = sum(x["refused"] for f, x in table.items() if not f.endswith("plain"))
    texts = sum(x["texts"] for f, x in table.items() if not f.endswith("plain"))
    print(f"derived forms: {refused} of {texts} refused")
    if controls:
        print(f"\n{'control kind':<15}{'texts':>6}{'refused':>9}{'right case':>12}")
        for k, x in sorted(kinds.items()):
            print(f"{k:<15}{x['controls']:>6}{x['refused']:>9}{x['right_case']:>12}")
        n = len(controls)
        print(
            f"controls: {sum(c['refusal'] is not None for c in controls)} of {n} refused, "
            f"{sum(c['right_case'] for c in controls)} with the right case"
        )
    if args.losses:
        print("\nrefused derived forms (form, passage: message)")
        for f, rows in results.items():
            for pid, r in rows.items():
                if r["refusal"]:
                    print(f"  {f:<14}{pid}: {r['refusal'].split(': ', 1)[-1]}")
        print("\ncontrols not refused with the right case (id, kind: message or drafts)")
        for c in controls:
            if not c["right_case"]:
                what = c["refusal"].split(": ", 1)[-1] if c["refusal"] else ", ".join(c["ids"])
                print(f"  {c['id']} ({c['kind']}): {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
