"""A refused action never changes the deal: its state, its log and its events stay exactly as they were.

Random deals of every preset and table size are played to a random point; there every seat tries every
action it may not take now (cards it does not hold or may not play, bids out of turn or out of round,
swaps, redeals, klabor and claims it is not entitled to), plus things that are not actions at all.
Each must be refused with the right kind of error and leave the deal untouched.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deberc_tui.engine import (
    CLAIM,
    DECK,
    KLABOR,
    PRESETS,
    SWAP_SEVEN,
    Action,
    ApiMisuseError,
    Bid,
    BidCall,
    Deal,
    DebercError,
    Game,
    IllegalActionError,
    MalformedActionError,
    PlayCard,
    Redeal,
    RedealReason,
    Rules,
)
from deberc_tui.engine.rules import PRESET_PLAYERS  # noqa: E402

CASES = [(p, n) for p in PRESETS for n in PRESET_PLAYERS[p]]
EVERY_ACTION: list[Action] = (
    [Bid(c) for c in BidCall]
    + [PlayCard(c, d, b) for c in DECK for d in (False, True) for b in (False, True)]
    + [SWAP_SEVEN, KLABOR, CLAIM]
    + [Redeal(r) for r in RedealReason]
)
NOT_ACTIONS: list[Any] = [None, "pass", {"bid": "pass"}, ("card", "QH"), 7, DECK[0]]


def state(deal: Deal) -> tuple[object, ...]:
    """Every field of the deal, lists copied: two equal states are the same deal."""
    out: list[object] = []
    for name in Deal.__slots__:
        value = getattr(deal, name)
        out.append(list(value) if isinstance(value, list) else value)
    return tuple(out)


def allowed(deal: Deal, seat: int) -> list[Action]:
    """What ``seat`` may do now; a card may also carry ``declare`` with nothing to declare (it declares nothing)
    while the seat may still declare: its first card, or its second with ``declare_until: "second_trick"``."""
    ok = deal.legal_actions() if deal.to_act == seat else deal.optional_actions(seat)
    window = not deal.played_first[seat] or (
        deal.rules.declare_until == "second_trick" and len(deal.tricks) == 1 and not deal.declared_combos(seat))
    also = [PlayCard(a.card, True, a.bella) for a in ok if isinstance(a, PlayCard) and window and not deal.forced]
    return ok + also


def assert_refused(deal: Deal, seat: Any, action: Any, error: type[DebercError]) -> None:
    before = state(deal)
    with pytest.raises(error):
        deal.apply(seat, action)
    assert state(deal) == before


def deal_to_random_point(preset: str, players: int, seed: int) -> Deal:
    rng = random.Random(seed)
    game = Game(Rules.preset(preset, players=players), first_dealer=rng.randrange(players), seed=seed)
    for _ in range(rng.randrange(4)):  # a later deal now and then (hanging points, totals)
        deal = game.start_deal()
        while not deal.is_over:
            assert deal.to_act is not None
            game.apply(deal.to_act, rng.choice(deal.legal_actions()))
        if game.is_over:
            break
    deal = game.deal if game.is_over and game.deal is not None else game.start_deal()
    for _ in range(rng.randrange(40)):
        if deal.is_over:
            break
        assert deal.to_act is not None
        game.apply(deal.to_act, rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize(("preset", "players"), CASES)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
@example(seed=1366154)  # fifty: a thing that is no action, while an offer to concede waits, is malformed all the same
def test_a_refused_action_never_changes_the_deal(preset: str, players: int, seed: int) -> None:
    deal = deal_to_random_point(preset, players, seed)
    for seat in range(players):
        ok = allowed(deal, seat)
        for action in EVERY_ACTION:
            if action not in ok:
                assert_refused(deal, seat, action, IllegalActionError)
        for thing in NOT_ACTIONS:
            assert_refused(deal, seat, thing, MalformedActionError)
    for seat in (-1, players, 99, True, "0", None):
        assert_refused(deal, seat, Bid("pass"), ApiMisuseError)
    for action in allowed(deal, deal.to_act) if deal.to_act is not None else ():
        deal.clone().apply(deal.to_act, action)  # and what is allowed really is


@given(call=st.text(max_size=6))
def test_a_bid_that_cannot_exist_is_refused_where_it_is_made(call: str) -> None:
    if call in {c.value for c in BidCall}:
        assert Bid(call).call == call
    else:
        with pytest.raises(MalformedActionError, match="bad bid"):
            Bid(call)


@given(reason=st.text(max_size=12))
def test_a_redeal_reason_that_does_not_exist_is_refused_where_it_is_made(reason: str) -> None:
    if reason in ("four_sevens", "low_points"):
        assert Redeal(reason).reason == reason
    else:
        with pytest.raises(MalformedActionError, match="bad redeal reason"):
            Redeal(reason)


def test_a_bad_card_action_is_refused_where_it_is_made() -> None:
    with pytest.raises(MalformedActionError):
        PlayCard("QH")  # type: ignore[arg-type]
    with pytest.raises(MalformedActionError):
        PlayCard(DECK[0], declare=1)  # type: ignore[arg-type]


def test_round_two_bid_of_a_bad_call_leaves_the_deal_whole() -> None:
    """The bug: ``Bid("Z")`` in round 2 used to append to bids and events before failing."""
    game = Game(Rules.preset("moscow", players=2), seed=1)
    deal = game.start_deal()
    for _ in range(2):
        assert deal.to_act is not None
        game.apply(deal.to_act, Bid("pass"))
    assert deal.bid_round == 2
    with pytest.raises(MalformedActionError):
        game.apply(deal.to_act, Bid("Z"))
    assert len(deal.bids) == 2 and len(deal.log) == 2


def test_errors_are_told_apart_and_share_one_base() -> None:
    for cls in (IllegalActionError, MalformedActionError, ApiMisuseError):
        assert issubclass(cls, DebercError) and issubclass(cls, ValueError)
    assert not issubclass(MalformedActionError, IllegalActionError)
    assert not issubclass(ApiMisuseError, IllegalActionError)
    game = Game(Rules.preset("moscow", players=2), seed=1)
    with pytest.raises(ApiMisuseError, match="no deal has started"):
        game.view(0)
    deal = game.start_deal()
    with pytest.raises(ApiMisuseError, match=r"^seat 5 is not a seat at this table \(0\.\.1\)$") as info:
        deal.apply(5, Bid("pass"))
    assert info.value.params["seat"] == 5
    seat = 1 - (deal.to_act or 0)
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(seat, Bid("pass"))
    assert refused.value.seat == seat and refused.value.template and str(refused.value).startswith(f"seat {seat} ")
