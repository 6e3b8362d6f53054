"""The card the hand offers first when it is a person's turn to play: what Enter plays unless they choose.

The leftmost legal card is often the highest trump or an ace, and Enter would throw 10 or 11 points away
(Boris leads the trump J♥, you hold A♥ and Q♥: both lose the trick, and A♥ gives him 11 points, Q♥ only 3).
So the default is the cheapest card that does the job, by these rules, the first that applies:

1. one legal card: that card;
2. your partner (4 players) takes the trick so far: the cheapest card (do not overtake them);
3. you play last to the trick and a card of yours takes it: the cheapest card that takes it (a card that
   takes the trick keeps its own points on your side);
4. anything else — leading, or a player still to come who may beat you: the cheapest card.

"Cheapest" keeps trumps (a plain card before a trump), then gives the fewest card points, then the lowest
card in the order of play. It is a default, not advice: the hint (``i``) weighs the deal, and moves the
selection to the card it names.
"""

from __future__ import annotations

from collections.abc import Iterable

from deberc_tui.engine import Card, Phase, PlayCard, SeatView, Suit
from deberc_tui.engine.play import STRENGTH

__all__ = ["default_card", "takes_trick"]


def default_card(view: SeatView) -> Card | None:
    """The card to offer first for ``view``'s seat, or None when the seat has no card to play now."""
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        return None
    legal = _unique(a.card for a in view.legal if isinstance(a, PlayCard))
    if len(legal) <= 1:
        return legal[0] if legal else None
    cheapest = min(legal, key=lambda c: _cost(c, view.trump))
    winner = view.trick_winner
    if not view.current_trick or winner is None:
        return cheapest
    rules = view.rules
    if winner != view.seat and rules.side_of(winner) == rules.side_of(view.seat):
        return cheapest
    last = len(view.current_trick) == rules.players - 1
    takers = [c for c in legal if takes_trick(view, c)]
    if last and takers:
        return min(takers, key=lambda c: _cost(c, view.trump))
    return cheapest


def takes_trick(view: SeatView, card: Card) -> bool:
    """Whether ``card`` played now would take the trick in progress from the card that takes it so far: a trump
    over a plain card or a lower trump, a card of the led suit over a lower one."""
    if not view.current_trick or view.trick_winner is None or view.trump is None:
        return False
    best = next(c for s, c in view.current_trick if s == view.trick_winner)
    led = view.current_trick[0][1].suit
    if card.suit is not view.trump and card.suit is not led:
        return False
    strength = STRENGTH[view.trump.index + 1]
    return strength[card.index] > strength[best.index]


def _cost(card: Card, trump: Suit | None) -> tuple[bool, int, int]:
    """What playing ``card`` gives up: a trump first, then its points, then its place in the order of play."""
    strength = STRENGTH[(trump.index + 1) if trump is not None else 0]
    return (card.suit is trump, card.points(trump), strength[card.index])


def _unique(cards: Iterable[Card]) -> list[Card]:
    """The cards once each (a card that may declare or say bella is offered as several actions)."""
    out: list[Card] = []
    for card in cards:
        if card not in out:
            out.append(card)
    return out
