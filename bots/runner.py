"""Asking a bot for an action without ever letting it stop the game.

``safe_choose`` always returns a legal action: if the bot raises, runs past its budget or answers
with something not in ``legal``, a safe legal action is played for it (the first legal action of
its turn: a pass when bidding, a legal card, never a claim or a redeal) and the failure is logged on
the ``deberc.bots`` logger with the bot's name, and returned as the second item.

Overrunning the budget: with ``hard=False`` (the arena's way: deterministic and cheap) the bot
runs to the end and its answer is discarded if it took more than the budget plus a grace of
half the budget (at least 50 ms). With ``hard=True`` (the default; what an interactive table needs)
the bot runs in a daemon thread and the table stops waiting after that time — the abandoned
thread's answer is ignored.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from deberc_tui.engine import Action, Bid, Claim, Klabor, PlayCard, Redeal, SeatView, SwapSeven

from .base import Bot

log = logging.getLogger("deberc.bots")

T = TypeVar("T")


def grace(budget: float) -> float:
    """How long past ``budget`` a bot may run before its answer is replaced."""
    return budget + max(0.05, 0.5 * budget)


def fallback_action(legal: Sequence[Action]) -> Action:
    """A safe legal action: a pass if possible, else the cheapest-looking card, else the first action
    of the seat's turn (never a claim, a redeal or klabor unless nothing else is legal)."""
    for a in legal:
        if isinstance(a, Bid) and a.call == "pass":
            return a
    plain = [a for a in legal if isinstance(a, PlayCard) and not a.declare and not a.bella]
    if plain:
        return min(plain, key=lambda a: (a.card.rank.index in (3, 7), a.card.index))
    for a in legal:
        if not isinstance(a, Claim | Redeal | Klabor | SwapSeven):
            return a
    return legal[0]


def _name(bot: object) -> str:
    return str(getattr(bot, "name", type(bot).__name__))


def _call(
    fn: Callable[..., T], args: tuple[object, ...], budget: float | None, hard: bool,
) -> tuple[T | None, str | None, float]:
    """Run ``fn(*args)``; returns (result, failure, seconds)."""
    start = time.perf_counter()
    if budget is None or not hard:
        try:
            result = fn(*args)
        except Exception as exc:
            return None, f"raised {exc.__class__.__name__}: {exc}", time.perf_counter() - start
        elapsed = time.perf_counter() - start
        if budget is not None and elapsed > grace(budget):
            return None, f"ran {elapsed:.2f} s, over its budget of {budget:.2f} s", elapsed
        return result, None, elapsed
    results: list[T] = []
    errors: list[Exception] = []

    def target() -> None:
        try:
            results.append(fn(*args))
        except Exception as exc:  # reported below
            errors.append(exc)

    thread = threading.Thread(target=target, name=f"bot-{getattr(fn, '__qualname__', 'call')}", daemon=True)
    thread.start()
    thread.join(grace(budget))
    elapsed = time.perf_counter() - start
    if thread.is_alive():
        return None, f"ran past its budget of {budget:.2f} s (gave up after {elapsed:.2f} s)", elapsed
    if errors:
        err = errors[0]
        return None, f"raised {err.__class__.__name__}: {err}", elapsed
    return (results[0] if results else None), None, elapsed


def safe_choose(
    bot: Bot, view: SeatView, legal: Sequence[Action], budget: float | None, hard: bool = True,
) -> tuple[Action, str | None]:
    """The bot's choice among ``legal``, or a safe legal action and the reason it was needed."""
    if not legal:
        raise ValueError("safe_choose needs at least one legal action")
    action, failure, _ = _call(bot.choose, (view, legal, budget), budget, hard)
    if failure is None and (action is None or action not in legal):
        failure = f"answered {action!r}, which is not legal now"
    if failure is not None:
        log.warning("bot %s (seat %d) %s; playing a safe action instead", _name(bot), view.seat, failure)
        return fallback_action(legal), failure
    assert action is not None  # it is one of ``legal``
    return action, None


def safe_optional(bot: Bot, view: SeatView, options: Sequence[Action], budget: float | None = None) -> Action | None:
    """The bot's out-of-turn action among ``options`` (swap, redeal, klabor), or None — also when
    the bot fails (logged, as for :func:`safe_choose`)."""
    if not options:
        return None
    fn: Callable[[SeatView, Sequence[Action]], Action | None] | None = getattr(bot, "optional", None)
    if fn is None:
        return None
    action, failure, _ = _call(fn, (view, options), budget, hard=budget is not None)
    if failure is None and action is not None and action not in options:
        failure = f"answered {action!r}, which is not one of its options"
    if failure is not None:
        log.warning("bot %s (seat %d) %s; taking no optional action", _name(bot), view.seat, failure)
        return None
    return action
