"""``deberc bench``: measured figures anyone can reproduce (quoted in the README)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import click

from deberc_tui.cli.values import MANY, MAX_BUDGET, Choice, Seconds, Whole
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.engine.match import Match
from deberc_tui.play.loop import PlayLoop
from deberc_tui.play.seats import RandomSeat
from deberc_tui.text.i18n import _, ngettext, translate_error
from deberc_tui.untrusted import MIB


def bench_engine(players: int, deals: int, seed: int, preset: str = "moscow") -> dict[str, float | int]:
    """Play ``deals`` complete random deals through the engine's one root and the one play loop (bids, swaps,
    declarations, bella, cards, scoring — everything but claims, which would end random games at once): what a
    table costs before any bot thinks."""
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    seats = [RandomSeat(rng)] * players
    loop = PlayLoop(Match(rules, first_dealer=0, seed=seed), seats, ask_optional=False)
    played = 0
    start = time.perf_counter()
    while played < deals:
        if loop.match.is_over:
            loop = PlayLoop(Match(rules, first_dealer=rng.randrange(players), seed=rng.randrange(1 << 30)), seats,
                            ask_optional=False)
        loop.play_deal()
        played += 1
    seconds = time.perf_counter() - start
    return {"players": players, "deals": deals, "seconds": round(seconds, 4), "deals_per_s": round(deals / seconds, 1)}


def check_preset(preset: str, players: int) -> None:
    """Refuse an unknown preset, or one not made for this many players, as a usage error."""
    try:
        Rules.preset(preset, players=players)
    except RulesError as exc:
        raise click.BadParameter(translate_error(exc), param_hint="--preset") from None


@click.group()
def bench() -> None:
    """Benchmarks: how fast deberc's parts run on this machine."""


@bench.command("engine")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True)
@click.option("--deals", type=Whole(1, MANY), default=20000, show_default=True)
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=1, show_default=True)
@click.option("--preset", default="moscow", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_engine_cmd(players: int, deals: int, seed: int, preset: str, as_json: bool) -> None:
    """Play N complete random deals through the engine and report deals per second."""
    check_preset(preset, players)
    result = bench_engine(players, deals, seed, preset)
    if as_json:
        click.echo(json.dumps(result))
    else:
        click.echo(_("{deals} deals, {players} players: {seconds:.2f} s, {rate:,.0f} deals/s").format(
            deals=result["deals"], players=players, seconds=result["seconds"], rate=result["deals_per_s"]))


@bench.command("practice")
@click.option("--positions", type=Whole(1, 10_000), default=30, show_default=True)
@click.option("--seconds", type=Seconds(0.1, 600), default=5.0, show_default=True, help="Budget per evaluation.")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True)
@click.option("--preset", default="moscow", show_default=True)
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=1, show_default=True)
@click.option("--full-budget", is_flag=True, help="Use the whole budget (no stop at SE 3): what SE the budget buys.")
@click.option("--compare", is_flag=True,
              help="Also play the cards out by the seats themselves (the old play-outs), on the same positions.")
@click.option("--jobs", type=Whole(1, 64), default=None,
              help="Worker processes, as the practice screen uses them  [default: one per core, up to 4]")
@click.option("--plain", is_flag=True, help="The plain mean of the worlds, without the card fit (to compare).")
@click.option("--against-plain", is_flag=True,
              help="Also evaluate each position in one process with the plain mean (the tutor before), in turn.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_practice_cmd(
    positions: int, seconds: float, players: int, preset: str, seed: int, full_budget: bool, compare: bool,
    jobs: int | None, plain: bool, against_plain: bool, as_json: bool,
) -> None:
    """Evaluate random bidding positions twice: standard error reached, and agreement on clear positions."""
    from deberc_tui.practice.bench import bench_practice
    from deberc_tui.practice.pool import default_jobs

    check_preset(preset, players)
    with click.progressbar(length=positions, label=_("positions"), file=sys.stderr) as bar:
        def step(done: int) -> None:
            bar.update(1)

        result = bench_practice(positions, seconds, seed, players, preset, step, full_budget, compare,
                                jobs=default_jobs() if jobs is None else jobs, fit=not plain, against_plain=against_plain)
    if as_json:
        click.echo(json.dumps(result))
        return
    for play, figures in result.get("by_way", {"": result}).items():
        line = _(
            "{positions} positions, {seconds:g} s budget: standard error median {se_median} (max {se_max}), "
            "{worlds} worlds in {median_seconds} s (medians); two runs agree on {agreement} of {clear} clear positions"
        ).format(positions=positions, seconds=seconds, se_median=figures["se_median"], se_max=figures["se_max"],
                 worlds=figures["worlds_median"], median_seconds=figures["seconds_median"],
                 agreement=figures["agreement"], clear=figures["clear_positions"])
        click.echo(f"{play}: {line}" if play else line)
    if "speedup" in result:
        click.echo(_("the tutor answers {speedup}× as fast as in one process with the plain mean (medians)").format(
            speedup=result["speedup"]))


@bench.command("startup")
@click.option("--runs", type=Whole(1, 1000), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_startup_cmd(runs: int, as_json: bool) -> None:
    """Time from a fresh interpreter to the first interactive screen, and peak memory."""
    from deberc_tui.app.bench_startup import bench_startup

    result = bench_startup(runs)
    if as_json:
        click.echo(json.dumps(result))
    else:
        click.echo(_(
            "{runs} runs: first interactive screen ({screen}) after {median} s (median; best {best} s), "
            "peak memory {memory} MB"
        ).format(runs=runs, screen=result["screen"], median=result["startup_median_s"], best=result["startup_best_s"],
                 memory=result["peak_memory_mb"]))


@bench.command("review")
@click.option("--bots", "bots_spec", default="expert,random", show_default=True, help="One bot per seat, comma-separated.")
@click.option("--preset", default="moscow", show_default=True)
@click.option("--seed", type=Whole(0, 2**63 - 1), default=1, show_default=True)
@click.option("--worlds", type=Whole(2, 100_000), default=32, show_default=True, help="Sampled deals per card decision.")
@click.option("--jobs", type=Whole(1, 64), default=1, show_default=True, help="Worker processes.")
@click.option("--seat", "seats", type=Whole(1, 4), multiple=True, help="Review only this seat, from 1 (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_review_cmd(bots_spec: str, preset: str, seed: int, worlds: int, jobs: int, seats: tuple[int, ...],
                     as_json: bool) -> None:
    """Play a whole game of bots, review every seat, and report the time and each bot's accuracy."""
    from deberc_tui.review.bench import bench_review

    bots = [b.strip() for b in bots_spec.split(",") if b.strip()]
    if not 2 <= len(bots) <= 4:
        raise click.BadParameter(_("name one bot per seat: 2, 3 or 4"), param_hint="--bots")
    check_preset(preset, len(bots))
    try:
        result = bench_review(bots, preset, seed, worlds, jobs, [s - 1 for s in seats if s <= len(bots)] or None)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(_("{players} players, {deals} deals reviewed in {seconds} s ({jobs} processes)").format(
        players=result["players"], deals=result["deals"], seconds=result["seconds"], jobs=jobs))
    for seat in result["seats"]:
        click.echo(_("{bot}: {decisions} decisions, {loss} points lost per decision, accuracy {accuracy}").format(
            bot=seat["bot"], decisions=seat["decisions"], loss=seat["loss_per_decision"], accuracy=seat["accuracy"]))


@bench.command("load")
@click.option("--bots", "bots_spec", default="expert,heuristic", show_default=True,
              help="Comma-separated bot names, as for deberc arena: the first one's lead is measured.")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True)
@click.option("--preset", default="moscow", show_default=True)
@click.option("--deals", type=Whole(1, MANY), default=400, show_default=True, help="Duplicate decks, in each run.")
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=7, show_default=True)
@click.option("--busy", "per_core", type=Whole(1, 16), default=4, show_default=True,
              help="Busy processes per core during the second run.")
@click.option("--budget", type=Seconds(0.01, 600), default=1.0, show_default=True,
              help="Seconds a bot may think per decision.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_load_cmd(bots_spec: str, players: int, preset: str, deals: int, seed: int, per_core: int, budget: float,
                   as_json: bool) -> None:
    """Play the same decks on the machine as it is, then with busy processes on every core: is the first bot's
    lead the same?"""
    from deberc_tui.play.arena import check_entrants, parse_bots
    from deberc_tui.play.load_bench import bench_load

    check_preset(preset, players)
    try:
        check_entrants(parse_bots(bots_spec))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    with click.progressbar(length=2 * deals, label=_("decks"), file=sys.stderr) as bar:
        result = bench_load(bots_spec, players, preset, deals, seed, per_core, budget, progress=bar.update)
    if as_json:
        click.echo(json.dumps(result))
        return
    for key, title in (("quiet", _("as it is")), ("busy", _("busy"))):
        run = result[key]  # type: ignore[literal-required]
        click.echo(_("{title} ({busy} busy processes, load {before} → {after}): lead {lead:+.2f} "
                     "[{low:+.2f}, {high:+.2f}] a deal, decisions {p50} ms median, {p99} ms p99").format(
            title=title, busy=run["busy_processes"], before=run["load_before"], after=run["load_after"],
            lead=run["lead"], low=run["ci95"][0], high=run["ci95"][1], p50=run["decision_ms_p50"],
            p99=run["decision_ms_p99"]))
    click.echo(_("the lead under load is within the first run's interval") if result["busy_lead_within_quiet_ci"]
               else _("the lead under load is outside the first run's interval"))


@bench.command("bots")
@click.option("--deals", type=Whole(1, 100_000), default=500, show_default=True)
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=1, show_default=True)
@click.option("--cmd", "command", default=None, metavar="PROGRAM ARGS",
              help="The protocol bot to time (default: python3 examples/random_bot.py).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_bots_cmd(deals: int, seed: int, command: str | None, as_json: bool) -> None:
    """Decisions per second of a random bot: called directly, through the safe runner, and over the protocol."""
    from deberc_tui.bot_hosting.registry import COMMAND_PREFIX, command_of
    from deberc_tui.play.bot_bench import EXAMPLE, bench_bots

    try:
        words = command_of(COMMAND_PREFIX + command) if command is not None else None
        if words is None and not EXAMPLE.exists():
            raise ValueError(_("the example bot {path} is not here: give --cmd").format(path=EXAMPLE))
        result = bench_bots(deals, seed, words)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result))
    else:
        click.echo(_(
            "{deals} deals: random bot called directly {direct:,.0f} decisions/s, through the safe runner "
            "{in_process:,.0f}/s, over the protocol {protocol:,.0f}/s"
        ).format(deals=deals, direct=result["direct_per_s"], in_process=result["in_process_per_s"],
                 protocol=result["protocol_per_s"]))


@bench.command("open")
@click.argument("record", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--runs", type=Whole(1, 100), default=3, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_open_cmd(record: Path | None, runs: int, as_json: bool) -> None:
    """Seconds to open a long RECORD: `deberc replay` of it, then the table opening it, in turn (without RECORD,
    one is made near the 4 MB limit)."""
    from deberc_tui.app.bench_open import bench_open

    try:
        result = bench_open(runs, record)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result))
        return
    size = result["record_bytes"] / MIB
    deals = result["deals"]
    what = (_("a record of {size:.1f} MB ({deals} deals)").format(size=size, deals=deals) if deals is not None
            else _("{file} ({size:.1f} MB)").format(file=click.format_filename(str(record)), size=size))
    click.echo(_("{what}: deberc replay {replay} s, the table {table} s (medians of {runs} runs)").format(
        what=what, replay=result["replay_median_s"], table=result["table_median_s"], runs=runs))


@bench.command("solver")
@click.option("--deals", type=Whole(1, 10_000), default=5, show_default=True, help="Full deals per player count.")
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_solver_cmd(deals: int, seed: int, as_json: bool) -> None:
    """Solve whole deals at 2, 3 and 4 players with both search cores: nodes per second, time per deal, speedup."""
    from deberc_tui.play.solver_bench import bench_solver

    result = bench_solver(deals, seed)
    if as_json:
        click.echo(json.dumps(result))
        return
    for players, row in result["players"].items():
        py = row["python"]
        fast = row["compiled"]
        click.echo(_("{players} players, pure Python: {rate:,.0f} nodes/s, {ms:.1f} ms a deal (median)").format(
            players=players, rate=py["nodes_per_s"], ms=py["ms_per_deal_median"]))
        if fast is None:
            click.echo(_("{players} players, compiled: not built").format(players=players))
        else:
            click.echo(_("{players} players, compiled: {rate:,.0f} nodes/s, {ms:.2f} ms a deal (median), "
                         "{speedup:.0f}× faster").format(players=players, rate=fast["nodes_per_s"],
                                                          ms=fast["ms_per_deal_median"], speedup=row["speedup"]))
    click.echo(ngettext("{deals} deal per player count, load {before} → {after}",
                        "{deals} deals per player count, load {before} → {after}", deals).format(
        deals=deals, before=result["load_before"], after=result["load_after"]))


@bench.command("gap")
@click.option("--players", type=Whole(2, 4), default=None, help="One player count (default: 2, 3 and 4).")
@click.option("--deals", type=Whole(1, MANY), default=200, show_default=True, help="Decks per player count.")
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=7, show_default=True)
@click.option("--preset", type=Choice(list(PRESETS)), default="moscow", show_default=True)
@click.option("--budget", type=Seconds(0.001, MAX_BUDGET), default=1.0, show_default=True,
              help="Seconds a bot may think per decision.")
@click.option("--jobs", type=Whole(1, 64), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_gap_cmd(players: int | None, deals: int, seed: int, preset: str, budget: float, jobs: int,
                  as_json: bool) -> None:
    """How much of the card-play gap the expert closes: every seat bids as the heuristic, and the cards are played by
    the heuristic, the expert or a player who sees every card."""
    from deberc_tui.play.gap import bench_gap

    counts = (players,) if players is not None else (2, 3, 4)
    for n in counts:
        check_preset(preset, n)
    with click.progressbar(length=deals * len(counts), label=_("decks"), file=sys.stderr, show_pos=True,
                           show_eta=True) as bar:
        def step(_players: int, done: int) -> None:
            bar.update(done)

        result = bench_gap(counts, deals, seed, preset, budget, jobs, step)
    if as_json:
        click.echo(json.dumps(result))
        return
    for count, row in result["players"].items():
        head = ngettext("{players} players, {decks} deck ({seatings} seatings each)",
                        "{players} players, {decks} decks ({seatings} seatings each)", row["decks"]).format(
            players=count, decks=row["decks"], seatings=row["seatings"])
        ratio, ci = row["ratio"], row["ratio_ci95"]
        if ratio is None or ci is None:
            click.echo(head + ": " + _("the all-seeing player gained nothing over the heuristic: no gap to measure"))
        else:
            click.echo(head + ": " + _("the expert closes {ratio:.2f} of the card-play gap [{low:.2f}, {high:.2f}]").format(
                ratio=ratio, low=ci[0], high=ci[1]))
        lead, points = row["lead"], row["points"]
        click.echo("  " + _("lead a deal: heuristic {h:+.2f}, expert {e:+.2f}, all-seeing {a:+.2f}; "
                            "points a deal: {hp:.1f}, {ep:.1f}, {ap:.1f}").format(
            h=lead["heuristic"], e=lead["expert"], a=lead["all_seeing"], hp=points["heuristic"], ep=points["expert"],
            ap=points["all_seeing"]))
        ex, al = row["expert_minus_heuristic"], row["all_seeing_minus_heuristic"]
        click.echo("  " + _("expert − heuristic {e:+.2f} [{e0:+.2f}, {e1:+.2f}]; "
                            "all-seeing − heuristic {a:+.2f} [{a0:+.2f}, {a1:+.2f}]").format(
            e=ex["mean"], e0=ex["ci95"][0], e1=ex["ci95"][1], a=al["mean"], a0=al["ci95"][0], a1=al["ci95"][1]))
        if row["auctions_differ"]:
            click.echo("  " + ngettext("on {count} deck the bidding differed (a bid over its budget)",
                                       "on {count} decks the bidding differed (a bid over its budget)",
                                       row["auctions_differ"]).format(count=row["auctions_differ"]))
    click.echo(_("preset {preset}, seed {seed}, load {before} → {after}").format(
        preset=result["preset"], seed=result["seed"], before=result["load_before"], after=result["load_after"]))
