"""RULES.md §8 Claims («Партия»): when, what counts, false_claim."""

from __future__ import annotations

import pytest
from rulehelp import dp, new_deal, play_deal, rules, run, sheet
from test_rules_scoring import MADE_HANDS

from deberc_tui.engine import CLAIM, Game, IllegalActionError
from deberc_tui.engine.scoring import DealPoints

# MADE_HANDS, trump ♥: seat 1 leads A♣ and takes 11; it is on lead for trick 2.
# With A♣+declare seat 1 shows terz A♣ and terz 9♦ (40) and wins the comparison (seat 0 declares nothing).


def test_a_true_claim_wins_at_once_and_the_others_write_nothing() -> None:
    g = Game(rules(target=50))
    d = play_deal(g, MADE_HANDS, "8H", "play AC+d 7C claim", finish_it=False)
    assert d.result is not None and d.result.outcome == "claim_won"
    row = g.results[-1]
    assert row.written == (0, 11 + 40)
    assert g.outcome is not None and g.outcome.winner == 1


def test_the_claim_counts_the_total_so_far() -> None:
    d = new_deal(rules(target=301), MADE_HANDS, "8H", totals=(0, 290))
    run(d, "play AC 7C claim")  # 290 + 11 = 301
    assert d.result is not None and d.result.outcome == "claim_won"
    d = new_deal(rules(target=301), MADE_HANDS, "8H", totals=(0, 289))
    run(d, "play AC 7C claim")
    assert d.result is not None and d.result.outcome == "claim_lost"


def test_the_claim_counts_bella() -> None:
    # seat 1 (trump ♥) leads K♥ with bella and takes seat 0's 7♥: 277 + 4 + 20 = 301
    hands = {1: "KH QH AC 7D 8D JD 7S 8S TS", 0: "7H 7C 8C 9C 9D TD KC QC JC"}
    d = new_deal(rules(target=301), hands, "8H", totals=(0, 277))
    run(d, "play KH+b 7H claim")
    assert d.result is not None and d.result.outcome == "claim_won" and d.result.bella == (0, 20)


@pytest.mark.parametrize(("false_claim", "outcome"), [("loses", "claim_lost"), ("continue", None)])
def test_false_claim(false_claim: str, outcome: str | None) -> None:
    g = Game(rules(target=100, false_claim=false_claim))
    d = play_deal(g, MADE_HANDS, "8H", "play AC 7C claim", finish_it=False)  # 11 < 100
    if outcome == "claim_lost":
        assert d.result is not None and d.result.outcome == "claim_lost"
        assert g.results[-1].written == (0, 0)
        assert g.outcome is not None and g.outcome.winner == 0  # the claimant's side loses
    else:
        assert not d.is_over and g.outcome is None and d.to_act == 1
        assert CLAIM not in d.legal_actions()
        with pytest.raises(IllegalActionError, match="cannot claim again before the next trick"):
            run(g, "claim")
        run(g, "KC 8C")  # play goes on; seat 1 is on lead again and may claim again
        assert CLAIM in d.legal_actions()


def test_false_claim_loses_three_players_the_higher_other_side_wins() -> None:
    # Ambiguity: with 3 players the book does not say who wins when the claimant loses; the engine
    # gives the game to the other side with the higher total (here seat 2).
    s = sheet(rules(3), [dp("made", 1, (10, 50, 30))])
    zeros = (0, 0, 0)
    s.write(s.next_dealer, "H", DealPoints("claim_lost", 1, zeros, zeros, zeros, None, zeros, None, None,
                                           "claim", None, 1))
    assert s.outcome is not None and s.outcome.winner == 2


def test_no_claim_before_trick_two_or_off_lead() -> None:
    d = new_deal(rules(target=1), MADE_HANDS, "8H")
    run(d, "play")
    with pytest.raises(IllegalActionError, match="only the player on lead may claim, from trick 2 on"):
        run(d, "claim")
    run(d, "AC 7C")
    with pytest.raises(IllegalActionError, match="cannot claim now"):
        d.apply(0, CLAIM)
    run(d, "KC")
    with pytest.raises(IllegalActionError, match="cannot claim now"):
        run(d, "claim")  # seat 0, in the middle of a trick


def test_claims_false_refuses_claims() -> None:
    d = new_deal(rules(target=1, claims=False), MADE_HANDS, "8H")
    run(d, "play AC 7C")
    assert CLAIM not in d.legal_actions()
    with pytest.raises(IllegalActionError, match="the rules do not allow claims"):
        run(d, "claim")


def test_a_claim_counts_combinations_only_of_the_side_that_wins_the_comparison() -> None:
    # seat 0 declares too (60, best terz A♠ but seat 1 declared first): seat 1's 40 count, not seat 0's
    d = new_deal(rules(target=51), MADE_HANDS, "8H")
    run(d, "play AC+d 7C+d claim")
    assert d.result is not None and d.result.outcome == "claim_won" and d.result.combos == (0, 40)
