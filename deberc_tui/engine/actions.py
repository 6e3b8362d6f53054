"""Actions a seat can take, as immutable values that read and write RECORD.md's action objects.

Actions carry no seat: the engine is told who acts (``deal.apply(seat, action)``), since the
trump-seven swap, redeal demands and klabor may come from a seat whose turn it is not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from .cards import DECK, Card, CardError, Suit
from .text import N_, TextError

BID_CALLS: Final[tuple[str, ...]] = ("play", "pass", "C", "D", "H", "S")


class ActionFormatError(TextError):
    """An action object that does not follow RECORD.md (as opposed to one the rules refuse); ``template`` + ``params``."""


@dataclass(frozen=True, slots=True)
class Bid:
    """``play`` (round 1: the turnup's suit), ``pass``, or a suit letter (round 2)."""

    call: str

    @property
    def suit(self) -> Suit | None:
        return None if self.call in ("play", "pass") else Suit(self.call)

    def to_record(self) -> dict[str, Any]:
        return {"bid": self.call}

    def __str__(self) -> str:
        return self.call


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card``; ``declare`` on the seat's first card shows its combinations, ``bella`` with trump K/Q."""

    card: Card
    declare: bool = False
    bella: bool = False

    def to_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card.notation}
        if self.declare:
            out["declare"] = True
        if self.bella:
            out["bella"] = True
        return out

    def __str__(self) -> str:
        extra = (" +declare" if self.declare else "") + (" +bella" if self.bella else "")
        return self.card.notation + extra


@dataclass(frozen=True, slots=True)
class SwapSeven:
    """Exchange the trump seven for the turnup."""

    def to_record(self) -> dict[str, Any]:
        return {"swap_seven": True}

    def __str__(self) -> str:
        return "swap seven"


@dataclass(frozen=True, slots=True)
class Redeal:
    """Demand a redeal: ``four_sevens`` or ``low_points``."""

    reason: str

    def to_record(self) -> dict[str, Any]:
        return {"redeal": self.reason}

    def __str__(self) -> str:
        return f"redeal ({self.reason})"


@dataclass(frozen=True, slots=True)
class Klabor:
    """Announce klabor (A K Q J 10 9 of one suit in the first six cards)."""

    def to_record(self) -> dict[str, Any]:
        return {"klabor": True}

    def __str__(self) -> str:
        return "klabor"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim «Партия»: the claimant's side has reached the target."""

    def to_record(self) -> dict[str, Any]:
        return {"claim": True}

    def __str__(self) -> str:
        return "claim"


Action: TypeAlias = Bid | PlayCard | SwapSeven | Redeal | Klabor | Claim

BIDS: Final[dict[str, Bid]] = {c: Bid(c) for c in BID_CALLS}
PLAY: Final[tuple[tuple[PlayCard, PlayCard, PlayCard, PlayCard], ...]] = tuple(
    (PlayCard(c), PlayCard(c, bella=True), PlayCard(c, declare=True), PlayCard(c, True, True)) for c in DECK
)
"""``PLAY[card_index][declare * 2 + bella]``: interned card actions, so listing legal moves allocates nothing."""
SWAP_SEVEN: Final = SwapSeven()
CLAIM: Final = Claim()
KLABOR: Final = Klabor()
REDEAL_FOUR_SEVENS: Final = Redeal("four_sevens")
REDEAL_LOW_POINTS: Final = Redeal("low_points")
REDEAL_REASONS: Final[tuple[str, ...]] = ("four_sevens", "low_points")


def action_from_record(obj: Mapping[str, Any]) -> tuple[int, Action]:
    """Read ``{"seat": 1, "card": "QH", "declare": true}`` into ``(seat, action)``."""
    if not isinstance(obj, Mapping):
        raise ActionFormatError(N_("an action must be an object"))
    seat = obj.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ActionFormatError(N_("an action needs a whole-number 'seat'"))
    kinds = [k for k in ("bid", "card", "swap_seven", "redeal", "klabor", "claim") if k in obj]
    if len(kinds) != 1:
        raise ActionFormatError(N_("an action needs exactly one of bid, card, swap_seven, redeal, klabor, claim"))
    kind = kinds[0]
    allowed = {"seat", kind} | ({"declare", "bella"} if kind == "card" else set())
    extra = set(obj) - allowed
    if extra:
        raise ActionFormatError(N_("unknown key {key!r} in a {kind} action"), {"key": sorted(extra)[0], "kind": kind})
    value = obj[kind]
    action: Action
    if kind == "bid":
        call = value.upper() if isinstance(value, str) and len(value) == 1 else value
        if call not in BIDS:
            raise ActionFormatError(N_("bad bid {value!r} (play, pass or a suit letter C D H S)"), {"value": value})
        action = BIDS[call]
    elif kind == "card":
        if not isinstance(value, str):
            raise ActionFormatError(N_("bad card {value!r}"), {"value": value})
        try:
            card = Card.parse(value)
        except CardError as exc:
            raise ActionFormatError(exc.template, exc.params) from None
        declare, bella = obj.get("declare", False), obj.get("bella", False)
        if not isinstance(declare, bool) or not isinstance(bella, bool):
            raise ActionFormatError(N_("'declare' and 'bella' must be true or false"))
        action = PLAY[card.index][declare * 2 + bella]
    elif kind == "redeal":
        if value not in REDEAL_REASONS:
            raise ActionFormatError(N_("bad redeal reason {value!r} (four_sevens or low_points)"), {"value": value})
        action = REDEAL_FOUR_SEVENS if value == "four_sevens" else REDEAL_LOW_POINTS
    else:
        if value is not True:
            raise ActionFormatError(N_("'{kind}' must be true"), {"kind": kind})
        singles: dict[str, Action] = {"swap_seven": SWAP_SEVEN, "klabor": KLABOR, "claim": CLAIM}
        action = singles[kind]
    return seat, action


def action_to_record(seat: int, action: Action) -> dict[str, Any]:
    return {"seat": seat, **action.to_record()}
