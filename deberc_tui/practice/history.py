"""The player's practice record across sessions: every decision, its cost, and the mistakes to review.

The record is ``data_dir()/practice.json``. Nothing in it is ever lost: a file that cannot be read, or that
holds entries this version cannot read, is kept aside (renamed ``practice.json.unreadable-<time>``) and the
readable entries go on; a named pipe or a folder in its place is left there and nothing is written over it; a
file from a newer version is read but never written; every field the practice screen uses is checked when the
file is read, so an entry the screen could not show never reaches it; the record is saved under the
file's lock together with what other sessions added since it was read (two practice sessions at once both keep
theirs); a decision that could not be saved (a full disk) stays and is written with the next one.

An entry is a bid (the bidding practice's, or a bid of a reviewed game) or, since version 2, a **card**: a card
played in a reviewed game, kept as a position to play again (``"kind": "card"``). Its position is the game's record
cut just before that card (RECORD.md's format, checked by replaying it), the seat, and the review's settings, so
that the review's judge values every card again in the very worlds it judged them in. A file is written as
version 1 while it holds bids only, so that an older deberc goes on reading and writing it; with a card entry it is
version 2, which an older deberc reads (its bids) but never writes over.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from deberc_tui.engine import Card, DebercError, Phase, PlayCard, parse_action
from deberc_tui.engine.actions import BIDS
from deberc_tui.practice.evaluate import GAME, POINTS, Evaluation
from deberc_tui.records import load_record, replay_match
from deberc_tui.storage import WriteRefused, atomic_write, data_dir, keep_aside, locked
from deberc_tui.text.i18n import N_
from deberc_tui.untrusted import MIB, InputError, NotRegularFile, load_json_file, version_number

FORMAT: Final = "deberc-practice"
VERSION: Final = 2
"""The newest version this deberc reads: 1 (bids), 2 (bids and cards)."""
BIDS_VERSION: Final = 1
"""What a file of bids alone is written as (an older deberc reads and writes it)."""
BID: Final = "bid"
CARD: Final = "card"
CARD_WORLDS_LIMIT: Final = 10_000
HISTORY_LIMIT: Final = 32 * MIB  # about 30,000 decisions
RATINGS: Final = ("best", "fine", "too close to call", "inaccuracy", "mistake", "blunder")
SCORE_LIMIT: Final = 99_999  # a side's score, as ``deberc practice --score`` takes it
HANGING_LIMIT: Final = 9999  # hanging points, as ``deberc practice --hanging`` takes them


def history_path() -> Path:
    return data_dir() / "practice.json"


@dataclass
class Decision:
    position: dict[str, Any]
    chosen: str
    best: str
    loss: float
    """What the choice lost against the best bid, in the unit of :attr:`basis`: points, or percent of the chance
    of winning the game."""
    rating: str
    evaluation: dict[str, Any]
    basis: str = POINTS
    """What the choice was graded by: ``points`` (the deal's expected points) or ``game`` (near the end of a game,
    the chance of winning it)."""
    kind: str = BID
    """``bid``: a bidding position, ``chosen`` and ``best`` are bids; ``card``: a card of a reviewed game,
    ``chosen`` and ``best`` are cards (``QH``) and the position is :func:`check_card_position`'s."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "position": self.position, "chosen": self.chosen, "best": self.best,
            "loss": round(self.loss, 1), "rating": self.rating, "evaluation": self.evaluation,
        }
        if self.basis != POINTS:
            out["basis"] = self.basis
        if self.kind != BID:
            out["kind"] = self.kind
        return out

    @classmethod
    def from_json(cls, item: object) -> Decision:
        """One entry of the file, checked so that review and replay can use it; raises ``ValueError``.

        Every field the practice screen and ``--review`` use is checked here, at load, for its type and range
        (a ``"score": ["x", "y"]`` the position itself would carry to the evaluation, where it crashes), and the
        position must be one the tutor can set again (:meth:`BidPosition.from_json`)."""
        if not isinstance(item, dict):
            raise ValueError("not an object")
        if item.get("kind", BID) == CARD:
            return _card_from_json(item)
        if item.get("kind", BID) != BID:
            raise ValueError("kind")
        position, evaluation = item.get("position"), item.get("evaluation", {})
        chosen, best, rating, loss = item.get("chosen"), item.get("best"), item.get("rating"), item.get("loss")
        basis = item.get("basis", POINTS)
        if basis not in (POINTS, GAME):
            raise ValueError("basis")
        if not isinstance(position, dict) or not isinstance(evaluation, dict):
            raise ValueError("position")
        if not all(isinstance(v, str) and v in BIDS for v in (chosen, best)) or rating not in RATINGS:
            raise ValueError("bids")
        if isinstance(loss, bool) or not isinstance(loss, int | float) or not math.isfinite(loss) or not 0 <= loss <= 10**4:
            raise ValueError("loss")
        check_position(position)
        assert isinstance(chosen, str) and isinstance(best, str) and isinstance(rating, str)
        return cls(position, chosen, best, float(loss), rating, evaluation, str(basis))


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _card(value: object) -> Card:
    if not isinstance(value, str) or len(value) > 3:
        raise ValueError("card")
    try:
        return Card.parse(value)
    except (DebercError, ValueError):
        raise ValueError("card") from None


def _card_from_json(item: dict[str, Any]) -> Decision:
    """A card entry (``"kind": "card"``), checked as a bid's is: the position replays, the cards are cards."""
    position, evaluation = item.get("position"), item.get("evaluation")
    chosen, best, rating, loss = item.get("chosen"), item.get("best"), item.get("rating"), item.get("loss")
    if item.get("basis", POINTS) != POINTS:
        raise ValueError("basis")
    if not isinstance(position, dict) or not isinstance(evaluation, dict):
        raise ValueError("position")
    if rating not in RATINGS or not _number(loss) or not 0 <= float(loss) <= 10**4:  # type: ignore[arg-type]
        raise ValueError("rating")
    options = evaluation.get("options")
    if not isinstance(options, list) or not options or not all(
            isinstance(o, dict) and _number(o.get("ev")) and (o.get("se") is None or _number(o.get("se")))
            for o in options):
        raise ValueError("evaluation")
    for option in options:
        _card(option.get("card"))
    legal = check_card_position(position)
    if _card(chosen) not in legal or _card(best) not in legal:
        raise ValueError("cards")
    assert isinstance(chosen, str) and isinstance(best, str) and isinstance(rating, str)
    return Decision(position, chosen, best, float(loss), rating, evaluation, POINTS, CARD)  # type: ignore[arg-type]


def check_card_position(position: dict[str, Any]) -> list[Card]:
    """Raise ``ValueError`` unless ``position`` is a card position as :func:`deberc_tui.review.drill.card_position`
    writes it, and return the cards the seat may play there.

    ``record``: a game record (RECORD.md) cut just before the card, so that replaying it leaves the ``seat`` (from
    0) to play in deal ``deal`` (from 1) at its action ``action`` (from 1); ``played``: the card played there in
    the game (an action object); ``hand`` and ``trump``: the seat's cards and the trump then, as the record says;
    ``worlds`` and ``seed``: the review's settings."""
    record, seat, hand = position.get("record"), position.get("seat"), position.get("hand")
    if not isinstance(record, dict) or not _whole(seat, 0, 3) or not _whole(position.get("deal"), 1, 10**5):
        raise ValueError("record")
    if not _whole(position.get("action"), 1, 10**5) or not _whole(position.get("worlds"), 1, CARD_WORLDS_LIMIT):
        raise ValueError("action")
    if not _whole(position.get("seed"), -(2**63), 2**63 - 1):
        raise ValueError("seed")
    if not isinstance(hand, list) or not 1 <= len(hand) <= 10 or not isinstance(position.get("trump"), str):
        raise ValueError("hand")
    cards = [_card(c) for c in hand]
    try:
        match = replay_match(load_record(record))
        played = parse_action(position.get("played"))
    except DebercError:
        raise ValueError("record") from None
    deal = match.deal
    if deal is None or len(match.deals) != position["deal"] or len(deal.log) + 1 != position["action"]:
        raise ValueError("place")
    if match.to_act is None or match.to_act != seat or deal.phase is not Phase.PLAY or deal.trump is None:
        raise ValueError("turn")
    view = match.view(match.to_act)
    if sorted(cards) != sorted(view.hand) or position["trump"] != deal.trump.value:
        raise ValueError("hand")
    legal = [a for a in view.legal if isinstance(a, PlayCard)]
    if played not in legal:
        raise ValueError("played")
    return sorted({a.card for a in legal})


def check_position(position: dict[str, Any]) -> None:
    """Raise ``ValueError`` unless ``position`` is a bidding position as :meth:`BidPosition.to_json` writes it:
    six cards and a turnup as text, a seat's name, round 1 or 2, whole numbers for the players, the score (one
    per side, as ``deberc practice --score`` allows) and the hanging points, and rules the tutor can play."""
    from deberc_tui.practice.position import BidPosition

    hand, score = position.get("hand"), position.get("score", [])
    if not isinstance(hand, list) or len(hand) != 6 or not all(isinstance(c, str) and len(c) <= 3 for c in hand):
        raise ValueError("hand")
    if not isinstance(position.get("turnup"), str) or not isinstance(position.get("seat"), str):
        raise ValueError("turnup")
    if not _whole(position.get("round", 1), 1, 2) or not _whole(position.get("players"), 2, 4):
        raise ValueError("round")
    if not isinstance(score, list) or not all(_whole(t, -SCORE_LIMIT, SCORE_LIMIT) for t in score):
        raise ValueError("score")
    if not _whole(position.get("hanging", 0), 0, HANGING_LIMIT):
        raise ValueError("hanging")
    if not isinstance(position.get("rules"), dict):
        raise ValueError("rules")
    try:
        BidPosition.from_json(position)
    except (ValueError, TypeError, KeyError, AttributeError):
        raise ValueError("position") from None


@dataclass
class _Read:
    decisions: list[Decision]
    newer: bool = False  # from a newer version: read, never written
    problem: str | None = None  # why the file (or some of its entries) could not be read
    movable: bool = True  # False: not a regular file (a named pipe, a folder), never renamed or written over


def _read(path: Path) -> _Read:
    from deberc_tui.text.i18n import _, ngettext, translate_error

    try:
        doc = load_json_file(path, HISTORY_LIMIT)
    except FileNotFoundError:
        return _Read([])
    except NotRegularFile as exc:
        return _Read([], problem=translate_error(exc), movable=False)
    except (OSError, InputError) as exc:
        return _Read([], problem=translate_error(exc) if isinstance(exc, InputError) else str(exc.strerror or exc))
    if not isinstance(doc, dict) or not isinstance(doc.get("decisions", []), list):
        return _Read([], problem=_("not a practice record"))
    version_problem: str | None = None
    try:
        newer = version_number(doc.get("version", VERSION)) > VERSION
    except InputError as exc:  # "version": "1" is damage, not a newer deberc
        newer, version_problem = False, translate_error(exc)
    decisions: list[Decision] = []
    bad = 0
    for item in doc.get("decisions", []):
        try:
            decisions.append(Decision.from_json(item))
        except ValueError:
            bad += 1
    if version_problem is not None:
        return _Read(decisions, problem=version_problem)
    if bad:
        total = bad + len(decisions)
        return _Read(decisions, newer, problem=ngettext("{bad} of {n} entry cannot be read",
                                                        "{bad} of {n} entries cannot be read", total).format(
            bad=bad, n=total))
    return _Read(decisions, newer)


@dataclass
class History:
    decisions: list[Decision] = field(default_factory=list)
    path: Path | None = None
    notes: list[str] = field(default_factory=list)  # for the player: files kept aside, saves that failed
    read_only: str | None = None  # why the file is never written (from a newer deberc, cannot be renamed)
    seen: int = 0  # how many decisions the file held when this record last read or wrote it

    @classmethod
    def load(cls, path: Path | None = None) -> History:
        """The record as it is on disk; an unreadable file is kept aside (and named in ``notes``). A data folder
        that cannot be made is named in ``notes`` too, and the record starts empty (saving tries again)."""
        from deberc_tui.text.i18n import _, translate_error

        if path is None:
            try:
                path = history_path()
            except OSError as exc:
                return cls(notes=[_("The practice record cannot be read ({reason})").format(
                    reason=translate_error(exc) if hasattr(exc, "template") else exc.strerror or exc)])
        hist = cls([], path)
        hist.decisions = hist._fresh(path).decisions
        hist.seen = len(hist.decisions)
        return hist

    def _fresh(self, path: Path) -> _Read:
        """Read the file now, keeping it aside first if any of it cannot be read (noted once)."""
        from deberc_tui.text.i18n import _

        found = _read(path)
        self.read_only = None
        if found.newer:
            self.read_only = _("{file} is from a newer deberc: it is read but not written").format(file=path.name)
            if self.read_only not in self.notes:
                self.notes.append(self.read_only)
        elif found.problem is not None:
            kept = keep_aside(path) if found.movable else None
            reason = found.problem
            if kept is None:  # it cannot be renamed: never written over either
                self.read_only = _("{file} cannot be read ({reason}) and is left as it is; new decisions are not "
                                   "saved").format(file=path.name, reason=reason)
                self.notes.append(self.read_only)
            else:
                self.notes.append(_("{file} could not be read completely ({reason}); it was kept as {kept}").format(
                    file=path.name, reason=reason, kept=kept.name))
        return found

    def save(self) -> None:
        """Write the record under the file's lock, with the decisions other sessions added to the file since it
        was read (they come before this session's new ones); raises ``OSError`` when it cannot be written."""
        path = self.path or history_path()
        with locked(path):
            found = self._fresh(path)
            if self.read_only is not None:
                raise WriteRefused(self.read_only)
            others = found.decisions[self.seen:] if found.problem is None else []
            decisions = self.decisions[: self.seen] + others + self.decisions[self.seen:]
            version = VERSION if any(d.kind != BID for d in decisions) else BIDS_VERSION
            doc = {"format": FORMAT, "version": version, "decisions": [d.to_json() for d in decisions]}
            atomic_write(path, json.dumps(doc, ensure_ascii=False))
        self.decisions = decisions
        self.seen = len(decisions)

    def add(self, evaluation: Evaluation, chosen: str) -> Decision:
        """Rate ``chosen`` and record it; a failed save is noted (``notes``) and retried with the next one."""

        best = evaluation.best.bid
        rating = evaluation.rate(chosen)
        loss = max(0.0, evaluation.loss(chosen)) if rating not in ("best",) else 0.0
        decision = Decision(evaluation.position.to_json(), chosen, best, loss, rating, evaluation.to_json(),
                            evaluation.basis)
        return self.keep(decision)

    def keep(self, decision: Decision) -> Decision:
        """Record a decision rated elsewhere (a card of a reviewed game); a failed save is noted, as :meth:`add`'s."""
        from deberc_tui.text.i18n import _

        self.decisions.append(decision)
        try:
            self.save()
        except OSError as exc:
            note = _("The practice record could not be saved ({reason}); it will be tried again").format(
                reason=exc.strerror or exc)
            if note not in self.notes:
                self.notes.append(note)
        return decision

    def take_notes(self) -> list[str]:
        """The notes not shown yet (and forget them)."""
        notes, self.notes = self.notes, []
        return notes

    @property
    def average_loss(self) -> float:
        """Points lost per decision graded by points, on average."""
        graded = [d.loss for d in self.decisions if d.basis == POINTS]
        return sum(graded) / len(graded) if graded else 0.0

    @property
    def average_chance_loss(self) -> float:
        """Percent of the chance of winning the game lost per decision graded by it, on average."""
        graded = [d.loss for d in self.decisions if d.basis == GAME]
        return sum(graded) / len(graded) if graded else 0.0

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
        text = ngettext("{n} decision, {loss:.1f} points lost per decision on average ({parts})",
                        "{n} decisions, {loss:.1f} points lost per decision on average ({parts})", n).format(
            n=n, loss=self.average_loss, parts=parts)
        near = sum(1 for d in self.decisions if d.basis == GAME)
        if near:
            text += "; " + ngettext(
                "{n} near the end graded by the chance of winning the game, {loss:.1f}% of it lost on average",
                "{n} near the end graded by the chance of winning the game, {loss:.1f}% of it lost on average",
                near).format(n=near, loss=self.average_chance_loss)
        return text
