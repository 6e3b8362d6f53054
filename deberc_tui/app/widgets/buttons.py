"""The buttons of a screen whose keys decide (the table's action bar, the dialogs answered with y / n or a letter)."""

from __future__ import annotations

from textual.widgets import Button

__all__ = ["KeyButton"]


class KeyButton(Button, can_focus=False):
    """A button that a click presses but that never takes the focus. A dialog focuses its first focusable widget
    when it opens: a focused "Accept" or "Play again" would be pressed by Enter — a double accepted, a new match
    started by a key meant for something else. Its key (shown in its label) and a click are the ways to press it."""
