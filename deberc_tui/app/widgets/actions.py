"""The action bar: a button for each thing the player may do now besides playing a card, each running the
same action as its key (so a click and a key press cannot differ), and the declaration toggles saying what
will happen."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button

from deberc_tui.app.look import Look
from deberc_tui.app.widgets.buttons import KeyButton
from deberc_tui.engine import (
    Bid,
    BidCall,
    Concede50,
    ConcedeStep,
    Klabor,
    Phase,
    PlayCard,
    Redeal,
    SeatView,
    Suit,
    SwapSeven,
)
from deberc_tui.engine.actions import Dave, Double, OfferKind
from deberc_tui.engine.combos import Combo
from deberc_tui.engine.match import raised_stake
from deberc_tui.engine.options import BellaWhen
from deberc_tui.table.claim import claim_right
from deberc_tui.text.i18n import _, ngettext
from deberc_tui.text.words import combo as combo_word
from deberc_tui.text.words import rank_letter

_BID_KEYS = ((Suit.CLUBS, "c"), (Suit.DIAMONDS, "d"), (Suit.HEARTS, "h"), (Suit.SPADES, "s"))


@dataclass(frozen=True)
class Toggles:
    """Whether the player's next card declares the combinations and bella (both start on)."""

    declare: bool = True
    bella: bool = True


def may_bella(view: SeatView | None) -> bool:
    """Whether some card the player may play now declares bella (the engine's ``bella_when`` decides)."""
    return view is not None and any(isinstance(a, PlayCard) and a.bella for a in view.legal)


def may_offer_concede(view: SeatView | None) -> bool:
    """Whether the player may offer to concede the deal for fifty now (``concede_50``; the defender, trump named
    and before the extra cards): the engine offers it among the seat's actions."""
    return view is not None and any(isinstance(a, Concede50) and a.step is ConcedeStep.OFFER
                                    for a in (*view.optional, *view.legal))


def must_answer_concede(view: SeatView | None) -> bool:
    """Whether the player (the bidder) must answer an offer to concede for fifty: nothing else is legal."""
    return view is not None and bool(view.legal) and all(
        isinstance(a, Concede50) and a.step in (ConcedeStep.ACCEPT, ConcedeStep.REFUSE) for a in view.legal)


def my_combos(view: SeatView | None, look: Look) -> str:
    """The combinations the player would declare with the card played now, as players say them (empty: none,
    or the engine does not let this card declare): the view's :meth:`~deberc_tui.engine.SeatView.declarable`."""
    if view is None:
        return ""
    return ", ".join(combo_words(c, look) for c in view.declarable())


def combo_words(combo: Combo, look: Look) -> str:
    """A combination as players name it: ``terz to K♥``."""
    return _("{kind} to {top}").format(kind=combo_word(combo.kind), top=rank_letter(combo.top.value)) + look.suit(
        combo.suit)


TERSE = 3
"""The shortest of the toggles' wordings (:func:`declare_label`, :func:`bella_label`): 0 says it all; the bar takes
the longest that lets every button show whole."""


def declare_label(combos: str, count: int, on: bool, second: bool, terse: int = 0) -> str:
    """What the declaration toggle will do, as long as ``terse`` allows (its box, drawn before it, says on or off):
    ``Declaring terz to A♥ (E: don't)``, ``terz to A♥ (E: don't)``, ``terz to A♥ (E)``, ``2 combinations (E)``."""
    key = "E" if on else "e"
    if terse >= 3:
        combos = ngettext("{n} combination", "{n} combinations", count).format(n=count)
    if terse >= 2:
        return f"{combos} ({key})"
    if terse == 1:
        if not on:
            return _("{combos} (e: declare)").format(combos=combos)
        return (_("{combos}, second card (E: don't)") if second else _("{combos} (E: don't)")).format(combos=combos)
    if not on:
        return _("Not declaring {combos} (e: declare)").format(combos=combos)
    return (_("Declaring {combos} with this second card (E: don't)") if second
            else _("Declaring {combos} (E: don't)")).format(combos=combos)


def bella_label(view: SeatView, on: bool, terse: int = 0) -> str:
    """What the bella toggle will do, in the words of the rule in force (``bella_when``), as long as ``terse``
    allows."""
    with_card = view.rules.bella_when is BellaWhen.WITH_CARD
    if terse >= 2:
        return _("Bella ({key})").format(key="B" if on else "b")
    if terse == 1:
        if not on:
            return _("Bella (b: declare)")
        return _("Bella (B: don't)") if with_card else _("Bella (B: not yet)")
    if not on:
        return _("No bella (b: declare it)")
    if with_card:
        return _("Bella with K/Q (B: don't)")
    return _("Bella with this card (B: not yet)")


class ActionBar(Horizontal):
    """Shows the buttons that apply to ``view`` (the viewer's seat), hides the others."""

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def compose(self) -> ComposeResult:
        yield KeyButton(_("Play (p)"), id="bid-play", action="screen.bid('play')", compact=True)
        yield KeyButton(_("Pass (x)"), id="bid-pass", action="screen.bid('pass')", compact=True)
        for suit, key in _BID_KEYS:
            yield KeyButton(Text(f"{self.look.suit(suit)} ({key})"), id=f"bid-{suit.value}",
                         action=f"screen.bid('{suit.value}')", compact=True)
        yield KeyButton(_("Declare (e)"), id="declare", action="screen.set_declare", compact=True)
        yield KeyButton(_("Bella (b)"), id="bella", action="screen.set_bella", compact=True)
        yield KeyButton(_("Swap 7 (w)"), id="swap", action="screen.swap", compact=True)
        yield KeyButton(_("Redeal (r)"), id="redeal", action="screen.redeal", compact=True)
        yield KeyButton(_("Klabor (k)"), id="klabor", action="screen.klabor", compact=True)
        yield KeyButton(_("Партия (a)"), id="claim", action="screen.claim", compact=True)
        yield KeyButton(_("Concede 50 (o)"), id="concede", action="screen.concede", compact=True)
        yield KeyButton(_("Double (+)"), id="stake", action="screen.offer_stake", compact=True)

    def mark(self, on: bool) -> str:
        """A check box drawn as text (a ``Text`` label: ``[x]`` would be read as markup and vanish)."""
        if self.look.ascii:
            return "[x]" if on else "[ ]"
        return "☑" if on else "☐"

    def show(self, view: SeatView | None, toggles: Toggles) -> None:
        shown: dict[str, bool] = {}
        mine = view is not None and view.to_act == view.seat
        bidding = view is not None and view.phase is Phase.BIDDING
        legal = view.legal if view is not None and mine else ()
        opt = view.optional if view is not None else ()
        calls = {a.call for a in legal if isinstance(a, Bid)}
        for call in BidCall:
            shown[f"bid-{call.value}"] = bidding and call in calls
        if view is not None and BidCall.PLAY in calls:
            self._label("bid-play", Text(_("Play {suit} (p)").format(suit=self.look.suit(view.turnup.suit))))
        combos = my_combos(view, self.look)
        shown["declare"] = bool(combos) and mine
        shown["bella"] = mine and may_bella(view)
        shown["swap"] = any(isinstance(a, SwapSeven) for a in opt)
        shown["redeal"] = any(isinstance(a, Redeal) for a in opt)
        shown["klabor"] = any(isinstance(a, Klabor) for a in opt)
        shown["claim"] = view is not None and claim_right(view)  # offered when the count reaches the target
        shown["concede"] = may_offer_concede(view) and not must_answer_concede(view)
        offer = next((a for a in legal if isinstance(a, Double | Dave)), None)
        shown["stake"] = offer is not None
        if offer is not None and view is not None:
            kind = OfferKind.DAVE if isinstance(offer, Dave) else OfferKind.DOUBLE
            label = (_("«Даве»: stake {k} (+)") if kind is OfferKind.DAVE
                     else _("Double: ×{k} (+)")).format(k=raised_stake(view.rules, kind, view.multiplier))
            self._label("stake", Text(label))
        self._toggles(view, toggles, shown)
        for button_id, visible in shown.items():
            self.query_one(f"#{button_id}", Button).display = visible

    def _toggles(self, view: SeatView | None, toggles: Toggles, shown: dict[str, bool]) -> None:
        """Word the declaration and bella toggles as fully as the bar's width lets every shown button stand whole."""
        if view is None or not (shown["declare"] or shown["bella"]):
            return
        room = self.content_region.width or self.app.size.width - 2
        others = 0
        for button_id, visible in shown.items():
            if visible and button_id not in ("declare", "bella"):
                others += _width(cell_len(str(self.query_one(f"#{button_id}", Button).label)))
        combos = view.declarable()
        words = my_combos(view, self.look)
        second = view.played_first[view.seat]  # declare_until "second_trick": the last chance
        for terse in range(TERSE + 1):
            labels = {}
            if shown["declare"]:
                labels["declare"] = Text(f"{self.mark(toggles.declare)} " + declare_label(
                    words, len(combos), toggles.declare, second, terse))
            if shown["bella"]:
                labels["bella"] = Text(f"{self.mark(toggles.bella)} " + bella_label(view, toggles.bella, terse))
            if others + sum(_width(label.cell_len) for label in labels.values()) <= room:
                break
        for button_id, label in labels.items():
            self._label(button_id, label)

    def _label(self, button_id: str, label: Text) -> None:
        """Give a button a new label, and the width it needs (Textual keeps a button's width when only its label
        changes: "Declaring …" turned "Not declaring …" was cut at the old width)."""
        button = self.query_one(f"#{button_id}", Button)
        if str(button.label) != label.plain:
            button.label = label
            button.refresh(layout=True)


def _width(label: int) -> int:
    """The cells a button of the bar takes for a label of ``label`` cells: its padding, at least its least width
    (``#actions Button`` in deberc.tcss), and the margin after it."""
    return max(label + 2, 6) + 1
