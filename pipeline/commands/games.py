"""`pasyans games [--json] [--dir DIR]`: list the ingested games."""

from __future__ import annotations

import argparse

DEFAULT_DIR = "corpus/games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument(
        "--dir", default=DEFAULT_DIR, metavar="DIR", help=f"game files (default: {DEFAULT_DIR}/)"
    )


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from pipeline.segment.summary import games_table, list_games

    rows = list_games(Path(args.dir))
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        print(games_table(rows))
    return 0
