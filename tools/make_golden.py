"""Write golden records for every preset and player count: a seeded game of random legal play, its record and
what ``deberc replay --json`` says of it. A developer tool: run it when a rule changes on purpose, then read the
diff of ``tests/golden`` — every changed sheet is a changed rule.

    python3 tools/make_golden.py            # (re)write tests/golden/<preset>_<n>p_e2.*.json
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deberc_tui.engine import Claim, Game, Rules  # noqa: E402
from deberc_tui.engine.rules import PRESET_PLAYERS  # noqa: E402
from deberc_tui.records import record_from_game, replay_json  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"


def play(preset: str, players: int, seed: int) -> Game:
    """A whole game to a short target: random legal actions, sometimes an out-of-turn one, rarely a claim."""
    rng = random.Random(seed)
    game = Game(Rules.preset(preset, players=players, target=301), first_dealer=seed % players, seed=seed)
    while not game.is_over and len(game.deals) < 60:
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            others = [s for s in range(players) if s != seat and deal.optional_actions(s)]
            if others and rng.random() < 0.1:
                other = rng.choice(others)
                game.apply(other, rng.choice(deal.optional_actions(other)))
                continue
            legal = deal.legal_actions()
            choices = [a for a in legal if not isinstance(a, Claim) or rng.random() < 0.05] or legal
            game.apply(seat, rng.choice(choices))
    return game


def main() -> None:
    for preset, counts in PRESET_PLAYERS.items():
        for players in counts:
            # the seed whose game shows the most kinds of deal end (held, conceded, thrown in, ...)
            game = max((play(preset, players, seed) for seed in range(40)),
                       key=lambda g: (len({r.outcome for r in g.results}), -len(g.deals)))
            names = [{"name": f"P{i}", "kind": "bot", "bot": "random"} for i in range(players)]
            stem = f"{preset}_{players}p_e2"
            (GOLDEN / f"{stem}.record.json").write_text(
                json.dumps(record_from_game(game, names), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            (GOLDEN / f"{stem}.expected.json").write_text(
                json.dumps(replay_json(game), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            outcomes = sorted({r.outcome.value for r in game.results})
            print(f"{stem}: {len(game.deals)} deals, {', '.join(outcomes)}")


if __name__ == "__main__":
    main()
