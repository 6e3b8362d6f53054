"""The decisions of a game, each as the seat saw it then: a record replayed through the engine's match.

A :class:`Moment` is everything the judge of one decision may know: the seat's :class:`~deberc_tui.engine.SeatView`
at that moment, the deal's public history (every action of a deal is made at the table in front of everybody:
bids, cards, declarations, swaps, offers) and the seat's own six first cards (its own earlier view). Never the
deal: the judge cannot see a hidden card because it is never handed one.

Which decisions a seat made (RULES.md; the issue's list): every turn it took — a bid, a card (and, on the same
card, declaring its combinations or not, and bella or not), a claim, a step of the concession for fifty, a double
or «даве» offered or answered — and the out-of-turn actions it took: the trump-seven swap, a redeal demanded,
klabor. An option it had and did not take is a decision too: judged once, at the last moment it was open
(the swap, the redeal and klabor), at every lead where a claim was sure to succeed, and for the offer to raise the
stake at the one turn of each deal where the seat's game looked best (the heuristic's rule on the score and the
hand, :func:`bots.heuristic.rule_outlook`; from 0.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bots.heuristic import rule_outlook
from deberc_tui.engine import (
    CLAIM,
    Action,
    Bid,
    Card,
    Claim,
    Concede50,
    Klabor,
    PlayCard,
    Redeal,
    SeatView,
    SwapSeven,
)
from deberc_tui.engine.actions import Dave, DaveStep, Double, DoubleStep
from deberc_tui.engine.match import Match
from deberc_tui.records import Record, replay_match

__all__ = ["KINDS", "DealStart", "Moment", "Replay", "card_moments", "collect", "kind_of"]

KINDS = ("bid", "swap", "redeal", "klabor", "declare", "bella", "card", "claim", "concede_50", "double", "dave")
"""The kinds of decision, as the review's JSON names them."""
OPTIONAL_KINDS = ("swap", "redeal", "klabor")
"""Actions a seat may take out of turn (RULES.md §4): a decision when taken, and when left at its last chance."""
OFFER_FROM = 0.6
"""A deal's turns where the offer to raise the stake was open and not taken are judged once, at the turn where the
seat's chance of winning the game looked best by the heuristic's rule, when that chance is at least this."""


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of one seat: what the judge may know, what was chosen and what could have been."""

    deal: int
    """The deal's number in the record, from 1."""
    action: int
    """The position of the chosen action in the deal's ``actions`` list, from 1 (a declined option: the action
    after which it was gone)."""
    kind: str
    """One of :data:`KINDS`."""
    view: SeatView
    """What the seat saw: the engine's view, never the deal."""
    history: tuple[tuple[int, Action], ...]
    """The deal's actions before this moment: public, as everyone at the table saw them made."""
    first_six: tuple[Card, ...]
    """The seat's own first six cards (its view when the deal began)."""
    chosen: Action | None
    """What the seat did; None: it did not take the option (went on without it)."""
    options: tuple[Action | None, ...]
    """Every alternative, the chosen one among them (None: go on without the option)."""

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def forced(self) -> bool:
        """One legal action: nothing to decide."""
        return len(self.options) < 2


@dataclass(frozen=True, slots=True)
class DealStart:
    """A seat at the start of a deal, before anyone bids: what its cards are worth (its luck) is judged here."""

    deal: int
    view: SeatView
    written: tuple[int, ...]
    """Per side, what the deal wrote on the sheet (penalties included), once it is over; () if unfinished."""
    result: float | None
    """The seat's side's written points in this deal minus the others' mean (None while the deal is unfinished)."""


KIND_OF: dict[type, str] = {
    Bid: "bid", PlayCard: "card", SwapSeven: "swap", Redeal: "redeal", Klabor: "klabor", Claim: "claim",
    Concede50: "concede_50", Double: "double", Dave: "dave",
}
"""The kind of decision each action answers (every kind of :data:`~deberc_tui.engine.Action`)."""


def kind_of(action: Action) -> str:
    """The kind of decision an action answers."""
    return KIND_OF[type(action)]


def _is_offer(action: Action) -> bool:
    return (isinstance(action, Double) and action.step is DoubleStep.OFFER) or (
        isinstance(action, Dave) and action.step is DaveStep.OFFER)


def _optional_kinds(actions: Sequence[Action]) -> dict[str, tuple[Action, ...]]:
    out: dict[str, list[Action]] = {}
    for a in actions:
        kind = kind_of(a)
        if kind in OPTIONAL_KINDS:
            out.setdefault(kind, []).append(a)
    return {k: tuple(v) for k, v in out.items()}


def card_moments(deal: int, index: int, view: SeatView, history: tuple[tuple[int, Action], ...],
                  six: tuple[Card, ...], chosen: PlayCard, legal: Sequence[Action]) -> list[Moment]:
    """A card played: the card among the cards (each with the chosen flags where it may carry them), and on the
    same card declaring or not and bella or not, when both were open."""
    plays = [a for a in legal if isinstance(a, PlayCard)]
    by_card: dict[Card, list[PlayCard]] = {}
    for a in plays:
        by_card.setdefault(a.card, []).append(a)

    def variant(card: Card) -> PlayCard:
        forms = by_card[card]
        for a in forms:
            if (a.declare, a.bella) == (chosen.declare, chosen.bella):
                return a
        for a in forms:
            if a.declare == chosen.declare and not a.bella:
                return a
        return next((a for a in forms if not a.declare and not a.bella), forms[0])

    options = tuple(chosen if card == chosen.card else variant(card) for card in by_card)
    out = [Moment(deal, index, "card", view, history, six, chosen, options)]
    mine = by_card[chosen.card]
    flip_declare = PlayCard(chosen.card, not chosen.declare, chosen.bella)
    if flip_declare in mine:
        out.append(Moment(deal, index, "declare", view, history, six, chosen,
                          (chosen, flip_declare) if chosen.declare else (flip_declare, chosen)))
    flip_bella = PlayCard(chosen.card, chosen.declare, not chosen.bella)
    if flip_bella in mine:
        out.append(Moment(deal, index, "bella", view, history, six, chosen,
                          (chosen, flip_bella) if chosen.bella else (flip_bella, chosen)))
    return out


@dataclass(frozen=True, slots=True)
class Replay:
    """A record replayed for a review: the reviewed seats' decisions and deal starts, and the played match."""

    moments: tuple[Moment, ...]
    starts: tuple[DealStart, ...]
    match: Match
    """The whole record replayed (its deals' decks and logs, the sheets, who won)."""


def collect(record: Record, seats: Sequence[int]) -> Replay:
    """Every decision of ``seats`` in the record, and every deal's start for each of them, in the record's order.

    The record is replayed first as ``deberc replay`` does (a record that breaks a rule raises
    :class:`~deberc_tui.records.RecordError`), then once more through a fresh :class:`Match`, stopping before each
    action to look at the table as each reviewed seat saw it."""
    played = replay_match(record)
    logs = [(list(d.deck), list(d.log)) for d in played.deals]
    match = Match(record.rules, record.first_dealer)
    moments: list[Moment] = []
    starts: list[DealStart] = []
    rules = record.rules
    for number, (deck, log) in enumerate(logs, start=1):
        deal = match.start_deal(deck)
        six = {r: match.view(r).hand for r in seats}
        start_views = {r: match.view(r) for r in seats}
        history: list[tuple[int, Action]] = []
        pending: dict[tuple[int, str], Moment] = {}
        taken: set[tuple[int, str]] = set()
        offer_turns: dict[int, tuple[float, Moment]] = {}
        for index, (actor, action) in enumerate(log, start=1):
            past = tuple(history)
            for r in seats:
                turn = match.to_act == r
                legal = match.legal_actions() if turn else []
                view = match.view(r)
                open_now = _optional_kinds(legal if turn else match.optional_actions(r))
                for kind, actions in open_now.items():
                    if (r, kind) not in taken:
                        pending[(r, kind)] = Moment(number, index, kind, view, past, six[r], None, (*actions, None))
                if actor != r:
                    continue
                kind = kind_of(action)
                if kind in OPTIONAL_KINDS:
                    taken.add((r, kind))
                    pending.pop((r, kind), None)
                    moments.append(Moment(number, index, kind, view, past, six[r], action,
                                          (*open_now.get(kind, (action,)), None)))
                    continue
                if not turn:
                    continue
                if isinstance(action, PlayCard):
                    moments.extend(card_moments(number, index, view, past, six[r], action, legal))
                    if CLAIM in legal and rules.claims and view.claim_count >= rules.target:
                        moments.append(Moment(number, index, "claim", view, past, six[r], None, (CLAIM, None)))
                elif isinstance(action, Claim):
                    moments.append(Moment(number, index, "claim", view, past, six[r], action, (action, None)))
                elif _is_offer(action):
                    moments.append(Moment(number, index, kind, view, past, six[r], action, (action, None)))
                else:  # a bid, a step of the concession, an answer to an offer: one of the legal actions of its kind
                    same = tuple(a for a in legal if kind_of(a) == kind and not _is_offer(a))
                    moments.append(Moment(number, index, kind, view, past, six[r], action, same or (action,)))
                offers = [a for a in legal if _is_offer(a)]
                if offers and not _is_offer(action):
                    chance = rule_outlook(view).p
                    best = offer_turns.get(r)
                    if chance >= OFFER_FROM and (best is None or chance > best[0]):
                        offer_turns[r] = (chance, Moment(number, index, kind_of(offers[0]), view, past, six[r], None,
                                                         (offers[0], None)))
            match.apply(actor, action)
            history.append((actor, action))
            for (r, kind), moment in list(pending.items()):
                still = not deal.is_over and kind in _optional_kinds(
                    match.legal_actions() if match.to_act == r else match.optional_actions(r))
                if not still:
                    moments.append(moment)
                    del pending[(r, kind)]
                    taken.add((r, kind))
        moments.extend(m for _chance, m in offer_turns.values())
        for r in seats:
            starts.append(_start(number, start_views[r], match, deal.is_over))
    moments.sort(key=lambda m: (m.deal, m.action, m.seat, KINDS.index(m.kind)))
    return Replay(tuple(moments), tuple(starts), played)


def _start(number: int, view: SeatView, match: Match, over: bool) -> DealStart:
    """The deal's start for the seat of ``view``, with what the deal wrote if it is over."""
    if not over:
        return DealStart(number, view, (), None)
    game = next(g for g in match.games if any(d is match.deals[number - 1] for d in g.deals))
    row = game.results[[i for i, d in enumerate(game.deals) if d is match.deals[number - 1]][0]]
    written = tuple(w + p for w, p in zip(row.written, row.penalties, strict=True))
    side = view.rules.side_of(view.seat)
    others = [w for s, w in enumerate(written) if s != side]
    return DealStart(number, view, written, written[side] - sum(others) / len(others))
