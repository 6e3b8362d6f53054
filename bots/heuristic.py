"""``heuristic``: a club player's rules of thumb, with card counting from the seat's view.

Bidding scores the hand for each possible trump (jack and nine of trump, length, aces and
protected tens, combinations and bella, the turnup it can swap for), then compares with a
threshold moved by style, players, the score, the bait risk and the hanging pot. Card play counts
cards: which cards are still out, which suits each opponent is void in (from failures to follow or
to trump); it draws trumps as the bidder, cashes masters, saves tens, smears points on a partner's
sure trick and wins cheaply.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from deberc_tui.engine import (
    DECK,
    Action,
    Bid,
    BidCall,
    Claim,
    Concede50,
    ConcedeStep,
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
    scoring,
)
from deberc_tui.engine.actions import RedealReason
from deberc_tui.engine.cards import SUIT_MASKS
from deberc_tui.engine.combos import KIND_ORDER, Combo, ComboKind
from deberc_tui.engine.dealing import turnup_receiver
from deberc_tui.engine.options import BellaTo, ClaimBella, ComboRank, ComboTie, Debertz
from deberc_tui.engine.play import BELLA_POINTS, CARD_POINTS, LAST_TRICK_POINTS, STRENGTH
from deberc_tui.engine.text import N_, Text

from . import stakes
from .base import BotBase, Explanation
from .knowledge import Knowledge, above, bits, knowledge

# Natural rank index: 7=0 8=1 9=2 T=3 J=4 Q=5 K=6 A=7.
TRUMP_VALUE = (4, 5, 22, 11, 30, 6, 7, 14)
PLAIN_ACE, PLAIN_TEN_GUARDED, PLAIN_TEN_BARE, PLAIN_KING = 11, 7, 2, 1
KEEP_TRUMP = (1, 1, 8, 4, 12, 2, 2, 5)  # reluctance to spend a trump (by natural rank)
STYLE_SHIFT = {"cautious": 10.0, "normal": 0.0, "bold": -10.0}
BASE_THRESHOLD = {2: 52.0, 3: 56.0, 4: 58.0}
_TIES_BY_LAST_TRICK = frozenset({ComboTie.LAST_TRICK, ComboTie.TRUMP_ONLY, ComboTie.TRUMP_THEN_LAST_TRICK})
"""Tie rules under which an equal plain combination may not score (the last trick decides, or nobody)."""
_TIES_BY_TIME = frozenset({ComboTie.FIRST, ComboTie.TRUMP_THEN_FIRST})
"""Tie rules under which the earlier declaration wins an equal plain combination."""
# The redeal reasons as a player says them (the same message ids as the table's words).
REDEAL_WORDS: dict[str, str] = {RedealReason.FOUR_SEVENS: N_("four sevens"), RedealReason.LOW_POINTS: N_("weak hand")}
NO_REASON = Text("")


def call_text(call: BidCall, turnup: Suit) -> Text:
    """A bid as the explanation names it, with the trump it makes: "play ♥" (the turnup's suit), or "name ♠"
    (the suit a value the front end draws)."""
    if call is BidCall.PLAY:
        return Text(N_("play {suit}"), {"suit": turnup})
    return Text(N_("name {suit}"), {"suit": call.suit})


def trump_of(call: BidCall, turnup: Suit) -> Suit:
    """The trump a bid makes: the turnup's suit for "play", else the suit named."""
    return call.suit or turnup


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
    score += combo_share(combos, trump, rules) * sum(c.points for c in combos)
    kq = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6))
    if hand & kq == kq:
        score += 18
    return score


def combo_share(combos: Sequence[Combo], trump: int, rules: Rules) -> float:
    """How much of a hand's combination points a bidder can count on: they score only if the best of
    them wins the comparison (§5). A plain terz is often beaten or tied; longer runs, and trump ones
    where trump decides (``combo_rank: "trump_first"``, a tie rule that prefers trump), score more often;
    a tie the last trick decides (``combo_tie: "last_trick"``, ``"trump_only"``) scores less often. A
    debertz under ``"win"`` wins the game: it is worth far more than its points say."""
    if not combos:
        return 0.0
    best = combos[0]
    if best.kind is ComboKind.DEBERTZ and rules.debertz is Debertz.WIN:
        return 1.0  # bid_strength adds the win itself
    share = 0.7 if best.kind is ComboKind.TERZ else 0.85
    is_trump = best.suit.index == trump
    if rules.combo_rank is ComboRank.TRUMP_FIRST and is_trump:
        share += 0.1
    if rules.combo_tie in _TIES_BY_LAST_TRICK and not (is_trump and rules.combo_tie is not ComboTie.LAST_TRICK):
        share -= 0.1
    return share


def gets_turnup(rules: Rules, seat: int, dealer: int) -> bool:
    """Whether ``seat`` receives the turnup if it bids (§2), whatever the trump (the engine's
    :func:`~deberc_tui.engine.dealing.turnup_receiver` says who takes it)."""
    return turnup_receiver(rules, dealer, seat) == seat


def call_strength(rules: Rules, hand: int, trump: int, round1: bool, seat: int, dealer: int, turnup: int) -> float:
    """``bid_strength`` for ``seat`` choosing ``trump``: only in round 1 may the trump seven be swapped
    for the turnup (and, under ``swap_seven_until: "pickup"``, only a seven among these six cards — which
    is the hand bid on); the turnup counts as received when the rules give it to the bidder."""
    can_swap = round1 and rules.seven_swap_allowed
    score = bid_strength(hand, trump, turnup, can_swap, gets_turnup(rules, seat, dealer), rules)
    if rules.debertz is Debertz.WIN:
        best = find_combos(hand, Suit.from_index(trump), rules)
        if best and best[0].kind is ComboKind.DEBERTZ:
            score += 200.0  # declared with the first card, it wins the game
    return score


# Conceding for fifty (§8, 2 players), on ``full_strength`` once trump is named and before the extra cards, so of
# six cards. Measured with the heuristic against itself (fifty preset with the concession off, 12,130 bid deals,
# the strength of each player's first six cards in the named trump against the deal's written difference): a
# defender under 10 loses the deal by 55-64 on average (10-15: by 49, 15-20: by 41), so it offers below 10; after
# such an offer the bidder wins by 42 on average with a strength of 50-60, by 56 with 60-70 and by 71 with 70-80,
# so it refuses the fifty from 60.
CONCEDE_OFFER_BELOW = 10.0
CONCEDE_REFUSE_FROM = 60.0


def full_strength(view: SeatView) -> float:
    """``bid_strength`` of the hand held now in the named trump (no swap, no turnup)."""
    assert view.trump is not None
    return bid_strength(mask_of(view.hand), view.trump.index, None, False, False, view.rules)


def bid_threshold(view: SeatView, side: int, style: str = "normal") -> float:
    """The hand strength a player of ``side`` with ``style`` wants before bidding (the search bot
    also uses it to foresee how the other seats will speak)."""
    rules = view.rules
    th = BASE_THRESHOLD[rules.players] + STYLE_SHIFT[style]
    baits = sum(1 for r in view.sheet if r.outcome is scoring.BAIT and r.bidder == side)
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
        stake = stakes.decide(self, view, legal)  # a double or «даве» to answer or worth offering (§12)
        if stake is not None:
            return stake
        legal = stakes.without_offers(legal)
        concede = [a for a in legal if isinstance(a, Concede50)]
        if concede:  # the defender's choice before the extra cards, or the bidder's answer (§8 concede_50)
            answers = [a for a in concede if a.step in (ConcedeStep.ACCEPT, ConcedeStep.REFUSE)]
            return self.answer_concede(view, answers) if answers else self.offer_or_play(view, concede)
        opt, why = self._optional(view, [a for a in legal if isinstance(a, SwapSeven | Redeal | Klabor)])
        if opt is not None:
            return opt, why
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return self.bid(view, bids)
        for a in legal:
            if isinstance(a, Claim) and self.claim_is_sure(view):
                return a, Text(N_("claim: the side's total with this deal's points reaches the target"))
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

    # -- raising the stake (§12) --------------------------------------------------------------

    def stake_outlook(self, view: SeatView) -> stakes.Outlook:
        """My chance of winning the game, for doubles and «даве»: the simple rule on the score and the hand."""
        return rule_outlook(view)

    def fallback_outlook(self, view: SeatView) -> stakes.Outlook:
        """What :func:`bots.stakes.decide` asks when :meth:`stake_outlook` fails (a bot's search): the rule."""
        return rule_outlook(view)

    # -- conceding for fifty (§8 concede_50) --------------------------------------------------

    def offer_or_play(self, view: SeatView, choices: Sequence[Concede50]) -> tuple[Action, Explanation]:
        """As the defender, trump named and six cards in hand: offer to concede for fifty when it is wise, else
        play the deal."""
        offer = next((a for a in choices if a.step is ConcedeStep.OFFER), None)
        play = next((a for a in choices if a.step is ConcedeStep.PLAY), choices[0])
        if offer is not None and self.concede_wise(view):
            return offer, Text(N_("offer to concede for fifty: the bidder would win this deal by more"))
        return play, Text(N_("play the deal: it should cost me less than the fifty a concession gives away"))

    def concede_wise(self, view: SeatView) -> bool:
        """Offer to concede as the defender when losing the deal by more than fifty looks likely: a
        conceded deal costs 50 against me, a played one about what the bidder takes over me. Measured
        with the heuristic against itself (see :data:`CONCEDE_OFFER_BELOW`): only a hand with almost no
        trump and few tricks does worse than −50 on average."""
        return full_strength(view) < CONCEDE_OFFER_BELOW

    def answer_concede(self, view: SeatView, answers: Sequence[Concede50]) -> tuple[Action, Explanation]:
        """As the bidder: accept fifty unless my hand expects more than fifty over a defender who has just
        said it is weak (an offer comes from a poor hand, so the bar is :data:`CONCEDE_REFUSE_FROM`)."""
        accept = next(a for a in answers if a.step is ConcedeStep.ACCEPT)
        refuse = next((a for a in answers if a.step is ConcedeStep.REFUSE), accept)
        strength = full_strength(view)
        if strength >= CONCEDE_REFUSE_FROM:
            return refuse, Text(N_("refuse the fifty: the hand (strength {best:.0f}) should win this deal by more"),
                                {"best": strength})
        return accept, Text(N_("accept the fifty: more than playing on should bring (hand strength {best:.0f})"),
                            {"best": strength})

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

    def bid_scores(self, view: SeatView, bids: Sequence[Bid]) -> dict[BidCall, float]:
        rules = view.rules
        hand = mask_of(view.hand)
        up = view.turnup.index
        out: dict[BidCall, float] = {}
        for b in bids:
            if b.call is BidCall.PASS:
                continue
            round1 = b.call is BidCall.PLAY
            named = view.turnup.suit if round1 else b.suit
            assert named is not None  # every call but a pass names a suit
            out[b.call] = call_strength(rules, hand, named.index, round1, view.seat, view.dealer, up)
        return out

    def bid(self, view: SeatView, bids: Sequence[Bid]) -> tuple[Action, Explanation]:
        scores = self.bid_scores(view, bids)
        th = self.threshold(view)
        by_call: dict[BidCall, Bid] = {b.call: b for b in bids}
        if not scores:
            return by_call.get(BidCall.PASS, bids[0]), Text(N_("pass"))
        call, best = max(scores.items(), key=lambda kv: kv[1])
        if best >= th or BidCall.PASS not in by_call:
            why = Text(N_("{what}: hand strength {best:.0f} against the threshold {th:.0f}"),
                       {"what": call_text(call, view.turnup.suit), "best": best, "th": th})
            return by_call[call], why
        return by_call[BidCall.PASS], Text(
            N_("pass: the best trump, {suit}, has hand strength {best:.0f}, under the threshold {th:.0f}"),
            {"suit": trump_of(call, view.turnup.suit), "best": best, "th": th})

    # -- claims -------------------------------------------------------------------------------

    def claim_is_sure(self, view: SeatView) -> bool:
        """Claim only a sum that is certain (§8): a false claim loses the game (``"loses"``) or strikes our
        total (``"double_to_opponent"``), so the count is the engine's own, never an estimate."""
        rules = view.rules
        if not rules.claims or rules.short:
            return False
        return view.claim_count >= rules.target

    # -- card play ----------------------------------------------------------------------------

    def play(self, view: SeatView, cards: Sequence[PlayCard]) -> tuple[Action, Explanation]:
        know = knowledge(view)
        plain = {a.card.index: a for a in cards if not a.declare and not a.bella}
        options = sorted(plain) if plain else sorted({a.card.index for a in cards})
        if len(options) == 1:
            c, why = options[0], Text(N_("the only card that may be played"))
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
                return max(masters, key=lambda c: STRENGTH[t + 1][c]), Text(N_("draw trumps with the master trump"))
        cp = CARD_POINTS[t + 1]
        cashable = [
            c for c in options if c >> 3 != t and not any(self._beatable_by(know, o, c, c >> 3) for o in opps)
        ]
        if cashable:
            c = max(cashable, key=lambda c: cp[c])
            if cp[c] >= 10:
                return c, Text(N_("cash a sure winner"))
        c = min(options, key=lambda c: self._lead_cost(view, know, c))
        return c, Text(N_("lead a cheap card, keep the tens and trumps"))

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
            why = Text(N_("take the trick")) if self._takes(view, know, c) else Text(N_("give points to the partner's sure trick"))
        elif self._takes(view, know, c):
            why = Text(N_("take the trick as cheaply as possible"))
        else:
            why = Text(N_("cannot take it: throw the cheapest card"))
        return c, why

    def _takes(self, view: SeatView, know: Knowledge, c: int) -> bool:
        t = know.trump
        st = STRENGTH[t + 1]
        trick = view.current_trick
        led = trick[0][1].suit.index
        best = max(trick, key=lambda sc: st[sc[1].index] if sc[1].suit.index in (led, t) else -1)[1].index
        return (c >> 3 == t and st[c] > st[best]) or (c >> 3 == led and best >> 3 != t and st[c] > st[best])

    # -- declaring and bella ------------------------------------------------------------------

    def flags(
        self, view: SeatView, know: Knowledge, cards: Sequence[PlayCard], c: int, bella_hurts: bool | None = None,
    ) -> PlayCard:
        """The variant of card ``c`` to play: with a declaration and bella when they are due now.
        ``bella_hurts`` overrides the bait check of :meth:`bella_feeds_bait` (the search knows better)."""
        variants = [a for a in cards if a.card.index == c]
        want_declare = self.declare_now(view)
        want_bella = self.should_bella(view, know, c, bella_hurts)
        best = variants[0]
        for a in variants:
            if (a.declare, a.bella) == (want_declare and any(v.declare for v in variants),
                                        want_bella and any(v.bella for v in variants)):
                return a
            if not a.declare and not a.bella:
                best = a
        return best

    def should_declare(self, view: SeatView) -> bool:
        """Whether my combinations (of the cards held when my play began) are worth declaring at all: not
        when an opponent has already announced one that beats them — showing mine would only help them."""
        if view.trump is None:
            return False
        rules = view.rules
        combos = find_combos(view.play_hand_mask(), view.trump, rules)
        if not combos:
            return False
        best = combos[0]
        mine = best.rank_key
        mine_trump = best.suit is view.trump
        my_side = rules.side_of(view.seat)
        for a in view.announcements:
            if rules.side_of(a.seat) == my_side:
                continue
            theirs = (KIND_ORDER[a.kind], Rank.parse(a.top).index)
            if rules.combo_rank is ComboRank.TRUMP_FIRST and mine_trump:
                continue  # a plain one cannot beat mine, and whether theirs is trump is not heard
            if theirs > mine:
                return False  # already beaten
            if theirs == mine and not mine_trump and rules.combo_tie in _TIES_BY_TIME:
                return False  # a tie goes to the earlier declaration: theirs
        return True

    def declare_now(self, view: SeatView) -> bool:
        """Whether to declare with the card I play now. With ``declare_until: "second_trick"`` a combination
        waits for my second card: by then I have heard what the others declare with their first cards,
        and a beaten one need not be shown (waiting loses only a tie decided by time, where the same kind
        and top card meet). A debertz that wins the game (``debertz: "win"``) is declared at once."""
        if not self.should_declare(view):
            return False
        rules = view.rules
        if view.last_declaring_card:
            return True
        assert view.trump is not None
        best = find_combos(view.play_hand_mask(), view.trump, rules)[0]
        return best.kind is ComboKind.DEBERTZ and rules.debertz is Debertz.WIN

    def bella_may_wait(self, view: SeatView) -> bool:
        """Whether my bella can wait for its last chance: hidden, my K and Q tell the others nothing, and
        the bidder's side keeps the choice of holding it back. Not when a claim of ours would need it
        counted already (``claim_bella: "declared"``) — when the side may still reach the target in this deal
        (the view's ``claim_reach``)."""
        rules = view.rules
        if rules.claims and rules.claim_bella is ClaimBella.DECLARED and not rules.short:
            return view.claim_reach < rules.target
        return True

    def bella_feeds_bait(self, view: SeatView, know: Knowledge) -> bool:
        """Whether declaring my bella would only feed a bait: my side bid, and even with the bella and every
        point still to be played it stays under the defenders — the bidder's points, bella included, go to
        them (§7), so a held-back bella is 20 fewer for them."""
        rules = view.rules
        if view.bidder is None:
            return False
        bidder_side = rules.side_of(view.bidder)
        if rules.side_of(view.seat) != bidder_side:
            return False
        t = know.trump
        cp = CARD_POINTS[t + 1]
        points = [float(know.side_points[s] + know.combo_points[s] + know.bella_points[s]) for s in range(rules.sides)]
        on_table = sum(cp[card.index] for _, card in view.current_trick)
        mine = sum(cp[x] for x in bits(know.hand))
        theirs = sorted((cp[x] for x in bits(know.unseen)), reverse=True)
        in_play = sum(view.hand_sizes[s] for s in range(rules.players) if s != view.seat)
        best_case = points[bidder_side] + BELLA_POINTS + on_table + mine + sum(theirs[:in_play]) + LAST_TRICK_POINTS
        points[bidder_side] = best_case
        return scoring.verdict(rules, bidder_side, points) is scoring.BAIT

    def should_bella(self, view: SeatView, know: Knowledge, c: int, hurts: bool | None = None) -> bool:
        last_chance = view.bella_last_chance(DECK[c])
        if view.rules.bella_to is BellaTo.HOLDER:
            if not last_chance and self.bella_may_wait(view):
                return False  # later: it stays hidden and the choice stays open
            return not (self.bella_feeds_bait(view, know) if hurts is None else hurts)
        if last_chance:
            return True
        t = know.trump
        if not view.current_trick:
            return not any(self._beatable_by(know, o, c, t) for o in self.opponents(view))
        return self._takes(view, know, c) and self._follow_value(view, know, c) > 0


# -- raising the stake (§12): the heuristic's chance of winning the game ----------------------------


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-40.0, min(40.0, x))))


def rule_outlook(view: SeatView) -> stakes.Outlook:
    """The heuristic's chance of winning the game, for doubles and «даве» (:mod:`bots.stakes`): the card points
    taken so far, plus what the hand should still bring (its strength against a bidder's or a defender's bar,
    weighed by the share of the cards still to play), decide the deal; the deal and the totals decide the game."""
    rules = view.rules
    me = rules.side_of(view.seat)
    hand = mask_of(view.hand)
    if view.trump is None:
        strength = max(bid_strength(hand, t, None, False, False, rules) for t in range(4))
        bar = stakes.BIDDER_BAR
    else:
        strength = bid_strength(hand, view.trump.index, None, False, False, rules)
        bar = stakes.BIDDER_BAR if view.bidder == view.seat else stakes.DEFENDER_BAR
    know = knowledge(view)
    dealt = max(1, len(view.hand) + len(view.tricks) + (1 if any(s == view.seat for s, _ in view.current_trick) else 0))
    left = len(view.hand) / dealt
    taken = [know.side_points[s] + know.combo_points[s] + know.bella_points[s] for s in range(rules.sides)]
    edge = taken[me] - max(t for s, t in enumerate(taken) if s != me) + stakes.HAND_SCALE * (strength - bar) * left
    short_bait = rules.short and rules.short_bait
    if rules.short:
        return stakes.Outlook(_logistic(edge / stakes.SHORT_SPREAD), *stakes.short_values(view, short_bait))
    totals = [float(t) for t in view.totals]
    totals[me] += max(0.0, edge)
    for s in range(rules.sides):
        if s != me:
            totals[s] += max(0.0, -edge)
    return stakes.Outlook(stakes.score_chance(rules, totals, me))
