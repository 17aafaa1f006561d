"""Hypothesis draws the same examples on every run by default, so the README's test command
passes or fails the same way on every machine; `PASYANS_TESTS=thorough` explores at random.

A suite started in the background of a non-interactive shell (`cmd &`) inherits SIGINT
ignored, and so would every `pasyans` it starts: the Ctrl-C tests get Python's own handler
back, as a terminal would give it.

The suite runs on every core (pytest-xdist, `--dist worksteal`): the tests marked `heavy`, the
longest (`pytest --durations`), are started first, so the run does not end with one core still
in a long test that happened to come last while the others wait."""

import signal

import pytest
from hypothesis import settings
from thoroughness import THOROUGH

settings.register_profile("quick", derandomize=True, print_blob=True)
settings.register_profile("thorough", print_blob=True)
settings.load_profile("thorough" if THOROUGH else "quick")

signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)  # stable
