"""Which Tesseract model reads pre-reform pages best: word error rate per model, and speed.

The pages are the corpus's own pre-reform gold transcriptions (`corpus/gold/`) typeset and
degraded like a scan by `benchmarks/render_scans.py` (seed 19), and only the part of its split
that is for training: the train typefaces (Old Standard TT, PT Serif, DejaVu Serif) x the
corpus's train passages (Shah from seeds 000 and 001, Blockade). The held-out typefaces and
passages (Clock, the exiles game, ...) are never looked at here, so the model choice does not
leak into the channel model's held-out figures. No other page of any book is rendered.

For each model every page goes through `pasyans ocr`'s own code (`pipeline.ocr.ocr_files`, no
cache); its raw text, then that text after `pipeline.normalize`, is compared with the page's
gold: WER over words (letters and digits, case kept; punctuation is not counted). Speed is
Tesseract's CPU time per page (its processes' user + system time), as pages per minute per
core.

    python benchmarks/ocr_models.py [--models rus,script/Cyrillic,...] [--jobs N]

Needs Pillow (the `bench` extra), the typefaces and the Tesseract models (Debian packages).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.normalize import normalize  # noqa: E402
from pipeline.ocr import Cache, ocr_files  # noqa: E402

FONTS = ("oldstandard", "ptserif", "dejavuserif")  # render_scans.TRAIN_FONTS
SOURCES = ("shah-a", "shah-b", "blockade")  # the corpus passages of render_scans.TRAIN_SOURCES
MODELS = ("rus", "script/Cyrillic", "rus+srp", "rus+script/Cyrillic")
WORD = regex.compile(r"[\p{L}\p{N}]+")


def wer(ref: str, hyp: str) -> tuple[int, int]:
    """(word edits, reference words) by Levenshtein distance over words."""
    r, h = WORD.findall(ref), WORD.findall(hyp)
    prev = list(range(len(h) + 1))
    for i, rw in enumerate(r, 1):
        cur = [i] + [0] * len(h)
        for j, hw in enumerate(h, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (rw != hw))
        prev = cur
    return prev[-1], len(r)


def main() -> None:
    import json

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import render_scans

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    assert set(FONTS) <= set(render_scans.TRAIN_FONTS)
    assert set(SOURCES) <= set(render_scans.TRAIN_SOURCES)
    with tempfile.TemporaryDirectory(prefix="ocr-models-") as tmp:
        work = Path(tmp)
        render_scans.main(
            ["--out", str(work), "--fonts", ",".join(FONTS), "--sources", ",".join(SOURCES)]
        )
        manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))
        pages = [p for p in manifest["pages"] if p["role"] == "train"]
        print(
            f"{len(pages)} pages (render_scans.py seed {manifest['seed']}, train split): "
            f"{', '.join(SOURCES)} x {', '.join(FONTS)}"
        )
        print(
            f"{'model':22} {'typeface':12} {'raw WER':>8} {'normalized':>10} {'pages/min/core':>15}"
        )
        for model in args.models.split(","):
            total = {"e": 0, "e2": 0, "n": 0, "cpu": 0.0, "pages": 0}
            for font in FONTS:
                e = e2 = n = 0
                cpu = 0.0
                mine = [p for p in pages if p["font"] == font]
                for p in mine:
                    gold = (work / p["gold"]).read_text(encoding="utf-8")
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    doc = ocr_files(
                        [str(work / p["image"])],
                        model,
                        cache=Cache(None),
                        jobs=1,
                        progress=False,
                    )
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpu += after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                    d, k = wer(gold, doc.text)
                    d2, _ = wer(gold, normalize(doc.text, p["image"]).text)
                    e, e2, n = e + d, e2 + d2, n + k
                print(
                    f"{model:22} {font:12} {e / n:8.2%} {e2 / n:10.2%} {60 * len(mine) / cpu:15.1f}"
                )
                total["e"] += e
                total["e2"] += e2
                total["n"] += n
                total["cpu"] += cpu
                total["pages"] += len(mine)
            print(
                f"{model:22} {'all':12} {total['e'] / total['n']:8.2%} "
                f"{total['e2'] / total['n']:10.2%} {60 * total['pages'] / total['cpu']:15.1f}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    t0 = time.monotonic()
    main()
    print(f"({time.monotonic() - t0:.0f} s)")
