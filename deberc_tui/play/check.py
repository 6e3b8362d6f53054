"""``deberc bots --check CMD``: play a few deals against a protocol bot and list every protocol error.

The bot sits in each seat in turn (the other seats are the built-in ``random`` bot), under the
same rules the table and the arena enforce: each failure — no answer in time, a line that is not
JSON, a wrong id, an action that is not legal, a crash — is one line naming the deal and the seat.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from bots.base import Bot
from deberc_tui.bot_hosting.process import ProcessBot, short
from deberc_tui.bot_hosting.registry import COMMAND_PREFIX, is_process_bot, make_bot
from deberc_tui.engine import Rules, shuffled_deck
from deberc_tui.engine.match import Match
from deberc_tui.text.i18n import _

from .arena import play_table


@dataclass
class CheckReport:
    """What ``--check`` found: the bot's name, the decisions it made, their times, and the errors."""

    name: str
    deals: int = 0
    decisions: int = 0
    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line: how many deals and decisions, how many errors, how fast it answered."""
        median = statistics.median(self.seconds) * 1000 if self.seconds else 0.0
        worst = max(self.seconds) * 1000 if self.seconds else 0.0
        return _("{name}: {deals} deals, {decisions} decisions, {errors} protocol errors; answers in {median:.1f} ms "
                 "median, {worst:.1f} ms at most").format(name=self.name, deals=self.deals, decisions=self.decisions,
                                                         errors=len(self.errors), median=median, worst=worst)


def bot_spec(target: str) -> str:
    """What ``--check`` was given as a bot spec: an installed plug-in's name, a ``cmd:`` spec, or a command."""
    if target.startswith(COMMAND_PREFIX) or is_process_bot(target):
        return target
    return COMMAND_PREFIX + target


def check_bot(target: str, deals: int = 3, players: int = 2, budget: float = 1.0, seed: int = 1) -> CheckReport:
    """Play ``deals`` deals with the bot ``target`` against ``random``; raises ValueError if it cannot start."""
    bot = make_bot(bot_spec(target), seed=seed)
    report = CheckReport(getattr(bot, "name", target))
    rng = random.Random(seed)
    rules = Rules.preset("moscow", players=players)
    try:
        for d in range(deals):
            seat = d % players
            bots: list[Bot] = [bot if s == seat else make_bot("random", seed=seed + s) for s in range(players)]
            match = Match(rules, first_dealer=rng.randrange(players), seed=rng.randrange(1 << 30))
            _play(match, bots, seat, budget, report, d + 1)
            report.deals += 1
    finally:
        if isinstance(bot, ProcessBot):
            bot.close()
    return report


def _play(match: Match, bots: list[Bot], seat: int, budget: float, report: CheckReport, deal_no: int) -> None:
    def on_decision(s: int, seconds: float) -> None:
        if s == seat:
            report.decisions += 1
            report.seconds.append(seconds)

    def on_failure(s: int, reason: str) -> None:
        if s == seat:
            report.errors.append(_("deal {deal}, seat {seat}: {reason}").format(
                deal=deal_no, seat=seat + 1, reason=short(reason, 200)))

    play_table(match, bots, budget, shuffled_deck(random.Random(deal_no)), on_decision, on_failure)
