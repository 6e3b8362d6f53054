"""One deal as an explicit state machine: dealing, bidding, play, scoring.

The deal is dealt from an explicit deck (top card first, RECORD.md §deck) so that tests and
records deal exact cards; :class:`~deberc_tui.engine.game.Game` shuffles. Hands are ``int``
bitmasks (see :mod:`cards`) because search bots clone and play out deals by the million.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Final, cast

from deberc_tui.engine import scoring as sc
from deberc_tui.engine.actions import (
    BIDS,
    CLAIM,
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_PLAY,
    CONCEDE_REFUSE,
    KLABOR,
    PLAY,
    REDEAL_FOUR_SEVENS,
    REDEAL_LOW_POINTS,
    SWAP_SEVEN,
    Action,
    Bid,
    BidCall,
    Claim,
    Concede50,
    ConcedeStep,
    Klabor,
    PlayCard,
    Redeal,
    RedealReason,
    SwapSeven,
)
from deberc_tui.engine.cards import (
    DECK,
    SEVENS_MASK,
    SUIT_MASKS,
    SUITS,
    Card,
    Rank,
    Suit,
    cards_of,
    sort_hand,
)
from deberc_tui.engine.combos import (
    Combo,
    ComboKind,
    Declaration,
    bella_carriers,
    combos_winner,
    find_combos,
    has_combos,
)
from deberc_tui.engine.dealing import packets_after_bidding, stock_card_shown
from deberc_tui.engine.errors import ApiMisuseError, DebercError, IllegalActionError, MalformedActionError
from deberc_tui.engine.events import (
    BellaDeclared,
    BidMade,
    CardPlayed,
    ClaimMade,
    ClaimStruck,
    ConcedeAnswered,
    ConcedeOffered,
    Dealt,
    DeclarationsResolved,
    Declared,
    Event,
    ForcedDeal,
    KlaborAnnounced,
    RedealDemanded,
    SevenSwapped,
    StockTopShown,
    ThrowInReason,
    ThrownIn,
    TrickWon,
    TrumpChosen,
)
from deberc_tui.engine.options import (
    AllPass,
    BellaTo,
    BellaWhen,
    ClaimBella,
    Debertz,
    DeclareUntil,
    FalseClaim,
    LowPointsCards,
    StockCardShown,
    SwapSevenUntil,
    Turnup23,
)
from deberc_tui.engine.play import (
    CARD_POINTS,
    DEAL_CARD_POINTS,
    LAST_TRICK_POINTS,
    STRENGTH,
    legal_mask,
    plain_points,
)
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.text import N_, Text

_PLAIN_PLAY: Final[tuple[PlayCard, ...]] = tuple(variants[0] for variants in PLAY)
"""Each card's plain play (no declaration, no bella), by card index."""


class DeckError(DebercError):
    """A deck that is not the 32 cards, each once."""


Refusal = tuple[str, dict[str, object]]
"""A reason as an English template and its params, cards as ``Card`` and suits as ``Suit`` values (``render`` writes them)."""


class _ConcedeState(StrEnum):
    """Where a concession for fifty stands (§8 ``concede_50``): the defender choosing, before the extra cards,
    whether to offer (``OPEN``); an offer waiting for the bidder's answer (``OFFERED``); or neither."""

    CLOSED = "closed"
    OPEN = "open"
    OFFERED = "offered"


class Phase(StrEnum):
    """Where a deal stands: bidding (both rounds), play, or over (scored or thrown in)."""

    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


_OVER: Final = Phase.OVER
_PLAY: Final = Phase.PLAY
_BIDDING: Final = Phase.BIDDING
_OFFERED: Final = _ConcedeState.OFFERED
_CLOSED: Final = _ConcedeState.CLOSED
"""The hot paths' phases as module constants: one lookup instead of two, on every legal list and card."""


_KLABOR_MASKS: Final = tuple(
    sum(1 << (8 * s + r.index) for r in (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))
    for s in range(4)
)


def _holds(mask: int, trump: Suit | None) -> tuple[Card, ...]:
    """The cards of a mask as a player lists them: high to low in trick order (trump: J 9 A 10 ...)."""
    return tuple(sort_hand(cards_of(mask), trump))


class Trick:
    """A finished trick: who led, the cards in play order, who won and its card points."""

    __slots__ = ("leader", "cards", "winner", "points")

    def __init__(self, leader: int, cards: tuple[tuple[int, Card], ...], winner: int, points: int) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner
        self.points = points

    def __repr__(self) -> str:
        played = " ".join(f"{s}:{c}" for s, c in self.cards)
        return f"Trick({played} -> {self.winner}, {self.points})"


_MUTABLE: Final = frozenset({list, dict, set, bytearray})
_CLONERS: dict[type, Callable[[Deal], Deal]] = {}


def _slots_of(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, base first."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return tuple(names)


def _make_cloner(cls: type[Deal]) -> Callable[[Deal], Deal]:
    """``clone`` for ``cls`` as generated straight-line code: twice as fast as a loop over the slots."""
    lines = ["def clone(self):", "    new = _new(_cls)"]
    for name in _slots_of(cls):
        lines += [f"    v = self.{name}", "    if v.__class__ in _MUTABLE:", "        v = v.copy()", f"    new.{name} = v"]
    lines.append("    return new")
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": cls, "_MUTABLE": _MUTABLE}
    exec("\n".join(lines), namespace)  # noqa: S102 - the code is made from identifiers only
    return cast("Callable[[Deal], Deal]", namespace["clone"])


class Deal:
    """The state of one deal. Ask it (``to_act``, ``legal_actions``, ``optional_actions``, ``view``),
    change it only through ``apply``; it refuses anything the rules forbid with :class:`IllegalActionError`."""

    __slots__ = (
        "rules", "n", "dealer", "deck", "totals", "events", "phase", "to_act", "order",
        "_hands", "first_six", "turnup", "turnup_taken_by", "bottom", "stock_top", "_pos", "bids", "bid_round",
        "trump", "bidder", "swapped_by", "swapped_card", "played_first", "declarations", "bella_eligible", "bella_done",
        "bella_tricks", "trick", "trick_leader", "tricks", "taken", "trick_count", "_win_seat",
        "_win_strength", "_best_trump", "combos_side", "claim_blocked", "result", "_ti", "_tmask", "log",
        "forced", "concede", "struck", "play_hand", "shown_side",
    )

    def __init__(
        self, rules: Rules, dealer: int, deck: Sequence[Card], totals: Sequence[int] | None = None,
        forced_bidder: int | None = None, held: Sequence[int] | None = None,
    ) -> None:
        """``forced_bidder``: after a held tie (``hanging: "forced"``) that seat bids this deal without bidding,
        the turnup's suit trump; ``held`` the points held (per side, for the view and the log)."""
        n = rules.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ApiMisuseError(N_("the dealer must be a seat 0..{last}, not {dealer!r}"), {"last": n - 1, "dealer": dealer})
        deck_t = tuple(deck)
        try:
            distinct = len({c.index for c in deck_t})
        except AttributeError:  # not a Card
            distinct = 0
        if len(deck_t) != 32 or distinct != 32:
            raise DeckError(N_("a deck must hold the 32 cards, each exactly once"))
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.deck = deck_t
        self.totals: tuple[int, ...] = tuple(totals) if totals is not None else (0,) * rules.sides
        self.events: list[Event] = []
        self.log: list[tuple[int, Action]] = []  # every accepted action, in order: the deal's record
        self.order: tuple[int, ...] = tuple((dealer + 1 + i) % n for i in range(n))
        hands = [0] * n
        pos = 0
        for _ in range(2):
            for seat in self.order:
                for c in deck_t[pos:pos + 3]:
                    hands[seat] |= 1 << c.index
                pos += 3
        self._hands = hands
        self.first_six: tuple[int, ...] = tuple(hands)
        self.turnup: Card = deck_t[pos]
        self._pos = pos + 1
        self.turnup_taken_by: int | None = None
        self.bottom: Card | None = None
        self.stock_top: Card | None = None  # the stock's top card, turned after the first trick (club)
        self.bids: list[tuple[int, Bid]] = []
        self.bid_round = 1
        self.trump: Suit | None = None
        self._ti = -1
        self._tmask = 0
        self.bidder: int | None = None
        self.swapped_by: int | None = None
        self.swapped_card: Card | None = None
        self.played_first = [False] * n
        self.declarations: list[Declaration] = []
        self.bella_eligible = [False] * n
        self.bella_done = [False] * n
        self.bella_tricks: list[tuple[int, int]] = []  # (seat, trick number)
        self.play_hand = [0] * n  # the cards each seat held when its play began: declarations and bella use them
        self.shown_side: int | None = None  # the side that won the comparison and showed its combinations
        self.trick: list[tuple[int, int]] = []  # (seat, card index) in the current trick
        self.trick_leader = self.order[0]
        self.tricks: list[Trick] = []
        self.taken = [0] * n  # card points taken per seat
        self.trick_count = [0] * n
        self._win_seat = -1
        self._win_strength = -1
        self._best_trump = -1
        self.combos_side: int | None = None
        self.claim_blocked = -1  # trick number at which a false claim ("continue") was made
        self.result: sc.DealPoints | None = None
        self.phase = Phase.BIDDING
        self.to_act: int | None = self.order[0]
        self.forced = forced_bidder is not None
        self.concede = _ConcedeState.CLOSED
        self.struck: list[int] = []
        self.events.append(Dealt(dealer, self.turnup))
        if forced_bidder is not None:
            if type(forced_bidder) is not int or not 0 <= forced_bidder < n:
                raise ApiMisuseError(N_("the forced bidder must be a seat 0..{last}, not {seat!r}"),
                                     {"last": n - 1, "seat": forced_bidder})
            self.events.append(ForcedDeal(forced_bidder, tuple(held or (0,) * rules.sides)))
            self._choose_trump(forced_bidder, self.turnup.suit)

    # -- cheap copy for search ------------------------------------------------------------------

    def clone(self) -> Deal:
        """A full, independent copy (events are shared up to now, then diverge).

        Every slot is copied, lists, dicts and sets as new containers (their items are immutable values),
        by straight-line code made from ``__slots__`` once per class: a new field cannot be forgotten.
        """
        cls = type(self)
        cloner = _CLONERS.get(cls)
        if cloner is None:
            cloner = _CLONERS[cls] = _make_cloner(cls)
        return cloner(self)

    # -- questions --------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def concede_offered(self) -> bool:
        """Whether an offer to concede for fifty (§8 ``concede_50``) waits for the bidder's answer: until it is
        answered nothing else may happen (a match offers no double meanwhile)."""
        return self.concede is _ConcedeState.OFFERED

    @property
    def concede_open(self) -> bool:
        """Whether the defender is choosing, trump named and before the extra cards, whether to offer to concede
        for fifty (§8 ``concede_50``): each player holds six cards, and nothing else may happen meanwhile."""
        return self.concede is _ConcedeState.OPEN

    @property
    def awaiting_concede(self) -> bool:
        """Whether a concession for fifty is being decided: the defender's choice or the bidder's answer."""
        return self.concede is not _CLOSED

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    @property
    def trick_number(self) -> int:
        """0-based number of the trick being played."""
        return len(self.tricks)

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return [(s, DECK[i]) for s, i in self.trick]

    @property
    def trick_winner(self) -> int | None:
        """The seat whose card wins the current trick so far (trump, else the led suit); None when it is empty."""
        return self._win_seat if self.trick else None

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def legal_actions(self) -> list[Action]:
        """Everything the seat to act may do now: its turn's actions first, then swap/redeal/klabor."""
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action]
        if self.concede is not _CLOSED:  # play on first: what a seat that takes the first action does
            return [CONCEDE_ACCEPT, CONCEDE_REFUSE] if self.concede is _OFFERED else [CONCEDE_PLAY, CONCEDE_OFFER]
        if self.phase is _BIDDING:
            out = self._legal_bids()
        else:
            out = self._legal_cards(seat)
            if self._can_claim(seat):
                out.append(CLAIM)
            if self.played_first[seat]:  # nothing is done out of turn once one's own play has begun
                return out
        out.extend(self.optional_actions(seat))
        return out

    def optional_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do out of turn right now: swap the trump seven, demand a redeal, klabor (nothing while
        a concession for fifty is decided: the extra cards are not dealt yet)."""
        if self.phase is _OVER or self.played_first[seat] or self.concede is not _CLOSED:
            return []
        out: list[Action] = []
        if self.phase is _PLAY and self._swap_refusal(seat) is None:
            out.append(SWAP_SEVEN)
        if self._four_sevens_refusal(seat) is None:
            out.append(REDEAL_FOUR_SEVENS)
        if self._low_points_refusal(seat) is None:
            out.append(REDEAL_LOW_POINTS)
        if self._klabor_refusal(seat) is None:
            out.append(KLABOR)
        return out

    def legal_card_mask(self, seat: int) -> int:
        """The cards ``seat`` may play to the current trick, as a mask (any seat, for search): §6 as
        :func:`~deberc_tui.engine.play.legal_mask` says, the same function the bots' search calls."""
        trick = self.trick
        if not trick:
            return self._hands[seat]
        rules = self.rules
        return legal_mask(self._hands[seat], seat, trick[0][1] >> 3, self._ti, self._best_trump, self._win_seat,
                          rules.partner_exempt and self.n == 4, rules.overtrump_on_ruff)

    def _legal_bids(self) -> list[Action]:
        if self.bid_round == 1:
            return [BIDS[BidCall.PLAY], BIDS[BidCall.PASS]]
        turnup_suit = self.turnup.suit
        out: list[Action] = [BIDS[s.value] for s in SUITS if s is not turnup_suit]
        if not self._dealer_must_name():
            out.append(BIDS[BidCall.PASS])
        return out

    def _dealer_must_name(self) -> bool:
        return self.bid_round == 2 and self.rules.all_pass is AllPass.DEALER_MUST and self.to_act == self.dealer

    def _legal_cards(self, seat: int) -> list[Action]:
        mask = self.legal_card_mask(seat)
        if self.played_first[seat]:  # the second card may declare with declare_until "second_trick"
            declare_too = self.rules.declare_until is DeclareUntil.SECOND_TRICK and self._may_declare(seat)
        else:  # the first card: _may_declare's first case, inline (this runs for every legal-move list)
            declare_too = not self.forced and has_combos(self._hands[seat])
        bella_cards = self.bella_mask(seat)
        out: list[Action] = []
        if not declare_too and not bella_cards & mask:  # the common case: one plain play per card, in card order
            while mask:
                low = mask & -mask
                out.append(_PLAIN_PLAY[low.bit_length() - 1])
                mask ^= low
            return out
        while mask:
            low = mask & -mask
            idx = low.bit_length() - 1
            mask ^= low
            variants = PLAY[idx]
            out.append(variants[0])
            bella = low & bella_cards
            if bella:
                out.append(variants[1])
            if declare_too:
                out.append(variants[2])
                if bella:
                    out.append(variants[3])
        return out

    def may_declare(self, seat: int) -> bool:
        """Whether the card ``seat`` plays now may declare combinations it holds (§5 ``declare_until``): what the
        legal list says by offering each legal card with ``declare`` too, asked without building the list."""
        return self._may_declare(seat)

    def _may_declare(self, seat: int) -> bool:
        """Whether the card ``seat`` plays now may declare its combinations (§5 ``declare_until``): its first
        card, or its second with ``"second_trick"``, once only, holding a combination when its play began;
        never in the forced deal (§7, only bella)."""
        number = len(self.tricks)
        if number == 0:
            return not self.played_first[seat] and not self.forced and has_combos(self._hands[seat])
        return (
            number == 1 and self.rules.declare_until is DeclareUntil.SECOND_TRICK and not self.forced
            and all(s != seat for s, _ in self.trick) and not self.declared_combos(seat)
            and has_combos(self.play_hand[seat])
        )

    def _declare_refusal(self, seat: int) -> Refusal | None:
        """Why ``seat`` may not declare with the card it plays now (None: it may, combinations or not)."""
        if self.forced:
            return N_("cannot declare in the forced deal: only bella may be declared"), {}
        if self.declared_combos(seat):
            return N_("cannot declare twice"), {}
        number = len(self.tricks)
        if self.rules.declare_until is DeclareUntil.SECOND_TRICK:
            if number <= 1:
                return None
            return N_("cannot declare now: combinations are declared with your first or second card"), {}
        if number == 0:
            return None
        return N_("cannot declare now: combinations are declared with your first card"), {}

    def bella_mask(self, seat: int) -> int:
        """The cards of ``seat``'s hand that would declare bella if played now, as a mask (§5 ``bella_when``:
        :func:`~deberc_tui.engine.combos.bella_carriers`), whoever's turn it is; 0 once declared. A seat may
        declare it only if it held the trump K and Q when its play began (eligibility is fixed at the first card)."""
        if self.trump is None or self.bella_done[seat]:
            return 0
        hand = self._hands[seat]
        kq = (1 << (self._ti * 8 + 5)) | (1 << (self._ti * 8 + 6))
        if not (self.bella_eligible[seat] if self.played_first[seat] else hand & kq == kq):
            return 0
        return bella_carriers(hand, kq, self.rules.bella_when)

    def _can_claim(self, seat: int) -> bool:
        return (  # an empty trick first: it is the rare case, so most calls end at once
            not self.trick and self.rules.claims and self.phase is _PLAY and len(self.tricks) >= 1
            and self.to_act == seat and self.claim_blocked != len(self.tricks) and not self._jack_blocks_claim()
        )

    def _jack_blocks_claim(self) -> bool:
        """``claim_after_trump_jack: false`` (Kharkiv): no claim right after winning the trick with the trump jack."""
        if self.rules.claim_after_trump_jack or not self.tricks:
            return False
        jack = self._ti * 8 + Rank.JACK.index
        return any(c.index == jack for _, c in self.tricks[-1].cards)

    def _concede_applies(self) -> bool:
        """Whether this deal has a moment for the concession for fifty (§8 ``concede_50``, 2 players, not the
        forced deal after a held tie)."""
        return self.rules.concede_50 and self.n == 2 and not self.forced

    def _concede_refusal(self, seat: int) -> Refusal | None:
        """§8 ``concede_50`` (2 players): "after the bidder has named trump and before the extra cards, the
        defender may offer to concede". Once trump is named the extra cards wait (:meth:`_choose_trump`): the
        defender, holding six cards, offers or plays on, and only then are they dealt (after a refused offer too)."""
        if not self.rules.concede_50 or self.n != 2:
            return N_("cannot concede for fifty: the rules do not allow it"), {}
        if self.forced:
            return N_("cannot concede for fifty in the forced deal"), {}
        if seat == self.bidder:
            return N_("cannot concede for fifty: only the defender may offer"), {}
        if self.concede is _OFFERED or any(isinstance(e, ConcedeOffered) for e in self.events):
            return N_("cannot concede for fifty: it was offered already"), {}
        if self.concede is not _ConcedeState.OPEN:
            return N_("cannot concede for fifty now: only after trump is named and before the extra cards"), {}
        return None

    # -- refusals: None when allowed, else the reason (reads after "seat N") --------------------

    def _swap_refusal(self, seat: int) -> Refusal | None:
        if not self.rules.swap_seven:
            return N_("cannot swap the trump seven: the rules do not allow it"), {}
        if self.n == 4:
            return N_("cannot swap the trump seven: there is no swap in the 4-player game"), {}
        if self.rules.turnup_2_3 is not Turnup23.TABLE:  # one test on the common path: asked at every action
            if self.rules.turnup_2_3 is Turnup23.BIDDER:
                return N_("cannot swap the trump seven: the turnup is in the bidder's hand"), {}
            return N_("cannot swap the trump seven: the turnup lies under the stock"), {}
        if self.phase is not Phase.PLAY or self.trump is None:
            return N_("cannot swap the trump seven before trump is chosen"), {}
        if self.bid_round != 1:
            return N_("cannot swap the trump seven: trump was named in round 2"), {}
        if self.played_first[seat]:
            return N_("cannot swap: the trump seven can only be swapped before your first card"), {}
        seven = self._ti * 8
        if not self._hands[seat] >> seven & 1:
            return N_("cannot swap the trump seven: does not hold {card}"), {"card": Card(Rank.SEVEN, self.trump)}
        if self.rules.swap_seven_until is SwapSevenUntil.PICKUP and not self.first_six[seat] >> seven & 1:
            return N_("cannot swap the trump seven: it came with the extra cards (only one among the first six may be swapped)"), {}
        return None

    def _four_sevens_refusal(self, seat: int) -> Refusal | None:
        if not self.rules.four_sevens_redeal:
            return N_("cannot demand a redeal for four sevens: the rules do not allow it"), {}
        if self.played_first[seat]:
            return N_("cannot demand a redeal after playing a card"), {}
        if self._hands[seat] & SEVENS_MASK != SEVENS_MASK:
            return N_("cannot demand a redeal for four sevens: does not hold all four sevens"), {}
        return None

    def _low_points_refusal(self, seat: int) -> Refusal | None:
        limit = self.rules.low_points_redeal
        if limit is None:
            return N_("cannot demand a redeal for a weak hand: the rules do not allow it"), {}
        if self.played_first[seat]:
            return N_("cannot demand a redeal after playing a card"), {}
        if self.rules.low_points_cards is LowPointsCards.HAND:
            pts = plain_points(self._hands[seat])
            if pts > limit:
                return (N_("cannot demand a redeal for a weak hand: the cards held are worth {points} (limit {limit})"),
                        {"points": pts, "limit": limit})
            return None
        pts = plain_points(self.first_six[seat])
        if pts > limit:
            return (N_("cannot demand a redeal for a weak hand: the first six cards are worth {points} (limit {limit})"),
                    {"points": pts, "limit": limit})
        return None

    def _klabor_refusal(self, seat: int) -> Refusal | None:
        if not self.rules.klabor:
            return N_("cannot announce klabor: the rules do not allow it"), {}
        if self.phase is not Phase.BIDDING:
            return N_("cannot announce klabor after the bidding"), {}
        six = self.first_six[seat]
        if not any(six & m == m for m in _KLABOR_MASKS):
            return N_("cannot announce klabor: needs A K Q J 10 9 of one suit in the first six cards"), {}
        return None

    # -- applying -------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` by ``seat``, or raise :class:`IllegalActionError` naming the rule."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ApiMisuseError(N_("seat {seat} {reason}"), {
                "seat": seat, "reason": Text(N_("is not a seat at this table (0..{last})"), {"last": self.n - 1})})
        if self.phase is _OVER:
            if not isinstance(action, (PlayCard, Bid, SwapSeven, Redeal, Klabor, Claim)):
                raise MalformedActionError(N_("cannot take {action}: not an action"), {"action": repr(action)})
            raise IllegalActionError(seat, N_("cannot act: the deal is over"))
        if type(action) is PlayCard and self.concede is _CLOSED:  # a card, as _apply would: every card's path
            self._play(seat, action)
        else:
            self._apply(seat, action)
        self.log.append((seat, action))

    def _apply(self, seat: int, action: Action) -> None:
        if self.concede is not _CLOSED and not isinstance(action, Concede50):
            if not isinstance(action, (PlayCard, Bid, SwapSeven, Redeal, Klabor, Claim)):  # not an action at all
                raise MalformedActionError(N_("cannot take {action}: not an action"), {"action": repr(action)})
            if self.concede is _OFFERED:
                raise IllegalActionError(seat, N_("cannot act now: the bidder must first answer the offer to concede "
                                                  "for fifty"))
            raise IllegalActionError(seat, N_("cannot act now: the defender first offers to concede for fifty or "
                                              "plays on (the extra cards come after)"))
        if type(action) is PlayCard:  # most actions are cards: the exact type first, the general checks below
            self._play(seat, action)
        elif isinstance(action, Concede50):
            self._concede_step(seat, action)
        elif isinstance(action, PlayCard):
            self._play(seat, action)
        elif isinstance(action, Bid):
            self._bid(seat, action)
        elif isinstance(action, SwapSeven):
            self._refuse_if(seat, self._swap_refusal(seat))
            self._swap(seat)
        elif isinstance(action, Redeal):
            reason = action.reason
            if reason is RedealReason.FOUR_SEVENS:
                self._refuse_if(seat, self._four_sevens_refusal(seat))
                thrown = ThrowInReason.FOUR_SEVENS
            else:
                self._refuse_if(seat, self._low_points_refusal(seat))
                thrown = ThrowInReason.LOW_POINTS
            self.events.append(RedealDemanded(seat, reason))
            self._throw_in(thrown)
        elif isinstance(action, Klabor):
            self._refuse_if(seat, self._klabor_refusal(seat))
            self.events.append(KlaborAnnounced(seat))
            self._end_early(sc.KLABOR_WON, self.rules.side_of(seat), "klabor")
        elif isinstance(action, Claim):
            self._claim(seat)
        else:  # not an action at all (the Action union is closed for type-checked callers)
            raise MalformedActionError(N_("cannot take {action}: not an action"), {"action": repr(action)})

    def _concede_step(self, seat: int, action: Concede50) -> None:
        step = action.step
        if step is ConcedeStep.OFFER:
            self._refuse_if(seat, self._concede_refusal(seat))
            self.concede = _ConcedeState.OFFERED
            self.to_act = self.bidder
            self.events.append(ConcedeOffered(seat))
            return
        if step is ConcedeStep.PLAY:
            if self.concede is not _ConcedeState.OPEN:
                raise IllegalActionError(seat, N_("cannot play on: nobody is choosing whether to concede for fifty now"))
            if seat == self.bidder:
                raise IllegalActionError(seat, N_("cannot play on: the defender chooses whether to concede for fifty"))
            self.concede = _ConcedeState.CLOSED
            self._deal_extras()
            return
        if self.concede is not _ConcedeState.OFFERED:
            raise IllegalActionError(seat, N_("cannot answer: nobody offered to concede for fifty"))
        if seat != self.bidder:
            raise IllegalActionError(seat, N_("cannot answer: only the bidder answers the offer to concede for fifty"))
        accepted = action.step is ConcedeStep.ACCEPT
        self.events.append(ConcedeAnswered(seat, accepted))
        self.concede = _ConcedeState.CLOSED
        if accepted:
            self._end_early(sc.CONCEDED, None, "concede_50")
        else:
            self._deal_extras()

    @staticmethod
    def _refuse_if(seat: int, refusal: Refusal | None) -> None:
        if refusal is not None:
            raise IllegalActionError(seat, *refusal)

    def _check_turn(self, seat: int, what: str) -> None:
        if seat != self.to_act:
            if what == "bid":
                raise IllegalActionError(seat, N_("cannot bid now: it is seat {turn}'s turn"), {"turn": self.to_act})
            raise IllegalActionError(seat, N_("cannot play now: it is seat {turn}'s turn"), {"turn": self.to_act})

    def _bid(self, seat: int, bid: Bid) -> None:
        if self.phase is not Phase.BIDDING:
            raise IllegalActionError(seat, N_("cannot bid: the bidding is over"))
        self._check_turn(seat, "bid")
        call = bid.call
        if self.bid_round == 1:
            if call is not BidCall.PLAY and call is not BidCall.PASS:
                raise IllegalActionError(seat, N_("cannot name a suit in round 1: say play or pass (trump would be {suit})"),
                                         {"suit": self.turnup.suit})
        elif call is BidCall.PLAY:
            raise IllegalActionError(seat, N_("cannot say play in round 2: name a suit other than the turnup's, or pass"))
        elif call is BidCall.PASS:
            if self._dealer_must_name():
                raise IllegalActionError(seat, N_("may not pass: the dealer must name a trump in round 2"))
        elif call.suit is self.turnup.suit:
            raise IllegalActionError(seat, N_("cannot name {suit} in round 2: it is the turnup's suit"), {"suit": self.turnup.suit})
        self.bids.append((seat, bid))
        self.events.append(BidMade(seat, call, self.bid_round))
        if call is BidCall.PASS:
            i = self.order.index(seat)
            if i == self.n - 1:
                if self.bid_round == 1:
                    self.bid_round = 2
                    self.to_act = self.order[0]
                else:
                    self._throw_in(ThrowInReason.ALL_PASS)
            else:
                self.to_act = self.order[i + 1]
            return
        suit = call.suit
        self._choose_trump(seat, self.turnup.suit if suit is None else suit)

    def _choose_trump(self, seat: int, suit: Suit) -> None:
        """Trump is named: the extra cards are dealt and the first leader is to play — or, with ``concede_50``, the
        defender first chooses whether to offer to concede, holding six cards (§8: "before the extra cards"), and
        the extra cards wait for that choice (:meth:`_deal_extras`). They come off the deck in the same order
        either way. (decided) The bottom card is turned with the trump in both cases: it is nobody's card."""
        self.trump = suit
        self._ti = suit.index
        self._tmask = SUIT_MASKS[suit.index]
        self.bidder = seat
        if stock_card_shown(self.rules) is StockCardShown.BOTTOM:
            self.bottom = self.deck[31]
        self.phase = Phase.PLAY
        leader = self.rules.first_leader(self.dealer, seat)
        self.trick_leader = leader
        if self._concede_applies():
            self.concede = _ConcedeState.OPEN
            self.to_act = (seat + 1) % self.n  # the defender
        else:
            self._deal_extras()
        self.events.append(TrumpChosen(seat, suit, self.bid_round, self.bottom))

    def _deal_extras(self) -> None:
        """Deal the cards that follow the bidding (§2, :func:`~deberc_tui.engine.dealing.packets_after_bidding`)
        and give the first lead."""
        assert self.bidder is not None
        deck, pos, hands = self.deck, self._pos, self._hands
        for s, k, with_turnup in packets_after_bidding(self.rules, self.dealer, self.bidder):
            if with_turnup:
                hands[s] |= self.turnup.bit
                self.turnup_taken_by = s
            for c in deck[pos:pos + k]:
                hands[s] |= 1 << c.index
            pos += k
        self._pos = pos
        self.to_act = self.trick_leader

    def _swap(self, seat: int) -> None:
        seven = DECK[self._ti * 8]
        taken = self.turnup
        self._hands[seat] ^= seven.bit | taken.bit
        self.turnup = seven
        self.swapped_by = seat
        self.swapped_card = taken
        self.events.append(SevenSwapped(seat, seven, taken))

    def _throw_in(self, reason: ThrowInReason) -> None:
        self.events.append(ThrownIn(reason))
        self.phase = Phase.OVER
        self.to_act = None
        zeros = (0,) * self.rules.sides
        self.result = sc.DealPoints(
            sc.THROWN_IN, None, zeros, zeros, zeros, None, zeros, None, None, reason,
        )

    def _end_early(self, outcome: sc.DealOutcome, winner: int | None, reason: str, claimant: int | None = None,
                   claim_count: int | None = None) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        cards, combos, bella = self._side_points(final=False)
        self.result = sc.DealPoints(
            outcome,
            None if self.bidder is None else self.rules.side_of(self.bidder),
            tuple(cards), tuple(combos), tuple(bella), self.combos_side, tuple(self._side_tricks()),
            None, winner, reason, self.tricks[0].leader if self.tricks else None, claimant,
            bidder_seat=self.bidder, struck=tuple(self.struck), claim_count=claim_count,
        )

    def end_by_stake(self, outcome: sc.DealOutcome, winner: int) -> None:
        """End the deal because a match's raised stake was refused or conceded (§12, ``outcome`` one of
        :data:`~deberc_tui.engine.scoring.STAKE_ENDING`, ``winner`` the offerer's side): the match decides it,
        the deal only stops here, its points so far kept for the sheet."""
        if self.phase is Phase.OVER or outcome not in sc.STAKE_ENDING:
            raise ApiMisuseError(N_("cannot end the deal by a stake now"))
        self._end_early(outcome, winner, outcome.value)

    def _play(self, seat: int, action: PlayCard) -> None:
        if self.phase is not _PLAY:
            raise IllegalActionError(seat, N_("cannot play a card during the bidding"))
        if seat != self.to_act:
            self._check_turn(seat, "play")
        card = action.card
        bit = 1 << card.index
        hand = self._hands[seat]
        if not hand & bit:
            raise IllegalActionError(seat, N_("does not hold {card}"), {"card": card})
        legal = self.legal_card_mask(seat)
        if not legal & bit:
            raise IllegalActionError(seat, *self._card_refusal(seat, card, legal))
        if action.declare:
            self._refuse_if(seat, self._declare_refusal(seat))
        if action.bella and not self.bella_mask(seat) & bit:
            raise IllegalActionError(seat, *self._bella_refusal(seat, card))
        if not self.played_first[seat]:
            self.played_first[seat] = True
            self.play_hand[seat] = hand
            kq = (1 << (self._ti * 8 + 5)) | (1 << (self._ti * 8 + 6))
            self.bella_eligible[seat] = hand & kq == kq
        if action.declare:
            # declarations are made with the cards held when the seat's play began (§4), its first card included
            combos = find_combos(self.play_hand[seat], self.trump, self.rules)
            if combos:
                decl = Declaration(seat, tuple(combos), len(self.tricks) * self.n + len(self.trick))
                self.declarations.append(decl)
                self.events.append(Declared(seat, decl.best, len(combos)))
                if self.rules.debertz is Debertz.WIN and any(c.kind is ComboKind.DEBERTZ for c in combos):
                    self.events.append(CardPlayed(seat, card, len(self.tricks)))
                    self._hands[seat] = hand ^ bit
                    self._end_early(sc.DEBERTZ_WON, self.rules.side_of(seat), "debertz")
                    return
        self._hands[seat] = hand ^ bit
        idx = card.index
        trick = self.trick
        trick.append((seat, idx))
        self.events.append(CardPlayed(seat, card, len(self.tricks)))
        if action.bella:
            self.bella_done[seat] = True
            self.bella_tricks.append((seat, len(self.tricks)))
            self.events.append(BellaDeclared(seat, card))
        strength = STRENGTH[self._ti + 1][idx]
        if len(trick) == 1:
            self._win_seat, self._win_strength = seat, strength
            self._best_trump = idx if idx >> 3 == self._ti else -1
        else:
            if idx >> 3 == self._ti:
                if strength > self._win_strength:
                    self._win_seat, self._win_strength, self._best_trump = seat, strength, idx
            elif idx >> 3 == trick[0][1] >> 3 and strength > self._win_strength:
                self._win_seat, self._win_strength = seat, strength
        if len(trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        winner = self._win_seat
        points_table = CARD_POINTS[self._ti + 1]
        trick = self.trick
        pts = sum([points_table[i] for _, i in trick])
        number = len(self.tricks)
        cards = tuple([(s, DECK[i]) for s, i in trick])
        self.tricks.append(Trick(self.trick_leader, cards, winner, pts))
        self.taken[winner] += pts
        self.trick_count[winner] += 1
        self.trick = []
        self.events.append(TrickWon(winner, cards, pts, number))
        if number == 0:
            self._after_first_trick()
        if number == (1 if self.rules.declare_until is DeclareUntil.SECOND_TRICK else 0):
            self._resolve_declarations(final=False)  # nobody can declare any more
        if len(self.tricks) == self.rules.tricks_per_deal:
            self.taken[winner] += LAST_TRICK_POINTS
            self._score()
            return
        self.trick_leader = winner
        self.to_act = winner

    def _after_first_trick(self) -> None:
        """``stock_card_shown: "top_after_first_trick"``: the first trick complete, the stock's top card is turned."""
        if stock_card_shown(self.rules) is StockCardShown.TOP_AFTER_FIRST_TRICK:
            self.stock_top = self.deck[self._pos]
            self.events.append(StockTopShown(self.stock_top))

    def _resolve_declarations(self, final: bool) -> None:
        """Compare the declarations (§5): once nobody can declare any more, and again at the end, where the
        last trick may decide a tie and a comparison winner without a trick scores nothing (``combos_need_trick``:
        ``combos_side`` becomes None, and nobody else scores instead)."""
        assert self.trump is not None
        rules = self.rules
        last = rules.side_of(self.tricks[-1].winner) if final else None
        side = combos_winner(self.declarations, self.trump, rules, last)
        if side is not None:
            self.shown_side = side
        forfeited = None
        if final and side is not None and rules.combos_need_trick and not self._side_tricks()[side]:
            forfeited, side = side, None
        if final and side == self.combos_side and forfeited is None:
            return
        self.combos_side = side
        if not self.declarations and not final:
            return
        shown = tuple(
            (d.seat, c) for d in self.declarations if side is not None and rules.side_of(d.seat) == side
            for c in d.combos
        )
        self.events.append(DeclarationsResolved(side, shown, sum(c.points for _, c in shown), forfeited))

    def _combo_points_of(self, side: int) -> int:
        return sum(c.points for d in self.declarations if self.rules.side_of(d.seat) == side for c in d.combos)

    def _side_tricks(self) -> list[int]:
        out = [0] * self.rules.sides
        for seat in range(self.n):
            out[self.rules.side_of(seat)] += self.trick_count[seat]
        return out

    def _side_points(self, final: bool) -> tuple[list[int], list[int], list[int]]:
        rules = self.rules
        sides = rules.sides
        cards = [0] * sides
        for seat in range(self.n):
            cards[rules.side_of(seat)] += self.taken[seat]
        combos = [0] * sides
        tricks = self._side_tricks()
        cs = self.combos_side
        if cs is not None and (not rules.combos_need_trick or tricks[cs] > 0 or not final):
            combos[cs] = self._combo_points_of(cs)
        bella = sc.bella_points(rules, self.bella_tricks, [t.winner for t in self.tricks])
        return cards, combos, bella

    def _score(self) -> None:
        self._resolve_declarations(final=True)
        rules = self.rules
        cards, combos, bella = self._side_points(final=True)
        tricks = self._side_tricks()
        assert self.bidder is not None
        bidder_side = rules.side_of(self.bidder)
        points = [c + k + b for c, k, b in zip(cards, combos, bella, strict=True)]
        outcome = sc.verdict(rules, bidder_side, points)
        self.phase = Phase.OVER
        self.to_act = None
        self.result = sc.DealPoints(
            outcome, bidder_side, tuple(cards), tuple(combos), tuple(bella), self.combos_side,
            tuple(tricks), rules.side_of(self.tricks[-1].winner), None, "", self.tricks[0].leader,
            bidder_seat=self.bidder, struck=tuple(self.struck),
        )

    def _claim(self, seat: int) -> None:
        if not self.rules.claims:
            raise IllegalActionError(seat, N_("cannot claim: the rules do not allow claims"))
        if self.phase is not Phase.PLAY or not self.tricks or self.trick or self.to_act != seat:
            raise IllegalActionError(seat, N_("cannot claim now: only the player on lead may claim, from trick 2 on"))
        if self.claim_blocked == len(self.tricks):
            raise IllegalActionError(seat, N_("cannot claim again before the next trick"))
        if self._jack_blocks_claim():
            raise IllegalActionError(seat, N_("cannot claim right after taking the trump jack: win another trick first"))
        side = self.rules.side_of(seat)
        counted = self.claim_count(seat)
        valid = counted >= self.rules.target
        self.events.append(ClaimMade(seat, valid, counted))
        if valid:
            self._end_early(sc.CLAIM_WON, side, "claim", side, counted)
        elif self.rules.false_claim is FalseClaim.LOSES:
            self._end_early(sc.CLAIM_LOST, None, "claim", side, counted)
        else:
            self.claim_blocked = len(self.tricks)
            if self.rules.false_claim is FalseClaim.DOUBLE_TO_OPPONENT:
                self._strike(seat, side)

    def claim_count(self, seat: int) -> int:
        """What a claim by ``seat`` counts for its side now (§8): the side's total, the card points in its
        tricks, its scoring combinations and its bella, and with ``claim_bella: "held"`` the claimant's own
        bella while it could still declare it. The claim is right when this reaches the target."""
        return self.claim_figures(seat)[0]

    def claim_reach(self, seat: int) -> int:
        """The most a claim by ``seat``'s side could count later in this deal, from what the seat may see:
        :meth:`claim_count` now, every card point still to be taken (the last trick's 10 included) and a
        bella's 20 unless the side counts one already (a deal holds one trump K and Q). Combinations count as
        they stand. Below the target, a claim cannot come right in this deal."""
        return self.claim_figures(seat)[1]

    def claim_figures(self, seat: int) -> tuple[int, int]:
        """:meth:`claim_count` and :meth:`claim_reach` together, counted once (the seat's view holds both)."""
        side = self.rules.side_of(seat)
        cards, combos, bella = self._side_points(final=False)
        bella_counted = bella[side] + self._held_bella(seat)
        counted = self.totals[side] + cards[side] + combos[side] + bella_counted
        still_out = DEAL_CARD_POINTS - sum(t.points for t in self.tricks)
        return counted, counted + still_out + max(0, sc.BELLA_POINTS - bella_counted)

    def combo_points(self) -> tuple[int, ...]:
        """Per side, the points of the declared combinations that score as things stand: the winning side's
        (shown to everybody once the comparison is decided), 0 for the others and while it is undecided."""
        out = [0] * self.rules.sides
        side = self.combos_side
        if side is not None:
            out[side] = self._combo_points_of(side)
        return tuple(out)

    def _held_bella(self, seat: int) -> int:
        """``claim_bella: "held"``: the claimant's undeclared bella counts if it could still be declared."""
        rules = self.rules
        if rules.claim_bella is not ClaimBella.HELD or rules.bella_to is not BellaTo.HOLDER:
            return 0
        return sc.BELLA_POINTS if self.bella_mask(seat) else 0

    def _strike(self, seat: int, side: int) -> None:
        """``false_claim: "double_to_opponent"``: the claimant side's total is struck to 0 and twice it goes to
        the other side (3 players: split, the odd point to the first in play order); play goes on."""
        moved = sc.false_claim_strike(self.rules, self.totals, side, self.order)
        if not any(moved):
            return
        self.totals = tuple(t + m for t, m in zip(self.totals, moved, strict=True))
        self.struck = [a + b for a, b in zip(self.struck or [0] * len(moved), moved, strict=True)]
        self.events.append(ClaimStruck(seat, tuple(moved)))

    def _card_refusal(self, seat: int, card: Card, legal: int) -> Refusal:
        hand = self._hands[seat]
        led = self.trick[0][1] >> 3
        led_suit = SUITS[led]
        trumps = hand & self._tmask
        if led == self._ti:
            if card.suit is not self.trump:
                return N_("must follow suit {suit} (holds {cards})"), {"suit": led_suit,
                                                                       "cards": _holds(trumps, self.trump)}
            return N_("must overtrump: holds {cards}"), {"cards": _holds(legal, self.trump)}
        follow = hand & SUIT_MASKS[led]
        if follow:
            return N_("must follow suit {suit} (holds {cards})"), {"suit": led_suit,
                                                                   "cards": _holds(follow, self.trump)}
        assert self.trump is not None
        if card.suit is not self.trump:
            return N_("must trump {suit} (holds {cards})"), {"suit": self.trump,
                                                             "cards": _holds(trumps, self.trump)}
        return N_("must overtrump: holds {cards}"), {"cards": _holds(legal, self.trump)}

    def _bella_refusal(self, seat: int, card: Card) -> Refusal:
        assert self.trump is not None
        when = self.rules.bella_when
        if when is BellaWhen.WITH_CARD and (card.suit is not self.trump or card.rank not in (Rank.KING, Rank.QUEEN)):
            return N_("cannot declare bella: bella is declared with the trump king or queen"), {}
        if self.bella_done[seat]:
            return N_("cannot declare bella twice"), {}
        king, queen = Card(Rank.KING, self.trump), Card(Rank.QUEEN, self.trump)
        kq = (1 << (self._ti * 8 + 5)) | (1 << (self._ti * 8 + 6))
        if (self.bella_eligible[seat] if self.played_first[seat] else self._hands[seat] & kq == kq):
            return N_("cannot declare bella: no longer holds {king} or {queen}"), {"king": king, "queen": queen}
        return N_("cannot declare bella: did not hold {king} and {queen} when play began"), {"king": king, "queen": queen}

    # -- information ---------------------------------------------------------------------------

    def declared_combos(self, seat: int) -> tuple[Combo, ...]:
        for d in self.declarations:
            if d.seat == seat:
                return d.combos
        return ()

    def side_card_points(self) -> list[int]:
        """Card points taken so far per side (last trick's 10 included once the deal is over)."""
        return self._side_points(final=False)[0]
