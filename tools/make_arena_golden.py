"""Write the arena's golden reports: a few seeded runs of deterministic bots (no time-capped search), each report
without its decision times. A developer tool: the one play loop must give the same report for the same seed, so
``tests/test_arena_golden.py`` compares a fresh run with these files; rewrite them only when the bots or the
rules change on purpose, and read the diff.

    python3 tools/make_arena_golden.py      # (re)write tests/golden/arena/*.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOLDEN = ROOT / "tests" / "golden" / "arena"

#: name -> run_arena keyword arguments (deterministic bots only: the expert's search stops at a deadline).
CASES: dict[str, dict[str, Any]] = {
    "moscow_2p": {"bots": "heuristic,novice", "players": 2, "preset": "moscow", "deals": 24, "games": 2, "seed": 7},
    "kharkiv_3p": {"bots": "heuristic,random", "players": 3, "preset": "kharkiv", "deals": 8, "seed": 3},
    "klabor_4p": {"bots": "novice,heuristic", "players": 4, "preset": "klabor", "deals": 8, "seed": 5},
    "club_2p": {"bots": "heuristic:bold,heuristic:cautious", "players": 2, "preset": "club", "deals": 16, "seed": 11},
    "short_dave_match": {"bots": "heuristic,heuristic:nodouble", "players": 2, "preset": "short", "deals": 0,
                         "games": 4, "match_target": 5, "seed": 7},
    "daivi_match": {"bots": "heuristic,novice", "players": 2, "preset": "moscow", "deals": 0, "games": 2,
                    "match_target": 2, "doubling": "daivi", "seed": 13},
}

TIMES = ("decision_ms_p50", "decision_ms_p99")


def without_times(report: Any) -> Any:
    """The report with the decision times dropped (they are the only part that may differ run to run)."""
    out = dict(report)
    out["bots"] = [{k: v for k, v in bot.items() if k not in TIMES} for bot in report["bots"]]
    return out


def run(name: str) -> Any:
    from deberc_tui.play.arena import run_arena

    return without_times(run_arena(**CASES[name]))


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in CASES:
        (GOLDEN / f"{name}.json").write_text(json.dumps(run(name), indent=1, sort_keys=True) + "\n")
        print("wrote", name)


if __name__ == "__main__":
    main()
