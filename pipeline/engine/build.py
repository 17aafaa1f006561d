"""The optional compiled core: mypyc compiles the engine's and the solver's hot modules in place.

    pip install 'pasyans[core]'            # mypy (mypyc) and setuptools; a C compiler too
    python -m pipeline.engine.build        # or `pasyans-build-core`: compile
    python -m pipeline.engine.build --check   # which modules are loaded compiled
    python -m pipeline.engine.build --clean   # back to pure Python

Nothing else changes: the same modules, now as extension modules beside their sources, which
Python imports in preference to the `.py` files; a state plays exactly as before (the tests
and `benchmarks/playout_identity.py` pass on both). The default install never compiles
anything and needs no compiler. Rebuild after changing any of these modules (a compiled
module does not see edits to its source); `--clean` removes the compiled files.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from pipeline.engine.core import ENGINE, GROUP, ROOT, compiled_files, sources


def clean() -> int:
    files = compiled_files()
    for p in files:
        p.unlink()
    print(f"removed {len(files)} compiled file(s): the engine is pure Python")
    return 0


def build() -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
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
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="pasyans-core-") as tmp:
        # mypy reads a copy of the package's sources: run on an installed package in place,
        # it would take the whole of site-packages for the project's own modules
        src = Path(tmp) / "src"
        skip = shutil.ignore_patterns("*.so", "__pycache__", "_data")
        shutil.copytree(ROOT / "pipeline", src / "pipeline", ignore=skip)
        paths = [str(src / f.relative_to(ROOT)) for _, f in sources()]
        os.chdir(tmp)  # setuptools reads the directory it runs in: not the project's
        try:
            # mypy checks the compiled modules against their annotations; the modules they
            # import (compiled rules, cards, ...) stay Python and unchecked
            ext = mypycify(
                ["--follow-imports=silent", "--ignore-missing-imports", *paths],
                opt_level="3",
                group_name=GROUP,
            )
            setup(
                name="pasyans-core",
                packages=[],
                py_modules=[],
                ext_modules=ext,
                script_args=["-q", "build_ext", "--build-lib", "lib", "--build-temp", "o"],
            )
        except SystemExit as e:  # setuptools reports a failed compile by exiting
            print(f"pasyans-build-core: the build failed ({e})", file=sys.stderr)
            return 1
        finally:
            os.chdir(cwd)
        lib = Path(tmp) / "lib"
        for so in lib.rglob("*.so"):  # into place beside the sources
            shutil.copy2(so, ROOT / so.relative_to(lib))
    print(f"compiled {len(paths)} modules of pipeline.engine and pipeline.solve in place")
    return 0


def check() -> int:
    """Print which listed modules Python loads compiled; exit 1 if not all of them."""
    n = 0
    names = [name for name, _ in sources()]
    for name in names:
        mod = importlib.import_module(name)
        done = (mod.__file__ or "").endswith(".so")
        n += done
        print(f"{name:26} {'compiled' if done else 'Python'}")
    return 0 if n == len(names) else 1


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
