"""The score pad: keep the score of a game or a match played with real cards (``deberc scorepad``).

The model (:class:`Pad`) turns each entered deal into the engine's ``DealPoints`` and writes them all
on a fresh ``ScoreSheet`` per game; the sheet decides bait, hanging points, penalties, the end and the next
dealer, and the engine's match code what each game is worth and when the match is won.
The Textual UI lives with the app, in :mod:`deberc_tui.app.screens.scorepad` (``ScorePadScreen``, ``ScorePadApp``).
"""

from deberc_tui.scorepad.model import (
    CLAIM,
    DEBERTZ,
    FALSE_CLAIM,
    KINDS,
    KLABOR,
    PLAYED,
    STAKE_REFUSED,
    THROWN,
    Declared,
    EnteredDeal,
    Pad,
    PadError,
    PadGame,
    StakeCall,
    Tally,
)
from deberc_tui.scorepad.render import GameLine, SheetRow, game_lines, render_text, sheet_rows, status_line
from deberc_tui.scorepad.storage import PadInfo, PadStore

__all__ = [
    "CLAIM", "DEBERTZ", "FALSE_CLAIM", "KINDS", "KLABOR", "PLAYED", "STAKE_REFUSED", "THROWN",
    "Declared", "EnteredDeal", "GameLine", "Pad", "PadError", "PadGame", "PadInfo", "PadStore", "SheetRow",
    "StakeCall", "Tally", "game_lines", "render_text", "sheet_rows", "status_line",
]
