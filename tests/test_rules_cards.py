"""RULES.md §1 Cards: notation, card points, trick order, the 152 + 10 of a deal."""

from __future__ import annotations

import pytest
from rulehelp import finish, new_deal, points, rules, run

from deberc_tui.engine import DECK, Card, CardError, Rank, Suit, parse_cards


@pytest.mark.parametrize("text", ["QH", "qh", "Qh", " QH ", "q♥", "Q♥"])
def test_notation_queen_of_hearts_any_case(text: str) -> None:
    assert Card.parse(text) is Card(Rank.QUEEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["TS", "ts", "10S", "10s", "10♠"])
def test_notation_ten_is_T_and_10_is_accepted(text: str) -> None:
    card = Card.parse(text)
    assert card.notation == "TS"
    assert card.pretty == "10♠"


@pytest.mark.parametrize("text", ["", "Q", "1H", "QX", "11S", "6C", "QHH"])
def test_bad_notation_is_a_card_error_with_a_hint(text: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_card_list_separated_by_spaces_or_commas() -> None:
    assert [c.notation for c in parse_cards("JH, 9h 10d")] == ["JH", "9H", "TD"]


def test_thirty_two_cards_written_upper_case() -> None:
    assert len(DECK) == 32 == len({c.notation for c in DECK})
    assert all(c.notation == c.notation.upper() for c in DECK)


PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
TRUMP = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}


@pytest.mark.parametrize("rank", list("AKQJT987"))
def test_card_points_plain_and_trump(rank: str) -> None:
    card = Card.parse(rank + "S")
    assert card.points(Suit.HEARTS) == PLAIN[rank]
    assert card.points(Suit.SPADES) == TRUMP[rank]


def test_all_card_points_are_152() -> None:
    for trump in Suit:
        assert sum(c.points(trump) for c in DECK) == 152


def _trick_winner(trump_turnup: str, lead: str, follow: str) -> int:
    """2 players, seat 1 leads ``lead``, seat 0 answers ``follow``; who takes the trick."""
    r = rules()
    d = new_deal(r, {1: lead + " 7C 8C 7D 8D 7S 8S 9C", 0: follow + " 9D TC TD TS KC KD QC"}, trump_turnup)
    run(d, f"play {lead} {follow}")
    return d.tricks[0].winner


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        # trump (H) order J 9 A 10 K Q 8 7
        ("9H", "JH", 0), ("AH", "9H", 0), ("TH", "AH", 0), ("KH", "TH", 0), ("QH", "KH", 0), ("8H", "QH", 0),
        ("JH", "9H", 1),
    ],
)
def test_trump_order_J_9_A_10_K_Q_8_7(lead: str, follow: str, winner: int) -> None:
    assert _trick_winner("7H", lead, follow) == winner


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        # plain (S, trump H) order A 10 K Q J 9 8 7
        ("TS", "AS", 0), ("KS", "TS", 0), ("QS", "KS", 0), ("JS", "QS", 0), ("9S", "JS", 0),
        ("AS", "TS", 1), ("JS", "9S", 1),
    ],
)
def test_plain_order_A_10_K_Q_J_9_8_7(lead: str, follow: str, winner: int) -> None:
    r = rules()
    d = new_deal(r, {1: lead + " 7C 8C 7D 8D 9C 9D", 0: follow + " TC TD KC KD QC QD"}, "7H")
    run(d, f"play {lead} {follow}")
    assert d.tricks[0].winner == winner


def test_a_trump_beats_any_plain_card_and_an_off_suit_card_never_wins() -> None:
    r = rules()
    # seat 0 has no spade: it must trump (7H beats AS); seat 1 then has no club for seat 0's lead.
    d = new_deal(r, {1: "AS 8S 9S 7D 8D 9D KS QS JS", 0: "7H TC AC KC QC JC 9C 8C 7C"}, "8H")
    run(d, "play AS 7H")
    assert d.tricks[0].winner == 0
    run(d, "AC 8S")  # seat 1 cannot follow clubs and has no trump: a discard never wins
    assert d.tricks[1].winner == 0


def test_four_players_play_all_32_cards_for_162() -> None:
    r = rules(4)
    d = new_deal(r, {}, "7H")
    run(d, "play")
    finish(d)
    assert sum(points(d)) == 162
    assert sum(t.points for t in d.tricks) == 152
    assert len(d.tricks) == 8


def test_two_players_play_nine_tricks_and_the_last_adds_10() -> None:
    r = rules()
    d = new_deal(r, {1: "JH 9H AH TH KH QH AS TS KS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}, "8H")
    run(d, "play")
    finish(d)
    assert len(d.tricks) == 9
    # 62 in trumps + 25 in spades + 10 for the last trick; seat 0 holds only zero cards.
    assert points(d) == (0, 97)


def test_sequences_use_the_natural_order_even_in_trump() -> None:
    from deberc_tui.engine import find_combos, mask_of
    r = rules()
    akq = find_combos(mask_of(parse_cards("AH KH QH")), Suit.HEARTS, r)
    assert [(c.kind, c.top) for c in akq] == [("terz", Rank.ACE)]
    assert find_combos(mask_of(parse_cards("AH TH KH")), Suit.HEARTS, r) == []
    assert [c.kind for c in find_combos(mask_of(parse_cards("JH TH 9H")), Suit.HEARTS, r)] == ["terz"]
