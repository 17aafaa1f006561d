"""The optional compiled core: what it lists, what `--check` says, the stale-build warning.

The build itself needs mypy and a C compiler (`pip install '.[core]'`) and is not run
here; the whole suite passes with the core built too (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
import warnings
from types import ModuleType

import pytest

from pipeline.engine import build, core


def test_every_listed_module_is_an_engine_module_with_its_source() -> None:
    assert len(set(core.MODULES)) == len(core.MODULES)
    for m in core.MODULES:
        assert (core.ENGINE / f"{m}.py").is_file(), m
        importlib.import_module(f"pipeline.engine.{m}")
    assert {"state", "movegen", "execute", "settle", "layout"} <= set(core.MODULES)
    assert core.SOLVER_MODULES == (
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
    names = [name for name, _ in core.sources()]
    assert len(set(names)) == len(names) == len(core.MODULES) + len(core.SOLVER_MODULES)
    for name, src in core.sources():
        assert src.is_file(), name
        assert (importlib.import_module(name).__file__ or "").startswith(str(src.parent)), name


def test_check_says_which_modules_load_compiled(capsys) -> None:
    code = build.main(["--check"])
    lines = capsys.readouterr().out.splitlines()
    names = [f"pipeline.engine.{m}" for m in core.MODULES]
    names += [f"pipeline.solve.{m}" for m in core.SOLVER_MODULES]
    assert [ln.split()[0] for ln in lines] == names
    loaded = {m: (importlib.import_module(m).__file__ or "").endswith(".so") for m in names}
    assert [ln.split()[1] for ln in lines] == ["compiled" if loaded[m] else "Python" for m in names]
    assert code == (0 if all(loaded.values()) else 1)


@pytest.mark.parametrize("where", ["engine", "solve"])
@pytest.mark.parametrize("source_newer", [True, False])
def test_a_build_older_than_its_source_warns(tmp_path, monkeypatch, source_newer, where) -> None:
    dirs = {w: tmp_path / w for w in ("engine", "solve")}
    for d in dirs.values():
        d.mkdir()
    so = dirs[where] / "search.cpython-311-x86_64-linux-gnu.so"
    src = dirs[where] / "search.py"
    so.write_bytes(b"")
    src.write_text("")
    os.utime(so, (1_000, 1_000 if source_newer else 3_000))
    os.utime(src, (2_000, 2_000))
    monkeypatch.setattr(core, "ENGINE", dirs["engine"])
    monkeypatch.setattr(core, "SOLVE", dirs["solve"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        core.warn_if_stale()
    msgs = [str(w.message) for w in caught]
    if source_newer:
        assert msgs == [
            "the compiled engine is older than search.py: rebuild it (pasyans-build-core) "
            "or remove it (pasyans-build-core --clean)"
        ]
    else:
        assert msgs == []


# `start_compile`'s process, played by a stand-in: it says a line, waits for the test's word
# (the file `go`), and then writes a result as `_compile_into` does, or ends without one
STAND_IN = """
import json, os, sys, time
from pathlib import Path
out = Path(sys.argv[1])
print("compiling 3 C files", flush=True)
while not (out / "go").exists():
    time.sleep(0.01)
if sys.argv[2] == "dies":
    sys.exit(3)
(out / "result.json.part").write_text(json.dumps({"files": ["a.so"], "seconds": 1, "cpu": 2}))
os.replace(out / "result.json.part", out / "result.json")
"""

# the metadata hook's process: starts the compile and ends, its stdout a pipe (as under pip)
STARTER = """
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("c", sys.argv[1])
core = importlib.util.module_from_spec(spec)
spec.loader.exec_module(core)
out = Path(sys.argv[2])
print(core.start_compile(out, [sys.executable, "-c", sys.argv[3], str(out), sys.argv[4]]))
"""


@pytest.mark.parametrize("ends", ["writes", "dies"])
def test_a_compile_started_apart_is_waited_for(tmp_path, ends) -> None:
    out = tmp_path / "core"
    argv = [sys.executable, "-c", STARTER, str(core.__file__), str(out), STAND_IN, ends]
    starter = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    # the starter's output ended with it: the compile holds none of it (pip reads to the end)
    assert (starter.returncode, starter.stdout, starter.stderr) == (0, "True\n", "")
    assert not (out / "result.json").exists()  # still waiting for its word
    waiter = threading.Thread(target=lambda: found.append(core.await_compile(out)))
    found: list = []
    waiter.start()
    (out / "go").touch()
    waiter.join(timeout=120)
    if ends == "writes":
        assert found == [
            {"files": ["a.so"], "seconds": 1, "cpu": 2, "log": "compiling 3 C files\n"}
        ]
    else:  # ended without a result: the wheel's hook compiles then and there
        assert found == [None]


def test_nothing_started_is_nothing_to_wait_for(tmp_path) -> None:
    assert core.await_compile(tmp_path / "core") is None
    assert core.await_compile(tmp_path) is None  # a directory, but no compile's lock


class _Ext:
    def __init__(self, name: str, sources: list[str]) -> None:
        self.name, self.sources = name, sources


class _Compiler:
    """setuptools' compiler as `_parallel_build_ext` uses it: `compile` calls `_compile`
    once per source file, one after another."""

    def __init__(self, log: list) -> None:
        self.log = log

    def compile(self, sources: list[str]) -> list[str]:
        for src in sources:
            self._compile(src + ".o", src)
        return [src + ".o" for src in sources]

    def _compile(self, obj: str, src: str) -> None:
        self.log.append(("compiled", src))


def test_the_group_is_compiled_first_then_the_shims_side_by_side(tmp_path) -> None:
    log: list = []
    both = threading.Barrier(2, timeout=30)  # broken unless two shims are built at once

    class Base:
        def __init__(self, extensions: list[_Ext]) -> None:
            self.extensions, self.compiler = extensions, _Compiler(log)

        def check_extensions_list(self, extensions: list[_Ext]) -> None:
            pass

        def build_extension(self, ext: _Ext) -> None:
            log.append(("start", ext.name))
            if len(ext.sources) == 1:
                both.wait()
            self.compiler.compile(ext.sources)

    c_files = []
    for i, size in enumerate((10, 300, 20)):  # the queue runs the largest first
        c_files.append(str(tmp_path / f"g{i}.c"))
        (tmp_path / f"g{i}.c").write_text("x" * size)
    group = _Ext("pasyans_core__mypyc", c_files)
    shims = [_Ext(f"pipeline.engine.m{i}", [f"m{i}.c"]) for i in range(4)]
    said: list[str] = []
    builder = core._parallel_build_ext(Base, 2, said.append)([shims[0], group, *shims[1:]])
    builder.build_extensions()
    assert said == ["compiling 3 C files, 2 at a time"]
    assert log[0] == ("start", "pasyans_core__mypyc")
    assert {entry for entry in log[1:4]} == {("compiled", f) for f in c_files}
    assert sorted(entry for entry in log[4:] if entry[0] == "compiled") == [
        ("compiled", f"m{i}.c") for i in range(4)
    ]
    # the compiler is setuptools' own again once the group is done
    assert builder.compiler.compile.__func__ is _Compiler.compile


def test_mypy_reads_the_package_alone_and_writes_no_cache(tmp_path, monkeypatch) -> None:
    """The configuration `compile_core` gives mypyc, as mypy itself reads it: the listed
    sources, the package's other modules for their types, nothing else followed, and no
    incremental cache written (a build never reads one back)."""
    pytest.importorskip("mypyc")
    pytest.importorskip("setuptools")
    import mypyc.build
    from mypy.config_parser import parse_config_file
    from mypy.options import Options

    seen: dict = {}

    def mypycify(args: list[str], **kwargs: object) -> list:
        options = Options()
        parse_config_file(options, lambda: None, args[args.index("--config-file") + 1])
        seen.update(options=options, paths=args[3:], kwargs=kwargs)
        raise RuntimeError("stop before the C compile")

    monkeypatch.setattr(mypyc.build, "mypycify", mypycify)
    with pytest.raises(RuntimeError, match="stop before"):
        core.compile_core(tmp_path)
    options = seen["options"]
    assert options.cache_dir == os.devnull
    assert options.follow_imports == "skip"
    assert options.per_module_options["pipeline.*"]["follow_imports"] == "silent"
    assert [p.split("/src/", 1)[1] for p in seen["paths"]] == [
        f.relative_to(core.ROOT).as_posix() for _, f in core.sources()
    ]
    assert seen["kwargs"]["group_name"] == core.GROUP
    assert not list(tmp_path.iterdir())  # nothing built, nothing left


def _module(name: str, file: str) -> ModuleType:
    mod = ModuleType(name)
    mod.__file__ = file
    return mod


def test_status_reads_the_modules_it_is_given(monkeypatch) -> None:
    """`status` judges the modules its caller imported (the solver's lie above the engine,
    which imports none of them): all extension modules, some, none, or not all given."""
    names = [n for n, _ in core.sources()]
    monkeypatch.delenv(core.PURE_ENV, raising=False)
    monkeypatch.setattr(core, "build_note", lambda: None)
    so = [_module(n, f"/x/{n}.cpython-311-x86_64-linux-gnu.so") for n in names]
    py = [_module(n, f"/x/{n}.py") for n in names]
    assert core.status(so) == f"engine: compiled core (mypyc, {len(names)} modules)"
    assert core.status(so[:3] + py[3:]) == (
        f"engine: partly compiled (3 of {len(names)} modules): rebuild it"
    )
    assert core.status(py) == (
        "engine: pure Python, about 10x slower "
        "(not compiled in this checkout (pasyans-build-core compiles it))"
    )
    monkeypatch.setattr(core, "build_note", lambda: "no C compiler (cc) was found")
    assert core.status(py) == (
        "engine: pure Python, about 10x slower (no C compiler (cc) was found)"
    )
    monkeypatch.setenv(core.PURE_ENV, "1")
    assert core.status(py) == "engine: pure Python, about 10x slower (PASYANS_PURE is set)"
    with pytest.raises(ValueError):
        core.status(so[1:])


def test_the_engine_s_core_checks_import_nothing_of_the_solver() -> None:
    """`pasyans-build-core --check` says where the solver's modules would load from without
    importing them (the engine lies below the solver); `--version` imports them from the
    commands, and says the same."""
    code = (
        "import sys\n"
        "from pipeline.engine import build\n"
        "code = build.main(['--check'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('pipeline.solve')))\n"
        "from pipeline.commands.options import engine_status\n"
        "print(engine_status())\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=core.ROOT,
        timeout=120,
    )
    lines = p.stdout.splitlines()
    assert p.returncode == 0 and p.stderr == "", p.stderr[-2000:]
    assert lines[-2] == "[]"
    checked = lines[:-2]
    assert [ln.split()[0] for ln in checked] == [n for n, _ in core.sources()]
    compiled = sum(ln.split()[1] == "compiled" for ln in checked)
    n = len(core.sources())
    if compiled == n:
        assert lines[-1] == f"engine: compiled core (mypyc, {n} modules)"
    elif compiled:
        assert lines[-1] == f"engine: partly compiled ({compiled} of {n} modules): rebuild it"
    else:
        assert lines[-1].startswith("engine: pure Python, about 10x slower (")
