"""Atomic file output: a reader never sees a half-written file, a failure leaves none."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    write_bytes(path, text.encode(encoding))


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
