"""An on-disk cache of what the grammar stage derives slowly and its inputs fix.

The start-up of one `pasyans extract FILE` is mostly such derivations: Lark parsing the
grammar files to find the island rules, `regex` compiling their patterns, pymorphy3
inflecting every lemma of the vocabulary.
Their results are kept as JSON files named by a hash of everything they are derived from (the
inputs' text, the source of the module that derives them, the libraries' versions): a change
to any of these is another file, never a stale answer. Files are written atomically; a cache
that cannot be read or written is skipped (the value is derived again, only slower), and a
file that does not decode is derived again and replaced.

Where: `$XDG_CACHE_HOME/pasyans/derived`, else `~/.cache/pasyans/derived`; without a usable
HOME, nowhere. `PASYANS_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
FORMAT = "1"


def cache_root() -> Path | None:
    """The cache directory (see the module's docstring), or None: no cache."""
    if os.environ.get("PASYANS_NO_CACHE"):
        return None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "pasyans" / "derived"
    home = os.environ.get("HOME", "")
    if home and os.path.isabs(home) and os.path.isdir(home):
        return Path(home) / ".cache" / "pasyans" / "derived"
    return None


def _key(kind: str, parts: Iterable[str | bytes]) -> str:
    h = hashlib.sha256(f"{FORMAT}\0{kind}\0".encode())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def cached(
    kind: str,
    parts: Iterable[str | bytes],
    derive: Callable[[], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
) -> T:
    """`derive()`, or its value as kept under `kind` for these `parts` (everything the value
    depends on). `encode` turns the value into plain JSON data (None: not to be kept),
    `decode` turns that back into the value exactly."""
    root = cache_root()
    if root is None:
        return derive()
    path = root / f"{kind}-{_key(kind, parts)}.json"
    try:
        with path.open(encoding="utf-8") as fh:
            return decode(json.load(fh))
    except (OSError, ValueError, TypeError, KeyError, IndexError):
        pass  # absent, unreadable or not what `decode` takes: derived again
    value = derive()
    data = encode(value)
    if data is not None:
        _write(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return value


def _write(path: Path, text: str) -> None:
    """Atomically, or not at all."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
