"""The one play loop: ask the seats of a match for their actions, apply the answers, stop where a person must act.

Every driver plays through it: the table (a step at a time, its bots thinking in worker threads), the arena, the
benches, ``deberc bots --check`` and the practice tutor (whole deals at once, :meth:`PlayLoop.play_on`). Writing
it once is what makes a tournament, a bot check and a game at the table ask the same seats the same questions in
the same order, so that a bot that plays well in the arena plays the same way at the table.

The order of asking follows the book's out-of-turn actions (RULES.md §4: the trump-seven swap, redeal demands,
klabor, the offer to concede for fifty may come from any seat entitled to them): before each turn, every *other*
seat that has such options is asked once, in seat order (unless an offer to raise the stake waits for its
answer); a seat that takes one has it applied at once and the round goes on with the next seat; then the seat to
act chooses, and a new round begins. A person's seat (``None`` in the seats) is never asked: the loop stops when
it is that seat's turn (:attr:`Pause.PERSON`), and the person's out-of-turn actions come whenever they press
their key (:meth:`PlayLoop.apply`).

The loop asks :class:`Seat` objects, which are deberc's own code: a bot is reached only through
:class:`~deberc_tui.play.seats.BotSeat`, which hands it the seat's view and nothing else, through the safe runner
(a budget, a private copy, an answer checked by type and notation).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import NamedTuple, Protocol

from deberc_tui.engine import Action, Card, Deal, Phase, SeatView
from deberc_tui.engine.events import Event
from deberc_tui.engine.match import Match

__all__ = ["Answer", "Ask", "Pause", "PlayLoop", "Seat", "Stop"]


class Ask:
    """One question to one seat: its turn (``optional`` False: one of ``actions`` must be chosen) or its
    out-of-turn options (``optional`` True: one of them, or none).

    The seat's view is made on first use and kept: a driver that lets a seat think in another thread reads it
    before handing the question over, so the thinking never looks at a match that is changing under it."""

    __slots__ = ("_deal", "_match", "_progress", "_view", "actions", "optional", "seat")

    def __init__(self, match: Match, deal: Deal, seat: int, actions: list[Action], optional: bool) -> None:
        self._match = match
        self._deal = deal
        self._progress = len(deal.log)
        self._view: SeatView | None = None
        self.seat = seat
        self.actions = actions
        self.optional = optional

    def same_question(self, other: Ask) -> bool:
        """Whether ``other`` asks the same seat the same kind of question about the same moment of the same deal:
        how a stale answer — given after an undo, or after the person acted first — is recognised and dropped."""
        return (self._deal is other._deal and self._progress == other._progress and self.seat == other.seat
                and self.optional == other.optional)

    @property
    def view(self) -> SeatView:
        """What the seat may see now (the match's view of it: the deal, the score, the stakes)."""
        if self._view is None:
            self._view = self._match.view(self.seat)
        return self._view


class Answer(NamedTuple):
    """A seat's answer to an :class:`Ask`: the action (None: no out-of-turn action), how long the seat took,
    and why the action was chosen for it if the seat failed (it raised, overran or answered illegally).
    (A named tuple: the loop makes one per decision, and a tuple is the cheapest immutable value to make.)"""

    ask: Ask
    action: Action | None
    seconds: float = 0.0
    failure: str | None = None


class Seat(Protocol):
    """Who sits in a seat and is asked by the loop (a bot behind the safe runner, a fixed policy in a bench).

    ``choose`` must answer one of ``ask.actions``; ``optional`` one of them or None. Neither may raise: a seat
    that wraps untrusted code catches its failures and says so in :attr:`Answer.failure`."""

    def choose(self, ask: Ask) -> Answer: ...

    def optional(self, ask: Ask) -> Answer: ...


class Pause(StrEnum):
    """Why the loop stopped asking."""

    DEAL = "deal"
    """No deal is in progress: the driver deals the next one (:meth:`PlayLoop.start_deal`) — after a deal, a
    game of a match, or before the first."""
    PERSON = "person"
    """It is a person's turn (:attr:`Stop.seat`): the driver waits for them."""
    OVER = "over"
    """The match (or the lone game) is over."""


class Stop(NamedTuple):
    """Where the loop stopped: why, and for :attr:`Pause.PERSON` whose turn it is."""

    pause: Pause
    seat: int | None = None


_OVER = Phase.OVER
DecisionHook = Callable[[int, float], None]
FailureHook = Callable[[int, str], None]


class PlayLoop:
    """Plays a match with ``seats[seat]`` in each seat (None: a person). See the module's docstring for the order.

    ``ask_optional=False`` never offers the seats their out-of-turn actions (a bench or a tutor's play-out that
    measures the turns alone). ``on_decision(seat, seconds)`` hears of every turn a seat decided and
    ``on_failure(seat, reason)`` of every decision made for a failing seat."""

    def __init__(self, match: Match, seats: Sequence[Seat | None], *, ask_optional: bool = True,
                 on_decision: DecisionHook | None = None, on_failure: FailureHook | None = None) -> None:
        if len(seats) != match.n:
            raise ValueError(f"{match.n} seats need {match.n} entries, not {len(seats)}")
        self.match = match
        self.seats = list(seats)
        self.ask_optional = ask_optional
        self.on_decision = on_decision
        self.on_failure = on_failure
        self._cursor: int | None = None
        """The next seat to be offered its out-of-turn options in this round (None: a round begins)."""

    # -- one step at a time (the table) --------------------------------------------------------

    def next(self) -> Ask | Stop:
        """The next question the loop would ask, or where it stops. Asking again before an answer gives the same."""
        match = self.match
        deal = match.deal
        if deal is None or deal.phase is _OVER:  # (a deal in progress means the match goes on)
            return Stop(Pause.OVER if match.is_over else Pause.DEAL)
        n = match.n
        cursor = self._cursor
        if cursor is None:
            cursor = self._cursor = 0 if self.ask_optional and match.offer is None else n
        while cursor < n:
            if cursor != deal.to_act and self.seats[cursor] is not None:
                options = match.optional_actions(cursor)
                if options:
                    return Ask(match, deal, cursor, options, True)
            cursor = self._cursor = cursor + 1
        turn: int = deal.to_act if match.offer is None else match.to_act  # type: ignore[assignment]  # in a deal
        if self.seats[turn] is None:
            return Stop(Pause.PERSON, turn)
        return Ask(match, deal, turn, match.legal_actions(), False)

    def is_current(self, ask: Ask) -> bool:
        """Whether ``ask`` is still the question the loop asks now (its answer may be applied)."""
        step = self.next()
        return isinstance(step, Ask) and step.same_question(ask)

    def decide(self, ask: Ask) -> Answer:
        """Ask the seat (it may take its time: a driver may call this in another thread, with the view read)."""
        seat = self.seats[ask.seat]
        assert seat is not None, "a person's seat is not asked"
        answer = seat.optional(ask) if ask.optional else seat.choose(ask)
        self._report(ask, answer)
        return answer

    def _report(self, ask: Ask, answer: Answer) -> None:
        """Tell the hooks: the time a turn took, and a decision made for a failing seat."""
        if not ask.optional and self.on_decision is not None:
            self.on_decision(ask.seat, answer.seconds)
        if answer.failure is not None and self.on_failure is not None:
            self.on_failure(ask.seat, answer.failure)

    def answer(self, answer: Answer) -> list[Event]:
        """Apply a seat's answer to the question the loop asked last; returns the events it caused."""
        ask = answer.ask
        if ask.optional:
            self._cursor = ask.seat + 1
            return [] if answer.action is None else self.match.apply(ask.seat, answer.action)
        assert answer.action is not None
        self._cursor = None
        return self.match.apply(ask.seat, answer.action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a person's action (their turn, or an out-of-turn one); raises IllegalActionError with the rule's
        reason when the rules refuse it. Every other seat is then asked its options again."""
        events = self.match.apply(seat, action)
        self._cursor = None
        return events

    def start_deal(self, deck: Sequence[Card] | None = None) -> None:
        """Deal the next deal (``deck``, else shuffled by the match's seeded generator)."""
        self.match.start_deal(deck)
        self._cursor = None

    # -- whole deals (the arena, the benches, the bot check, the tutor) -------------------------

    def offer_out_of_turn_once(self) -> None:
        """Ask every seat, in seat order and the one to act too, once what it does out of turn now (swap the trump
        seven, demand a redeal), and apply what it takes: for a play-out whose cards are then played for the seats
        (the tutor's, :func:`~deberc_tui.practice.evaluate.play_out`), which asks here what the table would ask
        again before each seat's first card — a bot decides these by its hand and the trump alone."""
        match = self.match
        for seat, player in enumerate(self.seats):
            deal = match.deal
            if deal is None or deal.phase is _OVER:
                return
            options = match.optional_actions(seat)
            if options and player is not None:
                self.answer(self.decide(Ask(match, deal, seat, options, True)))

    def play_on(self, until: Callable[[], bool] | None = None) -> Stop | None:
        """Ask and apply until the deal is over (or the match, or a person must act): returns where it stopped.
        ``until``, asked before each question while a deal is in progress (before the question is made), stops the
        loop early (None returned) when it says so."""
        seats, match = self.seats, self.match
        while True:
            if until is not None:
                deal = match.deal
                if deal is not None and deal.phase is not _OVER and until():
                    return None
            step = self.next()
            if type(step) is Stop:
                return step
            ask: Ask = step  # type: ignore[assignment]  # not a Stop: an Ask
            if ask.optional:
                self.answer(self.decide(ask))
                continue
            # A turn, decided and applied as decide() and answer() do it, without the two calls: this is the
            # hot path of every bench, arena and play-out.
            answer = seats[ask.seat].choose(ask)  # type: ignore[union-attr]  # a seat that is asked has a Seat
            if self.on_decision is not None or answer.failure is not None:
                self._report(ask, answer)
            self._cursor = None
            match.apply(ask.seat, answer.action)  # type: ignore[arg-type]  # a turn's answer is an action

    def play_deal(self, deck: Sequence[Card] | None = None) -> Stop | None:
        """Deal the next deal and play it to its end (or to a person's turn)."""
        self.start_deal(deck)
        return self.play_on()

    def play_match(self, deal_cap: int) -> bool:
        """Play deal after deal until the match is over; False if ``deal_cap`` deals did not end it."""
        for _deal in range(deal_cap):
            if self.match.is_over:
                return True
            self.play_deal()
        return self.match.is_over


def timed(ask: Ask, decide: Callable[[], tuple[Action | None, str | None]]) -> Answer:
    """An :class:`Answer` from ``decide()`` — (the action, the failure or None) — with the time it took."""
    start = time.perf_counter()
    action, failure = decide()
    return Answer(ask, action, time.perf_counter() - start, failure)
