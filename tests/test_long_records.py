"""A long record opens at the table as fast as ``deberc replay`` reads it, and a long game is saved within the
size limit (issue 20, item 7).

A 4 MB record once took minutes to open: the log drew every line it held again for each new line, and a
resumed match writes a line for every step of every deal. Now the log draws once per burst and the table tells
it only as much of the story as the log keeps. The time itself is measured by ``deberc bench open``
(docs/PERFORMANCE.md); here the drawings are counted, which the machine's load does not change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apphelp import first_legal, table_screen
from savedhelp import match_doc, play_match

from deberc_tui import records, storage
from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.widgets.gamelog import MAX_LINES, GameLog
from deberc_tui.engine import Rules
from deberc_tui.engine.match import Match
from deberc_tui.records import record_text
from deberc_tui.table.saving import Saver, read_match
from deberc_tui.table.session import TableSession

LONG = Rules.preset("moscow", players=2, target=201, match_target=500)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(scope="module")
def long_doc() -> dict[str, object]:
    """A match of 300 deals (about 90 games), stopped in the middle of a deal."""
    def stop(match: Match) -> bool:
        return sum(len(g.deals) for g in match.games) >= 300 and match.deal is not None and len(match.deal.log) > 5

    return match_doc(play_match(LONG, 4, stop=stop))


async def test_a_long_record_opens_with_its_log_drawn_a_few_times(long_doc: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_doc), encoding="utf-8")
    app = make_app(load=path, pace=0.0, look=Look(), bot_maker=first_legal, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = table_screen(app).query_one(GameLog)
        assert len(log.lines) == MAX_LINES  # the log is full: the story of 300 deals is thousands of lines
        assert log.drawn <= 3  # when mounted, once for the story so far, once for what the table said then
        assert "Score: " in log.plain()  # the story is told up to now


def test_the_story_told_from_the_end_is_the_end_of_the_whole_story(long_doc: dict[str, object]) -> None:
    table = TableSession.from_record(json.dumps(long_doc))
    whole = table.history()
    assert len(whole) > 10 * MAX_LINES
    assert table.history(last=MAX_LINES) == whole[-MAX_LINES:]
    assert table.history(last=0) == [] and table.history(last=10**6) == whole


def test_a_game_too_long_to_save_indented_is_saved_compact(long_doc: dict[str, object], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    indented = json.dumps(long_doc, ensure_ascii=False, indent=1) + "\n"
    compact = json.dumps(long_doc, ensure_ascii=False, separators=(",", ":")) + "\n"
    assert record_text(long_doc) == indented  # within the limit: written for a reader
    limit = (len(indented.encode()) + len(compact.encode())) // 2  # indented would not fit, compact does
    monkeypatch.setattr(records, "RECORD_LIMIT", limit)
    monkeypatch.setattr(storage, "RECORD_LIMIT", limit)
    path = tmp_path / "saved.json"
    saver = Saver(path)
    assert saver.save("state", lambda: long_doc) is None
    assert path.read_text(encoding="utf-8") == compact
    match, _players = read_match(path)  # and it opens again
    assert sum(len(g.deals) for g in match.games) == len(long_doc["deals"])  # type: ignore[arg-type]
