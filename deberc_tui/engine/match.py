"""A match (RULES.md §12): games in a row, what each is worth, the stakes raised during play, and money.

A :class:`Match` plays games (:class:`~deberc_tui.engine.game.Game`) one after another under one set of
rules until a side has ``match_target`` game points (``null``: one game). It takes every action through
one door, like a game does, so a table or an arena switches from ``Game`` to ``Match`` by changing the
object it asks::

    match = Match(Rules.preset("short", players=2), first_dealer=0, seed=7)   # a match to 9 with «даве»
    while not match.is_over:
        if match.needs_deal:
            match.start_deal()              # the next game starts here, dealt by the last game's winner (§9)
        seat = match.to_act                 # the seat that must act: an offer's answerer while one waits
        match.apply(seat, choose(match.view(seat)))

* ``legal_actions()`` / ``view(seat).legal`` are the deal's actions plus the offer to double («Дайви»,
  :class:`~deberc_tui.engine.actions.Double`) or to raise the stake («даве», :class:`~deberc_tui.engine.
  actions.Dave`) when the book allows it (2 players, ``doubling``, on one's own turn before acting, and
  after an accepted offer only the acceptor may offer next); while an offer waits, only its answers.
* ``apply(seat, action)`` routes a deal's action to the current game and a stake action to the match;
  anything the rules refuse raises :class:`~deberc_tui.engine.errors.IllegalActionError` with the rule's
  reason (a template and params). Offers and answers go into the deal's log (``deal.log``), so a record of
  the match holds them where they were made (RECORD.md).
* A refused double ends the game: the offerer wins ``m`` game points (a simple win, no mars), the deal's
  outcome ``double_refused``; a conceded «даве» ends the one-deal game at stake ``k`` (``dave_conceded``).
  Accepted, ``m`` doubles, or ``k`` grows (``dave_progression``: ``k + 1`` or ``2k``).
* A game that ends as the sheet says is worth ``multiplier × `` its game points (2 with ``mars``; the short
  game: 1, or 2 for a baited bidder with ``short_bait``); :func:`settle` says it, and the money (``money``,
  ``stake``), in one place. ``settled`` holds a :class:`GameResult` per finished game; ``match_points``
  their sums; ``winner`` the match's winning side once ``is_over``.

Questions that a table asks of a game are asked of ``match.game`` (the current game: ``totals``,
``sheet()``, ``outcome``); ``match.deals`` is every deal of the match, in order (the record's list).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from deberc_tui.engine import scoring as sc
from deberc_tui.engine.actions import (
    DAVE_CONCEDE,
    DAVE_OFFER,
    DAVE_PLAY,
    DOUBLE_ACCEPT,
    DOUBLE_OFFER,
    DOUBLE_REFUSE,
    Action,
    Dave,
    DaveStep,
    Double,
    DoubleStep,
    OfferKind,
)
from deberc_tui.engine.cards import Card
from deberc_tui.engine.deal import Deal, Phase
from deberc_tui.engine.errors import ApiMisuseError, IllegalActionError
from deberc_tui.engine.events import (
    DaveAnswered,
    DaveOffered,
    DoubleAnswered,
    DoubleOffered,
    Event,
    GameSettled,
    MatchOver,
)
from deberc_tui.engine.game import Game
from deberc_tui.engine.options import DaveProgression, Doubling, Money, NextDealer
from deberc_tui.engine.rules import Rules
from deberc_tui.engine.sheet import Outcome, ScoreSheet
from deberc_tui.engine.text import N_
from deberc_tui.engine.view import PendingOffer, SeatView, seat_view

__all__ = ["GameResult", "Match", "match_winner", "next_game_dealer", "offer_kind", "raised_stake", "settle"]

Refusal = tuple[str, dict[str, object]]

#: Per kind of offer: the refusals' templates (the rule's reason, said after the seat).
_NOT_ALLOWED: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot double: «Дайви» is not in force here (a house rule of matches for 2 players)"),
    OfferKind.DAVE: N_("cannot say «даве»: «даве» is not in force here (a house rule of matches for 2 players)"),
}
_NO_DEAL: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot double now: no deal is in progress"),
    OfferKind.DAVE: N_("cannot say «даве» now: no deal is in progress"),
}
_WAITING: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot double now: an offer waits for an answer"),
    OfferKind.DAVE: N_("cannot say «даве» now: an offer waits for an answer"),
}
_NOT_YOUR_TURN: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot double now: only on your own turn, before you act"),
    OfferKind.DAVE: N_("cannot say «даве» now: only on your own turn, before you act"),
}
_ALTERNATE: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot double again: the players alternate, only the one who accepted the last double "
                         "may double next"),
    OfferKind.DAVE: N_("cannot say «даве» twice in a row: only the one who played on may say the next one"),
}
_NOBODY_OFFERED: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot answer: nobody offered to double"),
    OfferKind.DAVE: N_("cannot answer: nobody said «даве»"),
}
_OWN_OFFER: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot answer one's own double: the opponent answers"),
    OfferKind.DAVE: N_("cannot answer one's own «даве»: the opponent answers"),
}
_ANSWER_FIRST: Final[dict[OfferKind, str]] = {
    OfferKind.DOUBLE: N_("cannot act now: the offer to double must be answered first"),
    OfferKind.DAVE: N_("cannot act now: the «даве» must be answered first"),
}
_DOUBLING_KIND: Final[dict[Doubling, OfferKind | None]] = {
    Doubling.NONE: None, Doubling.DAIVI: OfferKind.DOUBLE, Doubling.DAVE: OfferKind.DAVE,
}
_STAKE_ACTIONS: Final = frozenset({Double, Dave})
_OFFERS: Final[dict[OfferKind, Action]] = {OfferKind.DOUBLE: DOUBLE_OFFER, OfferKind.DAVE: DAVE_OFFER}
_ANSWERS: Final[dict[OfferKind, tuple[Action, Action]]] = {
    OfferKind.DOUBLE: (DOUBLE_ACCEPT, DOUBLE_REFUSE), OfferKind.DAVE: (DAVE_PLAY, DAVE_CONCEDE),
}


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match, as RECORD.md's ``games`` entry holds it (plus how it ended)."""

    index: int
    """The game's number in the match (0, 1, ...)."""
    winner: int
    """The winning side."""
    reason: sc.GameEnd
    """How the game ended: the sheet's reason (``target``, ``claim_won``, ``short``, ...), or
    ``double_refused`` / ``dave_conceded``."""
    game_points: tuple[int, ...]
    """Per side, the game points it earned (mars, doubling and «даве» included)."""
    multiplier: int
    """The game's multiplier when it ended: «Дайви»'s m or the «даве» stake k (1 without doubling)."""
    money: tuple[int, ...]
    """Per side, the money won (+) or paid (-) for the game (zero-sum; zeros with ``money: "none"``)."""
    totals: tuple[int, ...]
    """Per side, the game's final totals."""
    outcome: Outcome | None = None
    """The sheet's end of the game, with why the winner won (several sides over the target, a claim's count)."""

    def to_json(self) -> dict[str, Any]:
        """RECORD.md's ``games`` entry: ``{"winner", "game_points", "multiplier", "money"}``."""
        return {"winner": self.winner, "game_points": list(self.game_points), "multiplier": self.multiplier,
                "money": list(self.money)}


def settle(game: Game | ScoreSheet, multiplier: int = 1, index: int = 0) -> GameResult:
    """What a finished game is worth (§12): each side's game points and money, at ``multiplier``.

    It reads the game's score sheet alone, so a game played with real cards (the score pad's sheet) is
    settled by the same code as one the engine played.

    * Refused double / conceded «даве»: the offerer's side wins ``multiplier`` game points (a simple win).
    * The short game: the winner wins ``multiplier`` (mars does not apply: one deal's points are always below
      half the target **(decided)**); with ``short_bait`` a baited bidder loses ``2 × multiplier``, and with 3
      players the bidder wins ``multiplier`` from each defender or pays it to each.
    * Otherwise the winner wins ``multiplier ×`` the sheet's game points (2 with mars, else 1).

    Game points are what each losing side owes the side that has them; money follows :func:`money_of`.
    """
    outcome = game.outcome
    if outcome is None:
        raise ApiMisuseError(N_("cannot settle a game that is not over"))
    rules = game.rules
    winner = outcome.winner
    points = [0] * rules.sides
    last = game.results[-1]
    if outcome.reason in sc.STAKE_ENDING:
        points[winner] = multiplier
    elif rules.short and rules.short_bait and rules.players == 3 and last.bidder is not None and outcome.reason == "short":
        if winner == last.bidder:
            points[winner] = multiplier  # from each defender
        else:
            for side in range(rules.sides):
                if side != last.bidder:
                    points[side] = multiplier  # the bidder pays each defender
    elif rules.short:
        baited = rules.short_bait and outcome.reason == "short" and last.outcome == sc.BAIT and winner != last.bidder
        points[winner] = (2 if baited else 1) * multiplier
    else:
        points[winner] = outcome.game_points * multiplier
    totals = tuple(game.totals)
    money = money_of(rules, _settlement_totals(game), winner, points, multiplier)
    return GameResult(index, winner, outcome.reason, tuple(points), multiplier, money, totals, outcome)


def _settlement_totals(game: Game | ScoreSheet) -> list[int]:
    """The totals money is counted from: a game ended by ``both_over`` (several sides at or over the target
    after its last deal) settles as 501:500 — the winner at the target, each loser over it at target − 1."""
    outcome = game.outcome
    assert outcome is not None
    target = game.rules.target
    totals = list(game.totals)
    over = [s for s, t in enumerate(totals) if t >= target]
    if outcome.reason == "target" and len(over) > 1:
        for side in over:
            totals[side] = target if side == outcome.winner else target - 1
    return totals


def money_of(rules: Rules, totals: Sequence[int], winner: int, game_points: Sequence[int], multiplier: int = 1,
             ) -> tuple[int, ...]:
    """Per side, the money of one game (§12), zero-sum, in units of ``stake``:

    * ``per_game``: every side without game points pays each side with some its game points × stake;
    * ``deficit``: each loser pays (target − 1 − own total) × stake, never below 0, doubled for a loser under
      100 with two sides (2 players, and the 4-player partnerships **(decided)**), with 3 players tripled under
      100 and doubled under 250;
    * ``difference``: each loser pays (winner's total − own total) × stake, never below 0 **(decided)**, doubled
      when the difference exceeds half the target.

    Under ``deficit`` and ``difference`` a doubled game («Дайви», «даве») pays ``multiplier`` times as much
    **(decided)**; under ``per_game`` the game points already hold it.
    """
    sides = rules.sides
    money = [0] * sides
    stake = rules.stake
    if rules.money is Money.NONE:
        return tuple(money)
    if rules.money is Money.PER_GAME:
        takers = [s for s in range(sides) if game_points[s] > 0]
        for payer in (s for s in range(sides) if game_points[s] == 0):
            for taker in takers:
                amount = game_points[taker] * stake
                money[payer] -= amount
                money[taker] += amount
        return tuple(money)
    target = rules.target
    for loser in (s for s in range(sides) if s != winner):
        own = totals[loser]
        if rules.money is Money.DEFICIT:
            amount = max(0, target - 1 - own)
            if rules.players == 3:
                amount *= 3 if own < 100 else 2 if own < 250 else 1
            elif own < 100:
                amount *= 2
        else:
            amount = max(0, totals[winner] - own)
            if amount * 2 > target:
                amount *= 2
        amount *= stake * multiplier
        money[loser] -= amount
        money[winner] += amount
    return tuple(money)


# -- a match's rules as values: the Match below and a match kept by hand (the score pad) ask them -----------


def offer_kind(rules: Rules) -> OfferKind | None:
    """The offer a player may make during a game (§12): a double («Дайви»), a «даве», or none (``doubling:
    "none"``, or not 2 players)."""
    return _DOUBLING_KIND[rules.doubling] if rules.players == 2 else None


def raised_stake(rules: Rules, kind: OfferKind, multiplier: int) -> int:
    """The multiplier or stake once the opponent accepts or plays on: «Дайви» doubles m; «даве» takes k to
    k + 1 (``dave_progression: "arithmetic"``) or 2k (``"geometric"``)."""
    if kind is OfferKind.DAVE and rules.dave_progression is DaveProgression.ARITHMETIC:
        return multiplier + 1
    return multiplier * 2


def match_winner(rules: Rules, settled: Sequence[GameResult]) -> int | None:
    """The side that has won the match after the ``settled`` games, or None while it goes on: the one game
    decides it when ``match_target`` is null, else the first side with at least ``match_target`` game points
    (a tie at the top over the target plays on **(decided)**)."""
    if not settled:
        return None
    target = rules.match_target
    if target is None:
        return settled[-1].winner
    points = [sum(r.game_points[s] for r in settled) for s in range(rules.sides)]
    over = [s for s, p in enumerate(points) if p >= target]
    if not over:
        return None
    top = max(points[s] for s in over)
    best = [s for s in over if points[s] == top]
    return best[0] if len(best) == 1 else None


def next_game_dealer(rules: Rules, last_dealer: int, winner: int) -> int:
    """§9: who deals the first deal of a match's next game — the last game's winner (4 players: its first seat
    clockwise from ``last_dealer``, the dealer of the game's last deal); with ``next_dealer: "rotate"`` the
    rotation carries on."""
    n = rules.players
    if rules.next_dealer is NextDealer.ROTATE:
        return (last_dealer + 1) % n
    for i in range(1, n + 1):
        seat = (last_dealer + i) % n
        if rules.side_of(seat) == winner:
            return seat
    return (last_dealer + 1) % n  # pragma: no cover - every side has a seat


class Match:
    """Games in a row under one set of rules, with the stakes raised during play (§12); see the module doc."""

    def __init__(self, rules: Rules, first_dealer: int = 0, seed: int | None = None) -> None:
        self.rules = rules
        self.n = rules.players
        self.rng = random.Random(seed)
        self.games: list[Game] = [self._new_game(first_dealer)]
        self.first_dealer = first_dealer
        self.settled: list[GameResult] = []
        self.multiplier = 1
        """The current game's multiplier m («Дайви») or stake k («даве»); 1 without doubling."""
        self.offer: PendingOffer | None = None
        """A double or «даве» waiting for its answer."""
        self.next_offerer: int | None = None
        """After an accepted offer, the only seat that may offer next in this game (None: either)."""
        self.winner: int | None = None
        """The side that won the match, once it is over."""
        self._stake_kind = offer_kind(rules)
        """The offer the rules allow (doubling is for 2 players), fixed for the match."""

    @classmethod
    def of_game(cls, game: Game, seed: int | None = None) -> Match:
        """A match around a game already played (no stakes raised): for the summary of a lone game. ``seed`` seeds
        the generator that would shuffle its next deals (a play-out that deals none passes one: seeding from the
        system's entropy costs more than a whole play-out's scoring)."""
        match = cls(game.rules, game.first_dealer, seed)
        match.games[0] = game
        if game.is_over:
            match._settle()
        return match

    def _new_game(self, first_dealer: int) -> Game:
        game = Game(self.rules, first_dealer, seed=0)  # its generator is replaced at once: not seeded from the system
        game.rng = self.rng  # one seeded generator shuffles the whole match
        return game

    # -- questions --------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The current game: the one being played, or the one just finished until the next deal starts."""
        return self.games[-1]

    @property
    def game_index(self) -> int:
        return len(self.games) - 1

    @property
    def sides(self) -> list[list[int]]:
        return self.game.sides

    @property
    def deals(self) -> list[Deal]:
        """Every deal of the match, in order: a record's ``deals`` list."""
        return [d for g in self.games for d in g.deals]

    @property
    def deal(self) -> Deal | None:
        """The last deal started (of the current game), or None before the first."""
        current = self.games[-1].deals
        if current:  # a new game is added only with its first deal: this is the answer but at the very start
            return current[-1]
        for game in reversed(self.games):
            if game.deals:
                return game.deals[-1]
        return None

    @property
    def is_over(self) -> bool:
        """True once a side has won the match (after the one game when ``match_target`` is null)."""
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        """True when the match goes on and nothing is in progress: :meth:`start_deal` is next."""
        deal = self.deal
        return self.winner is None and (deal is None or deal.is_over)

    @property
    def match_points(self) -> tuple[int, ...]:
        """Per side, the game points of the finished games."""
        return tuple(sum(r.game_points[s] for r in self.settled) for s in range(self.rules.sides))

    @property
    def to_act(self) -> int | None:
        """The seat that must act now: the answerer while an offer waits, else the deal's seat to act."""
        offer = self.offer
        if offer is not None:
            return self._answerer(offer.seat)
        deal = self.deal
        return None if deal is None or deal.is_over else deal.to_act

    @property
    def next_dealer(self) -> int:
        """Who deals the next deal: the game's next dealer, or the next game's first dealer (§9)."""
        game = self.game
        return self._next_game_dealer() if game.is_over else game.next_dealer

    def legal_actions(self) -> list[Action]:
        """What :attr:`to_act` may do now: the deal's actions plus an offer the book allows, or an offer's answers."""
        if self.offer is not None:
            return list(_ANSWERS[self.offer.kind])
        deal = self.deal
        if deal is None or deal.phase is Phase.OVER:
            return []
        out = deal.legal_actions()
        kind = self._stake_kind
        seat = deal.to_act
        if kind is not None and seat is not None and self._offer_refusal(seat, kind) is None:
            out.append(_OFFERS[kind])
        return out

    def optional_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do out of turn now (swap the trump seven, demand a redeal, klabor): nothing while an
        offer to raise the stake waits for its answer, or once the deal is over."""
        deal = self.deal
        if self.offer is not None or deal is None or deal.is_over or self.is_over:
            return []
        return deal.optional_actions(seat)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: the deal's view, with the match score, the multiplier and a waiting offer."""
        game = self.game
        deal = game.deal
        if deal is None:
            raise ApiMisuseError(N_("cannot look at the table: no deal has started"))
        offer = self.offer
        legal: tuple[Action, ...]
        if offer is not None:
            legal = _ANSWERS[offer.kind] if seat == self.to_act else ()
            optional: tuple[Action, ...] = ()
        else:
            legal = tuple(deal.legal_actions()) if deal.to_act == seat and deal.phase is not Phase.OVER else ()
            optional = tuple(deal.optional_actions(seat))
            kind = self._stake_kind
            if legal and kind is not None and self._offer_refusal(seat, kind) is None:
                legal = (*legal, _OFFERS[kind])
        return seat_view(deal, seat, tuple(game.totals), game.hanging, tuple(game.results), legal=legal,
                         optional=optional, match_points=self.match_points, game_index=self.game_index,
                         multiplier=self.multiplier, offer=offer)

    # -- playing ----------------------------------------------------------------------------------

    def start_deal(self, deck: Sequence[Card] | None = None) -> Deal:
        """Deal the next deal: of the current game, or the first of the next game once it is over."""
        if self.is_over:
            raise ApiMisuseError(N_("cannot deal: the match is over"))
        if self.game.is_over:
            self.games.append(self._new_game(self._next_game_dealer()))
            self.multiplier = 1
            self.next_offerer = None
        return self.game.start_deal(deck)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` by ``seat`` — a stake action here, anything else in the current game — and return the
        events it caused (a trick won, the deal scored, the game settled, the match over, ...), in order."""
        if self.winner is not None:
            raise IllegalActionError(seat, N_("cannot act: the match is over"))
        deal = self.deal
        if deal is None:
            if type(action) in _STAKE_ACTIONS:
                self._stake_step(seat, action)  # type: ignore[arg-type]  # a Double or a Dave: refused, no deal
            raise IllegalActionError(seat, N_("cannot act: no deal is in progress"))
        events = deal.events
        before = len(events)
        if type(action) in _STAKE_ACTIONS:
            self._stake_step(seat, action)  # type: ignore[arg-type]  # a Double or a Dave
        elif self.offer is not None:
            raise IllegalActionError(seat, _ANSWER_FIRST[self.offer.kind])
        elif deal.phase is Phase.OVER:
            raise IllegalActionError(seat, N_("cannot act: no deal is in progress"))
        else:  # the current game's deal, played here directly: this is every table's hot path
            deal.apply(seat, action)
            if deal.is_over:  # (the deal's phase changed under the call: ask anew)
                game = self.games[-1]
                game.write_ended_deal()
                if game.is_over:
                    self._settle()
        return events[before:]

    # -- the stakes ------------------------------------------------------------------------------

    def _kind(self) -> OfferKind | None:
        return self._stake_kind

    def _answerer(self, offerer: int) -> int:
        return (offerer + 1) % self.n

    def _raised(self, kind: OfferKind) -> int:
        """The multiplier or stake if the opponent accepts or plays on."""
        return raised_stake(self.rules, kind, self.multiplier)

    def _offer_refusal(self, seat: int, kind: OfferKind) -> Refusal | None:
        """Why ``seat`` may not offer now (§12), or None when it may."""
        if self._kind() is not kind:
            return _NOT_ALLOWED[kind], {}
        deal = self.deal
        if self.is_over or self.game.is_over or deal is None or deal.is_over:
            return _NO_DEAL[kind], {}
        if self.offer is not None or deal.awaiting_concede:
            return _WAITING[kind], {}
        if deal.to_act != seat:
            return _NOT_YOUR_TURN[kind], {}
        if self.next_offerer is not None and self.next_offerer != seat:
            return _ALTERNATE[kind], {}
        return None

    def _stake_step(self, seat: int, action: Double | Dave) -> None:
        kind = OfferKind.DOUBLE if isinstance(action, Double) else OfferKind.DAVE
        deal = self.deal
        if action.step in (DoubleStep.OFFER, DaveStep.OFFER):
            refusal = self._offer_refusal(seat, kind)
            if refusal is not None:
                raise IllegalActionError(seat, *refusal)
            assert deal is not None
            self.offer = PendingOffer(kind, seat, self.multiplier, self._raised(kind))
            deal.log.append((seat, action))
            deal.events.append(DoubleOffered(seat, self.multiplier) if kind is OfferKind.DOUBLE
                               else DaveOffered(seat, self.multiplier))
            return
        offer = self.offer
        if offer is None or offer.kind is not kind:
            raise IllegalActionError(seat, _NOBODY_OFFERED[kind])
        if seat != self._answerer(offer.seat):
            raise IllegalActionError(seat, _OWN_OFFER[kind])
        assert deal is not None
        accepted = action.step in (DoubleStep.ACCEPT, DaveStep.PLAY)
        self.offer = None
        if accepted:
            self.multiplier = offer.if_accepted
            self.next_offerer = seat
        deal.log.append((seat, action))
        deal.events.append(DoubleAnswered(seat, accepted, self.multiplier) if kind is OfferKind.DOUBLE
                           else DaveAnswered(seat, accepted, self.multiplier))
        if not accepted:
            outcome = sc.DOUBLE_REFUSED if kind is OfferKind.DOUBLE else sc.DAVE_CONCEDED
            deal.end_by_stake(outcome, self.rules.side_of(offer.seat))
            self.game.write_ended_deal()
            self._settle()

    # -- the end of a game and of the match ---------------------------------------------------------

    def _settle(self) -> None:
        game = self.game
        result = settle(game, self.multiplier, self.game_index)
        self.settled.append(result)
        deal = game.deal
        assert deal is not None
        deal.events.append(GameSettled(result.index, result.winner, result.game_points, result.multiplier,
                                       result.money))
        winner = self._match_winner()
        if winner is not None:
            self.winner = winner
            deal.events.append(MatchOver(winner, self.match_points))

    def _match_winner(self) -> int | None:
        return match_winner(self.rules, self.settled)

    def _next_game_dealer(self) -> int:
        """§9: the last game's winner deals (4 players: its first seat clockwise from the last dealer); with
        ``next_dealer: "rotate"`` the rotation carries on."""
        game = self.game
        last = game.deals[-1].dealer if game.deals else game.first_dealer
        outcome = game.outcome
        assert outcome is not None
        return next_game_dealer(self.rules, last, outcome.winner)
