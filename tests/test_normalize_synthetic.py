"""Gold texts with OCR slips planted by the confusion table: repaired, and nothing else harmed.

The slips are the table's own confusions applied backwards (meant -> seen) to one word in
ten, with a fixed random seed. No correct word may be made wrong; most slips must go. (Slips
that make another real word, `такъ` -> `гакъ`, are left unless context decides.)
"""

from __future__ import annotations

import difflib
import random
from pathlib import Path

import regex

from pipeline.normalize import normalize
from pipeline.normalize.confusions import shipped_table

GOLD = Path(__file__).resolve().parents[1] / "corpus" / "gold"
_PRE_ONLY = ("ѣ", "і", "ѵ", "ъ")


def corrupt(gold: str, rng: random.Random, modern: bool) -> str:
    rules = sorted(
        (seen, meant)
        for seen, meant in shipped_table().weights
        if not (modern and any(ch in seen for ch in _PRE_ONLY))
    )
    out, pos = [], 0
    for m in regex.finditer(r"\p{L}+", gold):
        w = m.group()
        if len(w) >= 4 and rng.random() < 0.10:
            options = [(s, t) for s, t in rules if t in w]
            if options:
                seen, meant = rng.choice(options)
                i = w.index(meant)
                w = w[:i] + seen + w[i + len(meant) :]
        out += [gold[pos : m.start()], w]
        pos = m.end()
    out.append(gold[pos:])
    return "".join(out)


def test_planted_slips_repaired_and_no_correct_word_harmed() -> None:
    rng = random.Random(2026)
    planted = repaired = harmed = 0
    for path in sorted(GOLD.glob("0*.txt")):
        gold = path.read_text(encoding="utf-8")
        for _ in range(3):
            raw = corrupt(gold, rng, modern=path.stem.startswith("002"))
            out = normalize(raw).text
            g, r, o = (regex.findall(r"\S+", t) for t in (gold, raw, out))
            assert len(g) == len(r)  # slips never add or remove a word
            planted += sum(a != b for a, b in zip(g, r, strict=True))
            wrong = set()  # gold tokens the output does not have in an optimal alignment
            sm = difflib.SequenceMatcher(None, g, o, autojunk=False)
            for op, a, b, _c, _d in sm.get_opcodes():
                if op != "equal":
                    wrong.update(range(a, b))
            repaired += sum(1 for k in range(len(g)) if r[k] != g[k] and k not in wrong)
            harmed += sum(1 for k in wrong if r[k] == g[k])
    assert planted > 200, planted
    assert harmed == 0
    assert repaired / planted >= 0.85, (repaired, planted)
