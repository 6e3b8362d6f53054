"""How cards and suits look on screen: Unicode or ASCII, two- or four-colour, colour or monochrome.

One :class:`Look` value is shared by every widget; it turns engine values into Rich ``Text``, from a
card's name in a log line to a whole card face (:meth:`Look.face_lines`) on the felt or in the hand.

Textual (8.x) drops a named colour given as a Rich ``Text``'s base style (``Text("A♥", style="red3")``
shows in the widget's CSS colour; a hex colour, or any colour in a span, survives). That once left the
hearts in the hand black and made ``--four-colour`` change nothing there. So colours here are hex values
(the same on every terminal theme) and every ``Text`` made here carries its styles as spans (:func:`styled`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text

from deberc_tui.engine import Card, Suit
from deberc_tui.text.i18n import _
from deberc_tui.text.words import rank_letter

__all__ = ["Look", "face_size", "rank_letter", "seat_label", "styled", "unicode_ok"]

_ASCII_SUIT = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
_ASCII_PUNCTUATION = str.maketrans({"·": "-", "—": "-", "–": "-", "«": '"', "»": '"', "→": ">", "▶": ">",
                                    "★": "*", "▮": "#", "\u00a0": " "})

RED = "#c8102e"
BLACK = "#16161a"
BLUE = "#1d4ed8"
GREEN = "#13803a"
# On a white card face.
_TWO_COLOUR = {Suit.CLUBS: BLACK, Suit.DIAMONDS: RED, Suit.HEARTS: RED, Suit.SPADES: BLACK}
_FOUR_COLOUR = {Suit.CLUBS: GREEN, Suit.DIAMONDS: BLUE, Suit.HEARTS: RED, Suit.SPADES: BLACK}
# On the dark table, the panel and the log (not on a white card face) black would vanish: light variants.
_ON_TABLE_TWO = {Suit.CLUBS: "#f0f0e8", Suit.DIAMONDS: "#ff6b6b", Suit.HEARTS: "#ff6b6b", Suit.SPADES: "#f0f0e8"}
_ON_TABLE_FOUR = {Suit.CLUBS: "#5fd787", Suit.DIAMONDS: "#6ea8ff", Suit.HEARTS: "#ff6b6b", Suit.SPADES: "#f0f0e8"}

FELT = "#0b3a1e"  # the table's green (also in deberc.tcss)
FACE = "#f7f4ea"  # a card's white face
FACE_DIM = "#9d9a90"  # the face of a card that may not be played now
EDGE = "#e8e4d8"  # a card's outline on the felt
EDGE_DIM = "#7d7b72"
SELECTED = "#ffb000"  # the chosen card's outline and number
WINNER = "#ffd700"  # the outline of the card that takes the trick
BACK = "#8b1e2d"  # the back of a card (the stock)
BACK_PATTERN = "#d9a0a8"
KEY = "#ffd75f"  # a card's number key in the hand
TO_ACT = f"bold {FELT} on #ffd75f"  # the name of the seat whose turn it is

_BORDERS = {
    "round": "╭─╮│╰╯",
    "heavy": "┏━┓┃┗┛",
    "double": "╔═╗║╚╝",
    "ascii": "+-+|++",
}

# The cells a card face takes: (width, height).
SMALL = (5, 4)
MEDIUM = (7, 5)
LARGE = (9, 7)


def styled(text: str, style: str = "") -> Text:
    """``text`` in ``style``, the style kept as a span (which Textual keeps, unlike a Text's base style)."""
    out = Text()
    out.append(text, style=style or None)
    return out


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

    # -- names of cards and suits -------------------------------------------------------------

    def suit(self, suit: Suit) -> str:
        return _ASCII_SUIT[suit] if self.ascii else suit.symbol

    def rank(self, card: Card) -> str:
        return rank_letter(card.rank.value)

    def card_str(self, card: Card) -> str:
        return self.rank(card) + self.suit(card.suit)

    def suit_colour(self, suit: Suit, on_table: bool = True) -> str:
        """The suit's colour as a hex value ("" in monochrome)."""
        if self.mono:
            return ""
        if on_table:
            return (_ON_TABLE_FOUR if self.four_colour else _ON_TABLE_TWO)[suit]
        return (_FOUR_COLOUR if self.four_colour else _TWO_COLOUR)[suit]

    def suit_style(self, suit: Suit, on_table: bool = True) -> str:
        return "bold" if self.mono else self.suit_colour(suit, on_table)

    def suit_text(self, suit: Suit) -> Text:
        return styled(self.suit(suit), self.suit_style(suit))

    def card_text(self, card: Card | None, on_table: bool = True) -> Text:
        """A card as coloured text (``on_table``: for the dark felt, else for a white card face)."""
        if card is None:
            return styled("--", "dim")
        return styled(self.card_str(card), self.suit_style(card.suit, on_table))

    def cards_text(self, cards: Iterable[Card], sep: str = " ") -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card_text(c))
        return out

    def face(self, card: Card) -> Text:
        """The card's name as it stands in a corner of its face (3 cells wide)."""
        return styled(f"{self.card_str(card):>3}", self.suit_style(card.suit, on_table=self.mono))

    # -- symbols --------------------------------------------------------------------------------

    def sym(self, unicode: str, ascii: str) -> str:
        return ascii if self.ascii else unicode

    def plain(self, text: str) -> str:
        """``text`` with the table's typographic symbols spelt in ASCII in the ASCII look."""
        if not self.ascii:
            return text
        for symbol, letter in _ASCII_SUIT.items():
            text = text.replace(symbol.symbol, letter)
        return text.translate(_ASCII_PUNCTUATION).replace("…", "...")

    @property
    def arrow(self) -> str:
        return self.sym("→", "->")

    # -- card faces -----------------------------------------------------------------------------

    def face_lines(self, card: Card | None, width: int = 5, height: int = 4, *, key: str = "",
                   dim: bool = False, selected: bool = False, winner: bool = False,
                   back: bool = False) -> list[Text]:
        """A card drawn ``width`` × ``height`` cells: its rank and suit in the top-left corner and,
        turned round, in the bottom-right one, the suit in the middle of a bigger face.

        ``key`` is written into the top edge (the card's number key in the hand); ``dim``: the card may
        not be played now; ``selected``: the chosen card (heavy outline); ``winner``: the card taking the
        trick (double outline); ``back``: the card lies face down; ``card=None`` without ``back``: an
        empty place (blank lines).
        """
        width, height = max(width, 5), max(height, 3)
        inner_w, inner_h = width - 2, height - 2
        if card is None and not back:
            return [Text(" " * width) for _ in range(height)]
        kind = "ascii" if self.ascii else "heavy" if selected else "double" if winner else "round"
        tl, hz, tr, vt, bl, br = (_BORDERS[kind][i] for i in range(6))
        if self.mono:
            edge = "bold" if selected or winner else "dim" if dim else ""
            face_bg = ""
            ink_extra = "dim" if dim else "bold"
        else:
            colour = SELECTED if selected else WINNER if winner else EDGE_DIM if dim else EDGE
            edge = f"bold {colour}" if selected or winner else colour
            face_bg = f" on {FACE_DIM if dim else FACE}"
            ink_extra = "" if dim else "bold"

        top = styled(tl, edge)
        label = key[: max(0, inner_w - 1)]
        if label:
            key_style = "bold reverse" if self.mono and selected else "bold" if self.mono else (
                f"bold {SELECTED}" if selected else f"bold {KEY}" if not dim else f"{EDGE_DIM}")
            top.append(label, style=key_style)
        top.append(hz * (inner_w - len(label)) + tr, style=edge)
        bottom = styled(bl + hz * inner_w + br, edge)

        rows: list[Text] = []
        if back or card is None:
            pattern = self.sym("░", "#")
            fill = ("dim" if self.mono else f"{BACK_PATTERN} on {BACK}")
            for _i in range(inner_h):
                rows.append(styled(pattern * inner_w, fill))
        else:
            ink = (self.suit_colour(card.suit, on_table=False) + face_bg).strip()
            ink = f"{ink_extra} {ink}".strip()
            name = self.card_str(card)
            turned = self.suit(card.suit) + self.rank(card)
            lines = [" " * inner_w] * inner_h
            lines[0] = name.ljust(inner_w)
            if inner_h >= 2:
                lines[-1] = turned.rjust(inner_w)
            if inner_h >= 3:
                pip = self.suit(card.suit)
                lines[inner_h // 2] = pip.center(inner_w)
            for plain in lines:
                rows.append(styled(plain[:inner_w], ink))
        out = [top]
        for row in rows:
            line = styled(vt, edge)
            line.append_text(row)
            line.append(vt, style=edge)
            out.append(line)
        out.append(bottom)
        return out

    def place_lines(self, width: int = 5, height: int = 4) -> list[Text]:
        """The dim outline of the place where a card is about to be played."""
        width, height = max(width, 3), max(height, 3)
        if self.ascii:
            top, side = "+" + "-" * (width - 2) + "+", "|"
        else:
            top, side = "╭" + "┄" * (width - 2) + "╮", "┆"
        bottom = top if self.ascii else "╰" + "┄" * (width - 2) + "╯"
        style = "dim" if self.mono else EDGE_DIM
        middle = side + " " * (width - 2) + side
        return [styled(top, style), *(styled(middle, style) for _ in range(height - 2)), styled(bottom, style)]

    def box(self, card: Card | None, label_style: str = "") -> list[Text]:
        """A small card drawn in three lines, 5 cells wide (or an empty place)."""
        if card is None:
            blank = Text("     ")
            return [blank, styled("  ·  " if not self.ascii else "  .  ", "dim"), blank]
        lines = self.face_lines(card, 5, 3, winner="bold" in label_style)
        return lines


def face_size(width: int, height: int) -> tuple[int, int]:
    """The size of the cards in the hand for a terminal of ``width`` × ``height`` (from 110×40 as large as the
    felt's: ten of them fit in the width, and the felt keeps rows enough for its own)."""
    if height >= 40 and width >= 110:
        return LARGE
    if height >= 32 and width >= 96:
        return MEDIUM
    return SMALL


def seat_label(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("seat {n}").format(n=seat)
