"""``deberc bench review``: a whole game of bots played and reviewed, timed (docs/PERFORMANCE.md, docs/STRENGTH.md)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from deberc_tui.bot_hosting.registry import make_bot
from deberc_tui.engine import Rules
from deberc_tui.engine.match import Match
from deberc_tui.play.loop import PlayLoop
from deberc_tui.play.seats import BotSeat
from deberc_tui.records import load_record, record_from_game

from .run import Progress, review_record

DEAL_CAP = 200


def bot_game(bots: Sequence[str], preset: str = "moscow", seed: int = 0, budget: float = 1.0) -> dict[str, Any]:
    """The record of one whole game of ``bots`` (one per seat) under ``preset``, through the one play loop."""
    rules = Rules.preset(preset, players=len(bots))
    match = Match(rules, first_dealer=0, seed=seed)
    seats = [BotSeat(make_bot(name, seed=seed + i), budget) for i, name in enumerate(bots)]
    PlayLoop(match, seats).play_match(DEAL_CAP)
    players = [{"name": f"{name} {i + 1}", "kind": "bot", "bot": name} for i, name in enumerate(bots)]
    return record_from_game(match, players)


def bench_review(bots: Sequence[str], preset: str = "moscow", seed: int = 0, worlds: int = 32, jobs: int = 1,
                 seats: Sequence[int] | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """Play a game of ``bots`` and review ``seats`` (default every seat): the time, and each seat's loss per
    decision and accuracy."""
    doc = bot_game(bots, preset, seed)
    record = load_record(doc)
    start = time.perf_counter()
    reviews = review_record(record, list(range(len(bots))) if seats is None else seats, worlds=worlds, seed=seed,
                            jobs=jobs, progress=progress)
    seconds = time.perf_counter() - start
    return {
        "players": len(bots), "preset": preset, "deals": len(doc["deals"]), "worlds": worlds, "jobs": jobs,
        "seconds": round(seconds, 1),
        "seats": [{"bot": bots[r.seat], "decisions": len(r.decisions), "forced": r.forced,
                   "loss_per_decision": round(r.loss_per_decision, 2),
                   "accuracy": None if r.accuracy is None else round(r.accuracy, 1), "luck": round(r.luck, 1)}
                  for r in reviews],
    }
