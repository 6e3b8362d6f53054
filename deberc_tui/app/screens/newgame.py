"""The new-game screen: players (human or bot level, names), preset, target, pace and look.

Its defaults start a 2-player Moscow game against the heuristic bot with one key (Enter).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from deberc_tui.app.controller import bot_levels
from deberc_tui.app.look import Look
from deberc_tui.app.messages import LanguageChosen, ResumeWanted, SavedGamesWanted
from deberc_tui.app.screens.rules import HouseRules, HouseRulesScreen
from deberc_tui.app.tr import translate_bindings
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.text.i18n import N_, _, current_language, ngettext, translate_error
from deberc_tui.text.rule_words import preset_changes
from deberc_tui.text.words import bot as bot_label
from deberc_tui.text.words import preset as preset_label

DEFAULT_NAMES = [N_("You"), N_("Boris"), N_("Clara"), N_("Dmitri")]
PACE_CHOICES = [(N_("slow"), "slow"), (N_("normal"), "normal"), (N_("fast"), "fast"), (N_("instant"), "instant")]
LANGUAGE_CHOICES = [("English", "en"), ("Русский", "ru")]
TARGETS = (301, 501, 1001, 101)
NOTE_WIDTH = 68  # the width inside the 72-column dialog, until the dialog has been laid out
NOTE_LINES = 3  # the preset's changes take at most this many lines; the house-rules screen lists them all


def fitted(items: list[str], width: int, lines: int) -> str:
    """The line "Changes: ..." with as many of ``items`` as fit in ``lines`` lines of ``width``, then "and N more":
    the new-game screen must stay whole at 80×24, whatever a preset changes (the house-rules screen lists all)."""
    text = ""
    for shown in range(len(items), -1, -1):
        left = len(items) - shown
        more = [ngettext("and {n} more (House rules)", "and {n} more (House rules)", left).format(n=left)]
        text = _("Changes: {changes}").format(changes="; ".join(items[:shown] + (more if left else [])))
        if len(textwrap.wrap(text, width)) <= lines:
            break
    return text


@dataclass
class GameSetup:
    """Everything needed to start a game."""

    rules: Rules
    players: list[dict[str, Any]]
    seed: int | None = None
    first_dealer: int | None = None
    pace: str | float = "normal"
    look: Look = field(default_factory=Look)


class NewGameScreen(Screen[GameSetup]):
    """Choose the table; Enter starts."""

    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start"), priority=True),
        Binding("ctrl+r", "house_rules", N_("House rules")),
        Binding("ctrl+g", "stats", N_("Statistics")),
        Binding("ctrl+b", "practice", N_("Bidding practice")),
        Binding("ctrl+k", "scorepad", N_("Score pad")),
        Binding("ctrl+o", "saved_games", N_("Saved games"), show=False),
        Binding("ctrl+q", "app.quit", N_("Quit")),
    ]

    def __init__(self, look: Look | None = None, pace: str = "normal", can_resume: bool = False,
                 has_saved: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.look = look or Look()
        self.pace = pace
        self.can_resume = can_resume
        self.has_saved = has_saved or can_resume  # show the "Saved games" button (ctrl+o works always)
        self.custom: dict[str, Any] = {}  # house-rule changes on top of the preset
        self.custom_preset = "moscow"  # the preset those changes were made on

    def compose(self) -> ComposeResult:
        levels = bot_levels()
        kinds = [(_("human"), "human")] + [(_("bot: {name}").format(name=bot_label(name)), name) for name in levels]
        with Vertical(id="newgame", classes="dialog"):
            yield Static(_("Деберц · Debertz — new game"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="label")
                yield Select([("2", 2), ("3", 3), (_("4 (two pairs)"), 4)], value=2, allow_blank=False,
                             id="players", compact=True)
                yield Label(" " + _("Preset"), classes="label")
                yield Select([(preset_label(k), k) for k in PRESETS], value="moscow", allow_blank=False,
                             id="preset", compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Target"), classes="label")
                yield Select([(str(t), t) for t in TARGETS], value=501,
                             allow_blank=False, id="target", compact=True)
                yield Label(" " + _("Bot pace"), classes="label")
                yield Select([(_(label), v) for label, v in PACE_CHOICES], value=self.pace, allow_blank=False,
                             id="pace", compact=True)
            for seat in range(4):
                with Horizontal(classes="row seat", id=f"seat-row-{seat}"):
                    yield Label(_("Seat {n}").format(n=seat + 1), classes="label")
                    yield Input(_(DEFAULT_NAMES[seat]), id=f"name-{seat}", compact=True, max_length=16)
                    default = "human" if seat == 0 else "heuristic"
                    yield Select(kinds, value=default, allow_blank=False, id=f"kind-{seat}", compact=True)
            with Horizontal(classes="row"):
                yield Checkbox(_("ASCII suits"), self.look.ascii, id="ascii", compact=True)
                yield Checkbox(_("4-colour deck"), self.look.four_colour, id="four", compact=True)
                yield Checkbox(_("Monochrome"), self.look.mono, id="mono", compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Language"), classes="label")
                yield Select(LANGUAGE_CHOICES, value=current_language(), allow_blank=False, id="language",
                             compact=True)
            yield Static("", id="rules-note", classes="note")
            with Horizontal(classes="buttons"):
                yield Button(_("Start ⏎"), id="btn-start", variant="primary", compact=True)
                yield Button(_("House rules"), id="btn-house", compact=True)
                if self.can_resume:
                    yield Button(_("Resume last"), id="btn-resume", compact=True)
                if self.has_saved:
                    yield Button(_("Saved games (^O)"), id="btn-saved", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Bidding practice"), id="btn-practice", compact=True)
                yield Button(_("Score pad"), id="btn-scorepad", compact=True)
                yield Button(_("Statistics"), id="btn-stats", compact=True)
                yield Button(_("Quit"), id="btn-quit", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._players_changed()
        start = self.query_one("#btn-start", Button)
        start.focus()
        if self.look.ascii:  # the ASCII look draws no block or arrow characters
            start.label = _("Start")
            for box in self.query(Checkbox):
                box.BUTTON_LEFT, box.BUTTON_RIGHT = "[", "]"
                box.refresh()

    @on(Select.Changed, "#players")
    def _players_changed(self) -> None:
        n = self._n()
        for seat in range(4):
            self.query_one(f"#seat-row-{seat}").display = seat < n
        self._note()

    @on(Select.Changed, "#language")
    def _language_changed(self, event: Select.Changed) -> None:
        lang = str(event.value)
        if lang != current_language():
            self.post_message(LanguageChosen(lang))

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        """Another preset starts without house rules (the house-rules screen may have chosen it with some)."""
        if str(event.value) != self.custom_preset:
            self.custom, self.custom_preset = {}, str(event.value)
        self._note()

    def _n(self) -> int:
        return int(self.query_one("#players", Select).value)  # type: ignore[arg-type]

    def _note(self) -> None:
        try:
            rules = self.rules()
        except RulesError as exc:
            self.query_one("#rules-note", Static).update(f"✗ {translate_error(exc)}")
            return
        n = len(self.custom)
        extra = ngettext(" + {n} house rule", " + {n} house rules", n).format(n=n) if self.custom else ""
        partners = _("  ·  seats 1+3 vs 2+4") if rules.players == 4 else ""
        note = self.query_one("#rules-note", Static)
        text = _("Rules: {preset}").format(preset=preset_label(rules.preset_name)) + extra + partners
        changes = preset_changes(rules.preset_name, rules.players)
        if changes:
            width = self.query_one("#newgame").content_size.width or NOTE_WIDTH
            text += "\n" + fitted(changes, width, NOTE_LINES - 1)
        note.update(text)

    def rules(self) -> Rules:
        preset = str(self.query_one("#preset", Select).value)
        n = self._n()
        if n not in PRESET_PLAYERS[preset]:
            raise RulesError(_("preset {preset} is for {counts} players").format(
                preset=preset_label(preset), counts=", ".join(map(str, PRESET_PLAYERS[preset]))))
        target = int(self.query_one("#target", Select).value)  # type: ignore[arg-type]
        return Rules.preset(preset, players=n, **{"target": target, **self.custom})

    def setup(self) -> GameSetup:
        n = self._n()
        players: list[dict[str, Any]] = []
        for seat in range(n):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or _(DEFAULT_NAMES[seat])
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            players.append({"name": name, "kind": "human"} if kind == "human"
                           else {"name": name, "kind": "bot", "bot": kind})
        look = Look(ascii=self.query_one("#ascii", Checkbox).value,
                    four_colour=self.query_one("#four", Checkbox).value,
                    mono=self.query_one("#mono", Checkbox).value)
        return GameSetup(self.rules(), players, pace=str(self.query_one("#pace", Select).value), look=look)

    def action_start(self) -> None:
        try:
            setup = self.setup()
        except RulesError as exc:
            self.notify(translate_error(exc), severity="error")
            return
        self.dismiss(setup)

    def action_house_rules(self) -> None:
        try:
            rules = self.rules()
        except RulesError as exc:
            self.notify(translate_error(exc), severity="error")
            return

        def done(result: HouseRules | None) -> None:
            if result is None:
                return
            custom = dict(result.options)
            if custom.get("target") in TARGETS:  # a target this screen offers is chosen here, not a house rule
                self.query_one("#target", Select).value = custom.pop("target")
            self.custom, self.custom_preset = custom, result.preset
            self.query_one("#preset", Select).value = result.preset
            self._note()

        self.app.push_screen(HouseRulesScreen(rules, self.custom), done)

    def action_stats(self) -> None:
        from deberc_tui.app.screens.modals import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_practice(self) -> None:
        """The bidding tutor, on the players/preset/target chosen here."""
        try:
            rules = self.rules()
        except RulesError as exc:
            self.notify(translate_error(exc), severity="error")
            return
        from deberc_tui.app.screens.practice import PracticeScreen

        self.app.push_screen(PracticeScreen(rules))

    def action_scorepad(self) -> None:
        from deberc_tui.app.screens.scorepad import ScorePadScreen

        self.app.push_screen(ScorePadScreen())

    def action_saved_games(self) -> None:
        """The list of saved games: resume an unfinished one, replay a finished one."""
        self.post_message(SavedGamesWanted())

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        bid = event.button.id
        if bid == "btn-start":
            self.action_start()
        elif bid == "btn-house":
            self.action_house_rules()
        elif bid == "btn-stats":
            self.action_stats()
        elif bid == "btn-practice":
            self.action_practice()
        elif bid == "btn-scorepad":
            self.action_scorepad()
        elif bid == "btn-saved":
            self.action_saved_games()
        elif bid == "btn-resume":
            self.post_message(ResumeWanted())
        elif bid == "btn-quit":
            self.app.exit()
