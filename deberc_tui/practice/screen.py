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

from ..engine import Rules, sort_hand
from .evaluate import Evaluation, evaluate
from .history import History
from .position import BidPosition, random_position

BID_LABELS = {"play": "Play", "pass": "Pass", "C": "♣ Clubs", "D": "♦ Diamonds", "H": "♥ Hearts", "S": "♠ Spades"}
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
        Binding("n", "next", "Next position"),
        Binding("r", "review", "Accuracy"),
        Binding("escape", "leave", "Back"),
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
        seed: int | None = None, seconds: float = 5.0,
    ) -> None:
        super().__init__()
        self.rules = rules
        self.role = role
        self.round = round_
        self.hard = hard
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.position: BidPosition | None = None
        self.answered = False
        self.history = History.load()

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
        for _ in range(12 if self.hard else 1):
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
            f"{pos.rules.preset_name.title()} rules, {n} players, target {pos.rules.target}.  Score {score}.\n"
            f"You are {'the dealer' if pos.role == 'dealer' else pos.role + ' to speak'}; round {pos.round}. "
            f"Turnup: {pos.turnup.pretty}"
            + ("" if not pos.bids else f"   (before you: {', '.join(pos.bids)})")
        )
        self.query_one("#hand", Static).update("Your cards:  " + "  ".join(c.pretty for c in sort_hand(pos.hand)))
        bids = self.query_one("#bids", Horizontal)
        bids.remove_children()
        for i, call in enumerate(pos.legal_bids(), start=1):
            label = BID_LABELS[call]
            if call == "play":
                label = f"Play {pos.turnup.suit.symbol}"
            bids.mount(Button(f"{i} {label}", id=f"bid-{call}", name=call))
        self.query_one("#verdict", Static).update("Your bid? (digit key or click)")

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
        self.query_one("#verdict", Static).update(f"You: {call}. The tutor is playing it out…")
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
        table.add_columns("bid", "expected points", "± SE", "bait", *(("game won now",) if near else ()))
        for b in ev.ranked:
            mark = "▶ " if b.bid == message.chosen else "  "
            win = (f"{b.wins / b.n * 100:.0f}%",) if near and b.n else ()
            table.add_row(mark + BID_LABELS[b.bid], f"{b.ev:+.1f}", f"{b.se:.1f}", f"{b.bait * 100:.0f}%", *win)
        decision = self.history.add(ev, message.chosen)
        if decision.rating == "best":
            verdict = "Best bid."
        elif decision.rating == "too close to call":
            verdict = f"Too close to call: {message.chosen} vs {ev.best.bid} differ by less than two standard errors."
        else:
            verdict = f"{decision.rating.capitalize()}: you lose {decision.loss:.1f} points against {ev.best.bid}."
        thresholds = "fine < 5, inaccuracy < 15, mistake < 35, blunder ≥ 35 points"
        self.query_one("#verdict", Static).update(
            f"{verdict}\n{ev.worlds} worlds in {ev.seconds:.1f} s ({thresholds}).  Press n for the next position.\n"
            f"Your record: {self.history.summary()}"
        )

    def action_review(self) -> None:
        self.query_one("#verdict", Static).update(
            "Your record: " + self.history.summary()
            + "\n" + "\n".join(
                f"  {' '.join(d.position['hand'])} / {d.position['turnup']}: you {d.chosen}, best {d.best} (-{d.loss:.1f})"
                for d in self.history.mistakes()[-8:]
            )
        )

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
