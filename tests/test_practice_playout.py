"""The tutor's play-out of a sampled world: the seats bid, the cards are played with every hand known, the engine scores.

Over random bidding positions under every preset and player count: each world's deal is played to its end by legal
cards only (the engine takes every card), every card held when the play began is played once, the card points of
the sides add up to those of the cards in play and the last trick's 10 (162 with all 32 dealt), the values balance, and both search cores play the same cards.
"""

from __future__ import annotations

import random

import pytest
from corehelp import compiled

import deberc_tui.practice.evaluate as evaluate_module
from bots.core import PYTHON
from bots.knowledge import bits
from deberc_tui.engine import DECK, Card, Phase, PlayCard, Rank, Rules
from deberc_tui.engine.actions import BIDS
from deberc_tui.engine.play import CARD_POINTS, LAST_TRICK_POINTS
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.engine.scoring import PLAYED_OUT
from deberc_tui.play.loop import Answer, Ask, Seat
from deberc_tui.practice.evaluate import GREEDY, play_out, playout_seats
from deberc_tui.practice.position import random_position

CASES = [(name, n) for name, counts in PRESET_PLAYERS.items() for n in counts]


def worlds(preset: str, players: int, count: int, seed: int):  # type: ignore[no-untyped-def]
    """(position, deal after each legal bid) for ``count`` random positions, one world each."""
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    for _ in range(count):
        pos = random_position(rules, rng)
        fill = list(DECK)
        rng.shuffle(fill)
        base = pos.deal_with(fill)
        for bid in pos.legal_bids():
            deal = base.clone()
            deal.apply(pos.seat, BIDS[bid])
            yield pos, deal


@pytest.mark.parametrize(("preset", "players"), CASES, ids=[f"{p}-{n}p" for p, n in CASES])
def test_a_world_is_played_to_its_end_every_card_once_and_the_points_add_up(preset: str, players: int) -> None:
    seats = playout_seats("heuristic", 0, players)
    played_out = 0
    for pos, deal in worlds(preset, players, 12, seed=players * 31 + len(preset)):
        world = play_out(deal, seats, pos.totals, pos.hanging, pos.seat, GREEDY)
        assert deal.is_over and deal.result is not None
        assert abs(sum(world.values)) < 1e-9, "what one side gains the others lose"
        if deal.result.outcome not in PLAYED_OUT or not deal.tricks:
            continue  # thrown in, or ended by a debertz, a concession...
        played_out += 1
        assert deal.trump is not None
        in_play = sum(CARD_POINTS[deal.trump.index + 1][c] for seat in range(players) for c in bits(deal.play_hand[seat]))
        assert sum(deal.result.cards) == in_play + LAST_TRICK_POINTS  # 162 when all 32 cards are dealt
        for seat in range(players):
            mine = [card.index for trick in deal.tricks for s, card in trick.cards if s == seat]
            assert len(mine) == len(set(mine)) == deal.play_hand[seat].bit_count() == deal.rules.tricks_per_deal
            assert sum(1 << c for c in mine) == deal.play_hand[seat], "every card held when the play began, once"
    assert played_out > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_cores_play_a_world_out_the_same(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = compiled()
    seats = playout_seats("heuristic", 0, players)
    results = {}
    for core in (PYTHON, fast):
        monkeypatch.setattr(evaluate_module, "greedy_play", core.greedy_play)
        results[core.name] = [play_out(deal, seats, pos.totals, pos.hanging, pos.seat, GREEDY)
                              for pos, deal in worlds("moscow", players, 10, seed=players)]
    assert results["python"] == results["compiled"]


class Counting:
    """A play-out seat that counts what it is asked: turns by kind, and out-of-turn questions."""

    def __init__(self, seat: Seat) -> None:
        self.seat, self.cards, self.options = seat, 0, 0

    def choose(self, ask: Ask) -> Answer:
        self.cards += any(isinstance(a, PlayCard) for a in ask.actions)
        return self.seat.choose(ask)

    def optional(self, ask: Ask) -> Answer:
        self.options += 1
        return self.seat.optional(ask)


def test_a_seat_holding_the_trump_seven_is_asked_about_the_swap_once_and_plays_no_card_itself() -> None:
    # the swap is asked before the cards: every card of the play-out is then the greedy play's
    asked = 0
    for pos, deal in worlds("moscow", 2, 40, seed=5):
        if deal.phase is not Phase.PLAY or deal.trump is None:
            continue
        seven = Card(Rank.SEVEN, deal.trump).bit
        holder = next((s for s in range(2) if deal.hand_mask(s) & seven), None)
        if holder is None or deal.bid_round != 1:
            continue
        seats = [Counting(s) for s in playout_seats("heuristic", 0, 2)]
        play_out(deal, seats, pos.totals, pos.hanging, pos.seat, GREEDY)
        assert [s.cards for s in seats] == [0, 0]
        assert seats[holder].options == 1 and seats[1 - holder].options == 0
        asked += 1
    assert asked > 5
