"""The table session: one table's match, who sits where, and the flow of play between the screen and the loop.

Everything about a table that is not drawing lives here: the match (played through the one play loop), the
seats (people and bots), whose turn it is and whether a bot is thinking, the pauses for the trick on show, the
summaries and the dialogs, what each seat said, hints and the tutor's warnings, undo, saving after every
action, and the statistics once a game ends; saving (:mod:`~deberc_tui.table.saving`), the expert's advice
(:mod:`~deberc_tui.table.advice`), the claim's count (:mod:`~deberc_tui.table.claim`) and the card the hand
offers first (:mod:`~deberc_tui.table.default_card`) have modules of their own. The screen asks :meth:`TableSession.advance` what to do next (a
:mod:`~deberc_tui.table.steps` value), hands the session what people choose, and draws what it holds; the
session never imports Textual or Rich, so the whole flow is tested without an app.

Messages for the player (a refusal, a hint, a remark in the log) are engine :class:`~deberc_tui.engine.text.Text`
values — a template and its params, cards as cards — which the screen renders in the player's language and
card style.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bots.base import Bot
from deberc_tui.bot_hosting.runner import OPTIONAL_BUDGET
from deberc_tui.engine import (
    CLAIM,
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_PLAY,
    CONCEDE_REFUSE,
    Action,
    Bid,
    Card,
    Claim,
    Deal,
    IllegalActionError,
    Klabor,
    Phase,
    PlayCard,
    Redeal,
    Rules,
    SeatView,
    SwapSeven,
    shuffled_deck,
)
from deberc_tui.engine import events as ev
from deberc_tui.engine.actions import (
    DAVE_CONCEDE,
    DAVE_OFFER,
    DAVE_PLAY,
    DOUBLE_ACCEPT,
    DOUBLE_OFFER,
    DOUBLE_REFUSE,
    KLABOR,
    REDEAL_FOUR_SEVENS,
    SWAP_SEVEN,
    Dave,
    Double,
    OfferKind,
)
from deberc_tui.engine.events import Event
from deberc_tui.engine.game import Game
from deberc_tui.engine.match import Match
from deberc_tui.engine.options import BellaWhen, Doubling, Money
from deberc_tui.engine.text import N_, Text, printable
from deberc_tui.play.loop import Answer, Ask, Pause, PlayLoop, Seat, Stop
from deberc_tui.play.seats import BotSeat
from deberc_tui.storage import hold_open
from deberc_tui.table.advice import Adviser, Hint, Moment, Verdict, Weighing
from deberc_tui.table.claim import claim_question
from deberc_tui.table.default_card import default_card
from deberc_tui.table.errors import TableError, one_line
from deberc_tui.table.saving import Saver, read_match
from deberc_tui.table.services import DEFAULT_BOT, Services
from deberc_tui.table.steps import (
    AnswerConcede,
    AnswerStake,
    CoverFor,
    GameEnded,
    Idle,
    PersonToAct,
    ShowSummary,
    Step,
    Think,
    WaitUntil,
)
from deberc_tui.text.persons import Cast, Phrase, cast, to_you

__all__ = ["PACES", "PACE_WORDS", "News", "TableError", "TableSession", "default_players"]

Speech = ev.BidMade | ev.TrumpChosen | ev.Declared | ev.BellaDeclared
"""What a seat says aloud and the felt shows beside its name until the next trick: a bid, the trump, a
combination, bella."""
News = Event | Text
"""A line for the table's log: an event the narrator tells, or a remark of the session's own."""
Player = dict[str, Any]
"""A seat as a game record names it: ``{"name": ..., "kind": "human" | "bot", "bot": level}``."""

DEFAULT_NAMES = (N_("You"), N_("Boris"), N_("Clara"), N_("Dmitri"))
NOT_YET = "…"
PACES: Final[dict[str, float]] = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
"""The bots' paces by name: the seconds a bot's move takes on screen."""
PACE_WORDS: Final[dict[str, str]] = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"),
                                     "instant": N_("instant")}
TUTOR_STEPS: Final[tuple[float | None, ...]] = (None, 5.0, 10.0, 20.0)
"""The tutor's thresholds in the order ctrl+t goes through them: off, then warn above 5, 10, 20 points."""


def default_players(n: int = 2, bots: Sequence[str] = (), names: Sequence[str] = (),
                    gender: str | None = None) -> list[Player]:
    """Seat 0 a person, the others bots (``bots`` lists their levels, the last repeated; default heuristic);
    ``names`` in seat order, the default names (in the current language) for the rest; ``gender`` the person's
    (how sentences about them agree once they have a name: RECORD.md's ``gender``)."""
    from deberc_tui.text.i18n import _

    out: list[Player] = [{"name": names[0] if names else _(DEFAULT_NAMES[0]), "kind": "human"}]
    if gender is not None:
        out[0]["gender"] = gender
    for i in range(1, n):
        level = bots[i - 1] if i - 1 < len(bots) else (bots[-1] if bots else DEFAULT_BOT)
        name = names[i] if i < len(names) else _(DEFAULT_NAMES[i])
        out.append({"name": name, "kind": "human"} if level == "human" else {"name": name, "kind": "bot", "bot": level})
    return out


@dataclass(frozen=True)
class Hold:
    """The last finished trick, kept on the felt for a moment: its cards, who took it and for how much."""

    cards: tuple[tuple[int, Card], ...]
    winner: int
    points: int


class TableSession:
    """One table: a match (a lone game is a match of one game) with people and bots in its seats."""

    def __init__(
        self, rules: Rules, players: list[Player], *, first_dealer: int | None = None, seed: int | None = None,
        services: Services | None = None, save_path: Path | None = None, match: Match | None = None,
        pace: float = 0.6,
    ) -> None:
        if len(players) != rules.players:
            raise TableError(one_line(N_("{n} players need {n} seats, not {seats}"), n=rules.players, seats=len(players)))
        self.rules = rules
        self.players = players
        self.file_lock = hold_open(save_path) if save_path is not None else None
        """The lock of the saved game this table writes, held until :meth:`close` (None: no file, or no lock can be
        made there); a game another table holds raises :class:`~deberc_tui.storage.InUse`, before any bot starts."""
        self.services = services or Services()
        self.rng = random.Random(seed)
        if first_dealer is None:
            first_dealer = self.rng.randrange(rules.players)
        self.seed = seed
        self.match = match if match is not None else Match(rules, first_dealer, seed)
        self.pace = pace
        """Seconds a bot's move takes on screen; the summary waits twice that after the last card."""
        self.warnings: list[Text] = []
        self.bots: dict[int, Bot] = {}
        for seat, p in enumerate(players):
            if p.get("kind") == "bot":
                self.bots[seat] = self._make_bot(seat, str(p.get("bot") or DEFAULT_BOT), seed, commands=match is None)
        self.loop = self._new_loop()
        humans = self.humans
        self.viewer: int | None = None if self.hot_seat else (humans[0] if humans else 0)
        """Whose cards the screen shows (None: nobody's — a hot-seat table waits for the next person)."""
        self.perspective = humans[0] if humans else 0
        """Whose seat is at the bottom of the felt."""
        self.said: dict[int, Speech] = {}
        self.hold: Hold | None = None
        self.summary_due = 0.0
        self.paused = False
        """A summary, a dialog or the hot-seat cover is up: nothing moves until :meth:`resume`."""
        self.thinking: Ask | None = None
        """The question a bot is thinking about (its answer is applied only if it is still the question)."""
        self.declare = True
        self.bella = True
        self.error: Text | None = None
        self.hint: Text | None = None
        self.claim_armed: tuple[int, int] | None = None
        self.tutor: float | None = None
        """Warn before a bid or card that loses more than this many expected points (None: the tutor is off)."""
        self.tutor_ok: tuple[int, int, Action] | None = None
        self.weighing: Weighing | None = None
        """A choice waiting for the tutor's verdict (the screen asks the tutor in a worker)."""
        self.adviser = Adviser(self.services.make_expert)
        self._offer: tuple[int, Moment, bool] | None = None
        """For which decision the hand was last told which card to offer (see :meth:`card_to_offer`)."""
        self._hinted: tuple[Moment, Card] | None = None
        """The card the last hint named, and for which decision: the hand offers it."""
        self.gen = 0
        """Bumped by undo: work started for an earlier state (a hint, the tutor) is dropped."""
        self.news: list[News] = []
        deals = len(self.match.deals)
        self.summarized = sum(1 for d in self.match.deals if d.is_over)
        self.games_ended = len(self.match.settled) - (1 if self.match.game.is_over and deals else 0)
        self._counted_from = len(self.match.settled)
        """Games settled before this session opened the table are not counted in the statistics again."""
        self.saver = Saver(save_path)
        self.started = time.time()

    # -- seats ---------------------------------------------------------------------------------

    def _make_bot(self, seat: int, wanted: str, seed: int | None, commands: bool) -> Bot:
        """The seat's bot, or the default bot with a warning when it cannot be made. A table opened from a record
        (``commands`` False) never starts a ``cmd:`` program the record names."""
        from deberc_tui.bot_hosting.registry import COMMAND_PREFIX

        make = self.services.make_bot
        bot_seed = None if seed is None else seed + seat
        reason: object
        if not commands and wanted.startswith(COMMAND_PREFIX):
            reason = Text(N_("a command bot is not started from a saved game"))
        else:
            try:
                bot = make(wanted, bot_seed)
            except Exception as exc:  # noqa: BLE001 - an uninstalled or broken plug-in must not stop the game
                reason = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
            else:
                notice = getattr(bot, "notice", None)  # a bot process without a sandbox says what it can read
                if isinstance(notice, Text):
                    self.warnings.append(notice)
                return bot
        self.warnings.append(Text(N_("Seat {n} ({name}): bot {bot!r} is not available ({reason}); a {default} bot "
                                     "plays instead"), {"n": seat + 1, "name": self.name(seat), "bot": wanted,
                                                        "reason": reason, "default": DEFAULT_BOT}))
        return make(DEFAULT_BOT, bot_seed)

    def _new_loop(self) -> PlayLoop:
        seats: list[Seat | None] = [
            BotSeat(self.bots[s], self.services.bot_budget, OPTIONAL_BUDGET) if s in self.bots else None
            for s in range(self.rules.players)]
        return PlayLoop(self.match, seats)

    def name(self, seat: int) -> str:
        """The seat's name as written, its control characters escaped (a name from a file may hold any)."""
        return printable(str(self.players[seat].get("name") or seat + 1))

    @property
    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.rules.players)]

    @property
    def humans(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p.get("kind") != "bot"]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def is_bot(self, seat: int | None) -> bool:
        return seat in self.bots

    def side_name(self, side: int) -> str:
        return " & ".join(self.name(s) for s in self.rules.side_seats(side))

    @property
    def people(self) -> Cast:
        """The seats and sides as sentences speak of them ("You take", «загрузилась Клара»)."""
        return cast(self.rules, self.players)

    def close(self) -> None:
        """The table is left: its saved game is free for another table, and the bots that run in their own
        processes stop (also done at exit)."""
        if self.file_lock is not None:
            self.file_lock.release()
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if callable(close):
                try:
                    close()
                except Exception:  # noqa: BLE001 - stopping a bot must not stop the program
                    pass

    # -- what is on the table --------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The current game of the match (the one just finished until the next deal starts)."""
        return self.match.game

    @property
    def deal(self) -> Deal | None:
        return self.match.deal

    def view(self, seat: int) -> SeatView:
        return self.match.view(seat)

    def progress(self) -> tuple[int, int]:
        """(deals started, actions in the last deal): changes with every action, undo included."""
        deal = self.match.deal
        return (len(self.match.deals), len(deal.log) if deal is not None else 0)

    def my_view(self) -> SeatView | None:
        """The viewer's view while the table waits for people (None: a dialog is up, the deal is over, nobody's
        cards are shown)."""
        deal = self.match.deal
        if self.viewer is None or self.paused or deal is None or deal.is_over:
            return None
        return self.match.view(self.viewer)

    def money(self) -> tuple[int, ...]:
        """Per side, the money of the match so far (empty when the rules play for no money)."""
        if self.rules.money is Money.NONE:
            return ()
        return tuple(sum(r.money[s] for r in self.match.settled) for s in range(self.rules.sides))

    def forced_deal(self) -> ev.ForcedDeal | None:
        """The current deal's ForcedDeal event (the deal after a held tie, ``hanging: "forced"``), if it is one."""
        deal = self.match.deal
        return None if deal is None else next((e for e in deal.events if isinstance(e, ev.ForcedDeal)), None)

    def start_hands(self, deal_index: int = -1) -> dict[int, list[Card]]:
        """Each seat's cards when play began: what it holds and what it played (for "reveal all hands")."""
        deal = self.match.deals[deal_index]
        out: dict[int, list[Card]] = {s: deal.hand(s) for s in range(deal.n)}
        for t in deal.tricks:
            for s, c in t.cards:
                out[s].append(c)
        for s, c in deal.current_trick:
            out[s].append(c)
        return out

    # -- the flow --------------------------------------------------------------------------------

    def advance(self) -> Step:
        """Move the table on as far as it goes by itself, and say what the screen must do next."""
        if self.paused:
            return Idle()
        match = self.match
        deal = match.deal
        if deal is not None and deal.is_over and self.summarized < len(match.deals):
            if self.pace > 0 and self.services.clock() < self.summary_due:
                return WaitUntil(self.summary_due)
            self.summarized = len(match.deals)
            self.paused = True
            game = match.game
            return ShowSummary(game.results[-1], game.is_over)
        if match.game.is_over and self.games_ended < len(match.settled):
            self.games_ended = len(match.settled)
            self.paused = True
            self._count_game()
            return GameEnded(match.settled[-1], match.is_over)
        if match.is_over:
            return Idle()
        if match.needs_deal:
            self._start_deal()
        step = self.loop.next()
        if isinstance(step, Ask):
            if self.thinking is not None and self.thinking.same_question(step):
                return Idle()
            _view = step.view  # made now, on this thread: the bot thinks on it in another
            self.thinking = step
            return Think(step)
        return self._person(step)

    def _person(self, stop: Stop) -> Step:
        if stop.pause is not Pause.PERSON or stop.seat is None:
            return Idle()
        seat = stop.seat
        if self.viewer != seat:
            if self.hot_seat:
                self.viewer = None
                self.paused = True
                return CoverFor(seat)
            self.viewer = seat
        match = self.match
        if match.offer is not None:
            self.paused = True
            return AnswerStake(seat, match.offer)
        deal = match.deal
        assert deal is not None
        if deal.concede_offered and deal.to_act == seat:
            offerer = next((e.seat for e in reversed(deal.events) if isinstance(e, ev.ConcedeOffered)), seat)
            self.paused = True
            return AnswerConcede(seat, offerer)
        return PersonToAct(seat)

    def resume(self) -> None:
        """A dialog, summary or cover is down: the table may move on."""
        self.paused = False

    def uncover(self, seat: int) -> None:
        """Hot seat: ``seat``'s person is at the keyboard."""
        self.viewer = seat
        self.perspective = seat
        self.paused = False

    def _start_deal(self) -> None:
        self.loop.start_deal(shuffled_deck(self.rng))
        self.said.clear()
        self.hold = None
        self.hint = None
        deal = self.match.deal
        assert deal is not None
        if self.rules.match_target is not None and not self.match.game.results and len(self.match.game.deals) == 1:
            self.news.append(Text(N_("Game {n} of the match begins"), {"n": self.match.game_index + 1}))
        dealer = self.people.seats[deal.dealer]
        self.news.append(Text(DEALS.template(dealer), {"n": len(self.match.game.deals), "name": dealer.name,
                                                       "card": deal.turnup}))
        self._heard([e for e in deal.events if not isinstance(e, ev.Dealt)])  # a forced deal: its trump
        self.autosave()
        if self.hot_seat:
            self.viewer = None

    def concede_choice(self) -> int | None:
        """The person defending, whose turn it is to offer to concede for fifty or to play on (trump named, six
        cards in hand, the extra cards still to come: §8 ``concede_50``); None when nobody at the screen chooses."""
        seat = self.viewer
        deal = self.match.deal
        if seat is None or deal is None or not deal.concede_open or self.match.to_act != seat or self.paused:
            return None
        return seat

    def play_on(self) -> bool:
        """The person defending plays the deal without offering to concede: the extra cards are dealt."""
        seat = self.concede_choice()
        return seat is not None and self.act(seat, CONCEDE_PLAY)

    def concede_question(self) -> str:
        """What the person defending is asked before an offer to concede for fifty goes out: what it gives away."""
        from deberc_tui.text.i18n import _

        deal = self.match.deal
        bidder = self.name(deal.bidder) if deal is not None and deal.bidder is not None else "?"
        return _("Offer to concede this deal for fifty?\n{bidder} chooses. Accepted: {bidder} writes 50, you write "
                 "nothing for this deal, and it ends before the extra cards. Refused: the deal is played.").format(
            bidder=bidder)

    # -- bots ------------------------------------------------------------------------------------

    def think(self, ask: Ask) -> Answer:
        """The bot's answer to ``ask`` (bounded by its budget): called off the screen's thread."""
        return self.loop.decide(ask)

    def bot_answered(self, answer: Answer) -> bool:
        """Apply a bot's answer if it is still the question (an undo or a person's action may have come first)."""
        ask = answer.ask
        if self.thinking is not ask:
            return False
        self.thinking = None
        if not self.loop.is_current(ask):
            return False
        if answer.failure:
            self.news.append(Text(N_("{name}'s bot: {failure}"), {"name": self.name(ask.seat), "failure": answer.failure}))
        try:
            events = self.loop.answer(answer)
        except IllegalActionError as exc:  # pragma: no cover - the runner answers only what was offered
            self.error = Text(exc.template, exc.params)
            return False
        self._done(events, person=False)
        return True

    # -- people ----------------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> bool:
        """Apply a person's action; a refusal is kept in :attr:`error` (the engine's reason) and returns False."""
        try:
            events = self.loop.apply(seat, action)
        except IllegalActionError as exc:  # said to the person who tried it: "must trump ♠ (you hold 9♠)"
            self.error = Text(to_you(exc.template), exc.params)
            return False
        self._done(events, person=True)
        return True

    def _done(self, events: list[Event], person: bool) -> None:
        """After an action: the hint is spent; a person's refusal stays until their own next action (a bot
        moving on must not wipe the answer to a key just pressed)."""
        if person:
            self.error = None
        self.hint = None
        self._heard(events)
        deal = self.match.deal
        if deal is not None and deal.is_over:
            self.summary_due = self.services.clock() + max(self.pace * 2, 0.0)
        self.autosave()

    def _heard(self, events: Sequence[Event]) -> None:
        """What the seats said and the trick on show follow the events; every event goes to the log."""
        for e in events:
            self.news.append(e)
            if isinstance(e, ev.BidMade | ev.Declared):
                self.said[e.seat] = e
            elif isinstance(e, ev.TrumpChosen):
                self.said.clear()
                self.said[e.seat] = e
                self._tell_turnup()
            elif isinstance(e, ev.CardPlayed):
                self.hold = None
                if e.trick >= 1 and not any(isinstance(w, ev.BellaDeclared) for w in self.said.values()):
                    self.said.clear()
            elif isinstance(e, ev.BellaDeclared):
                self.said[e.seat] = e
            elif isinstance(e, ev.TrickWon):
                self.hold = Hold(e.cards, e.seat, e.points)
                self.said = {s: w for s, w in self.said.items() if not isinstance(w, ev.BellaDeclared)}

    def _tell_turnup(self) -> None:
        """Where the turnup goes once trump is named: into a hand, or face up under the stock (2-3 players)."""
        deal = self.match.deal
        if deal is None:
            return
        if deal.turnup_taken_by is not None and deal.n != 4:  # with 4 players: the usual packet, nothing to tell
            taker = self.people.seats[deal.turnup_taken_by]
            self.news.append(Text(TURNUP_TAKEN.template(taker), {"card": deal.turnup, "name": taker.name}))
        elif self.match.view(self.perspective).turnup_under_stock:
            self.news.append(Text(N_("The turnup {card} lies face up under the stock, out of play"),
                                  {"card": deal.turnup}))

    def take_news(self) -> list[News]:
        """The log's new lines since last asked."""
        news, self.news = self.news, []
        return news

    def _say(self, template: str, **params: object) -> None:
        """A refused key: the status line says why until the person's next action (the log keeps it too)."""
        self.error = Text(template, params)

    def decision_key(self) -> tuple[int, int]:
        return self.progress()

    def moment(self) -> Moment:
        """Now, as advice asked for now will be checked against when it comes back."""
        return Moment(self.gen, self.decision_key())

    def _view_for_key(self) -> SeatView | None:
        """The viewer's view for a key that acts on the table; None — and the status line says why — when no
        key can act now (the last card is played and the summary is coming)."""
        view = self.my_view()
        if view is None:
            self._say(N_("Not now: the deal is over, its summary comes next"))
        return view

    def offers(self, action: str, arg: object = None) -> bool:
        """Whether the key of the screen's ``action`` is open now: the screen lets the key act, and the footer
        shows it, only then. The keys of actions the rules may refuse — swap, redeal, klabor, «Партия», concede,
        double — stay open: pressed when not allowed, they say why in the status line."""
        if action == "undo":
            return self.viewer is not None and self.undo_point(self.viewer) is not None
        view = self.my_view()
        if view is None:
            return action not in ("bid", "play", "move", "pick", "set_declare", "set_bella", "hint")
        mine = view.to_act == view.seat
        if action == "bid":
            return mine and view.phase is Phase.BIDDING and any(
                isinstance(a, Bid) and a.call == arg for a in view.legal)
        if action in ("play", "move", "pick"):
            return view.phase is Phase.PLAY
        if action == "set_declare":
            return mine and any(isinstance(a, PlayCard) and a.declare for a in view.legal)
        if action == "set_bella":
            return mine and any(isinstance(a, PlayCard) and a.bella for a in view.legal)
        if action == "hint":
            return mine
        return True

    def card_to_offer(self) -> Card | None:
        """The card the hand should select now, once per decision: when the viewer's turn to play comes, the
        cheapest card that does the job (:func:`~deberc_tui.table.default_card.default_card`); when a hint names
        a card, that card. None: leave the player's own choice alone."""
        view = self.my_view()
        if view is None or view.to_act != view.seat or view.phase is not Phase.PLAY:
            return None
        now = self.moment()
        hinted = self._hinted is not None and self._hinted[0] == now
        card = self._hinted[1] if self._hinted is not None and hinted else default_card(view)
        mark = (view.seat, now, hinted)
        if card is None or self._offer == mark:
            return None
        self._offer = mark
        return card

    def play_card(self, card: Card) -> bool:
        """The viewer plays ``card``, declaring and saying bella as the toggles say where the engine allows."""
        view = self._view_for_key()
        if view is None:
            return False
        if view.to_act != view.seat:
            self._say(N_("Not your turn: waiting for {name}"),
                      name=self.name(view.to_act) if view.to_act is not None else Text(N_("nobody")))
            return False
        if view.phase is not Phase.PLAY:
            self._say(N_("Bidding first: p to play the turnup's suit, x to pass"))
            return False
        variants = [a for a in view.legal if isinstance(a, PlayCard) and a.card is card]
        if not variants:
            return self.act(view.seat, PlayCard(card))  # refused: the rule's reason
        declare = self.declare and any(a.declare for a in variants)
        bella = self.bella and any(a.bella for a in variants)
        return self.commit(next(a for a in variants if a.declare == declare and a.bella == bella))

    def bid(self, call: str) -> bool:
        view = self.my_view()
        return view is not None and self.commit(Bid(call))

    def commit(self, action: Action) -> bool:
        """A person's bid or card: applied now, unless the tutor must weigh it first — then it waits in
        :attr:`weighing` for the screen to ask the tutor (:meth:`weighed` brings the verdict) and False is returned."""
        view = self.my_view()
        if view is None:
            return False
        self.weighing = None
        if self.tutor is not None and action in view.legal and self.tutor_ok != (*self.decision_key(), action):
            self.weighing = Weighing(self.moment(), view, action)
            self.hint = Text(N_("The tutor is weighing your choice…"))
            return False
        return self.act(view.seat, action)

    def weighed(self, weighing: Weighing, verdict: Verdict) -> bool:
        """The tutor's verdict on a choice it weighed: played when it costs little, else a warning (the same choice
        again plays it). Dropped if the table has moved on."""
        view = self.my_view()
        if weighing.moment != self.moment() or view is None:
            return False
        self.hint = None
        cost, warning = verdict.cost, verdict.warning
        if cost is None or self.tutor is None or cost <= self.tutor or warning is None:
            return self.act(view.seat, weighing.action)
        self.tutor_ok = (*weighing.moment.key, weighing.action)
        self.error = Text(N_("Tutor: {advice} Choose it again to go ahead."), {"advice": warning})
        return False

    def next_tutor(self) -> Text:
        """ctrl+t: the tutor's next threshold (off, then warn above 5, 10, 20 points), as the player is told it."""
        now = TUTOR_STEPS.index(self.tutor) if self.tutor in TUTOR_STEPS else 0
        self.tutor = TUTOR_STEPS[(now + 1) % len(TUTOR_STEPS)]
        if self.tutor is None:
            return Text(N_("Tutor off"))
        return Text(N_("Tutor warns when a choice loses more than {points:.0f} points"), {"points": self.tutor})

    def next_pace(self) -> Text:
        """f: the bots' next pace (slow, normal, fast, instant), as the player is told it."""
        names = list(PACES)
        now = min(range(len(names)), key=lambda i: abs(PACES[names[i]] - self.pace))
        name = names[(now + 1) % len(names)]
        self.pace = PACES[name]
        return Text(N_("Bots' pace: {pace}"), {"pace": Text(PACE_WORDS[name])})

    def out_of_turn(self, kind: type[SwapSeven] | type[Redeal] | type[Klabor]) -> bool:
        """The viewer's swap, redeal demand or klabor, where the engine offers it; else the status line says why."""
        view = self._view_for_key()
        if view is None:
            return False
        options = [a for a in view.optional if isinstance(a, kind)]
        if options:
            return self.act(view.seat, options[0])
        return self.act(view.seat, _UNOFFERED[kind])  # refused: the engine's reason

    def offer_concede(self) -> bool:
        """``o``: the defender offers to concede the deal for fifty; where the rules refuse it, the engine says why."""
        view = self._view_for_key()
        return view is not None and self.act(view.seat, CONCEDE_OFFER)

    def answer_concede(self, seat: int, accept: bool | None) -> bool:
        """The bidder's answer to the offer to concede for fifty (None: the dialog was closed without one)."""
        self.paused = False
        deal = self.match.deal
        if accept is None or deal is None or deal.to_act != seat:
            return False
        return self.act(seat, CONCEDE_ACCEPT if accept else CONCEDE_REFUSE)

    def stake_offer(self) -> Action | None:
        """The viewer's offer to double («Дайви») or to raise the stake («даве») if the rules allow it now."""
        view = self.my_view()
        if view is None:
            return None
        return next((a for a in view.legal if isinstance(a, Double | Dave)), None)

    def offer_stake(self) -> bool:
        """``+``: offer to double or say «даве»; where the rules do not allow it now, the engine says why."""
        view = self._view_for_key()
        if view is None:
            return False
        offer = self.stake_offer()
        if offer is None:  # refused: the engine's reason
            return self.act(view.seat, DAVE_OFFER if self.rules.doubling is Doubling.DAVE else DOUBLE_OFFER)
        return self.act(view.seat, offer)

    def answer_stake(self, seat: int, accept: bool | None) -> bool:
        """The answer to a double or «даве» (None: closed without one — the dialog comes back)."""
        self.paused = False
        offer = self.match.offer
        if accept is None or offer is None or self.match.to_act != seat:
            return False
        if offer.kind is OfferKind.DOUBLE:
            return self.act(seat, DOUBLE_ACCEPT if accept else DOUBLE_REFUSE)
        return self.act(seat, DAVE_PLAY if accept else DAVE_CONCEDE)

    def claim(self) -> bool:
        """«Партия»: the first press shows the count against the target and says whether the claim is right
        (:func:`~deberc_tui.table.claim.claim_question`), the second claims; a claim the engine refuses says why."""
        view = self._view_for_key()
        if view is None:
            return False
        if not any(isinstance(a, Claim) for a in view.legal):
            self.claim_armed = None
            return self.act(view.seat, CLAIM)  # refused: the engine's reason
        key = self.decision_key()
        if self.claim_armed != key:
            self.claim_armed = key
            question = claim_question(view)
            if view.claim_count >= view.rules.target:
                self.error, self.hint = None, question
            else:
                self.error = question
            return False
        self.claim_armed = None
        return self.act(view.seat, CLAIM)

    def set_declare(self, on: bool) -> None:
        """``e`` declares the combinations with the next card that may, ``E`` keeps them back; the status line
        names them."""
        self.declare = on
        view = self.my_view()
        combos = view.declarable() if view is not None else ()
        self.hint = Text(N_("Your {combos} will be declared with your card (E: don't).") if on
                         else N_("Your {combos} will not be declared (e: declare)."), {"combos": combos})

    def set_bella(self, on: bool) -> None:
        """``b`` declares bella with the next card that may (``bella_when``), ``B`` keeps it back."""
        self.bella = on
        view = self.my_view()
        if not on:
            hint = N_("No bella this time (b: declare it).")
        elif view is not None and view.rules.bella_when is not BellaWhen.WITH_CARD:
            hint = N_("Bella will be declared with the card you play now (B: not yet).")
        else:
            hint = N_("Bella will be declared with your trump K or Q (B: don't).")
        self.hint = Text(hint)

    # -- the expert's advice -------------------------------------------------------------------

    def ask_hint(self) -> tuple[Moment, SeatView] | None:
        """``i``: the moment and view the expert is to think about (the status line says it is thinking), or None
        when the viewer has no decision to make."""
        view = self._view_for_key()
        if view is None:
            return None
        if view.to_act != view.seat:
            self._say(N_("A hint is for your own turn"))
            return None
        self.hint = Text(N_("The expert is thinking…"))
        return self.moment(), view

    def hint_for(self, moment: Moment, view: SeatView) -> Hint:
        """The expert's hint (called off the screen's thread)."""
        return self.adviser.hint(moment, view)

    def hinted(self, hint: Hint) -> None:
        """The hint is back: shown if it is still the same decision, and the card it names is offered first."""
        if hint.moment != self.moment():
            return
        self.hint = hint.message
        if isinstance(hint.action, PlayCard):
            self._hinted = (hint.moment, hint.action.card)

    def win_chance(self, seat: int) -> float:
        """How likely ``seat``'s side is to win the game, as the expert estimates it (the tutor's word before a
        person answers a double or a «даве»). Called off the screen's thread."""
        return self.adviser.win_chance(self.match.view(seat))

    # -- undo ------------------------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """Index in the current deal's log of ``seat``'s last action, if undo is allowed (against bots only, within
        the deal)."""
        if self.hot_seat or not self.bots:
            return None
        deal = self.match.deal
        if deal is None or deal.is_over:
            return None
        for i in range(len(deal.log) - 1, -1, -1):
            if deal.log[i][0] == seat:
                return i
        return None

    def undo(self) -> bool:
        """Take back the viewer's last action in this deal (and the bots' replies): the match is rebuilt from its
        record without them."""
        seat = self.viewer
        point = None if seat is None else self.undo_point(seat)
        if point is None:
            return False
        from deberc_tui.records import parse_record, replay_match

        doc = self.record()
        doc["deals"][-1]["actions"] = doc["deals"][-1]["actions"][:point]
        self.match = replay_match(parse_record(doc))
        self.loop = self._new_loop()
        self.gen += 1
        self.thinking = None
        self.error = None
        self.hold = None
        self.news.append(Text(N_("You take back your last move.")))
        self.autosave()
        return True

    # -- saving ----------------------------------------------------------------------------------

    @property
    def save_path(self) -> Path | None:
        """The game's file (None: the game is not saved)."""
        return self.saver.path

    @property
    def mirror_path(self) -> Path | None:
        """A second file the game is copied to (the older versions' single slot), set by the app."""
        return self.saver.mirror

    @mirror_path.setter
    def mirror_path(self, path: Path | None) -> None:
        self.saver.mirror = path

    def record(self) -> dict[str, Any]:
        """The RECORD.md document of the match so far."""
        from deberc_tui.records import record_from_game

        return record_from_game(self.match, self.players)

    def autosave(self) -> None:
        """Write the record if the match changed since the last write; a failed write is told in the log once and
        tried again after every action."""
        news = self.saver.save(self.progress(), self.record)
        if news is not None:
            self.news.append(news)

    def mark_saved(self) -> None:
        """The match as it is now is on disk already (just opened): autosave writes only after a change."""
        self.saver.mark(self.progress())

    @classmethod
    def from_record(cls, source: str | Path, *, save_path: Path | None = None, seed: int | None = None,
                    services: Services | None = None, pace: float = 0.6) -> TableSession:
        """Open a RECORD.md document (a path or its text): the match rebuilt by replaying every action. Raises
        TableError (one line) for anything wrong with it. No ``cmd:`` bot it names is started."""
        match, players = read_match(source)
        session = cls(match.rules, players, first_dealer=match.first_dealer, seed=seed, services=services,
                      save_path=save_path, match=match, pace=pace)
        if isinstance(source, Path):
            session.warnings = [Text(N_("{file}: {warning}"), {"file": str(source), "warning": w})
                                for w in session.warnings]
        session.mark_saved()
        return session

    # -- the end of a game -----------------------------------------------------------------------

    def _count_game(self) -> None:
        """Add the game just finished to the statistics (a person at the table; a game that ended while this
        session had it open), with its record's identity: the statistics count a game once, so neither a record
        opened again nor a copy of a saved game finished the same way adds it twice."""
        match = self.match
        if not self.humans or len(match.settled) <= self._counted_from:
            return
        from deberc_tui.records import game_identity
        from deberc_tui.stats import match_fields

        result = match.settled[-1]
        game = match.game
        human_sides = {self.rules.side_of(s) for s in self.humans}
        opponents = sorted({str(p.get("bot")) for s, p in enumerate(self.players)
                            if p.get("kind") == "bot" and self.rules.side_of(s) not in human_sides})
        entry: dict[str, Any] = {
            "players": self.rules.players,
            "level": "+".join(opponents) if opponents else "hot-seat",
            "won": result.winner in human_sides,
            "totals": list(game.totals),
            "deals": len(game.deals),
            "when": int(time.time()),
            "id": game_identity(match, result.index),
        }
        if self.rules.match_target is not None or self.rules.money is not Money.NONE:
            entry.update(match_fields(match, human_sides))
        failure = self.services.record_stats(entry)
        if failure is not None:
            self.news.append(failure)

    def history(self, last: int | None = None) -> list[str]:
        """The story of the match so far, one line per event that matters (for the log of a resumed game): each
        deal as ``deberc replay`` tells it, then the running score. ``last``: only the last that many lines (the
        log keeps no more), told from the latest deal back — a match of thousands of deals is not told whole."""
        from deberc_tui.text.i18n import _
        from deberc_tui.text.persons import cast
        from deberc_tui.text.sheet_text import deal_story

        people = cast(self.rules, self.players)
        sides = people.side_names
        out: list[str] = []
        if self.match.deals:
            out.append(_("Score: {score}").format(
                score=", ".join(f"{sides[s]} {t}" for s, t in enumerate(self.match.game.totals))))
        for game in reversed(self.match.games):
            if last is not None and len(out) >= last:
                break
            told = list(zip(game.deals, game.sheet(), strict=False))
            for deal, row in reversed(told):
                if last is not None and len(out) >= last:
                    break
                out.extend(reversed(deal_story(deal, row, people)))
        out.reverse()
        return out if last is None else out[max(0, len(out) - last):]


_UNOFFERED: Final[dict[type, Action]] = {SwapSeven: SWAP_SEVEN, Redeal: REDEAL_FOUR_SEVENS, Klabor: KLABOR}
"""The action a key asks for when the engine does not offer it: applied only to hear the rule's reason."""


# The session's own news said of a seat (translated when shown, so without a gender: deberc_tui.text.persons).
DEALS = Phrase(N_("Deal {n}: You deal, turnup {card}"), N_("Deal {n}: {name} deals, turnup {card}"))
TURNUP_TAKEN = Phrase(N_("The turnup {card} goes into your hand"), N_("The turnup {card} goes into {name}'s hand"))
