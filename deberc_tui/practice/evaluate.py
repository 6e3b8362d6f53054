"""Monte Carlo evaluation of every legal bid in a position, GNU-Backgammon-tutor style.

Each *world* deals the unseen cards (the opponents' hands, everybody's three later cards, the
bottom card) at random around what you know. Every legal bid is played out in the **same** worlds by
the bots (common random numbers), so the differences between bids are sharp even though single
outcomes swing by well over 100 points with bait. A bid's value in a world is what your side writes
on the score sheet in this deal (after bait and hanging, penalties included) minus the mean of what
the other sides write. The worlds are dealt under the position's rules: with Kharkiv's ``extra_cards: 4``
every hand holds 10 cards once the bidding is over, and each bid keeps the hand it led to in its first
world (:attr:`BidValue.example`) so that the player can see one.

Near the end of a game (:attr:`Evaluation.near_end`) points are not what a bid is for: winning the game is. Each
world also gives your chance of winning the game after its deal (1 or 0 when the deal ended the game, else the
bots' score rule, :func:`bots.stakes.score_chance`), and there the bids are ranked and graded by that chance
(:attr:`Evaluation.basis`): a bid that raises it from 12% to 32% while it loses deal points is the best bid, not a
blunder.

Three things make it answer sooner without changing a world's value: each bid's value is the regression estimate on
who was dealt which card (:mod:`~deberc_tui.practice.regression`, :mod:`~deberc_tui.practice.worlds`: the same
standard error in about a third fewer worlds); each bid stops playing worlds once its own value is within the target,
the quiet ones before the wild ones (:class:`_StoppingRule`); and the worlds are played by worker processes on every
core (:mod:`~deberc_tui.practice.pool`), dealt here in order so that the answer is the one process's.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bots.core import Position, greedy_play
from bots.stakes import score_chance
from deberc_tui.engine import DECK, Card, Deal, Game, Phase, Suit
from deberc_tui.engine.actions import BIDS, PLAY
from deberc_tui.engine.match import Match
from deberc_tui.engine.options import BellaTo
from deberc_tui.engine.scoring import BAIT
from deberc_tui.play.loop import PlayLoop, Seat
from deberc_tui.play.seats import BotSeat
from deberc_tui.practice.pool import in_order, want, wanted, warm
from deberc_tui.practice.position import BidPosition
from deberc_tui.practice.regression import CardRegression, Estimate
from deberc_tui.practice.worlds import WorldDeals

# Rating thresholds: expected points lost against the best bid.
THRESHOLDS = (("fine", 5.0), ("inaccuracy", 15.0), ("mistake", 35.0))
# Near the end of a game: percentage points of the chance of winning the game lost against the best bid. With a
# few deals to go one deal's points are spread about ±170, so 35 points are about 8% of the chance, 15 about 3.5%.
CHANCE_THRESHOLDS = (("fine", 1.5), ("inaccuracy", 4.0), ("mistake", 8.0))
POINTS = "points"
"""Graded by the expected points of the deal."""
GAME = "game"
"""Graded by the chance of winning the game (near its end)."""
BLUNDER = "blunder"
TOO_CLOSE = "too close to call"


@dataclass
class BidValue:
    bid: str
    values: list[float] = field(default_factory=list)
    baits: int = 0
    bids_taken: int = 0
    wins: int = 0
    losses: int = 0
    example: tuple[Card, ...] = ()  # your hand when the bidding ended, in the first world where it did
    example_trump: Suit | None = None  # and the trump chosen there
    chances: list[float] = field(default_factory=list)  # per world, your chance of winning the game after the deal
    fitted: Estimate | None = None  # the value corrected by who was dealt which card, where the worlds allow it

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def ev(self) -> float:
        """The expected points: the regression estimate where there is one (:func:`evaluate`), else the mean."""
        if self.fitted is not None:
            return self.fitted.mean
        return sum(self.values) / self.n if self.values else 0.0

    @property
    def se(self) -> float:
        return self.fitted.se if self.fitted is not None else standard_error(self.values)

    @property
    def chance(self) -> float:
        """Your chance of winning the game after this bid, over the worlds (0..1)."""
        return sum(self.chances) / len(self.chances) if self.chances else 0.0

    @property
    def bait(self) -> float:
        """How often your side was the bidder and got baited."""
        return self.baits / self.n if self.n else 0.0

    def to_json(self, near_end: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"bid": self.bid, "ev": round(self.ev, 1), "se": round(self.se, 1), "bait": round(self.bait, 3),
                               "worlds": self.n}
        if near_end:
            out["win_now"] = round(self.wins / self.n, 3) if self.n else 0.0
            out["lose_now"] = round(self.losses / self.n, 3) if self.n else 0.0
            out["game_chance"] = round(self.chance, 3)
        return out


def paired_differences(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """``a`` minus ``b`` world by world, over the worlds both were played in: the first of each (the tutor settles a
    quiet bid before the others, :class:`_StoppingRule`; its worlds are the others' first ones)."""
    return [x - y for x, y in zip(a, b, strict=False)]  # the shorter one ends the pairs


def settled_difference_se(a: BidValue, b: BidValue) -> float | None:
    """The standard error of ``a.ev − b.ev`` when the tutor settled one of the two bids before the other (both fitted,
    over different numbers of worlds): the fits' errors added as if they were independent. The worlds the two share
    only make the difference surer, so this errs towards "too close to call": measured at 3 players, 4.1–4.2 against
    2.4–4.7 (mean 3.6) for the differences paired over every world when both bids played them all, and 3.8–7.0 for
    those paired over the settled bid's fewer worlds. None when the two were not both fitted or played alike."""
    if a.fitted is None or b.fitted is None or a.n == b.n:
        return None
    return math.hypot(a.fitted.se, b.fitted.se)


def standard_error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(var / n)


class _Sums:
    """A bid's values summed as they come, to tell whether its standard error is within a target without reading
    them all after every world (which made the tutor's stopping rule quadratic in the worlds)."""

    __slots__ = ("n", "total", "squares")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def _squared_se(self) -> float:
        """The squared standard error from the sums (``n`` ≥ 2), rounding and all."""
        n = self.n
        return (self.squares - self.total * self.total / n) / (n - 1) / n

    def rough_se(self) -> float:
        """The standard error from the sums (rounding aside: for planning, not for deciding)."""
        return math.sqrt(max(0.0, self._squared_se())) if self.n >= 2 else math.inf

    def se_at_most(self, values: Sequence[float], target: float) -> bool:
        """``standard_error(values) <= target``, the very answer: from the sums where they decide it by far (their
        rounding is below a billionth of the squares), else from ``values`` themselves."""
        n = self.n
        if n >= 2 and n == len(values):
            squared_se = self._squared_se()
            doubt = 1e-9 * self.squares / (n - 1) / n + 1e-300
            goal = target * target if target >= 0 else -1.0
            if squared_se - doubt > goal:
                return False
            if squared_se + doubt < goal:
                return True
        return standard_error(values) <= target


@dataclass
class Evaluation:
    position: BidPosition
    bids: list[BidValue]
    worlds: int
    seconds: float

    @property
    def ranked(self) -> list[BidValue]:
        """The bids, best first: by expected points, or near the end by the chance of winning the game (points
        breaking a tie)."""
        if self.basis == GAME:
            return sorted(self.bids, key=lambda b: (b.chance, b.ev), reverse=True)
        return sorted(self.bids, key=lambda b: b.ev, reverse=True)

    @property
    def best(self) -> BidValue:
        return self.ranked[0]

    @property
    def near_end(self) -> bool:
        rules = self.position.rules
        return rules.short or bool(self.position.totals) and max(self.position.totals) >= rules.target * 0.6

    @property
    def knows_chances(self) -> bool:
        """Whether the game's outcome is worth showing: near the end, with each bid's chance measured."""
        return self.near_end and all(b.chances for b in self.bids)

    @property
    def basis(self) -> str:
        """What the bids are graded by: :data:`GAME` (the chance of winning the game) near the end of a game, where
        a deal's points matter only as they win or lose it — unless every bid leaves about the same chance (a game
        as good as lost or won whatever is bid: within the first threshold, 1.5%), where only the deal's points tell
        the bids apart — else :data:`POINTS` (the deal's expected points)."""
        if not self.knows_chances:
            return POINTS
        chances = [b.chance for b in self.bids]
        return GAME if 100 * (max(chances) - min(chances)) >= CHANCE_THRESHOLDS[0][1] else POINTS
    def value(self, bid: str) -> BidValue:
        for b in self.bids:
            if b.bid == bid:
                return b
        raise KeyError(bid)

    def _graded(self, bid: BidValue) -> list[float]:
        """A bid's per-world values in the unit it is graded in: points, or percent of the chance to win the game."""
        return [100 * c for c in bid.chances] if self.basis == GAME else bid.values

    def diff_se(self, a: str, b: str) -> float:
        """Standard error of the difference between two bids in the grading unit, paired over the worlds both were
        played in; in points, where one was settled before the other, :func:`settled_difference_se`."""
        bid_a, bid_b = self.value(a), self.value(b)
        if self.basis == POINTS and (settled := settled_difference_se(bid_a, bid_b)) is not None:
            return settled
        return standard_error(paired_differences(self._graded(bid_a), self._graded(bid_b)))

    def loss(self, bid: str) -> float:
        """What ``bid`` loses against the best bid: expected points, or near the end percent of the chance of
        winning the game (:attr:`basis`)."""
        best, chosen = self.best, self.value(bid)
        if self.basis == GAME:
            return 100 * (best.chance - chosen.chance)
        return best.ev - chosen.ev

    def rate(self, bid: str) -> str:
        """fine / inaccuracy / mistake / blunder, or 'too close to call' within two standard errors."""
        best = self.best
        if bid == best.bid:
            return "best"
        loss = self.loss(bid)
        if loss < 2 * self.diff_se(best.bid, bid):
            return TOO_CLOSE
        for name, limit in CHANCE_THRESHOLDS if self.basis == GAME else THRESHOLDS:
            if loss < limit:
                return name
        return BLUNDER

    def to_json(self) -> dict[str, Any]:
        near = self.near_end
        return {
            "bids": [b.to_json(near) for b in self.ranked],
            "best": self.best.bid,
            "graded_by": self.basis,
            "worlds": self.worlds,
            "seconds": round(self.seconds, 2),
        }


def playout_seats(level: str = "heuristic", seed: int = 0, players: int = 4) -> list[Seat]:
    """The play-out policy: the named bot in every seat, each asked through its own seat's view by the one play
    loop, with no budget for its turns or its out-of-turn actions (the tutor's own simulation: nothing is hidden in a
    sampled world, see the runner) and
    without «Партия» (a play-out is scored by the sheet, not ended by a claim)."""
    from deberc_tui.bot_hosting.registry import make_bot

    return [BotSeat(make_bot(level, seed=seed + seat), None, optional_budget=None, without_claims=True)
            for seat in range(players)]


@dataclass(frozen=True)
class WorldResult:
    """One world played to the end: the value for each side and how the deal and game went."""

    values: tuple[float, ...]  # per side: its written points (penalties included) minus the others' mean
    bidder: int | None
    outcome: str
    game_winner: int | None
    hand: tuple[Card, ...] = ()  # the watched seat's hand when the play began (none if the deal was thrown in)
    trump: Suit | None = None
    chances: tuple[float, ...] = ()  # per side: its chance of winning the game after the deal (game_chances)


def game_chances(game: Game) -> tuple[float, ...]:
    """Per side, its chance of winning the game once the deal is written: 1 or 0 when the deal ended it; in a short
    game a tie (the deal dealt again) even chances; else the bots' rule on the totals and the distance to the target
    (:func:`bots.stakes.score_chance`: the lead against the spread of the deals still to come; with 3 sides each
    against the best of the others)."""
    rules = game.rules
    if game.outcome is not None:
        return tuple(1.0 if s == game.outcome.winner else 0.0 for s in range(rules.sides))
    if rules.short:
        return (1.0 / rules.sides,) * rules.sides
    return tuple(score_chance(rules, game.totals, s) for s in range(rules.sides))


GREEDY = "greedy"
"""Card play in a play-out: the cards are played with every hand known — a sampled world hides nothing — greedily,
and the last tricks solved exactly (:func:`bots.core.greedy_play`, the compiled core where it is built; from
:data:`SOLVE_BELOW` cards left), every seat declaring every combination it may and its bella as
:func:`play_greedily` says, the first card of a seat that holds the trump seven too (until issue 22's last round the
seat played that card itself, and every seat before it: the swap was asked only with the seat's turn). The bidding,
the concession for fifty and the trump-seven swap, redeals and klabor are still asked of the seats, through the one
play loop."""
SEATS = "seats"
"""Card play in a play-out by the seats themselves, each through its own view (the tutor's play-out until issue 22:
about ten times slower; kept to measure what the greedy play changes)."""
CARD_PLAYS = (GREEDY, SEATS)
SOLVE_BELOW = {2: 12, 3: 12, 4: 16}
"""Cards left in hands (at a trick boundary) from which a greedy play-out's ending is solved exactly, by players:
six tricks of two players, four of three or four (about 30 microseconds a solve on the compiled core). Greedy play
to the end cashes its trumps and masters and has nothing left to take the last tricks: measured on the tutor's
monster hand at 3 players it was baited in a world where the seats' own play makes it."""
SOLVE_NODES = 200_000
"""The node limit of that solve (past it the greedy play goes on)."""


def play_out(
    deal: Deal, seats: Sequence[Seat], totals: Sequence[int], hanging: int, watch: int | None = None,
    card_play: str = GREEDY,
) -> WorldResult:
    """Finish ``deal`` through the one play loop with ``seats`` (their turns only) in a game whose sheet holds the
    game's score, and score it there; ``watch`` names a seat whose hand is kept as its play began (after the
    cards dealt after the bidding).

    With ``card_play`` :data:`GREEDY` (the default) the seats decide everything but the cards — the bidding (klabor
    too), the concession, and once the play begins what each does out of turn (the swap of the trump seven, a
    redeal: each seat asked once, :meth:`~deberc_tui.play.loop.PlayLoop.offer_out_of_turn_once`) — and the cards are
    then played greedily with every hand known (:func:`play_greedily`): the engine still takes every card and writes
    the sheet. With :data:`SEATS` the seats play the cards too."""
    if card_play not in CARD_PLAYS:
        raise ValueError(f"card_play is one of {CARD_PLAYS}, not {card_play!r}")
    match = Match.of_game(Game.from_position(deal, totals, hanging, seed=0), seed=0)  # a play-out deals no more
    loop = PlayLoop(match, seats[:deal.n], ask_optional=False)
    hand: tuple[Card, ...] = ()
    if watch is not None and loop.play_on(until=lambda: deal.phase is Phase.PLAY and not deal.awaiting_concede) is None:
        hand = tuple(deal.hand(watch))  # the play begins: the cards dealt after the bidding are in
    if card_play == GREEDY and loop.play_on(until=lambda: _cards_only(match, deal)) is None:
        loop.offer_out_of_turn_once()
        if deal.phase is Phase.PLAY:  # (not thrown in by a redeal)
            match = play_greedily(match, deal, totals, hanging)
    else:
        loop.play_on()
    game = match.game
    row = game.results[-1]
    scores = [w + p for w, p in zip(row.written, row.penalties, strict=True)]
    total = sum(scores)
    k = len(scores)
    values = tuple(sc - (total - sc) / (k - 1) for sc in scores)
    winner = game.outcome.winner if game.outcome is not None else None
    return WorldResult(values, row.bidder, row.outcome, winner, hand, deal.trump, game_chances(game))


def _cards_only(match: Match, deal: Deal) -> bool:
    """Whether only cards are left to decide, once the seats are asked what they do out of turn: the play is on and
    no concession or stake is being answered."""
    return deal.phase is Phase.PLAY and not deal.awaiting_concede and match.offer is None


def play_greedily(match: Match, deal: Deal, totals: Sequence[int], hanging: int) -> Match:
    """Play ``deal`` (the match's, in its card play) to its end with the perfect-information cards of
    :func:`bots.core.greedy_play` — the bidder's side against the defenders (at 3 players the two defenders play
    together, as against a bait they do) — and return the match whose sheet holds it.

    Each seat declares its combinations with the first card that may (the engine's legal list says when). Bella is
    declared as a player who sees every card would: with ``bella_to: "holder"`` always, unless the bidder's side
    would only hand its 20 to the defenders with a bait — the deal is then played again from the start of the card
    play without the bidder's side's bella (the cards do not depend on it); with ``"trick_winner"`` with the trump
    king or queen whose trick the holder's side takes, else with the last of them."""
    rules = deal.rules
    n = deal.n
    assert deal.trump is not None and deal.bidder is not None
    bidder_side = rules.side_of(deal.bidder)
    teams = tuple(0 if rules.side_of(s) == bidder_side else 1 for s in range(n))  # the defenders together at 3
    pos = Position(n, deal.trump.index, [deal.hand_mask(s) for s in range(n)], teams, deal.trick_leader,
                   list(deal.trick), rules.partner_exempt and n == 4, rules.overtrump_on_ruff)
    cards = greedy_play(pos, SOLVE_BELOW[n], SOLVE_NODES)
    holders = [s for s in range(n) if deal.bella_mask(s)]
    winners: list[int] = []
    again: Deal | None = None
    if holders and rules.bella_to is BellaTo.TRICK_WINNER:
        winners = _trick_winners(pos, cards)
    elif any(rules.side_of(s) == rules.side_of(deal.bidder) for s in holders):
        again = deal.clone()  # before any card: to play again without the bidder's side's bella
    _apply_cards(match, deal, cards, winners, ())
    result = deal.result
    if again is not None and result is not None and result.outcome is BAIT and result.bella[bidder_side]:
        match = Match.of_game(Game.from_position(again, totals, hanging, seed=0), seed=0)
        _apply_cards(match, again, cards, winners, (bidder_side,))
    return match


def _apply_cards(match: Match, deal: Deal, cards: Sequence[int], winners: Sequence[int], no_bella: Sequence[int]) -> None:
    """Apply ``cards`` in order (declaring and declaring bella as :func:`play_greedily` says; ``no_bella`` the sides
    that hold theirs back) until the deal is over."""
    rules = deal.rules
    side_of = rules.side_of
    by_trick = rules.bella_to is BellaTo.TRICK_WINNER
    playing = Phase.PLAY
    played_first = deal.played_first
    holders = {s for s in range(deal.n) if deal.bella_mask(s)}  # a seat without bella now never has it (no card comes)
    for i, c in enumerate(cards):
        if deal.phase is not playing:
            break  # a debertz declared ("win") ended the deal
        seat = deal.to_act
        assert seat is not None
        variants = PLAY[c]
        declare = not played_first[seat] and deal.may_declare(seat)  # the first card: as the legal list offers
        bella = False
        if seat in holders and deal.bella_mask(seat) >> c & 1 and side_of(seat) not in no_bella:
            if by_trick:
                kq = deal.hand_mask(seat) & deal.bella_mask(seat)
                bella = side_of(winners[i]) == side_of(seat) or not kq & ~(1 << c)
            else:
                bella = True
        match.apply(seat, variants[2 * declare + bella])
    assert deal.phase is Phase.OVER, "a greedy play plays the deal to its end"


def _trick_winners(pos: Position, cards: Sequence[int]) -> list[int]:
    """For each of ``cards`` played from ``pos`` in order, the seat that takes its trick."""
    work = Position(pos.n, pos.trump, pos.hands[:], pos.team, pos.leader, list(pos.trick), pos.exempt, pos.ruff_over)
    out: list[int] = []
    pending = 0
    for c in cards:
        work.trick.append((work.to_act(), c))
        pending += 1
        if len(work.trick) == pos.n:
            winner = work.trick_state()[1]
            out.extend([winner] * pending)
            pending = 0
            work.leader, work.trick = winner, []
    return out


def record_outcome(bv: BidValue, world: WorldResult, my_side: int) -> None:
    bv.values.append(world.values[my_side])
    if world.chances:
        bv.chances.append(world.chances[my_side])
    if not bv.example and world.hand:
        bv.example, bv.example_trump = world.hand, world.trump
    if world.bidder == my_side:
        bv.bids_taken += 1
        if world.outcome == "bait":
            bv.baits += 1
    if world.game_winner is not None:
        if world.game_winner == my_side:
            bv.wins += 1
        else:
            bv.losses += 1


@dataclass(frozen=True)
class _Setting:
    """What every world of one evaluation is played under (sent to the workers with each batch)."""

    position: BidPosition
    legal: tuple[str, ...]
    level: str
    seed: int
    card_play: str


_seats: tuple[tuple[str, int, int], list[Seat]] | None = None


def _seats_for(setting: _Setting) -> list[Seat]:
    """The play-out seats of ``setting``, made once per evaluation in each process (they keep nothing from a world
    to the next that changes a decision: the heuristic has no randomness of its own)."""
    global _seats
    key = (setting.level, setting.seed, setting.position.rules.players)
    if _seats is None or _seats[0] != key:
        _seats = key, playout_seats(*key)
    return _seats[1]


def _play_worlds(setting: _Setting, worlds: Sequence[tuple[Sequence[int], Sequence[bool]]],
                 ) -> list[tuple[WorldResult | None, ...]]:
    """The legal bids still playing played out in each world: (the unknown cards in the order of a fill of card
    indices, per legal bid whether it is played); None for a bid not played."""
    position = setting.position
    seats = _seats_for(setting)
    out = []
    for fill, playing in worlds:
        base = position.deal_with([DECK[i] for i in fill])
        results: list[WorldResult | None] = []
        still = wanted()  # (in a worker: the bids settled since this world was dealt are left out too)
        for i, (bid, on) in enumerate(zip(setting.legal, playing, strict=True)):
            if not on or not still >> i & 1:
                results.append(None)
                continue
            deal = base.clone()
            deal.apply(position.seat, BIDS[bid])
            results.append(play_out(deal, seats, position.totals, position.hanging, position.seat, setting.card_play))
        out.append(tuple(results))
    return out


def start_workers(jobs: int) -> None:
    """Start the tutor's ``jobs`` worker processes now, ready to play worlds (the practice screen does when it
    opens: starting them takes longer than an answer should)."""
    warm(jobs, preload=__name__)


FIT_FIRST = 2
"""The first fit waits for this many worlds per fitted term (fewer leave its standard error too wide to tell)."""
FIT_GROWTH = 1.4
"""A fit is made again once the worlds have grown this many times since the last one (an early fit's residuals, over
few worlds, can be far wider than later ones: one wild world weighs a lot), or sooner -- """
FIT_STEP = 8
"""-- but no sooner than this many worlds, when the plain standard errors, scaled as the last fit narrowed each, say
that every bid is within the target (a fit costs milliseconds: a few per evaluation, not one per world)."""


class _StoppingRule:
    """When an evaluation has every bid within the target standard error: by the card fit's standard errors once
    the worlds are enough for it (:class:`~deberc_tui.practice.regression.CardRegression`), else by the plain ones.

    Once there is a fit, each bid is settled on its own (:attr:`live` turns False): a bid whose fitted standard error
    is within the target keeps that estimate and plays no more worlds, while the others go on. The bids swing by
    different amounts — a pass that hands the deal to a careful opponent far less than a bid that may be baited —
    so the quiet ones need fewer worlds than the wildest; measured at 2 players, about a sixth of the play-outs."""

    def __init__(self, regression: CardRegression | None, sums: Sequence[_Sums], target: float) -> None:
        self.regression, self.sums, self.target = regression, sums, target
        self.live = [True] * len(sums)
        """Per bid, whether it still plays worlds."""
        self.fitted: list[Estimate | None] | None = None
        """Per bid, its last fitted estimate (None before the first fit)."""
        self.fitted_on = 0
        self.fit_at = FIT_FIRST * (len(regression.means) + 1) if regression is not None else 0
        self.narrowed: list[float] = [1.0] * len(sums)  # per bid, the last fit's standard error over the plain one

    def done(self, worlds: int, values: Sequence[BidValue]) -> bool:
        regression, target = self.regression, self.target
        if regression is not None and worlds >= self.fit_at and (
                worlds >= FIT_GROWTH * self.fitted_on or self._expected_within(worlds, regression.terms)):
            if self._fit(regression, worlds):
                self.fit_at = worlds + FIT_STEP
                if not any(self.live):
                    return True
        return self.fitted is None and all(bs.se_at_most(bv.values, target)
                                           for bv, bs in zip(values, self.sums, strict=True))

    def _fit(self, regression: CardRegression, worlds: int) -> bool:
        """Fit the bids still playing over ``worlds``, and settle those within the target; False if the worlds are
        still too few for a fit."""
        playing = [i for i, on in enumerate(self.live) if on]
        estimates = regression.estimates(playing)
        self.fitted_on = worlds
        if estimates is None:
            return False
        fitted: list[Estimate | None] = self.fitted if self.fitted is not None else [None] * len(self.live)
        for i, e in zip(playing, estimates, strict=True):
            fitted[i] = e
            plain = self.sums[i].rough_se()
            self.narrowed[i] = e.se / plain if plain > 0 else 1.0
            if e.se <= self.target:
                self.live[i] = False
        self.fitted = fitted
        return True

    def _expected_within(self, worlds: int, terms: int) -> bool:
        """Whether the fit now would have a bid still playing within the target, judging by the plain standard
        errors: the fit's is the plain one times a ratio that shrinks as the worlds outgrow the terms
        (√(n / (n − terms)), the price of fitting them)."""
        was = self.fitted_on
        shrink = math.sqrt(worlds * (was - terms) / ((worlds - terms) * was))
        return any(on and r * shrink * bs.rough_se() <= self.target
                   for on, r, bs in zip(self.live, self.narrowed, self.sums, strict=True))

    def final(self, worlds: int) -> list[Estimate | None] | None:
        """Per bid, its estimate: a settled bid's from when it was settled, the others' from the fit over all
        ``worlds`` (None without a fit, or with too few worlds for it)."""
        if self.regression is not None and self.fitted_on != worlds and any(self.live):
            self._fit(self.regression, worlds)
        return self.fitted


def evaluate(
    position: BidPosition,
    seed: int = 0,
    max_seconds: float = 5.0,
    target_se: float = 3.0,
    min_worlds: int = 40,
    max_worlds: int = 20000,
    level: str = "heuristic",
    card_play: str = GREEDY,
    jobs: int = 1,
    fit: bool = True,
    stop: Callable[[], bool] | None = None,
) -> Evaluation:
    """Play every legal bid out in the same sampled worlds until each bid's SE ≤ ``target_se`` or time runs out
    (``card_play``: how the cards are played, :func:`play_out`), in ``jobs`` worker processes
    (:mod:`~deberc_tui.practice.pool`: the same worlds, the same values and the same stop as in one process).

    With ``fit`` each bid's value and standard error are the regression estimate's, corrected by who was dealt
    which card (:mod:`~deberc_tui.practice.regression`) once the worlds are enough for the fit; without it, and
    before, the plain mean's. The per-world values are the same either way. ``stop`` is asked after every world
    whether the answer is still wanted (a screen that moved on): if not, the evaluation ends there."""
    start = time.perf_counter()
    legal = position.legal_bids()
    values = [BidValue(b) for b in legal]
    my_side = position.side
    sums = [_Sums() for _ in values]
    setting = _Setting(position, tuple(legal), level, seed, card_play)
    deals = WorldDeals(position)
    dealt: deque[tuple[int, ...]] = deque()

    regression = CardRegression(deals.means, len(legal)) if fit else None
    rule = _StoppingRule(regression, sums, target_se)
    live = rule.live

    def worlds_to_play() -> Iterator[tuple[tuple[int, ...], tuple[bool, ...]]]:
        for fill in deals.fills(random.Random(seed), max_worlds):
            dealt.append(fill)
            yield fill, tuple(live)  # the bids still playing when the world is dealt: a superset of those later

    played = in_order(partial(_play_worlds, setting), worlds_to_play(), jobs)
    worlds = 0
    try:
        for results in played:
            ys: list[float | None] = []
            for on, bv, bs, world in zip(live, values, sums, results, strict=True):
                if not on:  # a bid settled (its value taken) plays no more worlds
                    ys.append(None)
                    continue
                assert world is not None, "a bid still playing was played in every world dealt"
                record_outcome(bv, world, my_side)
                bs.add(bv.values[-1])
                ys.append(bv.values[-1])
            fill = dealt.popleft()
            if regression is not None:
                regression.add(deals.indicators(fill), ys)
            worlds += 1
            if worlds >= min_worlds and target_se > 0 and rule.done(worlds, values):
                break
            if worlds == rule.fitted_on:  # a fit just made may have settled bids: the workers leave them out too
                want(sum(1 << i for i, on in enumerate(live) if on))
            if time.perf_counter() - start >= max_seconds or stop is not None and stop():
                break
    finally:
        played.close()
    fitted = rule.final(worlds)
    if fitted is not None:
        for bv, estimate in zip(values, fitted, strict=True):
            bv.fitted = estimate
    return Evaluation(position, values, worlds, time.perf_counter() - start)
