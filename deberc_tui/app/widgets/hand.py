"""The player's hand: up to ten cards drawn as card faces, legal cards bright, the others dimmed, the
chosen one raised; each face carries its number key; clicks announce a card. The cards stand centred under the
felt's middle (:meth:`Hand.centre_on`), as far as the window lets them."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from deberc_tui.app.look import Look, face_size, styled
from deberc_tui.engine import Card

MAX_CARDS = 10


class CardSlot(Widget):
    """One card of the hand (or an empty, hidden slot). Its face is as big as the terminal allows; the
    slot is one line taller than the face so that the chosen card can stand raised."""

    def __init__(self, index: int, look: Look | None = None) -> None:
        super().__init__(id=f"card-{index}", classes="card")
        self.index = index
        self.look = look or Look()
        self.card: Card | None = None
        self.dim = False
        self.selected = False

    def _face_size(self, viewport: Size) -> tuple[int, int]:
        return face_size(viewport.width, viewport.height)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._face_size(self.app.size)[0]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._face_size(self.app.size)[1] + 1

    def set_card(self, card: Card | None, dim: bool = False, selected: bool = False) -> None:
        if (card, dim, selected) != (self.card, self.dim, self.selected):
            self.card, self.dim, self.selected = card, dim, selected
            self.refresh()

    def render(self) -> Text:
        width, height = self._face_size(self.app.size)
        if self.card is None:
            return Text("")
        lines = self.look.face_lines(self.card, width, height, key=str((self.index + 1) % 10),
                                     dim=self.dim, selected=self.selected)
        blank = Text(" " * width)
        lines = lines + [blank] if self.selected else [blank, *lines]
        return Text("\n").join(lines)

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
        self.centre: int | None = None
        """The column the cards are centred on (the felt's middle); None: the middle of the window."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # As tall with no cards (behind the privacy screen) as with a hand: the table does not jump.
        face_height = face_size(self.app.size.width, self.app.size.height)[1]
        return max(super().get_content_height(container, viewport, width), face_height + 1)

    def compose(self) -> ComposeResult:
        for i in range(MAX_CARDS):
            yield CardSlot(i, self.look)
        yield Static("", id="hand-note")

    def show(self, cards: list[Card], legal: set[Card], note: str = "") -> None:
        """Display ``cards`` (empty: nothing, e.g. behind the privacy screen) with ``legal`` marked."""
        self.cards = list(cards)
        self.legal = legal
        if self.selected >= len(self.cards):
            self.selected = max(0, len(self.cards) - 1)
        if self.cards and self.legal and self.cards[self.selected] not in self.legal:
            self.selected = next((i for i, c in enumerate(self.cards) if c in self.legal), self.selected)
        self.hidden_note = note
        self._paint()

    def centre_on(self, column: int | None) -> None:
        """Centre the cards on ``column`` of the window (None: on the window's middle)."""
        if column != self.centre:
            self.centre = column
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

    def select_card(self, card: Card) -> bool:
        """Select ``card`` (the card the table offers first); False if it is not in the hand."""
        return card in self.cards and self.select(self.cards.index(card))

    @property
    def current(self) -> Card | None:
        return self.cards[self.selected] if 0 <= self.selected < len(self.cards) else None

    def text(self) -> str:
        """The hand as plain text (what is on screen), for tests and screen readers."""
        return " ".join(self.look.card_str(c) for c in self.cards)

    def _paint(self) -> None:
        if not self.is_mounted:
            return
        face_width = face_size(self.app.size.width, self.app.size.height)[0]
        room = (self.size.width or self.app.size.width) - 2
        tight = len(self.cards) * (face_width + 1) > room  # too many cards for gaps between the faces
        for slot in self.query(CardSlot):
            i = slot.index
            if i < len(self.cards):
                card = self.cards[i]
                playing = bool(self.legal)
                slot.set_card(card, dim=playing and card not in self.legal,
                              selected=playing and i == self.selected)
                slot.set_class(playing and card in self.legal, "-legal")
                slot.set_class(playing and card not in self.legal, "-illegal")
                slot.set_class(playing and i == self.selected, "-selected")
                slot.set_class(tight, "-tight")
                slot.display = True
            else:
                slot.set_card(None)
                slot.display = False
        note = self.query_one("#hand-note", Static)
        note.update(styled(self.hidden_note, "italic"))
        note.display = bool(self.hidden_note) or not self.cards
        self._place(len(self.cards) * face_width + (0 if tight else len(self.cards) - 1))

    def _place(self, cards_width: int) -> None:
        """Put the cards (``cards_width`` cells) under :attr:`centre`, inside the window."""
        width = self.size.width or self.app.size.width
        if self.centre is None or not self.cards:
            if self.styles.clear_rule("padding") | self.styles.clear_rule("align_horizontal"):
                self.refresh(layout=True)
            return
        left = max(1, min(self.centre - cards_width // 2, width - 1 - cards_width))
        self.styles.padding = (0, 1, 0, left)
        self.styles.align_horizontal = "left"
