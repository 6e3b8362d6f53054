"""Practice near the end of a game (issue 21): the score says whose it is, and the bids are graded by the chance of
winning the game as well as by the deal's points — a bid that raises that chance from 12% to 32% is the best bid
even when it loses deal points — and the verdict says which it went by."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deberc_tui.app.screens.practice import PracticeApp, score_text, verdict_text
from deberc_tui.cli import main
from deberc_tui.engine import Card, Rules, parse_cards
from deberc_tui.practice.evaluate import GAME, POINTS, BidValue, Evaluation, evaluate, play_out, playout_seats
from deberc_tui.practice.history import History
from deberc_tui.practice.position import make_position

RULES = Rules.preset("moscow", players=2)


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


def late(score: tuple[int, int] = (470, 120)) -> Any:
    """First to speak (side 1; side 0 deals) far behind, the dealer close to 501: only a big deal keeps the game
    alive."""
    return make_position(RULES, parse_cards("JH 9H 7C 8D 7S 9S"), Card.parse("AH"), "first", totals=score)


def gamble_or_safety(score: tuple[int, int] = (470, 120)) -> Evaluation:
    # play: loses 20 deal points on average, but wins the game 32% of the time; pass: +10 points, 12% of games
    play = BidValue("play", [-20.0, -25.0, -15.0, -20.0], chances=[0.3, 0.35, 0.3, 0.33])
    passed = BidValue("pass", [10.0, 12.0, 8.0, 10.0], chances=[0.12, 0.1, 0.14, 0.12])
    return Evaluation(late(score), [play, passed], 4, 0.1)


def test_near_the_end_a_bid_that_raises_the_chance_of_winning_the_game_is_best() -> None:
    ev = gamble_or_safety()
    assert ev.basis == GAME and ev.best.bid == "play"
    decision = History.load().add(ev, "play")
    assert decision.rating == "best"
    assert verdict_text(ev, "play", decision) == (
        "Best bid.\nGraded by the chance of winning the game: near the end a deal's points count only as they win "
        "or lose it.")


def test_near_the_end_the_safe_bid_that_loses_the_game_is_graded_by_the_chance_lost() -> None:
    ev = gamble_or_safety()
    decision = History.load().add(ev, "pass")
    assert decision.rating == "blunder" and decision.basis == GAME and round(decision.loss) == 20
    assert verdict_text(ev, "pass", decision).startswith(
        "Blunder: you lose 20% of your chance to win the game against Play.\nGraded by the chance of winning the game")


def test_far_from_the_end_the_same_numbers_are_graded_by_points() -> None:
    ev = gamble_or_safety(score=(40, 60))
    assert ev.basis == POINTS and ev.best.bid == "pass"
    decision = History.load().add(ev, "play")
    assert decision.rating == "mistake"
    assert verdict_text(ev, "play", decision) == (
        "Mistake: you lose 30.0 points against Pass.\nGraded by the deal's expected points.")


def test_a_world_gives_the_chance_of_winning_the_game_after_its_deal() -> None:
    position = late((480, 120))
    deal = position.deal_with(list(__import__("deberc_tui.engine", fromlist=["DECK"]).DECK))
    from deberc_tui.engine.actions import BIDS

    deal.apply(position.seat, BIDS["pass"])
    world = play_out(deal, playout_seats("heuristic", 0, 2), position.totals, 0)
    assert len(world.chances) == 2 and 0.0 <= world.chances[0] <= 1.0
    if world.game_winner is not None:
        assert world.chances[world.game_winner] == 1.0


def test_the_evaluation_of_a_late_position_is_graded_by_the_game() -> None:
    ev = evaluate(late((420, 380)), seed=1, max_seconds=1e9, target_se=0.0, min_worlds=40, max_worlds=40)
    assert ev.basis == GAME and ev.to_json()["graded_by"] == "game"
    assert ev.best.chance == max(b.chance for b in ev.bids)


@pytest.mark.parametrize(("players", "totals", "words"), [  # first to speak: side 1 (the dealer's side is 0)
    (2, (40, 250), "Score: you 250, your opponent 40"),
    (4, (300, 120), "Score: your side 120, the other side 300"),
])
def test_the_score_says_whose_it_is(players: int, totals: tuple[int, int], words: str) -> None:
    rules = Rules.preset("moscow", players=players)
    pos = make_position(rules, parse_cards("JH 9H 7C 8D 7S 9S"), Card.parse("AH"), "first", totals=totals)
    assert score_text(pos) == words


def test_with_three_players_the_others_are_named_by_their_seat() -> None:
    rules = Rules.preset("moscow", players=3)
    pos = make_position(rules, parse_cards("JH 9H 7C 8D 7S 9S"), Card.parse("AH"), "first", totals=(100, 200, 300))
    assert score_text(pos) == "Score: you 200, the dealer 100, second to speak 300"


async def test_the_practice_screen_says_whose_score_and_what_the_verdict_went_by() -> None:
    app = PracticeApp(RULES, seed=5, worlds=6)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Score: you " in text and "your opponent " in text
        await pilot.press("1")
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Graded by the" in text


def test_evaluate_says_what_it_graded_by() -> None:
    result = CliRunner().invoke(main, ["practice", "--evaluate", "--hand", "JH 9H 7C 8D 7S 9S", "--turnup", "AH",
                                       "--score", "420,380", "--worlds", "40", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "graded by the chance of winning the game (near its end)" in result.output


def test_when_every_bid_leaves_the_same_chance_the_points_decide() -> None:
    # 120 against 470: the game is about as lost whatever is bid — the deal's points tell the bids apart
    play = BidValue("play", [-20.0, -25.0, -15.0, -20.0], chances=[0.0, 0.01, 0.0, 0.0])
    passed = BidValue("pass", [10.0, 12.0, 8.0, 10.0], chances=[0.0, 0.0, 0.01, 0.0])
    ev = Evaluation(late(), [play, passed], 4, 0.1)
    assert ev.basis == POINTS and ev.best.bid == "pass"
    decision = History.load().add(ev, "play")
    assert verdict_text(ev, "play", decision) == (
        "Mistake: you lose 30.0 points against Pass.\nGraded by the deal's expected points: the chance of winning "
        "the game is about the same whatever you bid.")
