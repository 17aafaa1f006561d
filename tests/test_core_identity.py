"""The compiled core by default: the install loads what its build made, `--version` says
which core runs, and the pure-Python engine finds exactly what the compiled one finds.

CI installs the default build (`pip install '.[test]'`, compiled where a C compiler is);
the other build is run here by `PASYANS_PURE=1`, which loads the Python sources of the
compiled modules, on a few deals of every corpus game and two reference games.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest
from thoroughness import THOROUGH

from pipeline.cli import main
from pipeline.commands.options import core_modules
from pipeline.engine import core

ROOT = Path(__file__).resolve().parent.parent

# one process's findings: solver results within a node budget (independent of speed), and
# random playouts, on the corpus games and five reference games. By default deal 2 alone and
# two best-first searches; deals 1 and 2 and five searches under PASYANS_TESTS=thorough. A
# search that runs out of nodes shows only its budget, so the rows hold wins: their nodes and
# moves show any change in the order positions are met. Deal 2 is won in 600 nodes in the
# Shah, the Exiles, Klondike, Canfield and Baker's Game, the best-first searches in 2,000
# (free cells, where safe moves hold, and a spec of Spider's family); an order changed in the
# pure sources (scores of moves, ties, weights, safe moves left off) fails here (benchmarks/
# RESULTS.md, "Twins and blind tests")
FINDINGS = """
import json, sys
from pathlib import Path
from pipeline.engine import compile_game
from pipeline.engine.core import loaded_compiled
from pipeline.engine.playout import play_one
from pipeline.solve import Budget, Solver
from pipeline.spec import load_spec

rules = Path(sys.argv[1])
thorough = sys.argv[2] == "thorough"
out = {}
for name in ["shah", "blockade", "clock", "dense-column", "exiles",
             "reference/golf", "reference/black-hole", "reference/klondike-1",
             "reference/canfield", "reference/bakers-game"]:
    game = compile_game(load_spec(rules / f"{name}.yaml"))
    solver = Solver(game)
    rows = []
    for seed in (1, 2) if thorough else (2,):
        r = solver.solve(seed=seed, budget=Budget(nodes=600))
        rows.append([r.outcome, r.nodes, r.unique, r.moves, r.reason])
        rows.append(list(play_one(game, seed, max_moves=400)))
    out[name] = rows
from pipeline.solve.bestfirst import BestFirst  # the `beam` policy's search, and the beam's
searches = [("reference/will-o-the-wisp", 4), ("reference/freecell", 5)]
if thorough:
    searches += [("reference/simple-simon", 1), ("reference/simple-simon", 4), ("exiles", 2)]
found = []
for name, seed in searches:
    r = BestFirst(compile_game(load_spec(rules / f"{name}.yaml"))).solve(
        seed=seed, budget=Budget(nodes=2000))
    found.append([name, seed, r.outcome, r.nodes, r.moves])
out["best-first"] = found
from pipeline.solve.kept import KeptRestarts  # the kept restarts, with the cuts' proof
r = KeptRestarts(compile_game(load_spec(rules / "blockade.yaml"))).solve(
    seed=52, budget=Budget(nodes=1200))
out["kept"] = [[r.outcome, r.nodes, r.moves]]
print(json.dumps({"compiled": loaded_compiled(), "findings": out}))
"""


def findings(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != core.PURE_ENV}
    if pure:
        env[core.PURE_ENV] = "1"
    p = subprocess.run(
        [sys.executable, "-c", FINDINGS, str(ROOT / "rules"), "thorough" if THOROUGH else "quick"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),  # not the checkout: `python -c` puts the cwd first on sys.path
        timeout=120,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout)


@pytest.mark.heavy
def test_pure_python_finds_exactly_what_the_compiled_core_finds() -> None:
    compiled = findings(pure=False)
    if not compiled["compiled"]:
        pytest.skip(f"no compiled core here to compare with: {core.status(core_modules())}")
    pure = findings(pure=True)
    assert pure["compiled"] == []
    assert sorted(compiled["compiled"]) == sorted(n for n, _ in core.sources())
    assert pure["findings"] == compiled["findings"]
    won = [r for rows in pure["findings"].values() for r in rows if r[0] == "won"]
    assert won, "the comparison covers wins (their moves), not only budgets running out"


def test_the_install_loads_the_core_its_build_made() -> None:
    """A wheel carries its build hook's note: "compiled" (then every listed module loads
    compiled), or why not (and then this machine indeed has no C compiler or headers)."""
    note = core.build_note()
    if note is None:
        pytest.skip("a checkout, not a wheel install: nothing was built by pip")
    assert os.environ.get(core.PURE_ENV, "") in ("", "0")
    status = core.status(core_modules())
    if note == "compiled":
        assert status == f"engine: compiled core (mypyc, {len(core.sources())} modules)"
    else:
        cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
        headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
        assert not (shutil.which(cc) and headers.is_file()), note
        assert status == f"engine: pure Python, about 10x slower ({note})"


def test_version_says_which_core_runs(capsys, monkeypatch) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["pasyans 0.1.0", core.status(core_modules())]
    assert lines[1].startswith(("engine: compiled core (mypyc, ", "engine: pure Python, "))
    monkeypatch.setenv(core.PURE_ENV, "1")
    if not core.loaded_compiled():
        assert core.status(core_modules()) == (
            "engine: pure Python, about 10x slower (PASYANS_PURE is set)"
        )


def test_a_child_of_the_tests_runs_the_package_under_test() -> None:
    """`cli_helpers.python` with `same_package` runs the `pipeline` this process imported, its
    core as compiled as here, from the checkout's root too (where `python -m` alone would put
    the checkout first on sys.path: in CI its uncompiled sources, not the installed wheel)."""
    from cli_helpers import python, same_package

    import pipeline

    said = subprocess.run(
        python("-c", "import pipeline; from pipeline.engine import core; "
               "from pipeline.commands.options import core_modules; "
               "print(pipeline.__file__); print(core.status(core_modules()))"),
        capture_output=True, text=True, cwd=ROOT, env=same_package(), timeout=120, check=True,
    ).stdout.splitlines()  # fmt: skip
    assert said == [pipeline.__file__, core.status(core_modules())]
