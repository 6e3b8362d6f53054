"""The table's colours as Textual themes, shared by every app of deberc: the card table, and the practice and the
score pad when they run on their own (``deberc practice``, ``deberc scorepad``), so that each looks like the same
green felt. :data:`FELT` for colour, :data:`MONO` for the monochrome look (``--mono``)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

FELT = Theme(
    name="deberc", primary="#e0b040", secondary="#4f9d69", accent="#f0d070", warning="#ffb000",
    error="#ff5050", success="#60d060", foreground="#ece8d8", background="#102018", surface="#183828",
    panel="#24503a", dark=True,
)
MONO = Theme(
    name="deberc-mono", primary="#d0d0d0", secondary="#a0a0a0", accent="#ffffff", warning="#ffffff",
    error="#ffffff", success="#ffffff", foreground="#e8e8e8", background="#000000", surface="#141414",
    panel="#303030", dark=True,
)


def use_table_theme(app: App[Any], mono: bool = False) -> None:
    """Give ``app`` the table's theme (the monochrome one with ``mono``)."""
    for theme in (FELT, MONO):
        if theme.name not in app.available_themes:
            app.register_theme(theme)
    app.theme = (MONO if mono else FELT).name
