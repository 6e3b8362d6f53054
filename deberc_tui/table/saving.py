"""Saving a table: its record written after every change, and a saved record opened to play on.

A table is saved after every action, so that a closed terminal or a crash loses nothing; a full disk is told
once and tried again after every move. Opening a record replays it through the engine, which checks every
action, and any problem with the file is one line for the player (:class:`~deberc_tui.table.errors.TableError`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from deberc_tui.engine.match import Match
from deberc_tui.engine.text import N_, Text
from deberc_tui.table.errors import TableError, one_line

__all__ = ["Saver", "read_match"]


class Saver:
    """Writes a table's record to :attr:`path` (and to :attr:`mirror`, the older versions' single slot) when the
    table has changed since the last write."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        """The game's file in the saved-games folder (None: the game is not saved)."""
        self.mirror: Path | None = None
        self.failure: str | None = None
        """Why the last write failed (None: it did not)."""
        self._saved: Hashable | None = None

    def save(self, state: Hashable, record: Callable[[], dict[str, Any]]) -> Text | None:
        """Write ``record()`` unless ``state`` (the table's progress) was written already. Returns a line for the
        log when the writing fails for the first time, or works again after failing."""
        if self.path is None or (self._saved is not None and self._saved == state):
            return None
        from deberc_tui.records import record_text
        from deberc_tui.storage import atomic_write

        text = record_text(record())  # compact where indented would be over the records' size limit
        try:
            atomic_write(self.path, text)
            if self.mirror is not None:
                atomic_write(self.mirror, text)
        except OSError as exc:
            reason = exc.strerror or str(exc) or exc.__class__.__name__
            first = self.failure is None
            self.failure = reason
            return Text(N_("The game could not be saved ({reason}): it will be tried again after every move"),
                        {"reason": reason}) if first else None
        self._saved = state
        if self.failure is not None:
            self.failure = None
            return Text(N_("The game is saved again."))
        return None

    def mark(self, state: Hashable) -> None:
        """The table as it is in ``state`` is on disk already (just opened): write only after a change."""
        self._saved = state


def read_match(source: str | Path) -> tuple[Match, list[dict[str, Any]]]:
    """A RECORD.md document (a path or its text) replayed: its match and its players. Raises TableError (one
    line) for anything wrong with it."""
    from deberc_tui.records import RecordError, parse_record, replay_match
    from deberc_tui.storage import RECORD_LIMIT
    from deberc_tui.text.i18n import translate_error
    from deberc_tui.untrusted import InputError, parse_json, read_text

    try:
        doc = parse_json(read_text(source, RECORD_LIMIT) if isinstance(source, Path) else source)
    except OSError as exc:
        raise TableError(one_line(N_("cannot read {path}: {error}"), path=source, error=exc.strerror or exc)) from None
    except InputError as exc:
        raise TableError(translate_error(exc)) from None
    try:
        record = parse_record(doc)
        match = replay_match(record)
    except RecordError as exc:
        raise TableError(translate_error(exc)) from None
    except Exception as exc:  # noqa: BLE001 - whatever is wrong with the file: one line, no traceback
        raise TableError(one_line(N_("cannot load the record: {error}"), error=exc)) from None
    return match, [dict(p) for p in record.players]
