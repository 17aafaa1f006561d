"""`pasyans validate`: output lines and exit codes (0 valid, 1 invalid, 2 unreadable)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cli_helpers import python, same_package

from pipeline.cli import main

DATA = Path(__file__).parent / "data" / "specs"
GOOD = str(DATA / "minimal.yaml")
BAD = str(DATA / "bad_redeal_missing_pile.yaml")


def test_valid_specs_print_ok_and_exit_0(capsys):
    assert main(["validate", GOOD, str(DATA / "everything.yaml")]) == 0
    out = capsys.readouterr()
    assert out.out.splitlines() == [f"OK {GOOD}", f"OK {DATA / 'everything.yaml'}"]
    assert out.err == ""


def test_invalid_spec_lists_every_problem_and_exits_1(capsys):
    assert main(["validate", GOOD, BAD]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"OK {GOOD}",
        f"{BAD}:28:21: redeal.gather[1]: no pile group 'talon' (groups: foundations, columns, "
        "stock)",
        f"{BAD}:28:28: redeal.gather[2]: 'columns.5': group 'columns' has 4 piles, numbered from 1",
    ]


def test_yaml_level_problem_has_no_key_path(capsys):
    bad = str(DATA / "bad_duplicate_key.yaml")
    assert main(["validate", bad]) == 1
    assert capsys.readouterr().out == (
        f"{bad}:12:3: duplicate key 'columns' (first at line 10, column 3)\n"
    )


def test_unreadable_files_exit_2_and_the_others_are_still_checked(capsys, tmp_path):
    missing = str(tmp_path / "missing.yaml")
    assert main(["validate", missing, str(tmp_path), BAD, GOOD]) == 2
    out = capsys.readouterr()
    assert out.err.splitlines() == [
        f"pasyans validate: {missing}: no such spec file, nor a game id of the shipped rules",
        f"pasyans validate: {tmp_path}: is a directory, not a spec file",
    ]
    assert out.out.splitlines()[0].startswith(f"{BAD}:28:21: ")
    assert out.out.splitlines()[-1] == f"OK {GOOD}"


def test_quiet_prints_only_problems(capsys):
    assert main(["validate", "-q", GOOD]) == 0
    assert capsys.readouterr().out == ""


def test_no_traceback_for_any_bad_fixture():
    bad = sorted(str(p) for p in DATA.glob("bad_*.yaml"))
    proc = subprocess.run(
        python("-m", "pipeline", "validate", *bad),
        capture_output=True, text=True, cwd=Path(__file__).parent.parent, check=False,
        env=same_package(),
    )  # fmt: skip
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    assert len(proc.stdout.splitlines()) >= len(bad)
    assert all(line.startswith(str(DATA)) for line in proc.stdout.splitlines())


def test_no_arguments_is_a_usage_error(capsys):
    try:
        main(["validate"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("argparse should have exited")
