"""Reading a file the user named, and refusing to write over one.

Every verb reads its input files through `open_input`/`read_input`: a FIFO, a device
(/dev/zero, a terminal) or a socket is refused at once instead of blocking or filling the
memory (the file is opened non-blocking, so even opening a FIFO with no writer returns),
and no more than `limit` + 1 bytes are ever read. Every verb that writes checks its
outputs with `refuse_overwrite` before any work: an output that is one of its inputs (the
same file by any name: a symbolic or hard link, `./a` for `a`), or a directory replaced as
a whole that holds one, is a usage error.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from pipeline.errors import InputError, UsageError, shown_path

_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def open_input(
    path: str | os.PathLike, what: str = "file", missing: str = "no such file"
) -> BinaryIO:
    """`path` opened for reading in binary; an InputError (exit 2) naming it when it is
    missing (`missing` says so), unreadable, a directory or not a regular file."""
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise InputError(missing, path=name) from None
    except IsADirectoryError:
        raise InputError(f"is a directory, not a {what}", path=name) from None
    except PermissionError:
        raise InputError("permission denied", path=name) from None
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", path=name) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"is a directory, not a {what}", path=name)
        if not stat.S_ISREG(mode):
            raise InputError(f"{_kind(mode)}, not a {what}: refused", path=name)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(
    path: str | os.PathLike, limit: int, what: str = "file", missing: str = "no such file"
) -> bytes:
    """At most `limit` + 1 bytes of `path` (see `open_input`): a caller that gets more
    than `limit` refuses the file as too large, in its own words."""
    name = os.fspath(path)
    with open_input(name, what, missing) as fh:
        try:
            return fh.read(limit + 1)
        except OSError as err:
            raise InputError(f"cannot read: {err.strerror or err}", path=name) from None


_WIDE_BOMS = (  # UTF-32's little-endian mark starts with UTF-16's: it is looked for first
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def wide_encoding(data: bytes) -> str | None:
    """The name of the wide encoding (UTF-32, UTF-16) whose byte-order mark starts `data`,
    else None: one table for every reader of such marks."""
    return next((name for bom, name in _WIDE_BOMS if data.startswith(bom)), None)


_BARE_WIDE: tuple[tuple[str, str], ...] = (
    ("utf-32-le", "UTF-32"),
    ("utf-32-be", "UTF-32"),
    ("utf-16-le", "UTF-16"),
    ("utf-16-be", "UTF-16"),
)
_SAMPLE = 4096  # bytes looked at, a multiple of 4


def bare_wide_encoding(data: bytes) -> tuple[str, str] | None:
    """(codec, name) of UTF-32 or UTF-16 text without a byte-order mark (its ASCII padded
    with NUL bytes: a Windows program's "Unicode" saved bare), else None: the start of
    `data` holds a NUL byte and reads in that codec as text (printable characters and line
    breaks, no NUL), which binary data does not. UTF-32 is tried first: read as UTF-16 it
    keeps NULs."""
    head = data[:_SAMPLE]
    if b"\0" not in head[:64]:
        return None
    for codec, name in _BARE_WIDE:
        width = 4 if name == "UTF-32" else 2
        if len(data) % width:  # such text is whole characters: `\0\xff\xfe` is not
            continue
        sample = head[: len(head) - len(head) % width]
        try:
            text = sample.decode(codec)
        except UnicodeDecodeError:
            continue
        if len(text) > 1 and all(c.isprintable() or c in "\t\n\r\f" for c in text):
            return codec, name
    return None


def not_utf8_because(data: bytes) -> str | None:
    """Why a file of mostly ASCII (a spec, a moves file) read as UTF-8 is not, when it is
    UTF-16 or UTF-32 text, with its byte-order mark (a Windows editor's "Unicode") or
    without (`bare_wide_encoding`), which no byte offset would explain; None for any other
    bytes (binary data may start as a mark does)."""
    name = wide_encoding(data)
    if name is None:
        bare = bare_wide_encoding(data)
        if bare is None:
            return None
        return f"{bare[1]} text (without a byte-order mark), not UTF-8: save it as UTF-8"
    try:
        text = data.decode(name.lower())
    except UnicodeDecodeError:
        return None
    if 2 * sum(c.isascii() for c in text) < len(text):
        return None
    return f"{name} text (it starts with a byte-order mark), not UTF-8: save it as UTF-8"


def source_name(path: str | os.PathLike) -> str:
    """A file's name without its suffix as text an output may hold (a game file, a spec's
    provenance): the bytes of a name that are not UTF-8, which Python keeps as lone
    surrogates that no UTF-8 writer takes, become U+FFFD."""
    return os.fsencode(Path(path).stem).decode("utf-8", "replace")


def is_regular_file(path: str | os.PathLike) -> bool:
    """True for an existing regular file (or a link to one); `Path.is_file` without the
    exceptions."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _same(a: Path, b: Path) -> bool:
    with contextlib.suppress(OSError, ValueError):
        return os.path.samefile(a, b)
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        return a.resolve() == b.resolve()
    return False


def _inside(path: Path, directory: Path) -> bool:
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        return directory.resolve() in path.resolve().parents
    return False


def refuse_overwrite(
    inputs: Iterable[str | os.PathLike],
    files: Iterable[str | os.PathLike | None] = (),
    directories: Iterable[str | os.PathLike | None] = (),
) -> None:
    """A UsageError (exit 2) when an output file is one of the `inputs`, or an output
    directory (replaced as a whole) is or holds one. Checked before any work is done."""
    ins = [Path(p) for p in inputs if p is not None and os.fspath(p) != "-"]
    for out in files:
        if out is None:
            continue
        for src in ins:
            if _same(Path(out), src):
                raise UsageError(f"is an input ({src}): refusing to overwrite it", path=str(out))
    for out in directories:
        if out is None:
            continue
        for src in ins:
            if _same(Path(out), src) or _inside(src, Path(out)):
                raise UsageError(f"holds an input ({src}): refusing to replace it", path=str(out))


def refuse_nested(
    first: tuple[str, str | os.PathLike], second: tuple[str, str | os.PathLike]
) -> None:
    """A UsageError (exit 2) when two output directories, each replaced as a whole (given as
    (option, path)), are one directory under any name or one holds the other: writing one
    would remove or mix into the other. Checked before any work."""
    (opt_a, a), (opt_b, b) = first, second
    pa, pb = Path(a), Path(b)
    if _same(pa, pb) or _inside(pa, pb) or _inside(pb, pa):
        raise UsageError(
            f"{opt_a} {shown_path(a)} and {opt_b} {shown_path(b)} are one directory or one "
            "holds the other: each needs a directory of its own"
        )


def check_writable(path: str | os.PathLike) -> None:
    """Refuse an output file that cannot be written, before any work (so nothing is
    computed for nothing, and nothing is half-written): a directory, a missing parent
    directory, a device or FIFO, or no permission."""
    name = os.fspath(path)
    target = Path(name)
    parent = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise InputError("is a directory, not a file to write", path=name)
    if target.exists() and not is_regular_file(target):
        raise InputError(f"{_kind(os.stat(target).st_mode)}: not a file to write", path=name)
    if not parent.is_dir():
        raise InputError("cannot write: no such directory", path=name)
    if not os.access(parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise InputError("cannot write: permission denied", path=name)
