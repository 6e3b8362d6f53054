"""Saved games and matches for the tests: matches played by a fixed random policy (no claims, few offers), their
records, and files put in the saved-games folder with a chosen time."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

from deberc_tui import saved_games
from deberc_tui.engine import Claim, Rules
from deberc_tui.engine.actions import Dave, Double
from deberc_tui.engine.match import Match
from deberc_tui.records import record_from_game

ANNA_BORIS = [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]
DAIVI_TO_3 = Rules.preset("moscow", players=2, target=201, match_target=3, doubling="daivi", mars=True,
                          money="per_game", stake=10)
"""A match to 3 with «Дайви», mars and money: seed 1 plays 3 games in 11 deals, Anna 3 : Boris 2 (one game ×2)."""


def play_match(rules: Rules, seed: int, offers: float = 0.01, stop: Callable[[Match], bool] | None = None) -> Match:
    """Random legal play without claims (so games run their course), an offer to raise the stake taken with
    probability ``offers``; ``stop(match)``, asked before each action, ends it early."""
    rng = random.Random(seed)
    match = Match(rules, first_dealer=0, seed=seed)
    while not match.is_over and not (stop is not None and stop(match)):
        if match.needs_deal:
            match.start_deal()
            continue
        seat = match.to_act
        assert seat is not None
        legal = [a for a in match.legal_actions() if not isinstance(a, Claim)]
        stakes = [a for a in legal if isinstance(a, Double | Dave)]
        plain = [a for a in legal if a not in stakes]
        match.apply(seat, rng.choice(stakes if stakes and (not plain or rng.random() < offers) else plain))
    return match


def at(game: int, deal: int, actions: int = 0) -> Callable[[Match], bool]:
    """Stop when game ``game``'s deal ``deal`` (both from 1) has ``actions`` actions."""
    def stop(match: Match) -> bool:
        d = match.deal
        return (len(match.games) == game and len(match.game.deals) == deal and d is not None
                and len(d.log) >= actions)
    return stop


def match_doc(match: Match, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(record_from_game(match, players or ANNA_BORIS)))
    return doc


def put(name: str, doc: dict[str, Any] | str, when: float, folder: Path | None = None) -> Path:
    path = (folder or saved_games.games_dir()) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    os.utime(path, (when, when))
    return path


def screen_lines(app: Any) -> list[str]:
    """The screen as a person sees it, line by line (from the SVG screenshot, each text at its column)."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text[^>]*x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        rows.setdefault(float(m[2]), []).append((float(m[1]), unescape(m[3]).replace("\xa0", " ")))
    lines = []
    for y in sorted(rows):
        line = ""
        for x, text in sorted(rows[y]):
            line = line.ljust(round(x / 12.2)) + text
        lines.append(line.rstrip())
    return [line for line in lines if line.strip()]
