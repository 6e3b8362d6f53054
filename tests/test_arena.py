"""The arena: duplicate seatings, reproducible results, the report's shape, the commands."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from deberc_tui.cli.arena import arena, bots_cmd
from deberc_tui.play.arena import parse_bots, run_arena, seatings


@pytest.mark.parametrize(("k", "n"), [(2, 2), (2, 3), (3, 3), (2, 4), (4, 4)])
def test_every_bot_sits_in_every_seat_equally_often(k: int, n: int) -> None:
    rows = seatings(k, n)
    per_seat = [Counter(r[s] for r in rows) for s in range(n)]
    for counts in per_seat:
        assert set(counts) == set(range(k))
        assert len(set(counts.values())) == 1
    if n == 4 and k == 2:
        assert rows == [(0, 1, 0, 1), (1, 0, 1, 0)]  # partnerships swap


def test_same_seed_same_result() -> None:
    a = run_arena("heuristic,novice,random", players=3, preset="kharkiv", deals=15, seed=3)
    b = run_arena("heuristic,novice,random", players=3, preset="kharkiv", deals=15, seed=3)
    strip = [{k: v for k, v in bot.items() if not k.startswith("decision_ms")} for bot in a["bots"]]
    assert strip == [{k: v for k, v in bot.items() if not k.startswith("decision_ms")} for bot in b["bots"]]
    c = run_arena("heuristic,novice,random", players=3, preset="kharkiv", deals=15, seed=4)
    assert [x["mean_points"] for x in c["bots"]] != [x["mean_points"] for x in a["bots"]]


def test_report_shape_and_duplicate_symmetry() -> None:
    report = run_arena("heuristic,random", players=2, deals=20, seed=1, games=2)
    assert set(report) == {"deals", "players", "preset", "bots", "games"}
    assert (report["deals"], report["players"], report["preset"]) == (20, 2, "moscow")
    h, r = report["bots"]
    assert h["name"] == "heuristic"
    for bot in (h, r):
        assert set(bot) == {"name", "mean_points", "mean_diff", "ci95", "bids", "baits",
                            "decision_ms_p50", "decision_ms_p99", "failures", "first_failure", "games_won"}
        assert bot["ci95"][0] <= bot["mean_diff"] <= bot["ci95"][1]
    assert h["mean_diff"] == pytest.approx(-r["mean_diff"])
    assert h["mean_diff"] == pytest.approx(h["mean_points"] - r["mean_points"], abs=0.02)
    assert h["games_won"] + r["games_won"] <= 2


@pytest.mark.parametrize(("players", "preset"), [(3, "moscow"), (4, "klabor"), (4, "club"), (2, "short")])
def test_arena_runs_for_every_table_size(players: int, preset: str) -> None:
    report = run_arena("heuristic,novice", players=players, preset=preset, deals=6, seed=2)
    assert len(report["bots"]) == 2 and report["players"] == players


def test_parse_bots_styles_and_repeats() -> None:
    es = parse_bots("heuristic:bold,heuristic,heuristic")
    assert [(e.label, e.name, e.style) for e in es] == [
        ("heuristic:bold", "heuristic", "bold"), ("heuristic", "heuristic", "normal"),
        ("heuristic#2", "heuristic", "normal")]
    with pytest.raises(ValueError, match="at least two"):
        parse_bots("expert")


def test_arena_command_json_and_errors() -> None:
    runner = CliRunner()
    out = runner.invoke(arena, ["--bots", "heuristic,random", "--deals", "4", "--seed", "7", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["deals"] == 4 and [b["name"] for b in data["bots"]] == ["heuristic", "random"]
    bad = runner.invoke(arena, ["--bots", "heuristic,nobody", "--deals", "1"])
    assert bad.exit_code == 2 and "unknown bot 'nobody'" in bad.output
    bad = runner.invoke(arena, ["--bots", "heuristic,random", "--preset", "short", "--players", "4"])
    assert bad.exit_code == 2 and "short" in bad.output
    text = runner.invoke(arena, ["--bots", "heuristic,random", "--deals", "2"])
    assert "mean diff" in text.stdout


def test_whole_games_alone_print_the_games_table() -> None:
    """--deals 0 --games N: the games each bot won, not a table of deal figures that were never measured."""
    out = CliRunner().invoke(arena, ["--bots", "heuristic,novice,random", "--players", "3", "--preset", "short",
                                     "--deals", "0", "--games", "3", "--seed", "3"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.strip().splitlines()
    assert lines[0] == "3 whole games, 3 players, preset short"
    assert lines[1].split() == ["bot", "games", "won", "share"]
    won = {line.split()[0]: int(line.split()[1]) for line in lines[2:]}
    assert set(won) == {"heuristic", "novice", "random"} and sum(won.values()) <= 3
    assert "mean pts" not in out.stdout and "0.0" not in out.stdout
    nothing = CliRunner().invoke(arena, ["--deals", "0"])
    assert nothing.exit_code == 2 and "nothing to play: give --deals N (duplicate deals) or --games N" in nothing.output


def test_bots_command_lists_every_bot() -> None:
    out = CliRunner().invoke(bots_cmd, [])
    assert out.exit_code == 0
    for name in ("random", "novice", "heuristic", "expert"):
        assert name in out.output
