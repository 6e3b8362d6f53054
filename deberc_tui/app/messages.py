"""What a screen asks of the application: screens post these and the app decides, so no screen imports the app
(and the app is the one place that starts, resumes and ends games)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.message import Message


@dataclass
class NewGameWanted(Message):
    """Back to the new-game screen (after a game, or from the statistics)."""


@dataclass
class ResumeWanted(Message):
    """Continue the latest unfinished game."""


@dataclass
class SavedGamesWanted(Message):
    """Show the saved games."""


@dataclass
class SavedGameChosen(Message):
    """Open this saved game: resume it if unfinished, else replay it."""

    path: Path


@dataclass
class GenderChosen(Message):
    """Speak of the person at the keyboard with this grammatical gender (``male``, ``female``; None: without one)
    from now on, and remember it."""

    gender: str | None


@dataclass
class LanguageChosen(Message):
    """Speak ``lang`` from now on (and remember it)."""

    lang: str
