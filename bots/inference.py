"""What the play so far says about the hidden hands: weights for sampled worlds (importance weighting).

The sampler (:mod:`bots.sampling`) deals only worlds that *can* be: voids, shown cards, the bidding. Some worlds
that can be are still unlikely given what the players chose to do. The clearest case: a player who gave a ten or
an ace (or a high trump) to a trick the other side was winning, and did not win it, had no cheaper card it could
have played there; a player keeps its points when it can. A world in which that player still holds such a cheaper
card is weighted down by :data:`DUMP_LIKELIHOOD` per play it contradicts (not ruled out: a player may keep a small
card for a reason of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

from deberc_tui.engine import SeatView
from deberc_tui.engine.cards import SUIT_MASKS
from deberc_tui.engine.play import CARD_POINTS, STRENGTH

from .core import legal_mask, trump_worth

DUMP_LIKELIHOOD = 0.25
"""How likely a player is to give away a point card when it held a cheaper one it could have played."""
DUMP_POINTS = 10
"""A play this many card points or more is a gift worth reading (tens, aces, the high trumps)."""


@dataclass(frozen=True)
class Gift:
    """``seat`` gave ``card`` to a trick the other side won; ``later``: the cards it has played since (with
    ``card``), ``cheaper``: the cards it would rather have played; the trick as it stood: led suit, best
    trump, winning seat."""

    seat: int
    card: int
    later: int
    cheaper: int
    led: int
    best_trump: int
    win_seat: int


def gifts(view: SeatView, teams: Sequence[int]) -> list[Gift]:
    """The gifts of points by the other seats in the tricks taken so far (``teams``: the side of each seat)."""
    if view.trump is None:
        return []
    trump = view.trump.index
    cp = CARD_POINTS[trump + 1]
    st = STRENGTH[trump + 1]
    plays: list[tuple[int, int]] = [(s, c.index) for t in view.tricks for s, c in t.cards]
    out: list[Gift] = []
    k = 0
    for t in view.tricks:
        led = t.cards[0][1].index >> 3
        ws, wstr, bt = -1, -1, -1
        for seat, card in t.cards:
            c = card.index
            k += 1
            if ws >= 0 and seat != view.seat and cp[c] >= DUMP_POINTS and teams[ws] != teams[seat] \
                    and teams[t.winner] != teams[seat]:
                later = 0
                for s, d in plays[k - 1:]:
                    if s == seat:
                        later |= 1 << d
                same = SUIT_MASKS[c >> 3]
                cheaper = sum(1 << d for d in range(32) if cp[d] < cp[c] and (d >> 3 != trump or c >> 3 == trump))
                out.append(Gift(seat, c, later, cheaper & (same if c >> 3 == trump else ~SUIT_MASKS[trump]),
                                led, bt, ws))
            if c >> 3 == trump:
                if st[c] > wstr:
                    ws, wstr, bt = seat, st[c], c
            elif c >> 3 == led and st[c] > wstr:
                ws, wstr = seat, st[c]
    return out


def world_weight(
    hands: Sequence[int], found: Sequence[Gift], trump: int, exempt: bool, ruff_over: bool,
    likelihood: float = DUMP_LIKELIHOOD,
) -> float:
    """How likely the gifts are in this world: ``likelihood`` for each gift made while a cheaper card that could
    have been played is in the giver's hand here."""
    weight = 1.0
    for g in found:
        held = hands[g.seat]
        legal = legal_mask(held | g.later, g.seat, g.led, trump, g.best_trump, g.win_seat, exempt, ruff_over)
        if legal & g.cheaper & held:
            weight *= likelihood
    return weight


FIRST_CARDS = 6
"""The cards a player has seen when it bids (§2: two packets of three)."""
PASS_FLOOR = 0.05
"""The least likely a pass is, however strong the trumps: a player may pass for a reason of its own."""


def pass_likelihood(holding: int, trump: int, cut: float) -> float:
    """How likely a player whose cards this deal are ``holding`` (the first six and those dealt after the bidding)
    was to pass when ``trump`` could be chosen: the chance that its first six cards held trumps worth less than
    ``cut`` (as :func:`~bots.sampling.trump_worth` counts them: jack and nine alone are worth 52), each six of the
    holding being equally likely the first; never below :data:`PASS_FLOOR`."""
    return max(PASS_FLOOR, _pass_chance(holding >> (trump * 8) & 0xFF, holding.bit_count(), int(cut)))


@cache
def _pass_chance(trumps: int, size: int, cut: int) -> float:
    if size <= FIRST_CARDS:
        return 1.0 if _worth(trumps) < cut else 0.0
    ranks = [r for r in range(8) if trumps >> r & 1]
    k = len(ranks)
    others = size - k
    total = comb(size, FIRST_CARDS)
    chance = 0.0
    for pick in range(1 << k):
        chosen = pick.bit_count()
        if chosen > FIRST_CARDS or FIRST_CARDS - chosen > others:
            continue
        subset = sum(1 << ranks[i] for i in range(k) if pick >> i & 1)
        if _worth(subset) < cut:
            chance += comb(others, FIRST_CARDS - chosen) / total
    return chance


def _worth(trumps: int) -> int:
    return trump_worth(trumps, 0)


def bidding_weight(
    hands: Sequence[int], extra: Sequence[int], constraints: Sequence[tuple[int, int, bool]], cut: float,
) -> float:
    """How likely the passes of the bidding are in this world (``extra[s]``: the cards seat s has played; the
    constraints as :func:`~bots.sampling.bidding_constraints` gives them, of which the passes are read here)."""
    weight = 1.0
    for seat, trump, strong in constraints:
        if not strong:
            weight *= pass_likelihood(hands[seat] | extra[seat], trump, cut)
    return weight
