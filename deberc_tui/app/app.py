"""The Textual application: one :func:`make_app` factory shared by the ``deberc`` command and the tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from deberc_tui.app.look import Look, unicode_ok
from deberc_tui.app.messages import (
    GenderChosen,
    LanguageChosen,
    NewGameWanted,
    ResumeWanted,
    SavedGameChosen,
    SavedGamesWanted,
)
from deberc_tui.app.screens.match_end import TableDone
from deberc_tui.app.screens.modals import ConfirmScreen
from deberc_tui.app.screens.newgame import GameSetup, NewGameScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.app.themes import use_table_theme
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import fill, tell
from deberc_tui.engine import Rules
from deberc_tui.engine.text import Text
from deberc_tui.saved_games import GameList, claim_mirror, list_games, new_game_path
from deberc_tui.settings import save_gender, save_language
from deberc_tui.storage import InUse
from deberc_tui.table.services import BotMaker, Services
from deberc_tui.table.session import PACES, TableError, TableSession, default_players
from deberc_tui.text.i18n import N_, _, set_language, translate, translate_error
from deberc_tui.untrusted import one_line


def save_dir() -> Path:
    from deberc_tui.storage import data_dir

    return data_dir()


@dataclass(frozen=True)
class AppServices:
    """The app's outside world, handed in by :func:`make_app` (a test gives its own instead of patching):
    the table's services (bots, clock, statistics), whether games are saved, the saved-games folder's list,
    and where the chosen language is remembered."""

    table: Services = field(default_factory=Services)
    autosave: bool = True
    list_games: Callable[[], GameList] = list_games
    new_save_path: Callable[[], Path] = new_game_path
    save_language: Callable[[str], None] = save_language
    save_gender: Callable[[str | None], None] = save_gender


class DebercApp(App[None]):
    """Debertz at a terminal card table."""

    CSS_PATH = "deberc.tcss"
    TITLE = "deberc"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), priority=True, show=False)]  # q asks first; ^q does not
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self, setup: GameSetup | None = None, *, resume: bool = False, load: str | Path | None = None,
        pace: str | float = "normal", look: Look | None = None, seed: int | None = None,
        services: AppServices | None = None, gender: str | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.setup = setup
        self.resume = resume
        self.load = load
        self.look = look or Look(ascii=not unicode_ok())
        self.pace = PACES.get(pace, 0.6) if isinstance(pace, str) else float(pace)
        self.seed = seed
        self.gender = gender
        """The person's grammatical gender (``male``, ``female``, None), as the command line or the settings gave it."""
        self.services = services or AppServices()
        self.session: TableSession | None = None
        self.last_setup: GameSetup | None = setup
        """The table last started: "play again" starts it anew, the new-game screen opens on it."""
        self.saved_notes: list[Text] = []  # files of the saved-games folder skipped this session
        self.ready_at: float | None = None  # when the first interactive screen was up (benchmarks)

    @property
    def autosave(self) -> bool:
        return self.services.autosave

    def on_mount(self) -> None:
        self._apply_look(self.look)
        if self.load is not None:
            try:
                self.start_table(self._open(Path(self.load), self._save_path()))
            except Exception as exc:  # noqa: BLE001 - a bad file is a notification, never a traceback
                tell(self, _("Cannot open {path}: {error}"), path=str(self.load), error=_one_line(exc), severity="error")
                self.new_game()
        elif self.resume:
            self.resume_game()
        elif self.setup is not None:
            self.start(self.setup)
        else:
            self.new_game()
        self.call_after_refresh(self._mark_ready)

    def _mark_ready(self) -> None:
        self.ready_at = time.perf_counter()

    def _apply_look(self, look: Look) -> None:
        self.look = look
        use_table_theme(self, look.mono)
        self.set_class(look.mono, "-mono")
        self.set_class(look.ascii, "-ascii")  # borders drawn with + - | too (deberc.tcss)

    def _save_path(self) -> Path | None:
        """A new file in the saved-games folder for a new (or newly opened) game; None without autosave, and
        None when the folder cannot be made (a file named ``games``, a read-only data folder): then the game is
        played without saving, and the player is told so."""
        if not self.autosave:
            return None
        try:
            return self.services.new_save_path()
        except OSError as exc:
            tell(self, _("The saved-games folder cannot be used ({error}): this game is not saved"),
                 error=one_line(translate_error(exc)), severity="warning", timeout=15)
            return None

    def _open(self, path: Path, save_path: Path | None) -> TableSession:
        return TableSession.from_record(path, save_path=save_path, seed=self.seed, services=self.services.table,
                                        pace=self.pace)

    def saved_games(self) -> GameList:
        """The saved-games folder (the old autosave file migrated into it); empty without autosave."""
        if not self.autosave:
            return GameList()
        try:
            found = self.services.list_games()
        except OSError as exc:
            found = GameList(notes=[Text(N_("Cannot read the saved games: {error}"), {"error": str(exc)})])
        for note in found.notes:
            tell(self, one_line(translate(note)), severity="warning", timeout=10)  # file names
        self.saved_notes += found.notes  # a file moved aside is noted once; the list shows it all session
        return GameList(found.games, list(self.saved_notes))

    def new_game(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if self.session is not None:
            self.session.close()  # the table is left: its saved game may be opened again
        games = self.saved_games()
        pace = next((k for k, v in PACES.items() if v == self.pace), "normal")
        self.push_screen(NewGameScreen(self.look, pace, games.latest_unfinished() is not None,
                                       has_saved=bool(games.games or games.notes), last=self.last_setup,
                                       gender=self.gender),
                         self._chosen)

    # -- what the screens ask for (deberc_tui.app.messages) -------------------------------------

    def on_new_game_wanted(self, _message: NewGameWanted) -> None:
        self.new_game()

    def on_resume_wanted(self, _message: ResumeWanted) -> None:
        self.resume_game()

    def on_saved_games_wanted(self, _message: SavedGamesWanted) -> None:
        self.show_saved_games()

    def on_saved_game_chosen(self, message: SavedGameChosen) -> None:
        self.open_saved(message.path)

    def on_language_chosen(self, message: LanguageChosen) -> None:
        self.switch_language(message.lang)

    def on_gender_chosen(self, message: GenderChosen) -> None:
        """The person chose how the game speaks of them: from now on, and remembered in the settings."""
        self.gender = message.gender
        try:
            self.services.save_gender(message.gender)
        except OSError as exc:
            tell(self, _("Cannot save the settings: {error}"), error=translate_error(exc), severity="warning")

    def on_table_done(self, message: TableDone) -> None:
        """The end of a game or match: play the same table again, a new game, or quit."""
        if message.choice == "again" and self.session is not None:
            self.start(self.again_setup(self.session))
        elif message.choice == "new":
            self.new_game()
        else:
            self.exit()

    def again_setup(self, session: TableSession) -> GameSetup:
        """The same table again: the players, their bots, the rules (preset, target, house rules, the match), the
        pace and the look; new cards (no seed), so that it is a new game and not the same one."""
        return GameSetup(session.rules, [dict(p) for p in session.players], pace=session.pace, look=self.look)

    def show_saved_games(self) -> None:
        from deberc_tui.app.screens.saved import SavedGamesScreen

        self.push_screen(SavedGamesScreen(self.saved_games()))

    def switch_language(self, lang: str) -> None:
        """Use ``lang`` from now on, remember it in the settings and redraw the new-game screen."""
        set_language(lang)
        try:
            self.services.save_language(lang)
        except OSError as exc:
            tell(self, _("Cannot save the settings: {error}"), error=translate_error(exc), severity="warning")
        translate_bindings(self)
        self.new_game()

    def _chosen(self, setup: GameSetup | None) -> None:
        if setup is not None:
            self.start(setup)

    def start(self, setup: GameSetup) -> None:
        self._apply_look(setup.look)
        self.pace = PACES.get(setup.pace, self.pace) if isinstance(setup.pace, str) else float(setup.pace)
        seed = setup.seed if setup.seed is not None else self.seed
        session = TableSession(setup.rules, setup.players, first_dealer=setup.first_dealer, seed=seed,
                               services=self.services.table, save_path=self._save_path(), pace=self.pace)
        self.start_table(session)

    def resume_game(self) -> None:
        """Continue the most recently played unfinished game (``--resume``, the new-game screen's button)."""
        games = self.saved_games()
        latest = games.latest_unfinished()
        if latest is None:
            tell(self, _("No unfinished game to resume."), severity="warning")
            self.new_game()
            return
        self.open_saved(latest.path)

    def open_saved(self, path: Path) -> bool:
        """Continue the game saved in ``path`` (its file goes on being updated). False if it cannot be opened;
        if another table has it open, the player is told where and may open a copy instead."""
        try:
            session = self._open(path, path if self.autosave else None)
        except InUse as exc:
            where = translate(exc.holder.where())
            self.push_screen(ConfirmScreen(fill(_("This game is open at another table ({where}). Open a copy? It "
                                                  "is saved as a new game."), where=where),
                                           _("Open a copy"), _("Cancel")),
                lambda copy: self._open_copy(path) if copy else self._nothing_opened())
            return False
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            tell(self, _("No game to resume: {error}"), error=_one_line(exc), severity="warning")
            if not isinstance(self.screen, NewGameScreen) and len(self.screen_stack) <= 1:
                self.new_game()
            return False
        self.start_table(session)
        return True

    def _open_copy(self, path: Path) -> None:
        """The game saved in ``path``, open at another table, continued here in a new file of its own."""
        try:
            session = self._open(path, self._save_path())
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            tell(self, _("No game to resume: {error}"), error=_one_line(exc), severity="warning")
            self._nothing_opened()
            return
        self.start_table(session)

    def _nothing_opened(self) -> None:
        """Nothing was opened: with no screen under it (``--resume``), the new-game screen."""
        if len(self.screen_stack) <= 1:
            self.new_game()

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()  # the saved game is free at once, not when the process ends

    def start_table(self, session: TableSession) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if self.autosave and session.save_path is not None and session.mirror_path is None:
            mirror = save_dir() / AUTOSAVE  # older versions' single slot, kept as a copy
            usable, note = claim_mirror(mirror)  # never over a file that is not this version's record
            if note is not None:
                tell(self, one_line(translate(note)), severity="warning", timeout=10)
            session.mirror_path = mirror if usable else None
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        self.last_setup = self.again_setup(session)
        for warning in session.warnings:
            tell(self, one_line(translate(warning)), severity="warning", timeout=10)
        self.push_screen(TableScreen(session, self.look))


AUTOSAVE = "autosave.json"
"""The single save slot of older versions: the game being played is copied there too."""


def _one_line(exc: BaseException) -> str:
    text = str(exc) if isinstance(exc, TableError) else translate_error(exc)
    return (text.splitlines() or [exc.__class__.__name__])[0]


def make_app(
    rules: Rules | None = None,
    *,
    bots: list[str] | None = None,
    names: list[str] | None = None,
    seed: int | None = None,
    first_dealer: int | None = None,
    resume: bool = False,
    load: str | Path | None = None,
    pace: str | float = "normal",
    look: Look | None = None,
    autosave: bool = True,
    bot_maker: BotMaker | None = None,
    services: AppServices | None = None,
    gender: str | None = None,
) -> DebercApp:
    """Build the app: the one factory of the ``deberc`` command and the tests. With ``rules`` (built once by the
    caller: the command line, a test) a game of those rules starts at once, at a table of ``rules.players`` with
    ``bots``/``names``; without, the new-game screen opens (``resume`` and ``load`` go before both).
    ``services`` — or its shortcuts ``autosave`` and ``bot_maker`` — is the outside world: the bots, the clock,
    the saved games, the statistics (a test hands its own instead of patching modules). ``gender`` is the person's
    (``male``, ``female``; the command line's or the settings'): sentences about them agree with it once they
    have a name."""
    if services is None:
        table = Services() if bot_maker is None else Services(make_bot=bot_maker)
        services = AppServices(table=table, autosave=autosave)
    setup = None
    if rules is not None and not resume and load is None:
        setup = GameSetup(rules, default_players(rules.players, bots or (), names or (), gender), seed, first_dealer,
                          pace, look or Look(ascii=not unicode_ok()))
    return DebercApp(setup, resume=resume, load=load, pace=pace, look=look, seed=seed, services=services,
                     gender=gender)
