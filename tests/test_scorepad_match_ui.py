"""The score pad's screens keeping a match (§12): the sheet's game lines, the ``+`` key for «Дайви» and «даве»,
the deal form's stakes, the new-pad form's match options, and snapshots of a match sheet."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from apphelp import shown
from textual.widgets import DataTable, Input, Select

from deberc_tui.app.screens.scorepad import DealFormScreen, NewPadScreen, PadScreen, StakeScreen, make_app
from deberc_tui.engine import Rules
from deberc_tui.scorepad import Declared, EnteredDeal, Pad, PadStore, StakeCall
from deberc_tui.text.i18n import set_language

TWO_FIFTIES = (Declared(fifty=2), Declared())


def _seen(app: Any) -> str:
    """What the terminal shows now, row by row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _status(app: Any) -> str:
    return str(app.screen.query_one("#status").render()).strip()


def _rows(app: Any) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def _match_store(root: Path, **options: Any) -> tuple[PadStore, Pad]:
    """A saved match to 7 with «Дайви» and money: game 1 won with mars at ×2, game 2 by a refused double, and
    game 3 under way with a double said and accepted in the deal being played."""
    store = PadStore(root)
    rules = Rules.preset("moscow", players=2, target=301, match_target=7, mars=True, doubling="daivi",
                         money="per_game", stake=2, **options)
    pad = Pad(rules, ["Anna", "Boris"], id="2026-01-03-anna-boris")
    pad.add(EnteredDeal(dealer=0, bidder=0, trump="H", cards=(110, 42), declared=TWO_FIFTIES))
    pad.add(EnteredDeal(dealer=0, bidder=0, trump="S", cards=(100, 52), stakes=(StakeCall(1),)))
    pad.raise_stake(0, accepted=False)
    pad.add(EnteredDeal(dealer=pad.suggested_dealer, bidder=1, trump="C", cards=(60, 92)))
    pad.raise_stake(0)
    store.save(pad)
    os.utime(store.path(pad.id), (1_700_000_000, 1_700_000_000))
    return store, pad


async def test_the_sheet_shows_each_games_line_and_the_match(tmp_path: Path) -> None:
    store, pad = _match_store(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rows = _rows(app)
        assert rows[2] == ["═", "", "", "4", "0",
                           "Game 1: Anna wins (mars, ×2) — 4 game points · money: Anna +8, Boris −8"]
        assert rows[4] == ["═", "", "", "5", "0",
                           "Game 2: Anna wins (double refused) — 1 game point · money: Anna +2, Boris −2"]
        assert _status(app) == ("game 3 · Anna 60, Boris 92 · match: Anna 5, Boris 0 (to 7) · "
                                "money: Anna +10, Boris −10 · ×2 · next to deal: Boris")
        assert "Score pad — moscow, to 301, match to 7" in _seen(app)
        assert "+ Raise stake" in await shown(pilot, "+ Raise stake", rounds=125, read=_seen)


async def test_plus_records_a_double_accepted_then_one_refused(tmp_path: Path) -> None:
    store, pad = _match_store(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("plus")
        await pilot.pause()
        assert isinstance(app.screen, StakeScreen)
        seen = _seen(app)
        assert "«Дайви» — game 3, now ×2" in seen  # Anna doubled last: Boris raises next
        assert "Anna accepts (a): play on at ×4" in seen and "Anna refuses (r): Boris wins, 2 game points" in seen
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen) and "×4 · next to deal: Boris" in _status(app)
        await pilot.press("plus")
        await pilot.pause()
        assert "Boris accepts (a): play on at ×8" in _seen(app)  # now it is Anna's turn to double
        await pilot.press("r")
        await pilot.pause()
        assert _rows(app)[-2][3:5] == ["—", "—"]
        assert _rows(app)[-1][3:] == ["9", "0", "Game 3: Anna wins (double refused, ×4) — 4 game points · "
                                                "money: Anna +8, Boris −8"]
        assert _status(app).endswith("Anna wins the match")
        assert "Raise stake" not in _seen(app)  # the match is over: no more stakes
    saved = store.load(pad.id)
    assert saved.is_over and saved.tally.match_points == (9, 0)


async def test_the_same_player_cannot_double_twice_in_a_row(tmp_path: Path) -> None:
    store, pad = _match_store(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("plus")
        await pilot.pause()
        app.screen.query_one("#offerer", Select).value = 0  # Anna, who doubled last
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, StakeScreen)
        assert "✗ the deal in progress: Anna cannot double again" in _seen(app)


async def test_no_plus_without_doubling(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    pad = Pad(Rules.preset("moscow", players=2, match_target=3), ["Anna", "Boris"])
    store.save(pad)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Raise stake" not in _seen(app)
        await pilot.press("plus")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)


async def test_the_deal_form_carries_the_stake_said_during_the_deal(tmp_path: Path) -> None:
    store, pad = _match_store(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DealFormScreen)
        assert form.query_one("#stakes", Input).value == "Anna"  # said before the deal was entered
        form.query_one("#bidder", Select).value = 1
        form.query_one("#cards-0", Input).value = "52"
        form.query_one("#cards-1", Input).value = "100"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _rows(app)[-1][5] == "Anna doubled, Boris accepted: ×2"


async def test_a_refused_double_is_edited_in_the_form(tmp_path: Path) -> None:
    store, pad = _match_store(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one(DataTable).move_cursor(row=3)  # deal 3: Boris refused Anna's double
        await pilot.press("e")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DealFormScreen)
        assert "double refused" in _seen(app) and form.query_one("#winner", Select).value == 0
        form.query_one("#winner", Select).value = 1  # it was Boris who doubled, and Anna refused
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _rows(app)[4][3:5] == ["4", "1"]  # the match score under game 2 moves with it
        assert _status(app).startswith("game 3 · Anna 60, Boris 92 · match: Anna 4, Boris 1 (to 7)")


async def test_the_new_pad_form_starts_a_match(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    app = make_app(store)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewPadScreen)
        form.query_one("#match", Input).value = "3"
        form.query_one("#doubling", Select).value = "dave"
        form.query_one("#money", Select).value = "deficit"
        form.query_one("#stake", Input).value = "5"
        await pilot.press(*"Anna,Boris", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        rules = app.screen.pad.rules
        assert (rules.match_target, rules.doubling, rules.money, rules.stake) == (3, "dave", "deficit", 5)
        assert "+ Raise stake" in await shown(pilot, "+ Raise stake", rounds=125, read=_seen)


async def test_the_new_pad_form_offers_raising_the_stake_only_with_two_players(tmp_path: Path) -> None:
    app = make_app(PadStore(tmp_path))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert "raising the stake" in _seen(app) and "«даве» stakes" in _seen(app)
        form.query_one("#players", Select).value = 3
        await pilot.pause()
        assert "raising the stake" not in _seen(app) and "«даве» stakes" not in _seen(app)
        assert "playing for money" in _seen(app)  # the match's money is for any table


async def test_names_are_shown_as_written_never_as_markup(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    pad = Pad(Rules.preset("moscow", players=2, target=301, match_target=3, doubling="daivi"), ["[b]Anna", "Bo[/]"])
    pad.add(EnteredDeal(dealer=0, bidder=0, cards=(110, 42), declared=TWO_FIFTIES, stakes=(StakeCall(1),)))
    pad.add(EnteredDeal(dealer=0, bidder=0, cards=(100, 52)))
    store.save(pad)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rows = _rows(app)
        assert rows[0][5] == "Bo[/] doubled, [b]Anna accepted: ×2"
        assert rows[2][5] == "Game 1: [b]Anna wins (×2) — 2 game points"
        assert "match: [b]Anna 2, Bo[/] 0 (to 3)" in _status(app)
        assert "Score pad — moscow, to 301, match to 3" in _seen(app)
        header = next(line for line in _seen(app).splitlines() if line.split()[:1] == ["#"])
        assert header.split()[3:5] == ["[b]Anna", "Bo[/]"]  # the names head their columns as written


# -- snapshots -------------------------------------------------------------------------------------------
# Update the baselines with ``pytest tests/test_scorepad_match_ui.py --snapshot-update`` after a deliberate change.


@pytest.fixture
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_match_sheet(snap_compare: Any, tmp_path: Path, _data_dir: None, size: tuple[int, int]) -> None:
    store, pad = _match_store(tmp_path)
    assert snap_compare(make_app(store, pad.id), terminal_size=size)


def test_snapshot_match_sheet_in_russian(snap_compare: Any, tmp_path: Path, _data_dir: None) -> None:
    set_language("ru")
    store, pad = _match_store(tmp_path)
    assert snap_compare(make_app(store, pad.id), terminal_size=(120, 40))


def test_snapshot_stake_dialog(snap_compare: Any, tmp_path: Path, _data_dir: None) -> None:
    store, pad = _match_store(tmp_path)
    assert snap_compare(make_app(store, pad.id), press=["plus"], terminal_size=(80, 24))
