"""Untrusted bots: whatever a bot does, the game goes on, nothing it does changes the game, and it sees
only its seat.

Plug-ins are installed for real (a ``deberc.bots`` entry point in a temporary ``dist-info``) and run
in their own process through ``python -m deberc_tui.bot_hosting.adapter``; command bots (``cmd:``) speak the protocol
themselves. Each misbehaviour is played at the table (the headless :class:`TableSession`, driven the way the
table screen drives it) and in the arena. Budgets are 0.2 s so the whole file stays fast.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from processhelp import kill_all, left_behind
from sessionhelp import drive

from deberc_tui.bot_hosting import registry
from deberc_tui.bot_hosting.process import ProcessBot
from deberc_tui.bot_hosting.protocol import view_from_message, view_to_message
from deberc_tui.bot_hosting.runner import safe_choose, safe_optional
from deberc_tui.cli.arena import arena, bots_cmd
from deberc_tui.cli.bench import bench
from deberc_tui.engine import DECK, Action, Card, Deal, Game, PlayCard, Rules, SeatView
from deberc_tui.play.arena import run_arena
from deberc_tui.play.loop import Answer, Ask
from deberc_tui.play.seats import ask_bot_optional as bot_optional
from deberc_tui.table import steps
from deberc_tui.table.services import Services
from deberc_tui.table.session import TableSession, default_players
from deberc_tui.text.i18n import translate

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ROOT / "tests" / "plugins"
PROTO_BOT = f"{sys.executable} {PLUGINS / 'proto_bot.py'}"
EXAMPLE = f"cmd:{sys.executable} {ROOT / 'examples' / 'random_bot.py'}"
BUDGET = 0.2
EVIL = {
    "raiser": "Raiser", "garbage": "Garbage", "always-equal": "AlwaysEqual", "raising-eq": "RaisingEq",
    "mutator": "Mutator", "sleeper": "Sleeper", "optional-sleeper": "OptionalSleeper", "busy": "Busy",
    "snoop": "Snoop",
}
MISBEHAVING = ["raiser", "garbage", "always-equal", "raising-eq", "mutator", "sleeper", "busy"]


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Install ``tests/plugins/evilbots.py``'s bots as entry points, plus one whose module does not exist."""
    site = tmp_path / "site"
    dist = site / "evilbots-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: evilbots\nVersion: 1.0\n", encoding="utf-8")
    lines = [f"{name} = evilbots:{cls}" for name, cls in EVIL.items()] + ["broken-import = evilbots_missing:Bot"]
    (dist / "entry_points.txt").write_text("[deberc.bots]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))  # the table finds the entry points, but not the module
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(PLUGINS), str(ROOT)]))
    return tmp_path


@pytest.fixture(autouse=True)
def _no_module_leaks() -> Iterator[None]:
    yield
    assert "evilbots" not in sys.modules, "a plug-in was imported into the table's process"


@pytest.fixture(autouse=True)
def _no_process_left() -> Iterator[None]:
    """After each run no bot process is left: each bot and whatever it started end when the table, the arena or the
    check closes it."""
    yield
    left = left_behind()
    kill_all(left)
    assert not left, f"bot processes left running: {left}"


# -- driving the table headless, as the table screen does -----------------------------------------


def play_at_table(table: TableSession, deals: int = 1) -> list[str]:
    """Play ``deals`` deals as the table screen does (:func:`sessionhelp.drive`: the session's steps carried out,
    the human taking the first legal action). Returns the failures the table would show in its log."""
    return drive(table, deals)


def bot_table(bot: str, players: int = 2, seed: int = 3, budget: float = BUDGET) -> TableSession:
    rules = Rules.preset("moscow", players=players)
    return TableSession(rules, default_players(players, bots=[bot]), first_dealer=0, seed=seed,
                        services=Services(bot_budget=budget), pace=0.0)


def hidden_cards(deal: Deal, view: SeatView) -> set[str]:
    """The cards ``view.seat`` must not know now: every card but its hand, the played and face-up cards,
    and the declared combinations already shown (computed from the deal, not from what was sent)."""
    known = {c.notation for c in deal.hand(view.seat)}
    known |= {c.notation for t in deal.tricks for _s, c in t.cards}
    known |= {DECK[i].notation for _s, i in deal.trick}
    known |= {c.notation for c in (deal.turnup, deal.bottom, deal.swapped_card) if c is not None}
    known |= {c.notation for a in view.announcements for c in a.shown}
    return {c.notation for c in DECK} - known


CARD = re.compile(r'"([2-9TJQKA][CDHS])"')


# -- plug-ins at the table ----------------------------------------------------------------------


def test_a_plugin_runs_in_its_own_process_and_finds_no_deal_in_memory_or_on_the_stack(plugins: Path) -> None:
    table = bot_table("snoop")
    bot = table.bots[1]
    assert isinstance(bot, ProcessBot) and bot.pid not in (None, os.getpid())
    assert play_at_table(table) == []
    reports = [json.loads(line) for line in (Path(bot.scratch) / "snoop.jsonl").read_text().splitlines()]
    assert reports, "the snoop was asked at least once"
    assert all(r["objects"] == [] and r["frames"] == [] for r in reports)
    assert {r["pid"] for r in reports} == {bot.pid}
    table.close()


@pytest.mark.parametrize("name", MISBEHAVING)
def test_a_misbehaving_plugin_never_stops_the_table_nor_changes_its_rules(plugins: Path, name: str) -> None:
    table = bot_table(name)
    rules_before = table.game.rules.to_dict()
    start = time.monotonic()
    failures = play_at_table(table)
    assert table.game.deals[-1].is_over
    assert failures, "the table said what went wrong"
    assert all("\n" not in f and len(f) < 300 for f in failures)
    assert table.game.rules.to_dict() == rules_before and table.rules.target == 501
    # A bot that stalls is stopped at once, restarted a few times, then disabled: the deal never waits long.
    assert time.monotonic() - start < 12
    table.close()


def test_a_stalling_plugin_is_killed_not_left_running(plugins: Path) -> None:
    table = bot_table("busy")
    bot = table.bots[1]
    first = bot.pid
    assert first is not None
    while not isinstance(step := table.advance(), steps.Think):  # the human acts until the bot must
        table.act(0, table.view(0).legal[0])
    answer = table.think(step.ask)
    assert answer.action in step.ask.actions and answer.failure is not None and "did not answer" in answer.failure
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)  # gone: it no longer burns a CPU
    table.close()


def seat_with_options() -> tuple[Game, SeatView]:
    """A 2-player deal at a moment when a seat whose turn it is not may swap the seven (or the like)."""
    for seed in range(200):
        game = Game(Rules.preset("moscow", players=2), first_dealer=0, seed=seed)
        deal = game.start_deal()
        while not deal.is_over:
            for seat in range(2):
                if seat != deal.to_act and deal.optional_actions(seat):
                    return game, game.view(seat)
            game.apply(deal.to_act, deal.legal_actions()[0])  # type: ignore[arg-type]
    raise AssertionError("no deal with an out-of-turn option")


@pytest.mark.parametrize("name", ["optional-sleeper", "mutator"])
def test_optional_is_bounded_and_checked_too(plugins: Path, name: str) -> None:
    game, view = seat_with_options()
    bot = registry.make_bot(name)
    start = time.monotonic()
    assert bot_optional(bot, view, view.optional) is None
    assert time.monotonic() - start < 2.0
    assert game.rules.target == 501
    assert isinstance(bot, ProcessBot)
    bot.close()


def test_a_plugin_that_fails_to_import_is_replaced_and_named(plugins: Path) -> None:
    table = bot_table("broken-import")
    assert len(table.warnings) == 1
    warning = translate(table.warnings[0])
    assert "broken-import" in warning and "evilbots_missing" in warning and "\n" not in warning
    assert type(table.bots[1]).__name__ == "HeuristicBot"
    assert play_at_table(table) == []


def test_the_bot_list_names_plugins_without_importing_them(plugins: Path) -> None:
    out = CliRunner().invoke(bots_cmd, []).output
    assert "broken-import" in out and "evilbots_missing:Bot" in out and "own process" in out


# -- in-process bots: only the built-ins are, and still the runner trusts nothing they hand back ---------


class _Eq:
    def __init__(self, raises: bool) -> None:
        self.raises = raises

    def __eq__(self, other: object) -> bool:
        if self.raises:
            raise RuntimeError("no comparing me")
        return True

    __hash__ = object.__hash__


class _Lookalike(PlayCard):
    """A real PlayCard subclass that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = PlayCard.__hash__


class InProcess:
    """An in-process bot doing one bad thing (``mode``)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.name = f"inproc-{mode}"

    def choose(self, view: SeatView, legal: list[Action], budget: float | None = None) -> Any:
        if self.mode == "always-equal":
            return _Eq(False)
        if self.mode == "raising-eq":
            return _Eq(True)
        if self.mode == "lookalike":
            return _Lookalike(Card.parse("7C"))
        if self.mode == "mutate":
            object.__setattr__(view.rules, "target", 1)
            object.__setattr__(view, "legal", ())
            legal.clear()
            raise RuntimeError("after mutating")
        if self.mode == "sleep":
            time.sleep(3)
        return legal[0]

    def optional(self, view: SeatView, options: list[Action]) -> Any:
        if self.mode == "sleep":
            time.sleep(3)
        if self.mode == "mutate":
            object.__setattr__(view.rules, "target", 1)
            options.clear()
        return _Eq(self.mode == "raising-eq")


@pytest.mark.parametrize("mode", ["always-equal", "raising-eq", "lookalike", "mutate", "sleep"])
def test_an_in_process_bot_gets_copies_and_a_checked_bounded_call(mode: str) -> None:
    rules = Rules.preset("moscow", players=2)
    table = TableSession(rules, default_players(2, bots=["random"]), first_dealer=0, seed=3, pace=0.0,
                         services=Services(make_bot=lambda name, seed=None: InProcess(mode), bot_budget=0.05))
    start = time.monotonic()
    failures = play_at_table(table)
    assert table.game.deals[-1].is_over
    assert table.game.rules.target == 501 and table.rules.target == 501
    assert failures
    assert time.monotonic() - start < 10


def test_an_in_process_optional_is_bounded_and_never_trusted() -> None:
    game, view = seat_with_options()
    for mode in ("sleep", "always-equal", "raising-eq", "mutate"):
        start = time.monotonic()
        assert safe_optional(InProcess(mode), view, view.optional, 0.05) is None
        assert time.monotonic() - start < 1.0
    assert game.rules.target == 501 and view.optional  # the table's own list is whole


def test_the_fallback_comes_from_the_tables_list_when_the_bot_empties_its_copy() -> None:
    game = Game(Rules.preset("moscow", players=2), first_dealer=0, seed=1)
    deal = game.start_deal()
    view = game.view(deal.to_act)  # type: ignore[arg-type]
    legal = list(view.legal)
    action, failure = safe_choose(InProcess("mutate"), view, legal, 0.1)
    assert failure is not None and "after mutating" in failure
    assert action in view.legal and legal == list(view.legal)


# -- command bots: the protocol itself ---------------------------------------------------------------


def test_a_protocol_bot_is_sent_no_card_outside_its_view(tmp_path: Path) -> None:
    table = bot_table(f"cmd:{PROTO_BOT} spy received.jsonl", players=4, seed=5, budget=1.0)
    checked = 0

    def spied(session: TableSession, ask: Ask) -> Answer:
        nonlocal checked
        log = Path(session.bots[ask.view.seat].scratch) / "received.jsonl"  # type: ignore[attr-defined]  # a ProcessBot
        before = _lines(log)
        deal = session.deal
        assert deal is not None
        view = ask.view
        answer = session.think(ask)
        assert answer.failure is None
        checked += _check_sent(log, before, hidden_cards(deal, view))
        return answer

    drive(table, deals=2, thinker=spied)
    assert checked > 20
    table.close()


def _lines(log: Path) -> int:
    return len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0


def _check_sent(log: Path, before: int, hidden: set[str]) -> int:
    sent = log.read_text(encoding="utf-8").splitlines()[before:]
    for line in sent:
        leaked = set(CARD.findall(line)) & hidden
        assert not leaked, f"sent hidden cards {sorted(leaked)}"
    return len(sent)


@pytest.mark.parametrize(("mode", "words"), [
    ("garbage", "not JSON"), ("wrong-id", "answered id"), ("illegal", "which is not an action"),
    ("silent", "did not answer"), ("crash", "exited (code 3)"), ("deaf", "did not answer"),
    ("flood", "longer than"),
])
def test_a_broken_protocol_bot_never_stops_the_table(mode: str, words: str) -> None:
    table = bot_table(f"cmd:{PROTO_BOT} {mode}")
    failures = play_at_table(table)
    assert table.game.deals[-1].is_over
    assert any(words in f for f in failures), failures
    table.close()


def test_check_reports_each_protocol_error_on_a_line_of_its_own() -> None:
    result = CliRunner().invoke(bots_cmd, ["--check", f"{PROTO_BOT} garbage", "--deals", "2", "--budget", "0.2"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("deal 1, seat 1: sent a line that is not JSON: 'this is not json'")
    assert "proto-garbage: 2 deals" in lines[-1] and f"{len(lines) - 1} protocol errors" in lines[-1]


def test_check_passes_the_example_bot_which_does_not_import_deberc() -> None:
    source = (ROOT / "examples" / "random_bot.py").read_text(encoding="utf-8")
    assert "deberc" not in "\n".join(line for line in source.splitlines() if "import" in line)
    assert len([line for line in source.splitlines() if line.strip()]) <= 16
    result = CliRunner().invoke(bots_cmd, ["--check", EXAMPLE[len("cmd:"):], "--players", "3"])
    assert result.exit_code == 0, result.output
    assert "random.py: 3 deals" in result.output and " 0 protocol errors" in result.output


def test_check_of_a_command_that_cannot_start_is_one_line() -> None:
    result = CliRunner().invoke(bots_cmd, ["--check", "no-such-program-here"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == ["Error: cannot start 'no-such-program-here': No such file or directory"]


def test_a_saved_game_never_starts_the_command_it_names(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    table = bot_table(EXAMPLE)
    doc = table.record()
    table.close()
    doc["players"][1]["bot"] = f"cmd:{sys.executable} -c \"open('{marker}', 'w')\""
    loaded = TableSession.from_record(json.dumps(doc))
    assert not marker.exists()
    assert "command bot is not started from a saved game" in translate(loaded.warnings[0])
    assert play_at_table(loaded) == []


def test_the_protocol_view_reads_back_as_the_same_view() -> None:
    game = Game(Rules.preset("moscow", players=3), first_dealer=0, seed=2)
    seen = 0
    while game.outcome is None and len(game.deals) < 3:
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            for s in range(game.n):
                view = game.view(s)
                assert view_from_message(json.loads(json.dumps(view_to_message(view))), view.legal) == view
                seen += 1
            game.apply(seat, deal.legal_actions()[-1])
    assert seen > 50


# -- the arena -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", MISBEHAVING + ["optional-sleeper"])
def test_a_misbehaving_plugin_never_stops_the_arena(plugins: Path, name: str) -> None:
    start = time.monotonic()
    report = run_arena([name, "random"], deals=1, seed=1, budget=BUDGET)
    evil, rnd = report["bots"]
    assert evil["name"] == name
    if name != "optional-sleeper":
        assert evil["failures"] > 0 and evil["first_failure"]
        assert "\n" not in evil["first_failure"]
    assert rnd["failures"] == 0
    assert time.monotonic() - start < 15


def test_mutating_the_rules_wins_nothing_in_the_arena(plugins: Path) -> None:
    mutator = run_arena(["mutator", "random"], deals=2, seed=4, budget=BUDGET)
    raiser = run_arena(["raiser", "random"], deals=2, seed=4, budget=BUDGET)
    # Both always fail, so the table plays the same safe actions for them: the same points.
    assert [b["mean_points"] for b in mutator["bots"]] == [b["mean_points"] for b in raiser["bots"]]


def test_a_snooping_plugin_finds_nothing_in_the_arena(plugins: Path) -> None:
    report = run_arena(["snoop", "random"], deals=1, seed=2, budget=1.0)
    snoop = report["bots"][0]
    assert snoop["failures"] == 0 and snoop["decision_ms_p50"] > 0  # asked, and it gave up on nothing it found


def test_the_arena_refuses_a_plugin_that_fails_to_import_in_one_line(plugins: Path) -> None:
    result = CliRunner().invoke(arena, ["--bots", "broken-import,random", "--deals", "1"])
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and "broken-import" in line and "evilbots_missing" in line
    assert "Traceback" not in result.output


def test_an_in_process_bot_that_sleeps_is_bounded_in_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    builtins = registry._builtins()

    class Sleepy(InProcess):
        def __init__(self, seed: int | None = None, style: str = "normal") -> None:
            super().__init__("sleep")

    monkeypatch.setattr(registry, "_builtins", lambda: {**builtins, "sleepy": Sleepy})
    start = time.monotonic()
    report = run_arena(["sleepy", "random"], deals=1, seed=1, budget=0.05)
    assert report["bots"][0]["failures"] > 0
    assert time.monotonic() - start < 10


def test_a_command_bot_plays_in_the_arena_and_one_process_serves_every_deck() -> None:
    report = run_arena([EXAMPLE, "random"], deals=4, seed=1, budget=1.0)
    assert report["bots"][0]["failures"] == 0 and report["bots"][0]["name"] == EXAMPLE


def test_bench_bots_measures_all_three_ways() -> None:
    result = CliRunner().invoke(bench, ["bots", "--deals", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["direct_per_s"] > 0 and data["in_process_per_s"] > 0 and data["protocol_per_s"] > 0
    assert data["decisions"]["protocol"] > 0


# -- the real table screen ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["spy", "garbage"])
async def test_the_table_screen_plays_a_deal_against_a_command_bot(tmp_path: Path, mode: str) -> None:
    from apphelp import human_move, settle

    from deberc_tui.app import make_app
    from deberc_tui.app.look import Look
    from deberc_tui.app.screens.modals import DealSummaryScreen

    app = make_app(Rules.preset("moscow", players=2), bots=[f"cmd:{PROTO_BOT} {mode} received.jsonl"], seed=3, pace=0.0,
                   look=Look(ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await settle(pilot)
            if isinstance(app.screen, DealSummaryScreen):
                break
            await human_move(pilot)
        else:
            raise AssertionError("the deal did not end")
        assert app.session.game.deals[0].is_over
        log = Path(app.session.bots[1].scratch) / "received.jsonl"  # type: ignore[attr-defined]  # a ProcessBot
        assert any('"type":"choose"' in line for line in log.read_text().splitlines())
        app.session.close()
