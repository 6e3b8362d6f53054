"""Modal views over the table: help, score sheet, last trick, deal summary, game over, privacy, stats, and the
bidder's answer to an offer to concede for fifty."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Markdown, Static

from deberc_tui.app.look import Look
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import fill, plain
from deberc_tui.app.widgets.buttons import KeyButton
from deberc_tui.engine import Card, DealResult, Rules, sort_hand
from deberc_tui.engine import events as ev
from deberc_tui.engine.options import Hanging
from deberc_tui.engine.scoring import BAIT, CONCEDED, HANGING, HELD, THROWN_IN
from deberc_tui.text.game_end import game_end_cell, game_end_words
from deberc_tui.text.i18n import N_, _, ngettext
from deberc_tui.text.persons import person
from deberc_tui.text.rules_summary import rules_in_short
from deberc_tui.text.sheet_text import combo_text
from deberc_tui.text.stake_story import OFFERS_FIFTY
from deberc_tui.text.words import bot as bot_word
from deberc_tui.text.words import outcome as outcome_word
from deberc_tui.text.words import thrown as thrown_word

if TYPE_CHECKING:
    from deberc_tui.engine.match import GameResult
    from deberc_tui.table.session import TableSession as Table



class Closable(ModalScreen[Any]):
    """A modal closed with Escape (or Enter / q)."""

    BINDINGS = [
        Binding("escape,enter,q", "close", N_("Close")),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        translate_bindings(self)

    def action_close(self) -> None:
        self.dismiss(None)


#: A thrown-in deal's mark in the sheet's trump column, no wider than the column's title in either language (a
#: player's column only gets a dash: nobody wrote anything), and what the note under the sheet says it means.
THROWN_MARKS: dict[str, tuple[str, str]] = {
    "all_pass": (N_("pass"), N_("everybody passed")),
    "four_sevens": (N_("4×7"), N_("four sevens")),
    "low_points": (N_("weak"), N_("a weak hand")),
}


def thrown_mark(reason: str) -> str:
    """A thrown-in deal's mark in the sheet's trump column (``-`` for a reason without one)."""
    return _(THROWN_MARKS[reason][0]) if reason in THROWN_MARKS else "-"


def thrown_legend(rows: list[DealResult]) -> str:
    """What the marks of the thrown-in deals on the sheet mean, those that appear: "pass: thrown in, everybody
    passed"."""
    reasons = dict.fromkeys(r.reason for r in rows if r.outcome is THROWN_IN and r.reason in THROWN_MARKS)
    return "   ".join(_("{mark}: thrown in, {why}").format(mark=_(THROWN_MARKS[reason][0]), why=_(THROWN_MARKS[reason][1]))
                      for reason in reasons)


def sheet_table(table: Table, rows: list[DealResult] | None = None, look: Look | None = None) -> RichTable:
    """The score sheet as players keep it: per deal each side's written points, БТ, vs(xx), penalties; a
    thrown-in deal has its mark (why it was thrown in) in the trump column and a dash for every side."""
    rules = table.rules
    rows = list(table.game.results) if rows is None else rows
    rt = RichTable(box=None, pad_edge=False, header_style="bold", expand=False)
    rt.add_column("#", justify="right")
    rt.add_column(_("Trump"))
    for side in range(rules.sides):
        rt.add_column(plain(table.side_name(side)), justify="right")  # whole: a long name wraps between words
        rt.add_column("Σ", justify="right", style="bold")
    for r in rows:
        trump: str | Text = (look or Look()).suit(_suit(r.trump)) if r.trump else "-"
        if r.outcome is THROWN_IN:
            trump = Text(thrown_mark(r.reason), style="dim")
        cells: list[str | Text] = [str(r.index + 1), trump]
        for side in range(rules.sides):
            if r.outcome is THROWN_IN:
                cell = Text("-", style="dim")
            elif r.outcome is HELD:  # the «висяк»: nothing written, the points held for the forced deal
                cell = Text(_("held {points}").format(points=r.points[side]), style="italic")
            elif r.outcome is CONCEDED and r.bidder != side:
                cell = Text(_("conceded"), style="italic")
            elif r.bidder == side and r.outcome is BAIT:
                cell = Text("БТ", style="bold")
            elif r.bidder == side and r.outcome is HANGING and rules.hanging is Hanging.HANG:
                cell = Text(f"vs({r.points[side]})", style="italic")
            else:
                cell = Text(str(r.written[side]))
                if r.bidder == side:
                    cell.append("*", style="dim")
            if r.penalties and r.penalties[side]:
                cell.append(f" {r.penalties[side]}", style="bold")
            cells += [cell, str(r.totals[side])]
        rt.add_row(*cells)
    return rt


class ScoreSheetScreen(Closable):
    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="sheet-dialog"):
            yield Static(_("Score sheet"), classes="title")
            with VerticalScroll():
                yield Static(sheet_table(self.table), id="sheet")
            hang = self.table.game.hanging
            note = _("* bidder   БТ bait   vs(xx) hanging points") + (
                _("   now hanging: {points}").format(points=hang) if hang else "")
            rows = self.table.game.results
            legend = thrown_legend(list(rows))
            if legend:
                note += "\n" + legend
            if any(r.outcome is HELD for r in rows):
                note += "\n" + _("held: a tie under the «висяк» — the forced deal that follows decides those points")
            if any(r.detail is not None and any(r.detail.struck) for r in rows):
                note += "\n" + _("a false claim's strike is a penalty; the doubled total is written to the others")
            yield Static(plain(note), classes="note")


class LastTrickScreen(Closable):
    """The tricks of this deal so far, newest last: each card with who played it, who took the trick and its points."""

    def __init__(self, table: Table, look: Look) -> None:
        super().__init__()
        self.table = table
        self.look = look

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="last-trick-dialog"):
            yield Static(_("Last tricks"), classes="title")
            yield Static(last_tricks(self.table, self.look), id="last-trick")
            yield Static(_("Esc: close"), classes="note")


def last_tricks(table: Table, look: Look, count: int = 4) -> RichTable | Text:
    """The last ``count`` tricks of the current deal as a table: trick number, the cards in the order played
    (the leader first), and who took it for how many points."""
    deal = table.game.deal
    if deal is None or not deal.tricks:
        return Text(_("No trick has been played yet in this deal."))
    names = table.names
    rt = RichTable(box=None, pad_edge=False, show_header=True, header_style="bold")
    rt.add_column("#", justify="right")
    rt.add_column(_("cards (the leader first)"))
    rt.add_column(_("taken by"))
    rt.add_column(_("points"), justify="right")
    first = max(0, len(deal.tricks) - count)
    for no, trick in enumerate(deal.tricks[first:], start=first + 1):
        cards = Text()
        for i, (seat, card) in enumerate(trick.cards):
            if i:
                cards.append("  ")
            cards.append(f"{names[seat]} ", style="bold" if seat == trick.winner else "")
            cards.append_text(look.card_text(card))
        rt.add_row(str(no), cards, plain(names[trick.winner], style="bold"), plain(f"+{trick.points}"))
    return rt


def hands_text(table: Table, look: Look, deal_index: int = -1) -> Text:
    deal = table.game.deals[deal_index]
    hands = table.start_hands(deal_index)
    t = Text()
    room = max(len(name) for name in table.names[: deal.n])  # every name whole, the hands in one column
    for seat in range(deal.n):
        t.append(f"{table.names[seat]:<{room}} ", style="bold")
        t.append_text(look.cards_text(sort_hand(hands[seat], deal.trump)))
        t.append("\n")
    return t


class DealSummaryScreen(ModalScreen[str]):
    """After a deal: points per side (cards, last trick, combinations, bella), outcome, what is written."""

    BINDINGS = [
        Binding("enter,space", "next", N_("Next deal"), priority=True),
        Binding("v", "reveal", N_("Reveal hands")),
        Binding("t", "sheet", N_("Score sheet")),
    ]

    def __init__(self, table: Table, look: Look, result: DealResult, final: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.look = look
        self.result = result
        self.final = final

    def compose(self) -> ComposeResult:
        r = self.result
        table = self.table
        rules = table.rules
        d = r.detail
        title = _("Deal {n}: {outcome}").format(n=r.index + 1, outcome=outcome_word(r.outcome))
        if r.outcome is THROWN_IN:
            title += f" — {thrown_word(r.reason)}"
        elif r.bidder is not None:
            title += " — " + _("{side} chose {suit}").format(side=table.side_name(r.bidder),
                                                              suit=r.trump and self.look.suit(_suit(r.trump)))
        rt = RichTable(box=None, pad_edge=False, header_style="bold")
        rt.add_column("")
        for side in range(rules.sides):
            rt.add_column(Text(table.side_name(side)), justify="right")  # text, never markup; whole, wrapped
        if d is not None and r.outcome not in (THROWN_IN, CONCEDED):
            last = [10 if d.last_trick_side == s else 0 for s in range(rules.sides)]
            rt.add_row(_("Tricks"), *[str(x) for x in d.tricks])
            rt.add_row(_("Cards"), *[str(c - lt) for c, lt in zip(d.cards, last, strict=True)])
            rt.add_row(_("Last trick"), *[str(x) for x in last])
            rt.add_row(_("Combinations"), *[str(x) for x in d.combos])
            rt.add_row(_("Bella"), *[str(x) for x in d.bella])
            rt.add_row(Text(_("Deal points"), style="bold"), *[str(x) for x in r.points])
        written: list[str] = []
        for side in range(rules.sides):
            if r.bidder == side and r.outcome is BAIT:
                written.append("БТ")
            elif r.bidder == side and r.outcome is HANGING and rules.hanging is Hanging.HANG:
                written.append(f"vs({r.points[side]})")
            elif r.outcome is HELD:
                written.append(_("held {points}").format(points=r.points[side]))
            else:
                written.append(str(r.written[side]))
        rt.add_row(Text(_("Written"), style="bold"), *written)
        if any(r.hanging_received):
            rt.add_row(_("  of it hanging"), *[str(x) for x in r.hanging_received])
        if any(r.penalties):
            rt.add_row(_("Penalties"), *[str(x) for x in r.penalties])
        rt.add_row(Text(_("Total"), style="bold"), *[Text(str(x), style="bold") for x in r.totals])
        notes = Text()
        deal = table.game.deals[-1] if table.game.deals else None
        if deal is not None and deal.declarations:
            for decl in deal.declarations:
                scored = d is not None and d.combos_side == rules.side_of(decl.seat) and d.combos[d.combos_side] > 0
                notes.append(f"{table.names[decl.seat]}: ")
                notes.append(", ".join(combo_text(c) for c in decl.combos))
                notes.append(_(" — scored") + "\n" if scored else _(" — not scored") + "\n",
                             style="bold" if scored else "dim")
        if d is not None and any(d.bella):
            for seat, _trick in deal.bella_tricks if deal is not None else []:
                notes.append(_("{name}: bella").format(name=table.names[seat]) + "\n")
        if r.hanging:
            notes.append(_("Hanging: {points} points wait for the next deal's winner").format(points=r.hanging) + "\n",
                         style="italic")
        notes.append_text(second_edition_notes(table, r))
        with Vertical(classes="dialog", id="summary"):
            yield Static(Text(title), classes="title")
            yield Static(rt, id="summary-table")
            yield Static(notes, id="summary-notes")
            yield Static("", id="reveal")
            yield Static(_("Enter: continue   v: reveal all hands   t: score sheet"), classes="note")

    def action_next(self) -> None:
        self.dismiss("next")

    def action_reveal(self) -> None:
        self.query_one("#reveal", Static).update(hands_text(self.table, self.look))

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.table))


def second_edition_notes(table: Table, r: DealResult) -> Text:
    """The summary's lines for the second edition's outcomes: a held tie (висяк), the forced deal that decides
    it, a concession for fifty, and a false claim's strike (``false_claim: "double_to_opponent"``)."""
    notes = Text()
    d = r.detail
    names = [table.side_name(s) for s in range(table.rules.sides)]
    if r.outcome is HELD:
        bidder = d.bidder_seat if d is not None else None
        who = table.names[bidder] if bidder is not None else "?"
        notes.append(_("A tie: nothing is written. All these points are held; the next deal is played without "
                       "bidding, {name} the bidder with the turnup's suit, and decides them.").format(name=who) + "\n",
                     style="bold")
    deal = table.game.deals[r.index] if r.index < len(table.game.deals) else None
    forced = next((e for e in deal.events if isinstance(e, ev.ForcedDeal)), None) if deal is not None else None
    if forced is not None and r.outcome not in (HELD, THROWN_IN):
        held = ", ".join(f"{names[s]} {p}" for s, p in enumerate(forced.held))
        notes.append(_("Forced deal: the held points ({held}) are written with this deal's").format(held=held) + "\n",
                     style="bold")
    if r.outcome is CONCEDED and r.bidder is not None:
        defender = next(s for s in range(table.rules.sides) if s != r.bidder)
        notes.append(_("Conceded for fifty: {bidder} 50, {side} 0 — the deal ends there.").format(
            side=names[defender], bidder=names[r.bidder]) + "\n", style="bold")
    if d is not None and any(d.struck):
        lost = ", ".join(f"{names[s]} {m}" for s, m in enumerate(d.struck) if m < 0)
        gained = ", ".join(f"{names[s]} +{m}" for s, m in enumerate(d.struck) if m > 0)
        notes.append(_("False claim: the total is struck ({lost}) and doubled to the other side ({gained}).").format(
            lost=lost, gained=gained) + "\n", style="bold")
    return notes


def game_end_text(table: Table, result: GameResult, short: bool = False) -> str:
    """Why a game was won, as a sentence (``short``: a few words for a table's cell), from what the engine says
    (:mod:`deberc_tui.text.game_end`)."""
    if short:
        return game_end_cell(table.rules, result)
    return game_end_words(table.rules, result, [table.side_name(s) for s in range(table.rules.sides)])


def _suit(letter: str) -> Any:
    from deberc_tui.engine import Suit

    return Suit(letter)


class ConcedeAnswerScreen(ModalScreen[bool]):
    """The bidder's answer to the defender's offer to concede the deal for fifty (``concede_50``): y accepts,
    n refuses; the dialog says what each answer means. There is no way out without an answer: the deal waits."""

    AUTO_FOCUS = ""  # no button takes the focus: Enter must not answer by accident (None: the app's "*")
    BINDINGS = [
        Binding("y", "answer(True)", N_("Accept")),
        Binding("n", "answer(False)", N_("Refuse")),
    ]

    def __init__(self, offerer: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.offerer = offerer

    def compose(self) -> ComposeResult:
        title = OFFERS_FIFTY.say(person(self.offerer))
        with Vertical(classes="dialog", id="concede"):
            yield Static(Text(title), classes="title")
            yield Static(_("Accept: you write 50, the deal ends.\nRefuse: play on."), id="concede-text")
            with Horizontal(classes="buttons"):
                yield KeyButton(Text(_("Accept (y)")), action="screen.answer(True)", compact=True, id="concede-yes")
                yield KeyButton(Text(_("Refuse (n)")), action="screen.answer(False)", compact=True, id="concede-no")

    def action_answer(self, accept: bool) -> None:
        self.dismiss(accept)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (y / n, Enter / Esc, or the buttons); dismissed with the answer. The question is shown as
    text, never markup: it may quote a name or a place."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str | Text, yes: str, no: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Static(plain(self.question), id="confirm-question")
            with Horizontal(classes="buttons"):
                yield Button(Text(f"{self.yes} (y)"), action="screen.answer(True)", compact=True, id="confirm-yes")
                yield Button(Text(f"{self.no} (n)"), action="screen.answer(False)", compact=True, id="confirm-no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PrivacyScreen(Screen[None]):
    """Hot-seat: the table is covered until the next human confirms they are at the keyboard."""

    BINDINGS = [Binding("enter,space", "go", N_("I am here"), priority=True)]

    def __init__(self, name: str) -> None:
        super().__init__(classes="privacy")
        translate_bindings(self)
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="privacy"):
            yield Static(fill(_("Pass to {name}"), name=self.player), classes="title")
            yield Static(fill(_("{name}, press Enter to see your cards.\nEveryone else: look away."), name=self.player))

    def action_go(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


def summarize_stats(games: list[dict[str, Any]]) -> list[tuple[str, int, int, int, int]]:
    """Rows (group, wins, losses, current streak (+ wins / - losses), best win streak)."""
    groups: dict[str, list[bool]] = {}
    for g in games:
        groups.setdefault(_("{n} players").format(n=g.get("players", "?")), []).append(bool(g.get("won")))
        level = str(g.get("level", "?"))
        groups.setdefault(_("vs {level}").format(level="+".join(bot_word(b) for b in level.split("+"))),
                          []).append(bool(g.get("won")))
    rows = []
    for key in sorted(groups):
        results = groups[key]
        wins = sum(results)
        streak = 0
        for r in reversed(results):
            if streak == 0:
                streak = 1 if r else -1
            elif (streak > 0) == r:
                streak += 1 if r else -1
            else:
                break
        best = cur = 0
        for r in results:
            cur = cur + 1 if r else 0
            best = max(best, cur)
        rows.append((key, wins, len(results) - wins, streak, best))
    return rows


class StatsScreen(Closable):
    def compose(self) -> ComposeResult:
        from deberc_tui.stats import load_stats

        games = load_stats()
        rt = RichTable(box=None, header_style="bold")
        for col in ("", _("won"), _("lost"), _("streak"), _("best run")):
            rt.add_column(col, justify="right" if col else "left")
        for key, wins, losses, streak, best in summarize_stats(games):
            rt.add_row(plain(key), str(wins), str(losses), f"{streak:+d}" if streak else "0", str(best))
        with Vertical(classes="dialog", id="stats"):
            yield Static(_("Statistics"), classes="title")
            yield Static(rt if games else _("No finished games yet."))
            matches = _matches_table(games)
            if matches is not None:
                yield Static(matches)
            yield Static(fill(ngettext("{n} game recorded", "{n} games recorded", len(games)) + "   " + _("Esc: close"),
                              n=len(games)), classes="note")


def _matches_table(games: list[dict[str, Any]]) -> RichTable | None:
    """Per opponent, the matches (§12): finished and won, game points and money won (−: given, paid); None when
    no game of a match was recorded."""
    from deberc_tui.stats import per_opponent

    rows = [r for r in per_opponent(games) if r.matches or r.game_points or r.money]
    if not rows:
        return None
    rt = RichTable(box=None, header_style="bold")
    for col in ("", _("matches"), _("won"), _("game points"), _("money")):
        rt.add_column(col, justify="right" if col else "left")
    for r in rows:
        name = _("vs {level}").format(level="+".join(bot_word(b) for b in r.opponent.split("+")))
        rt.add_row(plain(name), str(r.matches), str(r.matches_won), f"{r.game_points:+d}", f"{r.money:+d}")
    return rt


HELP = N_("""\
# Debertz — keys

| key | what |
|---|---|
| ← → or 1-9, 0 | choose a card (0: the tenth) |
| Enter / click | play the chosen card |
| p / x | bidding: **p**lay the turnup's suit / pass |
| c d h s | bidding round 2: name ♣ ♦ ♥ ♠ |
| e / E | declare your combinations with your first card — or your second, where the rules allow (they are declared unless you press E) |
| b / B | declare bella with the card the rules allow: the trump K or Q, or any card while you hold them (declared unless you press B) |
| w | swap the trump seven for the turnup |
| r / k | demand a redeal (four sevens, weak hand) / klabor |
| a | claim «Партия» (on lead, from trick 2); where the rules refuse it, says why |
| o | defender: offer to concede the deal for fifty (where the rules allow, once trump is named and before the extra cards) |
| l | the last tricks |
| t | the score sheet |
| i | a hint from the expert bot |
| u | undo your last bid or card (vs bots) |
| ctrl+t | tutor: warn before a bid or card that loses more than 5 / 10 / 20 points (off) |
| f | bots' pace: slow / normal / fast |
| Russian layout | every letter key works on its ЙЦУКЕН twin too (з = p, ч = x, …) |
| ? | this help |
| q | save and quit (asks first) |
""")


class HelpScreen(Closable):
    """The keys, then the rules in force in short (made from the table's rules: :mod:`deberc_tui.text.rules_summary`)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="help"):
            with VerticalScroll():
                yield Markdown(_(HELP) + "\n" + rules_in_short(self.rules))
        yield Footer()


def card_list(cards: list[Card], look: Look) -> Text:
    return look.cards_text(cards)
