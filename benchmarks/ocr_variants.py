"""What Tesseract is given, varied: OCR chosen development pages with the page image prepared
another way (or another model), and compare two readings after normalization, page by page.

    python3 benchmarks/ocr_variants.py benchmarks/out/scans --variant x2+b1.2 --bilevel
    python3 benchmarks/ocr_variants.py benchmarks/out/scans --variant dpi --max-dpi 225
    python3 benchmarks/ocr_variants.py benchmarks/out/scans --lang rus --fonts oldstandard
    python3 benchmarks/ocr_variants.py benchmarks/out/scans --compare Cyrillic Cyrillic_x2_b12

`--variant` is steps joined by `+`, applied to the page in grey: `xF` scales by F (Lanczos),
`bR` blurs (Gaussian, radius R px after any scaling), `ac` stretches the greys
(autocontrast, the darkest half-percent black); `dpi` gives Tesseract the page's true
resolution (`--dpi`, from the manifest) and the image as it is; `plain` the image as it is.
Each page read is written `<stem>.<lang>_<variant>.txt/.tsv` as `ocr_scans.py` writes
(the variant's `+` as `_`, its dots dropped: `Cyrillic_x2_b12`), `--psm 3`, one thread.
`--compare A B` normalizes both readings of every page that has both (with the TSV's
confidences, as `scan_quality.py`) and prints the totals, each page whose errors differ, and
the words made wrong by the normalizer in one reading and not the other.
`--merge A B` writes, for every page read both ways, reading A with each word replaced by
B's word over the same place (boxes matched by overlap, `--iou`, B's boxes brought to A's
page size) where B is surer by `--margin` or more (tag `A~B_mM`), and A's TSV as the same
text maker writes it with nothing replaced (tag `A~`, the control to compare it with).

Pages of the held-out and fresh roles are never read or compared (`render_scans.py`'s split),
nor program code (`real-code-`): this tool is for development pages only.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from normalize_quality import score, wrong_pairs
from ocr_scans import tsv_text
from scan_quality import made_wrong_words, tsv_confidences, tsv_lost_breaks

from pipeline.ocr.merge import surer_words

NEVER = ("heldout", "fresh")  # role prefixes this tool does not touch
SKIP_SOURCES = ("real-code-",)


def development_pages(manifest: dict) -> list[dict]:
    """The manifest's pages of development roles only, program code left out."""
    return [
        p
        for p in manifest["pages"]
        if not p["role"].startswith(NEVER) and not p["source"].startswith(SKIP_SOURCES)
    ]


def prepare(image: Path, variant: str, work: Path) -> Path:
    """The page image as Tesseract gets it under `variant` (see the module's docstring)."""
    if variant in ("plain", "dpi"):
        return image
    from PIL import Image, ImageFilter, ImageOps

    with Image.open(image) as im:
        grey = im.convert("L")
    for step in variant.split("+"):
        if step.startswith("x"):
            f = float(step[1:])
            size = (round(grey.width * f), round(grey.height * f))
            grey = grey.resize(size, Image.Resampling.LANCZOS)
        elif step.startswith("b"):
            grey = grey.filter(ImageFilter.GaussianBlur(float(step[1:])))
        elif step == "ac":
            grey = ImageOps.autocontrast(grey, cutoff=(0.5, 0))
        else:
            raise SystemExit(f"ocr_variants: unknown step {step!r} in --variant {variant!r}")
    out = work / f"{image.stem}.png"
    grey.save(out, compress_level=1)
    return out


def read(folder: Path, pages: list[dict], lang: str, variant: str) -> str:
    """OCR `pages` under `variant`; the files' tag. Pages already read are skipped."""
    tag = f"{lang.replace('+', '_')}_{variant.replace('+', '_').replace('.', '')}"
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = 0
    for p in pages:
        out = folder / f"{p['image'].removesuffix('.png')}.{tag}"
        if Path(f"{out}.txt").is_file():
            continue
        with tempfile.TemporaryDirectory(prefix="ocr-variants-") as work:
            image = prepare(folder / p["image"], variant, Path(work))
            dpi = ["--dpi", str(p["degradation"]["dpi"])] if variant == "dpi" else []
            subprocess.run(
                ["tesseract", str(image), str(out), "-l", lang, "--psm", "3", *dpi, "txt", "tsv"],
                check=True,
                env={**os.environ, "OMP_THREAD_LIMIT": "1"},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        done += 1
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    rate = f", {done / (cpu / 60):.1f} pages per CPU-minute" if done and cpu else ""
    print(f"{tag}: {done} of {len(pages)} pages read{rate}")
    return tag


def compare(folder: Path, pages: list[dict], a: str, b: str) -> dict:
    """Both readings of each page normalized and scored; totals and the differences."""
    from pipeline.normalize import normalize

    totals = {t: {"raw": 0, "errors": 0, "made_wrong": 0, "fixed": 0} for t in (a, b)}
    words = n = 0
    changed: list[str] = []
    for p in pages:
        stem = folder / p["image"].removesuffix(".png")
        txts = {t: stem.with_name(f"{stem.name}.{t}.txt") for t in (a, b)}
        if not all(x.is_file() and x.with_suffix(".tsv").is_file() for x in txts.values()):
            continue
        gold = (folder / p["gold"]).read_text(encoding="utf-8")
        got = {}
        for t, txt in txts.items():
            ocr = txt.read_text(encoding="utf-8")
            tsv = txt.with_suffix(".tsv").read_text(encoding="utf-8")
            out = normalize(
                ocr,
                str(txt),
                word_confidences=tsv_confidences(ocr, tsv),
                lost_breaks=tsv_lost_breaks(ocr, tsv),
            ).text
            s = score(p["image"], ocr, out, gold)
            for k, v in (("raw", s.raw_word_errors), ("errors", s.out_word_errors),
                         ("made_wrong", s.made_wrong), ("fixed", s.fixed)):  # fmt: skip
                totals[t][k] += v
            got[t] = (
                s.out_word_errors,
                set(wrong_pairs(out.split(), gold.split())),
                {(g, o) for _ctx, g, o in made_wrong_words(ocr, out, gold)},
            )
        n += 1
        words += len(gold.split())
        (ea, wa, ma), (eb, wb, mb) = got[a], got[b]
        if ea != eb or ma != mb:
            changed.append(
                f"{p['image']} ({p['degradation']['dpi']} dpi): {ea} -> {eb}; "
                f"gone {sorted(wa - wb)}; new {sorted(wb - wa)}"
                + (
                    f"; made wrong gone {sorted(ma - mb)}, new {sorted(mb - ma)}"
                    if ma != mb
                    else ""
                )
            )
    return {"pages": n, "words": words, "totals": totals, "changed": changed}


def merge(folder: Path, pages: list[dict], a: str, b: str, iou: float, margin: float) -> None:
    """Write the merged reading and A's control for every page read both ways."""
    tag = f"{a}~{b}_m{margin:g}".replace(".", "")
    n = pages_done = 0
    for p in pages:
        stem = folder / p["image"].removesuffix(".png")
        fa, fb = (stem.with_name(f"{stem.name}.{t}.tsv") for t in (a, b))
        if not (fa.is_file() and fb.is_file()):
            continue
        a_tsv = fa.read_text(encoding="utf-8")
        b_tsv = fb.read_text(encoding="utf-8")
        merged, k = surer_words(a_tsv, b_tsv, margin=margin, min_overlap=iou)
        for t, tsv in ((f"{a}~", a_tsv), (tag, merged)):
            out = stem.with_name(f"{stem.name}.{t}")
            Path(f"{out}.tsv").write_text(tsv, encoding="utf-8")
            Path(f"{out}.txt").write_text(tsv_text(tsv), encoding="utf-8")
        n += k
        pages_done += 1
    print(f"{tag}: {pages_done} pages, {n} words replaced")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--variant", default="plain", help="xF, bR, ac joined by +; dpi; plain")
    ap.add_argument("--lang", default="Cyrillic", help="the Tesseract model")
    ap.add_argument("--bilevel", action="store_true", help="only the bilevel pages")
    ap.add_argument("--max-dpi", type=int, default=0, help="only pages scanned at most so")
    ap.add_argument("--fonts", default="", help="only these typefaces (comma-separated)")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two readings' tags")
    ap.add_argument("--merge", nargs=2, metavar=("A", "B"), help="A, each word B's where surer")
    ap.add_argument("--iou", type=float, default=0.5, help="boxes of one word overlap so")
    ap.add_argument("--margin", type=float, default=0.0, help="B surer than A by so much")
    args = ap.parse_args(argv)
    manifest = json.loads((args.folder / "manifest.json").read_text(encoding="utf-8"))
    fonts = {f for f in args.fonts.split(",") if f}
    pages = [
        p
        for p in development_pages(manifest)
        if (not args.bilevel or p["degradation"].get("threshold"))
        and (not args.max_dpi or p["degradation"]["dpi"] <= args.max_dpi)
        and (not fonts or p["font"] in fonts)
    ]
    if args.compare:
        a, b = args.compare
        res = compare(args.folder, pages, a, b)
        print(f"{res['pages']} pages read both ways, {res['words']} gold words")
        for t, v in res["totals"].items():
            print(f"{t:24} OCR wrong {v['raw']:5}  normalized wrong {v['errors']:5}  "
                  f"made wrong {v['made_wrong']:4}  fixed {v['fixed']:5}")  # fmt: skip
        print("\n".join(res["changed"]))
        return 0
    if args.merge:
        merge(args.folder, pages, *args.merge, args.iou, args.margin)
        return 0
    read(args.folder, pages, args.lang, args.variant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
