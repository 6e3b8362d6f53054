"""What the other seats' cards say about their hands, read through a model of how they play.

A seat that sees only its own cards still learns from how the others play: a player who led a low club rather
than the ace it would cash probably has no club ace. The expert reads it as a club player does, with a model of a
reasonable player — the heuristic's card play (:class:`~bots.heuristic.HeuristicBot`), which also stands for the
other seats in the expert's auction (:mod:`bots.auction`). A sampled world is then the likelier the more of the
others' cards so far the model would have played holding that world's hands.

Each past card of another seat is rebuilt as that seat saw it (:class:`PastTurn`): the tricks and the trick so
far at that moment, what it then knew of the others (voids, shown declarations and bella heard before its card),
and — from the world — its hand then: the cards the world gives it now and those it has played since. Only the
hand changes from world to world, so everything else is worked out once per decision.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from deberc_tui.engine import SeatView
from deberc_tui.engine.options import DeclareUntil
from deberc_tui.engine.play import STRENGTH, legal_mask

from .heuristic import HeuristicBot
from .knowledge import Knowledge, bits, knowledge

__all__ = ["PastTurn", "PlayModel"]


@dataclass(frozen=True, slots=True)
class PastTurn:
    """One card another side's seat played, as that seat saw the deal then: its view without its hand, what it knew
    but its hand, the cards it has played since (this one included: with the world's cards now, its hand then), and
    the trick as it stood (led suit, best trump, winning seat), for the cards it could play."""

    seat: int
    view: SeatView
    know: Knowledge
    played_since: int
    card: int
    led: int
    best_trump: int
    win_seat: int


class PlayModel:
    """The other seats' card plays so far, each rebuilt as the seat saw it (see the module's docstring)."""

    def __init__(self, view: SeatView, model: HeuristicBot) -> None:
        self.model = model
        self.turns = past_turns(view)
        rules = view.rules
        self.exempt = rules.partner_exempt and rules.players == 4
        self.ruff_over = rules.overtrump_on_ruff
        assert view.trump is not None
        self.trump = view.trump.index

    def mismatches(self, hands: Sequence[int], stop_at: int = 1 << 30) -> int:
        """How many of the others' cards so far the model would not have played in the world ``hands`` (counting
        stops at ``stop_at``)."""
        missed = 0
        for turn in self.turns:
            hand = hands[turn.seat] | turn.played_since
            legal = legal_mask(hand, turn.seat, turn.led, self.trump, turn.best_trump, turn.win_seat, self.exempt,
                               self.ruff_over)
            if legal & (legal - 1) == 0:
                continue  # one card to play: it says nothing
            if not legal >> turn.card & 1:
                missed += 1
            else:
                options = bits(legal)
                know = turn.know.with_hand(hand)
                model = self.model
                chosen = (model.follow if turn.view.current_trick else model.lead)(turn.view, know, options)[0]
                if chosen != turn.card:
                    missed += 1
            if missed >= stop_at:
                break
        return missed


def past_turns(view: SeatView) -> list[PastTurn]:
    """Every card the other sides' seats have played in this deal, rebuilt as they saw it (see the module's
    docstring)."""
    rules = view.rules
    trump = view.trump
    assert trump is not None
    t = trump.index
    strength = STRENGTH[t + 1]
    tricks = [tr.cards for tr in view.tricks] + ([view.current_trick] if view.current_trick else [])
    sizes_now = list(view.hand_sizes)
    window = 2 if rules.declare_until is DeclareUntil.SECOND_TRICK else 1
    # Cards each seat played from each (trick, position) on, to rebuild its hand and the sizes then.
    order = [(k, p, seat, card.index) for k, cards in enumerate(tricks) for p, (seat, card) in enumerate(cards)]
    out: list[PastTurn] = []
    mine = rules.side_of(view.seat)
    for i, (k, p, seat, card) in enumerate(order):
        if rules.side_of(seat) == mine:
            continue  # my own cards, and a partner's: it plays as I do, not as the model
        later = order[i:]
        played_since = 0
        sizes = sizes_now[:]
        for _k, _p, s, c in later:
            sizes[s] += 1
            if s == seat:
                played_since |= 1 << c
        trick_then = tricks[k][:p]
        finished = view.tricks[:k]
        shown_yet = k >= window
        then = dataclasses.replace(
            view, seat=seat, hand=(), tricks=finished, current_trick=trick_then,
            trick_leader=trick_then[0][0] if trick_then else None, trick_winner=None,
            announcements=view.announcements if shown_yet else tuple(
                dataclasses.replace(a, shown=()) for a in view.announcements),
            bella=tuple((s, j) for s, j in view.bella if j < k or (j == k and any(s == q for q, _ in trick_then))),
            hand_sizes=tuple(sizes), stock_top=view.stock_top if k >= 1 else None, legal=(), optional=(),
            bella_cards=(),
        )
        know = knowledge(then)
        led, best_trump, win_seat = -1, -1, seat
        if trick_then:
            led = trick_then[0][1].suit.index
            win_seat, win = trick_then[0][0], trick_then[0][1].index
            for s, played in trick_then:
                ci = played.index
                if ci >> 3 == t and (best_trump < 0 or strength[ci] > strength[best_trump]):
                    best_trump = ci
                if s == win_seat:
                    continue
                if ci >> 3 == t:
                    beats = win >> 3 != t or strength[ci] > strength[win]
                else:
                    beats = ci >> 3 == led and win >> 3 != t and strength[ci] > strength[win]
                if beats:
                    win_seat, win = s, ci
        out.append(PastTurn(seat, then, know, played_since, card, led, best_trump, win_seat))
    return out
