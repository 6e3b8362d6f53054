"""Shared helpers for the rule tests: build a stacked deal, drive it with a short script, read the score.

A *script* is a string of tokens, each applied by the seat whose turn it is:

* ``play`` / ``pass`` / ``C`` ``D`` ``H`` ``S`` — a bid;
* ``JH`` — a card; ``JH+d`` declares the seat's combinations with it, ``KH+b`` declares bella, ``KH+db`` both;
* ``claim`` — claim the game;
* ``swap@1`` / ``sevens@1`` / ``weak@1`` / ``klabor@1`` — the out-of-turn actions, with the seat after ``@``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deberc_tui.engine import (
    CLAIM,
    Action,
    Bid,
    Card,
    Deal,
    Game,
    Klabor,
    PlayCard,
    Redeal,
    Rules,
    ScoreSheet,
    SwapSeven,
    stack_deck,
)
from deberc_tui.engine.scoring import DealPoints


def rules(players: int = 2, preset: str = "moscow", **options: Any) -> Rules:
    return Rules.from_dict({"preset": preset, **options}, players=players)


def deck(
    players: int,
    hands: Mapping[int, str],
    turnup: str,
    dealer: int = 0,
    bottom: str | None = None,
    receiver: int | None = None,
) -> list[Card]:
    return stack_deck(players, dealer, hands, turnup=turnup, bottom=bottom, turnup_receiver=receiver)


def new_deal(
    r: Rules,
    hands: Mapping[int, str],
    turnup: str,
    dealer: int = 0,
    bottom: str | None = None,
    receiver: int | None = None,
    totals: tuple[int, ...] | None = None,
) -> Deal:
    return Deal(r, dealer, deck(r.players, hands, turnup, dealer, bottom, receiver), totals)


def parse_token(token: str) -> tuple[int | None, Action]:
    """A script token as (seat or None for 'whoever is to act', action)."""
    if "@" in token:
        name, seat = token.split("@")
        out_of_turn: dict[str, Action] = {
            "swap": SwapSeven(), "sevens": Redeal("four_sevens"), "weak": Redeal("low_points"), "klabor": Klabor(),
        }
        return int(seat), out_of_turn[name]
    if token in ("play", "pass", "C", "D", "H", "S"):
        return None, Bid(token)
    if token == "claim":
        return None, CLAIM
    card, _, flags = token.partition("+")
    return None, PlayCard(Card.parse(card), declare="d" in flags, bella="b" in flags)


def run(target: Deal | Game, script: str) -> Deal:
    """Apply the script's tokens in order (to a deal, or to a game's current deal through the game)."""
    for token in script.split():
        deal = target if isinstance(target, Deal) else target.deal
        assert deal is not None
        seat, action = parse_token(token)
        if seat is None:
            assert deal.to_act is not None, f"nobody is to act before {token!r}"
            seat = deal.to_act
        target.apply(seat, action)
    deal = target if isinstance(target, Deal) else target.deal
    assert deal is not None
    return deal


def finish(target: Deal | Game) -> Deal:
    """Play out the deal: every seat plays its first legal card (lowest card index), declaring nothing."""
    while True:
        deal = target if isinstance(target, Deal) else target.deal
        assert deal is not None
        if deal.is_over:
            return deal
        seat = deal.to_act
        assert seat is not None
        card = next(a for a in deal.legal_actions() if isinstance(a, PlayCard) and not a.declare and not a.bella)
        target.apply(seat, card)


def play_deal(
    game: Game, hands: Mapping[int, str], turnup: str, script: str, bottom: str | None = None,
    receiver: int | None = None, finish_it: bool = True,
) -> Deal:
    """Deal a stacked deck in a game (the game's next dealer deals), run the script, play out the rest."""
    game.start_deal(deck(game.rules.players, hands, turnup, game.next_dealer, bottom, receiver))
    deal = run(game, script)
    return finish(game) if finish_it else deal


def points(deal: Deal) -> tuple[int, ...]:
    assert deal.result is not None
    return deal.result.points


def dp(
    outcome: str, bidder: int | None, pts: tuple[int, ...], tricks: tuple[int, ...] | None = None,
    last: int | None = None, first_leader: int | None = None, reason: str = "",
) -> DealPoints:
    """A deal's points for the score sheet: card points as given, no combinations or bella."""
    n = len(pts)
    zeros = (0,) * n
    return DealPoints(
        outcome, bidder, tuple(pts), zeros, zeros, None, tricks or (1,) * n,
        last if last is not None else bidder, None, reason, first_leader,
    )


def sheet(r: Rules, rows: list[DealPoints], dealer: int = 0) -> ScoreSheet:
    """Write the rows on a fresh sheet; the dealer of each row follows the sheet's own next_dealer."""
    s = ScoreSheet(r, dealer)
    for row in rows:
        s.write(s.next_dealer, "H", row)
    return s
