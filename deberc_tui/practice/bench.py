"""Measuring the tutor: what standard error a time budget buys, and whether two runs agree."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from deberc_tui.engine import Rules
from deberc_tui.practice.evaluate import GREEDY, SEATS, Evaluation, evaluate, start_workers
from deberc_tui.practice.position import random_position

PLAIN = "plain"
"""The tutor as it was before its workers and its card fit: one process, the plain mean (``--against-plain``)."""


def bench_practice(
    positions: int = 30, seconds: float = 5.0, seed: int = 1, players: int = 2, preset: str = "moscow",
    progress: Callable[[int], None] | None = None, full_budget: bool = False, compare: bool = False,
    jobs: int = 1, fit: bool = True, against_plain: bool = False,
) -> dict[str, Any]:
    """Evaluate ``positions`` random positions twice (independent seeds) with a ``seconds`` budget each.

    A position is *clear* when the first run's best bid beats the runner-up by more than two standard
    errors of the paired difference; agreement counts how often the second run picks the same best bid.
    With ``full_budget`` the evaluations do not stop at a standard error of 3: they use the whole budget,
    which shows what standard error the budget buys. ``jobs`` and ``fit`` are
    :func:`~deberc_tui.practice.evaluate.evaluate`'s; the workers are started before the first evaluation, as the
    practice screen starts them when it opens.

    Other ways of evaluating can be measured beside it, each position evaluated by every way in turn with the same
    seeds (the same worlds), so that the machine's swings fall on all alike: with ``compare`` the seats' own card
    play (:data:`~deberc_tui.practice.evaluate.SEATS`), with ``against_plain`` the tutor in one process with the
    plain mean (:data:`PLAIN`). The figures of the tutor as asked are at the top level, and every way's under
    ``by_way`` (``by_card_play`` too with ``compare``).
    """
    start_workers(jobs)
    target = 0.0 if full_budget else 3.0
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    ways: dict[str, dict[str, Any]] = {GREEDY: {"card_play": GREEDY, "jobs": jobs, "fit": fit}}
    if compare:
        ways[SEATS] = {"card_play": SEATS, "jobs": jobs, "fit": fit}
    if against_plain:
        ways = {PLAIN: {"card_play": GREEDY, "jobs": 1, "fit": False}, **ways}
    runs: dict[str, _Figures] = {way: _Figures() for way in ways}
    for i in range(positions):
        pos = random_position(rules, rng)
        seeds = rng.randrange(1 << 30), rng.randrange(1 << 30)
        for way, how in ways.items():
            first, second = (evaluate(pos, seed=s, max_seconds=seconds, target_se=target, **how) for s in seeds)
            runs[way].add(first, second)
        if progress:
            progress(i + 1)
    out = {"positions": positions, "players": players, "preset": preset, "seconds_budget": seconds,
           "full_budget": full_budget, "jobs": jobs, "fit": fit, **runs[GREEDY].summary()}
    if len(ways) > 1:
        out["by_way"] = {way: figures.summary() for way, figures in runs.items()}
    if compare:
        out["by_card_play"] = {play: out["by_way"][play] for play in (GREEDY, SEATS)}
    if against_plain:
        out["speedup"] = round(runs[PLAIN].median_seconds / max(runs[GREEDY].median_seconds, 1e-9), 2)
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

    @property
    def median_seconds(self) -> float:
        return statistics.median(self.times)

    def summary(self) -> dict[str, Any]:
        return {
            "se_median": round(statistics.median(self.ses), 2), "se_max": round(max(self.ses), 2),
            "worlds_median": int(statistics.median(self.worlds)),
            "seconds_median": round(statistics.median(self.times), 3),
            "clear_positions": self.clear, "agreement": round(self.agree / self.clear, 3) if self.clear else None,
        }
