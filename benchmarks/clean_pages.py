"""Normalize the gold itself: every word a clean page loses is a right word made wrong.

    python3 benchmarks/clean_pages.py benchmarks/out/scans-dev benchmarks/out/scans
    python3 benchmarks/clean_pages.py benchmarks/out/scans-dev --confidence 20

Reads the gold text (`.gt.txt`) of each **train**-role page of the given folders
(`render_scans.py`; one typeface, as every typeface has the same gold), normalizes it as if
it were OCR output and lists every gold word the output no longer has. With `--confidence
C` each word is given Tesseract's confidence C (0-100): a typeface the engine is unsure of
lowers its confidences everywhere, and the corrector then doubts words it would keep; this
shows, on pages that may be read, which right words such doubt breaks. Held-out pages are
never read (only the train role).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scan_quality import made_wrong_words

from pipeline.normalize import normalize

_TOKEN = regex.compile(r"\S+")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", type=Path, nargs="+")
    ap.add_argument("--confidence", type=float, help="Tesseract's confidence given each word")
    ap.add_argument("--font", default="oldstandard", help="the typeface whose gold is read")
    args = ap.parse_args(argv)
    pages = broken = words = 0
    for folder in args.folders:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        for p in manifest["pages"]:
            if p["role"] != "train" or p["font"] != args.font:
                continue
            gold = (folder / p["gold"]).read_text(encoding="utf-8")
            conf = None
            if args.confidence is not None:
                conf = [(m.start(), m.end(), args.confidence) for m in _TOKEN.finditer(gold)]
            out = normalize(gold, p["image"], word_confidences=conf).text
            pages += 1
            words += len(gold.split())
            for ctx, g, o in made_wrong_words(gold, out, gold):
                broken += 1
                print(f"{p['image']}\t{ctx}\t{g} -> {o}")
    print(f"{pages} pages, {words} words: {broken} right words made wrong")
    return 0


if __name__ == "__main__":
    sys.exit(main())
