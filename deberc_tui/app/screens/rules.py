"""The house-rules screen: every option of RULES.md, its one-line explanation, and its value."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label, Select, Static

from deberc_tui.app.tr import translate_bindings
from deberc_tui.engine import OPTION_HELP, Rules, RulesError
from deberc_tui.engine.rules import OPTIONS
from deberc_tui.text.i18n import N_, _, translate_error
from deberc_tui.text.words import option as option_label
from deberc_tui.text.words import points as points_label
from deberc_tui.text.words import preset as preset_label
from deberc_tui.text.words import value as value_label


def bait_choices() -> list[tuple[str, Any]]:
    """The repeated-bait penalties, labelled in the current language."""
    return [(value_label("off"), None)] + [
        (_("{points} on {when} ({count})").format(points=p, when=value_label(w), count=value_label(c)),
         {"points": p, "when": w, "count": c})
        for p in (50, 100) for w in ("third", "third_and_after", "every_third") for c in ("game", "row")
    ]


def option_choices(key: str) -> list[tuple[str, Any]]:
    """The values an option may take, as (label, value) pairs (labels in the current language)."""
    values = OPTIONS[key].values
    if values == (True, False):
        return [(value_label(True), True), (value_label(False), False)]
    if key == "target":
        return [(str(v), v) for v in (101, 301, 501, 1001)]
    if key == "low_points_redeal":
        return [(value_label(None), None)] + [("≤ " + points_label(v), v) for v in (0, 1, 5, 10, 13, 15, 20)]
    if key == "bait_penalty":
        return bait_choices()
    return [(value_label(v), v) for v in values or ()]


# The options whose engine help names code values (``'dealer_must'``, ``null``), said as a player would.
PLAYER_HELP: dict[str, str] = {
    "all_pass": N_("everybody passed twice: the deal is redealt by the next player, or the dealer must name a suit"),
    "turnup_to": N_("4 players: who takes the turnup — the dealer or the bidder"),
    "low_points_redeal": N_("a player whose first six cards have at most this many points may demand a redeal"),
    "debertz": N_("seven or eight trumps in sequence win the game at once, or count as a combination"),
    "bella_to": N_("bella's 20 go to the player who holds it, or to whoever takes the trick it is played in"),
    "first_lead": N_("who leads the first trick: the player left of the dealer, or the bidder"),
    "bidder_must_beat": N_("3 players: the bidder must beat each defender, or both defenders together"),
    "bait_to": N_("3 players: a bait's points go to the higher defender, or are split between them"),
    "hanging": N_("a tie for the bidder: the points hang until the next deal, count as a bait, or each side "
                  "keeps its own"),
    "hanging_multi": N_("several hanging deals in a row: their points add up, or wait in turn"),
    "bait_penalty": N_("a penalty for repeated baits: how many points, on which bait, counted per game or in a row"),
    "false_claim": N_("a wrong «Партия»: the claimant loses the game, or the play goes on"),
    "next_dealer": N_("who deals next: the winner of the deal, or the next player clockwise"),
}


def option_help(key: str) -> str:
    """The one-line explanation of an option in the player's words and language."""
    return _(PLAYER_HELP.get(key) or OPTION_HELP[key])


def _encode(value: Any) -> str:
    return repr(sorted(value.items())) if isinstance(value, dict) else repr(value)


class HouseRulesScreen(ModalScreen[dict[str, Any] | None]):
    """Edit the options on top of a preset; returns the changed options (or None when cancelled)."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "save", N_("Use these rules"), priority=True),
    ]

    def __init__(self, rules: Rules, custom: dict[str, Any]) -> None:
        super().__init__()
        translate_bindings(self)
        self.base = rules
        self.custom = dict(custom)

    def compose(self) -> ComposeResult:
        current = self.base.to_dict()
        with Vertical(classes="dialog", id="house"):
            yield Static(_("House rules — {preset}, {n} players").format(
                preset=preset_label(self.base.preset_name), n=self.base.players), classes="title")
            with VerticalScroll(id="options"):
                for key in OPTION_HELP:
                    value = current.get(key)
                    choices = option_choices(key)
                    options = [(label, _encode(v)) for label, v in choices]
                    if _encode(value) not in [o[1] for o in options]:
                        options.append((value_label(value), _encode(value)))
                    with Horizontal(classes="option"):
                        yield Label(option_label(key), classes="opt-key")
                        yield Select(options, value=_encode(value), allow_blank=False, id=f"opt-{key}",
                                     compact=True)
                    yield Static(option_help(key), classes="opt-help")
            yield Static("", id="house-error", classes="note")
            with Horizontal(classes="buttons"):
                yield Button(_("Use these rules"), id="save", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)
        yield Footer(compact=True)

    def values(self) -> dict[str, Any]:
        """Options that differ from the preset."""
        preset = Rules.preset(self.base.preset_name, players=self.base.players).to_dict()
        out: dict[str, Any] = {}
        for key in OPTION_HELP:
            encoded = self.query_one(f"#opt-{key}", Select).value
            value = next((v for _, v in option_choices(key) if _encode(v) == encoded), preset.get(key))
            if _encode(value) != _encode(preset.get(key)):
                out[key] = value
        return out

    def action_save(self) -> None:
        try:
            values = self.values()
            Rules.preset(self.base.preset_name, players=self.base.players, **values)
        except RulesError as exc:
            self.query_one("#house-error", Static).update(f"✗ {translate_error(exc)}")
            return
        self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()
