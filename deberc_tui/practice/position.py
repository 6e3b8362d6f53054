"""A bidding position: what a player knows when it is their turn to bid."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from deberc_tui.engine import DECK, Bid, BidCall, Card, Deal, Klabor, Redeal, Rules, stack_deck
from deberc_tui.engine.actions import BIDS
from deberc_tui.engine.options import Hanging
from deberc_tui.text.i18n import _

SEAT_NAMES = ("first", "second", "third", "dealer")


class PositionError(ValueError):
    """A position that cannot arise (wrong number of cards, a card twice, a bid out of turn)."""


def seat_role(players: int, offset: int) -> str:
    """Name of the seat ``offset`` places left of the dealer (1 = first to speak; players = dealer)."""
    if offset % players == 0:
        return "dealer"
    return SEAT_NAMES[offset - 1]


def role_offset(players: int, role: str) -> int:
    """How many places left of the dealer a role sits: first = 1, ..., dealer = 0."""
    if role == "dealer":
        return 0
    if role not in SEAT_NAMES[: players - 1]:
        choices = ", ".join(SEAT_NAMES[: players - 1] + ("dealer",))
        raise PositionError(_("unknown seat {role!r} for {players} players (one of: {choices})").format(
            role=role, players=players, choices=choices))
    return SEAT_NAMES.index(role) + 1


@dataclass(frozen=True)
class BidPosition:
    """You hold six cards and it is your turn to bid. Seat numbers: the dealer is seat 0.

    Only the six cards and the turnup are known: everything else (the other hands, the cards after the bid —
    ``rules.tricks_per_deal`` in hand then, 10 under Kharkiv's ``extra_cards: 4`` — the stock) is dealt anew in
    every world of an evaluation."""

    rules: Rules
    hand: tuple[Card, ...]
    turnup: Card
    seat: int
    round: int = 1
    totals: tuple[int, ...] = ()
    hanging: int = 0
    dealer: int = 0
    bids: tuple[BidCall, ...] = field(default=())
    """The calls before this one (all passes: it is the seat's first chance to take the deal)."""

    def __post_init__(self) -> None:
        n = self.rules.players
        if len(self.hand) != 6 or len(set(self.hand)) != 6:
            raise PositionError(_("a bidding hand is six different cards"))
        if self.turnup in self.hand:
            raise PositionError(_("the turnup {card} cannot also be in the hand").format(card=self.turnup.notation))
        if self.round not in (1, 2):
            raise PositionError(_("the round is 1 or 2"))
        if self.hanging and self.rules.hanging is Hanging.FORCED:
            raise PositionError(_("no hanging points before a bid: under hanging 'forced' the deal after a tie "
                                  "is played without bidding"))
        if not self.totals:
            object.__setattr__(self, "totals", (0,) * self.rules.sides)
        if len(self.totals) != self.rules.sides:
            raise PositionError(_("the score needs {n} numbers, one per side").format(n=self.rules.sides))
        expected = (self.round - 1) * n + (self.seat - self.dealer - 1) % n
        if not self.bids:
            object.__setattr__(self, "bids", (BidCall.PASS,) * expected)
        if len(self.bids) != expected or any(b is not BidCall.PASS for b in self.bids):
            raise PositionError(_("before your bid in round {round} there are {expected} passes, not {bids}").format(
                round=self.round, expected=expected, bids=", ".join(self.bids) or _("none")))

    @property
    def role(self) -> str:
        return seat_role(self.rules.players, (self.seat - self.dealer) % self.rules.players)

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    def legal_bids(self) -> list[str]:
        return [a.call for a in self.deal_with(list(DECK)).legal_actions() if isinstance(a, Bid)]

    def deal_with(self, fill: Sequence[Card]) -> Deal:
        """A deal consistent with the position (the unknown cards in ``fill``'s order), bids applied.

        The deck is stacked under the position's own rules, so the cards after the bid go out as they say
        (``extra_cards``, ``turnup_to``, ``extras_from``...); only the six cards are placed, so whoever bids,
        everything after them comes from ``fill``."""
        deck = stack_deck(self.rules, self.dealer, {self.seat: list(self.hand)}, self.turnup, fill=fill,
                          bidder=self.seat)
        deal = Deal(self.rules, self.dealer, deck, self.totals)
        for call in self.bids:
            assert deal.to_act is not None
            deal.apply(deal.to_act, BIDS[call])
        return deal

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.rules.preset_name, "players": self.rules.players,
            "rules": self.rules.to_dict(), "hand": [c.notation for c in self.hand],
            "turnup": self.turnup.notation, "seat": self.role, "round": self.round,
            "score": list(self.totals), "hanging": self.hanging, "target": self.rules.target,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> BidPosition:
        rules = Rules.from_dict(doc["rules"], players=doc["players"])
        offset = role_offset(rules.players, doc["seat"])
        return cls(
            rules, tuple(Card.parse(c) for c in doc["hand"]), Card.parse(doc["turnup"]), offset % rules.players,
            doc.get("round", 1), tuple(doc.get("score", ())), doc.get("hanging", 0),
        )


def make_position(
    rules: Rules, hand: Sequence[Card], turnup: Card, role: str = "first", round: int = 1,
    totals: Sequence[int] = (), hanging: int = 0,
) -> BidPosition:
    seat = role_offset(rules.players, role) % rules.players
    return BidPosition(rules, tuple(hand), turnup, seat, round, tuple(totals), hanging)


def no_decision(deal: Deal, seat: int) -> bool:
    """Whether ``seat``'s six cards make the bid pointless: a hand that may be thrown in (four sevens, a weak hand
    under ``low_points_redeal``) is thrown in after any bid, and klabor wins the game before it."""
    return any(isinstance(a, Redeal | Klabor) for a in deal.optional_actions(seat))


def random_position(rules: Rules, rng: random.Random, role: str | None = None, round: int | None = None) -> BidPosition:
    """A random position reached naturally: deal, and let it be the chosen seat's turn in the chosen round.

    Deals again while the seat's hand leaves nothing to decide (:func:`no_decision`: under the club's
    ``low_points_redeal: 13`` about one hand in ten)."""
    n = rules.players
    roles = [seat_role(n, k) for k in range(1, n + 1)]
    chosen = role or rng.choice(roles)
    rnd = round or (1 if rng.random() < 0.7 else 2)
    seat = role_offset(n, chosen) % n
    deck = list(DECK)
    for _attempt in range(100):
        rng.shuffle(deck)
        probe = Deal(rules, 0, deck)
        if not no_decision(probe, seat):
            break
    hand = tuple(probe.hand(seat))
    totals: tuple[int, ...] = tuple(rng.choice((0, 0, 40, 120, 250, 380, 450)) for _side in range(rules.sides))
    if rules.short:
        totals = (0,) * rules.sides
    totals = tuple(min(t, rules.target - 1) for t in totals)
    return BidPosition(rules, hand, probe.turnup, seat, rnd, totals)
