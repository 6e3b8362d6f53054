"""RULES.md §7 Hanging bait across deals: hanging_multi, thrown-in deals, a tie at the top."""

from __future__ import annotations

import pytest
from rulehelp import dp, play_deal, rules, sheet
from test_rules_scoring import HANG_HANDS, HANG_SCRIPT, MADE_HANDS, MADE_SCRIPT

from deberc_tui.engine import Game


def _hang_twice_then_made(multi: str) -> Game:
    g = Game(rules(hanging_multi=multi))
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)  # 48 hang; seat 0 (defender) deals again
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)  # the same deal: hangs again
    play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)  # seat 1 makes 59 against 36
    return g


def test_hanging_multi_accumulate_all_to_the_next_winner() -> None:
    g = _hang_twice_then_made("accumulate")
    assert [r.written for r in g.results] == [(48, 0), (48, 0), (36, 59 + 96)]
    assert [r.hanging for r in g.results] == [48, 96, 0]
    assert g.totals == [132, 155]


def test_hanging_multi_queue_oldest_first() -> None:
    g = _hang_twice_then_made("queue")
    # a hanging deal decides nothing (second edition): deal 3 decides deal 1's 48, deal 2's 48 wait on
    assert [r.written for r in g.results] == [(48, 0), (48, 0), (36, 59 + 48)]
    assert [r.hanging for r in g.results] == [48, 96, 48]
    assert g.totals == [132, 107]


def test_a_thrown_in_deal_decides_no_hanging_points() -> None:
    g = Game(rules())
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)
    play_deal(g, {}, "8H", "pass pass pass pass", finish_it=False)  # all pass: seat 1 deals next
    assert g.results[-1].outcome == "thrown_in" and g.hanging == 48
    assert g.next_dealer == 1
    play_deal(g, {0: "AC KC QC 7D 8D 9D JH 9H 7S", 1: "AS KS QS 7C 8C 9C TD JD QD"}, "8H",
              "play AC 7C KC 8C QC 9C 7S AS KS 9H 7D TD QS JH 8D JD QD 9D")
    assert g.results[-1].written == (59 + 48, 36) and g.hanging == 0


@pytest.mark.parametrize("reason", ["four_sevens", "low_points"])
def test_redeals_decide_no_hanging_points(reason: str) -> None:
    s = sheet(rules(), [dp("hanging", 1, (51, 51)), dp("thrown_in", None, (0, 0), reason=reason)])
    assert s.hanging == 51 and s.results[-1].written == (0, 0)


def test_a_tie_at_the_top_of_the_next_deal_keeps_them_hanging() -> None:
    # 3 players: seat 1 hangs with 50; next deal seats 0 and 2 write the same, so the 50 wait
    rows = [dp("hanging", 1, (50, 50, 20)), dp("made", 1, (40, 100, 100))]
    s = sheet(rules(3, bidder_must_beat="combined"), rows)
    assert s.results[-1].written == (40, 100, 100) and s.hanging == 50
    s.write(s.next_dealer, "H", dp("made", 0, (90, 10, 20)))
    assert s.results[-1].written == (140, 10, 20) and s.hanging == 0


def test_the_bait_the_next_deal_counts_as_written() -> None:
    # the defender who gets a bait is the side that writes the most
    s = sheet(rules(), [dp("hanging", 1, (51, 51)), dp("bait", 0, (40, 60))])
    assert s.results[-1].written == (0, 100 + 51)
