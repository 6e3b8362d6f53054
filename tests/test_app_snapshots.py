"""Snapshots of every screen and dialog of the game at 80×24 and 120×40, with fixed seeds and first-legal bots.

Update the baselines with ``pytest tests/test_app_snapshots.py --snapshot-update`` after a deliberate change,
then look at the pictures (``rsvg-convert`` turns the SVGs of the report into PNGs). The Russian screens are
in tests/test_i18n.py; practice, the score pad and the saved games have their own.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from apphelp import always, first_legal, human_move, settle, table_screen
from tablehelp import Passer, play_deal, to_game_over, to_mid_trick, to_play, to_score_sheet

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.engine import PlayCard, Rules

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
LOOK = Look()
DECLARE_AND_BELLA_SEED = 47  # seat 0 leads holding a combination and the trump K+Q (found by a search)

Steps = Callable[[Any], Awaitable[None]]


@pytest.fixture(autouse=True)
def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


def table_app(seed: int = 11, players: int = 2, target: int = 501, **kw: Any) -> Any:
    """A table of first-legal bots (stable pictures whatever the real bots learn)."""
    args: dict[str, Any] = {"seed": seed, "first_dealer": 1, "pace": 0.0, "look": LOOK, "bot_maker": first_legal}
    args.update(kw)
    return make_app(Rules.preset("moscow", players=players, target=target), **{"bot_maker": first_legal, **args})


async def to_last_trick(pilot: Any) -> None:
    await to_play(pilot)
    for _ in range(6):
        await human_move(pilot)
        await settle(pilot)
    await pilot.press("l")
    await pilot.pause()


async def to_revealed_hands(pilot: Any) -> None:
    await play_deal(pilot)
    await pilot.press("v")
    await pilot.pause()


async def to_statistics(pilot: Any) -> None:
    await to_game_over(pilot)
    await pilot.press("s")
    await pilot.pause()


async def to_help(pilot: Any) -> None:
    await settle(pilot)
    await pilot.press("question_mark")
    await pilot.pause()


async def to_quit_question(pilot: Any) -> None:
    await settle(pilot)
    await pilot.press("q")
    await pilot.pause()


async def to_house_rules(pilot: Any) -> None:
    await pilot.pause()
    pilot.app.screen.action_house_rules()
    await pilot.pause()


async def to_declare_and_bella(pilot: Any) -> None:
    await to_play(pilot)
    view = table_screen(pilot.app).session.game.view(0)
    assert any(isinstance(a, PlayCard) and a.declare for a in view.legal)
    assert any(isinstance(a, PlayCard) and a.bella for a in view.legal)


async def to_round_two(pilot: Any) -> None:
    await settle(pilot)
    await pilot.press("x")  # the human passes in round 1 too
    await settle(pilot)
    assert table_screen(pilot.app).session.game.view(0).bid_round == 2


SCREENS: dict[str, tuple[Callable[[], Any], Steps | None]] = {
    "new_game": (lambda: make_app(pace=0.0, look=LOOK, bot_maker=first_legal), None),
    "house_rules": (lambda: make_app(pace=0.0, look=LOOK, bot_maker=first_legal), to_house_rules),
    "bidding": (table_app, settle),
    "bidding_round_two": (lambda: table_app(first_dealer=0, bot_maker=always(Passer())), to_round_two),
    "play_declare_and_bella": (lambda: table_app(seed=DECLARE_AND_BELLA_SEED), to_declare_and_bella),
    "mid_trick": (table_app, to_mid_trick),
    "four_players": (lambda: table_app(players=4, bots=["random"] * 3), to_mid_trick),
    "last_trick": (table_app, to_last_trick),
    "score_sheet": (table_app, to_score_sheet),
    "deal_summary": (table_app, play_deal),
    "revealed_hands": (table_app, to_revealed_hands),
    "game_over": (lambda: table_app(target=101), to_game_over),
    "statistics": (lambda: table_app(target=101), to_statistics),
    "help": (table_app, to_help),
    "quit_question": (table_app, to_quit_question),
    "privacy": (lambda: table_app(bots=["human"], names=["Anna", "Boris"]), settle),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screen(snap_compare: Any, monkeypatch: pytest.MonkeyPatch, screen: str, size: str) -> None:
    build, steps = SCREENS[screen]
    assert snap_compare(build(), terminal_size=SIZES[size], run_before=steps)
