"""The card table: the felt, your hand, the bidding and action bar, the side panel and the log.

The screen never changes the game itself: it asks the :class:`~deberc_tui.app.controller.Table`
for views, sends it the actions people choose, and runs bots in thread workers.
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
from textual.screen import Screen
from textual.widgets import Footer, Static

from deberc_tui.app.controller import Table, bot_choose, bot_optional, make_bot, record_result
from deberc_tui.app.look import Look
from deberc_tui.app.messages import NewGameWanted
from deberc_tui.app.narrator import Narrator, by, call_word, combo_name, word
from deberc_tui.app.screens.modals import (
    ConcedeAnswerScreen,
    ConfirmScreen,
    DealSummaryScreen,
    GameOverScreen,
    HelpScreen,
    LastTrickScreen,
    PrivacyScreen,
    ScoreSheetScreen,
    StatsScreen,
    game_end_text,
)
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.widgets.actions import (
    ActionBar,
    Toggles,
    may_bella,
    may_declare,
    may_offer_concede,
    must_answer_concede,
    my_combos,
)
from deberc_tui.app.widgets.felt import FeltState, SeatInfo
from deberc_tui.app.widgets.gamelog import GameLog
from deberc_tui.app.widgets.hand import Hand
from deberc_tui.app.widgets.panel import InfoPanel, stock_count, turnup_under_stock
from deberc_tui.engine import (
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_REFUSE,
    Bid,
    Card,
    Claim,
    Concede50,
    IllegalActionError,
    Klabor,
    PlayCard,
    Redeal,
    SeatView,
    Suit,
    SwapSeven,
)
from deberc_tui.engine import events as ev
from deberc_tui.engine.events import Event
from deberc_tui.engine.text import Text as EngineText
from deberc_tui.engine.text import render
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.words import preset as preset_label

MIN_SIZE = (80, 24)  # the table's least terminal size: the hand, the felt and the side panel fit
PACES: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
PACE_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}


class TableScreen(Screen[None]):
    """Play a game of Debertz."""

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
        Binding("w", "swap", N_("Swap 7"), show=False),
        Binding("r", "redeal", N_("Redeal"), show=False),
        Binding("k", "klabor", N_("Klabor"), show=False),
        Binding("a", "claim", N_("Партия"), show=False),
        Binding("o", "concede", N_("Concede for 50"), show=False),  # concede_50: the defender's offer
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

    def __init__(self, table: Table, look: Look, pace: float = 0.6) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table
        self.look = look
        self.pace = pace
        humans = table.humans
        self.viewer: int | None = None if table.hot_seat else (humans[0] if humans else 0)
        self.perspective = humans[0] if humans else 0  # whose seat is at the bottom of the felt
        self.gen = 0  # bumped by undo: bot results from an older state are dropped
        self.bot_pending: tuple[int, int, int] | None = None
        self.paused = False  # a summary, privacy or game-over screen is up
        self.declare = True
        self.bella = True
        self.error = ""
        self.hint = ""
        self.logged_message = ""
        self.said: dict[int, str] = {}
        self.hold: tuple[tuple[tuple[int, Card], ...], int, int] | None = None  # last finished trick
        game = table.game
        self.summarized = sum(1 for d in game.deals if d.is_over)
        self.summary_due = 0.0
        self.game_over_shown = False
        self.hint_bot: Any = None
        self.claim_armed: tuple[int, int] | None = None
        self.concede_declined = -1  # the deal in which the human defender chose to play on instead of conceding
        self.tutor: float | None = None  # warn before a bid or card losing more than this many points
        self.tutor_ok: tuple[int, int, Any] | None = None  # the action the player confirmed anyway
        self.narrator = Narrator(table.names, table.side_name, look)

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="topbar")
        with Horizontal(id="middle"):
            from deberc_tui.app.widgets.felt import Felt

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
        self.query_one("#log").can_focus = False
        log = self.query_one("#log", GameLog)
        log.write(Text(_("{preset} rules, to {target}. ? for help.").format(
            preset=preset_label(self.table.rules.preset_name), target=self.table.rules.target), style="dim"))
        for line in self.table.history_lines() if self.table.game.deals else []:
            log.write(Text(line, style="dim"))  # a resumed game: the story so far
        for warning in self.table.warnings:
            log.write(Text(warning, style="bold"))
        self.call_after_refresh(self.advance)

    # -- the game loop -------------------------------------------------------------------------

    def advance(self) -> None:
        """Move the game on: summaries, new deals, bots' turns, or wait for a human."""
        if self.paused or not self.is_attached:
            return
        table = self.table
        game = table.game
        deal = game.deal
        if deal is not None and deal.is_over and self.summarized < len(game.deals):
            if self.pace > 0 and time.monotonic() < self.summary_due:
                self.set_timer(self.summary_due - time.monotonic() + 0.01, self.advance)
                return
            self.summarized = len(game.deals)
            self.paused = True
            self.refresh_table()
            final = game.is_over
            self.app.push_screen(DealSummaryScreen(table, self.look, game.results[-1], final), self._after_summary)
            return
        if game.is_over:
            self._show_game_over()
            return
        if game.needs_deal:
            table.start_deal()
            self.said.clear()
            self.hold = None
            self.hint = ""
            d = game.deal
            assert d is not None
            name = table.names[d.dealer]
            self.say_fmt(by(name, N_("Deal {n}: You deal, turnup {card}"), N_("Deal {n}: {name} deals, turnup {card}")),
                         n=len(game.deals), name=name, card=d.turnup)
            self.handle_events([e for e in d.events if not isinstance(e, ev.Dealt)])  # a forced deal: its trump
            if table.hot_seat:
                self.viewer = None
        deal = game.deal
        assert deal is not None
        for seat, options in table.pending_bot_options():
            action = bot_optional(table.bots[seat], game.view(seat), options)
            if action is not None:
                self.apply(seat, action)
                return
        turn = deal.to_act
        if turn is None:
            return
        seat = turn
        if table.is_bot(seat) and self.concede_choice() is not None:
            self.refresh_table()  # the bot waits: the human defender may first offer to concede for fifty
            return
        if table.is_bot(seat):
            self.refresh_table()
            self.start_bot(seat)
            return
        if self.viewer != seat:
            if table.hot_seat:
                self.viewer = None
                self.refresh_table()
                self.paused = True
                self.app.push_screen(PrivacyScreen(table.names[seat]), lambda _: self._privacy_done(seat))
                return
            self.viewer = seat
        self.refresh_table()
        if must_answer_concede(game.view(seat)):
            self._ask_concede(seat)

    def _ask_concede(self, seat: int) -> None:
        """The bidder answers the defender's offer to concede for fifty in a dialog that says what each answer means."""
        deal = self.table.game.deal
        assert deal is not None
        offerer = next((e.seat for e in reversed(deal.events) if isinstance(e, ev.ConcedeOffered)), None)
        self.paused = True
        name = self.table.names[offerer] if offerer is not None else _("The defender")
        self.app.push_screen(ConcedeAnswerScreen(name), lambda yes: self._concede_answered(seat, yes))

    def _concede_answered(self, seat: int, accept: bool | None) -> None:
        self.paused = False
        deal = self.table.game.deal
        if accept is None or deal is None or deal.to_act != seat:
            self.advance()
            return
        self.apply(seat, CONCEDE_ACCEPT if accept else CONCEDE_REFUSE)

    def _privacy_done(self, seat: int) -> None:
        self.paused = False
        self.viewer = seat
        self.perspective = seat
        self.advance()

    def _after_summary(self, _: object = None) -> None:
        self.paused = False
        self.advance()

    def _show_game_over(self) -> None:
        if self.game_over_shown:
            return
        self.game_over_shown = True
        record_result(self.table)
        outcome = self.table.game.outcome
        assert outcome is not None
        self.say(_("Game over: {side} won ({how}).").format(side=self.table.side_name(outcome.winner),
                                                            how=game_end_text(self.table, outcome.reason)))
        self.refresh_table()
        self.app.push_screen(GameOverScreen(self.table), self._after_game_over)

    def _new_game_after(self, _result: object = None) -> None:
        self.post_message(NewGameWanted())

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "new":
            self.post_message(NewGameWanted())
        elif choice == "stats":
            self.app.push_screen(StatsScreen(), self._new_game_after)
        else:
            self.app.exit()

    # -- bots ----------------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        deal = self.table.game.deal
        assert deal is not None
        key = (self.gen, seat, len(deal.log) + 1000 * len(self.table.game.deals))
        if self.bot_pending == key:
            return
        self.bot_pending = key
        self.run_bot(key, seat, self.table.bots[seat], self.table.game.view(seat), self.pace)

    @dataclass
    class BotAnswered(Message):
        """A bot's worker is done: its action for the decision ``key`` (stale keys are dropped)."""

        key: tuple[int, int, int]
        seat: int
        action: Any
        failure: str | None

    # Not ``exclusive``: the next bot's worker starts while the last one is returning from post_message, and
    # cancelling that one would only raise WorkerCancelled for whoever waits on the workers. Stale answers
    # (after an undo or a new deal) are dropped by their key instead.
    @work(thread=True, group="bots")
    def run_bot(self, key: tuple[int, int, int], seat: int, bot: Any, view: SeatView, pace: float) -> None:
        start = time.monotonic()
        action, failure = bot_choose(bot, view, budget=2.0)
        # A bot leading a new trick waits twice as long: the finished trick stays on the felt to be seen.
        gathering = not view.current_trick and bool(view.tricks) and view.phase == "play"
        rest = pace * (2 if gathering else 1) - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)  # the bots' pace: a card appears when a person could follow it
        self.post_message(self.BotAnswered(key, seat, action, failure))

    @on(BotAnswered)
    def _bot_answered(self, message: BotAnswered) -> None:
        self.bot_done(message.key, message.seat, message.action, message.failure)

    def bot_done(self, key: tuple[int, int, int], seat: int, action: Any, failure: str | None) -> None:
        if key != self.bot_pending or not self.is_attached:
            return
        self.bot_pending = None
        deal = self.table.game.deal
        if deal is None or deal.to_act != seat:
            return
        if failure:
            self.say(_("{name}'s bot: {failure}").format(name=self.table.names[seat], failure=failure), style="dim")
        self.apply(seat, action)

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> bool:
        try:
            events = self.table.apply(seat, action)
        except IllegalActionError as exc:
            reason = message_text(exc, self.look)
            self.error = f"✗ {reason}" if not self.look.ascii else f"x {reason}"
            self.refresh_table()
            return False
        self.error = ""
        self.hint = ""
        self.handle_events(events)
        deal = self.table.game.deal
        if deal is not None and deal.is_over:
            self.summary_due = time.monotonic() + max(self.pace * 2, 0.0)
        self.refresh_table()
        self.advance()
        return True

    def handle_events(self, events: list[Event]) -> None:
        """Keep the felt's speech (bids, declarations, bella) and the trick on show, and log what happened."""
        for e in events:
            if isinstance(e, ev.BidMade):
                self.said[e.seat] = call_word(e.call, self.look)
            elif isinstance(e, ev.TrumpChosen):
                self.said.clear()
                self.said[e.seat] = _("trump {suit}").format(suit=self.look.suit(e.trump))
                self._tell_turnup()
            elif isinstance(e, ev.Declared):
                self.said[e.seat] = combo_name(e.best.kind, e.best.top.value)
            elif isinstance(e, ev.CardPlayed):
                self.hold = None
                if e.trick >= 1 and self.said and not any(w == _("bella!") for w in self.said.values()):
                    self.said.clear()
            elif isinstance(e, ev.BellaDeclared):
                self.said[e.seat] = _("bella!")
            elif isinstance(e, ev.TrickWon):
                self.hold = (e.cards, e.seat, e.points)
                self.said = {s: w for s, w in self.said.items() if w != _("bella!")}
            line = self.narrator.line(e)
            if line is not None:
                self.log_text(line)

    def _forced_deal(self) -> ev.ForcedDeal | None:
        """The current deal's ForcedDeal event (``hanging: "forced"``: no bidding after a held tie), if it is one."""
        deal = self.table.game.deal
        if deal is None:
            return None
        return next((e for e in deal.events if isinstance(e, ev.ForcedDeal)), None)

    def _tell_turnup(self) -> None:
        """Where the turnup went once trump is chosen: into a hand, or under the stock (2-3 players' variants)."""
        deal = self.table.game.deal
        if deal is None:
            return
        if deal.turnup_taken_by is not None and deal.n != 4:  # 4 players: the usual packet
            name = self.table.names[deal.turnup_taken_by]
            self.log_text(self.fmt(by(name, N_("The turnup {card} goes into your hand"),
                                      N_("The turnup {card} goes into {name}'s hand")), card=deal.turnup, name=name))
        elif turnup_under_stock(self.table.game.view(self.perspective)):
            self.log_text(self.fmt(_("The turnup {card} lies face up under the stock, out of play"), card=deal.turnup))

    # -- drawing -------------------------------------------------------------------------------

    def say(self, *parts: object, style: str = "") -> None:
        line = Text(style=style)
        for p in parts:
            if isinstance(p, Card):
                line.append_text(self.look.card_text(p))
            else:
                line.append(str(p))
        self.log_text(line)

    def fmt(self, template: str, **params: object) -> Text:
        return self.narrator.fmt(template, **params)

    def say_fmt(self, template: str, style: str = "", **params: object) -> None:
        line = self.fmt(template, **params)
        line.stylize(style)
        self.log_text(line)

    def log_text(self, line: Text) -> None:
        if self.is_mounted:
            self.query_one("#log", GameLog).write(line)

    def refresh_table(self) -> None:
        for line in self.table.take_save_news():  # a failed save is told at once, in a notice and the log
            self.notify(line, severity="error", timeout=10)
            self.log_text(Text(line, style="bold"))
        if not self.is_mounted:
            return
        table = self.table
        game = table.game
        deal = game.deal
        if deal is None:
            return
        names = table.names
        n = table.rules.players
        me = self.viewer
        persp = me if me is not None else self.perspective
        view = game.view(persp)
        # top bar
        top = Text()
        top.append(" deberc ", style="bold reverse")
        top.append(" " + _("{preset} · {n} players · deal {deal} · ").format(
            preset=preset_label(table.rules.preset_name).capitalize(), n=n, deal=len(game.deals)))
        forced = self._forced_deal()
        if forced is not None:
            top.append(_("forced deal") + " · ", style="bold")
        if view.trump is not None:
            top.append_text(self.fmt(_("trump {suit}"), suit=self.look.suit_text(view.trump)))
        else:
            top.append(_("bidding"))
        top.append(_(" · dealer {name}").format(name=names[deal.dealer]))
        self.query_one("#topbar", Static).update(top)
        # felt
        seats = [
            SeatInfo(names[s], view.hand_sizes[s], dealer=s == deal.dealer, bidder=s == deal.bidder,
                     to_act=s == deal.to_act, said=self.said.get(s, ""))
            for s in range(n)
        ]
        state = FeltState(viewer=persp, seats=seats, trump=view.trump, stock=stock_count(view),
                          turnup=view.turnup if view.turnup_taken_by is None and view.trump is not None
                          and not turnup_under_stock(view) else None,
                          # a stock card face up for all: the bottom card, the top after the first trick
                          # (club), or the turnup put under the stock (``turnup_2_3: "bottom"``)
                          shown_stock=view.stock_top or view.bottom or (
                              view.turnup if turnup_under_stock(view) else None))
        if view.current_trick:
            state.trick = list(view.current_trick)
        elif self.hold is not None:
            state.trick = list(self.hold[0])
            state.taken_by, state.taken_points = self.hold[1], self.hold[2]
        if view.trump is None and not deal.is_over:
            state.centre = view.turnup
            state.centre_label = _("turnup · round {n}").format(n=view.bid_round)
        self.query_one("#felt").show(state)  # type: ignore[attr-defined]
        self.query_one("#info", InfoPanel).show(
            view, names, [table.side_name(s) for s in range(table.rules.sides)], len(game.deals), forced)
        # hand
        hand = self.query_one("#hand", Hand)
        my_view = game.view(me) if me is not None else None
        if my_view is None:
            hand.show([], set(), _("Cards hidden — waiting for the next player"))
        else:
            legal = {a.card for a in my_view.legal if isinstance(a, PlayCard)}
            note = "" if my_view.hand else _("no cards")
            hand.show(list(my_view.hand), legal, note)
        self._refresh_actions(my_view)
        self._refresh_status(my_view)
        self.refresh_bindings()

    def _refresh_actions(self, view: SeatView | None) -> None:
        self.query_one("#actions", ActionBar).show(view, Toggles(self.declare, self.bella))

    def _refresh_status(self, view: SeatView | None) -> None:
        status = self.query_one("#status", Static)
        deal = self.table.game.deal
        assert deal is not None
        t = Text()
        if self.error:
            t.append(self.error, style="bold red")
        elif self.hint:
            t.append(self.hint, style="italic")
        elif deal.is_over:
            t.append(_("The deal is over."), style="bold")
        elif self.concede_choice() is not None:
            t.append(_("{name} named trump: o = offer to concede the deal for fifty, Enter = play on").format(
                name=self.table.names[deal.bidder] if deal.bidder is not None else "?"), style="bold")
        elif deal.to_act is not None and self.table.is_bot(deal.to_act):
            t.append(_("{name} is thinking…").format(name=self.table.names[deal.to_act]), style="dim")
        elif view is not None and view.to_act == view.seat:
            if view.phase == "bidding":
                suit = self.look.suit(view.turnup.suit)
                if view.bid_round == 1:
                    t.append(_("Your bid: p = play {suit} as trump, x = pass").format(suit=suit), style="bold")
                else:
                    t.append_text(self._round_two_prompt(view))
            elif must_answer_concede(view):
                t.append(_("Answer the offer to concede for fifty"), style="bold")
            elif len(view.hand) >= 10:
                t.append(_("Your turn: ←/→ or 1-9, 0 to choose, Enter to play"), style="bold")
            else:
                t.append(_("Your turn: ←/→ or 1-9 to choose, Enter to play"), style="bold")
        status.update(t)
        status.set_class(bool(self.error), "-error")
        message = self.error or self.hint
        if message and message != self.logged_message and not message.endswith("…"):
            self.logged_message = message  # a refusal, hint or warning stays readable in the log
            self.log_text(Text(message, style="italic"))

    def _round_two_prompt(self, view: SeatView) -> Text:
        """Round 2 names only the suits one may call (never the turnup's), each with its key."""
        suits = [a.call for a in view.legal if isinstance(a, Bid) and a.call not in ("play", "pass")]
        t = Text(_("Round 2: name a suit") + " ", style="bold")
        for i, call in enumerate(suits):
            if i:
                t.append(", ")
            t.append(f"{call.lower()} = ")
            t.append_text(self.look.suit_text(_suit(call)))
        if any(isinstance(a, Bid) and a.call == "pass" for a in view.legal):
            t.append(_(", or x = pass"))
        else:
            t.append(" " + _("(the dealer may not pass)"))
        return t

    # -- human actions -------------------------------------------------------------------------

    def _my_turn_view(self) -> SeatView | None:
        if self.viewer is None or self.paused:
            return None
        deal = self.table.game.deal
        if deal is None or deal.is_over:
            return None
        return self.table.game.view(self.viewer)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self._my_turn_view()
        mine = view is not None and view.to_act == view.seat
        if action == "bid":
            return mine and view is not None and view.phase == "bidding" and any(
                isinstance(a, Bid) and a.call == parameters[0] for a in view.legal)
        if action in ("play", "move", "pick"):
            return view is not None and view.phase == "play"
        if action in ("toggle_declare", "set_declare"):
            return mine and may_declare(view)
        if action in ("toggle_bella", "set_bella"):
            return mine and may_bella(view)
        if action == "concede":
            return may_offer_concede(view)
        if action == "swap":
            return view is not None and any(isinstance(a, SwapSeven) for a in view.optional)
        if action == "redeal":
            return view is not None and any(isinstance(a, Redeal) for a in view.optional)
        if action == "klabor":
            return view is not None and any(isinstance(a, Klabor) for a in view.optional)
        if action == "claim":
            return view is not None  # when the engine refuses a claim, the key says why
        if action == "undo":
            return self.viewer is not None and self.table.undo_point(self.viewer) is not None
        if action == "hint":
            return mine
        return True

    def action_move(self, step: int) -> None:
        self.query_one("#hand", Hand).move(step)

    def action_pick(self, index: int) -> None:
        self.query_one("#hand", Hand).select(index)

    def concede_choice(self) -> int | None:
        """The human defender who may still offer to concede for fifty while a bot would play the first card:
        the table waits for o (offer) or Enter (play on), so the offer is never lost to a fast bot."""
        seat = self.viewer
        deal = self.table.game.deal
        if seat is None or deal is None or deal.is_over or self.concede_declined == len(self.table.game.deals):
            return None
        turn = deal.to_act
        if turn is None or turn == seat or not self.table.is_bot(turn):
            return None
        return seat if may_offer_concede(self.table.game.view(seat)) else None

    def action_play(self) -> None:
        if self.concede_choice() is not None:  # Enter: play on without offering
            self.concede_declined = len(self.table.game.deals)
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
        view = self._my_turn_view()
        if view is None:
            return
        if view.to_act != view.seat:
            who = self.table.names[view.to_act] if view.to_act is not None else _("nobody")
            self.error = _("Not your turn: waiting for {name}").format(name=who)
            self.logged_message = self.error  # a passing remark: the log keeps the game, not every key press
            self.refresh_table()
            return
        if view.phase != "play":
            self.error = _("Bidding first: p to play the turnup's suit, x to pass")
            self.logged_message = self.error
            self.refresh_table()
            return
        variants = [a for a in view.legal if isinstance(a, PlayCard) and a.card is card]
        if not variants:
            self.apply(view.seat, PlayCard(card))  # refused: shows the rule's reason
            return
        declare = self.declare and any(a.declare for a in variants)
        bella = self.bella and any(a.bella for a in variants)
        action = next(a for a in variants if a.declare == declare and a.bella == bella)
        self.commit(view, action)

    def action_bid(self, call: str) -> None:
        view = self._my_turn_view()
        if view is not None:
            self.commit(view, Bid(call))

    # -- the tutor: a warning before a costly bid or card ----------------------------------------

    def _decision_key(self) -> tuple[int, int]:
        deal = self.table.game.deal
        return (len(self.table.game.deals), len(deal.log) if deal is not None else 0)

    def commit(self, view: SeatView, action: Any) -> None:
        """Apply a human's bid or card, unless the tutor is on and finds it too costly (then warn once)."""
        legal = action in view.legal
        if self.tutor is None or not legal or self.tutor_ok == (*self._decision_key(), action):
            self.apply(view.seat, action)
            return
        self.hint = _("The tutor is weighing your choice…")
        self.refresh_table()
        self.run_tutor(self.gen, self._decision_key(), view, action)

    @work(thread=True, exclusive=True, group="tutor")
    def run_tutor(self, gen: int, key: tuple[int, int], view: SeatView, action: Any) -> None:
        from deberc_tui.practice.tutor import advise

        advice = advise(view, seconds=1.5, seed=key[1])
        self.post_message(self.TutorAnswered(gen, key, view, action, advice))

    @dataclass
    class TutorAnswered(Message):
        """The tutor has priced the player's choice ``action`` at decision ``key``."""

        gen: int
        key: tuple[int, int]
        view: SeatView
        action: Any
        advice: Any

    @on(TutorAnswered)
    def _tutor_done(self, message: TutorAnswered) -> None:
        from deberc_tui.practice.tutor import describe_cost

        gen, key, view, action, advice = message.gen, message.key, message.view, message.action, message.advice
        if gen != self.gen or key != self._decision_key():
            return
        self.hint = ""
        cost = advice.cost(action) if advice is not None else None
        if cost is None or self.tutor is None or cost[0] <= self.tutor:
            self.apply(view.seat, action)
            return
        self.tutor_ok = (*key, action)
        self.error = _("Tutor: {advice} Choose it again to go ahead.").format(advice=describe_cost(action, advice))
        self.refresh_table()

    def action_tutor(self) -> None:
        """Cycle the tutor's threshold: off, 5, 10, 20 points."""
        steps: list[float | None] = [None, 5.0, 10.0, 20.0]
        self.tutor = steps[(steps.index(self.tutor) + 1) % len(steps)]
        text = (_("Tutor off") if self.tutor is None
                else _("Tutor warns when a choice loses more than {points:.0f} points").format(points=self.tutor))
        self.notify(text, timeout=3)

    def action_toggle_declare(self) -> None:
        """A click on the declaration's button switches it."""
        self.action_set_declare(not self.declare)

    def action_toggle_bella(self) -> None:
        self.action_set_bella(not self.bella)

    def action_set_declare(self, on: bool) -> None:
        """``e`` declares with the next card (it was on already: say so), ``E`` keeps the combinations back."""
        view = self._my_turn_view()
        combos = my_combos(view, self.look)
        self.declare = on
        self.hint = (_("Your {combos} will be declared with your card (E: don't).") if on
                     else _("Your {combos} will not be declared (e: declare).")).format(combos=combos)
        self.refresh_table()

    def action_set_bella(self, on: bool) -> None:
        """``b`` declares bella with the next card that may (``bella_when``), ``B`` keeps it back."""
        self.bella = on
        view = self._my_turn_view()
        if not on:
            self.hint = _("No bella this time (b: declare it).")
        elif view is not None and view.rules.bella_when != "with_card":
            self.hint = _("Bella will be declared with the card you play now (B: not yet).")
        else:
            self.hint = _("Bella will be declared with your trump K or Q (B: don't).")
        self.refresh_table()

    def _optional(self, kind: type) -> None:
        view = self._my_turn_view()
        if view is None:
            return
        options = [a for a in view.optional if isinstance(a, kind)]
        if options:
            self.apply(view.seat, options[0])

    def action_swap(self) -> None:
        self._optional(SwapSeven)

    def action_redeal(self) -> None:
        self._optional(Redeal)

    def action_klabor(self) -> None:
        self._optional(Klabor)

    def action_concede(self) -> None:
        """``o``: the defender offers to concede the deal for fifty (``concede_50``); the bidder answers."""
        view = self._my_turn_view()
        if view is not None and may_offer_concede(view):
            self.apply(view.seat, CONCEDE_OFFER)

    def action_claim(self) -> None:
        """«Партия»: the first press explains the risk, the second claims; a claim the engine refuses says why."""
        view = self._my_turn_view()
        if view is None:
            return
        if not any(isinstance(a, Claim) for a in view.legal):
            self.claim_armed = None
            self.apply(view.seat, Claim())  # refused: the status line and the log give the engine's reason
            return
        key = (len(self.table.game.deals), len(self.table.game.deal.log))  # type: ignore[union-attr]
        if self.claim_armed != key:
            self.claim_armed = key
            side = view.rules.side_of(view.seat)
            if view.rules.false_claim == "loses":
                rule = _("a false claim loses the game")
            elif view.rules.false_claim == "double_to_opponent":
                rule = _("a false claim strikes your {total} to 0 and doubles it to the other side").format(
                    total=view.totals[side])
            else:
                rule = _("a false claim is ignored")
            self.error = _("Claim «Партия»? Your side has {written} written + this deal's points, "
                           "target {target}; {rule}. Press a again to claim.").format(
                written=view.totals[side], target=view.rules.target, rule=rule)
            self.refresh_table()
            return
        self.claim_armed = None
        self.apply(view.seat, Claim())

    def action_last_trick(self) -> None:
        self.app.push_screen(LastTrickScreen(self.table, self.look))

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.table))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_pace(self) -> None:
        order = list(PACES.values())
        now = min(range(len(order)), key=lambda i: abs(order[i] - self.pace))
        self.pace = order[(now + 1) % len(order)]
        name = next(k for k, v in PACES.items() if v == self.pace)
        self.notify(_("Bots' pace: {pace}").format(pace=word(PACE_WORDS, name)), timeout=2)

    def action_undo(self) -> None:
        if self.viewer is None or not self.table.undo(self.viewer):
            self.notify(_("Nothing to undo"), timeout=2)
            return
        self.gen += 1
        self.bot_pending = None
        self.error = ""
        self.hold = None
        self.say(_("You take back your last move."), style="italic")
        self.refresh_table()
        self.advance()

    def action_hint(self) -> None:
        view = self._my_turn_view()
        if view is None or view.to_act != view.seat:
            return
        self.hint = _("The expert is thinking…")
        self.refresh_table()
        self.run_hint(self.gen, self._decision_key(), view)

    @work(thread=True, exclusive=True, group="hint")
    def run_hint(self, gen: int, key: tuple[int, int], view: SeatView) -> None:
        self.post_message(self.HintReady(gen, key, hint_text(self, view)))

    @dataclass
    class HintReady(Message):
        """The expert's hint for decision ``key`` (dropped if the game has moved on)."""

        gen: int
        key: tuple[int, int]
        text: str

    @on(HintReady)
    def _hint_done(self, message: HintReady) -> None:
        if message.gen == self.gen and message.key == self._decision_key():
            self.hint = message.text
            self.refresh_table()

    def action_quit_game(self) -> None:
        """q asks first: a stray key must not end the evening's game (it is saved either way)."""
        if self.table.game.is_over:
            self.app.exit()
            return
        self.app.push_screen(ConfirmScreen(_("Save the game and quit? You can resume it later."), _("Quit"),
                                           _("Keep playing")), self._quit_answered)

    def _quit_answered(self, yes: bool | None) -> None:
        if yes:
            self.table.autosave()
            self.app.exit()


def hint_text(screen: TableScreen, view: SeatView) -> str:
    """The expert bot's choice here and its reason, in one line."""
    try:
        if screen.hint_bot is None:
            screen.hint_bot = make_bot("expert", seed=1)
        bot = screen.hint_bot
        # One decision gives both the choice and its reason: asking the sampling bot twice (choose, then
        # explain) could say "pass" while the reason argues for a suit.
        decide = getattr(bot, "decide", None)
        if callable(decide):
            bot.budget = 1.5
            action, why = decide(view, list(view.legal))
            reason = message_text(why, screen.look)
        else:
            action, _failure = bot_choose(bot, view, budget=1.5)
            reason = ""
    except Exception as exc:  # noqa: BLE001
        return _("No hint: {error}").format(error=exc)
    if isinstance(action, PlayCard):
        what = _("play {card}").format(card=screen.look.card_str(action.card)) + (
            _(" and declare") if action.declare else "") + (_(" with bella") if action.bella else "")
    elif isinstance(action, Bid):
        what = {"play": _("play the turnup's suit"), "pass": _("pass")}.get(action.call) or _("name {suit}").format(
            suit=screen.look.suit(_suit(action.call)))
    elif isinstance(action, Concede50):
        what = {"offer": _("offer to concede for fifty"), "accept": _("accept the concession"),
                "refuse": _("refuse the concession")}[action.step]
    else:
        what = str(action)
    return _("Hint: {what}").format(what=what) + (f" — {reason}" if reason else "")


def message_text(message: EngineText | IllegalActionError, look: Look) -> str:
    """An engine refusal or a bot's reason (a template and its params) in the player's language, its cards
    and suits as the look draws them (``Q♥``)."""
    def show(value: object) -> object:
        if isinstance(value, Card):
            return look.card_str(value)
        if isinstance(value, Suit):
            return look.suit(value)
        return value

    return render(message.template, message.params, _, show)


def _suit(letter: str) -> Any:
    from deberc_tui.engine import Suit

    return Suit(letter)

