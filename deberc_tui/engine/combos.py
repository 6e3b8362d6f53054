"""Declarations (§5): finding a hand's sequences and deciding whose combinations score.

This module is the one home of the declaration rules: which kind a run is (``combo_kind``), what it is
worth (``kind_points``), how two combinations compare (``compare_key``) and who wins a tie
(``combos_winner``). The engine, the bots and the UI ask it rather than repeating the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from deberc_tui.engine.cards import RANKS, Card, Rank, Suit
from deberc_tui.engine.options import BellaWhen, ComboRank, ComboTie, Debertz, DebertzSuit
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


def combo_kind(length: int, trump: bool, rules: Rules) -> ComboKind:
    """The kind of a maximal run of ``length`` (3..8) cards, in the trump suit or not (§5).

    A debertz needs ``debertz`` on, ``debertz_length`` cards and the suit ``debertz_suit`` asks for;
    any other run is the longest kind the rules allow (a hundred only with ``hundred``).
    """
    if (rules.debertz is not Debertz.OFF and length >= rules.debertz_length
            and (trump or rules.debertz_suit is DebertzSuit.ANY)):
        return DEBERTZ
    if rules.hundred and length >= rules.hundred_length:
        return HUNDRED
    if length >= 4:
        return FIFTY
    return TERZ


def kind_points(kind: ComboKind, rules: Rules) -> int:
    """What a combination of ``kind`` is worth: 20, 50, 100; a debertz ``target`` points under
    ``debertz: "target_points"`` and 0 under ``"win"`` (it wins the game instead of scoring)."""
    if kind is DEBERTZ:
        return rules.target if rules.debertz is Debertz.TARGET_POINTS else 0
    return KIND_POINTS[kind]


KIND_POINTS: Final[dict[ComboKind, int]] = {TERZ: 20, FIFTY: 50, HUNDRED: 100}
"""What a terz, a fifty and a hundred are worth (a debertz: :func:`kind_points`)."""


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
        """Seniority by length first, without trump and the tie rule: kind, then the top card."""
        return (KIND_ORDER[self.kind], self.low + self.length - 1)

    def describe(self) -> str:
        top = "10" if self.top is Rank.TEN else self.top.value
        return f"{self.kind} to the {top}{self.suit.symbol}"


def compare_key(combo: Combo, trump: Suit | None, rules: Rules) -> tuple[int, int, int]:
    """The key the comparison uses (§5 ``combo_rank``); equal keys go to ``combo_tie``.

    ``"length_first"``: kind, then top card. ``"trump_first"``: any trump combination first, then the same.
    """
    first = 1 if rules.combo_rank is ComboRank.TRUMP_FIRST and combo.suit is trump else 0
    return (first, KIND_ORDER[combo.kind], combo.low + combo.length - 1)


def find_combos(hand_mask: int, trump: Suit | None, rules: Rules) -> list[Combo]:
    """All sequences of 3+ cards in a hand, best first under ``combo_rank`` (the first is what is announced)."""
    out: list[Combo] = []
    for si in range(4):
        byte = hand_mask >> (8 * si) & 0xFF
        if not byte:
            continue
        suit = Suit.from_index(si)
        for low, length in RUNS[byte]:
            kind = combo_kind(length, suit is trump, rules)
            out.append(Combo(suit, low, length, kind, kind_points(kind, rules)))
    out.sort(key=lambda c: compare_key(c, trump, rules), reverse=True)
    return out


def has_combos(hand_mask: int) -> bool:
    for si in range(4):
        if RUNS[hand_mask >> (8 * si) & 0xFF]:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Declaration:
    """What one seat declared; ``order`` is when, counted in cards played since the first lead
    (play order from the first leader, and with ``declare_until: "second_trick"`` earlier in time)."""

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
    """The side that wins the comparison (before the need-a-trick check), or None.

    ``last_trick_side`` matters only for the tie rules ``"trump_then_last_trick"`` and ``"last_trick"``;
    before the last trick is known, pass None (a tie they decide has no winner yet) and resolve again
    at the end. A tie that is not decided leaves nobody scoring, not the next best (§5).
    """
    decls = [d for d in declarations if d.combos]
    if not decls:
        return None
    keys = [compare_key(d.best, trump, rules) for d in decls]
    top_key = max(keys)
    tied = [d for d, k in zip(decls, keys, strict=True) if k == top_key]
    sides = {rules.side_of(d.seat) for d in tied}
    if len(sides) == 1:
        return sides.pop()
    tie = rules.combo_tie
    if tie is not ComboTie.FIRST and tie is not ComboTie.LAST_TRICK:
        trumps = [d for d in tied if d.best.suit is trump]
        if trumps:
            return rules.side_of(trumps[0].seat)
    if tie is ComboTie.TRUMP_THEN_FIRST or tie is ComboTie.FIRST:
        return rules.side_of(min(tied, key=lambda d: d.order).seat)
    if (tie is ComboTie.TRUMP_THEN_LAST_TRICK or tie is ComboTie.LAST_TRICK) and last_trick_side in sides:
        return last_trick_side
    return None


def bella_carriers(hand: int, kq: int, when: BellaWhen) -> int:
    """The cards of ``hand`` (a mask) that may carry bella for a seat still entitled to declare it (§5
    ``bella_when``; ``kq`` the mask of the trump king and queen): the king or queen itself (``"with_card"``),
    any card while one of them is held (``"while_holding"``), any card up to the last (``"until_last_card"``).

    The one home of the rule: the deal asks it for the cards that may declare bella now, and a bot asks it
    what would be left after a card (is this the last chance?)."""
    if when is BellaWhen.WITH_CARD:
        return hand & kq
    if when is BellaWhen.WHILE_HOLDING:
        return hand if hand & kq else 0
    return hand
