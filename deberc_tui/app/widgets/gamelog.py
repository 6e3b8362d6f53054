"""The table's log: every line of the game's story, wrapped to the panel's width, the newest always in view.

Textual's ``RichLog`` wraps a line once, when it is written, so a resized panel keeps lines cut for the old
width; this log keeps the lines themselves and lets a ``Static`` wrap them anew at every size.

It draws once per burst of lines, not once per line: :meth:`GameLog.write` only keeps the line (the last
:data:`MAX_LINES`) and asks for one drawing after the writer is done. A resumed match of thousands of deals
writes tens of thousands of lines at once; drawing the whole log for each made opening a 4 MB record take
minutes (issue 20, item 7).
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

MAX_LINES = 300
"""The lines the log keeps: the older ones leave it (the saved record keeps the whole game)."""


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
        self.lines: deque[Text] = deque(maxlen=MAX_LINES)
        self.drawn = 0
        """How many times the lines were drawn (each drawing lays out every line kept)."""
        self._follow = False  # the reader was at the end when the lines now waiting came: scroll to them
        self._waiting = False  # a drawing is asked for and not yet done

    def compose(self) -> ComposeResult:
        yield Static("", id="log-lines")

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        self._waiting = False
        if not self.is_attached:
            return
        self.drawn += 1
        self.query_one("#log-lines", Static).update(Text("\n").join(self.lines))
        if self._follow:
            self._follow = False
            self.call_after_refresh(self.scroll_end, animate=False)

    def write(self, line: Text | str) -> None:
        """Add ``line``; it is drawn with the others written in the same burst, once the writer is done."""
        self.lines.append(line if isinstance(line, Text) else Text(line))
        if not self.is_mounted:
            return  # drawn when mounted
        self._follow = self._follow or self.is_vertical_scroll_end or self.max_scroll_y == 0
        if not self._waiting:
            self._waiting = True
            self.call_later(self._draw)

    def plain(self) -> str:
        """The log as plain text, one line per entry (for tests and screen readers)."""
        return "\n".join(t.plain for t in self.lines)

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_end, animate=False)
