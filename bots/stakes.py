"""Doubles and «даве» for the bots (RULES.md §12): when to raise the stake, and how to answer a raise.

Both decisions come from one number, the seat's chance ``p`` of winning the *game*, turned into expected
game points per unit of stake (:class:`Outlook`). With ``r`` the ratio of the raised stake to the current one
(2 for a double and a geometric «даве», ``(k + 1) / k`` for an arithmetic one):

* **Answer.** Refusing (or conceding) loses the current stake at once: −1. Accepting (playing on) is worth
  ``r × E`` where ``E`` is the expected result per unit. Accept when ``r × E > −1``: at ``p`` above about
  one quarter for a double.
* **Offer.** Not offering is worth ``E``. Offering is worth ``+1`` if the opponent refuses (it will when
  ``E ≥ 1 / r`` for it is sure to lose more by playing on) and ``r × E`` if it accepts: so offer when that is
  more than ``E``, which is whenever ``0 < E ≤ 1`` (at ``E = 1`` the game is won either way: the offer ends it
  now), not when more is won by playing on (a likely mars) — but an accepted offer gives the opponent the next one,
  and the estimate is noisy, so a bot only offers from :data:`OFFER_FROM` (``p`` ≥ 0.7), the doubling
  cube's classic point.

Where ``p`` comes from is the bot's own (its ``stake_outlook``), and lives with the bot:
``bots.heuristic.rule_outlook`` is the heuristic's simple rule on the score and the hand (hand strength and
the card points already taken, against the distance to the target); ``bots.expert.sampled_outlook`` is the
expert's: the unseen cards are sampled as for its card play and the deal is played out to its end on each
sample (solved exactly when few cards remain, else a greedy play-out), which decides a short game outright;
after a deal of a longer game, :func:`score_chance` finishes the game by the same score rule. Before the
trump is named (no play to search yet) the expert uses the rule too. This module imports neither bot: they
both build on it.

A bot that fails here still answers: :func:`decide` never raises for a legal offer (an exception inside the
estimate makes it answer by the bot's rule, its ``fallback_outlook``), and the runner plays a legal action for
any bot that fails anyway.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from deberc_tui.engine import Action, SeatView, scoring
from deberc_tui.engine.actions import Dave, DaveStep, Double, DoubleStep
from deberc_tui.engine.options import DaveProgression, Hanging
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.text import N_, Text

from .base import Bot, Explanation

__all__ = ["OFFER_FROM", "NoDoubleBot", "Outlook", "decide", "deal_chance", "outlook_of", "score_chance", "short_values"]

OFFER_FROM: Final = 0.7
"""The chance of winning the game from which a bot raises the stake (the cube's access and the noise)."""
DEAL_SPREAD: Final = 100.0
"""Points: the spread of one deal's difference between the two sides (a bait swings the whole deal)."""
DEAL_WORTH: Final = 81.0
"""Points a side writes in an average deal: how many deals the distance to the target means."""
HAND_SCALE: Final = 1.5
"""Deal points per point of hand strength above the bar (the heuristic's ``bid_strength``)."""
SHORT_SPREAD: Final = 30.0
"""Points: how sure a lead of the deal's expected difference makes a short game (logistic scale)."""
BIDDER_BAR: Final = 52.0
DEFENDER_BAR: Final = 40.0
STAKE_SAMPLES: Final = 24
STAKE_TIME: Final = 0.25
"""At most this share of the decision's budget goes into the stake's play-outs (the card still needs its own)."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """The seat's view of the game: ``p`` its chance of winning, ``win`` / ``loss`` the game points a win
    gives and a loss costs per unit of stake (2 for a baited short-game bidder with ``short_bait``)."""

    p: float
    win: float = 1.0
    loss: float = 1.0
    samples: int = 0
    """How many play-outs ``p`` comes from (0: the score-and-hand rule)."""

    @property
    def expected(self) -> float:
        """Expected game points per unit of stake if the game is played out."""
        return self.p * self.win - (1 - self.p) * self.loss


# -- the chance of winning --------------------------------------------------------------------------


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def score_chance(rules: Rules, totals: Sequence[float], side: int) -> float:
    """The chance that ``side`` wins a 2-sided game from these totals (after the deal in progress): the lead
    against the spread of the deals still to come, as many as the distance to the target makes."""
    mine = totals[side]
    theirs = max(t for s, t in enumerate(totals) if s != side)
    target = rules.target
    if mine >= target or theirs >= target:
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    deals = max(1.0, (target - max(mine, theirs)) / DEAL_WORTH)
    return _phi((mine - theirs) / (DEAL_SPREAD * math.sqrt(deals)))


def short_values(view: SeatView, short_bait: bool) -> tuple[float, float]:
    """(win, loss) per unit in a short game: a baited bidder loses double with ``short_bait`` (§12)."""
    if not short_bait or view.bidder is None:
        return 1.0, 1.0
    return (2.0, 1.0) if view.bidder != view.seat else (1.0, 2.0)


def _written(rules: Rules, points: Sequence[float], bidder_side: int) -> list[float]:
    """What each side writes for the deal (§7) from its deal points: a bait gives the bidder's points away."""
    outcome = scoring.verdict(rules, bidder_side, points)
    written = list(points)
    if outcome is scoring.BAIT:
        written = [0.0 if s == bidder_side else sum(points) for s in range(len(points))]
    elif outcome is scoring.HANGING and rules.hanging is Hanging.HANG:
        written[bidder_side] = 0.0
    elif outcome is scoring.HELD:
        written = [0.0] * len(points)
    return written


def deal_chance(view: SeatView, points: Sequence[float], bidder_side: int, me: int) -> float:
    """This sample's worth in chances of winning the game: a short game is won on the deal (raw points, or
    written ones with ``short_bait``; a tie deals again: half), a longer one by :func:`score_chance`."""
    rules = view.rules
    written = _written(rules, points, bidder_side)
    if rules.short:
        basis = written if rules.short_bait else list(points)
        other = max(b for s, b in enumerate(basis) if s != me)
        return 1.0 if basis[me] > other else 0.0 if basis[me] < other else 0.5
    totals = [view.totals[s] + written[s] for s in range(rules.sides)]
    return score_chance(rules, totals, me)


# -- the decisions -------------------------------------------------------------------------------


def _ratio(view: SeatView, kind: type[Double] | type[Dave]) -> float:
    """The raised stake over the current one."""
    if view.offer is not None:
        return view.offer.if_accepted / max(1, view.multiplier)
    m = max(1, view.multiplier)
    if kind is Dave and view.rules.dave_progression is DaveProgression.ARITHMETIC:
        return (m + 1) / m
    return 2.0


def outlook_of(bot: object, view: SeatView) -> Outlook:
    """The bot's own estimate (its ``stake_outlook``), or its rule's (its ``fallback_outlook``: the heuristic's
    rule) when that fails, else even chances: an offer is always answered."""
    for name in ("stake_outlook", "fallback_outlook"):
        estimate = getattr(bot, name, None)
        if estimate is None:
            continue
        try:
            outlook = estimate(view)
            if isinstance(outlook, Outlook):
                return outlook
        except Exception:  # noqa: BLE001 - the bot's search failing must not leave an offer unanswered
            continue
    return Outlook(0.5)


def decide(bot: object, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Explanation] | None:
    """The stake decision among ``legal``: an answer while an offer waits, an offer when it pays, else None
    (then the bot plays its turn as usual, without the offer)."""
    answers = [a for a in legal if isinstance(a, Double | Dave) and a.step not in (DoubleStep.OFFER, DaveStep.OFFER)]
    offers = [a for a in legal if isinstance(a, Double | Dave) and a.step in (DoubleStep.OFFER, DaveStep.OFFER)]
    if not answers and not offers:
        return None
    outlook = outlook_of(bot, view)
    e = outlook.expected
    pct = round(100 * outlook.p)
    if answers:
        kind = type(answers[0])
        r = _ratio(view, kind)
        accept = next(a for a in answers if a.step in (DoubleStep.ACCEPT, DaveStep.PLAY))
        refuse = next(a for a in answers if a.step in (DoubleStep.REFUSE, DaveStep.CONCEDE))
        if r * e > -1:
            return accept, Text(N_("play on at the higher stake: the game is won {pct}% of the time, "
                                   "{gain:+.2f} game points per unit against {loss:+.2f} by giving it up"),
                                {"pct": pct, "gain": r * e, "loss": -1.0})
        return refuse, Text(N_("give the game up at the stake it has: it is won only {pct}% of the time, "
                               "{gain:+.2f} game points per unit by playing on"), {"pct": pct, "gain": r * e})
    offer = offers[0]
    r = _ratio(view, type(offer))
    refused = e >= 1 / r  # a sure loser gives the game up
    value = 1.0 if refused else r * e
    if outlook.p >= OFFER_FROM and (value > e or (refused and value >= e)):  # a tie: end the game now, surely
        return offer, Text(N_("raise the stake: the game is won {pct}% of the time"), {"pct": pct})
    return None


def without_offers(legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the offers to raise the stake (what a bot's ordinary play chooses from)."""
    return [a for a in legal if not (isinstance(a, Double | Dave) and a.step in (DoubleStep.OFFER, DaveStep.OFFER))]


class NoDoubleBot:
    """A bot that never raises the stake but answers raises as the bot it wraps would: ``expert:nodouble`` in
    the arena, the baseline that measures what doubling is worth."""

    def __init__(self, inner: Bot, name: str) -> None:
        self.inner = inner
        self.name = name

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        return self.inner.choose(view, without_offers(legal) or list(legal), budget)

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        return self.inner.optional(view, options)

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation:
        return self.inner.explain(view, without_offers(legal) or list(legal))
