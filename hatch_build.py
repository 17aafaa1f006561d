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

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


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
            t0, c0 = time.monotonic(), _cpu()
            try:
                built = core.compile_core(lib, log=self.app.display_info)
            except Exception as e:  # any failure: the pure wheel is the same engine
                lines = str(e).strip().splitlines() or [type(e).__name__]
                why = f"the compile failed: {lines[-1][:200]}"
            else:
                self.app.display_info(
                    f"pasyans: compiled core built ({len(built)} files, "
                    f"{time.monotonic() - t0:.0f} s, {_cpu() - c0:.0f} CPU-s)"
                )
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

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the C compiler)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
