"""Saved games: the list of every game kept in the data folder, and a deal-by-deal viewer for finished ones.

Enter on an unfinished game resumes it (its file goes on being updated); on a finished game it opens
the viewer, which tells each deal's story as ``deberc replay`` does, next to the score sheet so far.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from deberc_tui.app.messages import SavedGameChosen
from deberc_tui.app.tr import translate_bindings
from deberc_tui.saved_games import GameList, SavedGame, list_games
from deberc_tui.text.i18n import N_, _, translate, translate_error
from deberc_tui.text.words import preset as preset_label
from deberc_tui.untrusted import one_line

if TYPE_CHECKING:
    from deberc_tui.engine import Game
    from deberc_tui.records import Record


def when_text(stamp: float) -> str:
    """The date a game was last played, as the list shows it (``2026-12-01 19:36``)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def state_text(game: SavedGame) -> str:
    if game.finished:
        if game.winner is not None:
            return _("finished: {side} won").format(side=game.sides[game.winner])
        return _("finished")
    return _("unfinished, deal {n}").format(n=max(game.deals, 1))


def row_cells(game: SavedGame) -> tuple[str, str, str, str, str]:
    """Date, players, preset, score and state of one saved game (the list's columns)."""
    return (when_text(game.modified), ", ".join(game.names), preset_label(game.preset), game.score,
            state_text(game))


class SavedGamesScreen(Screen[None]):
    """The saved-games list. Enter resumes an unfinished game or replays a finished one."""

    DEFAULT_CSS = """
    SavedGamesScreen {
        align: center middle;
    }
    #saved {
        width: 100%;
        max-width: 110;
        height: 1fr;
        max-height: 100%;
    }
    #saved-list {
        height: 1fr;
        min-height: 3;
        background: $surface;
    }
    #saved-notes {
        height: auto;
        max-height: 4;
    }
    """

    BINDINGS = [
        Binding("enter", "open", N_("Open"), priority=True),
        Binding("v", "view", N_("View deals")),
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+q", "app.quit", N_("Quit")),
    ]

    def __init__(self, games: GameList | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.games = games if games is not None else list_games()

    def compose(self) -> ComposeResult:
        with Vertical(id="saved", classes="dialog"):
            yield Static(_("Saved games"), classes="title")
            table: DataTable[str] = DataTable(id="saved-list", cursor_type="row", zebra_stripes=True)
            table.add_columns(_("Date"), _("Players"), _("Preset"), _("Score"), _("State"))
            for i, game in enumerate(self.games.games):
                table.add_row(*row_cells(game), key=str(i))
            yield table
            notes = [one_line(translate(note)) for note in self.games.notes]  # file names: text, not markup
            if not self.games.games:
                notes.insert(0, _("No saved games yet."))
            yield Static(Text("\n".join(notes)), id="saved-notes", classes="note")
            yield Static(_("Enter: resume an unfinished game, replay a finished one · v: view deal by deal · "
                           "Esc: back"), classes="note")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#saved-list", DataTable).focus()

    def selected(self) -> SavedGame | None:
        table = self.query_one("#saved-list", DataTable)
        if not self.games.games or table.cursor_row is None:
            return None
        row = table.cursor_row
        return self.games.games[row] if 0 <= row < len(self.games.games) else None

    def action_open(self) -> None:
        game = self.selected()
        if game is None:
            return
        if game.finished:
            self.action_view()
        else:
            self.post_message(SavedGameChosen(game.path))

    def action_view(self) -> None:
        game = self.selected()
        if game is None:
            return
        try:
            screen = ReplayScreen.from_path(game.path)
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            self.notify(_("Cannot open {path}: {error}").format(path=game.path.name, error=translate_error(exc)),
                        severity="error")
            return
        self.app.push_screen(screen)

    def action_back(self) -> None:
        self.dismiss(None)

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()


class ReplayScreen(Screen[None]):
    """A saved game deal by deal: the deal's story (as ``deberc replay`` tells it) and the sheet up to it."""

    DEFAULT_CSS = """
    ReplayScreen {
        align: center middle;
    }
    #replay {
        width: 100%;
        max-width: 120;
        height: 1fr;
    }
    #replay-body {
        height: 1fr;
    }
    #replay-story {
        width: 1fr;
        height: 1fr;
    }
    #replay-sheet {
        width: auto;
        max-width: 50%;
        height: 1fr;
        padding-left: 1;
    }
    #replay-story > Static, #replay-sheet > Static {
        width: auto;
    }
    """

    BINDINGS = [
        Binding("right,n,space", "next", N_("Next deal")),
        Binding("left,p", "previous", N_("Previous deal")),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(self, record: Record, game: Game) -> None:
        super().__init__()
        translate_bindings(self)
        self.record = record
        self.game = game
        self.rows = game.sheet()
        self.index = 0

    @classmethod
    def from_path(cls, path: Path) -> ReplayScreen:
        """Read and replay ``path``; raises RecordError for a bad record."""
        from deberc_tui.records import load_record, replay_record

        record = load_record(path)
        return cls(record, replay_record(record))

    def compose(self) -> ComposeResult:
        with Vertical(id="replay", classes="dialog"):
            yield Static("", id="replay-title", classes="title")
            with Horizontal(id="replay-body"):
                with VerticalScroll(id="replay-story"):
                    yield Static("", id="replay-story-text")
                with VerticalScroll(id="replay-sheet"):
                    yield Static("", id="replay-sheet-text")
            yield Static(_("← →: previous / next deal · Esc: back"), classes="note")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show()

    def story(self) -> list[str]:
        """The lines of the current deal's story."""
        from deberc_tui.text.persons import cast
        from deberc_tui.text.sheet_text import deal_story

        if not self.game.deals:
            return [_("No deal was played.")]
        return deal_story(self.game.deals[self.index], self.rows[self.index], cast(self.record.rules, self.record.players))

    def sheet(self) -> list[str]:
        """The score sheet up to and including the current deal, then the result if the game is over."""
        from deberc_tui.text.sheet_text import sheet_lines, side_names

        names = side_names(self.record.rules, self.record.players)
        lines = sheet_lines(self.rows[: self.index + 1], names)
        outcome = self.game.outcome
        if outcome is not None and self.index == len(self.game.deals) - 1:
            lines += ["", _("winner: {name}").format(name=names[outcome.winner])]
        return lines

    def show(self) -> None:
        rules = self.record.rules
        total = len(self.game.deals)
        head = _("{preset} rules, {players} players, target {target}").format(
            preset=preset_label(rules.preset_name), players=rules.players, target=rules.target)
        where = _("deal {n} of {total}").format(n=self.index + 1 if total else 0, total=total)
        self.query_one("#replay-title", Static).update(f"{head} · {where}")
        self.query_one("#replay-story-text", Static).update("\n".join(self.story()))
        self.query_one("#replay-sheet-text", Static).update("\n".join(self.sheet()))
        self.query_one("#replay-story", VerticalScroll).scroll_home(animate=False)

    def _go(self, index: int) -> None:
        index = max(0, min(index, len(self.game.deals) - 1))
        if index != self.index:
            self.index = index
            self.show()

    def action_next(self) -> None:
        self._go(self.index + 1)

    def action_previous(self) -> None:
        self._go(self.index - 1)

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(len(self.game.deals) - 1)

    def action_back(self) -> None:
        self.dismiss(None)


__all__ = ["ReplayScreen", "SavedGamesScreen", "row_cells", "state_text", "when_text"]
