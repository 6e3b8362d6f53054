"""The score pad's Textual screens, driven by the pilot."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.segment import Segment
from textual import events
from textual.widget import Widget
from textual.widgets import DataTable, Input, Label, Select

from deberc_tui.app import make_app as game_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.scorepad import DealFormScreen, NewPadScreen, PadScreen, ScorePadScreen, make_app
from deberc_tui.engine import Rules
from deberc_tui.scorepad import EnteredDeal, Pad, PadStore
from deberc_tui.scorepad.model import THROWN, Declared
from deberc_tui.text.i18n import set_language


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
        penalties = await _open_list(pilot, "#fault")  # Moscow: a missed cut costs nothing, so it is not offered
        assert "a renege" in penalties and "pencil: a wrong entry" in penalties and "no cut offered" not in penalties
        await pilot.press("escape")
        form.query_one("#kind", Select).value = 1  # thrown in: all passed
        await pilot.pause()
        assert form.query_one("#cards-0", Input).disabled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        assert _cell_texts(app.screen.query_one(DataTable))[-1][3:] == ["—", "—", "thrown in: all passed"]


async def test_another_app_can_push_the_pad_screen_and_get_back(tmp_path: Path) -> None:
    from textual.app import App

    store, _pad = _store_with_pad(tmp_path)

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


# -- what a person sees -------------------------------------------------------------------------------------


def _lines(app: Any) -> list[str]:
    """The terminal's rows as text, as drawn now (the current screen, with what shows through a modal)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _seen(app: Any) -> str:
    return "\n".join(_lines(app))


def _cells(app: Any, widget: Widget) -> list[Segment]:
    """The drawn segments of ``widget``'s first row."""
    region = widget.region
    strip = app.screen._compositor.render_strips()[region.y]
    return list(strip.crop(region.x, region.x + region.width))


def _luminance(colour: RichColor) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour.get_truecolor()
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: RichColor, b: RichColor) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _background(app: Any, widget: Widget) -> RichColor:
    """The background of most of ``widget``'s first row (not just the cursor's cell)."""
    width: Counter[RichColor] = Counter()
    for segment in _cells(app, widget):
        assert segment.style is not None and segment.style.bgcolor is not None
        width[segment.style.bgcolor] += segment.cell_length
    return width.most_common(1)[0][0]


def _lit(app: Any, widget: Widget) -> str:
    """The text of ``widget``'s first row drawn bold or reversed (how the form marks where typing goes)."""
    return "".join(s.text for s in _cells(app, widget) if s.style and (s.style.bold or s.style.reverse)).strip()


def _lit_rows(app: Any, widget: Widget) -> list[str]:
    """The text drawn bold or reversed on each of ``widget``'s rows (the highlighted option of an open list)."""
    region, strips = widget.region, app.screen._compositor.render_strips()
    rows = [strips[y].crop(region.x, region.x + region.width) for y in range(region.y, region.bottom)]
    lit = ["".join(s.text for s in row if s.style and (s.style.bold or s.style.reverse)).strip() for row in rows]
    return [text for text in lit if text]


def _focused_row_label(app: Any) -> str:
    """The label drawn lit (bold, reversed) beside the focused field."""
    form = app.screen
    labels = [_lit(app, label) for label in form.query(".row > Label, .side > Label")]
    lit = [text for text in labels if text]
    assert len(lit) == 1, lit
    return lit[0]


def _field_row(app: Any, label: str) -> list[str]:
    """The words on the form's row that starts with ``label`` (inside the form's border)."""
    for line in _lines(app):
        inner = line.strip().strip("█").strip()
        if inner == label or inner.startswith(label + "  "):
            return inner.split()
    raise AssertionError(f"no row {label!r}:\n{_seen(app)}")


async def _burst(pilot: Any, *keys: str) -> None:
    """Keys arriving at once, as from a fast typist or a terminal that batches them (no waiting between)."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


async def _open_form(pilot: Any) -> DealFormScreen:
    await pilot.pause()
    await pilot.press("a")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, DealFormScreen)
    return form


async def test_a_lone_sign_or_letters_in_card_points_give_a_message_not_a_crash(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _open_form(pilot)
        await pilot.press("tab", "tab", "tab", "tab")  # what happened → dealer → took trump → trump → card points
        assert app.focused is form.query_one("#cards-0")
        await pilot.press(*"abc", "-", "ctrl+s")
        await pilot.pause()
        assert app.screen is form and app.is_running
        seen = _seen(app)
        assert "✗ Anna: card points must be a whole number, not '-'" in seen
        assert "abc" not in seen  # a number box shows no letters


async def test_a_lone_sign_in_card_points_in_russian(tmp_path: Path) -> None:
    set_language("ru")
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _open_form(pilot)
        form.query_one("#cards-1", Input).focus()
        await pilot.press("+", "enter")
        await pilot.pause()
        assert app.screen is form
        assert "✗ Boris: очки в картах — целое число, а не '+'" in _seen(app)


@pytest.mark.parametrize("mono", [False, True], ids=["colour", "mono"])
async def test_the_focused_field_stands_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mono: bool) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    store, pad = _store_with_pad(tmp_path)
    app = game_app(pace=0.0, look=Look(mono=mono))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.push_screen(ScorePadScreen(store, pad.id))
        form = await _open_form(pilot)
        await pilot.press("tab", "tab", "tab", "tab")
        await pilot.pause()
        cards, decl = form.query_one("#cards-0", Input), form.query_one("#decl-0", Input)
        assert _contrast(_background(app, cards), _background(app, decl)) >= 3  # the focused box is lit
        assert _lit(app, cards) == "card points"  # its text is bold on that light
        assert _focused_row_label(app) == "Anna"  # and its row's label is reversed
        await pilot.press("shift+tab", "shift+tab")  # back to a drop-down
        await pilot.pause()
        bidder, dealer = form.query_one("#bidder", Select), form.query_one("#dealer", Select)
        assert _contrast(_background(app, bidder), _background(app, dealer)) >= 3
        assert _lit(app, bidder) == "who bid▼"
        assert _focused_row_label(app) == "took trump"
        if mono:
            colours = {c.get_truecolor() for s in _cells(app, bidder) if s.style for c in (s.style.color, s.style.bgcolor)
                       if c is not None}
            assert all(len(set(rgb)) == 1 for rgb in colours), colours  # greys only


async def test_add_and_edit_start_on_the_same_first_field(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _open_form(pilot)
        assert _focused_row_label(app) == "what happened"
        assert _lit(app, form.query_one("#kind")) == "played out▼"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        edit = app.screen
        assert isinstance(edit, DealFormScreen) and edit.index == 0
        assert _focused_row_label(app) == "what happened"
        assert _lit(app, edit.query_one("#kind")) == "played out▼"


async def test_choosing_from_a_drop_down_keeps_its_field_and_tab_goes_to_the_very_next_one(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_form(pilot)
        await pilot.press("tab", "tab")  # took trump
        await pilot.press("enter", "down", "down", "enter")  # open, (blank) → Anna → Boris, choose
        assert _focused_row_label(app) == "took trump"  # the choice moved nothing on
        await pilot.press("tab")
        assert _focused_row_label(app) == "trump"  # so Tab lands on the next field, not the one after
        await pilot.press("enter", "down", "down", "enter", "tab", *"80")  # ♦, then on to the card points
        await pilot.pause()
        assert _focused_row_label(app) == "Anna"
        assert _field_row(app, "took trump") == ["took", "trump", "Boris", "▼"]
        assert _field_row(app, "trump") == ["trump", "♦", "diamonds", "▼"]
        assert _field_row(app, "Anna")[:2] == ["Anna", "80"]


async def test_keys_typed_while_a_drop_down_closes_are_not_lost(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _open_form(pilot)
        form.query_one("#trump", Select).focus()
        await pilot.press("enter", "down")  # the list is open on ♣
        await _burst(pilot, "enter", "tab", *"103")  # choose, on to the card points and type, at once
        assert _field_row(app, "trump") == ["trump", "♣", "clubs", "▼"]
        assert _field_row(app, "Anna")[:2] == ["Anna", "103"]
        await pilot.press("escape")


async def test_the_missing_card_points_message_goes_once_they_are_typed_in(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _open_form(pilot)
        form.query_one("#bidder", Select).value = 0
        form.query_one("#cards-0", Input).value = "151"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "✗ enter the card points of every side: Boris missing" in _seen(app)
        form.query_one("#cards-1", Input).focus()
        await pilot.press("6")  # 151 + 6 is too many, but Boris is no longer missing
        await pilot.pause()
        assert "✗" not in _seen(app)
        await pilot.press("ctrl+s")  # a new problem waits for the next save
        await pilot.pause()
        assert "✗ card points 151 + 6 = 157" in _seen(app)
        await pilot.press("escape")


async def test_russian_bella_is_read(tmp_path: Path) -> None:
    set_language("ru")
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_form(pilot)
        assert "бела" in _seen(app)  # the hint names the word
        await pilot.press("tab", "tab", "enter", "down", "enter")  # загрузился: Anna
        await pilot.press("tab", "tab", *"100", "tab", *"терц+бела", "tab", "tab", *"42", "enter")  # past trump
        await pilot.pause()
        assert isinstance(app.screen, PadScreen), _seen(app)
        assert "Anna 155, Boris 145" in _seen(app)  # 15 + (100 + терц 20 + бела 20), 103 + 42


async def test_cyrillic_keys_work_like_their_latin_twins(tmp_path: Path) -> None:
    """The keys where a, e, d, u, q and n are on the ЙЦУКЕН layout: ф, у, в, г, й and т."""
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ф")  # a: add a deal
        await pilot.pause()
        assert "Deal 2 — moscow, 2 players" in _seen(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("у")  # e: edit the deal under the cursor
        await pilot.pause()
        assert "Deal 1 — moscow, 2 players" in _seen(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("в")  # d: delete it
        await pilot.pause()
        assert "Anna 0, Boris 0" in _seen(app)
        await pilot.press("г")  # u: undo
        await pilot.pause()
        assert "Anna 15, Boris 103" in _seen(app)
        await pilot.press("й")  # q: back to the list
        await pilot.pause()
        assert "Anna · Boris (moscow) — 15/103 — 1 deal" in _seen(app)
        await pilot.press("т")  # n: a new pad
        await pilot.pause()
        assert "New score pad" in _seen(app)


def _form_rows(app: Any) -> list[str]:
    """The rows of the form on top, inside its border (what shows through beside it left out)."""
    form = app.screen.query_one(".form")
    region, strips = form.region, app.screen._compositor.render_strips()
    rows = [strips[y].crop(region.x, region.x + region.width).text for y in range(region.y, region.bottom)]
    return [row.strip().strip("█▀▄").strip() for row in rows]


async def _open_list(pilot: Any, select: str) -> list[str]:
    """Open the drop-down ``select`` of the form and return its rows as they show (cut where the screen cuts it)."""
    from textual.widgets._select import SelectOverlay

    widget = pilot.app.screen.query_one(select, Select)
    widget.focus()
    await pilot.press("enter")
    await pilot.pause()
    overlay = widget.query_one(SelectOverlay)
    region, strips = overlay.region, pilot.app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.right).text.strip()
            for y in range(region.y, region.bottom)]


async def test_the_new_pad_form_offers_the_table_penalties_and_the_presets_of_its_players(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    app = make_app(store)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewPadScreen)
        seen = _seen(app)
        assert all(f"{label}  " in seen for label in ("no cut offered", "a renege", "check the score"))  # §11
        rows = await _open_list(pilot, "#cut_penalty")
        assert {"no penalty", "100 off the dealer's side", "the dealer's side is baited"} <= set(rows)
        await pilot.press("escape")
        rows = await _open_list(pilot, "#preset")
        assert "fifty (mit fünfzig)" in rows and "three (Dreier)" not in rows  # 2 players
        await pilot.press("escape")
        form.query_one("#players", Select).value = 3
        await pilot.pause()
        rows = await _open_list(pilot, "#preset")
        assert "three (Dreier)" in rows and "fifty (mit fünfzig)" not in rows
        await pilot.press("down", "enter")  # kharkiv
        form.query_one("#cut_penalty", Select).value = "minus_100"
        form.query_one("#renege_penalty", Select).value = "redeal_minus_100"
        form.query_one("#pencil_rule", Select).value = False
        form.query_one("#names", Input).value = "Ann,Bo,Cy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen), _seen(app)
        rules = app.screen.pad.rules
        assert (rules.preset_name, rules.cut_penalty, rules.renege_penalty, rules.pencil_rule) == (
            "kharkiv", "minus_100", "redeal_minus_100", False)


@pytest.mark.parametrize(("lang", "rule"), [("en", "(a renege — a new deal, 100 off)"),
                                             ("ru", "(ренонс — пересдача и минус 100)")])
async def test_the_penalty_list_and_a_pad_error_are_whole_at_80x24(tmp_path: Path, lang: str, rule: str) -> None:
    from deberc_tui.app.screens.scorepad import FAULTS, _fault_label

    set_language(lang)
    store = PadStore(tmp_path)
    pad = Pad(Rules.preset("klabor", players=2), ["Anna", "Boris"])
    store.save(pad)
    app = make_app(store, pad.id)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(pilot)
        rows = await _open_list(pilot, "#fault")
        for label, _kind, offence in FAULTS:  # every penalty on a row of its own, whole
            assert _fault_label(label, offence) in rows, (_fault_label(label, offence), rows)
        await pilot.press("down", "down", "enter")  # a renege
        form.query_one("#fault-by", Select).value = 1
        form.query_one("#bidder", Select).value = 0
        form.query_one("#cards-0", Input).value = "100"
        form.query_one("#cards-1", Input).value = "52"
        await pilot.press("ctrl+s")
        await pilot.pause()
        shown = " ".join(" ".join(_form_rows(app)).split())
        assert rule in shown  # the rule in force in a player's words, and the message whole (wrapped, never cut)
        assert ("leave points and declarations empty" if lang == "en" else "оставьте очки и комбинации пустыми") in shown
        assert "renege_penalty" not in shown and "redeal_minus_100" not in shown


# -- snapshots -------------------------------------------------------------------------------------------
# Update the baselines with ``pytest tests/test_scorepad_ui.py --snapshot-update`` after a deliberate change.

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


def _sheet_store(root: Path) -> tuple[PadStore, Pad]:
    """Two saved pads with fixed ids and times; the first has six deals of every kind the sheet marks."""
    store = PadStore(root)
    decl = Declared.parse
    pad = Pad(Rules.preset("moscow", players=2), ["Anna", "Boris"], id="2026-01-02-anna-boris")
    for deal in (
        EnteredDeal(dealer=0, bidder=1, trump="H", cards=(15, 103)),
        EnteredDeal(dealer=1, bidder=1, trump="S", cards=(80, 44)),
        EnteredDeal(dealer=0, kind=THROWN, reason="all_pass"),
        EnteredDeal(dealer=0, bidder=0, trump="C", cards=(90, 62), declared=(decl("terz+bella"), decl(""))),
        EnteredDeal(dealer=1, bidder=1, trump="D", cards=(76, 76)),
        EnteredDeal(dealer=0, bidder=0, trump="H", cards=(100, 52), declared=(decl("fifty"), decl(""))),
    ):
        pad.add(deal)
    store.save(pad)
    other = Pad(Rules.preset("kharkiv", players=3), ["Cyril", "Dasha", "Egor"], id="2026-01-01-cyril-dasha-egor")
    other.add(EnteredDeal(dealer=0, bidder=2, trump="S", cards=(30, 20, 112)))
    store.save(other)
    os.utime(store.path(other.id), (1_700_000_000, 1_700_000_000))
    os.utime(store.path(pad.id), (1_700_000_100, 1_700_000_100))
    return store, pad


@pytest.fixture
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))


@SIZES
def test_snapshot_pad_list(snap_compare: Any, tmp_path: Path, _data_dir: None, size: tuple[int, int]) -> None:
    store, _pad = _sheet_store(tmp_path)
    assert snap_compare(make_app(store), terminal_size=size)


@SIZES
def test_snapshot_deal_form(snap_compare: Any, tmp_path: Path, _data_dir: None, size: tuple[int, int]) -> None:
    store, pad = _store_with_pad(tmp_path)
    assert snap_compare(make_app(store, pad.id), press=["a"], terminal_size=size)


@SIZES
def test_snapshot_sheet(snap_compare: Any, tmp_path: Path, _data_dir: None, size: tuple[int, int]) -> None:
    store, pad = _sheet_store(tmp_path)
    assert snap_compare(make_app(store, pad.id), terminal_size=size)


@SIZES
def test_snapshot_sheet_in_russian(snap_compare: Any, tmp_path: Path, _data_dir: None, size: tuple[int, int]) -> None:
    set_language("ru")
    store, pad = _sheet_store(tmp_path)
    assert snap_compare(make_app(store, pad.id), terminal_size=size)


async def test_russian_form_labels_are_not_cut_at_80_columns(tmp_path: Path) -> None:
    set_language("ru")
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_form(pilot)
        assert _field_row(app, "Anna")[-2:] == ["без", "взяток"]  # the no-trick box's words, whole
        assert "…" not in _seen(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#players", Select).value = 3  # the bidder must beat: a 3-player option
        await pilot.pause()
        assert _field_row(app, "загрузившийся бьёт")[:2] == ["загрузившийся", "бьёт"]  # one line, not wrapped


async def test_typing_on_a_closed_drop_down_picks_by_the_first_letters(tmp_path: Path) -> None:
    store, pad = _store_with_pad(tmp_path)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_form(pilot)
        await pilot.press("tab", "tab", "enter", "escape")  # took trump: opened and closed again
        await pilot.press("B")  # not lost: the list opens at Boris
        await pilot.pause()
        assert app.focused is not None and _lit_rows(app, app.focused) == ["Boris"]  # the list open at Boris
        await pilot.press("enter", "tab", "d", "enter", "tab", *"80")  # Boris; trump: d for ♦ diamonds; card points
        await pilot.pause()
        assert _field_row(app, "took trump") == ["took", "trump", "Boris", "▼"]
        assert _field_row(app, "trump") == ["trump", "♦", "diamonds", "▼"]
        assert _field_row(app, "Anna")[:2] == ["Anna", "80"]
