"""Every text a person or a file supplies is shown as text, never parsed as markup (issue 20, item 1).

A player named ``[/]`` once ended the table with a Rich ``MarkupError``: in hot-seat's "Pass to [/]", the deal's
summary, the saved-games list, the notification for an unknown bot, the statistics, the score pad, practice.
Here such names — ``[/]``, ``[bold]x``, ``[link=x]y`` and one with a C1 control character (``\\x9b``, which
starts an escape sequence on many terminals) — go through every screen, and each must show them as typed (the
control character escaped: ``\\x9b``). The units first: :mod:`deberc_tui.app.usertext`, the one way to put such
text on screen.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, human_move, screen_text, settle
from rich.text import Text
from savedhelp import DAIVI_TO_3, match_doc, play_match, put
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens import match_end, modals
from deberc_tui.app.screens.newgame import GameSetup, NewGameScreen
from deberc_tui.app.screens.saved import ReplayScreen, SavedGamesScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.app.usertext import clean, fill, plain, tell
from deberc_tui.engine import Rules
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.view import PendingOffer
from deberc_tui.scorepad.model import EnteredDeal, Pad, StakeCall
from deberc_tui.scorepad.storage import PadStore
from deberc_tui.table.services import Services
from deberc_tui.table.session import TableSession
from deberc_tui.table.steps import AnswerStake, GameEnded
from deberc_tui.text.persons import person

LOOK = Look()
HOSTILE = ("[/]", "[bold]x", "[link=x]y", "C1\x9bz")
"""Names that were markup, and one with a C1 control character."""
SHOWN = ("[/]", "[bold]x", "[link=x]y", "C1\\x9bz")
"""The same names as the screen must show them."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data [/] [bold]"  # a data folder whose path is markup too: quoted in notes
    monkeypatch.setenv("DEBERC_DATA_DIR", str(folder))
    return folder


def shows_as_typed(text: str, names: tuple[str, ...] = SHOWN, every: bool = True) -> None:
    """Each of ``names`` (``every``; else one of them) is on screen as typed, and no raw control character."""
    found = [name for name in names if name in text]
    lines = "\n".join(line for line in text.splitlines() if line.strip())
    assert found == list(names) if every else found, f"{names} on screen: {found}\n{lines}"
    assert "\x9b" not in text


def told(app: App[Any]) -> str:
    """The app's notifications as their toasts show them (read as markup unless notified as text)."""
    return "\n".join((Content.from_markup(n.message) if n.markup else Content(n.message)).plain
                     for n in app._notifications)


# -- the one way: usertext -------------------------------------------------------------------------------


def test_clean_escapes_control_characters_and_keeps_line_breaks() -> None:
    assert clean("Anna") == "Anna"
    assert clean("C1\x9bz\x1b[31m") == "C1\\x9bz\\x1b[31m"
    assert clean("a\u202eb\nc") == "a\\u202eb\nc"  # a bidirectional override would reverse the line


def test_plain_is_text_as_typed_never_markup() -> None:
    for name, shown in zip(HOSTILE, SHOWN, strict=True):
        text = plain(name)
        assert text.plain == shown and not text.spans
    assert plain("x", style="bold").spans[0].style == "bold"


def test_fill_puts_values_in_as_text() -> None:
    line = fill("Pass to {name}", name="[bold]x")
    assert line.plain == "Pass to [bold]x" and not line.spans
    assert fill("{n:+d} · {p:.0%} · {who!r}", n=5, p=0.25, who="[/]").plain == "+5 · 25% · '[/]'"
    coloured = fill("trump {suit}", suit=Text("♥", style="red"))
    assert coloured.plain == "trump ♥" and coloured.spans[0].style == "red"
    assert fill("a {x} b", x="C1\x9bz").plain == "a C1\\x9bz b"
    assert fill("[b]{x}[/b]", x="y").plain == "[b]y[/b]"  # a template is text too
    assert fill("{not a field").plain == "{not a field"  # without values: as it is
    with pytest.raises(KeyError):
        fill("{name}", other=1)  # as str.format: the narrator falls back to English


def test_tell_notifies_as_text() -> None:
    told: list[tuple[str, dict[str, Any]]] = []

    class Notifier:
        def notify(self, message: str, **kw: Any) -> None:
            told.append((message, kw))

    tell(Notifier(), "Cannot open {path}: {error}", path="[/]", error="C1\x9bz", severity="error")
    assert told == [("Cannot open [/]: C1\\x9bz", {"severity": "error", "timeout": None, "markup": False})]


def test_a_person_is_named_as_typed_and_printable() -> None:
    assert [person(name).name for name in HOSTILE] == list(SHOWN)


# -- every screen -----------------------------------------------------------------------------------------


class Host(App[None]):
    """An app that shows one screen at a time, for screens built here from a table session."""


async def seen(pilot: Any, screen: Screen[Any]) -> str:
    """``screen`` pushed, laid out and read as a person sees it; then closed."""
    app = pilot.app
    await app.push_screen(screen)
    await pilot.pause()
    text = screen_text(app)
    app.pop_screen()
    await pilot.pause()
    return text


def session_of(doc: dict[str, Any]) -> TableSession:
    return TableSession.from_record(json.dumps(doc), services=Services(make_bot=first_legal), pace=0.0)


def pairs() -> Iterator[tuple[tuple[str, str], tuple[str, str]]]:
    """The hostile names two at a time (a 2-player match), as typed and as shown."""
    yield (HOSTILE[0], HOSTILE[1]), (SHOWN[0], SHOWN[1])
    yield (HOSTILE[2], HOSTILE[3]), (SHOWN[2], SHOWN[3])


async def test_every_dialog_of_the_table_shows_names_as_typed() -> None:
    """The deal's summary, the score sheet, the last tricks, the hot-seat cover, the concede question and answer,
    a double to answer, the end of a game, of a game of a match and of the match."""
    match = play_match(DAIVI_TO_3, 1)
    lone = play_match(Rules.preset("moscow", players=2, target=201), 2)
    async with Host().run_test(size=(120, 40)) as pilot:
        for (a, b), names in pairs():
            players = [{"name": a, "kind": "human"}, {"name": b, "kind": "bot", "bot": "random"}]
            session = session_of(match_doc(match, players))
            game = session_of(match_doc(lone, players))
            result = session.match.games[0].results[-1]
            offer = PendingOffer(OfferKind.DOUBLE, 1, if_refused=1, if_accepted=2)
            screens: list[Screen[Any]] = [
                modals.DealSummaryScreen(session, LOOK, result), modals.ScoreSheetScreen(session),
                match_end.GameWonScreen(session, session.match.settled[0]), match_end.MatchOverScreen(session),
                match_end.game_end_screen(game, GameEnded(game.match.settled[-1], match_over=True)),
            ]
            for screen in screens:
                shows_as_typed(await seen(pilot, screen), names)
            shows_as_typed(await seen(pilot, modals.LastTrickScreen(game, LOOK)), names, every=False)
            question = modals.ConfirmScreen(game.concede_question(), "Offer", "Play on")  # names the bidder
            shows_as_typed(await seen(pilot, question), names, every=False)
            stake = match_end.StakeAnswerScreen(session, AnswerStake(0, offer), tutor=False)  # seat 2 doubled
            shows_as_typed(await seen(pilot, stake), names[1:])
            for name, shown in zip((a, b), names, strict=True):
                for screen in (modals.PrivacyScreen(session.name(0 if name == a else 1)),
                               modals.ConcedeAnswerScreen(session.name(0 if name == a else 1))):
                    shows_as_typed(await seen(pilot, screen), (shown,))


async def test_the_table_in_hot_seat_shows_names_as_typed() -> None:
    """Four players, two of them at the keyboard: "Pass to [/]" and "Pass to [link=x]y", the felt, the panel and
    the log with every name (the deal's summary: the dialogs' test)."""
    players = [{"name": HOSTILE[0], "kind": "human"}, {"name": HOSTILE[1], "kind": "bot", "bot": "random"},
               {"name": HOSTILE[2], "kind": "human"}, {"name": HOSTILE[3], "kind": "bot", "bot": "random"}]
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal, autosave=False)
    app.setup = GameSetup(Rules.preset("moscow", players=4, target=501), players, seed=5, first_dealer=0,
                          pace=0.0, look=LOOK)
    covers: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        for _move in range(40):
            if len(covers) == 2:
                break
            await settle(pilot)
            if isinstance(app.screen, modals.PrivacyScreen):
                text = screen_text(app)
                covers |= {name for name in ("Pass to [/]", "Pass to [link=x]y") if name in text}
                await pilot.press("enter")
                continue
            assert isinstance(app.screen, TableScreen)
            shows_as_typed(screen_text(app))
            await human_move(pilot)
        assert len(covers) == 2, covers


async def test_a_record_with_an_unknown_bot_is_opened_and_said_as_typed(tmp_path: Path) -> None:
    """``--load`` a record whose bot is unknown: the notification quotes it, the table shows every name."""
    match = play_match(Rules.preset("moscow", players=2, target=501), 3, stop=lambda m: len(m.game.deals) > 1)
    players = [{"name": HOSTILE[0], "kind": "human"}, {"name": HOSTILE[3], "kind": "bot", "bot": "[/]x"}]
    path = tmp_path / "[bold]game.json"
    path.write_text(json.dumps(match_doc(match, players)), encoding="utf-8")
    app = make_app(load=path, pace=0.0, look=LOOK, bot_maker=None, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "bot '[/]x' is not available" in told(app) and "[bold]game.json" in told(app)
        for _ in range(50):  # the toast is mounted after the table: on a busy machine a frame or more later
            if "'[/]x'" in screen_text(app):
                break
            await pilot.pause()
        shows_as_typed(screen_text(app), (SHOWN[0], SHOWN[3], "'[/]x'"))


async def test_saved_games_and_their_viewer_show_names_as_typed() -> None:
    match = play_match(DAIVI_TO_3, 1)
    for i, ((a, b), _names) in enumerate(pairs()):
        players = [{"name": a, "kind": "human"}, {"name": b, "kind": "bot", "bot": "random"}]
        put(f"20261130-18050{i}-bbbbbb.json", match_doc(match, players), 1_800_000_000 + i)
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        shows_as_typed(screen_text(app))
        for _game in range(2):
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("end")  # the match's end: its winner, every game's line
            await pilot.pause()
            text = screen_text(app)
            names = app.screen.names
            shows_as_typed(text, tuple(clean(n) for n in names))
            await pilot.press("escape", "down")
            await pilot.pause()


async def test_the_new_game_form_and_statistics_show_names_and_levels_as_typed(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    games = [{"players": 2, "level": level, "won": won, "totals": [501, 20], "game_points": 2, "money": 10}
             for level, won in zip(HOSTILE, (True, False, True, False), strict=True)]
    (data_dir / "stats.json").write_text(json.dumps({"version": 1, "games": games}), encoding="utf-8")
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    app.last_setup = GameSetup(Rules.preset("moscow", players=2, target=501),
                               [{"name": HOSTILE[0], "kind": "human"}, {"name": "B", "kind": "bot", "bot": "[bold]x"}])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "[bold]x" in screen_text(app)  # the bot's level in its drop-down; the name is in its input
        shows_as_typed(await seen(pilot, modals.StatsScreen()), tuple(f"vs {name}" for name in SHOWN))


async def test_the_score_pad_shows_names_and_notes_as_typed(tmp_path: Path) -> None:
    from deberc_tui.app.screens.scorepad import DealFormScreen, PadScreen, StakeScreen
    from deberc_tui.app.screens.scorepad import make_app as pad_app

    store = PadStore(tmp_path)
    pad = Pad(Rules.preset("moscow", players=2, target=301, match_target=3, doubling="daivi"), list(HOSTILE[:2]))
    pad.add(EnteredDeal(dealer=0, bidder=0, cards=(100, 52), stakes=(StakeCall(1),)))
    store.save(pad)
    store.save(Pad(Rules.preset("moscow", players=2, target=301), list(HOSTILE[2:])))
    (tmp_path / "[bold]pad.json").write_text("[/]", encoding="utf-8")  # a pad that cannot be read: named
    app = pad_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shows_as_typed(screen_text(app))  # the list of pads
        assert "skipped: pad [bold]pad: not valid JSON" in told(app)
        await app.push_screen(PadScreen(store, pad))
        await pilot.pause()
        shows_as_typed(screen_text(app), (*SHOWN[:2], "[bold]x doubled, [/] accepted: ×2"))  # a deal's note
        shows_as_typed(await seen(pilot, StakeScreen(pad)), SHOWN[:2])
        shows_as_typed(await seen(pilot, DealFormScreen(pad, 0)), SHOWN[:2])


async def test_practice_shows_its_record_and_notes_as_text(data_dir: Path) -> None:
    """A practice record that cannot be read is kept aside, and the note quotes what it holds — markup here."""
    from deberc_tui.app.screens.practice import PracticeApp

    data_dir.mkdir(parents=True)
    (data_dir / "practice.json").write_text('{"format": "deberc-practice", "version": "[bold]x", "decisions": []}',
                                            encoding="utf-8")
    app = PracticeApp(Rules.preset("moscow", players=2), seed=1, worlds=4, look=LOOK)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "'[bold]x'" in told(app)
        await pilot.press("r")
        await pilot.pause()
        assert "Your record" in str(app.screen.query_one("#verdict", Static).content)
