"""The tutor's worker processes: the worlds of an evaluation played out on every core.

A play-out is independent of every other one — the bots in it decide by what they see, with no randomness of their
own — so the worlds can be played anywhere, in any order. The evaluation deals them in its own process, from its own
generator and in its own order, hands them out in small batches, and reads the answers back in that order: it stops
at the very world where it would stop in one process and finds the very same values (the workers only play some
worlds more, which are thrown away).

The pool lives as long as the program: starting a worker (a fresh interpreter importing the engine and the bots)
takes longer than an answer should, so the practice screen starts it when it opens (:func:`warm`)."""

from __future__ import annotations

import atexit
import importlib
import itertools
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from deberc_tui.workers import spawn_context, stderr_with_a_file

T = TypeVar("T")
R = TypeVar("R")

MAX_JOBS = 4
"""More workers than this buy a tutor's answer little: an evaluation is a few hundred worlds."""
BATCH = 16
"""Worlds in one batch: ten milliseconds or so of play, far more than the cost of sending it and reading its answers
(the batches of an evaluation that has stopped are dropped where they stand). Measured with two workers on two cores:
16 a batch ran 5% faster than 8 (the program's own process busy a quarter less), 32 no faster than 16."""
AHEAD = 2
"""Batches in flight per worker, so that none waits for the next while the answers travel."""


JOBS_VARIABLE = "DEBERC_TUTOR_JOBS"
"""The environment variable that sets how many worker processes the tutor uses (1: none, all in the program's own
process), for a machine whose cores are wanted elsewhere."""


def default_jobs() -> int:
    """Worker processes for the tutor: :data:`JOBS_VARIABLE` if it holds a whole number from 1 to 64, else one per
    core, up to :data:`MAX_JOBS` (1, no workers, on one core)."""
    wanted = os.environ.get(JOBS_VARIABLE, "").strip()
    if wanted.isdigit() and 1 <= int(wanted) <= 64:
        return int(wanted)
    return max(1, min(MAX_JOBS, os.cpu_count() or 1))


_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_jobs = 0
_current: Any = None
"""The number of the evaluation now running, shared with the workers: a batch of an evaluation that has stopped is
dropped where it stands, not played to its end while the next evaluation waits (in a worker: its view of it)."""
_generations = itertools.count(1)
_wanted: Any = None
"""The parts of each item the evaluation now running still wants, as a bit mask shared with the workers (the tutor's
bids not yet settled: :func:`want`); only a worker reads it (:func:`wanted`)."""
_in_worker = False
EVERY_PART = (1 << 64) - 1


PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether the program that started it is still there."""


def _start_worker(current: Any, wanted_parts: Any, parent: int) -> None:
    """A worker's set-up: the shared evaluation counter and wanted parts, and a watch on the program that started it —
    killed or hung up on (its terminal closed), the program runs no exit code that could stop its workers, so they go
    by themselves rather than wait for work forever."""
    global _current, _wanted, _in_worker
    _current, _wanted, _in_worker = current, wanted_parts, True

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="deberc-parent-watch", daemon=True).start()


def _batch(work: Callable[[Sequence[T]], list[R]], generation: int, batch: Sequence[T]) -> list[R]:
    """``work``'s answers for ``batch``, item by item, until the evaluation that sent it is no longer the one
    running (then the answers so far)."""
    out: list[R] = []
    for item in batch:
        if _current is not None and _current.value != generation:
            break
        out.extend(work([item]))
    return out


def _ready(preload: str) -> bool:
    """A worker's first task: import the module its work will come from (and so the engine and the bots), before
    the first batch arrives."""
    if preload:
        importlib.import_module(preload)
    return True


def _executor(jobs: int, preload: str = "") -> ProcessPoolExecutor | None:
    """The running pool of ``jobs`` workers, started if need be (each importing ``preload``, a module's name); None
    where workers cannot start."""
    global _pool, _jobs, _current, _wanted
    with _lock:
        if _pool is not None and _jobs == jobs:
            return _pool
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None
        try:
            with stderr_with_a_file():
                context = spawn_context()
                _current = context.RawValue("Q", 0)
                _wanted = context.RawValue("Q", EVERY_PART)
                pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                           initargs=(_current, _wanted, os.getpid()))
                for _ in range(jobs):  # every worker starts now, while stderr has a file
                    pool.submit(_ready, preload)
        except (OSError, RuntimeError, ValueError):
            return None
        _pool, _jobs = pool, jobs
        return pool


def warm(jobs: int | None = None, preload: str = "") -> None:
    """Start the workers now, each importing the module ``preload`` names (in the background: they are ready a
    second or so later)."""
    jobs = default_jobs() if jobs is None else jobs
    if jobs > 1:
        _executor(jobs, preload)


def shutdown() -> None:
    """Stop the workers (at exit; work in flight is dropped)."""
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None


atexit.register(shutdown)


def want(parts: int) -> None:
    """Tell the workers which parts of the items already handed out the evaluation now running still wants (a bit
    per part; a part once dropped is never wanted again): a worker leaves the others out of the items it has not
    begun (:func:`wanted`). The evaluation reads its answers as before: a part it no longer wants it ignores."""
    if _wanted is not None:
        _wanted.value = parts & EVERY_PART


def wanted() -> int:
    """In a worker, the parts of its items the evaluation running still wants (:func:`want`); elsewhere every part
    (an item worked in the program's own process says itself what it wants)."""
    return int(_wanted.value) if _in_worker and _wanted is not None else EVERY_PART


def in_order(work: Callable[[Sequence[T]], list[R]], items: Iterator[T], jobs: int) -> Generator[R, None, None]:
    """``work``'s answer for each of ``items``, in their order, as a generator: ``work`` maps a batch of items to
    their answers (a module-level function, sent to the workers by name). Closing the generator early drops the
    batches not yet played. With ``jobs`` 1, or where the workers cannot start or fail, the batches are worked here."""
    pool = _executor(jobs) if jobs > 1 else None
    if pool is None:
        for item in items:
            yield from work([item])
        return
    generation = next(_generations)
    _wanted.value = EVERY_PART  # (before the new generation: no worker leaves out a part the new evaluation wants)
    _current.value = generation
    pending: deque[tuple[list[T], Future[list[R]]]] = deque()

    def refill() -> None:
        while len(pending) < AHEAD * jobs:
            batch = [item for _, item in zip(range(BATCH), items, strict=False)]
            if not batch:
                return
            try:
                future = pool.submit(_batch, work, generation, batch)
            except RuntimeError:  # the pool shut down under it (the program ending): this batch is played here
                future = Future()
                future.set_exception(BrokenProcessPool("the workers have stopped"))
            pending.append((batch, future))

    try:
        refill()
        while pending:
            batch, future = pending.popleft()
            try:
                answers = future.result()
            except (BrokenProcessPool, CancelledError):  # a worker died, or the pool was shut: the rest is worked here
                shutdown()
                for left, _ in [(batch, future), *pending]:
                    yield from work(left)
                pending.clear()
                for item in items:
                    yield from work([item])
                return
            yield from answers
            if len(answers) < len(batch):  # dropped for another evaluation that ran meanwhile
                yield from work(batch[len(answers):])
            refill()
    finally:
        if _current is not None and _current.value == generation:
            _current.value = next(_generations)  # what is in flight stops
        for _, future in pending:
            future.cancel()
