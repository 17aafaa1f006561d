"""OCR the synthetic scans of `render_scans.py` with Tesseract; time it per core.

    python3 benchmarks/ocr_scans.py benchmarks/out/scans                 # rus and Cyrillic
    python3 benchmarks/ocr_scans.py benchmarks/out/scans --lang rus --roles train
    python3 benchmarks/ocr_scans.py benchmarks/out/scans-dev --lang Cyrillic --psm 6  # _psm6

For every page of the folder's `manifest.json` and every model (`--lang`, comma-separated:
`rus`, `Cyrillic`, …; Debian installs the script model as `Cyrillic`) writes
`<stem>.<model>.txt` (Tesseract's text) and `<stem>.<model>.tsv` (its word boxes and
confidences), skipping pages already done, and
prints pages per minute per core: Tesseract runs with `OMP_THREAD_LIMIT=1`, one page at a
time, and the figure is pages over the children's CPU minutes (`RUSAGE_CHILDREN`), so other
jobs on the machine do not change it (wall-clock pages per minute are printed beside it).
Tesseract comes from Debian (`tesseract-ocr tesseract-ocr-rus tesseract-ocr-script-cyrl`).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path


def model_tag(lang: str, psm: int = 3) -> str:
    """The files' tag: the model (`rus+srp` -> `rus_srp`), and the page segmentation mode
    where it is not the default 3 (`Cyrillic_psm6`): `scan_quality.py --model` reads it."""
    tag = lang.replace("script/", "").replace("+", "_")
    return tag if psm == 3 else f"{tag}_psm{psm}"


def ocr_page(img: Path, lang: str, out_stem: Path, psm: int = 3) -> None:
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    tmp = out_stem.with_name(out_stem.name + ".part")
    # one run writes both: the text and the TSV (tesseract's configs `txt` and `tsv`)
    subprocess.run(
        ["tesseract", str(img), str(tmp), "-l", lang, "--psm", str(psm), "txt", "tsv"],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # the text last: its presence says the page is done
    for ext in (".tsv", ".txt"):
        Path(f"{tmp}{ext}").replace(f"{out_stem}{ext}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--lang", default="rus,Cyrillic")
    ap.add_argument("--roles", default="", help="only pages of these roles (comma-separated)")
    ap.add_argument("--redo", action="store_true", help="OCR pages already done again")
    ap.add_argument("--psm", type=int, default=3, help="Tesseract's page segmentation mode")
    args = ap.parse_args(argv)
    if shutil.which("tesseract") is None:
        sys.exit("ocr_scans: tesseract missing: apt-get install tesseract-ocr tesseract-ocr-rus")
    manifest = json.loads((args.folder / "manifest.json").read_text(encoding="utf-8"))
    roles = {r for r in args.roles.split(",") if r}
    pages = [p for p in manifest["pages"] if not roles or p["role"] in roles]
    for lang in [x for x in args.lang.split(",") if x]:
        tag = model_tag(lang, args.psm)
        done = 0
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        for p in pages:
            stem = args.folder / p["image"].removesuffix(".png")
            out = stem.with_name(f"{stem.name}.{tag}")
            if not args.redo and Path(f"{out}.txt").is_file():
                continue
            ocr_page(args.folder / p["image"], lang, out, args.psm)
            done += 1
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
        wall = time.perf_counter() - t0
        if done:
            print(
                f"{lang}: {done} pages, {done / (cpu / 60):.1f} pages per CPU-minute "
                f"(one thread), {done / (wall / 60):.1f} pages per wall minute"
            )
        else:
            print(f"{lang}: every page already OCR'd (--redo to time it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
