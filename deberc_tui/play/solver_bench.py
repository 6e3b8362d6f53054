"""How fast the search core solves whole deals: both cores side by side in one run (``deberc bench solver``).

Each player count gets ``deals`` random full deals (nine cards each at 2 and 3 players, eight at 4; a random trump
and leader), and each deal is solved exactly from its first card by the pure-Python solver and by the compiled
one, one after the other, so both see the same load on a shared machine. The time is the thread's CPU time
(``time.thread_time``), which the other processes of a busy machine do not stretch as they stretch the wall clock
(a millisecond's solve would otherwise count whatever time slice the scheduler took in between). The two cores must
agree -- the same value and the same number of nodes (bots/core.py): the speedup is then simply the ratio of their
times.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import TypedDict

from bots.core import COMPILED, PYTHON, Core
from bots.sim import Position

HAND = {2: 9, 3: 9, 4: 8}


class CoreFigures(TypedDict):
    nodes_per_s: float
    ms_per_deal_median: float
    ms_per_deal_max: float


class PlayerFigures(TypedDict):
    python: CoreFigures
    compiled: CoreFigures | None  # None where the compiled core is not built
    speedup: float | None  # the pure core's time over the compiled core's, over the same deals
    nodes_per_deal_median: float


class SolverBench(TypedDict):
    """``deberc bench solver --json``."""

    deals: int
    seed: int
    load_before: float  # the one-minute load average when the run began and ended (os.getloadavg)
    load_after: float
    players: dict[str, PlayerFigures]


class CoresDisagree(RuntimeError):
    """The compiled core gave another answer than the reference (a bug: tests/test_core_differential.py)."""


def full_deal(rng: random.Random, n: int) -> Position:
    deck = list(range(32))
    rng.shuffle(deck)
    size = HAND[n]
    hands = [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(n)]
    team = (0, 1, 1) if n == 3 else tuple(s % 2 for s in range(n))
    return Position(n, rng.randrange(4), hands, team, rng.randrange(n), [])


def timed_solve(core: Core, pos: Position) -> tuple[int, int, float]:
    """(value, nodes, CPU seconds) of one exact solve."""
    start = time.thread_time()
    solver = core.Solver(pos)
    value = solver.value()
    return value, solver.nodes, time.thread_time() - start


def figures(nodes: list[int], seconds: list[float]) -> CoreFigures:
    return {"nodes_per_s": round(sum(nodes) / sum(seconds)),
            "ms_per_deal_median": round(statistics.median(seconds) * 1000, 3),
            "ms_per_deal_max": round(max(seconds) * 1000, 3)}


def load() -> float:
    """The one-minute load average the benches quote beside a figure (-1 where the system does not say)."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else -1.0


def bench_solver(deals: int, seed: int, players: tuple[int, ...] = (2, 3, 4)) -> SolverBench:
    load_before = load()
    out: dict[str, PlayerFigures] = {}
    for n in players:
        rng = random.Random(seed * 10 + n)
        nodes: list[int] = []
        py_s: list[float] = []
        c_s: list[float] = []
        for _ in range(deals):
            pos = full_deal(rng, n)
            value, count, seconds = timed_solve(PYTHON, pos)
            nodes.append(count)
            py_s.append(seconds)
            if COMPILED is not None:
                c_value, c_count, c_seconds = timed_solve(COMPILED, pos)
                if (c_value, c_count) != (value, count):
                    raise CoresDisagree(f"{n} players, {pos}: python {value} in {count} nodes, "
                                        f"compiled {c_value} in {c_count}")
                c_s.append(c_seconds)
        out[str(n)] = {
            "python": figures(nodes, py_s),
            "compiled": figures(nodes, c_s) if c_s else None,
            "speedup": round(sum(py_s) / sum(c_s), 1) if c_s else None,
            "nodes_per_deal_median": statistics.median(nodes),
        }
    return {"deals": deals, "seed": seed, "load_before": load_before, "load_after": load(), "players": out}
