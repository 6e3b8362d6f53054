"""The side panel: the deal, trump, turnup, bottom card and stock, the running score, the last trick —
laid out in as few lines as the panel's width allows, never cutting a word. A forced deal (the «висяк») says
so, with who must play and what is held."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

from deberc_tui.app.look import Look, styled
from deberc_tui.engine import SeatView
from deberc_tui.engine.events import ForcedDeal
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.persons import G_, Cast, Person, Phrase
from deberc_tui.text.words import game_length
from deberc_tui.text.words import preset as preset_label

SWAPPED_BY = Phrase(N_(" (swapped by you)"), G_(" (swapped by {name})"))
MUST_PLAY = Phrase(N_("You must play"), N_("{name} must play"))


def stock_count(view: SeatView) -> int:
    """Cards still lying in the stock (the turnup not counted): the view's :attr:`~SeatView.stock_size`.
    Kept for the table screen, which imports it; new code reads the view."""
    return view.stock_size


def turnup_under_stock(view: SeatView) -> bool:
    """Whether the turnup lies under the stock: the view's :attr:`~SeatView.turnup_under_stock`.
    Kept for the table screen, which imports it; new code reads the view."""
    return view.turnup_under_stock


def flow(chunks: list[Text], width: int, sep: str = "  ", more: str = "…") -> list[Text]:
    """Chunks set on lines of at most ``width`` cells, a chunk never split (one too wide for a line of its own is
    shortened, ending in ``more``)."""
    lines: list[Text] = []
    line = Text()
    for chunk in chunks:
        if not chunk.plain:
            continue
        if line.plain and line.cell_len + len(sep) + chunk.cell_len > width:
            lines.append(line)
            line = Text()
        if line.plain:
            line.append(sep)
        line.append_text(chunk)
    if line.plain:
        lines.append(line)
    for text in lines:
        if text.cell_len > width:
            text.truncate(max(0, width - len(more)))
            text.append(more)
    return lines


class InfoPanel(Static):
    """What every player at the table can see besides the trick."""

    def __init__(self, look: Look, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.look = look
        self._data: tuple[SeatView, Cast, int, ForcedDeal | None] | None = None
        self._money: tuple[int, ...] = ()

    def show(self, view: SeatView, people: Cast, deal_no: int,
             forced: ForcedDeal | None = None, money: tuple[int, ...] = ()) -> None:
        """``people``: the seats and sides (their names, and how a sentence about each agrees);
        ``forced``: the deal is the forced one after a held tie (its event says who bids and what is held);
        ``money``: per side, the money won (+) or paid (−) in the match so far (empty: not played for money)."""
        self._data = (view, people, deal_no, forced)
        self._money = money
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.size.width or 27))

    def lines(self, width: int) -> list[Text]:
        """The panel's lines at ``width`` cells."""
        if self._data is None:
            return []
        view, people, deal_no, forced = self._data
        names, side_names = people.seat_names, people.side_names
        lk = self.look
        width = max(width, 12)
        out: list[Text] = []
        out += flow([Text(_("Deal {n}").format(n=deal_no), style="bold"),
                     Text(game_length(view.rules.short, view.rules.target), style="dim"),
                     styled(preset_label(view.rules.preset_name), "dim")], width)
        trump = Text(_("Trump") + " ")
        chunks = [trump]
        if view.trump is not None:
            trump.append_text(lk.suit_text(view.trump))
            if view.bidder is not None:
                chunks.append(Text(_(" by {name}").format(name=names[view.bidder]).strip()))
        else:
            trump.append("?", style="dim")
            chunks.append(Text(_("(bidding, round {n})").format(n=view.bid_round), style="dim"))
        out += flow(chunks, width, sep=" ")
        if forced is not None:
            out += self._forced_lines(forced, people.seats[forced.bidder], side_names, width)
        cards: list[Text] = []
        if view.turnup_taken_by is None:
            t = Text((_("Under the stock") if view.turnup_under_stock else _("Turnup")) + " ")
            t.append_text(lk.card_text(view.turnup))
            cards.append(t)
            if view.swapped_by is not None:
                cards.append(styled(SWAPPED_BY.say(people.seats[view.swapped_by]).strip(), "dim"))
        if view.bottom is not None:
            t = Text(_("Bottom") + " ")
            t.append_text(lk.card_text(view.bottom))
            cards.append(t)
        if view.stock_top is not None:
            t = Text(_("Stock top") + " ")
            t.append_text(lk.card_text(view.stock_top))
            cards.append(t)
        stock = view.stock_size
        if stock or view.players != 4:
            cards.append(Text(_("Stock {n}").format(n=stock)))
        out += flow(cards, width)
        score = [styled(_("Score"), "bold underline")]
        if view.multiplier != 1:  # the stake of this game, by its score: the match lines stay four at 80 columns
            score.append(Text(_("stake ×{k}").format(k=view.multiplier), style="bold"))
        out += flow(score, width)
        out += self._per_side(side_names, [str(t) for t in view.totals], width)
        out += self._match_lines(view, side_names, width)
        if view.hanging:
            out += flow([Text(_("hanging vs({points})").format(points=view.hanging), style="italic")], width)
        if view.tricks:
            last = view.tricks[-1]
            head = styled(_("Last trick"), "bold")
            head.append(f" ({len(view.tricks)})", style="dim")
            chunks = [head]
            for seat, card in last.cards:  # each card with its player's whole name: a chunk of its own
                t = styled(names[seat] + " ", "dim")
                t.append_text(lk.card_text(card))
                chunks.append(t)
            chunks.append(styled(f"{lk.arrow} {names[last.winner]} +{last.points}", "bold"))
            out += flow(chunks, width, more=lk.sym("…", "."))
        return out

    def _per_side(self, side_names: list[str], values: list[str], width: int) -> list[Text]:
        """One line per side: its name (cut with … where it must be) and its value at the right."""
        out: list[Text] = []
        for name, value in zip(side_names, values, strict=True):
            shown = f"{value:>5}"
            room = max(4, width - len(shown) - 1)
            out.append(Text(f"{self._cut(name, room):<{room}} {shown}"))
        return out

    def _match_lines(self, view: SeatView, side_names: list[str], width: int) -> list[Text]:
        """The match (RULES.md §12): the game being played and the target, each side's game points, the money so
        far. Nothing for a lone game played without money."""
        target = view.rules.match_target
        out: list[Text] = []
        if target is not None:
            out += flow([styled(_("Match"), "bold underline"),
                         Text(_("game {n}, to {target}").format(n=view.game_index + 1, target=target), style="dim")],
                        width, sep=" ")
            out += self._per_side(side_names, [str(p) for p in view.match_points or (0,) * len(side_names)], width)
        if self._money:
            out += self._money_lines(side_names, width)
        return out

    def _money_lines(self, side_names: list[str], width: int) -> list[Text]:
        """``money: You +4, Boris -4``: each side named, as the dialogs say it (a bare ``+4 -4`` left the player
        to guess whose). A line breaks after a comma; a name too long for the panel is cut, never its sum."""
        chunks = [Text(_("money:"), style="dim")]
        last = len(side_names) - 1
        for side, (name, m) in enumerate(zip(side_names, self._money, strict=True)):
            value = f" {m:+d}" + ("," if side < last else "")
            chunks.append(Text(self._cut(name, width - len(value)) + value))
        return flow(chunks, width, sep=" ")

    def _cut(self, name: str, room: int) -> str:
        """``name`` in at most ``room`` cells (at least 4), ending in … when cut."""
        room = max(4, room)
        return name if len(name) <= room else name[: room - 1] + self.look.sym("…", ".")

    @staticmethod
    def _forced_lines(forced: ForcedDeal, who: Person, side_names: list[str], width: int) -> list[Text]:
        """The forced deal: why there was no bidding, who must play, what is held, what may be declared."""
        held = [Text(_("held:"), style="italic")] + [
            Text(f"{side_names[s]} {p}", style="italic") for s, p in enumerate(forced.held)]
        return flow([styled(_("Forced deal (висяк)"), "bold"), Text(_("after a tie: no bidding")),
                     Text(MUST_PLAY.say(who))],
                    width) + flow(held, width, sep=" ") + flow([Text(_("only bella may be declared"), style="dim")], width)
