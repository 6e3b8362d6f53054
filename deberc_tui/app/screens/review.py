"""The review of a game on screen (issue 23): the summary, the score through the game, the costliest decisions,
and each decision as the player saw it with every alternative's value.

:class:`ReviewScreen` judges the game in a thread worker (:func:`deberc_tui.review.run.review_record`, in worker
processes, with a progress bar), or reads what was kept beside the saved game; Enter on a decision opens
:class:`DecisionScreen`, where ← → step through the game's decisions one by one and ``d`` puts a bid or a card
into the practice queue. Names come from files: every line is a rich ``Text``, never markup.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from rich.table import Table as RichTable
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, ProgressBar, Static

from deberc_tui.app.look import Look
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import tell
from deberc_tui.app.widgets.fitted_table import fill_fitted
from deberc_tui.engine import Bid, BidCall, Card, PlayCard, SeatView
from deberc_tui.records import Record
from deberc_tui.review.moments import Moment, collect
from deberc_tui.review.report import Decision, SeatReview
from deberc_tui.review.run import DEFAULT_WORLDS, default_seats, review_record
from deberc_tui.review.words import action_words, kind_word, label_word, loss_words, short_kind, summary_lines
from deberc_tui.text import words
from deberc_tui.text.i18n import N_, _, translate_error
from deberc_tui.untrusted import one_line, printable

__all__ = ["DecisionScreen", "ReviewScreen", "plot_lines", "seen_lines"]

WORLDS = DEFAULT_WORLDS
"""Sampled deals per card decision (the tests lower it)."""
JOBS = min(2, os.cpu_count() or 1)
"""Worker processes (the tests use one)."""
SEED = 0
BLOCKS = " ▁▂▃▄▅▆▇█"
ASCII_BLOCKS = " .:-=+*#@"


class _Cancelled(Exception):
    """The screen was left while the review worked: the workers stop."""


def _names(record: Record) -> list[str]:
    return [printable(str(p.get("name", i + 1))) for i, p in enumerate(record.players)]


# -- what the screens say -------------------------------------------------------------------------------------


def plot_lines(review: SeatReview, width: int, look: Look) -> list[Text]:
    """The score through the game (the reviewed side's points minus the others', after each deal), and the same
    with the luck taken out: one bar per deal, on one scale, each line ending with its last value."""
    score: list[float] = []
    adjusted: list[float] = []
    total = flat = 0.0
    for deal in review.deals:
        if deal.result is None:
            break
        total += deal.result
        flat += deal.adjusted or 0.0
        score.append(total)
        adjusted.append(flat)
    if not score:
        return [Text(_("No deal is finished yet."), style="dim")]
    heads = [_("score"), _("without luck")]
    label = max(len(h) for h in heads) + 1
    cell = max(1, min(4, (width - label - 7) // len(score)))
    low, high = min(0.0, *score, *adjusted), max(0.0, *score, *adjusted)
    blocks = ASCII_BLOCKS if look.ascii else BLOCKS
    lines = [Text(_("The game deal by deal: the side's points minus the others'"), style="bold")]
    for head, series in zip(heads, (score, adjusted), strict=True):
        line = Text(head.ljust(label))
        for value in series:
            level = 1 + round((value - low) / (high - low) * (len(blocks) - 2)) if high > low else 1
            line.append(blocks[level] * cell, style="green" if value >= 0 else "red")
        line.append(f" {series[-1]:+.0f}")
        lines.append(line)
    return lines


def fill(template: str, **values: Text | str) -> Text:
    """A translated ``template`` with its ``{fields}`` replaced by ``values``, styled ones keeping their style (a
    card in its suit's colour inside a sentence of any language)."""
    out = Text()
    for part in re.split(r"(\{\w+\})", template):
        name = part[1:-1] if part.startswith("{") and part.endswith("}") else None
        value = values.get(name) if name is not None else None
        if value is None:
            out.append(part)
        elif isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(value)
    return out


def _cards(look: Look, cards: Sequence[Card]) -> Text:
    return look.cards_text(cards) if cards else Text("—")


def seen_lines(moment: Moment, names: Sequence[str], look: Look) -> list[Text]:
    """The table as the seat saw it at the decision: the score, the bidding or the trump, what was declared, the
    tricks played, the trick on the table and the hand."""
    view: SeatView = moment.view
    lines: list[Text] = []
    score = " : ".join(str(t) for t in view.totals)
    head = Text(_("Dealer {name} · score {score}").format(name=names[view.dealer], score=score))
    if view.multiplier != 1:
        head.append(" · " + _("stake ×{k}").format(k=view.multiplier))
    lines.append(head)
    if view.trump is None:
        bids = ", ".join(f"{names[s]} {words.call(c)}" for s, c in view.bids) or _("none yet")
        lines.append(fill(_("Turnup {card} · bids: {bids}"), card=look.card_text(view.turnup), bids=bids))
    else:
        assert view.bidder is not None
        line = fill(_("Trump {suit} ({name} took it)"), suit=look.suit_text(view.trump), name=names[view.bidder])
        if view.turnup_taken_by is None:
            line.append(" · ")
            line.append_text(fill(_("turnup {card}"), card=look.card_text(view.turnup)))
        if view.bottom is not None:
            line.append(" · ")
            line.append_text(fill(_("bottom card {card}"), card=look.card_text(view.bottom)))
        lines.append(line)
    for a in view.announcements:
        line = Text(_("{name} declared: {kind} to the {top}").format(
            name=names[a.seat], kind=words.combo(a.kind), top=words.rank_letter(a.top)))
        if a.shown:
            line.append(" (")
            line.append_text(look.cards_text(a.shown))
            line.append(")")
        lines.append(line)
    if view.bella:
        lines.append(Text(_("Bella: {names}").format(names=", ".join(names[s] for s, _t in view.bella))))
    if view.tricks:
        tricks = Text(" · ").join(look.cards_text([c for _s, c in trick.cards]) for trick in view.tricks)
        lines.append(fill(_("Tricks: {tricks}"), tricks=tricks))
    if view.current_trick:
        cards = Text(", ").join(Text(names[seat] + " ") + look.card_text(card) for seat, card in view.current_trick)
        lines.append(fill(_("On the table: {cards}"), cards=cards))
    if view.offer is not None:
        lines.append(Text(_("{name} raised the stake: ×{k} if played on").format(
            name=names[view.offer.seat], k=view.offer.if_accepted)))
    lines.append(fill(_("Hand: {cards}"), cards=_cards(look, view.hand)))
    return lines


def explanation(decision: Decision, moment: Moment | None, look: Look) -> str:
    """Why the best is best, in one sentence, as the expert says it."""
    best = decision.options[0]
    worlds = decision.worlds
    if decision.kind == "card" and isinstance(best.action, PlayCard):
        return _("over {done} deals played out that fit the cards seen so far, {card} scores best ({avg:+.0f} on "
                 "average)").format(done=worlds, card=look.card_str(best.action.card), avg=best.ev)
    if decision.kind == "bid" and moment is not None:
        from bots.heuristic import HeuristicBot

        view = moment.view
        bids = [a for a in moment.options if isinstance(a, Bid)]
        strength = HeuristicBot().bid_scores(view, bids)
        passed = next((o for o in decision.options if o.action == Bid(BidCall.PASS)), None)
        trumps = [o for o in decision.options if isinstance(o.action, Bid) and o.action.call in strength]
        if passed is not None and trumps:
            top = trumps[0]
            assert isinstance(top.action, Bid)
            suit = top.action.suit or view.turnup.suit
            text = (N_("over {done} sampled deals trump {suit} brings {avg:+.0f} written points, a pass {pv:+.0f} "
                       "(hand strength {best:.0f})") if best.action != passed.action else
                    N_("over {done} sampled deals the best trump, {suit}, brings {avg:+.0f}, a pass {pv:+.0f} "
                       "(hand strength {best:.0f})"))
            return _(text).format(done=worlds, suit=look.suit(suit), avg=top.ev, pv=passed.ev,
                                  best=strength[top.action.call])
    chosen = next((o for o in decision.options if o.action == decision.chosen), best)
    if decision.basis == "game":
        return _("over {done} deals played out that fit what was seen, {best} is worth {avg:+.2f} game points, "
                 "{chosen} {other:+.2f}").format(done=worlds, best=action_words(best.action, decision.kind),
                                                 avg=best.ev, chosen=action_words(chosen.action, decision.kind),
                                                 other=chosen.ev)
    return _("over {done} deals played out that fit what was seen, {best} brings {avg:+.0f} on average, {chosen} "
             "{other:+.0f}").format(done=worlds, best=action_words(best.action, decision.kind), avg=best.ev,
                                    chosen=action_words(chosen.action, decision.kind), other=chosen.ev)


def options_table(decision: Decision, look: Look) -> RichTable:
    """Every alternative, best first: its value and standard error, the player's choice and the best marked."""
    table = RichTable(box=None, pad_edge=False, header_style="bold")
    table.add_column("")
    table.add_column(_("alternative"))
    unit = _("game points") if decision.basis == "game" else _("points")
    table.add_column(unit, justify="right")
    table.add_column("±", justify="right")
    digits = 2 if decision.basis == "game" else 0
    mine, best = look.sym("▶", ">"), look.sym("★", "*")
    for k, option in enumerate(decision.options):
        chosen = option.action == decision.chosen
        mark = mine if chosen else best if k == 0 else ""
        if chosen and k == 0:
            mark = mine + best
        se = "—" if option.se != option.se or option.se == float("inf") else f"{option.se:.{digits}f}"
        words_ = look.plain(action_words(option.action, decision.kind))
        table.add_row(mark, Text(words_, style="bold" if chosen else ""), f"{option.ev:+.{digits}f}", se)
    return table


# -- the review -------------------------------------------------------------------------------------------------


class ReviewScreen(Screen[None]):
    """A game's review for one seat: judged in a worker with a progress bar, then the summary, the score through
    the game and the decisions, the costliest first."""

    DEFAULT_CSS = """
    ReviewScreen {
        align: center middle;
    }
    #review {
        width: 100%;
        max-width: 120;
        height: 1fr;
    }
    #review-body {
        height: 1fr;
        display: none;
    }
    #review-wait {
        height: auto;
    }
    #review-progress {
        width: 100%;
    }
    #review-summary, #review-plot {
        width: 100%;
        height: auto;
    }
    #review-list {
        height: 1fr;
        min-height: 4;
        scrollbar-size-vertical: 1;
    }
    """

    BINDINGS = [
        Binding("enter", "open", N_("Open")),
        Binding("s", "next_seat", N_("Next player")),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(self, record: Record, seat: int | None = None, path: Path | None = None, look: Look | None = None,
                 you: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.record = record
        humans = default_seats(record)
        self.seat = humans[0] if seat is None else seat
        self.seats = sorted({*humans, self.seat}) if len(humans) > 1 else [self.seat]
        """The seats ``s`` switches between: the record's human players (a hot-seat game), else this one alone."""
        self.done: dict[int, tuple[SeatReview, Sequence[Moment]]] = {}
        """The seats reviewed so far on this screen: switching back to one is instant."""
        self.path = path
        self.look = look or Look()
        self.you = you
        self.names = _names(record)
        self.review: SeatReview | None = None
        self.moments: dict[tuple[int, int, str], Moment] = {}
        self.order: list[Decision] = []
        """The decisions in the list's order: the costliest first, then the rest as they came."""
        self.rows: list[tuple[str, ...]] = []
        self.fitted_to: int | None = None
        self.left = False

    def compose(self) -> ComposeResult:
        with Vertical(id="review", classes="dialog"):
            yield Static(self.title_text(), classes="title", id="review-title")
            with Vertical(id="review-wait"):
                yield Static(_("Playing every decision out in sampled deals…"), id="review-status")
                yield ProgressBar(id="review-progress", show_eta=False)
            with Vertical(id="review-body"):
                yield Static("", id="review-summary")
                yield Static("", id="review-plot")
                yield DataTable(id="review-list", cursor_type="row", zebra_stripes=True)
            yield Static(_("Enter: the decision as you saw it · s: the next player · Esc: back") if len(self.seats) > 1
                         else _("Enter: the decision as you saw it · Esc: back"), classes="note")
        yield Footer(compact=True)

    def title_text(self) -> Text:
        title = Text(_("Review: {name} (seat {seat})").format(name=self.names[self.seat], seat=self.seat + 1))
        if len(self.seats) > 1:
            title.append(" · " + _("player {n} of {total}").format(n=self.seats.index(self.seat) + 1,
                                                                   total=len(self.seats)))
        return title

    def on_mount(self) -> None:
        self.work(self.seat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_seat":
            return len(self.seats) > 1  # a game of one human: no key to show
        return True

    def action_next_seat(self) -> None:
        """The next human player's review (a hot-seat game): judged now, or as it was if seen already."""
        if len(self.seats) < 2:
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.query_one("#review-title", Static).update(self.title_text())
        self.review = None
        if self.seat in self.done:
            self._ready(self.seat, *self.done[self.seat])
            return
        self.query_one("#review-body").display = False
        self.query_one("#review-wait").display = True
        self.query_one("#review-status", Static).update(_("Playing every decision out in sampled deals…"))
        self.query_one("#review-progress", ProgressBar).update(total=None, progress=0)
        self.work(self.seat)

    def on_unmount(self) -> None:
        self.left = True

    @work(thread=True, group="review")
    def work(self, seat: int) -> None:
        from deberc_tui.review.run import cache_path

        cache = cache_path(self.path) if self.path is not None else None

        def progress(done: int, total: int) -> None:
            if self.left or self.seat != seat:  # the screen was left, or another player chosen: the workers stop
                raise _Cancelled
            self.app.call_from_thread(self._show_progress, done, total)

        try:
            [review] = review_record(self.record, [seat], worlds=WORLDS, seed=SEED, jobs=JOBS, progress=progress,
                                     cache=cache)
            moments = collect(self.record, [seat]).moments
        except _Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - one line on the screen, never a traceback
            text = one_line(_("The review failed: {error}").format(error=translate_error(exc)))
            self.app.call_from_thread(self._failed, text)
            return
        self.app.call_from_thread(self._ready, seat, review, moments)

    def _show_progress(self, done: int, total: int) -> None:
        if self.is_attached:
            self.query_one("#review-progress", ProgressBar).update(total=max(total, 1), progress=done)

    def _failed(self, text: str) -> None:
        if self.is_attached:
            self.query_one("#review-status", Static).update(Text(text))

    def _ready(self, seat: int, review: SeatReview, moments: Sequence[Moment]) -> None:
        if not self.is_attached:
            return
        self.done[seat] = (review, moments)
        if seat != self.seat:
            return
        self.review = review
        self.moments = {(m.deal, m.action, m.kind): m for m in moments if m.seat == self.seat}
        worst = review.worst()
        rest = [d for d in review.decisions if d not in worst]
        self.order = worst + rest
        self.query_one("#review-wait").display = False
        self.query_one("#review-body").display = True
        lines = summary_lines(review, named=False, you=self.you)
        self.query_one("#review-summary", Static).update(Text(self.look.plain("\n".join(lines))))
        self.show_plot()
        self.rows = [
            (str(d.deal), short_kind(d.kind), self.look.plain(action_words(d.chosen, d.kind)),
             "" if d.label == "best" else self.look.plain(action_words(d.best, d.kind)),
             "" if d.label == "best" else loss_words(d), label_word(d.label))
            for d in self.order]
        self.fitted_to = None
        self.fill(self.room())
        self.query_one("#review-list", DataTable).focus()

    def room(self) -> int:
        """The list's width: the screen's, at most the dialog's 120, less its border and padding."""
        return min(self.size.width, 120) - 4

    def fill(self, width: int) -> None:
        """(Re)build the list for ``width`` cells: every column fits, a long cell wraps by words."""
        if width == self.fitted_to or width <= 0 or self.review is None:
            return
        self.fitted_to = width
        headers = (_("deal"), _("decision"), _("chosen"), _("best"), _("loss"), _("verdict"))
        fill_fitted(self.query_one("#review-list", DataTable), headers, self.rows, width - 1)

    def show_plot(self) -> None:
        if self.review is None:
            return
        width = max(20, self.size.width - 4)
        plot = Text("\n").join(plot_lines(self.review, width, self.look))
        self.query_one("#review-plot", Static).update(plot)

    def on_resize(self) -> None:
        self.show_plot()
        if self.review is not None:
            self.fill(self.room())

    def action_open(self) -> None:
        if not self.order:
            return
        row = self.query_one("#review-list", DataTable).cursor_row
        decision = self.order[max(0, min(row, len(self.order) - 1))]
        assert self.review is not None
        timeline = self.review.decisions
        self.app.push_screen(DecisionScreen(self.record, timeline, timeline.index(decision), self.moments, self.names,
                                            self.look))

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_back(self) -> None:
        self.dismiss(None)


class DecisionScreen(Screen[None]):
    """One decision as the seat saw it, every alternative with its value and standard error, and why the best is
    best; ← → step through the game's decisions in order, ``d`` practises a bid or a card that lost points."""

    DEFAULT_CSS = """
    DecisionScreen {
        align: center middle;
    }
    #decision {
        width: 100%;
        max-width: 120;
        height: 1fr;
    }
    #decision-body {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    #decision-body > Static {
        width: 100%;
        height: auto;
    }
    #decision-options, #decision-why {
        margin-top: 1;
    }
    """

    BINDINGS = [
        Binding("right,n", "step(1)", N_("Next decision")),
        Binding("left,p", "step(-1)", N_("Previous decision")),
        Binding("d", "drill", N_("Practise this")),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(self, record: Record, decisions: Sequence[Decision], index: int,
                 moments: dict[tuple[int, int, str], Moment], names: Sequence[str], look: Look) -> None:
        super().__init__()
        translate_bindings(self)
        self.record = record
        self.decisions = list(decisions)
        self.index = index
        self.moments = moments
        self.names = list(names)
        self.look = look

    @property
    def decision(self) -> Decision:
        return self.decisions[self.index]

    def compose(self) -> ComposeResult:
        with Vertical(id="decision", classes="dialog"):
            yield Static("", classes="title", id="decision-title")
            with VerticalScroll(id="decision-body"):
                yield Static("", id="decision-head")
                yield Static("", id="decision-seen")
                yield Static("", id="decision-options")
                yield Static("", id="decision-why")
            yield Static(_("← →: previous / next decision · d: practise it · Esc: back"), classes="note")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        d = self.decision
        moment = self.moments.get((d.deal, d.action, d.kind))
        self.query_one("#decision-title", Static).update(Text(_("Deal {deal}, action {action}: {kind} ({n} of {total})").format(
            deal=d.deal, action=d.action, kind=kind_word(d.kind), n=self.index + 1, total=len(self.decisions))))
        if d.label == "best":
            head = _("{chosen}: as good as the best").format(chosen=action_words(d.chosen, d.kind))
        else:
            head = _("{chosen}: {label}, loses {loss} against {best}").format(
                chosen=action_words(d.chosen, d.kind), label=label_word(d.label), loss=loss_words(d),
                best=action_words(d.best, d.kind))
        self.query_one("#decision-head", Static).update(Text(self.look.plain(head), style="bold"))
        seen = Text("\n").join(seen_lines(moment, self.names, self.look)) if moment is not None else Text("")
        self.query_one("#decision-seen", Static).update(seen)
        self.query_one("#decision-options", Static).update(options_table(d, self.look))
        why = self.look.plain(explanation(d, moment, self.look))
        self.query_one("#decision-why", Static).update(Text(why[:1].upper() + why[1:] + ".", style="italic"))
        self.query_one("#decision-body", VerticalScroll).scroll_home(animate=False)

    def action_step(self, step: int) -> None:
        index = max(0, min(self.index + step, len(self.decisions) - 1))
        if index != self.index:
            self.index = index
            self.show()

    def action_drill(self) -> None:
        d = self.decision
        if d.kind not in ("bid", "card") or d.label == "best":
            tell(self, _("Only a bid or a card that lost points can be practised."))
            return
        self.drill(d)

    @work(thread=True, exclusive=True, group="drill")
    def drill(self, decision: Decision) -> None:
        from deberc_tui.review.drill import drill

        try:
            added = drill(self.record, decision, worlds=WORLDS, seed=SEED)
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            text = one_line(_("It could not be added: {error}").format(error=translate_error(exc)))
        else:
            text = (_("Added to the practice queue: deberc practice --mistakes, or m in practice.")
                    if added is not None else _("This decision cannot be set as a practice position."))
        self.app.call_from_thread(self.notify, text, markup=False)

    def action_back(self) -> None:
        self.dismiss(None)
