"""Saved games: one record file per game in the data folder, never overwriting an unfinished one; the
Saved games screen (list, resume, deal-by-deal replay); --resume; the old autosave file migrated;
unreadable files skipped and kept aside; unknown bots in a record; the story so far of a resumed game."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, human_move, screen_text, settle, table_screen

from deberc_tui import saved_games
from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.newgame import NewGameScreen
from deberc_tui.app.screens.saved import ReplayScreen, SavedGamesScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import Rules
from deberc_tui.table.services import FirstLegalBot, Services
from deberc_tui.table.session import TableSession
from deberc_tui.text.i18n import translate

LOOK = Look()
GOLDEN = Path(__file__).parent / "golden"
FINISHED = GOLDEN / "moscow_2p_5.record.json"  # two deals, P1 wins by P0's false claim
WHEN = time.mktime((2026, 11, 30, 18, 5, 0, 0, 0, -1))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    return tmp_path / "data"


def finished_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(FINISHED.read_text(encoding="utf-8"))
    doc["players"] = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]
    return doc


def unfinished_doc(actions: int = 3, **player: Any) -> dict[str, Any]:
    doc = finished_doc()
    doc["deals"] = doc["deals"][:1]
    doc["deals"][0]["actions"] = doc["deals"][0]["actions"][:actions]
    doc["players"][1].update(player)
    return doc


def put(name: str, doc: dict[str, Any] | str, when: float = WHEN, folder: Path | None = None) -> Path:
    path = (folder or saved_games.games_dir()) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    os.utime(path, (when, when))
    return path


def quick_app(players: int = 2, target: int = 501, **kw: Any) -> Any:
    args: dict[str, Any] = dict(seed=11, first_dealer=1, pace=0.0, look=LOOK)
    args.update(kw)
    return make_app(Rules.preset("moscow", players=players, target=target), **{"bot_maker": first_legal, **args})


async def play_moves(app: Any, pilot: Any, moves: int) -> None:
    for _ in range(moves):
        await settle(pilot)
        await human_move(pilot)
    await settle(pilot)


# -- the folder ---------------------------------------------------------------------------------


async def test_a_new_game_never_overwrites_an_unfinished_one(data_dir: Path) -> None:
    first = quick_app()
    async with first.run_test(size=(80, 24)) as pilot:
        await play_moves(first, pilot, 2)
        first_path = first.session.save_path
        first_log = len(first.session.game.deal.log)
    assert first_path is not None and first_path.parent == data_dir / "games"
    saved_first = first_path.read_text(encoding="utf-8")
    second = quick_app(seed=12)
    async with second.run_test(size=(80, 24)) as pilot:
        await play_moves(second, pilot, 1)
        second_path = second.session.save_path
    assert second_path != first_path
    assert first_path.read_text(encoding="utf-8") == saved_first  # untouched
    games = saved_games.list_games()
    assert sorted(g.path for g in games.games) == sorted([first_path, second_path])
    assert all(not g.finished for g in games.games)
    # the first one is still resumable, exactly where it stopped
    table = TableSession.from_record(first_path)
    assert len(table.game.deal.log) == first_log


def test_finished_games_are_listed_with_players_preset_score_and_winner() -> None:
    put("20261130-180500-aaaaaa.json", finished_doc())
    [game] = saved_games.list_games().games
    assert game.finished and game.winner == 1
    assert game.names == ["Anna", "Boris"] and game.preset == "moscow" and game.score == "0 : 121"


def test_the_old_autosave_file_is_migrated_once_and_kept(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    old = data_dir / "autosave.json"
    old.write_text(json.dumps(unfinished_doc()), encoding="utf-8")
    games = saved_games.list_games()
    assert len(games.games) == 1 and not games.games[0].finished
    assert old.exists()
    assert len(saved_games.list_games().games) == 1  # not copied twice
    assert saved_games.list_games().latest_unfinished() is not None


def test_unreadable_files_are_skipped_with_a_note_and_kept_aside(data_dir: Path) -> None:
    put("20261130-180500-aaaaaa.json", finished_doc())
    put("broken.json", "{not json")
    put("wrong.json", {"format": "deberc-record/1", "players": []})
    games = saved_games.list_games()
    assert len(games.games) == 1
    notes = [translate(note) for note in games.notes]
    assert len(notes) == 2
    assert any("broken.json skipped" in n and "games/unreadable/" in n for n in notes)
    assert (data_dir / "games" / "unreadable" / "broken.json").read_text(encoding="utf-8") == "{not json"
    assert (data_dir / "games" / "unreadable" / "wrong.json").exists()
    assert len(saved_games.list_games().notes) == 0  # moved aside: the list is clean next time


# -- the Saved games screen -----------------------------------------------------------------------


def two_games() -> tuple[Path, Path]:
    done = put("20261129-100000-aaaaaa.json", finished_doc(), WHEN - 86400)
    going = put("20261130-180500-bbbbbb.json", unfinished_doc(), WHEN)
    return done, going


async def open_saved_screen(pilot: Any) -> SavedGamesScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+o")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SavedGamesScreen)
    return screen


async def test_the_saved_games_screen_lists_them_and_replays_a_finished_one() -> None:
    two_games()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Saved games" in screen_text(app)  # the new-game screen's button
        await open_saved_screen(pilot)
        text = screen_text(app)
        for words in ("Saved games", "Date", "Players", "Preset", "Score", "State",
                      "2026-11-30 18:05", "Anna, Boris", "moscow", "unfinished, deal 1",
                      "2026-11-29 18:05", "0 : 121", "finished: Boris won"):
            assert words in text, words
        assert text.index("2026-11-30 18:05") < text.index("2026-11-29 18:05")  # the latest first
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert "Deal 1 — dealer Boris" in text and "deal 1 of 2" in text
        assert "trick 1:" in text and "БТ" in text
        await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "Deal 2 — dealer" in text and "deal 2 of 2" in text
        assert "Anna claims the game with 13: wrong" in text and "winner: Boris" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)


async def test_enter_on_an_unfinished_game_resumes_it_in_its_own_file() -> None:
    _done, going = two_games()
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_screen(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session.save_path == going
        await human_move(pilot)
        await settle(pilot)
    doc = json.loads(going.read_text(encoding="utf-8"))
    assert len(doc["deals"][0]["actions"]) > 3


async def test_the_list_notes_unreadable_files() -> None:
    two_games()
    put("broken.json", "{not json")
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_saved_screen(pilot)
        text = screen_text(app)
        assert "broken.json skipped" in text and "Anna, Boris" in text


async def test_no_saved_games_says_so() -> None:
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_screen(pilot)
        assert "No saved games yet." in screen_text(app)


def test_snapshot_saved_games_80x24(snap_compare: Any) -> None:
    two_games()

    async def run_before(pilot: Any) -> None:
        await open_saved_screen(pilot)

    assert snap_compare(make_app(pace=0.0, look=LOOK, bot_maker=first_legal), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_saved_games_120x40(snap_compare: Any) -> None:
    two_games()

    async def run_before(pilot: Any) -> None:
        await open_saved_screen(pilot)

    assert snap_compare(make_app(pace=0.0, look=LOOK, bot_maker=first_legal), terminal_size=(120, 40), run_before=run_before)


def test_snapshot_replay_80x24(snap_compare: Any) -> None:
    two_games()

    async def run_before(pilot: Any) -> None:
        await open_saved_screen(pilot)
        await pilot.press("down", "enter")
        await pilot.pause()

    assert snap_compare(make_app(pace=0.0, look=LOOK, bot_maker=first_legal), terminal_size=(80, 24), run_before=run_before)


# -- --resume ------------------------------------------------------------------------------------


async def test_resume_continues_the_latest_unfinished_game() -> None:
    put("20261128-100000-aaaaaa.json", unfinished_doc(2), WHEN - 7200)
    latest = put("20261129-100000-bbbbbb.json", unfinished_doc(3), WHEN - 3600)
    put("20261130-100000-cccccc.json", finished_doc(), WHEN)  # newer, but finished
    app = make_app(resume=True, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session.save_path == latest
        assert len(app.session.game.deals[0].log) >= 3


async def test_resume_with_nothing_to_resume_opens_the_new_game_screen() -> None:
    put("20261130-100000-cccccc.json", finished_doc(), WHEN)
    app = make_app(resume=True, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "No unfinished game to resume." in [n.message for n in app._notifications]


# -- unknown bots, the story so far ----------------------------------------------------------------


def test_an_unknown_bot_is_named_and_replaced_by_the_default_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def make(name: str, seed: int | None = None) -> Any:
        if name != "heuristic":
            raise ValueError(f"unknown bot {name!r} (one of: heuristic)")
        made.append(name)
        return FirstLegalBot()

    path = put("game.json", unfinished_doc(bot="plugin-gone"), folder=tmp_path)
    table = TableSession.from_record(path, services=Services(make_bot=make))
    assert made == ["heuristic"] and 1 in table.bots
    [warning] = [translate(w) for w in table.warnings]
    assert str(path) in warning and "Seat 2 (Boris)" in warning and "'plugin-gone'" in warning
    assert "a heuristic bot plays instead" in warning
    assert table.players[1]["bot"] == "plugin-gone"  # the record keeps what it said


async def test_load_and_resume_with_an_unknown_bot_open_the_game_and_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the real registry: 'heuristic:wild' names a style that does not exist, 'plugin-gone' no bot at all
    path = put("game.json", unfinished_doc(bot="heuristic:wild"), folder=tmp_path)
    app = make_app(load=path, pace=0.0, look=LOOK)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        messages = [n.message for n in app._notifications]
        assert any("bot 'heuristic:wild' is not available" in m and "Seat 2 (Boris)" in m for m in messages)
    put("20261130-180500-bbbbbb.json", unfinished_doc(bot="plugin-gone"))
    app = make_app(resume=True, pace=0.0, look=LOOK)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert any("'plugin-gone' is not available" in n.message for n in app._notifications)


def test_history_lines_tell_the_story_so_far() -> None:
    table = TableSession.from_record(FINISHED)
    lines = table.history()
    assert lines[0].startswith("Deal 1 — dealer P1")
    assert any("trick 1:" in line for line in lines)
    assert any(line.startswith("Deal 2") for line in lines)
    assert lines[-1] == "Score: P0 0, P1 121"
    half = TableSession.from_record(json.dumps(unfinished_doc())).history()
    assert half[0].startswith("Deal 1 — dealer Boris") and "  (in progress)" in half


async def test_opening_a_finished_game_writes_no_copy(tmp_path: Path, data_dir: Path) -> None:
    path = put("game.json", finished_doc(), folder=tmp_path)
    app = make_app(load=path, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table_screen(app)
        assert list((data_dir / "games").glob("*.json")) == []


async def test_the_saved_games_screen_speaks_russian() -> None:
    from deberc_tui.text.i18n import set_language

    two_games()
    set_language("ru")
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Сохранённые (^O)" in screen_text(app)
        await open_saved_screen(pilot)
        text = screen_text(app)
        for words in ("Сохранённые игры", "Дата", "Игроки", "Счёт", "Состояние", "не окончена, сдача 1",
                      "окончена, победа: Boris", "по сдачам"):
            assert words in text, words
        await pilot.press("down", "enter")
        await pilot.pause()
        assert "Сдача 1 — сдаёт Boris" in screen_text(app) and "сдача 1 из 2" in screen_text(app)


def test_a_legacy_autosave_alone_is_resumed(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "autosave.json").write_text(json.dumps(unfinished_doc()), encoding="utf-8")
    latest = saved_games.list_games().latest_unfinished()
    assert latest is not None and latest.path.parent == data_dir / "games"
    assert TableSession.from_record(latest.path).names == ["Anna", "Boris"]


def test_the_list_is_cached_and_follows_changed_files(data_dir: Path) -> None:
    path = put("20261130-180500-aaaaaa.json", unfinished_doc(2))
    [first] = saved_games.list_games().games
    assert (data_dir / "games" / ".index.json").exists()
    [again] = saved_games.list_games().games
    assert again == first
    put(path.name, finished_doc(), WHEN + 60)
    [changed] = saved_games.list_games().games
    assert changed.finished and changed.deals == 2
