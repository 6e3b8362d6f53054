"""The player's practice record across sessions: every decision, its cost, and the mistakes to review."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deberc_tui.practice.evaluate import Evaluation
from deberc_tui.storage import atomic_write, data_dir
from deberc_tui.text.i18n import N_


def history_path() -> Path:
    return data_dir() / "practice.json"


@dataclass
class Decision:
    position: dict[str, Any]
    chosen: str
    best: str
    loss: float
    rating: str
    evaluation: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position, "chosen": self.chosen, "best": self.best,
            "loss": round(self.loss, 1), "rating": self.rating, "evaluation": self.evaluation,
        }


@dataclass
class History:
    decisions: list[Decision] = field(default_factory=list)
    path: Path | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> History:
        path = path or history_path()
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            items = doc.get("decisions", []) if isinstance(doc, dict) else []
            decisions = [
                Decision(d["position"], d["chosen"], d["best"], float(d["loss"]), d["rating"], d.get("evaluation", {}))
                for d in items
            ]
        except (OSError, ValueError, KeyError, TypeError):
            decisions = []
        return cls(decisions, path)

    def save(self) -> None:
        path = self.path or history_path()
        atomic_write(path, json.dumps({"decisions": [d.to_json() for d in self.decisions]}, ensure_ascii=False))

    def add(self, evaluation: Evaluation, chosen: str) -> Decision:
        best = evaluation.best.bid
        rating = evaluation.rate(chosen)
        loss = max(0.0, evaluation.loss(chosen)) if rating not in ("best",) else 0.0
        decision = Decision(evaluation.position.to_json(), chosen, best, loss, rating, evaluation.to_json())
        self.decisions.append(decision)
        self.save()
        return decision

    @property
    def average_loss(self) -> float:
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    def counts(self) -> Counter[str]:
        return Counter(d.rating for d in self.decisions)

    def mistakes(self) -> list[Decision]:
        return [d for d in self.decisions if d.rating in ("inaccuracy", "mistake", "blunder")]

    def summary(self) -> str:
        from deberc_tui.text.i18n import _, ngettext

        if not self.decisions:
            return _("no decisions yet")
        c = self.counts()
        parts = ", ".join(f"{_(k)}: {c[k]}" for k in (N_("best"), N_("fine"), N_("too close to call"), N_("inaccuracy"),
                                                    N_("mistake"), N_("blunder")) if c[k])
        n = len(self.decisions)
        return ngettext("{n} decision, {loss:.1f} points lost per decision on average ({parts})",
                        "{n} decisions, {loss:.1f} points lost per decision on average ({parts})", n).format(
            n=n, loss=self.average_loss, parts=parts)
