"""`pasyans ingest [PATH ...] [--out DIR]`: normalize, segment and collate into game files."""

from __future__ import annotations

import argparse

DEFAULT_RAW = "corpus/raw"
DEFAULT_OUT = "corpus/games"
DEFAULT_OUT_FOR_PATHS = "games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=f"source texts (default: {DEFAULT_RAW}/*.txt, relative to the current directory)",
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


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pipeline.errors import InputError
    from pipeline.segment.ingest import build, check_output_dir, unchanged, write_games
    from pipeline.segment.summary import ingest_summary

    if args.paths:
        paths = [Path(p) for p in args.paths]
        out = Path(args.out or DEFAULT_OUT_FOR_PATHS)
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
    check_output_dir(out)
    result = build(paths)
    if args.check:
        if unchanged(out, result.files):
            print(f"{out}/ is up to date ({len(result.files)} games)")
            return 0
        print(f"{out}/ is out of date: run `pasyans ingest`")
        return 1
    changed = write_games(out, result.files)
    print(ingest_summary(result, out, changed))
    return 0
