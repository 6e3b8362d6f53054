"""What the table does next, as the session tells the screen: one value per kind of step.

The session decides (:meth:`~deberc_tui.table.session.TableSession.advance`); the screen only carries the
step out — shows a dialog, starts a bot's worker, waits — and tells the session when it is done. So every
rule of the table's flow is tested without an app.
"""

from __future__ import annotations

from dataclasses import dataclass

from deberc_tui.engine import DealResult
from deberc_tui.engine.match import GameResult
from deberc_tui.engine.view import PendingOffer
from deberc_tui.play.loop import Ask

__all__ = [
    "AnswerConcede", "AnswerStake", "CoverFor", "GameEnded", "Idle", "PersonToAct", "ShowSummary", "Step",
    "Think", "WaitUntil",
]


@dataclass(frozen=True)
class Idle:
    """Nothing to do now: a dialog is up, or a bot is thinking already."""


@dataclass(frozen=True)
class WaitUntil:
    """Ask again at ``when`` (the session's clock): the last trick stays on the felt before the summary."""

    when: float


@dataclass(frozen=True)
class ShowSummary:
    """The deal is over: show its summary (``final``: it ended the game). The session pauses until resumed."""

    result: DealResult
    final: bool


@dataclass(frozen=True)
class GameEnded:
    """A game is over: who won it and what it was worth. ``match_over``: the match is over too (a lone game is
    a match of one game), else the next game follows when the session is resumed."""

    result: GameResult
    match_over: bool


@dataclass(frozen=True)
class CoverFor:
    """Hot seat: cover the table until ``seat``'s person is at the keyboard (then :meth:`uncover`)."""

    seat: int


@dataclass(frozen=True)
class AnswerConcede:
    """The person at ``seat`` (the bidder) must answer ``offerer``'s offer to concede the deal for fifty."""

    seat: int
    offerer: int


@dataclass(frozen=True)
class AnswerStake:
    """The person at ``seat`` must answer ``offer``: a double («Дайви») or a «даве»."""

    seat: int
    offer: PendingOffer


@dataclass(frozen=True)
class Think:
    """A bot must decide: run :meth:`TableSession.think` with ``ask`` off the screen's thread, then hand the answer
    to :meth:`TableSession.bot_answered`."""

    ask: Ask


@dataclass(frozen=True)
class PersonToAct:
    """It is ``seat``'s person's turn (or they may offer to concede before a bot plays): wait for their keys."""

    seat: int


Step = Idle | WaitUntil | ShowSummary | GameEnded | CoverFor | AnswerConcede | AnswerStake | Think | PersonToAct
