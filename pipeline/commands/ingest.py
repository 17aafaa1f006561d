"""`pasyans ingest [PATH ...] [--out DIR]`: normalize, segment and collate into game files,
and extract their draft specs (`pipeline.ingest`)."""

from __future__ import annotations

import argparse

DEFAULT_RAW = "corpus/raw"
DEFAULT_OUT = "corpus/games"
DEFAULT_OUT_FOR_PATHS = "games"
DEFAULT_SPECS = "rules/extracted"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=f"source texts, page images or PDFs (OCR'd first, see `pasyans ocr`; default: "
        f"{DEFAULT_RAW}/*.txt, relative to the current directory)",
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        help=f"output directory (default: {DEFAULT_OUT}/ without PATHs, ./{DEFAULT_OUT_FOR_PATHS}/"
        " with PATHs); replaced as a whole",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if the output directory is not up to date",
    )
    parser.add_argument(
        "--specs",
        metavar="DIR",
        help=f"where the extracted draft specs go (default: {DEFAULT_SPECS}/ without PATHs, "
        "extracted/ inside the games directory with PATHs); replaced as a whole",
    )
    parser.add_argument(
        "--no-extract", action="store_true", help="stop after the game files (no draft specs)"
    )


def run(args: argparse.Namespace) -> int:
    import os
    from pathlib import Path

    from pipeline.atomic import unchanged
    from pipeline.errors import InputError
    from pipeline.ingest import (
        SPECS_SUBDIR,
        build,
        check_output_dir,
        extract,
        write_games,
        write_specs,
    )
    from pipeline.inputs import refuse_nested, refuse_overwrite
    from pipeline.segment.summary import ingest_summary

    if args.paths:
        paths = [Path(p) for p in args.paths]
        out = Path(args.out or DEFAULT_OUT_FOR_PATHS)
        # the draft specs go under the games directory: two outputs never share them
        specs = Path(args.specs) if args.specs else out / SPECS_SUBDIR
    else:
        raw = Path(DEFAULT_RAW)
        if not raw.is_dir():
            raise InputError(
                "no such directory (run from the repository root, or give PATHs)", path=DEFAULT_RAW
            )
        paths = sorted(raw.glob("*.txt"))
        if not paths:
            raise InputError("no .txt files to ingest", path=DEFAULT_RAW)
        out = Path(args.out or DEFAULT_OUT)
        specs = Path(args.specs or DEFAULT_SPECS)
    check_output_dir(out)
    from pipeline.errors import PasyansError
    from pipeline.ocr.sources import origin, text_sources  # page images and PDFs: OCR'd

    refuse_overwrite(paths, directories=[out, specs])
    inner = os.path.abspath(specs) == os.path.abspath(out / SPECS_SUBDIR)  # the default
    if not args.no_extract and not inner:
        refuse_nested(("--out", out), ("--specs", specs))
    if not args.no_extract:
        from pipeline.extract.output import check_specs_dir

        check_specs_dir(specs)  # before any work: two outputs
    paths = text_sources(paths, fallback=out.absolute().parent)
    try:
        result = build(paths)
    except PasyansError as err:  # name the page file, not its OCR text in the cache
        err.path = origin(err.path)
        raise
    extracted = None if args.no_extract else extract(result)
    if args.check:
        ok = unchanged(out, result.files, SPECS_SUBDIR)
        print(
            f"{out}/ is {'up to date' if ok else 'out of date: run `pasyans ingest`'}"
            f" ({len(result.files)} games)"
        )
        if extracted is not None:
            same = unchanged(specs, extracted.files)
            ok = ok and same
            print(f"{specs}/ is {'up to date' if same else 'out of date: run `pasyans ingest`'}")
        return 0 if ok else 1
    changed = write_games(out, result.files)
    print(ingest_summary(result, out, changed))
    if extracted is not None:
        changed = write_specs(specs, extracted)
        print(extracted.summary(specs, changed))
    return 0
