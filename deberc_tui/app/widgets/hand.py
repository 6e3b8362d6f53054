"""The player's hand: up to nine card slots, legal cards marked, one selected; clicks announce a card."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from deberc_tui.engine import Card

from ..look import Look

MAX_CARDS = 9


class CardSlot(Static):
    """One card of the hand (or an empty, hidden slot)."""

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"card-{index}", classes="card")
        self.index = index
        self.card: Card | None = None

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.card is not None:
            self.post_message(Hand.CardClicked(self.index, self.card))


class Hand(Horizontal):
    """Shows one seat's cards; the table screen tells it what to show with :meth:`show`."""

    @dataclass
    class CardClicked(Message):
        index: int
        card: Card

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look
        self.cards: list[Card] = []
        self.legal: set[Card] = set()
        self.selected = 0
        self.hidden_note = ""

    def compose(self) -> ComposeResult:
        for i in range(MAX_CARDS):
            yield CardSlot(i)
        yield Static("", id="hand-note")

    def show(self, cards: list[Card], legal: set[Card], note: str = "") -> None:
        """Display ``cards`` (empty: nothing, e.g. behind the privacy screen) with ``legal`` marked."""
        self.cards = list(cards)
        self.legal = legal
        if self.selected >= len(self.cards):
            self.selected = max(0, len(self.cards) - 1)
        if self.cards and self.legal and self.cards[self.selected] not in self.legal:
            self.selected = next(i for i, c in enumerate(self.cards) if c in self.legal)
        self.hidden_note = note
        self._paint()

    def move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)
            self._paint()

    def select(self, index: int) -> bool:
        if 0 <= index < len(self.cards):
            self.selected = index
            self._paint()
            return True
        return False

    @property
    def current(self) -> Card | None:
        return self.cards[self.selected] if 0 <= self.selected < len(self.cards) else None

    def text(self) -> str:
        """The hand as plain text (what is on screen), for tests and screen readers."""
        return " ".join(self.look.card_str(c) for c in self.cards)

    def _paint(self) -> None:
        if not self.is_mounted:
            return
        for slot in self.query(CardSlot):
            i = slot.index
            if i < len(self.cards):
                card = self.cards[i]
                slot.card = card
                slot.display = True
                slot.update(self.look.face(card))
                slot.border_title = str(i + 1)
                slot.set_class(bool(self.legal) and card in self.legal, "-legal")
                slot.set_class(bool(self.legal) and card not in self.legal, "-illegal")
                slot.set_class(i == self.selected and bool(self.legal), "-selected")
            else:
                slot.card = None
                slot.display = False
        note = self.query_one("#hand-note", Static)
        note.update(Text(self.hidden_note, style="italic"))
        note.display = bool(self.hidden_note) or not self.cards
