"""``expert``: the heuristic player plus search over sampled deals (perfect-information Monte Carlo).

For each decision the expert deals the cards it cannot see in a way consistent with its view
(:mod:`bots.sampling`: voids, failed overtrumps, the swapped turnup, shown declarations, bella) and
plays every candidate out on each sample: card play is solved exactly by alpha-beta
(:class:`bots.sim.Solver`) once few enough cards remain, and otherwise played out greedily down to
that point (:func:`bots.sim.rollout`); both run on the compiled core where it was built (:mod:`bots.core`).
Each outcome is turned into *written* points — a bait costs the bidder everything — and the candidate
with the best average wins.

Bids are searched too: whole deals are sampled and each trump played out with the expert as the
bidder; a pass is valued by playing the auction forward on the same deals (:mod:`bots.auction`:
the other seats bid as the heuristic would, the deal may be thrown in, and the expert's own round-2
choice is the one best over all samples). The expert bids when the gain over a pass, weighed with
the heuristic's hand strength (see ``SEARCH_WEIGHT``), is positive.

Samples also agree with the bidding: the seat that chose trump holds some strength in it, and a
seat that passed while a suit could be chosen does not hold jack, nine and a third trump of it
(a sample that disagrees is redrawn a few times). In the card play they agree with the other sides' cards so
far too, as far as a model of a reasonable player explains them (:mod:`bots.play_model`: the heuristic's card
play, which also stands for the others in the auction): of up to ``MODEL_TRIES`` draws the first that the model
would have played exactly as they did is kept, else the one it contradicts least. Against the heuristic this
model is exact, and worth about four points a deal at 2 players (docs/STRENGTH.md).

The number of samples is fixed (so a seeded expert repeats itself; 64 for card play on the compiled core, else 32)
and capped by time: by default it
stops sampling at 60% of the decision budget (at most 0.6 s).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from deberc_tui.engine import (
    DECK,
    Action,
    Bid,
    BidCall,
    Concede50,
    ConcedeStep,
    PlayCard,
    Rank,
    Rules,
    SeatView,
    Suit,
    find_combos,
    scoring,
)
from deberc_tui.engine.combos import KIND_ORDER, ComboKind, Declaration, combos_winner, kind_points
from deberc_tui.engine.dealing import packets_after_bidding
from deberc_tui.engine.options import BellaTo, Debertz, Hanging, SwapSevenUntil
from deberc_tui.engine.play import BELLA_POINTS, CARD_POINTS, LAST_TRICK_POINTS
from deberc_tui.engine.text import N_, Text

from . import stakes
from .auction import SeatModel, Taken, Turn, play_forward, turns_after
from .base import Explanation
from .core import COMPILED, CORE, Position, SearchAborted, Solver, fits_bidding, rollout, sample_hands
from .heuristic import (
    BASE_THRESHOLD,
    CONCEDE_OFFER_BELOW,
    HeuristicBot,
    bid_strength,
    call_strength,
    rule_outlook,
    trump_of,
)
from .knowledge import Knowledge, bits, knowledge, played_by_seat
from .play_model import PlayModel
from .sampling import bidding_constraints

# Solve exactly when at most this many cards remain in hands; above, roll out greedily down to it.
SOLVE_LIMIT = {2: 18, 3: 12, 4: 16}
BID_SOLVE_LIMIT = {2: 12, 3: 9, 4: 12}
MAX_NODES = 60_000  # per sample: beyond this a position is played out greedily instead
# With the compiled core (bots/core.py, forty to eighty times faster) the card play is solved from earlier where the
# arena shows it helps (docs/STRENGTH.md, paired runs on the same decks): at 3 players from six cards each, not four
# (+1.1 a deal [+0.2, +2.1] over 1,000 decks; seven cards each measured no better and reached half a second at the
# 99th percentile); at 4 players from six cards each instead of four measured no better (-1.1 [-5.0, +2.8]), and at
# 2 players the whole deal is solved already. The node cap rises with it (a 3-player solve from 18 cards may need
# 60,000 nodes; at 2 players the higher cap measured +0.5 [-0.3, +1.2], at 4 players it changed nothing).
FAST_SOLVE_LIMIT = {2: 18, 3: 18, 4: 16}
FAST_MAX_NODES = 400_000
# The worlds each card is played out in, by player count. On the compiled core 64 at 4 players: +3.4 a deal
# [+1.0, +5.9] over 900 paired decks, the decision's 99th percentile still far under the cap (docs/STRENGTH.md). At 2
# and 3 players 64 worlds (and 128 at 2) measured no better than 32 before the play model; with it, and 64 draws for
# each world (MODEL_TRIES), 64 worlds close more of the card-play gap: +0.9 a deal at 2 players (1,800 paired decks of
# `tools/gap_ab.py`), +1.7 [+0.0, +3.4] at 3 (300 decks). 192 worlds for a bid measured no better than 96, and at 4
# players 128 card-play worlds no better than 64.
SAMPLES = {2: 32, 3: 32, 4: 32}
FAST_SAMPLES = {2: 64, 3: 64, 4: 64}
# What the expert's own card play adds to a played-out deal over the greedy-then-solved play-outs
# that value a bid (a thrown-in deal gets nothing): measured at 2 players as realized minus predicted
# points at the expert's bidding decisions (+12 to +23 by position); not measured at 3 and 4.
PLAY_EDGE = {2: 12.0, 3: 0.0, 4: 0.0}
# A bid weighs two estimates of the same gain: the play-outs (SEARCH_WEIGHT; unbiased but noisy with
# about a hundred samples and greedy first tricks) and the heuristic's hand strength against its
# threshold, lowered by EXPERT_SHIFT because the expert makes contracts the heuristic would lose
# (same bids, 2 players: 31 baits in 320 bids against the heuristic's 80).
SEARCH_WEIGHT = 0.25
EXPERT_SHIFT = {2: 8.0, 3: 0.0, 4: 0.0}
CONCEDE_SAMPLES = 24  # play-outs for a concede-for-fifty offer or answer
CONCEDE_TIME = 0.1  # seconds for the offer, asked out of turn (the table allows half a second)
CONCEDE_50_POINTS = scoring.CONCEDE_50_POINTS
MODEL_TRIES = 64  # draws per sample to find one the play model explains (16 left 5-20% of samples unexplained)
BIDDING_TRIES = 8  # draws per sample to find one that agrees with the bidding (else the last draw is kept)


def written_utility(
    points: Sequence[float], bidder_side: int | None, my_side: int, rules: Rules, held: Sequence[float] = (),
) -> float:
    """My side's written points minus the mean of the others', from the deal points (§7). ``held``: the points
    of tied deals held for this forced deal (``hanging: "forced"``): the verdict is this deal's, but what is
    written (or handed over by a bait) is both deals' points."""
    both = [p + h for p, h in zip(points, held, strict=True)] if held else list(points)
    written = both[:]
    sides = len(points)
    if bidder_side is not None:
        b = bidder_side
        outcome = scoring.verdict(rules, b, points)  # the engine's §7, on expected points
        if outcome is scoring.BAIT:
            written[b] = 0
            receivers = scoring.bait_receivers(rules, both, b, range(sides))
            for d in receivers:
                written[d] += both[b] / len(receivers)  # expected points: the odd point is noise
        elif outcome is scoring.HANGING and rules.hanging is Hanging.HANG:
            written[b] = 0
        elif outcome is scoring.HELD:
            written = [0.0] * sides  # held again: decided later, worth nothing to either side now
    others_w = [w for s, w in enumerate(written) if s != my_side]
    return written[my_side] - sum(others_w) / len(others_w)


def held_points(view: SeatView) -> tuple[int, ...]:
    """The points held for this deal by tied deals before it (``hanging: "forced"``), per side: the sheet's
    trailing "held" rows (thrown-in deals in between change nothing); () when none."""
    held = [0] * view.rules.sides
    found = False
    for row in reversed(view.sheet):
        if row.outcome is scoring.THROWN_IN:
            continue
        if row.outcome is not scoring.HELD:
            break
        found = True
        held = [h + p for h, p in zip(held, row.points, strict=True)]
    return tuple(held) if found else ()


class ExpertBot(HeuristicBot):
    name = "expert"
    description = N_("search: samples the unseen cards from what it knows and plays each choice out")

    def __init__(
        self, seed: int | None = None, style: str = "normal", samples: int | None = None, bid_samples: int = 96,
        time_share: float = 0.6, max_time: float = 0.6, solve_limit: Mapping[int, int] | None = None,
        max_nodes: int | None = None, play_model: bool = True,
    ) -> None:
        """``solve_limit`` (cards left in hands, by player count) and ``max_nodes`` (per sample) say when the card play
        is solved exactly: by default from earlier in the deal where the compiled core runs. ``samples``: the worlds
        each card is played out in (by default :data:`SAMPLES` by player count, :data:`FAST_SAMPLES` on the compiled
        core). ``play_model``: whether the card play reads the other sides' cards through the play model
        (:mod:`bots.play_model`)."""
        super().__init__(seed=seed, style=style)
        fast = CORE is COMPILED
        self.solve_limit = dict(solve_limit or (FAST_SOLVE_LIMIT if fast else SOLVE_LIMIT))
        self.max_nodes = max_nodes if max_nodes is not None else FAST_MAX_NODES if fast else MAX_NODES
        self.samples = samples
        self.card_samples = dict(FAST_SAMPLES if fast else SAMPLES)
        self.bid_samples = bid_samples
        self.time_share = time_share
        self.max_time = max_time
        self.budget: float | None = None
        self.play_model = play_model

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        self.budget = budget
        return self.decide(view, legal)[0]

    def _deadline(self) -> float:
        budget = 1.0 if self.budget is None else self.budget
        return time.perf_counter() + min(self.max_time, self.time_share * budget)

    # -- teams and points -----------------------------------------------------------------------

    def teams_of(self, view: SeatView, bidder: int | None) -> tuple[int, ...]:
        """The searched teams by seat, team 0 the seat's own: at 3 players the bidder against the two defenders, who
        play together against a bait. Public: the game review weighs a card in the very teams the expert searches."""
        rules = view.rules
        n = rules.players
        if n == 3 and bidder is not None:
            mine = view.seat == bidder
            return tuple(0 if (s == bidder) == mine else 1 for s in range(n))
        me = rules.side_of(view.seat)
        return tuple(0 if rules.side_of(s) == me else 1 for s in range(n))

    def _final_points(
        self, rules: Rules, teams: tuple[int, ...], base: Sequence[float], gained0: float, gained1: float,
    ) -> list[float]:
        sides = rules.sides
        side_team = [teams[rules.side_seats(s)[0]] for s in range(sides)]
        count = [side_team.count(0), side_team.count(1)]
        return [base[s] + (gained0 if side_team[s] == 0 else gained1) / max(1, count[side_team[s]]) for s in range(sides)]

    def pending_combos(self, view: SeatView, know: Knowledge) -> list[float]:
        """Combination and bella points per side as far as known now (mine counted if I will declare them;
        my own undeclared bella is left to the caller, who weighs declaring it)."""
        rules = view.rules
        out = [float(know.combo_points[s] + know.bella_points[s]) for s in range(rules.sides)]
        assert view.trump is not None
        my_side = rules.side_of(view.seat)
        if view.combos_side is None:
            best: tuple[int, int, int] | None = None
            best_side = -1
            pts: dict[int, float] = {}
            for a in view.announcements:
                key = (KIND_ORDER[a.kind], Rank.parse(a.top).index, 0)
                side = rules.side_of(a.seat)
                pts[side] = pts.get(side, 0) + kind_points(a.kind, rules)  # its kind: a debertz is worth its rule
                if best is None or key > best:
                    best, best_side = key, side
            mine = view.declarable()
            if mine and self.should_declare(view):
                key = (*mine[0].rank_key, 1 if mine[0].suit is view.trump else 0)
                pts[my_side] = pts.get(my_side, 0) + sum(c.points for c in mine)
                if best is None or key > best:
                    best, best_side = key, my_side
            if best_side >= 0:
                out[best_side] += pts.get(best_side, 0)
        return out

    # -- card play ------------------------------------------------------------------------------

    def play(self, view: SeatView, cards: Sequence[PlayCard]) -> tuple[Action, Explanation]:
        know = knowledge(view)
        options = sorted({a.card.index for a in cards})
        bella = bella_to_declare(view)
        if len(options) == 1 and not (bella and any(a.bella for a in cards)):
            return self.flags(view, know, cards, options[0]), Text(N_("the only card that may be played"))
        n = view.rules.players
        search = PlaySearch(self, view, know)
        totals = {c: 0.0 for c in options}
        with_bella = {c: 0.0 for c in options}
        heur = self.card_values(view, know, options)
        deadline = self._deadline()
        done = 0
        solve_limit = self.solve_limit[n]  # lowered by a trick each time a solve runs out of time
        for i in range(self.samples if self.samples is not None else self.card_samples[n]):
            if i >= 1 and time.perf_counter() > deadline:
                break
            hands = self._sample(know, search.constraints, search.played_by, model=search.model)
            values, solve_limit = search.searched(hands, options, solve_limit, self.max_nodes, deadline)
            for c in options:
                plain, bella_too = search.utilities(hands, values[c])
                totals[c] += plain
                with_bella[c] += bella_too
            done += 1
        k = max(1, done)
        score = {c: max(totals[c], with_bella[c]) / k if bella else totals[c] / k for c in options}
        best = max(options, key=lambda c: score[c] + 0.01 * heur[c])
        hurts = with_bella[best] < totals[best] if bella else None  # declaring would only feed a bait
        why = Text(N_("over {done} deals played out that fit the cards seen so far, {card} scores best ({avg:+.0f} on average)"),
                   {"done": done, "card": DECK[best], "avg": score[best]})
        return self.flags(view, know, cards, best, hurts), why

    def _sample(
        self, know: Knowledge, constraints: list[tuple[int, int, bool]], played_by: list[int],
        sizes: list[int] | None = None, model: PlayModel | None = None,
    ) -> list[int]:
        """A sample of the unseen cards that also agrees with the bidding, if one is found quickly; with a ``model``
        of the others' card play, the draw that agrees with the most of their cards so far (all of them, if one is
        found in :data:`MODEL_TRIES` draws)."""
        if model is None:
            hands = sample_hands(know, self.rng, sizes=sizes)
            for _try in range(BIDDING_TRIES - 1):
                if not constraints or fits_bidding(hands, played_by, constraints):
                    break
                hands = sample_hands(know, self.rng, sizes=sizes)
            return hands
        best: list[int] = []
        least = 1 << 30
        for _try in range(MODEL_TRIES):
            hands = sample_hands(know, self.rng, sizes=sizes)
            missed = 0 if not constraints or fits_bidding(hands, played_by, constraints) else 1000
            if missed < least:
                missed += model.mismatches(hands, least - missed)
            if missed < least:
                best, least = hands, missed
                if not missed:
                    break
        return best

    # -- bidding --------------------------------------------------------------------------------

    def bid(self, view: SeatView, bids: Sequence[Bid]) -> tuple[Action, Explanation]:
        rules = view.rules
        n = rules.players
        me = view.seat
        by_call: dict[BidCall, Bid] = {b.call: b for b in bids}
        heur_scores = self.bid_scores(view, bids)
        # Only search the trumps the heuristic finds at least plausible (saves time on hopeless suits).
        th = self.threshold(view)
        plausible = [c for c in heur_scores if heur_scores[c] >= th - 25] or (
            list(heur_scores) if BidCall.PASS not in by_call else [])
        if not plausible:
            best_call = max(heur_scores, key=lambda c: heur_scores[c], default=None)
            if best_call is None:
                return by_call[BidCall.PASS], Text(N_("no trump comes close"))
            return by_call[BidCall.PASS], Text(N_("no trump comes close: the best, {suit}, has hand strength {best:.0f}"),
                                               {"suit": trump_of(best_call, view.turnup.suit),
                                                "best": heur_scores[best_call]})
        know = knowledge(view)
        up_suit = view.turnup.suit.index
        round1 = view.bid_round == 1
        can_pass = BidCall.PASS in by_call
        later = turns_after(view) if can_pass else []
        model = SeatModel.of(view)
        # My own round-2 turn, if the auction comes back: the suits I might name there, or pass.
        mine_later = next((t for t in later if t.seat == me), None)
        again: list[int | None] = []
        if mine_later is not None:
            others = [t for t in range(4) if t != up_suit]
            strength = {t: call_strength(rules, know.hand, t, False, me, view.dealer, view.turnup.index) for t in others}
            again = [t for t in others if strength[t] >= th - 25]
            if not mine_later.must:
                again.append(None)
            elif not again:  # a dealer who may not pass names the best suit
                again = [max(others, key=lambda t: strength[t])]
        after_mine = later[later.index(mine_later) + 1:] if mine_later is not None else []
        deadline = self._deadline()
        values = {c: 0.0 for c in plausible}
        pass_settled = 0.0  # pass outcomes decided before my own later turn
        pass_again = {c: 0.0 for c in again}  # the outcome of each choice at my later turn
        done = 0
        for i in range(self.bid_samples):
            if i >= 1 and time.perf_counter() > deadline:
                break
            hands, stock = self._sample_bid_world(view, know)
            worth = _BidWorld(self, view, hands, stock, deadline).worth
            for c in plausible:
                values[c] += worth(me, _named_suit(c, up_suit), round1)
            if can_pass:
                nxt = play_forward(model, hands, later, me)
                if isinstance(nxt, Turn):
                    for choice in again:
                        if choice is not None:
                            pass_again[choice] += worth(me, choice, False)
                            continue
                        end = play_forward(model, hands, after_mine, me)
                        if isinstance(end, Taken):
                            pass_again[choice] += worth(end.bidder, end.trump, end.round1)
                elif nxt is not None:
                    pass_settled += worth(nxt.bidder, nxt.trump, nxt.round1)
            done += 1
        pass_value = (pass_settled + max(pass_again.values(), default=0.0)) / max(1, done)
        margin = (th - BASE_THRESHOLD[n]) * 0.8  # style and score, in points

        def gain(c: BidCall) -> float:
            searched = values[c] / max(1, done) - pass_value - margin
            return SEARCH_WEIGHT * searched + (1 - SEARCH_WEIGHT) * (heur_scores[c] - th + EXPERT_SHIFT[n])

        call = max(plausible, key=gain)
        avg = values[call] / max(1, done)
        if gain(call) > 0 or not can_pass:
            why = Text(N_("over {done} sampled deals trump {suit} brings {avg:+.0f} written points, a pass {pv:+.0f} "
                          "(hand strength {best:.0f})"),
                       {"suit": trump_of(call, view.turnup.suit), "done": done, "avg": avg, "pv": pass_value,
                        "best": heur_scores[call]})
            return by_call[call], why
        why = Text(N_("over {done} sampled deals the best trump, {suit}, brings {avg:+.0f}, a pass {pv:+.0f} "
                      "(hand strength {best:.0f})"),
                   {"suit": trump_of(call, view.turnup.suit), "done": done, "avg": avg, "pv": pass_value,
                    "best": heur_scores[call]})
        return by_call[BidCall.PASS], why

    def _sample_bid_world(self, view: SeatView, know: Knowledge) -> tuple[list[int], list[int]]:
        """The other seats' hands as they bid (as many cards as mine), consistent with the bidding so
        far, and the order of the stock they will draw from."""
        n = view.rules.players
        me = view.seat
        size = len(view.hand)
        pool = know.unseen & ~view.turnup.bit
        k2 = Knowledge(
            seat=me, n=n, trump=-1, hand=know.hand, played=0, unseen=pool,
            known=[0] * n, forbidden=[0] * n, sizes=[size] * n,
        )
        up_suit = view.turnup.suit.index
        suits = [up_suit] if view.bid_round == 1 else [t for t in range(4) if t != up_suit]
        constraints = bidding_constraints(view.bids, n, me, up_suit, suits)
        hands = self._sample(k2, constraints, [0] * n, sizes=[size] * n)
        rest = pool
        for h in hands:
            rest &= ~h
        stock = bits(rest)
        self.rng.shuffle(stock)
        return hands, stock

    @staticmethod
    def _full_hands(view: SeatView, hands: Sequence[int], stock: Sequence[int], bidder: int) -> list[int]:
        """Every hand after the deal is completed for ``bidder`` (§2), packet by packet in the order the
        engine deals them (:func:`~deberc_tui.engine.dealing.packets_after_bidding`, the one home of it)."""
        full = list(hands)
        k = 0
        for seat, count, takes_turnup in packets_after_bidding(view.rules, view.dealer, bidder):
            if takes_turnup:
                full[seat] |= view.turnup.bit
            for c in stock[k:k + count]:
                full[seat] |= 1 << c
            k += count
        return full

    def _evaluate_bid(
        self, view: SeatView, hands: list[int], trump: int, round1: bool, bidder: int, first_six: Sequence[int] = (),
        deadline: float | None = None,
    ) -> float:
        """My written points minus theirs when ``bidder`` takes the deal with ``trump`` and the
        (sampled, complete) hands are played out. ``first_six``: the hands as they bid; under
        ``swap_seven_until: "pickup"`` only a trump seven among them may be swapped for the turnup."""
        rules = view.rules
        n = rules.players
        hands = hands[:]
        up = view.turnup.index
        if round1 and n < 4 and rules.seven_swap_allowed:
            seven = 1 << (trump * 8)
            for s in range(n):
                could = first_six[s] if rules.swap_seven_until is SwapSevenUntil.PICKUP and first_six else hands[s]
                if hands[s] & seven and could & seven:
                    hands[s] ^= seven | (1 << up)
        return self._playout_value(view, hands, trump, bidder, deadline=deadline)

    def _playout_value(
        self, view: SeatView, hands: list[int], trump: int, bidder: int, held: Sequence[float] = (),
        deadline: float | None = None,
    ) -> float:
        """My written points minus theirs when the complete ``hands`` are played out from the first card with
        ``bidder`` holding ``trump``: everybody declares, bella to its holder, greedy play then an exact solve."""
        rules = view.rules
        n = rules.players
        me = view.seat
        suit = Suit.from_index(trump)
        order = [(view.dealer + 1 + i) % n for i in range(n)]
        my_side = rules.side_of(me)
        decls = []
        for k, s in enumerate(order):
            combos = find_combos(hands[s], suit, rules)
            if combos and combos[0].kind is ComboKind.DEBERTZ and rules.debertz is Debertz.WIN:
                return 200.0 if rules.side_of(s) == my_side else -200.0  # a debertz wins the game
            if combos:
                decls.append(Declaration(s, tuple(combos), k))
        base = [0.0] * rules.sides
        side = combos_winner(decls, suit, rules)
        if side is not None:
            base[side] += sum(c.points for d in decls if rules.side_of(d.seat) == side for c in d.combos)
        kq = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6))
        if rules.bella_to is BellaTo.HOLDER:
            for s in range(n):
                if hands[s] & kq == kq:
                    base[rules.side_of(s)] += BELLA_POINTS
        teams = self.teams_of(view, bidder)
        leader = rules.first_leader(view.dealer, bidder)
        pos = Position(n, trump, hands, teams, leader, [], rules.partner_exempt and n == 4, rules.overtrump_on_ruff)
        cp = CARD_POINTS[trump + 1]
        total = sum(cp[c] for h in hands for c in bits(h)) + LAST_TRICK_POINTS
        v = rollout(pos, BID_SOLVE_LIMIT[n], deadline=deadline)
        pts = self._final_points(rules, teams, base, v, total - v)
        return written_utility(pts, rules.side_of(bidder), my_side, rules, held)

    # -- raising the stake (§12) ----------------------------------------------------------------

    def stake_outlook(self, view: SeatView) -> stakes.Outlook:
        """My chance of winning the game, for doubles and «даве»: sampled deals played out to the end."""
        return sampled_outlook(self, view)

    # -- conceding for fifty (§8 concede_50, 2 players) -----------------------------------------

    def concede_wise(self, view: SeatView) -> bool:
        """As the defender: offer when the play-outs of sampled deals expect me to lose by more than the 50 a
        concession costs (my card play's edge over the play-outs counted, as at the bidding). Asked out of
        turn with little time: a fixed small number of samples, capped at a tenth of a second. A hand the
        heuristic's measured rule already calls hopeless is offered without sampling: so poor a hand expects
        to lose by about the fifty, and two dozen play-outs cannot tell which side of it (their standard error
        is about six points), so sampling would offer at random."""
        if super().concede_wise(view):
            return True
        expected = self._concede_expectation(view, offered=False, deadline=time.perf_counter() + CONCEDE_TIME)
        return expected + PLAY_EDGE[2] < -float(CONCEDE_50_POINTS)

    def answer_concede(self, view: SeatView, answers: Sequence[Concede50]) -> tuple[Action, Explanation]:
        """As the bidder: accept fifty unless the play-outs expect more, on deals where the defender's hand is
        one that offers (weak, as the heuristic measures it)."""
        accept = next(a for a in answers if a.step is ConcedeStep.ACCEPT)
        refuse = next((a for a in answers if a.step is ConcedeStep.REFUSE), accept)
        expected = self._concede_expectation(view, offered=True, deadline=self._deadline()) + PLAY_EDGE[2]
        if expected > CONCEDE_50_POINTS:
            return refuse, Text(N_("over sampled deals playing on brings {avg:+.0f}, more than the fifty"),
                                {"avg": expected})
        return accept, Text(N_("over sampled deals playing on brings only {avg:+.0f}, less than the fifty"),
                            {"avg": expected})

    def _concede_expectation(self, view: SeatView, offered: bool, deadline: float) -> float:
        """My expected written difference if the deal is played out (2 players). The choice comes before the
        extra cards (§8): each sample deals the other's six cards and the stock, and the extra cards from it as
        the engine would (an offer from the defender means its six cards are weak, as the heuristic measures)."""
        know = knowledge(view)
        assert view.trump is not None and view.bidder is not None
        t = view.trump.index
        other = 1 - view.seat
        constraints = bidding_constraints(view.bids, 2, view.seat, view.turnup.suit.index, [t])
        total = 0.0
        done = 0
        for i in range(CONCEDE_SAMPLES):
            if i >= 1 and time.perf_counter() > deadline:
                break
            six, stock = self._concede_world(view, know, constraints)
            for _try in range(BIDDING_TRIES):
                if not offered or bid_strength(six[other], t, None, False, False, view.rules) < CONCEDE_OFFER_BELOW:
                    break
                six, stock = self._concede_world(view, know, constraints)
            hands = self._full_hands(view, six, stock, view.bidder)
            total += self._playout_value(view, hands, t, view.bidder, held_points(view), deadline)
            done += 1
        return total / max(1, done)

    def _concede_world(
        self, view: SeatView, know: Knowledge, constraints: list[tuple[int, int, bool]],
    ) -> tuple[list[int], list[int]]:
        """The two hands of six as the bidding left them (mine as it is, the other's sampled) and the stock's
        order, from which the extra cards will come."""
        size = len(view.hand)
        pool = know.unseen
        k6 = Knowledge(seat=view.seat, n=2, trump=know.trump, hand=know.hand, played=0, unseen=pool,
                       known=[0, 0], forbidden=[0, 0], sizes=[size, size])
        six = self._sample(k6, constraints, [0, 0], sizes=[size, size])
        stock = bits(pool & ~six[0] & ~six[1])
        self.rng.shuffle(stock)
        return six, stock

def sampled_outlook(bot: ExpertBot, view: SeatView) -> stakes.Outlook:
    """The expert's chance of winning the game, for doubles and «даве»: sampled deals played out to the end of
    this deal (see :mod:`bots.stakes`), within :data:`~bots.stakes.STAKE_TIME` of its budget. In the bidding it
    falls back on the heuristic's :func:`~bots.heuristic.rule_outlook`."""
    if view.trump is None or view.bidder is None or view.rules.players != 2:
        return rule_outlook(view)
    rules = view.rules
    search = PlaySearch(bot, view)
    budget = 1.0 if bot.budget is None else bot.budget
    deadline = time.perf_counter() + min(bot.max_time, bot.time_share * budget) * stakes.STAKE_TIME
    wins = 0.0
    done = 0
    for i in range(stakes.STAKE_SAMPLES):
        if i >= 2 and time.perf_counter() > deadline:
            break
        hands = bot._sample(search.know, search.constraints, search.played_by, model=search.model)
        pos = search.position(hands)
        try:
            if sum(h.bit_count() for h in hands) <= bot.solve_limit[2]:
                v = Solver(pos, bot.max_nodes, deadline).value()
            else:
                raise SearchAborted
        except SearchAborted:
            v = rollout(pos, bot.solve_limit[2] - 4, bot.max_nodes // 4, deadline)
        wins += stakes.deal_chance(view, search.points(hands, v), search.bidder_side, search.my_side)
        done += 1
    p = wins / max(1, done)
    if rules.short:
        return stakes.Outlook(p, *stakes.short_values(view, rules.short_bait), samples=done)
    return stakes.Outlook(p, samples=done)


def bella_to_declare(view: SeatView) -> bool:
    """Whether this seat still has a bella to declare that scores for its holder (``bella_to: "holder"``)."""
    return view.rules.bella_to is BellaTo.HOLDER and bool(view.bella_cards)


class PlaySearch:
    """The deal in play as the expert searches it from one view: the searched teams, the points each side holds so
    far, the trick in progress, what the bidding and the others' cards say about their hands (the bidding's
    constraints, the play model), and how a world's card points turn into written points. One set-up for the
    expert's card play, its stake outlook and the game review's judge, so that the three value a card alike."""

    def __init__(self, bot: ExpertBot, view: SeatView, know: Knowledge | None = None) -> None:
        assert view.trump is not None and view.bidder is not None
        rules = view.rules
        self.know = know if know is not None else knowledge(view)
        self.rules = rules
        self.seat = view.seat
        self.trump = view.trump.index
        self.teams = bot.teams_of(view, view.bidder)
        self.my_side = rules.side_of(view.seat)
        self.bidder_side = rules.side_of(view.bidder)
        self.held = held_points(view)
        self.base = [self.know.side_points[s] + c for s, c in enumerate(bot.pending_combos(view, self.know))]
        self.card_points = CARD_POINTS[self.trump + 1]
        self.trick = [(s, c.index) for s, c in view.current_trick]
        self.leader = view.current_trick[0][0] if view.current_trick else view.seat
        self.constraints = bidding_constraints(view.bids, rules.players, view.seat, view.turnup.suit.index, [self.trump])
        self.played_by = played_by_seat(view)
        self.bella = bella_to_declare(view)
        self._final_points = bot._final_points
        model = PlayModel(view, bot) if bot.play_model else None
        self.model = model if model is not None and model.turns else None  # None: nothing of the others' to read

    def position(self, hands: list[int]) -> Position:
        """The world ``hands`` from here, as the solver takes it."""
        rules = self.rules
        n = rules.players
        return Position(n, self.trump, hands, self.teams, self.leader, self.trick[:], rules.partner_exempt and n == 4,
                        rules.overtrump_on_ruff)

    def searched(
        self, hands: list[int], cards: list[int], solve_limit: int, max_nodes: int, deadline: float | None = None,
    ) -> tuple[dict[int, int], int]:
        """The card points team 0 takes from here to the end in the world ``hands`` after each of ``cards``: solved
        exactly when at most ``solve_limit`` cards are left in hands, else — or when the solve needs more than
        ``max_nodes`` — each card played and the rest played out greedily down to the limit. With the solve limit to
        go on with: a trick lower when the solve ran out of time."""
        n = self.rules.players
        pos = self.position(hands)
        cards_left = sum(h.bit_count() for h in hands)
        values: dict[int, int] = {}
        if cards_left <= solve_limit:
            try:
                values = Solver(pos, max_nodes, deadline).root_values(cards)
            except SearchAborted:
                values = {}
                if deadline is not None and time.perf_counter() > deadline:
                    solve_limit -= 2 * n
        if not values:
            limit = solve_limit if cards_left > solve_limit else solve_limit - 2 * n
            for c in cards:
                after, taken = after_card(pos, self.seat, c)
                values[c] = taken + rollout(after, limit, max_nodes // 4, deadline)
        return values, solve_limit

    def points(self, hands: list[int], gained: int) -> list[float]:
        """Each side's points at the deal's end when team 0 takes ``gained`` of the card points left in ``hands``."""
        cp = self.card_points
        remaining = sum(cp[c] for h in hands for c in bits(h)) + sum(cp[c] for _, c in self.trick) + LAST_TRICK_POINTS
        return self._final_points(self.rules, self.teams, self.base, gained, remaining - gained)

    def utilities(self, hands: list[int], gained: int) -> tuple[float, float]:
        """My side's written lead (:func:`written_utility`) when team 0 takes ``gained``: as things stand, and with
        my bella's 20 declared too (the same again when I have no bella to declare)."""
        pts = self.points(hands, gained)
        plain = written_utility(pts, self.bidder_side, self.my_side, self.rules, self.held)
        if not self.bella:
            return plain, plain
        pts[self.my_side] += BELLA_POINTS
        return plain, written_utility(pts, self.bidder_side, self.my_side, self.rules, self.held)


class _BidWorld:
    """One sampled deal at the bidding: each (bidder, trump, round) is played out once."""

    def __init__(
        self, bot: ExpertBot, view: SeatView, hands: list[int], stock: list[int], deadline: float | None = None,
    ) -> None:
        self.bot, self.view, self.hands, self.stock, self.deadline = bot, view, hands, stock, deadline
        self.memo: dict[tuple[int, int, bool], float] = {}

    def worth(self, bidder: int, trump: int, round1: bool) -> float:
        key = (bidder, trump, round1)
        if key not in self.memo:
            full = self.bot._full_hands(self.view, self.hands, self.stock, bidder)
            value = self.bot._evaluate_bid(self.view, full, trump, round1, bidder, self.hands, self.deadline)
            self.memo[key] = value + PLAY_EDGE[self.view.rules.players]
        return self.memo[key]


def _named_suit(call: BidCall, turnup_suit: int) -> int:
    """The trump (suit index) a bid names: the turnup's suit for "play", else the suit called."""
    suit = call.suit
    return turnup_suit if suit is None else suit.index


def after_card(pos: Position, seat: int, c: int) -> tuple[Position, int]:
    """The position after ``seat`` plays ``c``, and team 0's points if that finished a trick."""
    hands = pos.hands[:]
    hands[seat] ^= 1 << c
    trick = pos.trick + [(seat, c)]
    new = Position(pos.n, pos.trump, hands, pos.team, pos.leader, trick, pos.exempt, pos.ruff_over)
    if len(trick) < pos.n:
        return new, 0
    _, ws, _, _, pts = new.trick_state()
    if not hands[ws]:
        pts += 10
    new.leader = ws
    new.trick = []
    return new, (pts if pos.team[ws] == 0 else 0)
