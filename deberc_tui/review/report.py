"""Grading the judged decisions: the loss against the best, a label, and a game's accuracy, luck and result.

* **Loss.** The best alternative's mean value minus the chosen one's. A choice within two standard errors of the
  best (the error of the difference, paired over the same worlds) is "best", with no loss: the worlds cannot tell
  them apart.
* **Labels**, as the practice tutor grades a bid (:data:`~deberc_tui.practice.evaluate.THRESHOLDS`): fine under
  5 points, an inaccuracy under 15, a mistake under 35, else a blunder. A decision valued in game points (klabor,
  a claim, a double or a «даве») is graded by the chance of winning the game it gave away
  (:data:`~deberc_tui.practice.evaluate.CHANCE_THRESHOLDS`: 1.5%, 4%, 8%).
* **Points of a game decision.** Where the losses of a game are added up (per deal, per kind, the accuracy), a
  percent of the chance of winning the game counts :data:`POINTS_PER_PERCENT` points: the rate at which the two
  scales name the same mistake (35 points, 8%).
* **Accuracy** of a game: ``100 × 2^(−L / 10)`` where ``L`` is the points lost per decision (the mean over the
  decisions that were not forced: a forced one, with one legal action, counts in no average) — 100 when nothing was
  lost, 93 at one point a decision, 71 at five, 50 at ten. It halves with every ten points a decision loses on
  average; one blunder of 100 points in fifty decisions costs 13.
* **Luck** of a deal: what the seat's first look at it (its six cards and the turnup) was worth, played out, minus
  what an average deal is worth from the same seat; the luck-adjusted result is the deal's result minus its luck.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from deberc_tui.engine import Action, parse_action
from deberc_tui.practice.evaluate import BLUNDER, CHANCE_THRESHOLDS, THRESHOLDS, standard_error

from .judge import GAME, POINTS, Judgement
from .moments import KINDS, Moment

__all__ = ["ACCURACY_HALVES", "LABELS", "POINTS_PER_PERCENT", "DealReview", "Decision", "GameReview", "OptionValue",
           "SeatReview", "accuracy_of", "grade"]

LABELS = ("best", "fine", "inaccuracy", "mistake", "blunder")
POINTS_PER_PERCENT = THRESHOLDS[2][1] / CHANCE_THRESHOLDS[2][1]
"""Points that one percent of the chance of winning the game counts for in the sums (35 / 8)."""
ACCURACY_HALVES = 10.0
"""A game's accuracy halves with every this many points its decisions lose on average."""


def _notation(action: Action | None) -> dict[str, Any] | None:
    return None if action is None else dict(action.notation())


def _action(doc: object) -> Action | None:
    return None if doc is None else parse_action(doc)


@dataclass(frozen=True, slots=True)
class OptionValue:
    action: Action | None
    ev: float
    se: float

    def to_json(self) -> dict[str, Any]:
        return {"action": _notation(self.action), "ev": round(self.ev, 1), "se": _round(self.se)}


def _round(value: float) -> float | None:
    return None if not math.isfinite(value) else round(value, 1)


@dataclass(frozen=True, slots=True)
class Decision:
    """One graded decision of one seat."""

    deal: int
    action: int
    kind: str
    seat: int
    chosen: Action | None
    best: Action | None
    options: tuple[OptionValue, ...]
    """Every alternative, best first."""
    loss: float
    """In the unit of :attr:`basis` (points, or game points); 0 when the choice is as good as the best."""
    label: str
    basis: str
    worlds: int
    chance_lost: float = 0.0
    """For a decision valued in game points: the percent of the chance of winning the game given away."""

    @property
    def weight(self) -> float:
        """The loss in points, as a game's sums count it."""
        return self.chance_lost * POINTS_PER_PERCENT if self.basis == GAME else self.loss

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.deal, "action": self.action, "kind": self.kind, "chosen": _notation(self.chosen),
            "best": _notation(self.best), "options": [o.to_json() for o in self.options],
            "loss": round(self.loss, 2 if self.basis == GAME else 1), "label": self.label, "basis": self.basis,
            "worlds": self.worlds,
        }
        if self.basis == GAME:
            out["chance_lost"] = round(self.chance_lost, 1)
        return out

    @classmethod
    def from_json(cls, doc: dict[str, Any], seat: int) -> Decision:
        """A decision as :meth:`to_json` wrote it (the review's cache); raises ``ValueError`` and friends."""
        label, basis, kind = doc["label"], doc["basis"], doc["kind"]
        if label not in LABELS or basis not in (POINTS, GAME) or kind not in KINDS:
            raise ValueError("label")
        numbers = [doc["loss"], doc.get("chance_lost", 0.0), *(o["ev"] for o in doc["options"])]
        if not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in numbers):
            raise ValueError("number")
        if not doc["options"] or not all(isinstance(doc[k], int) and not isinstance(doc[k], bool) and 0 <= doc[k] < 10**6
                                         for k in ("deal", "action", "worlds")):
            raise ValueError("place")
        options = tuple(OptionValue(_action(o["action"]), float(o["ev"]), math.inf if o["se"] is None else float(o["se"]))
                        for o in doc["options"])
        return cls(int(doc["deal"]), int(doc["action"]), str(kind), seat, _action(doc["chosen"]), _action(doc["best"]),
                   options, float(doc["loss"]), str(label), str(basis), int(doc["worlds"]),
                   float(doc.get("chance_lost", 0.0)))


def grade(moment: Moment, judged: Judgement) -> Decision:
    """The loss and label of the choice in ``moment``, from every alternative's values in the same worlds."""
    means = [sum(o.values) / len(o.values) for o in judged.options]
    order = sorted(range(len(means)), key=lambda k: -means[k])
    best = order[0]
    chosen = next(k for k, o in enumerate(judged.options) if o.action == moment.chosen)
    if math.isclose(means[chosen], means[best]):
        best = chosen
    diffs = [b - c for b, c in zip(judged.options[best].values, judged.options[chosen].values, strict=True)]
    raw = means[best] - means[chosen]
    options = tuple(OptionValue(judged.options[k].action, means[k], standard_error(judged.options[k].values))
                    for k in order)
    best_action = judged.options[best].action
    if chosen == best or raw <= 2 * standard_error(diffs):
        return Decision(moment.deal, moment.action, moment.kind, moment.seat, moment.chosen, best_action, options, 0.0,
                        "best", judged.basis, judged.worlds)
    if judged.basis == GAME:
        lost = 100 * raw / judged.chance_scale if judged.chance_scale else 0.0
        label = _label(lost, CHANCE_THRESHOLDS)
        return Decision(moment.deal, moment.action, moment.kind, moment.seat, moment.chosen, best_action, options, raw,
                        label, GAME, judged.worlds, lost)
    return Decision(moment.deal, moment.action, moment.kind, moment.seat, moment.chosen, best_action, options, raw,
                    _label(raw, THRESHOLDS), POINTS, judged.worlds)


def _label(loss: float, thresholds: Sequence[tuple[str, float]]) -> str:
    for name, limit in thresholds:
        if loss < limit:
            return name
    return BLUNDER


def accuracy_of(decisions: Sequence[Decision]) -> float | None:
    """The accuracy of a game's ``decisions`` (None when there are none): see the module's docstring."""
    if not decisions:
        return None
    return 100.0 * 2 ** (-sum(d.weight for d in decisions) / len(decisions) / ACCURACY_HALVES)


@dataclass(frozen=True, slots=True)
class DealReview:
    """One deal for one seat: its luck, what its decisions lost, and what it wrote."""

    deal: int
    luck: float | None
    loss: float
    written: tuple[int, ...]
    result: float | None
    """The seat's side's written points (penalties included) minus the others' mean; None while unfinished."""

    @property
    def adjusted(self) -> float | None:
        """The result without the luck."""
        if self.result is None:
            return None
        return self.result - (self.luck or 0.0)

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "luck": None if self.luck is None else round(self.luck, 1), "loss": round(self.loss, 1),
                "written": list(self.written), "result": None if self.result is None else round(self.result, 1),
                "luck_adjusted": None if self.adjusted is None else round(self.adjusted, 1)}


class Sums:
    """What a review adds up over its decisions and deals: a game's and a whole record's alike."""

    decisions: Sequence[Decision]
    deals: Sequence[DealReview]

    @property
    def loss(self) -> float:
        return sum(d.weight for d in self.decisions)

    @property
    def loss_per_decision(self) -> float:
        return self.loss / len(self.decisions) if self.decisions else 0.0

    @property
    def accuracy(self) -> float | None:
        return accuracy_of(self.decisions)

    @property
    def luck(self) -> float:
        return sum(d.luck or 0.0 for d in self.deals)

    @property
    def result(self) -> float:
        return sum(d.result or 0.0 for d in self.deals)


@dataclass(frozen=True)
class GameReview(Sums):
    """One game of a seat's review (a match's record holds several): its deals, its decisions, its sums."""

    game: int
    """The game's number in the record, from 1."""
    deals: tuple[DealReview, ...]
    decisions: tuple[Decision, ...]
    won: bool | None
    """Whether the seat's side won this game; None while it goes on."""

    def to_json(self) -> dict[str, Any]:
        accuracy = self.accuracy
        return {"game": self.game, "deals": [d.deal for d in self.deals], "decisions": len(self.decisions),
                "loss_per_decision": round(self.loss_per_decision, 2),
                "accuracy": None if accuracy is None else round(accuracy, 1), "luck": round(self.luck, 1),
                "loss": round(self.loss, 1), "result": round(self.result, 1),
                "luck_adjusted": round(self.result - self.luck, 1), "won": self.won}


@dataclass
class SeatReview(Sums):
    """The review of one seat's game: every judged decision, every deal, and the sums."""

    seat: int
    name: str
    decisions: list[Decision]
    deals: list[DealReview]
    forced: int = 0
    unjudged: int = 0
    """Decisions no world could be found for (should not happen; counted so that it shows)."""
    won: bool | None = None
    """Whether the seat's side won the game (a match's record: the match), None while it goes on."""
    match: bool = False
    """Whether the record is a match's (several games; :attr:`won` is the match's)."""
    game_of: dict[int, int] = field(default_factory=dict)
    """The game (from 1) of each deal (from 1); a deal not in it is of the first game."""
    game_won: tuple[bool | None, ...] = ()
    """Per game (from the first), whether the seat's side won it; None while it goes on."""

    @property
    def games(self) -> list[GameReview]:
        """The review game by game: one game for a lone game's record, every game of a match's."""
        count = max([1, *self.game_of.values()])
        out = []
        for game in range(1, count + 1):
            deals = tuple(d for d in self.deals if self.game_of.get(d.deal, 1) == game)
            decisions = tuple(d for d in self.decisions if self.game_of.get(d.deal, 1) == game)
            won = self.game_won[game - 1] if game <= len(self.game_won) else None
            out.append(GameReview(game, deals, decisions, won))
        return out

    def loss_by_kind(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for d in self.decisions:
            out[d.kind] = out.get(d.kind, 0.0) + d.weight
        return {k: round(out[k], 1) for k in KINDS if k in out}

    def worst(self, count: int | None = None) -> list[Decision]:
        """The decisions that lost most, worst first (the record's order among equals)."""
        ranked = sorted((d for d in self.decisions if d.weight > 0), key=lambda d: -d.weight)
        return ranked if count is None else ranked[:count]

    def to_json(self) -> dict[str, Any]:
        accuracy = self.accuracy
        return {
            "seat": self.seat + 1,
            "name": self.name,
            "decisions": [d.to_json() for d in self.decisions],
            "deals": [d.to_json() for d in self.deals],
            "summary": {
                "decisions": len(self.decisions),
                "forced": self.forced,
                "loss_per_decision": round(self.loss_per_decision, 2),
                "accuracy": None if accuracy is None else round(accuracy, 1),
                "luck": round(self.luck, 1),
                "loss": round(self.loss, 1),
                "result": round(self.result, 1),
                "luck_adjusted": round(self.result - self.luck, 1),
                "loss_by_kind": self.loss_by_kind(),
                "won": self.won,
            },
            "games": [g.to_json() for g in self.games],
        }
