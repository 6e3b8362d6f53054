"""The arena: bots play duplicate deals against each other and the results are measured.

Each deck is played once per *seating*, the bots rotating through the seats, so the luck of the
cards cancels: with 2 players A-B then B-A; with 3 players every bot sits in every seat equally
often; with 4 players each bot holds a partnership and the partnerships swap. Every seating of a
deck starts from a fresh game (totals 0, the same dealer), and a bot's points for a deal are what
its side *writes* on the score sheet for that deal, bait and penalties included. Hanging points
are not carried (each deal starts a fresh game), so a hanging deal writes 0 for the bidder.

``--games N`` also plays N whole games to the target (seatings rotating game by game); with ``--match``
(the rules' ``match_target``, RULES.md §12) they are N whole matches instead, with doubles or «даве» when
``--doubling`` allows them, and the report gives each bot's game points and money per match. Matches come in
pairs on the same seed with the seats swapped, so the first deal of each pair is a duplicate one.
``expert:nodouble`` is the same bot that never raises the stake (it still answers a raise).

Bots that run in their own process (``cmd:`` bots and plug-ins) are started once per seat and
worker, and told ``new_game`` with a fresh seed for each seating, instead of once per deal. Every
decision goes through :mod:`deberc_tui.bot_hosting.runner` with a hard time limit, so a stalling, crashing or
cheating bot costs itself points, never the arena: its failures are counted in the report.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from bots.base import Bot
from bots.stakes import NoDoubleBot
from deberc_tui.bot_hosting.registry import COMMAND_PREFIX, is_process_bot, make_bot
from deberc_tui.engine import Action, Card, Rules, SeatView, shuffled_deck
from deberc_tui.engine.match import Match
from deberc_tui.engine.text import Text
from deberc_tui.text.i18n import _

from .loop import PlayLoop
from .seats import BotSeat

DEFAULT_BUDGET = 1.0


class BotReport(TypedDict):
    """One bot's line of the arena report (the ``--json`` object's ``bots`` items)."""

    name: str
    mean_points: float
    mean_diff: float
    ci95: list[float]
    bids: int
    baits: int
    decision_ms_p50: float
    decision_ms_p99: float
    failures: int
    """Decisions the arena had to make for the bot (it raised, overran or answered illegally)."""
    first_failure: str | None
    """The first of those failures, in one line (None when there were none)."""
    games_won: NotRequired[int]
    matches_won: NotRequired[int]
    game_points: NotRequired[float]
    """Mean game points won per match."""
    match_diff: NotRequired[float]
    """Mean game points per match minus the opponents' mean."""
    match_ci95: NotRequired[list[float]]
    money: NotRequired[float]
    """Mean money won per match (units of ``stake``; 0 with ``money: "none"``)."""


class ArenaReport(TypedDict):
    """The arena's report, as ``deberc arena --json`` prints it."""

    deals: int
    players: int
    preset: str
    bots: list[BotReport]
    games: NotRequired[int]
    matches: NotRequired[int]
    match_target: NotRequired[int]
    doubling: NotRequired[str]


@dataclass(frozen=True)
class Entrant:
    """A bot in the arena: ``name`` or ``name:style`` on the command line."""

    label: str
    name: str
    style: str
    doubles: bool = True
    """False for ``name:nodouble``: the bot never raises the stake (§12), the baseline for measuring doubling."""


NO_DOUBLE = "nodouble"


def parse_bots(spec: str | Sequence[str]) -> list[Entrant]:
    parts = [p.strip() for p in (spec.split(",") if isinstance(spec, str) else spec) if p.strip()]
    if len(parts) < 2:
        raise ValueError(_("the arena needs at least two bots, e.g. --bots expert,heuristic"))
    out: list[Entrant] = []
    seen: dict[str, int] = {}
    for p in parts:
        name, _sep, rest = p.partition(":")
        words = rest.split(":") if rest else []
        doubles = NO_DOUBLE not in words
        style = next((w for w in words if w != NO_DOUBLE), "")
        if p.startswith(COMMAND_PREFIX):  # the whole rest is the command
            name, style, doubles = p, "", True
        label = p
        seen[p] = seen.get(p, 0) + 1
        if seen[p] > 1:
            label = f"{p}#{seen[p]}"
        out.append(Entrant(label, name, style or "normal", doubles))
    return out


def seatings(k: int, n: int) -> list[tuple[int, ...]]:
    """Which entrant (0..k-1) sits in each seat, for every seating of one deck.

    ``k`` bots in ``n`` seats: for each shift j the pattern ``(i + j) % k`` is rotated through the
    ``n`` seats; repeats are dropped. Every bot gets every seat equally often."""
    out: list[tuple[int, ...]] = []
    for j in range(k):
        base = [(i + j) % k for i in range(n)]
        for r in range(n):
            s = tuple(base[(i - r) % n] for i in range(n))
            if s not in out:
                out.append(s)
    if n == 4:  # a bot holds a partnership: keep seatings where partners are the same bot
        paired = [s for s in out if s[0] == s[2] and s[1] == s[3]]
        if paired:
            out = paired
    return out


@dataclass
class SeatRecord:
    """What one entrant did in one deal-seating."""

    points: list[float] = field(default_factory=list)
    bids: int = 0
    baits: int = 0
    times: list[float] = field(default_factory=list)
    failures: int = 0
    first_failure: str | None = None


def _bot_seed(seed: int, deck_no: int, seating_no: int, seat: int) -> int:
    return (seed * 1_000_003 + deck_no * 7919 + seating_no * 131 + seat) & 0x7FFFFFFF


def arena_seats(bots: Sequence[Bot], budget: float | None) -> list[BotSeat]:
    """The arena's seats: every decision bounded (the default budget when none is given), out-of-turn ones by
    at most half a second."""
    budget = budget if budget is not None else DEFAULT_BUDGET
    return [BotSeat(bot, budget, min(budget, 0.5)) for bot in bots]


def play_table(
    match: Match, bots: Sequence[Bot], budget: float | None, deck: Sequence[Card] | None = None,
    on_decision: Callable[[int, float], None] | None = None,
    on_failure: Callable[[int, str], None] | None = None,
) -> None:
    """Play the match's next deal to the end with ``bots[seat]`` in each seat, through the one play loop
    (:class:`~deberc_tui.play.loop.PlayLoop`: out-of-turn options asked before each turn, every answer bounded
    and checked); ``on_failure(seat, reason)`` hears of each decision made for a failing bot."""
    PlayLoop(match, arena_seats(bots, budget), on_decision=on_decision, on_failure=on_failure).play_deal(deck)


_RUNNING: dict[tuple[str, int], Bot] = {}
"""Process bots already started in this (worker) process, by entrant label and copy (a partnership
of one bot with 4 players needs two copies at once)."""


def seat_bot(entrant: Entrant, copy: int, seed: int) -> Bot:
    """The bot for ``entrant`` (its ``copy``-th seat at this table): a new in-process bot, or the running
    process told of a new game."""
    if not is_process_bot(entrant.name):
        made = make_bot(entrant.name, seed=seed, style=entrant.style)
        return made if entrant.doubles else NoDoubleBot(made, entrant.label)
    key = (entrant.label, copy)
    running = _RUNNING.get(key)
    if running is not None:
        new_game = getattr(running, "new_game", None)
        if new_game is not None:
            new_game(seed)
        return running
    bot: Bot
    try:
        bot = make_bot(entrant.name, seed=seed, style=entrant.style)
    except ValueError as exc:  # could start before, cannot now: it plays safe actions
        bot = _Unavailable(entrant.label, str(exc))
    _RUNNING[key] = bot
    return bot


class _Unavailable:
    """A seat whose process bot could not be started: every decision fails (and is counted)."""

    enforces_budget = True

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        raise RuntimeError(self.reason)

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        return None

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Text:
        return Text(self.reason)


def stop_bots() -> None:
    """Stop the process bots this process started (the end of a run)."""
    while _RUNNING:
        _key, bot = _RUNNING.popitem()
        close = getattr(bot, "close", None)
        if close is not None:
            close()


def arena_deck(seed: int, deck_no: int) -> list[Card]:
    """The arena's deck number ``deck_no`` for ``seed`` (``deberc bench gap`` plays the same decks)."""
    return shuffled_deck(random.Random(f"arena-{seed}-{deck_no}"))


def deal_points(match: Match) -> list[int]:
    """What each side writes on the score sheet for the match's last deal, bait and penalties included: the
    arena's measure of a deal."""
    row = match.game.results[-1]
    return [row.written[side] + row.penalties[side] for side in range(match.rules.sides)]


def play_deck(
    entrants: Sequence[Entrant], rules: Rules, deck_no: int, seed: int, budget: float | None,
) -> list[SeatRecord]:
    """One deck, every seating: per entrant, its points per seating (averaged over its seats)."""
    n = rules.players
    deck = arena_deck(seed, deck_no)
    dealer = deck_no % n
    records = [SeatRecord() for _entrant in entrants]
    for si, seating in enumerate(seatings(len(entrants), n)):
        bots = [seat_bot(entrants[e], seating[:s].count(e), _bot_seed(seed, deck_no, si, s))
                for s, e in enumerate(seating)]
        match = Match(rules, first_dealer=dealer, seed=deck_no)

        def on_decision(seat: int, seconds: float, seating: tuple[int, ...] = seating) -> None:
            records[seating[seat]].times.append(seconds)

        def on_failure(seat: int, reason: str, seating: tuple[int, ...] = seating) -> None:
            record = records[seating[seat]]
            record.failures += 1
            if record.first_failure is None:
                record.first_failure = reason

        play_table(match, bots, budget, deck, on_decision, on_failure)
        row = match.game.results[-1]
        deal = match.deals[-1]
        written = deal_points(match)
        per: dict[int, list[float]] = {}
        for side in range(rules.sides):
            owners = {seating[s] for s in rules.side_seats(side)}
            for e in owners:
                per.setdefault(e, []).append(written[side])
        for e, pts in per.items():
            records[e].points.append(sum(pts) / len(pts))
        if deal.bidder is not None:
            e = seating[deal.bidder]
            records[e].bids += 1
            if row.outcome == "bait":
                records[e].baits += 1
    return records


def play_whole_game(entrants: Sequence[Entrant], rules: Rules, game_no: int, seed: int, budget: float | None) -> int | None:
    """One game to the target; returns the winning entrant (or None if the game hit the deal cap)."""
    n = rules.players
    all_seatings = seatings(len(entrants), n)
    seating = all_seatings[game_no % len(all_seatings)]
    bots = [seat_bot(entrants[e], seating[:s].count(e), _bot_seed(seed, 10_000_000 + game_no, 0, s))
            for s, e in enumerate(seating)]
    match = Match(rules, first_dealer=game_no % n, seed=seed * 7 + game_no)  # match_target null: one game
    if not PlayLoop(match, arena_seats(bots, budget)).play_match(GAME_DEAL_CAP):
        return None
    outcome = match.game.outcome
    assert outcome is not None
    return seating[rules.side_seats(outcome.winner)[0]]


GAME_DEAL_CAP = 200
"""Deals after which a whole game that has not ended is given up (counted as no winner)."""
MATCH_DEAL_CAP = 400
"""Deals after which a match that has not ended is given up (counted as no winner)."""


@dataclass
class MatchRecord:
    """What each entrant won in one whole match (§12): game points, money, whether it won the match."""

    game_points: list[int]
    money: list[int]
    winner: int | None
    games: int
    failures: list[int]
    first_failure: list[str | None]


def play_match(entrants: Sequence[Entrant], rules: Rules, match_no: int, seed: int, budget: float | None) -> MatchRecord:
    """One whole match; matches ``2i`` and ``2i + 1`` share a seed and swap the seats (2 bots)."""
    n = rules.players
    all_seatings = seatings(len(entrants), n)
    seating = all_seatings[match_no % len(all_seatings)]
    pair = match_no // len(all_seatings)
    bots = [seat_bot(entrants[e], seating[:s].count(e), _bot_seed(seed, 20_000_000 + match_no, 0, s))
            for s, e in enumerate(seating)]
    failures = [0] * len(entrants)
    first: list[str | None] = [None] * len(entrants)

    def on_failure(seat: int, reason: str) -> None:
        failures[seating[seat]] += 1
        first[seating[seat]] = first[seating[seat]] or reason

    match = Match(rules, first_dealer=pair % n, seed=seed * 7919 + pair)
    PlayLoop(match, arena_seats(bots, budget), on_failure=on_failure).play_match(MATCH_DEAL_CAP)
    points = [0] * len(entrants)
    money = [0] * len(entrants)
    for side in range(rules.sides):
        owners = {seating[s] for s in rules.side_seats(side)}
        for e in owners:
            points[e] += sum(r.game_points[side] for r in match.settled)
            money[e] += sum(r.money[side] for r in match.settled)
    winner = None if match.winner is None else seating[rules.side_seats(match.winner)[0]]
    return MatchRecord(points, money, winner, len(match.settled), failures, first)


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def check_entrants(entrants: Sequence[Entrant], keep: bool = False) -> None:
    """Fail early, in one line (ValueError), on an unknown bot or style or a process bot that cannot start.

    ``keep``: a process bot started here stays running for this process's first table (no second start)."""
    for e in entrants:
        if (e.label, 0) in _RUNNING:
            continue
        bot = make_bot(e.name, style=e.style)
        if keep and is_process_bot(e.name):
            _RUNNING[(e.label, 0)] = bot
            continue
        close = getattr(bot, "close", None)
        if close is not None:
            close()


def _worker_start() -> None:
    """In each worker process: stop its bot processes when the worker ends (it skips ``atexit``)."""
    from multiprocessing import util

    util.Finalize(None, stop_bots, exitpriority=10)


def _deck_job(args: tuple[list[Entrant], Rules, int, int, float | None]) -> list[SeatRecord]:
    return play_deck(*args)


def _game_job(args: tuple[list[Entrant], Rules, int, int, float | None]) -> int | None:
    return play_whole_game(*args)


def _match_job(args: tuple[list[Entrant], Rules, int, int, float | None]) -> MatchRecord:
    return play_match(*args)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[k]


def run_arena(
    bots: str | Sequence[str], players: int = 2, preset: str = "moscow", deals: int = 2000, seed: int = 7,
    budget: float | None = DEFAULT_BUDGET, games: int = 0, jobs: int = 1,
    progress: Callable[[int], None] | None = None, match_target: int | None = None, doubling: str | None = None,
) -> ArenaReport:
    """Run the arena and return the report (the ``--json`` object).

    ``match_target`` / ``doubling`` override the preset's (§12); with a match target, ``games`` counts whole
    matches. ``progress(k)`` is called as work finishes (k = decks, games or matches done since the last call)."""
    entrants = parse_bots(bots)
    check_entrants(entrants, keep=jobs == 1)
    overrides: dict[str, object] = {}
    if match_target is not None:
        overrides["match_target"] = match_target
    if doubling is not None:
        overrides["doubling"] = doubling
    rules = Rules.preset(preset, players=players, **overrides)
    matches = games if rules.match_target is not None else 0
    games = 0 if matches else games
    k = len(entrants)
    per_deck: list[list[SeatRecord]] = []
    deck_args = [(entrants, rules, i, seed, budget) for i in range(deals)]
    game_args = [(entrants, rules, g, seed, budget) for g in range(games)]
    match_args = [(entrants, rules, g, seed, budget) for g in range(matches)]
    winners: list[int | None] = []
    played: list[MatchRecord] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start) as pool:
            for rec in pool.map(_deck_job, deck_args, chunksize=4):
                per_deck.append(rec)
                if progress:
                    progress(1)
            for w in pool.map(_game_job, game_args):
                winners.append(w)
                if progress:
                    progress(1)
            for m in pool.map(_match_job, match_args):
                played.append(m)
                if progress:
                    progress(1)
    else:
        try:
            for a in deck_args:
                per_deck.append(_deck_job(a))
                if progress:
                    progress(1)
            for g in game_args:
                winners.append(_game_job(g))
                if progress:
                    progress(1)
            for a in match_args:
                played.append(_match_job(a))
                if progress:
                    progress(1)
        finally:
            stop_bots()
    report_bots: list[BotReport] = []
    for e_i, e in enumerate(entrants):
        means = [statistics.fmean(d[e_i].points) for d in per_deck if d[e_i].points]
        diffs = []
        for d in per_deck:
            if not d[e_i].points:
                continue
            others = [statistics.fmean(d[j].points) for j in range(k) if j != e_i and d[j].points]
            if others:
                diffs.append(statistics.fmean(d[e_i].points) - statistics.fmean(others))
        mean_diff = statistics.fmean(diffs) if diffs else 0.0
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        times = [t for d in per_deck for t in d[e_i].times]
        entry: BotReport = {
            "name": e.label,
            "mean_points": round(statistics.fmean(means), 2) if means else 0.0,
            "mean_diff": round(mean_diff, 2),
            "ci95": [round(mean_diff - half, 2), round(mean_diff + half, 2)],
            "bids": sum(d[e_i].bids for d in per_deck),
            "baits": sum(d[e_i].baits for d in per_deck),
            "decision_ms_p50": round(percentile(times, 0.5) * 1000, 3),
            "decision_ms_p99": round(percentile(times, 0.99) * 1000, 3),
            "failures": sum(d[e_i].failures for d in per_deck),
            "first_failure": next((d[e_i].first_failure for d in per_deck if d[e_i].first_failure), None),
        }
        if games:
            entry["games_won"] = sum(1 for w in winners if w == e_i)
        if matches:
            _match_entry(entry, e_i, k, played)
        report_bots.append(entry)
    report: ArenaReport = {"deals": deals, "players": players, "preset": preset, "bots": report_bots}
    if games:
        report["games"] = games
    if matches:
        assert rules.match_target is not None
        report["matches"] = matches
        report["match_target"] = rules.match_target
        report["doubling"] = str(rules.doubling)
    return report


def _match_entry(entry: BotReport, e_i: int, k: int, played: Sequence[MatchRecord]) -> None:
    """One bot's match figures: game points and money per match, the difference to the others with its CI."""
    diffs = [m.game_points[e_i] - statistics.fmean(m.game_points[j] for j in range(k) if j != e_i) for m in played]
    mean, half = _mean_ci(diffs)
    entry["matches_won"] = sum(1 for m in played if m.winner == e_i)
    entry["game_points"] = round(statistics.fmean(m.game_points[e_i] for m in played), 2) if played else 0.0
    entry["match_diff"] = round(mean, 2)
    entry["match_ci95"] = [round(mean - half, 2), round(mean + half, 2)]
    entry["money"] = round(statistics.fmean(m.money[e_i] for m in played), 2) if played else 0.0
    entry["failures"] += sum(m.failures[e_i] for m in played)
    entry["first_failure"] = entry["first_failure"] or next((m.first_failure[e_i] for m in played if m.first_failure[e_i]), None)


def format_report(report: ArenaReport) -> str:
    """The report as small text tables: the duplicate deals' (with the games won when games were played too), else
    the whole games' alone; then the matches', and the decisions the arena made for a failing bot."""
    width = max([18, *(len(b["name"]) for b in report["bots"])])  # a cmd: bot's label is its command
    lines = _deal_lines(report, width) if report["deals"] else _game_lines(report, width) if report.get("games") else []
    if report.get("matches"):
        lines.extend(_match_lines(report, width))
    for b in report["bots"]:
        if b["failures"]:
            lines.append(_("{name}: {count} decisions made for it (first: {reason})").format(
                name=b["name"], count=b["failures"], reason=b["first_failure"]))
    return "\n".join(lines)


def _deal_lines(report: ArenaReport, width: int) -> list[str]:
    """The duplicate deals' table: each bot's points, difference, bids, baits and speed (and games won)."""
    seats = len(seatings(len(report["bots"]), report["players"]))
    head = _("{deals} duplicate deals ({seats} seatings each), {players} players, preset {preset}").format(
        deals=report["deals"], seats=seats, players=report["players"], preset=report["preset"])
    if report.get("games"):
        head += _(", {games} whole games").format(games=report["games"])
    lines = [
        head,
        f"{_('bot'):<{width}} {_('mean pts'):>9} {_('mean diff'):>10} {_('95% CI'):>17} {_('bids'):>6} {_('baits'):>6} "
        f"{_('ms p50'):>8} {_('ms p99'):>8}" + (f" {_('games won'):>9}" if report.get("games") else ""),
    ]
    for b in report["bots"]:
        ci = f"[{b['ci95'][0]:+.1f}, {b['ci95'][1]:+.1f}]"
        line = (
            f"{b['name']:<{width}} {b['mean_points']:>9.1f} {b['mean_diff']:>+10.2f} {ci:>17} {b['bids']:>6} "
            f"{b['baits']:>6} {b['decision_ms_p50']:>8.2f} {b['decision_ms_p99']:>8.2f}"
        )
        if report.get("games"):
            line += f" {b.get('games_won', 0):>9}"
        lines.append(line)
    return lines


def _game_lines(report: ArenaReport, width: int) -> list[str]:
    """Whole games only (``--deals 0``): the games each bot won (no deal was measured, so no deal figures)."""
    games = report.get("games", 0)
    lines = [_("{games} whole games, {players} players, preset {preset}").format(
        games=games, players=report["players"], preset=report["preset"]),
        f"{_('bot'):<{width}} {_('games won'):>9} {_('share'):>7}"]
    for b in report["bots"]:
        won = b.get("games_won", 0)
        lines.append(f"{b['name']:<{width}} {won:>9} {won / games if games else 0:>7.0%}")
    return lines


def _match_lines(report: ArenaReport, width: int) -> list[str]:
    """The whole matches' part of the text report: game points won per match, its difference and CI, money."""
    lines = [_("{matches} whole matches to {target} game points, doubling {doubling}").format(
        matches=report.get("matches", 0), target=report.get("match_target", 0), doubling=report.get("doubling", "none")),
        f"{_('bot'):<{width}} {_('won'):>6} {_('game pts'):>9} {_('diff'):>8} {_('95% CI'):>17} {_('money'):>8}"]
    for b in report["bots"]:
        ci = b.get("match_ci95", [0.0, 0.0])
        shown = f"[{ci[0]:+.2f}, {ci[1]:+.2f}]"
        lines.append(f"{b['name']:<{width}} {b.get('matches_won', 0):>6} {b.get('game_points', 0.0):>9.2f} "
                     f"{b.get('match_diff', 0.0):>+8.2f} {shown:>17} {b.get('money', 0.0):>+8.2f}")
    return lines
