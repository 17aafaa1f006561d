"""Shared by the speed benchmarks: pin the process to one CPU, so a figure is a one-core
figure on every machine (the issues state their speed targets per core)."""

from __future__ import annotations

import os


def pin_one_core() -> int | None:
    """Pin this process to its lowest allowed CPU; the CPU, or None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def select_core(core: str, path: str | None, repo) -> str:
    """Import `pipeline` with the core asked for (`compiled` or `pure`) and return one line
    saying which package and core are measured; exit with an error when that core is not what
    loads, never measuring another one silently.

    `path`: import `pipeline` from that directory (another checkout, a compiled copy). Else
    the installed package comes first and this checkout (`repo`) only where none is
    installed: a fresh clone holds no compiled modules, its install does."""
    import sys

    if path:
        sys.path.insert(0, str(path))
    else:
        sys.path.append(str(repo))
    if core == "pure":
        os.environ["PASYANS_PURE"] = "1"  # read when `pipeline` is imported
    import pipeline
    from pipeline.commands.options import engine_status
    from pipeline.engine.core import loaded_compiled, sources

    line = engine_status()  # imports every listed module
    n = len(loaded_compiled())
    if (core == "compiled" and n != len(sources())) or (core == "pure" and n):
        sys.exit(
            f"{sys.argv[0]}: --engine {core} asked for, but `pipeline` from "
            f"{os.path.dirname(pipeline.__file__ or '')} runs: {line}"
        )
    return f"pipeline from {os.path.dirname(pipeline.__file__ or '')}: {line}"
