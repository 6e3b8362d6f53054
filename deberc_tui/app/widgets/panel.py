"""The side panel: trump, turnup, bottom card and stock, the running score, the last trick."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from deberc_tui.engine import SeatView
from deberc_tui.i18n import _
from deberc_tui.words import preset as preset_label

from ..look import Look


def stock_count(view: SeatView) -> int:
    """Cards still lying in the stock (the turnup not counted)."""
    n = view.players
    if view.trump is None:
        return 32 - 6 * n - 1
    return 0 if n == 4 else 32 - 9 * n - 1


class InfoPanel(Static):
    """What every player at the table can see besides the trick."""

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.look = look

    def show(self, view: SeatView, names: list[str], side_names: list[str], deal_no: int) -> None:
        lk = self.look
        t = Text()
        t.append(_("Deal {n}").format(n=deal_no), style="bold")
        t.append("  " + _("to {target}").format(target=view.rules.target) + f"  {preset_label(view.rules.preset_name)}\n",
                 style="dim")
        t.append(_("Trump") + "  ")
        if view.trump is not None:
            t.append_text(lk.suit_text(view.trump))
            if view.bidder is not None:
                t.append(_(" by {name}").format(name=names[view.bidder]))
        else:
            t.append("? ", style="dim")
            t.append(_("(bidding, round {n})").format(n=view.bid_round), style="dim")
        t.append("\n")
        if view.turnup_taken_by is None:
            t.append(_("Turnup") + " ")
            t.append_text(lk.card_text(view.turnup))
            if view.swapped_by is not None:
                t.append(_(" (swapped by {name})").format(name=names[view.swapped_by]), style="dim")
            t.append("\n")
        if view.bottom is not None:
            t.append(_("Bottom") + " ")
            t.append_text(lk.card_text(view.bottom))
            t.append("  ")
        t.append(_("Stock {n}").format(n=stock_count(view)) + "\n")
        t.append(_("Score"), style="bold underline")
        t.append("\n")
        for side, name in enumerate(side_names):
            t.append(f"{name[:16]:<16} {view.totals[side]:>5}\n")
        if view.hanging:
            t.append(_("hanging vs({points})").format(points=view.hanging) + "\n", style="italic")
        if view.tricks:
            last = view.tricks[-1]
            t.append(_("Last trick") + " ", style="bold")
            t.append(f"({len(view.tricks)})\n", style="dim")
            for i, (seat, card) in enumerate(last.cards):
                if i:
                    t.append(" ")
                t.append(names[seat][:6] + " ", style="dim")
                t.append_text(lk.card_text(card))
            t.append(f"\n→ {names[last.winner]} +{last.points}\n" if not lk.ascii
                     else f"\n-> {names[last.winner]} +{last.points}\n")
        self.update(t)
