"""The felt: every seat around the table with its markers, the cards of the current trick lying in
front of the seats that played them, and the stock with the turnup in a corner."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from deberc_tui.app.look import LARGE, MEDIUM, SELECTED, SMALL, TO_ACT, WINNER, Look, styled
from deberc_tui.engine import Card, Suit
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.persons import Phrase, person


@dataclass
class SeatInfo:
    name: str
    cards: int
    dealer: bool = False
    bidder: bool = False
    to_act: bool = False
    said: str = ""  # the seat's last bid, or an announcement, shown under its name


@dataclass
class FeltState:
    viewer: int = 0
    seats: list[SeatInfo] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)  # in the order played
    taken_by: int | None = None  # the trick shown is finished and was taken by this seat
    taken_points: int = 0
    centre: Card | None = None  # the turnup, shown in the middle during the bidding
    centre_label: str = ""
    leader: int | None = None  # the seat that led the trick shown (default: the first in ``trick``)
    winner_card: Card | None = None  # the card that wins (or won) it (default: ``taken_by``'s card)
    turnup: Card | None = None  # the turnup while it lies on the table (not taken into a hand)
    stock: int = 0  # cards left in the stock
    shown_stock: Card | None = None  # a stock card shown face up (a rule variant)
    shown_label: str = ""  # what that card is, written over it: "bottom", "stock top", "turnup"
    turnup_label: str = ""  # written over the turnup in the corner
    trump: Suit | None = None


TAKES = Phrase(N_("{arrow} You take {points}"), N_("{arrow} {name} takes {points}"))
"""Who took the trick on show (present tense: said of a seat by its name alone, no gender needed)."""
_WHERE = {1: ("bottom",), 2: ("bottom", "top"), 3: ("bottom", "left", "right"),
          4: ("bottom", "left", "top", "right")}


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.rows: list[list[tuple[str, Style | str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: Text) -> None:
        if not 0 <= y < len(self.rows):
            return
        row = self.rows[y]
        for offset, (ch, style) in enumerate(_cells(text)):
            if 0 <= x + offset < self.width:
                row[x + offset] = (ch, style)

    def put_lines(self, x: int, y: int, lines: list[Text]) -> None:
        for i, line in enumerate(lines):
            self.put(x, y + i, line)

    def text(self) -> Text:
        out = Text()
        for i, row in enumerate(self.rows):
            if i:
                out.append("\n")
            for ch, style in row:
                out.append(ch, style)
        return out


def _cells(text: Text) -> list[tuple[str, Style | str]]:
    plain = text.plain
    styles: list[Style | str] = [text.style] * len(plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(plain))):
            base = styles[i]
            styles[i] = f"{base} {span.style}".strip() if isinstance(base, str) and isinstance(span.style, str) \
                else span.style
    return list(zip(plain, styles, strict=True))


def card_size(width: int, height: int) -> tuple[int, int]:
    """The size of the card faces on a felt of ``width`` × ``height`` cells (the large ones need 25 rows: four
    seats' cards, the names and the corner's cards)."""
    if height >= 25 and width >= 64:
        return LARGE
    if height >= 19 and width >= 52:
        return MEDIUM
    return SMALL


class Felt(Widget):
    """Draws the table from a :class:`FeltState`; the screen replaces the state and refreshes."""

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look
        self.state = FeltState()

    @staticmethod
    def middle(width: int) -> int:
        """The column of the felt's middle line (the trick's cards stand on it) on a felt ``width`` cells wide."""
        return max(width, 24) // 2

    def show(self, state: FeltState) -> None:
        self.state = state
        self.refresh()

    # -- pieces -------------------------------------------------------------------------------

    def _marks(self, seat: int) -> str:
        """The seat's markers: (D) dealer, ★ bidder."""
        info = self.state.seats[seat]
        marks = ""
        if info.dealer:
            marks += " " + _("(D)")
        if info.bidder:
            marks += " " + self.look.sym("★", "*")
        return marks

    def _seat_name(self, seat: int, room: int, marks: bool = True) -> Text:
        """The seat's name with its markers (``marks``): ▶ to act (and the name lit up), (D) dealer, ★ bidder."""
        info = self.state.seats[seat]
        lk = self.look
        t = Text()
        after = self._marks(seat) if marks else ""
        arrow = lk.sym("▶", ">") + " " if info.to_act else ""
        name = self._shorten(lk.plain(info.name), room - len(arrow) - len(after) - (2 if info.to_act else 0))
        if info.to_act:
            t.append(arrow, style="bold" if lk.mono else f"bold {SELECTED}")
            t.append(f" {name} ", style="bold reverse" if lk.mono else TO_ACT)
        else:
            t.append(name, style="bold")
        if after:
            t.append(after, style="bold")
        return t

    def _seat_backs(self, seat: int, room: int, marks: bool = False) -> Text:
        """The cards a seat holds, face down: ▮▮▮▮▮ 5 (and the seat's markers, with ``marks``)."""
        count = self.state.seats[seat].cards
        after = self._marks(seat) if marks else ""
        back = self.look.sym("▮", "#")
        shown = min(count, max(1, room - 3 - len(after)))
        t = styled(back * shown, "dim" if self.look.mono else "#c98a94")
        t.append(f" {count}", style="")
        if after:
            t.append(after, style="bold")
        return t

    def _shorten(self, text: str, room: int) -> str:
        """``text`` in ``room`` cells (at least 4), ending in … when it had to be shortened."""
        room = max(4, room)
        return text if len(text) <= room else text[: room - 1] + self.look.sym("…", ".")

    def _seat_said(self, seat: int, room: int | None = None) -> list[Text]:
        """What the seat said last, in quotes: on one line, or where ``room`` is too narrow for it, on as many as
        it needs, broken between words (a word too long for a line of its own is shortened with …)."""
        said = self.look.plain(self.state.seats[seat].said)
        if not said:
            return []
        quote_l, quote_r = self.look.sym("«", '"'), self.look.sym("»", '"')
        whole = f"{quote_l}{said}{quote_r}"
        if room is None or len(whole) <= room:
            return [styled(whole, "italic")]
        lines: list[str] = []
        for word in whole.split():
            if lines and len(lines[-1]) + 1 + len(word) <= room:
                lines[-1] += " " + word
            else:
                lines.append(self._shorten(word, room))
        return [styled(line, "italic") for line in lines]

    def _join(self, *parts: Text) -> Text:
        out = Text()
        for part in parts:
            if part.plain:
                if out.plain:
                    out.append("  ")
                out.append_text(part)
        return out

    # -- the table ------------------------------------------------------------------------------

    def render(self) -> Text:
        st = self.state
        lk = self.look
        width, height = max(self.size.width, 24), max(self.size.height, 10)
        canvas = _Canvas(width, height)
        n = len(st.seats)
        if not n:
            return canvas.text()
        cw, ch = card_size(width, height)
        cards = dict(st.trick)
        leader = st.leader if st.leader is not None else (st.trick[0][0] if st.trick else None)
        winner = st.winner_card
        if winner is None and st.taken_by is not None:
            winner = cards.get(st.taken_by)
        cx = self.middle(width)
        x_mid = cx - cw // 2
        gap = 2 if cw <= 5 else 3
        x_left, x_right = x_mid - gap - cw, x_mid + cw + gap
        y_top, y_side, y_bottom = self._rows(n, ch, height)

        # the corner: the stock face down on the turnup, a shown stock card, the trump; each card named over it
        corner_right = self._corner(canvas, cw, ch, height)
        corner_top = height - 2 - ch  # the cards' names are written on the row over them

        def beside_corner(x: int, y: int, line: Text) -> int:
            """A line on the corner's rows starts right of its cards (a long name never runs into them)."""
            if y < corner_top or not corner_right:
                return x
            return max(x, min(corner_right + 1, width - line.cell_len))

        def room_at(y: int) -> int:
            """The cells a line centred on row ``y`` may take."""
            return width - (corner_right + 1 if corner_right and y >= corner_top else 0)

        # the centre: the turnup during the bidding
        if st.centre is not None:
            y_c = max(0, y_side)
            canvas.put_lines(x_mid, y_c, lk.face_lines(st.centre, cw, ch))
            lbl = styled(lk.plain(st.centre_label), "italic")
            canvas.put(max(0, cx - lbl.cell_len // 2), y_c + ch, lbl)

        for seat in range(n):
            rel = (seat - st.viewer) % n
            where = _WHERE.get(n, _WHERE[4])[rel % 4]
            card = cards.get(seat)
            face = lk.face_lines(card, cw, ch, winner=card is not None and card is winner)
            if where == "top":
                said = self._seat_said(seat)
                line = self._join(self._seat_name(seat, 24), self._seat_backs(seat, 12), *said)
                if line.cell_len > width and y_top >= 2:  # what was said goes on the row above
                    canvas.put(max(0, cx - said[0].cell_len // 2), y_top - 2, said[0])
                    line = self._join(self._seat_name(seat, 24), self._seat_backs(seat, 12))
                canvas.put(max(0, cx - line.cell_len // 2), y_top - 1, line)
                x, y = x_mid, y_top
            elif where == "bottom":
                y_name = y_bottom + ch
                said = self._seat_said(seat)
                line = self._join(self._seat_name(seat, 24), *said)
                if said and line.cell_len > room_at(y_name):
                    line = self._seat_name(seat, 24)  # what was said goes under the name, if the row is free
                    if st.taken_by is None:
                        below = self._seat_said(seat, room_at(y_name + 1))[0]
                        canvas.put(beside_corner(max(0, cx - below.cell_len // 2), y_name + 1, below), y_name + 1,
                                   below)
                canvas.put(beside_corner(max(0, cx - line.cell_len // 2), y_name, line), y_name, line)
                x, y = x_mid, y_bottom
            else:
                room = max(6, x_left - 2) if where == "left" else max(6, width - (x_right + cw + 2))
                name = self._seat_name(seat, room)
                apart = lk.plain(st.seats[seat].name) not in name.plain  # shortened: the markers go down a line
                parts = [self._seat_name(seat, room, marks=False) if apart else name,
                         self._seat_backs(seat, room, marks=apart), *self._seat_said(seat, room)]
                block = max(p.cell_len for p in parts)
                y_l = max(0, y_side + (ch - len(parts) + 1) // 2)  # beside the card, centred on it
                if where == "left":
                    x_l = max(0, x_left - 2 - block)
                    x, y = x_left, y_side
                else:
                    x_l = min(x_right + cw + 2, width - block)
                    x, y = x_right, y_side
                for i, part in enumerate(parts):
                    canvas.put(x_l, y_l + i, part)
            if card is None and st.seats[seat].to_act and st.centre is None and st.taken_by is None:
                canvas.put_lines(x, y, lk.place_lines(cw, ch))
            if card is not None:
                canvas.put_lines(x, y, face)
                if seat == leader:
                    mark = styled(lk.sym("▸", ">"), "bold" if lk.mono else f"bold {WINNER}")
                    canvas.put(x - 1, y + 1, mark)

        if st.taken_by is not None:
            who = person(st.seats[st.taken_by].name)
            msg = Text(TAKES.say(who, arrow=lk.arrow, points=st.taken_points),
                       style="bold" if lk.mono else f"bold {WINNER}")
            y_msg = min(height - 1, y_bottom + ch + 1)
            canvas.put(beside_corner(max(0, cx - msg.cell_len // 2), y_msg, msg), y_msg, msg)
        return canvas.text()

    @staticmethod
    def _rows(n: int, ch: int, height: int) -> tuple[int, int, int]:
        """The rows of the top card, the side cards and the bottom card: a close cluster in the middle,
        the top seat's name above it and the bottom seat's name and the trick's taker below."""
        mid = height // 2
        overlap = ch // 3
        if n == 2:
            top, bottom = mid - ch, mid + 1
            side = mid - ch // 2
        elif n == 3:
            side = mid - ch // 2 - (ch - overlap) // 2
            top, bottom = side, side + ch - overlap
        else:
            side = mid - ch // 2
            top, bottom = side - ch + overlap, side + ch - overlap
        shift = max(0, bottom + ch + 2 - height)  # the name and the taker must fit below
        shift = min(shift, max(0, top - 1)) if n != 3 else min(shift, max(0, side))
        return top - shift, side - shift, bottom - shift

    def _corner(self, canvas: _Canvas, cw: int, ch: int, height: int) -> int:
        """Bottom left: the turnup with the stock lying on it (and its count), a shown stock card (the bottom
        card, the stock's top after the first trick, or the turnup under the stock), each card named on the row over
        it; bottom right: the trump. Returns the first column right of the cards and their names (0: none)."""
        st = self.state
        lk = self.look
        y = height - 1 - ch
        x = 0
        names: list[tuple[int, str]] = []  # where a card lies, what it is
        turnup = st.turnup if st.turnup is not None and st.turnup is not st.centre else None
        if turnup is not None:
            canvas.put_lines(x, y, lk.face_lines(turnup, cw, ch))
            names.append((x, st.turnup_label))
            x += min(cw - 1, 4 + (cw - 5) // 2) if st.stock else cw + 1
        if st.stock:
            canvas.put_lines(x, y, lk.face_lines(None, cw, ch, back=True))
            x += cw + 1
        if st.shown_stock is not None:
            canvas.put_lines(x, y, lk.face_lines(st.shown_stock, cw, ch))
            names.append((x, st.shown_label))
            x += cw + 1
        right = x
        written = 0  # the names never touch: each starts a cell after the one before
        for at, name in names:
            if name:
                label = styled(lk.plain(name), "dim italic")
                at = max(at, written)
                canvas.put(at, y - 1, label)
                written = at + label.cell_len + 1
        right = max(right, written)
        if st.stock:
            canvas.put(0, height - 1, Text(_("Stock {n}").format(n=st.stock), style="dim" if lk.mono else ""))
        if st.trump is not None:
            t = Text(_("Trump") + " ")
            t.append_text(lk.suit_text(st.trump))
            canvas.put(canvas.width - t.cell_len, height - 1, t)
        return right
