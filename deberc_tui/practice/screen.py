"""The bidding tutor on screen: a position, your bid, then every bid's value and a verdict."""

from __future__ import annotations

import random
from dataclasses import dataclass

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Static

from ..app.look import rank_letter
from ..app.tr import translate_bindings
from ..engine import Card, Rules, sort_hand
from ..i18n import N_, _
from ..words import preset as preset_label
from .evaluate import Evaluation, evaluate
from .history import History
from .position import BidPosition, random_position

BID_LABELS = {"play": N_("Play"), "pass": N_("Pass"), "C": N_("♣ Clubs"), "D": N_("♦ Diamonds"), "H": N_("♥ Hearts"),
              "S": N_("♠ Spades")}
ROLES = {"first": N_("first to speak"), "second": N_("second to speak"), "third": N_("third to speak"),
         "dealer": N_("the dealer")}
RATINGS = {"best": N_("best"), "fine": N_("fine"), "too close to call": N_("too close to call"),
           "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def pretty(card: Card) -> str:
    """A card as players write it in the current language (``Q♥`` / ``Д♥``)."""
    return rank_letter(card.rank.value) + card.suit.symbol


def bid_label(call: str) -> str:
    return _(BID_LABELS[call]) if call in BID_LABELS else call


def rating_label(rating: str) -> str:
    return _(RATINGS[rating]) if rating in RATINGS else rating
HARD_MARGIN = 15.0


@dataclass
class Evaluated(Message):
    evaluation: Evaluation
    chosen: str


@dataclass
class PositionReady(Message):
    position: BidPosition


class PracticeScreen(Screen[None]):
    """One position at a time: choose a bid with a digit key or a click; the tutor answers."""

    BINDINGS = [
        Binding("n", "next", N_("Next position")),
        Binding("r", "review", N_("Accuracy")),
        Binding("m", "mistakes", N_("Replay mistakes")),
        Binding("escape", "leave", N_("Back")),
    ]
    DEFAULT_CSS = """
    PracticeScreen { layout: vertical; }
    #situation { height: auto; padding: 1 2; }
    #hand { height: auto; padding: 0 2; text-style: bold; }
    #bids { height: auto; padding: 0 2; }
    #bids Button { margin-right: 1; min-width: 10; }
    #verdict { height: auto; padding: 1 2; }
    #table { height: auto; max-height: 10; margin: 0 2; }
    """

    def __init__(
        self, rules: Rules, role: str | None = None, round_: int | None = None, hard: bool = False,
        seed: int | None = None, seconds: float = 5.0, mistakes: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.queue: list[BidPosition] = []  # past mistakes to play again, before random positions
        self.rules = rules
        self.role = role
        self.round = round_
        self.hard = hard
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.position: BidPosition | None = None
        self.answered = False
        self.history = History.load()
        if mistakes:
            self._queue_mistakes()

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical():
            yield Static("", id="situation")
            yield Static("", id="hand")
            yield Horizontal(id="bids")
            yield Static("", id="verdict")
            yield DataTable(id="table", cursor_type="none")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "deberc — bidding practice"
        self.action_next()

    def action_next(self) -> None:
        self.answered = False
        self.query_one("#verdict", Static).update("Dealing…")
        self.query_one("#table", DataTable).clear(columns=True)
        self.find_position()

    @work(thread=True, exclusive=True, group="practice")
    def find_position(self) -> None:
        if self.queue:
            self.post_message(PositionReady(self.queue.pop(0)))
            return
        for _attempt in range(12 if self.hard else 1):
            pos = random_position(self.rules, self.rng, self.role, self.round)
            if not self.hard:
                break
            quick = evaluate(pos, seed=self.rng.randrange(1 << 30), max_seconds=0.8, min_worlds=20)
            ranked = quick.ranked
            if len(ranked) > 1 and ranked[0].ev - ranked[1].ev < HARD_MARGIN:
                break
        self.post_message(PositionReady(pos))

    @on(PositionReady)
    def show_position(self, message: PositionReady) -> None:
        pos = message.position
        self.position = pos
        n = pos.rules.players
        score = " : ".join(str(t) for t in pos.totals)
        self.query_one("#situation", Static).update(
            _("{preset} rules, {n} players, target {target}.  Score {score}.").format(
                preset=preset_label(pos.rules.preset_name).capitalize(), n=n, target=pos.rules.target, score=score)
            + "\n" + _("You are {role}; round {round}. Turnup: {turnup}").format(
                role=_(ROLES[pos.role]) if pos.role in ROLES else pos.role, round=pos.round, turnup=pretty(pos.turnup))
            + ("" if not pos.bids else "   " + _("(before you: {bids})").format(
                bids=", ".join(bid_label(b) for b in pos.bids)))
        )
        self.query_one("#hand", Static).update(
            _("Your cards:") + "  " + "  ".join(pretty(c) for c in sort_hand(pos.hand)))
        bids = self.query_one("#bids", Horizontal)
        bids.remove_children()
        for i, call in enumerate(pos.legal_bids(), start=1):
            label = bid_label(call)
            if call == "play":
                label = _("Play {suit}").format(suit=pos.turnup.suit.symbol)
            bids.mount(Button(f"{i} {label}", id=f"bid-{call}", name=call))
        self.query_one("#verdict", Static).update(_("Your bid? (digit key or click)"))

    def on_key(self, event: object) -> None:
        key = getattr(event, "key", "")
        if key.isdigit() and self.position is not None and not self.answered:
            calls = self.position.legal_bids()
            i = int(key) - 1
            if 0 <= i < len(calls):
                self.choose(calls[i])

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        if event.button.name and not self.answered:
            self.choose(event.button.name)

    def choose(self, call: str) -> None:
        if self.position is None:
            return
        self.answered = True
        self.query_one("#verdict", Static).update(
            _("You: {bid}. The tutor is playing it out…").format(bid=bid_label(call)))
        self.run_evaluation(self.position, call)

    @work(thread=True, exclusive=True, group="practice")
    def run_evaluation(self, position: BidPosition, call: str) -> None:
        result = evaluate(position, seed=self.rng.randrange(1 << 30), max_seconds=self.seconds)
        self.post_message(Evaluated(result, call))

    @on(Evaluated)
    def show_evaluation(self, message: Evaluated) -> None:
        ev = message.evaluation
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        near = ev.near_end
        table.add_columns(_("bid"), _("expected points"), _("± SE"), _("bait"), *((_("game won now"),) if near else ()))
        for b in ev.ranked:
            mark = "▶ " if b.bid == message.chosen else "  "
            win = (f"{b.wins / b.n * 100:.0f}%",) if near and b.n else ()
            table.add_row(mark + bid_label(b.bid), f"{b.ev:+.1f}", f"{b.se:.1f}", f"{b.bait * 100:.0f}%", *win)
        decision = self.history.add(ev, message.chosen)
        if decision.rating == "best":
            verdict = _("Best bid.")
        elif decision.rating == "too close to call":
            verdict = _("Too close to call: {chosen} vs {best} differ by less than two standard errors.").format(
                chosen=bid_label(message.chosen), best=bid_label(ev.best.bid))
        else:
            verdict = _("{rating}: you lose {loss:.1f} points against {best}.").format(
                rating=rating_label(decision.rating).capitalize(), loss=decision.loss, best=bid_label(ev.best.bid))
        thresholds = _("fine < 5, inaccuracy < 15, mistake < 35, blunder ≥ 35 points")
        self.query_one("#verdict", Static).update(
            verdict + "\n" + _("{worlds} worlds in {seconds:.1f} s ({thresholds}).  Press n for the next position.").format(
                worlds=ev.worlds, seconds=ev.seconds, thresholds=thresholds)
            + "\n" + _("Your record: {summary}").format(summary=self.history.summary())
        )

    def action_review(self) -> None:
        self.query_one("#verdict", Static).update(
            _("Your record: {summary}").format(summary=self.history.summary())
            + "\n" + "\n".join(
                "  " + _("{hand} / {turnup}: you {chosen}, best {best} (-{loss:.1f})").format(
                    hand=" ".join(d.position["hand"]), turnup=d.position["turnup"], chosen=bid_label(d.chosen),
                    best=bid_label(d.best), loss=d.loss)
                for d in self.history.mistakes()[-8:]
            )
        )

    def _queue_mistakes(self) -> int:
        self.queue = []
        for decision in reversed(self.history.mistakes()):
            try:
                self.queue.append(BidPosition.from_json(decision.position))
            except (KeyError, ValueError, TypeError):
                continue
        return len(self.queue)

    def action_mistakes(self) -> None:
        """Play your past mistakes again, the latest first."""
        if self._queue_mistakes():
            self.action_next()
        else:
            self.notify(_("No mistakes to replay yet"), timeout=3)

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


class PracticeApp(App[None]):
    def __init__(self, rules: Rules, **kwargs: object) -> None:
        super().__init__()
        self._rules = rules
        self._kwargs = kwargs

    def on_mount(self) -> None:
        self.push_screen(PracticeScreen(self._rules, **self._kwargs))  # type: ignore[arg-type]
