"""`pasyans show` and `pasyans play` through `pipeline.cli.main`: exit codes and the one
line of every error path (no traceback), and replay from a moves file."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import one_line, run


@pytest.mark.parametrize("verb", ["show", "play"])
def test_missing_spec(capsys: pytest.CaptureFixture[str], tmp_path: Path, verb: str) -> None:
    code, out, err = run(capsys, verb, str(tmp_path / "nope.yaml"))
    assert code == 2 and out == ""
    assert one_line(err) == (
        f"pasyans {verb}: {tmp_path}/nope.yaml: no such spec file, nor a game id of the "
        "shipped rules"
    )


def test_a_directory_is_not_a_spec(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "show", str(tmp_path))
    assert code == 2
    assert one_line(err) == f"pasyans show: {tmp_path}: is a directory, not a spec file"


@pytest.mark.parametrize("verb", ["show", "play"])
def test_invalid_spec_is_one_line_with_its_first_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, verb: str
) -> None:
    spec = tmp_path / "bad.yaml"
    spec.write_text("spec: pasyans/1\nid: Bad Id\npiles: {}\n", encoding="utf-8")
    code, out, err = run(capsys, verb, str(spec))
    assert code == 1 and out == ""
    line = one_line(err)
    assert line.startswith(f"pasyans {verb}: {spec}:2:5 (id): ")
    assert "'Bad Id'" in line


def test_yaml_syntax_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec = tmp_path / "broken.yaml"
    spec.write_text("piles: [\n", encoding="utf-8")
    code, _, err = run(capsys, "show", str(spec))
    assert code == 1
    assert one_line(err).startswith(f"pasyans show: {spec}:")


@pytest.mark.parametrize("seed", ["x", "-1", "18446744073709551616", "1.5", ""])
@pytest.mark.parametrize("verb", ["show", "play"])
def test_bad_seed(capsys: pytest.CaptureFixture[str], verb: str, seed: str) -> None:
    code, out, err = run(capsys, verb, "shah", "--seed", seed)
    assert code == 2 and out == ""
    assert one_line(err) == (
        f"pasyans {verb}: --seed must be a whole number from 0 to 2**64-1, not {seed!r}"
    )
