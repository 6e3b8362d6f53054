"""``deberc review FILE``: every decision of a game judged from what the player knew then (docs/REVIEW.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from deberc_tui.cli.values import Whole
from deberc_tui.records import RecordError, load_record
from deberc_tui.text.i18n import _, translate_error
from deberc_tui.untrusted import InputError, clip, one_line, path_shown, printable, terminal_json


def _refuse(file: str, reason: str) -> NoReturn:
    click.echo(one_line(f"deberc review: {path_shown(file)}: {reason}"), err=True)
    sys.exit(2)


class _Bar:
    """A progress bar on standard error while the review works, only when standard error is a terminal."""

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.shown or total == 0:
            return
        width = 30
        filled = width * done // total
        click.echo(f"\r{_('reviewing')} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", err=True, nl=False)
        if done == total:
            click.echo("", err=True)


@click.command()
@click.argument("file", type=str)
@click.option("--seat", "seats", type=Whole(1, 4), multiple=True,
              help="The seat to review, from 1 (repeat for several; default: the human players, else every seat).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per seat (a list for several seats).")
@click.option("--jobs", type=Whole(1, 64), default=1, show_default=True, help="Worker processes.")
@click.option("--seed", type=Whole(0, 2**63 - 1), default=0, show_default=True,
              help="The seed of the sampled deals (the same seed gives the same review).")
@click.option("--worlds", type=Whole(2, 100_000), default=None,
              help="Sampled deals per card decision (default 32; bids and other decisions take a multiple).")
@click.option("--fresh", is_flag=True, help="Judge everything again, not reading the results kept beside the file.")
def review(file: str, seats: tuple[int, ...], as_json: bool, jobs: int, seed: int, worlds: int | None,
           fresh: bool) -> None:
    """Judge every decision of a game record: what each cost against the best, luck, and accuracy."""
    from deberc_tui.review.run import DEFAULT_WORLDS, cache_path, review_record
    from deberc_tui.review.words import report_lines

    path = Path(file)
    try:
        record = load_record(path)
    except (RecordError, InputError) as exc:
        _refuse(file, translate_error(exc))
    for seat in seats:
        if seat > len(record.players):
            _refuse(file, _("--seat {seat}: the game has {n} seats").format(seat=seat, n=len(record.players)))
    cache = cache_path(path)
    if fresh:
        try:
            cache.unlink(missing_ok=True)
        except OSError:
            pass
    try:
        reviews = review_record(record, [s - 1 for s in seats] or None, worlds=worlds or DEFAULT_WORLDS, seed=seed,
                                jobs=jobs, progress=_Bar(), cache=cache)
    except (RecordError, InputError) as exc:
        _refuse(file, translate_error(exc))
    except Exception as exc:  # noqa: BLE001 - whatever else goes wrong with a file: one line, never a traceback
        _refuse(file, _("cannot review it: {error}").format(error=clip(f"{exc.__class__.__name__}: {exc}", 120)))
    if as_json:
        docs = [r.to_json() for r in reviews]
        click.echo(terminal_json(docs[0] if len(docs) == 1 else docs))
        return
    for review_ in reviews:
        review_.name = printable(review_.name)
    click.echo("\n".join(report_lines(reviews)))

