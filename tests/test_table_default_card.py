"""The card the hand offers first (what Enter plays unless the player chooses): never a card that throws points
away when a cheaper one does the same. One rule, one hand, one expected card, from the seat's own view."""

from __future__ import annotations

from rulehelp import new_deal, rules, run

from deberc_tui.engine import Card, seat_view
from deberc_tui.table.default_card import default_card

# Two players: the dealer is seat 0, seat 1 bids first and leads. The turnup 8♥ makes ♥ trump when seat 1 plays.
BORIS = "JH 9H KH AC TC KC AD TD AS"


def test_a_trump_jack_led_is_answered_with_the_cheapest_trump_not_the_ace() -> None:
    # The hand: Boris leads J♥ (trump); A♥ and Q♥ both lose to it, A♥ would give him 11 points, Q♥ 3.
    d = new_deal(rules(), {1: BORIS, 0: "AH QH 7C 8C 7D 8D 7S 8S 9C"}, "8H")
    run(d, "play JH")
    assert default_card(seat_view(d, 0)) is Card.parse("QH")


def test_the_last_to_play_takes_the_trick_with_the_cheapest_card_that_takes_it() -> None:
    # Boris leads K♣ (4 points): 10♣ and A♣ take it, 7♣ does not; 10♣ takes it for the fewest points given up.
    d = new_deal(rules(), {1: "JH 9H KH KC QC AD TD AS KS", 0: "AC TC 7C 7D 8D 7S 8S 9S 7H"}, "8H")
    run(d, "play KC")
    assert default_card(seat_view(d, 0)) is Card.parse("TC")


def test_a_card_that_cannot_take_the_trick_is_the_cheapest_of_the_suit() -> None:
    # Boris leads A♣: nothing of seat 0's clubs takes it, so the 0-point 7♣ rather than 10♣ or K♣.
    d = new_deal(rules(), {1: "JH 9H KH AC QC AD TD AS KS", 0: "TC KC 7C 7D 8D 7S 8S 9S 7H"}, "8H")
    run(d, "play AC")
    assert default_card(seat_view(d, 0)) is Card.parse("7C")


def test_the_leader_offers_the_cheapest_plain_card_and_keeps_the_trumps() -> None:
    # Seat 1 leads with trumps, aces and tens in hand: a 0-point plain card, the lowest in the order of play.
    d = new_deal(rules(), {1: "JH 9H AC TC AD 8D 7S AS TS", 0: "KC QC 7C 7D 9D 8S 9S KH QH"}, "8H")
    run(d, "play")
    assert default_card(seat_view(d, 1)) is Card.parse("7S")


def test_a_single_legal_card_is_offered() -> None:
    # Boris leads A♣ and seat 0 holds one club: it must follow with it.
    d = new_deal(rules(), {1: BORIS, 0: "QC 7D 8D 9D 7S 8S 9S JS 7H"}, "8H")
    run(d, "play AC")
    assert default_card(seat_view(d, 0)) is Card.parse("QC")


def test_with_a_player_still_to_come_the_cheapest_card_even_if_a_higher_one_takes_the_trick_now() -> None:
    # Three players, seat 1 leads K♣; seat 2 plays second: A♣ takes the trick now, but seat 0 may still trump it.
    d = new_deal(rules(3), {1: "KC 7D 8D 9D TD 7S 8S", 2: "AC 8C 7H 9H TH JS QS KS", 0: "9C JC"}, "8H")
    run(d, "play KC")
    assert default_card(seat_view(d, 2)) is Card.parse("8C")


def test_the_partners_trick_is_not_overtaken() -> None:
    # Four players (dealer 3): seat 0 leads 7♣, seat 1 (seat 3's partner) takes it so far with 10♣, seat 2 plays
    # 8♣; seat 3, last, could take it with A♣ but keeps the ace: 9♣.
    d = new_deal(rules(4), {0: "7C", 1: "TC", 2: "8C", 3: "AC 9C 7D 8D 7S 8S 9S"}, "TH", dealer=3)
    run(d, "play 7C TC 8C")
    assert default_card(seat_view(d, 3)) is Card.parse("9C")


def test_no_card_is_offered_outside_the_seats_turn_to_play() -> None:
    d = new_deal(rules(), {1: BORIS, 0: "AH QH 7C 8C 7D 8D 7S 8S 9C"}, "8H")
    assert default_card(seat_view(d, 1)) is None  # the bidding
    run(d, "play")
    assert default_card(seat_view(d, 0)) is None  # seat 1 leads
