"""RECORD.md's match parts: a record holds a whole match (offers included), ``replay --json`` gives every deal's
``game`` and the ``games`` / ``match_points``, the text sheet shows each game's end; old records replay as before."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deberc_tui.cli import main
from deberc_tui.engine import Rules
from deberc_tui.engine.actions import DOUBLE_OFFER, DOUBLE_REFUSE, Dave, Double
from deberc_tui.engine.match import Match
from deberc_tui.records import load_record, record_from_game, replay_json, replay_match, save_record

PLAYERS = [{"name": n, "kind": "bot", "bot": "random"} for n in ("Anna", "Boris", "Vera", "Gleb")]


def play_random_match(rules: Rules, seed: int, offers: float = 0.2, max_deals: int = 60) -> Match:
    """Random legal play; an offer is taken with probability ``offers`` when it is legal."""
    rng = random.Random(seed)
    match = Match(rules, first_dealer=rng.randrange(rules.players), seed=seed)
    while not match.is_over and len(match.deals) < max_deals:
        if match.needs_deal:
            match.start_deal()
        seat = match.to_act
        assert seat is not None
        legal = match.legal_actions()
        stakes = [a for a in legal if isinstance(a, Double | Dave)]
        plain = [a for a in legal if a not in stakes]
        pick = stakes if stakes and (not plain or rng.random() < offers) else plain
        match.apply(seat, rng.choice(pick))
    return match


def round_trip(match: Match) -> None:
    names = PLAYERS[:match.rules.players]
    doc = json.loads(json.dumps(record_from_game(match, names)))
    again = replay_match(load_record(doc))
    assert replay_json(again) == replay_json(match)
    assert record_from_game(again, names) == doc


def test_a_record_holds_a_whole_match_and_replays_to_the_same_json() -> None:
    match = play_random_match(Rules.preset("short", players=2), seed=4)
    assert match.is_over and len(match.games) > 1
    round_trip(match)
    out = replay_json(match)
    assert len(out["games"]) == len(match.games)
    assert [d["game"] for d in out["deals"]] == [i for i, g in enumerate(match.games) for _ in g.deals]
    assert out["finished"] is True and out["winner"] == match.winner
    assert out["match_points"] == [sum(g["game_points"][s] for g in out["games"]) for s in (0, 1)]


def test_offers_stand_in_the_deal_where_they_were_made() -> None:
    match = Match(Rules.preset("moscow", players=2, doubling="daivi", match_target=2), seed=8)
    match.start_deal()
    seat = match.to_act
    assert seat is not None
    match.apply(seat, DOUBLE_OFFER)
    match.apply(1 - seat, DOUBLE_REFUSE)
    doc = record_from_game(match, PLAYERS[:2])
    assert doc["deals"][0]["actions"] == [{"seat": seat, "double": "offer"}, {"seat": 1 - seat, "double": "refuse"}]
    out = replay_json(replay_match(load_record(doc)))
    assert out["deals"][0]["outcome"] == "double_refused"
    assert out["games"] == [{"winner": seat, "game_points": [1 if s == seat else 0 for s in (0, 1)], "multiplier": 1,
                             "money": [0, 0]}]
    assert out["finished"] is False and out["winner"] is None  # the match goes on to 2


def test_a_lone_game_has_one_games_entry() -> None:
    match = play_random_match(Rules.preset("moscow", players=3, target=201), seed=1)
    out = replay_json(match.game)
    assert len(out["games"]) == 1 and out["games"][0]["multiplier"] == 1 and out["games"][0]["money"] == [0, 0, 0]
    assert out["finished"] is True and out["winner"] == match.game.outcome.winner  # type: ignore[union-attr]


def test_a_short_record_written_before_matches_replays_as_one_game() -> None:
    """An old record's full set of options names no match option: the short preset's match to 9 does not apply."""
    match = play_random_match(Rules.preset("short", players=2, match_target=None, doubling="none"), seed=2)
    doc = record_from_game(match, PLAYERS[:2])
    for key in ("match_target", "doubling", "dave_progression", "money", "stake"):
        del doc["rules"][key]
    out = replay_json(replay_match(load_record(doc)))
    assert out["finished"] is True and len(out["games"]) == 1


def test_a_deal_after_the_match_is_over_is_refused(tmp_path: Path) -> None:
    match = play_random_match(Rules.preset("short", players=2), seed=6)
    doc = record_from_game(match, PLAYERS[:2])
    doc["deals"].append({"deck": doc["deals"][0]["deck"], "actions": []})
    path = tmp_path / "m.json"
    save_record(path, doc)
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"deal {len(doc['deals'])}: the match is already over" in result.output


def test_the_text_sheet_shows_each_games_end_game_points_multiplier_and_money(tmp_path: Path) -> None:
    rules = Rules.preset("short", players=2, match_target=3, money="per_game", stake=10)
    match = play_random_match(rules, seed=9, offers=0.5)
    path = tmp_path / "m.json"
    save_record(path, record_from_game(match, PLAYERS[:2]))
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    for game in match.settled:
        winner = PLAYERS[game.winner]["name"]
        points = ", ".join(f"{PLAYERS[s]['name']} {p}" for s, p in enumerate(game.game_points))
        assert f"Game {game.index + 1}: {winner} wins; game points {points} (×{game.multiplier})" in out
        money = ", ".join(f"{PLAYERS[s]['name']} {m:+d}" for s, m in enumerate(game.money))
        assert f"money: {money}" in out
    assert "match: Anna" in out and "(to 3)" in out
    assert f"winner of the match: {PLAYERS[match.winner or 0]['name']}" in out


def test_the_story_tells_the_offers_and_answers(tmp_path: Path) -> None:
    match = Match(Rules.preset("short", players=2), seed=3)
    match.start_deal()
    seat = match.to_act
    assert seat is not None
    match.apply(seat, Dave("offer"))
    match.apply(1 - seat, Dave("play"))
    path = tmp_path / "m.json"
    save_record(path, record_from_game(match, PLAYERS[:2]))
    out = CliRunner().invoke(main, ["replay", str(path)]).output
    assert f"{PLAYERS[seat]['name']} says «даве» at stake 1" in out
    assert f"{PLAYERS[1 - seat]['name']} plays on for stake 2" in out
    assert "match in progress" in out


MATCH_OPTIONS: dict[str, Any] = {
    "match_target": st.sampled_from([None, 1, 2, 3]),
    "doubling": st.sampled_from(["none", "daivi", "dave"]),
    "dave_progression": st.sampled_from(["arithmetic", "geometric"]),
    "money": st.sampled_from(["none", "per_game", "deficit", "difference"]),
    "stake": st.sampled_from([1, 3]),
    "mars": st.booleans(),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), short=st.booleans(), seed=st.integers(0, 10_000),
       options=st.fixed_dictionaries(MATCH_OPTIONS))
def test_random_matches_keep_the_books_invariants_and_replay_from_their_records(
        players: int, short: bool, seed: int, options: dict[str, Any]) -> None:
    rules = Rules.preset("moscow", players=players, short=short, target=151, **options)
    match = play_random_match(rules, seed)
    for game in match.settled:
        assert sum(game.money) == 0  # zero-sum per game
        assert sum(game.game_points) >= game.multiplier
        assert game.money[game.winner] >= 0
        if rules.money == "none":
            assert game.money == (0,) * rules.sides
    points = match.match_points
    if match.is_over:
        assert match.winner is not None
        target = rules.match_target or 1
        assert points[match.winner] >= target
    if rules.doubling == "none" or players != 2:
        assert all(g.multiplier == 1 for g in match.settled)
    round_trip(match)
