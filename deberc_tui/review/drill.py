"""Practise this: a bidding decision of a reviewed game put into the practice queue (``deberc practice --review``,
``m`` in bidding practice), evaluated by the practice tutor in the very worlds the review judged it in."""

from __future__ import annotations

from deberc_tui.practice.history import Decision as PracticeDecision
from deberc_tui.practice.history import History
from deberc_tui.records import Record

from .judge import bid_evaluation
from .moments import Moment, collect
from .report import Decision
from .run import DEFAULT_WORLDS

__all__ = ["drill", "moment_of"]


def moment_of(record: Record, decision: Decision) -> Moment | None:
    """The moment a graded decision was made at (the seat's view then), found by replaying the record."""
    for moment in collect(record, [decision.seat]).moments:
        if (moment.deal, moment.action, moment.kind) == (decision.deal, decision.action, decision.kind):
            return moment
    return None


def drill(record: Record, decision: Decision, history: History | None = None, *, worlds: int = DEFAULT_WORLDS,
          seed: int = 0) -> PracticeDecision | None:
    """Add a bid of the review to the practice record; None when it is not a bid whose position practice can set
    (a bid of the forced deal, say). Practice grades it again by its own rule (near the end of a game by the
    chance of winning it), so a bid the review calls a mistake is one there too, or within its noise."""
    if decision.kind != "bid" or decision.chosen is None:
        return None
    moment = moment_of(record, decision)
    if moment is None:
        return None
    evaluation = bid_evaluation(moment, worlds, seed)
    if evaluation is None:
        return None
    chosen = decision.chosen.notation()["bid"]
    assert isinstance(chosen, str)
    return (history if history is not None else History.load()).add(evaluation, chosen)
