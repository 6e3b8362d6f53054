"""Saved matches (RULES.md §12, issue 19) and the saved games' part of issue 20: the list shows a match by its
score and its game, resuming continues the whole match (every deal of every game stays in its file, an offer
waiting is still waiting), the viewer goes through a match deal by deal with each game's end, a saved game is
open at one table at a time, and odd file names or a damaged index never break the list."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, human_move, screen_text, settle
from savedhelp import ANNA_BORIS, DAIVI_TO_3, at, match_doc, play_match, put, screen_lines
from textual.widgets import Static

from deberc_tui import saved_games
from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.match_end import StakeAnswerScreen
from deberc_tui.app.screens.modals import ConfirmScreen
from deberc_tui.app.screens.newgame import NewGameScreen
from deberc_tui.app.screens.saved import ReplayScreen, SavedGamesScreen, fit_widths, row_cells
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import Rules
from deberc_tui.engine.actions import DAVE_OFFER, Dave
from deberc_tui.engine.match import Match
from deberc_tui.records import load_record, replay_match
from deberc_tui.storage import InUse, hold_path
from deberc_tui.table import steps
from deberc_tui.table.services import Services
from deberc_tui.table.session import TableSession
from deberc_tui.text.i18n import set_language, translate, translate_error

LOOK = Look()
WHEN = time.mktime((2026, 11, 30, 18, 5, 0, 0, 0, -1))
BOTS = Services(make_bot=first_legal)
LONE = Path(__file__).parent / "golden" / "moscow_2p_5.record.json"  # a lone game: P1 wins in two deals


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    return tmp_path / "data"


def finished_match() -> Match:
    """Anna 3 : Boris 2 in three games and eleven deals; game 2 was doubled (×2); 10 money a game point."""
    return play_match(DAIVI_TO_3, 1)


def match_at_game_3() -> Match:
    """The same match in game 3, deal 2 (Anna 2 : Boris 2)."""
    return play_match(DAIVI_TO_3, 1, stop=at(3, 2, 5))


def saved_pair() -> tuple[Path, Path]:
    done = put("20261129-100000-aaaaaa.json", match_doc(finished_match()), WHEN - 86400)
    going = put("20261130-180500-bbbbbb.json", match_doc(match_at_game_3()), WHEN)
    return done, going


def long_match() -> Match:
    """A match to 4 in its fourth game (17 deals before it)."""
    return play_match(Rules.preset("moscow", players=2, target=301, match_target=4), 1, stop=at(4, 3, 4))


def dave_waiting(answerer: int) -> Match:
    """A short match (to 9, «даве») whose first deal has a «даве» waiting for ``answerer``'s answer."""
    match = Match(Rules.preset("short", players=2), first_dealer=answerer, seed=3)
    match.start_deal()
    while match.to_act != 1 - answerer:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, next(a for a in match.legal_actions() if not isinstance(a, Dave)))
    match.apply(1 - answerer, DAVE_OFFER)
    return match


def open_table(path: Path, save_path: Path | None = None) -> TableSession:
    return TableSession.from_record(path, save_path=save_path or path, services=BOTS, pace=0.0)


def act_once(session: TableSession) -> None:
    """Move the table on until one action is applied: a bot's, or a person's first legal one."""
    for _ in range(200):
        step = session.advance()
        if isinstance(step, steps.Think):
            assert session.bot_answered(session.think(step.ask))
            return
        if isinstance(step, steps.PersonToAct):
            if session.concede_choice() is not None:
                session.play_on()
                continue
            assert session.act(step.seat, session.view(step.seat).legal[0])
            return
        if isinstance(step, steps.AnswerStake):
            assert session.answer_stake(step.seat, True)
            return
        session.resume()
    raise AssertionError("no action was applied")


def actions(path: Path) -> list[list[dict[str, Any]]]:
    return [d["actions"] for d in json.loads(path.read_text(encoding="utf-8"))["deals"]]


# -- the list --------------------------------------------------------------------------------------


def test_a_match_in_progress_is_listed_by_its_score_game_and_deal() -> None:
    saved_pair()
    going, done = saved_games.list_games().games
    assert going.is_match and going.match_points == [2, 2] and going.game == 3 and going.deals == 2
    assert row_cells(going)[3:] == ("2 : 2 (match to 3)", "game 3, deal 2")
    assert not going.finished


def test_a_finished_match_names_its_winner() -> None:
    saved_pair()
    done = saved_games.list_games().games[1]
    assert done.finished and done.winner == 0
    assert row_cells(done)[3:] == ("3 : 2 (match to 3)", "finished: Anna won the match")


def test_between_two_games_the_next_game_is_listed() -> None:
    match = play_match(DAIVI_TO_3, 1, stop=lambda m: len(m.settled) == 1)
    assert match.needs_deal
    put("20261130-180500-bbbbbb.json", match_doc(match), WHEN)
    [game] = saved_games.list_games().games
    assert row_cells(game)[3:] == ("0 : 2 (match to 3)", "game 2, deal 1")


def test_a_lone_game_is_listed_as_before() -> None:
    put("20261130-180500-bbbbbb.json", LONE.read_text(encoding="utf-8"), WHEN)
    [game] = saved_games.list_games().games
    assert not game.is_match and row_cells(game)[3:] == ("0 : 121", "finished: P1 won")


def test_an_index_made_before_matches_is_read_again(data_dir: Path) -> None:
    """An index entry without the match's fields (an older deberc made it) is never trusted: the file is read."""
    _done, going = saved_pair()
    saved_games.list_games()
    index = data_dir / "games" / ".index.json"
    doc = json.loads(index.read_text(encoding="utf-8"))
    for entry in doc.values():
        for key in ("match_target", "match_points", "game"):
            del entry["game"][key]
        entry["game"]["finished"], entry["game"]["winner"] = False, None
    index.write_text(json.dumps(doc), encoding="utf-8")
    games = saved_games.list_games().games
    assert [row_cells(g)[3:] for g in games] == [("2 : 2 (match to 3)", "game 3, deal 2"),
                                                 ("3 : 2 (match to 3)", "finished: Anna won the match")]
    assert "match_points" in json.loads(index.read_text(encoding="utf-8"))[going.name]["game"]  # written anew


@pytest.mark.parametrize("damage", [
    {"winner": 7}, {"winner": -1}, {"players": 3}, {"sides": []}, {"totals": [1]}, {"match_points": [1, 2, 3]},
    {"game": 0}, {"finished": True, "winner": None}, {"match_target": None},
])
def test_a_damaged_index_is_never_shown(data_dir: Path, damage: dict[str, Any]) -> None:
    put("20261129-100000-aaaaaa.json", match_doc(finished_match()), WHEN)
    saved_games.list_games()
    index = data_dir / "games" / ".index.json"
    doc = json.loads(index.read_text(encoding="utf-8"))
    doc["20261129-100000-aaaaaa.json"]["game"].update(damage)
    index.write_text(json.dumps(doc), encoding="utf-8")
    [game] = saved_games.list_games().games
    assert row_cells(game)[3:] == ("3 : 2 (match to 3)", "finished: Anna won the match")


async def test_a_damaged_index_does_not_break_the_list_on_screen(data_dir: Path) -> None:
    put("20261130-180500-bbbbbb.json", LONE.read_text(encoding="utf-8"), WHEN)
    saved_games.list_games()
    index = data_dir / "games" / ".index.json"
    doc = json.loads(index.read_text(encoding="utf-8"))
    doc["20261130-180500-bbbbbb.json"]["game"]["winner"] = 7
    index.write_text(json.dumps(doc), encoding="utf-8")
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_list(pilot)
        assert "finished: P1 won" in screen_text(app)


def non_utf8_file(folder: Path) -> Path:
    """A saved game whose file name is not UTF-8 (made on a system that names files in another encoding)."""
    folder.mkdir(parents=True, exist_ok=True)
    raw = os.fsencode(folder) + b"/20261130-180500-\xff\xfe.json"
    with open(raw, "wb") as out:
        out.write(LONE.read_bytes())
    return Path(os.fsdecode(raw))


def test_a_file_name_that_is_not_utf8_is_listed_and_the_index_still_written(data_dir: Path) -> None:
    odd = non_utf8_file(data_dir / "games")
    put("20261129-100000-aaaaaa.json", match_doc(finished_match()), WHEN - 86400)
    games = saved_games.list_games()
    assert [g.path for g in games.games][0] == odd and games.notes == []
    index = json.loads((data_dir / "games" / ".index.json").read_text(encoding="utf-8"))
    assert list(index) == ["20261129-100000-aaaaaa.json"]  # the odd name is read anew each time, not cached
    assert saved_games.shown_name(odd) == "20261130-180500-\N{REPLACEMENT CHARACTER}\N{REPLACEMENT CHARACTER}.json"


async def test_a_file_name_that_is_not_utf8_does_not_stop_deberc_starting(data_dir: Path) -> None:
    non_utf8_file(data_dir / "games")
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_list(pilot)
        assert "finished: P1 won" in screen_text(app)


def test_the_columns_fit_and_wrap_only_between_words() -> None:
    columns = [["Date", "2026-11-30 18:05"], ["Players", "Anna, Boris, Clara, Dmitri"], ["Score", "2 : 2 (match to 3)"]]
    assert fit_widths(columns, 80) == [16, 26, 18]  # room enough: each as wide as its widest cell
    narrow = fit_widths(columns, 40, floor=(0, 0, 5))
    assert sum(narrow) + 2 * 3 <= 40
    assert narrow[0] >= len("2026-11-30") and narrow[1] >= len("Dmitri") and narrow[2] >= len("2 : 2")


def four_players_match() -> Path:
    names = [{"name": n, "kind": "human"} for n in ("Anastasia", "Boris", "Clara", "Dmitri")]
    match = play_match(Rules.preset("moscow", players=4, target=201, match_target=2), 3, stop=at(2, 1, 3))
    return put("20261128-100000-cccccc.json", match_doc(match, names), WHEN - 2 * 86400)


@pytest.mark.parametrize("width", [80, 100])
async def test_every_word_of_the_list_is_on_screen_at_80_and_100_columns(width: int) -> None:
    saved_pair()
    four_players_match()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(width, 30)) as pilot:
        screen = await open_list(pilot)
        words = " ".join(screen_lines(app)).split()
        for game in screen.games.games:
            for cell in row_cells(game):
                for word in cell.split():
                    assert word in words, (width, word)


async def test_names_from_a_file_are_shown_as_text_not_markup() -> None:
    doc = match_doc(match_at_game_3(), [{"name": "[/]", "kind": "human"}, {"name": "[bold]B\x85", "kind": "human"}])
    put("20261130-180500-bbbbbb.json", doc, WHEN)
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_list(pilot)
        text = screen_text(app)
        assert "[/], [bold]B\\x85" in text and "\x85" not in text  # the control character escaped


# -- the viewer ------------------------------------------------------------------------------------


async def open_list(pilot: Any) -> SavedGamesScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+o")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SavedGamesScreen)
    return screen


async def open_viewer(pilot: Any) -> ReplayScreen:
    await open_list(pilot)
    await pilot.press("down", "enter")  # the finished match
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def test_the_viewer_goes_through_every_deal_of_every_game_of_a_match() -> None:
    saved_pair()
    match = finished_match()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_viewer(pilot)
        seen = []
        for n in range(1, len(match.deals) + 1):
            text = screen_text(app)
            game = next(g for g, games in enumerate(match.games) if sum(len(x.deals) for x in match.games[:g + 1]) >= n)
            deal = n - sum(len(x.deals) for x in match.games[:game])
            assert f"match to 3 · game {game + 1}, deal {deal} ({n} of 11)" in text
            assert f"Deal {deal} — dealer" in text
            if deal == len(match.games[game].deals):  # the deal that ended the game says what it was worth
                result = match.settled[game]
                winner = ("Anna", "Boris")[result.winner]
                line = f"Game {game + 1}: {winner} wins; game points Anna {result.game_points[0]}, " \
                       f"Boris {result.game_points[1]} (×{result.multiplier})"
                assert line in text
                seen.append(line)
            await pilot.press("right")
            await pilot.pause()
        assert len(seen) == 3
        assert "Game 2: Anna wins; game points Anna 2, Boris 0 (×2)" in seen
        text = screen_text(app)
        assert "match: Anna 3, Boris 2 (to 3)" in text and "money: Anna +10, Boris -10" in text
        assert "winner of the match: Anna" in text


async def test_page_keys_go_from_game_to_game() -> None:
    saved_pair()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_viewer(pilot)
        assert "match in progress" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        text = screen_text(app)
        assert "game 2, deal 1" in text and "Games before:" in text and "match: Anna 0, Boris 2 (to 3)" in text
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert "game 3, deal 5 (11 of 11)" in screen_text(app)
        await pilot.press("pageup")
        await pilot.pause()
        assert "game 3, deal 1" in screen_text(app)


async def test_a_lone_game_in_the_viewer_has_no_games_to_page() -> None:
    put("20261130-180500-bbbbbb.json", LONE.read_text(encoding="utf-8"), WHEN)
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_list(pilot)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "deal 1 of 2" in text and "Next game" not in text and "PgUp" not in text and "Game 1" not in text


# -- resuming ------------------------------------------------------------------------------------


def test_resuming_a_four_game_match_and_acting_once_keeps_every_deal_of_every_game(tmp_path: Path) -> None:
    """Issue 20, item 13: resuming rewrote a match record with its current game only."""
    before = match_doc(long_match())
    path = put("m.json", before, WHEN, tmp_path)
    table = open_table(path)
    act_once(table)
    after = actions(path)
    assert len(after) == len(before["deals"]) == 17
    assert after[:-1] == [d["actions"] for d in before["deals"][:-1]]
    assert len(after[-1]) == len(before["deals"][-1]["actions"]) + 1
    again = replay_match(load_record(path))
    assert len(again.games) == 4 and again.match_points == (2, 1)


def test_a_resumed_match_is_played_to_its_end_in_the_same_file(tmp_path: Path) -> None:
    from sessionhelp import drive

    path = put("m.json", match_doc(match_at_game_3()), WHEN, tmp_path)
    table = open_table(path)
    drive(table, deals=10_000)
    assert table.match.is_over
    again = replay_match(load_record(path))
    assert again.is_over and len(again.games) == 3 and sum(again.match_points) >= 5


async def test_enter_on_a_saved_match_resumes_it_in_its_game() -> None:
    _done, going = saved_pair()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_list(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.session.save_path == going
        assert "game 3 · match 2:2 to 3" in screen_text(app)
        await human_move(pilot)
        await settle(pilot)
    again = replay_match(load_record(going))
    assert len(again.games) == 3 and len(again.deals) >= 7


def test_a_dave_waiting_for_a_person_is_still_waiting_when_resumed(tmp_path: Path) -> None:
    """Issue 20, item 14: a record saved while an offer waits resumes with the offer waiting."""
    path = put("m.json", match_doc(dave_waiting(answerer=0)), WHEN, tmp_path)
    table = open_table(path)
    step = table.advance()
    assert isinstance(step, steps.AnswerStake) and step.seat == 0 and step.offer.seat == 1
    assert table.answer_stake(0, False)  # Anna concedes: Boris wins the game at stake 1
    again = replay_match(load_record(path))
    assert actions(path)[0][-2:] == [{"seat": 1, "dave": "offer"}, {"seat": 0, "dave": "concede"}]
    assert again.settled[0].winner == 1 and again.match_points == (0, 1)


def test_a_dave_waiting_for_a_bot_is_answered_by_the_bot(tmp_path: Path) -> None:
    path = put("m.json", match_doc(dave_waiting(answerer=1)), WHEN, tmp_path)
    table = open_table(path)
    step = table.advance()
    assert isinstance(step, steps.Think) and step.ask.seat == 1
    assert all(isinstance(a, Dave) for a in step.ask.actions)
    assert table.bot_answered(table.think(step.ask))
    [answer] = actions(path)[0][-1:]
    assert answer["seat"] == 1 and answer["dave"] in ("play", "concede")
    replay_match(load_record(path))


async def test_a_saved_dave_is_listed_resumed_and_answered_in_the_dialog(data_dir: Path) -> None:
    path = put("20261130-180500-bbbbbb.json", match_doc(dave_waiting(answerer=0)), WHEN)
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_list(pilot)
        assert "game 1, deal 1" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, StakeAnswerScreen)
        assert "Boris says «даве»" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
    assert actions(path)[0][-1] != {"seat": 1, "dave": "offer"}
    assert {"seat": 0, "dave": "play"} in actions(path)[0]
    games = saved_games.list_games()
    assert games.notes == [] and not (data_dir / "games" / "unreadable").exists()
    replay_match(load_record(path))


# -- one table at a time ------------------------------------------------------------------------------


def test_a_saved_game_is_open_at_one_table_at_a_time(tmp_path: Path) -> None:
    """Issue 20, item 15: two tables resuming one game overwrote each other."""
    path = put("m.json", match_doc(match_at_game_3()), WHEN, tmp_path)
    first = open_table(path)
    with pytest.raises(InUse) as refused:
        open_table(path)
    assert f"m.json is open at another table (process {os.getpid()} on " in translate_error(refused.value)
    first.close()
    second = open_table(path)
    second.close()
    assert not hold_path(path).exists()  # no lock file left behind


def test_a_new_game_is_held_by_its_table_from_its_first_save(tmp_path: Path) -> None:
    """Not only a resumed game: a new one's file is held by the table that writes it, from the first action it
    saves until the table is left."""
    path = tmp_path / "new.json"
    table = TableSession(DAIVI_TO_3, [dict(p) for p in ANNA_BORIS], first_dealer=0, seed=1, services=BOTS,
                         save_path=path, pace=0.0)
    act_once(table)
    assert sum(map(len, actions(path))) == 1
    with pytest.raises(InUse) as refused:
        open_table(path)
    assert "new.json is open at another table" in translate_error(refused.value)
    table.close()
    open_table(path).close()


def test_a_copy_saves_to_a_new_file_and_no_action_is_lost(tmp_path: Path) -> None:
    path = put("m.json", match_doc(match_at_game_3()), WHEN, tmp_path)
    start = actions(path)
    first = open_table(path)
    copy = open_table(path, save_path=tmp_path / "copy.json")
    for _ in range(5):
        act_once(first)
        act_once(copy)
    mine, theirs = actions(path), actions(tmp_path / "copy.json")
    for played in (mine, theirs):
        assert played[:-1] == start[:-1]
        assert sum(map(len, played)) == sum(map(len, start)) + 5
    first.close()
    copy.close()


HOLDER = """
import sys, time
from pathlib import Path
from deberc_tui.table.session import TableSession
table = TableSession.from_record(Path(sys.argv[1]), save_path=Path(sys.argv[1]))
print("open", flush=True)
time.sleep(60)
"""


def test_a_table_in_another_process_holds_the_game_until_that_process_dies(tmp_path: Path) -> None:
    path = put("m.json", match_doc(match_at_game_3(), [{"name": "Anna", "kind": "human"},
                                                      {"name": "Boris", "kind": "human"}]), WHEN, tmp_path)
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).parent.parent)
    try:
        assert other.stdout is not None and other.stdout.readline() == "open\n"
        with pytest.raises(InUse) as refused:
            open_table(path)
        assert refused.value.holder.pid == other.pid
        assert f"(process {other.pid} on " in translate_error(refused.value)
    finally:
        other.kill()  # as a crash or kill -9 would end it: the system lets go of its lock
        other.wait()
    open_table(path).close()


async def test_a_game_open_elsewhere_offers_a_copy_that_saves_to_a_new_file() -> None:
    _done, going = saved_pair()
    before = going.read_text(encoding="utf-8")
    elsewhere = open_table(going)
    try:
        app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
        async with app.run_test(size=(120, 40)) as pilot:
            await open_list(pilot)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            question = str(app.screen.query_one("#confirm-question", Static).content)
            assert question.startswith(f"This game is open at another table (process {os.getpid()} on ")
            assert question.endswith("). Open a copy? It is saved as a new game.") and "\n" not in question
            assert "Open a copy (y)" in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)  # nothing opened
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            copy = app.session.save_path
            assert copy is not None and copy != going
            await human_move(pilot)
            await settle(pilot)
        assert going.read_text(encoding="utf-8") == before  # the other table's file: untouched
        assert len(replay_match(load_record(copy)).deals) >= 7
    finally:
        elsewhere.close()


async def test_leaving_deberc_frees_the_game_at_once() -> None:
    _done, going = saved_pair()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_list(pilot)
        await pilot.press("enter")
        await settle(pilot)
        with pytest.raises(InUse):
            open_table(going)
    open_table(going).close()


# -- snapshots ---------------------------------------------------------------------------------------


def list_app() -> Any:
    saved_pair()
    put("20261127-100000-dddddd.json", LONE.read_text(encoding="utf-8"), WHEN - 3 * 86400)
    four_players_match()
    return make_app(pace=0.0, look=LOOK, bot_maker=first_legal)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_the_list_with_matches(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(list_app(), terminal_size=size, run_before=open_list)


def test_snapshot_the_list_with_matches_in_russian(snap_compare: Any) -> None:
    set_language("ru")
    assert snap_compare(list_app(), terminal_size=(80, 24), run_before=open_list)


async def viewer_at_a_games_end(pilot: Any) -> None:
    await open_viewer(pilot)
    for _ in range(5):  # game 2's last deal: doubled, and the match so far
        await pilot.press("right")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_the_viewer_on_a_match(snap_compare: Any, size: tuple[int, int]) -> None:
    saved_pair()
    assert snap_compare(make_app(pace=0.0, look=LOOK, bot_maker=first_legal), terminal_size=size,
                        run_before=viewer_at_a_games_end)


def test_snapshot_the_viewer_on_a_match_in_russian(snap_compare: Any) -> None:
    saved_pair()
    set_language("ru")
    assert snap_compare(make_app(pace=0.0, look=LOOK, bot_maker=first_legal), terminal_size=(100, 30),
                        run_before=viewer_at_a_games_end)


def test_the_notes_of_the_list_name_odd_files_readably(data_dir: Path) -> None:
    folder = data_dir / "games"
    folder.mkdir(parents=True)
    raw = os.fsencode(folder) + b"/\xff-broken.json"
    with open(raw, "wb") as out:
        out.write(b"{not json")
    [note] = saved_games.list_games().notes
    assert translate(note).startswith("\N{REPLACEMENT CHARACTER}-broken.json skipped")

