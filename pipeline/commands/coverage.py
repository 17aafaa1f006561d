"""`pasyans coverage [GAME_ID…] [--json]`: what the grammar understood of each sentence."""

from __future__ import annotations

import argparse

DEFAULT_GAMES = "corpus/games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME_ID", help="default: every game")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--dir", default=DEFAULT_GAMES, help="ingested games (corpus/games)")


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from pipeline.commands.targets import load_targets, raw_beside
    from pipeline.extract import extract_game
    from pipeline.extract.output import coverage_dict
    from pipeline.segment.reader import read_games

    if args.games:
        loaded = [load_targets(g, args.dir) for g in args.games]
        pairs = [(g, raw) for games, raw in loaded for g in games]
    else:
        raw = raw_beside(args.dir)
        pairs = [(g, raw) for g in read_games(Path(args.dir))]
    reports = [coverage_dict(extract_game(g, raw)) for g, raw in pairs]
    if args.json:
        print(json.dumps(reports, ensure_ascii=False, indent=1))
        return 0
    for rep in reports:
        print(
            f"{rep['game']}: {rep['understood']}/{rep['sentences']} rule sentences "
            f"with a fact ({rep['coverage']:.0%})"
        )
        for s in rep["by_sentence"]:
            if s["kind"] not in ("decks", "rule", "play", "note"):
                continue
            what = ", ".join(s["fields"]) or ", ".join(s["facts"]) or "-"
            why = f"  [{s['reason']}]" if s["reason"] else ""
            print(f"  {s['id']:<22} {what}{why}")
        for v in rep["variants"]:
            print(f"  variant {v['label']}: {v['reading']} ({v['sentence']})")
        for c in rep["conflicts"]:
            others = ", ".join(o["sentence"] for o in c["other"])
            print(f"  conflict {c['fact']}: {c['kept']['sentence']} kept, {others} differ")
    return 0
