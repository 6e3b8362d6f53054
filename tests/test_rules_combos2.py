"""RULES.md §5, second edition: combo_rank, combo_tie "last_trick", declare_until, hundred_length, debertz
("off" by default, "target_points"), debertz_length, debertz_suit, bella_when, bella_needs_trick, the refused
combination of bella_to "trick_winner" with a bella_when other than "with_card", and the comparison winner whose
combinations do not score (no trick): nobody scores combinations, the replay says null and the story says so.

2 players, dealer 0 unless said: seat 1 bids first and leads.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulehelp import finish, new_deal, play_deal, points, rules, run

from deberc_tui.engine import (
    Card,
    Game,
    IllegalActionError,
    PlayCard,
    Rules,
    RulesError,
    Suit,
    find_combos,
    mask_of,
    parse_cards,
)
from deberc_tui.engine.combos import Declaration, combos_winner
from deberc_tui.engine.events import DeclarationsResolved
from deberc_tui.engine.view import seat_view
from deberc_tui.records import load_record, record_from_game, replay_json, replay_record
from deberc_tui.text.persons import cast
from deberc_tui.text.sheet_text import deal_story


def kinds(cards: str, trump: str = "H", **options: object) -> list[tuple[str, str, int]]:
    r = rules(**options)
    return [(c.kind, c.top.value + c.suit.value, c.points)
            for c in find_combos(mask_of(parse_cards(cards)), Suit.parse(trump), r)]


# -- combo_rank ------------------------------------------------------------------------------------------

# Seat 1: a plain fifty 7-8-9-10♣; seat 0: a trump terz 9-10-J♥ (trump ♥). Seat 0 takes the first trick.
RANK_HANDS = {1: "7C 8C 9C TC AS 7D 9D JS KD", 0: "9H TH JH 7S 9S QS AD QD JC"}


@pytest.mark.parametrize(("combo_rank", "side"), [("length_first", 1), ("trump_first", 0)])
def test_combo_rank_trump_first_a_trump_terz_beats_a_plain_fifty(combo_rank: str, side: int) -> None:
    d = new_deal(rules(combo_rank=combo_rank), RANK_HANDS, "8H")
    run(d, "play 7C+d JC+d")
    assert d.combos_side == side


def test_combo_rank_length_first_is_the_default() -> None:
    assert Rules().combo_rank == "length_first"


def test_combo_rank_trump_first_announces_the_trump_combination_as_the_best() -> None:
    assert kinds("7C 8C 9C TC 9H TH JH") == [("fifty", "TC", 50), ("terz", "JH", 20)]
    assert kinds("7C 8C 9C TC 9H TH JH", combo_rank="trump_first") == [("terz", "JH", 20), ("fifty", "TC", 50)]


def test_combo_rank_trump_first_between_plain_combinations_the_longer_kind_wins() -> None:
    r = rules(combo_rank="trump_first")
    fifty = find_combos(mask_of(parse_cards("7C 8C 9C TC")), Suit.HEARTS, r)
    terz = find_combos(mask_of(parse_cards("QD KD AD")), Suit.HEARTS, r)
    assert combos_winner([Declaration(1, tuple(terz), 0), Declaration(0, tuple(fifty), 1)], Suit.HEARTS, r) == 0


# -- combo_tie "last_trick" (club, «по последу») -----------------------------------------------------------

# Seat 1 (bidder, no trump): plain terz 9-10-J♣; seat 0: trump terz 9-10-J♥: same kind, same top card.
# 9C-7C s1 0, TC-8C s1 10, JC-QC s0 5, 9H-7S s0 14, TH-9S s0 10, JH-KS s0 24, 7D-9D s1 0, AS-8D s1 11,
# AD-KC s1 15 + 10 for the last trick.  Cards: seat 0 53, seat 1 46; seat 1 takes the last trick.
LAST_HANDS = {1: "9C TC JC AS KS 9S 7S AD 9D", 0: "9H TH JH 7C 8C KC 7D 8D QC"}
LAST_SCRIPT = "play 9C+d 7C+d TC 8C JC QC 9H 7S TH 9S JH KS 7D 9D AS 8D AD KC"


@pytest.mark.parametrize(("combo_tie", "expected"), [
    ("trump_then_first", (73, 46)),  # the trump terz wins
    ("trump_then_last_trick", (73, 46)),  # the trump terz wins
    ("last_trick", (53, 66)),  # trump gives no preference: seat 1 took the last trick
])
def test_combo_tie_last_trick_trump_gives_no_preference(combo_tie: str, expected: tuple[int, int]) -> None:
    d = new_deal(rules(combo_tie=combo_tie), LAST_HANDS, "8H")
    run(d, LAST_SCRIPT)
    assert d.tricks[-1].winner == 1
    assert d.result is not None and d.result.cards == (53, 46)
    assert points(d) == expected


@pytest.mark.parametrize(("preset", "expected"), [("moscow", (73, 46)), ("club", (53, 66)), ("klabor", (73, 46))])
def test_presets_on_an_equal_trump_and_plain_terz_the_club_goes_by_the_last_trick(
        preset: str, expected: tuple[int, int]) -> None:
    d = new_deal(rules(2, preset), LAST_HANDS, "8H")
    run(d, LAST_SCRIPT)
    assert points(d) == expected


def test_combo_tie_last_trick_decides_only_when_the_last_trick_is_taken() -> None:
    d = new_deal(rules(combo_tie="last_trick"), LAST_HANDS, "8H")
    run(d, " ".join(LAST_SCRIPT.split()[:3]))
    assert d.combos_side is None  # a tie: nobody knows yet who takes the last trick
    run(d, " ".join(LAST_SCRIPT.split()[3:]))
    assert d.combos_side == 1


def test_combo_tie_last_trick_nobody_tied_takes_it_so_none_scores_nor_a_lower_one() -> None:
    # 3 players: seats 1 and 2 tie with plain terzes to the ace; seat 0 holds a lower terz and takes the last trick
    r = rules(3, combo_tie="last_trick")
    trump = Suit.HEARTS

    def decl(seat: int, cards: str, order: int) -> Declaration:
        return Declaration(seat, tuple(find_combos(mask_of(parse_cards(cards)), trump, r)), order)

    decls = [decl(1, "AC KC QC", 0), decl(2, "AD KD QD", 1), decl(0, "KS QS JS", 2)]
    assert combos_winner(decls, trump, r, last_trick_side=0) is None
    assert combos_winner(decls, trump, r, last_trick_side=2) == 2
    assert combos_winner(decls, trump, r) is None  # before the last trick


# -- declare_until ---------------------------------------------------------------------------------------

# Seat 1 holds terz A-K-Q♣ and terz 7-8-9♦, seat 0 terz A-K-Q♠, 7-8-9♣ and 10-J-Q♦ (trump ♥): tied tops.
# The cards fall as in test_rules_declarations' TIE_SCRIPT: seat 0 36 in cards, seat 1 59.
TIE_HANDS = {1: "AC KC QC 7D 8D 9D JH 9H 7S", 0: "AS KS QS 7C 8C 9C TD JD QD"}
TIE_REST = "8C QC 9C 7S AS KS 9H 7D TD QS JH 8D JD QD 9D"


def test_declare_until_first_card_refuses_the_second_card() -> None:
    d = new_deal(rules(), TIE_HANDS, "8H")
    run(d, "play AC 7C")
    with pytest.raises(IllegalActionError, match="combinations are declared with your first card"):
        run(d, "KC+d")


def test_declare_until_second_trick_declares_with_the_second_card_earlier_in_time_wins_the_tie() -> None:
    # seat 1 plays its first card without declaring; seat 0 declares with its first card, seat 1 with its second:
    # seat 0 declared earlier in time, and the tie of terzes to the ace (trump_then_first) goes to it.
    d = new_deal(rules(declare_until="second_trick"), TIE_HANDS, "8H")
    run(d, "play AC 7C+d")
    assert PlayCard(Card.parse("KC"), declare=True) in d.legal_actions()
    run(d, "KC+d")
    assert d.combos_side is None  # the comparison waits for the end of the second trick
    run(d, TIE_REST)
    assert d.result is not None and d.result.cards == (36, 59)
    assert d.result.combos_side == 0 and points(d) == (96, 59)


def test_declare_until_second_trick_the_combinations_are_those_held_when_play_began() -> None:
    # seat 1's terz A-K-Q♣ counts although the A♣ was played with the first card (RULES.md §4)
    d = new_deal(rules(declare_until="second_trick"), TIE_HANDS, "8H")
    run(d, "play AC 7C KC+d")
    assert [(c.kind, c.top.value + c.suit.value) for c in d.declared_combos(1)] == [("terz", "AC"), ("terz", "9D")]


def test_declare_until_second_trick_the_comparison_waits_for_the_second_trick() -> None:
    d = new_deal(rules(declare_until="second_trick"), TIE_HANDS, "8H")
    run(d, "play AC+d 7C")
    assert len(d.tricks) == 1 and d.combos_side is None  # seat 0 may still declare with its second card
    run(d, "KC 8C+d")
    assert len(d.tricks) == 2 and d.combos_side == 1  # seat 1 declared first


def test_declare_until_second_trick_not_twice_and_not_with_the_third_card() -> None:
    d = new_deal(rules(declare_until="second_trick"), TIE_HANDS, "8H")
    run(d, "play AC+d 7C")
    with pytest.raises(IllegalActionError, match="cannot declare twice"):
        run(d, "KC+d")
    run(d, "KC 8C QC")
    with pytest.raises(IllegalActionError, match="with your first or second card"):
        run(d, "9C+d")


# -- hundred_length ----------------------------------------------------------------------------------------

FIVE_HANDS = {1: "9H TH JH QH KH AS TS KS 8C", 0: "7C 9C JC 7D 9D JD 7S 9S JS"}  # seat 1: 9-10-J-Q-K♥


@pytest.mark.parametrize(("length", "combo"), [(6, 50), (5, 100)])
def test_hundred_length_five_cards_make_a_hundred(length: int, combo: int) -> None:
    d = new_deal(rules(hundred=True, hundred_length=length), FIVE_HANDS, "8H")
    run(d, "play JH+d")
    finish(d)
    assert d.result is not None and d.result.combos == (0, combo)


def test_hundred_length_applies_only_with_the_hundred() -> None:
    assert kinds("7C 8C 9C TC JC", hundred_length=5) == [("fifty", "JC", 50)]
    assert kinds("7C 8C 9C TC JC", hundred=True, hundred_length=5) == [("hundred", "JC", 100)]
    assert kinds("7C 8C 9C TC JC", hundred=True) == [("fifty", "JC", 50)]


# -- debertz: "off" by default, "target_points", debertz_length, debertz_suit -----------------------------

DEBERTZ_HANDS = {1: "8H 9H TH JH QH KH AH AS TS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}


def test_debertz_is_off_by_default_seven_trumps_in_a_row_are_a_fifty() -> None:
    assert Rules().debertz == "off"
    g = Game(rules())
    d = play_deal(g, DEBERTZ_HANDS, "TC", "pass pass H JH+d")
    assert d.result is not None and d.result.outcome == "made" and d.result.combos == (0, 50)
    assert g.outcome is None


SIX_TRUMPS = {1: "9H TH JH QH KH AH AS TS KS", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}


@pytest.mark.parametrize(("length", "outcome"), [(7, "made"), (6, "debertz")])
def test_debertz_length_six_trumps_in_a_row_are_a_debertz(length: int, outcome: str) -> None:
    g = Game(rules(debertz="win", debertz_length=length))
    d = play_deal(g, SIX_TRUMPS, "TC", "pass pass H JH+d")
    assert d.result is not None and d.result.outcome == outcome


SEVEN_SPADES = {1: "8S 9S TS JS QS KS AS AD TD", 0: "7C 9C JC 7D 9D JD 7H 9H JH"}  # trump ♥


@pytest.mark.parametrize(("suit", "kind"), [("trump", "fifty"), ("any", "debertz")])
def test_debertz_suit_any_seven_plain_cards_in_a_row_are_a_debertz(suit: str, kind: str) -> None:
    g = Game(rules(debertz="win", debertz_suit=suit))
    d = play_deal(g, SEVEN_SPADES, "8H", "play AS+d")
    assert [c.kind for c in d.declared_combos(1)] == [kind]
    assert d.result is not None and (d.result.outcome == "debertz") == (kind == "debertz")
    assert (g.outcome is not None) == (kind == "debertz")


# Seat 1: debertz 8..A♥ (trump named in round 2); seat 0: a plain hundred 9..A♣.
DEBERTZ_VS_HUNDRED = {1: "8H 9H TH JH QH KH AH AS TS", 0: "9C TC JC QC KC AC 7D 8D 7S"}


def test_debertz_target_points_is_a_combination_worth_the_target_and_beats_a_hundred() -> None:
    d = new_deal(rules(debertz="target_points", hundred=True, target=301), DEBERTZ_VS_HUNDRED, "7C")
    run(d, "pass pass H JH+d 9C+d")
    assert not d.is_over and d.combos_side == 1  # the deal goes on: the debertz scores like any combination
    assert [c.kind for c in d.declared_combos(1)] == ["debertz"]
    finish(d)
    assert d.result is not None and d.result.outcome == "made" and d.result.combos == (0, 301)


# Seat 0: a plain debertz 8..A♣ (debertz_suit "any"); seat 1 holds every trump and takes every trick.
NO_TRICK_DEBERTZ = {1: "7H 8H 9H TH JH QH KH AH AD", 0: "8C 9C TC JC QC KC AC 7S 7D"}


def test_debertz_target_points_needs_a_trick_like_any_combination() -> None:
    r = rules(debertz="target_points", debertz_suit="any")
    d = new_deal(r, NO_TRICK_DEBERTZ, "8S")
    run(d, "pass pass H 7H 8C+d")
    assert d.combos_side == 0
    finish(d)
    assert d.result is not None and d.result.tricks == (0, 9)
    assert d.result.combos == (0, 0) and d.result.combos_side is None and points(d)[0] == 0


# -- bella_when -------------------------------------------------------------------------------------------

# Seat 1 (bidder, trump ♥) takes every trick; seat 0 holds the bella K♥ Q♥.
BELLA_HANDS = {1: "JH 9H AH TH AS TS AD TD AC", 0: "KH QH 7C 8C 7D 8D 7S 8S JC"}
TO_THE_LAST = "play JH QH 9H KH AH 7C TH 8C AS 7S TS 8S AD 7D TD 8D AC"  # seat 0's last card is J♣


def test_bella_when_with_card_refuses_bella_with_another_card() -> None:
    d = new_deal(rules(), BELLA_HANDS, "8H")
    run(d, "play AC")
    with pytest.raises(IllegalActionError, match="bella is declared with the trump king or queen"):
        run(d, "7C+b")


def test_bella_when_while_holding_with_any_card_while_holding_the_king_or_queen() -> None:
    d = new_deal(rules(bella_when="while_holding"), BELLA_HANDS, "8H")
    run(d, "play AC")
    assert PlayCard(Card.parse("JC"), bella=True) in d.legal_actions()
    run(d, "JC+b")
    finish(d)
    assert d.result is not None and d.result.bella == (20, 0)


def test_bella_when_while_holding_refused_once_both_are_played() -> None:
    d = new_deal(rules(bella_when="while_holding"), BELLA_HANDS, "8H")
    run(d, "play JH QH 9H KH AC")
    assert PlayCard(Card.parse("JC"), bella=True) not in d.legal_actions()
    with pytest.raises(IllegalActionError, match="no longer holds KH or QH"):
        run(d, "JC+b")


@pytest.mark.parametrize(("bella_when", "allowed"), [("until_last_card", True), ("while_holding", False)])
def test_bella_when_until_last_card_even_with_the_last_card(bella_when: str, allowed: bool) -> None:
    d = new_deal(rules(bella_when=bella_when), BELLA_HANDS, "8H")
    run(d, TO_THE_LAST)
    assert d.to_act == 0 and d.hand(0) == [Card.parse("JC")]
    if allowed:
        run(d, "JC+b")
        assert d.result is not None and d.result.bella == (20, 0)
    else:
        with pytest.raises(IllegalActionError, match="no longer holds"):
            run(d, "JC+b")


def test_bella_when_any_card_still_needs_the_king_and_queen_when_play_began() -> None:
    # seat 0 holds only the king; seat 1 the queen
    d = new_deal(rules(bella_when="until_last_card"), {1: "JH 9H AH QH AS TS AD TD AC", 0: "KH 7C 8C 7D 8D 9C 7S 8S JC"}, "8H")
    run(d, "play AC")
    with pytest.raises(IllegalActionError, match="did not hold KH and QH when play began"):
        run(d, "7C+b")


# -- bella_needs_trick --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("needs", "expected"), [(False, (20, 127)), (True, (0, 127))])
def test_bella_needs_trick_no_trick_no_bella(needs: bool, expected: tuple[int, int]) -> None:
    d = new_deal(rules(bella_needs_trick=needs), BELLA_HANDS, "8H")
    run(d, "play JH QH+b")
    finish(d)
    assert d.result is not None and d.result.tricks == (0, 9)
    assert points(d) == expected


def test_bella_needs_trick_a_side_with_a_trick_keeps_its_bella() -> None:
    hands = {1: "JH 9H AH TH 8S TS AD TD AC", 0: "KH QH 7C 8C 7D 8D 7S AS JC"}
    d = new_deal(rules(bella_needs_trick=True), hands, "8H")
    run(d, "play JH QH+b")
    finish(d)
    assert d.result is not None and d.result.tricks[0] >= 1 and d.result.bella == (20, 0)


# -- an impossible combination of options -------------------------------------------------------------------


@pytest.mark.parametrize("bella_when", ["while_holding", "until_last_card"])
def test_bella_to_trick_winner_works_only_with_bella_when_with_card(bella_when: str) -> None:
    with pytest.raises(RulesError) as err:
        Rules.from_dict({"bella_to": "trick_winner", "bella_when": bella_when})
    message = str(err.value)
    assert "bella_to" in message and "bella_when" in message and "\n" not in message
    with pytest.raises(RulesError):
        Rules.from_dict({"preset": "klabor", "bella_when": bella_when})
    assert Rules.from_dict({"bella_to": "trick_winner", "bella_when": "with_card"}).bella_to == "trick_winner"


# -- the bug: a comparison winner whose combinations do not score ------------------------------------------

# Seat 0 declares three terzes (60) and wins the comparison; seat 1 takes every trick.
SKI_HANDS = {1: "JH 9H AH KH AS TS AD TD AC", 0: "7C 8C 9C 7D 8D 9D 7S 8S 9S"}


def ski_game() -> Game:
    g = Game(rules(), first_dealer=0)
    play_deal(g, SKI_HANDS, "8H", "play JH 7C+d")
    return g


def test_no_trick_no_combinations_the_replay_says_nobody_scored_them() -> None:
    g = ski_game()
    row = replay_json(g)["deals"][0]
    assert row["combos_side"] is None and row["points"] == [0, 112]
    again = replay_record(load_record(record_from_game(g, [{"name": "P0"}, {"name": "P1"}])))
    assert replay_json(again)["deals"][0]["combos_side"] is None


def test_no_trick_no_combinations_the_story_does_not_say_they_scored() -> None:
    g = ski_game()
    story = "\n".join(deal_story(g.deals[0], g.sheet()[0], cast(g.rules, [{"name": "P0"}, {"name": "P1"}])))
    assert "P0 scores 60" not in story
    assert "combinations: P0 wins the comparison with 60" in story
    assert "combinations: P0 took no trick: the combinations do not score" in story


def test_no_trick_no_combinations_the_shown_cards_stay_shown() -> None:
    # (decided) the comparison winner showed its combinations after the first trick; they stay face up
    g = ski_game()
    view = seat_view(g.deals[0], 1)
    assert view.combos_side is None
    assert len(view.announcements[0].shown) == 9


# -- records and the view ---------------------------------------------------------------------------------


def test_a_record_replays_a_second_card_declaration_and_a_bella_on_another_card() -> None:
    g = Game(rules(declare_until="second_trick", bella_when="while_holding"), first_dealer=0)
    hands = {1: "AC KC QC 7D 8D 9D JH 9H 7S", 0: "AS KS QS 7C 8C 9C TD KH QH"}
    play_deal(g, hands, "8H", "play AC 7C+b KC+d 8C")
    doc = record_from_game(g, [{"name": "P0"}, {"name": "P1"}])
    actions = doc["deals"][0]["actions"]
    assert {"seat": 0, "card": "7C", "bella": True} in actions
    assert {"seat": 1, "card": "KC", "declare": True} in actions
    again = replay_record(load_record(doc))
    assert replay_json(again) == replay_json(g)


def test_the_view_hears_a_second_card_declaration_and_a_bella_on_another_card() -> None:
    d = new_deal(rules(declare_until="second_trick", bella_when="while_holding"),
                 {1: "AC KC QC 7D 8D 9D JH 9H 7S", 0: "AS KS QS 7C 8C 9C TD KH QH"}, "8H")
    run(d, "play AC 7C+b KC+d")
    view = seat_view(d, 0)
    assert view.bella == ((0, 0),)
    assert [(a.seat, a.kind, a.top) for a in view.announcements] == [(1, "terz", "A")]
    assert view.announcements[0].shown == ()  # not shown before the comparison


def test_the_view_says_what_a_second_card_would_declare_the_first_card_included() -> None:
    d = new_deal(rules(declare_until="second_trick"), TIE_HANDS, "8H")
    run(d, "play AC 7C")
    assert [(c.kind, c.top.value + c.suit.value) for c in seat_view(d, 1).declarable()] == [("terz", "AC"), ("terz", "9D")]
    assert seat_view(d, 0).declarable() == ()  # not its turn
    run(d, "KC+d")  # seat 0 played 7♣ without declaring: its 7-8-9♣ still counts with its second card
    assert [c.top.value + c.suit.value for c in seat_view(d, 0).declarable()] == ["AS", "QD", "9C"]
    run(d, "8C+d")
    assert seat_view(d, 1).declarable() == ()  # the second trick is over
    d = new_deal(rules(), TIE_HANDS, "8H")
    run(d, "play AC 7C")
    assert seat_view(d, 1).declarable() == ()  # declare_until "first_card": too late


# -- random deals under random combinations of these options ------------------------------------------------

COMBO_OPTIONS = st.fixed_dictionaries({
    "combo_rank": st.sampled_from(["length_first", "trump_first"]),
    "combo_tie": st.sampled_from(["trump_then_first", "first", "trump_only", "trump_then_last_trick", "last_trick"]),
    "declare_until": st.sampled_from(["first_card", "second_trick"]),
    "hundred": st.booleans(),
    "hundred_length": st.sampled_from([6, 5]),
    "debertz": st.sampled_from(["off", "win", "target_points"]),
    "debertz_length": st.sampled_from([7, 6]),
    "debertz_suit": st.sampled_from(["trump", "any"]),
    "combos_need_trick": st.booleans(),
    "bella_when": st.sampled_from(["with_card", "while_holding", "until_last_card"]),
    "bella_needs_trick": st.booleans(),
})


@settings(max_examples=40, deadline=None)
@given(options=COMBO_OPTIONS, players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_random_deals_keep_the_declaration_rules(options: dict[str, object], players: int, seed: int) -> None:
    """Whatever the combination: one side at most scores combinations, a scoring side took a trick when
    combos_need_trick says so, one bella at most, and the record replays to the same sheet."""
    rng = random.Random(seed)
    r = Rules.from_dict(options, players=players)
    g = Game(r, first_dealer=rng.randrange(players), seed=seed)
    for _ in range(3):
        if g.is_over:
            break
        d = g.start_deal()
        while not d.is_over:
            assert d.to_act is not None
            if not any(isinstance(e, DeclarationsResolved) for e in d.events):  # nothing shown before the comparison
                assert all(a.shown == () for a in seat_view(d, d.to_act).announcements)
            g.apply(d.to_act, rng.choice(d.legal_actions()))
        res = d.result
        assert res is not None
        if res.outcome in ("made", "bait", "hanging", "held"):
            assert sum(1 for c in res.combos if c) <= 1
            if res.combos_side is not None and r.combos_need_trick:
                assert res.tricks[res.combos_side] > 0
            if res.combos_side is None:
                assert not any(res.combos)
            assert sum(res.bella) in (0, 20)
            if r.bella_needs_trick:
                assert all(t > 0 for b, t in zip(res.bella, res.tricks, strict=True) if b)
    doc = record_from_game(g, [{"name": f"P{i}"} for i in range(players)])
    assert replay_json(replay_record(load_record(doc))) == replay_json(g)
