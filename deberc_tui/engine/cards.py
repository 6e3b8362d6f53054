"""Cards, suits and ranks: small immutable values with the notation of RECORD.md.

A card is also a number 0..31 (``suit * 8 + natural rank``) so that a hand can be an
``int`` bitmask: the engine's hot paths work on masks, the public API hands out ``Card``s.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Final

from deberc_tui.engine.errors import DebercError
from deberc_tui.engine.text import N_


class CardError(DebercError):
    """A card, suit or rank written in a way the notation does not allow (``template`` + ``params``)."""


class Suit(Enum):
    """The four suits; the value is the record's letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self._name_]  # by name: an enum member's own hash is Python code

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        return self.value

    @property
    def english(self) -> str:
        """How the engine's English messages write the suit (:func:`~deberc_tui.engine.text.english`): ``♥``."""
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (any case) or symbol."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol):
                return suit
        raise CardError(N_("not a suit: {text!r} (use C, D, H or S)"), {"text": text})

    @classmethod
    def from_index(cls, index: int) -> Suit:
        return SUITS[index]

    def __str__(self) -> str:
        return self.value


SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX: Final[dict[str, int]] = {s.name: i for i, s in enumerate(SUITS)}
_SUIT_SYMBOL: Final[dict[Suit, str]] = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}


class Rank(Enum):
    """The eight ranks in natural (sequence) order, 7 lowest; the value is the record's letter."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def index(self) -> int:
        """Position in the natural order used for sequences (7 = 0 … A = 7)."""
        return _RANK_INDEX[self._name_]  # by name: an enum member's own hash is Python code

    @property
    def letter(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        for rank in cls:
            if rank.value == key:
                return rank
        raise CardError(N_("not a rank: {text!r} (use 7 8 9 T J Q K A)"), {"text": text})

    @classmethod
    def from_index(cls, index: int) -> Rank:
        return RANKS[index]

    def __str__(self) -> str:
        return self.value


RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
_RANK_INDEX: Final[dict[str, int]] = {r.name: i for i, r in enumerate(RANKS)}

# Card points and trick order, as data: one table per context (plain suit, trump suit).
PLAIN_POINTS: Final[tuple[int, ...]] = (0, 0, 0, 10, 2, 3, 4, 11)  # 7 8 9 T J Q K A
TRUMP_POINTS: Final[tuple[int, ...]] = (0, 0, 14, 10, 20, 3, 4, 11)
# Strength in a trick (higher wins): plain A T K Q J 9 8 7, trump J 9 A T K Q 8 7.
PLAIN_ORDER: Final[tuple[int, ...]] = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_ORDER: Final[tuple[int, ...]] = (0, 1, 6, 4, 7, 2, 3, 5)


class Card:
    """One of the 32 cards. There is exactly one instance per card, so ``is`` and ``==`` agree."""

    __slots__ = ("index", "suit", "rank", "_text")

    index: int
    suit: Suit
    rank: Rank
    _text: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _CARDS[suit.index * 8 + rank.index]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", suit.index * 8 + rank.index)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "_text", rank.value + suit.value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def notation(self) -> str:
        """The record notation: rank letter then suit letter, e.g. ``QH``, ``TS``."""
        return self._text

    @property
    def english(self) -> str:
        """How the engine's English messages write the card (:func:`~deberc_tui.engine.text.english`): ``QH``."""
        return self._text

    @property
    def pretty(self) -> str:
        """Human notation with a suit symbol and ``10``: ``Q♥``, ``10♠``."""
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return rank + self.suit.symbol

    def points(self, trump: Suit | None) -> int:
        table = TRUMP_POINTS if self.suit is trump else PLAIN_POINTS
        return table[self.rank.index]

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QH``, ``TS``, ``10S`` or ``q♥`` (case-insensitive)."""
        if not isinstance(text, str):
            raise CardError(N_("not a card: {text!r}"), {"text": text})
        raw = text.strip()
        if len(raw) < 2:
            raise CardError(N_("not a card: {text!r} (write rank then suit, e.g. QH, TS, 10S)"), {"text": text})
        try:
            return Card(Rank.parse(raw[:-1]), Suit.parse(raw[-1]))
        except CardError:
            raise CardError(N_("not a card: {text!r} (write rank then suit, e.g. QH, TS, 10S)"), {"text": text}) from None

    def __repr__(self) -> str:
        return f"Card({self._text})"

    def __str__(self) -> str:
        return self._text

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index


_CARDS: Final[list[Card]] = [Card._make(r, s) for s in SUITS for r in RANKS]
DECK: Final[tuple[Card, ...]] = tuple(_CARDS)
FULL_MASK: Final[int] = (1 << 32) - 1
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0xFF << (8 * i) for i in range(4))
SEVENS_MASK: Final[int] = sum(1 << (8 * i) for i in range(4))


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards in a mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas, or an iterable of card strings."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Sort for display: trump suit first, then the other suits, each by trick strength, high first."""
    keys = _SORT_KEYS[0 if trump is None else trump.index + 1]
    return sorted(cards, key=lambda c: keys[c.index])


def _sort_key(index: int, trump: int) -> int:
    """A card's place in :func:`sort_hand` with trump suit ``trump`` (-1: none): its suit's place (the trump suit
    first, then the others in suit order), then its trick strength, high first."""
    suit, rank = divmod(index, 8)
    if suit == trump:
        return 7 - TRUMP_ORDER[rank]
    return (1 + suit) * 8 + 7 - PLAIN_ORDER[rank]


_SORT_KEYS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_sort_key(i, trump) for i in range(32)) for trump in range(-1, 4))
"""Per trump suit (none first), each card's :func:`_sort_key`: a hand is sorted at every view."""
