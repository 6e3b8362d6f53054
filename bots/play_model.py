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
import random
from collections.abc import Sequence
from dataclasses import dataclass

from deberc_tui.engine import BidCall, SeatView
from deberc_tui.engine.options import AllPass, DeclareUntil
from deberc_tui.engine.play import STRENGTH, legal_mask

from .auction import SeatModel, Turn
from .heuristic import HeuristicBot
from .knowledge import Knowledge, bits, knowledge, played_by_seat

__all__ = ["PastBid", "PastTurn", "PlayModel"]

PRE_BID_CARDS = 6  # the cards each seat holds while the bidding runs (§2), at every player count


@dataclass(frozen=True, slots=True)
class PastBid:
    """One call another side's seat made: its turn, the trump it chose (None for a pass), and how its hand then
    differs from the cards it was dealt in all: ``later`` went to it after the bidding (the turnup it took), and
    ``swapped`` is the trump seven it gave for the turnup (public: ``SeatView.swapped_card`` is in its hand now)."""

    turn: Turn
    trump: int | None
    later: int
    swapped: tuple[int, int] | None


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

    def __init__(self, view: SeatView, model: HeuristicBot, rng: random.Random | None = None) -> None:
        self.model = model
        self.turns = past_turns(view)
        self.bids = past_bids(view)
        # The calls were made with the first turnup: after a swap the trump seven lies (or went) in its place.
        self.seat_model = dataclasses.replace(SeatModel.of(view), turnup=first_turnup(view))
        self.played = played_by_seat(view)
        self.rng = rng if rng is not None else random.Random(0)
        rules = view.rules
        self.exempt = rules.partner_exempt and rules.players == 4
        self.ruff_over = rules.overtrump_on_ruff
        assert view.trump is not None
        self.trump = view.trump.index

    def mismatches(self, hands: Sequence[int], stop_at: int = 1 << 30, first: Sequence[int] | None = None) -> int:
        """How many of the others' calls and cards so far the model would not have made in the world ``hands``
        (counting stops at ``stop_at``; ``first``: see :meth:`bid_mismatches`)."""
        missed = self.bid_mismatches(hands, first)
        if missed >= stop_at:
            return missed
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


    def bid_mismatches(self, hands: Sequence[int], first: Sequence[int] | None = None) -> int:
        """How many of the others' calls the model would not have made in the world ``hands``. Which of a seat's
        cards it held while the bidding ran is not known: six of them are drawn at random for each world (every
        six equally likely, as the deal makes them), so a world is kept the more often the more of its sixes
        explain the calls. ``first`` gives each seat's six instead, where they are known (a finished deal)."""
        missed = 0
        drawn: dict[int, int] = {}
        for bid in self.bids:
            seat = bid.turn.seat
            pre = drawn.get(seat) if first is None else first[seat]
            if pre is None:
                dealt = (hands[seat] | self.played[seat]) & ~bid.later
                if bid.swapped is not None:
                    dealt = dealt & ~(1 << bid.swapped[0]) | 1 << bid.swapped[1]
                pre = 0
                for c in self.rng.sample(bits(dealt), min(PRE_BID_CARDS, dealt.bit_count())):
                    pre |= 1 << c
                drawn[seat] = pre
            if self.seat_model.call(pre, bid.turn) != bid.trump:
                missed += 1
        return missed


def past_bids(view: SeatView) -> list[PastBid]:
    """Every call the other sides' seats made in this deal's bidding, with what it needs to be read (see
    :class:`PastBid`)."""
    rules = view.rules
    n = rules.players
    mine = rules.side_of(view.seat)
    up = first_turnup(view)
    swapped = None
    if view.swapped_by is not None and view.swapped_card is not None and view.trump is not None:
        swapped = (view.swapped_card.index, view.trump.index * 8)  # the old turnup out, the trump seven back
    out: list[PastBid] = []
    for k, (seat, call) in enumerate(view.bids):
        if rules.side_of(seat) == mine:
            continue
        rnd = 1 if k < n else 2
        must = rnd == 2 and seat == view.dealer and rules.all_pass is AllPass.DEALER_MUST
        if call is BidCall.PASS:
            trump = None
        elif call is BidCall.PLAY:
            trump = up >> 3
        else:
            assert call.suit is not None
            trump = call.suit.index
        taken = view.turnup_taken_by == seat  # the turnup lying when the bidding ended (the seven after a swap)
        out.append(PastBid(Turn(seat, rnd, must), trump, view.turnup.bit if taken else 0,
                           swapped if view.swapped_by == seat else None))
    return out


def first_turnup(view: SeatView) -> int:
    """The turnup the bidding saw (a swap puts the trump seven in its place afterwards)."""
    return view.swapped_card.index if view.swapped_card is not None else view.turnup.index


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
