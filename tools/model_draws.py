"""How many draws the expert needs to find a world its play model explains, trick by trick.

    python3 tools/model_draws.py [PLAYERS [GAMES [SAMPLES]]]

Every seat is played by the heuristic (whom the model describes exactly); at each card seat 0 plays once another
side has played a card, ``SAMPLES`` worlds are drawn by the expert's own sampling
(:meth:`bots.expert.ExpertBot._sample`: the bidding's coarse test, then the model's), its draws counted: for each world
the number of draws until one agrees with every card the others played, up to :data:`bots.expert.MODEL_TRIES`. Prints, per trick, how many worlds needed more than 16 and 32
draws and how many found none in ``MODEL_TRIES`` (the expert then keeps the least contradicted draw): the share of
worlds that are not what the model says the deal is. A developer tool (docs/STRENGTH.md quotes it).
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import defaultdict

import bots.expert as expert
from bots.core import fits_bidding, sample_hands
from bots.expert import MODEL_TRIES, ExpertBot, PlaySearch
from bots.heuristic import HeuristicBot
from bots.knowledge import Knowledge
from deberc_tui.engine import Game, PlayCard, Rules


class DrawCounter:
    """The expert's draw (:func:`bots.core.sample_hands`, as :mod:`bots.expert` calls it), counted."""

    def __init__(self) -> None:
        self.draws = 0
        self.draw = sample_hands

    def __call__(self, know: Knowledge, rng: random.Random, sizes: list[int] | None = None) -> list[int]:
        self.draws += 1
        return self.draw(know, rng, sizes=sizes)


def draws_until_explained(search: PlaySearch, bot: ExpertBot, counter: DrawCounter) -> int:
    """The draws of the expert's own sampling (:meth:`~bots.expert.ExpertBot._sample`) for one world: up to the one
    that agreed with the bidding and every card of the others, or ``MODEL_TRIES + 1`` if none did."""
    assert search.model is not None
    counter.draws = 0
    hands = bot._sample(search.know, search.constraints, search.played_by, model=search.model)
    fits = not search.constraints or fits_bidding(hands, search.played_by, search.constraints)
    return counter.draws if fits and search.model.mismatches(hands, 1) == 0 else MODEL_TRIES + 1


def main(argv: list[str]) -> int:
    given = [int(a) for a in argv[1:4]]
    players, games, samples = given + [2, 20, 8][len(given):]
    player = HeuristicBot(seed=1)
    searcher = ExpertBot(seed=3)
    drawer = ExpertBot(seed=5)
    counter = DrawCounter()
    vars(expert)["sample_hands"] = counter  # the expert draws through this name
    by_trick: defaultdict[int, list[int]] = defaultdict(list)
    for seed in range(games):
        game = Game(Rules.preset("moscow", players=players), seed=seed)
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = game.view(seat)
            if seat == 0 and view.trump is not None and any(isinstance(a, PlayCard) for a in view.legal):
                search = PlaySearch(searcher, view)
                if search.model is not None:
                    by_trick[len(view.tricks)].extend(draws_until_explained(search, drawer, counter) for _ in range(samples))
            game.apply(seat, player.choose(view, view.legal))
    print(f"{players} players, {games} games, {samples} worlds a card; draws to a world the model explains")
    for trick in sorted(by_trick):
        draws = by_trick[trick]
        n = len(draws)
        share = {limit: sum(d > limit for d in draws) / n for limit in (16, 32, MODEL_TRIES)}
        print(f"trick {trick + 1}: {n} worlds, median {statistics.median(draws):g} draws, more than 16: {share[16]:.0%}, "
              f"more than 32: {share[32]:.0%}, none in {MODEL_TRIES}: {share[MODEL_TRIES]:.0%}")
    everything = [d for draws in by_trick.values() for d in draws]
    if everything:
        print(f"all: {len(everything)} worlds, none in {MODEL_TRIES}: "
              f"{sum(d > MODEL_TRIES for d in everything) / len(everything):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
