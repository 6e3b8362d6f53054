"""The tutor's sampled worlds: dealt from a seed, and what each one deals where.

A world is a shuffled deck: :meth:`~deberc_tui.practice.position.BidPosition.deal_with` places the position's six
cards and turnup and fills every other place from it in order. Which place each filled card goes to is fixed by the
position (:func:`~deberc_tui.engine.stack.spare_holders`), so a world also says, card by card, whether it came to
you after the bidding, to your partner, to the other sides or into the stock: the indicators the tutor's control
variates are made of (:mod:`~deberc_tui.practice.regression`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from enum import Enum

from deberc_tui.engine import DECK
from deberc_tui.engine.stack import spare_holders
from deberc_tui.practice.position import BidPosition


class Holder(Enum):
    """Where a card that is not known to you goes in a world."""

    MINE = "yours after the bidding"
    PARTNER = "your partner's"
    OTHERS = "the other sides'"
    STOCK = "the stock"


class WorldDeals:
    """Shuffled decks for ``position``, and the indicators of each: for every card you do not know and every holder
    but the one that gets the most of them (the indicators of one card add up to 1, so one holder's are the others'
    complement), whether the card went there."""

    def __init__(self, position: BidPosition) -> None:
        rules = position.rules
        known = set(position.hand) | {position.turnup}
        self.known = frozenset(c.index for c in known)
        unknown = [c.index for c in DECK if c not in known]
        self.place = {card: i for i, card in enumerate(unknown)}

        def holder(seat: int | None) -> Holder:
            if seat is None:
                return Holder.STOCK
            if seat == position.seat:
                return Holder.MINE
            return Holder.PARTNER if rules.side_of(seat) == position.side else Holder.OTHERS

        slots = [holder(s) for s in spare_holders(rules, position.dealer, {position.seat: 6}, position.seat)]
        counts = {h: n for h in Holder if (n := slots.count(h))}
        most = max(counts, key=lambda h: counts[h])
        kept = [h for h in counts if h is not most]
        width = len(unknown)
        self.holders = tuple(kept)
        self.slot_base: tuple[int | None, ...] = tuple(
            width * kept.index(h) if h in kept else None for h in slots)
        self.means: tuple[float, ...] = tuple(counts[h] / width for h in kept for _ in range(width))

    def fills(self, rng: random.Random, count: int) -> Iterator[tuple[int, ...]]:
        """``count`` shuffled decks (as card indices), drawn from ``rng`` one after the other."""
        for _ in range(count):
            fill = list(DECK)
            rng.shuffle(fill)
            yield tuple(c.index for c in fill)

    def indicators(self, fill: tuple[int, ...]) -> list[int]:
        """The indicators that are 1 in the world of ``fill``."""
        known, place, base = self.known, self.place, self.slot_base
        spare = [c for c in fill if c not in known]
        return [b + place[c] for b, c in zip(base, spare, strict=True) if b is not None]
