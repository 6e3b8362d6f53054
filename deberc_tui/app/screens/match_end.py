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
from textual.widgets import Static

from deberc_tui.app.screens.modals import ScoreSheetScreen, StatsScreen, game_end_text
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import fill, plain
from deberc_tui.app.widgets.buttons import KeyButton
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.match import GameResult
from deberc_tui.engine.options import Money
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.scoring import STAKE_ENDING
from deberc_tui.engine.view import PendingOffer
from deberc_tui.table.session import TableSession
from deberc_tui.table.steps import AnswerStake, GameEnded
from deberc_tui.text.i18n import N_, _, ngettext
from deberc_tui.text.persons import G_, Phrase

# Who won, said of the winning side (its verb agreeing with it where the gender is known: «Клара выиграла
# игру»; a side of two is said as one whose gender is not: «Борис & Дмитрий: победа в игре»).
WON_GAME = Phrase(N_("You won the game!"), G_("{name} won the game"))
WON_GAME_N = Phrase(N_("You won game {n}"), G_("{name} won game {n}"))
WON_MATCH = Phrase(N_("You won the match!"), G_("{name} won the match"))
GAME_OVER = Phrase(N_("Game over: you won — {how}."), G_("Game over: {name} won — {how}."))
"""The log's last line of a game (``how`` may hold parentheses of its own: «claim won (519)»)."""


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
    """What a game was worth: its game points, why more than one (mars, the multiplier or stake), and the money."""
    t = Text()
    points = result.game_points[result.winner]
    t.append(ngettext("worth {n} game point", "worth {n} game points", points).format(n=points))
    outcome = session.match.games[result.index].outcome
    marks: list[str] = []
    if (outcome is not None and outcome.game_points > 1 and not session.rules.short
            and result.reason not in STAKE_ENDING):  # a short game never ends in mars
        marks.append(_("mars"))
    if result.multiplier != 1:
        marks.append(_("stake ×{k}").format(k=result.multiplier))
    if marks:
        t.append("  (" + ", ".join(marks) + ")")
    if session.rules.money is not Money.NONE:
        t.append("\n" + _("money: {money}").format(money=money_words(session, result.money)))
    return t


def money_words(session: TableSession, money: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{session.side_name(s)} {m:+d}" for s, m in enumerate(money))


def match_score(session: TableSession, final: bool = False) -> Text:
    """``Match: You 1 — Boris 3 (to 5)`` in bold, and the money so far (``final``: in all) when the match is played
    for money."""
    match = session.match
    t = Text()
    t.append(_("Match: {score} (to {target})").format(
        score=" — ".join(f"{session.side_name(s)} {p}" for s, p in enumerate(match.match_points)),
        target=match.rules.match_target), style="bold")
    if session.rules.money is not Money.NONE:
        money = money_words(session, session.money())
        t.append("\n" + (_("money in all: {money}") if final else _("money so far: {money}")).format(money=money))
    return t


def headline(session: TableSession, result: GameResult, phrase: Phrase) -> str:
    return phrase.say(session.people.sides[result.winner], n=result.index + 1)


def end_buttons(prefix: str) -> ComposeResult:
    """The choices after a lone game or a match, each with its key, in two rows that fit 80 columns."""
    with Horizontal(classes="buttons"):
        yield KeyButton(_("Play again (a)"), action="screen.choose('again')", compact=True, id=f"{prefix}-again")
        yield KeyButton(_("New game (n)"), action="screen.choose('new')", compact=True, id=f"{prefix}-new")
        yield KeyButton(_("Quit (q)"), action="screen.choose('quit')", compact=True, id=f"{prefix}-quit")
    with Horizontal(classes="buttons second"):
        yield KeyButton(_("Statistics (s)"), action="screen.stats", compact=True, id=f"{prefix}-stats")
        yield KeyButton(_("Score sheet (t)"), action="screen.sheet", compact=True, id=f"{prefix}-sheet")
        yield KeyButton(_("Review (r)"), action="screen.review", compact=True, id=f"{prefix}-review")


class _EndDialog(ModalScreen[str]):
    """What the end dialogs share: the score sheet and the statistics open on top and come back here; no button
    takes the focus (a stray Enter must not start another game), and Escape — which closes other dialogs —
    keeps this one up and says to choose."""

    AUTO_FOCUS = ""  # no button takes the focus (None would be the app's "*")
    BINDINGS = [Binding("escape", "stay", show=False)]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_stay(self) -> None:
        """Escape: the dialog stays, and a line under its buttons says to choose (once)."""
        if not self.query("#end-stay"):
            self.query_one(".dialog", Vertical).mount(
                Static(_("Choose what comes next: each button says its key."), id="end-stay", classes="note"))

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen())

    def action_review(self) -> None:
        """The game's review (every decision judged), for the seat the table is seen from; back here after."""
        from deberc_tui.app.screens.review import ReviewScreen
        from deberc_tui.records import load_record

        session = self.session
        self.app.push_screen(ReviewScreen(load_record(session.record()), session.perspective, session.save_path,
                                          getattr(self.app, "look", None), you=not session.hot_seat))


class GameOverScreen(_EndDialog):
    """The end of a lone game: who won, how, the final score, and what to do next."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("s", "stats", N_("Statistics")),
        Binding("t", "sheet", N_("Score sheet")),
        Binding("r", "review", N_("Review")),
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
        t.append("\n" + _("how: {how}").format(how=game_end_text(session, self.result)) + "\n")
        struck = [r for r in game.results if r.detail is not None and any(r.detail.struck)]
        if struck:
            t.append(ngettext("{n} false claim struck a total", "{n} false claims struck a total", len(struck)).format(
                n=len(struck)) + "\n", style="italic")
        if session.rules.money is not Money.NONE:
            t.append(_("money: {money}").format(money=money_words(session, self.result.money)) + "\n")
        t.append(ngettext("{n} deal played", "{n} deals played", len(game.deals)).format(n=len(game.deals)) + "\n\n",
                 style="dim")
        names = [session.side_name(side) for side in range(session.rules.sides)]
        room = max(24, *(len(name) for name in names))  # each name whole, the totals in one column
        for side, name in enumerate(names):
            t.append(Text(f"{name:<{room}}{game.totals[side]:>6}\n", style="bold" if side == outcome.winner else ""))
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
        t.append("\n" + _("how: {how}").format(how=game_end_text(session, result)) + "\n")
        t.append_text(worth_text(session, result))
        t.append("\n\n")
        t.append_text(match_score(session))
        with Vertical(classes="dialog", id="game-won"):
            yield Static(fill(_("Game {n} over"), n=result.index + 1), classes="title")
            yield Static(t, id="game-won-text")
            with Horizontal(classes="buttons"):
                yield KeyButton(_("Next game ⏎"), action="screen.choose('next')", compact=True, id="gw-next")
                yield KeyButton(_("Score sheet (t)"), action="screen.sheet", compact=True, id="gw-sheet")
                yield KeyButton(_("Quit (q)"), action="screen.choose('quit')", compact=True, id="gw-quit")


class MatchOverScreen(_EndDialog):
    """The match is over: its winner, every game's line (who won, how, the game points, the stake, the money),
    the money in all, and what to do next."""

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("s", "stats", N_("Statistics")),
        Binding("t", "sheet", N_("Score sheet")),
        Binding("r", "review", N_("Review")),
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
            cells: list[Any] = [str(r.index + 1), plain(session.side_name(r.winner)), plain(game_end_text(session, r, short=True)),
                                str(r.game_points[r.winner]), f"×{r.multiplier}"]
            if money:
                cells.append(", ".join(f"{m:+d}" for m in r.money))
            games.add_row(*cells)
        with Vertical(classes="dialog", id="match-over"):
            yield Static(_("Match over"), classes="title")
            yield Static(head, id="match-over-head")
            yield Static(games, id="match-over-games")
            yield Static(match_score(session, final=True), id="match-over-score")
            yield from end_buttons("mo")


def answer_lines(rules: Rules, offer: PendingOffer, name: str) -> list[str]:
    """What each answer to ``offer`` (made by ``name``) means in game points (§12): accepting (playing on) raises
    what the game is worth — with mars twice that, in a short game with ``short_bait`` a baited bidder loses
    twice that — and refusing (conceding) ends the game now, the offerer winning the stake as it was."""
    n = offer.if_accepted
    mars = rules.mars and not rules.short  # a short game never ends in mars (settle)
    if offer.kind is OfferKind.DOUBLE:
        accept = (ngettext("Accept (y): play on at ×{m}, the winner gets {n} game point ({mars} with mars).",
                           "Accept (y): play on at ×{m}, the winner gets {n} game points ({mars} with mars).", n)
                  if mars else
                  ngettext("Accept (y): play on at ×{m}, the winner gets {n} game point.",
                           "Accept (y): play on at ×{m}, the winner gets {n} game points.", n))
        refuse = ngettext("Refuse (n): the game ends now, {name} wins {n} game point.",
                          "Refuse (n): the game ends now, {name} wins {n} game points.", offer.if_refused)
    else:
        accept = (ngettext("Play on (y): the stake becomes {m}, the winner gets {n} game point ({mars} with mars).",
                           "Play on (y): the stake becomes {m}, the winner gets {n} game points ({mars} with mars).",
                           n)
                  if mars else
                  ngettext("Play on (y): the stake becomes {m}, the winner gets {n} game point.",
                           "Play on (y): the stake becomes {m}, the winner gets {n} game points.", n))
        refuse = ngettext("Concede (n): the game ends now, {name} wins {n} game point.",
                          "Concede (n): the game ends now, {name} wins {n} game points.", offer.if_refused)
    lines = [accept.format(m=n, n=n, mars=2 * n), refuse.format(name=name, n=offer.if_refused)]
    if rules.short and rules.short_bait:
        lines.append(ngettext("If played on, a baited bidder loses {n} game point.",
                              "If played on, a baited bidder loses {n} game points.", 2 * n).format(n=2 * n))
    return lines


class StakeAnswerScreen(ModalScreen[bool]):
    """A person's answer to a double («Дайви») or a «даве»: what each answer means in game points, and with the
    tutor on, how likely the person is to win the game. y or n, or a click; no way out without an answer."""

    AUTO_FOCUS = ""  # no button takes the focus: Enter must not answer by accident (None: the app's "*")
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
        title = fill(_("{name} offers to double («Дайви»)") if double else _("{name} says «даве»"), name=name)
        with Vertical(classes="dialog", id="stake-answer"):
            yield Static(title, classes="title")
            yield Static(plain("\n".join(answer_lines(self.session.rules, offer, name))), id="stake-text")
            if self.tutor:
                yield Static(_("The tutor is estimating your chance…"), id="stake-tutor")
            with Horizontal(classes="buttons"):
                yield KeyButton(_("Accept (y)") if double else _("Play on (y)"), action="screen.answer(True)",
                                compact=True, id="stake-yes")
                yield KeyButton(_("Refuse (n)") if double else _("Concede (n)"), action="screen.answer(False)",
                                compact=True, id="stake-no")

    def on_mount(self) -> None:
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
            self.query_one("#stake-tutor", Static).update(plain(text, style="italic"))

    def action_answer(self, accept: bool) -> None:
        self.dismiss(accept)
