"""Normalize the gold itself: every word a clean page loses is a right word made wrong.

    python3 benchmarks/clean_pages.py benchmarks/out/scans-dev benchmarks/out/scans
    python3 benchmarks/clean_pages.py benchmarks/out/scans-dev --confidence 20
    python3 benchmarks/clean_pages.py benchmarks/out/scans-dev --wrap 55 --confidence random

Reads the gold text (`.gt.txt`) of each **train**-role page of the given folders
(`render_scans.py`; one typeface, as every typeface has the same gold), normalizes it as if
it were OCR output and lists every gold word the output no longer has. With `--confidence
C` each word is given Tesseract's confidence C (0-100): a typeface the engine is unsure of
lowers its confidences everywhere, and the corrector then doubts words it would keep; this
shows, on pages that may be read, which right words such doubt breaks (`random`: uniform
5-95, seeded by page). With `--wrap N` each paragraph is broken into lines of at most N
characters with a blank line between paragraphs, as the OCR writes a page, so that the
layout's rules (a line's last word and mark, a line's first letter) see the gold too.
Held-out pages are never read (only the train role).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
from pathlib import Path

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scan_quality import made_wrong_words

from pipeline.normalize import normalize

_TOKEN = regex.compile(r"\S+")


def _confidence(spec: str, rnd: random.Random) -> float:
    return rnd.uniform(5, 95) if spec == "random" else float(spec)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", type=Path, nargs="+")
    ap.add_argument("--confidence", help="Tesseract's confidence given each word, or random")
    ap.add_argument("--wrap", type=int, help="lay each paragraph out in lines this long")
    ap.add_argument("--font", default="oldstandard", help="the typeface whose gold is read")
    args = ap.parse_args(argv)
    pages = broken = words = 0
    for folder in args.folders:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        for p in manifest["pages"]:
            if p["role"] != "train" or p["font"] != args.font:
                continue
            gold = (folder / p["gold"]).read_text(encoding="utf-8")
            page = gold
            if args.wrap:
                paras = [x for x in gold.split("\n") if x.strip()]
                page = "\n\n".join(
                    "\n".join(
                        textwrap.wrap(x, args.wrap, break_long_words=False, break_on_hyphens=False)
                    )
                    for x in paras
                )
            conf = None
            if args.confidence is not None:
                rnd = random.Random(p["image"])
                conf = [
                    (m.start(), m.end(), _confidence(args.confidence, rnd))
                    for m in _TOKEN.finditer(page)
                ]
            out = normalize(page, p["image"], word_confidences=conf).text
            pages += 1
            words += len(gold.split())
            for ctx, g, o in made_wrong_words(page, out, gold):
                broken += 1
                print(f"{p['image']}\t{ctx}\t{g} -> {o}")
    print(f"{pages} pages, {words} words: {broken} right words made wrong")
    return 0


if __name__ == "__main__":
    sys.exit(main())
