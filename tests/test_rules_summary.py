"""The help's "rules in short" is made from the rules in force (issue 21): each preset's summary says its own rules
and never another preset's, every option that differs from Moscow is listed in a player's words, and a house rule
changed shows up — on the help screen too."""

from __future__ import annotations

import pytest
from apphelp import first_legal, screen_text
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from deberc_tui.app import make_app
from deberc_tui.app.screens.modals import HelpScreen
from deberc_tui.engine import Rules
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.text.i18n import set_language
from deberc_tui.text.rules_summary import differences, rules_in_short

TABLES = [(name, n) for name, counts in PRESET_PLAYERS.items() for n in counts]


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_a_presets_summary_says_its_own_rules_and_never_another_presets(preset: str, players: int) -> None:
    rules = Rules.preset(preset, players=players)
    summary = rules_in_short(rules)
    own = differences(rules)
    assert all(f"* {line}\n" in summary for line in own)
    for other, counts in PRESET_PLAYERS.items():
        if players in counts:
            for line in differences(Rules.preset(other, players=players)):
                assert line in own or f"* {line}\n" not in summary, (other, line)


def test_the_moscow_summary_says_no_club_rule() -> None:
    # the fixed text of old said "fifty (4-5) 50, debertz (7-8 trumps) wins the game" under Moscow: the club's rules
    summary = rules_in_short(Rules.preset("moscow", players=2))
    assert "fifty (4 or more) 50" in summary
    assert "debertz" not in summary and "hundred" not in summary
    assert "These are the Moscow rules as the book has them." in summary


@pytest.mark.parametrize(("preset", "players", "words"), [
    ("club", 2, ["fifty (4-5) 50, hundred (6 or more) 100, debertz (7 or more trumps in sequence) wins the game at once",
                 "There are no claims: the game ends only after a deal."]),
    ("kharkiv", 2, ["after the bidding 4 more each (10 in hand, 10 tricks)", "The bidder leads first.",
                    "a false claim strikes the claimant's total to 0"]),
    ("klabor", 3, ["**Klabor**: A K Q J 10 9", "A tie is held (висяк)", "declared with your first or second card"]),
    ("three", 3, ["more** than both defenders together", "the side that took the last trick wins"]),
    ("fifty", 2, ["before the extra cards, the defender may offer to **concede** the deal",
                  "A lead of 250 points wins before the target."]),
    ("short", 2, ["**The short game**: one deal decides the game", "«Даве»: on your turn you may raise the stake"]),
])
def test_a_presets_summary_says_its_distinctive_rules_in_sentences(preset: str, players: int, words: list[str]) -> None:
    summary = rules_in_short(Rules.preset(preset, players=players))
    for phrase in words:
        assert phrase in summary
    moscow = rules_in_short(Rules.preset("moscow", players=players))
    assert not any(phrase in moscow for phrase in words)


def test_a_house_rule_changed_shows_up() -> None:
    summary = rules_in_short(Rules.preset("moscow", players=2, target=301, mars=True))
    assert "* target: 301\n" in summary and "* mars: yes\n" in summary
    assert "The first side to reach **301** wins." in summary and "**Mars**: a win counts double" in summary


def test_a_house_rule_back_at_moscow_is_no_difference() -> None:
    summary = rules_in_short(Rules.preset("kharkiv", players=2, first_lead="left_of_dealer"))
    assert "first lead: the bidder" not in summary
    assert "The player left of the dealer leads first." in summary


def test_the_score_pads_table_penalties_are_not_rules_of_this_table() -> None:
    assert not any(line.startswith(("a renege", "no cut offered"))
                   for line in differences(Rules.preset("kharkiv", players=2)))


def test_the_summary_speaks_russian() -> None:
    set_language("ru")
    summary = rules_in_short(Rules.preset("kharkiv", players=2))
    assert "Правила вкратце" in summary and "Чем эти правила отличаются от московских" in summary
    assert "Первым ходит загрузившийся." in summary


async def test_the_help_screen_shows_the_rules_of_the_table() -> None:
    app = make_app(Rules.preset("kharkiv", players=2), bot_maker=first_legal, autosave=False, pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        assert "first lead: the bidder" in source and "(10 in hand, 10 tricks)" in source
        app.screen.query_one(VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert "first lead: the bidder" in text and "a wrong claim: total to 0, twice it to the others" in text
