"""Hypothesis draws the same examples on every run by default, so the README's test command
passes or fails the same way on every machine; `PASYANS_TESTS=thorough` explores at random.
No example has a deadline: speed is the benchmarks' to measure, and a loaded machine must not
fail a test that is right.

A suite started in the background of a non-interactive shell (`cmd &`) inherits SIGINT
ignored, and so would every `pasyans` it starts: the Ctrl-C tests get Python's own handler
back, as a terminal would give it.

The suite runs on every core (pytest-xdist, `--dist worksteal`): the tests marked `heavy`, the
longest (`pytest --durations`), are started first, so the run does not end with one core still
in a long test that happened to come last while the others wait.

The workers start together and each imports every test file: from a fresh checkout that is
the assertion rewrite of each file and the bytecode of the package, the same work in every
worker at the same moment. Worker k of n first imports the files from k/n of the way in, so
each writes its own share and finds the others' written (a cold collection with two workers:
benchmarks/RESULTS.md, "CI within three minutes: sixth round").

A test process runs thousands of tests and keeps what they load (games, grammars, caches):
the cyclic collector's full collections walk all of it again and again (about a tenth of the
suite's CPU time). Here one starts after 100 collections of the middle generation, not 10;
the young generations and the `pasyans` processes the tests start are left as they are
(benchmarks/RESULTS.md, "CI within three minutes: eleventh round").

A worker whose tests are done ignores SIGINT: execnet sends its worker one when the worker has
not exited 5 s after the controller asked it to (its teardown's full collections of what it
kept take that long on a loaded host), and it landed wherever Python code ran next: in
Hypothesis's collector callback it was reported as a KeyboardInterrupt "ignored" there, which
looked like a Ctrl-C test's lost interrupt (benchmarks/RESULTS.md, "Twins and blind tests").
It also freezes what it kept (`gc.freeze`): the interpreter's exit collects all of it once more,
while the controller waits for the worker to end (benchmarks/RESULTS.md, "CI within three
minutes: the thirty-fourth round")."""

import contextlib
import gc
import importlib
import os
import signal
from pathlib import Path

import pytest
from thoroughness import THOROUGH

signal.signal(signal.SIGINT, signal.default_int_handler)

FULL_COLLECTION_EVERY = 100  # collections of the middle generation (CPython's default: 10)
gc.set_threshold(*gc.get_threshold()[:2], FULL_COLLECTION_EVERY)


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis's profile (module doc), in the processes that run tests: before any test
    file is imported, so its `@settings` take their defaults from it. Not in xdist's
    controller, which runs none and would import Hypothesis for this alone."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        return
    from hypothesis import settings

    settings.register_profile("quick", derandomize=True, print_blob=True, deadline=None)
    settings.register_profile("thorough", print_blob=True, deadline=None)
    settings.load_profile("thorough" if THOROUGH else "quick")


def warm_order(files: list[Path], worker: str, count: str) -> list[Path]:
    """The test files xdist worker `gwK` of `count` imports before its collection: from
    K/count of the way in, round to the start; none for the first worker or without xdist."""
    k = worker[2:] if worker.startswith("gw") else ""
    if not (k.isdigit() and count.isdigit()) or int(k) == 0 or int(count) < 2:
        return []
    start = len(files) * int(k) // int(count)
    return files[start:] + files[:start]


def pytest_collection(session: pytest.Session) -> None:
    here = Path(__file__).resolve().parent
    if not any(Path(arg).resolve() in (here, here.parent) for arg in session.config.args):
        return  # a part of the suite: its files only, in pytest's order
    files = sorted(here.glob("test_*.py"))  # pytest's order
    env = os.environ
    for path in warm_order(
        files, env.get("PYTEST_XDIST_WORKER", ""), env.get("PYTEST_XDIST_WORKER_COUNT", "")
    ):
        # a file that fails or skips here is imported again by the collection, which says why
        with contextlib.suppress(Exception, pytest.skip.Exception):
            importlib.import_module(path.stem)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # its tests are done (module doc)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        gc.freeze()  # the exit's collections skip what the worker kept (module doc)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)  # stable
