"""Declarations (§5): finding a hand's sequences and deciding whose combinations score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from deberc_tui.engine.cards import RANKS, Card, Rank, Suit
from deberc_tui.engine.rules import Rules


class ComboKind(StrEnum):
    """The kinds of sequence (§5), lowest first; the values are the words the records and the UI use."""

    TERZ = "terz"
    FIFTY = "fifty"
    HUNDRED = "hundred"
    DEBERTZ = "debertz"


TERZ: Final = ComboKind.TERZ
FIFTY: Final = ComboKind.FIFTY
HUNDRED: Final = ComboKind.HUNDRED
DEBERTZ: Final = ComboKind.DEBERTZ
KIND_ORDER: Final[dict[str, int]] = {TERZ: 1, FIFTY: 2, HUNDRED: 3, DEBERTZ: 4}


def _runs(byte: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3 or more set bits in one suit: (lowest natural rank, length)."""
    out = []
    i = 0
    while i < 8:
        if byte >> i & 1:
            j = i
            while j < 8 and byte >> j & 1:
                j += 1
            if j - i >= 3:
                out.append((i, j - i))
            i = j
        else:
            i += 1
    return tuple(out)


RUNS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(_runs(b) for b in range(256))


@dataclass(frozen=True, slots=True)
class Combo:
    """One maximal sequence in one suit, scored under the rules it was found with."""

    suit: Suit
    low: int  # natural rank index of the lowest card
    length: int
    kind: ComboKind
    points: int

    @property
    def top(self) -> Rank:
        return RANKS[self.low + self.length - 1]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(RANKS[i], self.suit) for i in range(self.low + self.length - 1, self.low - 1, -1))

    @property
    def rank_key(self) -> tuple[int, int]:
        """Seniority without the tie rule: kind first, then the top card."""
        return (KIND_ORDER[self.kind], self.low + self.length - 1)

    def describe(self) -> str:
        top = "10" if self.top is Rank.TEN else self.top.value
        return f"{self.kind} to the {top}{self.suit.symbol}"


def find_combos(hand_mask: int, trump: Suit | None, rules: Rules) -> list[Combo]:
    """All sequences of 3+ cards in a hand, best first. 7-8 trumps are a debertz (if the rules say so)."""
    out: list[Combo] = []
    for si in range(4):
        byte = hand_mask >> (8 * si) & 0xFF
        if not byte:
            continue
        for low, length in RUNS[byte]:
            suit = Suit.from_index(si)
            kind: ComboKind
            if length >= 7 and suit is trump and rules.debertz == "win":
                kind = DEBERTZ
            elif length >= 6 and rules.hundred:
                kind = HUNDRED
            elif length >= 4:
                kind = FIFTY
            else:
                kind = TERZ
            points = 0 if kind == DEBERTZ else rules.combo_points(length)
            out.append(Combo(suit, low, length, kind, points))
    out.sort(key=lambda c: c.rank_key, reverse=True)
    return out


def has_combos(hand_mask: int) -> bool:
    for si in range(4):
        if RUNS[hand_mask >> (8 * si) & 0xFF]:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Declaration:
    """What one seat declared with its first card; ``order`` is its place in play order."""

    seat: int
    combos: tuple[Combo, ...]
    order: int

    @property
    def best(self) -> Combo:
        return self.combos[0]


def combos_winner(
    declarations: Sequence[Declaration],
    trump: Suit,
    rules: Rules,
    last_trick_side: int | None = None,
) -> int | None:
    """The side whose combinations score (before the need-a-trick check), or None.

    ``last_trick_side`` matters only for ``combo_tie == "trump_then_last_trick"``; before the last
    trick is known, pass None and resolve again at the end.
    """
    decls = [d for d in declarations if d.combos]
    if not decls:
        return None
    top_key = max(d.best.rank_key for d in decls)
    tied = [d for d in decls if d.best.rank_key == top_key]
    sides = {rules.side_of(d.seat) for d in tied}
    if len(sides) == 1:
        return sides.pop()
    tie = rules.combo_tie
    if tie != "first":
        trumps = [d for d in tied if d.best.suit is trump]
        if trumps:
            return rules.side_of(trumps[0].seat)
    if tie in ("trump_then_first", "first"):
        return rules.side_of(min(tied, key=lambda d: d.order).seat)
    if tie == "trump_then_last_trick" and last_trick_side is not None and last_trick_side in sides:
        return last_trick_side
    return None
