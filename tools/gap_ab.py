"""Paired runs of expert settings on the card-play gap's decks: the bids fixed as the heuristic's, only the expert's card
play differs from one setting to the next.

    python3 tools/gap_ab.py [--jobs J] [--save FILE] PLAYERS DECKS FIRST NAME=SETTING [NAME=SETTING ...]

Each deck (``FIRST`` to ``FIRST + DECKS - 1``, the gap bench's decks: seed 7, Moscow rules) is played in every
seating of the subject, as ``deberc bench gap`` plays its expert (:func:`deberc_tui.play.gap.play_gap_deck`), once for
each setting; a setting is written as for ``tools/expert_ab.py`` (``samples=64``, ``MODEL_TRIES=64``, empty for today's
expert). Every setting also gets ``max_time=20`` with a budget of 30 s a decision, so that no decision stops at its
deadline and a busy machine plays as a quiet one. Since the auction, the decks and the seeds are the same, two settings
differ only where their card play does: the paired difference of the expert's lead is far narrower than
``tools/expert_ab.py``'s, whose expert also bids (at 2 players ±0.6–1.2 a deal over 600 decks, against ±2.6 over 300).
Prints one JSON object: per setting the expert's lead (its side's points minus the others', 95% CI), the CPU seconds
its decks took and the median of the decks' median decision times; per setting after the first, the paired difference
from the first and on how many decks it is not zero. ``--save`` writes every deck's lead per setting to ``FILE``. Needs
the compiled core. A developer tool (docs/STRENGTH.md quotes it); nothing here is imported by ``deberc``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor

from expert_ab import Setting, ci, constants, given, parse_setting, read_flags, report

import bots.expert as expert
from bots.base import Bot
from bots.core import COMPILED, CORE
from deberc_tui.engine import Rules
from deberc_tui.play.gap import play_gap_deck

CLOCK_FREE = {"max_time": "20"}
BUDGET = 30.0


def play(players: int, deck: int, settings: Mapping[str, Setting]) -> dict[str, tuple[float, float, float]]:
    """One deck under every setting: per setting, the expert's lead, its median decision time and the CPU seconds."""
    rules = Rules.preset("moscow", players=players)
    out: dict[str, tuple[float, float, float]] = {}
    for name, setting in settings.items():
        with constants(setting, players) as attrs:
            def make(seed: int, attrs: Mapping[str, object] = attrs) -> Bot:
                return given(expert.ExpertBot(seed=seed), attrs)

            start = time.process_time()
            result = play_gap_deck(rules, deck, 7, BUDGET, ("expert",), make)
            spent = time.process_time() - start
        times = result.expert_times
        out[name] = (result.leads["expert"], statistics.median(times) if times else 0.0, spent)
    return out


def main(argv: list[str]) -> int:
    read = read_flags(argv[1:], ("--jobs", "--save"))
    if read is None or len(read[1]) < 4 or CORE is not COMPILED:
        print(__doc__, file=sys.stderr)
        return 2
    flags, args = read
    jobs, save = int(flags.get("--jobs", "1")), flags.get("--save", "")
    players, decks, first = int(args[0]), int(args[1]), int(args[2])
    settings = {name: {**CLOCK_FREE, **parse_setting(value)} for name, value in (a.split("=", 1) for a in args[3:])}
    start = time.time()
    deck_nos = range(first, first + decks)
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(play, [players] * decks, deck_nos, [settings] * decks))
    names = list(settings)
    leads = {name: [r[name][0] for r in results] for name in names}
    out: dict[str, object] = {"players": players, "decks": [first, first + decks - 1],
                              "minutes": round((time.time() - start) / 60, 1)}
    for name in names:
        out[name] = {"lead": ci(leads[name]), "cpu_s": round(sum(r[name][2] for r in results), 1),
                     "decision_ms_p50": round(1000 * statistics.median(r[name][1] for r in results), 1)}
    return report(out, leads, save, players, first)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
