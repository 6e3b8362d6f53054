"""How many draws the expert needs to find a world its play model explains, trick by trick.

    python3 tools/model_draws.py [PLAYERS [GAMES [SAMPLES]]]

Every seat is played by the heuristic (whom the model describes exactly); at each card seat 0 plays once another
side has played a card, ``SAMPLES`` worlds are drawn as the expert draws them (:meth:`bots.expert.ExpertBot._sample`:
the bidding's coarse test, then the model's), and for each the number of draws until one agrees with every card the
others played, up to :data:`bots.expert.MODEL_TRIES`. Prints, per trick, how many worlds needed more than 16 and 32
draws and how many found none in ``MODEL_TRIES`` (the expert then keeps the least contradicted draw): the share of
worlds that are not what the model says the deal is. A developer tool (docs/STRENGTH.md quotes it).
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import defaultdict

from bots.core import fits_bidding, sample_hands
from bots.expert import MODEL_TRIES, ExpertBot, PlaySearch
from bots.heuristic import HeuristicBot
from deberc_tui.engine import Game, PlayCard, Rules


def draws_until_explained(search: PlaySearch, rng: random.Random) -> int:
    """The draws until one fits the bidding and every card of the others (``MODEL_TRIES + 1``: none did)."""
    assert search.model is not None
    for draw in range(1, MODEL_TRIES + 1):
        hands = sample_hands(search.know, rng)
        if search.constraints and not fits_bidding(hands, search.played_by, search.constraints):
            continue
        if search.model.mismatches(hands, 1) == 0:
            return draw
    return MODEL_TRIES + 1


def main(argv: list[str]) -> int:
    given = [int(a) for a in argv[1:4]]
    players, games, samples = given + [2, 20, 8][len(given):]
    player = HeuristicBot(seed=1)
    searcher = ExpertBot(seed=3)
    rng = random.Random(5)
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
                    by_trick[len(view.tricks)].extend(draws_until_explained(search, rng) for _ in range(samples))
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
