"""Starting worker processes from anywhere deberc runs, the app included.

Workers are started afresh ("spawn"), never forked: a thread of the app may be running, and a fork copies it
half-way through whatever it holds."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.context import SpawnContext


def spawn_context() -> SpawnContext:
    """The one way deberc starts worker processes."""
    return multiprocessing.get_context("spawn")


@contextmanager
def stderr_with_a_file() -> Iterator[None]:
    """While workers start, a ``sys.stderr`` with a real file behind it: inside the app, Textual captures it
    with an object whose ``fileno()`` is -1, which multiprocessing hands to the process it starts to watch the
    workers (its resource tracker) -- and the start fails with "bad value(s) in fds_to_keep". The null device
    serves: the tracker has nothing to say that a player should read."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        yield
        return
    saved = sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = saved
