"""RULES.md §7 Penalties: bait_penalty {points, when, count} and ski_penalty."""

from __future__ import annotations

import pytest
from rulehelp import dp, play_deal, rules, sheet
from test_rules_scoring import BAIT_SCRIPT, MADE_HANDS

from deberc_tui.engine import Game

# Seat 1 takes every trick; seat 0 takes none (лыжи). Seat 1: 97 in cards.
SWEEP = {1: "JH 9H AH TH KH QH AS TS KS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}


@pytest.mark.parametrize("ski", [0, 50, 100])
def test_ski_penalty(ski: int) -> None:
    g = Game(rules(ski_penalty=ski))
    play_deal(g, SWEEP, "8H", "play")
    row = g.results[-1]
    assert row.written == (0, 97) and row.penalties == (-ski, 0)
    assert g.totals == [-ski, 97]


def test_ski_penalty_club_preset_four_players_is_100() -> None:
    s = sheet(rules(4, "club"), [dp("made", 0, (162, 0), tricks=(8, 0))])
    assert s.results[-1].penalties == (0, -100)


def test_bait_penalty_third_bait_in_a_real_game() -> None:
    g = Game(rules(bait_penalty={"points": 100, "when": "third_and_after", "count": "game"}))
    for _ in range(3):  # seat 1 baits three times (seat 0, the defender, deals again each time)
        play_deal(g, MADE_HANDS, "8H", BAIT_SCRIPT)
    assert [r.outcome for r in g.results] == ["bait"] * 3
    assert [r.penalties for r in g.results] == [(0, 0), (0, 0), (0, -100)]
    assert g.totals == [3 * 63, -100]


BAITS = [dp("bait", 1, (60, 40))] * 6


@pytest.mark.parametrize(("when", "penalised"), [
    ("third", [3]),
    ("third_and_after", [3, 4, 5, 6]),
    ("every_third", [3, 6]),
])
def test_bait_penalty_when(when: str, penalised: list[int]) -> None:
    s = sheet(rules(bait_penalty={"points": 50, "when": when, "count": "game"}), BAITS)
    got = [i + 1 for i, r in enumerate(s.results) if r.penalties[1]]
    assert got == penalised
    assert all(r.penalties[1] in (0, -50) for r in s.results)


@pytest.mark.parametrize("points", [0, 50, 100])
def test_bait_penalty_points(points: int) -> None:
    s = sheet(rules(bait_penalty={"points": points, "when": "third", "count": "game"}), BAITS[:3])
    assert s.results[-1].penalties == (0, -points)


ROWS_WITH_A_MADE_DEAL = [dp("bait", 1, (60, 40)), dp("bait", 1, (60, 40)), dp("made", 1, (40, 60)),
                         dp("bait", 1, (60, 40))]


@pytest.mark.parametrize(("count", "penalty"), [("game", -100), ("row", 0)])
def test_bait_penalty_count_game_or_row(count: str, penalty: int) -> None:
    s = sheet(rules(bait_penalty={"points": 100, "when": "third", "count": count}), ROWS_WITH_A_MADE_DEAL)
    assert s.results[-1].penalties == (0, penalty)


def test_bait_penalty_row_counts_only_the_bidders_own_made_deals() -> None:
    # a made deal by the *other* side does not reset seat 1's row
    rows = [dp("bait", 1, (60, 40)), dp("bait", 1, (60, 40)), dp("made", 0, (60, 40)), dp("bait", 1, (60, 40))]
    s = sheet(rules(bait_penalty={"points": 100, "when": "third", "count": "row"}), rows)
    assert s.results[-1].penalties == (0, -100)


def test_bait_penalty_four_players_counts_per_partnership() -> None:
    rows = [dp("bait", 0, (60, 102)), dp("bait", 0, (60, 102)), dp("bait", 0, (60, 102))]
    s = sheet(rules(4, bait_penalty={"points": 100, "when": "third", "count": "game"}), rows)
    assert [r.penalties for r in s.results] == [(0, 0), (0, 0), (-100, 0)]


def test_a_hanging_deal_is_not_a_bait_for_the_penalty() -> None:
    # Ambiguity: RULES.md offers hanging: "bait" to treat a tie as a bait, so with "hang" it is not one.
    rows = [dp("bait", 1, (60, 40)), dp("hanging", 1, (50, 50)), dp("bait", 1, (60, 40))]
    s = sheet(rules(bait_penalty={"points": 100, "when": "third", "count": "game"}), rows)
    assert all(r.penalties == (0, 0) for r in s.results)
    s = sheet(rules(hanging="bait", bait_penalty={"points": 100, "when": "third", "count": "game"}),
              [dp("bait", 1, (60, 40))] * 3)
    assert s.results[-1].penalties == (0, -100)


def test_kharkiv_preset_penalties() -> None:
    r = rules(2, "kharkiv")
    s = sheet(r, [dp("bait", 1, (60, 40), tricks=(9, 0))] * 3)
    assert [row.penalties for row in s.results] == [(0, -50), (0, -50), (0, -150)]


def test_penalties_are_written_on_the_total_not_the_deal() -> None:
    g = Game(rules(ski_penalty=50))
    play_deal(g, SWEEP, "8H", "play")
    row = g.results[-1]
    assert row.written == (0, 97) and row.totals == (-50, 97)
