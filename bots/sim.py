"""A fast perfect-information card-play model for search bots: one sampled position, bitmask hands.

The play rules themselves (§6: which cards may be played, points, who beats whom) are the engine's
:mod:`deberc_tui.engine.play`, the very functions the deal uses; this module only searches with them
(millions of plies in pure Python). The engine stays the referee: every action a bot returns is checked
against the engine's legal list, and ``tests/test_bots.py`` checks that a :class:`Position` built from a
view gives the engine's legal cards over random deals.

Two teams: team 0 is the searching seat's team. :class:`Solver` is an alpha-beta double-dummy
solver with a transposition table at trick boundaries; :func:`rollout` plays a position out with
a quick greedy policy (for positions too large to solve in time), and :func:`greedy_play` gives the cards that
greedy play-out plays, every seat for its own team (the practice tutor's play-outs of whole sampled worlds).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from deberc_tui.engine.cards import SUIT_MASKS
from deberc_tui.engine.play import CARD_POINTS, STRENGTH, TRUMP_ABOVE, legal_mask

from .knowledge import bits

__all__ = ["INF", "Position", "SearchAborted", "Solver", "can_beat", "greedy_card", "greedy_play", "legal_mask", "rollout"]

INF = 1 << 20


class SearchAborted(Exception):
    """The solver hit its node limit or its deadline (the caller falls back to something cheaper)."""


CLOCK_EVERY = 1023  # nodes between two looks at the clock (a mask: 2**k - 1)


@dataclass
class Position:
    """A play-phase position with every hand known (a sample). ``trick`` is [(seat, card)]."""

    n: int
    trump: int
    hands: list[int]
    team: tuple[int, ...]  # team (0 or 1) of each seat; 0 = the searching team
    leader: int
    trick: list[tuple[int, int]]
    exempt: bool = False  # partner_exempt with 4 players
    ruff_over: bool = False  # overtrump_on_ruff

    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def trick_state(self) -> tuple[int, int, int, int, int]:
        """(led suit, winning seat, winning strength, best trump card or -1, card points so far)."""
        if not self.trick:
            return -1, -1, -1, -1, 0
        st = STRENGTH[self.trump + 1]
        cp = CARD_POINTS[self.trump + 1]
        led = self.trick[0][1] >> 3
        ws, wstr, bt, pts = -1, -1, -1, 0
        for seat, c in self.trick:
            pts += cp[c]
            s = st[c]
            if c >> 3 == self.trump:
                if s > wstr:
                    ws, wstr, bt = seat, s, c
            elif c >> 3 == led and s > wstr:
                ws, wstr = seat, s
        return led, ws, wstr, bt, pts


class Solver:
    """Alpha-beta over card play: the most card points (last trick's 10 included) team 0 can take
    from the position on, both teams playing perfectly with all cards known."""

    def __init__(self, pos: Position, max_nodes: int | None = None, deadline: float | None = None) -> None:
        """``max_nodes`` and ``deadline`` (a ``time.perf_counter()`` value) bound the search: past either,
        :class:`SearchAborted` is raised, so a loaded machine cannot make one solve overrun a decision's budget."""
        self.pos = pos
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = deadline
        self.n = pos.n
        self.trump = pos.trump
        self.team = pos.team
        self.cp = CARD_POINTS[pos.trump + 1]
        self.st = STRENGTH[pos.trump + 1]
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def root_values(self, cards: list[int] | None = None) -> dict[int, int]:
        """Exact value (team 0's points from here) after each of ``cards`` (default: every legal card)."""
        root, cards = self._root(cards)
        return {c: self._after(*root, c, -INF, INF) for c in cards}

    def _root(self, cards: list[int] | None = None) -> tuple[tuple[list[int], int, int, int, int, int, int, int], list[int]]:
        """The position as :meth:`_after` takes it (a copy of the hands, the seat to act, its place in the trick and
        the trick's state), and ``cards``, by default every legal card of that seat."""
        pos = self.pos
        led, ws, wstr, bt, pts = pos.trick_state()
        seat = pos.to_act()
        hands = pos.hands[:]
        if cards is None:
            cards = bits(legal_mask(hands[seat], seat, led, self.trump, bt, ws, pos.exempt, pos.ruff_over))
        return (hands, seat, len(pos.trick), led, ws, wstr, bt, pts), cards

    def value(self) -> int:
        pos = self.pos
        led, ws, wstr, bt, pts = pos.trick_state()
        return self._search(pos.hands[:], pos.to_act(), len(pos.trick), led, ws, wstr, bt, pts, -INF, INF)

    def _after(
        self, hands: list[int], seat: int, k: int, led: int, ws: int, wstr: int, bt: int, pts: int, c: int,
        alpha: int, beta: int,
    ) -> int:
        """Value after ``seat`` plays card ``c`` as the ``k``-th card of the trick."""
        bit = 1 << c
        hands[seat] ^= bit
        s = self.st[c]
        if k == 0:
            nled, nws, nwstr, nbt = c >> 3, seat, s, (c if c >> 3 == self.trump else -1)
        else:
            nled, nws, nwstr, nbt = led, ws, wstr, bt
            if c >> 3 == self.trump:
                if s > wstr:
                    nws, nwstr, nbt = seat, s, c
            elif c >> 3 == led and s > wstr:
                nws, nwstr = seat, s
        npts = pts + self.cp[c]
        if k + 1 == self.n:
            last = not hands[nws]
            g = npts + 10 if last else npts
            g0 = g if self.team[nws] == 0 else 0
            v = g0 if last else g0 + self._search(hands, nws, 0, -1, -1, -1, -1, 0, alpha - g0, beta - g0)
        else:
            v = self._search(hands, (seat + 1) % self.n, k + 1, nled, nws, nwstr, nbt, npts, alpha, beta)
        hands[seat] ^= bit
        return v

    def _search(
        self, hands: list[int], seat: int, k: int, led: int, ws: int, wstr: int, bt: int, pts: int,
        alpha: int, beta: int,
    ) -> int:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchAborted
        if not self.nodes & CLOCK_EVERY and self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchAborted
        key: tuple[int, ...] | None = None
        a0, b0 = alpha, beta
        if k == 0:
            if not hands[seat]:
                return 0
            key = (*hands, seat)
            e = self.tt.get(key)
            if e is not None:
                lo, hi = e
                if lo == hi or lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            legal = hands[seat]
        else:
            legal = legal_mask(hands[seat], seat, led, self.trump, bt, ws, self.pos.exempt, self.pos.ruff_over)
        maxing = self.team[seat] == 0
        st = self.st
        cards = bits(legal)
        if len(cards) > 1:
            if k == 0:
                cards.sort(key=lambda c: -st[c])
            else:
                # Cheapest winners first, then the cheapest losers.
                tr = self.trump

                def order(c: int) -> int:
                    s = st[c]
                    wins = s > wstr and (c >> 3 == tr or c >> 3 == led)
                    return s if wins else 1000 + self.cp[c] * 10 + s

                cards.sort(key=order)
        best = -INF if maxing else INF
        for c in cards:
            v = self._after(hands, seat, k, led, ws, wstr, bt, pts, c, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            lo, hi = self.tt.get(key, (-INF, INF))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
        return best


def can_beat(hand: int, card: int, led: int, trump: int) -> bool:
    """Whether a player holding ``hand`` could beat ``card`` (the trick's winner) in a trick led in ``led``."""
    if card >> 3 == trump:
        return bool(hand & TRUMP_ABOVE[card])
    suit_cards = hand & SUIT_MASKS[led]
    if suit_cards:
        st = STRENGTH[trump + 1]
        return any(st[c] > st[card] for c in bits(suit_cards)) if card >> 3 == led else False
    return bool(hand & SUIT_MASKS[trump]) if trump >= 0 else False


def greedy_card(pos: Position, hands: list[int], seat: int, k: int, led: int, ws: int, wstr: int, bt: int,
                keep_trumps: bool = False) -> int:
    """A quick, sensible perfect-information choice (for rollouts). With ``keep_trumps`` (:func:`greedy_play`'s
    play) a leader holding other cards leads none of its trumps once the other team has none: they would only
    fall on nothing, and they take the tricks the other team leads later."""
    trump = pos.trump
    st = STRENGTH[trump + 1]
    cp = CARD_POINTS[trump + 1]
    legal = legal_mask(hands[seat], seat, led, trump, bt, ws, pos.exempt, pos.ruff_over)
    if keep_trumps and k == 0 and legal & ~SUIT_MASKS[trump]:
        theirs = 0
        for o in range(pos.n):
            if pos.team[o] != pos.team[seat]:
                theirs |= hands[o]
        if not theirs & SUIT_MASKS[trump]:
            legal &= ~SUIT_MASKS[trump]
    cards = bits(legal)
    if len(cards) == 1:
        return cards[0]
    n = pos.n
    later = [(seat + i) % n for i in range(1, n - k)]
    team = pos.team
    if k == 0:
        # Lead a card nobody on the other team can beat (most points), else the cheapest card.
        best, best_v = -1, -1
        for c in cards:
            if all(team[o] == team[seat] or not can_beat(hands[o], c, c >> 3, trump) for o in later):
                v = cp[c] + (5 if c >> 3 == trump else 0)
                if v > best_v:
                    best, best_v = c, v
        if best >= 0:
            return best
        return min(cards, key=lambda c: (cp[c], st[c]))
    if team[ws] == team[seat]:
        return max(cards, key=lambda c: (cp[c] if c >> 3 != trump else -st[c], -st[c]))
    winners = [c for c in cards if st[c] > wstr and (c >> 3 == trump or c >> 3 == led)]
    safe = [c for c in winners if all(team[o] == team[seat] or not can_beat(hands[o], c, led, trump) for o in later)]
    if safe:
        return min(safe, key=lambda c: st[c])
    return min(cards, key=lambda c: (cp[c], st[c]))


def rollout(pos: Position, solve_below: int = 0, max_nodes: int = 40_000, deadline: float | None = None) -> int:
    """Team 0's points from the position, playing greedily; solved exactly once at most
    ``solve_below`` cards remain in hands (at a trick boundary), unless that solve needs more than
    ``max_nodes`` nodes or runs past ``deadline`` (then the greedy play goes on)."""
    n = pos.n
    hands = pos.hands[:]
    trick = list(pos.trick)
    leader = pos.leader
    total = 0
    work = Position(n, pos.trump, hands, pos.team, leader, trick, pos.exempt, pos.ruff_over)
    while True:
        if not trick:
            remaining = sum(h.bit_count() for h in hands)
            if remaining == 0:
                return total
            if remaining <= solve_below:
                work.leader = leader
                work.trick = []
                work.hands = hands
                try:
                    return total + Solver(work, max_nodes, deadline).value()
                except SearchAborted:
                    solve_below = 0
        work.trick = trick
        work.leader = leader
        led, ws, wstr, bt, _ = work.trick_state()
        seat = (leader + len(trick)) % n
        c = greedy_card(work, hands, seat, len(trick), led, ws, wstr, bt)
        hands[seat] ^= 1 << c
        trick.append((seat, c))
        if len(trick) == n:
            led, ws, wstr, bt, pts = work.trick_state()
            if not hands[ws]:
                pts += 10
            if pos.team[ws] == 0:
                total += pts
            leader = ws
            trick = []


def _best_card(solver: Solver, maxing: bool) -> int:
    """The lowest of the legal cards best for the seat to act (team 0's when ``maxing``) by ``solver``'s exact
    values: :meth:`Solver.root_values`' best card, for fewer nodes. Past the first card the window runs from the best
    value so far, so a card no better comes back at most as good and a better one with its exact value."""
    root, cards = solver._root()
    best_card, best = -1, 0
    for c in cards:
        alpha = best if best_card >= 0 and maxing else -INF
        beta = best if best_card >= 0 and not maxing else INF
        v = solver._after(*root, c, alpha, beta)
        if best_card < 0 or (v > best if maxing else v < best):
            best_card, best = c, v
    if best_card < 0:
        raise ValueError("a seat to play has no card it may play")
    return best_card


def greedy_play(pos: Position, solve_below: int = 0, max_nodes: int = 40_000) -> list[int]:
    """The cards played from the position to the end of the deal, in play order (the current trick's next card
    first): every seat plays :func:`greedy_card` for its team until at most ``solve_below`` cards remain in hands
    at a trick boundary (leading no trump while the other team has none and the leader holds other cards:
    ``keep_trumps``); from there each card is the best of the exact solve (team 0 maximizes its points, the
    others minimize them; the lowest card of equal ones), one :class:`Solver` and its table for the whole ending,
    unless it needs more than ``max_nodes`` nodes in all (then the greedy play goes on). :func:`rollout`'s play,
    card by card: the practice tutor applies the cards to the deal, which scores them."""
    n = pos.n
    hands = pos.hands[:]
    work = Position(n, pos.trump, hands, pos.team, pos.leader, list(pos.trick), pos.exempt, pos.ruff_over)
    solver: Solver | None = None
    out: list[int] = []
    while True:
        if not work.trick:
            remaining = sum(h.bit_count() for h in hands)
            if remaining == 0:
                return out
            if solver is None and remaining <= solve_below:
                solver = Solver(work, max_nodes)
        seat = work.to_act()
        c = -1
        if solver is not None:
            try:
                c = _best_card(solver, pos.team[seat] == 0)
            except SearchAborted:
                solver, solve_below = None, 0
        if c < 0:
            led, ws, wstr, bt, _ = work.trick_state()
            c = greedy_card(work, hands, seat, len(work.trick), led, ws, wstr, bt, keep_trumps=True)
        hands[seat] ^= 1 << c
        out.append(c)
        work.trick.append((seat, c))
        if len(work.trick) == n:
            work.leader = work.trick_state()[1]
            work.trick = []
