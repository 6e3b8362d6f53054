"""The event stream: what happened, in order, for a UI to animate and a log to print.

Events hold only public information (what every seat at the table sees or hears), so a UI may
show all of them; hands are read from a seat's view, never from an event.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, TypeAlias

from deberc_tui.engine.actions import BidCall, RedealReason
from deberc_tui.engine.cards import Card, Suit
from deberc_tui.engine.combos import Combo
from deberc_tui.engine.frozen import event

if TYPE_CHECKING:
    from deberc_tui.engine.scoring import DealResult, GameEnd

class ThrowInReason(StrEnum):
    """Why a deal was thrown in: everybody passed twice, or a seat demanded a redeal."""

    ALL_PASS = "all_pass"
    FOUR_SEVENS = "four_sevens"
    LOW_POINTS = "low_points"


@event
class Dealt:
    dealer: int
    turnup: Card


@event
class BidMade:
    seat: int
    call: BidCall
    round: int


@event
class TrumpChosen:
    seat: int
    trump: Suit
    round: int
    bottom: Card | None  # the bottom card (2-3 players), shown once the rest is dealt


@event
class StockTopShown:
    """``stock_card_shown: "top_after_first_trick"``: the first trick complete, the stock's top card is turned
    face up for everyone (it takes no part in play)."""

    card: Card


@event
class SevenSwapped:
    seat: int
    seven: Card
    turnup: Card  # the card the seat took


@event
class RedealDemanded:
    seat: int
    reason: RedealReason


@event
class ThrownIn:
    reason: ThrowInReason


@event
class KlaborAnnounced:
    seat: int


@event
class Declared:
    """A seat declared; what it announced is its best combination (kind and top card)."""

    seat: int
    best: Combo
    count: int


@event
class DeclarationsResolved:
    side: int | None  # whose combinations score (None: nobody)
    combos: tuple[tuple[int, Combo], ...]  # the winning side's combinations, shown: (seat, combo)
    points: int
    forfeited: int | None = None
    """At the end of the deal: the side that won the comparison but took no trick, so that its combinations
    do not score (``combos_need_trick``); ``side`` is then None."""


@event
class CardPlayed:
    seat: int
    card: Card
    trick: int


@event
class BellaDeclared:
    seat: int
    card: Card


@event
class TrickWon:
    seat: int
    cards: tuple[tuple[int, Card], ...]
    points: int
    trick: int


@event
class ClaimMade:
    seat: int
    valid: bool
    counted: int


@event
class ClaimStruck:
    """A false claim under ``false_claim: "double_to_opponent"``: per side, how the totals moved."""

    seat: int
    moved: tuple[int, ...]


@event
class ForcedDeal:
    """The deal after a held tie (``hanging: "forced"``): no bidding, ``bidder`` plays the turnup's suit."""

    bidder: int
    held: tuple[int, ...]  # per side, the points held from the tied deal(s)


@event
class ConcedeOffered:
    """The defender offers to concede the deal for fifty (``concede_50``)."""

    seat: int


@event
class ConcedeAnswered:
    """The bidder's answer to a concession for fifty."""

    seat: int
    accepted: bool


@event
class DealScored:
    result: DealResult


@event
class GameOver:
    winner: int  # side
    game_points: int
    reason: GameEnd


@event
class DoubleOffered:
    """«Дайви» (§12): ``seat`` offers to double; ``multiplier`` is the game's multiplier now (refused: the offerer
    wins that many game points; accepted: it doubles)."""

    seat: int
    multiplier: int


@event
class DoubleAnswered:
    """The opponent's answer to a double; ``multiplier`` is the game's multiplier after it."""

    seat: int
    accepted: bool
    multiplier: int


@event
class DaveOffered:
    """«даве» (§12): ``seat`` says it at ``stake`` (conceded: the offerer wins that stake)."""

    seat: int
    stake: int


@event
class DaveAnswered:
    """The opponent plays on (``stake`` is the new stake) or concedes (``stake``: what the offerer wins)."""

    seat: int
    played: bool
    stake: int


@event
class GameSettled:
    """A game of a match is over (§12): per side its game points (mars, doubling and «даве» included) and money."""

    game: int
    winner: int
    game_points: tuple[int, ...]
    multiplier: int
    money: tuple[int, ...]


@event
class MatchOver:
    """The match is over: ``winner`` reached ``match_target`` game points (the last game's deal holds this)."""

    winner: int
    match_points: tuple[int, ...]


Event: TypeAlias = (
    Dealt | BidMade | TrumpChosen | StockTopShown | SevenSwapped | RedealDemanded | ThrownIn | KlaborAnnounced
    | Declared | DeclarationsResolved | CardPlayed | BellaDeclared | TrickWon | ClaimMade
    | ClaimStruck | ForcedDeal | ConcedeOffered | ConcedeAnswered | DealScored | GameOver
    | DoubleOffered | DoubleAnswered | DaveOffered | DaveAnswered | GameSettled | MatchOver
)
