"""RULES.md §6 Play: first lead, follow suit, must trump, overtrump, overtrump_on_ruff, partner_exempt."""

from __future__ import annotations

import pytest
from rulehelp import finish, new_deal, rules, run

from deberc_tui.engine import Card, IllegalActionError, PlayCard, cards_of


def legal(d, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {c.notation for c in cards_of(d.legal_card_mask(seat))}


# 2 players, dealer 0: seat 1 bids first and leads first. Turnup 8H: trump ♥.
def test_must_follow_suit_plain() -> None:
    d = new_deal(rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "QS 7S AC KC QC AD KD QD JD"}, "8H")
    run(d, "play AS")
    assert legal(d, 0) == {"QS", "7S"}
    with pytest.raises(IllegalActionError, match=r"^seat 0 must follow suit ♠ \(holds QS, 7S\)$"):
        run(d, "AC")


def test_must_follow_suit_hearts_holds_QH() -> None:
    # trump ♠ (turnup 8S); hearts are led: seat 0's only heart is the queen
    d = new_deal(rules(), {1: "AH 7C 8C 9C 7D 8D 9D TC JC", 0: "QH 7S AC KC QC AD KD QD JD"}, "8S")
    run(d, "play AH")
    with pytest.raises(IllegalActionError, match=r"^seat 0 must follow suit ♥ \(holds QH\)$"):
        run(d, "AC")


def test_trump_led_must_follow_with_a_trump() -> None:
    d = new_deal(rules(), {1: "TH 7C 8C 9C 7D 8D 9D TC JC", 0: "QH 7S AC KC QC AD KD QD JD"}, "8H")
    run(d, "play TH")
    with pytest.raises(IllegalActionError, match=r"^seat 0 must follow suit ♥ \(holds QH\)$"):
        run(d, "7S")


def test_trump_led_must_overtrump_if_possible() -> None:
    d = new_deal(rules(), {1: "TH 7C 8C 9C 7D 8D 9D TC JC", 0: "QH 9H AC KC QC AD KD QD JD"}, "8H")
    run(d, "play TH")
    assert legal(d, 0) == {"9H"}
    with pytest.raises(IllegalActionError, match=r"^seat 0 must overtrump: holds 9H$"):
        run(d, "QH")


def test_trump_led_cannot_beat_any_trump_will_do() -> None:
    d = new_deal(rules(), {1: "JH 7C 8C 9C 7D 8D 9D TC JC", 0: "QH 9H AC KC QC AD KD QD JD"}, "8H")
    run(d, "play JH")
    assert legal(d, 0) == {"QH", "9H"}


def test_cannot_follow_must_trump() -> None:
    d = new_deal(rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "QH 9H AC KC QC AD KD QD JD"}, "8H")
    run(d, "play AS")
    assert legal(d, 0) == {"QH", "9H"}
    with pytest.raises(IllegalActionError, match=r"^seat 0 must trump ♥ \(holds 9H, QH\)$"):
        run(d, "AC")


def test_neither_suit_nor_trump_play_any_card() -> None:
    d = new_deal(rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "7H AC KC QC AD KD QD JD TD"}, "8H")
    run(d, "play AS 7H")  # seat 0 ruffs: it had no spade
    run(d, "AC")  # seat 1 has clubs: must follow
    assert legal(d, 1) == {"7C", "8C", "9C", "TC", "JC"}
    d2 = new_deal(rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "AC KC QC AD KD QD JD TD 9S"}, "8H")
    run(d2, "play 7D")
    assert legal(d2, 0) == {"AD", "KD", "QD", "JD", "TD"}
    d3 = new_deal(rules(), {1: "AH 7C 8C 9C 7D 8D 9D TC JC", 0: "AC KC QC AD KD QD JD TD 9S"}, "8H")
    run(d3, "play AH")
    assert legal(d3, 0) == {"AC", "KC", "QC", "AD", "KD", "QD", "JD", "TD", "9S"}


# 3 players, dealer 0: seat 1 leads, then seat 2, then seat 0.
def test_overtrump_on_ruff_false_any_trump_after_a_ruff() -> None:
    r = rules(3)
    d = new_deal(r, {1: "AS KS QS JS 7D 8D 9D TC JC", 2: "9H AC KC QC AD KD QD JD TD",
                     0: "7H JH AH 8C 9C 7C TH QH KH"}, "8H", bottom="TS")
    run(d, "play AS 9H")  # seat 2 has no spade: it ruffs with the 9
    assert legal(d, 0) == {"7H", "JH", "AH", "TH", "QH", "KH"}  # must trump, any trump
    run(d, "7H")
    assert d.tricks[0].winner == 2


def test_overtrump_on_ruff_true_must_beat_the_ruff() -> None:
    r = rules(3, overtrump_on_ruff=True)
    d = new_deal(r, {1: "AS KS QS JS 7D 8D 9D TC JC", 2: "9H AC KC QC AD KD QD JD TD",
                     0: "7H JH AH 8C 9C 7C TH QH KH"}, "8H", bottom="TS")
    run(d, "play AS 9H")
    assert legal(d, 0) == {"JH"}
    with pytest.raises(IllegalActionError, match=r"^seat 0 must overtrump: holds JH$"):
        run(d, "7H")


def test_overtrump_on_ruff_true_cannot_beat_any_trump() -> None:
    r = rules(3, overtrump_on_ruff=True)
    d = new_deal(r, {1: "AS KS QS JS 7D 8D 9D TC JC", 2: "JH AC KC QC AD KD QD JD TD",
                     0: "7H 9H AH 8C 9C 7C TH QH KH"}, "8H", bottom="TS")
    run(d, "play AS JH")
    assert legal(d, 0) == {"7H", "9H", "AH", "TH", "QH", "KH"}


# 4 players, dealer 3: seat 0 leads, seats 0+2 against 1+3.
def _four(**options: object):  # type: ignore[no-untyped-def]
    hands = {
        0: "AS 9H 7C 8C 9C 7D 8D 9D",
        1: "7S KC QC JC TC AC KD QD",
        2: "JH 8H AD TD JD 7H KH QH",
        3: "8S 9S TS JS QS KS AH",
    }
    return new_deal(rules(4, **options), hands, "TH", dealer=3)  # the dealer gets the turnup TH


def test_four_players_must_trump_even_when_partner_is_winning_by_default() -> None:
    d = _four()
    run(d, "play AS 7S")  # seat 0 plays hearts
    assert legal(d, 2) == {"JH", "8H", "7H", "KH", "QH"}


def test_partner_exempt_you_need_not_beat_your_partner_but_must_still_trump_when_void() -> None:
    # second edition: partner_exempt only frees you from *beating* your partner; the duty to trump stays
    d = _four(partner_exempt=True)
    run(d, "play AS 7S")
    assert legal(d, 2) == {"JH", "8H", "7H", "KH", "QH"}
    run(d, "7H")  # seat 2 trumps low under its partner's ace
    assert legal(d, 3) == {"8S", "9S", "TS", "JS", "QS", "KS"}  # still follow suit
    run(d, "8S")
    assert d.tricks[0].winner == 2  # the trump takes it: the partners' trick all the same


def test_partner_exempt_no_duty_to_overtrump_but_must_follow_trumps() -> None:
    d = _four(partner_exempt=True)
    run(d, "play 9H")
    assert legal(d, 1) == {"7S", "KC", "QC", "JC", "TC", "AC", "KD", "QD"}  # no trump at all
    run(d, "AC")
    assert legal(d, 2) == {"JH", "8H", "7H", "KH", "QH"}  # partner wins: any trump, but a trump
    d2 = _four()
    run(d2, "play 9H AC")
    assert legal(d2, 2) == {"JH"}  # default: must overtrump


def test_partner_exempt_does_not_help_against_an_opponent() -> None:
    d = _four(partner_exempt=True)
    run(d, "play AS")
    # seat 1's partner (3) has not played; seat 0 (opponent) wins: seat 1 must follow suit
    assert legal(d, 1) == {"7S"}
    run(d, "7S JH")  # seat 2 ruffs although its partner was winning (allowed)
    assert legal(d, 3) == {"8S", "9S", "TS", "JS", "QS", "KS"}


def test_first_lead_left_of_dealer() -> None:
    d = new_deal(rules(3), {}, "8H", dealer=0)
    run(d, "pass play")
    assert d.bidder == 2 and d.to_act == 1


def test_first_lead_bidder() -> None:
    d = new_deal(rules(3, first_lead="bidder"), {}, "8H", dealer=0)
    run(d, "pass play")
    assert d.bidder == 2 and d.to_act == 2


def test_the_trick_winner_leads_next_and_a_deal_has_9_tricks() -> None:
    d = new_deal(rules(), {1: "7S 7C 8C 9C 7D 8D 9D TC JC", 0: "AS AC KC QC AD KD QD JD 8S"}, "8H")
    run(d, "play 7S AS")
    assert d.to_act == 0
    finish(d)
    assert len(d.tricks) == 9


def test_playing_out_of_turn_or_a_card_not_held() -> None:
    d = new_deal(rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "QS"}, "8H")
    run(d, "play")
    with pytest.raises(IllegalActionError, match="seat 0 cannot play now: it is seat 1's turn"):
        d.apply(0, PlayCard(Card.parse("QS")))
    with pytest.raises(IllegalActionError, match="seat 1 does not hold KS"):
        d.apply(1, PlayCard(Card.parse("KS")))



def test_a_refusal_names_its_cards_and_suit_as_values_not_as_text() -> None:
    from deberc_tui.engine import Suit

    d = new_deal(rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "QS 7S AC KC QC AD KD QD JD"}, "8H")
    run(d, "play AS")
    with pytest.raises(IllegalActionError) as info:
        run(d, "AC")
    assert info.value.params == {"suit": Suit.SPADES, "cards": (Card.parse("QS"), Card.parse("7S"))}
    assert info.value.reason == "must follow suit ♠ (holds QS, 7S)"
