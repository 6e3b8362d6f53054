"""The tutor's values do not move when its play-outs get faster: every bid of six seeded positions per player count
(under every preset that count plays) priced over 60 worlds gives exactly the values, standard errors, baits, game
chances and example hands recorded before the play-outs were made faster, and it stops where it stopped at a standard
error of 6 points (``tests/golden/tutor_values.json``;
``python3 tests/test_practice_same_values.py`` records them again, only when a change of values is meant)."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from deberc_tui.engine import Rules
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.practice.evaluate import _Sums, evaluate, standard_error
from deberc_tui.practice.position import random_position

FIXTURE = Path(__file__).parent / "golden" / "tutor_values.json"
WORLDS = 60
PLAYERS = (2, 3, 4)


def priced(players: int) -> list[dict[str, Any]]:
    """Six seeded positions at ``players``, the presets taken in turn, each bid with what a player sees of it."""
    presets = [name for name, counts in PRESET_PLAYERS.items() if players in counts]
    rng = random.Random(100 + players)
    out = []
    for k in range(6):
        preset = presets[k % len(presets)]
        pos = random_position(Rules.preset(preset, players=players), rng)
        e = evaluate(pos, seed=k, max_seconds=1e9, target_se=0.0, min_worlds=WORLDS, max_worlds=WORLDS)
        out.append({
            "preset": preset, "position": pos.to_json(), "worlds": e.worlds,
            "bids": [{"bid": b.bid, "values": b.values, "chances": b.chances, "baits": b.baits,
                      "bids_taken": b.bids_taken, "wins": b.wins, "losses": b.losses,
                      "example": [str(c) for c in b.example], "trump": str(b.example_trump)} for b in e.bids],
        })
    return out


def stopped(players: int) -> list[dict[str, Any]]:
    """Two seeded positions at ``players`` priced until every bid's standard error is 6 points: where it stops."""
    rng = random.Random(200 + players)
    out = []
    for k in range(2):
        pos = random_position(Rules.preset("moscow", players=players), rng)
        e = evaluate(pos, seed=k, max_seconds=1e9, target_se=6.0, fit=False)
        out.append({"worlds": e.worlds, "ev": [b.ev for b in e.bids], "se": [b.se for b in e.bids]})
    return out


@pytest.mark.parametrize("players", PLAYERS)
def test_the_tutor_prices_every_bid_as_it_did(players: int) -> None:
    recorded = json.loads(FIXTURE.read_text())[str(players)]
    assert json.loads(json.dumps(priced(players))) == recorded


@pytest.mark.parametrize("players", PLAYERS)
def test_the_tutor_stops_where_it_did(players: int) -> None:
    recorded = json.loads(FIXTURE.read_text())[f"stopped {players}"]
    assert json.loads(json.dumps(stopped(players))) == recorded


def test_the_stopping_rule_answers_as_the_standard_error_does() -> None:
    """Whether a bid's standard error is within the target, read from running sums, is the two-pass formula's
    answer: for spread and for identical values, at the target itself and a rounding either side of it."""
    rng = random.Random(0)
    for _ in range(3000):
        n = rng.randint(1, 40)
        spread = rng.choice([0.0, 1e-6, 1.0, 50.0, 200.0])
        values = [rng.gauss(rng.uniform(-300, 300), spread) if rng.random() < 0.8 else 5.0 for _ in range(n)]
        sums = _Sums()
        for v in values:
            sums.add(v)
        exact = standard_error(values)
        for target in (0.0, 3.0, -1.0, math.inf, exact, exact * (1 + 1e-15), exact * (1 - 1e-15)):
            assert sums.se_at_most(values, target) is (exact <= target)


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({**{str(n): priced(n) for n in PLAYERS},
                                   **{f"stopped {n}": stopped(n) for n in PLAYERS}}) + "\n")
    sys.exit(0)
