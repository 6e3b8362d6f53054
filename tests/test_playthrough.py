"""Whole games at the table, the human seat driven by key presses only, to a low target: 2, 3 and 4 players.

Nothing but keys (bids, swap, declarations and bella left on, cards, «Партия» when it is right) reaches
the app; the bots are the real heuristic bots. The game must end on the game-over screen that says who won
and offers what to do next.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import screen_text
from tablehelp import play_game_by_keys

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.engine import Rules


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))


# Seeds chosen so that between them every kind of key decision comes up (found by playing seeds 1-8).
GAMES = [
    (2, 6, {"bid", "card", "swap", "declare", "bella"}),
    (3, 4, {"bid", "card", "swap", "declare", "bella"}),
    (4, 1, {"bid", "card", "declare", "bella", "claim"}),
]


@pytest.mark.parametrize(("players", "seed", "decisions"), GAMES)
async def test_a_whole_game_by_keys(players: int, seed: int, decisions: set[str]) -> None:
    app = make_app(Rules.preset("moscow", players=players, target=301), seed=seed, first_dealer=1, pace=0.0, look=Look(),
                   bots=["heuristic"] * (players - 1))
    async with app.run_test(size=(80, 24)) as pilot:
        used = await play_game_by_keys(pilot)
        text = screen_text(app)
        outcome = app.session.game.outcome
        assert outcome is not None
        winner = app.session.side_name(outcome.winner)
        assert "Game over" in text
        assert ("You won the game!" in text) if winner == "You" else (f"{winner} won the game" in text)
        for choice in ("New game (n)", "Statistics (s)", "Score sheet (t)", "Quit (q)"):
            assert choice in text
    assert used == decisions
    deals = app.session.game.deals
    if "declare" in used:  # the declaration the toggle showed as on was made, not lost
        assert any(d.seat == 0 for deal in deals for d in deal.declarations)
    if "bella" in used:
        assert any(seat == 0 for deal in deals for seat, _trick in deal.bella_tricks)
    if "swap" in used:
        assert any(deal.swapped_by == 0 for deal in deals)
