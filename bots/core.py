"""The search core the bots use: the compiled one (:mod:`bots._core`, C) where it was built, else the pure Python.

Everything a bot thinks with beyond the rules -- the double-dummy :class:`Solver`, the greedy :func:`rollout` (and
:func:`greedy_play`, the cards it plays: the practice tutor's play-outs), the
legal-card mask inside them, and :func:`sample_hands` (the unseen cards dealt to fit what a seat knows) -- has
two implementations with one interface. The pure Python of :mod:`bots.sim` and :mod:`bots.sampling` is the
reference and the documentation of what is computed; ``bots/_core.c`` computes the same, step by step, some
thirty times faster (``deberc bench solver``). Both give the same answers -- the same root values and node counts,
the same worlds from the same ``random.Random`` -- which ``tests/test_core_differential.py`` checks position by
position, so a seeded bot plays the same cards on either core.

The compiled core is used when it was built (``pip install -e .`` builds it where a C compiler is) unless the
environment says ``DEBERC_CORE=python``. Callers import the names below from here; :data:`PYTHON` and
:data:`COMPILED` give either core by name (the tests run on both).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from . import sampling, sim
from .knowledge import Knowledge
from .sim import INF, Position, SearchAborted

__all__ = [
    "COMPILED", "CORE", "INF", "NOT_BUILT", "PYTHON", "Core", "Position", "SearchAborted", "Solver", "fits_bidding",
    "greedy_card", "greedy_play", "legal_mask", "rollout", "sample_hands", "trump_worth",
]


class SolverLike(Protocol):
    """What a solver offers (:class:`bots.sim.Solver`, :class:`bots._core.Solver`)."""

    @property
    def nodes(self) -> int: ...

    def value(self) -> int: ...

    def root_values(self, cards: list[int] | None = None) -> dict[int, int]: ...


class MakeSolver(Protocol):
    def __call__(self, pos: Position, max_nodes: int | None = None, deadline: float | None = None) -> SolverLike: ...


class Rollout(Protocol):
    def __call__(self, pos: Position, solve_below: int = 0, max_nodes: int = 40_000,
                 deadline: float | None = None) -> int: ...


class GreedyPlay(Protocol):
    def __call__(self, pos: Position, solve_below: int = 0, max_nodes: int = 40_000) -> list[int]: ...


class SampleHands(Protocol):
    def __call__(self, know: Knowledge, rng: random.Random, sizes: list[int] | None = None,
                 tries: int = 20) -> list[int]: ...


@dataclass(frozen=True)
class Core:
    """One implementation of the search core, every entry point by its Python name."""

    name: str  # "python" or "compiled"
    Solver: MakeSolver
    rollout: Rollout
    greedy_card: Callable[[Position, list[int], int, int, int, int, int, int], int]
    greedy_play: GreedyPlay
    can_beat: Callable[[int, int, int, int], bool]
    legal_mask: Callable[[int, int, int, int, int, int, bool, bool], int]
    sample_hands: SampleHands
    fits_bidding: Callable[[Sequence[int], Sequence[int], Sequence[tuple[int, int, bool]]], bool]
    trump_worth: Callable[[int, int], int]


PYTHON = Core("python", sim.Solver, sim.rollout, sim.greedy_card, sim.greedy_play, sim.can_beat, sim.legal_mask, sampling.sample_hands,
              sampling.fits_bidding, sampling.trump_worth)
"""The pure-Python core: the reference."""


def _compiled() -> Core | None:
    try:
        from . import _core
    except ImportError:
        return None

    def sample_hands(know: Knowledge, rng: random.Random, sizes: list[int] | None = None, tries: int = 20) -> list[int]:
        # The compiled sampler draws as random.Random's own shuffle and randrange do; another generator (a
        # subclass may draw differently) is left to the reference.
        if type(rng) is random.Random:
            return _core.sample_hands(know, rng, sizes, tries)
        return sampling.sample_hands(know, rng, sizes, tries)

    return Core("compiled", _core.Solver, _core.rollout, _core.greedy_card, _core.greedy_play, _core.can_beat, _core.legal_mask,
                sample_hands, _core.fits_bidding, _core.trump_worth)


COMPILED: Core | None = _compiled()
"""The compiled core, None where it was not built."""

FORCED_PYTHON = os.environ.get("DEBERC_CORE", "").strip().lower() == "python"
CORE: Core = PYTHON if FORCED_PYTHON or COMPILED is None else COMPILED
"""The core in use: the compiled one unless it is missing or ``DEBERC_CORE=python``."""
NOT_BUILT = COMPILED is None and not FORCED_PYTHON
"""The bots run on the slower core because the compiled one is missing (``deberc`` says so once)."""

Solver = CORE.Solver
rollout = CORE.rollout
greedy_card = CORE.greedy_card
greedy_play = CORE.greedy_play
legal_mask = CORE.legal_mask
sample_hands = CORE.sample_hands
fits_bidding = CORE.fits_bidding
trump_worth = CORE.trump_worth
