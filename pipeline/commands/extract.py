"""`pasyans extract GAME_ID|PATH [-o OUT.yaml | --out DIR] [--json]`: draft specs from prose."""

from __future__ import annotations

import argparse
import sys

DEFAULT_GAMES = "corpus/games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        metavar="GAME_ID|PATH",
        help="a game id of corpus/games/, an ingested game file, or a raw OCR text",
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", metavar="OUT.yaml", help="write the spec to this file")
    out.add_argument("--out", metavar="DIR", help="write one spec per game (and variants) here")
    parser.add_argument("--json", action="store_true", help="print spec and coverage as JSON")
    parser.add_argument("--games", metavar="DIR", default=DEFAULT_GAMES, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from pipeline.atomic import write_output
    from pipeline.commands.targets import load_targets
    from pipeline.errors import UsageError
    from pipeline.extract import extract_game
    from pipeline.extract.output import coverage_dict, files_for, spec_text, write_dir
    from pipeline.inputs import check_writable, refuse_overwrite

    refuse_overwrite(
        [args.target, Path(args.games) / f"{args.target}.yaml"],
        files=[args.output],
        directories=[args.out],
    )
    if args.output:
        check_writable(args.output)
    games, raw = load_targets(args.target, args.games)
    if args.output and len(games) > 1:  # before the work, and naming the text
        raise UsageError(
            f"{len(games)} games found: -o writes one spec, --out DIR one per game",
            path=args.target,
        )
    results = [extract_game(g, raw) for g in games]
    if args.json:
        print(
            json.dumps(
                [{"spec": r.spec, "coverage": coverage_dict(r)} for r in results],
                ensure_ascii=False,
                indent=1,
            )
        )
    elif args.out:
        files: dict[str, str] = {}
        for r in results:
            files.update(files_for(r))
        write_dir(Path(args.out), files)
    elif args.output:
        write_output(args.output, spec_text(results[0].spec))
    else:
        for r in results:
            sys.stdout.write(spec_text(r.spec))
    for r in results:
        missing = r.not_understood
        print(
            f"{r.game}: {len(r.rule_sentences) - len(missing)}/{len(r.rule_sentences)} rule "
            f"sentences understood, {len(missing)} not understood",
            file=sys.stderr,
        )
        for line in [*r.contradictions, *r.assumed]:
            print(f"{r.game}: {line}", file=sys.stderr)
    return 0
