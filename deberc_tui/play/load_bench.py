"""Is a bot as strong on a busy machine as on a quiet one? The same arena run twice (``deberc bench load``).

A search bot thinks against a clock: it stops sampling at a share of its decision budget, so on a machine whose
cores are busy with other work it may see fewer worlds and play worse. This bench plays the same duplicate decks
with the same bot seeds twice -- first on the machine as it is, then with ``per_core`` busy processes per core that
it starts itself and stops afterwards -- and reports both runs' lead of the first bot over the rest (with its 95%
confidence interval), the decision times, and the load averages. Since the decks and seeds are the same, the only
difference between the runs is how much time the bots had: with a fixed number of worlds per decision and a clock
that never bites, both runs give the very same points.

The busy processes are plain spinning loops (the load a compile, a browser or another game would give); each one
exits by itself if the bench dies without stopping it (it watches its parent).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypedDict

from deberc_tui.play.arena import DEFAULT_BUDGET, ArenaReport, run_arena
from deberc_tui.play.solver_bench import load

PARENT_CHECK_EVERY = 200_000  # spins between two looks at whether the bench is still alive


class RunFigures(TypedDict):
    """One of the two runs: the first bot's lead and decision times, and the machine's load."""

    busy_processes: int
    lead: float  # the first bot's points a deal over the others' mean
    ci95: list[float]
    decision_ms_p50: float
    decision_ms_p99: float
    load_before: float  # the one-minute load average as the run began and as it ended
    load_after: float
    seconds: float  # wall-clock time of the run
    arena: ArenaReport


class LoadBench(TypedDict):
    """``deberc bench load --json``."""

    bots: str
    players: int
    preset: str
    deals: int
    seed: int
    quiet: RunFigures
    busy: RunFigures
    busy_lead_within_quiet_ci: bool  # the test: the lead under load within the quiet run's interval
    same_points: bool  # both runs gave every bot the very same mean points (no decision was cut short)


def _spin(parent: int) -> None:
    """Keep one core busy until stopped, or until the bench that started us is gone."""
    while True:
        for _ in range(PARENT_CHECK_EVERY):
            pass
        if os.getppid() != parent:
            return


@contextmanager
def busy_machine(processes: int) -> Iterator[None]:
    """``processes`` spinning processes for the duration of the block (stopped even when the block raises)."""
    ctx = multiprocessing.get_context("spawn")
    spinners = [ctx.Process(target=_spin, args=(os.getpid(),), daemon=True) for _ in range(processes)]
    try:
        for p in spinners:
            p.start()
        yield
    finally:
        for p in spinners:
            if p.is_alive():
                p.terminate()
        for p in spinners:
            p.join(timeout=5)


def _run(
    bots: str, players: int, preset: str, deals: int, seed: int, budget: float, busy: int, warmup: float,
    progress: Callable[[int], None] | None,
) -> RunFigures:
    with busy_machine(busy):
        if busy:
            time.sleep(warmup)  # let the spinners take their share before the clock starts
        before = load()
        start = time.perf_counter()
        report = run_arena(bots, players=players, preset=preset, deals=deals, seed=seed, budget=budget,
                           progress=progress)
        seconds = time.perf_counter() - start
        after = load()
    first = report["bots"][0]
    return {
        "busy_processes": busy, "lead": first["mean_diff"], "ci95": first["ci95"],
        "decision_ms_p50": first["decision_ms_p50"], "decision_ms_p99": first["decision_ms_p99"],
        "load_before": before, "load_after": after, "seconds": round(seconds, 1), "arena": report,
    }


def bench_load(
    bots: str = "expert,heuristic", players: int = 2, preset: str = "moscow", deals: int = 400, seed: int = 7,
    per_core: int = 4, budget: float = DEFAULT_BUDGET, warmup: float = 5.0,
    progress: Callable[[int], None] | None = None,
) -> LoadBench:
    """Play the same ``deals`` decks quiet, then with ``per_core`` busy processes per core, one process each time."""
    quiet = _run(bots, players, preset, deals, seed, budget, 0, warmup, progress)
    busy = _run(bots, players, preset, deals, seed, budget, per_core * (os.cpu_count() or 1), warmup, progress)
    low, high = quiet["ci95"]
    return {
        "bots": bots, "players": players, "preset": preset, "deals": deals, "seed": seed,
        "quiet": quiet, "busy": busy,
        "busy_lead_within_quiet_ci": low <= busy["lead"] <= high,
        "same_points": [b["mean_points"] for b in quiet["arena"]["bots"]]
        == [b["mean_points"] for b in busy["arena"]["bots"]],
    }
