"""RULES.md §4: four sevens, weak hand (low_points_redeal), klabor; thrown-in deals score nothing."""

from __future__ import annotations

import pytest
from rulehelp import new_deal, play_deal, rules, run

from deberc_tui.engine import Game, IllegalActionError, Klabor, Redeal

SEVENS = {0: "7C 7D 7H 7S AC TC"}


def test_four_sevens_redeal_void_deal_same_dealer() -> None:
    g = Game(rules(), first_dealer=0)
    d = play_deal(g, SEVENS, "KH", "sevens@0", finish_it=False)
    assert d.is_over and d.result is not None and (d.result.outcome, d.result.reason) == ("thrown_in", "four_sevens")
    assert g.results[-1].written == (0, 0) and g.totals == [0, 0]
    assert g.next_dealer == 0


def test_four_sevens_may_wait_until_play_before_the_first_card() -> None:
    d = new_deal(rules(), {1: "AS", 0: "7C 7D 7H 7S AC TC"}, "KH")
    run(d, "play AS")  # seat 1 has played; seat 0 has not
    assert Redeal("four_sevens") in d.optional_actions(0)
    run(d, "sevens@0")
    assert d.result is not None and d.result.outcome == "thrown_in"


def test_four_sevens_refused_after_the_first_card_or_without_them() -> None:
    d = new_deal(rules(), {1: "7C 7D 7H 7S AS TS", 0: "AC"}, "KH")
    with pytest.raises(IllegalActionError, match="does not hold all four sevens"):
        run(d, "sevens@0")
    run(d, "play AS")
    with pytest.raises(IllegalActionError, match="cannot demand a redeal after playing a card"):
        run(d, "sevens@1")


def test_four_sevens_redeal_false() -> None:
    d = new_deal(rules(four_sevens_redeal=False), SEVENS, "KH")
    assert Redeal("four_sevens") not in d.optional_actions(0)
    with pytest.raises(IllegalActionError, match="the rules do not allow it"):
        run(d, "sevens@0")


# Weak hand: the first six cards, every suit counted as plain: J♥ is 2 even when ♥ is trump.
@pytest.mark.parametrize(
    ("limit", "six", "allowed"),
    [
        (None, "7C 8C 9C 7D 8D 9D", False),  # default: never
        (1, "7C 8C 9C 7D 8D 9D", True),  # Klabor: 0 ≤ 1
        (1, "JH 8C 9C 7D 8D 9D", False),  # 2 > 1 (J♥ counted plain, although ♥ becomes trump)
        (13, "AC JH 8C 9C 7D 8D", True),  # club: 13 ≤ 13
        (13, "AC QH 8C 9C 7D 8D", False),  # 14 > 13
    ],
)
def test_low_points_redeal(limit: int | None, six: str, allowed: bool) -> None:
    g = Game(rules(low_points_redeal=limit), first_dealer=1)
    d = play_deal(g, {0: six}, "KH", "pass play", finish_it=False)  # seat 1 plays: ♥ is trump
    assert (Redeal("low_points") in d.optional_actions(0)) is allowed
    if allowed:
        run(g, "weak@0")
        assert d.result is not None and (d.result.outcome, d.result.reason) == ("thrown_in", "low_points")
        assert g.next_dealer == 1  # same dealer
    else:
        with pytest.raises(IllegalActionError, match="weak hand"):
            run(g, "weak@0")


def test_low_points_counts_only_the_first_six_cards() -> None:
    # the extra three cards (A♠ 10♠ K♠) do not make the hand strong
    d = new_deal(rules(low_points_redeal=1), {0: "7C 8C 9C 7D 8D 9D AS TS KS"}, "KH")
    run(d, "play")
    run(d, "weak@0")
    assert d.result is not None and d.result.outcome == "thrown_in"


def test_low_points_refusal_message_names_the_points() -> None:
    d = new_deal(rules(low_points_redeal=13), {0: "AC QH 8C 9C 7D 8D"}, "KH")
    with pytest.raises(IllegalActionError, match=r"the first six cards are worth 14 \(limit 13\)"):
        run(d, "weak@0")


KLABOR_SIX = {0: "AS KS QS JS TS 9S"}


def test_klabor_wins_the_game_at_once() -> None:
    g = Game(rules(klabor=True), first_dealer=1)  # seat 0 bids first
    d = play_deal(g, KLABOR_SIX, "KH", "klabor@0", finish_it=False)
    assert d.result is not None and d.result.outcome == "klabor"
    assert g.outcome is not None and g.outcome.winner == 0


def test_klabor_off_by_default() -> None:
    d = new_deal(rules(), KLABOR_SIX, "KH")
    assert Klabor() not in d.optional_actions(0)
    with pytest.raises(IllegalActionError, match="cannot announce klabor: the rules do not allow it"):
        run(d, "klabor@0")


def test_klabor_only_during_the_bidding_and_only_from_the_ace() -> None:
    d = new_deal(rules(klabor=True), KLABOR_SIX, "KH")
    run(d, "play")
    with pytest.raises(IllegalActionError, match="after the bidding"):
        run(d, "klabor@0")
    d = new_deal(rules(klabor=True), {0: "KS QS JS TS 9S 8S"}, "KH")
    with pytest.raises(IllegalActionError, match="needs A K Q J 10 9 of one suit in the first six cards"):
        run(d, "klabor@0")


def test_klabor_preset_four_players() -> None:
    g = Game(rules(4, "klabor"), first_dealer=0)
    d = play_deal(g, {2: "AD KD QD JD TD 9D"}, "KH", "pass klabor@2", finish_it=False)
    assert d.result is not None and d.result.outcome == "klabor"
    assert g.outcome is not None and g.outcome.winner == 0  # seats 0+2
