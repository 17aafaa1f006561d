#!/usr/bin/env python3
"""Short rule texts and controls under every file name: what game finding refuses (issue 18
§2: «a refusal only means the text states no rule content, and its message says which case
it is»).

    python3 benchmarks/short_rule_texts.py                  # the figures
    python3 benchmarks/short_rule_texts.py --list           # and every wrong outcome
    python3 benchmarks/short_rule_texts.py --json > A.json  # per text: game ids or refusal
    python3 benchmarks/short_rule_texts.py --diff A.json    # texts whose outcome changed

Why: a check that refuses texts is judged on held-out passages no development text resembles,
and twice refused one of them. This presents every development rule passage (`real-dev*`,
never a held-out set) as the shortest texts that still state a rule:

- its running sentences (`finding.running_spans`) from the first one that states a rule
  (`rule_sentence`, not talk about the game), cut to the first 1, 2 and 3 of them;
- each with its game's title line over it (the facts file's first title; none for an
  untitled game) and without;
- each under four file names (issue 18 §2): the passage's own (`karty-chasy.txt`), in
  capitals (`KARTY-CHASY.txt`), a Cyrillic name with spaces (`Пасьянс Часы.txt`, the
  title's words; `Правила игры.txt` for an untitled game) and a Latin one with spaces
  (`karty chasy.txt`).

A cut *names a rule* when one of its sentences names cards or places with an act
(`rule_sentence`, and not `about_game` nor `about_games`: the finder's wide net, as it stood
when this check was written, fixed here so that a change to the finder cannot move the goal);
it *states a rule* when besides the grammar reads a fact of a rule's area in that sentence
(`sentence_facts`, an area other than `sentence` and `coverage`). A cut that states a rule
must never be refused; the wide figure is printed beside it (its extra sentences are often
talk: «подходящие названия для игры, поскольку необходимо делать расчет при выкладывании
каждой карты»). Every development control (`rules: false`) is presented whole under the
same four names, and must be refused each time.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import yaml  # noqa: E402
from real_quality import DEV_SETS, REAL, REAL_SETS, start_up  # noqa: E402

from pipeline.errors import PasyansError  # noqa: E402

CUTS = (1, 2, 3)


def _names(pid: str, title: str | None) -> list[tuple[str, str]]:
    """(variant, file name) for the four file names."""
    words = re.findall(r"[А-Яа-яЁё0-9]+", title or "") or ["Правила", "игры"]
    return [
        ("own", f"{pid}.txt"),
        ("capitals", f"{pid.upper()}.txt"),
        ("cyrillic", "Пасьянс " + " ".join(words) + ".txt" if title else "Правила игры.txt"),
        ("spaces", pid.replace("-", " ") + ".txt"),
    ]


def names_a_rule(sentence: str) -> bool:
    """The check's fixed wide test: cards or places with an act, not talk."""
    from pipeline.segment.finding import about_game, about_games, rule_sentence

    return rule_sentence(sentence) and not about_game(sentence) and not about_games(sentence)


def grammar_reads(modern: str) -> bool:
    """Whether the grammar reads a fact of a rule's area in a sentence (modern spelling)."""
    from pipeline.extract.facts import sentence_facts
    from pipeline.extract.vocabulary import VOCABULARY

    return any(
        VOCABULARY[f.key].area not in ("sentence", "coverage")
        for f in sentence_facts(modern)[0]
        if f.key in VOCABULARY
    )


def texts() -> Iterator[tuple[str, str, str, str]]:
    """(key, file name, text, `states`, `names` or `none`: what rule it has) of every text."""
    from pipeline.game_finding import _modern
    from pipeline.normalize import normalize
    from pipeline.segment.finding import running_spans

    dev = {REAL_SETS[s] for s in DEV_SETS}
    for e in yaml.safe_load((REAL / "manifest.yaml").read_text("utf-8")):
        if e["set"] not in dev:  # the held-out sets are never read here
            continue
        pid = e["id"]
        raw = (REAL / e["file"]).read_text("utf-8")
        if e.get("rules") is False:
            for variant, name in _names(pid, None):
                yield f"control/{variant}/{pid}", name, raw, "none"
            continue
        facts = yaml.safe_load((REAL / "facts" / f"{pid}.yaml").read_text("utf-8"))
        title = (facts["games"] or [{}])[0].get("title")
        nt = normalize(raw)
        spans = running_spans(nt)
        sents = [" ".join(nt.text[a:b].split()) for a, b in spans]
        named = [names_a_rule(s) for s in sents]
        stated = [n and grammar_reads(_modern(nt, *ab)) for n, ab in zip(named, spans, strict=True)]
        first = next((i for i, n in enumerate(named) if n), None)
        if first is None:
            continue
        for k in CUTS:
            cut = sents[first : first + k]
            end = first + len(cut)
            ruled = (
                "states" if any(stated[first:end]) else "names" if any(named[first:end]) else "none"
            )
            body = " ".join(cut) + "\n"
            for titled in (False, True) if title else (False,):
                text = f"{title}\n\n{body}" if titled else body
                head = "titled" if titled else "bare"
                for variant, name in _names(pid, title):
                    yield f"rule/{k}-{head}-{variant}/{pid}", name, text, ruled


def run() -> dict[str, dict]:
    from pipeline.ingest import build

    out: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n, (key, name, text, ruled) in enumerate(texts()):
            path = Path(tmp) / str(n) / name
            path.parent.mkdir()
            path.write_text(text, encoding="utf-8")
            try:
                got: list[str] | str = sorted(g["id"] for g in build([path]).games)
            except PasyansError as err:
                got = "refused: " + str(err).split("no Russian patience game found: ")[-1]
            out[key] = {"ruled": ruled, "got": got}
    return out


def _wrong(key: str, row: dict, wide: bool = False) -> bool:
    refused = isinstance(row["got"], str)
    if key.startswith("control/"):
        return not refused
    return refused and (row["ruled"] == "states" or (wide and row["ruled"] == "names"))


def _group(key: str) -> str:
    return key.split("/")[0] + "/" + key.split("/")[1]


_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="per text: game ids or the refusal")
    ap.add_argument("--diff", type=Path, help="a baseline's --json: list what changed")
    ap.add_argument("--list", action="store_true", help="list every wrong outcome")
    a = ap.parse_args()
    start_up()
    res = run()
    if a.json:
        print(json.dumps(res, ensure_ascii=False, indent=0))
        return
    base = json.loads(a.diff.read_text("utf-8")) if a.diff else None
    wrong, wide, total, bad_ids = Counter(), Counter(), Counter(), 0
    for key, row in res.items():
        g = _group(key)
        total[g] += 1
        wrong[g] += _wrong(key, row)
        wide[g] += _wrong(key, row, wide=True)
        if isinstance(row["got"], list):
            bad_ids += sum(not _SLUG.match(i) for i in row["got"])
        if a.list and _wrong(key, row, wide=True):
            print(f"wrong {key}: {str(row['got'])[:160]}")
        if base is not None and base.get(key, {}).get("got") != row["got"]:
            print(
                f"changed {key}: {str(base.get(key, {}).get('got'))[:100]}"
                f" -> {str(row['got'])[:100]}"
            )
    rules = sum(n for g, n in total.items() if g.startswith("rule/"))
    stating = sum(row["ruled"] == "states" for k, row in res.items() if k.startswith("rule/"))
    naming = sum(row["ruled"] != "none" for k, row in res.items() if k.startswith("rule/"))
    refused = sum(wrong[g] for g in total if g.startswith("rule/"))
    refused_wide = sum(wide[g] for g in total if g.startswith("rule/"))
    for g in sorted(total):
        if g.startswith("control/"):
            print(f"{g:26} texts {total[g]:5}  given a draft {wrong[g]}")
        else:
            print(
                f"{g:26} texts {total[g]:5}  refused: stating a rule {wrong[g]},"
                f" naming one {wide[g]}"
            )
    controls = sum(n for g, n in total.items() if g.startswith("control/"))
    drafts = sum(wrong[g] for g in total if g.startswith("control/"))
    print(f"rule texts {rules}: stating a rule {stating}, refused {refused}")
    print(f"rule texts naming a rule {naming}: refused {refused_wide}")
    print(f"controls {controls}: given a draft {drafts}")
    print(f"game ids that are not valid slugs: {bad_ids}")


if __name__ == "__main__":
    main()
