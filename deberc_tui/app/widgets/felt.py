"""The felt: every seat around the table with its markers, and the cards of the current trick."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from deberc_tui.engine import Card
from deberc_tui.i18n import _

from ..look import Look
from ..tr import is_you


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
    trick: list[tuple[int, Card]] = field(default_factory=list)
    taken_by: int | None = None  # the trick shown is finished and was taken by this seat
    taken_points: int = 0
    centre: Card | None = None  # the turnup, shown in the middle during the bidding
    centre_label: str = ""


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
            styles[i] = span.style
    return list(zip(plain, styles, strict=True))


class Felt(Widget):
    """Draws the table from a :class:`FeltState`; the screen replaces the state and refreshes."""

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look
        self.state = FeltState()

    def show(self, state: FeltState) -> None:
        self.state = state
        self.refresh()

    def _label(self, seat: int) -> Text:
        info = self.state.seats[seat]
        t = Text()
        t.append("▶ " if info.to_act and not self.look.ascii else ("> " if info.to_act else "  "),
                 style="bold reverse" if info.to_act else "")
        t.append(info.name, style="bold" if info.to_act else "")
        if info.dealer:
            t.append(" " + _("(D)"), style="italic")
        if info.bidder:
            t.append(" ★" if not self.look.ascii else " *", style="bold")
        if seat != self.state.viewer:
            back = "▮" if not self.look.ascii else "#"
            t.append(f" {back * info.cards}", style="dim")
            t.append(f"{info.cards}", style="")
        return t

    def _said(self, seat: int) -> Text:
        said = self.state.seats[seat].said
        return Text(f"«{said}»" if said else "", style="italic")

    def render(self) -> Text:
        st = self.state
        width, height = max(self.size.width, 20), max(self.size.height, 8)
        canvas = _Canvas(width, height)
        n = len(st.seats)
        if not n:
            return canvas.text()
        cards = dict(st.trick)
        mid = height // 2
        cx = width // 2
        for seat in range(n):
            rel = (seat - st.viewer) % n
            where = {2: ("bottom", "top"), 3: ("bottom", "left", "right"),
                     4: ("bottom", "left", "top", "right")}[n][rel]
            label, said = self._label(seat), self._said(seat)
            box = self.look.box(cards.get(seat), "bold" if st.taken_by == seat else "")
            if where == "top":
                canvas.put(max(0, cx - label.cell_len // 2), 0, label)
                canvas.put(max(0, cx - said.cell_len // 2), 1, said)
                for i, line in enumerate(box):
                    canvas.put(cx - 2, 2 + i, line)
            elif where == "bottom":
                for i, line in enumerate(box):
                    canvas.put(cx - 2, height - 5 + i, line)
                canvas.put(max(0, cx - said.cell_len // 2), height - 2, said)
                canvas.put(max(0, cx - label.cell_len // 2), height - 1, label)
            elif where == "left":
                canvas.put(0, mid - 2, label)
                canvas.put(2, mid - 1, said)
                for i, line in enumerate(box):
                    canvas.put(max(0, cx - 12), mid - 1 + i, line)
            else:
                canvas.put(max(0, width - label.cell_len), mid - 2, label)
                canvas.put(max(0, width - said.cell_len - 2), mid - 1, said)
                for i, line in enumerate(box):
                    canvas.put(min(width - 5, cx + 8), mid - 1 + i, line)
        if st.centre is not None:
            box = self.look.box(st.centre, "bold")
            for i, line in enumerate(box):
                canvas.put(cx - 2, mid - 1 + i, line)
            lbl = Text(st.centre_label, style="italic")
            canvas.put(max(0, cx - lbl.cell_len // 2), mid + 2, lbl)
        if st.taken_by is not None:
            who = st.seats[st.taken_by].name
            arrow = "→" if not self.look.ascii else "->"
            template = _("{arrow} You take {points}") if is_you(who) else _("{arrow} {name} takes {points}")
            msg = Text(template.format(arrow=arrow, name=who, points=st.taken_points), style="bold")
            canvas.put(max(0, cx - msg.cell_len // 2), mid + 2 if n != 2 else mid, msg)
        return canvas.text()
