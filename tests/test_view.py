"""A seat's view holds its own hand and the public table, and no card that seat may not see."""

from __future__ import annotations

import dataclasses
import random

import pytest

from deberc_tui.engine import Bid, Card, Claim, Deal, Game, PlayCard, Rules, SeatView, seat_view, stack_deck


def all_cards_in(value: object, seen: set[int] | None = None) -> set[Card]:
    """Every Card reachable from a value (dataclass fields, tuples, lists, dicts)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return set()
    seen.add(id(value))
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Deal):
        raise AssertionError("a view must not reference the deal")
    out: set[Card] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out |= all_cards_in(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= all_cards_in(k, seen) | all_cards_in(v, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            out |= all_cards_in(v, seen)
    return out


def visible_to(deal: Deal, seat: int) -> set[Card]:
    allowed = set(deal.hand(seat)) | {deal.turnup}
    allowed |= {c for t in deal.tricks for _, c in t.cards} | {c for _, c in deal.current_trick}
    if deal.bottom is not None:
        allowed.add(deal.bottom)
    if deal.swapped_card is not None:
        allowed.add(deal.swapped_card)
    for d in deal.declarations:
        if deal.combos_side is not None and deal.rules.side_of(d.seat) == deal.combos_side and deal.tricks:
            allowed |= {c for combo in d.combos for c in combo.cards}
    return allowed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_holds_a_card_its_seat_may_not_see(players: int) -> None:
    rng = random.Random(players)
    game = Game(Rules.preset("moscow", players=players), seed=players)
    for _ in range(20):
        if game.is_over:
            break
        deal = game.start_deal()
        while not deal.is_over:
            for seat in range(players):
                view = game.view(seat)
                assert isinstance(view, SeatView)
                leaked = all_cards_in(view) - visible_to(deal, seat)
                assert not leaked, f"seat {seat} sees {leaked}"
            seat = deal.to_act
            assert seat is not None
            game.apply(seat, rng.choice([a for a in deal.legal_actions() if not isinstance(a, Claim)]))


def test_the_view_shows_own_hand_turnup_and_bottom_card_but_not_the_stock() -> None:
    deck = stack_deck(2, 0, {1: "JH 9H AH AS AC AD TH KH QH", 0: "7S 8S 9S 7C 8C 9C 7D 8D 9D"}, "7H", "KD")
    deal = Deal(Rules.preset(players=2), 0, deck)
    deal.apply(1, Bid("play"))
    from deberc_tui.engine import seat_view

    view = seat_view(deal, 0)
    assert set(view.hand) == set(deal.hand(0))
    assert view.turnup == Card.parse("7H") and view.bottom == Card.parse("KD")
    assert view.hand_sizes == (9, 9)
    assert len(view.unseen()) == 32 - 9 - 2


def test_a_view_is_frozen() -> None:
    game = Game(Rules.preset(players=2), seed=1)
    game.start_deal()
    view = game.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]


def _three_player_trump_trick() -> Deal:
    """Seat 1 leads the trump queen; seat 2 holds the trump nine, seat 0 (from the fill) the trump jack."""
    deck = stack_deck(3, 0, {1: "QH 7S 8S 7C 8C 9C", 2: "9H 8D 9D TD JD QD", 0: "AS KS QS AC KC QC"}, "8H", "KD")
    deal = Deal(Rules.preset(players=3), 0, deck)
    deal.apply(1, Bid("play"))
    return deal


def test_an_empty_trick_has_no_leader_and_no_winner() -> None:
    deal = _three_player_trump_trick()
    for seat in range(3):
        view = seat_view(deal, seat)
        assert view.current_trick == () and view.trick_leader is None and view.trick_winner is None


def test_the_trick_winner_changes_when_the_second_card_overtrumps() -> None:
    deal = _three_player_trump_trick()
    deal.apply(1, PlayCard(Card.parse("QH")))
    view = seat_view(deal, 0)
    assert (view.trick_leader, view.trick_winner) == (1, 1)
    deal.apply(2, PlayCard(Card.parse("9H")))  # the trump nine beats the trump queen
    for seat in range(3):
        view = seat_view(deal, seat)
        assert (view.trick_leader, view.trick_winner) == (1, 2)
        assert not all_cards_in(view) - visible_to(deal, seat)
    deal.apply(0, PlayCard(Card.parse("JH")))  # the trump jack beats them both and ends the trick
    assert deal.tricks[-1].leader == 1 and deal.tricks[-1].winner == 0
    view = seat_view(deal, 0)
    assert view.current_trick == () and view.trick_leader is None and view.trick_winner is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_trick_winner_so_far_is_the_seat_that_takes_the_trick(players: int) -> None:
    rng = random.Random(100 + players)
    game = Game(Rules.preset("moscow", players=players), seed=100 + players)
    for _ in range(6):
        if game.is_over:
            break
        deal = game.start_deal()
        while not deal.is_over:
            view = game.view(0)
            if view.current_trick:
                assert view.trick_leader == view.current_trick[0][0]
                assert view.trick_winner in {s for s, _ in view.current_trick}
            else:
                assert view.trick_leader is None and view.trick_winner is None
            seat = deal.to_act
            assert seat is not None
            before, winner = len(deal.tricks), view.trick_winner
            last = len(view.current_trick) == players - 1
            game.apply(seat, rng.choice([a for a in deal.legal_actions() if not isinstance(a, Claim)]))
            if last and len(deal.tricks) == before + 1:
                # the last card either keeps the winner so far or is the new winner
                assert deal.tricks[-1].winner in {winner, seat}
                assert deal.tricks[-1].leader == view.trick_leader
