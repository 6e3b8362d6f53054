"""The bidding tutor on screen: a position, your bid, then every bid's value and a verdict.

Past mistakes come back first (``m``, ``deberc practice --mistakes``): bids, and cards of reviewed games (``d`` on a
review's decision), each played again as the seat saw it then; the review's judge values every card (its worlds,
its seed) and the verdict grades the card picked as the review grades a card."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Static
from textual.worker import get_current_worker

from deberc_tui.app.look import Look, unicode_ok
from deberc_tui.app.themes import use_table_theme
from deberc_tui.app.tr import translate_bindings
from deberc_tui.app.usertext import plain, tell
from deberc_tui.engine import DECK, Card, CardError, Rules, Suit, seat_view, sort_hand
from deberc_tui.engine.text import Text as EngineText
from deberc_tui.engine.text import render
from deberc_tui.practice.evaluate import GAME, Evaluation, evaluate, start_workers
from deberc_tui.practice.history import CARD, Decision, History
from deberc_tui.practice.pool import default_jobs
from deberc_tui.practice.position import BidPosition, random_position, seat_role
from deberc_tui.text import words
from deberc_tui.text.i18n import N_, _, ngettext, translate_error
from deberc_tui.text.words import preset as preset_label
from deberc_tui.untrusted import one_line, printable

BID_LABELS = {"play": N_("Play"), "pass": N_("Pass"), "C": N_("♣ Clubs"), "D": N_("♦ Diamonds"), "H": N_("♥ Hearts"),
              "S": N_("♠ Spades")}
ROLES = {"first": N_("first to speak"), "second": N_("second to speak"), "third": N_("third to speak"),
         "dealer": N_("the dealer")}
RATINGS = {"best": N_("best"), "fine": N_("fine"), "too close to call": N_("too close to call"),
           "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
TITLE = N_("deberc — bidding practice")
CARD_TITLE = N_("deberc — card practice")
"""The title while a card from a reviewed game is played again."""
_SYMBOLS = {s.symbol: s for s in Suit}


def default_look() -> Look:
    return Look(ascii=not unicode_ok())


def pretty(card: Card, look: Look | None = None) -> str:
    """A card as players write it in the current language (``Q♥`` / ``Д♥``; ``Qh`` in the ASCII look)."""
    return (look or Look()).card_str(card)


def suits_for(text: str, look: Look | None) -> str:
    """``text`` with its suit symbols as the look shows suits (``c d h s`` in the ASCII look)."""
    if look is None or not look.ascii:
        return text
    return "".join(look.suit(_SYMBOLS[ch]) if ch in _SYMBOLS else ch for ch in text)


def bid_label(call: str, look: Look | None = None) -> str:
    return suits_for(_(BID_LABELS[call]) if call in BID_LABELS else call, look)


def rating_label(rating: str) -> str:
    return _(RATINGS[rating]) if rating in RATINGS else rating


def call_word(call: str, look: Look | None = None) -> str:
    """A bid inside a sentence: ``play``, ``pass`` (``играю``, ``пас``), a named suit as its symbol."""
    if call in ("play", "pass"):
        return words.call(call)
    try:
        return (look or Look()).suit(Suit(call))
    except ValueError:
        return call


def noted_cards(notations: list[str], look: Look | None = None) -> str:
    """Cards stored as notation (``9C``) written as players write them (``9♣``)."""
    out = []
    for n in notations:
        try:
            out.append(pretty(Card.parse(n), look))
        except (CardError, ValueError):
            out.append(n)
    return " ".join(out)


def mistake_line(decision: Decision, look: Look | None = None) -> str:
    """One past mistake: the hand, the turnup, your bid, the best bid and the cost (points, or near the end of a
    game the chance of winning it); for a card of a reviewed game: the hand, the trump, your card and the best."""
    pos = decision.position
    if decision.kind == CARD:
        return card_mistake_line(decision, look)
    template = (_("{hand} / {turnup}: you {chosen}, best {best} (-{loss:.0f}% to win the game)") if decision.basis == GAME
                else _("{hand} / {turnup}: you {chosen}, best {best} (-{loss:.1f})"))
    return template.format(
        hand=noted_cards(list(pos.get("hand", [])), look), turnup=noted_cards([str(pos.get("turnup", "?"))], look),
        chosen=call_word(decision.chosen, look), best=call_word(decision.best, look), loss=decision.loss)


def card_mistake_line(decision: Decision, look: Look | None = None) -> str:
    """``A♣ 7♣ J♦ … / trump ♥, deal 1: you 7♣, best A♣ (-24.5)``."""
    pos = decision.position
    shown = look or Look()
    try:
        trump = shown.suit(Suit(str(pos.get("trump"))))
    except ValueError:
        trump = str(pos.get("trump"))
    return _("{hand} / trump {trump}, deal {deal}: you {chosen}, best {best} (-{loss:.1f})").format(
        hand=noted_cards(list(pos.get("hand", [])), look), trump=trump, deal=pos.get("deal"),
        chosen=noted_cards([decision.chosen], look), best=noted_cards([decision.best], look), loss=decision.loss)


def score_text(pos: BidPosition) -> str:
    """The score before the deal, each side named: ``you 250, your opponent 40`` (3 players: the others by their
    seat in the bidding; 4 players: the two partnerships)."""
    rules = pos.rules
    if not pos.totals:
        return _("Score: 0 all")
    mine = pos.side
    n = rules.players
    others = []
    for side, total in enumerate(pos.totals):
        if side == mine:
            continue
        if n == 3:
            role = seat_role(n, (side - pos.dealer) % n)
            name = _(ROLES[role]) if role in ROLES else role
        else:
            name = _("your opponent") if n == 2 else _("the other side")
        others.append(_("{name} {total}").format(name=name, total=total))
    you = _("you {total}") if n != 4 else _("your side {total}")
    return _("Score: {you}, {others}").format(you=you.format(total=pos.totals[mine]), others=", ".join(others))


def after_bid_text(rules: Rules) -> str:
    """How many cards follow the bid (§2): 3 each (9 in hand), 4 under Kharkiv (10), 2 with 4 players (8)."""
    total = rules.tricks_per_deal
    return ngettext("After the bid: {k} more card each, {total} in hand.",
                    "After the bid: {k} more cards each, {total} in hand.", total - 6).format(k=total - 6, total=total)


def reason_text(reason: EngineText, look: Look | None = None) -> str:
    """A bot's reason (a template and its params) in the player's language, cards and suits as the look shows them."""
    shown = look or Look()

    def show(value: object) -> object:
        if isinstance(value, Card):
            return shown.card_str(value)
        if isinstance(value, Suit):
            return shown.suit(value)
        return value

    return render(reason.template, reason.params, _, show)


def rule_of_thumb(position: BidPosition) -> EngineText | None:
    """What the heuristic bot would bid here and why (it sees only the seat's own view: any world will do)."""
    from deberc_tui.bot_hosting.registry import make_bot

    view = seat_view(position.deal_with(DECK), position.seat)
    bot = make_bot("heuristic", seed=0)
    decide = getattr(bot, "decide", None)
    if not callable(decide):
        return None
    _action, why = decide(view, list(view.legal))
    return why if isinstance(why, EngineText) else None


HARD_MARGIN = 15.0


@dataclass
class Evaluated(Message):
    evaluation: Evaluation
    gen: int = 0
    reason: EngineText | None = None  # the heuristic bot's rule of thumb for this position


@dataclass
class PositionReady(Message):
    position: BidPosition
    gen: int = 0


@dataclass(frozen=True)
class CardDrill:
    """A card of a reviewed game to play again: its practice position (the record cut before the card)."""

    position: dict[str, Any]


@dataclass
class CardReady(Message):
    """A card position set again: the seat's view then (a review moment), and the players' names."""

    drill: CardDrill
    moment: Any
    names: list[str]
    gen: int = 0


@dataclass
class CardJudged(Message):
    """The review's judge on the card picked: every card's value, the pick graded (None: no world fitted)."""

    drill: CardDrill
    graded: Any
    gen: int = 0


@dataclass
class DrillFailed(Message):
    """A queued position that cannot be set or judged again: one line, and the next position."""

    text: str
    gen: int = 0


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
    #situation { height: auto; padding: 1 2 0 2; }
    #hand { height: auto; padding: 1 2 0 2; text-style: bold; }
    #bids { height: auto; padding: 0 2; }
    #bids Button { margin-right: 1; min-width: 10; }
    #bids Button.-card { min-width: 4; }
    #verdict { height: auto; padding: 0 2; }
    #table { height: auto; width: auto; max-height: 10; margin: 1 2 0 2; }
    PracticeScreen.-ascii #bids Button { border: ascii $secondary; height: 3; }
    """

    def __init__(
        self, rules: Rules, role: str | None = None, round_: int | None = None, hard: bool = False,
        seed: int | None = None, seconds: float = 5.0, mistakes: bool = False, worlds: int | None = None,
        look: Look | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.queue: list[BidPosition | CardDrill] = []  # past mistakes to play again, before random positions
        self.rules = rules
        self.role = role
        self.round = round_
        self.hard = hard
        self.rng = random.Random(seed)  # seed None: a fresh position every launch
        self.seconds = seconds
        self.jobs = default_jobs()
        self.worlds = worlds  # exactly this many worlds per evaluation (repeatable), else a time budget
        self.look = look or default_look()
        self.set_class(self.look.ascii, "-ascii")  # button borders in ASCII too
        self.position: BidPosition | None = None
        self.card: tuple[CardDrill, list[Card]] | None = None
        """A card position on screen: the drill and the cards that may be played, in the buttons' order."""
        self.answered = False
        self.chosen: str | None = None  # the bid answered, once it is
        self.evaluated: Evaluated | None = None  # the tutor's answer on the position shown, once it is ready
        self.gen = 0  # which position is on screen: results for an earlier one are dropped
        self.history = History.load()
        if mistakes:
            self._queue_mistakes()

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="*" if self.look.ascii else None)
        with VerticalScroll(id="body"):  # at 80×24 a long verdict would push the numbers off the screen
            yield Static("", id="situation")
            yield Static("", id="hand")
            yield Horizontal(id="bids")
            yield Static("", id="verdict")
            yield DataTable(id="table", cursor_type="none")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _(TITLE)
        self.sub_title = ""
        self._tell_history_notes()
        start_workers(self.jobs)  # now, while the player reads the first hand
        self.action_next()

    def _tell_history_notes(self) -> None:
        """A practice record kept aside, or not saved, is told at once."""
        for note in self.history.take_notes():
            tell(self, note, severity="warning", timeout=10)

    def action_next(self) -> None:
        self.gen += 1
        self.answered = False
        self.chosen = self.evaluated = None
        self.position = None
        self.card = None
        self.query_one("#verdict", Static).update(_("Dealing…"))
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        table.display = False  # no empty table before there are numbers
        queued = self.queue.pop(0) if self.queue else None
        # Draw the position's randomness here, in order, so a seed gives the same positions whatever the timing.
        self.find_position(self.gen, queued, random.Random(self.rng.randrange(1 << 62)))

    @work(thread=True, exclusive=True, group="practice")
    def find_position(self, gen: int, queued: BidPosition | CardDrill | None, rng: random.Random) -> None:
        if isinstance(queued, CardDrill):
            self.post_message(self._card_ready(queued, gen))
            return
        if queued is not None:
            self.post_message(PositionReady(queued, gen))
            return
        pos = random_position(self.rules, rng, self.role, self.round)
        worker = get_current_worker()
        for _attempt in range(11 if self.hard else 0):
            quick = evaluate(pos, seed=rng.randrange(1 << 30), max_seconds=0.8, min_worlds=20, jobs=self.jobs,
                             stop=lambda: worker.is_cancelled)
            ranked = quick.ranked
            if len(ranked) > 1 and ranked[0].ev - ranked[1].ev < HARD_MARGIN:
                break
            pos = random_position(self.rules, rng, self.role, self.round)
        self.post_message(PositionReady(pos, gen))

    @on(PositionReady)
    async def show_position(self, message: PositionReady) -> None:
        if message.gen != self.gen:
            return
        pos = message.position
        look = self.look
        n = pos.rules.players
        self.title = _(TITLE)
        self.query_one("#situation", Static).update(plain(
            _("{preset} rules, {n} players, target {target}.  {score}.").format(
                preset=preset_label(pos.rules.preset_name).capitalize(), n=n, target=pos.rules.target,
                score=score_text(pos))
            + "\n" + _("You are {role}; round {round}. Turnup: {turnup}").format(
                role=_(ROLES[pos.role]) if pos.role in ROLES else pos.role, round=pos.round,
                turnup=pretty(pos.turnup, look))
            + ("" if not pos.bids else "   " + ngettext(
                "(before you: {n} pass)", "(before you: {n} passes)", len(pos.bids)).format(n=len(pos.bids)))
        ))
        self.query_one("#hand", Static).update(
            Text(_("Your cards:") + "  ") + look.cards_text(sort_hand(pos.hand), sep="  ")
            + "\n" + Text(after_bid_text(pos.rules), style="dim"))
        bids = self.query_one("#bids", Horizontal)
        # The old buttons must be gone before the new ones (with the same ids) are mounted.
        await bids.remove_children()
        buttons = []
        for i, call in enumerate(pos.legal_bids(), start=1):
            label = bid_label(call, look)
            if call == "play":
                label = _("Play {suit}").format(suit=look.suit(pos.turnup.suit))
            buttons.append(Button(plain(f"{i} {label}"), id=f"bid-{call}", name=call))
        await bids.mount_all(buttons)
        self.position = pos
        self.query_one("#verdict", Static).update(_("Your bid? (digit key or click)"))
        # The tutor starts now, while the player thinks: its answer does not depend on the bid chosen, and is
        # usually ready when the key is pressed.
        self.run_evaluation(self.gen, pos, self.rng.randrange(1 << 30))

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key.isdigit() and self.card is not None and not self.answered:
            cards = self.card[1]
            i = (int(key) or 10) - 1  # 0: the tenth card
            if 0 <= i < len(cards):
                event.stop()
                self.choose_card(cards[i])
            return
        if key.isdigit() and self.position is not None and not self.answered:
            calls = self.position.legal_bids()
            i = int(key) - 1
            if 0 <= i < len(calls):
                event.stop()
                self.choose(calls[i])

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        name = event.button.name
        if name and name.startswith("card:") and self.card is not None and not self.answered:
            self.choose_card(Card.parse(name[5:]))
        elif name and not self.answered:
            self.choose(name)

    def choose(self, call: str) -> None:
        if self.position is None or self.answered:
            return
        self.answered = True
        self.chosen = call
        if self.evaluated is not None:
            self.show_evaluation(self.evaluated, call)
            return
        self.query_one("#verdict", Static).update(
            plain(_("You: {bid}. The tutor is playing it out…").format(bid=bid_label(call, self.look))))

    @work(thread=True, exclusive=True, group="practice")
    def run_evaluation(self, gen: int, position: BidPosition, seed: int) -> None:
        worker = get_current_worker()

        def moved_on() -> bool:
            return worker.is_cancelled

        if self.worlds is not None:
            result = evaluate(position, seed=seed, max_seconds=1e9, target_se=0.0, min_worlds=self.worlds,
                              max_worlds=self.worlds, jobs=self.jobs, stop=moved_on)
        else:
            result = evaluate(position, seed=seed, max_seconds=self.seconds, jobs=self.jobs, stop=moved_on)
        if not moved_on():
            self.post_message(Evaluated(result, gen, rule_of_thumb(position)))

    @on(Evaluated)
    def evaluation_ready(self, message: Evaluated) -> None:
        if message.gen != self.gen:
            return
        self.evaluated = message
        if self.answered and self.chosen is not None:
            self.show_evaluation(message, self.chosen)

    def show_evaluation(self, message: Evaluated, chosen_bid: str) -> None:
        """The tutor's table and verdict on ``chosen_bid``."""
        ev = message.evaluation
        look = self.look
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        near = ev.knows_chances
        table.add_columns(" ", _("bid"), _("expected points"), _("± SE"), _("bait"),
                          *((_("to win the game"),) if near else ()))
        for b in ev.ranked:
            mark = "▶" if b.bid == chosen_bid else " "
            chance = (f"{b.chance * 100:.0f}%",) if near else ()
            table.add_row(mark, bid_label(b.bid, look), f"{b.ev:+.1f}", f"{b.se:.1f}", f"{b.bait * 100:.0f}%", *chance)
        table.display = True
        table.scroll_visible(animate=False)  # the numbers in view, the verdict above them
        decision = self.history.add(ev, chosen_bid)
        self._tell_history_notes()
        chosen = ev.value(chosen_bid)
        example = chosen.example
        if example:  # one world's hand after the bid: what the 6 cards became (10 under Kharkiv)
            self.query_one("#hand", Static).update(
                Text(_("Your cards:") + "  ") + look.cards_text(sort_hand(ev.position.hand), sep="  ")
                + "\n" + Text(_("In one world after {bid}:").format(bid=bid_label(chosen_bid, look)) + "  ")
                + look.cards_text(sort_hand(example, chosen.example_trump), sep=" "))
        thumb = "" if message.reason is None else "\n" + _("Heuristic bot: {reason}").format(
            reason=reason_text(message.reason, look))
        self.query_one("#verdict", Static).update(plain(
            verdict_text(ev, chosen_bid, decision, look) + thumb
            + "\n" + _("{worlds} worlds in {seconds:.1f} s.  Press n for the next position.").format(
                worlds=ev.worlds, seconds=ev.seconds)
            + "\n" + _("Your record: {summary}").format(summary=self.history.summary())
        ))

    # -- a card of a reviewed game, played again -----------------------------------------------------------------

    def _card_ready(self, drill: CardDrill, gen: int) -> Message:
        """The card position set again from its record (in the worker): the moment, or why it cannot be."""
        from deberc_tui.review.drill import card_moment

        try:
            moment = card_moment(drill.position)
            record = drill.position["record"]
            names = [str(p.get("name", i + 1)) for i, p in enumerate(record["players"])]
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            return DrillFailed(_("A card position cannot be set again: {error}").format(error=translate_error(exc)), gen)
        return CardReady(drill, moment, names, gen)

    @on(DrillFailed)
    def drill_failed(self, message: DrillFailed) -> None:
        if message.gen != self.gen:
            return
        tell(self, one_line(message.text), severity="warning", timeout=6)
        self.action_next()

    @on(CardReady)
    async def show_card_position(self, message: CardReady) -> None:
        """The seat's view when it played the card: the score, the trump, what was declared, the tricks, the trick
        on the table; the hand; a button per card it may play."""
        if message.gen != self.gen:
            return
        from deberc_tui.app.screens.review import seen_lines
        from deberc_tui.engine import PlayCard

        moment = message.moment
        look = self.look
        self.title = _(CARD_TITLE)
        names = [printable(n) for n in message.names]
        seen = seen_lines(moment, names, look)[:-1]  # the hand has its own line
        head = Text(_("A card from a reviewed game, as {name} saw it (deal {deal}):").format(
            name=names[moment.seat], deal=moment.deal), style="bold")
        self.query_one("#situation", Static).update(Text("\n").join([head, *seen]))
        self.query_one("#hand", Static).update(
            Text(_("Your cards:") + "  ") + look.cards_text(list(moment.view.hand), sep="  "))
        legal = {a.card for a in moment.options if isinstance(a, PlayCard)}
        cards = [c for c in moment.view.hand if c in legal]  # in the hand's order
        bids = self.query_one("#bids", Horizontal)
        await bids.remove_children()
        await bids.mount_all([Button(Text(f"{i % 10} ") + look.card_text(card), id=f"card-{card.notation}",
                                     name=f"card:{card.notation}", classes="-card", compact=True)
                              for i, card in enumerate(cards, start=1)])
        self.card = (message.drill, cards)
        self.query_one("#verdict", Static).update(_("Your card? (digit key or click)"))

    def choose_card(self, card: Card) -> None:
        if self.card is None or self.answered:
            return
        self.answered = True
        self.query_one("#verdict", Static).update(
            Text(_("You: {card}. The tutor is playing every card out…").format(card=pretty(card, self.look))))
        self.judge_card(self.gen, self.card[0], card)

    @work(thread=True, exclusive=True, group="practice")
    def judge_card(self, gen: int, drill: CardDrill, card: Card) -> None:
        from deberc_tui.review.drill import judge_card

        try:
            graded = judge_card(drill.position, card)
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            self.post_message(DrillFailed(_("The card cannot be judged: {error}").format(error=translate_error(exc)),
                                          gen))
            return
        self.post_message(CardJudged(drill, graded, gen))

    @on(CardJudged)
    def show_card_verdict(self, message: CardJudged) -> None:
        """Every card's value in the review's worlds, the pick marked; the verdict graded as the review grades a
        card, and the pick kept in the practice record."""
        if message.gen != self.gen:
            return
        from deberc_tui.engine import PlayCard
        from deberc_tui.review.drill import card_entry

        graded = message.graded
        verdict = self.query_one("#verdict", Static)
        if graded is None:
            verdict.update(_("No sampled deal fits what was seen: this card cannot be judged.  Press n for the next "
                             "position."))
            return
        look = self.look
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        table.add_columns(" ", _("card"), _("expected points"), _("± SE"))
        for option in graded.options:
            assert isinstance(option.action, PlayCard)
            mark = "▶" if option.action == graded.chosen else " "
            se = "—" if option.se == float("inf") else f"{option.se:.1f}"
            table.add_row(mark, look.card_text(option.action.card), f"{option.ev:+.1f}", se)
        table.display = True
        table.scroll_visible(animate=False)  # the numbers in view, the verdict above them
        self.history.keep(card_entry(message.drill.position, graded))
        self._tell_history_notes()
        verdict.update(Text(card_verdict_text(graded, look)
                            + "\n" + _("{worlds} sampled deals, as in the review.  Press n for the next position.").format(
                                worlds=graded.worlds)
                            + "\n" + _("Your record: {summary}").format(summary=self.history.summary())))

    def action_review(self) -> None:
        self.query_one("#verdict", Static).update(plain(
            _("Your record: {summary}").format(summary=self.history.summary())
            + "\n" + _("Points lost against the best bid: fine < 5, inaccuracy < 15, mistake < 35, blunder ≥ 35.")
            + "\n" + _("Near the end of a game, the chance of winning it lost: fine < 1.5%, inaccuracy < 4%, "
                        "mistake < 8%, blunder ≥ 8%.")
            + "".join("\n• " + mistake_line(d, self.look) for d in self.history.mistakes()[-8:])
        ))

    def _queue_mistakes(self) -> int:
        self.queue = []
        for decision in reversed(self.history.mistakes()):
            if decision.kind == CARD:
                self.queue.append(CardDrill(decision.position))
                continue
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
            tell(self, _("No mistakes to replay yet"), timeout=3)

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


def verdict_text(ev: Evaluation, chosen: str, decision: Decision, look: Look | None = None) -> str:
    """The verdict on ``chosen``: it names the bid the numbers in the table rank first, and says what it was graded
    by — the deal's expected points, or near the end of a game the chance of winning it."""
    best = ev.best.bid
    if decision.rating == "best" or chosen == best:
        verdict = _("Best bid.")
    elif decision.rating == "too close to call":
        verdict = _("Too close to call: {chosen} vs {best} differ by less than two standard errors.").format(
            chosen=bid_label(chosen, look), best=bid_label(best, look))
    elif ev.basis == GAME:
        verdict = _("{rating}: you lose {loss:.0f}% of your chance to win the game against {best}.").format(
            rating=rating_label(decision.rating).capitalize(), loss=decision.loss, best=bid_label(best, look))
    else:
        verdict = _("{rating}: you lose {loss:.1f} points against {best}.").format(
            rating=rating_label(decision.rating).capitalize(), loss=decision.loss, best=bid_label(best, look))
    return verdict + "\n" + basis_text(ev)


def card_verdict_text(graded: Any, look: Look | None = None) -> str:
    """The verdict on a card played again: best, or what it loses against the best card and how bad that is (the
    review's labels: fine < 5, inaccuracy < 15, mistake < 35, else a blunder), and why the best is best."""
    from deberc_tui.engine import PlayCard

    best = graded.options[0]
    assert isinstance(graded.chosen, PlayCard) and isinstance(best.action, PlayCard)
    if graded.label == "best":
        verdict = _("Best card.") if graded.chosen == best.action else _(
            "As good as the best: {chosen} and {best} differ by less than two standard errors.").format(
            chosen=pretty(graded.chosen.card, look), best=pretty(best.action.card, look))
    else:
        verdict = _("{rating}: you lose {loss:.1f} points against {best}.").format(
            rating=rating_label(graded.label).capitalize(), loss=graded.loss, best=pretty(best.action.card, look))
    why = _("Over {done} deals that fit the cards seen so far, {card} scores best ({avg:+.0f} on average).").format(
        done=graded.worlds, card=pretty(best.action.card, look), avg=best.ev)
    return verdict + "\n" + why


def basis_text(ev: Evaluation) -> str:
    """Which numbers the verdict went by."""
    if ev.basis == GAME:
        return _("Graded by the chance of winning the game: near the end a deal's points count only as they win or "
                 "lose it.")
    if ev.knows_chances:
        return _("Graded by the deal's expected points: the chance of winning the game is about the same whatever "
                 "you bid.")
    return _("Graded by the deal's expected points.")


class PracticeApp(App[None]):
    ENABLE_COMMAND_PALETTE = False  # its key and texts are Textual's, in English only

    def __init__(self, rules: Rules, **kwargs: Any) -> None:
        super().__init__()
        self._rules = rules
        self._kwargs = kwargs

    def on_mount(self) -> None:
        self.title = _(TITLE)
        look = self._kwargs.get("look")
        use_table_theme(self, isinstance(look, Look) and look.mono)  # the table's felt, as in the game
        self.push_screen(PracticeScreen(self._rules, **self._kwargs))
