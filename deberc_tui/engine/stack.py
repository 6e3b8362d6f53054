"""Stacking a deck: the deck order that deals chosen hands (for tests, puzzles and practice positions).

Dealing is §2 of RULES.md read backwards: packets of 3 from the seat left of the dealer, twice,
then the turnup, then the extra cards after the bidding (3 each; with 4 players 2 each, the turnup
counting as one of them for its receiver), and with 2-3 players the bottom card is the deck's last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from deberc_tui.engine.cards import DECK, Card, parse_cards


def _cards(spec: str | Sequence[Card] | Sequence[str]) -> list[Card]:
    if isinstance(spec, str):
        return parse_cards(spec)
    return [c if isinstance(c, Card) else Card.parse(c) for c in spec]


def stack_deck(
    players: int,
    dealer: int,
    hands: Mapping[int, str | Sequence[Card] | Sequence[str]],
    turnup: str | Card,
    bottom: str | Card | None = None,
    turnup_receiver: int | None = None,
    fill: Sequence[Card] | None = None,
) -> list[Card]:
    """The deck (top first) that deals ``hands[seat]`` to each seat, in the order the seat receives them.

    A hand lists the first six cards, then the cards dealt after the bidding (3 each with 2-3 players;
    with 4 players 2 each, or 1 for ``turnup_receiver``, who also gets the turnup). Missing cards are
    filled from the cards nobody was given — in the order of ``fill`` if given (a shuffled deck makes
    a random deal around the chosen cards) — and ``bottom`` (2-3 players) becomes the deck's last card.
    """
    given = {seat: _cards(spec) for seat, spec in hands.items()}
    up = turnup if isinstance(turnup, Card) else Card.parse(turnup)
    low = None if bottom is None else (bottom if isinstance(bottom, Card) else Card.parse(bottom))
    if players == 4 and low is not None:
        raise ValueError("there is no bottom card with 4 players")
    used = [up] + ([low] if low else []) + [c for cards in given.values() for c in cards]
    if len(set(used)) != len(used):
        raise ValueError("a card is given twice")
    taken = set(used)
    spare = [c for c in (DECK if fill is None else fill) if c not in taken]
    order = [(dealer + 1 + i) % players for i in range(players)]
    receiver = dealer if turnup_receiver is None else turnup_receiver

    def take(seat: int, k: int, start: int) -> list[Card]:
        mine = given.get(seat, [])
        out = list(mine[start:start + k])
        while len(out) < k:
            out.append(spare.pop(0))
        return out

    deck: list[Card] = []
    for rnd in range(2):
        for seat in order:
            deck += take(seat, 3, 3 * rnd)
    deck.append(up)
    for seat in order:
        if players < 4:
            deck += take(seat, 3, 6)
        else:
            deck += take(seat, 1 if seat == receiver else 2, 6)
    for seat, cards in given.items():
        limit = 9 if players < 4 else (7 if seat == receiver else 8)
        if len(cards) > limit:
            raise ValueError(f"seat {seat} is given {len(cards)} cards, more than {limit}")
    deck += spare
    if low is not None:
        deck.append(low)
    assert len(deck) == 32
    return deck
