"""Asking a bot for an action without ever letting it stop, freeze or change the game.

``safe_choose`` always returns one of the table's own legal actions: if the bot raises, runs past
its time, or answers with anything that is not one of the actions it was offered, a safe legal
action is played for it (a pass when bidding, its cheapest plain card, never a claim or a redeal),
the failure is logged on the ``deberc.bots`` logger with the bot's name, and returned as the second
item. ``safe_optional`` does the same for the out-of-turn actions, answering None on any failure.

What keeps the game safe from the bot:

* The bot gets copies: a deep copy of the seat's view (rules and score sheet included) and a new
  list of copied actions, so nothing it does to its arguments reaches the table.
* Its answer is never compared with ``==`` (a bot's object may define ``__eq__`` to lie, to raise or
  to loop): it is read field by field with exact type checks (:func:`action_key`) and the table's
  own action with the same notation is played.
* Every call is bounded. A bot in another process (:class:`~deberc_tui.bot_hosting.process.ProcessBot`) is killed when
  it overruns. An in-process bot — only the built-ins are — is stopped by an alarm signal after the
  budget plus :func:`grace` when it runs in the main thread (the arena), or else (the table, whose bots
  run in worker threads) runs in a thread of its own that the table stops waiting for; that thread is
  abandoned (Python cannot kill one) and a new worker takes the next call. With ``hard=False`` the call runs in the caller's thread and
  an answer that came too late is discarded (deterministic, for tests of the rule itself).

A call without a budget (``budget=None``) is not a seat at a table: it is how the practice tutor plays
the built-in bots through worlds it sampled itself, where nothing is hidden from anyone and a copy
would protect nothing. It runs directly, uncopied and unbounded (a copy would double a heuristic
decision's time there). The table and the arena always give a budget.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import logging
import queue
import signal
import threading
import time
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Final, TypeVar

from bots.base import Bot
from deberc_tui.engine import (
    DECK,
    Action,
    Bid,
    BidCall,
    Card,
    Claim,
    Klabor,
    PlayCard,
    Redeal,
    SeatView,
    SwapSeven,
)
from deberc_tui.text.i18n import _

from .process import BotFailure, grace, short
from .protocol import ACTION_TYPES

log = logging.getLogger("deberc.bots")

T = TypeVar("T")

OPTIONAL_BUDGET: Final = 0.5
"""Seconds a bot may take to decide on an out-of-turn action (swap, redeal, klabor)."""

__all__ = ["OPTIONAL_BUDGET", "action_key", "fallback_action", "grace", "safe_choose", "safe_optional"]


def fallback_action(legal: Sequence[Action]) -> Action:
    """A safe legal action: a pass if possible, else the cheapest-looking card, else the first action
    of the seat's turn (never a claim, a redeal or klabor unless nothing else is legal)."""
    for a in legal:
        if isinstance(a, Bid) and a.call is BidCall.PASS:
            return a
    plain = [a for a in legal if isinstance(a, PlayCard) and not a.declare and not a.bella]
    if plain:
        return min(plain, key=lambda a: (a.card.rank.index in (3, 7), a.card.index))
    for a in legal:
        if not isinstance(a, Claim | Redeal | Klabor | SwapSeven):
            return a
    return legal[0]


def action_key(answer: object) -> str | None:
    """A text naming the action ``answer`` is, read with exact type checks; None if it is no action.

    Never calls the answer's methods: an object of a lookalike class (a subclass, or one with its own
    ``__eq__``) gives None, and a real action's fields are read as plain values — a bool, an int, a
    string, a card by its index, an enum member that really is one of its enum's."""
    kind: type = type(answer)
    names = _slot_names(kind) if kind in ACTION_TYPES else None
    if names is None:
        return None
    parts = [kind.__name__]
    for name in names:
        part = _plain(getattr(answer, name))
        if part is None:
            return None
        parts.append(part)
    return " ".join(parts)


def _plain(value: object) -> str | None:
    kind = type(value)
    if kind is bool or kind is int:
        return repr(value)
    if kind is str:
        return json.dumps(value)
    if kind is Card:
        index = value.index  # type: ignore[attr-defined]  # a Card, checked above
        return f"card{index}" if type(index) is int and 0 <= index < len(DECK) else None
    if isinstance(value, Enum):
        members = list(kind)  # type: ignore[call-overload]  # an Enum class
        for i, member in enumerate(members):
            if member is value:
                return f"{kind.__name__}[{i}]"
    return None


def _match(answer: object, offered: Sequence[Action]) -> Action | None:
    """The table's own action among ``offered`` that ``answer`` names, if any. An answer that is one of the offered
    objects itself (a bot asked without a budget is handed the table's own actions) is that action: no key is read."""
    for a in offered:
        if a is answer:
            return a
    key = action_key(answer)
    if key is None:
        return None
    for a in offered:
        if action_key(a) == key:
            return a
    return None


def _name(bot: object) -> str:
    try:
        return short(getattr(bot, "name", None) or type(bot).__name__, 40)
    except Exception:  # noqa: BLE001 - a name that cannot even be read
        return type(bot).__name__


def _why(exc: BaseException) -> str:
    try:
        return short(_("raised {error}").format(error=f"{exc.__class__.__name__}: {exc}"))
    except Exception:  # noqa: BLE001 - an exception whose str() fails
        return _("raised {error}").format(error=exc.__class__.__name__)


# -- bounded calls -----------------------------------------------------------------------------


class _Worker:
    """A thread that runs bot calls one at a time; abandoned (never reused) after a call overruns."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[tuple[Callable[[], object], queue.Queue[tuple[bool, object]]] | None] = queue.Queue()
        threading.Thread(target=self._run, name="bot-worker", daemon=True).start()

    def _run(self) -> None:
        while (job := self.jobs.get()) is not None:
            fn, reply = job
            try:
                reply.put((True, fn()))
            except BaseException as exc:  # noqa: BLE001 - reported to the caller, whatever it is
                reply.put((False, _why(exc)))


_idle: list[_Worker] = []
_idle_lock = threading.Lock()


def _bounded(fn: Callable[[], T], seconds: float, budget: float | None) -> tuple[T | None, str | None]:
    """``fn()`` in a worker thread, waiting at most ``seconds``: (result, None) or (None, failure)."""
    with _idle_lock:
        worker = _idle.pop() if _idle else _Worker()
    reply: queue.Queue[tuple[bool, object]] = queue.Queue(maxsize=1)
    worker.jobs.put((fn, reply))
    try:
        ok, value = reply.get(timeout=seconds)
    except queue.Empty:
        worker.jobs.put(None)  # it ends once the bot returns, if it ever does
        return None, _("ran past its budget of {budget:.2f} s; stopped waiting for it after {seconds:.2f} s").format(
            budget=budget, seconds=seconds)
    with _idle_lock:
        _idle.append(worker)
    if not ok:
        return None, str(value)
    return value, None  # type: ignore[return-value]  # fn's own result


class _Overrun(BaseException):
    """Raised inside an in-process bot by the alarm when its time is up (not an Exception: it is no bot's to catch)."""


def _alarm_free() -> bool:
    """Whether this call may use SIGALRM: POSIX, the main thread, and no one else's timer running."""
    return (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
            and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))


def _on_alarm(signum: int, frame: object) -> None:
    raise _Overrun


def _alarmed(fn: Callable[[], T], seconds: float, budget: float) -> tuple[T | None, str | None]:
    """``fn()`` in this thread, stopped by an alarm after ``seconds``: unlike an abandoned thread, a bot that
    overruns is really stopped (the arena's way: no thread hand-off, about 2 µs a call)."""
    overrun = _("ran past its budget of {budget:.2f} s; stopped it after {seconds:.2f} s").format(
        budget=budget, seconds=seconds)
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, seconds)
            result = fn()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _Overrun:
        return None, overrun
    except Exception as exc:  # noqa: BLE001 - nothing a bot does reaches the table
        return None, _why(exc)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return result, None


def _call(fn: Callable[[], T], budget: float | None, hard: bool, in_process: bool) -> tuple[T | None, str | None]:
    """Run one bot call under the rules above: (result, None) or (None, the failure in one line)."""
    start = time.perf_counter()
    if not in_process:  # the bot process has its own deadline
        try:
            return fn(), None
        except BotFailure as exc:
            return None, short(exc)
        except Exception as exc:  # noqa: BLE001 - nothing a bot does reaches the table
            return None, _why(exc)
    if hard and budget is not None:
        if _alarm_free():
            return _alarmed(fn, grace(budget), budget)
        return _bounded(fn, grace(budget), budget)
    try:
        result = fn()
    except Exception as exc:  # noqa: BLE001
        return None, _why(exc)
    elapsed = time.perf_counter() - start
    if budget is not None and elapsed > grace(budget):
        return None, _("ran {seconds:.2f} s, over its budget of {budget:.2f} s").format(seconds=elapsed, budget=budget)
    return result, None


def _in_process(bot: object) -> bool:
    return getattr(type(bot), "enforces_budget", False) is not True


_SHARED: Final = (int, float, str, bool, type(None), Card, Enum)
_PLAIN: set[type] = {int, float, str, bool, type(None), Card}
"""Types whose values are shared, not copied (grows with the enum classes met)."""


def _fresh(obj: T) -> T:
    """A deep copy of ``obj`` made of new tuples and new slotted dataclasses (the engine's values);
    numbers, strings, enum members and the interned cards are shared. Anything else is ``deepcopy``'d."""
    kind: type = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is tuple:
        return tuple([x if type(x) in _PLAIN else _fresh(x) for x in obj])  # type: ignore[return-value, attr-defined]
    names = _slot_names(kind)
    if names is not None:
        new: T = object.__new__(kind)
        for name in names:
            value = getattr(obj, name)
            object.__setattr__(new, name, value if type(value) in _PLAIN else _fresh(value))
        return new
    if isinstance(obj, _SHARED):
        _PLAIN.add(kind)  # an enum class: its members are shared from now on
        return obj
    return copy.deepcopy(obj)


@functools.cache
def _slot_names(cls: type) -> tuple[str, ...] | None:
    """The fields of a slotted dataclass (None for any other type)."""
    if not dataclasses.is_dataclass(cls) or issubclass(cls, _SHARED) or "__dict__" in dir(cls):
        return None
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(n for n in names if n != "__weakref__")


def private_copy(view: SeatView, actions: Sequence[Action]) -> tuple[SeatView, list[Action]]:
    """What an in-process bot is handed: its own deep copy of the view and of the actions.

    The view's rules and score sheet are the game's own objects, so a bot that forced a field of
    them (``object.__setattr__``) would change the game: the copy shares nothing but cards, enum
    members, numbers and strings, which cannot change. About a quarter of ``copy.deepcopy``'s time (30-125 µs a decision, README)."""
    return _fresh(view), [_fresh(a) for a in actions]


def safe_choose(
    bot: Bot, view: SeatView, legal: Sequence[Action], budget: float | None, hard: bool = True,
) -> tuple[Action, str | None]:
    """The bot's choice among ``legal``, or a safe legal action and the reason it was needed."""
    legal = tuple(legal)
    if not legal:
        raise ValueError("safe_choose needs at least one legal action")
    in_process = _in_process(bot)
    if in_process and budget is not None:
        mine, offered = private_copy(view, legal)
    else:  # a process bot gets JSON; a call without a budget is a simulation of its own (see above)
        mine, offered = view, list(legal)
    answer, failure = _call(lambda: bot.choose(mine, offered, budget), budget, hard, in_process)
    action = None
    if failure is None:
        action = _match(answer, legal)
        if action is None:
            failure = _("answered {answer}, which is not legal now").format(answer=_shown(answer))
    if action is None:
        failure = failure or _("gave no answer")
        log.warning("bot %s (seat %d) %s; playing a safe action instead", _name(bot), view.seat + 1, failure)
        return fallback_action(legal), failure
    return action, None


def safe_optional(
    bot: Bot, view: SeatView, options: Sequence[Action], budget: float | None = OPTIONAL_BUDGET,
    on_failure: Callable[[str], None] | None = None,
) -> Action | None:
    """The bot's out-of-turn action among ``options`` (swap, redeal, klabor), or None — also when
    the bot fails (logged, as for :func:`safe_choose`, and told to ``on_failure``). Bounded by ``budget``
    like a choice."""
    options = tuple(options)
    if not options:
        return None
    fn = getattr(bot, "optional", None)
    if fn is None:
        return None
    in_process = _in_process(bot)
    # a process bot gets JSON; a call without a budget is a simulation of its own (as for safe_choose)
    mine, offered = private_copy(view, options) if in_process and budget is not None else (view, list(options))
    if in_process:
        answer, failure = _call(lambda: fn(mine, offered), budget, True, True)
    else:
        answer, failure = _call(lambda: fn(mine, offered, budget), budget, True, False)
    if failure is None and answer is not None:
        action = _match(answer, options)
        if action is not None:
            return action
        failure = _("answered {answer}, which is not one of its options").format(answer=_shown(answer))
    if failure is not None:
        log.warning("bot %s (seat %d) %s; taking no optional action", _name(bot), view.seat + 1, failure)
        if on_failure is not None:
            on_failure(failure)
    return None


def _shown(answer: object) -> str:
    """The bot's answer for a log line, without calling its methods (its ``repr`` could lie or hang)."""
    if action_key(answer) is None:
        return _("a {type}").format(type=type(answer).__name__)
    return json.dumps(answer.notation())  # type: ignore[attr-defined]  # a real action: checked above
