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
import tempfile
import time
from pathlib import Path


def model_tag(lang: str, psm: int = 3, clean: bool = False) -> str:
    """The files' tag: the model (`rus+srp` -> `rus_srp`), the page segmentation mode
    where it is not the default 3 (`Cyrillic_psm6`), and `_clean` when the page image was
    cleaned first as `pasyans ocr` cleans it: `scan_quality.py --model` reads it."""
    tag = lang.replace("script/", "").replace("+", "_")
    tag = tag if psm == 3 else f"{tag}_psm{psm}"
    return f"{tag}_clean" if clean else tag


def ocr_page(img: Path, lang: str, out_stem: Path, psm: int = 3, plain: Path | None = None) -> bool:
    """OCR one page; with `plain` (the stem of the page's OCR without cleaning), the page is
    read as `pasyans ocr` reads it (`pipeline.ocr.reading.read_cleaned`: cleaned, a bilevel
    page smoothed and merged with the plain reading, a page read to almost nothing read
    again clipped), the plain OCR kept under its own tag; a page read plainly takes the
    plain OCR's files, a smoothed one the text of its merged words. Whether Tesseract ran
    (the plain OCR aside)."""
    tmp = out_stem.with_name(out_stem.name + ".part")
    if plain is None:
        _tesseract(img, lang, tmp, psm)
        _keep(tmp, out_stem)
        return True
    from pipeline.ocr.reading import read_cleaned

    ran: list[Path] = []

    def read(image: Path, scale: int) -> str:
        ran.append(image)
        _tesseract(image, lang, tmp, psm)
        return Path(f"{tmp}.tsv").read_text(encoding="utf-8")

    def plain_tsv() -> str:
        if not all(Path(f"{plain}{x}").is_file() for x in (".tsv", ".txt")):
            _tesseract(img, lang, plain, psm)
        return Path(f"{plain}.tsv").read_text(encoding="utf-8")

    with tempfile.TemporaryDirectory(prefix="ocr-scans-") as work:
        reading = read_cleaned(img, Path(work), read, plain_tsv)
    if reading.how == "plain":
        for ext in (".tsv", ".txt"):
            shutil.copyfile(f"{plain}{ext}", f"{tmp}{ext}")
    elif reading.how != "clipped":  # Tesseract's files of the clipped page kept as they are
        if reading.how == "smoothed":
            Path(f"{tmp}.txt").write_text(tsv_text(reading.tsv), "utf-8")
        Path(f"{tmp}.tsv").write_text(reading.tsv, "utf-8")
    _keep(tmp, out_stem)
    return bool(ran)


def tsv_text(tsv: str) -> str:
    """The text of a TSV's words as Tesseract's own text output lays it out: a line's words
    by spaces, lines by a newline, blocks and paragraphs by an empty line."""
    from pipeline.ocr.tesseract import TEXT, is_word, tsv_rows

    paras: dict[tuple[int, int], dict[int, list[str]]] = {}
    for c in tsv_rows(tsv)[1:]:
        if is_word(c):
            paras.setdefault((int(c[2]), int(c[3])), {}).setdefault(int(c[4]), []).append(c[TEXT])
    return (
        "\n\n".join(
            "\n".join(" ".join(ws) for _n, ws in sorted(lines.items()))
            for _k, lines in sorted(paras.items())
        )
        + "\n"
    )


def _tesseract(img: Path, lang: str, out: Path, psm: int) -> None:
    """One Tesseract run writing both the text and the TSV (its configs `txt` and `tsv`)."""
    subprocess.run(
        ["tesseract", str(img), str(out), "-l", lang, "--psm", str(psm), "txt", "tsv"],
        check=True,
        env={**os.environ, "OMP_THREAD_LIMIT": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _keep(tmp: Path, out_stem: Path) -> None:
    # the text last: its presence says the page is done
    for ext in (".tsv", ".txt"):
        Path(f"{tmp}{ext}").replace(f"{out_stem}{ext}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--lang", default="rus,Cyrillic")
    ap.add_argument("--roles", default="", help="only pages of these roles (comma-separated)")
    ap.add_argument("--redo", action="store_true", help="OCR pages already done again")
    ap.add_argument(
        "--skip-sources",
        default="",
        help="leave out pages whose source begins so (comma-separated), as scan_quality.py does",
    )
    ap.add_argument("--psm", type=int, default=3, help="Tesseract's page segmentation mode")
    ap.add_argument(
        "--clean",
        action="store_true",
        help="clean each image as `pasyans ocr` does (pipeline.ocr.clean); tag `_clean`",
    )
    args = ap.parse_args(argv)
    if shutil.which("tesseract") is None:
        sys.exit("ocr_scans: tesseract missing: apt-get install tesseract-ocr tesseract-ocr-rus")
    manifest = json.loads((args.folder / "manifest.json").read_text(encoding="utf-8"))
    roles = {r for r in args.roles.split(",") if r}
    skip = tuple(x for x in args.skip_sources.split(",") if x)
    pages = [
        p
        for p in manifest["pages"]
        if (not roles or p["role"] in roles) and not (skip and p["source"].startswith(skip))
    ]
    for lang in [x for x in args.lang.split(",") if x]:
        tag = model_tag(lang, args.psm, args.clean)
        done = cleaned = 0
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        own0 = time.process_time()
        t0 = time.perf_counter()
        for p in pages:
            stem = args.folder / p["image"].removesuffix(".png")
            out = stem.with_name(f"{stem.name}.{tag}")
            if not args.redo and Path(f"{out}.txt").is_file():
                continue
            plain = stem.with_name(f"{stem.name}.{model_tag(lang, args.psm)}")
            read = ocr_page(
                args.folder / p["image"], lang, out, args.psm, plain if args.clean else None
            )
            done += 1
            cleaned += int(read and args.clean)
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
        wall = time.perf_counter() - t0
        if args.clean and done:  # the cleaning (and its test) runs in this process
            own = time.process_time() - own0
            each = f"{cpu / cleaned:.2f} CPU-s each" if cleaned else "none"
            print(
                f"{lang}: {done} pages, {cleaned} cleaned (or read little) and read again "
                f"({each}), the others' plain OCR kept ({cpu:.1f} CPU-s of Tesseract in all); "
                f"the cleaning's test and clipping {own / done:.3f} CPU-s a page"
            )
        elif done:
            print(
                f"{lang}: {done} pages, {done / (cpu / 60):.1f} pages per CPU-minute "
                f"(one thread), {done / (wall / 60):.1f} pages per wall minute"
            )
        else:
            print(f"{lang}: every page already OCR'd (--redo to time it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
