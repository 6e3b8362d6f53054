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
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypedDict

from bots.base import Bot
from deberc_tui.engine import Action, Game, Rules, SeatView, shuffled_deck

from .process import ProcessBot
from .registry import make_bot
from .runner import safe_choose

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


def _rate(deals: int, seed: int, decide: Decide) -> tuple[int, float]:
    rules = Rules.preset("moscow", players=2)
    rng = random.Random(seed)
    decisions, spent = 0, 0.0
    for _deal in range(deals):
        game = Game(rules, first_dealer=rng.randrange(2), seed=rng.randrange(1 << 30))
        deal = game.start_deal(shuffled_deck(rng))
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = game.view(seat)
            start = time.perf_counter()
            action = decide(view, view.legal)
            spent += time.perf_counter() - start
            decisions += 1
            game.apply(seat, action)
    return decisions, decisions / spent if spent else 0.0


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
