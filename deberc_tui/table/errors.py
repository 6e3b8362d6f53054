"""A table that cannot be set up or opened: the one error the app shows the player, in one line."""

from __future__ import annotations

__all__ = ["TableError", "one_line"]


class TableError(Exception):
    """A table that cannot be set up or loaded; the message is one line for the user."""


def one_line(template: str, **params: object) -> str:
    """A one-line message in the player's language (for errors raised as plain text)."""
    from deberc_tui.engine.text import render
    from deberc_tui.text.i18n import _

    return render(template, params, _)
