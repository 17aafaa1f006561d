"""The results store: one SQLite database of outcomes, keyed by spec hash, deal, policy and
budget, so a rerun or a larger run reuses what is known.

SQLite (stdlib) in WAL mode: readers never block the writer, every batch of results is one
transaction, so a run killed at any moment (Ctrl-C, kill -9) leaves the database as it was
after its last committed batch, and the next run resumes from there. Several runs may share
one database: writers wait for each other (`busy_timeout`), and a result already present is
kept unless the new one is decided where the old one was not.

A deal is a seed 0..2**64-1; SQLite integers are signed 64-bit, so seeds of 2**63 and above
are stored as seed - 2**64 (`_db_deal`).

Reuse: a `won` or `lost` result of a search (policy "solver/…", "restarts/…" or "beam/…",
`pipeline.policies.SEARCHES`) holds for every budget (the tree was searched or a win found), so
any budget's decided row answers; an `unknown` answers only the same budget. A `beam` row's
`won` may come from the beam, which proves wins only; its `lost` comes only from the restarts'
complete search behind it (`pipeline.solve.bestfirst.BestFirstThenSearch`).
Greedy and random playouts are deterministic per deal, their budget the move cap. Every
policy key carries a hash of the engine's code (`runner.store_policy`: "solver/3f2a…"), so
results are reused only by the code that made them.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from pipeline.errors import PasyansError
from pipeline.inputs import open_input
from pipeline.policies import SEARCHES

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    spec_hash TEXT NOT NULL,
    deal INTEGER NOT NULL,
    policy TEXT NOT NULL,
    budget INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'unknown')),
    work INTEGER NOT NULL,
    seconds REAL NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (spec_hash, deal, policy, budget)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS specs (
    spec_hash TEXT PRIMARY KEY,
    spec_id TEXT NOT NULL,
    variant TEXT
);
"""


APPLICATION_ID = 0x50534E53  # "PSNS" in the SQLite header: a database this project made
_HEADER = b"SQLite format 3\x00"
_TABLES = {"results", "specs"}
_COLUMNS = ("spec_hash", "deal", "policy", "budget", "outcome", "work", "seconds", "created")


class StoreError(PasyansError):
    exit_code = 2


T = TypeVar("T")
QUICK_MS = 1000  # a lock held this long is a concurrent run's commit: waited for unsaid
WAIT_SECONDS = 60  # then, said once, this much longer before the run gives up


def _busy(e: sqlite3.OperationalError) -> bool:
    """Whether `e` is another connection's lock (SQLITE_BUSY, SQLITE_LOCKED)."""
    code = getattr(e, "sqlite_errorcode", None)
    return code in (5, 6) or (code is None and "locked" in str(e))


def check_own(path: str) -> None:
    """Refuse, without writing anything, a database that is not this project's own: a
    FIFO, a device or a directory; a file that is not SQLite; an SQLite database of
    another program; ours when its results table has other columns than this version's (a
    query would fail half-way, after the file was changed). Ours carry `APPLICATION_ID`; one
    made before it was set is known by its tables. A missing or empty file is a new one."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise StoreError(f"{path}: cannot open the results database ({e.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise StoreError(f"{path}: is a directory, not a results database")
    if not stat.S_ISREG(st.st_mode):
        raise StoreError(f"{path}: not a regular file, so not a results database: refused")
    if st.st_size == 0:
        return
    with open_input(path, "results database") as fh:
        head = fh.read(100)
    if not head.startswith(_HEADER) or len(head) < 100:
        raise StoreError(f"{path}: not an SQLite database, so not a results database: refused")
    ours = int.from_bytes(head[68:72], "big") == APPLICATION_ID
    tables: set[str] = set()
    uri = f"{Path(path).absolute().as_uri()}?mode=ro&immutable=1"
    try:
        con = sqlite3.connect(uri, uri=True)
        try:
            tables = {
                r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            columns = [r[1] for r in con.execute("PRAGMA table_info(results)")]
        finally:
            con.close()
    except sqlite3.Error as e:
        if ours:  # our header over a body that cannot be read
            raise StoreError(
                f"{path}: a results database that cannot be read ({e}): refused (nothing was "
                "changed; move it away to start a new one)"
            ) from None
        columns = []
    if not ours and (tables != _TABLES or columns[:4] != list(_COLUMNS[:4])):
        raise StoreError(
            f"{path}: an SQLite database of another program, not a pasyans results database: "
            "refused (nothing was changed)"
        )
    if tuple(columns) != _COLUMNS:
        missing = ", ".join(c for c in _COLUMNS if c not in columns) or "none"
        raise StoreError(
            f"{path}: a results database of another version of pasyans (columns missing: "
            f"{missing}): refused (nothing was changed; move it away to start a new one)"
        )


def default_path() -> Path:
    """$XDG_CACHE_HOME/pasyans/results.sqlite (~/.cache/… when unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pasyans" / "results.sqlite"


def _db_deal(seed: int) -> int:
    return seed - (1 << 64) if seed >= 1 << 63 else seed


class Store:
    """Open (creating) the database at `path`."""

    def __init__(
        self, path: str | os.PathLike, on_wait: Callable[[str], None] | None = None
    ) -> None:
        """`on_wait(message)`: told once, the first time another process's lock makes this
        run wait (a user sees why it pauses, and for how long at most)."""
        self.path = str(path)
        self.on_wait = on_wait
        self._told = False
        check_own(self.path)  # before anything is written: only our own database is changed
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=QUICK_MS / 1000, isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"{self.path}: cannot open the results database ({e})") from None
        try:
            self._waiting(self._open)
        except sqlite3.Error as e:
            self.db.close()
            raise StoreError(f"{self.path}: cannot open the results database ({e})") from None
        except BaseException:
            self.db.close()
            raise

    def _open(self) -> None:
        # the identity and the tables are written in rollback mode, into the file itself,
        # so that its header names it ours even if this run is killed before a checkpoint
        if self.db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")

    def _waiting(self, work: Callable[[], T]) -> T:
        """`work()`, waiting for another process's lock: up to `QUICK_MS` unsaid (a
        concurrent run's commit), then, once told through `on_wait`, up to `WAIT_SECONDS`
        more; a lock held longer is a StoreError, and nothing of this run's was written."""
        try:
            return work()
        except sqlite3.OperationalError as e:
            if not _busy(e):
                raise
        if self.on_wait and not self._told:
            self._told = True
            self.on_wait(
                f"{self.path}: locked by another process (another run writing to it?): "
                f"waiting up to {WAIT_SECONDS} s"
            )
        self.db.execute(f"PRAGMA busy_timeout = {int(WAIT_SECONDS * 1000)}")
        try:
            return work()
        except sqlite3.OperationalError as e:
            if not _busy(e):
                raise
            raise StoreError(
                f"{self.path}: still locked by another process after {WAIT_SECONDS} s more: gave "
                "up (run again when the other one ends, or give --db another file)"
            ) from None
        finally:
            self.db.execute(f"PRAGMA busy_timeout = {QUICK_MS}")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def known(
        self, spec_hash: str, deals: Iterable[int], policy: str, budget: int
    ) -> dict[int, tuple[str, int, float]]:
        """deal -> (outcome, work, seconds) for the deals already answered (see module doc)."""
        out: dict[int, tuple[str, int, float]] = {}
        deals = list(deals)
        back = {_db_deal(d): d for d in deals}
        search = policy.split("/")[0] in SEARCHES  # its won and lost hold at every budget
        q = (
            "SELECT deal, budget, outcome, work, seconds FROM results "
            "WHERE spec_hash = ? AND policy = ? AND deal IN ({})"
        )

        def read() -> None:
            for i in range(0, len(deals), 500):
                chunk = [_db_deal(d) for d in deals[i : i + 500]]
                rows = self.db.execute(
                    q.format(",".join("?" * len(chunk))), [spec_hash, policy, *chunk]
                )
                for deal, b, outcome, work, secs in rows:
                    d = back[deal]
                    decided = outcome != "unknown"
                    if (search and decided) or b == budget:
                        prev = out.get(d)
                        if prev is None or prev[0] == "unknown":
                            out[d] = (outcome, work, secs)

        try:
            self._waiting(read)  # read again whole after a wait: the same rows, the same answer
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: {e}") from None
        return out

    def put(
        self,
        spec_hash: str,
        policy: str,
        budget: int,
        rows: Iterable[tuple[int, str, int, float]],
        spec_id: str = "",
        variant: str | None = None,
    ) -> None:
        """Store (deal, outcome, work, seconds) rows in one transaction."""
        now = time.time()
        rows = list(rows)

        def write() -> None:
            with self.db:  # not enough alone with isolation_level=None: BEGIN explicitly
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute(
                    "INSERT OR IGNORE INTO specs VALUES (?, ?, ?)", (spec_hash, spec_id, variant)
                )
                self.db.executemany(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (spec_hash, deal, policy, budget) DO UPDATE SET "
                    "outcome = excluded.outcome, work = excluded.work, "
                    "seconds = excluded.seconds, created = excluded.created "
                    "WHERE results.outcome = 'unknown' AND excluded.outcome != 'unknown'",
                    [(spec_hash, _db_deal(d), policy, budget, o, w, s, now) for d, o, w, s in rows],
                )

        try:
            self._waiting(write)
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: {e}") from None

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
