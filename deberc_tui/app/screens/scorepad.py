"""The score pad in Textual: a list of pads, a new-pad form, the sheet, and a deal-entry form.

``ScorePadScreen`` is the entry point another app pushes (``app.push_screen(ScorePadScreen())``);
``ScorePadApp`` runs it on its own (``deberc scorepad``). The screens only ask the :class:`Pad` and apply
changes through it; every change is saved at once.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Header,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)
from textual.widgets._select import SelectCurrent, SelectOverlay
from textual.widgets.option_list import Option

from deberc_tui.app.themes import use_table_theme
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import clean, fill, plain, tell
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.match import raised_stake
from deberc_tui.engine.options import CutPenalty, DaveProgression, Doubling, FalseClaim, Money, RenegePenalty
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.scorepad.export import to_csv, to_json
from deberc_tui.scorepad.model import (
    CLAIM,
    CONCEDED,
    DEBERTZ,
    FALSE_CLAIM,
    KLABOR,
    OFFENCES,
    PLAYED,
    STAKE_REFUSED,
    THROWN,
    Declared,
    EnteredDeal,
    Fault,
    FaultKind,
    Pad,
    PadError,
    StakeCall,
    undo_label,
)
from deberc_tui.scorepad.render import (
    SUIT_SYMBOLS,
    game_lines,
    render_text,
    sheet_rows,
    stake_mark,
    status_line,
)
from deberc_tui.scorepad.storage import PadStore
from deberc_tui.text.i18n import N_, _, ngettext, translate_error
from deberc_tui.text.rule_words import BAIT_COUNT, BAIT_WHEN, applies
from deberc_tui.text.rule_words import value_label as rule_value
from deberc_tui.text.words import preset as preset_label
from deberc_tui.text.words import suit_name

# (label, kind, reason) for the deal form's first choice
DEAL_KINDS: tuple[tuple[str, str, str], ...] = (
    (N_("played out"), PLAYED, ""),
    (N_("thrown in: all passed"), THROWN, "all_pass"),
    (N_("thrown in: four sevens"), THROWN, "four_sevens"),
    (N_("thrown in: weak hand"), THROWN, "low_points"),
    (N_("claim («Партия») won"), CLAIM, ""),
    (N_("false claim"), FALSE_CLAIM, ""),
    (N_("debertz"), DEBERTZ, ""),
    (N_("klabor"), KLABOR, ""),
    (N_("conceded for fifty"), CONCEDED, ""),
    (N_("double refused"), STAKE_REFUSED, ""),  # «даве» conceded, with doubling "dave"
)
# (label, fault, offence) for the deal form's table penalty (§11); the first: none
FAULTS: tuple[tuple[str, FaultKind | None, str], ...] = (
    (N_("(none)"), None, ""),
    (N_("no cut offered"), FaultKind.MISSED_CUT, ""),
    (N_("a renege"), FaultKind.RENEGE, ""),
    *((N_("bait on the cards: {offence}"), FaultKind.BAIT_ON_CARDS, key) for key in OFFENCES),
    (N_("pencil: a wrong entry"), FaultKind.PENCIL, ""),
)


def _fault_label(label: str, offence: str) -> str:
    return _(label).format(offence=_(OFFENCES[offence])) if offence else _(label)

FORM_CSS = """
.form { width: 96; max-width: 100%; height: auto; max-height: 100%; border: thick $accent; background: $surface; padding: 0 1; }
.form .title { text-style: bold; padding: 0 0 1 0; }
.form .row { height: auto; }
.form .row Label { width: 20; padding: 0 1 0 0; }
.form .row Input, .form .row Select { width: 1fr; }
.form .side { height: auto; }
.form .side Label { width: 20; padding: 0 1 0 0; }
.form .side Input { width: 1fr; margin-right: 1; }
.form .side Checkbox { width: auto; }
.form .row, .form .side { margin-bottom: 1; }
.form.-short .row, .form.-short .side { margin-bottom: 0; }
.form.-short .hint { margin-bottom: 0; }
.form .hint { margin-bottom: 1; }
.form .error { color: $error; width: 100%; height: auto; padding: 0 0 0 0; }  /* a long message wraps, never cut */
.form .hint { color: $text-muted; height: auto; }
.form .buttons { height: auto; align-horizontal: right; margin-top: 1; }
.form .buttons Button { margin-left: 1; }
.form Input:focus, .form Checkbox:focus, .form Select:focus > SelectCurrent {
    background: $accent; color: $background; text-style: bold;
}
.form Input:focus > .input--placeholder { color: $background 70%; }
.form Select:focus > SelectCurrent Static#label, .form Select:focus > SelectCurrent .arrow { color: $background; }
/* the row's own :focus-within rule makes Textual restyle the row's label when the focus comes or goes */
.form .row:focus-within, .form .side:focus-within { background: $boost; }
.form .row:focus-within > Label, .form .side:focus-within > Label { color: $accent; text-style: bold reverse; }
"""


def _picked(select: Select[Any]) -> Any:
    """The value of a Select, or None when nothing is chosen."""
    value = select.value
    return None if value is Select.NULL else value


def _as_int(value: object) -> int:
    """A Select's integer value (the forms' integer Selects never allow a blank)."""
    if not isinstance(value, int):
        raise PadError(_("expected a choice, not {value!r}").format(value=value))
    return value


OVERLAY_ROWS = 10  # an open drop-down shows this many options at most (Select's max-height 12, less its border)


class _Overlay(SelectOverlay):
    """A :class:`FormSelect`'s drop-down: picks at once, and passes on keys that arrive after it closed."""

    def action_select(self) -> None:
        select = self.parent
        if isinstance(select, FormSelect) and self.highlighted is not None:
            if not self.get_option_at_index(self.highlighted).disabled:
                select.pick(self.highlighted)
        else:
            super().action_select()

    async def _on_key(self, event: events.Key) -> None:
        focused = self.screen.focused
        if focused is not None and focused is not self:
            # typed before the drop-down had closed: the keys belong to the field that has the focus now; Tab moves
            # the focus here and now, so that the keys after it reach the field it moves to
            event.stop()
            event.prevent_default()
            if event.key == "tab":
                self.screen.focus_next()
            elif event.key == "shift+tab":
                self.screen.focus_previous()
            else:
                focused._forward_event(events.Key(event.key, event.character))
            return
        if event.key == "enter":  # pick now, not when the key has bubbled up to the bindings
            event.stop()
            event.prevent_default()
            self.action_select()
            return
        await super()._on_key(event)


class FormSelect(Select[Any]):
    """A drop-down for the forms: choosing keeps the focus here, so Tab goes on to the very next field.

    Textual's own Select hands the focus back a moment after a choice (its hidden list keeps it until then), so
    the keys typed right after a choice were lost: here the choice and the focus are settled at once, and keys
    that still reach the closing list are passed on. Typing on a closed one opens it at the first match. The
    open list is never narrower than its longest option (it may reach left over the labels, never off screen).
    """

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield _Overlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)

    def _setup_options_renderables(self) -> None:
        super()._setup_options_renderables()
        overlay = self.query_one(_Overlay)
        labels = [self.prompt if value is Select.NULL else prompt for prompt, value in self._options]
        longest = max((cell_len(label) if isinstance(label, str) else Text(str(label)).cell_len for label in labels),
                      default=0)
        # the option's padding (1 + 1), the list's border (1 + 1) and a scroll bar when it scrolls
        overlay.styles.min_width = longest + 4 + (2 if len(self._options) > OVERLAY_ROWS else 0)
        overlay.styles.constrain_x = "inside"

    def pick(self, index: int) -> None:
        """Choose the option at ``index`` of the drop-down, close it and keep the focus on this field."""
        value = self._options[index][1]
        if value != self.value:
            self.value = value
        self.expanded = False
        self.screen.set_focus(self)

    async def _on_key(self, event: events.Key) -> None:
        """Typing on a closed drop-down opens it at the first option that matches (e.g. B for Boris)."""
        if self.expanded or not event.is_printable or not event.character or event.character == " ":
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        self.action_show_overlay()
        overlay = self.query_one(_Overlay)
        self.screen.set_focus(overlay, scroll_visible=False)
        overlay._forward_event(events.Key(event.key, event.character))

    @on(SelectOverlay.Dismiss)
    def _dismissed(self, event: SelectOverlay.Dismiss) -> None:
        """Escape closes the list and gives the focus back to this field at once (not a moment later)."""
        event.stop()
        event.prevent_default()
        self.expanded = False
        if not event.lost_focus:
            self.screen.set_focus(self)


def _row(label: str, widget: Any) -> Horizontal:
    return Horizontal(Label(_(label)), widget, classes="row")


_R = TypeVar("_R")


class _Form(ModalScreen[_R]):
    """A form with a one-line error ("✗ …") that stays only while it holds: the change that mends it (the missing
    card points typed in) takes it away at once, and a new problem waits until the form is saved again."""

    shown: str | None = None
    """The error on show (None: none)."""

    def problem(self) -> str | None:
        """What keeps the form from being saved as it is now (None: nothing; a form without a check says None)."""
        return None

    def show_error(self, text: str) -> None:
        self.shown = text
        self.query_one("#error", Label).update(plain(f"✗ {text}"))

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _recheck(self) -> None:
        if self.shown is not None and self.problem() != self.shown:
            self.shown = None
            self.query_one("#error", Label).update("")


# -- the deal form ----------------------------------------------------------------------------------


class DealFormScreen(_Form[EnteredDeal | None]):
    """Enter or edit one deal; refuses impossible input with the pad's one-line message."""

    DEFAULT_CSS = "DealFormScreen { align: center middle; }\n" + FORM_CSS
    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "save", N_("Save"), priority=True),
    ]

    def __init__(self, pad: Pad, index: int | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.pad = pad
        self.index = index  # None: a new deal
        self.initial = pad.deals[index] if index is not None else None

    def compose(self) -> ComposeResult:
        pad = self.pad
        deal = self.initial
        seats = [(plain(name), i) for i, name in enumerate(pad.names)]
        sides = [(plain(name), s) for s, name in enumerate(pad.side_names)]
        kind_value = 0
        if deal is not None:
            shown = FALSE_CLAIM if deal.false_claims else deal.kind  # a false claim during a deal that went on
            kind_value = next((i for i, (_label, k, r) in enumerate(DEAL_KINDS) if k == shown and r == deal.reason), 0)
        forced = pad.forced_before(self.index if self.index is not None else len(pad.deals))
        bidder = deal.bidder if deal and deal.bidder is not None else forced
        winner = deal.false_claims[0] if deal and deal.false_claims else (deal.winner if deal else None)
        if deal is not None and deal.kind == STAKE_REFUSED and deal.stakes:
            winner = pad.rules.side_of(deal.stakes[-1].seat)  # who raised the stake that was refused
        fault = deal.faults[0] if deal and deal.faults else None
        fault_value = 0 if fault is None else next(
            (i for i, (_label, f, o) in enumerate(FAULTS) if f is fault.kind and o == fault.offence), 0)
        fault_seat = (pad.rules.side_seats(fault.side)[0] if fault is not None and fault.side is not None
                      else Select.NULL)
        title = _("Deal {n}").format(n=self.index + 1 if self.index is not None else len(pad.deals) + 1)
        with VerticalScroll(classes="form"):
            yield Static(fill(_("{title} — {preset}, {n} players"), title=title,
                              preset=preset_label(pad.rules.preset_name), n=pad.rules.players), classes="title")
            kinds = [(self._kind_label(label, k), i) for i, (label, k, _r) in enumerate(DEAL_KINDS)
                     if k != STAKE_REFUSED or pad.stake_kind is not None]
            yield _row(N_("what happened"), FormSelect(kinds, value=kind_value, allow_blank=False, id="kind", compact=True))
            yield _row(N_("dealer"), FormSelect(seats, value=deal.dealer if deal else pad.suggested_dealer,
                                        allow_blank=False, id="dealer", compact=True))
            yield _row(N_("took trump"), FormSelect(seats, value=bidder if bidder is not None else Select.NULL,
                                            prompt=_("who bid"), id="bidder", compact=True))
            yield _row(N_("trump"), FormSelect([(plain(f"{SUIT_SYMBOLS[x]} {suit_name(x)}"), x) for x in "CDHS"],
                                       value=deal.trump if deal and deal.trump else Select.NULL,
                                       prompt=_("(optional)"), id="trump", compact=True))
            hint = (_("card points incl. the last trick; with 4 players one side is enough")
                    if pad.rules.players == 4 else _("card points incl. the last trick, every side"))
            yield Static(hint + _("; declarations: terz, 2terz, fifty, hundred, bella, or a total (70+bella)"),
                         classes="hint")
            for s, name in enumerate(pad.side_names):
                cards = deal.cards[s] if deal and s < len(deal.cards) else None
                decl = deal.declared[s].notation() if deal and s < len(deal.declared) else ""
                took = deal.took_trick[s] if deal and s < len(deal.took_trick) else None
                yield Horizontal(
                    Label(plain(name)),
                    Input("" if cards is None else str(cards), placeholder=_("card points"), type="integer",
                          valid_empty=True, id=f"cards-{s}", compact=True),
                    Input(decl, placeholder=_("declarations"), id=f"decl-{s}", compact=True),
                    Checkbox(_("no trick"), took is False, id=f"notrick-{s}", compact=True),
                    classes="side",
                )
            yield _row(N_("last trick"), FormSelect(sides, value=deal.last_trick if deal and deal.last_trick is not None
                                            else Select.NULL, prompt=_("(if it matters)"), id="last", compact=True))
            yield _row(N_("claim/win by"), FormSelect(sides, value=winner if winner is not None
                                              else Select.NULL, prompt=_("(claim, debertz, klabor)"), id="winner", compact=True))
            if pad.stake_kind is not None:
                calls = deal.stakes if deal is not None else pad.pending
                raised = ", ".join(pad.names[c.seat] for c in calls if c.accepted)
                hint = (_("who doubled and was accepted, in order: Anna, Boris") if pad.stake_kind is OfferKind.DOUBLE
                        else _("who said «даве» and was played on, in order: Anna, Boris"))
                yield _row(N_("stake raised by"), Input(raised, placeholder=hint, id="stakes", compact=True))
            faults = [(_fault_label(label, o), i) for i, (label, f, o) in enumerate(FAULTS)
                      if i == fault_value or self._fault_counts(f)]
            yield _row(N_("table penalty"), FormSelect(faults, value=fault_value, allow_blank=False, id="fault",
                                                       compact=True))
            yield Horizontal(
                Label(_("whose fault")),
                FormSelect(seats, value=fault_seat, prompt=_("(who)"), id="fault-by", compact=True),
                Input("" if fault is None or fault.points is None else str(fault.points), placeholder=_("points"),
                      type="integer", valid_empty=True, id="fault-points", compact=True),
                FormSelect(sides, value=fault.to if fault is not None and fault.to is not None else Select.NULL,
                           prompt=_("to"), id="fault-to", compact=True),
                classes="side",
            )
            if forced is not None:
                yield Static(fill(_("The forced deal: {name} plays it, the turnup's suit is trump, only bella may be "
                                    "declared."), name=pad.names[forced]), classes="hint", id="forced")
            yield Label("", classes="error", id="error")
            with Horizontal(classes="buttons"):
                yield Button(_("Save (ctrl+s)"), variant="primary", id="save", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#kind").focus()  # the first field, whether adding or editing

    def on_resize(self, event: events.Resize) -> None:
        """On a short terminal the rows go without blank lines between them, so the whole form fits."""
        self.query_one(".form").set_class(event.size.height < 32 + self.pad.sides, "-short")

    def _fault_counts(self, kind: FaultKind | None) -> bool:
        """Whether the table penalty ``kind`` costs anything under the pad's rules (§11): a missed cut only with a
        cut penalty, a pencil correction only where entries are checked; the form offers only those."""
        rules = self.pad.rules
        if kind is FaultKind.MISSED_CUT:
            return rules.cut_penalty is not CutPenalty.NONE
        if kind is FaultKind.PENCIL:
            return rules.pencil_rule
        return True

    def _kind_label(self, label: str, kind: str) -> str:
        """A kind of deal as the form offers it; a refused stake in the words of the pad's doubling."""
        if kind == STAKE_REFUSED and self.pad.stake_kind is OfferKind.DAVE:
            return _("«даве» conceded")
        return _(label)

    def _stakes(self, kind: str) -> tuple[StakeCall, ...]:
        """The stakes the form describes: who raised and was accepted, in order, then a refused one that ended
        the game (its offerer is the "claim/win by" side)."""
        pad = self.pad
        calls: list[StakeCall] = []
        if pad.stake_kind is not None:
            for ref in self.query_one("#stakes", Input).value.split(","):
                if ref.strip():
                    calls.append(StakeCall(pad.seat_ref(ref)))
        if kind == STAKE_REFUSED:
            side = _picked(self.query_one("#winner", Select))
            if side is None:
                raise PadError(_("whose double or «даве» was refused? name the player who raised the stake"))
            calls.append(StakeCall(pad.rules.side_seats(side)[0], accepted=False))
        return tuple(calls)

    @on(Select.Changed, "#kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        """Only the fields that matter for this kind of deal stay enabled."""
        if event.value is Select.NULL:
            return
        _label, kind, _reason = DEAL_KINDS[_as_int(event.value)]
        # a false claim under double_to_opponent: the deal went on, so it is entered as played
        play = PLAYED if kind == FALSE_CLAIM and self._claims_go_on else kind
        for s in range(self.pad.sides):
            self.query_one(f"#cards-{s}", Input).disabled = play not in (PLAYED, CLAIM)
            self.query_one(f"#decl-{s}", Input).disabled = play not in (PLAYED, CLAIM)
            self.query_one(f"#notrick-{s}", Checkbox).disabled = play != PLAYED
        self.query_one("#last", Select).disabled = play != PLAYED
        self.query_one("#bidder", Select).disabled = kind == THROWN
        self.query_one("#winner", Select).disabled = kind in (PLAYED, THROWN, CONCEDED)
        for key in ("fault", "fault-by", "fault-points", "fault-to"):
            self.query_one(f"#{key}").disabled = play != PLAYED

    @property
    def _claims_go_on(self) -> bool:
        return self.pad.rules.false_claim is FalseClaim.DOUBLE_TO_OPPONENT

    def _fault(self) -> Fault | None:
        """The table penalty the form describes, if any."""
        _label, kind, offence = FAULTS[_as_int(self.query_one("#fault", Select).value)]
        if kind is None:
            return None
        seat = _picked(self.query_one("#fault-by", Select))
        text = self.query_one("#fault-points", Input).value.strip()
        try:
            points = int(text) if text else None
        except ValueError:
            raise PadError(_("table penalty: points must be a whole number, not {text!r}").format(text=text)) from None
        to = _picked(self.query_one("#fault-to", Select))
        return Fault(kind, None if seat is None else self.pad.rules.side_of(seat), points, to, offence)

    def entered(self) -> EnteredDeal:
        """The deal the form describes (raises :class:`PadError` on unreadable input)."""
        pad = self.pad
        _label, kind, reason = DEAL_KINDS[_as_int(self.query_one("#kind", Select).value)]
        went_on = kind == FALSE_CLAIM and self._claims_go_on
        if went_on:
            kind = PLAYED
        cards: list[int | None] = []
        declared: list[Declared] = []
        took: list[bool | None] = []
        for s, name in enumerate(pad.side_names):
            text = self.query_one(f"#cards-{s}", Input).value.strip()
            try:
                cards.append(int(text) if text else None)
            except ValueError:
                raise PadError(_("{name}: card points must be a whole number, not {text!r}").format(name=name, text=text)) from None
            try:
                declared.append(Declared.parse(self.query_one(f"#decl-{s}", Input).value))
            except PadError as exc:
                raise PadError(f"{name}: {exc}") from None
            took.append(False if self.query_one(f"#notrick-{s}", Checkbox).value else None)
        while cards and cards[-1] is None:
            cards.pop()
        return EnteredDeal(
            dealer=_as_int(self.query_one("#dealer", Select).value),
            kind=kind,
            bidder=_picked(self.query_one("#bidder", Select)) if kind != THROWN else None,
            trump=_picked(self.query_one("#trump", Select)),
            cards=tuple(cards) if kind in (PLAYED, CLAIM) else (),
            declared=tuple(declared) if any(not d.empty for d in declared) and kind in (PLAYED, CLAIM) else (),
            last_trick=_picked(self.query_one("#last", Select)) if kind == PLAYED else None,
            took_trick=tuple(took) if any(t is not None for t in took) and kind == PLAYED else (),
            reason=reason,
            winner=(_picked(self.query_one("#winner", Select)) if kind not in (PLAYED, THROWN, CONCEDED, STAKE_REFUSED)
                    else None),
            note=self.initial.note if self.initial else "",
            false_claims=self._false_claims() if went_on else (),
            faults=self._faults() if kind == PLAYED else (),
            stakes=self._stakes(kind),
        )

    def _false_claims(self) -> tuple[int, ...]:
        side = _picked(self.query_one("#winner", Select))
        if side is None:
            raise PadError(_("which side claimed?"))
        return (side,) + (self.initial.false_claims[1:] if self.initial else ())

    def _faults(self) -> tuple[Fault, ...]:
        """The form's penalty, then any others the deal had (the form shows the first; the CLI enters several)."""
        fault = self._fault()
        rest = self.initial.faults[1:] if self.initial else ()
        return ((fault,) if fault is not None else ()) + rest

    def problem(self) -> str | None:
        try:
            self.pad.check(self.entered(), self.index)
        except PadError as exc:
            return str(exc)
        return None

    def action_save(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.show_error(problem)
            return
        self.dismiss(self.entered())

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.dismiss(None)


# -- the new-pad form ----------------------------------------------------------------------------------

_PRESET_CHOICE = N_("(preset)")


def choice_label(key: str, value: object) -> str:
    """A value the new-pad form offers for option ``key``, in the rule book's words as the house-rules screen
    says it ("the points hang for the next deal", "100 off the dealer's side"); the bait penalty's three parts
    are said one by one."""
    if key == "bait_penalty_when":
        return _(BAIT_WHEN[str(value)])
    if key == "bait_penalty_count":
        return _(BAIT_COUNT[str(value)])
    if key == "bait_penalty_points":
        return rule_value("ski_penalty", value)  # no penalty, 50 points, 100 points
    return rule_value(key, value)


class NewPadScreen(_Form[Pad | None]):
    """Players, names, preset and the scoring options of RULES.md, the table penalties of §11 among them; the
    presets and options offered are those for the pad's number of players."""

    DEFAULT_CSS = "NewPadScreen { align: center middle; }\n" + FORM_CSS + "NewPadScreen .form .row { margin-bottom: 0; }"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel")), Binding("ctrl+s", "create", N_("Create"), priority=True)]

    CHOICES: tuple[tuple[str, str, tuple[Any, ...]], ...] = (
        (N_("bidder must beat"), "bidder_must_beat", ("each", "combined")),
        (N_("bait goes to"), "bait_to", ("higher", "split")),
        (N_("hanging"), "hanging", ("hang", "bait", "each_own")),
        (N_("several hanging"), "hanging_multi", ("accumulate", "queue")),
        (N_("bait penalty"), "bait_penalty_points", (0, 50, 100)),
        (N_("…on which bait"), "bait_penalty_when", tuple(BAIT_WHEN)),
        (N_("…counted"), "bait_penalty_count", tuple(BAIT_COUNT)),
        (N_("no-trick penalty"), "ski_penalty", (0, 50, 100)),
        (N_("both over target"), "both_over", ("defender", "higher", "bidder", "last_trick")),
        (N_("next dealer"), "next_dealer", ("winner", "rotate")),
        (N_("hundred"), "hundred", (False, True)),
        (N_("claims"), "claims", (True, False)),
        # §11, the table penalties: what a missed cut and a renege cost, and whether an entry may be checked
        (N_("no cut offered"), "cut_penalty", tuple(c.value for c in CutPenalty)),
        (N_("a renege"), "renege_penalty", tuple(r.value for r in RenegePenalty)),
        (N_("check the score"), "pencil_rule", (True, False)),
        (N_("mars"), "mars", (False, True)),
        (N_("raising the stake"), "doubling", tuple(d.value for d in Doubling)),
        (N_("«даве» stakes"), "dave_progression", tuple(d.value for d in DaveProgression)),
        (N_("playing for money"), "money", tuple(m.value for m in Money)),
    )

    def __init__(self, store: PadStore) -> None:
        super().__init__()
        translate_bindings(self)
        self.store = store

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="form"):
            yield Static(_("New score pad"), classes="title")
            yield _row(N_("players"), FormSelect([(_("2 players"), 2), (_("3 players"), 3), (_("4 players (pairs 1+3, 2+4)"), 4)],
                                         value=2, allow_blank=False, id="players", compact=True))
            yield _row(N_("names"), Input(placeholder=_("in seat order, comma-separated: Anna, Boris"), id="names", compact=True))
            yield _row(N_("preset"), FormSelect(self._presets(2), value="moscow", allow_blank=False, id="preset",
                                                compact=True))
            yield _row(N_("first dealer"), Input("1", placeholder=_("seat number 1.. or name"), id="first", compact=True))
            yield _row(N_("target"), Input(placeholder=_(_PRESET_CHOICE), type="integer", valid_empty=True, id="target",
                                 compact=True))
            yield Static(_("Each option below left at (preset) keeps the preset's rule."), classes="hint")
            for label, key, values in self.CHOICES:
                if key == "doubling":  # §12 together: mars, the match, the stakes, the money
                    yield _row(N_("match to"), Input(placeholder=_("game points (blank: as the preset; 0: one game)"),
                                                     type="integer", valid_empty=True, id="match", compact=True))
                labels = [(choice_label(key, v), v) for v in values]
                yield _row(label, FormSelect(labels, prompt=_(_PRESET_CHOICE), id=key, compact=True))
            yield _row(N_("stake"), Input(placeholder=_(_PRESET_CHOICE), type="integer", valid_empty=True, id="stake",
                                          compact=True))
            yield Label("", classes="error", id="error")
            with Horizontal(classes="buttons"):
                yield Button(_("Create (ctrl+s)"), variant="primary", id="create", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self._fit_players(2)
        self.query_one("#names", Input).focus()

    @staticmethod
    def _presets(players: int) -> list[tuple[str, str]]:
        """The presets for a table of ``players`` (``three`` only with 3, ``fifty`` only with 2)."""
        return [(preset_label(name), name) for name in PRESETS if players in PRESET_PLAYERS[name]]

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self._fit_players(_as_int(event.value))

    def _fit_players(self, players: int) -> None:
        """Offer what a table of ``players`` can have: its presets (the one chosen stays if it fits, else Moscow)
        and the options that change something there (the others are hidden and left at the preset's)."""
        preset = self.query_one("#preset", Select)
        chosen = preset.value
        offered = self._presets(players)
        preset.set_options(offered)
        preset.value = chosen if any(value == chosen for _label, value in offered) else "moscow"
        for _label, key, _values in self.CHOICES:
            select = self.query_one(f"#{key}", Select)
            here = applies(key, players)
            if select.parent is not None:
                select.parent.display = here
            if not here:
                select.value = Select.NULL

    def build(self) -> Pad:
        players = _as_int(self.query_one("#players", Select).value)
        preset = str(self.query_one("#preset", Select).value)
        options: dict[str, Any] = {"preset": preset}
        target = self.query_one("#target", Input).value.strip()
        if target:
            options["target"] = int(target)
        picked = {key: _picked(self.query_one(f"#{key}", Select)) for _label, key, _values in self.CHOICES}
        pen_keys = ("bait_penalty_points", "bait_penalty_when", "bait_penalty_count")
        pen = {k.removeprefix("bait_penalty_"): picked.pop(k) for k in pen_keys}
        if any(v is not None for v in pen.values()):
            base = Rules.preset(preset, players=players).bait_penalty
            merged = base.to_dict() if base else {"points": 100, "when": "third_and_after", "count": "game"}
            merged.update({k: v for k, v in pen.items() if v is not None})
            options["bait_penalty"] = None if merged["points"] == 0 else merged
        options.update({k: v for k, v in picked.items() if v is not None})
        match = self.query_one("#match", Input).value.strip()
        if match:
            options["match_target"] = int(match) or None  # 0: one game, even where the preset plays a match
        stake = self.query_one("#stake", Input).value.strip()
        if stake:
            options["stake"] = int(stake)
        rules = Rules.from_dict(options, players=players)
        text = self.query_one("#names", Input).value
        names = [n.strip() for n in text.split(",")] if text.strip() else [chr(ord("A") + i) for i in range(players)]
        pad = Pad(rules, names)
        first = self.query_one("#first", Input).value.strip() or "1"
        pad.first_dealer = int(first) - 1 if first.isdigit() else pad.seat_ref(first)
        if not 0 <= pad.first_dealer < players:
            raise PadError(_("the first dealer is a seat 1..{players} or a name, not {first!r}").format(players=players, first=first))
        return pad

    def problem(self) -> str | None:
        try:
            self.build()
        except (PadError, RulesError, ValueError) as exc:
            return translate_error(exc)
        return None

    def action_create(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.show_error(problem)
            return
        pad = self.build()
        try:
            self.store.save(pad)
        except OSError as exc:  # a full disk, a read-only folder: told, and nothing is half-written
            self.show_error(_("cannot save the pad: {reason}").format(reason=exc.strerror or exc))
            return
        self.dismiss(pad)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_create()

    @on(Button.Pressed, "#create")
    def _create_pressed(self) -> None:
        self.action_create()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.dismiss(None)


# -- a stake raised at the table ------------------------------------------------------------------------------


class StakeScreen(_Form[StakeCall | None]):
    """Record a stake raised as it is said (§12): who doubled («Дайви») or said «даве», and the answer — each
    answer says what it means in game points. The pad checks it before the dialog closes."""

    DEFAULT_CSS = "StakeScreen { align: center middle; }\n" + FORM_CSS + """
    StakeScreen .form { width: 72; }
    StakeScreen .answers { height: auto; margin-top: 1; }
    StakeScreen .answers Button { width: 100%; margin-bottom: 1; }
    """
    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("a", "answer(True)", N_("Accepted"), show=False),
        Binding("r", "answer(False)", N_("Refused"), show=False),
    ]

    def __init__(self, pad: Pad) -> None:
        super().__init__()
        translate_bindings(self)
        self.pad = pad
        self.kind = pad.stake_kind
        tally = pad.tally
        self.multiplier = tally.multiplier
        self.offerer = next((s for s in range(pad.rules.players) if s != tally.barred), 0)

    def compose(self) -> ComposeResult:
        pad = self.pad
        number = len(pad.games) + (1 if pad.tally.game_over or not pad.games else 0)
        title = (_("«Дайви» — game {number}, now {stake}") if self.kind is OfferKind.DOUBLE
                 else _("«даве» — game {number}, now {stake}"))
        with Vertical(classes="form"):
            yield Static(fill(title, number=number, stake=stake_mark(self.kind, self.multiplier)), classes="title")
            yield _row(N_("raised by"), FormSelect([(plain(name), i) for i, name in enumerate(pad.names)], value=self.offerer,
                                                   allow_blank=False, id="offerer", compact=True))
            yield Label("", classes="error", id="error")
            with Vertical(classes="answers"):
                yield Button("", variant="primary", id="accept", compact=True)
                yield Button("", variant="warning", id="refuse", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self._explain()
        self.query_one("#accept", Button).focus()

    @on(Select.Changed, "#offerer")
    def _offerer_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self.offerer = _as_int(event.value)
            self._explain()

    def _explain(self) -> None:
        """The answers' buttons say what each means: the raised stake, or the game won and its game points."""
        assert self.kind is not None
        pad = self.pad
        name = pad.names[self.offerer]
        other = pad.names[(self.offerer + 1) % len(pad.names)]
        raised = stake_mark(self.kind, raised_stake(pad.rules, self.kind, self.multiplier))
        points = ngettext("{n} game point", "{n} game points", self.multiplier).format(n=self.multiplier)
        if self.kind is OfferKind.DOUBLE:
            accept = _("{other} accepts (a): play on at {stake}").format(other=other, stake=raised)
            refuse = _("{other} refuses (r): {name} wins, {points}").format(other=other, name=name, points=points)
        else:
            accept = _("{other} plays on (a): {stake}").format(other=other, stake=raised)
            refuse = _("{other} concedes (r): {name} wins, {points}").format(other=other, name=name, points=points)
        self.query_one("#accept", Button).label = plain(accept)
        self.query_one("#refuse", Button).label = plain(refuse)

    def action_answer(self, accepted: bool) -> None:
        try:
            self.pad.check_stake(self.offerer, accepted)
        except PadError as exc:
            self.show_error(str(exc))
            return
        self.dismiss(StakeCall(self.offerer, accepted))

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#accept")
    def _accept_pressed(self) -> None:
        self.action_answer(True)

    @on(Button.Pressed, "#refuse")
    def _refuse_pressed(self) -> None:
        self.action_answer(False)

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.dismiss(None)


# -- one pad's sheet --------------------------------------------------------------------------------------


class PadScreen(Screen[None]):
    """The sheet as players write it; add, edit, delete, undo, export, and in a match with doubling raise the
    stake (``+``). A line under each finished game says what it was worth. Every change is saved."""

    DEFAULT_CSS = """
    PadScreen #sheet { height: 1fr; }
    PadScreen #status { height: auto; padding: 0 1; background: $boost; }
    """
    BINDINGS = [
        Binding("a", "add", N_("Add deal")),
        Binding("e", "edit", N_("Edit")),
        Binding("d,delete", "delete", N_("Delete")),
        Binding("u,ctrl+z", "undo", N_("Undo")),
        Binding("plus", "stake", N_("Raise stake")),
        Binding("x", "export", N_("Export")),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(self, store: PadStore, pad: Pad) -> None:
        super().__init__()
        translate_bindings(self)
        self.store = store
        self.pad = pad

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield DataTable(id="sheet", cursor_type="row", zebra_stripes=True)
            yield Static("", id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Score pad")
        rules = self.pad.rules
        # the rules only: the players' names head the sheet's columns (in the title long names would be cut)
        title = _("{preset}, to {target}").format(preset=preset_label(rules.preset_name), target=rules.target)
        if rules.match_target is not None:
            title += ", " + _("match to {n}").format(n=rules.match_target)
        self.sub_title = clean(title)  # a header is not markup, but a name's control characters are escaped
        self.refresh_sheet()
        self.query_one(DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``+`` is offered only where a stake can be raised: 2 players, doubling, the match not over."""
        if action == "stake":
            return self.pad.stake_kind is not None and not self.pad.is_over
        return True

    def refresh_sheet(self, cursor: int | None = None) -> None:
        """Draw the sheet again; ``cursor``: the deal (0-based) to put the cursor on (default: the last row)."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("#", _("dealer"), _("bid"), *(plain(name) for name in self.pad.side_names), _("note"))
        under = {line.after: line for line in game_lines(self.pad)}
        cursor_row = None
        for row in sheet_rows(self.pad):  # names and notes are the players' text, never markup
            if cursor == row.number - 1:
                cursor_row = table.row_count
            table.add_row(str(row.number), plain(row.dealer), plain(f"{row.bidder} {row.trump}".strip()),
                          *(plain(cell) for cell in row.cells), plain(row.note), key=str(row.number - 1))
            line = under.get(row.number)
            if line is not None:
                table.add_row("═", "", "", *(plain(cell, style="bold") for cell in line.cells),
                              plain(line.text, style="bold"), key=f"game-{line.game.index}")
        if table.row_count:
            table.move_cursor(row=table.row_count - 1 if cursor_row is None else cursor_row)
        self.query_one("#status", Static).update(plain(status_line(self.pad)))
        self.refresh_bindings()

    def _selected(self) -> int | None:
        """The deal (0-based) under the cursor; None on a game's line or an empty sheet."""
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(key) if key is not None and key.isdigit() else None

    def _saved(self, message: str, cursor: int | None = None) -> None:
        try:
            self.store.save(self.pad)
        except OSError as exc:  # a full disk, a read-only folder, another deberc changed it: told at once
            self.refresh_sheet(cursor)
            tell(self, _("cannot save the pad: {reason}"), reason=exc.strerror or exc, severity="error", timeout=10)
            return
        self.refresh_sheet(cursor)
        tell(self, message, timeout=3)

    def action_add(self) -> None:
        if self.pad.is_over:
            tell(self, _("the match is over: edit or delete a deal, or undo") if self.pad.is_match
                 else _("the game is over: edit or delete a deal, or undo"), severity="warning")
            return

        def done(deal: EnteredDeal | None) -> None:
            if deal is not None:
                self.pad.add(deal)
                self._saved(_("deal {n} entered").format(n=len(self.pad.deals)))

        self.app.push_screen(DealFormScreen(self.pad), done)

    def action_edit(self) -> None:
        index = self._selected()
        if index is None:
            return

        def done(deal: EnteredDeal | None) -> None:
            if deal is None:
                return
            try:
                self.pad.replace(index, deal)
            except PadError as exc:
                tell(self, str(exc), severity="error")
                return
            self._saved(_("deal {n} changed").format(n=index + 1), index)

        self.app.push_screen(DealFormScreen(self.pad, index), done)

    @on(DataTable.RowSelected)
    def _row_selected(self) -> None:
        self.action_edit()

    def action_delete(self) -> None:
        index = self._selected()
        if index is None:
            return
        try:
            self.pad.delete(index)
        except PadError as exc:
            tell(self, str(exc), severity="error")
            return
        self._saved(_("deal {n} deleted — u to undo").format(n=index + 1), max(0, index - 1))

    def action_undo(self) -> None:
        try:
            what = self.pad.undo()
        except PadError as exc:
            tell(self, str(exc), severity="warning")
            return
        self._saved(_("undone: {what}").format(what=undo_label(what)))

    def action_stake(self) -> None:
        """Record a stake raised at the table: accepted, the deal goes on at it; refused, the game ends."""
        if not self.check_action("stake", ()):
            return

        def done(call: StakeCall | None) -> None:
            if call is None:
                return
            try:
                self.pad.raise_stake(call.seat, call.accepted)
            except PadError as exc:
                tell(self, str(exc), severity="error")
                return
            if call.accepted:
                self._saved(_("now {stake}").format(stake=stake_mark(self.pad.stake_kind, self.pad.tally.multiplier)))
            else:
                self._saved(_("deal {n} entered: the game is over").format(n=len(self.pad.deals)))

        self.app.push_screen(StakeScreen(self.pad), done)

    def action_export(self) -> None:
        folder = self.store.root / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        csv_path = folder / f"{self.pad.id}.csv"
        json_path = folder / f"{self.pad.id}.json"
        csv_path.write_text(to_csv(self.pad), encoding="utf-8")
        json_path.write_text(to_json(self.pad), encoding="utf-8")
        tell(self, _("exported to {csv} and {json}"), csv=csv_path, json=json_path.name, timeout=6)

    def action_back(self) -> None:
        self.dismiss(None)

    def as_text(self) -> str:
        return render_text(self.pad)


# -- the entry screen: the list of pads ----------------------------------------------------------------------


class ScorePadScreen(Screen[None]):
    """The score pad's home: saved pads (newest first); n starts a new one, enter opens one.

    Another app pushes it with ``app.push_screen(ScorePadScreen())``; ``pad_id`` opens that pad at once.
    """

    DEFAULT_CSS = """
    ScorePadScreen #pads { height: 1fr; }
    ScorePadScreen #empty { padding: 1 2; color: $text-muted; }
    """
    BINDINGS = [
        Binding("n", "new", N_("New pad")),
        Binding("ctrl+d", "remove", N_("Remove pad")),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(self, store: PadStore | None = None, pad_id: str | None = None, standalone: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.store = store if store is not None else PadStore()
        self.open_id = pad_id
        self.standalone = standalone  # back quits the app (``deberc scorepad``) instead of closing the screen

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("No pads yet: press n to start one."), id="empty")
        yield OptionList(id="pads")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Score pads")
        self.sub_title = _("games played with real cards")
        self.reload()
        if self.open_id:
            self.open_pad(self.open_id)

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        pads = self.query_one(OptionList)
        pads.clear_options()
        infos = self.store.infos()
        for note in self.store.notes:  # a pad that cannot be read is named (and left as it is)
            tell(self, note, severity="warning", timeout=10)
        # the id (what ``deberc scorepad show ID`` takes) on a line of its own, so a long line never wraps it
        pads.add_options([Option(plain(info.describe()) + plain("\n  " + info.id, style="dim"), id=info.id)
                          for info in infos])
        self.query_one("#empty").display = not infos
        if infos:
            pads.highlighted = 0
        pads.focus()

    def open_pad(self, ref: str) -> None:
        try:
            pad = self.store.load(ref)
            pad.sheet  # noqa: B018 - refuse a pad that does not compute
        except (PadError, RulesError) as exc:
            tell(self, translate_error(exc), severity="error")
            return
        self.app.push_screen(PadScreen(self.store, pad))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.open_pad(event.option.id)

    def action_open(self) -> None:
        pads = self.query_one(OptionList)
        if pads.highlighted is not None:
            option = pads.get_option_at_index(pads.highlighted)
            if option.id:
                self.open_pad(option.id)

    def action_new(self) -> None:
        def done(pad: Pad | None) -> None:
            if pad is not None:
                self.reload()
                self.app.push_screen(PadScreen(self.store, pad))

        self.app.push_screen(NewPadScreen(self.store), done)

    def action_remove(self) -> None:
        pads = self.query_one(OptionList)
        if pads.highlighted is None:
            return
        option = pads.get_option_at_index(pads.highlighted)
        if option.id:
            self.store.delete(option.id)
            tell(self, _("removed {id}"), id=option.id)
            self.reload()

    def action_back(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss(None)


class ScorePadApp(App[None]):
    """``deberc scorepad`` on its own: the pad list, or straight into one pad."""

    TITLE = N_("deberc score pad")
    ENABLE_COMMAND_PALETTE = False  # as in the game: its English commands would only crowd the key bar

    def __init__(self, store: PadStore | None = None, pad_id: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.title = _(self.TITLE)
        self.store = store if store is not None else PadStore()
        self.pad_id = pad_id

    def on_mount(self) -> None:
        use_table_theme(self)  # the table's felt, as in the game
        self.push_screen(ScorePadScreen(self.store, self.pad_id, standalone=True))


def make_app(store: PadStore | None = None, pad_id: str | None = None) -> ScorePadApp:
    """One factory for the CLI and the tests."""
    return ScorePadApp(store=store, pad_id=pad_id)
