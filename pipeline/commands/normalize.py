"""`pasyans normalize PATH|- [--format text|json|tei] [--modern]`: clean one OCR text.

Writes to standard output, all at once after the whole text is done, so a failure leaves no
partial output behind.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH|-", help="raw OCR text file, or - for stdin")
    parser.add_argument(
        "--format",
        choices=("text", "json", "tei"),
        default="text",
        help="text (default): the clean text; json: text, modern projection, changes, "
        "furniture, annotations; tei: TEI XML with <choice> for every change",
    )
    parser.add_argument(
        "--modern",
        action="store_true",
        help="with --format text: print the modern-spelling projection (1918 reform)",
    )


def run(args: argparse.Namespace) -> int:
    from pipeline.errors import InputError
    from pipeline.normalize import read_source

    raw, encoding = read_source(args.path)
    source = "-" if args.path == "-" else args.path
    try:
        return _write(args, raw, encoding, source)
    except MemoryError:
        where = "<stdin>" if args.path == "-" else args.path
        raise InputError("out of memory normalizing this input", path=where) from None


def _write(args: argparse.Namespace, raw: str, encoding: str, source: str) -> int:
    """Normalize and print in the asked format; nothing is printed before it is all done."""
    from pipeline.errors import InputError
    from pipeline.normalize import normalize
    from pipeline.normalize.blocks import LARGE_INPUT, normalize_blocks
    from pipeline.normalize.render import to_json, to_tei

    if len(raw) > LARGE_INPUT:
        if args.format != "text":
            raise InputError(
                f"too large for --format {args.format}: {len(raw):,} characters "
                f"(limit {LARGE_INPUT:,}); --format text handles it block by block",
                path="<stdin>" if args.path == "-" else args.path,
            )
        pieces = list(normalize_blocks(raw, source, modern=args.modern))
        del raw
        for piece in pieces:
            sys.stdout.write(piece)
        sys.stdout.flush()
        return 0
    nt = normalize(raw, source)
    if args.format == "json":
        out = to_json(nt, encoding)
    elif args.format == "tei":
        out = to_tei(nt)
    else:
        out = nt.modern if args.modern else nt.text
    sys.stdout.write(out)
    sys.stdout.flush()
    return 0
