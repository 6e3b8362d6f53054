"""The ``deberc`` command line: seat counts that do not fit, bad --load files, Russian click frame words,
and replay errors that count seats from 1 and name the player. One line, exit 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deberc_tui.cli import main

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="deberc")


def refused(result: Result) -> str:
    """The error line of a refused command (exit 2, no traceback)."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith(("Error:", "Ошибка:"))]
    assert len(errors) == 1, result.output
    return errors[0]


# -- seats ----------------------------------------------------------------------------------------


def test_more_bots_than_seats_is_a_usage_error() -> None:
    line = refused(run("--bots", "human,human,human", "--players", "2"))
    assert line == "Error: --bots lists 3 bots but --players 2 leaves 1 other seat"
    line = refused(run("--bots", "expert,expert,expert,expert", "--players", "4"))
    assert line == "Error: --bots lists 4 bots but --players 4 leaves 3 other seats"


def test_more_names_than_seats_is_a_usage_error() -> None:
    line = refused(run("--names", "Anna,Boris,Clara", "--players", "2"))
    assert line == "Error: --names lists 3 names but --players 2 has 2 seats"
    line = refused(run("--names", "Anna,Boris,Clara", "--bots", "expert"))
    assert line == "Error: --names lists 3 names but --bots makes a table of 2 seats"


def test_an_unknown_bot_on_the_command_line_is_refused() -> None:
    line = refused(run("--bots", "nobody"))
    assert "unknown bot 'nobody'" in line


# -- --load -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "cannot read"),
        ("{not json", "not valid JSON"),
        ("[]", "a record must be a JSON object"),
        ('{"format": "deberc-record/1", "players": [{"name": "A"}]}', "'players' must be a list of 2, 3 or 4"),
        ('{"format": "deberc-record/1", "players": [{"name": "A"}, {"name": "B"}], "deals": [{"deck": []}]}',
         "deal 1: the deck must hold the 32 cards"),
        ('{"format": "deberc-record/1", "players": [{"name": "A"}, {"name": "B"}], "deals": 5}',
         "'deals' must be a list"),
    ],
)
def test_a_bad_load_file_gives_one_line_and_exit_2(tmp_path: Path, content: str | None, expected: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    line = refused(run("--load", str(path)))
    assert expected in line and str(path) in line


def test_a_bad_load_file_prints_no_traceback_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "deberc-record/1", "players": "two"}', encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", "from deberc_tui.cli import main; main()", "--load", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [f"Error: {path}: 'players' must be a list of 2, 3 or 4 players"]


# -- Russian ---------------------------------------------------------------------------------------


def test_russian_help_has_russian_frame_words() -> None:
    result = run("--lang", "ru", "--help")
    assert result.exit_code == 0
    out = result.output
    assert out.startswith(("Использование: deberc [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...",  # click 8.4
                           "Использование: deberc [ПАРАМЕТРЫ] [КОМАНДА] [АРГУМЕНТЫ]..."))  # click 8.5
    for words in ("Параметры:", "Команды:", "Показать эту справку и выйти.", "Показать версию и выйти."):
        assert words in out, words
    for words in ("Usage:", "Options:", "Commands:", "Show this message and exit."):
        assert words not in out, words
    english = run("--lang", "en", "--help").output
    assert english.startswith(("Usage: deberc [OPTIONS] COMMAND [ARGS]...", "Usage: deberc [OPTIONS] [COMMAND] [ARGS]...")) and "Show this message and exit." in english


def test_a_bad_option_is_refused_in_russian() -> None:
    result = run("--lang", "ru", "--bogus")
    line = refused(result)
    assert line.startswith("Ошибка: нет параметра '--bogus'")
    assert "Справка: 'deberc --help'." in result.output and "Использование:" in result.output
    line = refused(run("--lang", "ru", "--players", "9"))
    assert line.startswith("Ошибка: ") and "Invalid value" not in line and "'--players'" in line
    line = refused(run("--lang", "ru", "--bots", "human,human,human", "--players", "2"))
    assert line == "Ошибка: в --bots указано ботов: 3, а при --players 2 остаётся 1 место"


# -- replay counts seats from 1 -----------------------------------------------------------------------


def test_replay_errors_name_the_player_and_a_seat_from_1(tmp_path: Path) -> None:
    doc = json.loads((GOLDEN / "moscow_2p_5.record.json").read_text(encoding="utf-8"))
    first = doc["deals"][0]["actions"][0]
    doc["deals"][0]["actions"][0] = {"seat": 1 - first["seat"], "bid": "pass"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = run("replay", str(bad))
    assert result.exit_code == 2
    assert result.output == f"deberc replay: {bad}: deal 1, action 1: P1 (seat 2) cannot bid now: it is seat 1's turn\n"
    doc["players"][0] = {"kind": "human"}
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "player 1 needs a non-empty 'name'" in result.output


def test_version_speaks_the_language() -> None:
    assert run("--version").output == "deberc, version " + run("--version").output.split()[-1] + "\n"
    assert run("--lang", "ru", "--version").output.startswith("deberc, версия ")


def test_the_ascii_flag_before_a_subcommand_reaches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from deberc_tui.app.look import unicode_ok

    monkeypatch.setenv("DEBERC_ASCII", "")  # recorded, so the "1" the command sets is undone after the test
    assert run("--ascii", "bots").exit_code == 0
    assert not unicode_ok()  # `deberc --ascii practice` draws c d h s like `deberc practice --ascii`
