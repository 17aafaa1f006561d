"""The wheel's build hook: `pip install .` compiles the engine's compiled core when it can.

hatchling runs it (pyproject.toml: `[tool.hatch.build.targets.wheel.hooks.custom]`) with mypy
(mypyc) and setuptools in the build environment (`[build-system] requires`). With a C
compiler and the Python headers, the listed engine and solver modules
(`pipeline/engine/core.py`) go into the wheel compiled, beside their sources; without them
the wheel is pure Python, the same engine about ten times slower, and the build says why in
one line (shown by `pip install -v`; `pasyans --version` says it afterwards, from the note
the wheel carries). An editable install (`pip install -e`) compiles nothing: the checkout's
sources run as they are edited, and `pasyans-build-core` compiles them in place.
`PASYANS_PURE=1 pip install .` builds the pure wheel on purpose.

It is also the build backend (pyproject.toml: `build-backend`): hatchling's, with the
metadata hook hatchling leaves out under pip. Without it pip builds the whole wheel, compile
included, only to read its metadata, and resolves and downloads the dependencies after; with
it the metadata is written at once and the compile starts in a process of its own
(`core.start_compile`), so it runs while pip resolves and downloads, and the wheel's build
waits for it (`benchmarks/RESULTS.md`, "CI within three minutes: fifth round"). That hook
writes METADATA with hatchling's wheel builder, not a public API: `[build-system] requires`
allows only the hatchling versions `benchmarks/hatchling_check.py` passed.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import hatchling.build
from hatchling.build import (
    build_editable,
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
)
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_wheel",
]

# where the metadata hook's compile runs: beside the `.dist-info` in the metadata directory,
# which pip keeps until the wheel is built and removes after; the backend tells the build
# hook (hatchling loads it as a module of its own) by this variable
CORE_DIR = "pasyans-core"
PENDING_ENV = "_PASYANS_CORE_STARTED"


def _core(root: str) -> ModuleType:
    """`pipeline/engine/core.py` loaded by its path: importing the package would import its
    dependencies, which the build environment does not have."""
    spec = importlib.util.spec_from_file_location(
        "_pasyans_core", Path(root) / "pipeline" / "engine" / "core.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _cannot_compile(core: ModuleType) -> str | None:
    """Why this machine cannot build the compiled core, or None when it can try."""
    if os.environ.get(core.PURE_ENV, "") not in ("", "0"):
        return f"{core.PURE_ENV} was set"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(cc):
        return f"no C compiler ({cc}) was found"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "the Python headers (Python.h) were not found"
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc was not installed"
    return None


class CoreBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            self.app.display_info(
                "pasyans: an editable install runs the Python sources; "
                "`pasyans-build-core` compiles the core in place"
            )
            return
        core = _core(self.root)
        self._tmp = tempfile.mkdtemp(prefix="pasyans-wheel-core-")
        lib = Path(self._tmp) / "lib"
        why = _cannot_compile(core)
        built: list[Path] = []
        if why is None:
            lib, built, why = self._compile(core, lib)
        note = Path(self._tmp) / core.BUILD_NOTE
        note.write_text("compiled\n" if why is None else f"{why} when it was built\n", "utf-8")
        build_data["force_include"][str(note)] = f"pipeline/engine/{core.BUILD_NOTE}"
        if why is not None:
            self.app.display_warning(
                f"pasyans: installing the pure-Python engine, about 10x slower: {why}"
            )
            return
        for so in built:
            build_data["force_include"][str(so)] = so.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # the wheel is for this Python and platform only

    def _compile(self, core: ModuleType, lib: Path) -> tuple[Path, list[Path], str | None]:
        """The compiled files and the directory they lie under, or why there are none: the
        compile the metadata hook started, when it did (waited for here), else one run here."""
        say = self.app.display_info
        started = os.environ.get(PENDING_ENV)
        t0 = time.monotonic()
        done = core.await_compile(Path(started)) if started else None
        waited = done is not None
        if done is not None:
            for line in done["log"].splitlines():
                say(line)
            lib = Path(str(started)) / "lib"
        else:
            done = core.compile_result(lib, log=say)
        if "error" in done:
            return lib, [], f"the compile failed: {done['error']}"
        built = [lib / f for f in done["files"]]
        how = f"{done['seconds']:.0f} s, {done['cpu']:.0f} CPU-s"
        if waited:
            how += ", started with the metadata; "
            how += f"the wheel waited {time.monotonic() - t0:.0f} s for it"
        say(f"pasyans: compiled core built ({len(built)} files, {how})")
        return lib, built, None

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    """PEP 517: the wheel's METADATA, written as hatchling writes it (where pip is not the
    frontend hatchling offers this hook itself); and the compile started beside it."""
    from hatchling.builders.wheel import WheelBuilder

    builder = WheelBuilder(os.getcwd())
    directory = Path(metadata_directory) / f"{builder.artifact_project_id}.dist-info"
    directory.mkdir(exist_ok=True)
    text = builder.config.core_metadata_constructor(builder.metadata)
    (directory / "METADATA").write_text(text, "utf-8")
    core = _core(os.getcwd())
    if _cannot_compile(core) is None:
        core.start_compile(Path(metadata_directory) / CORE_DIR)
    return directory.name


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """PEP 517: hatchling's wheel; its build hook takes the compile the metadata hook started,
    if it did. `metadata_directory` is the `.dist-info` the metadata hook wrote (PEP 517),
    the compile's directory its sibling."""
    if metadata_directory:
        os.environ[PENDING_ENV] = str(Path(metadata_directory).parent / CORE_DIR)
    try:
        return hatchling.build.build_wheel(wheel_directory, config_settings, metadata_directory)
    finally:
        os.environ.pop(PENDING_ENV, None)
