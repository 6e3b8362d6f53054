"""What a table needs from outside itself, handed in rather than reached for: how a bot is made, what time it
is, where a game is saved, and how a finished game is counted.

The app's one factory builds a :class:`Services` and gives it to every table it opens; a test gives its own
(first-legal bots, a clock it moves, no saving) instead of patching modules.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from bots.base import Bot
from deberc_tui.engine import Action, SeatView
from deberc_tui.engine.text import Text

__all__ = ["DEFAULT_BOT", "BotMaker", "FirstLegalBot", "Services", "bot_levels", "make_registry_bot"]

DEFAULT_BOT = "heuristic"
"""The bot that takes a seat whose bot cannot be made (an uninstalled plug-in, a command from a saved game)."""


class BotMaker(Protocol):
    """Makes the bot for a seat: ``name`` as ``--bots`` writes it (``heuristic``, ``expert:bold``,
    ``cmd:PROGRAM ARGS``); raises ValueError (one line) for one that cannot be made."""

    def __call__(self, name: str, seed: int | None = None) -> Bot: ...


def make_registry_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by its table name, from the bots registry (built-ins, plug-ins, command bots)."""
    from deberc_tui.bot_hosting import registry

    if name.startswith(registry.COMMAND_PREFIX):
        return registry.make_bot(name, seed=seed)
    level, _sep, style = name.partition(":")
    if style:
        return registry.make_bot(level, seed=seed, style=style)
    return registry.make_bot(name, seed=seed)


def _make_expert() -> Bot:
    return make_registry_bot("expert", 1)


def _record_stats(entry: dict[str, Any]) -> Text | None:
    from deberc_tui.stats import record_game

    return record_game(entry)


def _no_path() -> Path | None:
    return None


@dataclass(frozen=True)
class Services:
    """The outside world of a table. The defaults are the real ones, except saving: ``new_save_path`` gives a
    fresh file for a new game (None: the game is not saved), which the app sets to the saved-games folder."""

    make_bot: BotMaker = make_registry_bot
    """The bots in the seats."""
    make_expert: Callable[[], Bot] = _make_expert
    """The bot behind the hints and the tutor's chance of winning (not a seat's: it advises the person)."""
    clock: Callable[[], float] = time.monotonic
    """Seconds, for the pauses of the table (the last trick on show, the summary after a deal)."""
    new_save_path: Callable[[], Path | None] = _no_path
    record_stats: Callable[[dict[str, Any]], Text | None] = _record_stats
    """Adds a finished game to the statistics; returns a line for the player when it could not be written."""
    bot_budget: float = 2.0
    """Seconds a bot at the table may think (plus the runner's grace), then a safe action is played for it."""


class FirstLegalBot:
    """A bot that takes the first legal action and no out-of-turn action: deterministic tests and snapshots."""

    name = "first-legal"

    def choose(self, view: SeatView, legal: list[Action] | tuple[Action, ...], budget: float | None = None) -> Action:
        return legal[0]

    def optional(self, view: SeatView, options: list[Action] | tuple[Action, ...]) -> Action | None:
        return None

    def explain(self, view: SeatView, legal: list[Action] | tuple[Action, ...]) -> Text:
        return Text("first legal")


def bot_levels() -> dict[str, str]:
    """Every bot a seat may hold, by name, with a one-line description: the built-ins, then installed plug-ins."""
    from deberc_tui.bot_hosting import registry

    return dict(registry.available())
