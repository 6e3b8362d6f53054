"""The seats the play loop asks: a bot behind the safe runner, and the fixed policies of benches and tests.

:class:`BotSeat` is the only way the loop reaches a bot: the bot gets the seat's view and the actions offered,
never the match; its answer is bounded by a budget and checked (:mod:`deberc_tui.bot_hosting.runner`), and a
bot that fails still answers — a safe legal action, with the failure said in :attr:`Answer.failure`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bots.base import Bot
from deberc_tui.bot_hosting import runner
from deberc_tui.engine import Action, Claim, SeatView
from deberc_tui.text.i18n import _

from .loop import Answer, Ask, timed

__all__ = ["BotSeat", "FirstLegalSeat", "RandomSeat", "ask_bot", "ask_bot_optional"]


class BotSeat:
    """A bot in a seat. ``budget`` bounds each turn (None: a simulation of its own, as the tutor's play-outs —
    direct and uncopied, see the runner), ``optional_budget`` each out-of-turn decision. ``without_claims``
    hides «Партия» from the bot (a play-out that must not end on a claim) unless nothing else is legal."""

    def __init__(self, bot: Bot, budget: float | None, optional_budget: float | None = runner.OPTIONAL_BUDGET,
                 *, without_claims: bool = False) -> None:
        self.bot = bot
        self.budget = budget
        self.optional_budget = optional_budget
        self.without_claims = without_claims

    def choose(self, ask: Ask) -> Answer:
        legal: Sequence[Action] = ask.actions
        if self.without_claims:
            legal = [a for a in legal if not isinstance(a, Claim)] or legal
        return timed(ask, lambda: ask_bot(self.bot, ask.view, legal, self.budget))

    def optional(self, ask: Ask) -> Answer:
        failures: list[str] = []
        return timed(ask, lambda: (ask_bot_optional(self.bot, ask.view, ask.actions, self.optional_budget,
                                                    failures.append), failures[0] if failures else None))


def ask_bot(bot: Bot, view: SeatView, legal: Sequence[Action], budget: float | None) -> tuple[Action, str | None]:
    """The bot's choice through the safe runner, or a safe legal action and why; should the runner itself fail,
    a safe action all the same (nothing that happens while asking a bot stops a game)."""
    try:
        return runner.safe_choose(bot, view, legal, budget)
    except Exception as exc:  # noqa: BLE001 - nothing that happens while asking a bot may stop a game
        return runner.fallback_action(legal), _("bot failed: {error}").format(error=exc.__class__.__name__)


def ask_bot_optional(bot: Bot, view: SeatView, options: Sequence[Action], budget: float | None = runner.OPTIONAL_BUDGET,
                     on_failure: Callable[[str], None] | None = None) -> Action | None:
    """The bot's out-of-turn action through the safe runner, or None (also when it fails: told to ``on_failure``)."""
    try:
        return runner.safe_optional(bot, view, options, budget, on_failure)
    except Exception as exc:  # noqa: BLE001
        if on_failure is not None:
            on_failure(_("bot failed: {error}").format(error=exc.__class__.__name__))
        return None


class RandomSeat:
    """Uniformly random legal turns, never a claim (it would end a random game at once) and no out-of-turn
    action: the engine bench's player, which must cost the loop nothing but the engine's own work."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, ask: Ask) -> Answer:
        legal = [a for a in ask.actions if not isinstance(a, Claim)]
        return Answer(ask, self.rng.choice(legal))

    def optional(self, ask: Ask) -> Answer:
        return Answer(ask, None)


class FirstLegalSeat:
    """The first legal action, no out-of-turn action: deterministic tests and snapshots."""

    def choose(self, ask: Ask) -> Answer:
        return Answer(ask, ask.actions[0])

    def optional(self, ask: Ask) -> Answer:
        return Answer(ask, None)
