"""The baseline bots: ``random`` (uniform legal actions) and ``novice`` (a beginner's greedy rules)."""

from __future__ import annotations

from collections.abc import Sequence

from deberc_tui.engine import Action, Bid, BidCall, Claim, Klabor, PlayCard, Rank, Redeal, SeatView, SwapSeven
from deberc_tui.engine.play import CARD_POINTS, STRENGTH
from deberc_tui.engine.text import N_, Text

from .base import BotBase, Explanation


class RandomBot(BotBase):
    """Uniformly random legal actions; never takes optional (out-of-turn) actions, never claims."""

    name = "random"
    description = N_("uniformly random legal actions (the baseline)")

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        turn = [a for a in legal if not isinstance(a, SwapSeven | Redeal | Klabor | Claim)]
        return self.rng.choice(turn or list(legal))

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation:
        return Text(N_("random: any legal action will do"))


class NoviceBot(BotBase):
    """A beginner: bids on the trump jack or nine or three trumps, wins tricks with its highest
    card when it can, otherwise throws its lowest; leads its highest card; forgets bella half the time."""

    name = "novice"
    description = N_("a beginner's greedy rules: plays high to win, low to lose; bids on J/9 of trump")

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        for a in options:
            if isinstance(a, Klabor):
                return a
        return None

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        return self._decide(view, legal)[0]

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation:
        return self._decide(view, legal)[1]

    def _decide(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Explanation]:
        for a in legal:
            if isinstance(a, Klabor):
                return a, Text(N_("klabor wins the game"))
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return self._bid(view, bids)
        cards = [a for a in legal if isinstance(a, PlayCard)]
        if not cards:
            return legal[0], Text(N_("nothing better to do"))
        assert view.trump is not None
        t = view.trump.index
        st = STRENGTH[t + 1]
        cp = CARD_POINTS[t + 1]
        plain = [a for a in cards if not a.declare and not a.bella]
        pool = plain or cards
        trick = view.current_trick
        if not trick:
            best = max(pool, key=lambda a: st[a.card.index])
            why = Text(N_("lead the highest card"))
        else:
            led = trick[0][1].suit.index
            win = max(st[c.index] for _, c in trick if c.suit.index in (led, t))
            winners = [a for a in pool if st[a.card.index] > win and a.card.suit.index in (led, t)]
            if winners:
                best = max(winners, key=lambda a: st[a.card.index])
                why = Text(N_("take the trick with the highest card"))
            else:
                best = min(pool, key=lambda a: (cp[a.card.index], st[a.card.index]))
                why = Text(N_("cannot win: throw the lowest card"))
        # A beginner declares what they see, and remembers bella only half the time.
        fancy = [a for a in cards if a.card is best.card and (a.declare or (a.bella and self.rng.random() < 0.5))]
        if fancy:
            best = max(fancy, key=lambda a: (a.declare, a.bella))
        return best, why

    def _bid(self, view: SeatView, bids: list[Bid]) -> tuple[Action, Explanation]:
        calls: dict[BidCall, Bid] = {b.call: b for b in bids}

        def good(suit: int) -> bool:
            mine = [c for c in view.hand if c.suit.index == suit]
            ranks = {c.rank for c in mine}
            return Rank.JACK in ranks or Rank.NINE in ranks or len(mine) >= 3

        if BidCall.PLAY in calls and good(view.turnup.suit.index):
            return calls[BidCall.PLAY], Text(N_("the hand holds the jack or nine of trump"))
        for b in bids:
            if b.suit is not None and good(b.suit.index):
                return b, Text(N_("{suit} looks good"), {"suit": b.suit})
        if BidCall.PASS in calls:
            return calls[BidCall.PASS], Text(N_("nothing to bid on"))
        return bids[0], Text(N_("must name a suit"))
