"""The new-game screen's "single game / match to N" (§12), and the house rules kept across a change of preset.

The match offered first is the preset's own (``short`` with 2 players: a match to 9 with «даве»). What the player
chose stays theirs when the preset or the player count changes: a match other than the old preset's own, and the
house rules, here and on the house-rules screen; a house rule the new preset makes anyway is no house rule any
more, and one that cannot work with it is dropped and named in the note. Everything reaches ``GameSetup.rules``.

Snapshots of the screen with a match chosen at 80×24 and 120×40, in English and Russian:
``pytest tests/test_new_game_match.py --snapshot-update`` after a deliberate change, then look at the pictures.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from textual.widgets import Select

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.newgame import GameSetup, NewGameScreen
from deberc_tui.app.screens.rules import HouseRulesScreen, Rebased, encode, rebase
from deberc_tui.engine.options import BellaTo, BellaWhen, Doubling, Money
from deberc_tui.text.i18n import set_language

LOOK = Look()
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def screen_text(app: Any) -> str:
    svg = app.export_screenshot()
    return " ".join(html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ").split())


def note(app: Any) -> str:
    return str(app.screen.query_one("#rules-note").content)


def shown_match(app: Any) -> str:
    """The match as the player sees it in its list."""
    select = app.screen.query_one("#match", Select)
    return next(str(label) for label, value in select._options if value == select.value)


def new_game_app() -> tuple[Any, list[GameSetup]]:
    """The app on the new-game screen; the setups it would start a table with are collected, not played."""
    app = make_app(pace=0.0, look=LOOK)
    started: list[GameSetup] = []
    app.start = started.append
    return app, started


async def choose(pilot: Any, **values: Any) -> None:
    """Choose on the new-game screen as a player does, one list after another (players first)."""
    for name, value in values.items():
        pilot.app.screen.query_one(f"#{name}", Select).value = value
        await pilot.pause()


async def house_rules(pilot: Any, **values: Any) -> None:
    """Open the house rules, change ``values`` (option: value as a record writes it) and use them."""
    await pilot.press("ctrl+r")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HouseRulesScreen)
    for key, value in values.items():
        screen.query_one(f"#opt-{key}", Select).value = encode(value)
    await pilot.pause()
    await pilot.press("ctrl+s")
    for _ in range(3):
        await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)


async def start(pilot: Any, started: list[GameSetup]) -> GameSetup:
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert started, "the new-game screen started no game"
    return started[-1]


# -- the match -------------------------------------------------------------------------------------------


async def test_the_short_game_with_2_players_offers_its_match_to_9_with_dave() -> None:
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown_match(app) == "single game"
        await choose(pilot, preset="short")
        assert shown_match(app) == "match to 9"
        assert note(app).splitlines()[0] == "Rules: short  ·  match to 9"
        setup = await start(pilot, started)
    assert (setup.rules.short, setup.rules.match_target, setup.rules.doubling) == (True, 9, Doubling.DAVE)


async def test_a_match_chosen_reaches_the_game_and_the_note_says_it() -> None:
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, match=encode(5))
        assert note(app) == "Rules: moscow  ·  match to 5"
        assert "Match match to 5" in screen_text(app)
        setup = await start(pilot, started)
    assert (setup.rules.preset_name, setup.rules.match_target) == ("moscow", 5)


async def test_a_single_game_says_no_match() -> None:
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, preset="short", match=encode(None))
        assert "match" not in note(app).splitlines()[0]
        setup = await start(pilot, started)
    assert setup.rules.match_target is None and setup.rules.doubling is Doubling.DAVE, "«даве» is still the preset's"


async def test_the_match_follows_the_preset_until_the_player_chooses_one() -> None:
    """The preset's own match comes and goes with it; a match the player chose stays with any preset."""
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, preset="short")
        assert shown_match(app) == "match to 9"
        await choose(pilot, preset="moscow")
        assert shown_match(app) == "single game"
        await choose(pilot, match=encode(5), preset="short")
        assert shown_match(app) == "match to 5"
        await choose(pilot, preset="kharkiv")
        assert shown_match(app) == "match to 5"
        setup = await start(pilot, started)
    assert (setup.rules.preset_name, setup.rules.match_target) == ("kharkiv", 5)


async def test_the_short_games_match_is_for_2_players_only() -> None:
    app, _started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, preset="short")
        await choose(pilot, players=3)
        assert shown_match(app) == "single game" and app.screen.rules().match_target is None
        await choose(pilot, players=2)
        assert shown_match(app) == "match to 9"


# -- the house rules' §12 section reaches the game -------------------------------------------------------


async def test_a_match_and_stakes_chosen_in_the_house_rules_reach_the_game() -> None:
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await house_rules(pilot, match_target=3, doubling="daivi", money="per_game", stake=5, mars=True)
        assert shown_match(app) == "match to 3", "the match is chosen on the new-game screen: it shows there"
        assert note(app) == "Rules: moscow + 4 house rules  ·  match to 3"
        await choose(pilot, target=1001)  # another target keeps them
        setup = await start(pilot, started)
    rules = setup.rules
    assert (rules.match_target, rules.doubling, rules.money, rules.stake, rules.mars, rules.target) == (
        3, Doubling.DAIVI, Money.PER_GAME, 5, True, 1001)


async def test_the_house_rules_screen_shows_the_match_chosen_on_the_new_game_screen() -> None:
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, match=encode(7))
        await house_rules(pilot, money="deficit")
        assert shown_match(app) == "match to 7"
        setup = await start(pilot, started)
    assert (setup.rules.match_target, setup.rules.money) == (7, Money.DEFICIT)


async def test_changing_the_preset_keeps_the_house_rules_and_names_those_dropped() -> None:
    """The decision: a player's house rules stay with them when they try another preset. Klabor gives bella to
    the trick's winner, which cannot work with bella said up to the last card: that one is dropped, and said."""
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await house_rules(pilot, mars=True, money="per_game", bella_when="until_last_card")
        assert note(app) == "Rules: moscow + 3 house rules"
        await choose(pilot, preset="klabor")
        assert note(app).splitlines()[:2] == [
            "Rules: klabor + 2 house rules",
            "Dropped (does not work with klabor): say bella: with any card, up to your last"]
        setup = await start(pilot, started)
    rules = setup.rules
    assert (rules.preset_name, rules.mars, rules.money) == ("klabor", True, Money.PER_GAME)
    assert (rules.bella_to, rules.bella_when) == (BellaTo.TRICK_WINNER, BellaWhen.WITH_CARD)


async def test_a_house_rule_the_new_preset_makes_anyway_is_no_house_rule_any_more() -> None:
    """Kharkiv's dealer names a suit anyway: the house rule melts into the preset, and going back to Moscow
    brings Moscow's own rule (the note never hid a rule that was not shown)."""
    app, started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await house_rules(pilot, all_pass="dealer_must")
        assert note(app) == "Rules: moscow + 1 house rule"
        await choose(pilot, preset="kharkiv")
        assert note(app).splitlines()[0] == "Rules: kharkiv"
        await choose(pilot, preset="moscow")
        assert note(app) == "Rules: moscow"
        setup = await start(pilot, started)
    assert setup.rules.all_pass == "redeal"


async def test_the_house_rules_screen_keeps_the_house_rules_when_its_preset_changes() -> None:
    app, _started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HouseRulesScreen)
        screen.query_one("#opt-mars", Select).value = encode(True)
        screen.query_one("#opt-bella_when", Select).value = encode("until_last_card")
        await pilot.pause()
        screen.query_one("#house-preset-choice", Select).value = "klabor"
        await pilot.pause()
        assert screen.values() == {"mars": True}
        assert str(screen.query_one("#house-error").content) == (
            "Dropped (does not work with klabor): say bella: with any card, up to your last")
        assert str(screen.query_one("#row-mars .opt-key").content) == "• mars", "still marked a house rule"


# -- carrying house rules to another preset, below the screen ------------------------------------------------


def test_rebase_keeps_what_works_absorbs_what_the_preset_does_and_drops_the_rest() -> None:
    changes = {"mars": True, "all_pass": "dealer_must", "bella_when": "until_last_card", "match_target": 5}
    assert rebase(changes, "klabor", 2) == Rebased({"match_target": 5, "mars": True},
                                                   {"bella_when": "until_last_card"})


def test_rebase_judges_nothing_where_the_preset_cannot_be_played() -> None:
    """``three`` is for 3 players: at a table of 2 the screen says so, and no house rule is lost meanwhile."""
    assert rebase({"mars": True}, "three", 2) == Rebased({"mars": True})


def test_rebase_keeps_the_target_fixed() -> None:
    assert rebase({"gap_end": 250}, "fifty", 2, {"target": 301}) == Rebased({})


# -- the screen stays whole -------------------------------------------------------------------------------------


@pytest.fixture(params=["en", "ru"])
def language(request: pytest.FixtureRequest) -> str:
    lang: str = request.param
    set_language(lang)
    return lang


async def test_a_match_house_rules_and_a_dropped_rule_at_4_players_fit_80x24(language: str) -> None:
    app, _started = new_game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, players=4)
        await house_rules(pilot, mars=True, bella_when="until_last_card")
        await choose(pilot, match=encode(15), preset="klabor")
        text = note(app)
        assert {"en": "match to 15", "ru": "матч до 15"}[language] in text
        assert {"en": "Dropped", "ru": "Снято"}[language] in text
        assert app.screen.query_one("#rules-note").region.height <= 3
        assert app.screen.query_one("#btn-start").region.bottom <= 23, "the Start button above the footer"
        assert app.screen.query_one("#btn-quit").region.bottom <= 23


# -- snapshots --------------------------------------------------------------------------------------------------


async def to_kharkiv_match_to_7(pilot: Any) -> None:
    await choose(pilot, preset="kharkiv", match=encode(7))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_new_game_with_a_match(snap_compare: Any, language: str, size: str) -> None:
    assert snap_compare(make_app(pace=0.0, look=LOOK), terminal_size=SIZES[size], run_before=to_kharkiv_match_to_7)
