"""Scoring values: one deal's points (§7) and what the score sheet records for it."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from deberc_tui.engine.frozen import event
from deberc_tui.engine.options import BaitTo, BellaTo, BidderMustBeat, Hanging

if TYPE_CHECKING:
    from deberc_tui.engine.rules import Rules


class DealOutcome(StrEnum):
    """How a deal ended; the values are RECORD.md's ``outcome`` strings (``replay --json``)."""

    MADE = "made"
    BAIT = "bait"
    HANGING = "hanging"
    THROWN_IN = "thrown_in"
    IN_PROGRESS = "in_progress"
    CLAIM_WON = "claim_won"
    CLAIM_LOST = "claim_lost"
    DEBERTZ = "debertz"
    KLABOR = "klabor"
    HELD = "held"
    """A tie under ``hanging: "forced"`` (the «висяк»): nothing written, everything held for the forced deal."""
    CONCEDED = "conceded"
    """The defender conceded for fifty (``concede_50``) and the bidder accepted."""
    DOUBLE_REFUSED = "double_refused"
    """«Дайви» (§12): a double was refused; the game ends, the offerer's side wins (no mars)."""
    DAVE_CONCEDED = "dave_conceded"
    """«даве» (§12): the opponent conceded; the game ends, the offerer's side wins the current stake."""


class GameEnd(StrEnum):
    """How a game ended (:class:`~deberc_tui.engine.sheet.Outcome`'s ``reason``); the values are the words a
    record's reader and the score pad's export write. Several sides at the target after one deal end it as
    ``TARGET`` too: the outcome's ``both_over`` says which rule chose among them."""

    TARGET = "target"
    """A side reached the target (§8)."""
    GAP = "gap"
    """A lead of ``gap_end`` points won below the target."""
    SHORT = "short"
    """The short game's one deal decided it."""
    CLAIM_WON = "claim_won"
    """A right claim («Партия»)."""
    CLAIM_LOST = "claim_lost"
    """A false claim lost the game (``false_claim: "loses"``)."""
    DEBERTZ = "debertz"
    """A debertz declared (``debertz: "win"``)."""
    KLABOR = "klabor"
    """Klabor announced."""
    DOUBLE_REFUSED = "double_refused"
    """A double («Дайви») refused (§12)."""
    DAVE_CONCEDED = "dave_conceded"
    """A «даве» conceded (§12)."""


MADE: Final = DealOutcome.MADE
BAIT: Final = DealOutcome.BAIT
HANGING: Final = DealOutcome.HANGING
THROWN_IN: Final = DealOutcome.THROWN_IN
IN_PROGRESS: Final = DealOutcome.IN_PROGRESS
CLAIM_WON: Final = DealOutcome.CLAIM_WON
CLAIM_LOST: Final = DealOutcome.CLAIM_LOST
DEBERTZ_WON: Final = DealOutcome.DEBERTZ
KLABOR_WON: Final = DealOutcome.KLABOR
HELD: Final = DealOutcome.HELD
CONCEDED: Final = DealOutcome.CONCEDED
DOUBLE_REFUSED: Final = DealOutcome.DOUBLE_REFUSED
DAVE_CONCEDED: Final = DealOutcome.DAVE_CONCEDED
OUTCOMES: Final[tuple[DealOutcome, ...]] = tuple(DealOutcome)
GAME_ENDING: Final[frozenset[str]] = frozenset({CLAIM_WON, CLAIM_LOST, DEBERTZ_WON, KLABOR_WON, DOUBLE_REFUSED,
                                                DAVE_CONCEDED})
STAKE_ENDING: Final[frozenset[str]] = frozenset({DOUBLE_REFUSED, DAVE_CONCEDED})
"""Ended by an answer to a raised stake (§12): a simple win, never mars."""
PLAYED_OUT: Final[frozenset[str]] = frozenset({MADE, BAIT, HANGING})
BELLA_POINTS: Final = 20
"""What a declared bella is worth (§5)."""
CONCEDE_50_POINTS: Final = 50
"""What the bidder writes when the defender's concession for fifty is accepted (§8)."""


@event  # a frozen, slotted dataclass made faster (every deal's end makes one)
class DealPoints:
    """A finished deal's points per side, before bait or hanging moves them.

    ``outcome`` is the deal's own verdict (its word, as a record writes it, is made the member: callers
    compare with ``is``); for game-ending outcomes ``winner`` is the side that won.
    """

    outcome: DealOutcome
    bidder_side: int | None
    cards: tuple[int, ...]  # card points in tricks, last trick's 10 included
    combos: tuple[int, ...]
    bella: tuple[int, ...]
    combos_side: int | None
    tricks: tuple[int, ...]
    last_trick_side: int | None
    winner: int | None = None
    reason: str = ""
    first_leader: int | None = None  # seat; decides who gets an odd bait point
    claimant: int | None = None  # side that claimed (claims only)
    bidder_seat: int | None = None
    """The bidder's seat: a held deal's forced deal is bid by the same seat (§7 ``hanging: "forced"``)."""
    struck: tuple[int, ...] = ()
    """Per side, totals moved during the deal by false claims under ``false_claim: "double_to_opponent"``
    (the claimant's side negative, the others positive); empty when nothing moved."""
    table: tuple[int, ...] = ()
    """Per side, points moved by the table's penalties the score pad writes (§11: a missed cut, a renege, a
    pencil correction): negative ones are penalties, positive ones are written; empty when none."""
    claim_count: int | None = None
    """What a claim that ended the deal counted for the claimant's side (§8), None otherwise or unknown."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", DealOutcome(self.outcome))  # "bait" is read as the member, checked

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(c + k + b for c, k, b in zip(self.cards, self.combos, self.bella, strict=True))


@event  # a frozen, slotted dataclass made faster (every deal's end makes one)
class DealResult:
    """One row of the score sheet, as RECORD.md's ``replay --json`` prints it (plus details)."""

    index: int
    dealer: int
    outcome: DealOutcome
    bidder: int | None
    trump: str | None
    points: tuple[int, ...]
    combos_side: int | None
    written: tuple[int, ...]
    penalties: tuple[int, ...]
    hanging: int
    totals: tuple[int, ...]
    hanging_received: tuple[int, ...] = ()
    detail: DealPoints | None = None
    reason: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", DealOutcome(self.outcome))  # "bait" is read as the member, checked

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "outcome": self.outcome,
            "bidder": self.bidder,
            "trump": self.trump,
            "points": list(self.points),
            "combos_side": self.combos_side,
            "written": list(self.written),
            "penalties": list(self.penalties),
            "hanging": self.hanging,
            "totals": list(self.totals),
        }


def split_points(amount: int, receivers: list[int]) -> dict[int, int]:
    """Share ``amount`` equally; the odd point goes to the first receiver (play order)."""
    share, odd = divmod(amount, len(receivers))
    out = {r: share for r in receivers}
    for r in receivers[:odd]:
        out[r] += 1
    return out


def false_claim_strike(rules: Rules, totals: Sequence[int], side: int, order: Sequence[int]) -> tuple[int, ...]:
    """§8 ``false_claim: "double_to_opponent"``: how a false claim by ``side`` moves the totals — the side's
    total struck to 0, twice it to the other sides (split, the odd point to the first of ``order``, the seats
    in play order). All zeros when the total is not above 0."""
    moved = [0] * rules.sides
    amount = totals[side]
    if amount <= 0:
        return tuple(moved)
    moved[side] = -amount
    others: list[int] = []
    for seat in order:
        other = rules.side_of(seat)
        if other != side and other not in others:
            others.append(other)
    for other, share in split_points(2 * amount, others).items():
        moved[other] += share
    return tuple(moved)


def bait_receivers(rules: Rules, points: Sequence[float], bidder_side: int, defenders: Sequence[int]) -> list[int]:
    """§7: the sides that share a bait's points, in the order given (play order: the first gets an odd point).

    One defender takes them all; of several, ``bait_to: "higher"`` gives them to the defender with more deal
    points (equal ones share), ``"split"`` to every defender.
    """
    receivers = [d for d in defenders if d != bidder_side]
    if len(receivers) > 1 and rules.bait_to is BaitTo.HIGHER:
        best = max(points[d] for d in receivers)
        receivers = [d for d in receivers if points[d] == best]
    return receivers


def bait_shares(rules: Rules, points: Sequence[int], bidder_side: int, defenders: Sequence[int]) -> dict[int, int]:
    """What each receiving side writes for a bait: the bidder's deal points shared as :func:`bait_receivers`
    says, the odd point to the first in play order."""
    return split_points(points[bidder_side], bait_receivers(rules, points, bidder_side, defenders))


def verdict(rules: Rules, bidder_side: int, points: Sequence[float]) -> DealOutcome:
    """§7: made, bait or hanging, from each side's deal points (one place for the rule; the bots' search
    asks it about expected points too)."""
    mine = points[bidder_side]
    others = [p for s, p in enumerate(points) if s != bidder_side]
    against = sum(others) if rules.bidder_must_beat is BidderMustBeat.COMBINED and rules.players == 3 else max(others)
    if mine > against:
        return MADE
    if mine < against:
        return BAIT
    if rules.hanging is Hanging.FORCED:
        return HELD
    return BAIT if rules.hanging is Hanging.BAIT else HANGING


def bella_points(rules: Rules, bella: Sequence[tuple[int, int]], trick_winners: Sequence[int]) -> list[int]:
    """Bella's 20 per side: to the holder's side, or (``bella_to: trick_winner``) to the side that won
    the trick in which bella was declared, once that trick is finished. ``bella``: (seat, trick number).

    With ``bella_needs_trick`` the holder's side scores it only once it has taken a trick (of
    ``trick_winners``, the seats that took the tricks so far): at the end, only if it took one.
    """
    out = [0] * rules.sides
    took = {rules.side_of(w) for w in trick_winners} if rules.bella_needs_trick else None
    for seat, number in bella:
        if rules.bella_to is BellaTo.HOLDER:
            side = rules.side_of(seat)
            if took is None or side in took:
                out[side] += BELLA_POINTS
        elif number < len(trick_winners):
            out[rules.side_of(trick_winners[number])] += BELLA_POINTS
    return out
