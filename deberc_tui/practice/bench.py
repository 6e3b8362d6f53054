"""Measuring the tutor: what standard error a time budget buys, and whether two runs agree."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from deberc_tui.engine import Rules
from deberc_tui.practice.evaluate import GREEDY, SEATS, Evaluation, evaluate
from deberc_tui.practice.pool import warm
from deberc_tui.practice.position import random_position


def bench_practice(
    positions: int = 30, seconds: float = 5.0, seed: int = 1, players: int = 2, preset: str = "moscow",
    progress: Callable[[int], None] | None = None, full_budget: bool = False, compare: bool = False,
    jobs: int = 1, fit: bool = True,
) -> dict[str, Any]:
    """Evaluate ``positions`` random positions twice (independent seeds) with a ``seconds`` budget each.

    A position is *clear* when the first run's best bid beats the runner-up by more than two standard
    errors of the paired difference; agreement counts how often the second run picks the same best bid.
    With ``full_budget`` the evaluations do not stop at a standard error of 3: they use the whole budget,
    which shows what standard error the budget buys. With ``compare`` every position is evaluated by both card
    plays of the play-outs, one after the other with the same seeds (the same worlds): the figures of the
    default (:data:`~deberc_tui.practice.evaluate.GREEDY`) at the top level, and each play's under ``by_card_play``.
    ``jobs`` and ``fit`` are :func:`~deberc_tui.practice.evaluate.evaluate`'s; the workers are started before the
    first evaluation, as the practice screen starts them when it opens.
    """
    warm(jobs)
    target = 0.0 if full_budget else 3.0
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    plays = (GREEDY, SEATS) if compare else (GREEDY,)
    runs: dict[str, _Figures] = {play: _Figures() for play in plays}
    for i in range(positions):
        pos = random_position(rules, rng)
        seeds = rng.randrange(1 << 30), rng.randrange(1 << 30)
        for play in plays:
            first, second = (evaluate(pos, seed=s, max_seconds=seconds, target_se=target, card_play=play, jobs=jobs,
                                      fit=fit) for s in seeds)
            runs[play].add(first, second)
        if progress:
            progress(i + 1)
    out = {"positions": positions, "players": players, "preset": preset, "seconds_budget": seconds,
           "full_budget": full_budget, "jobs": jobs, "fit": fit, **runs[GREEDY].summary()}
    if compare:
        out["by_card_play"] = {play: figures.summary() for play, figures in runs.items()}
    return out


class _Figures:
    """One card play's figures over the positions."""

    def __init__(self) -> None:
        self.ses: list[float] = []
        self.worlds: list[int] = []
        self.times: list[float] = []
        self.clear = self.agree = 0

    def add(self, first: Evaluation, second: Evaluation) -> None:
        for run in (first, second):
            self.ses.append(max(b.se for b in run.bids))
            self.worlds.append(run.worlds)
            self.times.append(run.seconds)
        ranked = first.ranked
        if len(ranked) > 1 and ranked[0].ev - ranked[1].ev > 2 * first.diff_se(ranked[0].bid, ranked[1].bid):
            self.clear += 1
            self.agree += second.best.bid == first.best.bid

    def summary(self) -> dict[str, Any]:
        return {
            "se_median": round(statistics.median(self.ses), 2), "se_max": round(max(self.ses), 2),
            "worlds_median": int(statistics.median(self.worlds)),
            "seconds_median": round(statistics.median(self.times), 3),
            "clear_positions": self.clear, "agreement": round(self.agree / self.clear, 3) if self.clear else None,
        }
