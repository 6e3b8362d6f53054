"""A seat's view holds its own hand and the public table, and no card that seat may not see."""

from __future__ import annotations

import dataclasses
import random

import pytest

from deberc_tui.engine import Bid, Card, Claim, Deal, Game, Rules, SeatView, stack_deck


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
