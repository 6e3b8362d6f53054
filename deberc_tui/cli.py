"""The ``deberc`` command: a click group; each subcommand lives in its own module and is added here."""

from __future__ import annotations

import sys

import click

from . import __version__
from .bench_cmd import bench
from .replay_cmd import replay


class UserError(click.ClickException):
    """A one-line error for the user (exit 2), never a traceback."""

    exit_code = 2


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deberc")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Debertz (Деберц, Klabor) in the terminal."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


main.add_command(replay)
main.add_command(bench)


def run() -> None:  # pragma: no cover - console entry for `python -m deberc_tui`
    sys.exit(main())
