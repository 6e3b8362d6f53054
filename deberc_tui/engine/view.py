"""What one seat may see (its information set): built fresh from a deal, holding no hidden card.

Bots and the UI get a :class:`SeatView`; the full :class:`Deal` stays with the table. The view
holds copies of public facts and the seat's own hand, never a reference to the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from deberc_tui.engine.actions import Action, BidCall, OfferKind, PlayCard
from deberc_tui.engine.cards import DECK, Card, Rank, Suit, cards_of, mask_of, sort_hand
from deberc_tui.engine.combos import Combo, ComboKind, bella_carriers, find_combos
from deberc_tui.engine.deal import Deal, Phase
from deberc_tui.engine.dealing import FIRST_PACKETS, packets_after_bidding
from deberc_tui.engine.frozen import event
from deberc_tui.engine.options import DeclareUntil, Turnup23
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.scoring import DealResult


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A finished trick, face up for everyone."""

    leader: int
    """The seat that led it."""
    cards: tuple[tuple[int, Card], ...]
    """``(seat, card)`` in the order played."""
    winner: int
    """The seat that took it."""
    points: int
    """The card points it held."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A declaration as the table hears it: who, what kind, how high (рост), and in which suit once shown."""

    seat: int
    """The seat that declared."""
    kind: ComboKind
    """The kind of its best combination."""
    top: str
    """The rank its best combination runs up to (its рост)."""
    length: int
    """How many cards its best combination has."""
    shown: tuple[Card, ...]
    """The cards, once the winning side shows them after the first trick (else empty): never before."""


@dataclass(frozen=True, slots=True)
class PendingOffer:
    """A raised stake (§12) waiting for the opponent's answer, with what each answer means in game points."""

    kind: OfferKind
    """``double`` («Дайви») or ``dave`` («даве»)."""
    seat: int
    """The seat that offered; the other seat answers."""
    if_refused: int
    """The game points the offerer wins at once if the double is refused or the «даве» conceded."""
    if_accepted: int
    """The game's multiplier (``double``) or stake (``dave``) if the opponent accepts or plays on."""


@event  # a frozen, slotted dataclass made faster (every decision of every seat makes one)
class SeatView:
    """What ``seat`` may see now. It never holds a hidden card: no other hand, no stock card the rules keep face
    down, no unshown combo."""

    seat: int
    """The seat this view is for."""
    rules: Rules
    """The rules in force."""
    dealer: int
    """The seat that dealt."""
    phase: Phase
    """A StrEnum: equal to "bidding", "play" or "over"."""
    to_act: int | None
    """The seat whose turn it is (None once the deal is over)."""
    hand: tuple[Card, ...]
    """This seat's own cards, sorted for display (trump first once named)."""
    turnup: Card
    """The face-up card (козырь) turned after dealing: public."""
    turnup_taken_by: int | None
    """The seat that took the turnup into its hand, or None while it lies face up."""
    bottom: Card | None
    """The bottom card of the stock (фреза), shown to all once trump is named (with ``concede_50``, before the extra cards), with 2 or 3 players and
    ``stock_card_shown: "bottom"`` (not with ``turnup_2_3: "bottom"``, where the turnup is the card shown); else None."""
    bids: tuple[tuple[int, BidCall], ...]
    """``(seat, call)`` for every bid so far, in order: public."""
    bid_round: int
    """The bidding round: 1 (play or pass the turnup's suit) or 2 (name a suit)."""
    trump: Suit | None
    """The trump suit, once named."""
    bidder: int | None
    """The seat that took the bid, once someone has."""
    swapped_by: int | None
    """The seat that swapped the trump seven for the turnup, if any."""
    swapped_card: Card | None
    """The old turnup, now in the swapper's hand (public: everyone saw it)."""
    tricks: tuple[PlayedTrick, ...]
    """The finished tricks, in order."""
    current_trick: tuple[tuple[int, Card], ...]
    """``(seat, card)`` played to the trick in progress, in order (empty between tricks)."""
    trick_leader: int | None
    """The seat that led the trick in progress; None when the trick is empty."""
    trick_winner: int | None
    """The seat whose card wins the trick in progress so far, under the rules; None when it is empty."""
    announcements: tuple[Announcement, ...]
    """Every declaration as heard at the table; the cards only once shown."""
    combos_side: int | None
    """The side whose combinations score, once known: after the first trick (the second with ``declare_until:
    "second_trick"``), a tie the last trick decides at the end; None when nobody scores them, as when the
    comparison winner took no trick (``combos_need_trick``)."""
    bella: tuple[tuple[int, int], ...]
    """``(seat, trick number)`` for every bella declared."""
    played_first: tuple[bool, ...]
    """Per seat: whether it has played its first card."""
    hand_sizes: tuple[int, ...]
    """Per seat: how many cards it holds (counts only, never the cards)."""
    totals: tuple[int, ...]
    """Per side: the game's running totals before this deal."""
    hanging: int
    """Points left hanging from earlier deals (0 when none)."""
    sheet: tuple[DealResult, ...]
    """The score sheet of the finished deals."""
    legal: tuple[Action, ...]
    """What this seat may do now if it is its turn (else empty)."""
    optional: tuple[Action, ...]
    """What this seat may do out of turn now: swap the seven, demand a redeal, announce klabor."""
    stock_top: Card | None = None
    """With ``stock_card_shown: "top_after_first_trick"`` (2-3 players): the stock's top card, turned face up
    for everyone once the first trick is complete (None before, and under the other rules)."""
    match_points: tuple[int, ...] = ()
    """Per side, the game points won in the match's finished games (§12); () when the view is not a match's."""
    game_index: int = 0
    """Which game of the match this deal belongs to (0, 1, ...)."""
    multiplier: int = 1
    """The current game's multiplier: «Дайви»'s m, or the «даве» stake k; 1 without doubling."""
    offer: PendingOffer | None = None
    """A double or «даве» waiting for an answer (then only the other seat may act, and only to answer)."""
    bella_cards: tuple[Card, ...] = ()
    """The cards of this seat's hand that would declare bella if played now, whoever's turn it is (§5
    ``bella_when``: the trump K or Q; any card while holding one; any card up to the last); empty once
    declared, when the seat did not hold the trump K and Q as its play began, and outside play."""
    combo_points: tuple[int, ...] = ()
    """Per side, the points of the declared combinations that score as things stand (the winning side's, shown
    to everybody once the comparison is decided; 0 for the others and while undecided)."""
    claim_count: int = 0
    """What a claim («Партия», §8) by this seat would count for its side now, as the engine checks it: the
    side's total, its card points, scoring combinations and bella, and the seat's own undeclared bella under
    ``claim_bella: "held"``; 0 outside play."""
    claim_reach: int = 0
    """The most a claim by this seat's side could count later in this deal: :attr:`claim_count`, every card
    point still to be taken and a bella's 20 unless the side counts one already (combinations as they stand);
    below the target no claim can come right in this deal. 0 outside play."""

    @property
    def stake(self) -> int:
        """What one unit of money is worth (``stake``, §12)."""
        return self.rules.stake

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def stock_size(self) -> int:
        """How many cards lie in the stock (the turnup not counted, wherever it lies): a count, never the cards."""
        n = self.players
        before = 32 - 3 * FIRST_PACKETS * n - 1
        played = len(self.tricks) * n + len(self.current_trick)
        if self.bidder is None or self.trump is None or sum(self.hand_sizes) + played == 3 * FIRST_PACKETS * n:
            return before  # the extra cards are not dealt yet (bidding, or the choice to concede for fifty)
        return before - sum(k for _, k, _ in packets_after_bidding(self.rules, self.dealer, self.bidder))

    @property
    def turnup_under_stock(self) -> bool:
        """Whether the turnup lies face up under the stock, out of play (``turnup_2_3: "bottom"``, 2-3 players,
        once trump is named): the front end shows it as a stock card, not as the turnup."""
        return self.players != 4 and self.rules.turnup_2_3 is Turnup23.BOTTOM and self.trump is not None

    @property
    def last_declaring_card(self) -> bool:
        """Whether the card this seat plays now is its last that may declare combinations (§5 ``declare_until``):
        its first card, or under ``"second_trick"`` its second (a first card may then wait)."""
        return self.rules.declare_until is DeclareUntil.FIRST_CARD or self.played_first[self.seat]

    def bella_last_chance(self, card: Card) -> bool:
        """Whether ``card`` may declare bella now and no card left after it could (§5 ``bella_when``): the last of
        the trump K and Q, or under ``"until_last_card"`` the seat's last card."""
        if card not in self.bella_cards or self.trump is None:
            return False
        kq = Card(Rank.KING, self.trump).bit | Card(Rank.QUEEN, self.trump).bit
        return not bella_carriers(mask_of(self.hand) & ~card.bit, kq, self.rules.bella_when)

    def unseen_mask(self) -> int:
        """Cards this seat has not seen: everything but its hand, played cards and face-up cards."""
        seen = mask_of(self.hand)
        for t in self.tricks:
            seen |= mask_of(c for _, c in t.cards)
        seen |= mask_of(c for _, c in self.current_trick)
        if self.turnup_taken_by is None or self.turnup_taken_by == self.seat:
            seen |= self.turnup.bit
        if self.bottom is not None:
            seen |= self.bottom.bit
        if self.stock_top is not None:
            seen |= self.stock_top.bit
        return ((1 << 32) - 1) & ~seen

    def unseen(self) -> list[Card]:
        return cards_of(self.unseen_mask())

    def play_hand_mask(self) -> int:
        """The cards this seat held when its play began: its hand and the cards it has played since (§4)."""
        mine = mask_of(self.hand)
        for t in self.tricks:
            mine |= mask_of(c for s, c in t.cards if s == self.seat)
        return mine | mask_of(c for s, c in self.current_trick if s == self.seat)

    def declarable(self) -> tuple[Combo, ...]:
        """What this seat would declare with its next card, best first: the combinations of the cards it held
        when its play began (with ``declare_until: "second_trick"`` the first card counts too); () when it may
        not declare now (not its turn, too late, the forced deal) or holds none."""
        if self.trump is None or not any(isinstance(a, PlayCard) and a.declare for a in self.legal):
            return ()
        return tuple(find_combos(self.play_hand_mask(), self.trump, self.rules))


def seat_view(
    deal: Deal, seat: int, totals: tuple[int, ...] | None = None, hanging: int = 0,
    sheet: tuple[DealResult, ...] = (), *, legal: tuple[Action, ...] | None = None,
    optional: tuple[Action, ...] | None = None, match_points: tuple[int, ...] = (), game_index: int = 0,
    multiplier: int = 1, offer: PendingOffer | None = None,
) -> SeatView:
    """What ``seat`` may see of ``deal``. ``legal`` / ``optional``, when given, are what the seat may do as a
    match says it (a match adds its offers and answers); the other keywords are the match's own state."""
    rules = deal.rules
    shown: dict[int, list[Card]] = {}
    if deal.shown_side is not None and deal.tricks:  # shown once, they stay shown even if they do not score
        for d in deal.declarations:
            if rules.side_of(d.seat) == deal.shown_side:
                shown[d.seat] = [c for combo in d.combos for c in combo.cards]
    announcements = tuple(
        Announcement(d.seat, d.best.kind, d.best.top.value, d.best.length, tuple(shown.get(d.seat, ())))
        for d in deal.declarations
    )
    my_turn = deal.to_act == seat
    playing = deal.phase is Phase.PLAY
    claim_count, claim_reach = deal.claim_figures(seat) if playing else (0, 0)
    bella_mask = deal.bella_mask(seat) if playing else 0
    return SeatView(
        seat=seat,
        rules=rules,
        dealer=deal.dealer,
        phase=deal.phase,
        to_act=deal.to_act,
        hand=tuple(sort_hand(deal.hand(seat), deal.trump)),
        turnup=deal.turnup,
        turnup_taken_by=deal.turnup_taken_by,
        bottom=deal.bottom,
        bids=tuple((s, b.call) for s, b in deal.bids),
        bid_round=deal.bid_round,
        trump=deal.trump,
        bidder=deal.bidder,
        swapped_by=deal.swapped_by,
        swapped_card=deal.swapped_card,
        tricks=tuple(PlayedTrick(t.leader, t.cards, t.winner, t.points) for t in deal.tricks),
        current_trick=tuple((s, DECK[i]) for s, i in deal.trick),
        trick_leader=deal.trick_leader if deal.trick else None,
        trick_winner=deal.trick_winner,
        announcements=announcements,
        combos_side=deal.combos_side if deal.tricks else None,
        bella=tuple(deal.bella_tricks),
        played_first=tuple(deal.played_first),
        hand_sizes=tuple([deal.hand_mask(s).bit_count() for s in range(deal.n)]),
        totals=tuple(totals) if totals is not None else deal.totals,
        hanging=hanging,
        sheet=sheet,
        legal=legal if legal is not None else tuple(deal.legal_actions()) if my_turn and deal.phase is not Phase.OVER
        else (),
        optional=optional if optional is not None else tuple(deal.optional_actions(seat)),
        match_points=match_points, game_index=game_index, multiplier=multiplier, offer=offer,
        stock_top=deal.stock_top,
        bella_cards=tuple(sort_hand(cards_of(bella_mask), deal.trump)) if bella_mask else (),
        combo_points=deal.combo_points(),
        claim_count=claim_count,
        claim_reach=claim_reach,
    )
