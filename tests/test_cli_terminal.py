"""The ``deberc`` command wherever it runs (issue 20): without a terminal, on a terminal that is not UTF-8, into a
pipe that closes early, with values far too long or no number at all, with a name that holds control characters,
against a bot whose line nests 200,000 deep. Each is one line or a quiet end — never a traceback, never a hang.

These run real processes: what a terminal, an encoding or a closed pipe does is what the process sees."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deberc_tui.bot_hosting.protocol import decode_line
from deberc_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
DEBERC = [sys.executable, "-c", "from deberc_tui.cli import main; main()"]
DEEP_BOT = f"{sys.executable} {ROOT / 'tests' / 'plugins' / 'deep_bot.py'}"
NEEDS_A_TERMINAL = "deberc needs a terminal: run it in one (commands for scripts: deberc --help)"


def deberc(*args: str, encoding: str | None = None, timeout: float = 60, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    """Run the worktree's ``deberc`` with ``PYTHONIOENCODING`` set to ``encoding`` (as a terminal in it would)."""
    env = {**os.environ, **({"PYTHONIOENCODING": encoding} if encoding else {})}
    kw.setdefault("stdin", subprocess.DEVNULL)
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([*DEBERC, *args], stderr=subprocess.PIPE, env=env, timeout=timeout, cwd=ROOT, **kw)


def error_lines(proc: subprocess.CompletedProcess[bytes]) -> list[str]:
    text = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in text, text
    return [line for line in text.splitlines() if line.startswith("Error:")]


# -- item 4: a screen without a terminal ------------------------------------------------------------------------


@pytest.mark.parametrize("args", [[], ["--players", "2", "--bots", "random"], ["scorepad"], ["practice"]])
def test_a_screen_without_a_terminal_is_refused_in_one_line(args: list[str]) -> None:
    proc = deberc(*args, timeout=30)  # standard input is /dev/null, standard error a pipe
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines() == [NEEDS_A_TERMINAL]


def test_a_bad_file_is_still_named_before_the_missing_terminal(tmp_path: Path) -> None:
    proc = deberc("--load", str(tmp_path / "missing.json"), timeout=30)
    assert proc.returncode == 2 and "No such file or directory" in proc.stderr.decode()


def test_on_a_terminal_the_table_opens() -> None:
    import pty
    import select
    import time

    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    proc = subprocess.Popen([*DEBERC, "--lang", "en"], stdin=follower, stdout=follower, stderr=follower, env=env,
                            cwd=ROOT)
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 30
        while b"Score pad" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(leader, 65536)
                except OSError:
                    break
    finally:
        proc.kill()
        proc.wait(10)
        os.close(leader)
    assert b"Score pad" in seen and NEEDS_A_TERMINAL.encode() not in seen


# -- item 5: terminals that are not UTF-8 ---------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["cp1251", "koi8-r", "latin-1"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_prints_on_a_terminal_in_any_encoding(encoding: str, lang: str) -> None:
    proc = deberc("--lang", lang, "--help", encoding=encoding)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
    out = proc.stdout.decode(encoding)
    assert "--ascii" in out and "(c d h s) instead of c d h s" in out.replace("вместо", "instead of")
    if lang == "ru" and encoding == "latin-1":  # no Cyrillic at all: English, and why
        assert out.startswith("Usage:")
        assert proc.stderr.decode(encoding).splitlines() == [
            "deberc: this terminal's encoding (iso8859-1) cannot show Russian: deberc speaks English"]
    elif lang == "ru":
        assert out.startswith("Использование:") and proc.stderr == b""


@functools.cache
def replayed_in_utf8(lang: str) -> list[str]:
    return deberc("--lang", lang, "replay", str(GOLDEN / "short_2p_e2.record.json")).stdout.decode().splitlines()


@pytest.mark.parametrize(("encoding", "lang", "deal_1"), [
    ("cp1251", "en", "Deal 1 — dealer P0, turnup 10s"), ("koi8-r", "en", "Deal 1 - dealer P0, turnup 10s"),
    ("latin-1", "en", "Deal 1 - dealer P0, turnup 10s"), ("cp1251", "ru", "Сдача 1 — сдаёт P0, вскрышка 10s"),
    ("koi8-r", "ru", "Сдача 1 - сдаёт P0, вскрышка 10s"), ("latin-1", "ru", "Deal 1 - dealer P0, turnup 10s"),
])
def test_replay_prints_the_whole_record_with_suits_as_letters(encoding: str, lang: str, deal_1: str) -> None:
    proc = deberc("--lang", lang, "replay", str(GOLDEN / "short_2p_e2.record.json"), encoding=encoding)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
    lines = proc.stdout.decode(encoding).splitlines()
    assert lines[1] == deal_1
    assert len(lines) == len(replayed_in_utf8(lang))  # to the end: nothing cut off half-way
    assert not any(suit in line for line in lines for suit in "♠♣♥♦")


def test_standard_input_is_read_as_utf8_whatever_the_terminal(tmp_path: Path) -> None:
    doc = json.loads((GOLDEN / "club_2p_21.record.json").read_text(encoding="utf-8"))
    doc["players"][0]["name"] = "Аня"
    proc = deberc("replay", "-", encoding="latin-1", input=json.dumps(doc, ensure_ascii=False).encode("utf-8"),
                  stdin=None)
    assert proc.returncode == 0, proc.stderr
    assert "dealer Anya, turnup 7s" in proc.stdout.decode("latin-1")


# -- item 6: a pipe closed early, names with control characters, a bot's deep line, a huge value -----------------


def test_a_pipe_closed_early_ends_replay_quietly() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader (`| head`) is gone before the first line
    try:
        proc = deberc("replay", str(GOLDEN / "club_2p_21.record.json"), stdout=write_end)
    finally:
        os.close(write_end)
    assert proc.returncode == 1 and proc.stderr == b""


def test_replay_shows_control_characters_in_names_escaped(tmp_path: Path) -> None:
    doc = json.loads((GOLDEN / "club_2p_21.record.json").read_text(encoding="utf-8"))
    doc["players"][0]["name"] = "A\x9b31mB\x85\u202eC"
    path = tmp_path / "names.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    proc = deberc("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")
    assert "Deal 1 — dealer A\\x9b31mB\\x85\\u202eC, turnup 7♠" in out.splitlines()
    assert not any(ch in out for ch in "\x9b\x85\u202e\x1b")


def test_a_line_nested_200000_deep_is_a_protocol_error_not_a_recursion_error() -> None:
    line = b"[" * 200_000 + b"]" * 200_000
    with pytest.raises(ValueError, match="nested more than 32 levels deep"):
        decode_line(line)
    assert decode_line(b'{"id": 1, "action": {"bid": "pass"}}') == {"id": 1, "action": {"bid": "pass"}}


@pytest.mark.parametrize(("where", "code"), [("hello", 2), ("choose", 1)])
def test_a_bot_answering_a_deep_line_is_checked_in_one_line_each(where: str, code: int) -> None:
    proc = deberc("bots", "--check", f"{DEEP_BOT} {where}", "--deals", "1", "--budget", "1")
    text = proc.stdout.decode() + proc.stderr.decode()
    assert proc.returncode == code and "RecursionError" not in text and "Traceback" not in text, text
    assert all(len(line) < 300 for line in text.splitlines())
    assert "sent a line that is not JSON: '[[[[" in text


HUGE = "9" * 5000


def refused_in_process(*args: str) -> str:
    """The one error line of a command refused before it starts anything (exit 2, no traceback)."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output[:400]
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output[:400]
    return lines[0]


@pytest.mark.parametrize("args", [
    ["--seed", HUGE], ["--players", HUGE], ["--preset", HUGE], ["arena", "--seed", HUGE], ["arena", "--deals", HUGE],
    ["arena", "--players", HUGE], ["arena", "--preset", HUGE], ["bots", "--deals", HUGE], ["bench", "engine", "--seed", HUGE],
    ["bench", "engine", "--deals", HUGE], ["practice", "--round", HUGE], ["practice", "--seconds", HUGE],
    ["scorepad", "new", "--players", HUGE], ["scorepad", "new", "--hanging", HUGE],
])
def test_a_5000_digit_value_is_quoted_cut_short(args: list[str]) -> None:
    line = refused_in_process(*args)
    assert len(line) < 250 and "9" * 40 + "…" in line, line


# -- item 11: a budget that is no number of seconds -----------------------------------------------------------


@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "1e308", "NaN", "0x10", "1_0", "0"])
@pytest.mark.parametrize("command", [["arena", "--deals", "1"], ["bots", "--check", "true"]])
def test_a_budget_that_is_not_a_number_of_seconds_is_refused(command: list[str], budget: str) -> None:
    line = refused_in_process(*command, "--budget", budget)
    assert line.startswith("Error: Invalid value for '--budget': ")
    assert "is not a number of seconds" in line or "seconds: give a number from" in line, line


def test_a_budget_within_the_limits_is_taken() -> None:
    result = CliRunner().invoke(main, ["arena", "--bots", "random,random", "--deals", "1", "--budget", "2.5e-1",
                                       "--json"])  # one quick deal: --deals 0 alone has nothing to play
    assert result.exit_code == 0, result.output
