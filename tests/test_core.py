"""Which search core runs (bots/core.py): the compiled one where it was built, the reference where asked or missing,
and ``deberc`` says once when it runs on the slower one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from corehelp import compiled

from bots import core
from deberc_tui.play.solver_bench import bench_solver

ROOT = Path(__file__).resolve().parent.parent
WITHOUT_CORE = "import sys; sys.modules['bots._core'] = None; "  # what a machine without a C compiler has


def python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "DEBERC_CORE"} | env
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.skipif(os.environ.get("DEBERC_CORE") == "python", reason="DEBERC_CORE=python: the reference asked for")
def test_the_compiled_core_is_built_here() -> None:
    # pip install -e . builds it where a C compiler and the Python headers are (setup.py); CI has both
    assert core.COMPILED is not None, "bots._core is not built: python3 -m pip install -e . (docs/DEVELOPMENT.md)"
    assert core.CORE is core.COMPILED and not core.NOT_BUILT


def test_deberc_core_python_makes_every_command_use_the_reference() -> None:
    compiled()
    ask = "from bots import core, expert; print(core.CORE.name, expert.Solver.__module__)"
    assert python(ask).stdout.split() == ["compiled", "bots._core"]
    assert python(ask, DEBERC_CORE="python").stdout.split() == ["python", "bots.sim"]


def test_deberc_says_once_that_it_runs_on_the_slower_core_when_the_compiled_one_is_missing() -> None:
    version = "from deberc_tui.cli import main; main(['--version'])"
    missing = python(WITHOUT_CORE + version)
    assert missing.returncode == 0 and missing.stdout.startswith("deberc, version")
    assert missing.stderr.count("\n") == 1 and "slower pure-Python core" in missing.stderr, missing.stderr
    assert python(WITHOUT_CORE + version, DEBERC_CORE="python").stderr == ""  # asked for: nothing to say
    if core.COMPILED is not None:
        assert python(version).stderr == ""


def test_without_the_compiled_core_the_bots_still_think_on_the_reference() -> None:
    done = python(WITHOUT_CORE + "from bots import core; print(core.CORE.name, core.NOT_BUILT)")
    assert done.stdout.split() == ["python", "True"]


def test_the_solver_bench_times_both_cores_on_the_same_deals() -> None:
    compiled()
    result = bench_solver(deals=2, seed=3, players=(2,))
    row = result["players"]["2"]
    fast = row["compiled"]
    assert fast is not None and row["speedup"] is not None
    assert row["speedup"] > 1 and fast["nodes_per_s"] > row["python"]["nodes_per_s"]
    assert row["nodes_per_deal_median"] > 1000  # a whole deal, not a few cards


def test_a_seeded_expert_plays_the_same_cards_on_both_cores() -> None:
    # the same worlds, the same values, the same node limits: the compiled core changes only the time (no clock
    # here: a deadline would cut the slower core's sampling sooner; and the same solve limits: by default the
    # expert spends the compiled core's speed on solving from earlier in the deal)
    compiled()
    code = """
from bots.expert import MAX_NODES, SOLVE_LIMIT, ExpertBot
from deberc_tui.engine import Game, Rules
for players in (2, 3, 4):
    game = Game(Rules.preset("moscow", players=players), seed=7)
    bots = [ExpertBot(seed=s, samples=6, bid_samples=12, max_time=1e9, solve_limit=SOLVE_LIMIT, max_nodes=MAX_NODES)
            for s in range(players)]
    moves = []
    for _ in range(1):  # a deal at each player count: the pure core's search makes each one slow
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            view = game.view(seat)
            action = bots[seat].choose(view, view.legal, budget=1e9)
            game.apply(seat, action)
            moves.append(str(action))
    print(" ".join(moves))
"""
    fast, slow = python(code), python(code, DEBERC_CORE="python")
    assert fast.returncode == 0, fast.stderr
    assert fast.stdout == slow.stdout and len(fast.stdout.split()) > 60


def test_the_expert_solves_from_earlier_in_the_deal_on_the_compiled_core() -> None:
    from bots.expert import FAST_SOLVE_LIMIT, SOLVE_LIMIT

    compiled()
    ask = "from bots.expert import ExpertBot; print(sorted(ExpertBot().solve_limit.items()))"
    assert python(ask).stdout.strip() == str(sorted(FAST_SOLVE_LIMIT.items()))
    assert python(ask, DEBERC_CORE="python").stdout.strip() == str(sorted(SOLVE_LIMIT.items()))
