"""Worlds a seat cannot tell from the real deal, and the play-outs that finish them.

A *world* deals the cards a seat has not seen as the expert bot samples them (:mod:`bots.sampling`, through
:meth:`bots.expert.ExpertBot._sample`: the voids shown, the failed overtrumps, the swapped turnup, the declared
cards, bella, and a bidding that fits), stacks a deck that deals exactly those hands (:func:`~deberc_tui.engine.
stack_deck`) and replays the deal's public history onto it: the result is a :class:`Deal` at the same moment, with
the same cards in the seat's hand, that the seat could be in. Everything here reads a :class:`Moment` — the seat's
view, the public history and its own first six cards — never the real deal.

A play-out finishes a world through the one play loop with the practice tutor's policy (the heuristic in every
seat: :func:`~deberc_tui.practice.evaluate.play_out`), and scores it on the game's sheet.
"""

from __future__ import annotations

from bots.expert import ExpertBot, held_points
from bots.knowledge import bits, knowledge, played_by_seat
from bots.sampling import bidding_constraints
from deberc_tui.bot_hosting.registry import make_bot
from deberc_tui.engine import DECK, Action, Card, Claim, Deal, Rank, mask_of, stack_deck
from deberc_tui.engine.actions import Dave, DaveStep, Double, DoubleStep
from deberc_tui.engine.errors import DebercError
from deberc_tui.play.loop import Answer, Ask
from deberc_tui.play.seats import ask_bot

from .moments import Moment

__all__ = ["PlayoutSeat", "playout_seats", "sampler", "world_deal"]

TRIES = 12
"""Draws of the unseen cards before a world is given up (a draw the history does not fit)."""


def sampler(seed: int) -> ExpertBot:
    """The expert whose sampling deals the worlds (its random generator seeded: the same worlds every time)."""
    return ExpertBot(seed=seed)


def world_deal(moment: Moment, bot: ExpertBot) -> Deal | None:
    """A deal at the moment of ``moment`` with the unseen cards dealt at random as the seat's knowledge allows;
    None if a few draws do not fit the public history (it happens only when the inference was too strong)."""
    for _attempt in range(TRIES):
        deal = _try_world(moment, bot)
        if deal is not None:
            return deal
    return None


def _try_world(moment: Moment, bot: ExpertBot) -> Deal | None:
    view = moment.view
    rules = view.rules
    n = rules.players
    me = view.seat
    know = knowledge(view)
    by = played_by_seat(view)
    if view.trump is None:
        up = view.turnup.suit.index
        suits = [up] if view.bid_round == 1 else [t for t in range(4) if t != up]
    else:
        suits = [view.trump.index]
    constraints = bidding_constraints(view.bids, n, me, view.turnup.suit.index, suits)
    hands = bot._sample(know, constraints, by)
    rng = bot.rng
    had = [hands[s] | by[s] for s in range(n)]  # every card each seat has held in this deal
    turnup = view.turnup
    if view.swapped_by is not None and view.swapped_card is not None and view.trump is not None:
        seven = Card(Rank.SEVEN, view.trump)
        had[view.swapped_by] = had[view.swapped_by] & ~view.swapped_card.bit | seven.bit
        turnup = view.swapped_card
    if view.turnup_taken_by is not None:
        had[view.turnup_taken_by] &= ~view.turnup.bit
    dealt_extras = sum(view.hand_sizes) + sum(b.bit_count() for b in by) > 6 * n
    fill = list(DECK)
    rng.shuffle(fill)
    given: dict[int, list[Card]] = {}
    six_mine = mask_of(moment.first_six)
    for s in range(n):
        if s == me:
            six = six_mine
        elif not dealt_extras:
            six = had[s]
        else:
            cards = bits(had[s])
            rng.shuffle(cards)
            if view.swapped_by == s and view.trump is not None:  # the swapped seven was among its first six
                seven_index = view.trump.index * 8
                cards.remove(seven_index)
                cards.insert(0, seven_index)
            six = sum(1 << c for c in cards[:6])
        extras = had[s] & ~six
        given[s] = [DECK[c] for c in bits(six)] + [DECK[c] for c in bits(extras)]
    forced = view.bidder if view.bidder is not None and not view.bids else None
    held = held_points(view)
    try:
        deck = stack_deck(rules, view.dealer, given, turnup, bottom=view.bottom, fill=fill,
                          bidder=view.dealer if view.bidder is None else view.bidder, stock_top=view.stock_top)
        deal = Deal(rules, view.dealer, deck, view.totals, forced, held or None)
        for seat, action in moment.history:
            if isinstance(action, Double | Dave):
                continue  # the match's, not the deal's
            deal.apply(seat, action)
    except (DebercError, ValueError):
        return None
    if deal.hand_mask(me) != mask_of(view.hand) or deal.to_act != view.to_act and view.offer is None:
        return None
    return deal


def _offer(action: Action) -> bool:
    return (isinstance(action, Double) and action.step is DoubleStep.OFFER) or (
        isinstance(action, Dave) and action.step is DaveStep.OFFER)


class PlayoutSeat:
    """The tutor's play-out policy in one seat, without «Партия» and without raising the stake (a play-out is
    scored by the sheet), and never taking ``forbid`` (the kind of action a decision is about: a play-out of "not
    swapping" must not swap a card later)."""

    def __init__(self, level: str, seed: int, forbid: tuple[type, ...] = ()) -> None:
        self.bot = make_bot(level, seed=seed)
        self.forbid = forbid

    def choose(self, ask: Ask) -> Answer:
        legal = [a for a in ask.actions if not isinstance(a, Claim) and not _offer(a)
                 and not (self.forbid and isinstance(a, self.forbid))] or ask.actions
        action, failure = ask_bot(self.bot, ask.view, legal, None)
        return Answer(ask, action, 0.0, failure)

    def optional(self, ask: Ask) -> Answer:
        return Answer(ask, None)


def playout_seats(players: int, seed: int, me: int, forbid: tuple[type, ...] = (), level: str = "heuristic",
                  ) -> list[PlayoutSeat]:
    """A play-out's seats: the policy everywhere, ``me`` forbidden ``forbid``."""
    return [PlayoutSeat(level, seed + seat, forbid if seat == me else ()) for seat in range(players)]
