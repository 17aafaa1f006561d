"""The compiled core, in place: mypyc compiles the engine's and the solver's hot modules.

    pip install 'pasyans[core]'            # mypy (mypyc) and setuptools; a C compiler too
    python -m pipeline.engine.build        # or `pasyans-build-core`: compile
    python -m pipeline.engine.build --check   # which modules load compiled
    python -m pipeline.engine.build --clean   # back to pure Python

`pip install .` compiles the same modules into the wheel by itself (`hatch_build.py`); this
is for an editable checkout (`pip install -e`), which runs its Python sources until this
compiles them in place: extension modules beside their sources, which Python imports in
preference to the `.py` files; a state plays exactly as before (`tests/test_core_identity.py`,
`benchmarks/playout_identity.py`). Rebuild after changing any of these modules (a compiled
module does not see edits to its source); `--clean` removes the compiled files.
"""

from __future__ import annotations

import argparse
import os
import sys

from pipeline.engine.core import (
    ENGINE,
    ROOT,
    compile_core,
    compiled_files,
    loads_compiled,
    sources,
)


def clean() -> int:
    files = compiled_files()
    for p in files:
        p.unlink()
    print(f"removed {len(files)} compiled file(s): the engine is pure Python")
    return 0


def build() -> int:
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as e:
        print(
            f"pasyans-build-core: {e.name} is missing: pip install 'pasyans[core]'",
            file=sys.stderr,
        )
        return 2
    if not os.access(ENGINE, os.W_OK):
        print(f"pasyans-build-core: {ENGINE} is not writable", file=sys.stderr)
        return 2
    clean()
    try:
        built = compile_core(ROOT)
    except Exception as e:
        print(f"pasyans-build-core: the build failed ({e})", file=sys.stderr)
        return 1
    n = len(sources())
    print(
        f"compiled {n} modules of pipeline.engine and pipeline.solve in place ({len(built)} files)"
    )
    return 0


def check() -> int:
    """Print which listed modules Python loads compiled; exit 1 if not all of them. (The
    file each would load from, found without importing the solver's: `core.loads_compiled`.)"""
    n = 0
    for name, source in sources():
        done = loads_compiled(name, source)
        n += done
        print(f"{name:26} {'compiled' if done else 'Python'}")
    return 0 if n == len(sources()) else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="pasyans-build-core", description="Compile the engine's hot modules with mypyc."
    )
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    ap.add_argument("--check", action="store_true", help="say which modules load compiled")
    a = ap.parse_args(argv)
    if a.clean:
        return clean()
    if a.check:
        return check()
    return build()


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
