"""A table whose columns are fitted to the room it has: narrowed widest first, a long cell wrapped between words,
never a word cut (the saved games' list and the review's list of decisions)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from deberc_tui.app.usertext import plain


def fit_widths(columns: Sequence[Sequence[str]], room: int, floor: Sequence[int] = (), padding: int = 2) -> list[int]:
    """Each column's width so that the table fits ``room`` cells (each column takes ``padding`` more): as wide
    as its widest cell when that fits, else the widest columns are narrowed first, never below their longest
    word nor below ``floor`` (a part that must stay on one line), so that a long cell wraps between words and
    nothing is cut. ``columns`` holds each column's header and cells."""
    natural = [max(cell_len(c) for c in col) for col in columns]
    least = [max([cell_len(w) for c in col for w in c.split()] + [floor[i] if i < len(floor) else 0])
             for i, col in enumerate(columns)]
    widths = list(natural)
    excess = sum(widths) + padding * len(widths) - room
    while excess > 0:
        most, index = max((w - m, i) for i, (w, m) in enumerate(zip(widths, least, strict=True)))
        if most <= 0:
            break  # as narrow as it goes: the table scrolls sideways rather than cut a word
        widths[index] -= 1  # the column with the most to give (the rightmost of equals: the last wraps best)
        excess -= 1
    return widths


def fill_fitted(table: DataTable[Text], headers: Sequence[str], rows: Sequence[Sequence[str]], room: int,
                floor: Sequence[int] = ()) -> None:
    """Fill ``table`` anew with ``rows`` under ``headers``, its columns fitted to ``room`` (:func:`fit_widths`);
    rows grow to the lines a wrapped cell needs, and the cursor stays on its row. Cells are the players' text,
    never markup."""
    cursor = table.cursor_row
    columns = [[head, *(row[i] for row in rows)] for i, head in enumerate(headers)]
    widths = fit_widths(columns, room, floor)
    wraps = any(w < max(cell_len(c) for c in col) for w, col in zip(widths, columns, strict=True))
    table.clear(columns=True)
    for head, w in zip(headers, widths, strict=True):
        table.add_column(Text(head), width=w)
    for i, row in enumerate(rows):
        table.add_row(*(plain(cell) for cell in row), key=str(i), height=None if wraps else 1)
    if cursor:
        table.move_cursor(row=min(cursor, len(rows) - 1))
