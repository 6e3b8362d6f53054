"""Random card-play positions for the tests of the search core (both cores, bots/core.py).

A position is a real deal played forward by random legal cards (the engine's :func:`legal_mask`), stopped anywhere,
mid-trick too, under the options that change card play: 2, 3 or 4 players, nine or ten cards each at 2 and 3
players (``extra_cards``), ``overtrump_on_ruff``, and ``partner_exempt`` at 4.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from bots.core import COMPILED, PYTHON, Core
from bots.knowledge import bits
from bots.sim import Position
from deberc_tui.engine.play import legal_mask

CORES = [pytest.param(PYTHON, id="python"),
         pytest.param(COMPILED, id="compiled",
                      marks=pytest.mark.skipif(COMPILED is None, reason="the compiled core is not built"))]
"""Parametrize a test by core: ``@pytest.mark.parametrize("core", CORES)``."""


def compiled() -> Core:
    """The compiled core (a test comparing it with the reference is skipped where it was not built)."""
    if COMPILED is None:
        pytest.skip("the compiled core is not built")
    return COMPILED


LegalQuery = tuple[int, int, int, int, int, int, bool, bool]
"""The arguments of one ``legal_mask`` call: hand, seat, led, trump, best trump, winning seat, exempt, ruff_over."""


@dataclass
class Played:
    pos: Position
    queries: list[LegalQuery]  # every legal-card question asked on the way (the seat's hand as it was)


def teams(rng: random.Random, n: int) -> tuple[int, ...]:
    """Team 0 is the searching side: one partnership at 2 and 4 players; the bidder or the defenders at 3."""
    if n == 3:
        bidder = rng.randrange(3)
        mine = rng.random() < 0.5
        return tuple(0 if (s == bidder) == mine else 1 for s in range(3))
    first = rng.randrange(2)
    return tuple((s + first) % 2 for s in range(n))


def hand_size(rng: random.Random, n: int) -> int:
    return 8 if n == 4 else rng.choice((9, 10))


def position(rng: random.Random, n: int, left: int, size: int | None = None,
             exempt: bool | None = None, ruff_over: bool | None = None) -> Played:
    """A deal of ``size`` cards each played down to ``left`` cards in hands."""
    size = hand_size(rng, n) if size is None else size
    exempt = (n == 4 and rng.random() < 0.5) if exempt is None else exempt
    ruff_over = rng.random() < 0.5 if ruff_over is None else ruff_over
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(n)]
    pos = Position(n, rng.randrange(4), hands, teams(rng, n), rng.randrange(n), [], exempt, ruff_over)
    queries: list[LegalQuery] = []
    while sum(h.bit_count() for h in pos.hands) > left:
        led, ws, _, bt, _ = pos.trick_state()
        seat = pos.to_act()
        query = (pos.hands[seat], seat, led, pos.trump, bt, ws, exempt, ruff_over)
        queries.append(query)
        card = rng.choice(bits(legal_mask(*query)))
        pos.hands[seat] ^= 1 << card
        pos.trick.append((seat, card))
        if len(pos.trick) == n:
            pos.leader = pos.trick_state()[1]
            pos.trick = []
    return Played(pos, queries)


def copy(pos: Position) -> Position:
    return Position(pos.n, pos.trump, pos.hands[:], pos.team, pos.leader, pos.trick[:], pos.exempt, pos.ruff_over)
