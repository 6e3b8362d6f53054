"""The table's log: every line of the game's story, wrapped to the panel's width, the newest always in view.

Textual's ``RichLog`` wraps a line once, when it is written, so a resized panel keeps lines cut for the old
width; this log keeps the lines themselves and lets a ``Static`` wrap them anew at every size.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

MAX_LINES = 300


class GameLog(VerticalScroll):
    """A scrolling story of the game; :meth:`write` adds a line and follows it unless the reader scrolled up."""

    DEFAULT_CSS = """
    GameLog > Static {
        width: 100%;
        height: auto;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lines: list[Text] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="log-lines")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        self.query_one("#log-lines", Static).update(Text("\n").join(self.lines))

    def write(self, line: Text | str) -> None:
        text = line if isinstance(line, Text) else Text(line)
        self.lines.append(text)
        del self.lines[:-MAX_LINES]
        follow = self.is_vertical_scroll_end or self.max_scroll_y == 0
        if self.is_mounted:
            self._show()
            if follow:
                self.call_after_refresh(self.scroll_end, animate=False)

    def plain(self) -> str:
        """The log as plain text, one line per entry (for tests and screen readers)."""
        return "\n".join(t.plain for t in self.lines)

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_end, animate=False)
