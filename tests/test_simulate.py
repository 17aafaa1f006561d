"""`pasyans solve` and `simulate`: JSON keys, intervals, the results store (reuse, kill -9,
concurrent runs), workers and the Ray executor."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from cli_helpers import one_line, python, run, same_package

from pipeline.solve.runner import simulate
from pipeline.solve.store import Store
from pipeline.stats import (
    CONTRADICTED,
    NOT_ESTABLISHED,
    REPRODUCED,
    Tally,
    headline,
    published_verdict,
    wilson,
)

REF = Path(__file__).resolve().parent.parent / "rules" / "reference"
BH = str(REF / "black-hole.yaml")
KEYS = {"deals", "won", "lost", "unknown", "bracket", "bounds", "rate_over_decided"}


def pasyans(*argv: str, env: dict[str, str] | None = None) -> subprocess.Popen:
    """`pasyans ARGV…` as a process of its own, on the package under test (compiled in CI)."""
    return subprocess.Popen(
        python("-m", "pipeline", *argv),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=same_package(env),
    )


def tally(won: int, lost: int, unknown: int) -> Tally:
    t = Tally()
    for o in ["won"] * won + ["lost"] * lost + ["unknown"] * unknown:
        t.add(o)
    return t


def test_bounds_bracket_the_unknowns():
    s = tally(3, 5, 2).summary()
    assert (s["deals"], s["won"], s["lost"], s["unknown"]) == (10, 3, 5, 2)
    assert s["bracket"] == [0.3, 0.5]
    assert s["bounds"] == [wilson(3, 10)[0], wilson(5, 10)[1]]
    # 20 % unknown: no rate over the decided deals
    assert s["rate_over_decided"] is None and s["rate_over_decided_ci95"] is None


def test_the_headline_of_a_run_mostly_unknown_is_the_bracket():
    s = tally(5, 5, 40).summary()
    assert headline(s) == (
        "win rate 10.00 %–90.00 % (95 % Wilson 4.35 %–95.65 %): 5 won, 5 lost, 40 unknown of 50"
    )
    # Shah's old headline, "100.00 %": 10 deals decided, all won, 40 unknown
    assert headline(tally(10, 0, 40).summary()) == (
        "win rate 20.00 %–100.00 % (95 % Wilson 11.24 %–100.00 %): 10 won, 0 lost, 40 unknown of 50"
    )


def test_the_rate_over_decided_deals_only_with_at_most_5_percent_unknown():
    assert headline(tally(30, 68, 2).summary()) == (
        "win rate 30.00 %–32.00 % (95 % Wilson 21.89 %–41.66 %): 30 won, 68 lost, 2 unknown "
        "of 100; 30.61 % over decided deals (95 % Wilson 22.36 %–40.32 %)"
    )
    assert "over decided deals" not in headline(tally(30, 64, 6).summary())
    assert headline(tally(1, 4, 0).summary()) == (
        "win rate 20.00 % (95 % Wilson 3.62 %–62.45 %): 1 won, 4 lost, 0 unknown of 5"
    )


def test_a_published_figure_is_reproduced_only_by_narrow_figures_with_few_unknowns():
    narrow = tally(451, 549, 0).summary()  # bounds 42.0–48.2 %
    assert published_verdict(0.4511, narrow) == REPRODUCED
    assert published_verdict(0.40, narrow) == CONTRADICTED
    # inside bounds 26–97 %: nothing is established
    wide = tally(9, 2, 9).summary()
    lo, hi = wide["bounds"]
    assert lo < 0.451 < hi and hi - lo > 0.5
    assert published_verdict(0.451, wide) == NOT_ESTABLISHED
    # narrow enough, but 6 % unknown
    few = tally(4400, 5000, 600).summary()
    assert few["bounds"][1] - few["bounds"][0] < 0.10
    assert published_verdict(0.47, few) == NOT_ESTABLISHED
    # no unknowns, but an interval 11 points wide
    assert published_verdict(0.5, tally(150, 150, 0).summary()) == NOT_ESTABLISHED


def test_solve_json_and_text(capsys):
    code, out, _ = run(capsys, "solve", BH, "--seed", "2", "--budget", "20000", "--json")
    d = json.loads(out)
    assert code == 0 and d["outcome"] == "won" and len(d["moves"]) == 51
    assert "upper bound" in d["note"]
    code, out, _ = run(capsys, "solve", BH, "--seed", "7")
    assert code == 0
    assert out.splitlines()[0] == "black-hole · seed 7: lost (every line searched)"
    assert "upper bound for a person" in out


def test_a_win_the_best_first_search_found_says_so(capsys):
    code, out, _ = run(
        capsys,
        "solve",
        str(REF / "klondike-1.yaml"),
        "--seed",
        "2",
        "--beam",
        "--budget",
        "20000",
    )
    lines = out.splitlines()
    assert code == 0 and lines[0] == "klondike-1 · seed 2: won"
    assert lines[1].endswith("; found by the best-first search")
    assert "safe-move pruning" not in out and "dead-end checks" not in out


def test_bad_input_is_one_line(capsys):
    code, _, err = run(capsys, "simulate", "no-such-game", "--deals", "3")
    assert code == 2 and "no-such-game" in one_line(err)
    code, _, err = run(capsys, "simulate", BH, "--deals", "0")
    assert code == 2 and "--deals" in one_line(err)
    code, _, err = run(capsys, "solve", BH, "--seed", "-1")
    assert code == 2 and "--seed" in one_line(err)


def test_simulate_reuses_the_store(capsys, tmp_path):
    db = str(tmp_path / "r.sqlite")
    args = ("simulate", BH, "--budget", "1000", "--db", db, "--json")
    code, out, _ = run(capsys, *args, "--deals", "6")
    first = json.loads(out)
    assert code == 0 and first.keys() >= KEYS and first["reused"] == 0
    assert first["deals"] == 6 and first["won"] + first["lost"] + first["unknown"] == 6
    code, out, _ = run(capsys, *args, "--deals", "8")
    second = json.loads(out)
    assert second["reused"] == 6 and second["deals"] == 8
    code, out, _ = run(capsys, *args, "--deals", "8", "--from-seed", "1")
    assert json.loads(out)["reused"] == 8
    assert second["from_seed"] == 1  # DEFAULT_SEED, as every verb
    # --no-cache neither reads nor writes
    code, out, _ = run(
        capsys, "simulate", BH, "--budget", "1000", "--deals", "8", "--no-cache", "--json"
    )
    fresh = json.loads(out)
    assert fresh["reused"] == 0
    assert {k: fresh[k] for k in KEYS} == {k: second[k] for k in KEYS}


def test_workers_do_not_change_figures():
    one, _ = simulate(BH, list(range(30)), "greedy", 5000, workers=1)
    two, _ = simulate(BH, list(range(30)), "greedy", 5000, workers=2)
    assert one.summary() == two.summary()


def _rows(db: str) -> int:
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    finally:
        con.close()


def _wait_rows(db: str, proc: subprocess.Popen, at_least: int, timeout: float = 60) -> int:
    t = time.monotonic()
    while time.monotonic() - t < timeout:
        if os.path.exists(db):
            try:
                n = _rows(db)
            except sqlite3.Error:
                n = 0
            if n >= at_least:
                return n
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    raise AssertionError("no rows committed in time")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT])
def test_interrupted_run_leaves_a_consistent_store_and_resumes(tmp_path, how):
    db = str(tmp_path / "r.sqlite")
    # 8,000 deals in chunks of 64 (one transaction each), far more than are played before the
    # signal even by the compiled core; solver budget 150 positions a deal
    proc = pasyans("simulate", BH, "--deals", "8000", "--budget", "150", "--db", db)
    _wait_rows(db, proc, 64)
    proc.send_signal(how)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == (-9 if how == signal.SIGKILL else 130), err
    if how == signal.SIGINT:
        assert err.strip().endswith("pasyans simulate: interrupted")
    n = _rows(db)
    assert n > 0 and n % 64 == 0  # whole chunks only
    with Store(db) as store:
        tally, reused = simulate(BH, list(range(1, n + 11)), "solver", 150, store=store)
    assert reused == n and tally.deals == n + 10
    plain, _ = simulate(BH, list(range(1, n + 11)), "solver", 150)
    assert tally.summary() == plain.summary()


def test_concurrent_runs_share_one_store(tmp_path):
    db = str(tmp_path / "r.sqlite")
    a = pasyans("simulate", BH, "--policy", "random", "--deals", "600", "--db", db, "--json")
    b = pasyans(
        "simulate", BH, "--policy", "random", "--deals", "600", "--from-seed", "301",
        "--db", db, "--json",
    )  # fmt: skip
    outs = [p.communicate(timeout=120) for p in (a, b)]
    assert a.returncode == b.returncode == 0, outs
    assert _rows(db) == 900
    ra, rb = (json.loads(o) for o, _ in outs)
    assert ra["deals"] == rb["deals"] == 600


@pytest.mark.heavy
def test_ray_executor_on_a_cluster_started_apart(tmp_path, capsys):
    """`--executor ray --address A` against a Ray head the test starts in its own process
    group (as `ray start` on a cluster's head node would): same outcomes as a local run,
    results in the store. The head gets a token of the test's own (a fresh machine has none
    in ~/.ray), its own session directory and ports no other Ray instance holds. The local
    run is this process's, while the head starts (a process of its own would add its start
    and imports, ~0.5 CPU-s; the driver on the cluster stays one). No autoscaler monitor
    (`--no-monitor`): one node of fixed size has nothing to scale, and the monitor took
    ~0.46 CPU-s in a process of its own no rusage of the test counts."""
    pytest.importorskip("ray")
    ray_cli = Path(sys.executable).parent / "ray"
    env = {
        **os.environ,
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": secrets.token_hex(32),
        "RAY_USAGE_STATS_ENABLED": "0",
        # Ray's half-dozen processes import much of Ray: let the first cache the bytecode
        # for the others (an installed package may carry none: `pip install --no-compile`)
        "PYTHONDONTWRITEBYTECODE": "",
        "HOME": str(tmp_path / "home"),  # nothing read from, or left in, the user's ~/.ray
    }
    (tmp_path / "home").mkdir()
    short_tmp = tempfile.mkdtemp(prefix="ray")  # Ray's socket paths must stay < 108 bytes
    port, *ports = _free_ports(16)
    argv = ["simulate", BH, "--deals", "12", "--budget", "2000", "--json"]
    head = subprocess.Popen(
        [str(ray_cli), "start", "--head", "--block", f"--port={port}", "--num-cpus=1",
         "--include-dashboard=false", "--include-log-monitor=false", "--no-monitor",
         f"--temp-dir={short_tmp}",
         f"--object-manager-port={ports[0]}", f"--node-manager-port={ports[1]}",
         f"--dashboard-agent-listen-port={ports[2]}", f"--dashboard-agent-grpc-port={ports[3]}",
         f"--runtime-env-agent-port={ports[4]}", f"--metrics-export-port={ports[5]}",
         f"--worker-port-list={','.join(map(str, ports[6:]))}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        start_new_session=True,
    )  # fmt: skip
    try:
        code, out_local, err = run(capsys, *argv, "--no-cache")  # while the head starts
        assert code == 0, err
        said = []
        for line in head.stdout:
            said.append(line)
            if "Ray runtime started" in line:
                break
        else:
            pytest.fail(f"ray start ended with {head.wait()}: {''.join(said[-5:])}")
        db = str(tmp_path / "r.sqlite")
        remote = pasyans(*argv, "--db", db, "--executor", "ray", "--address",
                         f"127.0.0.1:{port}", env=env)  # fmt: skip
        out, err = remote.communicate(timeout=120)
        assert remote.returncode == 0, err[-2000:]
        got, want = json.loads(out), json.loads(out_local)
        assert got["reused"] == 0 and _rows(db) == 12
        assert {k: got[k] for k in KEYS} == {k: want[k] for k in KEYS}
    finally:  # SIGKILL: on SIGTERM the head drains for 30 s; the group holds all of Ray's
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)
        head.wait(timeout=60)
        shutil.rmtree(short_tmp, ignore_errors=True)


def _free_ports(n: int) -> list[int]:
    """`n` distinct ports free now (held together while chosen, so none repeats)."""
    import socket

    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(n)]
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]


def test_a_ray_cluster_out_of_reach_is_one_line(monkeypatch, capsys):
    """Ray's connection failure is an OSError: without care the CLI would call it an
    output error. A stand-in `ray` module fails as Ray does (no Ray needed)."""
    import types

    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: False

    def init(**kw):
        raise ConnectionError(f"Failed to connect to Ray cluster at {kw['address']}")

    fake.init = init
    monkeypatch.setitem(sys.modules, "ray", fake)
    code, _, err = run(
        capsys, "simulate", BH, "--deals", "2", "--no-cache", "--executor", "ray",
        "--address", "10.0.0.9:6379",
    )  # fmt: skip
    assert code == 2
    assert one_line(err).startswith(
        "pasyans simulate: cannot connect to the Ray cluster at 10.0.0.9:6379: "
        "Failed to connect to Ray cluster at 10.0.0.9:6379; a cluster started by "
        "`ray start` may ask for its token: set RAY_AUTH_MODE=token"
    )


def test_playouts_of_another_engine_are_not_reused(tmp_path):
    from pipeline.engine.loading import load_game
    from pipeline.solve.runner import store_policy

    h = load_game(BH).spec_hash
    assert store_policy("solver").startswith("solver/")
    assert store_policy("random").startswith("random/")
    with Store(tmp_path / "r.sqlite") as store:
        store.put(h, "random/000000000000", 5000, [(0, "won", 1, 0.0)])
        tally, reused = simulate(BH, [0, 1], "random", 5000, store=store)
        assert reused == 0 and tally.won == 0  # deals 0, 1 are lost by random play
        assert simulate(BH, [0, 1], "random", 5000, store=store)[1] == 2


def test_every_verb_deals_from_one_default_seed(monkeypatch):
    import pipeline.solve.runner as runner
    from pipeline.cli import build_parser
    from pipeline.policies import DEFAULT_SEED
    from pipeline.solve.verify import verify_spec

    assert DEFAULT_SEED == 1
    parser = build_parser()
    first = {
        "simulate": parser.parse_args(["simulate", "golf"]).from_seed,
        "solve": parser.parse_args(["solve", "golf"]).seed,
        "diff": parser.parse_args(["diff", "golf", "golf"]).seed,
        "score": parser.parse_args(["score", "golf", "golf"]).seed,
    }
    assert first == {"simulate": "1", "solve": "1", "diff": "1", "score": "1"}
    # verify plays seeds 1, 2, … with every policy
    asked = []

    def spy(spec, deals, policy, *args, **kw):
        asked.append((policy, list(deals)))
        return simulate(spec, deals, policy, 50 if policy != "solver" else 300)

    monkeypatch.setattr(runner, "simulate", spy)
    verify_spec(BH, 2, {"solver": 300, "greedy": 50, "random": 50})
    assert asked == [("solver", [1, 2]), ("greedy", [1, 2]), ("random", [1, 2])]


def _children(pid: int) -> set[int]:
    """The live processes whose parent is `pid` (from /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                out.add(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_workers_die_with_a_killed_driver(tmp_path):
    db = str(tmp_path / "r.sqlite")
    proc = pasyans(
        "simulate", BH, "--deals", "800", "--budget", "150", "--workers", "2", "--db", db
    )
    _wait_rows(db, proc, 64)
    kids = _children(proc.pid)
    assert len(kids) >= 3, kids  # two pool workers and multiprocessing's resource tracker
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)  # not communicate: an orphan would hold its pipes open
    deadline = time.monotonic() + 60  # a bound, not a speed: they exit within a second
    try:
        while any(_alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [k for k in kids if _alive(k)]
    finally:
        for k in kids:
            with contextlib.suppress(OSError):
                if _alive(k):
                    os.kill(k, signal.SIGKILL)
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_killed_worker_is_one_line_not_a_traceback(tmp_path):
    """The system kills a pool worker (out of memory): the driver says so in one line."""
    db = str(tmp_path / "r.sqlite")
    proc = pasyans(
        "simulate", BH, "--deals", "800", "--budget", "150", "--workers", "2", "--db", db
    )
    _wait_rows(db, proc, 64)
    workers = [
        k
        for k in _children(proc.pid)
        if b"resource_tracker" not in Path(f"/proc/{k}/cmdline").read_bytes()
    ]
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode != 0
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("pasyans simulate: a worker process was killed")


def test_the_restarts_policy_searches_with_restarts_and_its_proofs_hold_at_any_budget(tmp_path):
    from pipeline.engine.loading import load_game
    from pipeline.solve.policies import make_solver
    from pipeline.solve.runner import store_policy

    game = load_game(BH)
    assert make_solver(game, "restarts").restarts is True
    assert make_solver(game, "solver").restarts is False
    assert make_solver(game, "greedy") is None and make_solver(game, "hindsight") is None
    assert store_policy("restarts").startswith("restarts/")
    with Store(tmp_path / "r.sqlite") as store:
        # a won of the restarts at 1,000 positions answers any budget; an unknown only its own
        store.put(game.spec_hash, store_policy("restarts"), 1000, [(0, "won", 7, 0.0)])
        store.put(game.spec_hash, store_policy("restarts"), 1000, [(1, "unknown", 1000, 0.0)])
        assert store.known(game.spec_hash, [0, 1], store_policy("restarts"), 5000) == {
            0: ("won", 7, 0.0)
        }
        assert set(store.known(game.spec_hash, [0, 1], store_policy("restarts"), 1000)) == {0, 1}
        # the solver's own rows are not the restarts' (another policy key)
        assert store.known(game.spec_hash, [0, 1], store_policy("solver"), 5000) == {}
    # Black Hole at 3,000 positions: deals 5, 7 and 10 decided alike (won, lost, won); deal
    # 14, which the solver's one order leaves unknown, won by a restart
    plain, _ = simulate(BH, [14, 5, 7, 10], "solver", 3000)
    again, _ = simulate(BH, [14, 5, 7, 10], "restarts", 3000)
    assert (plain.won, plain.lost, plain.unknown) == (2, 1, 1)
    assert (again.won, again.lost, again.unknown) == (3, 1, 0)
