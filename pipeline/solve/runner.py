"""Many deals of one game under one policy: across processes, or on a Ray cluster, with the
results written to the store as they come.

Work is cut into chunks of consecutive deals; a worker process (or a Ray task) loads the
game once and plays its chunk; the driver alone writes to the store, one transaction per
chunk, so an interrupted run keeps every finished chunk and the next run resumes after
them. The deals of a run are fixed by `--from-seed` and `--deals`, so the figures never
depend on the number of workers.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pipeline.solve.policies import play_deal
from pipeline.stats import Tally

MAX_DEALS = 10_000_000  # deals of one run (`simulate`, `verify`, `diff`); memory does not grow
BLOCK = 4096  # deals the store is asked about at once

_GAME = None
_SOLVER = None
_MEMO = None  # the worker's `MemoSwitch` (random playouts)


def store_policy(policy: str) -> str:
    """The policy as the store keys it: with a hash of the engine's, the spec loader's and
    the policies' code. A game's outcome is a function of the rules *as the engine plays
    them* (an engine change that reads a rule differently leaves the spec hash alone), and
    a playout also of the engine's move order; results of other code are not taken for
    this code's."""
    return f"{policy}/{code_hash()[:12]}"


_CODE: str | None = None


def code_hash() -> str:
    """SHA-256 of the engine's, the spec loader's and the policies' source files (once)."""
    global _CODE
    if _CODE is None:
        import hashlib

        import pipeline.engine as eng
        import pipeline.solve as sol
        import pipeline.spec as spe

        h = hashlib.sha256()
        for d in (Path(str(m.__file__)).parent for m in (eng, spe, sol)):
            for f in sorted(d.glob("*.py")):
                h.update(f.name.encode() + b"\0" + f.read_bytes())
        _CODE = h.hexdigest()
    return _CODE


def _load(spec: str):
    from pipeline.engine.loading import load_game

    return load_game(spec)


def _die_with(parent: int) -> None:
    """Make this pool worker exit when `parent`, the driver, is gone. A driver killed with
    SIGKILL cannot stop its pool, and a worker waiting on the pool's queue would sleep on
    (holding the resource tracker's pipe open, so it sleeps too). On Linux the kernel sends
    SIGKILL when the parent dies (PR_SET_PDEATHSIG); everywhere, a daemon thread watches the
    parent pid, for the case the kernel's signal does not cover."""
    import os
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    if os.getppid() != parent:  # died before the guard was set
        os._exit(1)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _init_pool_worker(spec: str, policy: str, parent: int) -> None:
    _die_with(parent)
    _init_worker(spec, policy)


def _init_worker(spec: str, policy: str) -> None:
    global _GAME, _SOLVER, _MEMO
    from pipeline.engine import MemoSwitch
    from pipeline.solve.policies import make_solver

    _GAME = _load(spec)
    _SOLVER = make_solver(_GAME, policy)
    _MEMO = MemoSwitch()  # the worker's run of playouts


def _chunk_worker(spec: str, policy: str, deals: list[int], budget: int, seconds):
    if _GAME is None:
        _init_worker(spec, policy)
    return [(d, *play_deal(_GAME, _SOLVER, policy, d, budget, seconds, _MEMO)) for d in deals]


def _chunks(deals: Sequence[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(deals), size):
        yield list(deals[i : i + size])


def simulate(
    spec: str,
    deals: Sequence[int],
    policy: str,
    budget: int,
    workers: int = 1,
    store=None,
    executor: str = "process",
    address: str | None = None,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Tally, int]:
    """Play `deals` (a `range` is never made a list); (tally, deals answered from the
    store). The deals stream through in blocks of `BLOCK`: the store answers a block, the
    rest of it is played, so memory does not grow with the number of deals."""
    game = _load(spec)
    tally = Tally()
    total = len(deals)
    reused = 0
    done = 0

    def todo_chunks(size: int) -> Iterator[list[int]]:
        nonlocal reused, done
        for start in range(0, total, BLOCK):
            block = deals[start : start + BLOCK]
            if store is None:
                todo = list(block)
            else:
                known = store.known(game.spec_hash, block, store_policy(policy), budget)
                for d in block:
                    if d in known:
                        tally.add(*known[d])
                reused += len(known)
                done += len(known)
                todo = [d for d in block if d not in known]
            if progress:
                progress(done, total)
            yield from _chunks(todo, size)

    def take(rows) -> None:
        nonlocal done
        for _d, o, w, s, _ok in rows:
            tally.add(o, w, s)
        if store is not None:
            store.put(
                game.spec_hash,
                store_policy(policy),
                budget,
                [(d, o, w, s) for d, o, w, s, ok in rows if ok],
                game.spec_id,
                game.variant,
            )
        done += len(rows)
        if progress:
            progress(done, total)

    size = max(1, min(64, total // (max(1, workers) * 8) or 1))
    chunks = todo_chunks(size)
    first = next(chunks, None)  # every deal known: no worker is started
    if first is None:
        return tally, reused
    chunks = itertools.chain([first], chunks)
    if executor == "ray":
        _run_ray(spec, policy, chunks, budget, seconds, address, take)
    elif workers <= 1:
        from pipeline.engine import MemoSwitch
        from pipeline.solve.policies import make_solver

        solver = make_solver(game, policy)
        memo = MemoSwitch()
        for chunk in chunks:
            take([(d, *play_deal(game, solver, policy, d, budget, seconds, memo)) for d in chunk])
    else:
        _run_processes(spec, policy, chunks, budget, seconds, workers, take)
    return tally, reused


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT blocked in this thread for the block, then delivered. A worker process
    started inside inherits the blocked signal (across exec), so a Ctrl-C at the terminal,
    which reaches every process of the group, interrupts only the driver: the workers
    printed a KeyboardInterrupt traceback each (even while importing) and the driver's
    pool one more. The driver stops them (`_stop_workers`)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop_workers(pool: Any) -> None:
    """Terminate the pool's worker processes (a run given up: Ctrl-C, an error): shutting
    the pool down alone lets each finish its chunk first, seconds after the Ctrl-C."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            proc.terminate()


def _run_processes(spec, policy, chunks, budget, seconds, workers, take) -> None:
    import multiprocessing as mp
    import os
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = mp.get_context("spawn")  # no forked copies of the driver's state or locks
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=ctx,
        initializer=_init_pool_worker,
        initargs=(spec, policy, os.getpid()),
    ) as pool:
        pending = set()
        try:
            for chunk in chunks:
                with _ctrl_c_held():  # a worker may start here: it is born deaf to Ctrl-C
                    pending.add(pool.submit(_chunk_worker, spec, policy, chunk, budget, seconds))
                if len(pending) >= workers * 2:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in finished:
                        take(f.result())
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    take(f.result())
        except BaseException as err:
            # no future is cancelled: the pool's thread, finding its workers gone, fails
            # each pending one (a cancelled one made it raise InvalidStateError, a traceback)
            _stop_workers(pool)
            pool.shutdown(wait=False)
            if isinstance(err, BrokenProcessPool):
                from pipeline.errors import PasyansError

                raise PasyansError(
                    "a worker process was killed (by the system: out of memory?); the deals "
                    "finished are kept, fewer --workers or a smaller --budget go on from them"
                ) from None
            raise


def _run_ray(spec, policy, chunks, budget, seconds, address, take) -> None:
    try:
        import ray
    except ImportError:
        from pipeline.errors import UsageError

        raise UsageError(
            "--executor ray needs the optional extra: pip install 'pasyans[cluster]'"
        ) from None
    # ship the spec text, not a path: the cluster's nodes need not share this file system
    text = _spec_text(spec)
    if not ray.is_initialized():
        _connect(ray, address)

    @ray.remote
    def chunk_task(text: str, policy: str, deals: list[int], budget: int, seconds):
        from pipeline.solve.remote import play_chunk_from_text

        return play_chunk_from_text(text, policy, deals, budget, seconds)

    window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))  # tasks in flight
    refs: list = []
    for c in chunks:
        refs.append(chunk_task.remote(text, policy, c, budget, seconds))
        if len(refs) >= window:
            ready, refs = ray.wait(refs, num_returns=1)
            for r in ready:
                take(ray.get(r))
    while refs:
        ready, refs = ray.wait(refs, num_returns=1)
        for r in ready:
            take(ray.get(r))


def _connect(ray, address: str | None) -> None:
    """Join the cluster at `address` (a new local instance without one). Ray's connection
    failure is an OSError the CLI would report as an output error: say what failed instead,
    and the usual cause (a cluster from `ray start` of Ray 2.59 or later asks for the token
    it wrote, which a driver sends only when told to)."""
    from pipeline.errors import UsageError

    try:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    except (ConnectionError, RuntimeError) as err:
        hint = (
            "; a cluster started by `ray start` may ask for its token: "
            "set RAY_AUTH_MODE=token (and RAY_AUTH_TOKEN off its head node)"
            if address
            else ""
        )
        where = f"at {address}" if address else "(a new local instance)"
        raise UsageError(f"cannot connect to the Ray cluster {where}: {err}{hint}") from None


def _spec_text(spec: str) -> str:
    from pipeline.spec.resolve import resolve_spec

    return resolve_spec(spec).read_text(encoding="utf-8")
