"""The judge of one decision: every alternative played out in the same sampled worlds (common random numbers).

What a decision is worth is measured as the practice tutor measures a bid (:mod:`deberc_tui.practice.evaluate`):
in each world, the seat's side's written points in this deal (after bait and hanging, penalties included) minus
the mean of the other sides'. Three ways of playing a world out, one per kind of decision:

* **Bids** are the tutor's own question: :func:`~deberc_tui.practice.evaluate.evaluate` prices every legal bid of
  the position in the same worlds (a fixed number of them here, so that a review repeats itself).
* **Cards** are weighed as the expert bot weighs them (:meth:`bots.expert.ExpertBot.play`): the unseen cards are
  sampled as it samples them, each legal card is searched in every sample — solved exactly by alpha-beta when few
  enough cards remain (:data:`bots.expert.SOLVE_LIMIT`: every card of a 2-player deal), else played out greedily
  down to that point — and turned into written points with the combinations and bella as the expert counts them.
  Here the samples' values are kept one by one, so that each card's standard error, and each difference's, is
  known.
* **Everything else** (declaring, bella, the swap, a redeal, klabor, a claim, the concession for fifty, doubles
  and «даве») is applied to each world (:func:`~deberc_tui.review.worlds.world_deal`) and the deal is played
  out through the one play loop by the tutor's policy (:func:`~deberc_tui.practice.evaluate.play_out`).

Decisions about the game rather than the deal — klabor, a claim, a double or a «даве» offered or answered — are
valued in **game points**: the seat's chance of winning the game after the deal (each world's, as the play-out's
sheet leaves it) times what the game is worth at its multiplier. An offer is answered as the other seat should
answer it, knowing what the seat knows: refused when playing on would cost it more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bots import stakes
from bots.expert import MAX_NODES, SOLVE_LIMIT, PlaySearch, held_points
from deberc_tui.engine import DECK, Action, Bid, BidCall, Deal, DebercError, PlayCard, SeatView
from deberc_tui.engine.actions import Dave, DaveStep, Double, DoubleStep, Klabor, Redeal, SwapSeven
from deberc_tui.engine.match import offer_kind, raised_stake
from deberc_tui.practice.evaluate import Evaluation, evaluate, play_out
from deberc_tui.practice.position import BidPosition, PositionError

from .moments import DealStart, Moment
from .worlds import playout_seats, sampler, world_deal

__all__ = ["GAME", "POINTS", "Judgement", "Option", "bid_evaluation", "judge", "luck_baseline", "luck_value", "worlds_for"]

POINTS = "points"
"""Valued in the deal's written points."""
GAME = "game"
"""Valued in game points: the chance of winning the game times what it is worth."""
GAME_KINDS = frozenset({"klabor", "claim", "double", "dave"})
BID_WORLDS = 6
"""Bids are played out by the fast policy: this many times the worlds of a card (the tutor's few milliseconds each)."""
PLAYOUT_WORLDS = 4
"""Other decisions, and a deal's luck, are played out in this many times the worlds of a card."""
BASELINE_WORLDS = 16
"""An average deal (the luck's zero) is measured once per review in this many times the worlds of a card."""


@dataclass
class Option:
    """One alternative and its value in each world (in the judgement's unit)."""

    action: Action | None
    values: list[float] = field(default_factory=list)


@dataclass
class Judgement:
    """Every alternative of a decision, valued in the same worlds."""

    kind: str
    basis: str
    options: list[Option]
    worlds: int
    chance_scale: float = 0.0
    """For :data:`GAME`: game points per unit of the chance of winning the game (the worth of a win plus that
    of a loss, at the multiplier): what turns a loss in game points into the chance given away."""


def worlds_for(kind: str, worlds: int) -> int:
    """How many worlds a decision of ``kind`` is played out in, for ``worlds`` searched worlds of a card."""
    if kind == "card":
        return worlds
    if kind == "bid":
        return BID_WORLDS * worlds
    return PLAYOUT_WORLDS * worlds


def _rng(moment: Moment, seed: int) -> random.Random:
    """The decision's own random generator: the same worlds whatever else is judged, in whatever order."""
    return random.Random(f"{seed}:{moment.deal}:{moment.action}:{moment.seat}:{moment.kind}")


def judge(moment: Moment, worlds: int, seed: int) -> Judgement | None:
    """Value every alternative of ``moment`` (None when no world fits its history, or the position cannot be set)."""
    rng = _rng(moment, seed)
    count = worlds_for(moment.kind, worlds)
    if moment.kind == "card":
        return _cards(moment, count, rng)
    if moment.kind == "bid":
        found = _bids(moment, count, rng)
        if found is not None:
            return found
    return _played_out(moment, count, rng)


# -- bids: the tutor's evaluation ---------------------------------------------------------------------------


def bid_evaluation(moment: Moment, worlds: int, seed: int) -> Evaluation | None:
    """The practice tutor's evaluation of a bid's moment, in the very worlds the review judged it in (None when the
    position cannot be set: a forced deal): what "practise this" puts into the practice queue."""
    return _evaluation(moment, worlds_for("bid", worlds), _rng(moment, seed))


def _evaluation(moment: Moment, count: int, rng: random.Random) -> Evaluation | None:
    view = moment.view
    try:
        position = BidPosition(view.rules, view.hand, view.turnup, view.seat, view.bid_round, view.totals,
                               view.hanging, view.dealer, tuple(call for _, call in view.bids))
    except PositionError:
        return None
    return evaluate(position, seed=rng.getrandbits(31), max_seconds=math.inf, target_se=0.0, min_worlds=count,
                    max_worlds=count, fit=False)  # the judge weighs the per-world values itself


def _bids(moment: Moment, count: int, rng: random.Random) -> Judgement | None:
    result = _evaluation(moment, count, rng)
    if result is None:
        return None
    values = {BidCall(b.bid): b.values for b in result.bids}
    options = [Option(a, list(values[a.call])) for a in moment.options if isinstance(a, Bid) and a.call in values]
    if len(options) != len(moment.options):
        return None
    return Judgement(moment.kind, POINTS, options, result.worlds)


# -- cards: the expert's search -----------------------------------------------------------------------------


def _cards(moment: Moment, count: int, rng: random.Random) -> Judgement | None:
    """Each card searched in every sample, as the expert's card play does, each sample's value kept."""
    view = moment.view
    rules = view.rules
    n = rules.players
    if view.trump is None or view.bidder is None:
        return None
    bot = sampler(rng.getrandbits(31))
    search = PlaySearch(bot, view)
    actions = [a for a in moment.options if isinstance(a, PlayCard)]
    cards = [a.card.index for a in actions]
    options = [Option(a) for a in actions]
    for _world in range(count):
        hands = bot._sample(search.know, search.constraints, search.played_by, model=search.model)
        searched, _limit = search.searched(hands, cards, SOLVE_LIMIT[n], MAX_NODES)
        for option, c in zip(options, cards, strict=True):
            value, with_bella = search.utilities(hands, searched[c])
            if search.bella:  # my bella: declared now if this card declares it, else it may still come (the better)
                action = option.action
                assert isinstance(action, PlayCard)
                value = with_bella if action.bella else max(value, with_bella)
            option.values.append(value)
    return Judgement(moment.kind, POINTS, options, count)


# -- everything else: applied to each world and played out --------------------------------------------------

_FORBID: dict[str, tuple[type, ...]] = {
    "swap": (SwapSeven,), "redeal": (Redeal,), "klabor": (Klabor,),
}


def _game_worth(view: SeatView) -> tuple[float, float]:
    """(win, loss): the game points a won and a lost game are worth per unit of the multiplier."""
    rules = view.rules
    if rules.short:
        return stakes.short_values(view, rules.short_bait)
    return 1.0, 1.0


def _played_out(moment: Moment, count: int, rng: random.Random) -> Judgement | None:
    view = moment.view
    rules = view.rules
    side = rules.side_of(view.seat)
    stake = moment.kind in ("double", "dave")
    applied: list[Action | None] = [None] if stake else list(moment.options)
    seats = playout_seats(rules.players, rng.getrandbits(31), view.seat, _FORBID.get(moment.kind, ()))
    bot = sampler(rng.getrandbits(31))
    points: list[list[float]] = [[] for _ in applied]
    chances: list[list[float]] = [[] for _ in applied]
    done = 0
    for _world in range(count):
        base = world_deal(moment, bot)
        if base is None:
            continue
        results = []
        try:
            for action in applied:
                deal = base.clone()
                if action is not None:
                    deal.apply(view.seat, action)
                results.append(play_out(deal, seats, view.totals, view.hanging))
        except DebercError:
            continue
        for k, result in enumerate(results):
            points[k].append(result.values[side])
            chances[k].append(result.chances[side] if result.chances else 0.5)
        done += 1
    if done < 2:
        return None
    if stake:
        return _stake(moment, chances[0], done)
    if moment.kind in GAME_KINDS:
        win, loss = _game_worth(view)
        m = view.multiplier
        options = [Option(a, [m * (p * win - (1 - p) * loss) for p in ch]) for a, ch in zip(applied, chances, strict=True)]
        return Judgement(moment.kind, GAME, options, done, m * (win + loss))
    return Judgement(moment.kind, POINTS, [Option(a, v) for a, v in zip(applied, points, strict=True)], done)


def _stake(moment: Moment, chances: Sequence[float], done: int) -> Judgement:
    """A double or «даве» offered or answered, from the seat's chance of winning the game in each world if the
    game is played on (:mod:`bots.stakes`' arithmetic, per world)."""
    view = moment.view
    win, loss = _game_worth(view)
    m = view.multiplier
    expected = [p * win - (1 - p) * loss for p in chances]
    mean = sum(expected) / len(expected)
    options: list[Option] = []
    for action in moment.options:
        if action is None:  # not offering: the game goes on at its stake
            options.append(Option(None, [m * e for e in expected]))
            continue
        assert isinstance(action, Double | Dave)
        if action.step in (DoubleStep.OFFER, DaveStep.OFFER):
            kind = offer_kind(view.rules)
            r = raised_stake(view.rules, kind, m) / m if kind is not None else 2.0
            accepted = r * mean < 1.0  # the other seat refuses when playing on would cost it more than the stake
            options.append(Option(action, [m * r * e if accepted else float(m) for e in expected]))
        elif action.step in (DoubleStep.ACCEPT, DaveStep.PLAY):
            r = view.offer.if_accepted / m if view.offer is not None else 2.0
            options.append(Option(action, [m * r * e for e in expected]))
        else:  # refused or conceded: the game is lost at the stake it has
            options.append(Option(action, [-float(m) * loss] * len(expected)))
    return Judgement(moment.kind, GAME, options, done, m * (win + loss))


# -- luck: what the cards dealt were worth --------------------------------------------------------------------


def luck_value(start: DealStart, worlds: int, seed: int) -> tuple[float, list[float]] | None:
    """The seat's deal from its first look at it (six cards and the turnup, before anyone bids), played out by the
    tutor's policy in sampled worlds: (the mean, each world's value)."""
    view = start.view
    moment = Moment(start.deal, 0, "luck", view, (), view.hand, None, (None,))
    rng = random.Random(f"{seed}:{start.deal}:{view.seat}:luck")
    judged = _played_out(moment, PLAYOUT_WORLDS * worlds, rng)
    if judged is None:
        return None
    values = judged.options[0].values
    return sum(values) / len(values), values


def luck_baseline(view: SeatView, worlds: int, seed: int) -> float:
    """What an average deal is worth to the seat of ``view`` where it sits (dealer or not, the same forced bidder):
    random deals from the start, played out by the same policy, at an even score."""
    rules = view.rules
    n = rules.players
    forced = view.bidder if view.bidder is not None and not view.bids else None
    rng = random.Random(f"{seed}:baseline:{(view.seat - view.dealer) % n}:{forced is not None}")
    seats = playout_seats(n, rng.getrandbits(31), view.seat)
    zeros = (0,) * rules.sides
    side = rules.side_of(view.seat)
    total = 0.0
    count = BASELINE_WORLDS * worlds
    for _world in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        deal = Deal(rules, view.dealer, deck, zeros, forced, held_points(view) or None)
        total += play_out(deal, seats, zeros, 0).values[side]
    return total / count

