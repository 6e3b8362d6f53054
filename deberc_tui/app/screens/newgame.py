"""The new-game screen: players (human or bot level, names), preset, target, a single game or a match, pace
and look, and the house rules chosen on top of the preset.

Its defaults start a 2-player Moscow game against the heuristic bot with one key (Enter). The match offered
first is the preset's own (``short`` with 2 players: a match to 9); a match or house rules the player chose stay
when the preset or the player count changes (:func:`~deberc_tui.app.screens.rules.rebase`), and the note says
which house rules could not stay.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from deberc_tui.app.look import Look
from deberc_tui.app.messages import GenderChosen, LanguageChosen, ResumeWanted, SavedGamesWanted
from deberc_tui.app.screens.rules import (
    HouseRules,
    HouseRulesScreen,
    dropped_labels,
    dropped_text,
    encode,
    option_values,
    rebase,
)
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import fill, plain, tell
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.table.services import bot_levels
from deberc_tui.text.i18n import N_, _, current_language, ngettext, translate_error
from deberc_tui.text.rule_words import applies, preset_changes
from deberc_tui.text.words import bot as bot_label
from deberc_tui.text.words import preset as preset_label

DEFAULT_NAMES = [N_("You"), N_("Boris"), N_("Clara"), N_("Dmitri")]
PACE_CHOICES = [(N_("slow"), "slow"), (N_("normal"), "normal"), (N_("fast"), "fast"), (N_("instant"), "instant")]
LANGUAGE_CHOICES = [("English", "en"), ("Русский", "ru")]
# Seat 1's grammatical gender (the person at the keyboard): how sentences about them agree once they have a name
# other than "You" (deberc_tui.text.persons). A Select has no value None: "none" stands for it.
GENDER_CHOICES = [(N_("he/she"), "none"), (N_("he"), "male"), (N_("she"), "female")]
TARGETS = (301, 501, 1001, 101)
NOTE_WIDTH = 68  # the width inside the 72-column dialog, until the dialog has been laid out
NOTE_LINES = 3  # the rules line, what was dropped and the preset's changes; the house-rules screen lists all
DROPPED_LINES = 2  # the house rules a change of preset dropped take at most this many lines of the note
#: The options this screen chooses itself (its own lists), so they are no house rules and no preset's "changes".
OWN_CHOICES = ("target", "match_target")


def _more_changes(left: int) -> str:
    return ngettext("and {n} more (House rules)", "and {n} more (House rules)", left).format(n=left)


def _changes_line(joined: str) -> str:
    return _("Changes: {changes}").format(changes=joined)


def fitted(items: list[str], width: int, lines: int, line: Callable[[str], str] = _changes_line,
           more: Callable[[int], str] = _more_changes) -> str:
    """The line "Changes: ..." (or what ``line`` makes of the joined items) with as many of ``items`` as fit in
    ``lines`` lines of ``width``, then "and N more": the new-game screen must stay whole at 80×24, whatever a
    preset changes (the house-rules screen lists all)."""
    text = ""
    for shown in range(len(items), -1, -1):
        left = len(items) - shown
        text = line("; ".join(items[:shown] + ([more(left)] if left else [])))
        if len(textwrap.wrap(text, width)) <= lines:
            break
    return text


def match_label(target: int | None) -> str:
    """A choice of the match list: "single game" or "match to 9"."""
    return _("single game") if target is None else _("match to {n}").format(n=target)


def own_match(preset: str, players: int) -> int | None:
    """The match a preset plays at a table of ``players`` (``short`` with 2: to 9); a single game where the
    preset is not for that table."""
    try:
        return Rules.preset(preset, players=players).match_target
    except RulesError:
        return None


def house_rules_of(rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` that differ from its preset's (JSON values, as a record's), besides the target and
    the match, which the screen chooses itself: the house rules the table was played with."""
    mine = rules.to_dict()
    base = Rules.preset(rules.preset_name, players=rules.players).to_dict()
    own = {"preset", "match_target"} | ({"target"} if rules.target in TARGETS else set())
    return {key: value for key, value in mine.items() if key not in own and base.get(key) != value}


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
                 has_saved: bool = False, last: GameSetup | None = None, gender: str | None = None) -> None:
        """``last``: the table started last in this session — the screen opens on its settings (players, names,
        bots, preset, target, match, house rules, pace), so that "new game" changes only what the player changes.
        ``gender``: the person's, as the settings or the command line give it (seat 1's gender choice)."""
        super().__init__()
        translate_bindings(self)
        self.look = look or Look()
        self.pace = pace if last is None or not isinstance(last.pace, str) else last.pace
        self.can_resume = can_resume
        self.has_saved = has_saved or can_resume  # show the "Saved games" button (ctrl+o works always)
        self.last = last
        self.gender = gender if gender in ("male", "female") else None
        rules = last.rules if last is not None else None
        # house-rule changes on top of the preset (JSON values, as a record's)
        self.custom: dict[str, Any] = house_rules_of(rules) if rules is not None else {}
        # the preset and player count those changes and the match were chosen with
        self.base = (rules.preset_name, rules.players) if rules is not None else ("moscow", 2)
        self.dropped: dict[str, Any] = {}  # house rules the last change of preset could not keep (said in the note)
        self._matches: dict[str, int | None] = {}  # the match list's values and the match each stands for

    def _start(self, seat: int) -> tuple[str, str]:
        """Seat ``seat``'s name and kind (``human`` or a bot's level) as the screen opens."""
        players = self.last.players if self.last is not None else []
        if seat < len(players):
            p = players[seat]
            return str(p.get("name") or _(DEFAULT_NAMES[seat])), str(p.get("bot") if p.get("kind") == "bot" else "human")
        return _(DEFAULT_NAMES[seat]), "human" if seat == 0 else "heuristic"

    def compose(self) -> ComposeResult:
        levels = bot_levels()
        rules = self.last.rules if self.last is not None else None
        players, preset = (rules.players, rules.preset_name) if rules is not None else (2, "moscow")
        target = rules.target if rules is not None and rules.target in TARGETS else 501
        match = rules.match_target if rules is not None else None
        kinds = [(plain(_("human")), "human")] + [(fill(_("bot: {name}"), name=bot_label(name)), name) for name in levels]
        with Vertical(id="newgame", classes="dialog"):
            yield Static(_("Деберц · Debertz — new game"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="label")
                yield Select([("2", 2), ("3", 3), (_("4 (two pairs)"), 4)], value=players, allow_blank=False,
                             id="players", compact=True)
                yield Label(" " + _("Preset"), classes="label")
                yield Select([(preset_label(k), k) for k in PRESETS], value=preset, allow_blank=False,
                             id="preset", compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Target"), classes="label")
                yield Select([(str(t), t) for t in TARGETS], value=target,
                             allow_blank=False, id="target", compact=True)
                yield Label(" " + _("Match"), classes="label")
                yield Select(self._match_choices(match), value=self._match_key(match), allow_blank=False, id="match",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Bot pace"), classes="label")
                yield Select([(_(label), v) for label, v in PACE_CHOICES], value=self.pace, allow_blank=False,
                             id="pace", compact=True)
                yield Label(" " + _("Language"), classes="label")
                yield Select(LANGUAGE_CHOICES, value=current_language(), allow_blank=False, id="language",
                             compact=True)
            for seat in range(4):
                with Horizontal(classes="row seat", id=f"seat-row-{seat}"):
                    yield Label(fill(_("Seat {n}"), n=seat + 1), classes="label")
                    name, kind = self._start(seat)
                    if kind not in dict((v, k) for k, v in kinds):  # a command bot or an uninstalled plug-in
                        kinds = [*kinds, (plain(kind), kind)]
                    yield Input(name, id=f"name-{seat}", compact=True, max_length=16)
                    yield Select(kinds, value=kind, allow_blank=False, id=f"kind-{seat}", compact=True)
                    if seat == 0:
                        yield Select([(_(label), v) for label, v in GENDER_CHOICES], value=self.gender or "none",
                                     allow_blank=False, id="gender", compact=True,
                                     tooltip=_("You: he or she, for the words about you once you give yourself a "
                                               "name (Russian verbs agree: «загрузилась Клара»)"))
            with Horizontal(classes="row"):
                yield Checkbox(_("ASCII suits"), self.look.ascii, id="ascii", compact=True)
                yield Checkbox(_("4-colour deck"), self.look.four_colour, id="four", compact=True)
                yield Checkbox(_("Monochrome"), self.look.mono, id="mono", compact=True)
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
        self._table_changed()

    @on(Select.Changed, "#language")
    def _language_changed(self, event: Select.Changed) -> None:
        lang = str(event.value)
        if lang != current_language():
            self.post_message(LanguageChosen(lang))

    @on(Select.Changed, "#gender")
    def _gender_changed(self, event: Select.Changed) -> None:
        gender = None if event.value == "none" else str(event.value)
        if gender != self.gender:
            self.gender = gender
            self.post_message(GenderChosen(gender))

    @on(Select.Changed, "#preset")
    def _preset_changed(self) -> None:
        self._table_changed()

    @on(Select.Changed, "#match, #target")
    def _choice_changed(self) -> None:
        self._note()

    def _table_changed(self) -> None:
        """Another preset or player count keeps what the player chose (:func:`rebase`): the house rules that
        still work with it, and a match other than the old preset's own; a match that was the old preset's own
        becomes the new one's (``short`` with 2 players: to 9). The note names the house rules dropped."""
        preset, n = self._preset(), self._n()
        if (preset, n) == self.base:  # the house-rules screen chose this preset (and set everything itself)
            self._note()
            return
        changes = dict(self.custom)
        if self._match() != own_match(*self.base):
            changes["match_target"] = self._match()
        moved = rebase(changes, preset, n, {"target": self._target()})
        kept = dict(moved.kept)
        self._set_match(kept.pop("match_target", own_match(preset, n)))
        self.custom, self.base, self.dropped = kept, (preset, n), moved.dropped
        self._note()

    def _n(self) -> int:
        return int(self.query_one("#players", Select).value)  # type: ignore[arg-type]

    def _preset(self) -> str:
        return str(self.query_one("#preset", Select).value)

    def _target(self) -> int:
        return int(self.query_one("#target", Select).value)  # type: ignore[arg-type]

    # The match list holds each choice as the house-rules screen does (``encode``: a Select has no value None).
    @staticmethod
    def _match_key(target: int | None) -> str:
        return encode(target)

    def _match_choices(self, current: int | None) -> list[tuple[str, str]]:
        """The matches offered (the house-rules screen's list), with ``current`` among them."""
        targets: list[int | None] = [t for t in option_values("match_target") if t is None or isinstance(t, int)]
        if current not in targets:
            targets = sorted([*targets, current], key=lambda t: -1 if t is None else t)
        self._matches.update({self._match_key(t): t for t in targets})
        return [(match_label(t), self._match_key(t)) for t in targets]

    def _match(self) -> int | None:
        return self._matches.get(str(self.query_one("#match", Select).value))

    def _set_match(self, target: int | None) -> None:
        select = self.query_one("#match", Select)
        key = self._match_key(target)
        if key not in self._matches:
            select.set_options(self._match_choices(target))
        select.value = key

    def _note(self) -> None:
        try:
            rules = self.rules()
        except RulesError as exc:
            self.query_one("#rules-note", Static).update(plain("✗ " + translate_error(exc)))
            return
        n = sum(1 for key in self.custom if applies(key, rules.players))  # the others do nothing at this table
        extra = ngettext(" + {n} house rule", " + {n} house rules", n).format(n=n) if n else ""
        match = "  ·  " + match_label(rules.match_target) if rules.match_target is not None else ""
        partners = _("  ·  seats 1+3 vs 2+4") if rules.players == 4 else ""
        note = self.query_one("#rules-note", Static)
        width = self.query_one("#newgame").content_size.width or NOTE_WIDTH
        text = _("Rules: {preset}").format(preset=preset_label(rules.preset_name)) + extra + match + partners
        left = NOTE_LINES - len(textwrap.wrap(text, width))
        if self.dropped and left > 0:  # said before the preset's changes: the player did not see it coming
            gone = fitted(dropped_labels(self.dropped), width, min(left, DROPPED_LINES),
                          lambda joined: dropped_text(rules.preset_name, self.dropped, joined),
                          lambda k: ngettext("and {n} more", "and {n} more", k).format(n=k))
            text += "\n" + gone
            left -= len(textwrap.wrap(gone, width))
        changes = preset_changes(rules.preset_name, rules.players, leave_out=OWN_CHOICES)
        if changes and left > 0:
            text += "\n" + fitted(changes, width, left)
        note.update(plain(text))

    def rules(self) -> Rules:
        """The rules chosen here, built once: the preset, the target, the match and the house rules."""
        preset = self._preset()
        n = self._n()
        if n not in PRESET_PLAYERS[preset]:
            raise RulesError(_("preset {preset} is for {counts} players").format(
                preset=preset_label(preset), counts=", ".join(map(str, PRESET_PLAYERS[preset]))))
        return Rules.preset(preset, players=n, **{"target": self._target(), **self.custom,
                                                   "match_target": self._match()})

    def setup(self) -> GameSetup:
        n = self._n()
        players: list[dict[str, Any]] = []
        for seat in range(n):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or _(DEFAULT_NAMES[seat])
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            players.append({"name": name, "kind": "human"} if kind == "human"
                           else {"name": name, "kind": "bot", "bot": kind})
        if self.gender is not None and players[0]["kind"] == "human":
            players[0]["gender"] = self.gender
        look = Look(ascii=self.query_one("#ascii", Checkbox).value,
                    four_colour=self.query_one("#four", Checkbox).value,
                    mono=self.query_one("#mono", Checkbox).value)
        return GameSetup(self.rules(), players, pace=str(self.query_one("#pace", Select).value), look=look)

    def action_start(self) -> None:
        try:
            setup = self.setup()
        except RulesError as exc:
            tell(self, translate_error(exc), severity="error")
            return
        self.dismiss(setup)

    def action_house_rules(self) -> None:
        try:
            rules = self.rules()
        except RulesError as exc:
            tell(self, translate_error(exc), severity="error")
            return

        def done(result: HouseRules | None) -> None:
            if result is None:
                return
            custom = dict(result.options)
            if custom.get("target") in TARGETS:  # a target this screen offers is chosen here, not a house rule
                self.query_one("#target", Select).value = custom.pop("target")
            # The match is chosen here too: the house rules' own, else the preset's.
            self._set_match(custom.pop("match_target", own_match(result.preset, self._n())))
            self.custom, self.base, self.dropped = custom, (result.preset, self._n()), {}
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
            tell(self, translate_error(exc), severity="error")
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
