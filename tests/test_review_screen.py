"""The review on screen (issue 23): from the game-over dialog to a decision's detail, by keys only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, screen_text, settle
from tablehelp import to_game_over
from test_app import quick_app

from deberc_tui.app.screens import review as review_screen
from deberc_tui.app.screens.match_end import GameOverScreen
from deberc_tui.app.screens.review import DecisionScreen, ReviewScreen


@pytest.fixture(autouse=True)
def _quick_review(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Few sampled deals and one process: the screens are checked here, not the precision."""
    monkeypatch.setattr(review_screen, "WORLDS", 2)
    monkeypatch.setattr(review_screen, "JOBS", 1)
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


async def _reviewed(pilot: Any) -> None:
    for _round in range(200):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, ReviewScreen) and screen.review is not None:
            return
    raise AssertionError("the review did not finish")


async def test_from_game_over_to_a_decision_as_the_player_saw_it_by_keys() -> None:
    app = quick_app(target=1, bots=["novice"], bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_over(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert "Review (r)" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await _reviewed(pilot)
        text = screen_text(app)
        assert "decisions judged" in text and "accuracy" in text
        assert "without luck" in text  # the score through the game, with the luck taken out
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DecisionScreen)
        first = app.screen.decision
        text = screen_text(app)
        assert "Hand:" in text and "alternative" in text
        assert f"Deal {first.deal}, action {first.action}" in text
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.index == app.screen.decisions.index(first) + 1 or app.screen.index == len(
            app.screen.decisions) - 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)  # back to the dialog, which still offers what comes next


# -- snapshots: the review and a decision, at 80×24 and 120×40, in English and Russian -------------------------

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


async def to_review(pilot: Any) -> None:
    await to_game_over(pilot)
    await pilot.press("r")
    await _reviewed(pilot)


async def to_decision(pilot: Any) -> None:
    await to_review(pilot)
    await pilot.press("down", "enter")  # the second costliest decision
    await settle(pilot)


STEPS = {"review": to_review, "decision": to_decision}


def _game_app() -> Any:
    from test_app_snapshots import table_app

    return table_app(target=101)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", STEPS)
def test_snapshot_review(snap_compare: Any, screen: str, size: str) -> None:
    assert snap_compare(_game_app(), terminal_size=SIZES[size], run_before=STEPS[screen])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", STEPS)
def test_snapshot_review_ru(snap_compare: Any, screen: str, size: str) -> None:
    from deberc_tui.text.i18n import set_language

    set_language("ru")
    assert snap_compare(_game_app(), terminal_size=SIZES[size], run_before=STEPS[screen])


async def test_a_saved_game_is_reviewed_from_the_list_and_its_review_kept_beside_it() -> None:
    from test_saved_games import finished_doc, open_saved_screen, put

    from deberc_tui import saved_games
    from deberc_tui.app import make_app
    from deberc_tui.app.look import Look

    path = put("20261129-100000-aaaaaa.json", finished_doc(), 1_764_400_000.0)
    app = make_app(pace=0.0, look=Look(), bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_screen(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await _reviewed(pilot)
        assert "Review: Anna (seat 1)" in screen_text(app)
    assert path.with_name(path.name + ".review").exists()
    assert [g.path for g in saved_games.list_games().games] == [path]  # the kept review is not a game


async def test_a_hot_seat_game_s_review_switches_between_its_human_players_by_a_key() -> None:
    from test_saved_games import finished_doc, open_saved_screen, put

    from deberc_tui.app import make_app
    from deberc_tui.app.look import Look

    doc = finished_doc()
    doc["players"][1] = {"name": "Boris", "kind": "human"}  # two people at one terminal
    put("20261129-100000-bbbbbb.json", doc, 1_764_400_000.0)
    app = make_app(pace=0.0, look=Look(), bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_screen(pilot)
        await pilot.press("r")
        await _reviewed(pilot)
        text = screen_text(app)
        assert "Review: Anna (seat 1) · player 1 of 2" in text and "s: the next player" in text
        anna = app.screen.review
        await pilot.press("s")
        await _reviewed(pilot)
        assert "Review: Boris (seat 2) · player 2 of 2" in screen_text(app)
        assert app.screen.review is not None and app.screen.review.seat == 1
        assert app.screen.review.decisions != anna.decisions
        await pilot.press("s")
        await pilot.pause()
        assert "Review: Anna (seat 1) · player 1 of 2" in screen_text(app)
        assert app.screen.review is anna  # seen already: at once
