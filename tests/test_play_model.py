"""The expert reads the other sides' cards through a model of how they play (bots/play_model.py): each past card is
rebuilt as its seat saw it, and the worlds the expert samples agree with what the model would have played."""

from __future__ import annotations

import pytest

from bots.expert import ExpertBot
from bots.heuristic import HeuristicBot
from bots.knowledge import knowledge, played_by_seat
from bots.play_model import PlayModel
from deberc_tui.engine import Game, PlayCard, Rules, SeatView

Seen = dict[tuple[int, int, int], SeatView]


def play_until(players: int, seed: int, cards_played: int) -> tuple[Game, Seen]:
    """A game the heuristic plays in every seat, stopped in its first played deal once ``cards_played`` cards are
    down and a seat of side 0 is to play; with every view a seat had when it played a card, by (tricks, cards in
    the trick, seat)."""
    game = Game(Rules.preset("moscow", players=players), seed=seed)
    bot = HeuristicBot(seed=1)
    for _deal in range(20):
        deal = game.start_deal()
        seen: Seen = {}
        down = 0
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = game.view(seat)
            if any(isinstance(a, PlayCard) for a in view.legal):
                if down >= cards_played and game.rules.side_of(seat) == 0:
                    return game, seen
                seen[(len(view.tricks), len(view.current_trick), seat)] = view
                down += 1
            game.apply(seat, bot.choose(view, view.legal))
    pytest.fail("no deal was played that far")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (2, 8), (3, 5), (4, 3)])
def test_each_past_card_is_rebuilt_as_its_seat_saw_it_and_the_model_plays_it_on_the_true_hands(
    players: int, seed: int,
) -> None:
    game, seen = play_until(players, seed, cards_played=5 * players)
    deal = game.deal
    assert deal is not None
    me = deal.to_act
    assert me is not None
    model = PlayModel(game.view(me), HeuristicBot(seed=0))
    assert model.turns
    for turn in model.turns:
        real = knowledge(seen[(len(turn.view.tricks), len(turn.view.current_trick), turn.seat)])
        assert (turn.know.forbidden, turn.know.known, turn.know.sizes, turn.know.played) == (
            real.forbidden, real.known, real.sizes, real.played)
        assert turn.know.unseen & ~real.hand == real.unseen
    assert model.mismatches([deal.hand_mask(s) for s in range(players)]) == 0


def test_a_partners_cards_are_not_read_through_the_model() -> None:
    game, _seen = play_until(4, 3, cards_played=12)
    me = game.deal.to_act if game.deal else None
    assert me is not None
    model = PlayModel(game.view(me), HeuristicBot(seed=0))
    assert {turn.seat for turn in model.turns} == {s for s in range(4) if s % 2 != me % 2}


def test_the_worlds_the_expert_samples_agree_with_the_others_cards_far_more_often_with_the_model() -> None:
    game, _seen = play_until(2, 3, cards_played=10)
    me = game.deal.to_act if game.deal else None
    assert me is not None
    view = game.view(me)
    model = PlayModel(view, HeuristicBot(seed=0))
    know = knowledge(view)
    by = played_by_seat(view)
    plain = ExpertBot(seed=4)
    read = ExpertBot(seed=4)
    without = [model.mismatches(plain._sample(know, [], by)) for _ in range(60)]
    with_model = [model.mismatches(read._sample(know, [], by, model=model)) for _ in range(60)]
    assert sum(1 for m in without if m) >= 20  # random worlds often contradict how the other side played
    assert sum(with_model) * 4 <= sum(without)


def test_before_the_other_side_has_played_a_card_the_expert_samples_as_without_a_model() -> None:
    """Nothing to read yet: the same draws, the same card, whether the model is on or off."""
    game = Game(Rules.preset("moscow", players=2), seed=4)
    bot = HeuristicBot(seed=1)
    deal = game.start_deal()
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = game.view(seat)
        if any(isinstance(a, PlayCard) for a in view.legal):
            break
        game.apply(seat, bot.choose(view, view.legal))
    assert not view.tricks and not view.current_trick  # the first lead: the other side has played nothing
    cards = [x for x in view.legal if isinstance(x, PlayCard)]
    results = []
    for on in (True, False):
        chooser = ExpertBot(seed=9, play_model=on)
        results.append((chooser.play(view, cards)[0], chooser.rng.getstate()))
    assert results[0] == results[1]
