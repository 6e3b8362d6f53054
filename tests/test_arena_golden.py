"""The arena through the one play loop gives the same report for the same seed as the arena before it (times aside).

The golden reports were written by ``tools/make_arena_golden.py`` before the loop was unified; a changed report
means the loop asks seats in another order, or deals other cards — never a matter of taste."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from make_arena_golden import CASES, GOLDEN, run  # noqa: E402


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_seed_same_report(name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.json").read_text())
    assert run(name) == expected
