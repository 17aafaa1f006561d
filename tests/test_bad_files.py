"""What `benchmarks/cli_fuzz.py` found, pinned: a file whose reads fail is named as the file
that cannot be read, not as an output that cannot be written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import one_line, run


@pytest.fixture
def unreadable(tmp_path: Path) -> Path:
    """A regular file every read of which fails (EIO), even for root, who reads a file of
    mode 000: a link to this process's memory file."""
    if not os.path.exists("/proc/self/mem"):
        pytest.skip("needs /proc/self/mem")
    path = tmp_path / "game.txt"
    path.symlink_to("/proc/self/mem")
    return path


def test_extract_names_the_text_it_cannot_read(capsys, unreadable: Path) -> None:
    code, out, err = run(capsys, "extract", str(unreadable))
    assert (code, out) == (2, "")
    assert one_line(err) == f"pasyans extract: {unreadable}: cannot read: Input/output error"
