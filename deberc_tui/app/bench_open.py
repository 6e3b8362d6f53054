"""Opening a long record: ``deberc replay`` of it against the table opening it, side by side in one run.

A record within the limit (:data:`~deberc_tui.storage.RECORD_LIMIT`, 4 MB) must open at the table about as fast
as ``deberc replay`` prints it: both replay every action through the engine; the table then tells the story
so far in its log. :func:`long_record` makes such a record — one match of random deals, as long as the limit
allows, written as the table writes it (:func:`~deberc_tui.records.record_text`) — and :func:`bench_open`
times both, each in a fresh interpreter (so imports count for both), from the start of the process to the
sheet printed or the table drawn with its log (headless, as a terminal would show it).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from deberc_tui.engine import Rules
from deberc_tui.engine.match import Match
from deberc_tui.play.loop import PlayLoop
from deberc_tui.play.seats import RandomSeat
from deberc_tui.records import record_from_game, record_text
from deberc_tui.storage import RECORD_LIMIT

PLAYERS: Final = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]
FILL: Final = 0.97
"""How full of the limit the record made is: near it, never over it."""

_REPLAY = "import sys; from deberc_tui.cli import main; sys.argv[0] = 'deberc'; main()"
_TABLE = r"""
import json, sys, time
from deberc_tui.app import make_app
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.app.widgets.gamelog import GameLog

app = make_app(load=sys.argv[1], pace=0.0)

def table():
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)

async def auto_pilot(pilot):
    for _ in range(100_000):
        await pilot.pause()
        screen = table()
        if screen is not None and screen.query_one(GameLog).drawn:
            break
    await pilot.pause()
    screen = table()
    log = screen.query_one(GameLog) if screen is not None else None
    sys.__stdout__.write(json.dumps({"ready": time.time(), "opened": screen is not None,
                                     "log_lines": len(log.lines) if log else 0}) + "\n")
    sys.__stdout__.flush()
    app.exit()

app.run(headless=True, size=(120, 40), auto_pilot=auto_pilot)
"""


def long_record(limit: int = RECORD_LIMIT, seed: int = 1) -> tuple[str, int]:
    """The text of a record of one long match of random two-player deals, as the table writes it, as big as fits
    in ``limit`` bytes (:data:`FILL` of it), and its number of deals. So long a record is written compact (an
    indented one would be over the limit at about 60% of these deals): the most deals a record within the limit
    holds."""
    rules = Rules.preset("moscow", players=2, target=201, match_target=10_000)
    rng = random.Random(seed)
    loop = PlayLoop(Match(rules, first_dealer=0, seed=seed), [RandomSeat(rng)] * 2, ask_optional=False)
    deals, step = 0, 1000
    while step > 0:
        for _ in range(step):
            loop.play_deal()
        deals += step
        compact = json.dumps(record_from_game(loop.match, PLAYERS), ensure_ascii=False, separators=(",", ":"))
        size = len(compact.encode("utf-8"))
        left = int((limit * FILL - size) / (size / deals) * 0.9)  # deals that still fit, with a margin
        step = left if left >= 10 else 0
    return record_text(record_from_game(loop.match, PLAYERS)), deals


def _run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.time()
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=900, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}")
    return start, done.stdout


def bench_open(runs: int = 3, record: Path | None = None) -> dict[str, Any]:
    """Seconds for ``deberc replay RECORD`` and for the table to open RECORD (``deberc --load``), medians of
    ``runs`` runs taken in turn; without ``record`` one is made near the size limit."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DEBERC_DATA_DIR": tmp}  # the table saves its copy there, as at home
        deals: int | None = None
        if record is None:
            text, deals = long_record()
            record = Path(tmp) / "long-match.json"
            record.write_text(text, encoding="utf-8")
        replay: list[float] = []
        table: list[float] = []
        log_lines = 0
        for _ in range(runs):
            start, _out = _run(["-c", _REPLAY, "replay", str(record)], env)
            replay.append(time.time() - start)
            start, out = _run(["-c", _TABLE, str(record)], env)
            data = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
            if not data["opened"]:
                raise RuntimeError("the table did not open the record")
            table.append(data["ready"] - start)
            log_lines = int(data["log_lines"])
        size = record.stat().st_size
    return {
        "runs": runs,
        "record_bytes": size,
        "deals": deals,
        "replay_median_s": round(statistics.median(replay), 2),
        "table_median_s": round(statistics.median(table), 2),
        "replay_s": [round(t, 2) for t in replay],
        "table_s": [round(t, 2) for t in table],
        "log_lines": log_lines,
    }
