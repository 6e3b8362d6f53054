"""What one seat may see (its information set): built fresh from a deal, holding no hidden card.

Bots and the UI get a :class:`SeatView`; the full :class:`Deal` stays with the table. The view
holds copies of public facts and the seat's own hand, never a reference to the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, BidCall
from .cards import DECK, Card, Suit, cards_of, mask_of, sort_hand
from .combos import ComboKind
from .deal import Deal, Phase
from .rules import Rules
from .scoring import DealResult


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class Announcement:
    """A declaration as the table hears it: who, what kind, how high (рост), and in which suit once shown."""

    seat: int
    kind: ComboKind
    top: str
    length: int
    shown: tuple[Card, ...]  # the cards, once the winning side shows them (else empty)


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: Rules
    dealer: int
    phase: Phase  # a StrEnum: equal to "bidding", "play" or "over"
    to_act: int | None
    hand: tuple[Card, ...]
    turnup: Card
    turnup_taken_by: int | None
    bottom: Card | None
    bids: tuple[tuple[int, BidCall], ...]
    bid_round: int
    trump: Suit | None
    bidder: int | None
    swapped_by: int | None
    swapped_card: Card | None  # the old turnup, now in the swapper's hand
    tricks: tuple[PlayedTrick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    announcements: tuple[Announcement, ...]
    combos_side: int | None
    bella: tuple[tuple[int, int], ...]  # (seat, trick number)
    played_first: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    hanging: int
    sheet: tuple[DealResult, ...]
    legal: tuple[Action, ...]
    optional: tuple[Action, ...]

    @property
    def players(self) -> int:
        return self.rules.players

    def unseen_mask(self) -> int:
        """Cards this seat has not seen: everything but its hand, played cards and face-up cards."""
        seen = mask_of(self.hand)
        for t in self.tricks:
            seen |= mask_of(c for _, c in t.cards)
        seen |= mask_of(c for _, c in self.current_trick)
        if self.turnup_taken_by is None or self.turnup_taken_by == self.seat:
            seen |= self.turnup.bit
        if self.bottom is not None:
            seen |= self.bottom.bit
        return ((1 << 32) - 1) & ~seen

    def unseen(self) -> list[Card]:
        return cards_of(self.unseen_mask())


def seat_view(
    deal: Deal, seat: int, totals: tuple[int, ...] | None = None, hanging: int = 0,
    sheet: tuple[DealResult, ...] = (),
) -> SeatView:
    rules = deal.rules
    shown: dict[int, list[Card]] = {}
    if deal.combos_side is not None and deal.tricks:
        for d in deal.declarations:
            if rules.side_of(d.seat) == deal.combos_side:
                shown[d.seat] = [c for combo in d.combos for c in combo.cards]
    announcements = tuple(
        Announcement(d.seat, d.best.kind, d.best.top.value, d.best.length, tuple(shown.get(d.seat, ())))
        for d in deal.declarations
    )
    my_turn = deal.to_act == seat
    return SeatView(
        seat=seat,
        rules=rules,
        dealer=deal.dealer,
        phase=deal.phase,
        to_act=deal.to_act,
        hand=tuple(sort_hand(deal.hand(seat), deal.trump)),
        turnup=deal.turnup,
        turnup_taken_by=deal.turnup_taken_by,
        bottom=deal.bottom,
        bids=tuple((s, b.call) for s, b in deal.bids),
        bid_round=deal.bid_round,
        trump=deal.trump,
        bidder=deal.bidder,
        swapped_by=deal.swapped_by,
        swapped_card=deal.swapped_card,
        tricks=tuple(PlayedTrick(t.leader, t.cards, t.winner, t.points) for t in deal.tricks),
        current_trick=tuple((s, DECK[i]) for s, i in deal.trick),
        announcements=announcements,
        combos_side=deal.combos_side if deal.tricks else None,
        bella=tuple(deal.bella_tricks),
        played_first=tuple(deal.played_first),
        hand_sizes=tuple(bin(deal.hand_mask(s)).count("1") for s in range(deal.n)),
        totals=tuple(totals) if totals is not None else deal.totals,
        hanging=hanging,
        sheet=sheet,
        legal=tuple(deal.legal_actions()) if my_turn and deal.phase is not Phase.OVER else (),
        optional=tuple(deal.optional_actions(seat)),
    )
