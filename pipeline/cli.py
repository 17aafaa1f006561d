"""The `pasyans` command: one verb per pipeline stage.

Each verb lives in `pipeline.commands.<verb>` with `add_arguments(parser)` and
`run(args) -> int`; verb modules keep their heavy imports inside `run`, so start-up stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from pipeline import __version__
from pipeline.errors import EXIT_USAGE, PasyansError

VERBS: dict[str, str] = {
    "normalize": "clean an OCR text into pre-reform Russian (and its modern projection)",
    "ingest": "normalize, segment and collate the corpus into one file per game",
    "games": "list the games found in the ingested corpus",
    "validate": "check rule specs against the spec language",
    "show": "draw a game's layout after the deal",
    "play": "play a game in the terminal, or replay a record",
    "random": "random playouts of a game",
    "extract": "draft a rule spec from a game's prose with the grammar",
    "coverage": "what the grammar understood of each sentence",
    "score": "field F1 and play agreement of an extracted spec against a curated one",
    "diff": "what two rule specs say differently, and how differently they play",
    "solve": "search one deal for a win (perfect information)",
    "simulate": "win rates over many deals: solver, greedy or random",
    "verify": "check specs: invariants, win rates, the book's claims, published figures",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse prints usage and exits 2; keep that
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pasyans", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"pasyans {__version__}")
    sub = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    sub.required = True
    for verb, help_text in VERBS.items():
        module = importlib.import_module(f"pipeline.commands.{verb.replace('-', '_')}")
        p = sub.add_parser(verb, help=help_text, description=help_text)
        module.add_arguments(p)
        p.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args._module.run(args) or 0)
    except PasyansError as err:
        print(f"pasyans {args.verb}: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print(f"pasyans {args.verb}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
