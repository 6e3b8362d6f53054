"""The compiled core gives the reference's answers (bots/core.py): same legal cards, same values, card by card.

Each position is a real deal played forward by random legal cards and stopped anywhere (tests/corehelp.py), at 2, 3
and 4 players, nine or ten cards each, with and without ``overtrump_on_ruff`` and (at 4) ``partner_exempt``. On
every position both cores must agree on the legal cards of every card played to reach it, the solver's root
values and value with the number of nodes searched (so a node limit stops both at the same place), a search cut
short by a node limit, a greedy play-out, the greedy card and the cards a greedy play plays to the end (its
ending solved from a random number of cards left, a node limit stopping the solve or not); and the same ``random.Random`` must deal both the
same worlds.

The default run checks 10,200 positions (a few seconds); ``DEBERC_CORE_POSITIONS=100000`` checks more.
"""

from __future__ import annotations

import os
import random

import pytest
from corehelp import compiled, copy, position

from bots.core import PYTHON, Core, SearchAborted
from bots.knowledge import bits, knowledge
from bots.sim import Position
from deberc_tui.engine import Game, Rules
from deberc_tui.engine.play import legal_mask as engine_legal_mask

POSITIONS = int(os.environ.get("DEBERC_CORE_POSITIONS", "10200"))
MOST_CARDS_LEFT = 12  # in hands, so that the reference solves each position in about a millisecond


def solve(core: Core, pos: Position, cards: list[int] | None = None, max_nodes: int | None = None,
          value: bool = False) -> tuple[object, int]:
    """(root values, or the value, or "aborted") and the nodes searched."""
    solver = core.Solver(copy(pos), max_nodes)
    try:
        answer: object = solver.value() if value else solver.root_values(cards)
    except SearchAborted:
        answer = "aborted"
    return answer, solver.nodes


def agree_on(pos: Position, queries: list[tuple[int, int, int, int, int, int, bool, bool]], rng: random.Random) -> None:
    fast = compiled()
    for query in queries:
        assert fast.legal_mask(*query) == PYTHON.legal_mask(*query) == engine_legal_mask(*query), query
    assert solve(fast, pos) == solve(PYTHON, pos), pos
    assert solve(fast, pos, value=True) == solve(PYTHON, pos, value=True), pos
    led, ws, wstr, bt, _ = pos.trick_state()
    seat = pos.to_act()
    legal = bits(engine_legal_mask(pos.hands[seat], seat, led, pos.trump, bt, ws, pos.exempt, pos.ruff_over))
    some = rng.sample(legal, rng.randint(1, len(legal)))
    assert solve(fast, pos, some) == solve(PYTHON, pos, some), (pos, some)
    limit = rng.choice((1, 5, 50, 500))
    assert solve(fast, pos, max_nodes=limit) == solve(PYTHON, pos, max_nodes=limit), (pos, limit)
    below, nodes = rng.randint(0, MOST_CARDS_LEFT + 2), rng.choice((3, 40, 40_000))
    assert fast.rollout(copy(pos), below, nodes) == PYTHON.rollout(copy(pos), below, nodes), (pos, below, nodes)
    args = (pos.hands[:], seat, len(pos.trick), led, ws, wstr, bt)
    assert fast.greedy_card(copy(pos), *args) == PYTHON.greedy_card(copy(pos), *args), pos
    assert fast.greedy_play(copy(pos)) == PYTHON.greedy_play(copy(pos)), pos
    assert fast.greedy_play(copy(pos), below, nodes) == PYTHON.greedy_play(copy(pos), below, nodes), (pos, below, nodes)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_cores_agree_on_every_position(players: int) -> None:
    rng = random.Random(2200 + players)
    for _ in range(POSITIONS // 3):
        played = position(rng, players, rng.randint(1, MOST_CARDS_LEFT))
        agree_on(played.pos, played.queries, rng)


@pytest.mark.parametrize(("players", "left"), [(2, 18), (2, 20), (3, 14), (4, 16)])
def test_both_cores_agree_on_bigger_positions(players: int, left: int) -> None:
    # a whole two-player deal (nine or ten cards each) and the expert's exact-solve sizes at 3 and 4 players
    rng = random.Random(left * 10 + players)
    for _ in range(2):
        played = position(rng, players, left, size=10 if left == 20 else None)
        agree_on(played.pos, played.queries, rng)


SAMPLING_RULES = [
    (2, {}), (3, {}), (4, {}), (4, {"partner_exempt": True, "overtrump_on_ruff": True}),
    (2, {"extra_cards": 4, "stock_card_shown": "top_after_first_trick", "overtrump_on_ruff": True}),
    (3, {"extra_cards": 4, "turnup_2_3": "bidder", "hundred": True}),
]


@pytest.mark.parametrize(("players", "options"), SAMPLING_RULES)
def test_both_cores_deal_the_same_worlds_from_the_same_generator(players: int, options: dict[str, object]) -> None:
    # the seat's knowledge from real deals (voids, failed overtrumps, the turnup, declarations, bella), at every
    # card; the same seed must give the same worlds, with the hand sizes of the deal and of another
    fast = compiled()
    rng = random.Random(players)
    game = Game(Rules.preset("moscow", players=players, **options), seed=len(options))
    views = 0
    while views < 150:
        deal = game.start_deal() if game.needs_deal else game.deal
        assert deal is not None
        seat = deal.to_act
        assert seat is not None
        if deal.phase.value == "play":
            know = knowledge(game.view(seat))
            seed = rng.randrange(1 << 30)
            a, b = random.Random(seed), random.Random(seed)
            for sizes in (None, [9] * players):
                assert fast.sample_hands(know, a, sizes) == PYTHON.sample_hands(know, b, sizes), know
            assert a.random() == b.random()  # and leaves the generator where the reference leaves it
            views += 1
        acts = [x for x in game.legal_actions() if str(x) != "claim" and "redeal" not in str(x)]
        game.apply(seat, rng.choice(acts))
        if game.is_over:
            game = Game(game.rules, seed=rng.randrange(1000))
