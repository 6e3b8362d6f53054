"""Golden playthroughs: stored records must replay to exactly the stored score sheet (any change shows here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deberc_tui.cli import main

GOLDEN = sorted(Path(__file__).parent.joinpath("golden").glob("*.record.json"))


def test_there_are_golden_records() -> None:
    assert len(GOLDEN) >= 4


@pytest.mark.parametrize("record", GOLDEN, ids=lambda p: p.name.split(".")[0])
def test_a_golden_record_replays_to_its_stored_sheet(record: Path) -> None:
    expected = json.loads(record.with_name(record.name.replace(".record.", ".expected.")).read_text())
    result = CliRunner().invoke(main, ["replay", str(record), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == expected
