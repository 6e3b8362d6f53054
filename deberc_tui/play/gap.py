"""How much of the card-play gap the expert closes (``deberc bench gap``, issue 22).

Every seat bids as the heuristic bids; only the card play differs. Three *card players* sit in turn in the
subject's seat(s), each on the same deck:

* the heuristic (``heuristic``) — the baseline;
* the expert (``expert``, :mod:`bots.expert`);
* an *all-seeing* player (``all_seeing``), who sees every card: at each turn it plays the card that the double-dummy
  solver (:class:`bots.core.Solver`) values best on the true deal, from the real hands, with the heuristic's choice
  breaking ties between cards worth the same. It is the ceiling a card player can reach against these opponents,
  not a player anyone meets: it exists in this module alone, is no bot (it is a seat of the play loop that holds
  the match itself), and is in no bot listing, plug-in or table.

Everything but the card play is the heuristic's, for the subject too: the bids, the trump-seven swap, redeal
demands, klabor, the concession for fifty. The card-play-time decisions — declarations and bella with a card,
a claim — belong to the card player (the all-seeing one takes the heuristic's: it differs only in which card).
Since the heuristic decides the same way on the same view, the auction on a deck is the same for all three card
players and every seating (the report counts the decks where it was not: ``auctions_differ``, 0 unless a bid
ran over its budget): the contract is the same, and the card play alone makes the difference.

The seatings of a deck (the arena's decks, :func:`~deberc_tui.play.arena.arena_deck`, and its dealer): at 2 players
the subject plays seat 0, then seat 1 (duplicate); at 3 players it plays one seat against two heuristics, in
each of the three seats in turn; at 4 players it holds a partnership (seats 0 and 2, then 1 and 3). Both partners,
not one: the solver's values assume that the partner plays as well as the opponents, true of an all-seeing
partner but not of a heuristic one (beside a heuristic partner the all-seeing player's "best" card would count on
plays that partner never makes), and the expert's sampled worlds are solved on the same assumption; it is also
how the arena seats a bot at 4 players, so the expert's figure here is the arena's lead with the bids fixed.

The measure of a deal is the subject's *lead*: what its side writes for the deal (bait and penalties included,
:func:`~deberc_tui.play.arena.deal_points`) minus the mean of what the other sides write — the arena's
``mean_diff`` — averaged over the deck's seatings. (The heuristic's lead is 0 on every deck: all seats play alike.)
Per deck ``x = expert − heuristic`` and ``y = all-seeing − heuristic``; the report gives the means of x and y with
95% intervals (normal approximation over decks) and the share of the gap the expert closes, ``mean(x) / mean(y)``,
with its 95% interval by the **delta method** on the paired deck values (:func:`ratio_ci`).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TypedDict

from bots.base import Bot, Explanation
from bots.core import Position, Solver
from bots.expert import ExpertBot
from bots.heuristic import HeuristicBot
from bots.knowledge import knowledge
from deberc_tui.engine import Action, PlayCard, Rules, SeatView
from deberc_tui.engine.match import Match

from .arena import arena_deck, arena_seats, deal_points, percentile
from .loop import Answer, Ask, PlayLoop, Seat, timed
from .solver_bench import load

__all__ = ["CARD_PLAYERS", "AllSeeingSeat", "GapReport", "bench_gap", "mean_ci", "play_gap_deck", "ratio_ci",
           "subject_seatings"]

CARD_PLAYERS: tuple[str, ...] = ("heuristic", "expert", "all_seeing")
Z95 = 1.96


def subject_seatings(players: int) -> list[tuple[int, ...]]:
    """The seats the subject holds in each seating of a deck (see the module's docstring)."""
    if players == 4:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(players)]


# -- the card players --------------------------------------------------------------------------------


def _is_card_turn(legal: Sequence[Action]) -> bool:
    return any(isinstance(a, PlayCard) for a in legal)


class HeuristicBids:
    """A bot that plays the cards as ``player`` does and decides everything else as ``heuristic``: turns where a
    card may be played go to ``player`` (with the claim, declarations and bella that come with them), the rest —
    bids, swaps, redeals, klabor, the concession for fifty, every out-of-turn option — to the heuristic."""

    def __init__(self, player: Bot, heuristic: HeuristicBot) -> None:
        self.player = player
        self.heuristic = heuristic
        self.name = player.name

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        who: Bot = self.player if _is_card_turn(legal) else self.heuristic
        return who.choose(view, legal, budget)

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        return self.heuristic.optional(view, options)

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation:
        who: Bot = self.player if _is_card_turn(legal) else self.heuristic
        return who.explain(view, legal)


def search_teams(rules: Rules, seat: int, bidder: int) -> tuple[int, ...]:
    """The solver's two teams from ``seat``'s side (team 0), as the expert searches: at 3 players the bidder against
    the two defenders, otherwise the sides."""
    n = rules.players
    if n == 3:
        mine = seat == bidder
        return tuple(0 if (s == bidder) == mine else 1 for s in range(n))
    me = rules.side_of(seat)
    return tuple(0 if rules.side_of(s) == me else 1 for s in range(n))


def true_position(match: Match, seat: int) -> Position:
    """The deal in play as the solver takes it, every hand as it really is, from ``seat``'s team."""
    deal = match.deal
    assert deal is not None and deal.trump is not None and deal.bidder is not None
    rules = match.rules
    n = rules.players
    trick = list(deal.trick)
    leader = trick[0][0] if trick else seat
    return Position(n, deal.trump.index, [deal.hand_mask(s) for s in range(n)], search_teams(rules, seat, deal.bidder),
                    leader, trick, rules.partner_exempt and n == 4, rules.overtrump_on_ruff)


class AllSeeingSeat:
    """The all-seeing card player: a seat of the play loop (not a bot: it holds the match and reads every hand).

    On a turn where a card may be played it takes the heuristic's decision, and if that is a card, replaces the card
    with the one the double-dummy solver values best on the true deal (the heuristic's values break ties), played
    with the declarations and bella the heuristic would give it; a claim or klabor the heuristic makes stays. Every
    other decision is the heuristic's, asked as the other seats are asked (``heuristic_seat``)."""

    def __init__(self, match: Match, heuristic: HeuristicBot, heuristic_seat: Seat) -> None:
        self.match = match
        self.heuristic = heuristic
        self.heuristic_seat = heuristic_seat

    def choose(self, ask: Ask) -> Answer:
        if not _is_card_turn(ask.actions):
            return self.heuristic_seat.choose(ask)
        view = ask.view
        return timed(ask, lambda: (self.play(view, ask.actions), None))

    def optional(self, ask: Ask) -> Answer:
        return self.heuristic_seat.optional(ask)

    def play(self, view: SeatView, legal: Sequence[Action]) -> Action:
        action, _why = self.heuristic.decide(view, legal)
        if not isinstance(action, PlayCard):
            return action
        cards = [a for a in legal if isinstance(a, PlayCard)]
        know = knowledge(view)
        return self.heuristic.flags(view, know, cards, self.best_card(view, sorted({a.card.index for a in cards})))

    def best_card(self, view: SeatView, options: list[int]) -> int:
        """The card (index) among ``options`` the solver values best on the true deal; ties go to the heuristic's."""
        if len(options) == 1:
            return options[0]
        values = Solver(true_position(self.match, view.seat)).root_values(options)
        heur = self.heuristic.card_values(view, knowledge(view), options)
        return max(options, key=lambda c: (values[c], heur[c], -c))


# -- one deck ------------------------------------------------------------------------------------------


@dataclass
class DeckResult:
    """One deck under each card player: the subject's lead and written points per deal (means over the seatings),
    the actions before the first card of every game played (the auction), the expert's decision times and failures."""

    leads: dict[str, float] = field(default_factory=dict)
    points: dict[str, float] = field(default_factory=dict)
    auctions: list[tuple[tuple[int, Action], ...]] = field(default_factory=list)
    expert_times: list[float] = field(default_factory=list)
    failures: int = 0


def _bot_seed(seed: int, deck_no: int, seating: int, seat: int) -> int:
    return (seed * 1_000_003 + deck_no * 7919 + seating * 131 + seat) & 0x7FFFFFFF


def _auction(match: Match) -> tuple[tuple[int, Action], ...]:
    log = match.deals[-1].log
    first_card = next((i for i, (_seat, action) in enumerate(log) if isinstance(action, PlayCard)), len(log))
    return tuple(log[:first_card])


def play_gap_deck(
    rules: Rules, deck_no: int, seed: int, budget: float | None, card_players: Sequence[str] = CARD_PLAYERS,
    make_expert: Callable[[int], Bot] = ExpertBot,
) -> DeckResult:
    """Play deck ``deck_no`` in every seating of the subject, once for each of ``card_players``, through the one play
    loop. ``make_expert(seed)`` makes the expert (another setting of it, for a paired comparison of two experts'
    card play on the same decks: ``tools/gap_ab.py``)."""
    n = rules.players
    deck = arena_deck(seed, deck_no)
    dealer = deck_no % n
    result = DeckResult()
    seatings = subject_seatings(n)
    for player in card_players:
        leads: list[float] = []
        points: list[float] = []
        for si, subject in enumerate(seatings):
            match = Match(rules, first_dealer=dealer, seed=deck_no)
            heuristics = [HeuristicBot(seed=_bot_seed(seed, deck_no, si, s)) for s in range(n)]
            bots: list[Bot] = list(heuristics)
            if player == "expert":
                for s in subject:
                    bots[s] = HeuristicBids(make_expert(_bot_seed(seed, deck_no, si, s)), heuristics[s])
            bot_seats = arena_seats(bots, budget)
            seats: list[Seat | None] = list(bot_seats)
            if player == "all_seeing":
                for s in subject:
                    seats[s] = AllSeeingSeat(match, heuristics[s], bot_seats[s])

            def on_decision(seat: int, seconds: float, subject: tuple[int, ...] = subject,
                            player: str = player) -> None:
                if player == "expert" and seat in subject:
                    result.expert_times.append(seconds)

            def on_failure(seat: int, reason: str, subject: tuple[int, ...] = subject) -> None:
                if seat in subject:
                    result.failures += 1

            PlayLoop(match, seats, on_decision=on_decision, on_failure=on_failure).play_deal(deck)
            written = deal_points(match)
            mine = {rules.side_of(s) for s in subject}
            own = statistics.fmean(written[side] for side in mine)
            others = statistics.fmean(written[side] for side in range(rules.sides) if side not in mine)
            leads.append(own - others)
            points.append(own)
            result.auctions.append(_auction(match))
        result.leads[player] = statistics.fmean(leads)
        result.points[player] = statistics.fmean(points)
    return result


def _deck_job(args: tuple[Rules, int, int, float | None]) -> DeckResult:
    return play_gap_deck(*args)


# -- the arithmetic ------------------------------------------------------------------------------------


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation): (mean, low, high)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def ratio_ci(x: Sequence[float], y: Sequence[float]) -> tuple[float, float, float] | None:
    """``mean(x) / mean(y)`` for paired values and its 95% interval by the delta method: with ``r`` the ratio, its
    standard error is ``sqrt((var x − 2 r cov(x, y) + r² var y) / n) / |mean y|`` (sample variances and
    covariance). None when ``mean(y)`` is 0 (no gap to close) or there are fewer than two pairs."""
    n = len(x)
    if n != len(y):
        raise ValueError("x and y must be paired")
    if n < 2:
        return None
    mx, my = statistics.fmean(x), statistics.fmean(y)
    if my == 0:
        return None
    r = mx / my
    vx, vy = statistics.variance(x, mx), statistics.variance(y, my)
    cov = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True)) / (n - 1)
    se = math.sqrt(max(0.0, vx - 2 * r * cov + r * r * vy) / n) / abs(my)
    return r, r - Z95 * se, r + Z95 * se


# -- the report ----------------------------------------------------------------------------------------


class Difference(TypedDict):
    mean: float
    ci95: list[float]


class PlayersGap(TypedDict):
    """One player count's figures (``deberc bench gap --json``: ``players["2"]`` …)."""

    decks: int
    seatings: int
    lead: dict[str, float]
    """The subject's mean lead per deal under each card player (written points minus the other sides' mean)."""
    points: dict[str, float]
    """The subject's mean written points per deal under each card player."""
    expert_minus_heuristic: Difference
    all_seeing_minus_heuristic: Difference
    ratio: float | None
    """(expert − heuristic) / (all-seeing − heuristic), on the leads; None when the all-seeing gains nothing."""
    ratio_ci95: list[float] | None
    auctions_differ: int
    """Decks where some game's actions before the first card differed from the others' (0: the same contracts)."""
    expert_ms_p50: float
    expert_ms_p99: float
    expert_failures: int
    """Decisions made for the expert or the heuristic in the subject's seat (over its budget, say)."""
    minutes: float


class GapReport(TypedDict):
    """``deberc bench gap --json``."""

    preset: str
    seed: int
    budget: float | None
    load_before: float
    load_after: float
    players: dict[str, PlayersGap]


def summarize(results: Sequence[DeckResult], seatings: int, minutes: float) -> PlayersGap:
    """One player count's figures from its decks."""
    x = [r.leads["expert"] - r.leads["heuristic"] for r in results]
    y = [r.leads["all_seeing"] - r.leads["heuristic"] for r in results]
    ex, ex_lo, ex_hi = mean_ci(x)
    al, al_lo, al_hi = mean_ci(y)
    ratio = ratio_ci(x, y)
    times = [t for r in results for t in r.expert_times]
    return {
        "decks": len(results),
        "seatings": seatings,
        "lead": {p: round(statistics.fmean(r.leads[p] for r in results), 2) for p in CARD_PLAYERS},
        "points": {p: round(statistics.fmean(r.points[p] for r in results), 2) for p in CARD_PLAYERS},
        "expert_minus_heuristic": {"mean": round(ex, 2), "ci95": [round(ex_lo, 2), round(ex_hi, 2)]},
        "all_seeing_minus_heuristic": {"mean": round(al, 2), "ci95": [round(al_lo, 2), round(al_hi, 2)]},
        "ratio": None if ratio is None else round(ratio[0], 3),
        "ratio_ci95": None if ratio is None else [round(ratio[1], 3), round(ratio[2], 3)],
        "auctions_differ": sum(1 for r in results if len(set(r.auctions)) > 1),
        "expert_ms_p50": round(percentile(times, 0.5) * 1000, 2),
        "expert_ms_p99": round(percentile(times, 0.99) * 1000, 2),
        "expert_failures": sum(r.failures for r in results),
        "minutes": round(minutes, 1),
    }


def bench_gap(
    players: Sequence[int] = (2, 3, 4), deals: int = 200, seed: int = 7, preset: str = "moscow",
    budget: float | None = 1.0, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
) -> GapReport:
    """Play ``deals`` decks at each player count (see the module's docstring) and report the gap closed.
    ``progress(players, k)`` hears of k more decks done."""
    load_before = load()
    out: dict[str, PlayersGap] = {}
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        for n in players:
            rules = Rules.preset(preset, players=n)
            args = [(rules, i, seed, budget) for i in range(deals)]
            start = time.monotonic()
            results: list[DeckResult] = []
            for r in (pool.map(_deck_job, args, chunksize=2) if pool is not None else map(_deck_job, args)):
                results.append(r)
                if progress is not None:
                    progress(n, 1)
            out[str(n)] = summarize(results, len(subject_seatings(n)), (time.monotonic() - start) / 60)
    finally:
        if pool is not None:
            pool.shutdown()
    return {"preset": preset, "seed": seed, "budget": budget, "load_before": load_before, "load_after": load(),
            "players": out}
