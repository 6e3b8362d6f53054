"""Text a person or a file supplies, on screen: always as text, never as markup — the one way it gets there.

Textual and Rich read a ``str`` handed to a widget as markup: a ``Static``, a ``Label``, a ``Button``, a cell
or a column of a ``DataTable`` or of a Rich table, an option of a ``Select``, and :meth:`App.notify`. A player
named ``[/]`` would end the table with a ``MarkupError``, one named ``[bold]x`` would be shown as a bold x, and
``[link=…]`` would make a link. So whatever holds a name, a note, a file name, a level from ``stats.json`` or a
message quoting any of them reaches a widget as a Rich :class:`~rich.text.Text`, which nothing parses:

* :func:`plain` — a finished string (a name, a translated message, a number) as ``Text``;
* :func:`fill` — a translated ``str.format`` template with its values put in as text (a ``Text`` value keeps
  its colours, a card drawn by the look for one);
* :func:`tell` — a notification, filled the same way (``App.notify`` takes a string and reads it as markup
  unless told not to);
* :func:`clean` — the string itself, its control characters escaped (C0 and C1 controls, ``DEL``,
  bidirectional overrides: ``\\x9b``, ``\\u202e``), line breaks kept: nothing from a file reaches the terminal
  as a control sequence.

``tests/test_markup_scan.py`` reads the app's code and fails where a string built from values (an f-string, a
``.format``, a ``+`` or a ``join``) is handed to a widget that reads markup, or where a screen notifies other
than through :func:`tell`.
"""

from __future__ import annotations

import string
from typing import Literal, Protocol

from rich.text import Text

from deberc_tui.untrusted import printable

__all__ = ["clean", "fill", "plain", "tell"]

Severity = Literal["information", "warning", "error"]


class Notifier(Protocol):
    """Anything that shows a notification: the app, a screen, a widget."""

    def notify(self, message: str, *, title: str = "", severity: Severity = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...


def clean(text: str) -> str:
    """``text`` with every control character escaped (``\\x9b``) but the line break: safe to print on a terminal."""
    if text.isprintable():
        return text
    return "\n".join(printable(line) for line in text.split("\n"))


def plain(text: object, style: str = "") -> Text:
    """``text`` (a name, a note, a finished message; anything else by ``str()``) shown exactly as it is: never
    markup, control characters escaped. ``style`` colours all of it (kept as a span, which Textual keeps)."""
    if isinstance(text, Text):
        return text
    out = Text(end="")
    out.append(clean(str(text)), style=style or None)
    return out


def fill(template: str, /, **params: object) -> Text:
    """A translated ``str.format`` template with ``params`` put in as text, as ``template.format(**params)`` would
    (``{n:+d}``, ``{name!r}``; a field the params lack raises ``KeyError``): the template is read as plain text,
    each value is :func:`plain` — a ``Text`` value is put in as it is, colours and all. Without params the
    template is shown as it is, braces and all."""
    if not params:
        return plain(template)
    out = Text(end="")
    for literal, field, spec, conversion in string.Formatter().parse(template):
        out.append(clean(literal))
        if field is None:
            continue
        value = params[field]
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(clean(format(repr(value) if conversion == "r" else value, spec or "")))
    return out


def tell(where: Notifier, message: str | Text, *, severity: Severity = "information", timeout: float | None = None,
         **params: object) -> None:
    """Notify ``message`` — a template filled with ``params`` (as :func:`fill` does), or a finished ``Text`` or
    string — as text, never markup."""
    shown = message if isinstance(message, Text) else fill(message, **params)
    where.notify(shown.plain, severity=severity, timeout=timeout, markup=False)
