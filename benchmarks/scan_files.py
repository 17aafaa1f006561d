"""A set's many-page file (`render_scans.py --container`) read as `pasyans ocr` reads it,
each page's reading stored beside that page's PNG for the page-by-page scores.

    python3 benchmarks/scan_files.py benchmarks/out/scans-dev-geom-tiff
    python3 benchmarks/scan_facts.py benchmarks/out/scans-dev-geom-tiff --model file --page-text
    python3 benchmarks/scan_quality.py benchmarks/out/scans-dev-geom-tiff --model ocr --roles train

The file (`pages.tif`, `pages.pdf`) is planned and read by `pipeline.ocr.run` (`plan`, then
`read_page` on each source, the cache in a temporary directory so nothing is read from an
earlier run), and the pages of its readings, in the file's order, are paired with the
manifest's pages (`file_page`); each page's TSV, renumbered page 1 with its `#frame` line,
is written as `<stem>.file.tsv`. A reading of several pages (a TIFF read whole) is split by
Tesseract's page number. It prints the pages read and the CPU-seconds (this process and its
Tesseract children).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.ocr.frame import FRAME_TAG  # noqa: E402
from pipeline.ocr.tesseract import tsv_rows  # noqa: E402

TAG = "file"


def split_pages(tsv: str) -> list[str]:
    """A TSV of several pages as one TSV per page, in page order, each numbered page 1."""
    rows = tsv_rows(tsv)
    header, pages, frames = rows[0], {}, {}
    for cols in rows[1:]:
        if cols and cols[0] == FRAME_TAG and len(cols) > 2:
            frames[int(cols[1])] = [FRAME_TAG, "1", *cols[2:]]
        elif len(cols) > 1 and cols[1].isdigit():
            pages.setdefault(int(cols[1]), []).append([cols[0], "1", *cols[2:]])
    out = []
    for n in sorted(pages):
        lines = ["\t".join(header)] + ["\t".join(c) for c in pages[n]]
        if n in frames:
            lines.append("\t".join(frames[n]))
        out.append("\n".join(lines) + "\n")
    return out


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--lang", default="script/Cyrillic")
    args = ap.parse_args(argv)
    from pipeline.ocr.inputs import plan
    from pipeline.ocr.run import Cache, read_page

    manifest = json.loads((args.folder / "manifest.json").read_text(encoding="utf-8"))
    pages = sorted(manifest["pages"], key=lambda p: p["file_page"])
    path = args.folder / pages[0]["file"]
    start = cpu_seconds()
    tsvs: list[str] = []
    with tempfile.TemporaryDirectory(prefix="scan-files-") as tmp:
        cache = Cache(Path(tmp))
        for src in plan(str(path)):
            read_page(src, args.lang, cache)
            tsv = cache.get(src.key, args.lang)
            assert tsv is not None
            tsvs.extend(split_pages(tsv))
    spent = cpu_seconds() - start
    if len(tsvs) != len(pages):
        print(f"{path}: {len(tsvs)} pages read, the manifest has {len(pages)}", file=sys.stderr)
    for page, tsv in zip(pages, tsvs, strict=False):
        stem = (args.folder / page["image"]).with_suffix("")
        stem.with_name(f"{stem.name}.{TAG}.tsv").write_text(tsv, encoding="utf-8")
    each = spent / max(1, len(tsvs))
    print(f"{path.name}: {len(tsvs)} pages read, {spent:.1f} CPU-s ({each:.2f} a page)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
