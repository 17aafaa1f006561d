#!/usr/bin/env python3
"""Refusal fragments: the pieces of a development rule passage a real page or program gives
must not be refused when they state a key fact (issue 18 §2).

    python3 benchmarks/refusal_fragments.py                 # the table, seed 1
    python3 benchmarks/refusal_fragments.py --losses        # also every refused fragment
    python3 benchmarks/refusal_fragments.py --show karty-chasy window-3 2   # one fragment
    python3 benchmarks/refusal_fragments.py --fragments first-half strings-cs --json

Why: "a refusal only means the text states no rule content, and its message says which case
it is". On the development passages as they are nothing is refused, so the passages no longer
show what makes a real rule text look like no game; their pieces do. From every passage of the
development sets that states rules (`real-dev*` and `corpus` of `data/real/manifest.yaml`; the
held-out sets are never read) this derives (`FRAGMENTS`):

- `first-half`, `second-half`: the text cut at the sentence or line end nearest its middle
  (a page cut off, a search excerpt, the second page of a two-page entry); program sources
  are cut at the line end nearest the middle;
- `window-2`, `window-3`, `window-4` (prose only): every run of 2, 3 or 4 consecutive
  sentences of the text, as one paragraph with no title (a quoted piece, a snippet);
- `no-title` (prose only): the text with its one game's title line taken out;
- `strings-js`, `strings-py`, `strings-cs` (prose only): the sentences, title aside, as a
  program's string literals (a JavaScript array, a Python tuple, a C# `string[]`), seeded
  names, no comment;
- `help-para` (prose only): a DocBook help page, the title a `<title>`, each paragraph or
  each sentence (seeded) a `<para>`;
- `forum-quote` (prose only): a forum post quoting the rules (`[quote]`, or «> » lines under
  «X писал(а):», seeded) with a question or thanks after it.

A fragment *states a key fact* when it holds a cue of one of its passage's key facts
(`CUES`, a pattern per fact key of `facts/<id>.yaml`: a number with a pile noun for the
layout, «основани»/«туз» for the foundations, «пуст»/«свобод» for spaces, «прикуп»/«колод» for
the stock, …). The cue is lexical, written before the first measurement, and errs towards
saying a fact is stated. Only fragments that state one are counted: the figure is how many of
them are refused, by the refusal's case (its message with numbers and quotes taken out).

Each fragment is read by `pipeline.ingest.build`, where a text is refused (a refusal is a
`PasyansError`); extraction is not run (`--facts`: also every draft, the whole way, through
`real_quality.run_text`: slower, reports drafts that fail). The controls of
`refusal_stress.py` (`data/refusal/`, texts that state no rule) and their halves are read
the same way and must stay refused, with the right case for the whole texts; so must the
development passages that state no rule (`dev-…` rows: whole, halves and windows).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from onecore import pin_one_core  # noqa: E402
from passage_forms import chosen  # noqa: E402
from real_quality import start_up  # noqa: E402
from refusal_stress import RIGHT, load_controls  # noqa: E402
from wrapper_invariance import (  # noqa: E402
    PROSE,
    REAL,
    Passage,
    _heading,
    _lines_of,
    _name,
    _paragraphs,
    _title_lines,
    load_passages,
)

# A sentence end: a full stop, ! ? or … before a capital, a digit or an opening quote.
_SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=[«\"(]?[А-ЯЁA-Z0-9])")

_NUM = (
    r"(?:\d+|одн|дв[аеу]|двух|тр[иеё]|четыр|пят|шест|сем|восьм|восем|девят|десят|"
    r"одиннадцат|двенадцат|тринадцат|шестнадцат|двадцат|пар[ау]\b)"
)
_PILE = (
    r"(?:ряд|столб|кучк|куч[еа]|стопк|стопок|колонк|колон|веер|пачк|пачек|карт|ячейк|ячеек|"
    r"клетк|клеток|гнезд|групп|лини|место|мест[ао]?\b|стоп)"
)
_PLACE = r"(?:мест|колон|столб|ряд|ячейк|ячеек|стоп|клетк|клеток|кучк|куч|позици|основани|линию)"
_CARD = r"(?:карт|туз|корол|дам|валет|десятк|девятк|восьм[её]рк|сем[её]рк|шест[её]рк|пят[её]рк)"
# The cue of each key fact (see the docstring): a lexical sign that a text states it: a
# count with its noun, a place with what goes there, an order or a suit constraint.
CUES: dict[str, re.Pattern[str]] = {
    k: re.compile(v, re.IGNORECASE)
    for k, v in {
        "tableau.piles": rf"{_NUM}\w*\s+(?:\w+\s+){{0,2}}{_PILE}|{_PILE}\w*\s+по\s+{_NUM}|"
        r"сетк\w*\s+\d+\s*[xх×]\s*\d+",
        "tableau.cards": rf"{_NUM}\w*\s+(?:\w+\s+){{0,2}}{_PILE}|по\s+{_NUM}\w*\s+карт|"
        r"по\s+\d+\s+штук",
        "reserve.piles": r"резерв|ячейк|ячеек|запас\w*\s+(?:карт|из|в)",
        "reserve.cards": r"резерв|ячейк|ячеек|запас\w*\s+(?:карт|из|в)",
        "decks": rf"{_NUM}\w*\s+(?:\w+\s+)?колод|колод\w*\s+(?:из\s+|в\s+|по\s+)?\(?(?:52|36|104)|"
        r"\b(?:52|36|104|32)\s+карт|полн\w+\s+колод",
        "foundations": r"основани|базов\w+\s+(?:стоп|куч|ряд|мест)|на\s+баз|дом(?:а|ов|ах)?\b|"
        r"фундамент|отклад\w*\s+(?:в\s+сторону|отдельно)|вынима",
        "foundation.base": r"(?:туз|корол)\w*[^.!?]{0,60}(?:основан|баз|наверх|отдельн|выкла|"
        r"отклад|начина|вынима|ставят|ставится)|(?:основан|баз)\w*[^.!?]{0,60}(?:туз|корол)",
        "foundation.direction": r"(?:по|в)\s+(?:порядк\w*\s+)?(?:возраста|убыва|восходящ|нисходящ)|"
        r"по\s+порядку|по\s+старшинству|от\s+туза\s+до|от\s+короля\s+до|до\s+короля|до\s+туза|"
        r"за\s+туз\w*\s+(?:сразу\s+)?(?:идут|кладут|следу)",
        "foundation.suit": r"(?:той\s+же|одной|одн\w+|одинаков\w*|своей|любой|разн\w*)\s+масти|"
        r"по\s+мастям|независимо\s+от\s+масти|одномаст",
        "foundation.wrap": r"(?:после|за)\s+корол\w*\s+(?:идет|следует|кладут|туз)|"
        r"туз\w*\s+на\s+корол",
        "build.direction": r"(?:по|в)\s+(?:порядк\w*\s+)?(?:возраста|убыва|восходящ|нисходящ)|"
        r"(?:на|по)\s+(?:одну|единицу)\s+(?:старш|младш|больш|меньш)|"
        r"(?:старш|младш)\w+\s+на\s+(?:одн|единиц)|"
        rf"(?:класть|кладут|положить|переложить|перенести|переместить|ложится|кладется|кладётся|"
        rf"поместить|помещают|перекладыва)[^.!?]{{0,40}}\bна\s+(?:\w+\s+)?{_CARD}",
        "build.suit": r"(?:той\s+же|одной|одинаков\w*|друг\w*|разн\w*|противоположн\w*|любой|"
        r"своей)\s+(?:масти|цвета)|чередуя|чередова|красн\w*\s+на\s+ч[её]рн|ч[её]рн\w*\s+на\s+красн|"
        r"независимо\s+от\s+(?:масти|цвета)|по\s+мастям",
        "build.run": r"последовательност|цепоч|групп\w*\s+карт|несколько\s+карт|только\s+(?:по\s+)?"
        r"(?:одн|верхн)|по\s+одной|цел\w+\s+(?:стопк|столб|колон)",
        "space": rf"(?:пуст|свобод|освободи|освобожд)\w*\s+(?:\w+\s+)?{_PLACE}|(?:на|в)\s+"
        r"(?:пуст|свобод|освободи)",
        "stock.turn": r"прикуп|талон|(?:из|с)\s+(?:оставш\w+\s+)?колод|остат\w*\s+колод|"
        r"по\s+(?:одной|три|3)\s+карт|с\s+руки|открыва\w*\s+(?:по|верхн)|сда[её]т|сдаются|сдают",
        "redeals": r"пересда|пересдач|перетасов|тасу|(?:\d|один|два|три|дважды|трижды)\s+раз|"
        r"без\s+ограничени|сколько\s+угодно|не\s+пересда",
        "tableau.face": r"лицом\s+(?:вверх|вниз)|рубашк|"
        r"(?:открыт|закрыт)\w*\s+(?:\w+\s+)?(?:карт|вид)|"
        r"в\s+(?:закрытом|открытом)|картинкой\s+(?:вверх|вниз)",
        "win": r"цел[ьи]\s+(?:игры|пасьянса)|"
        r"пасьянс\w*\s+(?:сошелся|сошёлся|сходится|сойд|вышел|выходит|"
        r"удал)|собрать\s+все|разложить\s+все|освободить\s+все|все\s+карты\s+(?:окажутся|будут)|"
        r"выигр\w*,?\s+(?:если|когда)|(?:если|когда)[^.!?]{0,60}(?:выигр|побед)",
    }.items()
}

Fragment = Callable[[Passage, random.Random], list[tuple[str, str]]]


def _titled(p: Passage) -> set[int]:
    """The title lines of the passage's games (`_title_lines`)."""
    return set(_title_lines(p.text, p.titles))


def _sentences(p: Passage) -> list[str]:
    """The passage's sentences, in order: every paragraph that is no heading split at its
    sentence ends (a heading or a title line is no sentence)."""
    lines = _lines_of(p.text)
    titled = _titled(p)
    body = "\n".join(x for i, x in enumerate(lines) if i not in titled)
    return [
        s
        for para in _paragraphs(body)
        if not _heading(para)
        for s in _SENTENCE.split(" ".join(para.split()))
        if s
    ]


def _cut(text: str, program: bool) -> int:
    """The offset of the sentence or line end nearest the middle of `text` (a line end only,
    in a program source)."""
    ends = [m.end() for m in re.finditer(r"\n", text)]
    if not program:
        ends += [m.start() for m in _SENTENCE.finditer(text)]
    ends = [e for e in ends if 0 < e < len(text)]
    mid = len(text) // 2
    return min(ends, key=lambda e: (abs(e - mid), e)) if ends else mid


def first_half(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    t = p.text.strip()
    return [(t[: _cut(t, p.kind not in PROSE)].strip() + "\n", _name(p, _ext(p)))]


def second_half(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    t = p.text.strip()
    return [(t[_cut(t, p.kind not in PROSE) :].strip() + "\n", _name(p, _ext(p)))]


def _ext(p: Passage) -> str:
    """The ending of the passage's own file name (a program source's `.py`, `.js`, …)."""
    return Path(_FILES.get(p.id, ".txt")).suffix or ".txt"


_FILES = {
    e["id"]: e["file"] for e in yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8"))
}


def _windows(size: int) -> Fragment:
    def windows(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
        said = _sentences(p)
        return [
            (" ".join(said[i : i + size]) + "\n", _name(p))
            for i in range(max(0, len(said) - size + 1))
        ]

    windows.__doc__ = f"Every run of {size} consecutive sentences, one paragraph, no title."
    return windows


def no_title(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    if len(p.games) != 1 or not (titled := _titled(p)):
        return []
    lines = _lines_of(p.text)
    return [("\n".join(x for i, x in enumerate(lines) if i not in titled).strip() + "\n", _name(p))]


def _title(p: Passage) -> str:
    return p.titles[0] if len(p.titles) == 1 else "Правила"


def _c(s: str) -> str:
    """A C-family string literal's body (JavaScript, C#)."""
    return s.replace("\\", "\\\\").replace('"', '\\"')


def strings_js(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    name = rng.choice(["RULES", "helpLines", "rulesText"])
    items = ",\n".join(f'  "{_c(s)}"' for s in _sentences(p))
    text = f"// {_title(p)}\nexport const {name} = [\n{items}\n];\n"
    return [(text, _name(p, ".js"))]


def strings_py(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    name = rng.choice(["RULES", "HELP", "rules_text"])
    items = "\n".join(f"    {s!r}," for s in _sentences(p))
    text = f"TITLE = {_title(p)!r}\n{name} = (\n{items}\n)\n"
    return [(text, _name(p, ".py"))]


def strings_cs(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    cls = rng.choice(["Rules", "HelpText", "GameRules"])
    items = ",\n".join(f'            "{_c(s)}"' for s in _sentences(p))
    text = (
        "namespace Solitaire\n{\n"
        f"    public static class {cls}\n    {{\n"
        f'        public const string Title = "{_c(_title(p))}";\n'
        "        public static readonly string[] Lines =\n        {\n"
        f"{items}\n        }};\n    }}\n}}\n"
    )
    return [(text, _name(p, ".cs"))]


def _xml(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def help_para(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    """A DocBook help page: the title a `<title>`, each paragraph (or each sentence) a
    `<para>`."""
    if rng.random() < 0.5:
        paras = _sentences(p)
    else:
        lines = _lines_of(p.text)
        titled = _titled(p)
        body = "\n".join(x for i, x in enumerate(lines) if i not in titled)
        paras = [" ".join(x.split()) for x in _paragraphs(body)]
    ident = re.sub(r"\W+", "-", p.id)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<sect1 id="{ident}">',
        f"  <title>{_xml(_title(p))}</title>",
        *(f"  <para>{_xml(x)}</para>" for x in paras),
        "</sect1>",
    ]
    return [("\n".join(out) + "\n", _name(p, ".xml"))]


def forum_quote(p: Passage, rng: random.Random) -> list[tuple[str, str]]:
    """A forum post quoting the rules (`[quote]` or «> » lines) and asking about them."""
    user = rng.choice(["tanya_k", "Картёжница", "dedushka", "Гость_15"])
    body = " ".join(_sentences(p))
    head = [
        "Форум › Досуг › Пасьянсы",
        f"Re: {_title(p)}",
        "",
        f"Ответ #{rng.randint(2, 30)} {rng.randint(1, 28)}.{rng.randint(1, 12):02d}.2012",
    ]
    if rng.random() < 0.5:
        quoted = [f'[quote="{user}"]', body, "[/quote]"]
    else:
        quoted = [f"{user} писал(а):", *(f"> {x}" for x in _fill(body, 70))]
    tail = [
        "",
        rng.choice(
            [
                "Спасибо! А у меня почему-то никогда не сходится.",
                "Понятно, попробую сегодня вечером.",
                "А сколько раз можно пересдавать?",
            ]
        ),
    ]
    return [("\n".join(head + quoted + tail) + "\n", _name(p))]


def _fill(text: str, width: int) -> list[str]:
    out, line = [], ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return out + ([line] if line else [])


# Fragment kind -> (deriving function, prose passages only)
FRAGMENTS: dict[str, tuple[Fragment, bool]] = {
    "first-half": (first_half, False),
    "second-half": (second_half, False),
    "window-2": (_windows(2), True),
    "window-3": (_windows(3), True),
    "window-4": (_windows(4), True),
    "no-title": (no_title, True),
    "strings-js": (strings_js, True),
    "strings-py": (strings_py, True),
    "strings-cs": (strings_cs, True),
    "help-para": (help_para, True),
    "forum-quote": (forum_quote, True),
}


def derive(p: Passage, kind: str, seed: int) -> list[tuple[str, str]]:
    fn, prose_only = FRAGMENTS[kind]
    if prose_only and p.kind not in PROSE:
        return []
    rng = random.Random(zlib.crc32(f"{seed}:{p.id}:{kind}".encode()))
    return fn(p, rng)


def stated(p: Passage, text: str) -> list[str]:
    """The passage's key facts whose cue the fragment holds (`CUES`)."""
    keys = dict.fromkeys(k for g in p.games for k in g["facts"])
    return [k for k in keys if k in CUES and CUES[k].search(text)]


def case_of(message: str) -> str:
    """A refusal's case: its words after «no Russian patience game found: », brackets,
    quotes and numbers taken out."""
    why = message.split("game found: ", 1)[-1]
    why = re.sub(r"\s*\([^()]*(?:\([^()]*\)[^()]*)*\)", "", why)
    why = re.sub(r"«[^»]*»", "«…»", why)
    return re.sub(r"\d+", "N", why).strip()


def refusal(text: str, fname: str, folder: Path, whole: bool) -> str | None:
    """The refusal of a fragment, or None (`whole`: the whole way, a failed draft named)."""
    sub = folder / str(len(list(folder.iterdir())))
    sub.mkdir()
    path = sub / fname
    path.write_text(text, encoding="utf-8")
    if whole:
        from real_quality import run_text

        return run_text(path)[1]
    from pipeline.errors import PasyansError
    from pipeline.ingest import build

    try:
        build([path])
    except PasyansError as err:
        return str(err)
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fragments", nargs="*", help="only these kinds (default: all)")
    ap.add_argument("--passages", nargs="*", help="only these development passages")
    ap.add_argument("--no-controls", action="store_true")
    ap.add_argument("--facts", action="store_true", help="the whole way (run_text), slower")
    ap.add_argument("--losses", action="store_true", help="list every refused fragment")
    ap.add_argument("--show", nargs="+", metavar="ARG", help="PASSAGE KIND [N]: print one")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    kinds = args.fragments or list(FRAGMENTS)
    unknown = [k for k in kinds if k not in FRAGMENTS]
    if unknown:
        print(f"refusal_fragments.py: unknown fragment kind {unknown[0]!r}", file=sys.stderr)
        return 2
    passages = chosen([p for p in load_passages() if p.games], args.passages)
    if args.show:
        if len(args.show) not in (2, 3) or args.show[1] not in FRAGMENTS:
            print("refusal_fragments.py: --show PASSAGE KIND [N]", file=sys.stderr)
            return 2
        p = next((p for p in passages if p.id == args.show[0]), None)
        got = derive(p, args.show[1], args.seed) if p else []
        n = int(args.show[2]) if len(args.show) == 3 else 0
        print(f"== {got[n][1]}\n{got[n][0]}" if 0 <= n < len(got) else "(not applicable)")
        return 0
    pin_one_core()
    start_up()
    t0 = time.process_time()
    rows: list[dict] = []
    controls: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for p in passages:
            for kind in kinds:
                for n, (text, fname) in enumerate(derive(p, kind, args.seed)):
                    keys = stated(p, text)
                    why = refusal(text, fname, folder, args.facts) if keys else None
                    rows.append({"passage": p.id, "kind": kind, "n": n, "keys": keys, "why": why})
        if not args.no_controls:
            for c in load_controls():
                none = Passage(c["id"], c["kind"], c["text"], [])
                program = not c["file"].endswith(".txt")
                whole = c["text"].strip()
                cut = _cut(whole, program)
                parts = [
                    ("whole", whole),
                    ("first-half", whole[:cut]),
                    ("second-half", whole[cut:]),
                ]
                for part, text in parts:
                    why = refusal(text.strip() + "\n", c["file"], folder, args.facts)
                    right = bool(why) and bool(re.search(RIGHT[none.kind], why or ""))
                    controls.append(
                        {"id": c["id"], "kind": c["kind"], "part": part, "why": why, "right": right}
                    )
            # the development passages that state no rule (their own controls), whole, and
            # their halves and windows: a piece of a text with no rule states none
            for p in load_passages():
                if p.games or (args.passages and p.id not in set(args.passages)):
                    continue
                pieces = [("dev-whole", p.text, _name(p, _ext(p)))]
                for kind in ("first-half", "second-half", "window-2", "window-3", "window-4"):
                    pieces += [(f"dev-{kind}", t, f) for t, f in derive(p, kind, args.seed)]
                for part, text, fname in pieces:
                    why = refusal(text, fname, folder, args.facts)
                    controls.append(
                        {"id": p.id, "kind": p.kind, "part": part, "why": why, "right": None}
                    )
    cpu = time.process_time() - t0
    table: dict[str, dict] = {}
    for kind in kinds:
        mine = [r for r in rows if r["kind"] == kind]
        stating = [r for r in mine if r["keys"]]
        table[kind] = {
            "fragments": len(mine),
            "stating": len(stating),
            "refused": sum(r["why"] is not None for r in stating),
        }
    cases = Counter(case_of(r["why"]) for r in rows if r["why"])
    ctable: dict[str, dict] = {}
    for c in controls:
        x = ctable.setdefault(c["part"], {"texts": 0, "refused": 0, "right_case": 0})
        x["texts"] += 1
        x["refused"] += c["why"] is not None
        x["right_case"] += bool(c["right"])
    if args.json:
        out = {
            "seed": args.seed,
            "fragments": table,
            "cases": dict(cases.most_common()),
            "controls": ctable,
            "refused": [
                {k: r[k] for k in ("passage", "kind", "n", "why")} for r in rows if r["why"]
            ],
            "controls_not_refused": [
                {k: c[k] for k in ("id", "part")} for c in controls if c["why"] is None
            ],
        }
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(f"{'fragment':<14}{'texts':>7}{'stating a fact':>16}{'refused':>9}")
    for kind, x in table.items():
        print(f"{kind:<14}{x['fragments']:>7}{x['stating']:>16}{x['refused']:>9}")
    stating = sum(x["stating"] for x in table.values())
    refused = sum(x["refused"] for x in table.values())
    print(f"fragments stating a key fact: {refused} of {stating} refused ({cpu:.1f} CPU-s)")
    if cases:
        print("\nrefusals by case")
        for why, n in cases.most_common():
            print(f"{n:>6}  {why}")
    if controls:
        print(f"\n{'controls':<16}{'texts':>7}{'refused':>9}{'right case':>12}")
        for part, x in ctable.items():
            right = "-" if part.startswith("dev-") else x["right_case"]
            print(f"{part:<16}{x['texts']:>7}{x['refused']:>9}{right:>12}")
    if args.losses:
        print("\nrefused fragments (kind, passage, no.: case; the keys it states)")
        for r in rows:
            if r["why"]:
                print(f"  {r['kind']:<12}{r['passage']} {r['n']}: {case_of(r['why'])}; {r['keys']}")
        print("\ncontrols not refused (id, part)")
        for c in controls:
            if c["why"] is None:
                print(f"  {c['id']} ({c['kind']}), {c['part']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
