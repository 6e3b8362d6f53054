"""What the tutor's play-out policy changes: every bid of random positions priced by both card plays in the same worlds.

    python3 tools/tutor_policy.py PLAYERS POSITIONS WORLDS [SEED] [PRESET]

Each random bidding position (``deberc bench practice``'s generator, Moscow rules unless PRESET) is evaluated twice
with the same seed — so in the same sampled worlds — for exactly WORLDS worlds: once with the seats' own card play
(:data:`deberc_tui.practice.evaluate.SEATS`, the heuristic through its views: the tutor until issue 22) and once
with the greedy perfect-information play and its solved ending (:data:`~deberc_tui.practice.evaluate.GREEDY`).
Prints one JSON object: how often the best bid is the same, the same where the old evaluation's best is clear (more
than two standard errors of the paired difference ahead of the runner-up), the mean and the largest |ev difference|
per bid, the mean signed difference (new − old) per kind of bid, and the seconds each took. A developer tool
(docs/PERFORMANCE.md quotes it); nothing here is imported by ``deberc``.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from deberc_tui.engine import Rules
from deberc_tui.practice.evaluate import GREEDY, SEATS, evaluate
from deberc_tui.practice.position import random_position


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    players, positions, worlds = int(argv[1]), int(argv[2]), int(argv[3])
    seed = int(argv[4]) if len(argv) > 4 else 1
    preset = argv[5] if len(argv) > 5 else "moscow"
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    same = clear = clear_same = 0
    diffs: list[float] = []
    signed: dict[str, list[float]] = {}
    seconds = {SEATS: 0.0, GREEDY: 0.0}
    for _ in range(positions):
        pos = random_position(rules, rng)
        at = rng.randrange(1 << 30)
        runs = {}
        for card_play in (SEATS, GREEDY):
            start = time.perf_counter()
            runs[card_play] = evaluate(pos, seed=at, max_seconds=1e9, target_se=0.0, min_worlds=worlds,
                                       max_worlds=worlds, card_play=card_play)
            seconds[card_play] += time.perf_counter() - start
        old, new = runs[SEATS], runs[GREEDY]
        same += old.best.bid == new.best.bid
        ranked = old.ranked
        if len(ranked) > 1 and ranked[0].ev - ranked[1].ev > 2 * old.diff_se(ranked[0].bid, ranked[1].bid):
            clear += 1
            clear_same += old.best.bid == new.best.bid
        for b in old.bids:
            d = new.value(b.bid).ev - b.ev
            diffs.append(abs(d))
            signed.setdefault("pass" if b.bid == "pass" else "take", []).append(d)
    print(json.dumps({
        "players": players, "preset": preset, "positions": positions, "worlds": worlds, "seed": seed,
        "same_best": round(same / positions, 3), "clear_positions": clear,
        "same_best_where_clear": round(clear_same / clear, 3) if clear else None,
        "mean_abs_ev_diff": round(statistics.fmean(diffs), 2), "max_abs_ev_diff": round(max(diffs), 1),
        "mean_signed_diff": {k: round(statistics.fmean(v), 2) for k, v in sorted(signed.items())},
        "seconds": {k: round(v, 1) for k, v in seconds.items()},
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
