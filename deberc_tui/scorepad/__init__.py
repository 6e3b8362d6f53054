"""The score pad: keep the score of a game played with real cards (``deberc scorepad``).

The model (:class:`Pad`) turns each entered deal into the engine's ``DealPoints`` and writes them all
on a fresh ``ScoreSheet``; the sheet decides bait, hanging points, penalties, the end and the next dealer.
The Textual UI lives with the app, in :mod:`deberc_tui.app.screens.scorepad` (``ScorePadScreen``, ``ScorePadApp``).
"""

from deberc_tui.scorepad.model import (
    CLAIM,
    DEBERTZ,
    FALSE_CLAIM,
    KINDS,
    KLABOR,
    PLAYED,
    THROWN,
    Declared,
    EnteredDeal,
    Pad,
    PadError,
)
from deberc_tui.scorepad.render import SheetRow, render_text, sheet_rows, status_line
from deberc_tui.scorepad.storage import PadInfo, PadStore

__all__ = [
    "CLAIM", "DEBERTZ", "FALSE_CLAIM", "KINDS", "KLABOR", "PLAYED", "THROWN",
    "Declared", "EnteredDeal", "Pad", "PadError", "PadInfo", "PadStore", "SheetRow",
    "render_text", "sheet_rows", "status_line",
]
