"""RULES.md §7 Scoring a deal: made, bait, hanging, bidder_must_beat, bait_to; the seeds' score tables."""

from __future__ import annotations

import pytest
from rulehelp import dp, play_deal, points, rules, sheet

from deberc_tui.engine import Game, Rules
from deberc_tui.text.sheet_text import sheet_cell

# -- 2 players, real deals (dealer 0: seat 1 bids and leads) -----------------------------------------

# Trump ♥. AC-7C s1 11, KC-8C s1 4, QC-9C s1 3, 7S-AS s0 11, KS-9H s1 18, 7D-TD s0 10, QS-JH s1 23,
# 8D-JD s0 2, QD-9D s0 3 + 10.  Seat 1 59, seat 0 36 (nobody declares).
MADE_HANDS = {1: "AC KC QC 7D 8D 9D JH 9H 7S", 0: "AS KS QS 7C 8C 9C TD JD QD"}
MADE_SCRIPT = "play AC 7C KC 8C QC 9C 7S AS KS 9H 7D TD QS JH 8D JD QD 9D"
# Same hands, seat 1 names ♠ in round 2: seat 1 18, seat 0 45.
BAIT_SCRIPT = "pass pass S AC 7C KC 8C QC 9C 7S AS KS 9H QS JH TD 7D JD 8D QD 9D"

# Trump ♣ (turnup J♣). 8C-TC s0 10, 7C-AC s1 11, 9D-AD s0 11, 7H-8H s1 0, TD-9H s1 10, TH-KH s1 14,
# 7S-JS s0 2, QS-TS s1 13, KS-AS s0 15 + 10.  Seat 0 48, seat 1 48: a tie.
HANG_HANDS = {0: "AD TC 7H JS KH QS AS 7C 9H", 1: "AC 8H TS TD 9D KS 7S 8C TH"}
HANG_SCRIPT = "play 8C TC 7C AC 9D AD 7H 8H TD 9H TH KH 7S JS QS TS KS AS"


def test_made_each_side_writes_its_own_points() -> None:
    g = Game(rules())
    d = play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)
    assert d.result is not None and d.result.outcome == "made" and points(d) == (36, 59)
    assert g.results[-1].written == (36, 59) and g.totals == [36, 59]


def test_bait_the_bidder_writes_nothing_and_its_points_go_to_the_defender() -> None:
    g = Game(rules())
    d = play_deal(g, MADE_HANDS, "8H", BAIT_SCRIPT)
    assert d.result is not None and d.result.outcome == "bait" and points(d) == (45, 18)
    assert g.results[-1].written == (63, 0) and g.totals == [63, 0]


def test_hanging_the_bidders_points_hang() -> None:
    g = Game(rules())
    d = play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)
    assert d.result is not None and d.result.outcome == "hanging" and points(d) == (48, 48)
    row = g.results[-1]
    assert (row.written, row.hanging) == ((48, 0), 48)


@pytest.mark.parametrize(("hanging", "outcome", "written", "hang"), [
    ("hang", "hanging", (48, 0), 48),
    ("bait", "bait", (96, 0), 0),
    ("each_own", "hanging", (48, 48), 0),
])
def test_hanging_option_on_a_tied_deal(hanging: str, outcome: str, written: tuple[int, int], hang: int) -> None:
    g = Game(rules(hanging=hanging))
    d = play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)
    assert d.result is not None and d.result.outcome == outcome
    assert (g.results[-1].written, g.hanging) == (written, hang)


def test_hanging_points_go_to_the_next_deals_top_writer() -> None:
    g = Game(rules())
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)
    assert g.next_dealer == 0  # the defender wrote most
    play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)
    row = g.results[-1]
    assert row.written == (36, 59 + 48) and row.hanging_received == (0, 48) and row.hanging == 0
    assert g.totals == [48 + 36, 107]


def test_last_trick_counts_10() -> None:
    g = Game(rules())
    d = play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)
    assert d.tricks[-1].winner == 0 and d.tricks[-1].points == 3
    assert d.result is not None and d.result.cards[0] == 11 + 10 + 2 + 3 + 10


# -- 3 players, real deals (dealer 0: seat 1 bids and leads; play order 1, 2, 0) ----------------------

# Trump ♣. Seat 1 makes 70 against 37 and 47: more than each, less than both together.
BEAT_HANDS = {
    0: "7H KD AD TC 7C 9S 8S JD 9H",
    1: "TD AS 8H 9D TH JC AC KC KH",
    2: "KS TS QH QD 7D 7S AH 9C JS",
}
BEAT_SCRIPT = "play JC 9C 7C KC 7D TC JD 9D QD QH 7H 8H AH 9H TH 7S 8S AS AC TS KD TD JS AD 9S KH KS"


@pytest.mark.parametrize(("must_beat", "outcome", "written"), [
    ("each", "made", (37, 70, 47)),
    ("combined", "bait", (37, 0, 47 + 70)),  # 70 < 84; the bait goes to the higher defender
])
def test_bidder_must_beat(must_beat: str, outcome: str, written: tuple[int, ...]) -> None:
    g = Game(rules(3, bidder_must_beat=must_beat))
    d = play_deal(g, BEAT_HANDS, "8C", BEAT_SCRIPT, bottom="8D")
    assert points(d) == (37, 70, 47)
    assert d.result is not None and d.result.outcome == outcome
    assert g.results[-1].written == written


# Trump ♦. Seat 1 baits with 31 against 58 (seat 0) and 52 (seat 2).
BAIT3_HANDS = {
    0: "8S JD TD TS KC QS 8H QC QH",
    1: "KS KH 7D 7H 9S AC JC TC 7C",
    2: "AS 9H 9C JH 8D AH TH JS AD",
}
BAIT3_SCRIPT = "play 7C 9C QC KC TC 8D AD JD 7D TD JC 9H 8H 7H TH JH QH KH AC AH 8S 9S JS TS QS KS AS"


@pytest.mark.parametrize(("bait_to", "written"), [
    ("higher", (58 + 31, 0, 52)),
    # split 31: 16 + 15, the odd point to the first defender in play order from the first leader (seat 2)
    ("split", (58 + 15, 0, 52 + 16)),
])
def test_bait_to_three_players(bait_to: str, written: tuple[int, ...]) -> None:
    g = Game(rules(3, bait_to=bait_to))
    d = play_deal(g, BAIT3_HANDS, "QD", BAIT3_SCRIPT, bottom="9D")
    assert d.result is not None and d.result.outcome == "bait" and points(d) == (58, 31, 52)
    assert g.results[-1].written == written


# Trump ♣. Seat 1 baits with 11; the defenders tie with 59 each.
TIED3_HANDS = {
    0: "JC TS QC 7H 8D JD KH 8C 7D",
    1: "8S 9D 8H KS QD AC TH JH AH",
    2: "KC TC KD 9H AD TD 7S 7C 9S",
}
TIED3_SCRIPT = "play AC 7C JC 8C 9D TC KC QC QD TD 7D 8H KD 8D TH AD JD JH 9H 7H AH 8S 7S TS KH KS 9S"


def test_bait_to_higher_defenders_tied_split_odd_point_first_in_play_order() -> None:
    g = Game(rules(3))
    d = play_deal(g, TIED3_HANDS, "9C", TIED3_SCRIPT, bottom="QS")
    assert d.result is not None and d.result.outcome == "bait" and points(d) == (59, 11, 59)
    assert g.results[-1].written == (59 + 5, 0, 59 + 6)


def test_three_player_hanging_equals_the_highest_defender() -> None:
    s = sheet(rules(3), [dp("hanging", 1, (50, 50, 30))])
    assert s.results[-1].written == (50, 0, 30) and s.hanging == 50


def test_four_players_bait_goes_to_the_other_partnership() -> None:
    s = sheet(rules(4), [dp("bait", 0, (70, 92))])
    assert s.results[-1].written == (0, 162)


# -- the seeds' worked score tables ---------------------------------------------------------------


def test_seed_004_score_table_bait_and_hanging() -> None:
    """Seed 004 (Moscow, 2 players): A 15 / B 103; B baited: 139 БТ; B hangs with 51: 190 vs(51)."""
    r = rules()
    rows = [
        dp("made", 1, (15, 103)),  # B played and made it
        dp("bait", 1, (100, 24)),  # B baited: A writes its 100 and B's 24
        dp("hanging", 1, (51, 51)),  # B ties: A writes its 51, B's 51 hang
    ]
    s = sheet(r, rows)
    table = [(sheet_cell(row, 0), sheet_cell(row, 1)) for row in s.results]
    assert table == [("15", "103"), ("139", "БТ"), ("190", "vs(51)")]
    assert s.totals == [190, 103] and s.hanging == 51


def test_seed_000_hanging_goes_to_whoever_scores_more_in_the_next_deal() -> None:
    """Seed 000: vs(xx) goes to the player who takes more points in the next deal."""
    s = sheet(rules(), [dp("made", 1, (15, 103)), dp("hanging", 1, (51, 51)), dp("made", 0, (90, 40))])
    assert s.results[-1].written == (90 + 51, 40) and s.hanging == 0
    assert s.totals == [15 + 51 + 141, 143]


def test_seed_000_two_hangings_in_a_row_both_conventions() -> None:
    """Seed 000: two hangings in a row: either all are played for at once, or one at a time."""
    rows = [dp("hanging", 1, (40, 40)), dp("hanging", 0, (30, 30)), dp("made", 1, (20, 100))]
    acc = sheet(rules(hanging_multi="accumulate"), rows)
    assert [r.written for r in acc.results] == [(40, 0), (0, 30), (20, 170)]
    queue = sheet(rules(hanging_multi="queue"), rows)
    # second edition: a hanging deal decides nothing; the third deal decides the oldest 40, the 30 wait on
    assert [r.written for r in queue.results] == [(40, 0), (0, 30), (20, 140)]
    assert queue.hanging == 30


# -- one home for the bait rule: the sheet and the expert's search read engine.scoring -------------------


@pytest.mark.parametrize(("bait_to", "deal_points", "receivers"), [
    ("higher", (50, 60, 70), [2]),
    ("higher", (50, 65, 65), [1, 2]),  # equal defenders share
    ("split", (50, 60, 70), [1, 2]),
])
def test_a_bait_goes_to_the_higher_defender_or_is_split(bait_to: str, deal_points: tuple[int, ...],
                                                         receivers: list[int]) -> None:
    from deberc_tui.engine.scoring import BAIT, bait_receivers, bait_shares, verdict

    r = Rules.preset("moscow", players=3, bait_to=bait_to)
    assert verdict(r, 0, deal_points) is BAIT
    assert bait_receivers(r, deal_points, 0, [1, 2]) == receivers
    shares = bait_shares(r, (51, 60, 60), 0, [2, 1]) if bait_to == "split" else None
    if shares is not None:
        assert shares == {2: 26, 1: 25}  # the odd point to the first in play order


def test_the_experts_utility_writes_a_bait_as_the_sheet_does() -> None:
    from bots.expert import written_utility

    r = Rules.preset("moscow", players=3, bait_to="split")
    # seat 0 bid and scored 50 against 60 and 70: each defender writes 25 more
    assert written_utility((50, 60, 70), 0, 1, r) == (60 + 25) - (0 + 70 + 25) / 2


def test_the_first_leader_is_left_of_the_dealer_or_the_bidder() -> None:
    assert Rules.preset("moscow", players=3).first_leader(dealer=2, bidder=1) == 0
    assert Rules.preset("kharkiv", players=3).first_leader(dealer=2, bidder=1) == 1
