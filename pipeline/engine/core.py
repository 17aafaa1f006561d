"""Which modules the optional compiled core holds, and a check that it is up to date.

`build.py` compiles them; this module is what the package itself reads of it (on import),
so it stays small and imports nothing of the engine.
"""

from __future__ import annotations

import warnings
from pathlib import Path

# the game's hot tables, the state's mechanics (the inheritance chain of `base.py`), its
# moves and their hashing, and the playout loop: where a move's time goes (`rng` stays
# Python: its 64-bit arithmetic is on boxed ints compiled or not, so compiling it gains nothing)
MODULES = (
    "layout",
    "base",
    "primitives",
    "dealing",
    "memo",
    "fills",
    "movegen",
    "blocks",
    "execute",
    "progress",
    "settle",
    "position",
    "state",
    "moves",
    "zobrist",
    "playout",
)
# the solver's own hot code: canonical keys, dead-end proofs (and the blocked-cards check
# that stands in for them in the corpus games), safe moves and the search loop: where most
# of a solver node's time goes once the engine is compiled (as Python, safe moves and the
# blocked-cards check take about 45 % of a Clock node)
SOLVER_MODULES = ("symmetry", "blocked", "safety", "deadends", "search")
GROUP = "pasyans_core"  # the shared library of the compiled modules: GROUP__mypyc*.so

ENGINE = Path(__file__).resolve().parent
SOLVE = ENGINE.parent / "solve"
ROOT = ENGINE.parent.parent  # the directory holding the `pipeline` package


def sources() -> list[tuple[str, Path]]:
    """(dotted name, source file) of every compiled module, engine first."""
    return [(f"pipeline.engine.{m}", ENGINE / f"{m}.py") for m in MODULES] + [
        (f"pipeline.solve.{m}", SOLVE / f"{m}.py") for m in SOLVER_MODULES
    ]


def compiled_files() -> list[Path]:
    """The extension modules a build left (none after `--clean`)."""
    out = [p for _, src in sources() for p in src.parent.glob(f"{src.stem}.*.so")]
    out += list(ROOT.glob(f"{GROUP}__mypyc*.so"))
    return sorted(out)


def warn_if_stale() -> None:
    """Warn when a compiled module is older than its source: Python would run the old code.
    (Called by `pipeline.engine` on import: a listing of the engine's and the solver's
    directories.)"""
    for so in [*ENGINE.glob("*.so"), *SOLVE.glob("*.so")]:
        src = so.parent / (so.name.split(".", 1)[0] + ".py")
        if src.exists() and src.stat().st_mtime > so.stat().st_mtime:
            warnings.warn(
                f"the compiled engine is older than {src.name}: rebuild it "
                "(pasyans-build-core) or remove it (pasyans-build-core --clean)",
                stacklevel=3,
            )
            return
