"""The house-rules screen (§10: "any preset can be changed option by option"): every option of the rule book,
grouped by the book's sections, each with a one-line explanation and its values in the player's words, never a
code value; choosing a preset says what it changes, here and on the new-game screen; an option that does nothing
at this table is shown dimmed and marked "(not with 4 players)", and cannot be changed.

Snapshots at 80×24 and 120×40 in English and Russian: ``pytest tests/test_house_rules_screen.py --snapshot-update``
after a deliberate change, then look at the pictures.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Select

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.newgame import NewGameScreen
from deberc_tui.app.screens.rules import HouseRulesScreen, encode, option_values
from deberc_tui.engine import PRESETS, Rules
from deberc_tui.engine.rules import OPTIONS, PRESET_PLAYERS
from deberc_tui.text.i18n import set_language
from deberc_tui.text.rule_words import WORDS, Section, label_of, preset_changes, section_title

LOOK = Look()
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
LANGUAGES = ("en", "ru")
# What a code value looks like: snake_case, JSON's words, Python's.
CODE = re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b|\bnull\b|\bNone\b|\bTrue\b|\bFalse\b")
# Latin words a Russian screen may show: the window's title and key names in the footer.
KEY_NAMES = {"deberc", "esc", "s"}


def code_in(text: str) -> list[str]:
    found = CODE.findall(text)
    return found + [key for key in OPTIONS if "_" in key and key in text]


def screen_text(app: Any) -> str:
    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


async def whole_screen_text(app: Any, pilot: Any) -> str:
    """Everything the screen shows, page by page as a player scrolls, and every value of every option's list."""
    scroll = app.screen.query_one("#options", VerticalScroll)
    pages = []
    for y in range(0, int(scroll.max_scroll_y) + scroll.size.height, max(1, scroll.size.height - 1)):
        scroll.scroll_to(y=y, animate=False)
        await pilot.pause()
        pages.append(screen_text(app))
    labels = [str(label) for select in app.screen.query(".option Select") for label, _value in select._options]
    return "\n".join(pages + labels)


async def open_house_rules(pilot: Any, players: int = 2, preset: str = "moscow") -> HouseRulesScreen:
    await pilot.pause()
    pilot.app.screen.query_one("#players", Select).value = players
    await pilot.pause()
    pilot.app.screen.query_one("#preset", Select).value = preset
    await pilot.pause()
    await pilot.press("ctrl+r")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HouseRulesScreen)
    return screen


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    lang: str = request.param
    set_language(lang)
    return lang


# -- the words: every option described, in the player's words ------------------------------------------


@pytest.mark.parametrize("key", list(OPTIONS))
def test_every_option_has_a_section_an_explanation_and_a_label_for_each_value(key: str, language: str) -> None:
    """A new option in Rules fails here until rule_words.WORDS describes it."""
    assert key in WORDS, f"describe {key!r} in deberc_tui/text/rule_words.py (section, name, explanation, labels)"
    words = WORDS[key]
    assert isinstance(words.section, Section)
    spec = OPTIONS[key]
    values = list(spec.values or ()) + ([None] if spec.nullable else []) + option_values(key)
    for value in values:
        assert label_of(key, value) is not None, f"{key}: no label for {value!r}"
    for text in [words.name, words.explain] + [label_of(key, v) or "" for v in values]:
        assert text.strip() and not code_in(text), (key, text)


@pytest.mark.parametrize("key", [k for k in WORDS if k in OPTIONS])
def test_the_words_label_only_values_the_engine_takes(key: str) -> None:
    """A label for a value the engine dropped or renamed is a stale word."""
    spec = OPTIONS[key]
    for value in [*WORDS[key].labels, *option_values(key)]:
        if value is None and not spec.nullable:
            continue
        spec.parse(value)


def test_the_table_is_in_the_books_order() -> None:
    sections = [words.section.value for words in WORDS.values()]
    assert sections == sorted(sections)


def test_a_label_for_a_value_nobody_described_is_missing_not_invented() -> None:
    assert label_of("all_pass", "whatever") is None
    assert label_of("no_such_option", True) is None


# -- what a preset changes --------------------------------------------------------------------------------


def test_each_preset_says_what_it_changes_in_players_words() -> None:
    assert preset_changes("moscow", 2) == []
    assert preset_changes("kharkiv", 2)[0] == "cards after the bidding: 4 (10 in hand, 10 tricks)"
    assert "first lead: the bidder" in preset_changes("kharkiv", 2)
    assert "a tie for the bidder: held, the next deal without bidding" in preset_changes("klabor", 3)
    assert "win by a lead: 250 points" in preset_changes("fifty", 2)
    for name in PRESETS:
        for players in PRESET_PLAYERS[name]:
            for line in preset_changes(name, players):
                assert not code_in(line), (name, players, line)


def test_a_preset_changes_nothing_at_a_table_where_the_option_does_nothing() -> None:
    """Kharkiv's 10 cards are for 2 and 3 players; with 4 it changes who takes the turnup instead."""
    assert not any(line.startswith("cards after the bidding") for line in preset_changes("kharkiv", 4))
    assert "the turnup goes to: the bidder" in preset_changes("kharkiv", 4)
    assert "the turnup goes to: the bidder" not in preset_changes("kharkiv", 2)


# -- the screen --------------------------------------------------------------------------------------------


async def test_the_screen_shows_every_option_by_the_books_sections() -> None:
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_house_rules(pilot)
        text = squeeze(await whole_screen_text(app, pilot))
    titles = [squeeze(section_title(s)) for s in Section
              if any(w.section is s for k, w in WORDS.items() if k in OPTIONS)]
    at = [text.index(title) for title in titles]
    assert at == sorted(at), "the sections in the book's order"
    for key in OPTIONS:
        words = WORDS[key]
        title = squeeze(section_title(words.section))
        following = [t for t in titles if text.index(t) > text.index(title)]
        end = text.index(following[0]) if following else len(text)
        assert text.index(title) < text.index(squeeze(words.explain)) < end, f"{key} under {title}"


async def test_no_code_values_on_the_screen(language: str) -> None:
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_house_rules(pilot, players=3, preset="kharkiv")
        text = await whole_screen_text(app, pilot)
    assert not code_in(text)
    if language == "ru":
        latin = {w.lower() for w in re.findall(r"[A-Za-z]+", text)} - KEY_NAMES
        assert not latin, f"English on the Russian screen: {sorted(latin)}"
        assert "Сдача  §2" in text and "Торговля  §3" in text


async def test_choosing_a_preset_shows_what_it_changes_and_takes_its_values() -> None:
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_house_rules(pilot)
        assert "moscow: the book's rules, nothing changed" in screen_text(app)
        screen.query_one("#house-preset-choice", Select).value = "kharkiv"
        await pilot.pause()
        text = screen_text(app)
        assert "kharkiv changes:" in text and "• cards after the bidding: 4 (10 in hand, 10 tricks)" in text
        assert screen.query_one("#opt-extra_cards", Select).value == encode(4)
        assert screen.values() == {}, "the preset's own values are no house rules"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#preset", Select).value == "kharkiv"
        assert app.screen.rules() == Rules.preset("kharkiv", players=2)


async def test_a_house_rule_is_marked_and_kept_with_its_preset() -> None:
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_house_rules(pilot, preset="club")
        screen.query_one("#opt-ski_penalty", Select).value = encode(100)
        await pilot.pause()
        assert "• no-trick penalty" in screen_text(app)
        assert screen.values() == {"ski_penalty": 100}
        await pilot.press("ctrl+s")
        await pilot.pause()
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        rules = app.screen.rules()
        assert (rules.preset_name, rules.ski_penalty) == ("club", 100)
        assert "Rules: club + 1 house rule" in screen_text(app)


async def test_the_target_stays_the_new_game_screens_choice() -> None:
    """The new-game screen has its own target: it is no house rule, and a target chosen here goes back there."""
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#target", Select).value = 301
        screen = await open_house_rules(pilot)
        assert screen.query_one("#opt-target", Select).value == encode(301)
        assert screen.values() == {}
        screen.query_one("#opt-target", Select).value = encode(1001)
        await pilot.pause()
        await pilot.press("ctrl+s")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#target", Select).value == 1001
        assert app.screen.rules().target == 1001 and app.screen.custom == {}
        assert "house rule" not in str(app.screen.query_one("#rules-note").content)


async def test_options_that_do_nothing_at_this_table_are_dimmed_and_marked(language: str) -> None:
    """Shown rather than hidden, so the whole book stays in view; disabled, so nobody sets an ignored rule."""
    mark = {"en": "(not with 4 players)", "ru": "(не для 4 игроков)"}[language]
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_house_rules(pilot, players=4)
        for key in ("extra_cards", "swap_seven", "bidder_must_beat", "concede_50"):
            assert screen.query_one(f"#row-{key}").has_class("-inapplicable"), key
            assert screen.query_one(f"#opt-{key}", Select).disabled, key
        for key in ("turnup_to", "partner_exempt", "all_pass"):
            assert not screen.query_one(f"#row-{key}").has_class("-inapplicable"), key
        text = squeeze(screen_text(app))
        extra = squeeze(str(screen.query_one("#row-extra_cards").query_one(".opt-key").content))
        assert extra in text and mark in text
        helps = [str(w.content) for w in screen.query(".opt-help.-inapplicable")]
        assert helps and all(h.endswith(mark) for h in helps)


async def test_a_combination_that_cannot_work_is_refused_in_players_words() -> None:
    """§10: bella to the trick's winner cannot work with bella declared up to the last card."""
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_house_rules(pilot)
        screen.query_one("#opt-bella_to", Select).value = encode("trick_winner")
        screen.query_one("#opt-bella_when", Select).value = encode("until_last_card")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#house-error").content)
        assert error == ("✗ These rules do not work together: say bella: with any card, up to your last; "
                         "bella's 20 go to: whoever takes that trick")
        assert "✗ These rules do not work together" in screen_text(app)


# -- the new-game screen -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
async def test_the_new_game_screen_says_what_the_preset_changes_and_stays_whole(players: int, language: str) -> None:
    more = {"en": "more (House rules)", "ru": "(Свои правила)"}[language]
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#players", Select).value = players
        app.screen.query_one("#preset", Select).value = "kharkiv"
        await pilot.pause()
        note = app.screen.query_one("#rules-note")
        text = str(note.content)
        assert preset_changes("kharkiv", players)[0] in text and text.endswith(more)
        assert note.region.height <= 3, "the rules line and at most two lines of changes"
        start = app.screen.query_one("#btn-start")
        assert start.region.bottom <= 23, "the Start button above the footer, not cut off"
        app.screen.query_one("#preset", Select).value = "moscow"
        await pilot.pause()
        assert app.screen.query_one("#rules-note").region.height == 1


# -- snapshots ------------------------------------------------------------------------------------------


async def to_kharkiv_for_three(pilot: Any) -> None:
    await open_house_rules(pilot, players=3, preset="kharkiv")


async def to_new_game_kharkiv_for_four(pilot: Any) -> None:
    await pilot.pause()
    pilot.app.screen.query_one("#players", Select).value = 4
    pilot.app.screen.query_one("#preset", Select).value = "kharkiv"
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_house_rules(snap_compare: Any, language: str, size: str) -> None:
    assert snap_compare(make_app(pace=0.0, look=LOOK), terminal_size=SIZES[size], run_before=to_kharkiv_for_three)


def test_snapshot_new_game_with_a_preset(snap_compare: Any, language: str) -> None:
    assert snap_compare(make_app(pace=0.0, look=LOOK), terminal_size=(80, 24), run_before=to_new_game_kharkiv_for_four)
