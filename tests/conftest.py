"""Shared test setup: English interface whatever the machine's locale, unless a test asks for another."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import textual._wait

from deberc_tui.text.i18n import set_language

# Textual's pilot waits for the app to fall idle by sleeping in steps of a fiftieth of a second and checking that
# the process used (almost) no CPU meanwhile: every key pressed and every pause costs 20-40 ms even when the screen
# was done long before, and the screens' tests press thousands of keys. The same test in steps of 5 ms: a step in
# which the app still works (a message, a timer, a bot's thread) uses CPU, so the wait goes on as before.
textual._wait.SLEEP_GRANULARITY = 0.005
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml): half as many workers again as there are cores. A worker per core leaves them idle
    a quarter of the time — the screens' tests wait for the app to fall idle, the bots' tests for their processes —
    and a third worker on two cores fills that time: the table's tests took 131 s instead of 172 s on the same
    2-core machine, in turn, with the same CPU time (docs/DEVELOPMENT.md)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, cores * 3 // 2)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """CI may run under any locale: clear the locale variables and speak English (tests of Russian switch)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _own_dirs(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """No test reads or writes the user's real data or settings (a test may point them elsewhere)."""
    base: Path = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DEBERC_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("DEBERC_CONFIG_DIR", str(base / "config"))
