"""Measuring the tutor: what standard error a time budget buys, and whether two runs agree."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from deberc_tui.engine import Rules
from deberc_tui.practice.evaluate import evaluate
from deberc_tui.practice.position import random_position


def bench_practice(
    positions: int = 30, seconds: float = 5.0, seed: int = 1, players: int = 2, preset: str = "moscow",
    progress: Callable[[int], None] | None = None, full_budget: bool = False,
) -> dict[str, Any]:
    """Evaluate ``positions`` random positions twice (independent seeds) with a ``seconds`` budget each.

    A position is *clear* when the first run's best bid beats the runner-up by more than two standard
    errors of the paired difference; agreement counts how often the second run picks the same best bid.
    With ``full_budget`` the evaluations do not stop at a standard error of 3: they use the whole budget,
    which shows what standard error the budget buys.
    """
    target = 0.0 if full_budget else 3.0
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    ses: list[float] = []
    worlds: list[int] = []
    times: list[float] = []
    clear = agree = 0
    for i in range(positions):
        pos = random_position(rules, rng)
        first = evaluate(pos, seed=rng.randrange(1 << 30), max_seconds=seconds, target_se=target)
        second = evaluate(pos, seed=rng.randrange(1 << 30), max_seconds=seconds, target_se=target)
        for run in (first, second):
            ses.append(max(b.se for b in run.bids))
            worlds.append(run.worlds)
            times.append(run.seconds)
        ranked = first.ranked
        if len(ranked) > 1 and ranked[0].ev - ranked[1].ev > 2 * first.diff_se(ranked[0].bid, ranked[1].bid):
            clear += 1
            agree += second.best.bid == first.best.bid
        if progress:
            progress(i + 1)
    return {
        "positions": positions, "players": players, "preset": preset, "seconds_budget": seconds, "full_budget": full_budget,
        "se_median": round(statistics.median(ses), 2), "se_max": round(max(ses), 2),
        "worlds_median": int(statistics.median(worlds)), "seconds_median": round(statistics.median(times), 2),
        "clear_positions": clear, "agreement": round(agree / clear, 3) if clear else None,
    }
