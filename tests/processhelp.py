"""Finding the processes a test's bots left behind (Linux ``/proc``): none may be left after a run.

A bot of the tests is a script of this checkout (``tests/plugins``, ``tests/bots``, ``examples``), a plug-in adapter
(``python -m deberc_tui.bot_hosting.adapter``) started from this checkout's folder, or the supervisor of either;
a child a bot forks keeps its parent's command line, so it is found the same way.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKS = (f"{ROOT}/tests/plugins/", f"{ROOT}/tests/bots/", f"{ROOT}/examples/", f"{ROOT}/deberc_tui/bot_hosting/supervisor.py")
ADAPTER = "deberc_tui.bot_hosting.adapter"


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def _state(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return "X"


WORKER = os.environ.get("PYTEST_XDIST_WORKER")
"""The pytest-xdist worker running these tests (None when the suite runs in one process)."""


def _other_workers(pid: str) -> bool:
    """The process was started by another xdist worker's test: a bot inherits its test's environment, and with it
    the worker's name (a bot that cleared its environment is counted as ours: better a false alarm than a leak
    missed)."""
    if WORKER is None:
        return False
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            entries = f.read().split(b"\0")
    except OSError:
        return False
    for entry in entries:
        if entry.startswith(b"PYTEST_XDIST_WORKER="):
            return entry.split(b"=", 1)[1].decode("utf-8", "replace") != WORKER
    return False


def bot_processes(tag: str | None = None) -> list[int]:
    """Live processes (zombies not counted) of this checkout's test bots, or only those whose command line holds
    ``tag``; with pytest-xdist, only those of this worker's tests."""
    found: list[int] = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid() or _other_workers(pid):
            continue
        line = _cmdline(pid)
        if tag is not None:
            hit = tag in line
        else:
            hit = any(mark in line for mark in MARKS)
            if not hit and ADAPTER in line:
                try:
                    hit = os.readlink(f"/proc/{pid}/cwd") == str(ROOT)
                except OSError:
                    hit = False
        if hit and _state(pid) not in ("Z", "X"):
            found.append(int(pid))
    return found


def left_behind(tag: str | None = None, settle: float = 0.0) -> list[int]:
    """:func:`bot_processes`, after waiting up to ``settle`` seconds for them to go."""
    end = time.monotonic() + settle
    while (found := bot_processes(tag)) and time.monotonic() < end:
        time.sleep(0.05)
    return found


def kill_all(pids: list[int]) -> None:
    """Kill these processes (that a failing test left), by their ids."""
    for pid in pids:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
