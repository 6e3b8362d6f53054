"""RULES.md §12, matches and stakes: game points and mars, «Дайви» and «даве», money, the next game's dealer.

Finished games are written on the score sheet from deal points (as the score pad writes a game played with real
cards) when a test needs exact totals; the doubling tests play real deals through a :class:`Match`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from deberc_tui.engine import Game, IllegalActionError, Rules
from deberc_tui.engine import scoring as sc
from deberc_tui.engine.actions import (
    DAVE_CONCEDE,
    DAVE_OFFER,
    DAVE_PLAY,
    DOUBLE_ACCEPT,
    DOUBLE_OFFER,
    DOUBLE_REFUSE,
    Action,
    Dave,
    Double,
    OfferKind,
)
from deberc_tui.engine.match import Match, money_of, settle


def rules(players: int = 2, preset: str = "moscow", **options: Any) -> Rules:
    return Rules.preset(preset, players=players, **options)


def write(game: Game, bidder: int, points: Sequence[int]) -> None:
    """Write one played-out deal of ``bidder``'s side with these deal points (cards only) on the game's sheet."""
    outcome = sc.verdict(game.rules, bidder, points)
    zeros = (0,) * len(points)
    game.score.write(0, "H", sc.DealPoints(outcome, bidder, tuple(points), zeros, zeros, None, (1,) * len(points),
                                           bidder, first_leader=1))


def game_ending(r: Rules, *deals: tuple[int, Sequence[int]]) -> Game:
    game = Game(r)
    for bidder, points in deals:
        write(game, bidder, points)
    assert game.is_over
    return game


def first_move(match: Match) -> Action:
    """A plain move of the seat to act: never an offer (the tests offer on purpose)."""
    return next(a for a in match.legal_actions() if not isinstance(a, Double | Dave))


def until_turn_of(match: Match, seat: int) -> None:
    """Plain moves until it is ``seat``'s turn."""
    while match.to_act != seat:
        to_act = match.to_act
        assert to_act is not None
        match.apply(to_act, first_move(match))


def play_until_game_over(match: Match) -> None:
    games = len(match.settled)
    while len(match.settled) == games:
        if match.needs_deal:
            match.start_deal()
        seat = match.to_act
        assert seat is not None
        match.apply(seat, first_move(match))


# -- a won game is worth 1 game point, 2 with mars -------------------------------------------------------------


@pytest.mark.parametrize(("target", "loser_total", "game_points"), [
    (301, 150, 2), (301, 151, 1),
    (501, 250, 2), (501, 251, 1),
    (1001, 500, 2), (1001, 501, 1),
])
def test_mars_gives_two_game_points_when_the_loser_has_at_most_half_the_target(
        target: int, loser_total: int, game_points: int) -> None:
    game = game_ending(rules(target=target, mars=True), (0, (target, loser_total)))
    assert settle(game).game_points == (game_points, 0)


def test_without_mars_a_won_game_is_one_game_point() -> None:
    game = game_ending(rules(target=301), (1, (0, 310)))
    assert settle(game).game_points == (0, 1)


def test_mars_with_three_players_needs_every_loser_under_half_the_target() -> None:
    r = rules(3, target=301, mars=True)
    assert settle(game_ending(r, (0, (301, 150, 140)))).game_points == (2, 0, 0)
    assert settle(game_ending(r, (0, (301, 150, 151)))).game_points == (1, 0, 0)


# -- «Дайви» ---------------------------------------------------------------------------------------------------


def daivi_match(**options: Any) -> Match:
    m = Match(rules(doubling="daivi", **options), first_dealer=0, seed=3)
    m.start_deal()
    return m


def test_a_refused_double_ends_the_game_and_the_offerer_wins_m_game_points_without_mars() -> None:
    m = daivi_match(mars=True, match_target=5)
    first = m.to_act
    assert first is not None
    m.apply(first, DOUBLE_OFFER)
    other = 1 - first
    assert m.to_act == other and m.legal_actions() == [DOUBLE_ACCEPT, DOUBLE_REFUSE]
    m.apply(other, DOUBLE_ACCEPT)
    assert m.multiplier == 2
    until_turn_of(m, other)  # the acceptor offers next, on its own turn
    m.apply(other, DOUBLE_OFFER)
    m.apply(first, DOUBLE_REFUSE)
    result = m.settled[0]
    assert result.winner == other and result.reason == "double_refused"
    assert result.game_points[other] == 2 and result.multiplier == 2  # m = 2, no mars though the loser has 0
    assert m.game.results[-1].outcome == "double_refused"


def test_an_accepted_double_doubles_the_game_points_of_a_game_that_ends_normally() -> None:
    m = daivi_match(mars=True, target=101)
    first = m.to_act
    assert first is not None
    m.apply(first, DOUBLE_OFFER)
    m.apply(1 - first, DOUBLE_ACCEPT)
    play_until_game_over(m)
    result = m.settled[0]
    assert result.multiplier == 2
    assert result.game_points[result.winner] == 2 * m.game.outcome.game_points  # type: ignore[union-attr]


def test_the_players_alternate_only_the_acceptor_may_double_next() -> None:
    m = daivi_match()
    first = m.to_act
    assert first is not None
    m.apply(first, DOUBLE_OFFER)
    m.apply(1 - first, DOUBLE_ACCEPT)
    assert DOUBLE_OFFER not in m.legal_actions()
    with pytest.raises(IllegalActionError, match="only the one who accepted the last double may double next"):
        m.apply(first, DOUBLE_OFFER)


def test_a_double_is_offered_only_on_ones_own_turn_and_answered_at_once() -> None:
    m = daivi_match()
    first = m.to_act
    assert first is not None
    with pytest.raises(IllegalActionError, match="only on your own turn"):
        m.apply(1 - first, DOUBLE_OFFER)
    m.apply(first, DOUBLE_OFFER)
    with pytest.raises(IllegalActionError, match="the offer to double must be answered first"):
        m.apply(first, m.game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="cannot answer one's own double"):
        m.apply(first, DOUBLE_ACCEPT)
    with pytest.raises(IllegalActionError, match="nobody said «даве»"):
        m.apply(1 - first, DAVE_PLAY)


@pytest.mark.parametrize("r", [
    rules(2), rules(3, doubling="daivi"), rules(2, doubling="dave"),
], ids=["no doubling", "three players", "dave rules"])
def test_a_double_is_refused_unless_the_rules_have_daivi_with_two_players(r: Rules) -> None:
    m = Match(r, seed=1)
    m.start_deal()
    seat = m.to_act
    assert seat is not None
    assert DOUBLE_OFFER not in m.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot double: «Дайви» is not in force here"):
        m.apply(seat, DOUBLE_OFFER)


def test_a_lone_game_takes_no_double() -> None:
    game = Game(rules(doubling="daivi"), seed=1)
    deal = game.start_deal()
    assert deal.to_act is not None
    with pytest.raises(IllegalActionError, match="only a match takes doubles"):
        game.apply(deal.to_act, DOUBLE_OFFER)


def test_the_seat_view_carries_the_match_score_the_multiplier_and_the_offer() -> None:
    m = daivi_match(match_target=3)
    first = m.to_act
    assert first is not None
    m.apply(first, DOUBLE_OFFER)
    answerer = m.view(1 - first)
    assert answerer.offer is not None and answerer.offer.kind is OfferKind.DOUBLE
    assert (answerer.offer.if_refused, answerer.offer.if_accepted) == (1, 2)
    assert answerer.legal == (DOUBLE_ACCEPT, DOUBLE_REFUSE) and m.view(first).legal == ()
    m.apply(1 - first, DOUBLE_REFUSE)
    m.start_deal()
    view = m.view(0)
    assert view.match_points[first] == 1 and view.game_index == 1 and view.multiplier == 1 and view.offer is None


# -- «даве» ----------------------------------------------------------------------------------------------------


def dave_match(progression: str) -> Match:
    m = Match(rules(2, "short", dave_progression=progression), first_dealer=0, seed=5)
    assert m.rules.match_target == 9  # §10: the short game with 2 players is a match to 9 with «даве»
    m.start_deal()
    return m


@pytest.mark.parametrize(("progression", "stakes"), [("arithmetic", (2, 3)), ("geometric", (2, 4))])
def test_dave_played_on_raises_the_stake_and_a_concession_gives_the_offerer_k(
        progression: str, stakes: tuple[int, int]) -> None:
    m = dave_match(progression)
    a = m.to_act
    assert a is not None
    b = 1 - a
    m.apply(a, DAVE_OFFER)
    m.apply(b, DAVE_PLAY)
    assert m.multiplier == stakes[0]
    with pytest.raises(IllegalActionError, match="twice in a row"):
        m.apply(a, DAVE_OFFER)
    until_turn_of(m, b)
    m.apply(b, DAVE_OFFER)
    assert m.view(a).offer is not None and m.view(a).offer.if_accepted == stakes[1]  # type: ignore[union-attr]
    m.apply(a, DAVE_CONCEDE)
    result = m.settled[0]
    assert result.reason == "dave_conceded" and result.winner == b
    assert result.game_points[b] == stakes[0]  # the offerer wins the stake in force, not the next one
    assert not m.is_over and m.needs_deal


def test_a_game_that_ends_normally_gives_the_winner_k() -> None:
    m = dave_match("arithmetic")
    a = m.to_act
    assert a is not None
    m.apply(a, DAVE_OFFER)
    m.apply(1 - a, DAVE_PLAY)
    play_until_game_over(m)
    result = m.settled[0]
    assert result.multiplier == 2 and result.game_points[result.winner] == 2


def test_short_bait_a_baited_bidder_loses_2k() -> None:
    game = game_ending(rules(2, "short", short_bait=True), (0, (60, 102)))
    assert game.results[-1].outcome == "bait"
    assert settle(game, multiplier=3).game_points == (0, 6)


def test_short_bait_with_three_players_the_bidder_wins_or_pays_k_to_each_defender() -> None:
    r = rules(3, "short", short_bait=True, money="per_game")
    won = settle(game_ending(r, (0, (90, 40, 32))), multiplier=2)
    assert won.game_points == (2, 0, 0) and won.money == (4, -2, -2)
    lost = settle(game_ending(r, (0, (40, 90, 32))), multiplier=2)
    assert lost.game_points == (0, 2, 2) and lost.money == (-4, 2, 2)


def test_a_match_is_won_by_the_first_side_with_match_target_game_points() -> None:
    m = Match(rules(2, "short"), seed=11)
    while not m.is_over:
        play_until_game_over(m)
    points = m.match_points
    assert m.winner is not None and points[m.winner] >= 9 and points[1 - m.winner] < 9
    assert len(m.settled) == len(m.games) == sum(points)


def test_without_match_target_the_match_is_one_game() -> None:
    m = Match(rules(2, target=101), seed=2)
    play_until_game_over(m)
    assert m.is_over and len(m.games) == 1 and m.winner == m.game.outcome.winner  # type: ignore[union-attr]


# -- money -------------------------------------------------------------------------------------------------------


def test_money_per_game_each_game_point_is_worth_the_stake() -> None:
    r = rules(money="per_game", stake=5)
    assert money_of(r, (501, 100), 0, (2, 0)) == (10, -10)


def test_money_deficit_the_loser_pays_target_minus_one_minus_own_total() -> None:
    r = rules(target=301, money="deficit")
    assert money_of(r, (305, 210), 0, (1, 0)) == (90, -90)  # a loser on 210 at target 301 pays 90


def test_money_deficit_doubled_for_a_two_player_loser_under_100() -> None:
    r = rules(target=301, money="deficit", stake=2)
    assert money_of(r, (305, 99), 0, (1, 0)) == (804, -804)  # (300 - 99) × 2 × stake 2
    assert money_of(r, (305, 100), 0, (1, 0)) == (400, -400)


def test_money_deficit_with_three_players_tripled_under_100_and_doubled_under_250() -> None:
    r = rules(3, target=501, money="deficit")
    assert money_of(r, (510, 99, 249), 0, (1, 0, 0)) == (1203 + 502, -1203, -502)
    assert money_of(r, (510, 250, 400), 0, (1, 0, 0)) == (250 + 100, -250, -100)


def test_money_deficit_is_never_below_zero() -> None:
    r = rules(target=301, money="deficit")
    assert money_of(r, (320, 310), 0, (1, 0)) == (0, 0)


def test_money_difference_the_loser_pays_the_difference_doubled_over_half_the_target() -> None:
    r = rules(target=501, money="difference")
    assert money_of(r, (520, 270), 0, (1, 0)) == (250, -250)  # 250 is not more than half of 501
    assert money_of(r, (520, 260), 0, (1, 0)) == (520, -520)  # 260 is: doubled


def test_a_doubled_game_pays_m_times_the_money() -> None:
    r = rules(target=301, money="deficit")
    assert money_of(r, (305, 210), 0, (4, 0), multiplier=4) == (360, -360)


def test_a_game_ended_by_both_over_settles_as_target_to_target_minus_one() -> None:
    r = rules(target=501, money="difference")
    game = game_ending(r, (1, (450, 480)), (1, (60, 102)))  # both over: the defender (side 0) wins
    assert list(game.totals) == [510, 582] and game.outcome is not None and game.outcome.winner == 0
    assert settle(game).money == (1, -1)  # 501 : 500
    deficit = settle(game_ending(rules(target=501, money="deficit"), (1, (450, 480)), (1, (60, 102))))
    assert deficit.money == (0, 0)


def test_money_is_zero_sum_and_none_without_money() -> None:
    game = game_ending(rules(3, target=301), (0, (301, 20, 40)))
    assert settle(game).money == (0, 0, 0)


# -- the next game's dealer (§9) --------------------------------------------------------------------------------


def short_match(players: int, **options: Any) -> Match:
    preset = "short" if players < 4 else "moscow"
    extra = {"short": True} if players == 4 else {}
    return Match(rules(players, preset, match_target=50, doubling="none", **extra, **options), seed=17)


@pytest.mark.parametrize("players", [2, 3])
def test_the_winner_of_a_game_deals_the_first_deal_of_the_next(players: int) -> None:
    m = short_match(players)
    for _ in range(4):
        play_until_game_over(m)
        winner = m.settled[-1].winner
        assert m.start_deal().dealer == winner


def test_with_four_players_the_winning_sides_first_seat_clockwise_from_the_last_dealer_deals() -> None:
    m = short_match(4)
    for _ in range(4):
        play_until_game_over(m)
        last = m.deals[-1].dealer
        winner = m.settled[-1].winner
        expected = next((last + i) % 4 for i in range(1, 5) if (last + i) % 2 == winner)
        assert m.start_deal().dealer == expected


def test_with_rotate_the_rotation_carries_on_into_the_next_game() -> None:
    m = short_match(3, next_dealer="rotate")
    for _ in range(3):
        play_until_game_over(m)
        last = m.deals[-1].dealer
        assert m.start_deal().dealer == (last + 1) % 3
