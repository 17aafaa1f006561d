"""The compiled core: which modules it holds, how they are compiled, which core is loaded.

`pip install .` compiles them into the wheel (`hatch_build.py` loads this file by its path
and calls `compile_core`); `build.py` (`pasyans-build-core`) compiles them in place for an
editable checkout. The package itself reads `status` (`pasyans --version`, given the modules
by the commands, which may import the solver) and `warn_if_stale` on import, so this module
imports nothing of the package: the build hook runs it where none of the package's
dependencies are installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType

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
# that stands in for them in the corpus games), safe moves, the stock's turns folded into
# plays (`talon`) and the search loop: where most
# of a solver node's time goes once the engine is compiled (as Python, safe moves and the
# blocked-cards check take about 45 % of a Clock node); the cuts' proof and the kept
# restarts' loop (`kept`), which as Python spend most of a kept restart's node in the cuts
SOLVER_MODULES = (
    "symmetry",
    "blocked",
    "apart",
    "alone",
    "safety",
    "spare",
    "deadends",
    "talon",
    "swaps",
    "vacancies",
    "exchanges",
    "twice",
    "nextcard",
    "rows",
    "search",
    "beam",
    "bestfirst",
    "cuts",
    "kept",
)
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


PURE_ENV = "PASYANS_PURE"  # set to 1: build nothing, and load the Python sources
# beside this file in a wheel: what its build hook did, one line ("compiled", or why not)
BUILD_NOTE = "_core_build.txt"


def compile_core(
    out: Path, jobs: int | None = None, log: Callable[[str], None] = print, opt_level: str = "1"
) -> list[Path]:
    """Compile the listed modules of this `pipeline` package with mypyc; return
    the extension modules, under `out` at their package paths (and the group's shared library
    at the top). Raises on any failure (mypyc or setuptools missing, no C compiler, a compile
    error); the callers say why and fall back to Python.

    mypyc writes one C file per module (`multi_file`), which are compiled `jobs` at a time
    (default: the CPUs this process may use), largest first: the C compile is nearly all of the
    build's time. `-O1`: a third less compile CPU than `-O3` for 6.5 % more instructions per
    solver node (`benchmarks/RESULTS.md`, ## Compiled core by default), because `pip install`
    pays for the compile every time."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    if jobs is None:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="pasyans-core-") as tmp:
        # mypy reads a copy of the package's sources: run on an installed package in place,
        # it would take the whole of site-packages for the project's own modules
        src = Path(tmp) / "src"
        skip = shutil.ignore_patterns("*.so", "__pycache__", "_data")
        shutil.copytree(ROOT / "pipeline", src / "pipeline", ignore=skip)
        paths = [str(src / f.relative_to(ROOT)) for _, f in sources()]
        os.chdir(tmp)  # mypyc and setuptools write where they run: never into the project
        try:
            # mypy checks the compiled modules against their annotations; the modules of the
            # package they import (compiled rules, cards, ...) stay Python and unchecked, read
            # for their types only. Nothing else is followed but stubs (the standard library's,
            # librt's): this module imports mypyc and setuptools, which the build environment
            # holds, and following them would have mypy analyse all of mypy, mypyc and
            # setuptools, two thirds of mypyc's time, for the same C (benchmarks/RESULTS.md,
            # "CI within three minutes: third round"). No incremental cache is written: a
            # build reads none, and serialising the 190 modules' types cost a fifth of mypyc's
            # time for the same C ("CI within three minutes: twelfth round")
            config = Path(tmp) / "mypy.ini"
            config.write_text(
                f"[mypy]\nfollow_imports = skip\ncache_dir = {os.devnull}\n"
                "[mypy-pipeline.*]\nfollow_imports = silent\n",
                "utf-8",
            )
            ext = mypycify(
                ["--config-file", str(config), "--ignore-missing-imports", *paths],
                opt_level=opt_level,
                debug_level="0",
                group_name=GROUP,
                multi_file=True,
            )
            dist = Distribution({"name": "pasyans-core", "ext_modules": ext})
            dist.cmdclass["build_ext"] = _parallel_build_ext(build_ext, jobs, log)
            dist.script_args = ["-q", "build_ext", "--build-lib", "lib", "--build-temp", "o"]
            dist.parse_command_line()
            dist.run_commands()
        except SystemExit as e:  # setuptools reports a failed compile by exiting
            raise RuntimeError(f"the C compile failed ({e})") from None
        finally:
            os.chdir(cwd)
        lib = Path(tmp) / "lib"
        built = []
        for so in sorted(lib.rglob("*.so")):
            dest = out / so.relative_to(lib)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(so, dest)
            built.append(dest)
    return built


def start_compile(out: Path, argv: list[str] | None = None) -> bool:
    """Start `compile_core` into `out/lib` in a process of its own and return at once; False
    where it cannot be waited for (no `fcntl`). The wheel's build starts it when pip asks for
    the metadata, so that the compile runs while pip resolves and downloads the dependencies,
    and waits for it (`await_compile`) when pip asks for the wheel (`hatch_build.py`).

    The process holds a lock on `out/lock` for as long as it runs (taken here, before it
    starts, so a waiter can never come first); its output goes to `out/log.txt`, never to
    this process's stdout, which pip reads to its end before going on. `argv` (tests) runs
    another command in its place."""
    try:
        import fcntl
    except ImportError:
        return False
    out.mkdir(parents=True, exist_ok=True)
    # -P: not this file's directory first on sys.path (its modules would shadow others)
    argv = argv or [sys.executable, "-P", str(Path(__file__).resolve()), str(out)]
    with open(out / "lock", "w") as lock, open(out / "log.txt", "w") as log:
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            pass_fds=(lock.fileno(),),
        )
    return True


def await_compile(out: Path) -> dict | None:
    """Wait for the compile `start_compile` began in `out` to end; return its result:
    {"files": paths under `out/lib`, "seconds", "cpu", "log"} or {"error": why, "log"};
    None when none was started there or it ended without a result (killed)."""
    try:
        import fcntl
    except ImportError:
        return None
    if not (out / "lock").is_file():
        return None
    with open(out / "lock") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the compiling process ends
    try:
        result = json.loads((out / "result.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    result["log"] = (out / "log.txt").read_text("utf-8", errors="replace")
    return dict(result)


def compile_result(lib: Path, log: Callable[[str], None] = print) -> dict:
    """`compile_core` into `lib`, timed: {"files": paths under `lib`, "seconds", "cpu"}, or
    {"error": the failure's last line} (any failure: the pure wheel is the same engine)."""
    t0, c0 = time.monotonic(), cpu_seconds()
    try:
        built = compile_core(lib, log=log)
    except Exception as e:
        lines = str(e).strip().splitlines() or [type(e).__name__]
        return {"error": lines[-1][:200]}
    return {
        "files": [p.relative_to(lib).as_posix() for p in built],
        "seconds": time.monotonic() - t0,
        "cpu": cpu_seconds() - c0,
    }


def _compile_into(out: Path) -> None:
    """`start_compile`'s process: compile, then write the result where `await_compile`
    reads it (whole or not at all)."""
    result = compile_result(out / "lib")
    part = out / "result.json.part"
    part.write_text(json.dumps(result), "utf-8")
    os.replace(part, out / "result.json")


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (the C compiler)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _parallel_build_ext(base: type, jobs: int, log: Callable[[str], None]) -> type:
    """setuptools' `build_ext` compiling the group's C files `jobs` at a time, then the
    modules' one-file shims `jobs` at a time (setuptools itself builds one extension after
    another, and each extension's sources one after the other)."""
    from concurrent.futures import ThreadPoolExecutor

    class ParallelBuildExt(base):
        def build_extensions(self) -> None:
            self.check_extensions_list(self.extensions)
            cc = self.compiler
            compile_all, compile_one = cc.compile, cc._compile

            def compile(*args: object, **kwargs: object) -> list[str]:
                todo: list[tuple] = []
                cc._compile = lambda *a: todo.append(a)  # queue them: `compile` made the dirs
                try:
                    objects = compile_all(*args, **kwargs)
                finally:
                    cc._compile = compile_one
                todo.sort(key=lambda a: -os.path.getsize(a[1]))  # a[1]: the C file
                log(f"compiling {len(todo)} C files, {jobs} at a time")
                with ThreadPoolExecutor(jobs) as pool:
                    list(pool.map(lambda a: compile_one(*a), todo))
                return objects

            # the group first, alone: its queue stands in for the compiler's `_compile`
            # while it runs, which a shim compiled beside it would take for its own
            group = [e for e in self.extensions if len(e.sources) > 1]
            shims = [e for e in self.extensions if len(e.sources) <= 1]
            cc.compile = compile
            try:
                for ext in group:
                    self.build_extension(ext)
            finally:
                cc.compile = compile_all
            with ThreadPoolExecutor(jobs) as pool:
                list(pool.map(self.build_extension, shims))

    return ParallelBuildExt


def build_note() -> str | None:
    """What the wheel's build hook did ("compiled", or why it did not); None in a checkout."""
    note = ENGINE / BUILD_NOTE
    return note.read_text(encoding="utf-8").strip() if note.is_file() else None


def loaded_compiled() -> list[str]:
    """The listed modules that this process has imported as extension modules."""
    return [
        n
        for n, _ in sources()
        if (getattr(sys.modules.get(n), "__file__", "") or "").endswith(".so")
    ]


def loads_compiled(name: str, source: Path) -> bool:
    """Whether module `name` (its source file `source`) runs compiled in this process: the
    file it was loaded from, or else the one Python's import system would load (an extension
    module before a source; `PASYANS_PURE`'s finder first), found without importing it or its
    package (`pasyans-build-core --check`: the engine imports none of the solver's modules)."""
    if name in sys.modules:
        return (getattr(sys.modules[name], "__file__", "") or "").endswith(".so")
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        spec = find(name, [str(source.parent)]) if find else None
        if spec is not None:
            return (spec.origin or "").endswith(".so")
    return False


def status(modules: Iterable[ModuleType]) -> str:
    """Which core runs the engine here, and why when it is the slower pure Python: one line
    (`pasyans --version`). `modules` are the listed modules, imported by the caller: the
    solver's lie above the engine, so this module names them and never imports them."""
    files = {m.__name__: m.__file__ or "" for m in modules}
    names = [n for n, _ in sources()]
    if sorted(files) != sorted(names):
        raise ValueError("status() needs every module of the compiled core, imported")
    done = [n for n in names if files[n].endswith(".so")]
    if len(done) == len(names):
        return f"engine: compiled core (mypyc, {len(done)} modules)"
    if done:
        return f"engine: partly compiled ({len(done)} of {len(names)} modules): rebuild it"
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        why = f"{PURE_ENV} is set"
    elif build_note() not in (None, "compiled"):
        why = str(build_note())
    else:
        why = "not compiled in this checkout (pasyans-build-core compiles it)"
    return f"engine: pure Python, about 10x slower ({why})"


if __name__ == "__main__":  # `start_compile`'s process
    _compile_into(Path(sys.argv[1]))
