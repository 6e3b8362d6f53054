"""``heuristic``: a club player's rules of thumb, with card counting from the seat's view.

Bidding scores the hand for each possible trump (jack and nine of trump, length, aces and
protected tens, combinations and bella, the turnup it can swap for), then compares with a
threshold moved by style, players, the score, the bait risk and the hanging pot. Card play counts
cards: which cards are still out, which suits each opponent is void in (from failures to follow or
to trump); it draws trumps as the bidder, cashes masters, saves tens, smears points on a partner's
sure trick and wins cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence

from deberc_tui.engine import (
    Action,
    Bid,
    Claim,
    Klabor,
    PlayCard,
    Rank,
    Redeal,
    Rules,
    SeatView,
    Suit,
    SwapSeven,
    find_combos,
    mask_of,
)
from deberc_tui.engine.actions import RedealReason
from deberc_tui.engine.cards import SUIT_MASKS
from deberc_tui.engine.combos import KIND_ORDER
from deberc_tui.engine.play import CARD_POINTS, STRENGTH
from deberc_tui.engine.text import N_, Text

from .base import BotBase, Explanation
from .knowledge import Knowledge, above, bits, knowledge

# Natural rank index: 7=0 8=1 9=2 T=3 J=4 Q=5 K=6 A=7.
TRUMP_VALUE = (4, 5, 22, 11, 30, 6, 7, 14)
PLAIN_ACE, PLAIN_TEN_GUARDED, PLAIN_TEN_BARE, PLAIN_KING = 11, 7, 2, 1
KEEP_TRUMP = (1, 1, 8, 4, 12, 2, 2, 5)  # reluctance to spend a trump (by natural rank)
STYLE_SHIFT = {"cautious": 10.0, "normal": 0.0, "bold": -10.0}
BASE_THRESHOLD = {2: 52.0, 3: 56.0, 4: 58.0}
# The redeal reasons as a player says them (the same message ids as the table's words).
REDEAL_WORDS: dict[str, str] = {RedealReason.FOUR_SEVENS: N_("four sevens"), RedealReason.LOW_POINTS: N_("weak hand")}
NO_REASON = Text("")


def call_text(call: str) -> Text:
    """A bid as the explanation names it: "play", or "name ♥" (the suit a value the front end draws)."""
    return Text(N_("play")) if call == "play" else Text(N_("name {suit}"), {"suit": Suit(call)})


def bid_strength(hand: int, trump: int, turnup: int | None, can_swap: bool, gets_turnup: bool, rules: Rules) -> float:
    """How good ``hand`` (usually the first six cards) is with ``trump``; roughly the points it brings."""
    cards = bits(hand)
    if can_swap and turnup is not None and hand >> (trump * 8) & 1:
        hand = hand & ~(1 << (trump * 8)) | (1 << turnup)  # the trump seven is swapped for the turnup
        cards = bits(hand)
    if gets_turnup and turnup is not None:
        hand |= 1 << turnup
        cards = bits(hand)
    score = 0.0
    ntr = 0
    for c in cards:
        s, r = c >> 3, c & 7
        if s == trump:
            ntr += 1
            score += TRUMP_VALUE[r]
        elif r == 7:
            score += PLAIN_ACE
        elif r == 3:
            score += PLAIN_TEN_GUARDED if hand >> (s * 8 + 7) & 1 else PLAIN_TEN_BARE
        elif r == 6:
            score += PLAIN_KING
    score += max(0, ntr - 2) * 6
    if ntr >= 2:
        for s in range(4):
            if s != trump and not hand & SUIT_MASKS[s]:
                score += 4
    combos = find_combos(hand, Suit.from_index(trump), rules)  # the table's own rules: combo sizes and kinds
    score += 0.7 * sum(c.points for c in combos)
    kq = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6))
    if hand & kq == kq:
        score += 18
    return score


def call_strength(rules: Rules, hand: int, trump: int, round1: bool, seat: int, dealer: int, turnup: int) -> float:
    """``bid_strength`` for ``seat`` choosing ``trump``: only in round 1 may the trump seven be swapped
    for the turnup, and with 4 players the turnup joins the dealer's or the bidder's hand."""
    can_swap = round1 and rules.seven_swap_allowed
    gets = rules.players == 4 and round1 and (rules.turnup_to == "bidder" or dealer == seat)
    return bid_strength(hand, trump, turnup, can_swap, gets, rules)


def bid_threshold(view: SeatView, side: int, style: str = "normal") -> float:
    """The hand strength a player of ``side`` with ``style`` wants before bidding (the search bot
    also uses it to foresee how the other seats will speak)."""
    rules = view.rules
    th = BASE_THRESHOLD[rules.players] + STYLE_SHIFT[style]
    baits = sum(1 for r in view.sheet if r.outcome == "bait" and r.bidder == side)
    if rules.bait_penalty is not None and rules.bait_penalty.points and baits >= 2:
        th += 12
    if view.hanging:
        th -= min(10.0, view.hanging / 10)
    if not rules.short and view.totals:
        mine = view.totals[side]
        others = max(t for s, t in enumerate(view.totals) if s != side)
        if others >= rules.target - 80 and mine < others:
            th -= 6  # they are close: fight for the deal
        elif mine >= rules.target - 60:
            th += 6  # we are close: defending is safer (and wins when both go over)
    return th


class HeuristicBot(BotBase):
    name = "heuristic"
    description = N_("a club player's rules of thumb: counts cards and voids, draws trumps, bids on hand strength")

    # -- the interface ------------------------------------------------------------------------

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        return self.decide(view, legal)[0]

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation:
        return self.decide(view, legal)[1]

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        return self._optional(view, options)[0]

    # -- decisions ----------------------------------------------------------------------------

    def decide(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, Explanation]:
        opt, why = self._optional(view, [a for a in legal if isinstance(a, SwapSeven | Redeal | Klabor)])
        if opt is not None:
            return opt, why
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return self.bid(view, bids)
        for a in legal:
            if isinstance(a, Claim) and self.claim_is_sure(view):
                return a, Text(N_("claim: our total with this deal's points reaches the target"))
        cards = [a for a in legal if isinstance(a, PlayCard)]
        if not cards:
            return legal[0], Text(N_("the only action"))
        return self.play(view, cards)

    def _optional(self, view: SeatView, options: Sequence[Action]) -> tuple[Action | None, Explanation]:
        for a in options:
            if isinstance(a, Klabor):
                return a, Text(N_("klabor wins the game at once"))
        for a in options:
            if isinstance(a, SwapSeven) and self._swap_helps(view):
                return a, Text(N_("swap the trump seven for the turnup: a stronger trump"))
        my_side = view.rules.side_of(view.seat)
        for a in options:
            if isinstance(a, Redeal):
                if view.bidder is None or view.rules.side_of(view.bidder) != my_side:
                    return a, Text(N_("demand a redeal ({reason}): a weak hand"), {"reason": Text(REDEAL_WORDS[a.reason])})
                trumps = sum(1 for c in view.hand if c.suit is view.trump)
                if trumps < 4:
                    return a, Text(N_("demand a redeal: too weak to make the contract"))
        return None, NO_REASON

    def _swap_helps(self, view: SeatView) -> bool:
        assert view.trump is not None
        t = view.trump.index
        hand = mask_of(view.hand)
        after = hand & ~(1 << (t * 8)) | view.turnup.bit
        return self._hand_worth(after, view) >= self._hand_worth(hand, view)

    @staticmethod
    def _hand_worth(hand: int, view: SeatView) -> float:
        assert view.trump is not None
        t = view.trump.index
        combos = sum(c.points for c in find_combos(hand, view.trump, view.rules))
        strength = sum(TRUMP_VALUE[c & 7] for c in bits(hand & SUIT_MASKS[t]))
        return combos + strength

    # -- bidding ------------------------------------------------------------------------------

    def threshold(self, view: SeatView) -> float:
        return bid_threshold(view, view.rules.side_of(view.seat), self.style)

    def bid_scores(self, view: SeatView, bids: Sequence[Bid]) -> dict[str, float]:
        rules = view.rules
        hand = mask_of(view.hand)
        up = view.turnup.index
        out: dict[str, float] = {}
        for b in bids:
            if b.call == "pass":
                continue
            named = view.turnup.suit if b.call == "play" else b.suit
            assert named is not None  # every call but a pass names a suit
            suit = named.index
            out[b.call] = call_strength(rules, hand, suit, b.call == "play", view.seat, view.dealer, up)
        return out

    def bid(self, view: SeatView, bids: Sequence[Bid]) -> tuple[Action, Explanation]:
        scores = self.bid_scores(view, bids)
        th = self.threshold(view)
        by_call: dict[str, Bid] = {b.call: b for b in bids}
        if not scores:
            return by_call.get("pass", bids[0]), Text(N_("pass"))
        call, best = max(scores.items(), key=lambda kv: kv[1])
        if best >= th or "pass" not in by_call:
            why = Text(N_("{what}: hand strength {best:.0f} against my threshold {th:.0f}"),
                       {"what": call_text(call), "best": best, "th": th})
            return by_call[call], why
        return by_call["pass"], Text(N_("pass: best hand strength {best:.0f} is under my threshold {th:.0f}"),
                                     {"best": best, "th": th})

    # -- claims -------------------------------------------------------------------------------

    def claim_is_sure(self, view: SeatView) -> bool:
        rules = view.rules
        if not rules.claims or rules.short:
            return False
        know = knowledge(view)
        side = rules.side_of(view.seat)
        counted = view.totals[side] + know.side_points[side] + know.combo_points[side] + know.bella_points[side]
        return counted >= rules.target

    # -- card play ----------------------------------------------------------------------------

    def play(self, view: SeatView, cards: Sequence[PlayCard]) -> tuple[Action, Explanation]:
        know = knowledge(view)
        plain = {a.card.index: a for a in cards if not a.declare and not a.bella}
        options = sorted(plain) if plain else sorted({a.card.index for a in cards})
        if len(options) == 1:
            c, why = options[0], Text(N_("the only card I may play"))
        elif not view.current_trick:
            c, why = self.lead(view, know, options)
        else:
            c, why = self.follow(view, know, options)
        return self.flags(view, know, cards, c), why

    def card_values(self, view: SeatView, know: Knowledge, options: Sequence[int]) -> dict[int, float]:
        """Each legal card scored for this trick (follow) or as a lead; higher is better."""
        if not view.current_trick:
            return {c: -self._lead_cost(view, know, c) for c in options}
        return {c: self._follow_value(view, know, c) for c in options}

    def opponents(self, view: SeatView) -> list[int]:
        rules = view.rules
        me = rules.side_of(view.seat)
        return [s for s in range(rules.players) if rules.side_of(s) != me]

    def _beatable_by(self, know: Knowledge, seat: int, card: int, led: int) -> bool:
        """Could ``seat`` beat ``card`` in a trick led in suit ``led``?"""
        t = know.trump
        poss = know.possible(seat)
        if card >> 3 == t:
            return bool(poss & above(card, t))
        if card >> 3 == led and poss & above(card, t):
            return True
        void_led = not (poss & SUIT_MASKS[led])
        return void_led and t >= 0 and bool(poss & SUIT_MASKS[t])

    def _later(self, view: SeatView) -> list[int]:
        n = view.rules.players
        k = len(view.current_trick)
        return [(view.seat + i) % n for i in range(1, n - k)]

    def lead(self, view: SeatView, know: Knowledge, options: Sequence[int]) -> tuple[int, Explanation]:
        t = know.trump
        opps = self.opponents(view)
        rules = view.rules
        bidder_side = view.bidder is not None and rules.side_of(view.bidder) == rules.side_of(view.seat)
        my_trumps = [c for c in options if c >> 3 == t]
        opp_may_trump = any(know.possible(o) & SUIT_MASKS[t] for o in opps)
        if bidder_side and my_trumps and opp_may_trump:
            masters = [c for c in my_trumps if not any(know.possible(o) & above(c, t) for o in opps)]
            if masters:
                return max(masters, key=lambda c: STRENGTH[t + 1][c]), Text(N_("draw trumps with my master trump"))
        cp = CARD_POINTS[t + 1]
        cashable = [
            c for c in options if c >> 3 != t and not any(self._beatable_by(know, o, c, c >> 3) for o in opps)
        ]
        if cashable:
            c = max(cashable, key=lambda c: cp[c])
            if cp[c] >= 10:
                return c, Text(N_("cash a sure winner"))
        c = min(options, key=lambda c: self._lead_cost(view, know, c))
        return c, Text(N_("lead a cheap card and keep my tens and trumps"))

    def _lead_cost(self, view: SeatView, know: Knowledge, c: int) -> float:
        t = know.trump
        cp = CARD_POINTS[t + 1]
        st = STRENGTH[t + 1]
        s = c >> 3
        cost = cp[c] * 1.5 + (st[c] % 100) * 0.3
        if s == t:
            cost += 6 + KEEP_TRUMP[c & 7] * 2
        else:
            held = know.hand & SUIT_MASKS[s]
            if c & 7 == 3 and know.outstanding() >> (s * 8 + 7) & 1:
                cost += 10  # a ten led under an outstanding ace
            if t >= 0 and held.bit_count() <= 2 and know.hand & SUIT_MASKS[t]:
                cost -= 2  # shorten a suit to ruff later
            opps = self.opponents(view)
            if any(self._beatable_by(know, o, c, s) and not know.possible(o) & SUIT_MASKS[s] for o in opps):
                cost += 2  # they ruff
        return cost

    def _follow_value(self, view: SeatView, know: Knowledge, c: int) -> float:
        t = know.trump
        cp = CARD_POINTS[t + 1]
        st = STRENGTH[t + 1]
        rules = view.rules
        trick = view.current_trick
        led = trick[0][1].suit.index
        win_seat, win_card = trick[0][0], trick[0][1].index
        for s, card in trick[1:]:
            i = card.index
            if (i >> 3 == t and st[i] > st[win_card]) or (i >> 3 == led and win_card >> 3 != t and st[i] > st[win_card]):
                win_seat, win_card = s, i
        pts = sum(cp[card.index] for _, card in trick)
        my_side = rules.side_of(view.seat)
        later_opps = [s for s in self._later(view) if rules.side_of(s) != my_side]
        wins = (c >> 3 == t and st[c] > st[win_card]) or (
            c >> 3 == led and win_card >> 3 != t and st[c] > st[win_card]
        )
        keep = KEEP_TRUMP[c & 7] if c >> 3 == t else 0
        last_bonus = 10 if know.hand.bit_count() == 1 else 0
        if wins:
            secure = not any(self._beatable_by(know, o, c, led) for o in later_opps)
            if secure:
                return pts + cp[c] + last_bonus + 3 * len(later_opps) - keep - st[c] * 0.01
            return -0.4 * cp[c] - keep - st[c] * 0.01
        if rules.side_of(win_seat) == my_side:
            partner_secure = not any(self._beatable_by(know, o, win_card, led) for o in later_opps)
            if partner_secure:
                return cp[c] - keep * 2 - st[c] * 0.01
            return -0.5 * cp[c] - keep - st[c] * 0.01
        return -cp[c] - keep - st[c] * 0.01

    def follow(self, view: SeatView, know: Knowledge, options: Sequence[int]) -> tuple[int, Explanation]:
        values = self.card_values(view, know, options)
        c = max(options, key=lambda x: values[x])
        v = values[c]
        if v > 0 and CARD_POINTS[know.trump + 1][c]:
            why = Text(N_("take the trick")) if self._takes(view, know, c) else Text(N_("give points to my partner's sure trick"))
        elif self._takes(view, know, c):
            why = Text(N_("take the trick as cheaply as I can"))
        else:
            why = Text(N_("cannot take it: throw my cheapest card"))
        return c, why

    def _takes(self, view: SeatView, know: Knowledge, c: int) -> bool:
        t = know.trump
        st = STRENGTH[t + 1]
        trick = view.current_trick
        led = trick[0][1].suit.index
        best = max(trick, key=lambda sc: st[sc[1].index] if sc[1].suit.index in (led, t) else -1)[1].index
        return (c >> 3 == t and st[c] > st[best]) or (c >> 3 == led and best >> 3 != t and st[c] > st[best])

    # -- declaring and bella ------------------------------------------------------------------

    def flags(self, view: SeatView, know: Knowledge, cards: Sequence[PlayCard], c: int) -> PlayCard:
        variants = [a for a in cards if a.card.index == c]
        want_declare = self.should_declare(view)
        want_bella = self.should_bella(view, know, c)
        best = variants[0]
        for a in variants:
            if (a.declare, a.bella) == (want_declare and any(v.declare for v in variants),
                                        want_bella and any(v.bella for v in variants)):
                return a
            if not a.declare and not a.bella:
                best = a
        return best

    def should_declare(self, view: SeatView) -> bool:
        if view.trump is None:
            return False
        combos = find_combos(mask_of(view.hand), view.trump, view.rules)
        if not combos:
            return False
        mine = combos[0].rank_key
        my_side = view.rules.side_of(view.seat)
        for a in view.announcements:
            if view.rules.side_of(a.seat) == my_side:
                continue
            theirs = (KIND_ORDER[a.kind], Rank.parse(a.top).index)
            if theirs > mine:
                return False  # already beaten: showing my cards would only help them
        return True

    def should_bella(self, view: SeatView, know: Knowledge, c: int) -> bool:
        if view.rules.bella_to == "holder":
            return True
        t = know.trump
        other = (t * 8 + 5) if c == t * 8 + 6 else (t * 8 + 6)
        if not know.hand >> other & 1:
            return True  # the last chance
        if not view.current_trick:
            return not any(self._beatable_by(know, o, c, t) for o in self.opponents(view))
        return self._takes(view, know, c) and self._follow_value(view, know, c) > 0
