"""Bots that misbehave at the process level (issue 20): children that hold the bot's pipes or outlive it, a flood
on stdout or stderr, a slow hello after a restart, a bot that reads the table's saves.

Each bot is ``tests/bots/hostile.py`` in one of its modes, with a tag of its own in its command line (and so in
the command line of every child it forks): after each run no process with the tag is left. Budgets are 0.2 s.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from click.testing import CliRunner
from processhelp import kill_all, left_behind
from sessionhelp import drive

from deberc_tui.bot_hosting import process, supervisor
from deberc_tui.bot_hosting.process import MAX_PENDING_BYTES, ProcessBot, grace, sandbox_abi
from deberc_tui.bot_hosting.registry import make_bot
from deberc_tui.bot_hosting.runner import safe_choose
from deberc_tui.cli.arena import bots_cmd
from deberc_tui.engine import Game, Rules, SeatView
from deberc_tui.play.arena import run_arena
from deberc_tui.table.services import Services
from deberc_tui.table.session import TableSession, default_players
from deberc_tui.text.i18n import translate

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "tests" / "bots" / "hostile.py"
BUDGET = 0.2
STOP = 0.3
"""What stopping a bot may add to a decision past its deadline on a busy machine (the supervisor ends the tree)."""
T = TypeVar("T")
needs_landlock = pytest.mark.skipif(sandbox_abi() == 0, reason="this kernel has no Landlock")


@pytest.fixture
def tag() -> Iterator[str]:
    """A word in the command line of the bot and of every child it forks; none may be left after the test."""
    word = f"hostile-{uuid.uuid4().hex[:12]}"
    yield word
    left = left_behind(word)
    kill_all(left)
    assert not left, f"processes of the bot left running: {left}"


def hostile(mode: str, tag: str, *paths: object) -> str:
    return " ".join([f"cmd:{sys.executable} {HOSTILE} {mode} {tag}", *map(str, paths)])


def within(seconds: float, fn: Callable[[], T]) -> T:
    """``fn()``, which must return within ``seconds`` (else the test fails, instead of hanging)."""
    import threading

    box: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            box.append(fn())
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if errors:
        raise errors[0]
    return box[0]


def bot_table(bot: str, budget: float = BUDGET, save_path: Path | None = None) -> TableSession:
    return TableSession(Rules.preset("moscow", players=2), default_players(2, bots=[bot]), first_dealer=0, seed=3,
                        services=Services(bot_budget=budget), pace=0.0, save_path=save_path)


def a_view() -> SeatView:
    game = Game(Rules.preset("moscow", players=2), first_dealer=0, seed=1)
    deal = game.start_deal()
    return game.view(deal.to_act)  # type: ignore[arg-type]


def timed_choice(bot: ProcessBot, view: SeatView, budget: float = BUDGET) -> tuple[str | None, float]:
    start = time.monotonic()
    _action, failure = safe_choose(bot, view, view.legal, budget)
    return failure, time.monotonic() - start


# -- item 8: every process a bot starts ends with it, and no pipe blocks the table -----------------------------


@pytest.mark.parametrize("mode", ["holder", "setsid-holder", "fork-exit"])
def test_a_child_holding_the_bots_pipes_never_stalls_the_table_and_ends_with_the_bot(mode: str, tag: str) -> None:
    table = bot_table(hostile(mode, tag))
    failures = within(20, lambda: drive(table))
    assert table.match.deals[0].is_over
    assert failures and "exited (code" in failures[0]
    within(5, table.close)
    assert left_behind(tag) == []


def test_bots_check_of_a_bot_whose_setsid_child_holds_its_pipes_ends_at_once(tag: str) -> None:
    command = hostile("setsid-holder", tag)[len("cmd:"):]
    start = time.monotonic()
    result = within(30, lambda: CliRunner().invoke(bots_cmd, ["--check", command, "--deals", "2", "--budget", "0.2"]))
    assert result.exit_code == 1, result.output
    assert "exited (code 3)" in result.output.splitlines()[0]
    assert time.monotonic() - start < 15
    assert left_behind(tag) == []


def test_the_arena_is_not_stalled_by_a_bots_children(tag: str) -> None:
    report = within(30, lambda: run_arena([hostile("fork-exit", tag), "random"], deals=1, seed=1, budget=BUDGET))
    assert report["bots"][0]["failures"] > 0
    assert left_behind(tag) == []


def test_a_double_forked_child_in_a_session_of_its_own_ends_with_the_bot(tag: str) -> None:
    bot = make_bot(hostile("orphan", tag))
    assert isinstance(bot, ProcessBot)
    failure, _seconds = timed_choice(bot, a_view())
    assert failure is None
    assert len(left_behind(tag)) >= 2, "the bot and its orphan run while the game goes on"
    within(5, bot.close)
    assert left_behind(tag) == []


@needs_landlock
@pytest.mark.skipif(sandbox_abi() < 6, reason="Landlock's signal scope needs Linux 6.12 (ABI 6)")
def test_a_sandboxed_bot_cannot_kill_its_supervisor_to_free_its_children(tag: str) -> None:
    bot = make_bot(hostile("kill-supervisor", tag))
    assert isinstance(bot, ProcessBot)
    assert bot.description == "PermissionError"
    assert timed_choice(bot, a_view())[0] is None
    within(5, bot.close)
    assert left_behind(tag) == []


def test_stopping_a_bot_whose_supervisor_was_stopped_is_bounded_and_ends_its_tree(tag: str) -> None:
    bot = make_bot(hostile("orphan", tag))
    assert isinstance(bot, ProcessBot) and bot._channel is not None
    supervisor_pid = bot._channel.proc.pid
    os.kill(supervisor_pid, signal.SIGSTOP)  # as a bot could do without Landlock's signal scope (Linux < 6.12)
    start = time.monotonic()
    bot.close()
    assert time.monotonic() - start < 2 * process.STOP_SECONDS + 1
    with pytest.raises(ProcessLookupError):
        os.kill(supervisor_pid, 0)
    assert left_behind(tag, settle=1.0) == []  # the orphan too, though it left the group


# -- item 9: a flood is bounded and is a failure ----------------------------------------------------------------


def resident_mib() -> float:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)


def test_a_bot_flooding_its_output_while_the_human_thinks_costs_the_table_no_memory(tag: str) -> None:
    bot = make_bot(hostile("flood", tag))
    assert isinstance(bot, ProcessBot)
    before = resident_mib()
    time.sleep(1.5)  # the person thinks; the bot writes as fast as it can
    assert resident_mib() - before < 16
    failure, seconds = timed_choice(bot, a_view())
    assert failure is not None and "flooded its output" in failure
    assert seconds < grace(BUDGET) + STOP
    bot.close()


def test_a_flood_in_the_arena_is_a_failure_and_no_decision_overruns(tag: str) -> None:
    report = within(60, lambda: run_arena([hostile("flood", tag), "random"], deals=1, seed=1, budget=BUDGET))
    flood, rnd = report["bots"]
    # Asked at once after its hello, it may fail first on a stray line ("not JSON"); asked later, it has flooded.
    assert flood["failures"] > 0 and any(why in (flood["first_failure"] or "") for why in ("flooded", "not JSON"))
    assert flood["decision_ms_p99"] < (grace(BUDGET) + STOP) * 1000
    assert rnd["failures"] == 0


def test_a_bot_flooding_stderr_still_plays_and_costs_no_memory(tag: str) -> None:
    bot = make_bot(hostile("flood-stderr", tag))
    assert isinstance(bot, ProcessBot)
    before = resident_mib()
    view = a_view()
    results = [timed_choice(bot, view) for _i in range(10)]
    assert [failure for failure, _s in results] == [None] * 10
    assert max(seconds for _f, seconds in results) < grace(BUDGET)
    assert resident_mib() - before < 16
    bot.close()


def test_what_is_kept_of_a_bots_output_is_bounded(tag: str) -> None:
    bot = make_bot(hostile("flood", tag))
    assert isinstance(bot, ProcessBot) and bot._channel is not None
    time.sleep(0.5)
    assert bot._channel.pipes.inbox.kept <= MAX_PENDING_BYTES
    bot.close()


# -- item 10: a restart counts against the decision's deadline ------------------------------------------------


def test_a_restart_and_its_slow_hello_count_against_the_decisions_deadline(tag: str) -> None:
    bot = make_bot(hostile("slow-restart", tag))
    assert isinstance(bot, ProcessBot)
    view = a_view()
    failure, seconds = timed_choice(bot, view, 0.3)
    assert failure is not None and "exited (code 3)" in failure
    for _i in range(2):  # the restarted bot sleeps 9 s before its hello
        failure, seconds = timed_choice(bot, view, 0.3)
        assert seconds < grace(0.3) + STOP
        assert failure is not None and "still starting" in failure
    bot.close()


def test_a_bot_is_restarted_at_once_so_that_it_is_ready_for_its_next_decision(tag: str) -> None:
    bot = make_bot(hostile("crash-once", tag))
    assert isinstance(bot, ProcessBot)
    view = a_view()
    failure, _seconds = timed_choice(bot, view)
    assert failure is not None and "exited (code 5)" in failure
    deadline = time.monotonic() + 10
    while (failure := timed_choice(bot, view)[0]) is not None and time.monotonic() < deadline:
        time.sleep(0.3)  # the person thinks while the bot starts again
    assert failure is None and bot.restarts == 1
    bot.close()


# -- item 12: a bot cannot read deberc's files -----------------------------------------------------------------


def saved_table(bot: str, data: Path) -> TableSession:
    """A table that has saved its game in the data folder, as the table does after every action."""
    table = bot_table(bot, budget=1.0, save_path=data / "games" / "current.json")
    (data / "games").mkdir(parents=True, exist_ok=True)
    table.autosave()
    assert (data / "games" / "current.json").exists()
    return table


@needs_landlock
def test_a_bot_cannot_read_the_tables_saves_nor_its_settings_nor_write_outside_its_folder(tag: str) -> None:
    data, config = Path(os.environ["DEBERC_DATA_DIR"]), Path(os.environ["DEBERC_CONFIG_DIR"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text('{"language": "en"}', encoding="utf-8")
    games = data / "games"
    table = saved_table(hostile("reader", tag, games, games / "current.json", config / "settings.json",
                                ROOT / "README.md"), data)
    bot = table.bots[1]
    assert isinstance(bot, ProcessBot) and bot.sandboxed and bot.notice is None
    failures = drive(table)
    assert failures
    readme = f"{len((ROOT / 'README.md').read_bytes())} bytes"
    for failure in failures:  # the bot gives up each decision with what it read
        assert failure == 'gave up: {"read": ["denied", "denied", "denied", "' + readme + '"], "wrote": "denied"}'
    assert not (data / "written-by-bot").exists() and not (games / "written-by-bot").exists()
    table.close()


def test_without_landlock_the_first_bot_says_what_it_can_read(monkeypatch: pytest.MonkeyPatch, tag: str,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(process, "sandbox_abi", lambda: 0)
    monkeypatch.setattr(process, "_noticed", False)
    data = Path(os.environ["DEBERC_DATA_DIR"])
    with caplog.at_level(logging.WARNING, logger="deberc.bots"):
        table = saved_table(hostile("reader", tag, data / "games" / "current.json"), data)
        second = make_bot(hostile("orphan", tag))
    bot = table.bots[1]
    assert isinstance(bot, ProcessBot) and not bot.sandboxed
    notice = translate(table.warnings[0])
    assert "\n" not in notice and "without a sandbox" in notice and str(data) in notice
    assert str(Path(os.environ["DEBERC_CONFIG_DIR"])) in notice
    assert [r.getMessage() for r in caplog.records] == [notice]  # said once a session, also where there is no table
    assert isinstance(second, ProcessBot) and second.notice is None
    assert drive(table)[0] == 'gave up: {"read": ["deck!"], "wrote": "yes"}'  # what the notice warns of
    second.close()
    table.close()


def test_the_kernel_probe_says_no_landlock_when_the_system_call_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_call(number: int, *args: object) -> int:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(supervisor, "_syscall", no_such_call)
    assert supervisor.landlock_abi() == 0


def test_everything_but_the_denied_folders_is_readable(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".local" / "share" / "deberc").mkdir(parents=True)
    (home / ".local" / "share" / "other").mkdir()
    (home / ".config" / "deberc").mkdir(parents=True)
    (home / "notes.txt").write_text("x")
    (home / "saves").symlink_to(home / ".local" / "share" / "deberc")
    (home / "up").symlink_to(home / ".local")
    denied = [str(home / ".local" / "share" / "deberc"), str(home / ".config" / "deberc")]
    roots = set(supervisor.readable_roots(denied))
    assert {str(home / ".local" / "share" / "other"), str(home / "notes.txt")} <= roots
    assert not roots & {*denied, str(home), str(home / ".local"), str(home / "saves"), str(home / "up")}
    assert str(tmp_path.parent / "..") not in roots and "/usr" in roots
