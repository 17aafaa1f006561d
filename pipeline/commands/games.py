"""`pasyans games [ID] [--json] [--modern] [--dir DIR]`: list the ingested games, or the
sentences of one."""

from __future__ import annotations

import argparse

DEFAULT_DIR = "corpus/games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", metavar="ID", help="print this game's sentences")
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument(
        "--modern", action="store_true", help="with ID: the modern projection of each sentence"
    )
    parser.add_argument(
        "--dir", default=DEFAULT_DIR, metavar="DIR", help=f"game files (default: {DEFAULT_DIR}/)"
    )


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from pipeline.errors import UsageError
    from pipeline.segment.reader import iter_sentences, read_games
    from pipeline.segment.summary import games_table, row

    games = read_games(Path(args.dir))
    if args.game is None:
        rows = [row(g) for g in games]
        print(json.dumps(rows, ensure_ascii=False, indent=2) if args.json else games_table(rows))
        return 0
    game = next((g for g in games if g["id"] == args.game), None)
    if game is None:
        known = ", ".join(g["id"] for g in games)
        raise UsageError(f"no game '{args.game}' in {args.dir}/ (there are: {known})")
    refs = list(iter_sentences(game))
    if args.json:
        out = [
            {
                "id": r.id,
                "kind": r.kind,
                "rule": r.rule,
                "text": r.text,
                "modern": r.modern,
                "spans": [{"source": s.source, "start": s.start, "end": s.end} for s in r.spans],
            }
            for r in refs
        ]
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    width = max(len(r.id) for r in refs)
    for r in refs:
        print(f"{r.id.ljust(width)}  {r.modern if args.modern else r.text}")
    return 0
