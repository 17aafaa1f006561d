"""The optional compiled core: what it lists, what `--check` says, the stale-build warning.

The build itself needs mypy and a C compiler (`pip install '.[core]'`) and is not run
here; the whole suite passes with the core built too (README, "Engine speed").
"""

from __future__ import annotations

import importlib
import os
import warnings

import pytest

from pipeline.engine import build, core


def test_every_listed_module_is_an_engine_module_with_its_source() -> None:
    assert len(set(core.MODULES)) == len(core.MODULES)
    for m in core.MODULES:
        assert (core.ENGINE / f"{m}.py").is_file(), m
        importlib.import_module(f"pipeline.engine.{m}")
    assert {"state", "movegen", "execute", "settle", "layout"} <= set(core.MODULES)


def test_check_says_which_modules_load_compiled(capsys) -> None:
    code = build.main(["--check"])
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines] == list(core.MODULES)
    loaded = {
        m: (importlib.import_module(f"pipeline.engine.{m}").__file__ or "").endswith(".so")
        for m in core.MODULES
    }
    assert [ln.split()[1] for ln in lines] == [
        "compiled" if loaded[m] else "Python" for m in core.MODULES
    ]
    assert code == (0 if all(loaded.values()) else 1)


@pytest.mark.parametrize("source_newer", [True, False])
def test_a_build_older_than_its_source_warns(tmp_path, monkeypatch, source_newer) -> None:
    so = tmp_path / "movegen.cpython-311-x86_64-linux-gnu.so"
    src = tmp_path / "movegen.py"
    so.write_bytes(b"")
    src.write_text("")
    os.utime(so, (1_000, 1_000 if source_newer else 3_000))
    os.utime(src, (2_000, 2_000))
    monkeypatch.setattr(core, "ENGINE", tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        core.warn_if_stale()
    msgs = [str(w.message) for w in caught]
    if source_newer:
        assert msgs == [
            "the compiled engine is older than movegen.py: rebuild it (pasyans-build-core) "
            "or remove it (pasyans-build-core --clean)"
        ]
    else:
        assert msgs == []
