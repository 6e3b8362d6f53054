"""Shared test setup: English interface whatever the machine's locale, unless a test asks for another."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deberc_tui.i18n import set_language


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """CI may run under any locale: clear the locale variables and speak English (tests of Russian switch)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    set_language("en")
    yield
    set_language("en")
