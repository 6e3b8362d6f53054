"""Bugs that typing the whole tree (``mypy --strict`` on ``deberc_tui`` and ``bots``, ``Any`` replaced by real
types) brought to light, each with the test that keeps it fixed."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from deberc_tui import saved_games

GOLDEN = Path(__file__).parent / "golden"
FINISHED = GOLDEN / "moscow_2p_5.record.json"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _saved_game() -> Path:
    path = saved_games.games_dir() / "20261130-180500-aaaaaa.json"
    path.write_text(FINISHED.read_text(encoding="utf-8"), encoding="utf-8")
    when = time.mktime((2026, 11, 30, 18, 5, 0, 0, 0, -1))
    os.utime(path, (when, when))
    return path


def _damage_index(path: Path, entry: object) -> None:
    index = saved_games.games_dir() / saved_games.INDEX
    index.write_text(json.dumps({path.name: entry}), encoding="utf-8")


def _stamp(path: Path) -> list[int]:
    stat = path.stat()
    return [stat.st_mtime_ns, stat.st_size]


@pytest.mark.parametrize("summary", [
    "missing",  # the list's cache holds the file's stamp but no summary: a KeyError moved the game aside
    {"names": "AB", "preset": "moscow", "players": 2, "totals": 5, "sides": [], "deals": 2, "finished": True},
    {"names": ["A", "B"], "preset": "moscow", "players": "2", "totals": [0, 121], "sides": ["A", "B"],
     "deals": 2, "finished": True, "winner": "1"},
])
def test_a_damaged_cache_entry_is_rebuilt_and_never_moves_a_good_game_aside(summary: object) -> None:
    path = _saved_game()
    _damage_index(path, {"stamp": _stamp(path)} if summary == "missing" else {"stamp": _stamp(path), "game": summary})
    games = saved_games.list_games()
    assert games.notes == []
    assert path.exists()
    [game] = games.games
    assert game.names == ["P0", "P1"] and game.sides == ["P0", "P1"] and game.deals == 2 and game.finished
    assert game.totals == [0, 121] and game.winner == 1 and game.score == "0 : 121"


def test_a_sound_cache_entry_is_still_used(monkeypatch: pytest.MonkeyPatch) -> None:
    path = _saved_game()
    [first] = saved_games.list_games().games

    def no_replay(_path: Path) -> saved_games.SavedGame:
        raise AssertionError("the cache was not used")

    monkeypatch.setattr(saved_games, "summarize", no_replay)
    [again] = saved_games.list_games().games
    assert again == first and again.path == path


# Found by feeding damaged records to ``load_record``/``replay_record`` (the engine's ``Mapping[str, Any]``
# inputs hid them from mypy): an unhashable value reached a dict lookup and raised a TypeError.


def _golden_doc() -> dict[str, object]:
    doc: dict[str, object] = json.loads(FINISHED.read_text(encoding="utf-8"))
    return doc


def test_a_record_whose_preset_is_not_a_name_is_refused_in_one_line() -> None:
    from deberc_tui.records import RecordError, load_record

    doc = _golden_doc()
    doc["rules"] = {"preset": ["moscow"]}
    with pytest.raises(RecordError):
        load_record(doc)


def test_a_record_whose_bid_is_not_a_word_is_refused_in_one_line() -> None:
    from deberc_tui.records import RecordError, load_record

    doc = json.loads(FINISHED.read_text(encoding="utf-8"))
    doc["deals"][0]["actions"][0] = {"seat": 1, "bid": ["pass"]}
    with pytest.raises(RecordError):
        load_record(doc)
