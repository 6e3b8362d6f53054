"""A game: a series of deals with dealer rotation, bait, hanging points, penalties and the end (§7-§9)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from deberc_tui.engine import scoring as sc
from deberc_tui.engine.actions import Action, Dave, Double
from deberc_tui.engine.cards import DECK, Card
from deberc_tui.engine.deal import Deal
from deberc_tui.engine.errors import ApiMisuseError, IllegalActionError
from deberc_tui.engine.events import DealScored, GameOver
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.sheet import Outcome, ScoreSheet
from deberc_tui.engine.text import N_
from deberc_tui.engine.view import SeatView, seat_view


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


class Game:
    """Deals, in order, under one set of rules. ``start_deal`` begins each deal (with a given deck,
    or shuffled from the game's seeded generator); ``apply`` passes actions to the current deal and
    writes the score sheet when it ends."""

    def __init__(self, rules: Rules, first_dealer: int = 0, seed: int | None = None) -> None:
        if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
            raise ApiMisuseError(N_("the first dealer must be a seat 0..{last}, not {seat}"),
                                 {"last": rules.players - 1, "seat": first_dealer})
        self.rules = rules
        self.n = rules.players
        self.first_dealer = first_dealer
        self.rng = random.Random(seed)
        self.deals: list[Deal] = []
        self.score = ScoreSheet(rules, first_dealer)

    @classmethod
    def from_position(cls, deal: Deal, totals: Sequence[int], hanging: int = 0, seed: int | None = None) -> Game:
        """A game in progress at ``deal``, its sheet holding ``totals`` and ``hanging`` points: a position that was
        set up rather than reached by play (the practice tutor's sampled worlds), played on like any other. A deal
        that is over already is written on the sheet at once. ``seed`` seeds the generator of its next deals."""
        game = cls(deal.rules, deal.dealer, seed)
        game.score.totals = list(totals)
        if hanging:
            game.score.hanging_pot = [hanging]
        game.deals.append(deal)
        if deal.is_over:  # the position's last action ended the deal (a bid that threw it in): written at once
            game._write(deal)
        return game

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
        return self.score.hanging

    @property
    def totals(self) -> list[int]:
        return self.score.totals

    @property
    def results(self) -> list[sc.DealResult]:
        return self.score.results

    @property
    def outcome(self) -> Outcome | None:
        return self.score.outcome

    @property
    def next_dealer(self) -> int:
        return self.score.next_dealer

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the current deal and the game."""
        deal = self.deal
        if deal is None:
            raise ApiMisuseError(N_("cannot look at the table: no deal has started"))
        return seat_view(deal, seat, tuple(self.totals), self.hanging, tuple(self.results))

    def legal_actions(self) -> list[Action]:
        d = self.deal
        return [] if d is None or self.outcome is not None else d.legal_actions()

    # -- playing ----------------------------------------------------------------------------------

    def start_deal(self, deck: Sequence[Card] | None = None) -> Deal:
        if self.outcome is not None:
            raise ApiMisuseError(N_("cannot deal: the game is over"))
        if self.deals and not self.deals[-1].is_over:
            raise ApiMisuseError(N_("cannot deal: the current deal is not finished"))
        cards = shuffled_deck(self.rng) if deck is None else list(deck)
        score = self.score
        deal = Deal(self.rules, self.next_dealer, cards, self.totals, score.forced_bidder,
                    score.held_points if score.forced_bidder is not None else None)
        self.deals.append(deal)
        return deal

    def apply(self, seat: int, action: Action) -> None:
        deal = self.deal
        if deal is None or deal.is_over:
            raise IllegalActionError(seat, N_("cannot act: no deal is in progress"))
        if type(action) is Double or type(action) is Dave:
            raise IllegalActionError(seat, N_("cannot raise the stake: only a match takes doubles and «даве»"))
        deal.apply(seat, action)
        if deal.is_over:
            self._write(deal)

    def write_ended_deal(self) -> None:
        """Write the current deal on the sheet once it is over (the match plays its deals directly, and a refused
        double or a conceded «даве» ends one from outside, §12)."""
        deal = self.deal
        if deal is None or not deal.is_over or len(self.results) == len(self.deals):
            raise ApiMisuseError(N_("cannot write the deal: it is not over, or written already"))
        self._write(deal)

    def _write(self, deal: Deal) -> None:
        assert deal.result is not None
        result = self.score.write(deal.dealer, None if deal.trump is None else deal.trump.value, deal.result)
        deal.events.append(DealScored(result))
        outcome = self.score.outcome
        if outcome is not None:
            deal.events.append(GameOver(outcome.winner, outcome.game_points, outcome.reason))

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
