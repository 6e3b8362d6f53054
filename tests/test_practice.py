"""The bidding tutor: positions, evaluations whose answer is clear, repeatability, the JSON interface."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from deberc_tui.cli import main
from deberc_tui.engine import Card, Rules, parse_cards
from deberc_tui.practice.evaluate import evaluate
from deberc_tui.practice.history import History
from deberc_tui.practice.position import PositionError, make_position

RULES = Rules.preset("moscow", players=2)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the user's practice record."""
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


def fixed(position, worlds: int = 60, seed: int = 3):
    return evaluate(position, seed=seed, max_seconds=1e9, target_se=0.0, min_worlds=worlds, max_worlds=worlds)


def test_a_hand_with_trump_jack_nine_ace_and_ten_should_play() -> None:
    pos = make_position(RULES, parse_cards("JH 9H AH 7C 8D KS"), Card.parse("TH"), "first")
    # The turnup is the ten: J 9 A of trump in hand, the 10 on the table for a swap-free play.
    result = fixed(pos)
    assert result.value("play").ev > result.value("pass").ev


def test_a_hand_with_no_trumps_and_no_aces_should_pass() -> None:
    pos = make_position(RULES, parse_cards("7C 8C 9D 8D 7S 9S"), Card.parse("AH"), "first")
    result = fixed(pos)
    assert result.value("pass").ev > result.value("play").ev


def test_the_same_seed_gives_the_same_numbers() -> None:
    pos = make_position(RULES, parse_cards("AS KS 9H JH 7C 8D"), Card.parse("TH"), "first")
    a, b = fixed(pos, 25, seed=11), fixed(pos, 25, seed=11)
    assert a.to_json()["bids"] == b.to_json()["bids"]


def test_round_two_offers_the_other_suits() -> None:
    pos = make_position(RULES, parse_cards("AS KS 9H JH 7C 8D"), Card.parse("TH"), "first", round=2)
    assert pos.bids == ("pass", "pass")
    assert sorted(pos.legal_bids()) == ["C", "D", "S", "pass"]


def test_an_impossible_position_is_refused() -> None:
    with pytest.raises(PositionError, match="six different cards"):
        make_position(RULES, parse_cards("AS KS 9H JH 7C"), Card.parse("TH"), "first")
    with pytest.raises(PositionError, match="turnup"):
        make_position(RULES, parse_cards("AS KS 9H JH 7C TH"), Card.parse("TH"), "first")


def test_rating_says_too_close_to_call_within_two_standard_errors() -> None:
    pos = make_position(RULES, parse_cards("AS KS 9H JH 7C 8D"), Card.parse("TH"), "first")
    result = fixed(pos, 20)
    worst = result.ranked[-1].bid
    rating = result.rate(worst)
    loss, se = result.loss(worst), result.diff_se(result.best.bid, worst)
    assert (rating == "too close to call") == (loss < 2 * se)


def test_evaluate_json_for_scripts() -> None:
    out = CliRunner().invoke(main, [
        "practice", "--evaluate", "--hand", "AS KS 9H JH 7C 8D", "--turnup", "TH", "--seat", "first",
        "--players", "2", "--json", "--worlds", "20",
    ])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["worlds"] == 20 and doc["best"] in {"play", "pass"}
    assert {b["bid"] for b in doc["bids"]} == {"play", "pass"}
    assert all({"ev", "se", "bait"} <= set(b) for b in doc["bids"])


def test_bad_input_is_one_line_not_a_traceback() -> None:
    out = CliRunner().invoke(main, ["practice", "--evaluate", "--hand", "AS KS", "--turnup", "TH"])
    assert out.exit_code == 2
    assert "six different cards" in out.output and "Traceback" not in out.output


def test_the_record_keeps_decisions_across_sessions(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    pos = make_position(RULES, parse_cards("7C 8C 9D 8D 7S 9S"), Card.parse("AH"), "first")
    result = fixed(pos, 20)
    History.load().add(result, "play")
    again = History.load()
    assert len(again.decisions) == 1 and again.decisions[0].chosen == "play"


async def test_past_mistakes_can_be_played_again(tmp_path, monkeypatch) -> None:
    from deberc_tui.app.screens.practice import PracticeApp, PracticeScreen

    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    pos = make_position(RULES, parse_cards("7C 8C 9D 8D 7S 9S"), Card.parse("AH"), "first")
    result = fixed(pos, 20)
    History.load().add(result, "play")
    if History.load().decisions[0].rating not in ("inaccuracy", "mistake", "blunder"):
        pytest.skip("the sample did not rate this as a mistake")
    app = PracticeApp(RULES, seed=1, mistakes=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        assert screen.position is not None and screen.position.hand == pos.hand
