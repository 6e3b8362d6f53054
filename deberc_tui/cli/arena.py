"""``deberc arena`` (bots against bots on duplicate deals) and ``deberc bots`` (the list of bots)."""

from __future__ import annotations

import json
import sys

import click

from deberc_tui.cli.values import MANY, MAX_BUDGET, Choice, Seconds, Whole
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.text.i18n import _


class _UserError(click.ClickException):
    exit_code = 2


@click.command("arena")
@click.option("--bots", "bots_spec", default="expert,heuristic", show_default=True,
              help="Comma-separated bot names; name:style picks a style (cautious, normal, bold); "
                   "cmd:PROGRAM ARGS is a protocol bot.")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True)
@click.option("--preset", type=Choice(list(PRESETS)), default="moscow", show_default=True)
@click.option("--deals", type=Whole(0, MANY), default=2000, show_default=True,
              help="Duplicate deals: each deck is played once per seating (0: whole games only, with --games).")
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=7, show_default=True)
@click.option("--games", type=Whole(0, MANY), default=0, show_default=True,
              help="Also play this many whole games to the target and count the wins.")
@click.option("--match", "match_target", type=Whole(1, 99), default=None,
              help="Play --games whole matches to this many game points (the rules' match_target, §12).")
@click.option("--doubling", type=Choice(["none", "daivi", "dave"]), default=None,
              help="Raising the stake in a match (2 players): «Дайви» doubles or «даве»; default: the preset's.")
@click.option("--budget", type=Seconds(0.001, MAX_BUDGET), default=1.0, show_default=True,
              help="Seconds a bot may think per decision.")
@click.option("--jobs", type=Whole(1, 64), default=1, show_default=True,
              help="Worker processes (decks are independent).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object for scripts.")
def arena(bots_spec: str, players: int, preset: str, deals: int, seed: int, games: int, match_target: int | None,
          doubling: str | None, budget: float, jobs: int, as_json: bool) -> None:
    """Bots play duplicate deals against each other; prints each bot's points, difference and speed."""
    from deberc_tui.play.arena import check_entrants, format_report, parse_bots, run_arena

    if not deals and not games:
        raise click.UsageError(_("nothing to play: give --deals N (duplicate deals) or --games N (whole games)"))
    try:
        overrides = {k: v for k, v in (("match_target", match_target), ("doubling", doubling)) if v is not None}
        Rules.preset(preset, players=players, **overrides)
        check_entrants(parse_bots(bots_spec), keep=jobs == 1)
    except (RulesError, ValueError) as exc:
        raise _UserError(str(exc)) from None
    total = deals + games
    with click.progressbar(length=total, label="arena", file=sys.stderr, show_pos=True,
                           show_eta=True) as bar:
        report = run_arena(bots_spec, players=players, preset=preset, deals=deals, seed=seed, budget=budget,
                           games=games, jobs=jobs, progress=bar.update, match_target=match_target,
                           doubling=doubling)
    if as_json:
        click.echo(json.dumps(report))
    else:
        click.echo(format_report(report))


@click.command("bots")
@click.option("--check", "target", metavar="CMD", default=None,
              help="Play a few deals against a protocol bot (a command, or an installed plug-in's name) and "
                   "list its protocol errors.")
@click.option("--deals", type=Whole(1, 100), default=3, show_default=True, help="Deals to play with --check.")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True, help="Table size for --check.")
@click.option("--budget", type=Seconds(0.01, MAX_BUDGET), default=1.0, show_default=True,
              help="Seconds the bot may think per decision with --check.")
def bots_cmd(target: str | None, deals: int, players: int, budget: float) -> None:
    """List the bots (built-in and installed plug-ins), one line on each; --check tests a protocol bot."""
    if target is not None:
        _check(target, deals, players, budget)
        return
    from deberc_tui.bot_hosting.registry import available

    names = available()
    width = max(len(n) for n in names)
    for name, text in names.items():
        click.echo(f"{name:<{width}}  {text}")
    click.echo("\n" + _("Styles for thinking bots: cautious, normal, bold (e.g. --bots heuristic:bold,expert)."))
    click.echo(_("Any program that speaks docs/PROTOCOL.md plays too: --bots \"cmd:python3 examples/random_bot.py\"."))


def _check(target: str, deals: int, players: int, budget: float) -> None:
    """``--check``: one line per protocol error, then a summary; exit 1 if there were errors, 2 if it cannot start."""
    from deberc_tui.play.check import check_bot

    if not target.strip():
        raise _UserError(_("--check needs a command, e.g. --check \"python3 examples/random_bot.py\""))
    try:
        report = check_bot(target, deals=deals, players=players, budget=budget)
    except ValueError as exc:
        raise _UserError(str(exc)) from None
    for line in report.errors:
        click.echo(line)
    click.echo(report.summary())
    if report.errors:
        sys.exit(1)
