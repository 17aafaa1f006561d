"""`pasyans normalize PATH|- [--format text|json|tei] [--modern]`: clean one OCR text.

Writes to standard output, all at once after the whole text is done, so a failure leaves no
partial output behind.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.text import RecodeMap


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "path",
        metavar="PATH|-",
        help="raw OCR text file, or - for stdin; or the JSON of `pasyans ocr --format json` "
        "(then, as with a NAME.ocr.json beside NAME.txt, changes to words Tesseract was unsure "
        'of are marked: `unclear` in json, <corr cert="low"> in tei)',
    )
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
    from pipeline.normalize.decoding import read_file

    got = read_file(args.path)
    source = args.path
    raw, ocr = _ocr_words(args.path, got.text)
    # spans of a repaired page are the file's characters (`Decoded`)
    recode = got.recode if raw is got.text else None
    try:
        return _write(args, raw, got.encoding, source, ocr, recode)
    except MemoryError:
        raise InputError("out of memory normalizing this input", path=_shown(args.path)) from None


def _shown(path: str) -> str:
    """The input as an error names it."""
    return "<stdin>" if path == "-" else path


def _ocr_words(path: str, raw: str) -> tuple[str, object]:
    """(raw text, its OCR words or None): the input may be `pasyans ocr`'s JSON, or a text
    with its word-box sidecar beside it (`NAME.ocr.json`, used when its text is this text)."""
    import re

    from pipeline.errors import InputError
    from pipeline.ocr.document import FORMAT, from_json, read_sidecar

    where = _shown(path)
    if re.match(r'\s*\{\s*"format"\s*:\s*"' + re.escape(FORMAT) + '"', raw[:200]):
        try:
            doc = from_json(raw)
        except (ValueError, KeyError, TypeError) as err:
            raise InputError(f"not a valid {FORMAT} JSON file: {err}", path=where) from None
        return doc.text, doc
    if path == "-":
        return raw, None
    return raw, read_sidecar(path, raw)


def _write(
    args: argparse.Namespace,
    raw: str,
    encoding: str,
    source: str,
    ocr: object = None,
    recode: RecodeMap | None = None,
) -> int:
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
                path=_shown(args.path),
            )
        pieces = list(normalize_blocks(raw, source, modern=args.modern))
        del raw
        for piece in pieces:
            sys.stdout.write(piece)
        sys.stdout.flush()
        return 0
    from pipeline.ocr.document import OcrDocument

    conf = lost = None
    if isinstance(ocr, OcrDocument):
        conf, lost = ocr.confidences(), ocr.lost_breaks()
    nt = normalize(raw, source, recode=recode, word_confidences=conf, lost_breaks=lost)
    if args.format == "json":
        out = to_json(nt, encoding, ocr)
    elif args.format == "tei":
        out = to_tei(nt, ocr)
    else:
        out = nt.modern if args.modern else nt.text
    sys.stdout.write(out)
    sys.stdout.flush()
    return 0
