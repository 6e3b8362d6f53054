"""RULES.md second edition, §7-§8: hanging points by who scores, the held tie («висяк») and its forced deal,
the claim rules (claim_bella, claim_after_trump_jack, false_claim), concede for fifty, gap_end, and the
changed defaults."""

from __future__ import annotations

import pytest
from rulehelp import dp, new_deal, play_deal, rules, run, sheet
from test_rules_scoring import BAIT_SCRIPT, HANG_HANDS, HANG_SCRIPT, MADE_HANDS, MADE_SCRIPT

from deberc_tui.engine import (
    CLAIM,
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_PLAY,
    CONCEDE_REFUSE,
    Game,
    IllegalActionError,
    PlayCard,
    Redeal,
    Rules,
)
from deberc_tui.engine.events import ForcedDeal


def _without_bid(script: str) -> str:
    return script.split(" ", 1)[1]


# -- hanging points go to the side that scores the most ---------------------------------------------


def test_hanging_points_go_to_the_side_that_scores_the_most_deal_points_not_the_most_written() -> None:
    # 3 players, "combined": seat 0 bids and scores the most (80) but less than both defenders together
    # (90): a bait, so seat 1 writes the most (150); the 50 hanging go to seat 0, who scored the most
    r = rules(3, bidder_must_beat="combined")
    s = sheet(r, [dp("hanging", 1, (50, 50, 20)), dp("bait", 0, (80, 70, 20))])
    row = s.results[-1]
    assert row.hanging_received == (50, 0, 0) and s.hanging == 0


def test_a_hanging_deal_decides_no_hanging_points_even_when_queued() -> None:
    s = sheet(rules(hanging_multi="queue"), [dp("hanging", 1, (40, 40)), dp("hanging", 0, (30, 30))])
    assert s.results[-1].hanging_received == (0, 0) and s.hanging == 70


# -- the held tie and the forced deal (Klabor's «висяк») ---------------------------------------------


def _held_game() -> Game:
    g = Game(rules(hanging="forced"))
    d = play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)  # 48 : 48, seat 1 bid
    assert d.result is not None and d.result.outcome == "held"
    return g


def test_a_tie_under_forced_is_held_and_nothing_is_written() -> None:
    g = _held_game()
    row = g.results[-1]
    assert row.outcome == "held" and row.written == (0, 0) and row.penalties == (0, 0)
    assert g.totals == [0, 0] and g.score.held_points == (48, 48)


def test_the_forced_deal_has_no_bidding_the_same_seat_bids_the_turnups_suit() -> None:
    g = _held_game()
    d = g.start_deal(None)
    assert d.phase == "play" and d.bidder == 1 and d.trump is d.turnup.suit and not d.bids
    assert any(isinstance(e, ForcedDeal) and e.bidder == 1 and e.held == (48, 48) for e in d.events)


def test_made_forced_deal_each_side_writes_its_own_points_of_both_deals() -> None:
    g = _held_game()
    play_deal(g, MADE_HANDS, "8H", _without_bid(MADE_SCRIPT))  # seat 1 makes 59 : 36
    assert g.results[-1].outcome == "made" and g.results[-1].written == (36 + 48, 59 + 48)
    assert g.score.held_points == (0, 0)


def test_baited_forced_deal_the_defenders_get_all_the_points_of_both_deals() -> None:
    g = _held_game()
    play_deal(g, MADE_HANDS, "8S", " ".join(BAIT_SCRIPT.split()[3:]))  # trump ♠: seat 1 18 : 45
    row = g.results[-1]
    assert row.outcome == "bait" and row.written == (45 + 48 + 18 + 48, 0)
    assert g.score.baits_game == [0, 1]  # a bait in the forced deal is a bait


def test_nobody_declares_combinations_in_the_forced_deal_but_bella_may_be() -> None:
    g = _held_game()
    g.start_deal(None)
    deal = g.deal
    assert deal is not None and deal.to_act is not None
    assert not any(isinstance(a, PlayCard) and a.declare for a in deal.legal_actions())


def test_a_second_tie_holds_everything_again_with_the_same_bidder_seat() -> None:  # (decided)
    g = _held_game()
    play_deal(g, HANG_HANDS, "JC", _without_bid(HANG_SCRIPT))
    assert g.results[-1].outcome == "held" and g.score.held_points == (96, 96)
    assert g.score.forced_bidder == 1


def test_a_redeal_in_the_forced_deal_redeals_it_still_forced() -> None:
    g = _held_game()
    play_deal(g, {0: "7C 7D 7H 7S AS KS QS JD QD"}, "8H", "", finish_it=False)
    deal = g.deal
    assert deal is not None
    g.apply(0, Redeal("four_sevens"))
    assert g.results[-1].outcome == "thrown_in"
    again = g.start_deal(None)
    assert again.bidder == 1 and again.phase == "play"


def test_held_points_count_for_nobody_in_a_claim() -> None:
    g = Game(rules(hanging="forced", target=60))
    play_deal(g, HANG_HANDS, "JC", HANG_SCRIPT)
    play_deal(g, MADE_HANDS, "8H", "AC 7C", finish_it=False)
    g.apply(1, CLAIM)  # 11 in tricks; the 48 held do not count: a false claim
    assert g.results[-1].outcome == "claim_lost"


# -- claims ----------------------------------------------------------------------------------------

# Seat 1 (trump ♥) leads J♥ and takes seat 0's 7♥ (20 points), then is on lead.
JACK_HANDS = {1: "JH KH QH AC 7D 8D 7S 8S TS", 0: "7H 7C 8C 9C 9D TD KC QC JC"}


def test_claim_after_trump_jack_false_no_claim_right_after_taking_the_trump_jack() -> None:
    d = new_deal(rules(target=301, claim_after_trump_jack=False), JACK_HANDS, "8H", totals=(0, 290))
    run(d, "play JH 7H")
    assert CLAIM not in d.legal_actions()
    with pytest.raises(IllegalActionError, match="trump jack"):
        d.apply(1, CLAIM)
    run(d, "AC 7C claim")  # after another trick the claim is open again: 290 + 20 + 11 >= 301
    assert d.result is not None and d.result.outcome == "claim_won"


def test_claim_after_trump_jack_true_by_default() -> None:
    d = new_deal(rules(target=301), JACK_HANDS, "8H", totals=(0, 290))
    run(d, "play JH 7H claim")
    assert d.result is not None and d.result.outcome == "claim_won"


@pytest.mark.parametrize(("claim_bella", "outcome"), [("held", "claim_won"), ("declared", "claim_lost")])
def test_claim_bella_held_counts_an_undeclared_bella_declared_does_not(claim_bella: str, outcome: str) -> None:
    # 270 + 20 (J♥ and 7♥) + 20 for the undeclared K♥ Q♥ still in hand = 310 >= 301
    d = new_deal(rules(target=301, claim_bella=claim_bella, false_claim="loses"), JACK_HANDS, "8H",
                 totals=(0, 270))
    run(d, "play JH 7H claim")
    assert d.result is not None and d.result.outcome == outcome


def test_false_claim_double_to_opponent_strikes_the_total_and_doubles_it_to_the_other_side() -> None:
    g = Game(rules(target=301, false_claim="double_to_opponent"))
    play_deal(g, MADE_HANDS, "8H", MADE_SCRIPT)  # 36 : 59
    g.start_deal(None)
    deal = g.deal
    assert deal is not None
    # seat 0 deals? no: seat 1 wrote most and deals; seat 0 bids and leads
    run(g, "play")
    leader = deal.to_act
    assert leader is not None
    while deal.to_act == leader or deal.trick:
        seat = deal.to_act
        assert seat is not None
        g.apply(seat, next(a for a in deal.legal_actions() if isinstance(a, PlayCard) and not a.declare))
        if not deal.trick and deal.to_act is not None and CLAIM in deal.legal_actions():
            break
    claimant = deal.to_act
    assert claimant is not None
    side = claimant
    before = list(g.totals)
    g.apply(claimant, CLAIM)
    assert not deal.is_over  # play goes on
    assert deal.totals[side] == 0 and deal.totals[1 - side] == before[1 - side] + 2 * before[side]


def test_false_claim_double_to_opponent_splits_between_two_opponents_with_three_players() -> None:
    d = new_deal(rules(3, target=301, false_claim="double_to_opponent"),
                 {1: "AC KC QC 7D 8D 9D JH 9H 7S"}, "8H", totals=(10, 101, 20))
    run(d, "play AC")
    while d.trick:
        seat = d.to_act
        assert seat is not None
        d.apply(seat, next(a for a in d.legal_actions() if isinstance(a, PlayCard) and not a.declare))
    claimant = d.to_act
    assert claimant == 1
    d.apply(1, CLAIM)
    assert d.totals == (10 + 101, 0, 20 + 101)  # 202 split; the odd point would go first in play order


def test_false_claim_default_loses_with_two_players_continue_with_three_and_four() -> None:
    assert Rules.preset("moscow", players=2).false_claim == "loses"
    assert Rules.preset("moscow", players=3).false_claim == "continue"
    assert Rules.preset("moscow", players=4).false_claim == "continue"


# -- concede for fifty ("mit fünfzig") --------------------------------------------------------------


def test_concede_50_is_offered_after_trump_is_named_and_before_the_extra_cards() -> None:
    # §8: "after the bidder has named trump and before the extra cards" — the defender holds six cards
    g = Game(rules(concede_50=True))
    deal = play_deal(g, MADE_HANDS, "8H", "play", finish_it=False)  # seat 1 bids, seat 0 defends
    assert deal.trump is not None and deal.to_act == 0
    assert deal.legal_actions() == [CONCEDE_PLAY, CONCEDE_OFFER]
    assert len(g.view(0).hand) == 6 and len(g.view(1).hand) == 6


def test_concede_50_the_bottom_card_is_turned_with_the_trump_before_the_choice() -> None:  # (decided)
    # The bottom card (фреза) is nobody's card: the defender sees it while choosing, as it would after the extras.
    g = Game(rules(concede_50=True))
    deal = play_deal(g, MADE_HANDS, "8H", "play", finish_it=False)
    assert deal.legal_actions() == [CONCEDE_PLAY, CONCEDE_OFFER]
    assert g.view(0).bottom == deal.deck[31]


def test_concede_50_accepted_the_bidder_writes_fifty_and_the_deal_ends() -> None:
    g = Game(rules(concede_50=True))
    play_deal(g, MADE_HANDS, "8H", "play", finish_it=False)  # seat 1 bids, seat 0 defends
    g.apply(0, CONCEDE_OFFER)
    deal = g.deal
    assert deal is not None and deal.to_act == 1 and deal.legal_actions() == [CONCEDE_ACCEPT, CONCEDE_REFUSE]
    assert len(g.view(1).hand) == 6  # the bidder answers before the extra cards too
    g.apply(1, CONCEDE_ACCEPT)
    row = g.results[-1]
    assert row.outcome == "conceded" and row.written == (0, 50)
    assert g.next_dealer == 1  # (decided) the bidder deals next as the deal's winner


def test_concede_50_refused_the_extra_cards_are_dealt_and_it_cannot_be_offered_again() -> None:
    g = Game(rules(concede_50=True))
    play_deal(g, MADE_HANDS, "8H", "play", finish_it=False)
    g.apply(0, CONCEDE_OFFER)
    g.apply(1, CONCEDE_REFUSE)
    deal = g.deal
    assert deal is not None and deal.to_act == 1 and not deal.is_over
    assert len(deal.hand(0)) == 9 and len(deal.hand(1)) == 9
    with pytest.raises(IllegalActionError, match="offered already"):
        g.apply(0, CONCEDE_OFFER)
    run(g, _without_bid(MADE_SCRIPT))
    assert g.results[-1].written == (36, 59)


def test_concede_50_played_on_the_extra_cards_are_the_same_as_without_the_rule() -> None:
    g = Game(rules(concede_50=True))
    play_deal(g, MADE_HANDS, "8H", "play", finish_it=False)
    g.apply(0, CONCEDE_PLAY)
    plain = Game(rules())
    played = play_deal(plain, MADE_HANDS, "8H", "play", finish_it=False)
    deal = g.deal
    assert deal is not None and deal.hand(0) == played.hand(0) and deal.hand(1) == played.hand(1)
    run(g, _without_bid(MADE_SCRIPT))
    assert g.results[-1].written == (36, 59)


def test_concede_50_only_the_defender_and_only_before_the_extra_cards() -> None:
    g = Game(rules(concede_50=True))
    play_deal(g, MADE_HANDS, "8H", "play", finish_it=False)
    with pytest.raises(IllegalActionError, match="only the defender"):
        g.apply(1, CONCEDE_OFFER)
    with pytest.raises(IllegalActionError, match="the defender first offers to concede for fifty or plays on"):
        run(g, "AC")
    g.apply(0, CONCEDE_PLAY)
    with pytest.raises(IllegalActionError, match="before the extra cards"):
        g.apply(0, CONCEDE_OFFER)


def test_concede_50_does_not_apply_with_three_players_and_is_ignored() -> None:
    r = rules(3, concede_50=True)
    d = new_deal(r, {}, "8H")
    run(d, "play")
    assert CONCEDE_OFFER not in d.legal_actions() and all(CONCEDE_OFFER not in d.optional_actions(s) for s in range(3))


# -- gap_end ("mit fünfzig") ------------------------------------------------------------------------


def test_gap_end_a_lead_of_250_wins_below_the_target() -> None:
    s = sheet(rules(gap_end=250), [dp("made", 1, (0, 250))])
    assert s.outcome is not None and s.outcome.winner == 1 and s.outcome.reason == "gap"


def test_gap_end_off_by_default() -> None:
    s = sheet(rules(), [dp("made", 1, (0, 250))])
    assert s.outcome is None


# -- defaults and presets of the second edition -----------------------------------------------------


def test_the_short_game_is_most_points_wins_by_default() -> None:
    # short_bait false: seat 1 bid and scored less, seat 0 wins on points
    s = sheet(rules(short=True), [dp("bait", 1, (60, 40))])
    assert s.outcome is not None and s.outcome.winner == 0
    assert Rules.preset("moscow").short_bait is False


@pytest.mark.parametrize(("preset", "players", "expected"), [
    ("club", 2, {"next_dealer": "rotate", "claims": False, "combo_tie": "last_trick", "bella_when": "while_holding",
                 "stock_card_shown": "top_after_first_trick", "debertz": "win", "hundred": True}),
    ("kharkiv", 2, {"next_dealer": "winner", "turnup_to": "bidder", "extra_cards": 4,
                    "bella_when": "until_last_card", "claim_after_trump_jack": False,
                    "false_claim": "double_to_opponent"}),
    ("kharkiv", 3, {"next_dealer": "rotate"}),
    ("kharkiv", 4, {"next_dealer": "rotate"}),
    ("klabor", 2, {"hanging": "forced", "declare_until": "second_trick"}),
    ("three", 3, {"bidder_must_beat": "combined", "bait_to": "split", "both_over": "last_trick"}),
    ("fifty", 2, {"concede_50": True, "gap_end": 250}),
    ("moscow", 2, {"debertz": "off", "false_claim": "loses", "short_bait": False}),
])
def test_presets_follow_their_sources(preset: str, players: int, expected: dict[str, object]) -> None:
    r = Rules.preset(preset, players=players)
    assert {k: getattr(r, k) for k in expected} == expected


@pytest.mark.parametrize(("preset", "players"), [("three", 2), ("three", 4), ("fifty", 3), ("fifty", 4)])
def test_presets_are_for_their_player_counts(preset: str, players: int) -> None:
    with pytest.raises(Exception, match="players"):
        Rules.preset(preset, players=players)


# -- partner_exempt narrowed -----------------------------------------------------------------------


def test_partner_exempt_you_must_still_trump_when_void_though_your_partner_wins() -> None:
    # 4 players, trump ♥; seat 1 leads A♠, seat 2 plays 7♠, seat 3 (partner of 1) is void in ♠:
    # partner_exempt: seat 3 need not beat its partner, but must still trump (any trump)
    hands = {1: "AS 7C 8C 9C TC JC QC KC", 2: "7S 8S 9S TS JS QS KS 7D", 3: "7H 8H AD KD QD JD TD 9D"}
    d = new_deal(rules(4, partner_exempt=True), hands, "8D", dealer=0, receiver=0)
    run(d, "pass pass pass pass H")
    assert d.bidder is not None
    leader = d.to_act
    assert leader == 1
    run(d, "AS 7S")
    cards = {a.card.notation for a in d.legal_actions() if isinstance(a, PlayCard)}
    assert cards == {"7H", "8H"}


@pytest.mark.parametrize(("exempt", "expected"), [(True, {"7H", "AH"}), (False, {"AH"})])
def test_partner_exempt_on_a_trump_lead_any_trump_will_do_when_your_partner_wins(
        exempt: bool, expected: set[str]) -> None:
    hands = {1: "8H AS 7C 8C 9C TC JC QC", 2: "7S 8S 9S TS JS QS KS 7D", 3: "7H AH AD KD QD JD TD 9D"}
    d = new_deal(rules(4, partner_exempt=exempt), hands, "8D", dealer=0, receiver=0)
    run(d, "pass pass pass pass H 8H 7S")
    cards = {a.card.notation for a in d.legal_actions() if isinstance(a, PlayCard)}
    assert cards == expected
