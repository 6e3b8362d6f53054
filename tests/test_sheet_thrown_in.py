"""The table's score sheet at 80×24: a deal thrown in after everybody passed is marked in the trump column, every
player's column gets a dash (nobody wrote anything), and the note under the sheet says what the mark means."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import always, seen_in, settle
from tablehelp import Passer

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.modals import DealSummaryScreen, ScoreSheetScreen
from deberc_tui.engine import Rules
from deberc_tui.text.i18n import set_language

NAMES = ["Александра", "Константин", "Maximilian"]


@pytest.mark.parametrize(("lang", "mark", "legend"), [
    ("en", "pass", "pass: thrown in, everybody passed"),
    ("ru", "пас", "пас: пересдача, все спасовали"),
])
async def test_everybody_passed_is_marked_in_the_trump_column(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              lang: str, mark: str, legend: str) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    set_language(lang)
    app = make_app(Rules.preset("moscow", players=3), names=NAMES, bots=["heuristic", "heuristic"], seed=3,
                   first_dealer=2, pace=0.0, look=Look(ascii=False), bot_maker=always(Passer()), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")  # pass in round 1
        await settle(pilot)
        await pilot.press("x")  # and in round 2: everybody passed
        await settle(pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        rows = [row.strip(" │╭╮╰╯─") for row in seen_in(app, app.screen.query_one("#sheet-dialog"))]
        header = next(row for row in rows if all(name in row for name in NAMES))  # every name whole, on one line
        assert header.split()[1:] == [header.split()[1], "Александра", "Σ", "Константин", "Σ", "Maximilian", "Σ"]
        assert next(row for row in rows if row.startswith("1 ")).split() == ["1", mark, "-", "0", "-", "0", "-", "0"]
        assert legend in "\n".join(rows)
