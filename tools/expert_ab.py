"""Paired arena runs of the expert's solve limits against the heuristic: the same decks and bot seeds for every setting.

    python3 tools/expert_ab.py PLAYERS DECKS FIRST NAME=LIMIT:NODES [NAME=LIMIT:NODES ...]

Each deck (``FIRST`` to ``FIRST + DECKS - 1``, arena seed 7, Moscow rules) is played in every seating, as
``deberc arena --bots expert,heuristic`` plays it, once for each setting: the expert solves the card play exactly
from ``LIMIT`` cards left in hands, with at most ``NODES`` nodes per sample (``bots.expert.FAST_SOLVE_LIMIT`` and
``FAST_MAX_NODES``, which the compiled core uses). Since the decks and the seeds are the same, the difference
between two settings is measured deck by deck: its confidence interval is much narrower than the two arena runs'
intervals side by side. Prints one JSON object: per setting the expert's lead over the heuristic (mean, 95% CI)
and its decision times; per setting after the first, the paired difference from the first. Needs the compiled core.
A developer tool (docs/STRENGTH.md quotes it); nothing here is imported by ``deberc``.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time

import bots.expert as expert
from bots.core import COMPILED, CORE
from deberc_tui.engine import Rules
from deberc_tui.play.arena import DEFAULT_BUDGET, parse_bots, play_deck, stop_bots


def ci(values: list[float]) -> list[float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return [round(mean, 2), round(mean - half, 2), round(mean + half, 2)]


def main(argv: list[str]) -> int:
    if len(argv) < 5 or CORE is not COMPILED:
        print(__doc__, file=sys.stderr)
        return 2
    players, decks, first = int(argv[1]), int(argv[2]), int(argv[3])
    settings = {name: tuple(int(x) for x in value.split(":")) for name, value in (a.split("=") for a in argv[4:])}
    rules = Rules.preset("moscow", players=players)
    entrants = parse_bots("expert,heuristic")
    leads: dict[str, list[float]] = {name: [] for name in settings}
    times: dict[str, list[float]] = {name: [] for name in settings}
    start = time.time()
    for deck in range(first, first + decks):
        for name, (limit, nodes) in settings.items():
            expert.FAST_SOLVE_LIMIT = {**expert.FAST_SOLVE_LIMIT, players: limit}
            expert.FAST_MAX_NODES = nodes
            records = play_deck(entrants, rules, deck, 7, DEFAULT_BUDGET)
            leads[name].append(statistics.fmean(records[0].points) - statistics.fmean(records[1].points))
            times[name].extend(records[0].times)
    stop_bots()
    out: dict[str, object] = {"players": players, "decks": [first, first + decks - 1],
                              "minutes": round((time.time() - start) / 60, 1)}
    names = list(settings)
    for name in names:
        t = sorted(times[name])
        out[name] = {"lead": ci(leads[name]), "decision_ms_p50": round(t[len(t) // 2] * 1000, 2),
                     "decision_ms_p99": round(t[int(len(t) * 0.99)] * 1000, 1)}
    for name in names[1:]:
        out[f"{name} - {names[0]}"] = ci([a - b for a, b in zip(leads[name], leads[names[0]], strict=True)])
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
