"""The bots under the second edition's options (RULES.md): each decision in a small stacked position, checked
against what a strong player does, and whole games under every preset without an illegal action."""

from __future__ import annotations

import random
import time

import pytest
from rulehelp import new_deal, rules, run

from bots.base import Bot
from bots.expert import ExpertBot, written_utility
from bots.heuristic import HeuristicBot, call_strength
from bots.knowledge import bits, knowledge
from bots.sampling import sample_hands
from bots.sim import Position, SearchAborted, Solver
from deberc_tui.engine import (
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_PLAY,
    CONCEDE_REFUSE,
    Claim,
    Deal,
    Game,
    PlayCard,
    Rules,
    SeatView,
    mask_of,
    parse_cards,
    seat_view,
    stack_deck,
)
from deberc_tui.engine.deal import Phase
from deberc_tui.engine.rules import PRESET_PLAYERS


def heuristic() -> HeuristicBot:
    return HeuristicBot(seed=1)


def expert() -> ExpertBot:
    return ExpertBot(seed=1, samples=8, bid_samples=8)


BOTS = [pytest.param(heuristic, id="heuristic"), pytest.param(expert, id="expert")]


def view_of(d: Deal, seat: int | None = None) -> SeatView:
    s = d.to_act if seat is None else seat
    assert s is not None
    return seat_view(d, s)


def choice(bot: Bot, d: Deal) -> PlayCard:
    v = view_of(d)
    a = bot.choose(v, v.legal, 5.0)
    assert a in v.legal
    assert isinstance(a, PlayCard)
    return a


def play_lowest(d: Deal, declare: bool = False) -> None:
    """The seat to act plays its lowest legal card, declaring its combinations with it or nothing."""
    assert d.to_act is not None
    card = next(a for a in d.legal_actions() if isinstance(a, PlayCard) and a.declare == declare and not a.bella)
    d.apply(d.to_act, card)


# -- declarations on the second card (declare_until: "second_trick") ----------------------------------------

# Trump ♥ (seat 1 plays); seat 1 leads and holds the club terz 7-8-9; seat 0 holds a diamond fifty 7-10.
SECOND = {1: "JH 9H AH 7C 8C 9C AS AD TS", 0: "7D 8D 9D TD 7S 8S KS QC KD"}


@pytest.mark.parametrize("make", BOTS)
def test_a_terz_waits_for_the_second_card_and_is_declared_there(make: type[Bot]) -> None:
    d = new_deal(rules(declare_until="second_trick"), SECOND, "8H")
    run(d, "play")
    bot = make()
    first = choice(bot, d)
    assert not first.declare  # the second card may declare it, after hearing the others' first cards
    d.apply(1, first)
    play_lowest(d)  # seat 0 declares nothing with its first card
    while d.to_act != 1:
        play_lowest(d)
    assert choice(bot, d).declare


@pytest.mark.parametrize("make", BOTS)
def test_a_terz_beaten_by_a_fifty_announced_first_is_never_shown(make: type[Bot]) -> None:
    d = new_deal(rules(declare_until="second_trick"), SECOND, "8H")
    run(d, "play")
    bot = make()
    d.apply(1, choice(bot, d))
    play_lowest(d, declare=True)  # a fifty, heard before seat 1's second card
    while d.to_act != 1:
        play_lowest(d)
    assert not choice(bot, d).declare


def test_a_terz_is_declared_with_the_first_card_under_the_first_card_rule() -> None:
    d = new_deal(rules(), SECOND, "8H")
    run(d, "play")
    assert choice(heuristic(), d).declare


# -- bella under bella_when: "until_last_card" -------------------------------------------------------------

def _play_out(d: Deal, bot: Bot, seat: int) -> list[int]:
    """Play the deal out, ``bot`` in ``seat`` and the lowest legal card elsewhere; the hand sizes ``seat``
    declared bella at (its cards in hand before that card)."""
    declared_at: list[int] = []
    while not d.is_over:
        if d.to_act == seat:
            before = len(d.hand(seat))
            a = choice(bot, d)
            if a.bella:
                declared_at.append(before)
            d.apply(seat, a)
        else:
            play_lowest(d)
    return declared_at


# Trump ♥: seat 1 bids with the jack, nine, ace and ten; seat 0 defends with the bella K♥ Q♥.
DEFENDER_BELLA = {1: "JH 9H AH TH AS TS AD TD AC", 0: "KH QH 7C 8C 7D 8D 7S 8S JC"}
# Seat 1 bids on the bella alone and is baited whatever it does; seat 0 holds the trumps and the aces.
BAITED_BELLA = {1: "KH QH 7C 8C 7D 8D 7S 8S 9C", 0: "JH 9H AH TH AS TS AD TD AC"}
# Seat 1 bids with the bella and the top trumps: it makes the deal.
MADE_BELLA = {1: "KH QH JH 9H AH AS AD AC TS", 0: "TH 7C 8C 7D 8D 7S 8S 9C JC"}


@pytest.mark.parametrize("make", BOTS)
def test_a_defender_keeps_its_bella_hidden_to_its_last_card(make: type[Bot]) -> None:
    d = new_deal(rules(bella_when="until_last_card"), DEFENDER_BELLA, "8H")
    run(d, "play")
    assert _play_out(d, make(), 0) == [1]
    assert d.result is not None and d.result.bella == (20, 0)


@pytest.mark.parametrize("make", BOTS)
def test_a_baited_bidder_holds_its_bella_back(make: type[Bot]) -> None:
    d = new_deal(rules(bella_when="until_last_card"), BAITED_BELLA, "8H")
    run(d, "play")
    assert _play_out(d, make(), 1) == []  # declared, its 20 would only go to the defender with the bait
    assert d.result is not None and d.result.outcome == "bait"


@pytest.mark.parametrize("make", BOTS)
def test_a_bidder_who_makes_it_declares_its_bella_with_the_last_card(make: type[Bot]) -> None:
    d = new_deal(rules(bella_when="until_last_card"), MADE_BELLA, "8H")
    run(d, "play")
    assert _play_out(d, make(), 1) == [1]
    assert d.result is not None and d.result.outcome == "made" and d.result.bella == (0, 20)


def test_with_the_card_rule_bella_comes_with_the_second_of_king_and_queen() -> None:
    d = new_deal(rules(), DEFENDER_BELLA, "8H")
    run(d, "play")
    assert _play_out(d, heuristic(), 0) != []
    assert d.result is not None and d.result.bella == (20, 0)


@pytest.mark.parametrize(("total", "waits"), [(330, True), (360, False)])
def test_under_claim_bella_declared_bella_waits_only_while_no_claim_can_reach_the_target(total: int,
                                                                                         waits: bool) -> None:
    # Seat 0 takes 7♣ with K♣ and 9♥ with J♥ (38): seat 1 can reach at most its total + 124 + bella's 20 —
    # 474 of 501 waits (no claim of this deal could need the bella), 504 declares it at once (a claim counts
    # only a declared bella).
    d = new_deal(rules(claim_bella="declared"), {1: "KH QH 9H AS AD TD 7C 8C 9C", 0: "JH 7S 8S 7D 8D TC JC QC KC"},
                 "8H", totals=(0, total))
    run(d, "play 7C KC JH 9H")
    assert heuristic().bella_may_wait(view_of(d, 1)) is waits


# -- the forced deal (hanging: "forced") ----------------------------------------------------------------------

def test_a_bait_in_the_forced_deal_hands_over_both_deals_points() -> None:
    r = rules(hanging="forced")
    # this deal: the bidder (side 0) 60, the defender 100; held from the tie: 81 each
    assert written_utility((60, 100), 0, 1, r, held=(81, 81)) == (100 + 81) + (60 + 81)
    assert written_utility((100, 60), 0, 0, r, held=(81, 81)) == (100 + 81) - (60 + 81)


@pytest.mark.parametrize("make", BOTS)
def test_the_forced_deal_is_played_without_combinations_and_with_bella(make: type[Bot]) -> None:
    r = rules(hanging="forced", bella_when="until_last_card")
    hands = {1: "KH QH JH 9H AH 7C 8C 9C TS", 0: "TH 7D 8D 7S 8S AS AD AC JC"}
    d = Deal(r, 0, stack_deck(r, 0, hands, "8H"), None, forced_bidder=1, held=(81, 81))
    assert d.phase is Phase.PLAY and d.bidder == 1  # no bidding
    bots = [make(), make()]
    while not d.is_over:
        seat = d.to_act
        assert seat is not None
        a = choice(bots[seat], d)
        assert not a.declare
        d.apply(seat, a)
    assert d.result is not None and d.result.combos == (0, 0) and d.result.bella == (0, 20)


# -- concede for fifty (concede_50) ---------------------------------------------------------------------------

HOPELESS = "7C 8C QC 7D 8D QD 7S 9S JS"  # no trump, no ace, no ten, no run


def _after_the_bid(bidder_hand: str, defender_hand: str) -> Deal:
    d = new_deal(rules(preset="fifty"), {1: bidder_hand, 0: defender_hand}, "8H")
    return run(d, "play")


@pytest.mark.parametrize("make", BOTS)
def test_a_hopeless_defender_offers_to_concede_for_fifty(make: type[Bot]) -> None:
    d = _after_the_bid("JH 9H AH TH KH AS AD AC TS", HOPELESS)
    v = view_of(d, 0)
    assert len(v.hand) == 6 and v.legal == (CONCEDE_PLAY, CONCEDE_OFFER)  # before the extra cards
    assert make().choose(v, v.legal, 5.0) == CONCEDE_OFFER


@pytest.mark.parametrize("make", BOTS)
def test_a_defender_with_trumps_plays_on(make: type[Bot]) -> None:
    d = _after_the_bid("9H AH 7C 8C 7D 8D 7S 8S 9C", "JH TH KH QH AS AD AC TS TD")
    v = view_of(d, 0)
    assert make().choose(v, v.legal, 5.0) == CONCEDE_PLAY


@pytest.mark.parametrize("make", BOTS)
def test_a_bidder_with_a_crushing_hand_refuses_the_fifty(make: type[Bot]) -> None:
    d = _after_the_bid("JH 9H AH TH KH AS AD AC TS", HOPELESS)
    d.apply(0, CONCEDE_OFFER)
    v = view_of(d, 1)
    assert make().choose(v, v.legal, 5.0) == CONCEDE_REFUSE


def test_a_bidder_with_a_thin_hand_takes_the_fifty() -> None:
    d = _after_the_bid("9H 7H 7C 8C 7D KD 7S 8S QC", "JH AH TH AS AD AC TS TD TC")
    d.apply(0, CONCEDE_OFFER)
    v = view_of(d, 1)
    assert heuristic().choose(v, v.legal, 5.0) == CONCEDE_ACCEPT


# -- claims: claim_bella, claim_after_trump_jack, false_claim ---------------------------------------------------

CLAIM_HANDS = {1: "KH QH 9H AS AD TD 7C 8C 9C", 0: "JH 7S 8S 7D 8D TC JC QC KC"}


@pytest.mark.parametrize(("claim_bella", "claims"), [("held", True), ("declared", False)])
def test_an_undeclared_bella_counts_in_a_claim_only_when_held_bella_counts(claim_bella: str, claims: bool) -> None:
    # seat 1 has 475 and takes 11 with its ace of spades: 486, or 506 with its bella
    r = rules(claim_bella=claim_bella, false_claim="double_to_opponent")
    d = new_deal(r, CLAIM_HANDS, "8H", totals=(0, 475))
    run(d, "play AS 7S")
    v = view_of(d, 1)
    assert isinstance(heuristic().choose(v, v.legal), Claim) is claims


def test_no_claim_right_after_the_trump_jack_and_one_trick_later() -> None:
    r = rules(preset="kharkiv", combo_tie="first")
    hands = {1: "JH 9H AH AS AD TD 7C 8C 9C", 0: "QH 7S 8S 7D 8D TC JC QC KC 7H"}  # seat 1 also gets 8H
    d = Deal(r, 0, stack_deck(r, 0, hands, "8H", bidder=1), (0, 485))
    run(d, "play JH 7H")  # 485 + 20 would be a true claim, but not right after the trick with the jack
    v = view_of(d, 1)
    assert not any(isinstance(a, Claim) for a in v.legal)
    assert isinstance(heuristic().choose(v, v.legal), PlayCard)
    run(d, "9H QH")  # one more trick: 485 + 20 + 17
    v = view_of(d, 1)
    assert isinstance(heuristic().choose(v, v.legal), Claim)


def test_partners_runs_in_one_suit_count_as_two_combinations() -> None:
    # 4 players: seat 0 shows 7-8-9♣ and its partner seat 2 shows 10-J-Q♣: two terzes (40) score, not the
    # hundred the six cards would be in one hand — what a claim of theirs counts (§8).
    r = rules(players=4, hundred=True)
    hands = {
        0: "7C 8C 9C JH 9H AH AS", 1: "7D JD QS 7S 9S JS AD KC",
        2: "TC JC QC KH QH TH AC KS", 3: "7H 8S TS 8D 9D TD QD KD",
    }
    d = new_deal(r, hands, "8H", receiver=0)  # the dealer, seat 0, receives the turnup
    run(d, "pass pass pass play")
    while not d.tricks:
        play_lowest(d, declare=d.to_act in (0, 2))
    v = view_of(d, 0)
    assert v.combos_side == 0
    assert knowledge(v).combo_points[0] == 40


# -- the expert's worlds: 10-card hands, the shown stock card ---------------------------------------------------

def test_sampled_worlds_hold_ten_cards_and_never_the_shown_stock_card() -> None:
    r = rules(preset="club", extra_cards=4)
    hands = {1: "JH 9H AH TH AS TS AD TD AC KC", 0: "KH QH 7C 8C 7D 8D 7S 8S JC QC"}
    d = Deal(r, 0, stack_deck(r, 0, hands, "8H", stock_top="9C"))
    run(d, "play JH KH")
    v = view_of(d, 1)
    assert v.stock_top is not None and v.stock_top.index == parse_cards("9C")[0].index
    know = knowledge(v)
    rng = random.Random(3)
    for _ in range(200):
        world = sample_hands(know, rng)
        assert world[1] == mask_of(v.hand)
        assert world[0].bit_count() == v.hand_sizes[0] == 9
        assert not world[0] & v.stock_top.bit
        assert not world[0] & know.played


def test_bid_worlds_deal_ten_cards_and_give_the_bidder_the_turnup() -> None:
    r = rules(preset="kharkiv", turnup_2_3="bidder")
    d = Deal(r, 0, stack_deck(r, 0, {1: "JH 9H AH TH AS TS"}, "8H", bidder=1))
    v = view_of(d, 1)
    bot = expert()
    hands, stock = bot._sample_bid_world(v, knowledge(v))
    full = bot._full_hands(v, hands, stock, bidder=1)
    assert [h.bit_count() for h in full] == [10, 10]
    assert full[1] & v.turnup.bit and not full[0] & v.turnup.bit
    assert not full[0] & full[1]


def test_a_seven_received_after_the_bidding_is_not_swapped_under_pickup() -> None:
    # trump ♥ (the turnup J♥); the seven of hearts is seat 1's seventh card: it came with the extra cards
    hands = {1: "JC 9C AC TC AS TS 7H KD QD", 0: "9H AH 7C 8C 7D 8D 7S 8S JD"}
    full = [mask_of(parse_cards(hands[s])) for s in (0, 1)]
    six = [mask_of(parse_cards(hands[s])[:6]) for s in (0, 1)]
    swapped = full[:]
    swapped[1] ^= mask_of(parse_cards("7H JH"))

    def value(until: str, hands_now: list[int], swap: bool = True) -> float:
        d = new_deal(rules(swap_seven_until=until), hands, "JH")
        bot = ExpertBot(seed=1)
        if swap:
            return bot._evaluate_bid(view_of(d, 1), hands_now, 2, True, 1, six)
        return bot._playout_value(view_of(d, 1), hands_now, 2, 1)

    assert value("pickup", full) == value("pickup", full, swap=False)  # played with the seven
    assert value("first_card", full) == value("first_card", swapped, swap=False)  # swapped for the jack


# -- bidding strength under the new options -------------------------------------------------------------------

def test_the_turnup_counts_in_the_bid_when_the_bidder_receives_it() -> None:
    hand = "9H 8H AS 7C 8D 9S"
    for turnup_2_3, call in (("table", "pass"), ("bidder", "play")):
        r = rules(turnup_2_3=turnup_2_3)
        d = Deal(r, 0, stack_deck(r, 0, {1: hand}, "JH", bidder=1))
        v = view_of(d, 1)
        assert heuristic().choose(v, v.legal).notation() == {"bid": call}


def _strength(r: Rules, hand: str, trump: int = 2) -> float:
    return call_strength(r, mask_of(parse_cards(hand)), trump, False, 1, 0, parse_cards("7S")[0].index)


def test_a_five_card_run_bids_as_a_hundred_with_hundred_length_five() -> None:
    hand = "9H 8H AC KC QC JC TC"
    assert _strength(rules(hundred=True, hundred_length=5), hand) > _strength(rules(hundred=True), hand)


def test_trump_first_values_a_trump_terz_over_a_plain_one() -> None:
    trump_terz, plain_terz = "9H 8H 7H AS", "9H 8H 7C 8C 9C AS".replace("8H ", "")
    r_first, r_len = rules(combo_rank="trump_first"), rules()
    assert _strength(r_first, trump_terz) > _strength(r_len, trump_terz)
    assert _strength(r_first, plain_terz) == _strength(r_len, plain_terz)


def test_a_plain_terz_counts_less_when_the_last_trick_decides_ties() -> None:
    hand = "9H AS 7C 8C 9C"
    assert _strength(rules(combo_tie="last_trick"), hand) < _strength(rules(), hand)


def test_a_debertz_that_wins_the_game_is_always_bid() -> None:
    r = rules(debertz="win", debertz_length=6)
    assert _strength(r, "7H 8H 9H TH JH QH", trump=2) > 200
    assert _strength(rules(debertz="off", debertz_length=6), "7H 8H 9H TH JH QH", trump=2) < 200


# -- the search keeps its time --------------------------------------------------------------------------------

def test_a_solve_past_its_deadline_stops_at_once() -> None:
    rng = random.Random(5)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[k * 9:(k + 1) * 9]) for k in range(2)]
    pos = Position(2, 2, hands, (0, 1), 0, [])
    start = time.perf_counter()
    with pytest.raises(SearchAborted):
        Solver(pos, deadline=start - 1).value()
    assert time.perf_counter() - start < 0.5
    assert bits(hands[0])  # the position itself is untouched


# -- whole games ---------------------------------------------------------------------------------------------

CASES = [(p, n) for p, counts in PRESET_PLAYERS.items() for n in counts]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_both_bots_play_whole_games_under_every_preset_without_an_illegal_action(preset: str, players: int) -> None:
    r = Rules.preset(preset, players=players, target=151)
    game = Game(r, first_dealer=0, seed=players * 17 + len(preset))
    bots: list[Bot] = [
        ExpertBot(seed=s, samples=2, bid_samples=2) if s % 2 == 0 else HeuristicBot(seed=s) for s in range(players)]
    deals = 0
    while not game.is_over and deals < 12:
        d = game.start_deal()
        deals += 1
        while not d.is_over:
            for s in range(players):
                opts = d.optional_actions(s)
                if s != d.to_act and opts:
                    a = bots[s].optional(game.view(s), opts)
                    assert a is None or a in opts
                    if a is not None:
                        game.apply(s, a)
                        if d.is_over:
                            break
            if d.is_over:
                break
            seat = d.to_act
            assert seat is not None
            v = game.view(seat)
            a = bots[seat].choose(v, v.legal, 0.05)
            assert a in v.legal, f"{bots[seat].name} chose illegal {a} from {v.legal}"
            game.apply(seat, a)
    assert deals >= 1
