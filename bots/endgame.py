"""The last tricks played over all sampled worlds at once, without pretending to know the hidden cards.

Solving each sampled world on its own (perfect-information Monte Carlo) lets the searching seat play a different
card in each world at its *later* turns, as if it would then know which world it is in: "strategy fusion". Near the
end of a deal that matters (which of two cards to keep for the last trick), and the worlds are few and small, so
here they are searched together (vector minimax): at the searching seat's own turns one card is chosen for every
world still possible, the one with the best expected written points over them; after another seat plays, only the
worlds in which it could play that card go on, so a card the searching seat sees played splits the worlds as it
would split its knowledge. The other seats choose world by world (they play as if they knew every card: the
cautious assumption, as in alpha-mu search with one world set per branch).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deberc_tui.engine.play import CARD_POINTS, STRENGTH

from .core import Position, legal_mask
from .knowledge import bits

Utility = Callable[[int, int], float]
"""``utility(world, points)``: what team 0 taking ``points`` from the root on is worth in that world (weighted)."""


def fused_root_values(
    positions: Sequence[Position], me: int, options: Sequence[int], utility: Utility,
) -> dict[int, list[int]]:
    """For each of ``options`` (the searching seat ``me`` to play, the same hand in every world): team 0's points
    from here in each world when the rest is played with ``me`` choosing one card for all worlds it cannot tell
    apart. ``positions`` share the trick, the leader and ``me``'s hand; they differ in the hidden hands."""
    first = positions[0]
    search = _Fused(first, me, positions, utility)
    everyone = list(range(len(positions)))
    return {c: search.after(everyone, me, first.trick, first.leader, c) for c in options}


class _Fused:
    def __init__(self, first: Position, me: int, positions: Sequence[Position], utility: Utility) -> None:
        self.n = first.n
        self.trump = first.trump
        self.team = first.team
        self.exempt = first.exempt
        self.ruff_over = first.ruff_over
        self.me = me
        self.hands = [list(p.hands) for p in positions]
        self.utility = utility
        self.cp = CARD_POINTS[first.trump + 1]
        self.st = STRENGTH[first.trump + 1]

    def state(self, trick: Sequence[tuple[int, int]]) -> tuple[int, int, int, int, int]:
        """(led suit, winning seat, winning strength, best trump or -1, points) of a trick under way."""
        led, ws, wstr, bt, pts = -1, -1, -1, -1, 0
        for seat, c in trick:
            pts += self.cp[c]
            s = self.st[c]
            if led < 0:
                led = c >> 3
            if c >> 3 == self.trump:
                if s > wstr:
                    ws, wstr, bt = seat, s, c
            elif c >> 3 == led and s > wstr:
                ws, wstr = seat, s
        return led, ws, wstr, bt, pts

    def after(self, worlds: list[int], seat: int, trick: Sequence[tuple[int, int]], leader: int, c: int) -> list[int]:
        """Team 0's points from here in each of ``worlds`` (a list in their order) once ``seat`` plays ``c``."""
        for w in worlds:
            self.hands[w][seat] ^= 1 << c
        trick = [*trick, (seat, c)]
        if len(trick) < self.n:
            out = self.node(worlds, trick, leader)
        else:
            _led, ws, _wstr, _bt, pts = self.state(trick)
            last = not self.hands[worlds[0]][ws]
            gained = (pts + (10 if last else 0)) if self.team[ws] == 0 else 0
            out = [gained] * len(worlds) if last else [gained + v for v in self.node(worlds, [], ws)]
        for w in worlds:
            self.hands[w][seat] ^= 1 << c
        return out

    def node(self, worlds: list[int], trick: list[tuple[int, int]], leader: int) -> list[int]:
        seat = (leader + len(trick)) % self.n
        led, ws, _wstr, bt, _pts = self.state(trick)
        if seat == self.me:
            legal = bits(legal_mask(self.hands[worlds[0]][seat], seat, led, self.trump, bt, ws, self.exempt, self.ruff_over))
            best: list[int] = []
            best_score = 0.0
            for c in legal:
                values = self.after(worlds, seat, trick, leader, c)
                score = sum(self.utility(w, v) for w, v in zip(worlds, values, strict=True))
                if not best or score > best_score:
                    best, best_score = values, score
            return best
        # Another seat: it sees its own hand, so it chooses world by world; the worlds in which it plays a card
        # go on together (the searching seat sees the card and can no longer tell them apart).
        legal_in = [bits(legal_mask(self.hands[w][seat], seat, led, self.trump, bt, ws, self.exempt, self.ruff_over))
                    for w in worlds]
        by_card: dict[int, list[int]] = {}
        for i, cards in enumerate(legal_in):
            for c in cards:
                by_card.setdefault(c, []).append(i)
        result: list[int | None] = [None] * len(worlds)
        maximize = self.team[seat] == 0
        for c, idx in by_card.items():
            values = self.after([worlds[i] for i in idx], seat, trick, leader, c)
            for i, v in zip(idx, values, strict=True):
                old = result[i]
                if old is None or (v > old if maximize else v < old):
                    result[i] = v
        return [v if v is not None else 0 for v in result]
