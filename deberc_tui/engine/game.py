"""A game: a series of deals with dealer rotation, bait, hanging points, penalties and the end (§7-§9)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import scoring as sc
from .actions import Action
from .cards import DECK, Card
from .deal import Deal, IllegalActionError
from .events import DealScored, GameOver
from .rules import Rules
from .view import SeatView, seat_view


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as a value: the winning side and the game points it earns (2 with mars)."""

    winner: int
    game_points: int
    reason: str


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


class Game:
    """Deals, in order, under one set of rules. ``start_deal`` begins each deal (with a given deck,
    or shuffled from the game's seeded generator); ``apply`` passes actions to the current deal and
    writes the score sheet when it ends."""

    def __init__(self, rules: Rules, first_dealer: int = 0, seed: int | None = None) -> None:
        if not 0 <= first_dealer < rules.players:
            raise ValueError(f"first_dealer must be a seat 0..{rules.players - 1}, not {first_dealer}")
        self.rules = rules
        self.n = rules.players
        self.first_dealer = first_dealer
        self.rng = random.Random(seed)
        self.deals: list[Deal] = []
        self.results: list[sc.DealResult] = []
        self.totals: list[int] = [0] * rules.sides
        self.hanging_pot: list[int] = []  # amounts waiting for a winner, oldest first
        self.baits_game = [0] * rules.sides
        self.baits_row = [0] * rules.sides
        self.next_dealer = first_dealer
        self.outcome: Outcome | None = None

    # -- questions --------------------------------------------------------------------------------

    @property
    def sides(self) -> list[list[int]]:
        return [list(self.rules.side_seats(s)) for s in range(self.rules.sides)]

    @property
    def deal(self) -> Deal | None:
        """The current deal (the last one started), or None before the first."""
        return self.deals[-1] if self.deals else None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def needs_deal(self) -> bool:
        """True when the game goes on and the last deal (if any) is finished."""
        return self.outcome is None and (not self.deals or self.deals[-1].is_over)

    @property
    def hanging(self) -> int:
        return sum(self.hanging_pot)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the current deal and the game."""
        deal = self.deal
        if deal is None:
            raise IllegalActionError(seat, "cannot look at the table: no deal has started")
        return seat_view(deal, seat, tuple(self.totals), self.hanging, tuple(self.results))

    def legal_actions(self) -> list[Action]:
        d = self.deal
        return [] if d is None or self.outcome is not None else d.legal_actions()

    # -- playing ----------------------------------------------------------------------------------

    def start_deal(self, deck: Sequence[Card] | None = None) -> Deal:
        if self.outcome is not None:
            raise IllegalActionError(self.next_dealer, "cannot deal: the game is over")
        if self.deals and not self.deals[-1].is_over:
            raise IllegalActionError(self.next_dealer, "cannot deal: the current deal is not finished")
        cards = shuffled_deck(self.rng) if deck is None else list(deck)
        deal = Deal(self.rules, self.next_dealer, cards, self.totals)
        self.deals.append(deal)
        return deal

    def apply(self, seat: int, action: Action) -> None:
        deal = self.deal
        if deal is None or deal.is_over:
            raise IllegalActionError(seat, "cannot act: no deal is in progress")
        deal.apply(seat, action)
        if deal.is_over:
            self._write(deal)

    # -- the score sheet ------------------------------------------------------------------------

    def _write(self, deal: Deal) -> None:
        dp = deal.result
        assert dp is not None
        rules = self.rules
        nsides = rules.sides
        points = list(dp.points)
        written = [0] * nsides
        penalties = [0] * nsides
        received = [0] * nsides
        bidder = dp.bidder_side
        outcome = dp.outcome
        if outcome == sc.THROWN_IN:
            self.next_dealer = (deal.dealer + 1) % self.n if dp.reason == "all_pass" else deal.dealer
        elif outcome in sc.GAME_ENDING:
            if outcome == sc.CLAIM_WON:
                assert dp.winner is not None
                written[dp.winner] = points[dp.winner]
            winner = dp.winner if dp.winner is not None else self._claim_loser_winner(deal)
            self._finish_deal(deal, dp, written, penalties, received)
            self._end(winner, outcome)
            return
        else:
            assert bidder is not None
            written = points[:]
            defenders = [s for s in self._play_order_sides(deal) if s != bidder]
            new_hang = 0
            if outcome == sc.BAIT:
                written[bidder] = 0
                for side, amount in self._bait_shares(points, bidder, defenders).items():
                    written[side] += amount
            elif outcome == sc.HANGING and rules.hanging == "hang":
                written[bidder] = 0
                new_hang = points[bidder]
            self._move_hanging(written, received, outcome == sc.HANGING and new_hang > 0)
            if new_hang:
                self.hanging_pot.append(new_hang)
            self._penalise(dp, outcome, bidder, penalties)
            self.next_dealer = self._winner_deals(deal, written)
        self._finish_deal(deal, dp, written, penalties, received)
        if outcome != sc.THROWN_IN:
            self._check_end(dp, bidder)

    def _finish_deal(
        self, deal: Deal, dp: sc.DealPoints, written: list[int], penalties: list[int], received: list[int]
    ) -> None:
        for s in range(self.rules.sides):
            self.totals[s] += written[s] + penalties[s]
        result = sc.DealResult(
            index=len(self.results), dealer=deal.dealer, outcome=dp.outcome,
            bidder=dp.bidder_side, trump=None if deal.trump is None else deal.trump.value,
            points=dp.points, combos_side=dp.combos_side, written=tuple(written), penalties=tuple(penalties),
            hanging=self.hanging, totals=tuple(self.totals), hanging_received=tuple(received), detail=dp,
            reason=dp.reason,
        )
        self.results.append(result)
        deal.events.append(DealScored(result))

    def _play_order_sides(self, deal: Deal) -> list[int]:
        """Sides in play order from the first leader (who gets an odd point)."""
        first = deal.tricks[0].leader if deal.tricks else deal.order[0]
        out: list[int] = []
        for i in range(self.n):
            side = self.rules.side_of((first + i) % self.n)
            if side not in out:
                out.append(side)
        return out

    def _bait_shares(self, points: list[int], bidder: int, defenders: list[int]) -> dict[int, int]:
        amount = points[bidder]
        if len(defenders) == 1:
            return {defenders[0]: amount}
        if self.rules.bait_to == "higher":
            best = max(points[d] for d in defenders)
            defenders = [d for d in defenders if points[d] == best]
        return sc.split_points(amount, defenders)

    def _move_hanging(self, written: list[int], received: list[int], this_hangs: bool) -> None:
        """Give waiting hanging points to the side that wrote the most in this deal (§7)."""
        if not self.hanging_pot:
            return
        if this_hangs and self.rules.hanging_multi == "accumulate":
            return
        top = max(written)
        leaders = [s for s, w in enumerate(written) if w == top]
        if len(leaders) != 1:
            return
        if self.rules.hanging_multi == "accumulate":
            amount = sum(self.hanging_pot)
            self.hanging_pot.clear()
        else:
            amount = self.hanging_pot.pop(0)
        written[leaders[0]] += amount
        received[leaders[0]] += amount

    def _penalise(self, dp: sc.DealPoints, outcome: str, bidder: int, penalties: list[int]) -> None:
        rules = self.rules
        if rules.ski_penalty:
            for s, taken in enumerate(dp.tricks):
                if taken == 0:
                    penalties[s] -= rules.ski_penalty
        if outcome == sc.BAIT:
            self.baits_game[bidder] += 1
            self.baits_row[bidder] += 1
            pen = rules.bait_penalty
            if pen is not None:
                nth = self.baits_game[bidder] if pen.count == "game" else self.baits_row[bidder]
                if pen.applies(nth):
                    penalties[bidder] -= pen.points
        elif outcome == sc.MADE:
            self.baits_row[bidder] = 0

    def _winner_deals(self, deal: Deal, written: list[int]) -> int:
        n = self.n
        if self.rules.next_dealer == "rotate":
            return (deal.dealer + 1) % n
        top = max(written)
        best = {s for s, w in enumerate(written) if w == top}
        for i in range(1, n + 1):
            seat = (deal.dealer + i) % n
            if self.rules.side_of(seat) in best:
                return seat
        return (deal.dealer + 1) % n  # pragma: no cover - some side always has the top

    def _claim_loser_winner(self, deal: Deal) -> int:
        claim_seat = deal.to_act if deal.to_act is not None else deal.tricks[-1].winner
        claimant = self.rules.side_of(claim_seat)
        others = [s for s in range(self.rules.sides) if s != claimant]
        return max(others, key=lambda s: self.totals[s])

    def _check_end(self, dp: sc.DealPoints, bidder: int | None) -> None:
        rules = self.rules
        totals = self.totals
        if rules.short:
            basis = list(self.results[-1].written if rules.short_bait else dp.points)
            top = max(basis)
            leaders = [s for s, v in enumerate(basis) if v == top]
            if len(leaders) == 1:
                self._end(leaders[0], "short")
            return
        over = [s for s in range(rules.sides) if totals[s] >= rules.target]
        if not over:
            return
        if len(over) == 1:
            self._end(over[0], "target")
            return
        choice: int | None = None
        if rules.both_over == "defender":
            defenders = [s for s in over if s != bidder]
            if defenders:
                top = max(totals[s] for s in defenders)
                best = [s for s in defenders if totals[s] == top]
                choice = best[0] if len(best) == 1 else None
        elif rules.both_over == "bidder":
            choice = bidder if bidder in over else None
        elif rules.both_over == "last_trick":
            choice = dp.last_trick_side if dp.last_trick_side in over else None
        if choice is None:
            top = max(totals[s] for s in over)
            best = [s for s in over if totals[s] == top]
            choice = best[0] if len(best) == 1 else None
        if choice is not None:
            self._end(choice, "target")

    def _end(self, winner: int, reason: str) -> None:
        rules = self.rules
        losers = [s for s in range(rules.sides) if s != winner]
        mars = rules.mars and all(self.totals[s] * 2 < rules.target for s in losers)
        self.outcome = Outcome(winner, 2 if mars else 1, reason)
        deal = self.deal
        if deal is not None:
            deal.events.append(GameOver(winner, self.outcome.game_points, reason))

    # -- the sheet of a game in progress -------------------------------------------------------

    def sheet(self) -> list[sc.DealResult]:
        """Every deal's row; a deal still in progress gets an ``in_progress`` row with its points so far."""
        rows = list(self.results)
        deal = self.deal
        if deal is not None and not deal.is_over:
            cards = deal.side_card_points()
            zeros = (0,) * self.rules.sides
            rows.append(sc.DealResult(
                index=len(rows), dealer=deal.dealer, outcome=sc.IN_PROGRESS,
                bidder=None if deal.bidder is None else self.rules.side_of(deal.bidder),
                trump=None if deal.trump is None else deal.trump.value, points=tuple(cards),
                combos_side=deal.combos_side, written=zeros, penalties=zeros, hanging=self.hanging,
                totals=tuple(self.totals),
            ))
        return rows
