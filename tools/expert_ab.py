"""Paired arena runs of expert settings against the heuristic: the same decks and bot seeds for every setting.

    python3 tools/expert_ab.py [--jobs J] [--budget SECONDS] [--all SETTING] [--save FILE] [--against SETTING] PLAYERS DECKS FIRST NAME=SETTING [NAME=SETTING ...]

Each deck (``FIRST`` to ``FIRST + DECKS - 1``, arena seed 7, Moscow rules) is played in every seating, as
``deberc arena --bots expert,heuristic`` plays it, once for each setting. A setting is either ``LIMIT:NODES`` (the
expert solves the card play exactly from ``LIMIT`` cards left in hands, with at most ``NODES`` nodes per sample:
``bots.expert.FAST_SOLVE_LIMIT`` and ``FAST_MAX_NODES``, which the compiled core uses) or a comma-separated list of
``key=value``: a lower-case key sets that attribute of every expert seated (``samples=64``, ``bid_samples=192``), an
upper-case key sets that constant of :mod:`bots.expert` (``BIDDING_TRIES=8``; ``FAST_SOLVE_LIMIT=18`` sets it for
this player count); an empty setting (``base=``) is today's expert. Since the decks and the seeds are the same, the
difference between two settings is measured deck by deck: its confidence interval is much narrower than the two
arena runs' intervals side by side. Prints one JSON object: per setting the expert's lead over the heuristic (mean,
95% CI) and its decision times; per setting after the first, the paired difference from the first and on how many
decks it is not zero. ``--all``
is added to every setting (``--budget 30 --all max_time=20`` lets no decision stop at its deadline, so that a run on a
busy machine plays exactly as one on a quiet machine). ``--save`` writes every deck's lead per setting to ``FILE`` (JSON),
so that runs over further decks can be joined. ``--against`` seats, instead of the heuristic, an expert with that
setting (attributes only: ``--against play_model=0`` plays the expert against itself without the play model), so
that a setting is also measured against an opponent unlike the models it assumes; ``--all``'s attributes are given to
that expert too (an upper-case constant reaches every expert anyway), so that neither side stops at its deadline. ``--jobs`` plays decks in that many processes (the figures
are the same). Needs the compiled core.
A developer tool (docs/STRENGTH.md quotes it); nothing here is imported by ``deberc``.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

import bots.expert as expert
import deberc_tui.bot_hosting.registry as registry
import deberc_tui.play.arena as arena
from bots.base import Bot
from bots.core import COMPILED, CORE
from deberc_tui.engine import Rules

Setting = dict[str, str]


def ci(values: list[float]) -> list[float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return [round(mean, 2), round(mean - half, 2), round(mean + half, 2)]


def parse_setting(text: str) -> Setting:
    if ":" in text and "=" not in text:
        limit, nodes = text.split(":")
        return {"FAST_SOLVE_LIMIT": limit, "FAST_MAX_NODES": nodes}
    return dict(part.split("=", 1) for part in text.split(",") if part)


def _value(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@contextmanager
def constants(setting: Setting, players: int) -> Iterator[dict[str, object]]:
    """The setting's upper-case keys in force as constants of :mod:`bots.expert` (a per-player-count table changed for
    ``players`` only), undone after; yields the other keys, the attributes, with their values."""
    saved = {key: getattr(expert, key) for key in setting if key.isupper()}
    for key, text in setting.items():
        if key.isupper():
            old = getattr(expert, key)
            value = _value(text)
            setattr(expert, key, {**old, players: value} if isinstance(old, dict) else value)
    try:
        yield {key: _value(text) for key, text in setting.items() if not key.isupper()}
    finally:
        for key, value in saved.items():
            setattr(expert, key, value)


@contextmanager
def applied(setting: Setting, players: int, against: Setting | None = None) -> Iterator[None]:
    """The setting in force: module constants patched, experts made with the attributes set; undone after. With
    ``against``, the "heuristic" entrant is an expert with those attributes."""
    with constants(setting, players) as attrs:
        vars(arena)["make_bot"] = _maker(attrs, against)  # the arena makes its bots through this name
        try:
            yield
        finally:
            vars(arena)["make_bot"] = registry.make_bot


def _maker(attrs: Mapping[str, object], against: Setting | None) -> Callable[..., Bot]:
    """The arena's ``make_bot`` with the setting's attributes given to every expert it makes (see :func:`applied`)."""
    def make_bot(name: str, seed: int | None = None, style: str = "normal") -> Bot:
        chosen: Mapping[str, object]
        if name == "heuristic" and against is not None:
            bot = registry.make_bot("expert", seed=seed, style=style)
            chosen = {key: _value(text) for key, text in against.items()}
        else:
            bot = registry.make_bot(name, seed=seed, style=style)
            chosen = attrs if name == "expert" else {}
        return given(bot, chosen)

    return make_bot


def given(bot: Bot, attrs: Mapping[str, object]) -> Bot:
    """``bot`` with each of ``attrs`` set (each one an attribute it already has: a misspelt key is an error)."""
    for key, value in attrs.items():
        assert hasattr(bot, key), key
        setattr(bot, key, value)
    return bot


def play(players: int, deck: int, settings: Mapping[str, Setting], budget: float,
         against: Setting | None = None) -> dict[str, tuple[float, list[float]]]:
    """One deck under every setting: per setting, the expert's lead and its decision times."""
    rules = Rules.preset("moscow", players=players)
    entrants = arena.parse_bots("expert,heuristic")
    out: dict[str, tuple[float, list[float]]] = {}
    for name, setting in settings.items():
        with applied(setting, players, against):
            records = arena.play_deck(entrants, rules, deck, 7, budget)
        out[name] = (statistics.fmean(records[0].points) - statistics.fmean(records[1].points), records[0].times)
    return out


def read_flags(args: list[str], names: tuple[str, ...]) -> tuple[dict[str, str], list[str]] | None:
    """The leading ``--flag value`` pairs of ``args`` (each flag one of ``names``; a repeated one keeps its last value)
    and the arguments after them; None for ``--help``, an unknown flag or a flag without its value (the caller prints
    its usage)."""
    flags: dict[str, str] = {}
    while args and args[0].startswith("-"):
        if args[0] not in names or len(args) < 2:
            return None
        flags[args[0]], args = args[1], args[2:]
    return flags, args


def main(argv: list[str]) -> int:
    read = read_flags(argv[1:], ("--jobs", "--budget", "--all", "--save", "--against"))
    if read is None or len(read[1]) < 4 or CORE is not COMPILED:
        print(__doc__, file=sys.stderr)
        return 2
    flags, args = read
    jobs, budget = int(flags.get("--jobs", "1")), float(flags.get("--budget", arena.DEFAULT_BUDGET))
    common, save = flags.get("--all", ""), flags.get("--save", "")
    against = parse_setting(flags["--against"]) if "--against" in flags else None
    players, decks, first = int(args[0]), int(args[1]), int(args[2])
    for_all = parse_setting(common)
    if against is not None:  # the opponent is as free of the clock as the subject (constants reach both already)
        against = {**{k: v for k, v in for_all.items() if not k.isupper()}, **against}
    settings = {name: {**for_all, **parse_setting(value)}
                for name, value in (a.split("=", 1) for a in args[3:])}
    leads: dict[str, list[float]] = {name: [] for name in settings}
    times: dict[str, list[float]] = {name: [] for name in settings}
    start = time.time()
    deck_nos = range(first, first + decks)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, [players] * decks, deck_nos, [settings] * decks, [budget] * decks,
                                    [against] * decks))
    else:
        results = [play(players, deck, settings, budget, against) for deck in deck_nos]
    arena.stop_bots()
    for result in results:
        for name, (lead, spent) in result.items():
            leads[name].append(lead)
            times[name].extend(spent)
    out: dict[str, object] = {"players": players, "decks": [first, first + decks - 1], "budget": budget, "all": common,
                              "against": "heuristic" if against is None else against,
                              "minutes": round((time.time() - start) / 60, 1)}
    names = list(settings)
    for name in names:
        t = sorted(times[name])
        out[name] = {"lead": ci(leads[name]), "decision_ms_p50": round(t[len(t) // 2] * 1000, 2),
                     "decision_ms_p99": round(t[int(len(t) * 0.99)] * 1000, 1)}
    return report(out, leads, save, players, first)


def report(out: dict[str, object], leads: Mapping[str, list[float]], save: str, players: int, first: int) -> int:
    """Print ``out`` with, per setting after the first, its paired difference from the first (95% CI) and on how many
    decks it is not zero; with ``save``, write every deck's lead per setting there."""
    names = list(leads)
    for name in names[1:]:
        diff = [a - b for a, b in zip(leads[name], leads[names[0]], strict=True)]
        out[f"{name} - {names[0]}"] = ci(diff)
        out[f"{name} - {names[0]} decks differing"] = sum(1 for d in diff if d)
    print(json.dumps(out))
    if save:
        with open(save, "w", encoding="utf-8") as f:
            json.dump({"players": players, "first": first, "leads": leads}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
