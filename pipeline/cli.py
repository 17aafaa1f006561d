"""The `pasyans` command: one verb per pipeline stage.

Each verb lives in `pipeline.commands.<verb>` with `add_arguments(parser)` and
`run(args) -> int`; verb modules keep their heavy imports inside `run`, so start-up stays fast.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import os
import re
import signal
import sys
from collections.abc import Sequence
from typing import NoReturn

from pipeline import __version__
from pipeline.errors import EXIT_USAGE, PasyansError, clip, excerpt, shown_path

_QUOTED = re.compile(r"'([^'\n]{41,})'")  # a value argparse quotes whole: `invalid int value: '…'`

VERBS: dict[str, str] = {
    "ocr": "read page images and PDFs with Tesseract into raw text and word boxes",
    "normalize": "clean an OCR text into pre-reform Russian (and its modern projection)",
    "ingest": "normalize, segment and collate the corpus into one file per game",
    "games": "list the games found in the ingested corpus",
    "validate": "check rule specs against the spec language",
    "show": "draw a game's table at the first position where the player decides",
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
    def error(self, message: str) -> NoReturn:
        """A usage error as every other error: one line naming the option (argparse's
        message), its value quoted short, where to read the usage; exit 2 as argparse does
        (`SystemExit`: `parse_args` promises it). `--help` is untouched."""
        said = _QUOTED.sub(lambda m: excerpt(m.group(1)), message)
        _say(clip(f"{self.prog}: {said} (usage: {self.prog} --help)"))
        self.exit(EXIT_USAGE)


class _Version(argparse.Action):
    """`--version`: the version and the engine's core (compiled, or pure Python and why),
    found only when asked: it imports the engine."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        from pipeline.commands.options import engine_status

        print(f"pasyans {__version__}\n{engine_status()}")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pasyans", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="the version, and which engine core runs"
    )
    sub = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    sub.required = True
    for verb, help_text in VERBS.items():
        module = importlib.import_module(f"pipeline.commands.{verb.replace('-', '_')}")
        p = sub.add_parser(verb, help=help_text, description=help_text)
        module.add_arguments(p)
        p.set_defaults(_module=module, _parser=p)
    return parser


def main(argv: Sequence[str] | None = None, *, program: bool = False) -> int:
    """Run one verb; every expected failure is one line on stderr and an exit code.
    `program`: this is the whole process, so after a Ctrl-C further ones are ignored to
    the end (a test calling `main` gets its Ctrl-C handler back)."""
    verb = "pasyans"
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:  # named by the verb's parser, whose options they were meant to be
            args._parser.error(f"unrecognized arguments: {' '.join(extra)}")
        verb = f"pasyans {args.verb}"
        code = int(args._module.run(args) or 0)
        sys.stdout.flush()  # a full disk or closed pipe shows here, not at exit
        return code
    except PasyansError as err:
        _say(f"{verb}: {_one_line(err)}")
        return err.exit_code
    except KeyboardInterrupt:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C waits
        _say(f"{verb}: interrupted")
        if not program:
            signal.signal(signal.SIGINT, previous)
        return 130
    except BrokenPipeError:  # `pasyans games | head`: the reader had enough
        _silence_stdout()
        return 0
    except UnicodeEncodeError as err:
        if not _standard_output_cannot(err):
            raise
        what = f"{excerpt(err.object[err.start : err.end])} ({sys.stdout.encoding})"
        _silence_stdout()
        _say(f"{verb}: standard output cannot write {what}: set PYTHONIOENCODING=utf-8")
        return EXIT_USAGE
    except OSError as err:  # writing the output (a full disk, /dev/full), or a file
        _silence_stdout()
        where = f"{shown_path(err.filename)}: " if err.filename else "cannot write the output: "
        _say(f"{verb}: {where}{err.strerror or err}")
        return EXIT_USAGE


def _one_line(err: PasyansError) -> str:
    """An error with several located problems (an invalid spec) as its first problem and
    how many more there are: every verb's error is one line."""
    problems = getattr(err, "errors", None) or []
    if len(problems) > 1:
        return f"{problems[0]} (and {len(problems) - 1} more)"
    return str(err)


def _standard_output_cannot(err: UnicodeEncodeError) -> bool:
    """Whether `err` is standard output's encoding (ascii, latin-1, a code page) meeting a
    character it lacks (a suit, ѣ); UTF-8 lacks none, so its errors are no terminal's."""
    try:
        name = codecs.lookup(sys.stdout.encoding).name
        if name.startswith("utf"):
            return False
        err.object[err.start : err.end].encode(name)
    except UnicodeEncodeError:
        return True  # a code page's codec names itself "charmap": the character decides
    except (AttributeError, LookupError, TypeError):
        pass
    return False


def _file_names_on_standard_output() -> None:
    """A UTF-8 standard output writes back as they were the bytes of a file name that are not
    UTF-8 (Python holds them as lone surrogates, which strict UTF-8 refuses: printing
    `OK NAME` for a spec whose name is in cp1251 failed)."""
    with contextlib.suppress(AttributeError, LookupError, TypeError, ValueError):
        if codecs.lookup(sys.stdout.encoding).name == "utf-8" and sys.stdout.errors == "strict":
            sys.stdout.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]


def _say(line: str) -> None:
    with contextlib.suppress(OSError):
        print(line, file=sys.stderr)


def _silence_stdout() -> None:
    """Drop what is still buffered for a standard output that fails, so the interpreter
    does not fail again (with a traceback) when it flushes at exit."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def entry() -> None:
    """The `pasyans` program: once the verb is done, Ctrl-C no longer interrupts the
    interpreter's shutdown (which would print "Exception ignored … KeyboardInterrupt")."""
    _file_names_on_standard_output()
    code = main(program=True)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)


if __name__ == "__main__":
    entry()
