"""A match at the table (RULES.md §12), played headless by key presses only: the match score on the top bar and in
the side panel, ``+`` for a double or a «даве» and a bot's offer answered with y / n, the dialog between games and
the one at the end of the match, each checked against what the engine settled; what each answer to a raised stake
means; and snapshots of these screens in English and Russian."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest
from apphelp import always, first_legal, human_move, seen_in, settle, table_screen
from tablehelp import StakeBot, shown_buttons

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.narrator import Narrator
from deberc_tui.app.screens.match_end import GameWonScreen, MatchOverScreen, StakeAnswerScreen, answer_lines
from deberc_tui.app.screens.modals import DealSummaryScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.app.widgets.gamelog import GameLog
from deberc_tui.app.widgets.panel import InfoPanel
from deberc_tui.engine import Rules
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.events import DealScored
from deberc_tui.engine.match import GameResult, Match
from deberc_tui.engine.scoring import DealOutcome, DealResult
from deberc_tui.engine.view import PendingOffer
from deberc_tui.text.i18n import set_language

LOOK = Look()
SHORT_MATCH = Rules.preset("short", players=2, match_target=3, money="per_game", stake=2)
"""The short game (one deal a game, «даве») as a match to 3, each game point worth 2."""
DAIVI_MATCH = Rules.preset("moscow", players=2, target=101, match_target=5, doubling="daivi", mars=True,
                           money="deficit")
"""Moscow rules to 101 as a match to 5 with «Дайви» and mars, the loser paying what he lacked of the target."""
HOW = {"short": "short game", "target": "target reached", "dave_conceded": "«даве» conceded",
       "double_refused": "double refused"}


def top_bar(app: Any) -> str:
    return seen_in(app, table_screen(app).query_one("#topbar"))[0].strip()


def panel(app: Any) -> list[str]:
    """The side panel's score and match lines as shown (from the score's heading to the last trick), spaces
    squeezed."""
    lines = [" ".join(line.split()) for line in seen_in(app, table_screen(app).query_one("#info"))]
    start = next(i for i, line in enumerate(lines) if line.startswith("Score"))
    end = next((i for i, line in enumerate(lines) if line.startswith("Last trick")), len(lines))
    return lines[start:end]


def dialog(app: Any) -> list[str]:
    """The dialog on top, line by line as shown inside its border, spaces squeezed."""
    rows = seen_in(app, app.screen.query_one(".dialog"))
    return [" ".join(row.strip("│ ").split()) for row in rows[1:-1]]


def said(app: Any) -> str:
    """The dialog's words as one text: a sentence wrapped over several lines is found whole."""
    return " ".join(dialog(app))


def worth_lines(app: Any) -> list[str]:
    """The game-over dialog from what the game was worth to the money of the match so far."""
    lines = dialog(app)
    start = next(n for n, line in enumerate(lines) if line.startswith("worth"))
    return lines[start:start + 5]


def game_line(result: GameResult) -> str:
    """A game's line of the match-over dialog, made from the engine's settlement: number, winner, how, game points,
    stake, money per side."""
    money = ", ".join(f"{m:+d}" for m in result.money)
    how = HOW[result.reason] + (", mars" if result.outcome is not None and result.outcome.mars else "")
    return (f"{result.index + 1} {['You', 'Boris'][result.winner]} {how} "
            f"{result.game_points[result.winner]} ×{result.multiplier} {money}")


async def play_until(pilot: Any, *stops: type) -> Any:
    """The person bids and plays their first legal card by keys, Enter closes each deal's summary and goes on to
    the next game, until a screen of ``stops`` is up (a stake to answer always stops)."""
    app = pilot.app
    for _step in range(400):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, (*stops, StakeAnswerScreen)):
            await pilot.pause()
            return screen
        if isinstance(screen, DealSummaryScreen | GameWonScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            await human_move(pilot)
        else:
            raise AssertionError(f"unexpected {type(screen).__name__}")
    raise AssertionError(f"no {stops} came")


# -- a whole match by keys -------------------------------------------------------------------------------------


async def test_a_short_match_to_3_by_keys_with_a_dave_said_each_way() -> None:
    """You say «даве» with + in game 1 and Boris plays on; Boris says it in game 2 and you concede with n. What the
    top bar, the side panel and each dialog say agrees with the engine's settlement."""
    app = short_match_app(StakeBot(offer_in={2}, answers=[True]))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "· game 1 · match 0:0 to 3 · deal 1 ·" in top_bar(app)
        assert panel(app) == ["Score", "You 0", "Boris 0", "Match game 1, to 3", "You 0", "Boris 0",
                              "money: You +0, Boris +0"]
        assert shown_buttons(table_screen(app))["stake"] == "«Даве»: stake 2 (+)"

        await pilot.press("plus")  # Boris plays on
        await settle(pilot)
        assert "· game 1 · match 0:0 to 3 · stake ×2 · deal 1 ·" in top_bar(app)
        assert panel(app) == ["Score stake ×2", "You 0", "Boris 0", "Match game 1, to 3", "You 0", "Boris 0",
                              "money: You +0, Boris +0"]
        assert "stake" not in shown_buttons(table_screen(app)), "the one who played on says the next «даве»"

        await play_until(pilot, GameWonScreen)
        first = app.session.match.settled[0]
        assert (first.winner, first.game_points, first.multiplier, first.money) == (0, (2, 0), 2, (4, -4))
        assert dialog(app)[:2] == ["Game 1 over", "You won game 1"]
        assert "how: the short game: one deal decides it, and the most points in it win: You" in said(app)
        assert worth_lines(app) == ["worth 2 game points (stake ×2)", "money: You +4, Boris -4", "",
                                      "Match: You 2 — Boris 0 (to 3)", "money so far: You +4, Boris -4"]

        await pilot.press("enter")
        await play_until(pilot, StakeAnswerScreen)
        assert "· game 2 · match 2:0 to 3 · deal 1 ·" in top_bar(app)
        assert panel(app) == ["Score", "You 0", "Boris 0", "Match game 2, to 3", "You 2", "Boris 0",
                              "money: You +4, Boris -4"]
        assert dialog(app) == ["Boris says «даве»", "Play on (y): the stake becomes 2, the winner gets 2 game points.",
                               "Concede (n): the game ends now, Boris wins 1 game point.", "",
                               "Play on (y) Concede (n)"]

        await pilot.press("n")
        await play_until(pilot, GameWonScreen)
        second = app.session.match.settled[1]
        assert (second.winner, second.game_points, second.multiplier, second.money) == (1, (0, 1), 1, (-2, 2))
        assert dialog(app)[1] == "Boris won game 2"
        assert "how: the «даве» conceded by You: Boris wins the stake 1" in said(app)
        assert worth_lines(app) == ["worth 1 game point", "money: You -2, Boris +2", "",
                                      "Match: You 2 — Boris 1 (to 3)", "money so far: You +2, Boris -2"]

        await pilot.press("enter")
        await play_until(pilot, MatchOverScreen)
        match = app.session.match
        assert match.winner == 0 and match.match_points == (3, 1)
        lines = dialog(app)
        assert lines[:3] == ["Match over", "You won the match!", "# won by how game points stake money"]
        assert lines[3:3 + len(match.settled)] == [game_line(r) for r in match.settled]
        money = [sum(r.money[s] for r in match.settled) for s in (0, 1)]
        assert lines[3 + len(match.settled):][:2] == [
            "Match: You 3 — Boris 1 (to 3)", f"money in all: You {money[0]:+d}, Boris {money[1]:+d}"]
        assert "· match 3:1 to 3 ·" in top_bar(app)


async def test_a_match_with_daivi_by_keys_a_double_accepted_and_one_refused() -> None:
    """Boris doubles in game 1 and you accept with y: you win it with mars at ×2, 4 game points. You double with +
    in game 2 and Boris refuses: the game ends, you win 1 game point and the match."""
    app = make_app(DAIVI_MATCH, seed=5, first_dealer=1, pace=0.0, look=LOOK,
                   bot_maker=always(StakeBot(offer_in={1}, answers=[False])), autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, StakeAnswerScreen)
        assert dialog(app)[:3] == ["Boris offers to double («Дайви»)",
                                   "Accept (y): play on at ×2, the winner gets 2 game points (4 with mars).",
                                   "Refuse (n): the game ends now, Boris wins 1 game point."]
        await pilot.press("y")
        await settle(pilot)
        assert "· game 1 · match 0:0 to 5 · stake ×2 · deal 1 ·" in top_bar(app)
        assert panel(app) == ["Score stake ×2", "You 0", "Boris 0", "Match game 1, to 5", "You 0", "Boris 0",
                              "money: You +0, Boris +0"]

        await play_until(pilot, GameWonScreen)
        first = app.session.match.settled[0]
        assert (first.winner, first.reason, first.game_points, first.multiplier) == (0, "target", (4, 0), 2)
        assert first.money == (244, -244), "Boris lacked 61 of 100, doubled under 100, at ×2"
        assert dialog(app)[1] == "You won game 1"
        assert "how: the target of 101 reached: You 206; mars: Boris 39, under half the target" in said(app)
        assert worth_lines(app) == ["worth 4 game points (mars, stake ×2)", "money: You +244, Boris -244", "",
                                      "Match: You 4 — Boris 0 (to 5)", "money so far: You +244, Boris -244"]

        await pilot.press("enter")
        await settle(pilot)
        assert "· game 2 · match 4:0 to 5 · deal 1 ·" in top_bar(app)
        await pilot.press("plus")  # Boris refuses
        await play_until(pilot, MatchOverScreen)
        match = app.session.match
        second = match.settled[1]
        assert (second.winner, second.reason, second.game_points, second.multiplier) == (0, "double_refused", (1, 0), 1)
        lines = dialog(app)
        assert lines[1] == "You won the match!"
        assert lines[3:5] == [game_line(r) for r in match.settled]
        assert lines[5:7] == ["Match: You 5 — Boris 0 (to 5)",
                              f"money in all: You {first.money[0] + second.money[0]:+d}, "
                              f"Boris {first.money[1] + second.money[1]:+d}"]


# -- on the table ---------------------------------------------------------------------------------------------


@pytest.fixture(params=["en", "ru"])
def language(request: pytest.FixtureRequest) -> str:
    lang: str = request.param
    set_language(lang)
    return lang


def short_match_app(bot: StakeBot | None = None) -> Any:
    return make_app(SHORT_MATCH, seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=always(bot or StakeBot()),
                    autosave=False)


async def to_game_one_won(pilot: Any) -> None:
    """Game 1: your «даве» (+), played on; you win it at stake 2."""
    await settle(pilot)
    await pilot.press("plus")
    await play_until(pilot, GameWonScreen)


async def to_game_two_raised(pilot: Any) -> None:
    """Game 2 under way, 2:0 for you, your «даве» played on again, a trick played."""
    await to_game_one_won(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("plus")
    await settle(pilot)
    await human_move(pilot)
    await settle(pilot)


BARS = {
    ("en", 80): "Short · game 2 · match 2:0 to 3 · stake ×2 · deal 1 · trump ♦ · your deal",
    ("ru", 80): "партия 2 · матч 2:0 до 3 · ставка ×2 · сдача 1 · козырь ♦ · сдаёте вы",
    ("en", 120): "deberc  Short · 2 players · game 2 · match 2:0 to 3 · stake ×2 · deal 1 · trump ♦ · your deal",
    ("ru", 120): "deberc  Короткий · игроков: 2 · партия 2 · матч 2:0 до 3 · ставка ×2 · сдача 1 · козырь ♦ · сдаёте вы",
}


async def test_the_top_bar_shows_the_match_the_deal_the_trump_and_the_dealer_whole(language: str) -> None:
    """At 80 columns the players' count and the program's name make room: nothing the player needs is cut. The bar
    is fitted again when the terminal is resized, either way."""
    app = short_match_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_two_raised(pilot)
        assert top_bar(app) == BARS[language, 80]
        for width in (120, 80):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            assert top_bar(app) == BARS[language, width], f"fitted again to {width} columns"



def panel_lines(rules: Rules, side_names: list[str], money: tuple[int, ...], multiplier: int = 1,
                width: int = 27) -> list[str]:
    """The side panel's lines at ``width`` cells (27 at 80 columns) in the first deal of a match under ``rules``
    (one player a side), the stake at ``multiplier``."""
    match = Match(rules, seed=1)
    match.start_deal()
    info = InfoPanel(LOOK)
    from deberc_tui.text.persons import cast

    people = cast(rules, [{"name": name, "kind": "human"} for name in side_names])
    info.show(replace(match.view(0), multiplier=multiplier), people, 1, money=money)
    return [line.plain for line in info.lines(width)]


def test_a_raised_stake_stands_by_the_score_of_its_game_and_the_money_names_each_side() -> None:
    assert panel_lines(SHORT_MATCH, ["You", "Boris"], (4, -4), multiplier=2)[3:] == [
        "Score  stake ×2", "You                       0", "Boris                     0",
        "Match game 1, to 3", "You                       0", "Boris                     0",
        "money: You +4, Boris -4"]


def test_a_short_game_has_no_target_one_deal_decides_it() -> None:
    assert panel_lines(SHORT_MATCH, ["You", "Boris"], (0, 0))[0] == "Deal 1  one deal  short"
    assert panel_lines(Rules.preset("moscow", players=2), ["You", "Boris"], (0, 0))[0] == "Deal 1  to 501  moscow"


def test_the_panels_money_line_names_each_side_and_breaks_after_a_comma() -> None:
    rules = Rules.preset("moscow", players=3, target=101, match_target=5, money="per_game")
    lines = panel_lines(rules, ["You", "Boris", "Anna"], (12, -244, 232))
    assert lines[-2:] == ["money: You +12, Boris -244,", "Anna +232"]


def test_a_name_too_long_for_the_panel_is_cut_never_its_money() -> None:
    rules = Rules.preset("moscow", players=2, target=101, match_target=5, money="per_game")
    lines = panel_lines(rules, ["You", "Alexandra Konstantinovna"], (-244, 244))
    assert lines[-2:] == ["money: You -244,", "Alexandra Konstantino… +244"]


# -- what an answer to a raised stake means -------------------------------------------------------------------


def test_a_double_says_in_game_points_what_accepting_and_refusing_give() -> None:
    offer = PendingOffer(OfferKind.DOUBLE, seat=1, if_refused=2, if_accepted=4)
    assert answer_lines(DAIVI_MATCH, offer, "Boris") == [
        "Accept (y): play on at ×4, the winner gets 4 game points (8 with mars).",
        "Refuse (n): the game ends now, Boris wins 2 game points."]


def test_without_mars_an_accepted_double_gives_the_winner_m_game_points() -> None:
    offer = PendingOffer(OfferKind.DOUBLE, seat=1, if_refused=1, if_accepted=2)
    assert answer_lines(DAIVI_MATCH.with_options(mars=False), offer, "Boris")[0] == (
        "Accept (y): play on at ×2, the winner gets 2 game points.")


def test_a_dave_says_the_next_stake_and_that_conceding_gives_the_offerer_the_stake_now() -> None:
    offer = PendingOffer(OfferKind.DAVE, seat=1, if_refused=1, if_accepted=2)
    assert answer_lines(SHORT_MATCH, offer, "Boris") == [
        "Play on (y): the stake becomes 2, the winner gets 2 game points.",
        "Concede (n): the game ends now, Boris wins 1 game point."]


def test_a_short_game_never_ends_in_mars_so_a_dave_names_none() -> None:
    offer = PendingOffer(OfferKind.DAVE, seat=1, if_refused=1, if_accepted=2)
    assert "mars" not in " ".join(answer_lines(SHORT_MATCH.with_options(mars=True), offer, "Boris"))


def test_with_short_bait_a_dave_played_on_costs_a_baited_bidder_twice_the_stake() -> None:
    offer = PendingOffer(OfferKind.DAVE, seat=1, if_refused=2, if_accepted=3)
    assert answer_lines(SHORT_MATCH.with_options(short_bait=True), offer, "Boris")[2] == (
        "If played on, a baited bidder loses 6 game points.")


def test_the_answers_in_russian_say_game_points_in_the_right_form() -> None:
    set_language("ru")
    double = PendingOffer(OfferKind.DOUBLE, seat=1, if_refused=1, if_accepted=2)
    dave = PendingOffer(OfferKind.DAVE, seat=1, if_refused=5, if_accepted=6)
    assert answer_lines(DAIVI_MATCH, double, "Борис") == [
        "Принять (y): играем на ×2, победителю 2 очка партии (4 при марсе).",
        "Отказаться (n): партия кончается сейчас, Борис получает 1 очко партии."]
    assert answer_lines(SHORT_MATCH, dave, "Борис") == [
        "Играть (y): ставка станет 6, победителю 6 очков партии.",
        "Сдаться (n): партия кончается сейчас, Борис получает 5 очков партии."]


async def test_the_offer_dialog_shows_a_name_as_written_never_as_markup() -> None:
    app = make_app(DAIVI_MATCH, names=["You", "[b]Boris[/b]"], seed=5, first_dealer=1, pace=0.0, look=LOOK,
                   bot_maker=always(StakeBot(offer_in={1})), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, StakeAnswerScreen)
        lines = dialog(app)
        assert lines[0] == "[b]Boris[/b] offers to double («Дайви»)"
        assert lines[2] == "Refuse (n): the game ends now, [b]Boris[/b] wins 1 game point."


# -- keys ----------------------------------------------------------------------------------------------------


async def test_enter_does_not_answer_an_offer_to_double_only_y_or_n_does() -> None:
    app = make_app(DAIVI_MATCH, seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=always(StakeBot(offer_in={1})),
                   autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, StakeAnswerScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, StakeAnswerScreen) and app.session.match.offer is not None
        await pilot.press("n")
        await play_until(pilot, GameWonScreen)
        assert dialog(app)[1] == "Boris won game 1"
        assert "how: the double refused by You: the game ends, won by Boris at ×1" in said(app)


async def test_enter_at_the_end_of_a_match_does_not_start_another() -> None:
    app = make_app(SHORT_MATCH.with_options(match_target=1), seed=5, first_dealer=1, pace=0.0, look=LOOK,
                   bot_maker=first_legal, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, MatchOverScreen)
        match = app.session.match
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen) and app.session.match is match


# -- the log -----------------------------------------------------------------------------------------------------


def logged_in_russian(outcome: DealOutcome) -> str:
    """The log's line for the end of deal 1 (totals 0 / 0), in Russian."""
    set_language("ru")
    result = DealResult(index=0, dealer=1, outcome=outcome, bidder=None, trump=None, points=(0, 0), combos_side=None,
                        written=(0, 0), penalties=(0, 0), hanging=0, totals=(0, 0))
    from deberc_tui.engine import Rules
    from deberc_tui.text.persons import cast

    people = cast(Rules.preset("moscow", players=2), [{"name": "Вы", "kind": "human"}, {"name": "Борис", "kind": "bot"}])
    line = Narrator(people, LOOK).line(DealScored(result))
    assert line is not None
    return line.plain


def test_the_log_says_a_conceded_dave_in_words() -> None:
    assert logged_in_russian(DealOutcome.DAVE_CONCEDED) == "Сдача 1: отказ от «даве»; итог 0 / 0"


@pytest.mark.parametrize("outcome", [o for o in DealOutcome if o is not DealOutcome.IN_PROGRESS])
def test_the_log_says_in_russian_how_each_deal_ended(outcome: DealOutcome) -> None:
    """A deal ended by a refused double or a conceded «даве» was logged by its code: 'dave conceded'."""
    assert not re.search("[A-Za-z]", logged_in_russian(outcome))


# -- snapshots ----------------------------------------------------------------------------------------------------


def daivi_app() -> Any:
    return make_app(DAIVI_MATCH, seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=always(StakeBot(offer_in={1})),
                    autosave=False)


async def to_double_offered(pilot: Any) -> None:
    """Boris offers to double in game 1: the dialog waits for y or n."""
    await play_until(pilot, StakeAnswerScreen)


async def to_match_over(pilot: Any) -> None:
    """Your «даве» played on and game 1 won at stake 2; in game 2 Boris concedes your «даве»: the match is yours,
    3:0, after one deal played (a quick picture)."""
    await to_game_one_won(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("plus")
    await play_until(pilot, MatchOverScreen)
    await log_at_its_end(pilot)


async def log_at_its_end(pilot: Any) -> None:
    """The table's log behind the dialog at its newest line: the log scrolls to it after the next refresh, which a
    screen under a dialog may not have had yet when the picture is taken (the picture then showed either)."""
    log = pilot.app.screen_stack[-2].query_one(GameLog)
    log.scroll_end(animate=False, immediate=True)
    await pilot.pause()


SNAPSHOTS: dict[str, tuple[Callable[[], Any], Callable[[Any], Awaitable[None]]]] = {
    "match_under_way": (short_match_app, to_game_two_raised),
    "game_won": (short_match_app, to_game_one_won),
    "double_offered": (daivi_app, to_double_offered),
    "match_over": (lambda: short_match_app(StakeBot(answers=[True, False])), to_match_over),
}
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SNAPSHOTS)
def test_snapshot(snap_compare: Any, language: str, screen: str, size: str) -> None:
    """The match on the table (the panel's match lines, the stake raised), a game won, a double to answer and the
    match over, in English and Russian, at 80×24 and 120×40."""
    build, steps = SNAPSHOTS[screen]
    assert snap_compare(build(), terminal_size=SIZES[size], run_before=steps)
