"""Who gets which packet (RULES.md §2): one home for the order of dealing, read by the deal, by
:func:`~deberc_tui.engine.stack.stack_deck` (which deals backwards) and by search bots completing a deal.

With 2-3 players the cards after the bidding are one packet of ``extra_cards`` each, in the order
``extras_from`` says; with ``turnup_2_3: "bidder"`` the turnup is the first card of the bidder's packet.
With 4 players 2 each from the left of the dealer, the turnup and 1 card for the player ``turnup_to`` names.
"""

from __future__ import annotations

from typing import Final

from deberc_tui.engine.options import ExtrasFrom, StockCardShown, Turnup23, TurnupTo
from deberc_tui.engine.rules import Rules

FIRST_PACKETS: Final = 2
"""Packets of 3 each before the turnup (six cards)."""


_LEFT_OF: Final = {n: tuple(tuple((s + 1 + i) % n for i in range(n)) for s in range(n)) for n in (2, 3, 4)}


def left_of(seat: int, players: int) -> tuple[int, ...]:
    """Every seat clockwise from the one left of ``seat``, ``seat`` last."""
    return _LEFT_OF[players][seat]


def turnup_receiver(rules: Rules, dealer: int, bidder: int) -> int | None:
    """The seat that takes the turnup into its hand once ``bidder`` has chosen trump (§2): with 4 players the
    dealer or the bidder (``turnup_to``), with 2-3 the bidder under ``turnup_2_3: "bidder"``; None where it
    stays on the table or goes under the stock."""
    if rules.players == 4:
        return dealer if rules.turnup_to is TurnupTo.DEALER else bidder
    return bidder if rules.turnup_2_3 is Turnup23.BIDDER else None


def packets_after_bidding(rules: Rules, dealer: int, bidder: int) -> tuple[tuple[int, int, bool], ...]:
    """``(seat, cards from the stock, takes the turnup)`` for each seat, in the order the packets go out."""
    n = rules.players
    receiver = turnup_receiver(rules, dealer, bidder)
    if n == 4:
        return tuple([(s, 1, True) if s == receiver else (s, 2, False) for s in _LEFT_OF[4][dealer]])
    k = rules.extra_cards
    first = bidder if rules.extras_from is ExtrasFrom.LEFT_OF_BIDDER else dealer
    return tuple([(s, k - 1, True) if s == receiver else (s, k, False) for s in _LEFT_OF[n][first]])


def depends_on_bidder(rules: Rules) -> bool:
    """Whether the cards after the bidding go out differently depending on who bids."""
    if rules.players == 4:
        return rules.turnup_to is TurnupTo.BIDDER
    return rules.extras_from is ExtrasFrom.LEFT_OF_BIDDER or rules.turnup_2_3 is Turnup23.BIDDER


def stock_card_shown(rules: Rules) -> StockCardShown:
    """Which stock card the players see: none with 4 players (no stock), and with the turnup put under the
    stock (``turnup_2_3: "bottom"``) the turnup is the only one, whatever ``stock_card_shown`` says (decided)."""
    if rules.players == 4 or rules.turnup_2_3 is Turnup23.BOTTOM:
        return StockCardShown.NONE
    return rules.stock_card_shown

