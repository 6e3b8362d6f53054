"""How cards and suits look on screen: Unicode or ASCII, two- or four-colour, colour or monochrome.

One :class:`Look` value is shared by every widget; it turns engine values into Rich ``Text``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from rich.text import Text

from deberc_tui.engine import Card, Suit
from deberc_tui.i18n import _
from deberc_tui.words import rank_letter

_ASCII_SUIT = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
_TWO_COLOUR = {Suit.CLUBS: "black", Suit.DIAMONDS: "red3", Suit.HEARTS: "red3", Suit.SPADES: "black"}
_FOUR_COLOUR = {Suit.CLUBS: "green4", Suit.DIAMONDS: "blue3", Suit.HEARTS: "red3", Suit.SPADES: "black"}
# On the dark table (not on a white card face) black would vanish: use light variants there.
_ON_TABLE_TWO = {Suit.CLUBS: "bright_white", Suit.DIAMONDS: "bright_red", Suit.HEARTS: "bright_red",
                 Suit.SPADES: "bright_white"}
_ON_TABLE_FOUR = {Suit.CLUBS: "bright_green", Suit.DIAMONDS: "bright_cyan", Suit.HEARTS: "bright_red",
                  Suit.SPADES: "bright_white"}


def unicode_ok() -> bool:
    """Whether the terminal can be trusted with ♠♥♦♣ (DEBERC_ASCII=1 forces ASCII)."""
    if os.environ.get("DEBERC_ASCII"):
        return False
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower()
    return "utf" in encoding or not encoding


@dataclass(frozen=True)
class Look:
    """Display options: ``ascii`` suits, ``four_colour`` deck, ``mono`` (no colour carries meaning)."""

    ascii: bool = False
    four_colour: bool = False
    mono: bool = False

    def suit(self, suit: Suit) -> str:
        return _ASCII_SUIT[suit] if self.ascii else suit.symbol

    def rank(self, card: Card) -> str:
        return rank_letter(card.rank.value)

    def card_str(self, card: Card) -> str:
        return self.rank(card) + self.suit(card.suit)

    def suit_style(self, suit: Suit, on_table: bool = True) -> str:
        if self.mono:
            return "bold"
        if on_table:
            return (_ON_TABLE_FOUR if self.four_colour else _ON_TABLE_TWO)[suit]
        return (_FOUR_COLOUR if self.four_colour else _TWO_COLOUR)[suit]

    def suit_text(self, suit: Suit) -> Text:
        return Text(self.suit(suit), style=self.suit_style(suit))

    def card_text(self, card: Card | None, on_table: bool = True) -> Text:
        """A card as coloured text (``on_table``: for the dark felt, else for a white card face)."""
        if card is None:
            return Text("--", style="dim")
        return Text(self.card_str(card), style=self.suit_style(card.suit, on_table))

    def cards_text(self, cards: object, sep: str = " ") -> Text:
        out = Text()
        for i, c in enumerate(cards):  # type: ignore[attr-defined]
            if i:
                out.append(sep)
            out.append_text(self.card_text(c))
        return out

    def face(self, card: Card) -> Text:
        """The text on a card face (3 cells wide)."""
        return Text(f"{self.card_str(card):>3}", style=self.suit_style(card.suit, on_table=self.mono))

    def box(self, card: Card | None, label_style: str = "") -> list[Text]:
        """A small card drawn in three lines, 5 cells wide (or an empty place)."""
        if self.ascii:
            top, mid_l, mid_r, bot = "+---+", "|", "|", "+---+"
        else:
            top, mid_l, mid_r, bot = "╭───╮", "│", "│", "╰───╯"
        if card is None:
            blank = Text("     ")
            return [blank, Text("  ·  ", style="dim"), blank]
        mid = Text(mid_l)
        mid.append_text(Text(f"{self.card_str(card):>3}", style=self.suit_style(card.suit)))
        mid.append(mid_r)
        return [Text(top, style=label_style), mid, Text(bot, style=label_style)]


def seat_label(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("seat {n}").format(n=seat)
