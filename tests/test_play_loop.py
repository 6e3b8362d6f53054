"""The one play loop: whole matches with bots, the order in which seats are asked, and where it stops for a person.

Every driver plays through :class:`~deberc_tui.play.loop.PlayLoop`; these tests play whole matches through it
(RULES.md §12: «Дайви», «даве», money, 2, 3 and 4 players) and check that what the match says it was worth is
exactly what the engine's settlement says of each finished game.
"""

from __future__ import annotations

from typing import Any

import pytest

from deberc_tui.bot_hosting.registry import make_bot
from deberc_tui.engine import Action, Rules, SwapSeven
from deberc_tui.engine.actions import Dave, Double
from deberc_tui.engine.events import DaveAnswered, DoubleAnswered
from deberc_tui.engine.match import Match, settle
from deberc_tui.play.loop import Answer, Ask, Pause, PlayLoop, Stop
from deberc_tui.play.seats import BotSeat, FirstLegalSeat


def bot_seats(players: int, level: str = "heuristic", seed: int = 1) -> list[BotSeat]:
    return [BotSeat(make_bot(level, seed=seed + s), None) for s in range(players)]


def play_match(rules: Rules, seed: int, level: str = "heuristic") -> Match:
    match = Match(rules, first_dealer=0, seed=seed)
    assert PlayLoop(match, bot_seats(rules.players, level, seed)).play_match(deal_cap=300)
    return match


def assert_settled_as_the_engine_says(match: Match) -> None:
    """Each game's result is the engine's settlement of that game at its multiplier; the match adds them up."""
    assert len(match.settled) == len(match.games)
    for index, (game, result) in enumerate(zip(match.games, match.settled, strict=True)):
        assert result == settle(game, result.multiplier, index)
        assert sum(result.money) == 0  # money changes hands: what one side wins another pays
    sides = match.rules.sides
    assert match.match_points == tuple(sum(r.game_points[s] for r in match.settled) for s in range(sides))
    if match.rules.match_target is not None:
        assert match.winner is not None and match.match_points[match.winner] >= match.rules.match_target


def stake_answers(match: Match) -> list[Any]:
    return [e for d in match.deals for e in d.events if isinstance(e, DoubleAnswered | DaveAnswered)]


def test_a_match_without_doubling_is_worth_what_the_sheet_says() -> None:
    rules = Rules.preset("moscow", players=2, target=151, match_target=3, mars=True, money="deficit", stake=2)
    match = play_match(rules, seed=3)
    assert_settled_as_the_engine_says(match)
    assert stake_answers(match) == [] and all(r.multiplier == 1 for r in match.settled)


def test_a_daivi_match_with_money_per_game_point() -> None:
    rules = Rules.preset("moscow", players=2, target=151, match_target=3, doubling="daivi", money="per_game")
    match = play_match(rules, seed=5)
    assert_settled_as_the_engine_says(match)
    for result in match.settled:  # per_game: each game point is worth the stake
        assert result.money[result.winner] == sum(result.game_points) * rules.stake


def test_the_short_game_is_a_match_to_nine_with_dave_and_the_bots_say_it() -> None:
    rules = Rules.preset("short", players=2)
    assert rules.match_target == 9 and rules.doubling == "dave"
    match = play_match(rules, seed=7)
    assert_settled_as_the_engine_says(match)
    assert len(match.games) >= 5  # one deal a game, at least nine game points
    assert stake_answers(match), "the bots raise the stake when they are likely to win"


@pytest.mark.parametrize(("preset", "players", "money"), [("klabor", 3, "difference"), ("moscow", 4, "deficit")])
def test_matches_at_three_and_four_players(preset: str, players: int, money: str) -> None:
    rules = Rules.preset(preset, players=players, target=151, match_target=2, mars=True, money=money)
    match = play_match(rules, seed=11)
    assert_settled_as_the_engine_says(match)
    assert all(not isinstance(a, Double | Dave) for d in match.deals for _s, a in d.log)  # doubling: 2 players


class Recorder:
    """A seat that records what it was asked and answers as ``FirstLegalSeat``, swapping the seven when it may."""

    def __init__(self, log: list[tuple[int, bool]]) -> None:
        self.log = log

    def choose(self, ask: Ask) -> Answer:
        self.log.append((ask.seat, False))
        return Answer(ask, ask.actions[0])

    def optional(self, ask: Ask) -> Answer:
        self.log.append((ask.seat, True))
        return Answer(ask, next((a for a in ask.actions if isinstance(a, SwapSeven)), None))


def test_every_other_seat_is_offered_its_out_of_turn_options_before_the_turn_in_seat_order() -> None:
    asked: list[tuple[int, bool]] = []
    for seed in range(60):
        match = Match(Rules.preset("moscow", players=3), first_dealer=0, seed=seed)
        loop = PlayLoop(match, [Recorder(asked) for _ in range(3)])
        loop.play_deal()
        if any(optional for _seat, optional in asked):
            break
        asked.clear()
    else:
        pytest.fail("no deal offered an out-of-turn action")
    # between two turns, the out-of-turn questions go to the other seats in rising seat order
    run: list[int] = []
    for seat, optional in asked:
        if optional:
            run.append(seat)
            continue
        assert seat not in run and run == sorted(run)
        run = []


def test_the_loop_stops_where_a_person_must_act_and_goes_on_after_their_action() -> None:
    match = Match(Rules.preset("moscow", players=2), first_dealer=1, seed=2)  # seat 0 speaks first
    loop = PlayLoop(match, [None, FirstLegalSeat()])
    loop.start_deal()
    stop = loop.play_on()
    assert stop == Stop(Pause.PERSON, 0)
    deal = match.deal
    assert deal is not None and deal.log == []
    loop.apply(0, match.legal_actions()[0])
    assert isinstance(loop.next(), Ask | Stop)
    assert len(deal.log) >= 1


def test_an_answer_to_a_question_no_longer_asked_is_recognised() -> None:
    match = Match(Rules.preset("moscow", players=2), first_dealer=0, seed=2)  # seat 1 speaks first
    loop = PlayLoop(match, [None, FirstLegalSeat()])
    loop.start_deal()
    ask = loop.next()
    assert isinstance(ask, Ask) and loop.is_current(ask)
    loop.answer(loop.decide(ask))
    assert not loop.is_current(ask)


def test_a_bot_that_fails_is_answered_for_and_the_failure_is_heard() -> None:
    class Raiser:
        name = "raiser"

        def choose(self, view: Any, legal: Any, budget: float | None = None) -> Action:
            raise RuntimeError("boom")

        def optional(self, view: Any, options: Any) -> None:
            return None

    failures: list[tuple[int, str]] = []
    match = Match(Rules.preset("moscow", players=2), first_dealer=0, seed=4)
    seats = [BotSeat(Raiser(), 0.5), BotSeat(make_bot("random", seed=1), 0.5)]  # type: ignore[arg-type]
    PlayLoop(match, seats, on_failure=lambda seat, why: failures.append((seat, why))).play_deal()
    assert match.deal is not None and match.deal.is_over
    assert failures and all(seat == 0 and "boom" in why for seat, why in failures)
