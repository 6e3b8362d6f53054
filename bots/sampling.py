"""Dealing the unseen cards in a way consistent with what a seat knows (for search bots).

A *sample* gives every other seat a full hand drawn from the seat's unseen cards: cards known to be
with a seat (the swapped turnup, shown declarations, the other bella card, the 4-player turnup) go
to it; a seat never gets a card it cannot hold (a void shown by failing to follow or to trump, a
failed overtrump); the rest are spread at random, the stock taking what is left over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deberc_tui.engine import BidCall

from .heuristic import TRUMP_VALUE
from .knowledge import Knowledge, bits


def sample_hands(know: Knowledge, rng: random.Random, sizes: list[int] | None = None, tries: int = 20) -> list[int]:
    """One hand per seat (this seat's own hand as it is); ``sizes`` overrides the hand sizes
    (e.g. 9 during the bidding, to imagine the full deal). Constraints are relaxed if they cannot
    all be met after ``tries`` attempts (a contradiction means the inference was too strong)."""
    n = know.n
    sizes = list(sizes if sizes is not None else know.sizes)
    me = know.seat
    known_all = 0
    for s in range(n):
        if s != me:
            known_all |= know.known[s]
    pool_mask = know.unseen & ~known_all & ~know.played
    pool = bits(pool_mask)
    base = [know.known[s] if s != me else know.hand for s in range(n)]
    need = [0 if s == me else max(0, sizes[s] - base[s].bit_count()) for s in range(n)]
    forbidden = know.forbidden
    for attempt in range(tries + 1):
        strict = attempt < tries
        hands = base[:]
        room = need[:]
        # Most constrained cards first: fewer possible holders.
        order = pool[:]
        rng.shuffle(order)
        if strict:
            order.sort(key=lambda c: sum(1 for s in range(n) if s != me and not forbidden[s] >> c & 1))
        stock = len(pool) - sum(room)
        ok = True
        for c in order:
            holders = [s for s in range(n) if s != me and room[s] > 0 and (not strict or not forbidden[s] >> c & 1)]
            weights = [room[s] for s in holders]
            total = sum(weights) + max(stock, 0)
            if total <= 0:
                ok = False
                break
            r = rng.randrange(total)
            chosen = -1
            for s, w in zip(holders, weights, strict=True):
                if r < w:
                    chosen = s
                    break
                r -= w
            if chosen < 0:
                stock -= 1
            else:
                hands[chosen] |= 1 << c
                room[chosen] -= 1
        if ok and not any(room):
            return hands
    # Last resort (should not happen): fill without any constraint.
    hands = base[:]
    rest = [c for c in pool]
    rng.shuffle(rest)
    for s in range(n):
        while s != me and hands[s].bit_count() < sizes[s] and rest:
            hands[s] |= 1 << rest.pop()
    return hands


# A holding's trump value as the heuristic counts it in the bidding (TRUMP_VALUE by natural rank, plus
# 6 per trump beyond two): a rough measure of how a player with these trumps would speak.
BIDDER_MIN_WORTH = 26  # a bidder holds at least about the nine and one more trump (or the jack)
PASSER_MAX_WORTH = 70  # a player holding jack, nine and a third trump would not have passed


def trump_worth(holding: int, trump: int) -> int:
    """How strong ``holding`` is in ``trump`` (the trump part of the heuristic's ``bid_strength``)."""
    trumps = holding >> (trump * 8) & 0xFF
    worth = 0
    n = 0
    for r in range(8):
        if trumps >> r & 1:
            worth += TRUMP_VALUE[r]
            n += 1
    return worth + 6 * max(0, n - 2)


def bidding_constraints(
    bids: Sequence[tuple[int, BidCall]], players: int, me: int, turnup_suit: int, suits: Sequence[int],
) -> list[tuple[int, int, bool]]:
    """What the bidding says about the other seats, as (seat, suit, strong) for each of ``suits``:
    the seat that chose a trump is strong in it; a seat that passed while the suit could be chosen
    (round 1: the turnup's suit; round 2: the others) is not very strong in it."""
    out: list[tuple[int, int, bool]] = []
    for k, (seat, call) in enumerate(bids):
        if seat == me:
            continue
        round1 = k < players
        for t in suits:
            if call is BidCall.PASS:
                if (t == turnup_suit) == round1:
                    out.append((seat, t, False))
            elif (turnup_suit if call is BidCall.PLAY else _suit_index(call)) == t:
                out.append((seat, t, True))
    return out


def _suit_index(call: BidCall) -> int:
    """The suit a round-2 call names (a call other than play and pass)."""
    suit = call.suit
    assert suit is not None
    return suit.index


def fits_bidding(hands: Sequence[int], extra: Sequence[int], constraints: Sequence[tuple[int, int, bool]]) -> bool:
    """Whether a sample agrees with the bidding (``extra[s]``: cards seat s held but has played)."""
    for seat, t, strong in constraints:
        worth = trump_worth(hands[seat] | extra[seat], t)
        if strong and worth < BIDDER_MIN_WORTH:
            return False
        if not strong and worth >= PASSER_MAX_WORTH:
            return False
    return True
