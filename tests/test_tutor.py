"""The tutor in normal games: rebuilding a seat's world, weighing choices, warning before a costly one."""

from __future__ import annotations

import random

import pytest
from apphelp import first_legal, settle, table_screen
from test_app import quick_app

from bots.knowledge import knowledge
from bots.sampling import sample_hands
from deberc_tui.engine import Bid, Claim, Game, Rules
from deberc_tui.practice import tutor
from deberc_tui.practice.evaluate import BidValue


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the user's saved games or settings."""
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sampled_world_replays_the_public_history_to_the_same_position(players: int) -> None:
    rng = random.Random(players)
    game = Game(Rules.preset(players=players), seed=11)
    deal = game.start_deal()
    checked = 0
    while not deal.is_over:
        seat = deal.to_act
        view = game.view(seat)
        if view.phase == "play":
            rebuilt = tutor.rebuild(view, sample_hands(knowledge(view), rng), rng)
            assert rebuilt is not None
            assert rebuilt.hand_mask(seat) == deal.hand_mask(seat)
            assert [t.cards for t in rebuilt.tricks] == [t.cards for t in deal.tricks]
            checked += 1
        game.apply(seat, rng.choice([a for a in deal.legal_actions() if not isinstance(a, Claim)]))
    assert checked > 10


def test_the_tutor_weighs_every_card_open_to_the_seat() -> None:
    game = Game(Rules.preset(players=2), seed=9)
    deal = game.start_deal()
    game.apply(deal.to_act, Bid("play"))
    view = game.view(deal.to_act)
    advice = tutor.advise(view, seconds=0.5, seed=1)
    assert advice is not None and advice.worlds >= 2
    cards = {a for a, _ in advice.values}
    assert cards == {a for a in view.legal if a.__class__.__name__ == "PlayCard"}
    best, _ = advice.best
    assert advice.cost(best) == (0.0, 0.0)


async def test_a_costly_bid_is_warned_about_once_then_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_advise(view, seconds=1.5, seed=0):
        play, pas = BidValue("play", [-40.0, -30.0, -50.0]), BidValue("pass", [0.0, 0.0, 0.0])
        return tutor.Advice([(Bid("pass"), pas), (Bid("play"), play)], 3, 0.1)

    monkeypatch.setattr(tutor, "advise", fake_advise)
    app = quick_app(bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        deal = scr.session.game.deal
        assert deal.phase.value == "bidding" and deal.to_act == scr.session.viewer
        scr.session.tutor = 10.0
        before = len(deal.log)
        await pilot.press("p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(deal.log) == before, "the costly bid waits for confirmation"
        assert "Tutor" in scr.error_text and "40" in scr.error_text
        await pilot.press("p")
        await pilot.pause()
        assert len(deal.log) == before + 1 and deal.log[-1][1] == Bid("play")


def test_the_warning_names_the_bid_the_numbers_put_first() -> None:
    hearts, pas = BidValue("H", [30.0, 25.0, 35.0]), BidValue("pass", [0.0, -2.0, 2.0])
    advice = tutor.Advice([(Bid("H"), hearts), (Bid("pass"), pas)], 3, 0.1)
    text = tutor.describe_cost(Bid("pass"), advice)
    assert text == "pass loses about 30 points (±2) against ♥ — the best bid here."
    assert tutor.describe_cost(Bid("H"), advice) is None  # the best bid costs nothing: no warning
