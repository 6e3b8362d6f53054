"""``deberc replay FILE [--json]``: check a record against the rules and print what happened."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .records import RecordError, load_record, replay_json, replay_record
from .sheet_text import deal_story, sheet_lines, side_names


@click.command()
@click.argument("file", type=str)
@click.option("--json", "as_json", is_flag=True, help="Print RECORD.md's JSON object instead of the score sheet.")
def replay(file: str, as_json: bool) -> None:
    """Replay a game record (FILE, or - for standard input) and print its score sheet."""
    try:
        if file == "-":
            source: str | Path = sys.stdin.read()
        else:
            source = Path(file)
        record = load_record(source)
        game = replay_record(record)
    except RecordError as exc:
        click.echo(f"deberc replay: {file}: {exc}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(replay_json(game), ensure_ascii=False))
        return
    seat_names = [str(p["name"]) for p in record.players]
    names = side_names(record.rules, record.players)
    rules = record.rules
    click.echo(f"{rules.preset_name} rules, {rules.players} players, target {rules.target}")
    rows = game.sheet()
    for deal, row in zip(game.deals, rows, strict=True):
        for line in deal_story(deal, row, seat_names, names):
            click.echo(line)
    click.echo("")
    for line in sheet_lines(rows, names):
        click.echo(line)
    if game.hanging:
        click.echo(f"hanging: {game.hanging}")
    outcome = game.outcome
    if outcome is not None:
        points = " (mars: 2 game points)" if outcome.game_points == 2 else ""
        click.echo(f"winner: {names[outcome.winner]}{points}")
    else:
        click.echo("game in progress")
