"""The advice a person may have at the table: the expert's hint, the tutor's weighing of a choice before it is
played, and the expert's chance of winning before a double or a «даве» is answered.

All of it is slow (the expert samples deals for a second or more), so the screen runs it in a worker: the
functions here are called off the screen's thread and return values; the session applies them if the table
has not moved on meanwhile (:class:`Moment`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bots.base import Bot
from deberc_tui.bot_hosting.runner import safe_choose
from deberc_tui.engine import Action, SeatView
from deberc_tui.engine.text import N_, Text

__all__ = ["Adviser", "Hint", "Moment", "Verdict", "Weighing", "weigh"]

EXPERT_SECONDS = 1.5
"""How long the expert thinks about a hint or a choice the tutor weighs."""


@dataclass(frozen=True)
class Moment:
    """When advice was asked for: the undo generation and the table's progress. Advice for another moment is
    dropped (an undo, a bot's move or the person's own came first)."""

    gen: int
    key: tuple[int, int]


@dataclass(frozen=True)
class Weighing:
    """A person's choice the tutor weighs before it is played: at which moment, seen from which view, and the
    action."""

    moment: Moment
    view: SeatView
    action: Action


@dataclass(frozen=True)
class Verdict:
    """The tutor's word on a choice: the expected points it loses against the best (None: no estimate) and the
    warning to show (None: the choice is close enough to the best)."""

    cost: float | None
    warning: str | None


@dataclass(frozen=True)
class Hint:
    """The expert's hint for a moment: its message, and the action it recommends (None when it failed)."""

    moment: Moment
    message: Text
    action: Action | None


def weigh(weighing: Weighing) -> Verdict:
    """The tutor's verdict on ``weighing``'s choice (off the screen's thread)."""
    from deberc_tui.practice import tutor

    advice = tutor.advise(weighing.view, seconds=EXPERT_SECONDS, seed=weighing.moment.key[1])
    if advice is None:
        return Verdict(None, None)
    cost = advice.cost(weighing.action)
    return Verdict(None if cost is None else cost[0], tutor.describe_cost(weighing.action, advice))


class Adviser:
    """The expert bot behind the hints and the chance of winning: made once, on first use (making it takes time
    a table that never asks for advice should not spend)."""

    def __init__(self, make_expert: Callable[[], Bot]) -> None:
        self._make = make_expert
        self._expert: Bot | None = None

    def expert(self) -> Bot:
        if self._expert is None:
            self._expert = self._make()
        return self._expert

    def choice(self, view: SeatView) -> tuple[Action, Text | None]:
        """The expert's choice for ``view`` and its reason, from one decision (a sampling bot asked twice could
        say "pass" while its reason argues for a suit)."""
        bot = self.expert()
        decide = getattr(bot, "decide", None)
        if callable(decide):
            bot.budget = EXPERT_SECONDS  # type: ignore[attr-defined]  # the expert's own thinking time
            action, why = decide(view, list(view.legal))
            return action, why
        action, _failure = safe_choose(bot, view, view.legal, EXPERT_SECONDS)
        return action, None

    def hint(self, moment: Moment, view: SeatView) -> Hint:
        """The hint for ``view``: "Hint: play Q♥ — why", or why there is none (a hint that fails says so, and
        the game goes on)."""
        try:
            action, why = self.choice(view)
        except Exception as exc:  # noqa: BLE001 - a hint that fails says so, and the game goes on
            return Hint(moment, Text(N_("No hint: {error}"), {"error": str(exc) or exc.__class__.__name__}), None)
        if why is None:
            return Hint(moment, Text(N_("Hint: {what}"), {"what": action}), action)
        return Hint(moment, Text(N_("Hint: {what} — {why}"), {"what": action, "why": why}), action)

    def win_chance(self, view: SeatView) -> float:
        """How likely ``view``'s side is to win the game, as the expert estimates it."""
        from bots.stakes import outlook_of

        return outlook_of(self.expert(), view).p
