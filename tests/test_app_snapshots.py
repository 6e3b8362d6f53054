"""Snapshots of the main screens at 80×24 with fixed seeds and first-legal bots (deterministic).

Update the baselines with ``pytest tests/test_app_snapshots.py --snapshot-update`` after a deliberate change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal_bots, human_move, settle, table_screen

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.modals import DealSummaryScreen

SIZE = (80, 24)
LOOK = Look()


@pytest.fixture(autouse=True)
def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    first_legal_bots(monkeypatch)


def table_app() -> Any:
    return make_app(2, preset="moscow", seed=11, first_dealer=1, pace=0.0, look=LOOK)


async def play_deal(pilot: Any) -> None:
    for _ in range(60):
        await settle(pilot)
        if isinstance(pilot.app.screen, DealSummaryScreen):
            return
        await human_move(pilot)
    raise AssertionError("the deal did not end")


def test_new_game_screen(snap_compare: Any) -> None:
    assert snap_compare(make_app(pace=0.0, look=LOOK), terminal_size=SIZE)


def test_bidding(snap_compare: Any) -> None:
    async def run_before(pilot: Any) -> None:
        await settle(pilot)

    assert snap_compare(table_app(), terminal_size=SIZE, run_before=run_before)


def test_mid_trick(snap_compare: Any) -> None:
    async def run_before(pilot: Any) -> None:
        for _ in range(30):
            await settle(pilot)
            deal = table_screen(pilot.app).table.game.deal
            if deal.current_trick and deal.to_act == 0:
                return
            await human_move(pilot)
        raise AssertionError("no trick led by the bot")

    assert snap_compare(table_app(), terminal_size=SIZE, run_before=run_before)


def test_deal_summary(snap_compare: Any) -> None:
    assert snap_compare(table_app(), terminal_size=SIZE, run_before=play_deal)


def test_score_sheet(snap_compare: Any) -> None:
    async def run_before(pilot: Any) -> None:
        await play_deal(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_deal(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(table_app(), terminal_size=SIZE, run_before=run_before)
