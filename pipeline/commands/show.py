"""`pasyans show` (not implemented yet)."""

from __future__ import annotations

import argparse

from pipeline.errors import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    raise UsageError("'show' is not implemented yet")
