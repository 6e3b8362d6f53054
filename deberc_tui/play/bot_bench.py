"""What the protocol costs: decisions per second of a random bot called three ways.

* ``direct`` — the in-process ``random`` bot's ``choose`` called as it is (no protection at all);
* ``in_process`` — the same bot through :func:`deberc_tui.bot_hosting.runner.safe_choose`, as the table and the arena call
  it (a private copy of the view and the actions, a worker thread with a deadline, the answer checked);
* ``protocol`` — a random bot in another process (``examples/random_bot.py`` by default) through the
  same runner: the view as JSON down a pipe, the answer back.

Each plays the same ``deals`` 2-player Moscow deals, with the bot in both seats; the rate counts the
time inside the decisions only (the engine's own time is the same for all three).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypedDict

from bots.base import Bot
from deberc_tui.bot_hosting.process import ProcessBot
from deberc_tui.bot_hosting.registry import make_bot
from deberc_tui.bot_hosting.runner import safe_choose
from deberc_tui.engine import Action, Rules, SeatView, shuffled_deck
from deberc_tui.engine.match import Match

from .loop import Answer, Ask, PlayLoop, timed

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"


class BotBench(TypedDict):
    """``deberc bench bots --json``: decisions and decisions per second for each way of asking."""

    deals: int
    direct_per_s: float
    in_process_per_s: float
    protocol_per_s: float
    decisions: dict[str, int]
    command: list[str]


Decide = Callable[[SeatView, Sequence[Action]], Action]


class _TimedSeat:
    """A seat that decides its turns with ``decide`` and takes no out-of-turn action; the loop times each turn."""

    def __init__(self, decide: Decide) -> None:
        self.decide = decide

    def choose(self, ask: Ask) -> Answer:
        view = ask.view  # made before the clock starts: the rate counts the deciding alone
        return timed(ask, lambda: (self.decide(view, ask.actions), None))

    def optional(self, ask: Ask) -> Answer:
        return Answer(ask, None)


def _rate(deals: int, seed: int, decide: Decide) -> tuple[int, float]:
    rules = Rules.preset("moscow", players=2)
    rng = random.Random(seed)
    times: list[float] = []
    seat = _TimedSeat(decide)
    for _deal in range(deals):
        match = Match(rules, first_dealer=rng.randrange(2), seed=rng.randrange(1 << 30))
        PlayLoop(match, [seat, seat], ask_optional=False,
                 on_decision=lambda _seat, seconds: times.append(seconds)).play_deal(shuffled_deck(rng))
    spent = sum(times)
    return len(times), len(times) / spent if spent else 0.0


def bench_bots(deals: int = 500, seed: int = 1, command: Sequence[str] | None = None) -> BotBench:
    """Measure the three ways (see the module's docstring); ``command`` is the protocol bot to run."""
    cmd = list(command) if command else [sys.executable, str(EXAMPLE)]
    bot: Bot = make_bot("random", seed=seed)
    n_direct, direct = _rate(deals, seed, lambda v, legal: bot.choose(v, legal, 1.0))
    bot = make_bot("random", seed=seed)  # the same decisions again
    n_in, in_process = _rate(deals, seed, lambda v, legal: safe_choose(bot, v, legal, 1.0)[0])
    remote = ProcessBot(cmd, label="protocol random", seed=seed)
    try:
        n_proto, protocol = _rate(deals, seed, lambda v, legal: safe_choose(remote, v, legal, 1.0)[0])
    finally:
        remote.close()
    return {"deals": deals, "direct_per_s": round(direct), "in_process_per_s": round(in_process),
            "protocol_per_s": round(protocol), "decisions": {"direct": n_direct, "in_process": n_in, "protocol": n_proto},
            "command": cmd}
