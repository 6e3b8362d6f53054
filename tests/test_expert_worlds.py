"""How many worlds the expert plays a card out in: more at 4 players on the compiled core, where the paired arena
showed it helps (docs/STRENGTH.md); the pure-Python core keeps today's number."""

from __future__ import annotations

import re

import pytest

from bots.core import COMPILED, CORE
from bots.expert import FAST_SAMPLES, SAMPLES, ExpertBot
from bots.heuristic import HeuristicBot
from deberc_tui.engine import Game, PlayCard, Rules


def _worlds_in_first_card_reason(players: int) -> int:
    """The number of deals the expert says it played out for the first card choice of seat 0 with more than one
    card (the heuristic plays every seat; deals thrown in are dealt again)."""
    game = Game(Rules.preset("moscow", players=players), seed=3)
    expert = ExpertBot(seed=1, bid_samples=4, max_time=1e9)
    table = HeuristicBot(seed=2)
    for _deal in range(20):
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            view = game.view(seat)
            cards = {a.card for a in view.legal if isinstance(a, PlayCard)}
            if seat == 0 and len(cards) > 1:
                found = re.search(r"over (\d+) deals played out", str(expert.explain(view, view.legal)))
                assert found
                return int(found.group(1))
            game.apply(seat, table.choose(view, view.legal))
    pytest.fail("no card choice in twenty deals")


@pytest.mark.skipif(CORE is not COMPILED, reason="the compiled core is not in use")
def test_on_the_compiled_core_the_expert_plays_each_card_out_in_64_worlds() -> None:
    assert _worlds_in_first_card_reason(4) == FAST_SAMPLES[4] == 64
    assert _worlds_in_first_card_reason(2) == FAST_SAMPLES[2] == 64


def test_the_pure_core_keeps_32_worlds() -> None:
    assert SAMPLES == {2: 32, 3: 32, 4: 32}
    assert ExpertBot(seed=1).card_samples == (FAST_SAMPLES if CORE is COMPILED else SAMPLES)
