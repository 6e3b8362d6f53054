"""Action notation: RECORD.md's action object without the seat, read back by ``parse_action`` unchanged."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deberc_tui.engine import (
    CLAIM,
    KLABOR,
    SWAP_SEVEN,
    Action,
    Bid,
    Card,
    Claim,
    Game,
    MalformedActionError,
    PlayCard,
    Redeal,
    Rules,
    parse_action,
)
from deberc_tui.engine.actions import CONCEDE_ACCEPT, CONCEDE_OFFER, CONCEDE_PLAY, CONCEDE_REFUSE
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.records import record_from_game

SETUPS = [(preset, players) for preset, counts in PRESET_PLAYERS.items() for players in (2, 3, 4) if players in counts]


@pytest.mark.parametrize(("action", "notation"), [
    (Bid("play"), {"bid": "play"}),
    (Bid("pass"), {"bid": "pass"}),
    (Bid("H"), {"bid": "H"}),
    (KLABOR, {"klabor": True}),
    (SWAP_SEVEN, {"swap_seven": True}),
    (Redeal("four_sevens"), {"redeal": "four_sevens"}),
    (Redeal("low_points"), {"redeal": "low_points"}),
    (PlayCard(Card.parse("QH")), {"card": "QH"}),
    (PlayCard(Card.parse("QH"), declare=True), {"card": "QH", "declare": True}),
    (PlayCard(Card.parse("KS"), bella=True), {"card": "KS", "bella": True}),
    (PlayCard(Card.parse("TD"), True, True), {"card": "TD", "declare": True, "bella": True}),
    (CLAIM, {"claim": True}),
    (CONCEDE_OFFER, {"concede_50": "offer"}),
    (CONCEDE_PLAY, {"concede_50": "play"}),
    (CONCEDE_ACCEPT, {"concede_50": "accept"}),
    (CONCEDE_REFUSE, {"concede_50": "refuse"}),
])
def test_each_action_is_written_as_record_md_says_and_read_back(action: Action, notation: dict[str, object]) -> None:
    assert action.notation() == notation
    assert json.dumps(action.notation()) == json.dumps(notation)
    assert parse_action(notation) == action


def test_input_notation_is_case_insensitive_and_accepts_10_for_t() -> None:
    assert parse_action({"bid": "h"}) == Bid("H")
    assert parse_action({"card": "10h"}) == PlayCard(Card.parse("TH"))


@pytest.mark.parametrize(("obj", "template", "params"), [
    ("QH", "an action must be an object", {}),
    ({}, "an action needs exactly one of bid, card, swap_seven, redeal, klabor, claim, concede_50, double, dave", {}),
    ({"bid": "play", "card": "QH"}, "an action needs exactly one of bid, card, swap_seven, redeal, klabor, claim, concede_50, double, dave", {}),
    ({"seat": 0, "bid": "play"}, "unknown key {key!r} in a {kind} action", {"key": "seat", "kind": "bid"}),
    ({"bid": "play", "declare": True}, "unknown key {key!r} in a {kind} action", {"key": "declare", "kind": "bid"}),
    ({"bid": "Z"}, "bad bid {value!r} (play, pass or a suit letter C D H S)", {"value": "Z"}),
    ({"bid": ["pass"]}, "bad bid {value!r} (play, pass or a suit letter C D H S)", {"value": ["pass"]}),
    ({"card": 12}, "bad card {value!r}", {"value": 12}),
    ({"card": "QH", "declare": 1}, "'declare' and 'bella' must be true or false", {}),
    ({"redeal": "whatever"}, "bad redeal reason {value!r} (four_sevens or low_points)", {"value": "whatever"}),
    ({"claim": False}, "'{kind}' must be true", {"kind": "claim"}),
])
def test_malformed_notation_is_refused_with_a_template_and_params(obj: object, template: str,
                                                                  params: dict[str, object]) -> None:
    with pytest.raises(MalformedActionError) as info:
        parse_action(obj)
    assert info.value.template == template
    assert dict(info.value.params) == params


def test_a_bad_card_is_refused_as_malformed() -> None:
    with pytest.raises(MalformedActionError):
        parse_action({"card": "ZZ"})


def _every_action_now(game: Game) -> list[Action]:
    deal = game.deal
    assert deal is not None
    found = list(deal.legal_actions())
    for seat in range(deal.n):
        found += deal.optional_actions(seat)
    return found


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
@pytest.mark.parametrize(("preset", "players"), SETUPS)
def test_every_legal_action_round_trips_and_is_what_a_saved_record_holds(preset: str, players: int,
                                                                         seed: int) -> None:
    rng = random.Random(seed)
    game = Game(Rules.preset(preset, players=players), first_dealer=seed % players, seed=seed)
    for _ in range(3):
        if game.is_over:
            break
        deal = game.start_deal()
        while not deal.is_over:
            for action in _every_action_now(game):
                assert parse_action(action.notation()) == action
                assert parse_action(json.loads(json.dumps(action.notation()))) == action
            seat = deal.to_act
            assert seat is not None
            moves: list[tuple[int, Action]] = [(seat, a) for a in deal.legal_actions() if not isinstance(a, Claim)]
            if not moves or rng.random() < 0.1:
                moves += [(s, a) for s in range(players) for a in deal.optional_actions(s)]
            if not moves:
                moves = [(seat, a) for a in deal.legal_actions()]
            game.apply(*rng.choice(moves))
    saved = json.loads(json.dumps(record_from_game(game, [{"name": str(s), "kind": "bot"} for s in range(players)])))
    for deal, deal_doc in zip(game.deals, saved["deals"], strict=True):
        assert len(deal.log) == len(deal_doc["actions"])
        for (seat, action), obj in zip(deal.log, deal_doc["actions"], strict=True):
            assert obj["seat"] == seat
            assert json.dumps(action.notation()) == json.dumps({k: v for k, v in obj.items() if k != "seat"})
            assert parse_action({k: v for k, v in obj.items() if k != "seat"}) == action
