"""The seat's view (and the deal) answer the rule questions a bot or a front end asks (which cards may carry bella
now, where the turnup lies, what a claim counts ...), so that none of them works a rule out for itself.

Each test: one rule, one hand, one expected answer, read from the view of the seat concerned."""

from __future__ import annotations

import pytest
from rulehelp import new_deal, rules, run
from test_rules_scoring import MADE_HANDS

from deberc_tui.engine import CONCEDE_OFFER, CONCEDE_REFUSE, Card, Deal, parse_cards, seat_view
from deberc_tui.table.claim import claim_right


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# Trump ♥ (seat 1 plays the turnup's suit). Seat 1 leads its plain aces, kings and tens, then J♥: seat 0 follows
# suit each time and gives Q♥ to the jack without bella. It keeps K♥ and 8♠ (two cards), then K♥ goes to 9♥.
BELLA_HANDS = {1: "JH 9H AH AC TC KC AD TD AS", 0: "KH QH 7C 8C 9C 7D 8D 7S 8S"}
TO_TWO_CARDS = "play AC 7C TC 8C KC 9C AD 7D TD 8D AS 7S JH QH"


def two_cards_left(bella_when: str) -> Deal:
    d = new_deal(rules(bella_when=bella_when), BELLA_HANDS, "8H")
    run(d, TO_TWO_CARDS)
    assert seat_view(d, 0).hand == cards("KH 8S")
    return d


@pytest.mark.parametrize(("bella_when", "two_left", "last_left"), [
    ("with_card", "KH", ""),
    ("while_holding", "KH 8S", ""),
    ("until_last_card", "KH 8S", "8S"),
])
def test_the_view_says_which_cards_may_carry_bella(bella_when: str, two_left: str, last_left: str) -> None:
    d = two_cards_left(bella_when)
    assert seat_view(d, 0).bella_cards == cards(two_left)  # seat 1 is on lead: asked out of turn too
    run(d, "9H KH")
    assert seat_view(d, 0).bella_cards == cards(last_left)


def test_no_card_may_carry_bella_once_it_is_declared() -> None:
    d = new_deal(rules(bella_when="until_last_card"), BELLA_HANDS, "8H")
    run(d, "play AC 7C TC 8C KC 9C AD 7D TD 8D AS 7S JH QH+b")
    assert seat_view(d, 0).bella_cards == ()


def test_no_card_may_carry_bella_for_a_seat_without_the_trump_king_and_queen() -> None:
    d = new_deal(rules(bella_when="until_last_card"), BELLA_HANDS, "8H")
    run(d, "play")
    assert seat_view(d, 1).bella_cards == ()


@pytest.mark.parametrize(("bella_when", "king", "eight"), [
    ("with_card", True, False),
    ("while_holding", True, False),  # after the king no card carries it; after the eight the king still does
    ("until_last_card", False, False),  # either way one card is left to carry it
])
def test_the_view_says_whether_a_card_is_the_last_chance_for_bella(bella_when: str, king: bool, eight: bool) -> None:
    view = seat_view(two_cards_left(bella_when), 0)
    assert view.bella_last_chance(Card.parse("KH")) is king
    assert view.bella_last_chance(Card.parse("8S")) is eight


def test_under_until_last_card_the_last_card_is_the_last_chance_for_bella() -> None:
    d = two_cards_left("until_last_card")
    run(d, "9H KH")
    assert seat_view(d, 0).bella_last_chance(Card.parse("8S")) is True


@pytest.mark.parametrize(("turnup_2_3", "under"), [("bottom", True), ("table", False), ("bidder", False)])
def test_the_view_says_whether_the_turnup_lies_under_the_stock(turnup_2_3: str, under: bool) -> None:
    d = new_deal(rules(turnup_2_3=turnup_2_3), BELLA_HANDS, "8H")
    assert seat_view(d, 0).turnup_under_stock is False  # before trump is named it is the turnup
    run(d, "play")
    assert seat_view(d, 0).turnup_under_stock is under


def test_with_four_players_the_turnup_never_lies_under_the_stock() -> None:
    d = new_deal(rules(4, turnup_2_3="bottom"), {0: "7C 8C 9C 7D 8D 9D"}, "KH", dealer=3)
    run(d, "play")
    assert seat_view(d, 0).turnup_under_stock is False


@pytest.mark.parametrize(("declare_until", "first", "second"), [("first_card", True, True),
                                                                ("second_trick", False, True)])
def test_the_view_says_whether_this_card_is_the_last_that_may_declare(declare_until: str, first: bool,
                                                                      second: bool) -> None:
    d = new_deal(rules(declare_until=declare_until), MADE_HANDS, "8H")
    run(d, "play")
    assert seat_view(d, 1).last_declaring_card is first
    run(d, "AC 7C")
    assert seat_view(d, 1).last_declaring_card is second


def test_the_view_gives_the_points_of_the_combinations_that_score() -> None:
    # seat 1 declares terz A♦ with its first card and wins the comparison: 20 for its side, seen by both seats
    d = new_deal(rules(), {1: "JH 9H AH AD KD QD AS TS AC", 0: "KH QH 7C 8C 7D 8D 7S 8S JC"}, "8H")
    run(d, "play JH+d")
    assert seat_view(d, 0).combo_points == (0, 0)  # not compared before the trick is over
    run(d, "QH+b")
    assert seat_view(d, 0).combo_points == seat_view(d, 1).combo_points == (0, 20)


# Seat 1 (trump ♥) leads K♥ without bella and takes seat 0's 7♥ (4 points); it still holds Q♥.
CLAIM_HANDS = {1: "KH QH AC 7D 8D JD 7S 8S TS", 0: "7H 7C 8C 9C 9D TD KC QC JC"}


@pytest.mark.parametrize(("claim_bella", "counted"), [("held", 277 + 4 + 20), ("declared", 277 + 4)])
def test_the_view_says_what_a_claim_counts_now(claim_bella: str, counted: int) -> None:
    d = new_deal(rules(target=301, claim_bella=claim_bella), CLAIM_HANDS, "8H", totals=(0, 277))
    run(d, "play KH 7H")
    assert seat_view(d, 1).claim_count == counted


@pytest.mark.parametrize(("total", "reach"), [(300, 482), (320, 502)])
def test_the_view_says_how_far_a_claim_could_still_reach(total: int, reach: int) -> None:
    # Seat 1 took 11 with A♣: at most its total, all 162 card points of the deal and a bella's 20.
    d = new_deal(rules(), MADE_HANDS, "8H", totals=(0, total))
    run(d, "play AC 7C")
    view = seat_view(d, 1)
    assert view.claim_count == total + 11
    assert view.claim_reach == reach


@pytest.mark.parametrize(("total", "offered"), [(320, False), (489, False), (490, True)])
def test_the_claim_is_offered_only_when_its_count_reaches_the_target(total: int, offered: bool) -> None:
    # Seat 1 took 11 with A♣ and counts its total + 11 against 501: at 320 the deal could still bring the rest
    # (reach 502), but a claim now would be false.
    d = new_deal(rules(), MADE_HANDS, "8H", totals=(0, total))
    run(d, "play AC 7C")
    assert claim_right(seat_view(d, 1)) is offered


def test_the_deal_says_while_an_offer_to_concede_for_fifty_waits_for_its_answer() -> None:
    d = new_deal(rules(concede_50=True), MADE_HANDS, "8H")
    run(d, "play")
    assert d.concede_offered is False
    d.apply(0, CONCEDE_OFFER)
    assert d.concede_offered is True
    d.apply(1, CONCEDE_REFUSE)
    assert d.concede_offered is False
