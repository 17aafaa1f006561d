"""Which engine modules the optional compiled core holds, and a check that it is up to date.

`build.py` compiles them; this module is what the package itself reads of it (on import),
so it stays small and imports nothing of the engine.
"""

from __future__ import annotations

import warnings
from pathlib import Path

# the game's hot tables, the state's mechanics (the inheritance chain of `base.py`), its
# moves and their hashing, and the playout loop: where a move's time goes (`rng` compiled
# too made no difference under callgrind: its 64-bit arithmetic is on boxed ints either way)
MODULES = (
    "layout",
    "base",
    "primitives",
    "dealing",
    "memo",
    "fills",
    "movegen",
    "execute",
    "progress",
    "settle",
    "position",
    "state",
    "moves",
    "zobrist",
    "playout",
)
GROUP = "pasyans_core"  # the shared library of the compiled modules: GROUP__mypyc*.so

ENGINE = Path(__file__).resolve().parent
ROOT = ENGINE.parent.parent  # the directory holding the `pipeline` package


def compiled_files() -> list[Path]:
    """The extension modules a build left (none after `--clean`)."""
    out = [p for m in MODULES for p in ENGINE.glob(f"{m}.*.so")]
    out += list(ROOT.glob(f"{GROUP}__mypyc*.so"))
    return sorted(out)


def warn_if_stale() -> None:
    """Warn when a compiled module is older than its source: Python would run the old code.
    (Called by `pipeline.engine` on import: one directory listing.)"""
    for so in ENGINE.glob("*.so"):
        src = ENGINE / (so.name.split(".", 1)[0] + ".py")
        if src.exists() and src.stat().st_mtime > so.stat().st_mtime:
            warnings.warn(
                f"the compiled engine is older than {src.name}: rebuild it "
                "(pasyans-build-core) or remove it (pasyans-build-core --clean)",
                stacklevel=3,
            )
            return
