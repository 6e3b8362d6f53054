"""``deberc bench load``: the same decks on a quiet and a busy machine, and no busy process left behind."""

from __future__ import annotations

import multiprocessing
import os

import pytest
from click.testing import CliRunner

from deberc_tui.cli.bench import bench
from deberc_tui.play.load_bench import bench_load, busy_machine


def children() -> set[int]:
    """The process ids of this process's living children: the busy ones, and any another test in this worker left
    running on purpose (the tutor's pool of workers lives as long as the process)."""
    return {p.pid for p in multiprocessing.active_children() if p.is_alive() and p.pid is not None}


def test_the_busy_processes_run_during_the_block_and_stop_after_it() -> None:
    before = children()
    with busy_machine(2):
        assert len(children() - before) == 2
    assert children() - before == set()


def test_the_busy_processes_stop_when_the_run_fails() -> None:
    before = children()
    with pytest.raises(RuntimeError), busy_machine(2):
        raise RuntimeError("the arena failed")
    assert children() - before == set()


def test_a_bot_without_a_clock_scores_the_same_busy_or_quiet() -> None:
    """The heuristic thinks the same whatever the time: both runs give the same points, so the lead is in the CI."""
    result = bench_load("heuristic,random", players=2, deals=3, seed=5, per_core=1, warmup=0.0)
    assert result["busy"]["busy_processes"] == os.cpu_count()
    assert result["quiet"]["busy_processes"] == 0
    assert result["same_points"]
    assert result["busy"]["lead"] == result["quiet"]["lead"]
    assert result["busy_lead_within_quiet_ci"]


def test_an_unknown_bot_is_one_line_naming_the_option() -> None:
    out = CliRunner().invoke(bench, ["load", "--bots", "expert,nosuchbot", "--deals", "1"])
    assert out.exit_code == 2
    assert "--bots" in out.output and "nosuchbot" in out.output
    assert "Traceback" not in out.output
