"""Random games for every preset × player count keep the engine's invariants (OpenSpiel's random_sim_test)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deberc_tui.engine import (
    PRESETS,
    Card,
    Claim,
    Game,
    IllegalActionError,
    PlayCard,
    Rules,
    mask_of,
)
from deberc_tui.engine.cards import PLAIN_ORDER, TRUMP_ORDER
from deberc_tui.engine.rules import OPTIONS, PRESET_PLAYERS, RulesError
from deberc_tui.engine.scoring import PLAYED_OUT
from deberc_tui.records import load_record, record_from_game, replay_json, replay_record

CASES = [(p, n) for p in PRESETS for n in PRESET_PLAYERS[p]]
PLAYERS = [{"name": f"P{i}", "kind": "bot", "bot": "random"} for i in range(4)]


def brute_winner(cards: tuple[tuple[int, Card], ...], trump: object) -> int:
    """The trick's winner by the book: the highest trump, else the highest card of the suit led."""
    trumps = [(TRUMP_ORDER[c.rank.index], s) for s, c in cards if c.suit is trump]
    if trumps:
        return max(trumps)[1]
    led = cards[0][1].suit
    return max((PLAIN_ORDER[c.rank.index], s) for s, c in cards if c.suit is led)[1]


def play_random_game(preset: str | Rules, players: int, seed: int, max_deals: int = 40) -> Game:
    rng = random.Random(seed)
    rules = preset if isinstance(preset, Rules) else Rules.preset(preset, players=players)
    game = Game(rules, first_dealer=rng.randrange(players), seed=seed)
    while not game.is_over and len(game.deals) < max_deals:
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None, "a deal in progress always has a seat to act"
            legal = deal.legal_actions()
            assert legal, "the seat to act always has a legal action"
            # Out-of-turn actions sometimes come from other seats (then the seat to act asks again).
            acted = False
            for other in range(players):
                if other != seat and rng.random() < 0.05:
                    opts = deal.optional_actions(other)
                    if opts:
                        game.apply(other, rng.choice(opts))
                        acted = True
                        break
            if acted or deal.is_over:
                continue
            choices = [a for a in legal if not isinstance(a, Claim) or rng.random() < 0.02]
            if not choices:
                choices = legal
            action = rng.choice(choices)
            before = len(deal.tricks)
            game.apply(seat, action)
            if isinstance(action, PlayCard) and len(deal.tricks) > before:
                trick = deal.tricks[-1]
                assert trick.winner == brute_winner(trick.cards, deal.trump)
            check_cards(deal)
        check_deal(game)
    return game


def check_cards(deal: object) -> None:
    from deberc_tui.engine import Deal

    assert isinstance(deal, Deal)
    seen = 0
    for seat in range(deal.n):
        hand = deal.hand_mask(seat)
        assert hand & seen == 0, "a card is in two hands"
        seen |= hand
    for t in deal.tricks:
        m = mask_of(c for _, c in t.cards)
        assert m & seen == 0, "a played card is still held"
        seen |= m
    m = mask_of(c for _, c in deal.current_trick)
    assert m & seen == 0
    seen |= m
    if deal.n < 4 and deal.trump is not None and deal.rules.turnup_2_3 != "bidder":
        assert not seen & deal.turnup.bit, "the turnup stays on the table"


def check_deal(game: Game) -> None:
    row = game.results[-1]
    if row.outcome in PLAYED_OUT:
        added = row.hanging - (game.results[-2].hanging if len(game.results) > 1 else 0)
        moved_in = sum(row.hanging_received)
        struck = row.detail.struck if row.detail and row.detail.struck else (0,) * len(row.points)
        own = row.written[row.bidder] - max(0, struck[row.bidder])  # what the bidder wrote of this deal
        hung = row.points[row.bidder] if row.outcome == "hanging" and own == 0 and game.rules.hanging == "hang" else 0
        held = 0  # a forced deal writes the points of the held deals before it too
        for earlier in reversed(game.results[:-1]):
            if earlier.outcome == "thrown_in":
                continue
            if earlier.outcome != "held":
                break
            held += sum(earlier.points)
        doubled = sum(m for m in struck if m > 0)
        assert sum(row.written) == sum(row.points) - hung + moved_in + held + doubled
        assert added == hung - moved_in
        deal = game.deals[-1]
        played = sum(len(t.cards) for t in deal.tricks)
        assert played == game.rules.tricks_per_deal * game.n
        if game.n == 4:
            assert sum(row.detail.cards) == 162 if row.detail else True


def check_running_totals(game: Game) -> None:
    """Each row's totals are the sums of what was written and penalised so far."""
    totals = [0] * game.rules.sides
    for row in game.results:
        for s in range(game.rules.sides):
            totals[s] += row.written[s] + row.penalties[s]
        assert list(row.totals) == totals


@pytest.mark.parametrize(("preset", "players"), CASES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_the_invariants(preset: str, players: int, seed: int) -> None:
    check_running_totals(play_random_game(preset, players, seed))


@pytest.mark.parametrize(("preset", "players"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_a_record_round_trips_to_the_same_result(preset: str, players: int, seed: int) -> None:
    game = play_random_game(preset, players, seed, max_deals=12)
    doc = record_from_game(game, PLAYERS[:players])
    again = replay_record(load_record(doc))
    assert replay_json(again) == replay_json(game)
    assert record_from_game(again, PLAYERS[:players]) == doc


def random_rules(rng: random.Random, players: int) -> Rules | None:
    """Every option with a closed set of values set at random (None when the mix is refused as unworkable)."""
    options: dict[str, object] = {"target": rng.choice((101, 301))}
    for key, spec in OPTIONS.items():
        if spec.values and rng.random() < 0.5:
            options[key] = rng.choice(spec.values)
    try:
        return Rules.from_dict(options, players=players)
    except RulesError:
        return None


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_combinations_of_options_keep_the_invariants_and_replay(players: int, seed: int) -> None:
    rules = random_rules(random.Random(seed), players)
    if rules is None:
        return
    game = play_random_game(rules, players, seed, max_deals=8)
    check_running_totals(game)
    doc = record_from_game(game, PLAYERS[:players])
    assert replay_json(replay_record(load_record(doc))) == replay_json(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_applies_and_nothing_else_does(players: int) -> None:
    """At each step of random deals, each listed action applies to a copy; every other card is refused."""
    rng = random.Random(players)
    game = Game(Rules.preset("moscow", players=players), seed=players)
    for _ in range(15):
        if game.is_over:
            break
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            legal = deal.legal_actions()
            for action in legal:
                deal.clone().apply(seat, action)
            if deal.phase.value == "play":
                allowed = {a.card for a in legal if isinstance(a, PlayCard)}
                for card in deal.hand(seat):
                    if card not in allowed:
                        with pytest.raises(IllegalActionError):
                            deal.clone().apply(seat, PlayCard(card))
            game.apply(seat, rng.choice([a for a in legal if not isinstance(a, Claim)] or legal))


def test_the_same_seed_deals_the_same_game() -> None:
    a = play_random_game("moscow", 3, 99)
    b = play_random_game("moscow", 3, 99)
    assert replay_json(a) == replay_json(b)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_clone_shares_no_mutable_field(players: int) -> None:
    """Every list of a clone is its own (holding immutable items); playing on the clone leaves the deal as it was."""
    from deberc_tui.engine import Deal

    rng = random.Random(players)
    game = Game(Rules.preset("moscow", players=players), seed=players)
    for _ in range(6):
        if game.is_over:
            break
        deal = game.start_deal()
        while not deal.is_over:
            copy = deal.clone()
            for name in Deal.__slots__:
                mine, theirs = getattr(deal, name), getattr(copy, name)
                if isinstance(mine, (list, dict, set)):
                    assert theirs is not mine and theirs == mine, name
                    for item in mine:
                        hash(item)  # items are values, so copying the container is enough
                else:
                    assert theirs is mine, name
            before = [list(v) if isinstance(v, list) else v for v in (getattr(deal, n) for n in Deal.__slots__)]
            assert copy.to_act is not None
            copy.apply(copy.to_act, rng.choice(copy.legal_actions()))
            assert [list(v) if isinstance(v, list) else v for v in (getattr(deal, n) for n in Deal.__slots__)] == before
            assert deal.to_act is not None
            game.apply(deal.to_act, rng.choice([a for a in deal.legal_actions() if not isinstance(a, Claim)]))


def test_a_new_list_field_would_not_be_shared_by_clones() -> None:
    from deberc_tui.engine import DECK, Deal

    class Wider(Deal):
        __slots__ = ("notes",)

    deal = Wider(Rules.preset("moscow", players=2), 0, DECK)
    deal.notes = ["a"]
    copy = deal.clone()
    assert type(copy) is Wider
    assert copy.notes == ["a"] and copy.notes is not deal.notes
    assert copy.bids is not deal.bids and copy.log is not deal.log
