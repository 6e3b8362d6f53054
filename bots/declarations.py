"""What a seat's declarations, and its silence, say about the cards it held when its play began (§5).

A player who holds a combination declares it, unless a better one its opponents have already announced beats
it: showing a beaten one would only tell them its cards. So a club player reads two things from the first
trick that the cards alone do not say:

* an announcement heard but never shown (the other side's combination won) says the seat held a run of that
  length up to that card, in one of the suits, and nothing better;
* a seat that let its last declaring card go by in silence held no combination it would have declared.

The search bots' worlds keep to both (:class:`DeclarationClues`): a heard run is placed in one of the suits it
fits, and a world in which a seat's holding would have made it speak otherwise is drawn again. The rule of
when a player declares is :func:`declares`, the one the heuristic (and so the expert) follows at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from deberc_tui.engine import Rank, Rules, SeatView, Suit
from deberc_tui.engine.combos import KIND_ORDER, Combo, ComboKind, combo_kind, find_combos
from deberc_tui.engine.options import ComboRank, ComboTie, DeclareUntil
from deberc_tui.engine.view import Announcement

__all__ = ["DeclarationClues", "Heard", "Silent", "declaration_clues", "declares"]

TIES_BY_TIME = frozenset({ComboTie.FIRST, ComboTie.TRUMP_THEN_FIRST})
"""The tie rules under which, of two equal combinations, the one declared first wins."""


def declares(best: Combo, trump: Suit, rules: Rules, side: int, heard: Iterable[Announcement]) -> bool:
    """Whether a seat of ``side`` whose best combination is ``best`` declares it, having heard ``heard``: not when
    an opponent has already announced one that beats it (a tie going to the earlier declaration beats it too)."""
    mine = best.rank_key
    mine_trump = best.suit is trump
    for a in heard:
        if rules.side_of(a.seat) == side:
            continue
        if rules.combo_rank is ComboRank.TRUMP_FIRST and mine_trump:
            continue  # a plain one cannot beat mine, and whether theirs is trump is not heard
        theirs = (KIND_ORDER[a.kind], Rank.parse(a.top).index)
        if theirs > mine:
            return False
        if theirs == mine and not mine_trump and rules.combo_tie in TIES_BY_TIME:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Heard:
    """``seat`` announced its best combination — ``kind``, ``length`` cards up to natural rank ``top`` — and has
    not shown it."""

    seat: int
    kind: ComboKind
    top: int
    length: int


@dataclass(frozen=True, slots=True)
class Silent:
    """``seat``'s last declaring card has gone by without a word, after it had heard ``heard``."""

    seat: int
    heard: tuple[Announcement, ...]


@dataclass(frozen=True, slots=True)
class DeclarationClues:
    """Every clue a view's declarations give about the other seats' holdings, with what checking them needs."""

    rules: Rules
    trump: Suit
    clues: tuple[Heard | Silent, ...]

    def fits(self, hands: Sequence[int], played_by: Sequence[int]) -> bool:
        """Whether a world (``hands``, and ``played_by[s]``: the cards seat s has played) agrees with every clue."""
        for clue in self.clues:
            combos = find_combos(hands[clue.seat] | played_by[clue.seat], self.trump, self.rules)
            if isinstance(clue, Heard):
                if not combos:
                    return False
                best = combos[0]
                if (best.kind, best.low + best.length - 1, best.length) != (clue.kind, clue.top, clue.length):
                    return False
            elif combos and declares(combos[0], self.trump, self.rules, self.rules.side_of(clue.seat), clue.heard):
                return False
        return True

    def runs(self, clue: Heard) -> list[int]:
        """The card masks the heard run may be: its cards up to its top in each suit where it is of its kind."""
        low = clue.top - clue.length + 1
        run = ((1 << clue.length) - 1) << low
        return [run << (8 * s) for s in range(4)
                if combo_kind(clue.length, s == self.trump.index, self.rules) is clue.kind]


def declaration_clues(view: SeatView) -> DeclarationClues | None:
    """The clues in ``view`` (None when there are none): for every other seat whose announcement is not shown, or
    whose last declaring card has been played without one. None in the forced deal (nobody declares) and before
    the play."""
    trump = view.trump
    if trump is None or not view.bids:
        return None
    rules = view.rules
    first = view.tricks[0].cards if view.tricks else view.current_trick
    cards_played = [0] * rules.players
    for t in view.tricks:
        for s, _ in t.cards:
            cards_played[s] += 1
    for s, _ in view.current_trick:
        cards_played[s] += 1
    by_seat = {a.seat: a for a in view.announcements}
    window = 2 if rules.declare_until is DeclareUntil.SECOND_TRICK else 1
    clues: list[Heard | Silent] = []
    for s in range(rules.players):
        if s == view.seat:
            continue
        a = by_seat.get(s)
        if a is not None:
            if not a.shown:
                clues.append(Heard(s, a.kind, Rank.parse(a.top).index, a.length))
        elif cards_played[s] >= window:
            if window == 1:
                before = [seat for seat, _ in first[:[seat for seat, _ in first].index(s)]]
                heard = tuple(x for x in view.announcements if x.seat in before)
            else:
                heard = view.announcements
            clues.append(Silent(s, heard))
    return DeclarationClues(rules, trump, tuple(clues)) if clues else None
