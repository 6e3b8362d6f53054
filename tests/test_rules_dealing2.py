"""RULES.md §2, §4 and §6, second edition: the extra cards and where they start, what happens to the turnup
with 2-3 players, which stock card is shown and when, which trump seven may be swapped, and which cards a
weak hand counts. Every test deals a stacked deck and looks at what the players see."""

from __future__ import annotations

import random
from itertools import product

import pytest
from rulehelp import finish, rules, run
from test_view import all_cards_in

from bots.knowledge import knowledge
from bots.sampling import sample_hands
from deberc_tui.engine import (
    DECK,
    Card,
    Deal,
    Game,
    IllegalActionError,
    PlayCard,
    Redeal,
    Rules,
    SwapSeven,
    parse_cards,
    seat_view,
    stack_deck,
)
from deberc_tui.engine.events import StockTopShown, TrickWon, TrumpChosen
from deberc_tui.practice import tutor
from deberc_tui.records import load_record, record_from_game, replay_json, replay_record
from deberc_tui.text.persons import cast
from deberc_tui.text.sheet_text import deal_story


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def deal_of(r: Rules, hands: dict[int, str], turnup: str, dealer: int = 0, bidder: int | None = None,
            bottom: str | None = None, stock_top: str | None = None) -> Deal:
    """A deal of a deck stacked under ``r`` (``bidder``: the seat the deck is stacked to bid)."""
    deck = stack_deck(r, dealer, hands, turnup, bottom=bottom, bidder=bidder, stock_top=stock_top)
    return Deal(r, dealer, deck)


# -- extra_cards: 3 (9 in hand, 9 tricks) or 4 (10 in hand, 10 tricks) with 2-3 players --------------------


@pytest.mark.parametrize(("players", "extra", "in_hand", "stock"), [
    (2, 3, 9, 13), (2, 4, 10, 11), (3, 3, 9, 4), (3, 4, 10, 1),
])
def test_extra_cards_set_the_hand_size_the_trick_count_and_the_stock(players: int, extra: int, in_hand: int,
                                                                     stock: int) -> None:
    r = rules(players, extra_cards=extra)
    d = deal_of(r, {}, "KH")
    assert seat_view(d, 0).hand_sizes == (6,) * players  # six each before the bidding
    run(d, "pass " * (players - 1) + "play")
    view = seat_view(d, 0)
    assert view.hand_sizes == (in_hand,) * players
    assert view.stock_size == stock
    assert r.tricks_per_deal == in_hand
    finish(d)
    assert len(d.tricks) == in_hand
    assert d.result is not None and sum(d.result.tricks) == in_hand


def test_extra_cards_4_the_tenth_trick_is_the_last_and_adds_10() -> None:
    r = rules(extra_cards=4)
    d = deal_of(r, {1: "JH 9H AH TH KH QH AS TS KS QS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S JC"}, "8H", bidder=1)
    run(d, "play")
    finish(d)
    # 62 in trumps, 28 in spades, 2 for J♣ (seat 0's last card falls to seat 1) and 10 for the last trick
    assert len(d.tricks) == 10 and d.tricks[-1].winner == 1
    assert d.result is not None and d.result.points == (0, 102)


def test_extra_cards_4_with_3_players_leaves_one_stock_card_the_bottom_card_shown() -> None:
    r = rules(3, extra_cards=4)
    d = deal_of(r, {}, "KH", bottom="7S")
    run(d, "pass pass play")
    assert seat_view(d, 1).bottom == Card.parse("7S") and seat_view(d, 1).stock_size == 1


def test_extra_cards_4_does_not_apply_to_4_players_accepted_and_ignored() -> None:
    """(decided, as §10 says for options that do not apply to the player count) 8 cards and 8 tricks."""
    r = rules(4, extra_cards=4)
    d = deal_of(r, {}, "KH")
    run(d, "play")
    assert seat_view(d, 0).hand_sizes == (8, 8, 8, 8) and r.tricks_per_deal == 8
    finish(d)
    assert len(d.tricks) == 8


def test_kharkiv_deals_ten_cards_with_2_and_3_players() -> None:
    for players in (2, 3):
        d = Game(Rules.preset("kharkiv", players=players), seed=5).start_deal()
        run(d, "pass " * (players - 1) + "play")
        assert seat_view(d, 0).hand_sizes == (10,) * players


# -- extras_from: "left_of_dealer" (default) or "left_of_bidder" (the bidder last) -----------------------


def test_extras_from_left_of_dealer_the_extra_packets_go_out_in_the_first_six_order() -> None:
    # dealer 0, 3 players: packets to 1, 2, 0 — whoever bids
    deck = stack_deck(3, 0, {1: "7C 8C 9C 7D 8D 9D AS KS QS", 2: "TC JC QC TD JD QD AH KH QH",
                             0: "KC AC 7S KD AD 8S JS TS 9S"}, "7H")
    d = Deal(rules(3), 0, deck)
    run(d, "pass play")  # seat 2 bids
    assert cards("AS KS QS") <= set(d.hand(1)) and cards("AH KH QH") <= set(d.hand(2))


def test_extras_from_left_of_bidder_starts_left_of_the_bidder_and_the_bidder_takes_last() -> None:
    # the same deck as above: the first packet now goes to seat 0 (left of the bidder, seat 2), the last to seat 2
    deck = stack_deck(3, 0, {1: "7C 8C 9C 7D 8D 9D AS KS QS", 2: "TC JC QC TD JD QD AH KH QH",
                             0: "KC AC 7S KD AD 8S JS TS 9S"}, "7H")
    d = Deal(rules(3, extras_from="left_of_bidder"), 0, deck)
    run(d, "pass play")
    assert cards("AS KS QS") <= set(d.hand(0))
    assert cards("AH KH QH") <= set(d.hand(1))
    assert cards("JS TS 9S") <= set(d.hand(2))


def test_extras_from_left_of_bidder_with_2_players_when_the_dealer_bids_nothing_changes() -> None:
    deck = stack_deck(2, 0, {1: "7C 8C 9C 7D 8D 9D AS KS QS"}, "7H")
    d = Deal(rules(extras_from="left_of_bidder"), 0, deck)
    run(d, "pass play")  # the dealer (seat 0) bids: left of the bidder is seat 1, as left of the dealer
    assert cards("AS KS QS") <= set(d.hand(1))


# -- turnup_2_3: "table" (default), "bidder" (first card of the bidder's packet, no swap), "bottom" -------


def test_turnup_2_3_table_the_turnup_stays_face_up_and_the_seven_may_be_swapped() -> None:
    d = deal_of(rules(), {1: "7H 8C 9C 7D 8D 9D"}, "KH")
    run(d, "play")
    view = seat_view(d, 1)
    assert view.turnup == Card.parse("KH") and view.turnup_taken_by is None
    assert SwapSeven() in view.optional


def test_turnup_2_3_bidder_the_turnup_opens_the_bidders_packet_who_takes_one_card_fewer() -> None:
    # stacked for the default deal: seat 1 would get A♠ K♠ Q♠ after the bidding
    deck = stack_deck(2, 0, {1: "7H 8C 9C 7D 8D 9D AS KS QS", 0: "AC TC KC QC JC 9S TS JS 8S"}, "KH")
    d = Deal(rules(turnup_2_3="bidder"), 0, deck)
    run(d, "play")  # seat 1 bids: its packet is K♥ (the turnup) + A♠ K♠ from the stock
    assert set(d.hand(1)) >= cards("KH AS KS") and Card.parse("QS") not in d.hand(1)
    assert Card.parse("QS") in d.hand(0)  # the packets after it start one card earlier
    view = seat_view(d, 0)
    assert view.turnup_taken_by == 1 and view.hand_sizes == (9, 9) and view.stock_size == 14


def test_turnup_2_3_bidder_there_is_no_swap() -> None:
    d = deal_of(rules(turnup_2_3="bidder"), {0: "7H 8C 9C 7D 8D 9D"}, "KH", bidder=1)
    run(d, "play")
    assert SwapSeven() not in d.optional_actions(0)
    with pytest.raises(IllegalActionError, match="the turnup is in the bidder's hand"):
        run(d, "swap@0")


def test_turnup_2_3_bidder_trump_named_in_round_2_the_turnup_still_goes_to_the_bidder() -> None:
    d = deal_of(rules(3, turnup_2_3="bidder"), {}, "KH", bidder=2)
    run(d, "pass pass pass pass S")  # seat 2 names spades in round 2
    assert Card.parse("KH") in d.hand(2) and seat_view(d, 0).hand_sizes == (9, 9, 9)


def test_turnup_2_3_bottom_the_turnup_takes_no_part_and_is_the_only_stock_card_shown() -> None:
    d = deal_of(rules(turnup_2_3="bottom"), {1: "7H 8C 9C 7D 8D 9D"}, "KH", bottom="AS")
    run(d, "play")
    view = seat_view(d, 1)
    assert view.turnup == Card.parse("KH") and view.turnup_taken_by is None
    assert view.bottom is None  # the bottom card (A♠) stays hidden
    assert Card.parse("AS").bit & view.unseen_mask() and not Card.parse("KH").bit & view.unseen_mask()
    assert all(Card.parse("KH") not in d.hand(s) for s in (0, 1))
    with pytest.raises(IllegalActionError, match="the turnup lies under the stock"):
        run(d, "swap@1")
    assert next(e for e in d.events if isinstance(e, TrumpChosen)).bottom is None


def test_turnup_2_3_bottom_overrides_stock_card_shown_nothing_else_is_turned() -> None:
    """(decided) "the only stock card shown": with the turnup under the stock, stock_card_shown is ignored."""
    r = rules(turnup_2_3="bottom", stock_card_shown="top_after_first_trick")
    d = deal_of(r, {}, "KH")
    run(d, "play")
    finish(d)
    assert seat_view(d, 0).stock_top is None and not any(isinstance(e, StockTopShown) for e in d.events)


# -- stock_card_shown: "bottom" (default), "top_after_first_trick" (club), "none" -------------------------


def test_stock_card_shown_bottom_the_last_card_of_the_deck_after_the_extra_cards() -> None:
    d = deal_of(rules(), {}, "KH", bottom="AS")
    assert seat_view(d, 0).bottom is None  # not during the bidding
    run(d, "play")
    assert seat_view(d, 0).bottom == Card.parse("AS") and seat_view(d, 0).stock_top is None


def test_stock_card_shown_top_after_first_trick_nothing_after_the_deal_then_the_top_card() -> None:
    r = rules(stock_card_shown="top_after_first_trick")
    d = deal_of(r, {1: "AC 8C 9C 7D 8D 9D", 0: "7C"}, "KH", bottom="AS", stock_top="QS", bidder=1)
    run(d, "play")
    view = seat_view(d, 0)
    assert view.bottom is None and view.stock_top is None
    assert Card.parse("QS").bit & view.unseen_mask()
    run(d, "AC")
    assert seat_view(d, 0).stock_top is None  # the trick is not complete yet
    run(d, "7C")
    for seat in (0, 1):
        view = seat_view(d, seat)
        assert view.stock_top == Card.parse("QS") and view.bottom is None
        assert not Card.parse("QS").bit & view.unseen_mask() and Card.parse("AS").bit & view.unseen_mask()
    shown = [i for i, e in enumerate(d.events) if isinstance(e, StockTopShown)]
    won = [i for i, e in enumerate(d.events) if isinstance(e, TrickWon)]
    assert len(shown) == 1 and shown[0] > won[0]  # turned once, when the first trick is complete
    assert d.events[shown[0]] == StockTopShown(Card.parse("QS"))
    finish(d)
    assert sum(isinstance(e, StockTopShown) for e in d.events) == 1


def test_stock_card_shown_top_after_first_trick_with_3_players_and_10_cards_is_the_last_card() -> None:
    r = rules(3, stock_card_shown="top_after_first_trick", extra_cards=4)
    d = deal_of(r, {}, "KH", stock_top="AS")
    run(d, "pass pass play")
    finish(d)
    assert seat_view(d, 0).stock_top == Card.parse("AS") == d.deck[31]


def test_stock_card_shown_none_no_stock_card_is_ever_shown() -> None:
    d = deal_of(rules(stock_card_shown="none"), {}, "KH", bottom="AS")
    run(d, "play")
    assert seat_view(d, 0).bottom is None
    finish(d)
    assert seat_view(d, 0).bottom is None and seat_view(d, 0).stock_top is None


def test_club_preset_turns_the_top_stock_card_after_the_first_trick() -> None:
    d = Game(Rules.preset("club", players=2), seed=3).start_deal()
    run(d, "play")
    assert seat_view(d, 0).bottom is None
    finish(d)
    assert seat_view(d, 0).stock_top == d.deck[19]  # 2 x 9 cards and the turnup dealt: the 20th card


# -- swap_seven_until: "first_card" (default) or "pickup" (only a seven among the first six) ---------------


def test_swap_seven_until_first_card_a_seven_from_the_extra_cards_may_be_swapped() -> None:
    d = deal_of(rules(), {1: "AC 8C 9C 7D 8D 9D 7H"}, "KH")
    run(d, "play swap@1")
    assert Card.parse("KH") in d.hand(1)


def test_swap_seven_until_pickup_a_seven_among_the_first_six_may_be_swapped() -> None:
    d = deal_of(rules(swap_seven_until="pickup"), {1: "7H 8C 9C 7D 8D 9D"}, "KH")
    run(d, "play swap@1")
    assert Card.parse("KH") in d.hand(1)


def test_swap_seven_until_pickup_a_seven_from_the_extra_cards_may_not() -> None:
    d = deal_of(rules(swap_seven_until="pickup"), {1: "AC 8C 9C 7D 8D 9D 7H"}, "KH")
    run(d, "play")
    assert SwapSeven() not in d.optional_actions(1)
    with pytest.raises(IllegalActionError, match="came with the extra cards"):
        run(d, "swap@1")


# -- low_points_cards: "six" (default: the first six) or "hand" (the cards held when demanding) -----------


def test_low_points_cards_six_counts_the_first_six_only() -> None:
    d = deal_of(rules(low_points_redeal=1), {0: "7C 8C 9C 7D 8D 9D AS TS KS"}, "KH")
    run(d, "play")
    assert Redeal("low_points") in d.optional_actions(0)


def test_low_points_cards_hand_counts_the_cards_held_when_demanding() -> None:
    r = rules(low_points_redeal=1, low_points_cards="hand")
    d = deal_of(r, {0: "7C 8C 9C 7D 8D 9D AS TS KS"}, "KH")
    assert Redeal("low_points") in d.optional_actions(0)  # during the bidding: the six held
    run(d, "play")  # the extra A♠ 10♠ K♠ make 25
    assert Redeal("low_points") not in d.optional_actions(0)
    with pytest.raises(IllegalActionError, match=r"the cards held are worth 25 \(limit 1\)"):
        run(d, "weak@0")


# -- stack_deck stacks under every dealing option --------------------------------------------------------


DEALING = list(product((2, 3), (3, 4), ("left_of_dealer", "left_of_bidder"), ("table", "bidder", "bottom")))


@pytest.mark.parametrize(("players", "extra", "extras_from", "turnup"), DEALING)
def test_stack_deck_deals_the_given_hands_under_every_dealing_option(players: int, extra: int, extras_from: str,
                                                                     turnup: str) -> None:
    rng = random.Random(f"{players}{extra}{extras_from}{turnup}")
    r = rules(players, extra_cards=extra, extras_from=extras_from, turnup_2_3=turnup)
    for dealer, bidder in product(range(players), range(players)):
        pool = list(DECK)
        rng.shuffle(pool)
        up = pool.pop()
        size = 6 + extra
        hands = {s: pool[s * size:(s + 1) * size - (1 if turnup == "bidder" and s == bidder else 0)]
                 for s in range(players)}
        d = Deal(r, dealer, stack_deck(r, dealer, hands, up, bidder=bidder))
        passes = (bidder - dealer - 1) % players
        run(d, "pass " * passes + "play")
        for s in range(players):
            assert set(d.hand(s)) == set(hands[s]) | ({up} if turnup == "bidder" and s == bidder else set())


def test_stack_deck_with_4_players_and_turnup_to_bidder_takes_the_bidder() -> None:
    r = rules(4, turnup_to="bidder")
    d = deal_of(r, {2: "AS KS QS JS TS 9S 8S"}, "KH", bidder=2)
    run(d, "pass play")
    assert set(d.hand(2)) == cards("AS KS QS JS TS 9S 8S KH")


def test_stack_deck_refuses_an_impossible_stack_with_a_reason() -> None:
    with pytest.raises(ValueError, match="needs the bidder"):
        stack_deck(rules(extras_from="left_of_bidder"), 0, {1: "AS KS QS JS TS 9S 8S"}, "KH")
    with pytest.raises(ValueError, match="more than 10"):
        stack_deck(rules(extra_cards=4), 0, {1: "AS KS QS JS TS 9S 8S 7S AH KH QH"}, "7H")
    with pytest.raises(ValueError, match="the same card"):
        stack_deck(rules(3, extra_cards=4), 0, {}, "7H", bottom="AS", stock_top="KS")


# -- records replay every dealing option -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_a_record_replays_the_dealing_options(players: int) -> None:
    r = rules(players, extra_cards=4, extras_from="left_of_bidder", turnup_2_3="bidder",
              stock_card_shown="top_after_first_trick", swap_seven_until="pickup", low_points_cards="hand")
    game = Game(r, seed=11)
    for _ in range(3):
        game.start_deal()
        run(game, "play")  # the first seat to bid takes the turnup's suit
        finish(game)
    names = [{"name": f"P{s}", "kind": "human"} for s in range(players)]
    again = replay_record(load_record(record_from_game(game, names)))
    assert replay_json(again) == replay_json(game)
    for old, new in zip(game.deals, again.deals, strict=True):
        assert [t.cards for t in old.tricks] == [t.cards for t in new.tricks]
        assert [len(t.cards) for t in new.tricks] == [players] * 10
        assert seat_view(new, 0).stock_top == seat_view(old, 0).stock_top is not None


# -- a search bot's sampled world fits the dealing options ----------------------------------------------


@pytest.mark.parametrize(("players", "turnup", "shown"), [
    (2, "bidder", "top_after_first_trick"), (3, "table", "top_after_first_trick"), (2, "bottom", "bottom"),
    (3, "bidder", "none"),
])
def test_a_sampled_world_has_ten_card_hands_keeps_the_shown_stock_card_and_replays(players: int, turnup: str,
                                                                                   shown: str) -> None:
    r = rules(players, extra_cards=4, extras_from="left_of_bidder", turnup_2_3=turnup, stock_card_shown=shown)
    rng = random.Random(players)
    game = Game(r, seed=5)
    deal = game.start_deal()
    run(game, "play")
    checked = 0
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = game.view(seat)
        hands = sample_hands(knowledge(view), rng)
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        for s, h in enumerate(hands):
            if s != seat:
                for c in (view.bottom, view.stock_top):
                    assert c is None or not h & c.bit, "a shown stock card is in nobody's hand"
        rebuilt = tutor.rebuild(view, hands, rng)
        assert rebuilt is not None and rebuilt.hand_mask(seat) == deal.hand_mask(seat)
        assert rebuilt.stock_top == deal.stock_top and rebuilt.bottom == deal.bottom
        checked += 1
        finish_one(game)
    assert checked == 10 * players


# -- the view never shows a hidden card under the dealing options ---------------------------------------


@pytest.mark.parametrize(("players", "turnup", "shown"), list(product((2, 3), ("table", "bidder", "bottom"),
                                                                     ("bottom", "top_after_first_trick", "none"))))
def test_no_view_shows_a_stock_card_the_rules_keep_hidden(players: int, turnup: str, shown: str) -> None:
    r = rules(players, extra_cards=4, turnup_2_3=turnup, stock_card_shown=shown)
    for seed in range(4):
        game = Game(r, seed=seed)
        deal = game.start_deal()
        run(game, "play")
        while True:
            public = {c for t in deal.tricks for _, c in t.cards} | {c for _, c in deal.current_trick} | {deal.turnup}
            if turnup != "bottom" and shown == "bottom":
                public.add(deal.deck[31])
            if turnup != "bottom" and shown == "top_after_first_trick" and deal.tricks:
                public.add(deal.deck[6 * players + 1 + 4 * players - (1 if turnup == "bidder" else 0)])
            for seat in range(players):
                assert all_cards_in(game.view(seat)) <= public | set(deal.hand(seat))
            if deal.is_over:
                break
            finish_one(game)


def finish_one(game: Game) -> None:
    """The seat to act plays its first legal card."""
    deal = game.deal
    assert deal is not None and deal.to_act is not None
    card = next(a for a in deal.legal_actions() if isinstance(a, PlayCard) and not a.declare and not a.bella)
    game.apply(deal.to_act, card)


def test_the_replay_story_tells_when_the_stock_top_card_is_turned() -> None:
    game = Game(rules(stock_card_shown="top_after_first_trick"), seed=2)
    deal = game.start_deal()
    run(game, "play")
    finish(game)
    story = deal_story(deal, game.results[-1], cast(game.rules, [{"name": "P0"}, {"name": "P1"}]))
    turned = [i for i, text in enumerate(story) if "the stock's top card is turned face up" in text]
    assert len(turned) == 1 and story[turned[0]].endswith(deal.deck[19].pretty)
