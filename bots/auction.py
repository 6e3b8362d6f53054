"""How the rest of the bidding goes after a pass, as a search bot foresees it (§3).

A pass is worth what happens next: another seat may take the deal (and make it or be baited), the
auction may come back to this seat in round 2, or everybody passes and the deal is thrown in. The
expert values a pass by playing the auction forward on each sampled deal, with every other seat
speaking as the heuristic player would with the six cards it holds in that sample. Its own later
turn is not decided per sample (it will not see the other hands when it speaks): the caller takes
the choice that is best over all samples reaching that turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deberc_tui.engine import Rules, SeatView
from deberc_tui.engine.options import AllPass

from .heuristic import bid_threshold, call_strength


@dataclass(frozen=True)
class Turn:
    """One turn to speak: ``seat`` in bidding round ``round`` (1 or 2); ``must`` when it may not pass."""

    seat: int
    round: int
    must: bool = False


def turns_after(view: SeatView) -> list[Turn]:
    """The turns still to come after the current speaker passes, in order, to the end of round 2."""
    rules = view.rules
    n = rules.players
    order = [(view.dealer + 1 + i) % n for i in range(n)]
    done = len(view.bids) + 1  # the current speaker's pass included
    out = []
    for k in range(done, 2 * n):
        seat = order[k % n]
        rnd = 1 if k < n else 2
        out.append(Turn(seat, rnd, rnd == 2 and seat == view.dealer and rules.all_pass is AllPass.DEALER_MUST))
    return out


@dataclass(frozen=True)
class SeatModel:
    """How another seat bids: the heuristic's hand strength against its threshold."""

    rules: Rules
    turnup: int  # card index
    dealer: int
    thresholds: tuple[float, ...]  # per seat

    @classmethod
    def of(cls, view: SeatView) -> SeatModel:
        rules = view.rules
        return cls(
            rules, view.turnup.index, view.dealer,
            tuple(bid_threshold(view, rules.side_of(s)) for s in range(rules.players)),
        )

    def call(self, hand: int, turn: Turn) -> int | None:
        """The trump (suit index) ``turn.seat`` would choose holding ``hand``, or None for a pass."""
        up_suit = self.turnup >> 3
        if turn.round == 1:
            s = call_strength(self.rules, hand, up_suit, True, turn.seat, self.dealer, self.turnup)
            return up_suit if s >= self.thresholds[turn.seat] else None
        best, best_s = -1, -1.0
        for t in range(4):
            if t != up_suit:
                s = call_strength(self.rules, hand, t, False, turn.seat, self.dealer, self.turnup)
                if s > best_s:
                    best, best_s = t, s
        return best if turn.must or best_s >= self.thresholds[turn.seat] else None


@dataclass(frozen=True)
class Taken:
    """The auction's end: ``bidder`` chose ``trump`` in round 1 (the turnup's suit) or round 2."""

    bidder: int
    trump: int
    round1: bool


def play_forward(model: SeatModel, hands: Sequence[int], turns: Sequence[Turn], me: int) -> Taken | Turn | None:
    """Run ``turns`` with the model: who takes the deal, the searching seat's own ``Turn`` when the
    auction reaches it first, or None when everybody passes (the deal is thrown in)."""
    for turn in turns:
        if turn.seat == me:
            return turn
        trump = model.call(hands[turn.seat], turn)
        if trump is not None:
            return Taken(turn.seat, trump, turn.round == 1)
    return None
