"""What a seat knows, derived from its :class:`SeatView` alone: played cards, voids, known holdings.

Everything here reads the public view (and the seat's own hand), never a :class:`Deal`: the bots
that build on it (heuristic counting, the expert's sampling) cannot see hidden cards by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deberc_tui.engine import SeatView, mask_of, scoring
from deberc_tui.engine.cards import PLAIN_ORDER, SUIT_MASKS, TRUMP_ORDER
from deberc_tui.engine.play import STRENGTH

FULL = (1 << 32) - 1


def popcount(mask: int) -> int:
    return mask.bit_count()


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _above(card: int, trump: int) -> int:
    s = card >> 3
    order = TRUMP_ORDER if s == trump else PLAIN_ORDER
    r = order[card & 7]
    return sum(1 << (s * 8 + k) for k in range(8) if order[k] > r)


_ABOVE: tuple[tuple[int, ...], ...] = tuple(tuple(_above(c, t) for c in range(32)) for t in range(-1, 4))


def above(card: int, trump: int) -> int:
    """Cards of ``card``'s suit that beat it (trump order if it is trump, plain order otherwise)."""
    return _ABOVE[trump + 1][card]


@dataclass
class Knowledge:
    """A seat's picture of the deal. Masks are card bitmasks (index = suit*8 + natural rank)."""

    seat: int
    n: int
    trump: int  # suit index, -1 before trump is chosen
    hand: int
    played: int
    unseen: int  # cards the seat has not seen (other hands and the stock)
    known: list[int] = field(default_factory=list)  # cards known to be in each other seat's hand
    forbidden: list[int] = field(default_factory=list)  # cards each seat cannot hold (voids, failed overtrumps)
    sizes: list[int] = field(default_factory=list)
    side_points: list[int] = field(default_factory=list)  # card points taken so far per side
    combo_points: list[int] = field(default_factory=list)  # scoring combinations per side (known so far)
    bella_points: list[int] = field(default_factory=list)

    def with_hand(self, hand: int) -> Knowledge:
        """The same picture as seen holding ``hand`` instead (a shallow copy; the cards it holds are not unseen)."""
        out = Knowledge.__new__(Knowledge)
        out.__dict__.update(self.__dict__)
        out.hand = hand
        out.unseen = self.unseen & ~hand
        return out

    def outstanding(self) -> int:
        """Cards not played and not in this seat's hand (they are with others or in the stock)."""
        return FULL & ~self.played & ~self.hand

    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold, as far as this seat can tell."""
        if seat == self.seat:
            return self.hand
        return (self.known[seat] | (self.unseen & ~self._all_known())) & ~self.forbidden[seat] | self.known[seat]

    def _all_known(self) -> int:
        m = 0
        for k in self.known:
            m |= k
        return m

    def may_hold(self, seat: int, mask: int) -> bool:
        return bool(self.possible(seat) & mask)


def side_of(view: SeatView, seat: int) -> int:
    return view.rules.side_of(seat)


def played_by_seat(view: SeatView) -> list[int]:
    """Per seat, the cards it has played in this deal (a mask)."""
    out = [0] * view.rules.players
    for trick in view.tricks:
        for seat, card in trick.cards:
            out[seat] |= card.bit
    for seat, card in view.current_trick:
        out[seat] |= card.bit
    return out


def knowledge(view: SeatView) -> Knowledge:
    """Derive what ``view.seat`` knows from the view (public facts plus its own hand)."""
    rules = view.rules
    n = rules.players
    trump = view.trump.index if view.trump is not None else -1
    hand = mask_of(view.hand)
    played = 0
    for t in view.tricks:
        played |= mask_of(c for _, c in t.cards)
    played |= mask_of(c for _, c in view.current_trick)
    unseen = view.unseen_mask()
    known = [0] * n
    forbidden = [0] * n
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    strength = STRENGTH[trump + 1]
    exempt_rule = rules.partner_exempt and n == 4
    tricks = [t.cards for t in view.tricks] + ([view.current_trick] if view.current_trick else [])
    for cards in tricks:
        led_card = cards[0][1].index
        led = led_card >> 3
        win_seat, win_str = cards[0][0], strength[led_card]
        best_trump = led_card if led == trump else -1
        for seat, card in cards[1:]:
            idx = card.index
            suit = idx >> 3
            partner_winning = exempt_rule and (win_seat - seat) % 2 == 0
            if suit != led:
                forbidden[seat] |= SUIT_MASKS[led]
                if suit != trump and trump >= 0 and not partner_winning:
                    forbidden[seat] |= tmask
                elif suit == trump and rules.overtrump_on_ruff and best_trump >= 0 and not partner_winning:
                    if strength[idx] < strength[best_trump]:
                        forbidden[seat] |= above(best_trump, trump)
            elif led == trump and best_trump >= 0 and not partner_winning and strength[idx] < strength[best_trump]:
                forbidden[seat] |= above(best_trump, trump)
            if suit == trump:
                if strength[idx] > win_str:
                    win_seat, win_str = seat, strength[idx]
                    best_trump = idx
            elif suit == led and strength[idx] > win_str:
                win_seat, win_str = seat, strength[idx]
    me = view.seat
    if view.swapped_by is not None and view.swapped_by != me and view.swapped_card is not None:
        known[view.swapped_by] |= view.swapped_card.bit
    if view.turnup_taken_by is not None and view.turnup_taken_by != me:
        known[view.turnup_taken_by] |= view.turnup.bit
    for a in view.announcements:
        if a.seat != me:
            known[a.seat] |= mask_of(a.shown)
    if trump >= 0:
        kq = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6))
        for seat, _ in view.bella:
            if seat != me:
                known[seat] |= kq
    for s in range(n):
        known[s] &= ~played
        if s == me:
            known[s] = 0
        forbidden[s] &= ~known[s]
    sides = rules.sides
    side_points = [0] * sides
    for t in view.tricks:
        side_points[rules.side_of(t.winner)] += t.points
    combo_points = list(view.combo_points) or [0] * sides  # the engine's count (a view from an old table: none)
    bella_points = scoring.bella_points(rules, view.bella, [t.winner for t in view.tricks])
    return Knowledge(
        seat=me, n=n, trump=trump, hand=hand, played=played, unseen=unseen, known=known,
        forbidden=forbidden, sizes=list(view.hand_sizes), side_points=side_points,
        combo_points=combo_points, bella_points=bella_points,
    )
