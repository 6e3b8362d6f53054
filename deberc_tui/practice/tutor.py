"""The tutor during a normal game: before a human commits a bid or a card, what does it cost?

Bids are evaluated as in practice (:mod:`evaluate`). For a card, each world deals the unseen cards
consistently with what the seat knows (voids, shown combinations, the swap — the expert bot's
sampler), rebuilds the deal by replaying the table's public history onto that deal, and then plays
every candidate card out in the same worlds.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from deberc_tui.engine import (
    CONCEDE_PLAY,
    DECK,
    PLAY,
    SWAP_SEVEN,
    Action,
    Bid,
    Card,
    Deal,
    IllegalActionError,
    Phase,
    PlayCard,
    Rank,
    SeatView,
)
from deberc_tui.engine.actions import BIDS
from deberc_tui.engine.stack import stack_deck
from deberc_tui.practice.evaluate import (
    BidValue,
    evaluate,
    paired_differences,
    play_out,
    playout_seats,
    record_outcome,
    settled_difference_se,
    standard_error,
)
from deberc_tui.practice.position import BidPosition, PositionError
from deberc_tui.text import words
from deberc_tui.text.i18n import _


@dataclass
class Advice:
    """The tutor's view of one decision: each candidate's value, best first."""

    values: list[tuple[Action, BidValue]]
    worlds: int
    seconds: float

    @property
    def best(self) -> tuple[Action, BidValue]:
        return self.values[0]

    def cost(self, action: Action) -> tuple[float, float] | None:
        """Expected points lost by ``action`` against the best, and the standard error of that difference."""
        best_action, best = self.best
        for a, v in self.values:
            if a == action:
                if (settled := settled_difference_se(best, v)) is not None:
                    return best.ev - v.ev, settled
                diffs = paired_differences(best.values, v.values)
                if len(diffs) < 2:
                    return None
                return sum(diffs) / len(diffs), standard_error(diffs)
        return None


def advise(view: SeatView, seconds: float = 1.5, seed: int = 0) -> Advice | None:
    """Evaluate the bids or cards open to ``view``'s seat; None when there is nothing to weigh."""
    if view.to_act != view.seat:
        return None
    if view.phase is Phase.BIDDING:
        return _advise_bid(view, seconds, seed)
    if view.phase is Phase.PLAY:
        return _advise_card(view, seconds, seed)
    return None


def _advise_bid(view: SeatView, seconds: float, seed: int) -> Advice | None:
    try:
        position = BidPosition(
            view.rules, view.hand, view.turnup, view.seat, view.bid_round, view.totals, view.hanging,
            view.dealer, tuple(call for _, call in view.bids),
        )
    except PositionError:
        return None
    result = evaluate(position, seed=seed, max_seconds=seconds)
    ranked = sorted(result.bids, key=lambda b: b.ev, reverse=True)  # the tutor warns in points, near the end too
    return Advice([(BIDS[b.bid], b) for b in ranked], result.worlds, result.seconds)


def _advise_card(view: SeatView, seconds: float, seed: int) -> Advice | None:
    from bots.core import sample_hands
    from bots.knowledge import knowledge

    candidates = [a for a in view.legal if isinstance(a, PlayCard)]
    if len(candidates) < 2:
        return None
    rng = random.Random(seed)
    know = knowledge(view)
    seats = playout_seats("heuristic", seed, view.players)
    values = [BidValue(str(a)) for a in candidates]
    my_side = view.rules.side_of(view.seat)
    start = time.perf_counter()
    worlds = 0
    while time.perf_counter() - start < seconds and worlds < 2000:
        hands = sample_hands(know, rng)
        base = rebuild(view, hands, rng)
        if base is None:
            continue
        for action, bv in zip(candidates, values, strict=True):
            deal = base.clone()
            deal.apply(view.seat, action)
            record_outcome(bv, play_out(deal, seats, view.totals, view.hanging), my_side)
        worlds += 1
    if worlds < 2:
        return None
    ranked = sorted(zip(candidates, values, strict=True), key=lambda p: p[1].ev, reverse=True)
    return Advice(list(ranked), worlds, time.perf_counter() - start)


def rebuild(view: SeatView, hands: list[int], rng: random.Random) -> Deal | None:
    """The deal as it stands, with the unseen cards as ``hands`` says: the public history replayed
    onto a deck that deals those hands. None if the sample contradicts the history."""
    rules = view.rules
    n = rules.players
    played = [0] * n
    tricks = [t.cards for t in view.tricks] + ([view.current_trick] if view.current_trick else [])
    for cards in tricks:
        for seat, card in cards:
            played[seat] |= card.bit
    original = [hands[s] | played[s] for s in range(n)]
    turnup = view.swapped_card if view.swapped_card is not None else view.turnup
    if view.swapped_by is not None and view.trump is not None:
        seven = Card(Rank.SEVEN, view.trump)
        original[view.swapped_by] = (original[view.swapped_by] & ~turnup.bit) | seven.bit
    receiver = view.turnup_taken_by
    if receiver is not None:
        original[receiver] &= ~view.turnup.bit
    fill = list(DECK)
    rng.shuffle(fill)
    try:
        given = {s: [c for c in fill if original[s] >> c.index & 1] for s in range(n)}
        deck = stack_deck(rules, view.dealer, given, turnup, bottom=view.bottom, fill=fill, stock_top=view.stock_top,
                          bidder=view.dealer if view.bidder is None else view.bidder)
        deal = Deal(rules, view.dealer, deck, view.totals)
        for seat, call in view.bids:
            deal.apply(seat, BIDS[call])
        if deal.concede_open:  # the defender played on (or the offer was refused): the extra cards are dealt
            assert deal.bidder is not None
            deal.apply((deal.bidder + 1) % n, CONCEDE_PLAY)
        if view.swapped_by is not None:
            deal.apply(view.swapped_by, SWAP_SEVEN)
        declared = {a.seat for a in view.announcements}
        bella = set(view.bella)
        for number, cards in enumerate(tricks):
            for seat, card in cards:
                first = not deal.played_first[seat]
                flags = (2 if first and seat in declared else 0) + (1 if (seat, number) in bella else 0)
                deal.apply(seat, PLAY[card.index][flags])
    except (IllegalActionError, ValueError):
        return None
    if deal.to_act != view.seat or deal.hand_mask(view.seat) != sum(c.bit for c in view.hand):
        return None
    return deal


def describe_cost(action: Action, advice: Advice) -> str | None:
    """A one-line warning text, or None if ``action`` is (close to) the best."""
    cost = advice.cost(action)
    if cost is None:
        return None
    loss, se = cost
    best_action, _best_se = advice.best
    if action == best_action or loss <= 0:
        return None
    if isinstance(action, Bid):
        text = _("{action} loses about {loss:.0f} points (±{se:.0f}) against {best} — the best bid here.")
    else:
        text = _("{action} loses about {loss:.0f} points (±{se:.0f}) against {best} — the best card here.")
    return text.format(action=_label(action), loss=loss, se=se, best=_label(best_action))


def _label(action: Action) -> str:
    if isinstance(action, PlayCard):
        return words.card(action.card)
    if isinstance(action, Bid):
        suit = action.suit
        if suit is None:  # play or pass
            return words.call(action.call)
        return suit.symbol  # a named suit: ♥ in every language
    return str(action)
