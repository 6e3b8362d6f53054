"""RULES.md §2 Dealing and §3 Bidding: who gets which cards, the two rounds, all pass, turnup_to."""

from __future__ import annotations

import pytest
from rulehelp import deck, new_deal, play_deal, rules, run

from deberc_tui.engine import Bid, Card, Game, IllegalActionError, Phase, Suit, parse_cards


def test_two_players_six_cards_turnup_then_three_more_and_the_bottom_card() -> None:
    r = rules()
    d = new_deal(r, {1: "AC KC QC 7D 8D 9D TC JC 9C", 0: "AS KS QS 7S 8S 9S TS JS 8C"}, "KH", bottom="7H")
    assert [c.notation for c in d.hand(1)] == ["QC", "KC", "AC", "7D", "8D", "9D"]
    assert len(d.hand(0)) == 6 and d.turnup is Card.parse("KH") and d.bottom is None
    run(d, "play")
    assert len(d.hand(0)) == len(d.hand(1)) == 9
    assert set(d.hand(1)) >= set(parse_cards("TC JC 9C"))
    assert d.bottom is Card.parse("7H")  # the deck's last card, face up, out of play
    assert d.turnup is Card.parse("KH")  # stays on the table


def test_cards_go_out_from_the_player_left_of_the_dealer() -> None:
    r = rules(3)
    cards = deck(3, {0: "AS KS QS JS TS 9S"}, "7H", dealer=2)
    d = Game(r, first_dealer=2).start_deal(cards)
    # packets of three, left of the dealer (seat 0) first
    assert [c.notation for c in cards[:3]] == ["AS", "KS", "QS"]
    assert set(d.hand(0)) == set(parse_cards("AS KS QS JS TS 9S"))
    assert d.to_act == 0


@pytest.mark.parametrize(("players", "dealer", "order"), [(2, 0, [1, 0]), (2, 1, [0, 1]), (3, 1, [2, 0, 1]),
                                                          (4, 3, [0, 1, 2, 3])])
def test_bidding_starts_left_of_the_dealer(players: int, dealer: int, order: list[int]) -> None:
    d = new_deal(rules(players), {}, "7H", dealer=dealer)
    seen = []
    for _ in range(players):
        seen.append(d.to_act)
        assert d.to_act is not None
        d.apply(d.to_act, Bid("pass"))
    assert seen == order
    assert d.bid_round == 2 and d.to_act == order[0]


def test_round_one_play_takes_the_turnups_suit_and_ends_bidding() -> None:
    d = new_deal(rules(3), {}, "9D")
    run(d, "pass play")
    assert (d.trump, d.bidder, d.phase) == (Suit.DIAMONDS, 2, Phase.PLAY)


def test_round_one_allows_only_play_or_pass() -> None:
    d = new_deal(rules(), {}, "9D")
    with pytest.raises(IllegalActionError, match="cannot name a suit in round 1"):
        run(d, "S")


def test_round_two_names_another_suit() -> None:
    d = new_deal(rules(), {}, "9D")
    run(d, "pass pass pass S")
    assert (d.trump, d.bidder, d.bid_round) == (Suit.SPADES, 0, 2)


def test_round_two_cannot_name_the_turnups_suit_or_say_play() -> None:
    d = new_deal(rules(), {}, "9D")
    run(d, "pass pass")
    with pytest.raises(IllegalActionError, match="seat 1 cannot name ♦ in round 2: it is the turnup's suit"):
        run(d, "D")
    with pytest.raises(IllegalActionError, match="cannot say play in round 2"):
        run(d, "play")


def test_bidding_out_of_turn_is_refused() -> None:
    d = new_deal(rules(), {}, "9D")
    with pytest.raises(IllegalActionError, match="seat 0 cannot bid now: it is seat 1's turn"):
        d.apply(0, Bid("play"))


def test_all_pass_redeal_throws_in_and_the_next_player_deals() -> None:
    g = Game(rules(3), first_dealer=1)
    d = play_deal(g, {}, "9D", "pass pass pass pass pass pass", finish_it=False)
    assert d.is_over and d.result is not None and d.result.outcome == "thrown_in"
    assert g.results[-1].written == (0, 0, 0) and g.totals == [0, 0, 0]
    assert g.next_dealer == 2


def test_all_pass_dealer_must_name_a_suit_in_round_two() -> None:
    d = new_deal(rules(2, all_pass="dealer_must"), {}, "9D")
    run(d, "pass pass pass")
    assert d.to_act == 0  # the dealer
    assert Bid("pass") not in d.legal_actions()
    with pytest.raises(IllegalActionError, match="may not pass: the dealer must name a trump in round 2"):
        run(d, "pass")
    run(d, "C")
    assert (d.trump, d.bidder) == (Suit.CLUBS, 0)


def test_dealer_must_only_binds_the_dealer() -> None:
    d = new_deal(rules(3, all_pass="dealer_must"), {}, "9D", dealer=0)
    run(d, "pass pass pass pass")  # round 1 all pass, then seat 1 passes in round 2
    assert d.to_act == 2
    run(d, "pass")  # seat 2 is not the dealer: may pass
    assert d.to_act == 0
    with pytest.raises(IllegalActionError, match="may not pass"):
        run(d, "pass")


def test_four_players_turnup_to_dealer() -> None:
    r = rules(4)
    d = new_deal(r, {3: "AS KS QS JS TS 9S 8S"}, "7H", dealer=3)
    run(d, "play")  # seat 0 is the bidder
    assert d.turnup_taken_by == 3
    assert Card.parse("7H") in d.hand(3) and set(parse_cards("AS KS QS JS TS 9S 8S")) <= set(d.hand(3))
    assert all(len(d.hand(s)) == 8 for s in range(4))


def test_four_players_turnup_to_bidder() -> None:
    r = rules(4, turnup_to="bidder")
    d = new_deal(r, {1: "AS KS QS JS TS 9S 8S"}, "7H", dealer=3, receiver=1)
    run(d, "pass play")  # seat 1 plays: it takes the turnup and one card from the stock
    assert d.turnup_taken_by == 1
    assert Card.parse("7H") in d.hand(1) and set(parse_cards("AS KS QS JS TS 9S 8S")) <= set(d.hand(1))
    assert all(len(d.hand(s)) == 8 for s in range(4))
    assert d.bottom is None


def test_no_game_without_trump_bidding_happens_before_any_card() -> None:
    d = new_deal(rules(), {1: "AS"}, "9D")
    with pytest.raises(IllegalActionError, match="cannot play a card during the bidding"):
        run(d, "AS")
