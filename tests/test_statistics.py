"""The statistics count each finished game once (a game is known by its record's identity), however often its
record is opened: a finished record opened again, or two copies of one saved game finished the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sessionhelp import drive

from deberc_tui import stats
from deberc_tui.table.services import FirstLegalBot, Services
from deberc_tui.table.session import TableSession

GOLDEN = Path(__file__).parent / "golden" / "moscow_2p_e2.record.json"


def services() -> Services:
    return Services(make_bot=lambda name, seed=None: FirstLegalBot())


def saved_before_the_last_cards(golden: Path = GOLDEN) -> str:
    """A game of Anna (a person) against a bot, saved three cards before its end: a saved, unfinished game."""
    doc: dict[str, Any] = json.loads(golden.read_text())
    doc["players"][0] = {"name": "Anna", "kind": "human"}
    doc["deals"][-1]["actions"] = doc["deals"][-1]["actions"][:-3]
    return json.dumps(doc)


def finish(record: str | Path) -> TableSession:
    session = TableSession.from_record(record if isinstance(record, Path) else record, services=services(), seed=5)
    drive(session, deals=99)
    assert session.match.is_over
    return session


def test_a_finished_game_counts_once() -> None:
    finish(saved_before_the_last_cards())
    assert len(stats.load_stats()) == 1


def test_a_finished_record_opened_again_adds_nothing(tmp_path: Path) -> None:
    first = finish(saved_before_the_last_cards())
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(first.record()))
    again = finish(path)
    assert again.match.game.is_over
    assert len(stats.load_stats()) == 1


def test_two_copies_of_a_saved_game_finished_the_same_way_count_once() -> None:
    saved = saved_before_the_last_cards()
    finish(saved)
    finish(saved)
    assert len(stats.load_stats()) == 1


def test_two_different_games_count_twice() -> None:
    finish(saved_before_the_last_cards())
    finish(saved_before_the_last_cards(GOLDEN.with_name("moscow_2p_5.record.json")))
    games = stats.load_stats()
    assert len(games) == 2 and games[0]["id"] != games[1]["id"]


def test_an_entry_of_a_game_already_counted_is_not_written_again() -> None:
    entry = {"players": 2, "level": "heuristic", "won": True, "totals": [510, 3], "deals": 5, "when": 1, "id": "ab12"}
    assert stats.record_game(dict(entry)) is None
    assert stats.record_game(dict(entry)) is None
    assert [g["id"] for g in stats.load_stats()] == ["ab12"]
