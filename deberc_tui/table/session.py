"""The table session: one table's match, who sits where, and the flow of play between the screen and the loop.

Everything about a table that is not drawing lives here: the match (played through the one play loop), the
seats (people and bots), whose turn it is and whether a bot is thinking, the pauses for the trick on show, the
summaries and the dialogs, what each seat said, hints and the tutor's warnings, undo, saving after every
action, and the statistics once a game ends. The screen asks :meth:`TableSession.advance` what to do next (a
:mod:`~deberc_tui.table.steps` value), hands the session what people choose, and draws what it holds; the
session never imports Textual or Rich, so the whole flow is tested without an app.

Messages for the player (a refusal, a hint, a remark in the log) are engine :class:`~deberc_tui.engine.text.Text`
values — a template and its params, cards as cards — which the screen renders in the player's language and
card style.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bots.base import Bot
from deberc_tui.bot_hosting.runner import OPTIONAL_BUDGET, safe_choose
from deberc_tui.engine import (
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_REFUSE,
    Action,
    Bid,
    Card,
    Claim,
    Concede50,
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
from deberc_tui.engine.options import Doubling, FalseClaim, Money
from deberc_tui.engine.text import N_, Text
from deberc_tui.play.loop import Answer, Ask, Pause, PlayLoop, Seat, Stop
from deberc_tui.play.seats import BotSeat
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

__all__ = ["News", "TableError", "TableSession", "default_players"]

Speech = ev.BidMade | ev.TrumpChosen | ev.Declared | ev.BellaDeclared
"""What a seat says aloud and the felt shows beside its name until the next trick: a bid, the trump, a
combination, bella."""
News = Event | Text
"""A line for the table's log: an event the narrator tells, or a remark of the session's own."""
Player = dict[str, Any]
"""A seat as a game record names it: ``{"name": ..., "kind": "human" | "bot", "bot": level}``."""

DEFAULT_NAMES = (N_("You"), N_("Boris"), N_("Clara"), N_("Dmitri"))
NOT_YET = "…"


class TableError(Exception):
    """A table that cannot be set up or loaded; the message is one line for the user."""


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
class Weighing:
    """A person's choice the tutor weighs before it is played: at which moment (undo generation, progress),
    seen from which view, and the action."""

    gen: int
    key: tuple[int, int]
    view: SeatView
    action: Action


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
            raise TableError(_tr(N_("{n} players need {n} seats, not {seats}"), n=rules.players, seats=len(players)))
        self.rules = rules
        self.players = players
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
        self.concede_declined = -1
        """The deal in which the person defending chose to play on instead of offering to concede for fifty."""
        self.tutor: float | None = None
        """Warn before a bid or card that loses more than this many expected points (None: the tutor is off)."""
        self.tutor_ok: tuple[int, int, Action] | None = None
        self.weighing: Weighing | None = None
        """A choice waiting for the tutor's verdict (the screen asks the tutor in a worker)."""
        self.gen = 0
        """Bumped by undo: work started for an earlier state (a hint, the tutor) is dropped."""
        self.news: list[News] = []
        deals = len(self.match.deals)
        self.summarized = sum(1 for d in self.match.deals if d.is_over)
        self.games_ended = len(self.match.settled) - (1 if self.match.game.is_over and deals else 0)
        self._counted_from = len(self.match.settled)
        """Games settled before this session opened the table are not counted in the statistics again."""
        self.save_path = save_path
        self.mirror_path: Path | None = None
        self._saved: tuple[int, int] | None = None
        self.save_failure: str | None = None
        self.started = time.time()
        self._expert: Bot | None = None

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
                return make(wanted, bot_seed)
            except Exception as exc:  # noqa: BLE001 - an uninstalled or broken plug-in must not stop the game
                reason = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
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
        return str(self.players[seat].get("name") or seat + 1)

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
        """Stop the bots that run in their own processes (also done at exit)."""
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
            if not step.optional and self.concede_choice() is not None:
                return PersonToAct(self.viewer)  # type: ignore[arg-type]  # concede_choice: the viewer's seat
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
        """The person defending who may still offer to concede for fifty while a bot would play the first card:
        the table waits for their offer or their "play on", so the offer is never lost to a fast bot."""
        seat = self.viewer
        deal = self.match.deal
        if seat is None or deal is None or deal.is_over or self.concede_declined == len(self.match.deals):
            return None
        turn = self.match.to_act
        if turn is None or turn == seat or not self.is_bot(turn):
            return None
        return seat if any(isinstance(a, Concede50) for a in self.match.optional_actions(seat)) else None

    def play_on(self) -> None:
        """The person defending will not offer to concede in this deal: the bot may play."""
        self.concede_declined = len(self.match.deals)

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
        self._done(events)
        return True

    # -- people ----------------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> bool:
        """Apply a person's action; a refusal is kept in :attr:`error` (the engine's reason) and returns False."""
        try:
            events = self.loop.apply(seat, action)
        except IllegalActionError as exc:  # said to the person who tried it: "must trump ♠ (you hold 9♠)"
            self.error = Text(to_you(exc.template), exc.params)
            return False
        self._done(events)
        return True

    def _done(self, events: list[Event]) -> None:
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
        """A passing remark (a refused key): the status line shows it; the log keeps the game, not every key."""
        self.error = Text(template, params)

    def decision_key(self) -> tuple[int, int]:
        return self.progress()

    def play_card(self, card: Card) -> bool:
        """The viewer plays ``card``, declaring and saying bella as the toggles say where the engine allows."""
        view = self.my_view()
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
            self.weighing = Weighing(self.gen, self.decision_key(), view, action)
            self.hint = Text(N_("The tutor is weighing your choice…"))
            return False
        return self.act(view.seat, action)

    def weighed(self, weighing: Weighing, cost: float | None, warning: str | None) -> bool:
        """The tutor's verdict on a choice it weighed: played when it costs little, else a warning (the same choice
        again plays it). Dropped if the table has moved on."""
        view = self.my_view()
        gen, key, action = weighing.gen, weighing.key, weighing.action
        if gen != self.gen or key != self.decision_key() or view is None:
            return False
        self.hint = None
        if cost is None or self.tutor is None or cost <= self.tutor or warning is None:
            return self.act(view.seat, action)
        self.tutor_ok = (*key, action)
        self.error = Text(N_("Tutor: {advice} Choose it again to go ahead."), {"advice": warning})
        return False

    def out_of_turn(self, kind: type[SwapSeven] | type[Redeal] | type[Klabor]) -> bool:
        """The viewer's swap, redeal demand or klabor, where the engine offers it; else the status line says why."""
        view = self.my_view()
        if view is None:
            return False
        options = [a for a in view.optional if isinstance(a, kind)]
        if options:
            return self.act(view.seat, options[0])
        return self.act(view.seat, _UNOFFERED[kind])  # refused: the engine's reason

    def offer_concede(self) -> bool:
        view = self.my_view()
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
        view = self.my_view()
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
        """«Партия»: the first press says what is at stake, the second claims; a claim the engine refuses says why."""
        view = self.my_view()
        if view is None:
            return False
        if not any(isinstance(a, Claim) for a in view.legal):
            self.claim_armed = None
            return self.act(view.seat, Claim())  # refused: the engine's reason
        key = self.decision_key()
        if self.claim_armed != key:
            self.claim_armed = key
            side = view.rules.side_of(view.seat)
            rule: Text
            if view.rules.false_claim is FalseClaim.LOSES:
                rule = Text(N_("a false claim loses the game"))
            elif view.rules.false_claim is FalseClaim.DOUBLE_TO_OPPONENT:
                rule = Text(N_("a false claim strikes your {total} to 0 and doubles it to the other side"),
                            {"total": view.totals[side]})
            else:
                rule = Text(N_("a false claim is ignored"))
            self._say(N_("Claim «Партия»? Your side has {written} written + this deal's points, target {target}; "
                         "{rule}. Press a again to claim."), written=view.totals[side], target=view.rules.target,
                      rule=rule)
            return False
        self.claim_armed = None
        return self.act(view.seat, Claim())

    def set_declare(self, on: bool) -> None:
        self.declare = on

    def set_bella(self, on: bool) -> None:
        self.bella = on

    # -- the expert's advice -------------------------------------------------------------------

    def expert(self) -> Bot:
        """The expert bot that gives hints and the tutor's chance of winning (made once, on first use)."""
        if self._expert is None:
            self._expert = self.services.make_expert()
        return self._expert

    def expert_choice(self, view: SeatView) -> tuple[Action, Text | None]:
        """The expert's choice for ``view`` and its reason, from one decision (a sampling bot asked twice could
        say "pass" while its reason argues for a suit). Called off the screen's thread."""
        bot = self.expert()
        decide = getattr(bot, "decide", None)
        if callable(decide):
            bot.budget = 1.5  # type: ignore[attr-defined]  # the expert's own thinking time
            action, why = decide(view, list(view.legal))
            return action, why
        action, _failure = safe_choose(bot, view, view.legal, 1.5)
        return action, None

    def win_chance(self, seat: int) -> float:
        """How likely ``seat``'s side is to win the game, as the expert estimates it (the tutor's word before a
        person answers a double or a «даве»). Called off the screen's thread."""
        from bots.stakes import outlook_of

        return outlook_of(self.expert(), self.match.view(seat)).p

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

    def record(self) -> dict[str, Any]:
        """The RECORD.md document of the match so far."""
        from deberc_tui.records import record_from_game

        return record_from_game(self.match, self.players)

    def autosave(self) -> None:
        """Write the record to :attr:`save_path` (and :attr:`mirror_path`) if the match changed since the last
        write. A failed write (a full disk) is told at once and tried again after every action."""
        if self.save_path is None or (self._saved is not None and self._saved == self.progress()):
            return
        from deberc_tui.storage import atomic_write

        text = json.dumps(self.record(), ensure_ascii=False, indent=1)
        try:
            atomic_write(self.save_path, text)
            if self.mirror_path is not None:
                atomic_write(self.mirror_path, text)
        except OSError as exc:
            reason = exc.strerror or str(exc) or exc.__class__.__name__
            if self.save_failure is None:
                self.news.append(Text(N_("The game could not be saved ({reason}): it will be tried again after every "
                                         "move"), {"reason": reason}))
            self.save_failure = reason
            return
        if self.save_failure is not None:
            self.news.append(Text(N_("The game is saved again.")))
            self.save_failure = None
        self._saved = self.progress()

    def mark_saved(self) -> None:
        """The match as it is now is on disk already (just opened): autosave writes only after a change."""
        self._saved = self.progress()

    @classmethod
    def from_record(cls, source: str | Path, *, save_path: Path | None = None, seed: int | None = None,
                    services: Services | None = None, pace: float = 0.6) -> TableSession:
        """Open a RECORD.md document (a path or its text): the match rebuilt by replaying every action. Raises
        TableError (one line) for anything wrong with it. No ``cmd:`` bot it names is started."""
        from deberc_tui.records import RecordError, parse_record, replay_match
        from deberc_tui.storage import RECORD_LIMIT
        from deberc_tui.text.i18n import translate_error
        from deberc_tui.untrusted import InputError, parse_json, read_text

        try:
            doc = parse_json(read_text(source, RECORD_LIMIT) if isinstance(source, Path) else source)
        except OSError as exc:
            raise TableError(_tr(N_("cannot read {path}: {error}"), path=source, error=exc.strerror or exc)) from None
        except InputError as exc:
            raise TableError(translate_error(exc)) from None
        try:
            record = parse_record(doc)
            match = replay_match(record)
        except RecordError as exc:
            raise TableError(translate_error(exc)) from None
        except Exception as exc:  # noqa: BLE001 - whatever is wrong with the file: one line, no traceback
            raise TableError(_tr(N_("cannot load the record: {error}"), error=exc)) from None
        session = cls(match.rules, [dict(p) for p in record.players], first_dealer=match.first_dealer, seed=seed,
                      services=services, save_path=save_path, match=match, pace=pace)
        if isinstance(source, Path):
            session.warnings = [Text(N_("{file}: {warning}"), {"file": str(source), "warning": w})
                                for w in session.warnings]
        session.mark_saved()
        return session

    # -- the end of a game -----------------------------------------------------------------------

    def _count_game(self) -> None:
        """Add the game just finished to the statistics (a person at the table; a game that ended while this
        session had it open, so a record opened again is not counted twice)."""
        match = self.match
        if not self.humans or len(match.settled) <= self._counted_from:
            return
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
        }
        if self.rules.match_target is not None or self.rules.money is not Money.NONE:
            entry.update(match_fields(match, human_sides))
        failure = self.services.record_stats(entry)
        if failure is not None:
            self.news.append(failure)

    def history(self) -> list[str]:
        """The story of the match so far, one line per event that matters (for the log of a resumed game): each
        deal as ``deberc replay`` tells it, then the running score."""
        from deberc_tui.text.i18n import _
        from deberc_tui.text.persons import cast
        from deberc_tui.text.sheet_text import deal_story

        people = cast(self.rules, self.players)
        sides = people.side_names
        out: list[str] = []
        for game in self.match.games:
            for deal, row in zip(game.deals, game.sheet(), strict=False):
                out.extend(deal_story(deal, row, people))
        if self.match.deals:
            out.append(_("Score: {score}").format(
                score=", ".join(f"{sides[s]} {t}" for s, t in enumerate(self.match.game.totals))))
        return out


_UNOFFERED: Final[dict[type, Action]] = {SwapSeven: SWAP_SEVEN, Redeal: REDEAL_FOUR_SEVENS, Klabor: KLABOR}
"""The action a key asks for when the engine does not offer it: applied only to hear the rule's reason."""


# The session's own news said of a seat (translated when shown, so without a gender: deberc_tui.text.persons).
DEALS = Phrase(N_("Deal {n}: You deal, turnup {card}"), N_("Deal {n}: {name} deals, turnup {card}"))
TURNUP_TAKEN = Phrase(N_("The turnup {card} goes into your hand"), N_("The turnup {card} goes into {name}'s hand"))


def _tr(template: str, **params: object) -> str:
    """A one-line message in the player's language (for errors raised as plain text)."""
    from deberc_tui.engine.text import render
    from deberc_tui.text.i18n import _

    return render(template, params, _)
