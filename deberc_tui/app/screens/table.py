"""The card table: the felt, your hand, the bidding and action bar, the side panel and the log.

The screen draws what the :class:`~deberc_tui.table.session.TableSession` holds, turns keys into the session's
actions and carries out the steps the session asks for (a dialog, a bot thinking in a worker, a pause); the
flow of play itself — whose turn, the pauses, undo, saving, the end of a game — is the session's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from deberc_tui.app.look import Look
from deberc_tui.app.narrator import Narrator, word
from deberc_tui.app.screens import match_end, modals
from deberc_tui.app.table_view import action_words, felt_state, message_text, status_line, top_bar
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.widgets.actions import (
    ActionBar,
    Toggles,
    may_bella,
    may_declare,
    may_offer_concede,
    my_combos,
)
from deberc_tui.app.widgets.felt import Felt
from deberc_tui.app.widgets.gamelog import GameLog
from deberc_tui.app.widgets.hand import Hand
from deberc_tui.app.widgets.panel import InfoPanel
from deberc_tui.engine import Bid, Card, Klabor, Phase, PlayCard, Redeal, SeatView, SwapSeven
from deberc_tui.engine.options import BellaWhen
from deberc_tui.engine.text import Text as EngineText
from deberc_tui.play.loop import Answer, Ask
from deberc_tui.table import steps
from deberc_tui.table.session import TableSession, Weighing
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.words import preset as preset_label

MIN_SIZE = (80, 24)  # the table's least terminal size: the hand, the felt and the side panel fit
PACES: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
PACE_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}


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
        Binding("w", "out_of_turn('swap')", N_("Swap 7"), show=False),
        Binding("r", "out_of_turn('redeal')", N_("Redeal"), show=False),
        Binding("k", "out_of_turn('klabor')", N_("Klabor"), show=False),
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

    OUT_OF_TURN = {"swap": SwapSeven, "redeal": Redeal, "klabor": Klabor}

    progress: reactive[tuple[int, int]] = reactive((0, 0), always_update=True)
    """The session's progress (deals, actions): every change redraws the table."""

    def __init__(self, session: TableSession, look: Look) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.look = look
        self.narrator = Narrator(session.people, look)
        self.logged = ""

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
        """Below the size the table needs, say so instead of drawing a table with cut-off cards."""
        width, height = self.app.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        notice = self.query_one("#too-small", Static)
        notice.update(Text(_("Terminal too small: need {w}×{h}, now {cw}×{ch}. Enlarge the window.").format(
            w=MIN_SIZE[0], h=MIN_SIZE[1], cw=width, ch=height), style="bold"))
        notice.display = small
        for selector in ("#topbar", "#middle", "#status", "#actions", "#hand"):
            self.query_one(selector).display = not small

    def on_mount(self) -> None:
        session = self.session
        log = self.query_one("#log", GameLog)
        log.can_focus = False
        log.write(Text(_("{preset} rules, to {target}. ? for help.").format(
            preset=preset_label(session.rules.preset_name), target=session.rules.target), style="dim"))
        for line in session.history() if session.match.deals else []:
            log.write(Text(line, style="dim"))  # a resumed game: the story so far
        for warning in session.warnings:
            log.write(Text(message_text(warning, self.look), style="bold"))
        self.call_after_refresh(self.advance)

    # -- the flow: carrying out what the session says ------------------------------------------

    def advance(self) -> None:
        """Ask the session what comes next and do it (a dialog, a bot's worker, a pause, or wait for keys)."""
        if not self.is_attached:
            return
        step = self.session.advance()
        self.refresh_table()
        if isinstance(step, steps.WaitUntil):
            self.set_timer(max(0.01, step.when - self.session.services.clock() + 0.01), self.advance)
        elif isinstance(step, steps.Think):
            self.run_bot(step.ask, self.session.pace)
        elif isinstance(step, steps.ShowSummary):
            self.app.push_screen(modals.DealSummaryScreen(self.session, self.look, step.result, step.final),
                                 self._resumed)
        elif isinstance(step, steps.GameEnded):
            self.say(match_end.GAME_OVER.say(self.session.people.sides[step.result.winner],
                                             how=modals.game_end_text(self.session, step.result.reason)))
            self.app.push_screen(match_end.game_end_screen(self.session, step), self._after_game)
        elif isinstance(step, steps.CoverFor):
            self.app.push_screen(modals.PrivacyScreen(self.session.name(step.seat)),
                                 lambda _: self._then(self.session.uncover, step.seat))
        elif isinstance(step, steps.AnswerConcede):
            self.app.push_screen(modals.ConcedeAnswerScreen(self.session.name(step.offerer)),
                                 lambda yes: self._then(self.session.answer_concede, step.seat, yes))
        elif isinstance(step, steps.AnswerStake):
            self.app.push_screen(match_end.StakeAnswerScreen(self.session, step, self.session.tutor is not None),
                                 lambda yes: self._then(self.session.answer_stake, step.seat, yes))

    def _then(self, fn: Any, *args: Any) -> None:
        fn(*args)
        self.advance()

    def _resumed(self, _result: object = None) -> None:
        self.session.resume()
        self.advance()

    def _after_game(self, choice: str | None) -> None:
        """The end-of-game dialog's choice: the next game of the match, or what the app does after a match."""
        if choice == "next":
            self._resumed()
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
        if self.is_attached and self.session.bot_answered(message.answer):
            self.advance()
        elif self.is_attached:
            self.advance()

    @property
    def error_text(self) -> str:
        """The refusal or warning the status line shows now, as the player reads it ("" when none)."""
        error = self.session.error
        return "" if error is None else message_text(error, self.look)

    @property
    def hint_text(self) -> str:
        """The hint or remark the status line shows now, as the player reads it ("" when none)."""
        hint = self.session.hint
        return "" if hint is None else message_text(hint, self.look)

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
        deal = session.deal
        if not self.is_mounted or deal is None:
            return
        me = session.viewer
        view = session.view(me if me is not None else session.perspective)
        self.query_one("#topbar", Static).update(top_bar(session, view, self.look, self.narrator.fmt))
        self.query_one("#felt", Felt).show(felt_state(session, view, self.look))
        self.query_one("#info", InfoPanel).show(
            view, session.people, len(session.game.deals), session.forced_deal(), session.money())
        my_view = session.view(me) if me is not None else None  # drawn also while a dialog is up
        hand = self.query_one("#hand", Hand)
        if my_view is None:
            hand.show([], set(), _("Cards hidden — waiting for the next player"))
        else:
            hand.show(list(my_view.hand), {a.card for a in my_view.legal if isinstance(a, PlayCard)},
                      "" if my_view.hand else _("no cards"))
        self.query_one("#actions", ActionBar).show(my_view, Toggles(session.declare, session.bella))
        status = self.query_one("#status", Static)
        status.update(status_line(session, my_view, self.look))
        status.set_class(session.error is not None, "-error")
        message = session.error or session.hint
        shown = message_text(message, self.look) if message is not None else ""
        if shown and shown != self.logged and not shown.endswith("…"):
            self.logged = shown  # a refusal, hint or warning stays readable in the log
            self.say(Text(shown, style="italic"))
        self.progress = session.progress()
        self.refresh_bindings()

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.session.my_view()
        mine = view is not None and view.to_act == view.seat
        if action == "bid":
            return mine and view is not None and view.phase is Phase.BIDDING and any(
                isinstance(a, Bid) and a.call == parameters[0] for a in view.legal)
        if action in ("play", "move", "pick"):
            return view is not None and view.phase is Phase.PLAY
        if action in ("toggle_declare", "set_declare"):
            return mine and may_declare(view)
        if action in ("toggle_bella", "set_bella"):
            return mine and may_bella(view)
        if action == "concede":
            return may_offer_concede(view)
        if action in ("out_of_turn", "claim", "offer_stake"):
            return view is not None  # when the engine refuses, the key says why
        if action == "undo":
            return self.session.viewer is not None and self.session.undo_point(self.session.viewer) is not None
        if action == "hint":
            return mine
        return True

    def _acted(self, _ok: bool = True) -> None:
        self.refresh_table()
        self.advance()

    def action_move(self, step: int) -> None:
        self.query_one("#hand", Hand).move(step)

    def action_pick(self, index: int) -> None:
        self.query_one("#hand", Hand).select(index)

    def action_play(self) -> None:
        if self.session.concede_choice() is not None:  # Enter: play on without offering to concede
            self.session.play_on()
            self.advance()
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
    def run_tutor(self, weighing: Weighing) -> None:
        from deberc_tui.practice.tutor import advise, describe_cost

        advice = advise(weighing.view, seconds=1.5, seed=weighing.key[1])
        cost = advice.cost(weighing.action) if advice is not None else None
        warning = describe_cost(weighing.action, advice) if advice is not None else None
        self.app.call_from_thread(self._weighed, weighing, None if cost is None else cost[0], warning)

    def _weighed(self, weighing: Weighing, cost: float | None, warning: str | None) -> None:
        self.session.weighed(weighing, cost, warning)
        self._acted()

    def action_tutor(self) -> None:
        """Cycle the tutor's threshold: off, 5, 10, 20 points."""
        choices: list[float | None] = [None, 5.0, 10.0, 20.0]
        self.session.tutor = choices[(choices.index(self.session.tutor) + 1) % len(choices)]
        text = (_("Tutor off") if self.session.tutor is None
                else _("Tutor warns when a choice loses more than {points:.0f} points").format(points=self.session.tutor))
        self.notify(text, timeout=3)

    def action_toggle_declare(self) -> None:
        """A click on the declaration's button switches it."""
        self.action_set_declare(not self.session.declare)

    def action_toggle_bella(self) -> None:
        self.action_set_bella(not self.session.bella)

    def action_set_declare(self, on: bool) -> None:
        """``e`` declares with the next card (it was on already: say so), ``E`` keeps the combinations back."""
        self.session.set_declare(on)
        combos = my_combos(self.session.my_view(), self.look)
        self.session.hint = EngineText(N_("Your {combos} will be declared with your card (E: don't).") if on
                                       else N_("Your {combos} will not be declared (e: declare)."), {"combos": combos})
        self.refresh_table()

    def action_set_bella(self, on: bool) -> None:
        """``b`` declares bella with the next card that may (``bella_when``), ``B`` keeps it back."""
        self.session.set_bella(on)
        view = self.session.my_view()
        if not on:
            hint = N_("No bella this time (b: declare it).")
        elif view is not None and view.rules.bella_when is not BellaWhen.WITH_CARD:
            hint = N_("Bella will be declared with the card you play now (B: not yet).")
        else:
            hint = N_("Bella will be declared with your trump K or Q (B: don't).")
        self.session.hint = EngineText(hint)
        self.refresh_table()

    def action_out_of_turn(self, kind: str) -> None:
        self._acted(self.session.out_of_turn(self.OUT_OF_TURN[kind]))

    def action_concede(self) -> None:
        """``o``: the defender offers to concede the deal for fifty (``concede_50``); the bidder answers."""
        self._acted(self.session.offer_concede())

    def action_offer_stake(self) -> None:
        """``+``: offer to double («Дайви») or say «даве», where the rules allow it (§12)."""
        self._acted(self.session.offer_stake())

    def action_claim(self) -> None:
        """«Партия»: the first press explains the risk, the second claims; a claim the engine refuses says why."""
        self._acted(self.session.claim())

    def action_last_trick(self) -> None:
        self.app.push_screen(modals.LastTrickScreen(self.session, self.look))

    def action_sheet(self) -> None:
        self.app.push_screen(modals.ScoreSheetScreen(self.session))

    def action_stats(self) -> None:
        self.app.push_screen(modals.StatsScreen())

    def action_help(self) -> None:
        self.app.push_screen(modals.HelpScreen())

    def action_pace(self) -> None:
        order = list(PACES.values())
        now = min(range(len(order)), key=lambda i: abs(order[i] - self.session.pace))
        self.session.pace = order[(now + 1) % len(order)]
        name = next(k for k, v in PACES.items() if v == self.session.pace)
        self.notify(_("Bots' pace: {pace}").format(pace=word(PACE_WORDS, name)), timeout=2)

    def action_undo(self) -> None:
        if not self.session.undo():
            self.notify(_("Nothing to undo"), timeout=2)
            return
        self._acted()

    def action_hint(self) -> None:
        view = self.session.my_view()
        if view is None or view.to_act != view.seat:
            return
        self.session.hint = EngineText(N_("The expert is thinking…"))
        self.refresh_table()
        self.run_hint(self.session.gen, self.session.decision_key(), view)

    @work(thread=True, exclusive=True, group="hint")
    def run_hint(self, gen: int, key: tuple[int, int], view: SeatView) -> None:
        try:
            action, why = self.session.expert_choice(view)
            text = _("Hint: {what}").format(what=action_words(action, self.look)) + (
                f" — {message_text(why, self.look)}" if why is not None else "")
        except Exception as exc:  # noqa: BLE001 - a hint that fails says so, and the game goes on
            text = _("No hint: {error}").format(error=exc)
        self.app.call_from_thread(self._hinted, gen, key, text)

    def _hinted(self, gen: int, key: tuple[int, int], text: str) -> None:
        if gen == self.session.gen and key == self.session.decision_key():
            self.session.hint = EngineText("{hint}", {"hint": text})
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
