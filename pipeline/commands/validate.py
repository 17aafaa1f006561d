"""`pasyans validate SPEC…`: check rule specs against the spec language.

Prints `OK path` for each valid file and, for an invalid one, every problem as
`path:line:column: key.path: message`. Exit 0 when all are valid, 1 when any is invalid,
2 when a file cannot be read as text (missing, a directory, not UTF-8, too big). A SPEC
may also be the id of a shipped spec (`shah`), as for `show` and `play`. Every file is
checked either way.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "specs", nargs="+", metavar="SPEC", help="rule spec files (YAML), or shipped game ids"
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only the problems, not the OK lines"
    )


def format_problem(err: object) -> str:
    """`path:line:column: key.path: message` (the parts that are known)."""
    from pipeline.errors import format_key_path

    path = getattr(err, "path", None) or "-"
    line, column = getattr(err, "line", None), getattr(err, "column", None)
    where = path if line is None else f"{path}:{line}:{column or 1}"
    key_path = getattr(err, "key_path", None)
    key = f" {format_key_path(key_path)}:" if key_path else ""
    return f"{where}:{key} {getattr(err, 'message', str(err))}"


def run(args: argparse.Namespace) -> int:
    from pipeline.errors import EXIT_INVALID, EXIT_OK, EXIT_USAGE, InputError, SpecError
    from pipeline.spec import load_spec
    from pipeline.spec.resolve import resolve_spec

    status = EXIT_OK
    for arg in args.specs:
        path = arg
        try:
            path = str(resolve_spec(arg))
            load_spec(path)
        except InputError as err:
            print(f"pasyans validate: {err}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        except SpecError as err:
            for problem in err.errors or [err]:
                print(format_problem(problem))
            if status == EXIT_OK:
                status = EXIT_INVALID
            continue
        if not args.quiet:
            print(f"OK {path}" if path == arg else f"OK {arg} ({path})")
    sys.stdout.flush()
    return status
