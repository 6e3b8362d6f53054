"""Actions a seat can take, as immutable values that read and write RECORD.md's action objects.

Actions carry no seat: the engine is told who acts (``deal.apply(seat, action)``), since the
trump-seven swap, redeal demands and klabor may come from a seat whose turn it is not.

The notation is RECORD.md's action object without its ``seat``; it round-trips::

    >>> PlayCard(Card.parse("QH"), declare=True).notation()
    {'card': 'QH', 'declare': True}
    >>> parse_action({"bid": "h"}) == Bid("H")
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, TypeAlias

from deberc_tui.engine.cards import DECK, Card, CardError, Suit
from deberc_tui.engine.errors import MalformedActionError
from deberc_tui.engine.text import N_


class BidCall(StrEnum):
    """What a seat says in the bidding; the values are RECORD.md's (``{"bid": "pass"}``)."""

    PLAY = "play"
    PASS = "pass"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def suit(self) -> Suit | None:
        """The suit a round-2 call names (None for play and pass)."""
        return _CALL_SUIT[self]


_CALL_SUIT: Final[dict[BidCall, Suit | None]] = {
    BidCall.PLAY: None, BidCall.PASS: None, BidCall.CLUBS: Suit.CLUBS, BidCall.DIAMONDS: Suit.DIAMONDS,
    BidCall.HEARTS: Suit.HEARTS, BidCall.SPADES: Suit.SPADES,
}


class RedealReason(StrEnum):
    """Why a seat demands a redeal; the values are RECORD.md's (``{"redeal": "four_sevens"}``)."""

    FOUR_SEVENS = "four_sevens"
    LOW_POINTS = "low_points"


BID_CALLS: Final[tuple[BidCall, ...]] = tuple(BidCall)

ActionFormatError = MalformedActionError
"""The old name: an action object that does not follow RECORD.md is a malformed action."""

Notation: TypeAlias = dict[str, str | bool]
"""RECORD.md's action object without the seat: ``{"bid": "play"}``, ``{"card": "QH", "declare": true}``."""


class _Notated:
    """What every action shares: its notation, and ``to_record`` (the old name of :meth:`notation`)."""

    __slots__ = ()

    def notation(self) -> Notation:
        raise NotImplementedError

    def to_record(self) -> Notation:
        """The old name of :meth:`notation`."""
        return self.notation()


@dataclass(frozen=True, slots=True, init=False)
class Bid(_Notated):
    """``play`` (round 1: the turnup's suit), ``pass``, or a suit letter (round 2).

    ``Bid("Z")`` raises :class:`MalformedActionError`: a bid that cannot exist is refused where it is made.
    """

    call: BidCall

    def __init__(self, call: str) -> None:
        try:
            value = BidCall(call)
        except ValueError:
            raise MalformedActionError(N_("bad bid {value!r} (play, pass or a suit letter C D H S)"),
                                       {"value": call}) from None
        object.__setattr__(self, "call", value)

    @property
    def suit(self) -> Suit | None:
        return self.call.suit

    def notation(self) -> Notation:
        """``{"bid": "play"}``, ``{"bid": "pass"}`` or ``{"bid": "H"}``."""
        return {"bid": self.call.value}

    def __str__(self) -> str:
        return self.call


@dataclass(frozen=True, slots=True)
class PlayCard(_Notated):
    """Play ``card``; ``declare`` shows the seat's combinations (with its first card, or its second under
    ``declare_until: "second_trick"``), ``bella`` declares bella (with the trump K or Q, or another card as
    ``bella_when`` allows): the deal says whether it may."""

    card: Card
    declare: bool = False
    bella: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise MalformedActionError(N_("bad card {value!r}"), {"value": self.card})
        if not isinstance(self.declare, bool) or not isinstance(self.bella, bool):
            raise MalformedActionError(N_("'declare' and 'bella' must be true or false"))

    def notation(self) -> Notation:
        """``{"card": "QH"}``, with ``"declare": true`` and ``"bella": true`` only when set."""
        out: Notation = {"card": self.card.notation}
        if self.declare:
            out["declare"] = True
        if self.bella:
            out["bella"] = True
        return out

    def __str__(self) -> str:
        extra = (" +declare" if self.declare else "") + (" +bella" if self.bella else "")
        return self.card.notation + extra


@dataclass(frozen=True, slots=True)
class SwapSeven(_Notated):
    """Exchange the trump seven for the turnup."""

    def notation(self) -> Notation:
        return {"swap_seven": True}

    def __str__(self) -> str:
        return "swap seven"


@dataclass(frozen=True, slots=True, init=False)
class Redeal(_Notated):
    """Demand a redeal: ``four_sevens`` or ``low_points``; any other reason raises :class:`MalformedActionError`."""

    reason: RedealReason

    def __init__(self, reason: str) -> None:
        try:
            value = RedealReason(reason)
        except ValueError:
            raise MalformedActionError(N_("bad redeal reason {value!r} (four_sevens or low_points)"),
                                       {"value": reason}) from None
        object.__setattr__(self, "reason", value)

    def notation(self) -> Notation:
        """``{"redeal": "four_sevens"}`` or ``{"redeal": "low_points"}``."""
        return {"redeal": self.reason.value}

    def __str__(self) -> str:
        return f"redeal ({self.reason})"


@dataclass(frozen=True, slots=True)
class Klabor(_Notated):
    """Announce klabor (A K Q J 10 9 of one suit in the first six cards)."""

    def notation(self) -> Notation:
        return {"klabor": True}

    def __str__(self) -> str:
        return "klabor"


@dataclass(frozen=True, slots=True)
class Claim(_Notated):
    """Claim «Партия»: the claimant's side has reached the target."""

    def notation(self) -> Notation:
        return {"claim": True}

    def __str__(self) -> str:
        return "claim"


class ConcedeStep(StrEnum):
    """The steps of a concession for fifty (``concede_50``); the values are RECORD.md's. Once trump is named the
    defender chooses, before the extra cards: ``offer`` or ``play`` (play the deal, no offer); the bidder answers an
    offer with ``accept`` or ``refuse``."""

    OFFER = "offer"
    PLAY = "play"
    ACCEPT = "accept"
    REFUSE = "refuse"


@dataclass(frozen=True, slots=True, init=False)
class Concede50(_Notated):
    """The defender offers to concede the deal for fifty; the bidder accepts or refuses (§8, 2 players)."""

    step: ConcedeStep

    def __init__(self, step: str) -> None:
        try:
            value = ConcedeStep(step)
        except ValueError:
            raise MalformedActionError(N_("bad concede_50 step {value!r} (offer, play, accept or refuse)"),
                                       {"value": step}) from None
        object.__setattr__(self, "step", value)

    def notation(self) -> Notation:
        """``{"concede_50": "offer"}``, ``"play"``, ``"accept"`` or ``"refuse"``."""
        return {"concede_50": self.step.value}

    def __str__(self) -> str:
        return f"concede for fifty ({self.step})"


class DoubleStep(StrEnum):
    """The steps of a «Дайви» double (``doubling: "daivi"``); the values are RECORD.md's."""

    OFFER = "offer"
    ACCEPT = "accept"
    REFUSE = "refuse"


@dataclass(frozen=True, slots=True, init=False)
class Double(_Notated):
    """«Дайви» (§12, 2 players): offer on one's own turn to double the game; the opponent accepts (the
    multiplier doubles) or refuses (the game ends, the offerer wins). A :class:`~deberc_tui.engine.match.Match`
    takes it; a lone game refuses it."""

    step: DoubleStep

    def __init__(self, step: str) -> None:
        try:
            value = DoubleStep(step)
        except ValueError:
            raise MalformedActionError(N_("bad double step {value!r} (offer, accept or refuse)"),
                                       {"value": step}) from None
        object.__setattr__(self, "step", value)

    def notation(self) -> Notation:
        """``{"double": "offer"}``, ``"accept"`` or ``"refuse"``."""
        return {"double": self.step.value}

    def __str__(self) -> str:
        return f"double ({self.step})"


class DaveStep(StrEnum):
    """The steps of a «даве» (``doubling: "dave"``); the values are RECORD.md's."""

    OFFER = "offer"
    PLAY = "play"
    CONCEDE = "concede"


@dataclass(frozen=True, slots=True, init=False)
class Dave(_Notated):
    """«даве» (§12, 2 players, the short game): say it on one's own turn; the opponent plays on for the next
    stake or concedes the game at the current one. A :class:`~deberc_tui.engine.match.Match` takes it."""

    step: DaveStep

    def __init__(self, step: str) -> None:
        try:
            value = DaveStep(step)
        except ValueError:
            raise MalformedActionError(N_("bad dave step {value!r} (offer, play or concede)"),
                                       {"value": step}) from None
        object.__setattr__(self, "step", value)

    def notation(self) -> Notation:
        """``{"dave": "offer"}``, ``"play"`` or ``"concede"``."""
        return {"dave": self.step.value}

    def __str__(self) -> str:
        return f"dave ({self.step})"


class OfferKind(StrEnum):
    """The two ways of raising a game's stake (§12): the action's RECORD.md key."""

    DOUBLE = "double"
    DAVE = "dave"


MatchAction: TypeAlias = Double | Dave
"""The actions of a match (§12) rather than of a deal: a :class:`~deberc_tui.engine.match.Match` routes them."""

Action: TypeAlias = Bid | PlayCard | SwapSeven | Redeal | Klabor | Claim | Concede50 | Double | Dave

BIDS: Final[dict[str, Bid]] = {c: Bid(c) for c in BID_CALLS}
"""Interned bids, by call (a ``BidCall`` or its string)."""
PLAY: Final[tuple[tuple[PlayCard, PlayCard, PlayCard, PlayCard], ...]] = tuple(
    (PlayCard(c), PlayCard(c, bella=True), PlayCard(c, declare=True), PlayCard(c, True, True)) for c in DECK
)
"""``PLAY[card_index][declare * 2 + bella]``: interned card actions, so listing legal moves allocates nothing."""
SWAP_SEVEN: Final = SwapSeven()
CLAIM: Final = Claim()
KLABOR: Final = Klabor()
REDEAL_FOUR_SEVENS: Final = Redeal(RedealReason.FOUR_SEVENS)
REDEAL_LOW_POINTS: Final = Redeal(RedealReason.LOW_POINTS)
REDEAL_REASONS: Final[tuple[RedealReason, ...]] = tuple(RedealReason)
CONCEDE_OFFER: Final = Concede50(ConcedeStep.OFFER)
CONCEDE_PLAY: Final = Concede50(ConcedeStep.PLAY)
CONCEDE_ACCEPT: Final = Concede50(ConcedeStep.ACCEPT)
CONCEDE_REFUSE: Final = Concede50(ConcedeStep.REFUSE)
_CONCEDES: Final[dict[str, Concede50]] = {
    c.step.value: c for c in (CONCEDE_OFFER, CONCEDE_PLAY, CONCEDE_ACCEPT, CONCEDE_REFUSE)}
DOUBLE_OFFER: Final = Double(DoubleStep.OFFER)
DOUBLE_ACCEPT: Final = Double(DoubleStep.ACCEPT)
DOUBLE_REFUSE: Final = Double(DoubleStep.REFUSE)
DAVE_OFFER: Final = Dave(DaveStep.OFFER)
DAVE_PLAY: Final = Dave(DaveStep.PLAY)
DAVE_CONCEDE: Final = Dave(DaveStep.CONCEDE)
_DOUBLES: Final[dict[str, Double]] = {d.step.value: d for d in (DOUBLE_OFFER, DOUBLE_ACCEPT, DOUBLE_REFUSE)}
_DAVES: Final[dict[str, Dave]] = {d.step.value: d for d in (DAVE_OFFER, DAVE_PLAY, DAVE_CONCEDE)}


ACTION_KINDS: Final[tuple[str, ...]] = (
    "bid", "card", "swap_seven", "redeal", "klabor", "claim", "concede_50", "double", "dave")
"""The keys that name an action in RECORD.md, one per action object."""
_SINGLES: Final[dict[str, Action]] = {"swap_seven": SWAP_SEVEN, "klabor": KLABOR, "claim": CLAIM}


def parse_action(obj: object) -> Action:
    """Read RECORD.md's action object without the seat (``{"card": "QH", "declare": true}``).

    The inverse of :meth:`notation`: ``parse_action(a.notation()) == a``. Anything that does not follow
    RECORD.md raises :class:`MalformedActionError` with a template and params saying what is wrong.
    """
    return _parse(obj, frozenset())


_SEAT: Final = frozenset({"seat"})


def _parse(obj: object, also_allowed: frozenset[str]) -> Action:
    if not isinstance(obj, Mapping):
        raise MalformedActionError(N_("an action must be an object"))
    kinds = [k for k in ACTION_KINDS if k in obj]
    if len(kinds) != 1:
        raise MalformedActionError(
            N_("an action needs exactly one of bid, card, swap_seven, redeal, klabor, claim, concede_50, double, dave"))
    kind = kinds[0]
    allowed = also_allowed | {kind} | ({"declare", "bella"} if kind == "card" else set())
    extra = set(obj) - allowed
    if extra:
        raise MalformedActionError(N_("unknown key {key!r} in a {kind} action"),
                                   {"key": sorted(extra, key=str)[0], "kind": kind})
    value = obj[kind]
    if kind == "bid":
        call = value.upper() if isinstance(value, str) and len(value) == 1 else value
        if not isinstance(call, str) or call not in BIDS:
            raise MalformedActionError(N_("bad bid {value!r} (play, pass or a suit letter C D H S)"), {"value": value})
        return BIDS[call]
    if kind == "card":
        if not isinstance(value, str):
            raise MalformedActionError(N_("bad card {value!r}"), {"value": value})
        try:
            card = Card.parse(value)
        except CardError as exc:
            raise MalformedActionError(exc.template, exc.params) from None
        declare, bella = obj.get("declare", False), obj.get("bella", False)
        if not isinstance(declare, bool) or not isinstance(bella, bool):
            raise MalformedActionError(N_("'declare' and 'bella' must be true or false"))
        return PLAY[card.index][declare * 2 + bella]
    if kind == "redeal":
        if not isinstance(value, str) or value not in REDEAL_REASONS:
            raise MalformedActionError(N_("bad redeal reason {value!r} (four_sevens or low_points)"), {"value": value})
        return REDEAL_FOUR_SEVENS if value == RedealReason.FOUR_SEVENS else REDEAL_LOW_POINTS
    if kind == "concede_50":
        if not isinstance(value, str) or value not in _CONCEDES:
            raise MalformedActionError(N_("bad concede_50 step {value!r} (offer, play, accept or refuse)"),
                                       {"value": value})
        return _CONCEDES[value]
    if kind == "double":
        if not isinstance(value, str) or value not in _DOUBLES:
            raise MalformedActionError(N_("bad double step {value!r} (offer, accept or refuse)"), {"value": value})
        return _DOUBLES[value]
    if kind == "dave":
        if not isinstance(value, str) or value not in _DAVES:
            raise MalformedActionError(N_("bad dave step {value!r} (offer, play or concede)"), {"value": value})
        return _DAVES[value]
    if value is not True:
        raise MalformedActionError(N_("'{kind}' must be true"), {"kind": kind})
    return _SINGLES[kind]


def action_from_record(obj: Mapping[str, Any]) -> tuple[int, Action]:
    """Read ``{"seat": 1, "card": "QH", "declare": true}`` into ``(seat, action)``: the seat, then :func:`parse_action`."""
    if not isinstance(obj, Mapping):
        raise ActionFormatError(N_("an action must be an object"))
    seat = obj.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ActionFormatError(N_("an action needs a whole-number 'seat'"))
    return seat, _parse(obj, _SEAT)


def action_to_record(seat: int, action: Action) -> dict[str, Any]:
    """RECORD.md's action object: ``{"seat": seat, **action.notation()}``."""
    return {"seat": seat, **action.notation()}
