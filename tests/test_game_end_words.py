"""Why a game was won, said in a player's words (issue 21): several sides over the target (the defender, the
bidder, the last trick, the higher total, as ``both_over`` says), mars, a claim with its count, a refused double, a
conceded «даве» — in English and Russian, and on the game-over dialog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apphelp import first_legal, screen_text
from rulehelp import dp, rules, sheet

from deberc_tui.app import make_app
from deberc_tui.app.screens.match_end import GameOverScreen
from deberc_tui.engine import Rules
from deberc_tui.engine.actions import DAVE_CONCEDE, DAVE_OFFER, DOUBLE_OFFER, DOUBLE_REFUSE
from deberc_tui.engine.match import GameResult, Match, settle
from deberc_tui.engine.options import BothOver
from deberc_tui.engine.scoring import DealPoints, GameEnd
from deberc_tui.text.game_end import game_end_cell, game_end_words
from deberc_tui.text.i18n import set_language

NAMES = ["Anna", "Boris"]


def ended(r: Rules, *rows: DealPoints) -> GameResult:
    s = sheet(r, list(rows))
    assert s.outcome is not None
    return settle(s)


def claim(outcome: str, claimant: int, count: int, winner: int | None) -> DealPoints:
    zeros = (0, 0)
    return DealPoints(outcome, 1, zeros, zeros, zeros, None, (1, 1), None, winner, "claim", 0, claimant,
                      claim_count=count)


# Anna (side 0) bids the last deal and makes it, Boris takes its last trick: 270 + 70 = 340 for Anna,
# 280 + 65 = 345 for Boris — both pass 301
BOTH_OVER = (dp("made", 1, (270, 280)), dp("made", 0, (70, 65), last=1))


@pytest.mark.parametrize(("rule", "winner", "words"), [
    ("defender", 1, "both sides reached 301 in the same deal; the side that defended in that deal wins: Boris"),
    ("bidder", 0, "both sides reached 301 in the same deal; the side that bid in that deal wins: Anna"),
    ("last_trick", 1, "both sides reached 301 in the same deal; the side that took its last trick wins: Boris"),
    ("higher", 1, "both sides reached 301 in the same deal; the higher total wins: Boris 345"),
])
def test_both_over_the_target_says_which_rule_chose_the_winner(rule: str, winner: int, words: str) -> None:
    result = ended(rules(target=301, both_over=rule), *BOTH_OVER)
    assert result.winner == winner and result.outcome is not None and result.outcome.both_over is BothOver(rule)
    assert game_end_words(rules(target=301, both_over=rule), result, NAMES) == words


def test_both_over_as_a_cell_of_the_match_table() -> None:
    assert game_end_cell(rules(target=301), ended(rules(target=301), *BOTH_OVER)) == "both over: the defender"


def test_one_side_at_the_target_says_the_target_and_the_total() -> None:
    result = ended(rules(target=301), dp("made", 0, (310, 40)))
    assert game_end_words(rules(target=301), result, NAMES) == "the target of 301 reached: Anna 310"
    assert game_end_cell(rules(target=301), result) == "target reached"


def test_mars_says_the_losers_total_and_the_half_of_the_target() -> None:
    r = rules(target=301, mars=True)
    result = ended(r, dp("made", 0, (310, 100)))
    assert result.game_points == (2, 0)
    assert game_end_words(r, result, NAMES) == ("the target of 301 reached: Anna 310; mars: Boris 100, under half the "
                                                "target (at most 150), so the win counts double")
    assert game_end_cell(r, result) == "target reached, mars"


def test_a_right_claim_says_its_count() -> None:
    result = ended(rules(target=301), claim("claim_won", 0, 312, 0))
    assert game_end_words(rules(target=301), result, NAMES) == "«Партия» by Anna: 312 of 301, the claim is right"
    assert game_end_cell(rules(target=301), result) == "claim won (312)"


def test_a_false_claim_says_its_count_and_that_it_loses() -> None:
    result = ended(rules(target=301), claim("claim_lost", 1, 280, None))
    assert result.winner == 0
    assert game_end_words(rules(target=301), result, NAMES) == (
        "«Партия» by Boris: only 280 of 301, and a false claim loses the game")
    assert game_end_cell(rules(target=301), result) == "false claim (280)"


def test_a_claim_from_the_engine_carries_its_count() -> None:
    record = Path(__file__).parent / "golden" / "moscow_2p_e2.record.json"
    from deberc_tui.records import load_record, replay_match

    match = replay_match(load_record(record))
    result = match.settled[-1]
    assert result.reason is GameEnd.CLAIM_LOST and result.outcome is not None
    assert game_end_words(match.rules, result, ["P0", "P1"]) == (
        "«Партия» by P1: only 224 of 301, and a false claim loses the game")


def _stake_match(preset: str, **options: object) -> Match:
    match = Match(Rules.preset(preset, players=2, **options), first_dealer=1)
    match.start_deal()
    return match


def test_a_refused_double_says_who_refused_and_the_stake() -> None:
    match = _stake_match("moscow", doubling="daivi")
    offerer = match.to_act
    assert offerer is not None
    match.apply(offerer, DOUBLE_OFFER)
    match.apply(1 - offerer, DOUBLE_REFUSE)
    names = ["Anna", "Boris"]
    words = game_end_words(match.rules, match.settled[-1], names)
    assert words == f"the double refused by {names[1 - offerer]}: the game ends, won by {names[offerer]} at ×1"


def test_a_conceded_dave_says_who_conceded_and_the_stake() -> None:
    match = _stake_match("short")
    offerer = match.to_act
    assert offerer is not None
    match.apply(offerer, DAVE_OFFER)
    match.apply(1 - offerer, DAVE_CONCEDE)
    names = ["Anna", "Boris"]
    assert game_end_words(match.rules, match.settled[-1], names) == (
        f"the «даве» conceded by {names[1 - offerer]}: {names[offerer]} wins the stake 1")


def test_the_reasons_speak_russian() -> None:
    set_language("ru")
    both = ended(rules(target=301), *BOTH_OVER)
    assert game_end_words(rules(target=301), both, ["Анна", "Борис"]) == (
        "обе стороны набрали 301 в одной сдаче; выигрывает сторона, вистовавшая в этой сдаче: Борис")
    right = ended(rules(target=301), claim("claim_won", 0, 312, 0))
    assert game_end_words(rules(target=301), right, ["Анна", "Борис"]) == "«Партия» — Анна: 312 из 301, заявка верна"
    r = rules(target=301, mars=True)
    assert "марс: Борис 100" in game_end_words(r, ended(r, dp("made", 0, (310, 100))), ["Анна", "Борис"])
    assert game_end_cell(rules(target=301), both) == "обе за чертой: вистующий"


async def test_the_game_over_dialog_says_why_the_side_won_when_several_reached_the_target(tmp_path: Path) -> None:
    doc = json.loads((Path(__file__).parent / "golden" / "kharkiv_3p_e2.record.json").read_text())
    doc["players"][0] = {"name": "Anna", "kind": "human"}
    path = tmp_path / "both_over.json"
    path.write_text(json.dumps(doc))
    app = make_app(load=path, autosave=False, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(screen_text(app).split())
        assert "both sides reached 301 in the same deal" in text
        assert "target reached" not in text
