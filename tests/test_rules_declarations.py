"""RULES.md §5 Declarations: kinds, which side scores, combo_tie, combos_need_trick, hundred, debertz."""

from __future__ import annotations

import pytest
from rulehelp import finish, new_deal, play_deal, points, rules, run

from deberc_tui.engine import Game, IllegalActionError, Suit, find_combos, mask_of, parse_cards
from deberc_tui.engine.combos import Declaration, combos_winner


def kinds(cards: str, trump: str = "H", **options: object) -> list[tuple[str, str, int]]:
    r = rules(**options)
    return [(c.kind, c.top.value + c.suit.value, c.points)
            for c in find_combos(mask_of(parse_cards(cards)), Suit.parse(trump), r)]


def test_terz_fifty_and_a_run_is_one_combination() -> None:
    assert kinds("7C 8C 9C") == [("terz", "9C", 20)]
    assert kinds("7C 8C 9C TC") == [("fifty", "TC", 50)]
    assert kinds("7C 8C 9C TC JC") == [("fifty", "JC", 50)]  # five in a row: one fifty, not 70
    assert kinds("7C 8C 9C JC QC KC") == [("terz", "KC", 20), ("terz", "9C", 20)]  # two runs, two terzes


def test_six_in_sequence_is_a_fifty_unless_hundred() -> None:
    assert kinds("9S TS JS QS KS AS") == [("fifty", "AS", 50)]
    assert kinds("9S TS JS QS KS AS", hundred=True) == [("hundred", "AS", 100)]


def test_seven_trumps_in_sequence_is_a_debertz_seven_plain_are_not() -> None:
    assert kinds("8H 9H TH JH QH KH AH", debertz="win")[0][0] == "debertz"
    assert kinds("8S 9S TS JS QS KS AS", debertz="win") == [("fifty", "AS", 50)]
    assert kinds("8H 9H TH JH QH KH AH", debertz="off") == [("fifty", "AH", 50)]
    assert kinds("8H 9H TH JH QH KH AH", debertz="off", hundred=True) == [("hundred", "AH", 100)]


# -- which side scores: one deal, 2 players, dealer 0 (seat 1 leads) -----------------------------------

# Seat 1 declares terz A♣ + terz 9♦ (40); seat 0 terz A♠ + terz 9♣ + terz Q♦ (60): the best are equal,
# terzes to the ace. Trick by trick (trump ♥ after "play"):
# AC-7C s1 11, KC-8C s1 4, QC-9C s1 3, 7S-AS s0 11, KS-9H s1 18, 7D-TD s0 10, QS-JH s1 23,
# 8D-JD s0 2, QD-9D s0 3 + 10 (last trick).  Cards: seat 1 59, seat 0 36.
TIE_HANDS = {1: "AC KC QC 7D 8D 9D JH 9H 7S", 0: "AS KS QS 7C 8C 9C TD JD QD"}
TIE_SCRIPT = "AC+d 7C+d KC 8C QC 9C 7S AS KS 9H 7D TD QS JH 8D JD QD 9D"


@pytest.mark.parametrize(
    ("combo_tie", "expected"),
    [
        ("trump_then_first", (36, 99)),  # plain vs plain: seat 1 declared first
        ("first", (36, 99)),
        ("trump_only", (36, 59)),  # plain vs plain: neither scores
        ("trump_then_last_trick", (96, 59)),  # seat 0 took the last trick
    ],
)
def test_combo_tie_two_plain_terzes_to_the_ace(combo_tie: str, expected: tuple[int, int]) -> None:
    d = new_deal(rules(combo_tie=combo_tie), TIE_HANDS, "8H")
    run(d, "play " + TIE_SCRIPT)
    assert d.result is not None and d.result.cards == (36, 59)
    assert points(d) == expected


# Same hands, trump ♠ named by seat 1 in round 2: now seat 0's terz A-K-Q♠ is a trump terz.
# AC-7C s1 11, KC-8C s1 4, QC-9C s1 3, 7S-AS s0 11, KS-9H s0 4, QS-JH s0 5, TD-7D s0 10, JD-8D s0 2,
# QD-9D s0 3 + 10.  Cards: seat 1 18, seat 0 45.
TRUMP_SCRIPT = "AC+d 7C+d KC 8C QC 9C 7S AS KS 9H QS JH TD 7D JD 8D QD 9D"


@pytest.mark.parametrize(
    ("combo_tie", "expected"),
    [
        ("trump_then_first", (105, 18)),
        ("first", (45, 58)),  # trump gives no preference: seat 1 declared first
        ("trump_only", (105, 18)),
        ("trump_then_last_trick", (105, 18)),
    ],
)
def test_combo_tie_trump_terz_against_plain_terz(combo_tie: str, expected: tuple[int, int]) -> None:
    d = new_deal(rules(combo_tie=combo_tie), TIE_HANDS, "8H")
    run(d, "pass pass S " + TRUMP_SCRIPT)
    assert d.trump is Suit.SPADES and d.bidder == 1
    assert d.result is not None and d.result.cards == (45, 18)
    assert points(d) == expected


def test_combo_tie_first_declared_follows_play_order_from_the_first_leader() -> None:
    # dealer 1: seat 0 leads and declares first
    hands = {0: "AC KC QC 7D 8D 9D JH 9H 7S", 1: "AS KS QS 7C 8C 9C TD JD QD"}
    d = new_deal(rules(), hands, "8H", dealer=1)
    run(d, "play AC+d 7C+d")
    assert d.combos_side == 0


def test_the_longer_kind_wins_whatever_the_top_card() -> None:
    # seat 1: terz A♣; seat 0: fifty 7-8-9-10♠
    d = new_deal(rules(), {1: "AC KC QC 7D 8D 9D JH 9H AD", 0: "7S 8S 9S TS 7C 8C TD JD QD"}, "8H")
    run(d, "play AC+d 7C+d")
    assert d.combos_side == 0


def test_same_kind_the_higher_top_card_wins() -> None:
    # seat 1: terz to K♣ (trump ♥ is no help); seat 0: terz to A♠
    d = new_deal(rules(), {1: "KC QC JC 7D 8D 9D JH 9H AD", 0: "AS KS QS 7C 8C 9C TD TC QD"}, "8H")
    run(d, "play KC+d 7C+d")
    assert d.combos_side == 0


def test_the_winner_scores_all_its_combinations_the_loser_none() -> None:
    # seat 1: terz A♣ and terz 9♦ (40); seat 0: terz K♠ (loses to the ace)
    d = new_deal(rules(), {1: "AC KC QC 7D 8D 9D JH 9H AD", 0: "KS QS JS 7C 8C TD TC QD 9S"}, "8H")
    run(d, "play AC+d 7C+d")
    finish(d)
    assert d.result is not None and d.result.combos == (0, 40)


def test_four_players_the_partners_combinations_score_too() -> None:
    hands = {
        0: "AC KC QC 7D 9D JD 8H AH",  # terz A♣
        1: "KS QS JS 8D TD AD 8C 9C",  # terz K♠
        2: "7S 8S 9S 7C TC JC 9H TH",  # terz 9♠, partner of seat 0
        3: "QD KD AS TS JH QH KH",  # + the turnup 7H
    }
    d = new_deal(rules(4), hands, "7H", dealer=3)
    run(d, "play AC+d 8C+d 7C+d 7H")
    finish(d)
    assert d.result is not None and d.result.combos_side == 0 and d.result.combos == (40, 0)


def test_undeclared_combinations_never_score() -> None:
    d = new_deal(rules(), TIE_HANDS, "8H")
    run(d, "play " + TIE_SCRIPT.replace("+d", ""))
    assert points(d) == (36, 59)
    d = new_deal(rules(), TIE_HANDS, "8H")
    run(d, "play " + TIE_SCRIPT.replace("7C+d", "7C"))  # only seat 1 declares
    assert points(d) == (36, 99)


def test_declare_only_with_the_first_card() -> None:
    d = new_deal(rules(), TIE_HANDS, "8H")
    run(d, "play AC 7C")
    with pytest.raises(IllegalActionError, match="combinations are declared with your first card"):
        run(d, "KC+d")


# -- combos_need_trick: seat 0 declares three terzes (60) -------------------------------------------
# Seat 1 takes every trick: 20+14+11+4 in trumps, AS TS AD TD AC 53, + 10 = 112.
SKI_HANDS = {1: "JH 9H AH KH AS TS AD TD AC", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}


@pytest.mark.parametrize(("need", "expected"), [(True, (0, 112)), (False, (60, 112))])
def test_combos_need_trick(need: bool, expected: tuple[int, int]) -> None:
    d = new_deal(rules(combos_need_trick=need), SKI_HANDS, "8H")
    run(d, "play JH 7C+d")
    finish(d)
    assert d.result is not None and d.result.tricks == (0, 9)
    assert d.result.combos_side == (None if need else 0)  # a winner whose combinations do not score: nobody's
    assert points(d) == expected


def test_combos_need_trick_an_empty_trick_counts() -> None:
    # seat 1 leads 7S into seat 0's 8S: a trick of 0 points, but a trick
    hands = {1: "JH 9H AH KH AS TS AD TD 7S", 0: "7C 8C 9C 7D 8D 9D 8S 9S JC"}
    d = new_deal(rules(), hands, "8H")
    run(d, "play JH 7C+d 7S 8S")
    assert d.tricks[1].winner == 0 and d.tricks[1].points == 0
    finish(d)
    # seat 0 declares terz 9♣ + terz 9♦ (40); seat 1: 20+14+11+4+11+10+11+10, seat 0's JC 2, + 10 = 103
    assert d.result is not None and d.result.tricks[0] == 1 and d.result.combos == (40, 0)
    assert points(d) == (40, 103)


# -- hundred and debertz in a deal -------------------------------------------------------------------
SWEEP = {1: "JH 9H AH TH KH QH AS TS KS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}  # seat 1: 97 in cards


@pytest.mark.parametrize(("hundred", "expected"), [(False, (0, 147)), (True, (0, 197))])
def test_hundred_option_in_a_deal(hundred: bool, expected: tuple[int, int]) -> None:
    d = new_deal(rules(hundred=hundred), SWEEP, "8H")
    run(d, "play JH+d")
    finish(d)
    assert points(d) == expected


DEBERTZ_HANDS = {1: "8H 9H TH JH QH KH AH AS TS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}


def test_debertz_win_ends_the_game_at_once() -> None:
    g = Game(rules(debertz="win"))
    d = play_deal(g, DEBERTZ_HANDS, "TC", "pass pass H JH+d", finish_it=False)
    assert d.is_over and d.result is not None and d.result.outcome == "debertz"
    assert g.outcome is not None and g.outcome.winner == 1


@pytest.mark.parametrize(("hundred", "combo"), [(False, 50), (True, 100)])
def test_debertz_off_counts_as_the_longest_combination_allowed(hundred: bool, combo: int) -> None:
    g = Game(rules(debertz="off", hundred=hundred))
    d = play_deal(g, DEBERTZ_HANDS, "TC", "pass pass H JH+d")
    assert d.result is not None and d.result.outcome == "made" and d.result.combos == (0, combo)
    # 62 in trumps + AS TS 21 + 10 for the last trick
    assert points(d) == (0, 93 + combo)
    assert g.outcome is None


def test_combos_winner_tie_within_one_side_is_that_side() -> None:
    r = rules(4, combo_tie="trump_only")
    a = find_combos(mask_of(parse_cards("AC KC QC")), Suit.HEARTS, r)
    b = find_combos(mask_of(parse_cards("AD KD QD")), Suit.HEARTS, r)
    decls = [Declaration(0, tuple(a), 0), Declaration(2, tuple(b), 2)]
    assert combos_winner(decls, Suit.HEARTS, r) == 0


@pytest.mark.parametrize(("preset", "expected"), [
    ("moscow", (105, 18)),  # a trump combination wins the tie
    ("kharkiv", (45, 58)),  # trump gives no preference: the first declared wins
    ("klabor", (105, 18)),
    ("club", (105, 18)),
])
def test_presets_on_the_trump_terz_tie(preset: str, expected: tuple[int, int]) -> None:
    # the presets' all_pass "dealer_must" does not matter here: seat 1 names ♠ before the dealer's turn
    # 9 cards each, as the hands are stacked (Kharkiv deals 10 since the second edition)
    d = new_deal(rules(2, preset, extra_cards=3), TIE_HANDS, "8H")
    run(d, "pass pass S " + TRUMP_SCRIPT)
    assert points(d) == expected


THREE_TERZES = {2: "AC KC QC 7H 8H 9S JS 9D 8D", 0: "AD KD QD 7S 8S TH 9H 7C 8C", 1: "AS KS QS 7D TC 9C JD TD TS"}


@pytest.mark.parametrize(("preset", "script", "side"), [
    ("kharkiv", "pass play AC+d 7C+d TC+d", 2),  # first_lead "bidder": seat 2 leads and declares first
    ("moscow", "pass play AS+d 9S+d 7S+d", 1),  # left of the dealer: seat 1 leads and declares first
])
def test_three_players_first_declared_counts_from_the_first_leader(preset: str, script: str, side: int) -> None:
    # three plain terzes to the ace, trump ♥ (turnup J♥, seat 2 plays)
    d = new_deal(rules(3, preset, extra_cards=3), THREE_TERZES, "JH")
    run(d, script)
    assert d.combos_side == side
