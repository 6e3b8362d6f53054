"""The ``deberc`` command: a click group; each subcommand lives in its own module and is added here."""

from __future__ import annotations

import sys

import click

from . import __version__
from .arena_cmd import arena, bots_cmd
from .bench_cmd import bench
from .practice.cli import practice
from .replay_cmd import replay
from .scorepad.cli import scorepad


class UserError(click.ClickException):
    """A one-line error for the user (exit 2), never a traceback."""

    exit_code = 2


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deberc")
@click.option("--players", type=click.IntRange(2, 4), default=None, help="2, 3 or 4 (4: two partnerships).")
@click.option("--preset", default=None, help="moscow, kharkiv, klabor, club or short.")
@click.option("--bots", default=None, help="Bot levels for the other seats, comma-separated (or 'human').")
@click.option("--names", default=None, help="Player names, comma-separated, seat order.")
@click.option("--target", type=click.IntRange(1), default=None, help="Points that win the game.")
@click.option("--resume", is_flag=True, help="Continue the last game.")
@click.option("--load", "load", type=click.Path(dir_okay=False), default=None, help="Open a game record.")
@click.option("--pace", type=click.Choice(["slow", "normal", "fast", "instant"]), default="normal",
              help="How fast the bots play.")
@click.option("--seed", type=int, default=None, help="Shuffle seed (reproducible deals).")
@click.option("--ascii", "ascii_", is_flag=True, help="ASCII suits (c d h s) instead of ♣ ♦ ♥ ♠.")
@click.option("--four-colour", is_flag=True, help="Four-colour deck.")
@click.option("--mono", is_flag=True, help="Monochrome theme.")
@click.pass_context
def main(
    ctx: click.Context, players: int | None, preset: str | None, bots: str | None, names: str | None,
    target: int | None, resume: bool, load: str | None, pace: str, seed: int | None, ascii_: bool,
    four_colour: bool, mono: bool,
) -> None:
    """Debertz (Деберц, Klabor) in the terminal. Without a command: open the card table."""
    if ctx.invoked_subcommand is not None:
        return
    from .app import make_app
    from .app.controller import Table, TableError, bot_levels
    from .app.look import Look, unicode_ok
    from .engine import RulesError

    bot_list = [b.strip() for b in bots.split(",") if b.strip()] if bots else None
    if bot_list:
        known = set(bot_levels()) | {"human"}
        for b in bot_list:
            if b not in known:
                raise UserError(f"unknown bot {b!r} (one of: {', '.join(sorted(known))})")
    name_list = [n.strip() for n in names.split(",")] if names else None
    if load is not None:
        try:
            Table.from_record(__import__("pathlib").Path(load))
        except TableError as exc:
            raise UserError(f"{load}: {exc}") from None
    n = players or (len(bot_list) + 1 if bot_list else (len(name_list) if name_list else 2))
    look = Look(ascii=ascii_ or not unicode_ok(), four_colour=four_colour, mono=mono)
    start_now = any(x is not None for x in (players, preset, bots, names, target))
    try:
        app = make_app(
            n, preset=preset, bots=bot_list, names=name_list, target=target, seed=seed, resume=resume,
            load=load, pace=pace, look=look, new_game_screen=False if start_now else None,
        )
    except RulesError as exc:
        raise UserError(str(exc)) from None
    app.run()


main.add_command(replay)
main.add_command(bench)
main.add_command(practice)
main.add_command(scorepad)
main.add_command(arena)
main.add_command(bots_cmd, name="bots")


def run() -> None:  # pragma: no cover - console entry for `python -m deberc_tui`
    sys.exit(main())
