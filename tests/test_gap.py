"""``deberc bench gap``: the all-seeing card player plays the card worth most on the true deal, every card player
plays under the same auction, the share of the gap and its interval are computed right, and no bot listing knows
the all-seeing player."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from rulehelp import parse_token

from bots.base import Bot
from bots.expert import ExpertBot
from bots.heuristic import HeuristicBot
from deberc_tui.bot_hosting.registry import available, make_bot
from deberc_tui.cli import main
from deberc_tui.engine import Bid, Card, Deal, PlayCard, Rules
from deberc_tui.engine.match import Match
from deberc_tui.play.arena import arena_deck
from deberc_tui.play.gap import (
    CARD_PLAYERS,
    AllSeeingSeat,
    DeckResult,
    mean_ci,
    play_gap_deck,
    ratio_ci,
    subject_seatings,
    summarize,
)
from deberc_tui.play.loop import Ask, PlayLoop
from deberc_tui.play.seats import BotSeat


def brute_force(deal: Deal, team: set[int]) -> int:
    """The card points ``team``'s seats take from here to the end of the deal (the last trick's ten included), every
    seat playing perfectly with every card known: every legal card tried, through the engine itself."""
    if deal.is_over:
        return sum(deal.taken[s] for s in team)
    seat = deal.to_act
    assert seat is not None
    values = []
    for action in deal.legal_actions():
        if isinstance(action, PlayCard) and not action.declare and not action.bella:
            after = deal.clone()
            after.apply(seat, action)
            values.append(brute_force(after, team))
    return max(values) if seat in team else min(values)


# The arena's deck (seed 7) with its dealer, played by the script to a few cards each: who is to act, the hands then,
# and the card the brute force values best there (no other card is worth as much).
POSITIONS = [
    pytest.param(2, 7, "pass play AC 7C TC 8C 7H AH JS QS AD 9D 8D KD",
                 ["JC KC QD", "QC QH AS"], 0, "QD", id="2 players, the defender leads"),
    pytest.param(3, 19, "pass play swap@1 9H AH 7H JC 8C TC AD 9D 7D AS QC 7S 8H QH TH TD JD 8D 8S AC 9S",
                 ["TS KS", "QD KH", "KD JS"], 1, "KH", id="3 players, a defender leads"),
    pytest.param(4, 10, "pass pass pass pass H JH TH AH 7H 9H 8D KH 8H AC QC JC TC 7C 9S 8C 7S AD 9D QD JD 7D TD QH KD",
                 ["TS AS", "9C KS", "JS QS", "KC 8S"], 3, "KC", id="4 players, the bidder leads"),
]


@pytest.mark.parametrize(("players", "deck_no", "script", "hands", "seat", "best"), POSITIONS)
def test_the_all_seeing_player_plays_the_card_worth_most_on_the_true_deal(
    players: int, deck_no: int, script: str, hands: list[str], seat: int, best: str,
) -> None:
    rules = Rules.preset("moscow", players=players)
    match = Match(rules, first_dealer=deck_no % players, seed=deck_no)
    match.start_deal(arena_deck(7, deck_no))
    for token in script.split():
        who, action = parse_token(token)
        match.apply(match.to_act if who is None else who, action)  # type: ignore[arg-type]  # a deal in play
    deal = match.deal
    assert deal is not None and deal.to_act == seat
    assert [" ".join(str(c) for c in deal.hand(s)) for s in range(players)] == hands
    bidder = deal.bidder
    assert bidder is not None
    if players == 3:  # the bidder alone against the two defenders
        team = {s for s in range(3) if (s == bidder) == (seat == bidder)}
    else:
        team = set(rules.side_seats(rules.side_of(seat)))
    worth = {}
    for action in deal.legal_actions():
        if isinstance(action, PlayCard) and not action.declare and not action.bella:
            after = deal.clone()
            after.apply(seat, action)
            worth[str(action.card)] = brute_force(after, team)
    assert max(worth, key=lambda c: worth[c]) == best
    assert sorted(worth.values())[-2] < worth[best]  # another card is worth less: the choice matters

    heuristic = HeuristicBot()
    seats = [BotSeat(HeuristicBot(), None) for _ in range(players)]
    loop = PlayLoop(match, seats)
    ask = loop.next()
    assert isinstance(ask, Ask) and ask.seat == seat and not ask.optional
    answer = AllSeeingSeat(match, heuristic, seats[seat]).choose(ask)
    assert isinstance(answer.action, PlayCard) and answer.action.card == Card.parse(best)


@pytest.mark.parametrize(("players", "deck_no"), [(2, 1), (4, 1)])
def test_every_card_player_plays_the_same_auction_on_a_deck(players: int, deck_no: int) -> None:
    rules = Rules.preset("moscow", players=players)
    result = play_gap_deck(rules, deck_no, seed=7, budget=1.0)
    games = len(CARD_PLAYERS) * len(subject_seatings(players))
    assert len(result.auctions) == games
    assert len(set(result.auctions)) == 1  # the same bids, by the same seats, in every game of the deck
    assert any(isinstance(action, Bid) for _seat, action in result.auctions[0])
    assert result.leads["heuristic"] == 0  # every seat played alike
    assert result.leads["all_seeing"] > 0  # on these decks the cards seen make a difference


def test_a_paired_comparison_plays_only_the_expert_it_is_given_in_each_subject_seat() -> None:
    """``tools/gap_ab.py`` compares two settings of the expert on the same decks: the deck is played by the expert
    alone, made by the maker it is given (one for each subject seat of each seating), under the same auction."""
    made: list[int] = []

    def make(seed: int) -> Bot:
        made.append(seed)
        return ExpertBot(seed=seed, samples=4)

    rules = Rules.preset("moscow", players=4)
    result = play_gap_deck(rules, 1, seed=7, budget=1.0, card_players=("expert",), make_expert=make)
    assert list(result.leads) == ["expert"]
    assert len(made) == 2 * len(subject_seatings(4)) == 4  # a partnership in each of the two seatings
    assert len(result.auctions) == 2 and len(set(result.auctions)) == 1


def test_the_share_of_the_gap_and_its_interval_by_the_delta_method() -> None:
    # x = [1, 3, 5], y = [4, 4, 10]: means 3 and 6, ratio 1/2; var x = 4, var y = 12, cov = 6, so
    # var x - 2 r cov + r² var y = 4 - 6 + 3 = 1, and the standard error is sqrt(1 / 3) / 6.
    r, low, high = ratio_ci([1, 3, 5], [4, 4, 10]) or (0, 0, 0)
    half = 1.96 * (1 / 3) ** 0.5 / 6
    assert (r, low, high) == pytest.approx((0.5, 0.5 - half, 0.5 + half))
    assert ratio_ci([1, 2, 3, 4], [2, 4, 6, 8]) == pytest.approx((0.5, 0.5, 0.5))  # x is exactly half of y
    assert ratio_ci([1, 2], [1, -1]) is None  # no gap: nothing to divide by
    mean, low, high = mean_ci([1, 2, 3])
    assert (mean, low, high) == pytest.approx((2, 2 - 1.96 / 3**0.5, 2 + 1.96 / 3**0.5))


def test_the_report_takes_the_gap_from_the_leads_deck_by_deck() -> None:
    decks = [DeckResult(leads={"heuristic": h, "expert": h + e, "all_seeing": h + a},
                        points={"heuristic": 50.0, "expert": 50.0 + e / 2, "all_seeing": 50.0 + a / 2},
                        auctions=[((0, Bid("pass")),), ((0, Bid("pass")),)] if k else [((0, Bid("pass")),), ()])
             for k, (h, e, a) in enumerate([(0.0, 1.0, 4.0), (0.0, 3.0, 4.0), (0.0, 5.0, 10.0)])]
    row = summarize(decks, seatings=2, minutes=0.5)
    assert row["lead"] == {"heuristic": 0.0, "expert": 3.0, "all_seeing": 6.0}
    assert row["points"] == {"heuristic": 50.0, "expert": 51.5, "all_seeing": 53.0}
    assert row["expert_minus_heuristic"] == {"mean": 3.0, "ci95": [round(3 - 1.96 * 2 / 3**0.5, 2),
                                                                  round(3 + 1.96 * 2 / 3**0.5, 2)]}
    assert row["ratio"] == 0.5
    assert row["ratio_ci95"] == [round(0.5 - 1.96 * (1 / 3) ** 0.5 / 6, 3), round(0.5 + 1.96 * (1 / 3) ** 0.5 / 6, 3)]
    assert row["auctions_differ"] == 1  # the first deck's two games did not bid alike


def test_the_all_seeing_player_is_in_no_bot_listing() -> None:
    listed = CliRunner().invoke(main, ["bots"])
    assert listed.exit_code == 0
    assert "seeing" not in listed.output.lower() and "seeing" not in " ".join(available()).lower()
    for name in ("all_seeing", "all-seeing", "allseeing"):
        with pytest.raises(ValueError, match="unknown bot"):
            make_bot(name)
    arena = CliRunner().invoke(main, ["arena", "--bots", "all_seeing,heuristic", "--deals", "1"])
    assert arena.exit_code == 2 and "unknown bot" in arena.output


def test_the_command_prints_one_json_object_per_run() -> None:
    result = CliRunner().invoke(main, ["bench", "gap", "--players", "2", "--deals", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.splitlines()[-1])
    assert list(report["players"]) == ["2"]
    row = report["players"]["2"]
    assert row["decks"] == 2 and row["seatings"] == 2 and set(row["lead"]) == set(CARD_PLAYERS)
    assert row["auctions_differ"] == 0


def test_the_command_says_what_share_of_the_gap_the_expert_closes() -> None:
    result = CliRunner().invoke(main, ["bench", "gap", "--players", "2", "--deals", "3"])
    assert result.exit_code == 0, result.output
    assert "2 players, 3 decks (2 seatings each)" in result.output
    assert "expert − heuristic" in result.output and "load" in result.output
