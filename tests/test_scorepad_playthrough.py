"""The score pad end to end, by key presses only: a new pad, three deals, an edit, an undo, the totals on screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.keys import _character_to_key

from deberc_tui.app.screens.scorepad import DealFormScreen, NewPadScreen, PadScreen, ScorePadScreen, make_app
from deberc_tui.scorepad import PadStore


def _seen(app: Any) -> str:
    """What the terminal shows now, row by row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _row(app: Any, number: int) -> list[str]:
    """The words of the sheet's row ``number`` as drawn."""
    for line in _seen(app).splitlines():
        words = line.split()
        if words and words[0] == str(number):
            return words
    raise AssertionError(f"no row {number} on screen:\n{_seen(app)}")


def _status(app: Any) -> str:
    return str(app.screen.query_one("#status").render()).strip()


async def _keys(pilot: Any, *keys: str) -> None:
    await pilot.press(*keys)


async def _type(pilot: Any, text: str) -> None:
    """Characters into the focused box, sent as one quick burst (the pilot's one-by-one waits are slow)."""
    app = pilot.app
    for char in text:
        event = events.Key(char if char.isalnum() else _character_to_key(char), char)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()


async def _deal(pilot: Any, bidder_downs: int, trump_downs: int, first: str, first_decl: str, second: str) -> None:
    """One played-out deal through the form: who bid and the trump from the drop-downs, then the points."""
    await _keys(pilot, "a")
    assert isinstance(pilot.app.screen, DealFormScreen)
    await _keys(pilot, "tab", "tab")  # what happened: played out; dealer: as suggested
    await _keys(pilot, "enter", *["down"] * bidder_downs, "enter", "tab")  # took trump; Tab on to the trump
    if trump_downs:
        await _keys(pilot, "enter", *["down"] * trump_downs, "enter")
    await _keys(pilot, "tab")  # on to the first side's card points
    await _type(pilot, first)
    await _keys(pilot, "tab")
    await _type(pilot, first_decl)
    await _keys(pilot, "tab", "tab")
    await _type(pilot, second)
    await _keys(pilot, "enter")
    assert isinstance(pilot.app.screen, PadScreen), _seen(pilot.app)


async def test_a_game_on_the_score_pad_by_keys_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScorePadScreen)
        assert "No pads yet: press n to start one." in _seen(app)

        await _keys(pilot, "n")
        assert isinstance(app.screen, NewPadScreen)
        await _type(pilot, "Anna, Boris")
        await _keys(pilot, "ctrl+s")
        assert isinstance(app.screen, PadScreen)
        assert "Score pad — moscow, to 501" in _seen(app)

        await _deal(pilot, 2, 1, "15", "", "103")  # Boris bids clubs and makes it
        assert _row(app, 1) == ["1", "Anna", "Boris", "♣", "15", "103"]
        await _deal(pilot, 2, 0, "80", "", "44")  # Boris bids again and is baited
        assert _row(app, 2)[:5] == ["2", "Boris", "Boris", "139", "БТ"]
        await _deal(pilot, 1, 0, "90", "terz+bella", "62")  # Anna bids with a terz and bella
        assert _row(app, 3) == ["3", "Anna", "Anna", "269", "165"]
        assert _status(app) == "Anna 269, Boris 165 · next to deal: Anna"

        await _keys(pilot, "up", "up")  # to deal 1
        await _keys(pilot, "e")
        form = app.screen
        assert isinstance(form, DealFormScreen) and "Deal 1 — moscow, 2 players" in _seen(app)
        await _keys(pilot, "tab", "tab", "tab", "tab")  # what happened → dealer → took trump → trump → card points
        await _keys(pilot, "end", "backspace", "backspace")
        await _type(pilot, "25")
        await _keys(pilot, "ctrl+s")
        assert isinstance(app.screen, PadScreen)
        assert _row(app, 1) == ["1", "Anna", "Boris", "♣", "25", "103"]
        assert _status(app) == "Anna 279, Boris 165 · next to deal: Anna"

        await _keys(pilot, "u")  # undo the edit
        assert _row(app, 1) == ["1", "Anna", "Boris", "♣", "15", "103"]
        assert _row(app, 3) == ["3", "Anna", "Anna", "269", "165"]
        assert _status(app) == "Anna 269, Boris 165 · next to deal: Anna"

        await _keys(pilot, "escape")
        assert isinstance(app.screen, ScorePadScreen)
        assert "Anna · Boris (moscow) — 269/165 — 3 deals" in _seen(app)

    (pad,) = [PadStore().load(pad_id) for pad_id in PadStore().ids()]
    assert pad.sheet.totals == [269, 165]  # and it was all saved as it went
