"""Practise this (issue 23): a card a reviewed game lost points with becomes a position to play again in practice;
the review's judge values every card there, and the pick is graded as the review grades a card."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_practice_ui import run_keys, screen_text, settle

from deberc_tui.app.look import Look
from deberc_tui.app.screens.practice import PracticeApp
from deberc_tui.bot_hosting.registry import make_bot
from deberc_tui.engine import DECK, Bid, Card, PlayCard, Rules, parse_cards, stack_deck
from deberc_tui.engine.match import Match
from deberc_tui.play.loop import PlayLoop
from deberc_tui.play.seats import BotSeat
from deberc_tui.practice.history import History
from deberc_tui.records import Record, load_record, record_from_game
from deberc_tui.review.drill import card_moment, drill, judge_card, moment_of
from deberc_tui.review.report import Decision
from deberc_tui.review.run import review_record
from deberc_tui.text.i18n import set_language

WORLDS = 8
SEED = 2
PLAYERS = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


@cache
def given_away() -> tuple[Record, Decision]:
    """Boris bids hearts and leads the ten of clubs; Anna holds the ace and the seven of clubs and plays the seven:
    the review's worst decision, a card that gives a sure trick away."""
    deck = list(DECK)
    random.Random(8).shuffle(deck)
    hands = {0: parse_cards("AC 7C 8D 9D QS KS 8S 9S JD"), 1: parse_cards("TC KH QH 9H AH 7D")}
    match = Match(Rules.preset("moscow", players=2), first_dealer=0)
    match.start_deal(stack_deck(2, 0, hands, "JH", fill=deck))
    match.apply(1, Bid("play"))
    match.apply(1, PlayCard(Card.parse("TC")))
    match.apply(0, PlayCard(Card.parse("7C")))
    PlayLoop(match, [BotSeat(make_bot("heuristic", seed=4 + s), None) for s in range(2)], ask_optional=False).play_on()
    record = load_record(record_from_game(match, PLAYERS))
    [review] = review_record(record, [0], worlds=WORLDS, seed=SEED)
    return record, review.worst()[0]


def drilled(path: Path | None = None) -> History:
    record, mistake = given_away()
    history = History.load(path)
    assert drill(record, mistake, history, worlds=WORLDS, seed=SEED) is not None
    return history


def test_a_card_mistake_becomes_a_position_kept_in_the_practice_record() -> None:
    _record, mistake = given_away()
    assert (mistake.kind, mistake.chosen, mistake.best) == ("card", PlayCard(Card.parse("7C")),
                                                           PlayCard(Card.parse("AC")))
    drilled()
    [kept] = History.load().mistakes()  # read back from the file: `m` in practice finds it
    assert (kept.kind, kept.chosen, kept.best, kept.rating) == ("card", "7C", "AC", mistake.label)
    assert kept.loss == round(mistake.loss, 1)
    assert sorted(kept.position["hand"]) == sorted(["AC", "7C", "8D", "9D", "QS", "KS", "8S", "9S", "JD"])
    assert kept.position["trump"] == "H"


def test_the_position_is_the_seat_s_view_when_it_played_and_the_judge_gives_the_review_s_numbers() -> None:
    record, mistake = given_away()
    [kept] = drilled().mistakes()
    moment = card_moment(kept.position)
    original = moment_of(record, mistake)
    assert original is not None
    assert (moment.view, moment.history, moment.options) == (original.view, original.history, original.options)
    again = judge_card(kept.position, Card.parse("7C"))
    assert again is not None and again.to_json() == mistake.to_json()  # the same worlds, the same verdict
    best = judge_card(kept.position, Card.parse("AC"))
    assert best is not None and (best.label, best.loss) == ("best", 0.0)


def test_a_file_of_bids_stays_version_1_and_a_card_makes_it_version_2(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    drilled(path)
    doc = json.loads(path.read_text())
    assert doc["version"] == 2 and doc["decisions"][0]["kind"] == "card"
    bids_only = {"format": "deberc-practice", "version": 1, "decisions": [
        {"position": {"preset": "moscow", "players": 2, "rules": Rules.preset("moscow", players=2).to_dict(),
                      "hand": ["9C", "9D", "8H", "7S", "8S", "TS"], "turnup": "AH", "seat": "first", "round": 1,
                      "score": [0, 0], "hanging": 0, "target": 501},
         "chosen": "play", "best": "pass", "loss": 42.0, "rating": "mistake", "evaluation": {}}]}
    path.write_text(json.dumps(bids_only))
    old = History.load(path)  # a file an older deberc wrote loads as it was
    assert [(d.kind, d.chosen) for d in old.decisions] == [("bid", "play")] and not old.notes
    old.save()
    assert json.loads(path.read_text())["version"] == 1


def test_a_card_position_that_does_not_replay_is_kept_aside_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    drilled(path)
    doc = json.loads(path.read_text())
    doc["decisions"][0]["position"]["record"]["deals"][0]["actions"][1]["card"] = "AS"  # not Boris's card
    path.write_text(json.dumps(doc))
    found = History.load(path)
    assert found.decisions == []
    [note] = found.notes
    assert "\n" not in note and "1 of 1 entry cannot be read" in note and "kept as practice.json.unreadable" in note


# -- on screen: the card played again, by keys ------------------------------------------------------------------


def card_app() -> PracticeApp:
    drilled()
    return PracticeApp(Rules.preset("moscow", players=2), seed=5, worlds=4, look=Look(), mistakes=True)


async def test_a_card_mistake_is_played_again_by_keys_and_the_tutor_names_the_best_card() -> None:
    app = card_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "A card from a reviewed game, as Anna saw it (deal 1):" in text
        assert "Trump ♥ (Boris took it)" in text and "On the table: Boris 10♣" in text
        assert "1 A♣" in text and "2 7♣" in text and "Your card?" in text
        await pilot.press("2")  # the seven again
        await settle(pilot)
        text = screen_text(app)
        _record, mistake = given_away()
        assert f"Mistake: you lose {mistake.loss:.1f} points against A♣." in text
        assert "A♣ scores best" in text
        rows = [line.split() for line in text.splitlines() if "♣" in line and ("+" in line or "-" in line)]
        assert [r[0] for r in rows if r[0] in ("▶", "A♣")] == ["A♣", "▶"]  # the best first, your card marked
    record = History.load()
    assert [(d.kind, d.chosen, d.rating) for d in record.decisions][-1] == ("card", "7C", "mistake")


async def test_the_best_card_played_again_is_called_best() -> None:
    app = card_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert "Best card." in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("keys", [(), ("2",)], ids=["position", "verdict"])
def test_snapshot_card_drill(snap_compare: Any, lang: str, keys: tuple[str, ...]) -> None:
    set_language(lang)
    assert snap_compare(card_app(), terminal_size=(80, 24), run_before=run_keys(*keys))


def test_practice_review_lists_a_card_mistake_in_one_line() -> None:
    from click.testing import CliRunner

    from deberc_tui.cli import main

    drilled()
    result = CliRunner().invoke(main, ["practice", "--review"], prog_name="deberc")
    assert result.exit_code == 0, result.output
    _record, mistake = given_away()
    line = next(x for x in result.stdout.splitlines() if x.startswith("  1. "))
    assert f"/ trump ♥, deal 1: you 7♣, best A♣ (-{mistake.loss:.1f}) ({mistake.label})" in line
