"""`pasyans ocr PAGE... [-o OUT] [--format text|json|hocr] [--lang LANG]`: read page scans.

Page images (PNG, JPEG, TIFF) and PDFs, in the order given, become one document: its raw text
in reading order (see `pipeline.ocr.document`), or with `--format json`/`hocr` every word's
page, box and Tesseract confidence. Output goes out whole once every page is read, so a failure
leaves none behind.
"""

from __future__ import annotations

import argparse

DEFAULT_LANG = "script/Cyrillic"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("pages", nargs="+", metavar="PAGE", help="page images or PDFs, in order")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here (default: stdout)")
    parser.add_argument(
        "--format",
        choices=("text", "json", "hocr"),
        default="text",
        help="text (default): raw text for `pasyans normalize`; json: text, pages and every "
        "word's page, box, confidence and offsets in the text; hocr: hOCR 1.2",
    )
    parser.add_argument(
        "--lang",
        default=DEFAULT_LANG,
        help=f"Tesseract model(s), e.g. rus, script/Cyrillic, rus+srp (default: {DEFAULT_LANG}, "
        "chosen by measurement: benchmarks/RESULTS.md, ## OCR)",
    )
    parser.add_argument(
        "--jobs", type=int, metavar="N", help="pages read at once (default: the cores there are)"
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the page cache ($XDG_CACHE_HOME/pasyans/ocr, else "
        "~/.cache/pasyans/ocr)",
    )


def run(args: argparse.Namespace) -> int:
    import sys

    from pipeline.commands.options import worker_count
    from pipeline.inputs import check_writable, refuse_overwrite
    from pipeline.ocr import Cache, cache_dir, ocr_files, to_hocr, to_json

    if args.jobs is not None:  # a mistyped 100000 must not start 100000 Tesseracts
        worker_count(args.jobs, "--jobs")
    if args.output:  # before any page is read: OCR is the slow part
        refuse_overwrite(args.pages, files=[args.output])
        check_writable(args.output)
    cache = Cache(None if args.no_cache else cache_dir())
    doc = ocr_files(args.pages, args.lang, cache=cache, jobs=args.jobs)
    if args.format == "json":
        out = to_json(doc)
    elif args.format == "hocr":
        out = to_hocr(doc)
    else:
        out = doc.text
    if args.output:
        from pipeline.atomic import write_output

        write_output(args.output, out)
    else:
        sys.stdout.write(out)
    return 0
