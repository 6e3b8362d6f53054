"""RULES.md §5 Bella and §4 the trump-seven swap (with the declarations it changes)."""

from __future__ import annotations

import pytest
from rulehelp import finish, new_deal, points, rules, run

from deberc_tui.engine import Card, IllegalActionError, SwapSeven

# Seat 1 (bidder, trump ♥) takes every trick; seat 0 holds the bella K♥ Q♥ and plays the queen first.
# Seat 1's cards 108, seat 0's K♥ Q♥ J♣ 9, last trick 10: seat 1 writes 127 in cards.
BELLA_HANDS = {1: "JH 9H AH TH AS TS AD TD AC", 0: "KH QH 7C 8C 7D 8D 7S 8S JC"}


@pytest.mark.parametrize(("bella_to", "expected"), [("holder", (20, 127)), ("trick_winner", (0, 147))])
def test_bella_to(bella_to: str, expected: tuple[int, int]) -> None:
    d = new_deal(rules(bella_to=bella_to), BELLA_HANDS, "8H")
    run(d, "play JH QH+b")
    finish(d)
    assert d.result is not None and d.result.tricks == (0, 9)
    assert points(d) == expected


def test_bella_to_holder_scores_without_any_trick_and_is_not_a_combination() -> None:
    d = new_deal(rules(), BELLA_HANDS, "8H")
    run(d, "play JH QH+b")
    finish(d)
    assert d.result is not None and d.result.bella == (20, 0) and d.result.combos == (0, 0)


def test_bella_with_the_second_of_the_two_cards() -> None:
    d = new_deal(rules(), BELLA_HANDS, "8H")
    run(d, "play JH QH 9H KH+b")
    finish(d)
    assert points(d) == (20, 127)


def test_no_bella_without_saying_it() -> None:
    d = new_deal(rules(), BELLA_HANDS, "8H")
    run(d, "play JH QH 9H KH")
    finish(d)
    assert points(d) == (0, 127)


def test_bella_refused_once_declared_or_with_another_card() -> None:
    d = new_deal(rules(), BELLA_HANDS, "8H")
    run(d, "play")
    with pytest.raises(IllegalActionError, match="bella is declared with the trump king or queen"):
        run(d, "JH+b")
    run(d, "JH QH+b 9H")
    with pytest.raises(IllegalActionError, match="cannot declare bella twice"):
        run(d, "KH+b")


def test_bella_needs_both_cards_when_play_began() -> None:
    # seat 0 holds only the king; seat 1 the queen
    d = new_deal(rules(), {1: "JH 9H AH QH AS TS AD TD AC", 0: "KH 7C 8C 7D 8D 9C 7S 8S JC"}, "8H")
    run(d, "play")
    with pytest.raises(IllegalActionError, match="did not hold KH and QH when play began"):
        run(d, "QH+b")


def test_bella_is_never_compared_both_the_terz_and_the_bella_score() -> None:
    # seat 1 declares terz A♦ and wins the comparison; seat 0's bella scores anyway
    d = new_deal(rules(), {1: "JH 9H AH AD KD QD AS TS AC", 0: "KH QH 7C 8C 7D 8D 7S 8S JC"}, "8H")
    run(d, "play JH+d QH+b")
    finish(d)
    assert d.result is not None and d.result.combos == (0, 20) and d.result.bella == (20, 0)


def test_bella_cards_may_also_be_part_of_a_sequence() -> None:
    # seat 1 names ♥ in round 2 and leads 7♥; seat 0 holds K♥ Q♥ J♥: terz and bella, 20 + 20
    d = new_deal(rules(), {1: "7H 9H AH AS TS AD TD AC KS", 0: "KH QH JH 7C 8C 8D 9D 7S 8S"}, "7D")
    run(d, "pass pass H 7H QH+db")
    finish(d)
    assert d.result is not None and d.result.combos == (20, 0) and d.result.bella == (20, 0)


# -- the trump-seven swap (2 players, dealer 0: seat 1 leads) ----------------------------------------


def test_swap_seven_takes_the_turnup_before_the_first_card() -> None:
    d = new_deal(rules(), {0: "7H 8C 9C 7D 8D 9D"}, "KH")
    run(d, "play")
    assert SwapSeven() in d.optional_actions(0)
    run(d, "swap@0")
    assert Card.parse("KH") in d.hand(0) and Card.parse("7H") not in d.hand(0)
    assert d.turnup is Card.parse("7H") and d.swapped_by == 0


def test_swap_seven_any_time_before_that_players_first_card() -> None:
    d = new_deal(rules(), {1: "AS", 0: "7H 8C 9C 7D 8D 9D 7S"}, "KH")
    run(d, "play AS")  # seat 1 has led; seat 0 has not played yet
    run(d, "swap@0")
    assert d.swapped_by == 0


def test_swap_seven_the_seven_may_come_with_the_extra_cards() -> None:
    d = new_deal(rules(), {0: "8C 9C 7D 8D 9D TD 7H"}, "KH")
    run(d, "play swap@0")
    assert Card.parse("KH") in d.hand(0)


def test_swap_seven_refused_after_the_first_card() -> None:
    d = new_deal(rules(), {1: "7H 8C 9C 7D 8D 9D AS"}, "KH")
    run(d, "play AS")
    with pytest.raises(IllegalActionError, match="the trump seven can only be swapped before your first card"):
        run(d, "swap@1")


def test_swap_seven_refused_when_trump_was_named_in_round_two() -> None:
    d = new_deal(rules(), {0: "7H 8C 9C 7D 8D 9D"}, "KD")
    run(d, "pass pass H")
    assert SwapSeven() not in d.optional_actions(0)
    with pytest.raises(IllegalActionError, match="trump was named in round 2"):
        run(d, "swap@0")


def test_swap_seven_refused_without_the_seven_or_before_trump() -> None:
    d = new_deal(rules(), {0: "7H 8C 9C 7D 8D 9D"}, "KH")
    with pytest.raises(IllegalActionError, match="before trump is chosen"):
        run(d, "swap@0")
    run(d, "play")
    with pytest.raises(IllegalActionError, match="does not hold 7H"):
        run(d, "swap@1")


def test_swap_seven_false() -> None:
    d = new_deal(rules(swap_seven=False), {0: "7H 8C 9C 7D 8D 9D"}, "KH")
    run(d, "play")
    assert SwapSeven() not in d.optional_actions(0)
    with pytest.raises(IllegalActionError, match="the rules do not allow it"):
        run(d, "swap@0")


def test_no_swap_with_four_players() -> None:
    d = new_deal(rules(4), {0: "7H 8C 9C 7D 8D 9D"}, "KH", dealer=3)
    run(d, "play")
    with pytest.raises(IllegalActionError, match="no swap in the 4-player game"):
        run(d, "swap@0")


def test_declarations_use_the_cards_held_when_declaring() -> None:
    # seat 0 holds 7-8-9♥ (a terz); swapping the 7 for the turnup A♥ breaks it
    hands = {1: "AS KS QS 7D 8D 9D TC JC AC", 0: "7H 8H 9H 7C 8C QD KD JS 9S"}
    d = new_deal(rules(), hands, "AH")
    run(d, "play AS 9S+d")
    assert [c.kind for c in d.declared_combos(0)] == ["terz"]
    d = new_deal(rules(), hands, "AH")
    run(d, "play AS swap@0 9S+d")
    assert d.declared_combos(0) == ()


def test_swap_gives_bella() -> None:
    # seat 0 holds Q♥ and 7♥; the turnup is K♥: after the swap it holds both when play begins
    d = new_deal(rules(), {1: "AS KS QS 7D 8D 9D TC JC AC", 0: "QH 7H 7C 8C JD TD QC KC KD"}, "KH")
    run(d, "play AS swap@0 KH+b")
    finish(d)
    assert d.result is not None and d.result.bella == (20, 0)
