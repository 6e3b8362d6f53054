"""RULES.md §8 End of the game (target, both_over, mars, short) and §9 Next dealer."""

from __future__ import annotations

import pytest
from rulehelp import dp, play_deal, rules, sheet
from test_rules_scoring import (
    BAIT_SCRIPT,
    BEAT_HANDS,
    BEAT_SCRIPT,
    HANG_HANDS,
    HANG_SCRIPT,
    MADE_HANDS,
    MADE_SCRIPT,
)

from deberc_tui.engine import ApiMisuseError, Game

# -- target ---------------------------------------------------------------------------------------


def test_target_reached_by_one_side_wins() -> None:
    g = Game(rules(target=50))
    play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)  # 36 : 59
    assert g.outcome is not None and (g.outcome.winner, g.outcome.game_points) == (1, 1)
    with pytest.raises(ApiMisuseError, match="the game is over"):
        g.start_deal()


def test_target_is_checked_after_each_deal_at_or_over() -> None:
    s = sheet(rules(target=301), [dp("made", 1, (100, 200)), dp("made", 1, (0, 101))])
    assert s.outcome is not None and s.outcome.winner == 1 and s.totals == [100, 301]
    s = sheet(rules(target=301), [dp("made", 1, (100, 200)), dp("made", 1, (0, 100))])
    assert s.outcome is None


@pytest.mark.parametrize("target", [101, 301, 501, 1001])
def test_target_values(target: int) -> None:
    s = sheet(rules(target=target), [dp("made", 1, (0, target - 1))])
    assert s.outcome is None
    s.write(s.next_dealer, "H", dp("made", 1, (0, 1)))
    assert s.outcome is not None and s.outcome.winner == 1


# -- both_over: A 290, B 280 (target 301); B plays and makes 40 against 20: A 310, B 320 ---------------
BOTH = [dp("made", 0, (290, 280), last=0), dp("made", 1, (20, 40), last=0)]


@pytest.mark.parametrize(("both_over", "winner"), [
    ("defender", 0),  # Moscow: the side that defended in the last deal (seed 004: "501:500")
    ("higher", 1),
    ("bidder", 1),
    ("last_trick", 0),  # side 0 took the last trick
])
def test_both_over(both_over: str, winner: int) -> None:
    s = sheet(rules(target=301, both_over=both_over), BOTH)
    assert s.totals == [310, 320]
    assert s.outcome is not None and s.outcome.winner == winner


def test_both_over_higher_a_tie_plays_on() -> None:
    s = sheet(rules(target=301, both_over="higher"), [dp("made", 1, (290, 280)), dp("made", 1, (20, 30))])
    assert s.totals == [310, 310] and s.outcome is None


def test_both_over_last_trick_side_not_over_falls_back_to_higher() -> None:
    rows = [dp("made", 1, (290, 280, 0)), dp("made", 1, (20, 40, 5), last=2)]
    s = sheet(rules(3, target=301, both_over="last_trick"), rows)
    assert s.outcome is not None and s.outcome.winner == 1


def test_both_over_bidder_not_over_falls_back_to_higher() -> None:
    rows = [dp("made", 2, (290, 295, 0)), dp("made", 2, (20, 10, 40))]
    s = sheet(rules(3, target=301, both_over="bidder"), rows)
    assert s.totals == [310, 305, 40] and s.outcome is not None and s.outcome.winner == 0


def test_both_over_defender_two_defenders_over_the_higher_wins() -> None:
    rows = [dp("made", 1, (290, 295, 280)), dp("made", 1, (20, 40, 25))]
    s = sheet(rules(3, target=301), rows)
    assert s.totals == [310, 335, 305] and s.outcome is not None and s.outcome.winner == 0


# -- mars ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("mars", "loser_total", "game_points"), [
    (False, 100, 1),
    (True, 250, 2),  # under 251 with target 501
    (True, 251, 1),
])
def test_mars(mars: bool, loser_total: int, game_points: int) -> None:
    s = sheet(rules(mars=mars), [dp("made", 0, (loser_total, 400)), dp("made", 1, (0, 101))])
    assert s.outcome is not None and (s.outcome.winner, s.outcome.game_points) == (1, game_points)


# -- short game ------------------------------------------------------------------------------------


def test_short_one_deal_decides() -> None:
    g = Game(rules(preset="short"))
    play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)  # 36 : 59
    assert g.outcome is not None and g.outcome.winner == 1 and g.totals == [36, 59]


@pytest.mark.parametrize(("short_bait", "winner"), [(True, 2), (False, 1)])
def test_short_bait_three_players(short_bait: bool, winner: int) -> None:
    # 37 : 70 : 47 with bidder_must_beat "combined" is a bait: with short_bait the bait goes to seat 2
    g = Game(rules(3, "short", bidder_must_beat="combined", short_bait=short_bait))
    play_deal(g, BEAT_HANDS, "8C", BEAT_SCRIPT, bottom="8D")
    assert g.outcome is not None and g.outcome.winner == winner


@pytest.mark.parametrize(("short_bait", "over"), [(True, True), (False, False)])
def test_short_bait_hanging_two_players(short_bait: bool, over: bool) -> None:
    # a 48 : 48 tie: with short_bait the bidder's points hang and the defender wins; without, a tie plays on
    g = Game(rules(preset="short", short_bait=short_bait))
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)
    assert (g.outcome is not None) is over
    if over:
        assert g.outcome is not None and g.outcome.winner == 0


def test_short_ignores_the_target() -> None:
    s = sheet(rules(preset="short", target=10), [dp("made", 1, (5, 8))])
    assert s.outcome is not None and s.outcome.winner == 1 and s.outcome.reason == "short"


# -- next dealer -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("next_dealer", "seat"), [("winner", 0), ("rotate", 1)])
def test_next_dealer_after_a_bait(next_dealer: str, seat: int) -> None:
    g = Game(rules(next_dealer=next_dealer), first_dealer=0)
    play_deal(g, MADE_HANDS, "8H", BAIT_SCRIPT)  # seat 1 baits: seat 0 writes 63
    assert g.next_dealer == seat


def test_next_dealer_winner_hanging_the_defender_deals() -> None:
    g = Game(rules(), first_dealer=1)
    # dealer 1: seat 0 bids and hangs; seat 1, the defender, deals
    play_deal(g, {1: "AD TC 7H JS KH QS AS 7C 9H", 0: "AC 8H TS TD 9D KS 7S 8C TH"}, "JC", HANG_SCRIPT)
    assert g.results[-1].outcome == "hanging" and g.next_dealer == 1


def test_next_dealer_winner_four_players_first_seat_of_the_side_clockwise() -> None:
    s = sheet(rules(4), [dp("made", 1, (100, 62))], dealer=1)
    assert s.next_dealer == 2  # side 0 (seats 0, 2) wrote most: seat 2 is the first clockwise from 1


def test_next_dealer_winner_three_players_tie_first_clockwise() -> None:
    s = sheet(rules(3), [dp("bait", 1, (50, 20, 50))], dealer=2)  # 10 + 10 to seats 0 and 2: 60 : 0 : 60
    assert s.results[-1].written == (60, 0, 60) and s.next_dealer == 0


@pytest.mark.parametrize("next_dealer", ["winner", "rotate"])
def test_next_dealer_thrown_in_deals(next_dealer: str) -> None:
    s = sheet(rules(next_dealer=next_dealer), [dp("thrown_in", None, (0, 0), reason="all_pass")], dealer=0)
    assert s.next_dealer == 1
    for reason in ("four_sevens", "low_points"):
        s = sheet(rules(next_dealer=next_dealer), [dp("thrown_in", None, (0, 0), reason=reason)], dealer=0)
        assert s.next_dealer == 0


def test_next_dealer_rotate_three_players() -> None:
    s = sheet(rules(3, next_dealer="rotate"), [dp("made", 0, (90, 20, 30))] * 3, dealer=0)
    assert [r.dealer for r in s.results] == [0, 1, 2] and s.next_dealer == 0


def test_next_dealer_winner_hanging_each_own_the_defender_deals() -> None:
    # §9: "a hanging deal: the defender" deals, also when every side writes its own (equal) points
    g = Game(rules(hanging="each_own"), first_dealer=0)
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)  # seat 1 bids; 48 : 48, both written
    assert g.results[-1].written == (48, 48)
    assert g.next_dealer == 0
