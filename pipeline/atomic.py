"""Atomic file output: a reader never sees a half-written file or directory, a failure
leaves none.

A written file gets the mode any new file of the user gets (0666 less the umask), or keeps
the mode of the file it replaces; `mkstemp`'s private 0600 is only for the moment of writing.
Ctrl-C while a file is being put in place or cleaned up waits until that is done
(`interrupts_deferred`), so a second Ctrl-C cannot leave a temporary file behind.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from pipeline.errors import InputError


def current_umask() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def new_file_mode(replacing: str | os.PathLike | None = None) -> int:
    """The mode of `replacing` when it exists, else 0666 less the umask."""
    if replacing is not None:
        with contextlib.suppress(OSError):
            return stat.S_IMODE(os.stat(replacing).st_mode)
    return 0o666 & ~current_umask()


@contextlib.contextmanager
def interrupts_deferred(*, reraise: bool = True) -> Iterator[None]:
    """Hold SIGINT until the block is done, then raise KeyboardInterrupt once (or, with
    `reraise=False`, drop it). Main thread only; elsewhere signals reach no Python code."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and reraise:
        raise KeyboardInterrupt


def write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    write_bytes(path, text.encode(encoding))


def write_output(path: str | os.PathLike, text: str) -> None:
    """`write_text` for the output file a user named (`-o`, `--html`): a failure (a full
    disk, a read-only place) is an InputError naming it as they named it, in every verb."""
    try:
        write_text(path, text)
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror or err}", path=os.fspath(path)) from None


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    target = Path(path)
    mode = new_file_mode(target)
    with interrupts_deferred():
        try:
            fd, tmp = tempfile.mkstemp(
                prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or "."
            )
        except OSError as err:  # named as the user named it, not as the temporary file
            raise OSError(err.errno, err.strerror, str(target)) from None
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fchmod(fh.fileno(), mode)
                os.fsync(fh.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def kept(path: Path, keep: str | None) -> bool:
    """Whether `path` is the subdirectory `keep` that a swap carries over as it is."""
    return keep is not None and path.name == keep and path.is_dir() and not path.is_symlink()


def unchanged(out: Path, files: dict[str, str], keep: str | None = None) -> bool:
    """Whether directory `out` holds exactly `files` (name -> text), byte for byte (and
    perhaps the subdirectory `keep`)."""
    if not out.is_dir():
        return False
    present = {p.name for p in out.iterdir() if not kept(p, keep)}
    if present != set(files):
        return False
    return all((out / n).read_bytes() == t.encode("utf-8") for n, t in files.items())


def swap_in(out: Path, files: dict[str, str], what: str, keep: str | None = None) -> bool:
    """Make `out` hold exactly `files` (False when it already did); an OSError (no such
    place, read-only, disk full) is an InputError naming `out` ("cannot write the <what>")."""
    if unchanged(out, files, keep):
        return False
    try:
        with interrupts_deferred():
            replace_dir(out.absolute(), files, keep)
    except OSError as err:
        raise InputError(f"cannot write the {what}: {err.strerror or err}", path=str(out)) from None
    return True


def replace_dir(out: Path, files: dict[str, str], keep: str | None = None) -> None:
    """Put exactly `files` in directory `out`, swapped in whole (the old one kept on
    failure); its subdirectory `keep`, if any, is carried over as it is."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    old = None
    carried = None
    try:
        for name, text in files.items():
            write_text(tmp / name, text)
        os.chmod(tmp, 0o777 & ~current_umask())  # mkdtemp made it private
        if keep is not None and kept(out / keep, keep):
            carried = keep
            os.rename(out / carried, tmp / carried)
        if out.exists():
            old = out.parent / f".{out.name}.old-{os.getpid()}"
            os.rename(out, old)
        os.rename(tmp, out)
    except BaseException:
        if old is not None and not out.exists():
            os.rename(old, out)
        if carried and (tmp / carried).is_dir() and out.is_dir():
            os.rename(tmp / carried, out / carried)
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if old is not None:
        with contextlib.suppress(OSError):
            shutil.rmtree(old)
