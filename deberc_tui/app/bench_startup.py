"""Start-up benchmark: time from launching ``python`` to the first interactive screen, and peak memory.

``bench_startup(runs)`` starts a fresh interpreter per run (so imports are counted), opens the app
headless on the new-game screen, and reports when it became interactive. Targets: < 1 s, < 150 MB.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

_CHILD = r"""
import json, resource, sys, time
from deberc_tui.app import make_app

app = make_app(pace=0.0)

async def auto_pilot(pilot):
    await pilot.pause()
    ready = time.time()
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.__stdout__.write(json.dumps({"ready": ready, "screen": type(app.screen).__name__, "rss_kb": rss_kb}) + "\n")
    sys.__stdout__.flush()
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=auto_pilot)
"""


def bench_startup(runs: int = 5) -> dict[str, Any]:
    """Median and best seconds to the first interactive screen, and the peak resident memory in MB."""
    times: list[float] = []
    peak_kb = 0
    screen = ""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DEBERC_DATA_DIR": tmp}
        for _ in range(runs):
            start = time.time()
            out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env,
                                 timeout=60, check=True)
            line = next(ln for ln in out.stdout.splitlines() if ln.startswith("{"))
            data = json.loads(line)
            times.append(data["ready"] - start)
            peak_kb = max(peak_kb, int(data["rss_kb"]))
            screen = data["screen"]
    return {
        "runs": runs,
        "screen": screen,
        "startup_median_s": round(statistics.median(times), 3),
        "startup_best_s": round(min(times), 3),
        "peak_memory_mb": round(peak_kb / 1024, 1),
        "targets": {"startup_s": 1.0, "memory_mb": 150},
    }


def main() -> None:  # pragma: no cover - `python -m deberc_tui.app.bench_startup`
    result = bench_startup()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":  # pragma: no cover
    main()
