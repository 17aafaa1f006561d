"""Which Tesseract model reads pre-reform pages best: word error rate per model, and speed.

The pages are the corpus's own pre-reform gold transcriptions (`corpus/gold/`, seeds 000, 001,
003), typeset by headless Chromium in a typeface with the pre-reform letters, with a running
head and page numbers, rendered by poppler and degraded like a scan with ImageMagick (slight
skew, blur, noise, binarisation). No other page of any book is rendered.

For each model the pages go through `pasyans ocr`'s own code (`pipeline.ocr.ocr_files`, no
cache) and the raw text, then the text after `pipeline.normalize`, are compared with the gold:
WER over words (letters and digits; punctuation is not counted), case kept. Speed is Tesseract's
CPU time per page (children's user + system time), as pages per minute per core.

    python benchmarks/ocr_models.py [--models rus,script/Cyrillic,...] [--fonts ...] [--dpi N]

Needs chromium, poppler-utils, imagemagick and the Tesseract models (Debian packages).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import html
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.normalize import normalize  # noqa: E402
from pipeline.ocr import Cache, ocr_files  # noqa: E402

SEEDS = ("000_81fd826a98ac014e", "001_ccb94fea4f93d4a7", "003_8f9b0c61a5880b76")
FONTS = {"oldstandard": "Old Standard TT", "ptserif": "PT Serif"}
MODELS = ("rus", "script/Cyrillic", "rus+srp", "rus+script/Cyrillic")
DEGRADE = [
    "-rotate",
    "0.5",
    "-blur",
    "0x0.7",
    "-attenuate",
    "0.4",
    "+noise",
    "Gaussian",
    "-threshold",
    "60%",
]
WORD = regex.compile(r"[\p{L}\p{N}]+")

PAGE_CSS = """
@page {{ size: 130mm 200mm; margin: 18mm 13mm 16mm 13mm;
  @top-left {{ content: counter(page); font: 10pt "{font}"; }}
  @top-center {{ content: "ПАСЬЯНСЫ."; font: 10pt "{font}"; }} }}
body {{ font-family: "{font}"; font-size: 11.5pt; line-height: 1.35; text-align: justify; }}
p {{ margin: 0; text-indent: 1.5em; }}
"""


def render(seed: str, font: str, dpi: int, work: Path) -> list[Path]:
    """Page images of one gold text in one typeface, degraded like a scan."""
    gold = (ROOT / "corpus" / "gold" / f"{seed}.txt").read_text(encoding="utf-8")
    paras = "".join(f"<p>{html.escape(p)}</p>" for p in gold.split("\n\n") if p.strip())
    page = work / f"{seed}-{font}.html"
    page.write_text(
        f'<html lang="ru"><head><meta charset="utf-8"><style>{PAGE_CSS.format(font=FONTS[font])}'
        f"</style></head><body>{paras}</body></html>",
        encoding="utf-8",
    )
    pdf = page.with_suffix(".pdf")
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            str(page),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    stem = work / f"{seed}-{font}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(stem)], check=True)
    out = []
    for clean in sorted(work.glob(f"{stem.name}-*.png")):
        if clean.stem.endswith("-d"):
            continue
        dirty = clean.with_name(clean.stem + "-d.png")
        subprocess.run(["convert", str(clean), *DEGRADE, str(dirty)], check=True)
        out.append(dirty)
    return out


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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--fonts", default=",".join(FONTS))
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    models = args.models.split(",")
    fonts = args.fonts.split(",")
    with tempfile.TemporaryDirectory(prefix="ocr-models-") as tmp:
        work = Path(tmp)
        pages = {(s, f): render(s, f, args.dpi, work) for s in SEEDS for f in fonts}
        n_pages = sum(len(v) for v in pages.values())
        print(
            f"{n_pages} pages: seeds {', '.join(s[:3] for s in SEEDS)} x typefaces "
            f"{', '.join(fonts)}, {args.dpi} dpi, degraded ({' '.join(DEGRADE)})"
        )
        print(f"{'model':24} {'font':12} {'raw WER':>8} {'normalized':>10} {'pages/min/core':>15}")
        for model in models:
            tot = {"raw": [0, 0], "norm": [0, 0]}
            cpu_all, n_all = 0.0, 0
            for font in fonts:
                e_raw = n_raw = e_norm = 0
                cpu, n = 0.0, 0
                for seed in SEEDS:
                    gold = (ROOT / "corpus" / "gold" / f"{seed}.txt").read_text(encoding="utf-8")
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    doc = ocr_files(
                        [str(p) for p in pages[seed, font]],
                        model,
                        cache=Cache(None),
                        jobs=args.jobs,
                        progress=False,
                    )
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpu += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                    n += len(pages[seed, font])
                    e, k = wer(gold, doc.text)
                    e_raw, n_raw = e_raw + e, n_raw + k
                    e2, _ = wer(gold, normalize(doc.text, seed).text)
                    e_norm += e2
                print(
                    f"{model:24} {font:12} {e_raw / n_raw:8.2%} {e_norm / n_raw:10.2%} "
                    f"{60 * n / cpu:15.1f}"
                )
                tot["raw"][0] += e_raw
                tot["raw"][1] += n_raw
                tot["norm"][0] += e_norm
                cpu_all += cpu
                n_all += n
            print(
                f"{model:24} {'all':12} {tot['raw'][0] / tot['raw'][1]:8.2%} "
                f"{tot['norm'][0] / tot['raw'][1]:10.2%} {60 * n_all / cpu_all:15.1f}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    t0 = time.monotonic()
    main()
    print(f"({time.monotonic() - t0:.0f} s)")
