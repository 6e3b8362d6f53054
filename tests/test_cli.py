"""The ``deberc`` command line: seat counts that do not fit, bad --load files, Russian click frame words,
replay errors that count seats from 1 and name the player, and the rules of the table (--preset, --match,
--doubling, --money, --stake, --mars, --rule) reaching the app as one Rules. One line, exit 2, never a
traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from deberc_tui.cli import main
from deberc_tui.engine import PRESETS, BaitPenalty, Rules
from deberc_tui.engine.options import AllPass, BaitCount, BaitWhen, Doubling, Money

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


# -- the rules of the table: --preset, --match, --doubling, --money, --stake, --mars, --rule ------------------


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the command line hands to the app (the TUI never starts): one dict of make_app's arguments per run."""
    calls: list[dict[str, Any]] = []

    class NoTable:
        def run(self) -> None:
            pass

    def make_app(rules: Rules | None = None, **kw: Any) -> NoTable:
        calls.append({"rules": rules, **kw})
        return NoTable()

    monkeypatch.setattr("deberc_tui.app.make_app", make_app)
    monkeypatch.setattr("deberc_tui.cli.terminal.need_terminal", lambda: None)  # a test's output is no terminal
    return calls


def rules_of(started: list[dict[str, Any]], *args: str) -> Rules:
    result = run(*args)
    assert result.exit_code == 0, result.output
    rules = started[-1]["rules"]
    assert isinstance(rules, Rules), "the app receives the Rules, built once"
    return rules


def test_the_short_preset_with_2_players_is_a_match_to_9_with_dave(started: list[dict[str, Any]]) -> None:
    rules = rules_of(started, "--preset", "short")
    assert (rules.players, rules.short, rules.match_target, rules.doubling) == (2, True, 9, Doubling.DAVE)


def test_without_any_rule_flag_the_new_game_screen_opens(started: list[dict[str, Any]]) -> None:
    result = run()
    assert result.exit_code == 0 and started[-1]["rules"] is None


#: The options that set up the game start it at once; those that only change how it looks or plays go with either.
STARTS = [["--players", "3"], ["--preset", "klabor"], ["--bots", "novice"], ["--names", "Anna,Boris"], ["--seed", "5"],
          ["--target", "301"], ["--match", "3"], ["--doubling", "dave"], ["--money", "per_game"], ["--stake", "2"],
          ["--mars"], ["--rule", "hundred=true"]]
GOES_WITH_EITHER = [["--pace", "fast"], ["--gender", "female"], ["--mono"], ["--four-colour"], ["--ascii"],
                    ["--lang", "ru"]]


@pytest.mark.parametrize("args", STARTS, ids=lambda a: a[0])
def test_an_option_that_sets_up_the_game_starts_it_at_once(started: list[dict[str, Any]], args: list[str]) -> None:
    assert isinstance(rules_of(started, *args), Rules)


def test_the_seed_alone_starts_a_game_with_those_cards(started: list[dict[str, Any]]) -> None:
    rules = rules_of(started, "--seed", "5")
    assert (rules.preset_name, rules.players, started[-1]["seed"]) == ("moscow", 2, 5)


@pytest.mark.parametrize("args", GOES_WITH_EITHER, ids=lambda a: a[0])
def test_an_option_of_the_look_or_pace_alone_opens_the_new_game_screen(started: list[dict[str, Any]],
                                                                        args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 0 and started[-1]["rules"] is None, result.output


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_help_says_which_options_start_a_game(lang: str) -> None:
    text = " ".join(run("--lang", lang, "--help").output.split())
    rule = text[text.index({"en": "deberc alone opens", "ru": "deberc без параметров"}[lang]):text.index("--resume")]
    for args in STARTS:
        flag = args[0].split("=")[0]
        assert flag in rule, (flag, rule)
    for args in GOES_WITH_EITHER[:3]:
        assert args[0] not in rule and args[0] in text


@pytest.mark.parametrize(("args", "key", "value"), [
    (["--match", "5"], "match_target", 5),
    (["--match", "null", "--preset", "short"], "match_target", None),
    (["--doubling", "daivi"], "doubling", Doubling.DAIVI),
    (["--money", "deficit"], "money", Money.DEFICIT),
    (["--stake", "10"], "stake", 10),
    (["--mars"], "mars", True),
    (["--no-mars"], "mars", False),
    (["--target", "301"], "target", 301),
])
def test_each_match_flag_reaches_the_rules(started: list[dict[str, Any]], args: list[str], key: str,
                                           value: object) -> None:
    assert getattr(rules_of(started, *args), key) == value


def test_a_match_with_money_in_one_command(started: list[dict[str, Any]]) -> None:
    rules = rules_of(started, "--match", "3", "--doubling", "daivi", "--money", "per_game", "--stake", "5", "--mars")
    assert (rules.match_target, rules.doubling, rules.money, rules.stake, rules.mars) == (
        3, Doubling.DAIVI, Money.PER_GAME, 5, True)
    assert rules.preset_name == "moscow" and rules.players == 2


@pytest.mark.parametrize(("args", "key", "value"), [
    (["--rule", "ski_penalty=50"], "ski_penalty", 50),  # a whole number
    (["--rule", "all_pass=dealer_must"], "all_pass", AllPass.DEALER_MUST),  # a word of a closed set
    (["--rule", 'all_pass="dealer_must"'], "all_pass", AllPass.DEALER_MUST),  # the same word as JSON
    (["--rule", "hundred=true"], "hundred", True),  # yes or no
    (["--preset", "club", "--rule", "low_points_redeal=null"], "low_points_redeal", None),  # null
    (["--preset", "kharkiv", "--rule", "bait_penalty=null"], "bait_penalty", None),
    (["--rule", 'bait_penalty={"points": 50, "when": "every_third", "count": "row"}'], "bait_penalty",
     BaitPenalty(50, BaitWhen.EVERY_THIRD, BaitCount.ROW)),
    (["--rule", 'bait_penalty={"points": 50}'], "bait_penalty", BaitPenalty(50)),  # the rest as usual
])
def test_rule_sets_any_option_of_the_rule_book(started: list[dict[str, Any]], args: list[str], key: str,
                                               value: object) -> None:
    assert getattr(rules_of(started, *args), key) == value


def test_a_named_flag_and_rule_read_a_value_the_same_way(started: list[dict[str, Any]]) -> None:
    named = rules_of(started, "--doubling", "dave", "--match", "7", "--money", "difference", "--mars")
    general = rules_of(started, "--rule", "doubling=dave", "--rule", "match_target=7", "--rule", "money=difference",
                       "--rule", "mars=true")
    assert named == general


def test_players_bots_and_rules_reach_the_app_together(started: list[dict[str, Any]]) -> None:
    rules = rules_of(started, "--players", "3", "--preset", "short", "--bots", "expert,heuristic", "--seed", "4")
    assert (rules.players, rules.match_target) == (3, None), "the short game's match to 9 is for 2 players"
    assert started[-1]["bots"] == ["expert", "heuristic"] and started[-1]["seed"] == 4


@pytest.mark.parametrize(("args", "line"), [
    (["--rule", "mras=true"], "Error: Invalid value for '--rule': unknown rule option 'mras' (did you mean 'mars'?)"),
    (["--rule", "hundred=yes"], "Error: Invalid value for '--rule': rule option 'hundred' must be true or false, "
                                "not 'yes'"),
    (["--rule", "match_target=nine"], "Error: Invalid value for '--rule': rule option 'match_target' must be null "
                                      "or a number ≥ 1, not 'nine'"),
    (["--rule", 'bait_penalty={"points": 75}'], "Error: Invalid value for '--rule': bait_penalty 'points' must be "
                                                "0, 50 or 100, not 75"),
    (["--rule", "hundred"], "Error: Invalid value for '--rule': 'hundred': write KEY=VALUE, e.g. match_target=5 "
                            "or doubling=dave"),
    (["--doubling", "double"], "Error: Invalid value for '--doubling': rule option 'doubling' must be one of "
                               "'none', 'daivi', 'dave', not 'double'"),
    (["--money", "euro"], "Error: Invalid value for '--money': rule option 'money' must be one of 'none', "
                          "'per_game', 'deficit', 'difference', not 'euro'"),
    (["--stake", "0"], "Error: Invalid value for '--stake': rule option 'stake' must be a positive whole number, "
                       "not 0"),
    (["--match", "0"], "Error: Invalid value for '--match': rule option 'match_target' must be null or a number "
                       "≥ 1, not 0"),
    (["--rule", "bella_to=trick_winner", "--rule", "bella_when=until_last_card"],
     "Error: rule option 'bella_to': 'trick_winner' works only with 'bella_when': 'with_card', not "
     "'until_last_card' (bella goes to the winner of the trick it is declared in)"),
    (["--match", "5", "--rule", "match_target=7"],
     "Error: --match and --rule give the rule option 'match_target' two values: 5 and 7"),
    (["--mars", "--rule", "mars=false"], "Error: --mars and --rule give the rule option 'mars' two values: true and false"),
    (["--preset", "three"], "Error: preset 'three' is for 3 players, not 2"),
])
def test_a_bad_rule_is_refused_in_one_line_and_the_table_never_opens(started: list[dict[str, Any]], args: list[str],
                                                                     line: str) -> None:
    assert refused(run(*args)) == line
    assert started == []


def test_the_same_value_twice_is_no_conflict(started: list[dict[str, Any]]) -> None:
    assert rules_of(started, "--match", "5", "--rule", "match_target=5").match_target == 5


def test_an_unknown_rule_is_refused_in_russian(started: list[dict[str, Any]]) -> None:
    line = refused(run("--lang", "ru", "--rule", "mras=true"))
    assert line.startswith("Ошибка: ") and line.endswith("неизвестное правило 'mras' (может быть, 'mars'?)")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_lists_every_preset_with_its_players(lang: str) -> None:
    out = " ".join(run("--lang", lang, "--help").output.split())
    for name in PRESETS:
        assert name in out, name
    players = {"en": "players", "ru": "игрока"}[lang]
    assert f"short (2–3 {players})" in out and f"three (3 {players})" in out and f"fifty (2 {players})" in out
    for flag in ("--match N", "--doubling [none|daivi|dave]", "--money [none|per_game|deficit|difference]",
                 "--stake N", "--mars / --no-mars", "--rule KEY=VALUE"):
        assert flag in out, flag
