"""Saved games: the list of every game and match kept in the data folder, and a deal-by-deal viewer.

Enter on an unfinished game or match resumes it (its file goes on being updated); on a finished one it opens
the viewer, which tells each deal's story as ``deberc replay`` does, next to the score sheet so far — for a
match, every deal of every game, with where each game ended, what it was worth and the match so far.

Names and file names come from files: every cell and line is a rich ``Text`` (:mod:`deberc_tui.app.usertext`),
never markup, its control characters escaped.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from deberc_tui.app.messages import SavedGameChosen
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import clean, plain, tell
from deberc_tui.app.widgets.fitted_table import fill_fitted, fit_widths
from deberc_tui.saved_games import GameList, SavedGame, list_games, shown_name
from deberc_tui.text.i18n import N_, _, translate, translate_error
from deberc_tui.text.words import preset as preset_label
from deberc_tui.untrusted import one_line

if TYPE_CHECKING:
    from deberc_tui.engine.match import Match
    from deberc_tui.records import Record


def when_text(stamp: float) -> str:
    """The date a game was last played, as the list shows it (``2026-12-01 19:36``)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def state_text(game: SavedGame) -> str:
    """Where a saved game stands: a lone game's deal or winner; a match's game and deal, or its winner."""
    if game.is_match:
        if game.finished and game.winner is not None:
            return _("finished: {side} won the match").format(side=game.sides[game.winner])
        return _("game {game}, deal {deal}").format(game=game.game, deal=max(game.deals, 1))
    if game.finished:
        if game.winner is not None:
            return _("finished: {side} won").format(side=game.sides[game.winner])
        return _("finished")
    return _("unfinished, deal {n}").format(n=max(game.deals, 1))


def score_text(game: SavedGame) -> str:
    """A lone game's totals (``0 : 121``); a match's game points and its target (``2 : 1 (match to 3)``)."""
    if game.is_match:
        return _("{points} (match to {target})").format(points=game.match_score, target=game.match_target)
    return game.score


def row_cells(game: SavedGame) -> tuple[str, str, str, str, str]:
    """Date, players, preset, score and state of one saved game (the list's columns)."""
    return (when_text(game.modified), ", ".join(game.names), preset_label(game.preset), score_text(game),
            state_text(game))


class SavedTable(DataTable[Text]):
    """The list's table: each time its width changes, its columns are fitted to it anew."""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, SavedGamesScreen):
            screen.fill(event.size.width - 1)  # less the vertical scroll bar, when the list is long


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
        scrollbar-size-vertical: 1;
    }
    #saved-notes {
        height: auto;
        max-height: 4;
    }
    """

    BINDINGS = [
        Binding("enter", "open", N_("Open"), priority=True),
        Binding("v", "view", N_("View deals")),
        Binding("r", "review", N_("Review")),
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+q", "app.quit", N_("Quit")),
    ]

    def __init__(self, games: GameList | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.games = games if games is not None else list_games()
        self.rows = [tuple(clean(cell) for cell in row_cells(game)) for game in self.games.games]
        self.fitted_to: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="saved", classes="dialog"):
            yield Static(_("Saved games"), classes="title")
            yield SavedTable(id="saved-list", cursor_type="row", zebra_stripes=True)
            notes = [one_line(translate(note)) for note in self.games.notes]  # file names: text, not markup
            if not self.games.games:
                notes.insert(0, _("No saved games yet."))
            yield Static(plain("\n".join(notes)), id="saved-notes", classes="note")
            yield Static(_("Enter: resume an unfinished game, replay a finished one · v: view deal by deal · "
                           "r: review · Esc: back"), classes="note")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#saved-list", DataTable).focus()

    def fill(self, width: int) -> None:
        """(Re)build the table for ``width`` cells: every column fits, long cells wrap by words."""
        if width == self.fitted_to or width <= 0:
            return
        self.fitted_to = width
        headers = (_("Date"), _("Players"), _("Preset"), _("Score"), _("State"))
        # a score may break before "(match to 3)", never inside "2 : 1" or "84 : 120"
        points = max((cell_len(g.match_score if g.is_match else g.score) for g in self.games.games), default=0)
        fill_fitted(self.query_one("#saved-list", SavedTable), headers, self.rows, width, (0, 0, 0, points, 0))

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
            tell(self, _("Cannot open {path}: {error}"), path=shown_name(game.path),
                 error=one_line(translate_error(exc)), severity="error")
            return
        self.app.push_screen(screen)

    def action_review(self) -> None:
        """The selected game's review (finished or not): every decision of its player judged."""
        from deberc_tui.app.screens.review import ReviewScreen
        from deberc_tui.records import load_record

        game = self.selected()
        if game is None:
            return
        try:
            record = load_record(game.path)
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            tell(self, one_line(_("Cannot open {path}: {error}").format(path=shown_name(game.path),
                                                                         error=translate_error(exc))), severity="error")
            return
        humans = [p for p in record.players if p.get("kind", "human") == "human"]
        self.app.push_screen(ReviewScreen(record, path=game.path, look=getattr(self.app, "look", None),
                                          you=len(humans) == 1))

    def action_back(self) -> None:
        self.dismiss(None)

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()


@dataclass(frozen=True)
class Place:
    """One deal of a saved match as the viewer steps through it: its game and its number in the game (from 0)."""

    game: int
    deal: int


class ReplayScreen(Screen[None]):
    """A saved game or match deal by deal: the deal's story (as ``deberc replay`` tells it) and the sheet up to it;
    in a match, each game's end and the match so far."""

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
        height: 1fr;
        padding-left: 1;
    }
    #replay-story, #replay-sheet {
        scrollbar-size-vertical: 1;
    }
    #replay-story > Static, #replay-sheet > Static {
        width: 100%;
    }
    """
    FRAME = 4 + 2 + 1
    """Cells of the screen's width the two panes cannot use: the dialog's border and padding, the sheet's padding
    and scroll bar, the story's scroll bar."""
    STORY = 56
    """Cells the story keeps beside a sheet with long lines: a trick, the bids of a deal."""

    BINDINGS = [
        Binding("right,n,space", "next", N_("Next deal")),
        Binding("left,p", "previous", N_("Previous deal")),
        Binding("pagedown,]", "next_game", N_("Next game")),
        Binding("pageup,[", "previous_game", N_("Previous game")),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(self, record: Record, match: Match) -> None:
        super().__init__()
        translate_bindings(self)
        self.record = record
        self.match = match
        self.is_match = record.rules.match_target is not None
        self.sheets = [game.sheet() for game in match.games]
        self.places = [Place(g, d) for g, game in enumerate(match.games) for d in range(len(game.deals))]
        self.index = 0
        seat_names = [str(p["name"]) for p in record.players]
        from deberc_tui.text.sheet_text import side_names

        self.seat_names = seat_names
        self.names = side_names(record.rules, record.players)

    @classmethod
    def from_path(cls, path: Path) -> ReplayScreen:
        """Read and replay ``path`` (a lone game or a whole match); raises RecordError for a bad record."""
        from deberc_tui.records import load_record, replay_match

        record = load_record(path)
        return cls(record, replay_match(record))

    def compose(self) -> ComposeResult:
        with Vertical(id="replay", classes="dialog"):
            yield Static("", id="replay-title", classes="title")
            with Horizontal(id="replay-body"):
                with VerticalScroll(id="replay-story"):
                    yield Static("", id="replay-story-text")
                with VerticalScroll(id="replay-sheet"):
                    yield Static("", id="replay-sheet-text")
            keys = (_("← →: previous / next deal · PgUp PgDn: previous / next game · Esc: back") if self.is_match
                    else _("← →: previous / next deal · Esc: back"))
            yield Static(keys, classes="note")
        yield Footer(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A lone game has no games to step between: those keys are not shown."""
        if action in ("next_game", "previous_game"):
            return self.is_match
        return True

    def on_mount(self) -> None:
        self.show()

    @property
    def place(self) -> Place | None:
        return self.places[self.index] if self.places else None

    def _ends_game(self, place: Place) -> bool:
        """Whether the deal at ``place`` ended its game (then the game's result is settled)."""
        return place.deal == len(self.match.games[place.game].deals) - 1 and place.game < len(self.match.settled)

    def _settled_by(self, place: Place) -> int:
        """How many games of the match were over once the deal at ``place`` was played."""
        return place.game + (1 if self._ends_game(place) else 0)

    def story(self) -> list[str]:
        """The lines of the current deal's story; in a match, what the game was worth if the deal ended it."""
        from deberc_tui.text.persons import cast
        from deberc_tui.text.sheet_text import deal_story, game_end_lines

        place = self.place
        if place is None:
            return [_("No deal was played.")]
        people = cast(self.record.rules, self.record.players)
        game = self.match.games[place.game]
        lines = deal_story(game.deals[place.deal], self.sheets[place.game][place.deal], people)
        if self.is_match and self._ends_game(place):
            lines += ["", *game_end_lines(self.match.settled[place.game], self.record.rules, people.sides)]
        return lines

    def sheet(self) -> list[str]:
        """The score sheet of the current game up to and including the current deal, then its result if it is
        over; in a match, the games before it and the match so far."""
        from deberc_tui.text.persons import cast
        from deberc_tui.text.sheet_text import game_end_lines, match_lines, sheet_lines

        place = self.place
        rules = self.record.rules
        if place is None:
            return sheet_lines([], self.names)
        lines = sheet_lines(self.sheets[place.game][: place.deal + 1], self.names)
        if not self.is_match:
            outcome = self.match.game.outcome
            if outcome is not None and self._ends_game(place):
                lines += ["", _("winner: {name}").format(name=self.names[outcome.winner])]
            return lines
        done = self._settled_by(place)
        settled = self.match.settled[:done]
        lines = [_("Game {number}").format(number=place.game + 1), *lines]
        winner = self.match.winner if done == len(self.match.settled) and self.match.is_over else None
        lines += ["", *match_lines(settled, rules, self.names, winner)]
        if place.game > 0:
            lines += ["", _("Games before:")]
            sides = cast(rules, self.record.players).sides
            for result in settled[: place.game]:
                lines += game_end_lines(result, rules, sides)
        return lines

    def heading(self) -> str:
        rules = self.record.rules
        head = _("{preset} rules, {players} players, target {target}").format(
            preset=preset_label(rules.preset_name), players=rules.players, target=rules.target)
        total = len(self.places)
        place = self.place
        if not self.is_match or place is None:
            where = _("deal {n} of {total}").format(n=self.index + 1 if total else 0, total=total)
            return f"{head} · {where}"
        head = _("{rules}, match to {target}").format(rules=head, target=rules.match_target)
        where = _("game {game}, deal {deal} ({n} of {total})").format(
            game=place.game + 1, deal=place.deal + 1, n=self.index + 1, total=total)
        return f"{head} · {where}"

    def show(self) -> None:
        sheet = self.sheet()
        self.query_one("#replay-title", Static).update(plain(self.heading()))
        self.query_one("#replay-story-text", Static).update(plain("\n".join(self.story())))
        self.query_one("#replay-sheet-text", Static).update(plain("\n".join(sheet)))
        self.query_one("#replay-sheet", VerticalScroll).styles.width = self.sheet_width(sheet, self.app.size.width)
        self.query_one("#replay-story", VerticalScroll).scroll_home(animate=False)

    def sheet_width(self, sheet: Sequence[str], screen: int) -> int:
        """The sheet pane's width: its table whole; its other lines (the games, the match) as long as the story
        keeps :data:`STORY` cells, wrapped by words beyond."""
        room = screen - self.FRAME
        table = max(cell_len(line) for line in sheet[:2])  # the sheet's head and rule
        return 2 + max(table, min(max(cell_len(line) for line in sheet), room - self.STORY))  # padding, scroll bar

    def on_resize(self, _event: events.Resize) -> None:
        self.show()

    def _go(self, index: int) -> None:
        index = max(0, min(index, len(self.places) - 1))
        if index != self.index:
            self.index = index
            self.show()

    def action_next(self) -> None:
        self._go(self.index + 1)

    def action_previous(self) -> None:
        self._go(self.index - 1)

    def action_next_game(self) -> None:
        """The first deal of the next game (the last deal when this is the last game)."""
        place = self.place
        if place is not None:
            self._go(next((i for i, p in enumerate(self.places) if p.game > place.game), len(self.places) - 1))

    def action_previous_game(self) -> None:
        """The first deal of this game, or of the game before when already there."""
        place = self.place
        if place is not None:
            game = place.game if place.deal > 0 else place.game - 1
            self._go(next((i for i, p in enumerate(self.places) if p.game == game), 0))

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(len(self.places) - 1)

    def action_back(self) -> None:
        self.dismiss(None)


__all__ = ["ReplayScreen", "SavedGamesScreen", "fit_widths", "row_cells", "score_text", "state_text", "when_text"]
