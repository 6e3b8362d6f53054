"""Nothing on any screen is cut mid-word at the least terminal, 80×24, in English or in Russian, with the longest
names: the bots' names and a twelve-letter person's name, in games of 2, 3 and 4.

Two apps per language (the tables; the ends of games) go through every screen a player meets — the new-game screen,
the house rules, the table in the bidding (both rounds), the play and while declaring, the last tricks, the help and the rules in short, the deal's
summary with the hands and the sheet, the end of a game and of a match, the statistics, the saved games and the
viewer (at 100 columns too), the review of a match and its decisions — and :mod:`cuthelp` reads each one: text clipped by its container, a button narrower
than its label, lines a text has no room for, words on screen that are the beginning of a word the game says; and
what each seat said stands whole on the felt. The bots declare whatever they may, so that what
they say stands under their names. The ends of deals, games and matches come from saved games one action short of
them (playing them out by keys would take a minute). The practice and the score pad are apps of their own.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from apphelp import human_move, seen_rows, settle, table_screen
from cuthelp import Vocabulary, cut_words, problems
from savedhelp import match_doc, play_match, put
from tablehelp import Passer

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.match_end import GameOverScreen, GameWonScreen, MatchOverScreen
from deberc_tui.app.screens.modals import DealSummaryScreen
from deberc_tui.app.screens.newgame import GameSetup
from deberc_tui.app.screens.practice import PracticeApp
from deberc_tui.app.screens.scorepad import PadScreen
from deberc_tui.app.screens.scorepad import make_app as pad_app
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.app.widgets.felt import Felt
from deberc_tui.engine import PlayCard, Rules
from deberc_tui.engine.match import Match
from deberc_tui.scorepad import EnteredDeal, Pad, PadStore
from deberc_tui.scorepad.model import THROWN
from deberc_tui.table.session import default_players
from deberc_tui.text.i18n import _, set_language

SIZE = (80, 24)
PERSON = {"en": "Christabella", "ru": "Александрина"}  # twelve letters
DECLARING = {2: 47, 3: 35, 4: 17}
"""Seeds where you lead holding combinations (3 players: two terzes and bella; 4: Dmitri, on your right, has just
declared a fifty)."""


class Declarer:
    """A bot that takes the first legal action, declaring its combinations and bella whenever it may."""

    def choose(self, view: Any, legal: Any, budget: float | None = None) -> Any:
        def says(action: Any) -> tuple[bool, bool]:
            return isinstance(action, PlayCard) and action.declare, isinstance(action, PlayCard) and action.bella

        return max(legal, key=says)

    def optional(self, view: Any, options: Any) -> None:
        return None


class Seating:
    """The app's bot maker: the bot the next table seats (the test changes it for the second round of bidding)."""

    def __init__(self) -> None:
        self.bot: Any = Declarer()

    def __call__(self, name: str, seed: int | None = None) -> Any:
        return self.bot


class Reader:
    """Reads every screen the test shows and keeps what is cut, screen by screen."""

    def __init__(self, pilot: Any, words: list[str]) -> None:
        self.pilot = pilot
        self.vocabulary = Vocabulary(words)
        self.found: list[str] = []

    async def read(self, where: str) -> None:
        await self.pilot.pause()
        found = problems(self.pilot.app, self.vocabulary) + said_in_part(self.pilot.app)
        self.found += [f"{where}: {problem}" for problem in found]
        if found and os.environ.get("CUT_SHOW"):  # CUT_SHOW=1 pytest -s: the screens with what is cut
            print(f"=== {where}\n" + "\n".join(seen_rows(self.pilot.app)))


def said_in_part(app: Any) -> list[str]:
    """What a seat said that the felt shows only in part: every word of it must stand there whole, the first after
    « and the last before » (a line may break between them)."""
    if not isinstance(app.screen, TableScreen):
        return []
    felt = app.screen.query_one(Felt)
    shown = felt.render().plain.split()
    found = []
    for seat in felt.state.seats:
        words = seat.said.split()
        if not words:
            continue
        quoted = [f"«{seat.said}»"] if len(words) == 1 else [f"«{words[0]}", *words[1:-1], f"{words[-1]}»"]
        if not all(word in shown for word in quoted):
            found.append(f"Felt: what {seat.name} said, «{seat.said}», shown in part")
    return found


def names(lang: str) -> list[str]:
    return [PERSON[lang], *(_(name) for name in ("Boris", "Clara", "Dmitri"))]


def seated(lang: str, n: int) -> list[dict[str, Any]]:
    return default_players(n, [], names(lang)[:n], "female")


def setup(lang: str, n: int, seed: int, first_dealer: int = 1) -> GameSetup:
    return GameSetup(Rules.preset("moscow", players=n), seated(lang, n), seed=seed, first_dealer=first_dealer,
                     pace=0.0, look=Look())


async def start(pilot: Any, game: GameSetup) -> None:
    pilot.app.start(game)
    await settle(pilot)


async def to_play(pilot: Any) -> None:
    while table_screen(pilot.app).session.game.deal.phase.value == "bidding":
        await human_move(pilot)
        await settle(pilot)


def one_short(rules: Rules, seed: int, done: Callable[[Match], bool]) -> Match:
    """A match played by :func:`savedhelp.play_match`'s random policy to one action before ``done`` holds."""
    steps = 0

    def counting(match: Match) -> bool:
        nonlocal steps
        steps += not done(match)
        return done(match)

    play_match(rules, seed, stop=counting)
    left = steps - 1

    def countdown(_match: Match) -> bool:
        nonlocal left
        left -= 1
        return left < 0

    return play_match(rules, seed, stop=countdown)


async def load(pilot: Any, match: Match, lang: str, file: str, until: type | tuple[type, ...],
               summary: Callable[[], Awaitable[None]] | None = None) -> None:
    """Open a saved ``match`` seated by the long names and play its last action: ``until`` is up then (the deal's
    summary on the way is read by ``summary``)."""
    path = put(file, match_doc(match, seated(lang, match.rules.players)), 1_790_000_000)
    assert pilot.app.open_saved(path)
    for _step in range(4):
        await settle(pilot)
        if isinstance(pilot.app.screen, until):
            return
        if isinstance(pilot.app.screen, TableScreen):
            await human_move(pilot)
            continue
        if isinstance(pilot.app.screen, DealSummaryScreen) and summary is not None:
            await summary()
        await pilot.press("enter")
    raise AssertionError(f"no {until}")


async def table(pilot: Any, reader: Reader, lang: str, n: int) -> None:
    """A table of ``n``: the bidding, the play while declaring and not, what the bots say after a trick (two at 4),
    the last tricks; at 4 the help and the rules in short."""
    await start(pilot, setup(lang, n, DECLARING[n]))
    await reader.read(f"{n} players, bidding")
    if n == 4:
        await pilot.press("question_mark")
        await reader.read("help")
        pilot.app.screen.query_one("VerticalScroll").scroll_end(animate=False)
        await reader.read("the rules in short")
        await pilot.press("escape")
    await to_play(pilot)
    await reader.read(f"{n} players, declaring")
    await pilot.press("E", "B")
    await reader.read(f"{n} players, not declaring")
    for trick in (1, 2) if n == 4 else (1,):  # four names in the panel's last trick
        await human_move(pilot)
        await settle(pilot)
        await reader.read(f"{n} players, trick {trick}")
    await pilot.press("l")
    await reader.read(f"{n} players, last tricks")
    await pilot.press("escape")


async def summary(pilot: Any, reader: Reader, n: int) -> None:
    """The deal's summary of ``n`` (at 4, the longest names: the sides', with the hands revealed and the sheet)."""
    await reader.read(f"{n} players, deal summary")
    if n == 4:
        await pilot.press("v")
        await reader.read("hands revealed")
        await pilot.press("t")
        await reader.read("score sheet")
        await pilot.press("escape")


async def the_tables(pilot: Any, reader: Reader, lang: str, seating: Seating) -> None:
    """The new-game screen, the house rules, a table of 2, 3 and 4 (:func:`table`) and the bidding's round 2."""
    app = pilot.app
    await reader.read("new game")
    app.screen.action_house_rules()
    await reader.read("house rules")
    await pilot.press("escape")
    for n in (2, 3, 4):
        await table(pilot, reader, lang, n)
    seating.bot = Passer()
    await start(pilot, setup(lang, 3, 11, first_dealer=0))
    await pilot.press("x")  # everybody passes in round 1
    await settle(pilot)
    await reader.read("bidding, round 2")


async def the_ends(pilot: Any, reader: Reader, lang: str, seating: Seating) -> None:
    """From saved games one action short: a deal's summary, a game over and the statistics, a game of a match won and
    the match over; then the saved games and the viewer."""
    app = pilot.app
    lone = Rules.preset("moscow", players=4, target=101)
    await load(pilot, one_short(lone, 1, lambda m: m.is_over), lang, "20261211-100000-gggggg.json", GameOverScreen,
               lambda: summary(pilot, reader, 4))
    await reader.read("game over")
    await pilot.press("s")
    await reader.read("statistics")
    await pilot.press("escape")
    match = Rules.preset("moscow", players=3, target=101, match_target=2)
    await load(pilot, one_short(match, 3, lambda m: bool(m.settled)), lang, "20261212-100000-mmmmmm.json",
               GameWonScreen, lambda: summary(pilot, reader, 3))
    await reader.read("a game of the match won")
    await load(pilot, one_short(match, 3, lambda m: m.is_over), lang, "20261213-100000-mmmmmm.json",
               MatchOverScreen)
    await reader.read("match over")
    app.show_saved_games()
    await reader.read("saved games")
    await pilot.resize_terminal(100, 30)  # where the state column was cut
    await reader.read("saved games at 100 columns")
    await pilot.press("end", "v")
    await reader.read("the viewer at 100 columns")
    await pilot.resize_terminal(*SIZE)
    await reader.read("the viewer")
    for _deal in range(6):
        await pilot.press("right")
    await reader.read("the viewer, a later deal")


PARTS = {"tables": the_tables, "ends": the_ends}
"""The screens in two runs of the app per language: in one run they took half a minute, often the suite's last test."""


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_no_screen_cuts_a_word_at_80x24(lang: str, part: str) -> None:
    set_language(lang)
    seating = Seating()
    app = make_app(pace=0.0, look=Look(), bot_maker=seating)
    sides = [f"{names(lang)[0]} & {names(lang)[2]}", f"{names(lang)[1]} & {names(lang)[3]}"]
    async with app.run_test(size=SIZE) as pilot:
        reader = Reader(pilot, names(lang) + sides)
        await PARTS[part](pilot, reader, lang, seating)
    assert not reader.found, "\n".join(reader.found)


async def practice(lang: str) -> list[str]:
    """The bidding practice: a position, and the verdict with every bid's value after a bid."""
    app = PracticeApp(Rules.preset("moscow", players=2), seed=5, worlds=4, look=Look(), round_=2)
    async with app.run_test(size=SIZE) as pilot:
        reader = Reader(pilot, [])
        await app.workers.wait_for_complete()
        await reader.read("practice, a position")
        await pilot.press("2")
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        await reader.read("practice, the verdict")
    return reader.found


async def score_pad(lang: str, folder: Any) -> list[str]:
    """The score pad: the list of pads, the new-pad form, a pad of four with the long names (a deal everybody passed
    in its sheet), its deal form with an error and the table penalties open; a match of two and its stake dialog."""
    store = PadStore(folder)
    pad = Pad(Rules.preset("moscow", players=4), names(lang))
    pad.add(EnteredDeal(dealer=0, bidder=1, cards=(15, 147)))
    pad.add(EnteredDeal(dealer=1, kind=THROWN, reason="all_pass"))
    store.save(pad)
    two = Pad(Rules.preset("moscow", players=2, target=301, match_target=3, doubling="daivi"), names(lang)[:2])
    two.add(EnteredDeal(dealer=0, bidder=0, cards=(110, 42)))
    store.save(two)
    app = pad_app(store)
    async with app.run_test(size=SIZE) as pilot:
        reader = Reader(pilot, names(lang))
        await pilot.pause()
        await reader.read("score pad, the pads")
        await pilot.press("n")
        await reader.read("score pad, a new pad")
        await pilot.press("escape")
        app.push_screen(PadScreen(store, store.load(pad.id)))
        await reader.read("score pad, four")
        await pilot.press("a")
        await reader.read("score pad, four, a deal to enter")
        await pilot.press("ctrl+s")
        await reader.read("score pad, four, a deal not filled in")
        app.screen.query_one("#fault").focus()
        await pilot.press("enter")
        await reader.read("score pad, four, the table penalties")
        await pilot.press("escape", "escape")
        app.push_screen(PadScreen(store, store.load(two.id)))
        await reader.read("score pad, a match of two")
        await pilot.press("plus")
        await reader.read("score pad, a match of two, the stake")
    return reader.found


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_practice_cuts_no_word_at_80x24(lang: str) -> None:
    set_language(lang)
    found = await practice(lang)
    assert not found, "\n".join(found)


async def review(pilot: Any, lang: str) -> list[str]:
    """The review of a match (examples/match.json, the long name at seat 1): the summary with its games, the list of
    decisions, and decisions one by one (bids, cards, the double)."""
    import json
    from pathlib import Path

    from deberc_tui.app.screens import review as review_screen

    doc = json.loads((Path(__file__).parent.parent / "examples" / "match.json").read_text())
    doc["players"][0]["name"] = PERSON[lang]
    path = put("20261214-100000-rrrrrr.json", doc, 1_790_000_000)
    app = pilot.app
    app.show_saved_games()
    await pilot.pause()
    reader = Reader(pilot, names(lang))
    await pilot.press("r")
    for _round in range(100):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if isinstance(app.screen, review_screen.ReviewScreen) and app.screen.review is not None:
            break
    assert path.with_name(path.name + ".review").exists()
    await reader.read("review")
    await pilot.press("enter")
    await reader.read("review, the costliest decision")
    for step in range(6):
        await pilot.press("right")
        await reader.read(f"review, decision {step + 2}")
    return reader.found


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_review_cuts_no_word_at_80x24(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from deberc_tui.app.screens import review as review_screen

    monkeypatch.setattr(review_screen, "WORLDS", 2)
    monkeypatch.setattr(review_screen, "JOBS", 1)
    set_language(lang)
    app = make_app(pace=0.0, look=Look(), bot_maker=Seating())
    async with app.run_test(size=SIZE) as pilot:
        found = await review(pilot, lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_score_pad_cuts_no_word_at_80x24(lang: str, tmp_path: Any) -> None:
    set_language(lang)
    found = await score_pad(lang, tmp_path)
    # (decided) A pad of four with twelve-letter names is wider than 80 columns: its sheet is a table that scrolls
    # sideways (→, or its scroll bar) rather than cut the partners' names or the note. Nothing else may be cut.
    wide = "score pad, four: DataTable#sheet: columns past the right edge"
    assert [f for f in found if f != wide] == []


# -- what counts as cut ---------------------------------------------------------------------------------------


def test_a_word_cut_short_is_found_and_a_word_shortened_on_purpose_is_not() -> None:
    vocabulary = Vocabulary(["Дмитрий", "Christabella"])
    assert cut_words("Last trick (2)  Christ K♣", vocabulary) == ["Christ"]
    assert cut_words("Послед (6)  Дмитри 8♠", vocabulary) == ["Дмитри"]
    assert cut_words("Dmitri  «terz to th»", vocabulary) == ["th"]
    assert cut_words("«полтинник д»", vocabulary) == []  # one letter is no word to judge (д is a card, a word)
    assert cut_words("Christ… 8♠  Дмит. Q♦  Boris «terz to the A»", vocabulary) == []
