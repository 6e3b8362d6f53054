"""Reviewing a whole record: every decision judged (in worker processes if asked), graded, and kept beside the file.

The work is a list of independent tasks — each judged decision, each deal's luck, and once per seat position the
average deal the luck is measured against — each with its own random generator made from the seed and the task's
name, so a review gives the same numbers however many processes share it and in whatever order they finish.

The results are kept in ``<record>.review`` beside the record (a JSON file; not ``.json``, so that a folder of
saved games does not take it for a game), under a key made of the review's version, its settings and the record up
to the decision: opening the review again is instant, a saved game played further is reviewed only where it is
new, and a new version of the review (:data:`VERSION`) judges everything again. A cache that cannot be read is
ignored, one that cannot be written is not written: the review is never refused for its cache.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deberc_tui.engine import ActionFormatError, action_to_record
from deberc_tui.records import Record
from deberc_tui.storage import atomic_write
from deberc_tui.untrusted import MIB, InputError, load_json_file
from deberc_tui.workers import spawn_context, stderr_with_a_file

from .judge import judge, luck_baseline, luck_value
from .moments import DealStart, Moment, Replay, collect
from .report import DealReview, Decision, SeatReview, grade

__all__ = ["DEFAULT_WORLDS", "VERSION", "cache_path", "default_seats", "review_record"]

VERSION = 2
"""The review's version: results kept from another version are judged again. It rises when the judge values a decision
differently: 2 since its card decisions read the others' cards through the play model (issue 22), so a review kept
by version 1, whose worlds the others' cards did not narrow, is not shown as today's."""
DEFAULT_WORLDS = 32
"""Searched worlds per card decision (bids and play-outs take a multiple: :func:`~deberc_tui.review.judge.worlds_for`)."""
CACHE_LIMIT = 64 * MIB
CACHE_FORMAT = "deberc-review"
Progress = Callable[[int, int], None]


def default_seats(record: Record) -> list[int]:
    """The seats a review looks at by default: the record's human players, else every seat."""
    humans = [i for i, p in enumerate(record.players) if p.get("kind", "human") == "human"]
    return humans or list(range(len(record.players)))


def cache_path(record_path: Path) -> Path:
    return record_path.with_name(record_path.name + ".review")


# -- the tasks -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Task:
    key: str
    kind: str  # "decision", "luck" or "baseline"
    moment: Moment | None = None
    start: DealStart | None = None
    worlds: int = DEFAULT_WORLDS
    seed: int = 0

    @property
    def cost(self) -> float:
        """A rough guess at the time it takes (the longest first keeps the workers busy to the end)."""
        if self.kind == "baseline":
            return 1e6
        if self.moment is not None and self.moment.kind == "card":
            return sum(self.moment.view.hand_sizes) ** 2
        return 100.0


def _work(task: _Task) -> tuple[str, Any]:
    """One task's result as JSON-ready data (a worker process runs this)."""
    if task.kind == "decision":
        assert task.moment is not None
        judged = judge(task.moment, task.worlds, task.seed)
        return task.key, None if judged is None else grade(task.moment, judged).to_json()
    assert task.start is not None
    if task.kind == "luck":
        found = luck_value(task.start, task.worlds, task.seed)
        return task.key, None if found is None else found[0]
    return task.key, luck_baseline(task.start.view, task.worlds, task.seed)


def _digest(*parts: object) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def _keys(record: Record, replay: Replay, worlds: int, seed: int) -> tuple[dict[int, str], str]:
    """Per deal, a digest of the record up to that deal's deck (what every decision of it depends on, with its
    history); and the settings' digest."""
    settings = _digest(VERSION, worlds, seed, record.rules.to_dict(), record.first_dealer, len(record.players))
    out: dict[int, str] = {}
    running = settings
    for number, deal in enumerate(replay.match.deals, start=1):
        out[number] = running = _digest(running, [c.notation for c in deal.deck])
        running = _digest(running, [action_to_record(s, a) for s, a in deal.log])
    return out, settings


def _moment_key(deal_key: str, moment: Moment) -> str:
    history = [action_to_record(s, a) for s, a in moment.history]
    options = [None if a is None else a.notation() for a in moment.options]
    chosen = None if moment.chosen is None else moment.chosen.notation()
    return _digest(deal_key, history, moment.seat, moment.kind, moment.action, chosen, options)


def _baseline_key(settings: str, start: DealStart) -> str:
    view = start.view
    forced = view.bidder is not None and not view.bids
    return _digest(settings, "baseline", (view.seat - view.dealer) % view.rules.players, forced)


# -- the cache -------------------------------------------------------------------------------------------------


def _read_cache(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        doc = load_json_file(path, CACHE_LIMIT)
    except (OSError, InputError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("format") != CACHE_FORMAT or doc.get("version") != VERSION:
        return {}
    results = doc.get("results")
    return results if isinstance(results, dict) else {}


def _write_cache(path: Path | None, results: dict[str, Any]) -> None:
    if path is None:
        return
    try:
        atomic_write(path, json.dumps({"format": CACHE_FORMAT, "version": VERSION, "results": results},
                                      ensure_ascii=True, separators=(",", ":")))
    except OSError:
        pass  # a folder that cannot be written: the review is shown, only not kept


def _readable(task: _Task, value: object) -> bool:
    """Whether a kept result can stand for ``task``'s (a file is untrusted: anything else is judged again)."""
    if task.kind != "decision":
        return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if value is None:
        return True  # no world fitted: it would not fit now either
    try:
        Decision.from_json(value, 0)  # type: ignore[arg-type]  # whatever it is, the parse says
    except (KeyError, TypeError, ValueError, AttributeError, ActionFormatError):
        return False
    return True


# -- the review ----------------------------------------------------------------------------------------------


def review_record(
    record: Record, seats: Sequence[int] | None = None, *, worlds: int = DEFAULT_WORLDS, seed: int = 0, jobs: int = 1,
    progress: Progress | None = None, cache: Path | None = None,
) -> list[SeatReview]:
    """Review ``seats`` (default :func:`default_seats`) of a record: one :class:`SeatReview` per seat, in seat
    order. ``worlds`` sets the precision (and the time), ``jobs`` the worker processes, ``cache`` the file the
    results are kept in. Raises :class:`~deberc_tui.records.RecordError` for a record that breaks a rule."""
    chosen_seats = sorted(set(default_seats(record) if seats is None else seats))
    replay = collect(record, chosen_seats)
    deal_keys, settings = _keys(record, replay, worlds, seed)
    kept = _read_cache(cache)
    tasks: dict[str, _Task] = {}
    judged_keys: dict[int, str] = {}
    for i, moment in enumerate(replay.moments):
        if moment.forced:
            continue
        key = _moment_key(deal_keys[moment.deal], moment)
        judged_keys[i] = key
        tasks[key] = _Task(key, "decision", moment=moment, worlds=worlds, seed=seed)
    luck_keys: dict[int, str] = {}
    baseline_keys: dict[int, str] = {}
    for i, start in enumerate(replay.starts):
        key = _digest(deal_keys[start.deal], "luck", start.view.seat)
        luck_keys[i] = key
        tasks[key] = _Task(key, "luck", start=start, worlds=worlds, seed=seed)
        base = _baseline_key(settings, start)
        baseline_keys[i] = base
        tasks.setdefault(base, _Task(base, "baseline", start=start, worlds=worlds, seed=seed))
    results: dict[str, Any] = {k: kept[k] for k, t in tasks.items() if k in kept and _readable(t, kept[k])}
    todo = sorted((t for k, t in tasks.items() if k not in results), key=lambda t: -t.cost)
    total = len(todo)
    if progress is not None:
        progress(0, total)
    for done, (key, value) in enumerate(_run(todo, jobs), start=1):
        results[key] = value
        if progress is not None:
            progress(done, total)
    if todo:
        _write_cache(cache, {**kept, **results})  # what other seats' reviews kept stays
    return [_assemble(record, replay, seat, judged_keys, luck_keys, baseline_keys, results) for seat in chosen_seats]


def _run(todo: Sequence[Any], jobs: int, work: Callable[[Any], Any] | None = None) -> Any:
    """Each task's (key, result), as they finish: in this process, or in ``jobs`` worker processes (started
    afresh, not forked: a thread of the app may be running). ``work`` does each task (the review's own by default)."""
    work = work or _work
    if jobs <= 1 or len(todo) <= 1:
        for task in todo:
            yield work(task)
        return
    context = spawn_context()
    with stderr_with_a_file():
        pool = context.Pool(min(jobs, len(todo)))
    with pool:
        yield from pool.imap_unordered(work, todo, chunksize=1)


def _assemble(record: Record, replay: Replay, seat: int, judged_keys: dict[int, str], luck_keys: dict[int, str],
              baseline_keys: dict[int, str], results: dict[str, Any]) -> SeatReview:
    decisions: list[Decision] = []
    forced = unjudged = 0
    for i, moment in enumerate(replay.moments):
        if moment.seat != seat:
            continue
        if moment.forced:
            forced += 1
            continue
        doc = results.get(judged_keys[i])
        try:
            decisions.append(Decision.from_json(doc, seat))  # type: ignore[arg-type]  # checked by the parse
        except (KeyError, TypeError, ValueError, AttributeError):
            unjudged += 1
    deals: list[DealReview] = []
    for i, start in enumerate(replay.starts):
        if start.view.seat != seat:
            continue
        value, base = results.get(luck_keys[i]), results.get(baseline_keys[i])
        luck = float(value) - float(base) if isinstance(value, int | float) and isinstance(base, int | float) else None
        loss = sum(d.weight for d in decisions if d.deal == start.deal)
        deals.append(DealReview(start.deal, luck, loss, start.written, start.result))
    match = replay.match
    side = record.rules.side_of(seat)
    if record.rules.match_target is not None:  # a match's record: its result is the match's
        won = None if match.winner is None else match.winner == side
    else:
        won = None if not match.game.is_over else match.settled[-1].winner == side
    name = str(record.players[seat].get("name", seat + 1))
    game_of = {number: g for g, game in enumerate(match.games, start=1) for number, deal in enumerate(match.deals, start=1)
               if any(deal is d for d in game.deals)}
    won_by = {result.index: result.winner == side for result in match.settled}
    game_won = tuple(won_by.get(i) for i in range(len(match.games)))
    return SeatReview(seat, name, decisions, deals, forced, unjudged, won, record.rules.match_target is not None,
                      game_of, game_won)
