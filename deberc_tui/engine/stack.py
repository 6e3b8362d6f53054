"""Stacking a deck: the deck order that deals chosen hands (for tests, puzzles and practice positions).

Dealing is §2 of RULES.md read backwards: packets of 3 from the seat left of the dealer, twice, then the
turnup, then the extra cards after the bidding — with 2-3 players one packet of ``extra_cards`` each in the
order ``extras_from`` says (with ``turnup_2_3: "bidder"`` the bidder's packet is the turnup and one card fewer
from the stock), with 4 players 2 each, the turnup counting as one of them for its receiver. With 2-3 players
the stock's top card after the extras is the one ``stock_card_shown: "top_after_first_trick"`` turns, and the
bottom card (фреза) is the deck's last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from deberc_tui.engine.cards import DECK, Card, parse_cards
from deberc_tui.engine.dealing import FIRST_PACKETS, depends_on_bidder, left_of, packets_after_bidding
from deberc_tui.engine.options import TurnupTo
from deberc_tui.engine.rules import Rules


def _cards(spec: str | Sequence[Card] | Sequence[str]) -> list[Card]:
    if isinstance(spec, str):
        return parse_cards(spec)
    return [c if isinstance(c, Card) else Card.parse(c) for c in spec]


def _card(spec: str | Card | None) -> Card | None:
    return spec if spec is None or isinstance(spec, Card) else Card.parse(spec)


_DEFAULTS: dict[int, Rules] = {}


def _default_rules(players: int) -> Rules:
    """The Moscow rules for ``players`` (made once: practice stacks thousands of decks)."""
    if players not in _DEFAULTS:
        _DEFAULTS[players] = Rules.preset("moscow", players=players)
    return _DEFAULTS[players]


def stack_deck(
    rules: Rules | int,
    dealer: int,
    hands: Mapping[int, str | Sequence[Card] | Sequence[str]],
    turnup: str | Card,
    bottom: str | Card | None = None,
    turnup_receiver: int | None = None,
    fill: Sequence[Card] | None = None,
    *,
    bidder: int | None = None,
    stock_top: str | Card | None = None,
) -> list[Card]:
    """The deck (top first) that deals ``hands[seat]`` to each seat, in the order the seat receives them.

    ``rules`` are the Rules in force (or just the player count, for the default dealing). A hand lists the
    first six cards, then the cards dealt after the bidding (``extra_cards`` each with 2-3 players, one fewer
    for the bidder with ``turnup_2_3: "bidder"``; with 4 players 2 each, or 1 for the turnup's receiver, who
    also gets the turnup). Where the order of the extra cards depends on who bids (``extras_from:
    "left_of_bidder"``, ``turnup_2_3: "bidder"``, ``turnup_to: "bidder"``) ``bidder`` names the seat the deck
    is stacked for (``turnup_receiver`` is the older name of the 4-player receiver). Missing cards are filled
    from the cards nobody was given — in the order of ``fill`` if given (a shuffled deck makes a random deal
    around the chosen cards); ``stock_top`` (2-3 players) is the first card left in the stock after the extra
    cards and ``bottom`` the deck's last card. Raises ``ValueError`` saying why a stack is impossible.
    """
    r = _default_rules(rules) if isinstance(rules, int) else rules
    players = r.players
    if bidder is None and turnup_receiver is not None:
        bidder = turnup_receiver
        if players == 4 and r.turnup_to is TurnupTo.DEALER and turnup_receiver != dealer:
            r = r.with_options(turnup_to=TurnupTo.BIDDER)  # the receiver named, whatever the rules say
    if bidder is None:
        if depends_on_bidder(r):
            raise ValueError("this deal needs the bidder: the cards after the bidding depend on who bids (bidder=)")
        bidder = dealer
    packets = packets_after_bidding(r, dealer, bidder)
    given = {seat: _cards(spec) for seat, spec in hands.items()}
    up = turnup if isinstance(turnup, Card) else Card.parse(turnup)
    low, top = _card(bottom), _card(stock_top)
    if players == 4 and (low is not None or top is not None):
        raise ValueError("there is no stock card with 4 players")
    stock = 32 - 3 * FIRST_PACKETS * players - 1 - sum(k for _, k, _ in packets)
    if top is not None and low is not None and stock == 1:
        if top != low:
            raise ValueError(f"the stock holds one card: its top and bottom card are the same card, not {top} and {low}")
        top = None
    used = [up] + [c for c in (low, top) if c is not None] + [c for cards in given.values() for c in cards]
    if len(set(used)) != len(used):
        raise ValueError("a card is given twice")
    room = {seat: 3 * FIRST_PACKETS + k for seat, k, _ in packets}
    for seat, cards in given.items():
        if len(cards) > room[seat]:
            raise ValueError(f"seat {seat} is given {len(cards)} cards, more than {room[seat]}")
    taken = set(used)
    spare = [c for c in (DECK if fill is None else fill) if c not in taken]

    def take(seat: int, k: int, start: int) -> list[Card]:
        out = list(given.get(seat, [])[start:start + k])
        while len(out) < k:
            out.append(spare.pop(0))
        return out

    deck: list[Card] = []
    for i, (seat, k, start) in enumerate(_packets(r, dealer, packets)):
        if i == FIRST_PACKETS * players:
            deck.append(up)
        deck += take(seat, k, start)
    if top is not None:
        deck.append(top)
    deck += spare
    if low is not None:
        deck.append(low)
    assert len(deck) == 32
    return deck


def _packets(rules: Rules, dealer: int, after_bidding: Sequence[tuple[int, int, bool]]) -> list[tuple[int, int, int]]:
    """``(seat, cards, first card's place in the seat's hand)`` for every packet from the deck's top, in the order
    they go out: the first packets of 3, then the packets after the bidding (the turnup goes out between them)."""
    first = [(seat, 3, 3 * rnd) for rnd in range(FIRST_PACKETS) for seat in left_of(dealer, rules.players)]
    return first + [(seat, k, 3 * FIRST_PACKETS) for seat, k, _ in after_bidding]


def spare_holders(rules: Rules, dealer: int, given: Mapping[int, int], bidder: int) -> tuple[int | None, ...]:
    """Who receives each card :func:`stack_deck` fills in (in ``fill``'s order, the known cards left out) when
    ``given[seat]`` of a seat's first cards are chosen and the deck is stacked for ``bidder`` (with no stock card
    chosen): a seat, or None for the stock."""
    out: list[int | None] = []
    for seat, k, start in _packets(rules, dealer, packets_after_bidding(rules, dealer, bidder)):
        out += [seat] * (k - max(0, min(k, given.get(seat, 0) - start)))
    stock = 32 - 1 - sum(given.values()) - len(out)
    return tuple(out) + (None,) * stock
