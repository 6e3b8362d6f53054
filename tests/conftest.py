"""Shared test setup: English interface whatever the machine's locale, unless a test asks for another."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from deberc_tui.text.i18n import set_language


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
