"""Practise this: a decision of a reviewed game put into the practice queue (``deberc practice --mistakes``, ``m``
in practice), to be met again.

* A **bid** is evaluated by the practice tutor in the very worlds the review judged it in, and practised as any
  bidding position.
* A **card** becomes a position to play again: the game's record cut just before the card (the seat's view then —
  its hand, the trump, the trick, the cards played, what was declared — is the replay's), with the review's
  settings. Played again in practice, the card picked is judged by the review's own judge
  (:func:`~deberc_tui.review.judge.judge`: every legal card in the same sampled worlds) and graded as the review
  grades it (:func:`~deberc_tui.review.report.grade`): the same numbers the review showed, whatever card is picked.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from deberc_tui.engine import DECK, Card, PlayCard, parse_action, sort_hand
from deberc_tui.practice.history import CARD, History
from deberc_tui.practice.history import Decision as PracticeDecision
from deberc_tui.records import Record, load_record, replay_match

from .judge import bid_evaluation, judge
from .moments import Moment, card_moments, collect
from .report import Decision, grade
from .run import DEFAULT_WORLDS

__all__ = ["card_entry", "card_moment", "card_position", "drill", "judge_card", "moment_of"]


def moment_of(record: Record, decision: Decision) -> Moment | None:
    """The moment a graded decision was made at (the seat's view then), found by replaying the record."""
    for moment in collect(record, [decision.seat]).moments:
        if (moment.deal, moment.action, moment.kind) == (decision.deal, decision.action, decision.kind):
            return moment
    return None


def drill(record: Record, decision: Decision, history: History | None = None, *, worlds: int = DEFAULT_WORLDS,
          seed: int = 0) -> PracticeDecision | None:
    """Add a bid or a card of the review to the practice record; None when it is neither, or a position practice
    cannot set (a bid of the forced deal, say). ``worlds`` and ``seed`` are the review's.

    Practice grades a bid again by its own rule (near the end of a game by the chance of winning it), so a bid the
    review calls a mistake is one there too, or within its noise; a card keeps the review's grade."""
    if decision.chosen is None:
        return None
    if decision.kind == "card":
        position = card_position(record, decision, worlds, seed)
        if position is None:
            return None
        return (history if history is not None else History.load()).keep(card_entry(position, decision))
    if decision.kind != "bid":
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


# -- a card to play again ---------------------------------------------------------------------------------------


def card_position(record: Record, decision: Decision, worlds: int = DEFAULT_WORLDS, seed: int = 0,
                  ) -> dict[str, Any] | None:
    """The practice position of a card decision (:func:`deberc_tui.practice.history.check_card_position`): the
    record up to the card, the seat, the hand and the trump then, and the review's settings; None if the record
    does not lead there."""
    if decision.kind != "card" or not isinstance(decision.chosen, PlayCard):
        return None
    played = replay_match(record)
    if not 1 <= decision.deal <= len(played.deals):
        return None
    doc = record.to_json()
    deals = doc["deals"][: decision.deal]
    actions = [{"seat": s, **a.notation()} for s, a in played.deals[decision.deal - 1].log[: decision.action - 1]]
    doc["deals"] = [*deals[:-1], {"deck": deals[-1]["deck"], "actions": actions}]
    before = replay_match(load_record(doc))
    if before.to_act != decision.seat or before.deal is None or before.deal.trump is None:
        return None
    view = before.view(decision.seat)
    if decision.chosen not in view.legal:
        return None
    return {"record": doc, "seat": decision.seat, "deal": decision.deal, "action": decision.action,
            "played": decision.chosen.notation(), "hand": [c.notation for c in view.hand],
            "trump": before.deal.trump.value, "worlds": worlds, "seed": seed}


def card_entry(position: dict[str, Any], graded: Decision) -> PracticeDecision:
    """A graded card decision as an entry of the practice record: the card chosen, the best, the loss and the
    review's label, and every card's value."""
    assert isinstance(graded.chosen, PlayCard) and isinstance(graded.best, PlayCard)
    options = [{"card": o.action.card.notation, "ev": round(o.ev, 1), "se": None if o.se == float("inf") else
                round(o.se, 1)} for o in graded.options if isinstance(o.action, PlayCard)]
    return PracticeDecision(position, graded.chosen.card.notation, graded.best.card.notation, round(graded.loss, 1),
                            graded.label, {"options": options, "worlds": graded.worlds}, kind=CARD)


def card_moment(position: dict[str, Any]) -> Moment:
    """The moment of a card position (checked by the practice record when it was read): the seat's view, the deal's
    public history and the seat's first six cards, exactly as the review saw them."""
    match = replay_match(load_record(position["record"]))
    deal = match.deal
    assert deal is not None
    seat = int(position["seat"])
    view = match.view(seat)
    six = tuple(sort_hand([c for c in DECK if deal.first_six[seat] >> c.index & 1]))
    chosen = parse_action(position["played"])
    assert isinstance(chosen, PlayCard)
    moments = card_moments(int(position["deal"]), int(position["action"]), view, tuple(deal.log), six, chosen,
                           match.legal_actions())
    return moments[0]


def judge_card(position: dict[str, Any], card: Card) -> Decision | None:
    """The review's verdict on ``card`` played at the position: every legal card valued in the review's worlds (its
    judge, its seed) and the pick graded against the best; None when no world fits (it should not happen)."""
    moment = card_moment(position)
    pick = next((a for a in moment.options if isinstance(a, PlayCard) and a.card == card), None)
    if pick is None:
        raise ValueError(card.notation)
    judged = judge(moment, int(position["worlds"]), int(position["seed"]))
    if judged is None:
        return None
    return grade(dataclasses.replace(moment, chosen=pick), judged)
