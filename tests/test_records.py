"""Game records (RECORD.md): reading, checking, saving, and `deberc replay`'s output and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deberc_tui.cli import main
from deberc_tui.engine import Bid, Card, Game, PlayCard, Rules, stack_deck
from deberc_tui.records import (
    RecordError,
    load_record,
    parse_record,
    record_from_game,
    replay_json,
    replay_match,
    replay_record,
    save_record,
)

PLAYERS = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]


def finished_two_player_deal() -> Game:
    """Boris (seat 1) plays hearts with J, 9, A of trump and wins every trick."""
    deck = stack_deck(
        2, 0,
        {1: "JH 9H AH AS AC AD TH KH QH", 0: "7S 8S 9S 7C 8C 9C 7D 8D 9D"},
        turnup="7H", bottom="KD",
    )
    game = Game(Rules.preset("moscow", players=2, target=301), first_dealer=0)
    deal = game.start_deal(deck)
    game.apply(1, Bid("play"))
    lead = ["JH", "9H", "AH", "TH", "KH", "QH", "AS", "AC", "AD"]
    for card in lead:
        game.apply(1, PlayCard(Card.parse(card)))
        seat0 = deal.legal_actions()[0]
        game.apply(0, seat0)
    return game


def doc_of(game: Game) -> dict:
    return record_from_game(game, PLAYERS)


def test_a_saved_record_loads_and_replays_to_the_same_sheet(tmp_path: Path) -> None:
    game = finished_two_player_deal()
    path = tmp_path / "game.json"
    save_record(path, doc_of(game))
    again = replay_record(load_record(path))
    assert replay_json(again) == replay_json(game)
    assert replay_json(again)["deals"][0]["outcome"] == "made"


def test_a_record_that_stops_mid_deal_is_a_game_in_progress() -> None:
    game = finished_two_player_deal()
    doc = doc_of(game)
    doc["deals"][0]["actions"] = doc["deals"][0]["actions"][:5]
    out = replay_json(replay_record(load_record(doc)))
    assert out["deals"][0]["outcome"] == "in_progress"
    assert out["finished"] is False and out["winner"] is None


def test_ten_is_accepted_as_t_in_card_notation() -> None:
    doc = doc_of(finished_two_player_deal())
    doc["deals"][0]["deck"] = [c.replace("T", "10").lower() for c in doc["deals"][0]["deck"]]
    assert replay_json(replay_record(load_record(doc)))["deals"][0]["outcome"] == "made"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "'format' must be"),
        (lambda d: d["rules"].update(colour="red"), "unknown rule option 'colour'"),
        (lambda d: d["rules"].update(target=-5), "'target' must be a positive"),
        (lambda d: d["deals"][0]["deck"].pop(), "the deck must hold the 32 cards"),
        (lambda d: d["deals"][0]["deck"].__setitem__(0, d["deals"][0]["deck"][1]), "twice"),
        (lambda d: d["deals"][0]["actions"].__setitem__(0, {"seat": 1, "bid": "maybe"}), "deal 1, action 1: bad bid"),
        (lambda d: d["deals"][0]["actions"].__setitem__(0, {"seat": 0, "bid": "play"}), "cannot bid now: it is seat 2's turn"),
        (lambda d: d["deals"][0]["actions"].append({"seat": 0, "card": "7S"}), "deal 1, action 20: the deal is already over"),
    ],
)
def test_invalid_records_are_refused_with_a_message_naming_the_place(change, message: str) -> None:
    doc = doc_of(finished_two_player_deal())
    change(doc)
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        replay_record(load_record(doc))


def test_an_illegal_card_names_deal_action_seat_and_rule() -> None:
    doc = doc_of(finished_two_player_deal())
    actions = doc["deals"][0]["actions"]
    deck = stack_deck(2, 0, {1: "JH 9H AH AS AC AD TH KH QH", 0: "7S 8S 9S 7C 8C 9C 7D 8D QD"}, "7H", "KD")
    doc["deals"][0]["deck"] = [c.notation for c in deck]
    actions[:] = [{"seat": 1, "bid": "play"}, {"seat": 1, "card": "AD"}, {"seat": 0, "card": "7S"}]
    with pytest.raises(RecordError) as info:
        replay_record(load_record(doc))
    assert str(info.value) == "deal 1, action 3: Anna (seat 1) must follow suit ♦ (holds QD, 8D, 7D)"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_replay_prints_the_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_record(path, doc_of(finished_two_player_deal()))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "Boris takes trump ♥" in result.output
    assert "Anna" in result.output and "Boris" in result.output


def test_replay_json_follows_record_md(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_record(path, doc_of(finished_two_player_deal()))
    result = run("replay", str(path), "--json")
    out = json.loads(result.output)
    assert set(out) == {"sides", "deals", "totals", "finished", "winner", "games", "match_points"}
    assert set(out["deals"][0]) == {
        "dealer", "outcome", "bidder", "trump", "points", "combos_side", "written", "penalties", "hanging", "totals",
        "game",
    }
    assert out["sides"] == [[0], [1]]
    assert out["deals"][0]["bidder"] == 1 and out["deals"][0]["trump"] == "H"


def test_replay_reads_standard_input() -> None:
    doc = doc_of(finished_two_player_deal())
    result = run("replay", "-", "--json", input=json.dumps(doc))
    assert result.exit_code == 0
    assert json.loads(result.output)["deals"][0]["outcome"] == "made"


@pytest.mark.parametrize("text", ["{", "[]", '{"format": "deberc-record/1", "players": []}'])
def test_replay_of_bad_input_exits_2_with_one_line_and_no_traceback(text: str) -> None:
    result = run("replay", "-", input=text)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output


# -- records made before the concession for fifty came before the extra cards (issue 21) --------------------------

_FIFTY_HANDS = {1: "JH 9H 7H TH KH AS AD AC TS", 0: "7C 8C QC 7D 8D QD 7S 9S JS"}  # dealer 0: seat 1 bids first


def _fifty_record(actions: list[dict[str, object]]) -> dict[str, object]:
    deck = stack_deck(2, 0, _FIFTY_HANDS, turnup="8H")
    return {"format": "deberc-record/1", "rules": {"preset": "fifty"},
            "players": [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "human"}],
            "first_dealer": 0, "deals": [{"deck": [c.notation for c in deck], "actions": actions}]}


def _played_out(record: dict[str, object]) -> dict[str, object]:
    """The record with its deal played to the end by the first legal card of each seat."""
    match = replay_match(parse_record(record))
    while not match.game.deal.is_over:
        seat = match.to_act
        match.apply(seat, next(a for a in match.legal_actions() if isinstance(a, PlayCard)))
    return record_from_game(match, record["players"])  # type: ignore[arg-type]


def _sheet(record: dict[str, object]) -> dict[str, object]:
    return replay_json(replay_match(parse_record(record)))


def test_a_deal_recorded_with_the_extra_cards_dealt_before_the_concession_still_replays() -> None:
    # RECORD.md until issue 21: no "play" step — the extra cards came with the trump, the first card followed
    new = _played_out(_fifty_record([{"seat": 1, "bid": "play"}, {"seat": 0, "concede_50": "play"}]))
    actions = new["deals"][0]["actions"]  # type: ignore[index]
    assert actions[1] == {"seat": 0, "concede_50": "play"}
    old = _fifty_record([actions[0], *actions[2:]])
    assert _sheet(old) == _sheet(new)
    assert record_from_game(replay_match(parse_record(old)), old["players"]) == new  # type: ignore[arg-type]


@pytest.mark.parametrize("answer", ["refuse", "accept"])
def test_an_old_record_with_a_swap_before_the_offer_to_concede_still_replays(answer: str) -> None:
    # until issue 21 the trump seven could be swapped before the defender's offer; the offer now comes first
    bid, swap = {"seat": 1, "bid": "play"}, {"seat": 1, "swap_seven": True}
    offer, reply = {"seat": 0, "concede_50": "offer"}, {"seat": 1, "concede_50": answer}
    if answer == "accept":
        old = _fifty_record([bid, swap, offer, reply])
        assert _sheet(old) == _sheet(_fifty_record([bid, offer, reply]))
        assert _sheet(old)["deals"][0]["written"] == [0, 50]
        return
    new = _played_out(_fifty_record([bid, offer, reply, swap]))
    cards = new["deals"][0]["actions"][4:]  # type: ignore[index]
    old = _fifty_record([bid, swap, offer, reply, *cards])
    assert _sheet(old) == _sheet(new) and _sheet(old)["deals"][0]["outcome"] != "conceded"
