"""The card-play rules of RULES.md §6 on bitmasks: card points, who beats whom, which cards a seat may play.

The one home of these rules: the engine's :class:`~deberc_tui.engine.deal.Deal`, the bots' knowledge and
their double-dummy search (``bots/sim.py``, millions of plies) and the score pad all read them here, so a
change to the rules is made once. Everything is a plain function or table on card indices
(``suit * 8 + natural rank``) and masks, fast enough for the search: no objects, no options lookups.

Trump is a suit index 0..3, or -1 where no suit is trump (the tables are indexed ``[trump + 1]``).
"""

from __future__ import annotations

from typing import Final

from deberc_tui.engine.cards import PLAIN_ORDER, PLAIN_POINTS, SUIT_MASKS, TRUMP_ORDER, TRUMP_POINTS

CARD_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((TRUMP_POINTS if card >> 3 == trump else PLAIN_POINTS)[card & 7] for card in range(32))
    for trump in range(-1, 4)
)
"""``CARD_POINTS[trump + 1][card]``: what the card is worth when taken (J 20, 9 14 in trumps; A 11, 10 10, ...)."""

PLAIN_CARD_POINTS: Final[tuple[int, ...]] = CARD_POINTS[0]
"""Card points with no suit trump (the weak-hand redeal counts every suit as plain)."""

STRENGTH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(100 + TRUMP_ORDER[card & 7] if card >> 3 == trump else PLAIN_ORDER[card & 7] for card in range(32))
    for trump in range(-1, 4)
)
"""``STRENGTH[trump + 1][card]``: trumps 100 and up, other cards their plain order (which counts only within
the led suit): the higher strength of a trump or a card of the led suit takes the trick."""

TRUMP_ABOVE: Final[tuple[int, ...]] = tuple(
    sum(1 << ((card >> 3) * 8 + k) for k in range(8) if TRUMP_ORDER[k] > TRUMP_ORDER[card & 7]) for card in range(32)
)
"""``TRUMP_ABOVE[card]``: the cards of ``card``'s suit that beat it when that suit is trump."""

DEAL_CARD_POINTS: Final = 162
"""All the card points of a deal with the last trick's 10 (152 + 10)."""
LAST_TRICK_POINTS: Final = 10
"""What the last trick adds to its taker's card points."""
BELLA_POINTS: Final = 20
"""Bella: the trump king and queen in one hand."""


def legal_mask(hand: int, seat: int, led: int, trump: int, best_trump: int, win_seat: int,
               exempt: bool, ruff_over: bool) -> int:
    """The cards of ``hand`` that ``seat`` may play (§6), as a mask.

    ``led`` is the led suit (-1 when ``seat`` leads: any card), ``best_trump`` the highest trump in the
    trick (-1: none), ``win_seat`` the seat winning it so far. ``exempt``: ``partner_exempt`` with 4 players
    (you need not beat your partner's winning card; the duty to follow and to trump stays); ``ruff_over``:
    ``overtrump_on_ruff``.

    Follow suit; with trumps led, beat the best trump if you can; void in the led suit, trump (and with
    ``ruff_over`` beat a trump already played); void in both, play anything.
    """
    if led < 0:
        return hand
    tmask = SUIT_MASKS[trump]
    ex = exempt and (win_seat - seat) % 2 == 0
    if led == trump:
        trumps = hand & tmask
        if not trumps:
            return hand
        if ex:
            return trumps
        higher = trumps & TRUMP_ABOVE[best_trump]
        return higher or trumps
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    trumps = hand & tmask
    if not trumps:
        return hand
    if ruff_over and best_trump >= 0 and not ex:
        higher = trumps & TRUMP_ABOVE[best_trump]
        return higher or trumps
    return trumps


def plain_points(mask: int) -> int:
    """Card points of a mask with every suit counted as plain (the weak-hand redeal rule)."""
    total = 0
    while mask:
        low = mask & -mask
        total += PLAIN_CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total
