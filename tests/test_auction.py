"""How the expert foresees the rest of the bidding after a pass (bots.auction), and how it
completes a sampled deal for a bidder (§2, §3)."""

from __future__ import annotations

from bots.auction import SeatModel, Taken, Turn, play_forward, turns_after
from bots.expert import ExpertBot
from bots.knowledge import knowledge
from deberc_tui.engine import Game, Rules, SeatView, mask_of, stack_deck
from deberc_tui.engine.cards import Card


def _view(players: int, preset: str, passes: int, hands: dict[int, str] | None = None, turnup: str = "QH") -> SeatView:
    """The view of the seat to speak after ``passes`` passes, dealer 0."""
    game = Game(Rules.preset(preset, players=players), first_dealer=0, seed=0)
    deal = game.start_deal(stack_deck(players, 0, hands or {}, turnup=turnup))
    for _pass in range(passes):
        seat = deal.to_act
        assert seat is not None
        game.apply(seat, next(a for a in game.view(seat).legal if str(a) == "pass"))
    seat = deal.to_act
    assert seat is not None
    return game.view(seat)


def _hand(cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards.split())


def test_after_the_first_speakers_pass_the_dealer_speaks_then_round_two() -> None:
    view = _view(2, "moscow", 0)
    assert view.seat == 1
    assert turns_after(view) == [Turn(0, 1), Turn(1, 2), Turn(0, 2)]


def test_with_dealer_must_the_dealer_cannot_pass_the_last_turn() -> None:
    view = _view(2, "kharkiv", 1)
    assert view.seat == 0
    assert turns_after(view) == [Turn(1, 2), Turn(0, 2, must=True)]


def test_the_last_speaker_has_no_turns_after() -> None:
    assert turns_after(_view(2, "moscow", 3)) == []


def test_a_seat_with_jack_nine_and_a_third_trump_plays_the_turnup() -> None:
    model = SeatModel.of(_view(2, "moscow", 0))
    assert model.call(_hand("JH 9H AH 7S 8D 7C"), Turn(0, 1)) == Card.parse("QH").suit.index


def test_a_weak_seat_passes_in_both_rounds() -> None:
    model = SeatModel.of(_view(2, "moscow", 0))
    weak = _hand("7H 8S 9D 7C 8C QS")
    assert model.call(weak, Turn(0, 1)) is None
    assert model.call(weak, Turn(0, 2)) is None


def test_a_dealer_who_must_name_takes_the_best_other_suit() -> None:
    model = SeatModel.of(_view(2, "kharkiv", 0))
    weak = _hand("7H 8S 9D 7C 8C QS")
    assert model.call(weak, Turn(0, 2, must=True)) == Card.parse("9D").suit.index  # the nine is worth most


def test_play_forward_stops_at_the_first_bid_or_at_my_own_turn() -> None:
    view = _view(2, "moscow", 0)
    model = SeatModel.of(view)
    strong, weak = _hand("JH 9H AH 7S 8D 7C"), _hand("7H 8S 9D 7C 8C QS")
    turns = turns_after(view)
    assert play_forward(model, [strong, 0], turns, me=1) == Taken(0, Card.parse("QH").suit.index, True)
    assert play_forward(model, [weak, 0], turns, me=1) == Turn(1, 2)
    assert play_forward(model, [weak, 0], turns[2:], me=1) is None  # everybody passed: thrown in


def test_a_sampled_deal_is_completed_with_three_cards_each() -> None:
    view = _view(2, "moscow", 0)
    bot = ExpertBot(seed=1)
    hands, stock = bot._sample_bid_world(view, knowledge(view))
    assert [h.bit_count() for h in hands] == [6, 6]
    assert hands[view.seat] == mask_of(view.hand)
    full = bot._full_hands(view, hands, stock, bidder=0)
    assert [h.bit_count() for h in full] == [9, 9]
    assert not full[0] & full[1] and not (full[0] | full[1]) & view.turnup.bit


def test_with_four_players_the_turnup_completes_the_dealers_hand() -> None:
    view = _view(4, "moscow", 0)
    bot = ExpertBot(seed=1)
    hands, stock = bot._sample_bid_world(view, knowledge(view))
    full = bot._full_hands(view, hands, stock, bidder=2)
    assert [h.bit_count() for h in full] == [8, 8, 8, 8]
    assert full[view.dealer] & view.turnup.bit
