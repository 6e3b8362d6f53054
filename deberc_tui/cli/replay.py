"""``deberc replay FILE [--json]``: check a record against the rules and print what happened."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from deberc_tui.records import RecordError, load_record, replay_json, replay_match
from deberc_tui.storage import RECORD_LIMIT
from deberc_tui.text import words
from deberc_tui.text.game_end import game_end_words
from deberc_tui.text.i18n import _, translate_error
from deberc_tui.text.persons import cast
from deberc_tui.text.sheet_text import (
    deal_story,
    game_end_lines,
    match_lines,
    sheet_lines,
    shows_stakes,
)
from deberc_tui.untrusted import InputError, clip, one_line, path_shown, printable, read_stream, terminal_json


def _refuse(file: str, reason: str) -> None:
    click.echo(one_line(f"deberc replay: {path_shown(file)}: {reason}"), err=True)
    sys.exit(2)


@click.command()
@click.argument("file", type=str)
@click.option("--json", "as_json", is_flag=True, help="Print RECORD.md's JSON object instead of the score sheet.")
def replay(file: str, as_json: bool) -> None:
    """Replay a game record (FILE, or - for standard input) and print its score sheet."""
    try:
        if file == "-":  # bytes, decoded as UTF-8 whatever the terminal's encoding
            source: str | Path = read_stream(getattr(sys.stdin, "buffer", sys.stdin), RECORD_LIMIT)
        else:
            source = Path(file)
        record = load_record(source)
        match = replay_match(record)
    except (RecordError, InputError) as exc:
        _refuse(file, translate_error(exc))
        return
    except Exception as exc:  # noqa: BLE001 - whatever else goes wrong with a file: one line, never a traceback
        _refuse(file, _("cannot replay it: {error}").format(error=clip(f"{exc.__class__.__name__}: {exc}", 120)))
        return
    if as_json:
        click.echo(terminal_json(replay_json(match)))
        return
    # names as the file has them, but a control character shown as \x85 rather than sent to the terminal
    players = [{**p, "name": printable(str(p["name"]))} for p in record.players]
    people = cast(record.rules, players)
    names = people.side_names
    rules = record.rules
    click.echo(_("{preset} rules, {players} players, target {target}").format(
        preset=words.preset(rules.preset_name), players=rules.players, target=rules.target))
    staked = shows_stakes(rules)
    for index, game in enumerate(match.games):
        if staked:
            click.echo(_("Game {number}").format(number=index + 1))
        for deal, row in zip(game.deals, game.sheet(), strict=True):
            for line in deal_story(deal, row, people):
                click.echo(line)
    for index, game in enumerate(match.games):
        click.echo("")
        if staked:
            click.echo(_("Game {number}").format(number=index + 1))
        for line in sheet_lines(game.sheet(), names):
            click.echo(line)
        if staked and index < len(match.settled):
            for line in game_end_lines(match.settled[index], rules, people.sides):
                click.echo(line)
    game = match.game
    if game.hanging:
        click.echo(_("hanging: {points}").format(points=game.hanging))
    if staked:
        click.echo("")
        for line in match_lines(match.settled, rules, names, match.winner):
            click.echo(line)
        return
    outcome = game.outcome
    if outcome is not None:
        if outcome.game_points == 2:
            click.echo(_("winner: {name} (mars: 2 game points)").format(name=names[outcome.winner]))
        else:
            click.echo(_("winner: {name}").format(name=names[outcome.winner]))
        click.echo(_("how: {how}").format(how=game_end_words(rules, match.settled[-1], names)))
    else:
        click.echo(_("game in progress"))
