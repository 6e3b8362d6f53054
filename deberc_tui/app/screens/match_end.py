"""The dialogs of a game's end and of the stakes (RULES.md §12): the end of a lone game, a game of a match won
with the match going on, the end of the match, and a person's answer to a double or a «даве».

Each says in words who won, how, and what it was worth (game points, the multiplier or stake, money), and
offers what a player does next; the statistics and the score sheet open on top of the dialog and come back
to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from deberc_tui.app.screens.modals import ScoreSheetScreen, StatsScreen, game_end_text
from deberc_tui.app.tr import translate_bindings
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.match import GameResult
from deberc_tui.engine.options import Money
from deberc_tui.engine.scoring import STAKE_ENDING
from deberc_tui.table.session import TableSession
from deberc_tui.table.steps import AnswerStake, GameEnded
from deberc_tui.text.i18n import N_, _, ngettext
from deberc_tui.text.persons import G_, Phrase

# Who won, said of the winning side (its verb agreeing with it where the gender is known: «Клара выиграла
# игру»; a side of two is said as one whose gender is not: «Борис & Дмитрий: победа в игре»).
WON_GAME = Phrase(N_("You won the game!"), G_("{name} won the game"))
WON_GAME_N = Phrase(N_("You won game {n}"), G_("{name} won game {n}"))
WON_MATCH = Phrase(N_("You won the match!"), G_("{name} won the match"))
GAME_OVER = Phrase(N_("Game over: you won ({how})."), G_("Game over: {name} won ({how})."))
"""The log's last line of a game."""


@dataclass
class TableDone(Message):
    """The table is done with: ``choice`` is what the player wants next (``again``, ``new``, ``quit``)."""

    choice: str


def game_end_screen(session: TableSession, step: GameEnded) -> ModalScreen[str]:
    """The dialog for the end of a game: of a lone game, of a game of a match, or of the match."""
    if session.rules.match_target is None:
        return GameOverScreen(session, step.result)
    if step.match_over:
        return MatchOverScreen(session)
    return GameWonScreen(session, step.result)


def worth_text(session: TableSession, result: GameResult) -> Text:
    """What a game was worth: its game points (mars named), the multiplier or stake, and the money."""
    t = Text()
    points = result.game_points[result.winner]
    t.append(ngettext("worth {n} game point", "worth {n} game points", points).format(n=points))
    if result.multiplier != 1:
        t.append("  " + _("(stake ×{k})").format(k=result.multiplier))
    elif points > 1 and result.reason not in STAKE_ENDING:
        t.append("  " + _("(mars)"))
    if session.rules.money is not Money.NONE:
        t.append("\n" + _("money: {money}").format(money=money_words(session, result.money)))
    return t


def money_words(session: TableSession, money: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{session.side_name(s)} {m:+d}" for s, m in enumerate(money))


def match_score(session: TableSession) -> Text:
    """``Match: You 1 — Boris 3 (to 5)``, and the money so far when the match is played for money."""
    match = session.match
    t = Text(_("Match: {score} (to {target})").format(
        score=" — ".join(f"{session.side_name(s)} {p}" for s, p in enumerate(match.match_points)),
        target=match.rules.match_target), style="bold")
    if session.rules.money is not Money.NONE:
        money = [sum(r.money[s] for r in match.settled) for s in range(session.rules.sides)]
        t.append("\n" + _("money so far: {money}").format(money=money_words(session, money)), style="")
    return t


def headline(session: TableSession, result: GameResult, phrase: Phrase) -> str:
    return phrase.say(session.people.sides[result.winner], n=result.index + 1)


def end_buttons(prefix: str) -> ComposeResult:
    """The choices after a lone game or a match, each with its key, in two rows that fit 80 columns."""
    with Horizontal(classes="buttons"):
        yield Button(_("Play again (a)"), action="screen.choose('again')", compact=True, id=f"{prefix}-again")
        yield Button(_("New game (n)"), action="screen.choose('new')", compact=True, id=f"{prefix}-new")
        yield Button(_("Quit (q)"), action="screen.choose('quit')", compact=True, id=f"{prefix}-quit")
    with Horizontal(classes="buttons second"):
        yield Button(_("Statistics (s)"), action="screen.stats", compact=True, id=f"{prefix}-stats")
        yield Button(_("Score sheet (t)"), action="screen.sheet", compact=True, id=f"{prefix}-sheet")


class _EndDialog(ModalScreen[str]):
    """What the end dialogs share: the score sheet and the statistics open on top and come back here."""

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # the keys decide; a focused button would swallow Enter

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen())


class GameOverScreen(_EndDialog):
    """The end of a lone game: who won, how, the final score, and what to do next."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("s", "stats", N_("Statistics")),
        Binding("t", "sheet", N_("Score sheet")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, session: TableSession, result: GameResult) -> None:
        super().__init__(session)
        self.result = result

    def compose(self) -> ComposeResult:
        session = self.session
        game = session.game
        outcome = game.outcome
        assert outcome is not None
        t = Text()
        t.append(WON_GAME.say(session.people.sides[outcome.winner]), style="bold")
        if outcome.game_points > 1:
            t.append("  " + _("(mars: {n} game points)").format(n=outcome.game_points))
        t.append("\n" + _("how: {how}").format(how=game_end_text(session, outcome.reason)) + "\n")
        struck = [r for r in game.results if r.detail is not None and any(r.detail.struck)]
        if struck:
            t.append(ngettext("{n} false claim struck a total", "{n} false claims struck a total", len(struck)).format(
                n=len(struck)) + "\n", style="italic")
        if session.rules.money is not Money.NONE:
            t.append(_("money: {money}").format(money=money_words(session, self.result.money)) + "\n")
        t.append(ngettext("{n} deal played", "{n} deals played", len(game.deals)).format(n=len(game.deals)) + "\n\n",
                 style="dim")
        for side in range(session.rules.sides):
            name = session.side_name(side)
            t.append(Text(f"{name[:24]:<24}{game.totals[side]:>6}\n", style="bold" if side == outcome.winner else ""))
        with Vertical(classes="dialog", id="gameover"):
            yield Static(_("Game over"), classes="title")
            yield Static(t, id="gameover-text")
            yield from end_buttons("go")


class GameWonScreen(_EndDialog):
    """A game of a match is over and the match goes on: who won it and how, what it was worth, the match score,
    and Enter for the next game."""

    BINDINGS = [
        Binding("enter,space,n", "choose('next')", N_("Next game"), priority=True),
        Binding("t", "sheet", N_("Score sheet")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, session: TableSession, result: GameResult) -> None:
        super().__init__(session)
        self.result = result

    def compose(self) -> ComposeResult:
        session, result = self.session, self.result
        t = Text(headline(session, result, WON_GAME_N), style="bold")
        t.append("\n" + _("how: {how}").format(how=game_end_text(session, result.reason)) + "\n")
        t.append_text(worth_text(session, result))
        t.append("\n\n")
        t.append_text(match_score(session))
        with Vertical(classes="dialog", id="game-won"):
            yield Static(_("Game {n} over").format(n=result.index + 1), classes="title")
            yield Static(t, id="game-won-text")
            with Horizontal(classes="buttons"):
                yield Button(_("Next game ⏎"), action="screen.choose('next')", compact=True, id="gw-next")
                yield Button(_("Score sheet (t)"), action="screen.sheet", compact=True, id="gw-sheet")
                yield Button(_("Quit (q)"), action="screen.choose('quit')", compact=True, id="gw-quit")


class MatchOverScreen(_EndDialog):
    """The match is over: its winner, every game's line (who won, how, the game points, the stake, the money),
    the money in all, and what to do next."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("s", "stats", N_("Statistics")),
        Binding("t", "sheet", N_("Score sheet")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        session = self.session
        match = session.match
        assert match.winner is not None
        head = Text(WON_MATCH.say(session.people.sides[match.winner]), style="bold")
        games = RichTable(box=None, pad_edge=False, header_style="bold")
        for column in ("#", _("won by"), _("how"), _("game points"), _("stake")):
            games.add_column(column)
        money = session.rules.money is not Money.NONE
        if money:
            games.add_column(_("money"), justify="right")
        for r in match.settled:
            cells: list[Any] = [str(r.index + 1), Text(session.side_name(r.winner)), game_end_text(session, r.reason),
                                str(r.game_points[r.winner]), f"×{r.multiplier}"]
            if money:
                cells.append(", ".join(f"{m:+d}" for m in r.money))
            games.add_row(*cells)
        with Vertical(classes="dialog", id="match-over"):
            yield Static(_("Match over"), classes="title")
            yield Static(head, id="match-over-head")
            yield Static(games, id="match-over-games")
            yield Static(match_score(session), id="match-over-score")
            yield from end_buttons("mo")


class StakeAnswerScreen(ModalScreen[bool]):
    """A person's answer to a double («Дайви») or a «даве»: what each answer means in game points, and with the
    tutor on, how likely the person is to win the game. y or n, or a click; no way out without an answer."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Accept")),
        Binding("n", "answer(False)", N_("Refuse")),
    ]

    def __init__(self, session: TableSession, step: AnswerStake, tutor: bool) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.step = step
        self.tutor = tutor

    def compose(self) -> ComposeResult:
        offer = self.step.offer
        name = self.session.name(offer.seat)
        double = offer.kind is OfferKind.DOUBLE
        if double:
            title = _("{name} offers to double («Дайви»)").format(name=name)
            accept = _("Accept (y): play on, the game is worth ×{m}.").format(m=offer.if_accepted)
            refuse = ngettext("Refuse (n): the game ends now, {name} wins {n} game point.",
                              "Refuse (n): the game ends now, {name} wins {n} game points.",
                              offer.if_refused).format(name=name, n=offer.if_refused)
        else:
            title = _("{name} says «даве»").format(name=name)
            accept = _("Play on (y): the stake becomes {k}.").format(k=offer.if_accepted)
            refuse = ngettext("Concede (n): {name} wins {n} now.", "Concede (n): {name} wins {n} now.",
                              offer.if_refused).format(name=name, n=offer.if_refused)
        with Vertical(classes="dialog", id="stake-answer"):
            yield Static(title, classes="title")
            yield Static(Text(f"{accept}\n{refuse}"), id="stake-text")
            yield Static(_("The tutor is estimating your chance…") if self.tutor else "", id="stake-tutor")
            with Horizontal(classes="buttons"):
                yield Button(_("Accept (y)") if double else _("Play on (y)"), action="screen.answer(True)",
                             compact=True, id="stake-yes")
                yield Button(_("Refuse (n)") if double else _("Concede (n)"), action="screen.answer(False)",
                             compact=True, id="stake-no")

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # Enter must not answer by accident: y or n, or a click
        if self.tutor:
            self.estimate()

    @work(thread=True, exclusive=True, group="stake-tutor")
    def estimate(self) -> None:
        try:
            chance = self.session.win_chance(self.step.seat)
            text = _("Tutor: you win this game about {p:.0%} of the time.").format(p=chance)
        except Exception as exc:  # noqa: BLE001 - the estimate failing must not keep the answer waiting
            text = _("Tutor: no estimate ({error})").format(error=exc.__class__.__name__)
        self.app.call_from_thread(self._estimated, text)

    def _estimated(self, text: str) -> None:
        if self.is_attached:
            self.query_one("#stake-tutor", Static).update(Text(text, style="italic"))

    def action_answer(self, accept: bool) -> None:
        self.dismiss(accept)
