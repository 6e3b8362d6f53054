"""The card table: the felt, your hand, the bidding and action bar, the side panel and the log.

The screen draws what the :class:`~deberc_tui.table.session.TableSession` holds, turns keys into the session's
actions and carries out the steps the session asks for (a dialog, a bot thinking in a worker, a pause); the
flow of play itself — whose turn, the pauses, which keys are open and why not, undo, advice, saving, the end of
a game — is the session's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from deberc_tui.app.look import Look
from deberc_tui.app.narrator import Narrator
from deberc_tui.app.screens import match_end, modals
from deberc_tui.app.table_view import felt_state, message_text, status_line, top_bar
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import tell
from deberc_tui.app.widgets.actions import ActionBar, Toggles
from deberc_tui.app.widgets.felt import Felt
from deberc_tui.app.widgets.gamelog import MAX_LINES, GameLog
from deberc_tui.app.widgets.hand import Hand
from deberc_tui.app.widgets.panel import InfoPanel
from deberc_tui.engine import Card, Klabor, Phase, PlayCard, Redeal, SeatView, SwapSeven
from deberc_tui.engine.text import Text as EngineText
from deberc_tui.play.loop import Answer, Ask
from deberc_tui.table import advice, steps
from deberc_tui.table.session import TableSession
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.words import game_length
from deberc_tui.text.words import preset as preset_label

MIN_SIZE = (80, 24)  # the table's least terminal size: the hand, the felt and the side panel fit


class TableScreen(Screen[None]):
    """Play a match (or a lone game) of Debertz."""

    AUTO_FOCUS = None

    BINDINGS = [
        Binding("left", "move(-1)", N_("Card ←"), show=False),
        Binding("right", "move(1)", N_("Card →"), show=False),
        *[Binding(str(i), f"pick({i - 1})", f"Card {i}", show=False) for i in range(1, 10)],
        Binding("0", "pick(9)", "Card 10", show=False),  # a 10th card (10-card variants) is keyed 0
        Binding("enter", "play", N_("Play card"), priority=False),
        Binding("p", "bid('play')", N_("Play trump"), show=False),
        Binding("x", "bid('pass')", N_("Pass"), show=False),
        Binding("c", "bid('C')", "♣", show=False),
        Binding("d", "bid('D')", "♦", show=False),
        Binding("h", "bid('H')", "♥", show=False),
        Binding("s", "bid('S')", "♠", show=False),
        # The action bar names these with their keys when they apply: the footer need not repeat them.
        # e / b declare (they never undo a declaration); E / B (shift) keep it back.
        Binding("e", "set_declare(True)", N_("Declare"), show=False),
        Binding("E", "set_declare(False)", N_("Don't declare"), show=False),
        Binding("b", "set_bella(True)", N_("Bella"), show=False),
        Binding("B", "set_bella(False)", N_("No bella"), show=False),
        # The keys of what the rules may refuse are always open: pressed when not allowed, they say why.
        Binding("w", "swap", N_("Swap 7"), show=False),
        Binding("r", "redeal", N_("Redeal"), show=False),
        Binding("k", "klabor", N_("Klabor"), show=False),
        Binding("a", "claim", N_("Партия"), show=False),
        Binding("o", "concede", N_("Concede for 50"), show=False),  # concede_50: the defender's offer
        Binding("plus", "offer_stake", N_("Double"), show=False),  # «Дайви» / «даве» (§12)
        Binding("l", "last_trick", N_("Last trick")),
        Binding("t", "sheet", N_("Sheet")),
        Binding("i", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        Binding("ctrl+t", "tutor", N_("Tutor"), show=False),
        Binding("f", "pace", N_("Pace"), show=False),
        Binding("g", "stats", N_("Stats"), show=False),
        Binding("question_mark", "help", N_("Help")),
        Binding("f1", "help", N_("Help"), show=False),  # also where ? is on another layout
        Binding("q", "quit_game", N_("Quit")),
    ]

    refused: reactive[bool] = reactive(False, toggle_class="-refused")
    """The status line shows why a key or a card was refused (drawn as an error)."""
    too_small: reactive[bool] = reactive(False, toggle_class="-too-small")
    """The terminal is below :data:`MIN_SIZE`: a notice instead of a table with cut-off cards."""

    def __init__(self, session: TableSession, look: Look) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.look = look
        self.narrator = Narrator(session.people, look, match=bool(session.match.rules.match_target))
        self.logged = ""
        shown = (parse(b.action) for b in self.BINDINGS if isinstance(b, Binding) and b.show)
        self._footer_actions = tuple(dict.fromkeys((name, params) for _, name, params in shown))
        self._open_keys: tuple[bool | None, ...] = ()

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="topbar")
        with Horizontal(id="middle"):
            yield Felt(self.look, id="felt")
            with Vertical(id="side"):
                yield InfoPanel(self.look, id="info")
                yield GameLog(id="log")
        yield Static("", id="status")
        yield ActionBar(self.look, id="actions")
        yield Hand(self.look, id="hand")
        yield Static("", id="too-small")
        yield Footer(compact=True)

    def on_resize(self) -> None:
        width, height = self.app.size
        self.too_small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.query_one("#too-small", Static).update(Text(_(
            "Terminal too small: need {w}×{h}, now {cw}×{ch}. Enlarge the window.").format(
            w=MIN_SIZE[0], h=MIN_SIZE[1], cw=width, ch=height), style="bold"))
        self.refresh_table()  # the top bar fits its parts to the new width
        self.call_after_refresh(self._centre_hand)

    def _centre_hand(self) -> None:
        """The hand stands under the felt's middle, where the trick is: the table has one middle line."""
        felt = self.query_one("#felt", Felt)
        region = felt.content_region
        if region.width:
            self.query_one("#hand", Hand).centre_on(region.x + felt.middle(region.width))

    def on_mount(self) -> None:
        session = self.session
        log = self.query_one("#log", GameLog)
        log.can_focus = False
        log.write(Text(_("{preset} rules, {length}. ? for help.").format(
            preset=preset_label(session.rules.preset_name), length=game_length(session.rules.short,
                                                                               session.rules.target)), style="dim"))
        for line in session.history(last=MAX_LINES) if session.match.deals else []:
            log.write(Text(line, style="dim"))  # a resumed game: the story so far, as much as the log keeps
        for warning in session.warnings:
            log.write(Text(message_text(warning, self.look), style="bold"))
        self.call_after_refresh(self.advance)

    # -- the flow: carrying out what the session says ------------------------------------------

    def advance(self) -> None:
        """Ask the session what comes next and do it (a dialog, a bot's worker, a pause, or wait for keys)."""
        if not self.is_attached:
            return
        session = self.session
        step = session.advance()
        self.refresh_table()
        if isinstance(step, steps.WaitUntil):
            self.set_timer(max(0.01, step.when - session.services.clock() + 0.01), self.advance)
        elif isinstance(step, steps.Think):
            self.run_bot(step.ask, session.pace)
        elif isinstance(step, steps.ShowSummary):
            self.app.push_screen(modals.DealSummaryScreen(session, self.look, step.result, step.final),
                                 lambda _: self._then(session.resume))
        elif isinstance(step, steps.GameEnded):
            self.say(match_end.GAME_OVER.say(session.people.sides[step.result.winner],
                                             how=modals.game_end_text(session, step.result, short=True)))
            self.app.push_screen(match_end.game_end_screen(session, step), self._after_game)
        elif isinstance(step, steps.CoverFor):
            self.app.push_screen(modals.PrivacyScreen(session.name(step.seat)),
                                 lambda _: self._then(session.uncover, step.seat))
        elif isinstance(step, steps.AnswerConcede):
            self.app.push_screen(modals.ConcedeAnswerScreen(session.name(step.offerer)),
                                 lambda yes: self._then(session.answer_concede, step.seat, yes))
        elif isinstance(step, steps.AnswerStake):
            self.app.push_screen(match_end.StakeAnswerScreen(session, step, session.tutor is not None),
                                 lambda yes: self._then(session.answer_stake, step.seat, yes))

    def _then(self, fn: Callable[..., object], *args: object) -> None:
        """Hand the session what a dialog or a worker brought, then move on."""
        fn(*args)
        self.advance()

    def _after_game(self, choice: str | None) -> None:
        """The end-of-game dialog's choice: the next game of the match, or what the app does after a match."""
        if choice == "next":
            self._then(self.session.resume)
        else:
            self.post_message(match_end.TableDone(choice or "quit"))

    # -- bots ----------------------------------------------------------------------------------

    @dataclass
    class BotAnswered(Message):
        """A bot's worker is done (an answer to a question no longer asked is dropped by the session)."""

        answer: Answer

    # Not ``exclusive``: the next bot's worker starts while the last one is returning from post_message.
    @work(thread=True, group="bots")
    def run_bot(self, ask: Ask, pace: float) -> None:
        start = time.monotonic()
        answer = self.session.think(ask)
        # A bot leading a new trick waits twice as long: the finished trick stays on the felt to be seen.
        view = ask.view
        gathering = not ask.optional and not view.current_trick and bool(view.tricks) and view.phase is Phase.PLAY
        rest = (pace * (2 if gathering else 1) if not ask.optional else 0) - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)  # the bots' pace: a card appears when a person could follow it
        self.post_message(self.BotAnswered(answer))

    @on(BotAnswered)
    def _bot_answered(self, message: BotAnswered) -> None:
        if self.is_attached:
            self._then(self.session.bot_answered, message.answer)

    @property
    def error_text(self) -> str:
        """The refusal or warning the status line shows now, as the player reads it ("" when none)."""
        return "" if self.session.error is None else message_text(self.session.error, self.look)

    @property
    def hint_text(self) -> str:
        """The hint or remark the status line shows now, as the player reads it ("" when none)."""
        return "" if self.session.hint is None else message_text(self.session.hint, self.look)

    # -- drawing -------------------------------------------------------------------------------

    def say(self, line: str | Text, style: str = "") -> None:
        if self.is_mounted:
            self.query_one("#log", GameLog).write(line if isinstance(line, Text) else Text(line, style=style))

    def refresh_table(self) -> None:
        session = self.session
        for item in session.take_news():
            line = self.narrator.message(item) if isinstance(item, EngineText) else self.narrator.line(item)
            if line is not None:
                self.say(line)
        if not self.is_mounted or session.deal is None:
            return
        me = session.viewer
        view = session.view(me if me is not None else session.perspective)
        self.query_one("#topbar", Static).update(
            top_bar(session, view, self.look, self.narrator.fmt, self.app.size.width))
        self.query_one("#felt", Felt).show(felt_state(session, view, self.look))
        self.query_one("#info", InfoPanel).show(
            view, session.people, len(session.game.deals), session.forced_deal(), session.money())
        my_view = session.view(me) if me is not None else None  # drawn also while a dialog is up
        self._show_hand(my_view)
        self.query_one("#actions", ActionBar).show(my_view, Toggles(session.declare, session.bella))
        self.query_one("#status", Static).update(status_line(session, my_view, self.look))
        self.refused = session.error is not None
        message = session.error or session.hint
        shown = message_text(message, self.look) if message is not None else ""
        if shown and shown != self.logged and not shown.endswith("…"):
            self.logged = shown  # a refusal, hint or warning stays readable in the log
            self.say(Text(shown, style="italic"))
        self._check_keys()  # each widget the move changed redraws itself: no repaint of the whole screen

    def _check_keys(self) -> None:
        """Tell the footer to check its keys again only when one of them opened or closed: every check builds the
        footer anew (a dozen widgets mounted), and most moves leave its keys as they were. A pressed key is checked
        (:meth:`check_action`) whatever the footer shows, the keys it does not show included."""
        open_keys = tuple(self.check_action(action, params) for action, params in self._footer_actions)
        if open_keys != self._open_keys:
            self._open_keys = open_keys
            self.refresh_bindings()

    def _show_hand(self, view: SeatView | None) -> None:
        """The viewer's cards, the legal ones bright, and the card the session offers first selected."""
        hand = self.query_one("#hand", Hand)
        if view is None:
            hand.show([], set(), _("Cards hidden — waiting for the next player"))
            return
        hand.show(list(view.hand), {a.card for a in view.legal if isinstance(a, PlayCard)},
                  "" if view.hand else _("no cards"))
        offered = self.session.card_to_offer()
        if offered is not None:
            hand.select_card(offered)

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.session.offers(action, parameters[0] if parameters else None)

    def _acted(self, _ok: bool = True) -> None:
        self.refresh_table()
        self.advance()

    def action_move(self, step: int) -> None:
        self.query_one("#hand", Hand).move(step)

    def action_pick(self, index: int) -> None:
        self.query_one("#hand", Hand).select(index)

    def action_play(self) -> None:
        if self.session.concede_choice() is not None:  # Enter: play on without offering to concede
            self._then(self.session.play_on)
            return
        card = self.query_one("#hand", Hand).current
        if card is not None:
            self.play_card(card)

    @on(Hand.CardClicked)
    def _clicked(self, message: Hand.CardClicked) -> None:
        self.query_one("#hand", Hand).select(message.index)
        self.play_card(message.card)

    def play_card(self, card: Card) -> None:
        self._committed(self.session.play_card(card))

    def action_bid(self, call: str) -> None:
        self._committed(self.session.bid(call))

    def _committed(self, applied: bool) -> None:
        """After a bid or card: played, refused (the status line says why), or first weighed by the tutor."""
        weighing = self.session.weighing
        if not applied and weighing is not None:
            self.run_tutor(weighing)
        self._acted()

    @work(thread=True, exclusive=True, group="tutor")
    def run_tutor(self, weighing: advice.Weighing) -> None:
        verdict = advice.weigh(weighing)
        self.app.call_from_thread(self._then, self.session.weighed, weighing, verdict)

    def action_tutor(self) -> None:
        """Cycle the tutor's threshold: off, 5, 10, 20 points."""
        tell(self, message_text(self.session.next_tutor(), self.look), timeout=3)

    def action_pace(self) -> None:
        tell(self, message_text(self.session.next_pace(), self.look), timeout=2)

    def action_set_declare(self, on: bool | None = None) -> None:
        """``e`` declares with the next card (it was on already: say so), ``E`` keeps the combinations back, a
        click on the declaration's button switches it."""
        self.session.set_declare(not self.session.declare if on is None else on)
        self.refresh_table()

    def action_set_bella(self, on: bool | None = None) -> None:
        """``b`` declares bella with the next card that may (``bella_when``), ``B`` keeps it back, a click
        switches it."""
        self.session.set_bella(not self.session.bella if on is None else on)
        self.refresh_table()

    def action_swap(self) -> None:
        self._acted(self.session.out_of_turn(SwapSeven))

    def action_redeal(self) -> None:
        self._acted(self.session.out_of_turn(Redeal))

    def action_klabor(self) -> None:
        self._acted(self.session.out_of_turn(Klabor))

    def action_concede(self) -> None:
        """``o``: the defender offers to concede the deal for fifty (``concede_50``) once a dialog has said what it
        gives away and the player has confirmed; the bidder answers."""
        if self.session.concede_choice() is None:  # not the moment: the engine says why, in the status line
            self._acted(self.session.offer_concede())
        else:
            self.app.push_screen(modals.ConfirmScreen(self.session.concede_question(), _("Offer"), _("Play on")),
                                 lambda yes: self._acted(bool(yes) and self.session.offer_concede()))

    def action_offer_stake(self) -> None:
        """``+``: offer to double («Дайви») or say «даве», where the rules allow it (§12)."""
        self._acted(self.session.offer_stake())

    def action_claim(self) -> None:
        """«Партия»: the first press shows the count and whether the claim is right, the second claims."""
        self._acted(self.session.claim())

    def action_last_trick(self) -> None:
        self.app.push_screen(modals.LastTrickScreen(self.session, self.look))

    def action_sheet(self) -> None:
        self.app.push_screen(modals.ScoreSheetScreen(self.session))

    def action_stats(self) -> None:
        self.app.push_screen(modals.StatsScreen())

    def action_help(self) -> None:
        self.app.push_screen(modals.HelpScreen(self.session.rules))

    def action_undo(self) -> None:
        if not self.session.undo():
            tell(self, _("Nothing to undo"), timeout=2)
            return
        self._acted()

    def action_hint(self) -> None:
        asked = self.session.ask_hint()
        self.refresh_table()
        if asked is not None:
            self.run_hint(*asked)

    @work(thread=True, exclusive=True, group="hint")
    def run_hint(self, moment: advice.Moment, view: SeatView) -> None:
        hint = self.session.hint_for(moment, view)
        self.app.call_from_thread(self._hinted, hint)

    def _hinted(self, hint: advice.Hint) -> None:
        self.session.hinted(hint)
        self.refresh_table()

    def action_quit_game(self) -> None:
        """q asks first: a stray key must not end the evening's game (it is saved either way)."""
        if self.session.match.is_over:
            self.app.exit()
            return
        self.app.push_screen(modals.ConfirmScreen(_("Save the game and quit? You can resume it later."), _("Quit"),
                                                   _("Keep playing")), self._quit_answered)

    def _quit_answered(self, yes: bool | None) -> None:
        if yes:
            self.session.autosave()
            self.app.exit()
