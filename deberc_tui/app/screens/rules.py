"""The house-rules screen: a preset, what it changes, and every option of the rule book grouped by the book's
sections, each with its value and a one-line explanation in the player's words.

The options come from the engine (``OPTIONS``) and their words from :mod:`deberc_tui.text.rule_words`, so a new
option appears here once it is described there. An option that does nothing at this table (``turnup_to`` with 2
players) is shown, dimmed and marked "(not with 2 players)", and cannot be changed: the book's full set stays in
view, and nobody sets a rule that would be ignored.

Choosing another preset keeps the house rules (here and on the new-game screen, :func:`rebase`): a player's
choices stay theirs, those the new preset makes anyway are no change any more, and those that cannot work with
it are dropped and named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label, Select, Static

from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import fill, plain
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.engine.rules import OPTIONS, PRESET_PLAYERS
from deberc_tui.text.i18n import N_, _, ngettext, translate_error
from deberc_tui.text.rule_words import (
    WORDS,
    Section,
    applies,
    in_book_order,
    not_with,
    option_explain,
    option_name,
    preset_changes,
    section_title,
    value_label,
)
from deberc_tui.text.words import preset as preset_label


@dataclass(frozen=True)
class HouseRules:
    """What the screen returns: the preset chosen and the options changed on top of it."""

    preset: str
    options: dict[str, Any] = field(default_factory=dict)


def encode(value: Any) -> str:
    """A value as a Select holds it (a Select needs hashable values; the bait penalty is a dict)."""
    return repr(sorted(value.items())) if isinstance(value, dict) else repr(value)


def option_values(key: str) -> list[Any]:
    """The values offered for an option: those its words offer, else the engine's (None first if allowed)."""
    found = WORDS.get(key)
    if found is not None and found.offered is not None:
        return list(found.offered)
    spec = OPTIONS[key]
    return ([None] if spec.nullable else []) + list(spec.values or ())


@cache
def presets_for(players: int) -> tuple[dict[str, Any], ...]:
    """Every preset's full set of options at a table of ``players`` (read, never changed)."""
    return tuple(Rules.preset(name, players=players).to_dict() for name in PRESETS if players in PRESET_PLAYERS[name])


def option_choices(key: str, players: int, current: Any = None) -> list[tuple[str, Any]]:
    """(label, value) pairs for an option's Select: the values offered, plus any preset's and the current one
    (a record may hold a target of 777)."""
    values = option_values(key)
    seen = {encode(v) for v in values}
    for v in [*(p.get(key) for p in presets_for(players)), current]:
        if v is None and None not in values:
            continue
        if encode(v) not in seen:
            seen.add(encode(v))
            values.append(v)
    return [(value_label(key, v), v) for v in values]


def changes_text(preset: str, players: int) -> str:
    """A preset's differences from the book's defaults, one per line, in the player's words."""
    changes = preset_changes(preset, players)
    if not changes:
        return _("{preset}: the book's rules, nothing changed").format(preset=preset_label(preset))
    return "\n".join([_("{preset} changes:").format(preset=preset_label(preset)), *(f"• {c}" for c in changes)])


def sections(keys: list[str]) -> list[tuple[Section | None, list[str]]]:
    """The option keys grouped by the book's sections, in the book's order (undescribed ones last, None)."""
    groups: dict[Section | None, list[str]] = {}
    for key in in_book_order(keys):
        found = WORDS.get(key)
        groups.setdefault(found.section if found else None, []).append(key)
    return list(groups.items())


def _playable(preset: str, players: int, values: dict[str, Any]) -> bool:
    try:
        Rules.preset(preset, players=players, **values)
    except RulesError:
        return False
    return True


@dataclass(frozen=True)
class Rebased:
    """House rules carried to another preset: those kept on top of it, and those dropped (in the book's order)."""

    kept: dict[str, Any]
    dropped: dict[str, Any] = field(default_factory=dict)


def rebase(changes: Mapping[str, Any], preset: str, players: int, fixed: Mapping[str, Any] | None = None) -> Rebased:
    """The house rules ``changes`` (made on another preset or table) on top of ``preset`` at ``players``.

    A player who changes the preset keeps their house rules: a change the new preset makes anyway is no change
    any more (it is neither kept nor dropped), one that cannot work with the new preset and the rules kept before
    it (in the book's order) is dropped, the others are kept. ``fixed`` (the new-game screen's target) holds
    for every preset. When the preset cannot be played at all (``three`` with 2 players) nothing can be judged:
    every change is kept, and the screen says why the rules cannot be played.
    """
    fixed = dict(fixed or {})
    try:
        base = Rules.preset(preset, players=players, **fixed).to_dict()
    except RulesError:
        return Rebased(dict(changes))
    kept: dict[str, Any] = {}
    dropped: dict[str, Any] = {}
    for key in in_book_order(changes):
        value = changes[key]
        if encode(value) == encode(base.get(key)):
            continue
        if _playable(preset, players, {**fixed, **kept, key: value}):
            kept[key] = value
        else:
            dropped[key] = value
    return Rebased(kept, dropped)


def dropped_labels(dropped: Mapping[str, Any]) -> list[str]:
    """The house rules dropped, each as "option: value" in the player's words."""
    return [f"{option_name(k)}: {value_label(k, v)}" for k, v in dropped.items()]


def dropped_text(preset: str, dropped: Mapping[str, Any], rules: str | None = None) -> str:
    """What a change of preset dropped, in the player's words (empty when nothing was); ``rules`` says the
    list shorter (the new-game screen fits it in one line)."""
    if not dropped:
        return ""
    listed = "; ".join(dropped_labels(dropped)) if rules is None else rules
    return ngettext("Dropped (does not work with {preset}): {rules}",
                    "Dropped (do not work with {preset}): {rules}", len(dropped)).format(
                        preset=preset_label(preset), rules=listed)


def refusal(preset: str, players: int, values: dict[str, Any], exc: RulesError) -> str:
    """Why the rules cannot be played, in the player's words: the changed options without which they could
    (the engine's own reason names code values; it is shown only when no single change is to blame)."""
    culprits = [k for k in values if _playable(preset, players, {o: v for o, v in values.items() if o != k})]
    if not culprits:
        return f"✗ {translate_error(exc)}"
    options = "; ".join(f"{option_name(k)}: {value_label(k, values[k])}" for k in in_book_order(culprits))
    return ngettext("✗ This rule does not work with the others: {options}",
                    "✗ These rules do not work together: {options}", len(culprits)).format(options=options)


class HouseRulesScreen(ModalScreen[HouseRules | None]):
    """Choose a preset and change options on top of it; returns the preset and the changes (None: cancelled)."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "save", N_("Use these rules"), priority=True),
    ]

    def __init__(self, rules: Rules, custom: dict[str, Any]) -> None:
        super().__init__()
        translate_bindings(self)
        self.players = rules.players
        self.preset = rules.preset_name
        self.start = rules.to_dict()  # the values shown first: the preset with the changes already made
        # The new-game screen chooses the target itself: that target is the preset's here, not a house rule.
        self.target = rules.target if "target" not in custom else None
        self._decode: dict[str, dict[str, Any]] = {}  # per option: what each Select value stands for

    def compose(self) -> ComposeResult:
        presets = [(preset_label(k), k) for k in PRESETS if self.players in PRESET_PLAYERS[k]]
        with Vertical(classes="dialog", id="house"):
            yield Static(fill(_("House rules · {n} players"), n=self.players), classes="title")
            with Horizontal(id="house-preset"):
                yield Label(_("Preset"), classes="opt-key")
                yield Select(presets, value=self.preset, allow_blank=False, id="house-preset-choice", compact=True)
            with VerticalScroll(id="options"):
                yield Static(plain(changes_text(self.preset, self.players)), id="preset-changes")
                for section, keys in sections(list(OPTIONS)):
                    yield Static(section_title(section) if section else _("Other"), classes="section")
                    for key in keys:
                        yield from self._option(key)
            yield Static("", id="house-error", classes="note")
            with Horizontal(classes="buttons"):
                yield Button(_("Use these rules"), id="save", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)
        yield Footer(compact=True)

    def _option(self, key: str) -> ComposeResult:
        value = self.start.get(key)
        live = applies(key, self.players)
        dim = "" if live else " -inapplicable"
        choices = option_choices(key, self.players, value)
        self._decode[key] = {encode(v): v for _label, v in choices}
        options = [(label, encode(v)) for label, v in choices]
        with Horizontal(classes="option" + dim, id=f"row-{key}"):
            yield Label(option_name(key), classes="opt-key")
            yield Select(options, value=encode(value), allow_blank=False, id=f"opt-{key}", compact=True,
                         disabled=not live)
        explain = option_explain(key) if live else f"{option_explain(key)} {not_with(self.players)}"
        yield Static(plain(explain), classes="opt-help" + dim)

    def on_mount(self) -> None:
        self._mark_changes()

    def _preset_values(self) -> dict[str, Any]:
        target = {} if self.target is None else {"target": self.target}
        return Rules.preset(self.preset, players=self.players, **target).to_dict()

    def values(self) -> dict[str, Any]:
        """Options that differ from the chosen preset."""
        preset = self._preset_values()
        out: dict[str, Any] = {}
        for key in OPTIONS:
            encoded = self.query_one(f"#opt-{key}", Select).value
            value = self._decode[key].get(str(encoded), preset.get(key))
            if encode(value) != encode(preset.get(key)):
                out[key] = value
        return out

    def _mark_changes(self) -> None:
        """A row whose value differs from the preset is marked (• before its name), so house rules stand out."""
        changed = self.values()
        for key in OPTIONS:
            row = self.query_one(f"#row-{key}", Horizontal)
            row.set_class(key in changed, "-changed")
            row.query_one(".opt-key", Label).update(("• " if key in changed else "") + option_name(key))

    @on(Select.Changed, "#house-preset-choice")
    def _preset_chosen(self, event: Select.Changed) -> None:
        """Every option takes the chosen preset's value, but for the house rules, which stay (:func:`rebase`:
        those that cannot work with it are dropped and named); the summary says what the preset changes."""
        name = str(event.value)
        if name == self.preset:
            return
        changes = self.values()  # against the preset chosen until now
        self.preset = name
        fixed = {} if self.target is None else {"target": self.target}
        moved = rebase(changes, name, self.players, fixed)
        preset = self._preset_values()
        for key in OPTIONS:
            self.query_one(f"#opt-{key}", Select).value = encode(moved.kept.get(key, preset.get(key)))
        self.query_one("#preset-changes", Static).update(plain(changes_text(name, self.players)))
        self.query_one("#house-error", Static).update(plain(dropped_text(name, moved.dropped)))
        self.query_one("#options", VerticalScroll).scroll_home(animate=False)

    @on(Select.Changed, ".option Select")
    def _option_changed(self) -> None:
        self._mark_changes()

    def action_save(self) -> None:
        values = self.values()
        try:
            Rules.preset(self.preset, players=self.players, **values)
        except RulesError as exc:
            self.query_one("#house-error", Static).update(plain(refusal(self.preset, self.players, values, exc)))
            return
        self.dismiss(HouseRules(self.preset, values))

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()
