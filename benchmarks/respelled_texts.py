"""The right words a clean page of new vocabulary loses: the development rule texts respelled.

    python3 benchmarks/respelled_texts.py                 # no engine confidences
    python3 benchmarks/respelled_texts.py --confidence random --seed 1
    python3 benchmarks/respelled_texts.py --confidence 30

Every development passage of `benchmarks/data/real/` (manifest sets `dev`, `dev-2` … `dev-7`;
never a held-out one) is respelled the old way by `prereform_text.py` and normalized as a
pre-reform page, each word given the engine confidence `--confidence` (none, a number, or
`random`: uniform 5-95, seeded per passage), as an unfamiliar typeface or a poor scan makes
the engine doubt right words. Each change of letters the normalizer makes to a word (case and
punctuation alone are not counted) is listed with its words around it; the last line is
their count. Why: the scan sets all render the same few books' vocabulary, which the lexicon
and the corrector were tuned on; these texts are web pages about the same games in other
words, and a right word the normalizer changes here is the kind of break held-out pages show.
The respelling is no philologist's (a root its list lacks keeps е), so some changes are
repairs of the respelling; the web pages' furniture (tables, code) adds others.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path

import regex
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from prereform_text import respell  # noqa: E402

from pipeline.normalize import normalize  # noqa: E402

REAL = ROOT / "benchmarks" / "data" / "real"


def passages() -> list[tuple[str, str]]:
    """(id, respelled text) of every development passage in Russian."""
    out = []
    for item in yaml.safe_load((REAL / "manifest.yaml").read_text(encoding="utf-8")):
        if not str(item.get("set", "")).startswith("dev"):
            continue
        text = (REAL / item["file"]).read_text(encoding="utf-8")
        if regex.search(r"[а-яё]{4}", text):
            out.append((item["id"], respell(text)))
    return out


def letter_changes(gold: str, out: str) -> list[tuple[str, str, str]]:
    """(context, gold words, output words) for every changed group whose letters differ."""
    a, b = gold.split(), out.split()
    found = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        was, now = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        if regex.sub(r"\W", "", was.lower()) == regex.sub(r"\W", "", now.lower()):
            continue
        found.append((" ".join(a[max(0, i1 - 3) : i1]), was, now))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--confidence", default="none", help="none, random or a number 0-100")
    ap.add_argument("--seed", type=int, default=1, help="for --confidence random")
    args = ap.parse_args(argv)
    mode = args.confidence
    if mode not in ("none", "random"):
        try:
            fixed = float(mode)
        except ValueError:
            fixed = -1.0
        if not 0 <= fixed <= 100:
            print(f"respelled_texts: --confidence {mode!r}: none, random or 0-100", file=sys.stderr)
            return 2
    total = words = 0
    for pid, gold in passages():
        kw = {}
        if mode != "none":
            rng = random.Random(f"{args.seed}:{pid}")
            kw["word_confidences"] = [
                (m.start(), m.end(), float(rng.randint(5, 95)) if mode == "random" else fixed)
                for m in regex.finditer(r"\S+", gold)
            ]
        out = normalize(gold, pid, orthography="pre-reform", **kw).text
        words += len(gold.split())
        for before, was, now in letter_changes(gold, out):
            total += 1
            print(f"{pid}\t{before}\t{was} -> {now}")
    print(f"{words} words: {total} changed in their letters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
