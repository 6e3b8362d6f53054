"""The score sheet (§7-§9): what each side writes after a deal, hanging points, penalties, the end.

It works from a deal's :class:`DealPoints` alone, so the same code keeps the score of a game the
engine plays and of one played with real cards (the score pad), and re-scoring an edited game is
writing its deals again on a fresh sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deberc_tui.engine import scoring as sc
from deberc_tui.engine.errors import ApiMisuseError
from deberc_tui.engine.events import ThrowInReason
from deberc_tui.engine.options import BaitCount, BothOver, Hanging, HangingMulti, NextDealer
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.text import N_


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as a value: the winning side, the game points it earns (2 with mars) and why it won."""

    winner: int
    game_points: int
    reason: sc.GameEnd
    both_over: BothOver | None = None
    """When several sides were at or over the target after the last deal (§8 ``both_over``): the rule that chose
    the winner — the defending side, the bidder, the last trick's taker, or the higher total (also every rule's
    fallback). None when one side alone reached it, or the game ended otherwise."""
    claim_count: int | None = None
    """What the claim that ended the game counted (``CLAIM_WON``, ``CLAIM_LOST``), when known."""
    claimant: int | None = None
    """The side that claimed (``CLAIM_WON``, ``CLAIM_LOST``)."""

    @property
    def mars(self) -> bool:
        """Whether the win counts double because every loser has less than half the target (§12 ``mars``)."""
        return self.game_points > 1


class ScoreSheet:
    """Running totals, hanging points, bait counts and the next dealer for one game."""

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
            raise ApiMisuseError(N_("the first dealer must be a seat 0..{last}, not {seat}"),
                                 {"last": rules.players - 1, "seat": first_dealer})
        self.rules = rules
        self.n = rules.players
        self.first_dealer = first_dealer
        self.results: list[sc.DealResult] = []
        self.totals: list[int] = [0] * rules.sides
        self.hanging_pot: list[int] = []  # amounts waiting for a winner, oldest first
        self.baits_game = [0] * rules.sides
        self.baits_row = [0] * rules.sides
        self.next_dealer = first_dealer
        self.outcome: Outcome | None = None
        self.held: list[tuple[int, ...]] = []  # per held deal (``hanging: "forced"``), each side's points
        self.forced_bidder: int | None = None  # the seat that bids the forced deal, while points are held

    @property
    def hanging(self) -> int:
        return sum(self.hanging_pot)

    @property
    def held_points(self) -> tuple[int, ...]:
        """Per side, the points held by tied deals under ``hanging: "forced"`` (zeros when none)."""
        if not self.held:  # (asked at every deal written)
            return (0,) * self.rules.sides
        return tuple(sum(p[s] for p in self.held) for s in range(self.rules.sides))

    def write(self, dealer: int, trump: str | None, dp: sc.DealPoints) -> sc.DealResult:
        """Write one finished deal and return its row; ends the game when the rules say so."""
        if self.outcome is not None:
            raise ApiMisuseError(N_("the game is over: no more deals can be written"))
        rules = self.rules
        nsides = rules.sides
        points = list(dp.points)
        written = [0] * nsides
        penalties = [0] * nsides
        received = [0] * nsides
        bidder = dp.bidder_side
        outcome = dp.outcome
        winner: int | None = None
        if outcome is sc.THROWN_IN:
            self.next_dealer = (dealer + 1) % self.n if dp.reason == ThrowInReason.ALL_PASS else dealer
        elif outcome is sc.CONCEDED:
            assert bidder is not None
            written[bidder] = sc.CONCEDE_50_POINTS
            # (decided) the bidder deals next as the deal's winner; a conceded deal decides no hanging points
            self.next_dealer = self._winner_deals(dealer, written)
        elif outcome in sc.GAME_ENDING:
            if outcome is sc.CLAIM_WON:
                assert dp.winner is not None
                written[dp.winner] = points[dp.winner]
            winner = dp.winner if dp.winner is not None else self._claim_loser_winner(dp)
        elif outcome is sc.HELD:
            # §7 «висяк»: nothing is written, not even a penalty; the forced deal decides both deals
            assert bidder is not None
            self.held.append(tuple(points))
            self.forced_bidder = dp.bidder_seat
            self.next_dealer = self._winner_deals(dealer, points, bidder)
        else:
            assert bidder is not None
            both = [p + h for p, h in zip(points, self.held_points, strict=True)]
            self.held.clear()
            self.forced_bidder = None
            written = both[:]
            new_hang = 0
            if outcome is sc.BAIT:
                written[bidder] = 0
                defenders = [s for s in self._play_order_sides(dealer, dp) if s != bidder]
                for side, amount in sc.bait_shares(rules, both, bidder, defenders).items():
                    written[side] += amount
            elif outcome is sc.HANGING and rules.hanging is Hanging.HANG:
                written[bidder] = 0
                new_hang = points[bidder]
            self._move_hanging(points, written, received, outcome is sc.HANGING)
            if new_hang:
                self.hanging_pot.append(new_hang)
            self._penalise(dp, outcome, bidder, penalties)
            # §9: after a hanging deal a defender deals, even when every side wrote its own points
            self.next_dealer = self._winner_deals(dealer, written, bidder if outcome is sc.HANGING else None)
        for side, moved in enumerate(_per_side(nsides, dp.struck, dp.table)):
            # false claims under "double_to_opponent" and the score pad's table penalties (§11): what is
            # taken off is a penalty, what is given is written
            if moved < 0:
                penalties[side] += moved
            else:
                written[side] += moved
        for s in range(nsides):
            self.totals[s] += written[s] + penalties[s]
        result = sc.DealResult(
            index=len(self.results), dealer=dealer, outcome=outcome, bidder=bidder,
            trump=None if outcome is sc.THROWN_IN else trump,
            points=dp.points, combos_side=dp.combos_side, written=tuple(written), penalties=tuple(penalties),
            hanging=self.hanging, totals=tuple(self.totals), hanging_received=tuple(received), detail=dp,
            reason=dp.reason,
        )
        self.results.append(result)
        if winner is not None:
            self._end(winner, sc.GameEnd(outcome.value), claim_count=dp.claim_count, claimant=dp.claimant)
        elif outcome in sc.PLAYED_OUT or outcome is sc.CONCEDED:
            self._check_end(dp, written)
        return result

    # -- pieces of §7 -----------------------------------------------------------------------------

    def _play_order_sides(self, dealer: int, dp: sc.DealPoints) -> list[int]:
        """Sides in play order from the first leader (the first gets an odd point)."""
        first = dp.first_leader if dp.first_leader is not None else (dealer + 1) % self.n
        out: list[int] = []
        for i in range(self.n):
            side = self.rules.side_of((first + i) % self.n)
            if side not in out:
                out.append(side)
        return out

    def _move_hanging(self, points: Sequence[int], written: list[int], received: list[int], this_hangs: bool) -> None:
        """Give waiting hanging points to the side that scored the most deal points in this deal (§7).

        A hanging deal decides nothing, and a tie at the top keeps them hanging.
        """
        if not self.hanging_pot or this_hangs:
            return
        top = max(points)
        leaders = [s for s, w in enumerate(points) if w == top]
        if len(leaders) != 1:
            return
        if self.rules.hanging_multi is HangingMulti.ACCUMULATE:
            amount = sum(self.hanging_pot)
            self.hanging_pot.clear()
        else:
            amount = self.hanging_pot.pop(0)
        written[leaders[0]] += amount
        received[leaders[0]] += amount

    def _penalise(self, dp: sc.DealPoints, outcome: sc.DealOutcome, bidder: int, penalties: list[int]) -> None:
        rules = self.rules
        if rules.ski_penalty:
            for s, taken in enumerate(dp.tricks):
                if taken == 0:
                    penalties[s] -= rules.ski_penalty
        if outcome is sc.BAIT:
            self.baits_game[bidder] += 1
            self.baits_row[bidder] += 1
            pen = rules.bait_penalty
            if pen is not None:
                nth = self.baits_game[bidder] if pen.count is BaitCount.GAME else self.baits_row[bidder]
                if pen.applies(nth):
                    penalties[bidder] -= pen.points
        elif outcome is sc.MADE:
            self.baits_row[bidder] = 0

    def _winner_deals(self, dealer: int, written: Sequence[int], not_side: int | None = None) -> int:
        """§9: 'rotate' clockwise, or the side that wrote most (first such seat clockwise from the dealer);
        ``not_side`` (the bidder of a hanging deal) is left out."""
        n = self.n
        if self.rules.next_dealer is NextDealer.ROTATE:
            return (dealer + 1) % n
        top = max(w for s, w in enumerate(written) if s != not_side)
        best = {s for s, w in enumerate(written) if w == top and s != not_side}
        for i in range(1, n + 1):
            seat = (dealer + i) % n
            if self.rules.side_of(seat) in best:
                return seat
        return (dealer + 1) % n  # pragma: no cover - some side always has the top

    def _claim_loser_winner(self, dp: sc.DealPoints) -> int:
        others = [s for s in range(self.rules.sides) if s != dp.claimant]
        return max(others, key=lambda s: self.totals[s])

    def _check_end(self, dp: sc.DealPoints, written: Sequence[int]) -> None:
        rules = self.rules
        totals = self.totals
        if rules.short:
            basis = list(written if rules.short_bait or dp.outcome is sc.CONCEDED else dp.points)
            top = max(basis)
            leaders = [s for s, v in enumerate(basis) if v == top]
            if len(leaders) == 1:
                self._end(leaders[0], sc.GameEnd.SHORT)
            return
        over = [s for s in range(rules.sides) if totals[s] >= rules.target]
        if not over:
            self._check_gap()
            return
        if len(over) == 1:
            self._end(over[0], sc.GameEnd.TARGET)
            return
        choice: int | None = None
        rule = rules.both_over
        if rule is BothOver.DEFENDER:
            defenders = [s for s in over if s != dp.bidder_side]
            choice = _unique_top(defenders, totals)
        elif rule is BothOver.BIDDER:
            choice = dp.bidder_side if dp.bidder_side in over else None
        elif rule is BothOver.LAST_TRICK:
            choice = dp.last_trick_side if dp.last_trick_side in over else None
        if choice is None:
            rule = BothOver.HIGHER
            choice = _unique_top(over, totals)
        if choice is not None:
            self._end(choice, sc.GameEnd.TARGET, both_over=rule)

    def _check_gap(self) -> None:
        """§8 ``gap_end`` (2 players, "mit fünfzig"): a lead of at least that many points wins below the target."""
        gap = self.rules.gap_end
        if gap is None or self.rules.players != 2:
            return
        lead = self.totals[0] - self.totals[1]
        if abs(lead) >= gap:
            self._end(0 if lead > 0 else 1, sc.GameEnd.GAP)

    def _end(self, winner: int, reason: sc.GameEnd, both_over: BothOver | None = None,
             claim_count: int | None = None, claimant: int | None = None) -> None:
        rules = self.rules
        losers = [s for s in range(rules.sides) if s != winner]
        # §12: mars when every losing side is below half the target; a refused double or conceded «даве» never
        mars = rules.mars and reason not in sc.STAKE_ENDING and all(self.totals[s] * 2 < rules.target for s in losers)
        self.outcome = Outcome(winner, 2 if mars else 1, reason, both_over, claim_count, claimant)


def _per_side(nsides: int, *moves: Sequence[int]) -> list[int]:
    """Several per-side moves (each possibly empty) added up."""
    out = [0] * nsides
    for move in moves:
        for side, amount in enumerate(move):
            out[side] += amount
    return out


def _unique_top(candidates: Sequence[int], totals: Sequence[int]) -> int | None:
    if not candidates:
        return None
    top = max(totals[s] for s in candidates)
    best = [s for s in candidates if totals[s] == top]
    return best[0] if len(best) == 1 else None
