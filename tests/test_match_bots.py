"""Bots and stakes (RULES.md §12): when a bot raises the stake, how it answers, the arena over whole matches,
and the statistics of a match."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from bots.base import BotBase
from bots.expert import ExpertBot
from bots.heuristic import HeuristicBot
from bots.knowledge import knowledge
from bots.stakes import OFFER_FROM, Outlook, decide, score_chance, without_offers
from deberc_tui.engine import Action, Rules, SeatView
from deberc_tui.engine.actions import (
    DAVE_CONCEDE,
    DAVE_OFFER,
    DAVE_PLAY,
    DOUBLE_ACCEPT,
    DOUBLE_OFFER,
    DOUBLE_REFUSE,
)
from deberc_tui.engine.match import Match
from deberc_tui.play.arena import format_report, run_arena


def late_in_a_short_game(seed: int, tricks: int = 7) -> tuple[Match, int]:
    """The short game to 9 with «даве», its first deal played by the heuristic (never raising) until ``tricks``
    tricks are done: the match and the seat to lead."""
    match = Match(Rules.preset("short", players=2), first_dealer=0, seed=seed)
    players = [HeuristicBot(seed=1), HeuristicBot(seed=2)]
    while True:
        if match.needs_deal:
            assert match.game_index == 0, "the stacked deal must be the first game's"
            match.start_deal()
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if view.phase == "play" and len(view.tricks) >= tricks and not view.current_trick:
            return match, seat
        match.apply(seat, players[seat].choose(view, without_offers(view.legal)))


def lead_of(match: Match, seat: int) -> int:
    """The points ``seat``'s side has taken (tricks, combinations, bella) over the other's."""
    know = knowledge(match.view(seat))
    taken = [know.side_points[s] + know.combo_points[s] + know.bella_points[s] for s in range(2)]
    return taken[seat] - taken[1 - seat]


SURE = 100
"""A lead no two cards each (at most 2 × 34 card points), the last trick and a bella can overturn."""


@pytest.mark.parametrize("bot", [HeuristicBot(seed=3), ExpertBot(seed=3, samples=8)], ids=["heuristic", "expert"])
def test_a_bot_plays_on_when_sure_to_win_and_concedes_when_sure_to_lose(bot: BotBase) -> None:
    # Seed 10: the seat to lead is 110 points behind with two cards each to play; seed 29: 112 ahead.
    behind, offerer = late_in_a_short_game(10)
    assert lead_of(behind, offerer) < -SURE
    behind.apply(offerer, DAVE_OFFER)  # a bluff: the «даве» of a player who cannot win
    answerer = 1 - offerer
    view = behind.view(answerer)
    assert bot.choose(view, view.legal, 0.5) == DAVE_PLAY

    ahead, offerer = late_in_a_short_game(29)
    assert lead_of(ahead, offerer) > SURE
    ahead.apply(offerer, DAVE_OFFER)
    view = ahead.view(1 - offerer)
    assert bot.choose(view, view.legal, 0.5) == DAVE_CONCEDE
    ahead.apply(1 - offerer, DAVE_CONCEDE)
    assert ahead.settled[-1].winner == offerer and ahead.settled[-1].reason == "dave_conceded"


@pytest.mark.parametrize("bot", [HeuristicBot(seed=3), ExpertBot(seed=3, samples=8)], ids=["heuristic", "expert"])
def test_a_sure_loser_never_says_dave_and_a_sure_winner_says_it_to_end_the_game(bot: BotBase) -> None:
    behind, seat = late_in_a_short_game(10)  # 110 points behind
    view = behind.view(seat)
    assert DAVE_OFFER in view.legal
    assert bot.choose(view, view.legal, 0.5) != DAVE_OFFER
    ahead, seat = late_in_a_short_game(29)  # 112 ahead: the opponent concedes at once (as the test above shows)
    view = ahead.view(seat)
    assert bot.choose(view, view.legal, 0.5) == DAVE_OFFER


class _Sure(BotBase):
    """A bot whose chance of winning the game is given."""

    name = "given"

    def __init__(self, p: float, win: float = 1.0) -> None:
        super().__init__(seed=0)
        self.p = p
        self.win = win

    def stake_outlook(self, view: SeatView) -> Outlook:
        return Outlook(self.p, win=self.win)

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        made = decide(self, view, legal)
        return made[0] if made is not None else without_offers(legal)[0]


def daivi_match(offered: bool) -> tuple[Match, int]:
    """A «Дайви» match at its first card (the bidding done): the seat to act, and an offer it made if ``offered``."""
    match = Match(Rules.preset("moscow", players=2, match_target=3, doubling="daivi"), first_dealer=0, seed=5)
    match.start_deal()
    bidder = HeuristicBot(seed=1)
    while match.view(match.to_act or 0).phase == "bidding":
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        match.apply(seat, bidder.choose(view, without_offers(view.legal)))
        if match.needs_deal:
            match.start_deal()
    seat = match.to_act
    assert seat is not None
    if offered:
        match.apply(seat, DOUBLE_OFFER)
        return match, 1 - seat
    return match, seat


def test_a_double_is_accepted_from_a_quarter_of_chances_up_and_refused_below() -> None:
    # Accepting risks 2 units to save 1: worth it when 2 × (2p − 1) > −1, that is p > 1/4.
    match, answerer = daivi_match(offered=True)
    view = match.view(answerer)
    assert _Sure(0.3).choose(view, view.legal) == DOUBLE_ACCEPT
    assert _Sure(0.2).choose(view, view.legal) == DOUBLE_REFUSE


def test_a_bot_doubles_from_seventy_percent_but_not_when_playing_on_wins_more() -> None:
    match, seat = daivi_match(offered=False)
    view = match.view(seat)
    assert DOUBLE_OFFER in view.legal
    assert _Sure(OFFER_FROM + 0.05).choose(view, view.legal) == DOUBLE_OFFER
    assert _Sure(OFFER_FROM - 0.05).choose(view, view.legal) != DOUBLE_OFFER
    assert _Sure(1.0).choose(view, view.legal) == DOUBLE_OFFER  # the game is won either way: end it now
    assert _Sure(0.9, win=2.0).choose(view, view.legal) != DOUBLE_OFFER  # a likely mars wins more by playing on


def test_the_heuristic_rule_reads_the_score_against_the_target() -> None:
    rules = Rules.preset("moscow", players=2)
    assert score_chance(rules, [480, 100], 0) > 0.95
    assert score_chance(rules, [100, 480], 0) < 0.05
    assert 0.45 < score_chance(rules, [200, 200], 0) < 0.55
    assert score_chance(rules, [520, 400], 0) == 1.0  # over the target and ahead: won
    # The same lead means more near the end of the game than at its start.
    assert score_chance(rules, [450, 350], 0) > score_chance(rules, [150, 50], 0) > 0.5


class _Broken(HeuristicBot):
    def stake_outlook(self, view: SeatView) -> Outlook:
        raise RuntimeError("the search fell over")


def test_a_bot_whose_estimate_fails_still_answers_an_offer_legally() -> None:
    match, answerer = daivi_match(offered=True)
    view = match.view(answerer)
    action = _Broken(seed=1).choose(view, view.legal, 0.5)  # the rule answers for the failed search
    assert action in (DOUBLE_ACCEPT, DOUBLE_REFUSE)
    match.apply(answerer, action)


def test_the_arena_reports_game_points_won_per_match() -> None:
    report = run_arena("heuristic,heuristic:nodouble", preset="short", deals=0, games=2, seed=3, budget=0.5)
    text = format_report(report)
    assert "2 whole matches to 9 game points, doubling dave" in text
    lines = {line.split()[0]: line.split() for line in text.splitlines()[-2:]}
    assert set(lines) == {"heuristic", "heuristic:nodouble"}
    bots = {b["name"]: b for b in report["bots"]}
    assert bots["heuristic"]["matches_won"] + bots["heuristic:nodouble"]["matches_won"] == 2
    # Each match's winner reached 9: the winners' game points are at least 9 a match on average.
    assert bots["heuristic"]["game_points"] + bots["heuristic:nodouble"]["game_points"] >= 9
    assert bots["heuristic"]["match_diff"] == -bots["heuristic:nodouble"]["match_diff"]
    assert lines["heuristic"][2] == f"{bots['heuristic']['game_points']:.2f}"


def test_nodouble_never_raises_the_stake_but_answers() -> None:
    from deberc_tui.play.arena import Entrant, seat_bot

    bot = seat_bot(Entrant("heuristic:nodouble", "heuristic", "normal", doubles=False), 0, 1)
    for seed in (10, 29):
        match, seat = late_in_a_short_game(seed)
        view = match.view(seat)
        assert bot.choose(view, view.legal, 0.5) != DAVE_OFFER
    match, answerer = daivi_match(offered=True)
    view = match.view(answerer)
    assert bot.choose(view, view.legal, 0.5) in (DOUBLE_ACCEPT, DOUBLE_REFUSE)


def test_statistics_count_a_match_its_game_points_and_money(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deberc_tui import stats

    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    rules = Rules.preset("short", players=2, match_target=2, money="per_game", stake=5)
    match = Match(rules, first_dealer=0, seed=11)
    players = [HeuristicBot(seed=1), HeuristicBot(seed=2)]
    while not match.is_over:
        if match.needs_deal:
            match.start_deal()
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        games_before = len(match.settled)
        match.apply(seat, players[seat].choose(view, view.legal, 0.5))
        if len(match.settled) > games_before:  # a game ended: the person at seat 0 records it
            result = match.settled[-1]
            assert stats.record_game({"players": 2, "level": "heuristic", "won": result.winner == 0,
                                   "totals": list(result.totals), "deals": 1, "when": 0,
                                   **stats.match_fields(match, [0])}) is None
    [row] = stats.per_opponent(stats.load_stats())
    won = sum(r.game_points[0] for r in match.settled)
    given = sum(r.game_points[1] for r in match.settled)
    assert row.opponent == "heuristic" and row.games == len(match.settled)
    assert row.matches == 1 and row.matches_won == (1 if match.winner == 0 else 0)
    assert row.game_points == won - given
    assert row.money == 5 * (won - given)  # per game point, at a stake of 5
