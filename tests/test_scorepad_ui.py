"""The score pad's Textual screens, driven by the pilot."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input, Label, Select

from deberc_tui.engine import Rules
from deberc_tui.scorepad import EnteredDeal, Pad, PadStore
from deberc_tui.scorepad.screen import DealFormScreen, NewPadScreen, PadScreen, ScorePadScreen, make_app


def _store_with_pad(tmp_path: Path) -> tuple[PadStore, Pad]:
    store = PadStore(tmp_path)
    pad = Pad(Rules.preset("moscow", players=2), ["Anna", "Boris"])
    pad.add(EnteredDeal(dealer=0, bidder=1, cards=(15, 103)))
    store.save(pad)
    return store, pad


def _cell_texts(table: DataTable) -> list[list[str]]:  # type: ignore[type-arg]
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_enter_a_bait_deal_through_the_form(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DealFormScreen)
        form.query_one("#bidder", Select).value = 1
        form.query_one("#cards-0", Input).focus()
        await pilot.press(*"80", "tab", "tab", "tab")
        form.query_one("#cards-1", Input).focus()
        await pilot.press(*"44", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        table = app.screen.query_one(DataTable)
        assert _cell_texts(table)[-1][3:5] == ["139", "БТ"]
    assert store.load(pad.id).sheet.totals == [139, 103]  # saved automatically


async def test_bad_input_stays_in_the_form_with_a_message(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        form.query_one("#bidder", Select).value = 0
        form.query_one("#cards-0", Input).value = "151"
        form.query_one("#cards-1", Input).value = "51"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "at most 156" in str(form.query_one("#error", Label).content)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
    assert len(store.load(pad.id).deals) == 1


async def test_edit_delete_and_undo_from_the_sheet(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    pad.add(EnteredDeal(dealer=1, bidder=1, cards=(80, 44)))
    store.save(pad)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PadScreen)
        table = screen.query_one(DataTable)
        table.move_cursor(row=0)
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DealFormScreen) and form.index == 0
        form.query_one("#cards-0", Input).value = "25"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _cell_texts(table)[:2] == [["1", "Anna", "Boris", "25", "103", ""],
                                           ["2", "Boris", "Boris", "149", "БТ", "bait: Boris's 44 → Anna +44"]]
        table.move_cursor(row=0)
        await pilot.press("d")
        await pilot.pause()
        assert table.row_count == 1
        await pilot.press("u")
        await pilot.pause()
        assert table.row_count == 2
    assert store.load(pad.id).sheet.totals == [149, 103]


async def test_new_pad_form_and_list(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    app = make_app(store)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScorePadScreen)
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewPadScreen)
        form.query_one("#players", Select).value = 3
        form.query_one("#hanging", Select).value = "each_own"
        form.query_one("#bait_penalty_points", Select).value = 50
        await pilot.press(*"Ann,Bo,Cy")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        pad = app.screen.pad
        assert pad.names == ["Ann", "Bo", "Cy"] and pad.rules.players == 3
        assert pad.rules.hanging == "each_own"
        assert pad.rules.bait_penalty is not None and pad.rules.bait_penalty.points == 50
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScorePadScreen)
    assert len(store.ids()) == 1


async def test_a_thrown_in_deal_from_the_form(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        form.query_one("#kind", Select).value = 1  # thrown in: all passed
        await pilot.pause()
        assert form.query_one("#cards-0", Input).disabled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        assert _cell_texts(app.screen.query_one(DataTable))[-1][3:] == ["—", "—", "thrown in: all passed"]


async def test_another_app_can_push_the_pad_screen_and_get_back(tmp_path: Path) -> None:
    from textual.app import App

    store, _ = _store_with_pad(tmp_path)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ScorePadScreen(store))

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScorePadScreen)
        await pilot.press("enter")  # open the highlighted pad
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, (PadScreen, ScorePadScreen))
        assert app.is_running
