"""The tutor's worker processes: the same worlds, the same values and the same stop as in one process."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
import time

import pytest

from deberc_tui.engine import Rules
from deberc_tui.practice.evaluate import evaluate
from deberc_tui.practice.pool import (
    BATCH,
    EVERY_PART,
    JOBS_VARIABLE,
    MAX_JOBS,
    default_jobs,
    in_order,
    want,
    wanted,
)
from deberc_tui.practice.position import random_position


def test_answers_come_back_in_the_order_of_the_items() -> None:
    assert list(in_order(list, iter(range(100)), 2)) == list(range(100))


def parts_wanted(items: list[int]) -> list[int]:
    """A worker's answer to each item: the parts the evaluation still wanted when the item began."""
    out = []
    for _ in items:
        time.sleep(0.02)
        out.append(wanted())
    return out


def test_the_workers_leave_out_of_the_items_they_begin_later_the_parts_no_longer_wanted() -> None:
    # the first batch is answered with every part wanted; the last of six, begun well after, with the second alone
    answers = in_order(parts_wanted, iter(range(6 * BATCH)), 2)
    assert next(answers) == EVERY_PART
    want(0b10)
    assert wanted() == EVERY_PART  # the program's own process works its items as they say
    assert list(answers)[-BATCH:] == [0b10] * BATCH


def test_an_evaluation_in_workers_is_the_evaluation_in_one_process() -> None:
    """A three-player position priced to a standard error of 5: every world's values, the fitted estimates and the
    world it stops at are the same with two workers as without."""
    position = random_position(Rules.preset("moscow", players=3), random.Random(5))
    alone = evaluate(position, seed=3, target_se=5.0, max_seconds=60.0, jobs=1)
    shared = evaluate(position, seed=3, target_se=5.0, max_seconds=60.0, jobs=2)
    assert shared.worlds == alone.worlds
    for a, b in zip(alone.bids, shared.bids, strict=True):
        assert (a.bid, a.values, a.chances, a.example, a.fitted) == (b.bid, b.values, b.chances, b.example, b.fitted)


@pytest.mark.parametrize(("wanted", "jobs"), [("1", 1), ("3", 3), (" 2 ", 2)])
def test_the_environment_sets_the_workers(monkeypatch: pytest.MonkeyPatch, wanted: str, jobs: int) -> None:
    monkeypatch.setenv(JOBS_VARIABLE, wanted)
    assert default_jobs() == jobs


@pytest.mark.parametrize("wanted", ["", "0", "many", "-2", "65"])
def test_a_setting_that_is_no_count_of_workers_is_ignored(monkeypatch: pytest.MonkeyPatch, wanted: str) -> None:
    monkeypatch.setenv(JOBS_VARIABLE, wanted)
    assert 1 <= default_jobs() <= MAX_JOBS


def test_the_bench_measures_the_tutor_beside_its_plain_self() -> None:
    """``deberc bench practice --against-plain``: each position priced both ways in turn, with a speed-up of the
    tutor as asked over the plain mean in one process."""
    from click.testing import CliRunner

    from deberc_tui.cli import main

    result = CliRunner().invoke(main, ["bench", "practice", "--positions", "1", "--seconds", "0.2", "--jobs", "1",
                                       "--against-plain", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output.strip().splitlines()[-1])
    assert set(doc["by_way"]) == {"plain", "greedy"}
    assert doc["speedup"] > 0


def test_an_evaluation_goes_on_here_when_the_workers_stop_under_it() -> None:
    """The program ending (its workers shut down) while an evaluation runs: the rest is played in this process, every
    answer still in order."""
    from deberc_tui.practice import pool

    answers = pool.in_order(list, iter(range(200)), 2)
    first = [next(answers) for _ in range(5)]
    pool.shutdown()
    assert first + list(answers) == list(range(200))


KILLED = textwrap.dedent("""
    import os, sys
    from deberc_tui.practice import pool

    if __name__ == "__main__":
        print(list(pool.in_order(list, iter([1, 2, 3]), 2)))
        print(" ".join(str(pid) for pid in pool._pool._processes), flush=True)
        os._exit(0)  # as if killed: no exit code runs, nothing stops the workers
""")


def test_the_workers_go_when_the_program_dies_without_stopping_them() -> None:
    """A terminal closed under the practice screen kills the program before it can stop its workers: they see it
    gone and leave, instead of waiting for work forever."""
    out = subprocess.run([sys.executable, "-c", KILLED], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "[1, 2, 3]"
    pids = [int(pid) for pid in lines[1].split()]
    assert len(pids) == 2
    deadline = time.monotonic() + 20
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in pids)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
