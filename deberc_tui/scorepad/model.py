"""The score pad's model: a game or a match played with real cards, entered deal by deal.

A :class:`Pad` holds the rules, the names, the first dealer and the deals as the players entered
them (:class:`EnteredDeal`). Every entered deal is checked and turned into the engine's
:class:`~deberc_tui.engine.DealPoints`; the deals are then written in order on a fresh
:class:`~deberc_tui.engine.ScoreSheet`, which alone decides bait, hanging points, penalties, the end
of the game and the next dealer. Any edit recomputes the sheet from scratch, so it is always consistent.

A pad whose rules make a match (§12: ``match_target``, doubling, money) goes on after a game ends: the
next deal starts the next game on a fresh sheet, dealt as the engine's match says, until a side has won
the match. The stakes raised at the table («Дайви», «даве») are entered with the deal they were said in
(:class:`StakeCall`), or as they are said, before the deal is entered (:attr:`Pad.pending`). What a game
is worth — game points with mars, the multiplier, money — is the engine's :func:`~deberc_tui.engine.match.settle`;
the multiplier's growth, the match's winner and the next game's dealer are the engine's too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Final

from deberc_tui.engine import DealPoints, DealResult, Rules, ScoreSheet
from deberc_tui.engine import scoring as sc
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.cards import PLAIN_POINTS, TRUMP_POINTS
from deberc_tui.engine.combos import DEBERTZ as DEBERTZ_KIND
from deberc_tui.engine.combos import FIFTY, HUNDRED, KIND_POINTS, TERZ, kind_points
from deberc_tui.engine.events import ThrowInReason
from deberc_tui.engine.match import (
    GameResult,
    match_winner,
    next_game_dealer,
    offer_kind,
    raised_stake,
    settle,
)
from deberc_tui.engine.options import AllPass, BothOver, CutPenalty, Debertz, FalseClaim, RenegePenalty
from deberc_tui.engine.play import BELLA_POINTS, DEAL_CARD_POINTS, LAST_TRICK_POINTS
from deberc_tui.text.i18n import N_, _, ngettext
from deberc_tui.text.rule_words import option_name
from deberc_tui.text.rule_words import value_label as rule_value


class PadError(ValueError):
    """Input the pad refuses, in one line and in the players' terms."""


# -- what a deal can be -------------------------------------------------------------------------

PLAYED: Final = "played"
THROWN: Final = "thrown_in"
CLAIM: Final = "claim"
FALSE_CLAIM: Final = "false_claim"
DEBERTZ: Final = "debertz"
KLABOR: Final = "klabor"
CONCEDED: Final = "conceded"
STAKE_REFUSED: Final = "stake_refused"
"""§12: a double («Дайви») was refused or a «даве» conceded: the game ends there, the deal's last
:class:`StakeCall` (the refused one) says who offered and so who wins."""
KINDS: Final[tuple[str, ...]] = (PLAYED, THROWN, CLAIM, FALSE_CLAIM, DEBERTZ, KLABOR, CONCEDED, STAKE_REFUSED)
THROW_REASONS: Final[dict[str, str]] = {
    "all_pass": N_("all passed"),
    "four_sevens": N_("four sevens"),
    "low_points": N_("weak hand"),
}
KIND_LABELS: Final[dict[str, str]] = {
    PLAYED: "played out",
    THROWN: "thrown in",
    CLAIM: "claim («Партия»)",
    FALSE_CLAIM: "false claim",
    DEBERTZ: "debertz",
    KLABOR: "klabor",
    CONCEDED: "conceded for fifty",
    STAKE_REFUSED: "stake refused",
}
LAST_TRICK: Final = LAST_TRICK_POINTS
CARD_TOTAL: Final = DEAL_CARD_POINTS - LAST_TRICK_POINTS  # 152: the cards alone
FOUR_PLAYER_TOTAL: Final = DEAL_CARD_POINTS
MAX_POSTED: Final = 9999  # no single entry on a pad is larger


def card_range(rules: Rules) -> tuple[int, int]:
    """Fewest and most card points (last trick included) that the played cards can hold: every hand is played
    out, ``tricks_per_deal`` cards each (9, or 10 with ``extra_cards: 4``; all 32 with 4 players)."""
    values = sorted(TRUMP_POINTS + PLAIN_POINTS * 3)
    played = min(32, rules.tricks_per_deal * rules.players)
    return sum(values[:played]) + LAST_TRICK, sum(values[-played:]) + LAST_TRICK


def hand_size(rules: Rules) -> int:
    """Cards a side holds when its play begins: one hand, or two with 4 players (the combinations must fit)."""
    return rules.tricks_per_deal * (2 if rules.players == 4 else 1)


# -- declarations ---------------------------------------------------------------------------------

_KIND_WORDS: Final[dict[str, str]] = {
    "terz": "terz", "t": "terz", "терц": "terz", "терца": "terz", "т": "terz", "tierce": "terz",
    "fifty": "fifty", "f": "fifty", "50": "fifty", "berz": "fifty", "полтинник": "fifty", "берц": "fifty", "п": "fifty",
    "hundred": "hundred", "h": "hundred", "сотня": "hundred", "сто": "hundred", "с": "hundred",
    # «бела» is the word the Russian screens show (and the game's own word); «белла» is a common spelling
    "bella": "bella", "b": "bella", "бела": "bella", "белла": "bella", "б": "bella",
    "debertz": "debertz", "d": "debertz", "деберц": "debertz", "д": "debertz",
}
_TOKEN: Final = re.compile(r"^(\d+)\s*[x×*]?\s*([^\d\s].*)$|^([^\d\s].*)$|^(\d+)$")


@dataclass(frozen=True, slots=True)
class Declared:
    """What one side scored with declarations: counts of terz / fifty / hundred, or a ``total``, and bella.

    ``total`` (when not None) replaces the counts: the combinations' points without bella. A ``debertz``
    (``debertz: "target_points"``) is always named, never part of a total: it is worth the target.
    """

    terz: int = 0
    fifty: int = 0
    hundred: int = 0
    bella: bool = False
    total: int | None = None
    debertz: int = 0

    @property
    def combo_points(self) -> int:
        """Terz, fifty and hundred points (or the total): what does not depend on the rules."""
        if self.total is not None:
            return self.total
        return KIND_POINTS[TERZ] * self.terz + KIND_POINTS[FIFTY] * self.fifty + KIND_POINTS[HUNDRED] * self.hundred

    def points_under(self, rules: Rules) -> int:
        """All the combinations' points under ``rules`` (a debertz is worth what the engine says it is)."""
        return self.combo_points + self.debertz * kind_points(DEBERTZ_KIND, rules)

    @property
    def has_combos(self) -> bool:
        return self.combo_points > 0 or self.debertz > 0

    @property
    def empty(self) -> bool:
        return not self.has_combos and not self.bella

    @classmethod
    def parse(cls, text: str) -> Declared:
        """Read ``"terz+bella"``, ``"2terz"``, ``"fifty + terz"``, ``"70"``, ``"70+bella"``, ``"debertz"`` or
        ``""``/``"-"``."""
        counts = {"terz": 0, "fifty": 0, "hundred": 0, "bella": 0, "debertz": 0}
        total: int | None = None
        cleaned = text.strip().lower()
        if cleaned in ("", "-", "0", "none", "—"):
            return cls()
        for raw in re.split(r"[+,;]", cleaned):
            token = raw.strip()
            if not token:
                continue
            m = _TOKEN.match(token)
            if m is None:
                raise PadError(_("cannot read declaration {token!r} (e.g. terz, 2terz, fifty, hundred, bella or a total like 70)").format(token=token))
            if m.group(4) is not None:
                if total is not None:
                    raise PadError(_("two totals in {text!r}: write one number for the combinations").format(text=text))
                total = int(m.group(4))
                continue
            count = int(m.group(1)) if m.group(1) else 1
            word = (m.group(2) or m.group(3) or "").strip()
            kind = _KIND_WORDS.get(word)
            if kind is None:
                raise PadError(_("unknown declaration {word!r} (terz, fifty, hundred, debertz or bella)").format(word=word))
            counts[kind] += count
        if counts["bella"] > 1:
            raise PadError(_("bella is scored once at most: there is one trump king and one trump queen"))
        if total is not None and (counts["terz"] or counts["fifty"] or counts["hundred"]):
            raise PadError(_("{text!r}: give either the combinations or their total, not both").format(text=text))
        return cls(counts["terz"], counts["fifty"], counts["hundred"], bool(counts["bella"]), total, counts["debertz"])

    def notation(self) -> str:
        """The text :meth:`parse` reads back (``""`` when nothing was declared)."""
        parts: list[str] = []
        if self.total is not None:
            parts.append(str(self.total))
        for kind, count in (("terz", self.terz), ("fifty", self.fifty), ("hundred", self.hundred),
                            ("debertz", self.debertz)):
            if count:
                parts.append(kind if count == 1 else f"{count}{kind}")
        if self.bella:
            parts.append("bella")
        return "+".join(parts)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.total is not None:
            out["total"] = self.total
        for key in ("terz", "fifty", "hundred", "debertz"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.bella:
            out["bella"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Declared:
        return cls(
            int(data.get("terz", 0)), int(data.get("fifty", 0)), int(data.get("hundred", 0)),
            bool(data.get("bella", False)), None if data.get("total") is None else int(data["total"]),
            int(data.get("debertz", 0)),
        )


def _combos_possible(total: int, cards: int, hundred_length: int | None) -> bool:
    """Whether ``total`` points of sequences fit in ``cards`` cards (terz 3 cards, fifty 4, hundred
    ``hundred_length``; None: no hundred)."""
    for h in range(0, (total // 100 if hundred_length else 0) + 1):
        for f in range(0, (total - 100 * h) // 50 + 1):
            rest = total - 100 * h - 50 * f
            if rest % 20 == 0 and (hundred_length or 0) * h + 4 * f + 3 * (rest // 20) <= cards:
                return True
    return False


# -- table penalties (§11) ---------------------------------------------------------------------------


class FaultKind(StrEnum):
    """What the table caught during a deal played with real cards (§11); the values are the pad file's words."""

    MISSED_CUT = "missed_cut"
    """The dealer did not offer the cut (``cut_penalty``)."""
    RENEGE = "renege"
    """A card against the rules: not following suit, not trumping, not overtrumping (``renege_penalty``)."""
    BAIT_ON_CARDS = "bait_on_cards"
    """«Байт на картах»: an offence that bait the offender's side in that deal."""
    PENCIL = "pencil"
    """A written entry checked and found wrong (``pencil_rule``)."""


#: The offences that are a «байт на картах» besides a renege under ``renege_penalty: "bait"`` (§11).
OFFENCES: Final[dict[str, str]] = {
    "extra_card": N_("an extra card"),
    "missing_card": N_("a missing card"),
    "false_declaration": N_("a false declaration"),
    "swap_bottom": N_("trump seven for the bottom card"),
    "swap_round2": N_("trump seven swapped in round 2"),
}
FINE: Final = 100
"""What a missed cut (``cut_penalty: "minus_100"``) and a renege (``"redeal_minus_100"``) cost (§11)."""
PENCIL_SLIP: Final = 100
"""§11: an entry wrong by exactly this much is only corrected."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One table penalty of a deal (§11), as entered: what, whose side, and what it needs.

    ``side``: the offender's side (a missed cut: None, it is always the dealer's side; a pencil correction:
    the side whose entry was wrong). ``points``: a renege under ``lose_trick`` — the card points of the trick
    that goes over; a pencil correction — what the side wrote. ``to``: the side that gets the trick or that
    checked the entry (needed only with 3 players). ``offence``: which «байт на картах» (:data:`OFFENCES`).
    """

    kind: FaultKind
    side: int | None = None
    points: int | None = None
    to: int | None = None
    offence: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        for key in ("side", "points", "to"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.offence:
            out["offence"] = self.offence
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fault:
        return cls(FaultKind(str(data["kind"])), data.get("side"), data.get("points"), data.get("to"),
                   str(data.get("offence", "")))


# -- stakes raised at the table (§12) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StakeCall:
    """A stake raised during a deal, as said at the table (2 players): ``seat`` doubled («Дайви») or said
    «даве» — which one, the rules' ``doubling`` says — and the opponent ``accepted`` (played on) or refused
    (conceded). A refusal ends the game: it is the last call of a deal of kind :data:`STAKE_REFUSED`."""

    seat: int
    accepted: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "accepted": self.accepted}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StakeCall:
        return cls(int(data["seat"]), bool(data.get("accepted", True)))


# -- one entered deal ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EnteredDeal:
    """One deal as the players report it; sides are 0..sides-1, seats 0..players-1.

    ``cards`` holds each side's card points in its tricks with the last trick's 10 (None: not
    entered; with 4 players one side is enough). ``took_trick`` says per side whether it took a trick
    (None: not said; card points above 0 mean it did). ``winner`` is the side that claimed, declared
    debertz or klabor; for a false claim it is the claimant's side. ``false_claims``: the sides that claimed
    wrongly during a deal that went on (``false_claim: "double_to_opponent"``), in order. ``faults``: the
    table's penalties (§11). ``stakes``: the stakes raised during the deal, in order (§12).
    """

    dealer: int
    kind: str = PLAYED
    bidder: int | None = None  # seat
    trump: str | None = None  # C D H S, for the record only
    cards: tuple[int | None, ...] = ()
    declared: tuple[Declared, ...] = ()
    last_trick: int | None = None  # side
    took_trick: tuple[bool | None, ...] = ()
    reason: str = ""  # thrown in: all_pass | four_sevens | low_points
    winner: int | None = None  # side
    note: str = ""
    false_claims: tuple[int, ...] = ()  # sides
    faults: tuple[Fault, ...] = ()
    stakes: tuple[StakeCall, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "kind": self.kind}
        if self.bidder is not None:
            out["bidder"] = self.bidder
        if self.trump:
            out["trump"] = self.trump
        if any(c is not None for c in self.cards):
            out["cards"] = list(self.cards)
        if any(not d.empty for d in self.declared):
            out["declared"] = [d.to_json() for d in self.declared]
        if self.last_trick is not None:
            out["last_trick"] = self.last_trick
        if any(t is not None for t in self.took_trick):
            out["took_trick"] = list(self.took_trick)
        if self.reason:
            out["reason"] = self.reason
        if self.winner is not None:
            out["winner"] = self.winner
        if self.note:
            out["note"] = self.note
        if self.false_claims:
            out["false_claims"] = list(self.false_claims)
        if self.faults:
            out["faults"] = [f.to_json() for f in self.faults]
        if self.stakes:
            out["stakes"] = [c.to_json() for c in self.stakes]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EnteredDeal:
        return cls(
            dealer=int(data["dealer"]),
            kind=str(data.get("kind", PLAYED)),
            bidder=data.get("bidder"),
            trump=data.get("trump"),
            cards=tuple(data.get("cards", ())),
            declared=tuple(Declared.from_json(d) for d in data.get("declared", ())),
            last_trick=data.get("last_trick"),
            took_trick=tuple(data.get("took_trick", ())),
            reason=str(data.get("reason", "")),
            winner=data.get("winner"),
            note=str(data.get("note", "")),
            false_claims=tuple(data.get("false_claims", ())),
            faults=tuple(Fault.from_json(f) for f in data.get("faults", ())),
            stakes=tuple(StakeCall.from_json(c) for c in data.get("stakes", ())),
        )


def _with_bidder(deal: EnteredDeal, bidder: int) -> EnteredDeal:
    return deal if deal.bidder == bidder else replace(deal, bidder=bidder)


def _pad_out(values: Sequence[Any], n: int, fill: Any) -> list[Any]:
    out = list(values)[:n]
    return out + [fill] * (n - len(out))


# -- the pad's games -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PadGame:
    """One game of a pad: which deals it holds, its sheet, the stake it was played at and, once over, what it
    was worth (the engine's :class:`~deberc_tui.engine.match.GameResult`). The sheet is not written again."""

    index: int
    """The game's number in the match (0, 1, ...)."""
    first_dealer: int
    deals: range
    """The pad's indices (0-based) of the game's deals."""
    sheet: ScoreSheet
    multiplier: int
    """«Дайви»'s m or the «даве» stake k when the game ended (or so far); 1 without doubling."""
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class Tally:
    """Everything the pad's deals add up to, computed again after every change: the games, each deal's sheet
    row, the stakes, the match's winner, and what comes next."""

    games: tuple[PadGame, ...]
    """The games with at least one deal, in order."""
    results: tuple[DealResult, ...]
    """Each deal's row on its game's sheet (the pad's deals, in order)."""
    stakes: tuple[tuple[int, ...], ...]
    """Per deal, the multiplier or stake after each of its :class:`StakeCall` (the refused one: unchanged)."""
    sheet: ScoreSheet
    """The current game's sheet: the one in progress, or the one just finished until the next deal."""
    winner: int | None
    """The side that won the match (a pad of one game: the game's winner), once it is over."""
    multiplier: int
    """The stake of the deal in progress: the game's, with the pending calls (a new game starts at 1)."""
    barred: int | None
    """The seat that may not raise the stake next: it raised last in this game and was accepted."""
    next_dealer: int
    forced: int | None
    """The seat that must play the next deal after a held tie (``hanging: "forced"``), else None."""

    @property
    def settled(self) -> tuple[GameResult, ...]:
        return tuple(g.result for g in self.games if g.result is not None)

    @property
    def match_points(self) -> tuple[int, ...]:
        """Per side, the game points of the finished games."""
        return tuple(sum(r.game_points[s] for r in self.settled) for s in range(len(self.sheet.totals)))

    @property
    def money(self) -> tuple[int, ...]:
        """Per side, the money of the finished games (zeros when not played for money)."""
        return tuple(sum(r.money[s] for r in self.settled) for s in range(len(self.sheet.totals)))

    @property
    def game_over(self) -> bool:
        """True when the current game has ended (the match may go on with the next deal)."""
        return self.sheet.outcome is not None


@dataclass(frozen=True, slots=True)
class Change:
    """What an undo restores: the deals and the pending stakes before a change, and what the change was."""

    what: str
    deals: tuple[EnteredDeal, ...]
    pending: tuple[StakeCall, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"what": self.what, "deals": [d.to_json() for d in self.deals]}
        if self.pending:
            out["pending"] = [c.to_json() for c in self.pending]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Change:
        return cls(str(data.get("what", "change")), tuple(EnteredDeal.from_json(d) for d in data.get("deals", ())),
                   tuple(StakeCall.from_json(c) for c in data.get("pending", ())))


class _Builder:
    """Writes entered deals in order: each game on a fresh sheet, settled by the engine when it ends, the next
    game dealt as the engine's match says, until the match has a winner. Its errors do not name the deal."""

    def __init__(self, pad: Pad) -> None:
        self.pad = pad
        self.rules = pad.rules
        self.kind = offer_kind(pad.rules)
        self.done: list[PadGame] = []
        self.results: list[DealResult] = []
        self.stakes: list[tuple[int, ...]] = []
        self.winner: int | None = None
        self._open(pad.first_dealer)

    def _open(self, dealer: int) -> None:
        self.sheet = ScoreSheet(self.rules, dealer)
        self.start = len(self.results)
        self.multiplier = 1
        self.barred: int | None = None

    def _next_game(self) -> None:
        """Start the next game when the current one is over and the match goes on."""
        outcome = self.sheet.outcome
        if outcome is not None and self.winner is None:
            self._open(next_game_dealer(self.rules, self.results[-1].dealer, outcome.winner))

    def over_message(self) -> str:
        assert self.winner is not None
        side = self.pad.side_name(self.winner)
        if self.rules.match_target is None:
            return _("the game is over: {side} won").format(side=side)
        return _("the match is over: {side} won it").format(side=side)

    def step(self, deal: EnteredDeal) -> DealPoints:
        """Check ``deal`` as the next one and write it; returns its points."""
        if self.winner is not None:
            raise PadError(self.over_message())
        self._next_game()
        stakes = self.calls(deal.stakes, ends=deal.kind == STAKE_REFUSED)
        sheet = self.sheet
        dp = self.pad.deal_points(deal, sheet.totals, sheet.forced_bidder)
        sheet.write(deal.dealer, deal.trump, dp)
        self.results.append(sheet.results[-1])
        self.stakes.append(stakes)
        if sheet.outcome is not None:
            result = settle(sheet, self.multiplier, len(self.done))
            self.done.append(self._game(result))
            self.winner = match_winner(self.rules, [g.result for g in self.done if g.result is not None])
        return dp

    def _game(self, result: GameResult | None) -> PadGame:
        return PadGame(len(self.done), self.sheet.first_dealer, range(self.start, len(self.results)), self.sheet,
                       self.multiplier, result)

    def calls(self, calls: Sequence[StakeCall], ends: bool) -> tuple[int, ...]:
        """Check the stakes raised during one deal of the current game (``ends``: the deal ended by a refusal)
        and apply them; returns the multiplier after each."""
        if not calls:
            if ends:
                raise PadError(_("whose double or «даве» was refused? name the player who raised the stake"))
            return ()
        if self.kind is None:
            raise PadError(_("nobody raises the stake under these rules ({rule}): «Дайви» and «даве» are for 2 "
                             "players").format(rule=self.pad.rule_in_force("doubling")))
        out: list[int] = []
        n = self.rules.players
        for i, call in enumerate(calls):
            if isinstance(call.seat, bool) or not isinstance(call.seat, int) or not 0 <= call.seat < n:
                raise PadError(_("the stake is raised by a player 0..{last}, not {seat!r}").format(
                    last=n - 1, seat=call.seat))
            name = self.pad.names[call.seat]
            if call.seat == self.barred:
                raise PadError((_("{name} cannot double again: the players alternate, only the one who accepted the "
                                  "last double may double next") if self.kind is OfferKind.DOUBLE else
                                _("{name} cannot say «даве» twice in a row: only the one who played on may say the "
                                  "next one")).format(name=name))
            last = i == len(calls) - 1
            if not call.accepted and not (last and ends):
                raise PadError(_("a refused double or a conceded «даве» ends the game: it can only be the deal's "
                                 "last call"))
            if call.accepted and last and ends:
                raise PadError(_("the deal ended by a refused stake: its last call is the refused one"))
            if call.accepted:
                self.multiplier = raised_stake(self.rules, self.kind, self.multiplier)
                self.barred = call.seat
            out.append(self.multiplier)
        return tuple(out)

    def finish(self, pending: Sequence[StakeCall] = ()) -> Tally:
        """The tally of the deals written, with ``pending`` (stakes raised in the deal in progress) checked."""
        games = list(self.done)
        if self.sheet.outcome is None and self.start < len(self.results):
            games.append(self._game(None))
        sheet = self.sheet
        if self.winner is None:
            self._next_game()
            try:
                self.calls(pending, ends=False)
            except PadError as exc:
                raise PadError(_("the deal in progress: {reason}").format(reason=exc)) from None
        elif pending:
            raise PadError(_("the deal in progress: {reason}").format(reason=self.over_message()))
        return Tally(tuple(games), tuple(self.results), tuple(self.stakes), sheet, self.winner, self.multiplier,
                     self.barred, self.sheet.next_dealer, self.sheet.forced_bidder)


# -- the pad ------------------------------------------------------------------------------------

UNDO_DEPTH: Final = 100
PAD_VERSION: Final = 2
"""The pad file's version: 2 added the stakes raised at the table (``stakes``, ``pending``); 1 is read as it is."""


@dataclass
class Pad:
    """One game's or one match's score pad: the rules, who plays, who dealt first and the deals entered so far.

    ``pending``: the stakes raised (and accepted) during the deal in progress, recorded as they were said; the
    deal that is entered next carries them (:meth:`with_pending`).
    """

    rules: Rules
    names: list[str]
    first_dealer: int = 0
    deals: list[EnteredDeal] = field(default_factory=list)
    id: str = ""
    created: str = ""
    updated: str = ""
    undo_stack: list[Change] = field(default_factory=list)
    pending: tuple[StakeCall, ...] = ()
    _tally: Tally | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.rules.players
        if len(self.names) != n:
            raise PadError(_("{n} players need {n} names, not {count}").format(n=n, count=len(self.names)))
        names = [name.strip() for name in self.names]
        if any(not name for name in names):
            raise PadError(_("every player needs a name"))
        if len({name.casefold() for name in names}) != n:
            raise PadError(_("two players have the same name"))
        self.names = names
        if not 0 <= self.first_dealer < n:
            raise PadError(_("the first dealer must be a seat 0..{last}, not {seat}").format(last=n - 1, seat=self.first_dealer))

    # -- names ---------------------------------------------------------------------------------

    @property
    def sides(self) -> int:
        return self.rules.sides

    def side_name(self, side: int) -> str:
        return "+".join(self.names[seat] for seat in self.rules.side_seats(side))

    def rule_in_force(self, key: str) -> str:
        """A rule of this pad as a player says it — "a renege — a new deal, 100 off" — for a message that names it
        (never the option's key and code value)."""
        return f"{option_name(key)} — {rule_value(key, self.rules.to_dict().get(key))}"

    @property
    def side_names(self) -> list[str]:
        return [self.side_name(s) for s in range(self.sides)]

    def seat_ref(self, text: str | int) -> int:
        """A seat from its number (0-based) or a player's name (or the start of one)."""
        return _ref(text, self.names, N_("player"))

    def side_ref(self, text: str | int) -> int:
        """A side from its number (0-based), a player's name or the side's name (``A+C``)."""
        if isinstance(text, int) or str(text).strip().isdigit():
            return _ref(text, self.side_names, N_("side"))
        key = str(text).strip().casefold()
        for side, name in enumerate(self.side_names):
            if key == name.casefold():
                return side
        return self.rules.side_of(_ref(text, self.names, N_("player or side")))

    # -- the sheet -----------------------------------------------------------------------------

    @property
    def is_match(self) -> bool:
        """Whether the pad keeps a match (several games to ``match_target`` game points), not one game."""
        return self.rules.match_target is not None

    @property
    def stake_kind(self) -> OfferKind | None:
        """What a player may raise the stake with under the pad's rules: a double, a «даве», or nothing."""
        return offer_kind(self.rules)

    @property
    def tally(self) -> Tally:
        """The games, rows and stakes of all deals entered (recomputed after every change)."""
        if self._tally is None:
            self._tally = self._build(self.deals, self.pending)
        return self._tally

    @property
    def sheet(self) -> ScoreSheet:
        """The current game's score sheet: the game in progress, or the one just finished."""
        return self.tally.sheet

    @property
    def games(self) -> tuple[PadGame, ...]:
        return self.tally.games

    @property
    def results(self) -> list[DealResult]:
        """Each deal's sheet row, in the pad's order (each game's rows on its own sheet)."""
        return list(self.tally.results)

    @property
    def suggested_dealer(self) -> int:
        return self.tally.next_dealer

    @property
    def is_over(self) -> bool:
        """True once the match (a pad of one game: the game) has a winner: no more deals can be entered."""
        return self.tally.winner is not None

    def _build(self, deals: Sequence[EnteredDeal], pending: Sequence[StakeCall] = ()) -> Tally:
        return self._written(deals).finish(pending)

    def _written(self, deals: Sequence[EnteredDeal]) -> _Builder:
        """A builder that has written ``deals``; a refusal names the deal."""
        builder = _Builder(self)
        for i, deal in enumerate(deals):
            if builder.winner is not None:
                later = len(deals) - i
                side = self.side_name(builder.winner)
                if self.is_match:
                    message = ngettext(
                        "the match ends at deal {number} ({side} wins it), but {n} deal follows: delete them first",
                        "the match ends at deal {number} ({side} wins it), but {n} deals follow: delete them first",
                        later)
                else:
                    message = ngettext(
                        "the game ends at deal {number} ({side} wins), but {n} deal follows: delete them first",
                        "the game ends at deal {number} ({side} wins), but {n} deals follow: delete them first",
                        later)
                raise PadError(message.format(number=i, side=side, n=later))
            try:
                dp = builder.step(deal)
            except PadError as exc:
                raise PadError(_("deal {number}: {reason}").format(number=i + 1, reason=exc)) from None
            self._check_decided(deal, dp, builder.sheet, i)
        return builder

    def _check_decided(self, deal: EnteredDeal, dp: DealPoints, sheet: ScoreSheet, i: int) -> None:
        """With ``both_over: last_trick`` the last trick decides a game where several sides are over."""
        if self.rules.both_over is not BothOver.LAST_TRICK or dp.outcome not in sc.PLAYED_OUT or deal.last_trick is not None:
            return
        over = [s for s in range(self.sides) if sheet.totals[s] >= self.rules.target]
        if len(over) > 1 and not self.rules.short:
            raise PadError(_("deal {number}: several sides are over {target}: say who took the last trick").format(
                number=i + 1, target=self.rules.target))

    # -- changes -------------------------------------------------------------------------------

    def check(self, deal: EnteredDeal, index: int | None = None) -> DealPoints:
        """Check one deal as the ``index``-th (default: the next) and return its points; raises :class:`PadError`."""
        index = len(self.deals) if index is None else index
        return self._written(self.deals[:index]).step(deal)

    def forced_before(self, index: int) -> int | None:
        """The seat that must play deal ``index`` (0-based) after a held tie (``hanging: "forced"``), else None."""
        return self._build(self.deals[:index]).forced

    def with_pending(self, deal: EnteredDeal) -> EnteredDeal:
        """``deal`` with the stakes raised while it was played and recorded as they were said put first."""
        return replace(deal, stakes=(*self.pending, *deal.stakes)) if self.pending else deal

    def add(self, deal: EnteredDeal) -> DealResult:
        """Enter the next deal; returns its sheet row. The pending stakes are the deal's now: pass them in it
        (:meth:`with_pending`), they are not kept after it."""
        self.check(deal)
        self._change("add deal", [*self.deals, deal], ())
        return self.results[-1]

    def raise_stake(self, seat: int, accepted: bool = True) -> DealResult | None:
        """Record a stake raised at the table as it is said (§12): ``seat`` doubled or said «даве».

        Accepted (played on): the deal in progress goes on at the raised stake (it is :attr:`pending` until the
        deal is entered). Refused (conceded): the game ends here, ``seat`` wins it — the deal is entered as
        :data:`STAKE_REFUSED` and its sheet row returned.
        """
        what, deals, pending = self._stake_change(seat, accepted)
        self._change(what, deals, pending)
        return None if accepted else self.results[-1]

    def check_stake(self, seat: int, accepted: bool = True) -> None:
        """Raise :class:`PadError` if :meth:`raise_stake` would refuse it; change nothing."""
        _what, deals, pending = self._stake_change(seat, accepted)
        self._build(deals, pending)

    def _stake_change(self, seat: int, accepted: bool) -> tuple[str, list[EnteredDeal], tuple[StakeCall, ...]]:
        call = StakeCall(seat, accepted)
        if accepted:
            return "raise stake", list(self.deals), (*self.pending, call)
        tally = self.tally
        deal = EnteredDeal(dealer=tally.next_dealer, kind=STAKE_REFUSED, bidder=tally.forced,
                           stakes=(*self.pending, call))
        self.check(deal)
        return "add deal", [*self.deals, deal], ()

    def replace(self, index: int, deal: EnteredDeal) -> None:
        """Edit deal ``index`` (0-based); every later row recomputes, the games and the match with them."""
        self._index(index)
        self.check(deal, index)
        deals = list(self.deals)
        deals[index] = deal
        self._change(f"edit deal {index + 1}", deals, self.pending)

    def delete(self, index: int) -> None:
        self._index(index)
        deals = list(self.deals)
        del deals[index]
        self._change(f"delete deal {index + 1}", deals, self.pending)

    def undo(self) -> str:
        """Take back the last change; returns what was undone."""
        if not self.undo_stack:
            raise PadError(_("nothing to undo"))
        change = self.undo_stack.pop()
        self.deals = list(change.deals)
        self.pending = change.pending
        self._tally = None
        return change.what

    def _index(self, index: int) -> None:
        if not 0 <= index < len(self.deals):
            raise PadError(ngettext("no deal {number}: the pad has {n} deal", "no deal {number}: the pad has {n} deals",
                                    len(self.deals)).format(number=index + 1, n=len(self.deals)))

    def _change(self, what: str, deals: list[EnteredDeal], pending: tuple[StakeCall, ...]) -> None:
        tally = self._build(deals, pending)  # refuses a change that breaks a later deal or the pending stakes
        self.undo_stack.append(Change(what, tuple(self.deals), self.pending))
        del self.undo_stack[:-UNDO_DEPTH]
        self.deals = deals
        self.pending = pending
        self._tally = tally

    # -- one deal into DealPoints ----------------------------------------------------------------

    def deal_points(self, deal: EnteredDeal, totals: Sequence[int] = (), forced: int | None = None) -> DealPoints:
        """Check an entered deal and convert it; ``totals`` (before it) are needed to check a claim and to strike
        a false claim, ``forced`` is the seat that must play this deal after a held tie (``hanging: "forced"``)."""
        rules = self.rules
        n, nsides = rules.players, rules.sides
        if deal.kind not in KINDS:
            raise PadError(_("unknown kind of deal {kind!r} (one of: {kinds})").format(kind=deal.kind, kinds=", ".join(KINDS)))
        if not isinstance(deal.dealer, int) or not 0 <= deal.dealer < n:
            raise PadError(_("the dealer must be a seat 0..{last}, not {dealer!r}").format(last=n - 1, dealer=deal.dealer))
        if deal.bidder is not None and (not isinstance(deal.bidder, int) or not 0 <= deal.bidder < n):
            raise PadError(_("the bidder must be a seat 0..{last} ({names}), not {bidder!r}").format(
                last=n - 1, names=", ".join(self.names), bidder=deal.bidder))
        for what, value in ((N_("the last trick must be a side 0..{last}, not {value!r}"), deal.last_trick),
                            (N_("the winner must be a side 0..{last}, not {value!r}"), deal.winner)):
            if value is not None and (not isinstance(value, int) or not 0 <= value < nsides):
                raise PadError(_(what).format(last=nsides - 1, value=value))
        for value in deal.false_claims:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < nsides:
                raise PadError(_("a false claim is made by a side 0..{last}, not {value!r}").format(last=nsides - 1, value=value))
        if deal.trump is not None and deal.trump not in ("C", "D", "H", "S"):
            raise PadError(_("trump must be C, D, H or S, not {trump!r}").format(trump=deal.trump))
        if len(deal.cards) > nsides or len(deal.declared) > nsides or len(deal.took_trick) > nsides:
            raise PadError(_("this game has {nsides} sides: too many values entered").format(nsides=nsides))
        if forced is not None and deal.kind != THROWN:
            if deal.kind == CONCEDED:
                raise PadError(_("the forced deal cannot be conceded for fifty"))
            if deal.bidder is not None and deal.bidder != forced:
                raise PadError(_("this is the forced deal: {name} plays it (the tied deal's bidder, no bidding)").format(
                    name=self.names[forced]))
            deal = _with_bidder(deal, forced)
        if deal.faults and deal.kind != PLAYED:
            raise PadError(_("table penalties are entered with a deal played out"))
        if deal.false_claims and deal.kind != PLAYED:
            raise PadError(_("a false claim during the deal is entered with a deal played out"))
        zeros = (0,) * nsides
        bidder_side = None if deal.bidder is None else rules.side_of(deal.bidder)

        if deal.kind == THROWN:
            self._check_throw(deal)
            return DealPoints(sc.THROWN_IN, None, zeros, zeros, zeros, None, zeros, None, None, deal.reason)
        if deal.reason:
            raise PadError(_("a reason is given only for a thrown-in deal"))
        if deal.kind in (DEBERTZ, KLABOR):
            self._check_instant(deal)
            assert deal.winner is not None
            return DealPoints(
                sc.DEBERTZ_WON if deal.kind == DEBERTZ else sc.KLABOR_WON, bidder_side, zeros, zeros, zeros,
                None, zeros, None, deal.winner, deal.kind,
            )
        if deal.kind in (CLAIM, FALSE_CLAIM):
            return self._claim_points(deal, bidder_side, totals)
        if deal.kind == CONCEDED:
            return self._conceded(deal, bidder_side)
        if deal.kind == STAKE_REFUSED:
            return self._stake_refused(deal, bidder_side)

        # played out
        void = self._void_renege(deal)
        if void is not None:
            return void
        if deal.bidder is None:
            raise PadError(_("who took trump? enter the bidder"))
        if deal.winner is not None:
            raise PadError(_("a played-out deal has no winner of its own: the sheet decides"))
        cards = self._cards(deal)
        took = self._tricks(deal, cards)
        combos, bella, combos_side = self._declarations(deal, took, forced=forced is not None)
        table = [0] * nsides
        baited = self._faults(deal, cards, took, combos, bella, table)
        tricks = tuple(1 if t else 0 for t in took)
        points = [c + k + b for c, k, b in zip(cards, combos, bella, strict=True)]
        assert bidder_side is not None
        first = rules.first_leader(deal.dealer, deal.bidder)
        outcome = sc.verdict(rules, bidder_side, points) if baited is None else sc.BAIT
        return DealPoints(
            outcome, bidder_side if baited is None else baited, tuple(cards), tuple(combos), tuple(bella),
            combos_side, tricks, deal.last_trick, None, "", first, bidder_seat=deal.bidder,
            struck=self._struck(deal, totals), table=tuple(table) if any(table) else (),
        )

    def _struck(self, deal: EnteredDeal, totals: Sequence[int]) -> tuple[int, ...]:
        """§8 ``false_claim: "double_to_opponent"``: the engine's strike for each false claim, in order."""
        if not deal.false_claims:
            return ()
        rules = self.rules
        if rules.false_claim is not FalseClaim.DOUBLE_TO_OPPONENT:
            raise PadError(_("play goes on after a false claim only where a wrong claim means «{wanted}», not under these "
                             "rules ({rule})").format(wanted=rule_value("false_claim", FalseClaim.DOUBLE_TO_OPPONENT.value),
                                                      rule=self.rule_in_force("false_claim")))
        running = list(totals) if totals else [0] * rules.sides
        order = tuple((deal.dealer + 1 + i) % rules.players for i in range(rules.players))
        struck = [0] * rules.sides
        for side in deal.false_claims:
            moved = sc.false_claim_strike(rules, running, side, order)
            running = [t + m for t, m in zip(running, moved, strict=True)]
            struck = [a + m for a, m in zip(struck, moved, strict=True)]
        return tuple(struck)

    def _conceded(self, deal: EnteredDeal, bidder_side: int | None) -> DealPoints:
        """§8 concede for fifty: the bidder writes 50 (the sheet writes it), the defender 0."""
        rules = self.rules
        if not rules.concede_50 or rules.players != 2:
            raise PadError(_("nobody concedes for fifty under these rules (concede_50: only with 2 players, when on)"))
        if deal.bidder is None or bidder_side is None:
            raise PadError(_("who took trump? the bidder writes 50"))
        if any(c for c in deal.cards if c) or any(not d.empty for d in deal.declared) or deal.winner is not None:
            raise PadError(_("a conceded deal is not played: leave points and declarations empty"))
        zeros = (0,) * rules.sides
        return DealPoints(sc.CONCEDED, bidder_side, zeros, zeros, zeros, None, zeros, None, None, "concede_50",
                          bidder_seat=deal.bidder)

    def _stake_refused(self, deal: EnteredDeal, bidder_side: int | None) -> DealPoints:
        """§12: a refused double or a conceded «даве» ends the game; the offerer's side wins (the sheet writes
        nothing, :func:`~deberc_tui.engine.match.settle` says what the game is worth)."""
        rules = self.rules
        kind = offer_kind(rules)
        if kind is None:
            raise PadError(_("nobody raises the stake under these rules ({rule}): «Дайви» and «даве» are for 2 "
                             "players").format(rule=self.rule_in_force("doubling")))
        last = deal.stakes[-1] if deal.stakes else None
        if last is None or last.accepted or not 0 <= last.seat < rules.players:
            raise PadError(_("whose double or «даве» was refused? name the player who raised the stake"))
        side = rules.side_of(last.seat)
        if deal.winner is not None and deal.winner != side:
            raise PadError(_("{name} raised the stake and it was refused, so {name} wins the game").format(
                name=self.names[last.seat]))
        if any(c for c in deal.cards if c) or any(not d.empty for d in deal.declared):
            raise PadError(_("a game ended by a refused stake is not played on: leave points and declarations empty"))
        zeros = (0,) * rules.sides
        outcome = sc.DOUBLE_REFUSED if kind is OfferKind.DOUBLE else sc.DAVE_CONCEDED
        return DealPoints(outcome, bidder_side, zeros, zeros, zeros, None, zeros, None, side, outcome.value,
                          bidder_seat=deal.bidder)

    def _void_renege(self, deal: EnteredDeal) -> DealPoints | None:
        """§11 ``renege_penalty: "redeal_minus_100"``: the deal is void and the offender's side loses 100."""
        rules = self.rules
        if rules.renege_penalty != "redeal_minus_100" or not any(f.kind is FaultKind.RENEGE for f in deal.faults):
            return None
        if any(c for c in deal.cards if c) or any(not d.empty for d in deal.declared) or deal.winner is not None:
            raise PadError(_("a renege voids the deal under these rules ({rule}): leave points and declarations empty").format(
                rule=self.rule_in_force("renege_penalty")))
        if deal.false_claims:
            raise PadError(_("a void deal has no false claims to strike"))
        table = [0] * rules.sides
        for fault in deal.faults:
            side = self._fault_side(deal, fault)
            if fault.kind is FaultKind.RENEGE or (fault.kind is FaultKind.MISSED_CUT and rules.cut_penalty is CutPenalty.MINUS_100):
                table[side] -= FINE
            else:
                raise PadError(_("the deal is void after the renege: only a missed cut's 100 can go with it"))
        zeros = (0,) * rules.sides
        return DealPoints(sc.THROWN_IN, None, zeros, zeros, zeros, None, zeros, None, None, "renege",
                          bidder_seat=deal.bidder, table=tuple(table))

    def _fault_side(self, deal: EnteredDeal, fault: Fault) -> int:
        """The side a fault is held against, checked (a missed cut: always the dealer's)."""
        rules = self.rules
        if not isinstance(fault.kind, FaultKind):
            raise PadError(_("unknown table penalty {kind!r}").format(kind=fault.kind))
        dealer_side = rules.side_of(deal.dealer)
        if fault.kind is FaultKind.MISSED_CUT:
            if rules.cut_penalty is CutPenalty.NONE:
                raise PadError(_("a missed cut costs nothing under these rules ({rule})").format(
                    rule=self.rule_in_force("cut_penalty")))
            if fault.side is not None and fault.side != dealer_side:
                raise PadError(_("only the dealer offers the cut: {name} dealt").format(name=self.names[deal.dealer]))
            return dealer_side
        for value in (fault.side, fault.to):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < rules.sides):
                raise PadError(_("a table penalty names a side 0..{last}, not {value!r}").format(last=rules.sides - 1, value=value))
        if fault.side is None:
            raise PadError(_("whose fault? name the player"))
        return fault.side

    def _other_side(self, fault: Fault, side: int, what: str) -> int:
        """The side that gets a renege's trick or checked a pencil entry: named with 3 players, else the other."""
        if fault.to is not None:
            if fault.to == side:
                raise PadError(_("{what} goes to the other side, not to {name}").format(what=_(what), name=self.side_name(side)))
            return fault.to
        if self.rules.sides > 2:
            raise PadError(_("{what}: name the side it goes to").format(what=_(what)))
        return 1 - side

    def _faults(self, deal: EnteredDeal, cards: list[int], took: list[bool], combos: list[int], bella: list[int],
                table: list[int]) -> int | None:
        """Apply the deal's table penalties (§11) as the options say; returns the side baited by one, if any.

        A renege under ``lose_trick`` moves the trick's card points before the deal is judged; a pencil
        correction keeps an understated entry and gives an overstated one's excess to the checker; a fine is
        taken off. The sheet does the bait itself: the baited side stands where the baited bidder stands.
        """
        rules = self.rules
        baited: set[int] = set()
        for fault in deal.faults:
            side = self._fault_side(deal, fault)
            if fault.kind is not FaultKind.RENEGE and fault.kind is not FaultKind.PENCIL and (
                    fault.points is not None or fault.to is not None):
                raise PadError(_("only a renege's trick or a pencil correction has points"))
            if fault.kind is FaultKind.MISSED_CUT:
                if rules.cut_penalty is CutPenalty.MINUS_100:
                    table[side] -= FINE
                else:
                    baited.add(side)
            elif fault.kind is FaultKind.BAIT_ON_CARDS:
                if fault.offence not in OFFENCES:
                    raise PadError(_("which «байт на картах»? one of: {offences}").format(offences=", ".join(OFFENCES)))
                baited.add(side)
            elif fault.kind is FaultKind.RENEGE:
                if rules.renege_penalty is RenegePenalty.BAIT:
                    if fault.points is not None or fault.to is not None:
                        raise PadError(_("a renege is a bait on the cards under these rules: no trick goes over"))
                    baited.add(side)
                    continue
                other = self._other_side(fault, side, N_("the renege's trick"))
                moved = fault.points
                if moved is None or not 0 <= moved <= cards[side]:
                    raise PadError(_("the renege's trick: give its card points, 0..{most} ({name} took {most})").format(
                        most=cards[side], name=self.side_name(side)))
                cards[side] -= moved
                cards[other] += moved
                took[other] = True
            else:
                self._pencil(fault, side, cards, combos, bella, table)
        if len(baited) > 1:
            raise PadError(_("one side is baited in a deal, not {sides}").format(
                sides=_(" and ").join(self.side_name(s) for s in sorted(baited))))
        return next(iter(baited), None)

    def _pencil(self, fault: Fault, side: int, cards: list[int], combos: list[int], bella: list[int],
                table: list[int]) -> None:
        """§11 ``pencil_rule``: the entry ``fault.points`` written for ``side`` against its deal points."""
        if not self.rules.pencil_rule:
            raise PadError(_("entries are not checked under these rules ({rule}): edit the deal instead").format(
                rule=self.rule_in_force("pencil_rule")))
        written = fault.points
        if written is None or not 0 <= written <= MAX_POSTED:
            raise PadError(_("the pencil correction: what did {name} write?").format(name=self.side_name(side)))
        checker = self._other_side(fault, side, N_("the overstated excess"))
        true = cards[side] + combos[side] + bella[side]
        error = written - true
        if error == 0:
            raise PadError(_("{name} wrote {points}, which is right: nothing to correct").format(
                name=self.side_name(side), points=written))
        if abs(error) == PENCIL_SLIP:
            return  # only corrected
        if error > 0:
            table[checker] += error  # the excess goes to the checker's side
            return
        short = -error  # an understatement stands: the side keeps what it wrote
        for part in (cards, combos, bella):
            taken = min(part[side], short)
            part[side] -= taken
            short -= taken

    def _check_throw(self, deal: EnteredDeal) -> None:
        rules = self.rules
        if deal.reason not in THROW_REASONS:
            raise PadError(_("why was the deal thrown in? one of: {reasons}").format(reasons=", ".join(THROW_REASONS)))
        if deal.reason == ThrowInReason.ALL_PASS and rules.all_pass is not AllPass.REDEAL:
            raise PadError(_("a deal is not thrown in when everybody passes under these rules ({rule})").format(
                rule=self.rule_in_force("all_pass")))
        if deal.reason == ThrowInReason.FOUR_SEVENS and not rules.four_sevens_redeal:
            raise PadError(_("four sevens give no redeal under these rules ({rule})").format(
                rule=self.rule_in_force("four_sevens_redeal")))
        if deal.reason == ThrowInReason.LOW_POINTS and rules.low_points_redeal is None:
            raise PadError(_("a weak hand gives no redeal under these rules ({rule})").format(
                rule=self.rule_in_force("low_points_redeal")))
        if any(c for c in deal.cards if c) or any(not d.empty for d in deal.declared) or deal.winner is not None:
            raise PadError(_("a thrown-in deal scores nothing: leave points and declarations empty"))

    def _check_instant(self, deal: EnteredDeal) -> None:
        if deal.kind == DEBERTZ and self.rules.debertz is Debertz.OFF:
            raise PadError(_("debertz does not win the game under these rules ({rule}): enter it as a fifty or hundred").format(
                rule=self.rule_in_force("debertz")))
        if deal.kind == DEBERTZ and self.rules.debertz == "target_points":
            raise PadError(_("a debertz is worth {target} under these rules ({rule}): enter the deal as played, with the "
                             "debertz among the declarations").format(target=self.rules.target,
                                                                      rule=self.rule_in_force("debertz")))
        if deal.kind == KLABOR and not self.rules.klabor:
            raise PadError(_("klabor is not played under these rules ({rule})").format(rule=self.rule_in_force("klabor")))
        if deal.winner is None:
            raise PadError(_("which side declared debertz?") if deal.kind == DEBERTZ else _("which side declared klabor?"))

    def _claim_points(self, deal: EnteredDeal, bidder_side: int | None, totals: Sequence[int]) -> DealPoints:
        rules = self.rules
        nsides = rules.sides
        if not rules.claims:
            raise PadError(_("claims are not played under these rules ({rule})").format(rule=self.rule_in_force("claims")))
        if deal.winner is None:
            raise PadError(_("which side claimed?"))
        side = deal.winner
        zeros = (0,) * nsides
        if deal.kind == FALSE_CLAIM:
            if rules.false_claim is FalseClaim.DOUBLE_TO_OPPONENT:
                raise PadError(_("play goes on after a false claim under these rules ({rule}): enter the deal as played, "
                                 "with the false claim").format(rule=self.rule_in_force("false_claim")))
            if rules.false_claim is not FalseClaim.LOSES:
                raise PadError(_("a false claim changes nothing under these rules ({rule}): enter the deal as played").format(
                    rule=self.rule_in_force("false_claim")))
            return DealPoints(sc.CLAIM_LOST, bidder_side, zeros, zeros, zeros, None, zeros, None, None, "claim",
                              None, side)
        cards = [0] * nsides
        entered = _pad_out(deal.cards, nsides, None)
        mine = entered[side] or 0
        if mine < 0:
            raise PadError(_("card points cannot be negative ({mine})").format(mine=mine))
        if mine > CARD_TOTAL:
            raise PadError(_("{side} cannot have {points} card points before the last trick (all cards are {total})").format(
                side=self.side_name(side), points=mine, total=CARD_TOTAL))
        if any(c for s, c in enumerate(entered) if s != side and c):
            raise PadError(_("after a claim only the claiming side's points count: leave the others empty"))
        cards[side] = mine
        combos, bella, combos_side = self._declarations(deal, [True] * nsides, claim=True)
        if any(k for s, k in enumerate(combos) if s != side) or any(b for s, b in enumerate(bella) if s != side):
            raise PadError(_("after a claim only the claiming side's declarations count: leave the others empty"))
        counted = (totals[side] if totals else 0) + cards[side] + combos[side] + bella[side]
        if counted < rules.target:
            raise PadError(
                _("{side}'s claim is false: {counted} is under {target}; enter it as a false claim").format(
                    side=self.side_name(side), counted=counted, target=rules.target)
            )
        return DealPoints(sc.CLAIM_WON, bidder_side, tuple(cards), tuple(combos), tuple(bella), combos_side,
                          zeros, None, side, "claim", None, side)

    def _cards(self, deal: EnteredDeal) -> list[int]:
        rules = self.rules
        nsides = rules.sides
        entered = _pad_out(deal.cards, nsides, None)
        for value in entered:
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise PadError(_("card points must be whole numbers, not {value!r}").format(value=value))
            if value is not None and value < 0:
                raise PadError(_("card points cannot be negative ({value})").format(value=value))
        low, high = card_range(rules)
        if rules.players == 4:
            known = [v for v in entered if v is not None]
            if not known:
                raise PadError(_("enter one side's card points (the other side has 162 minus them)"))
            for value in known:
                if value > FOUR_PLAYER_TOTAL:
                    raise PadError(_("{value} card points are more than the deal holds ({total} with the last trick)").format(value=value, total=FOUR_PLAYER_TOTAL))
            if len(known) == 2 and sum(known) != FOUR_PLAYER_TOTAL:
                raise PadError(_("card points {a} + {b} = {sum}, but all cards with the last trick are {total}").format(
                    a=known[0], b=known[1], sum=sum(known), total=FOUR_PLAYER_TOTAL))
            cards = [v if v is not None else FOUR_PLAYER_TOTAL - known[0] for v in entered]
        else:
            missing = [self.side_name(s) for s, v in enumerate(entered) if v is None]
            if missing:
                raise PadError(_("enter the card points of every side: {sides} missing").format(sides=", ".join(missing)))
            cards = [int(v) for v in entered if v is not None]
            total = sum(cards)
            shown = " + ".join(map(str, cards))
            if total > high:
                raise PadError(_("card points {shown} = {total}: a {players}-player deal holds at most {high} with the last trick").format(shown=shown, total=total, players=rules.players, high=high))
            if total < low:
                raise PadError(_("card points {shown} = {total}: a {players}-player deal holds at least {low} with the last trick").format(shown=shown, total=total, players=rules.players, low=low))
        if deal.last_trick is not None and cards[deal.last_trick] < LAST_TRICK:
            raise PadError(
                _("{side} took the last trick, so it has at least 10 card points, not {points}").format(
                    side=self.side_name(deal.last_trick), points=cards[deal.last_trick])
            )
        if max(cards) < LAST_TRICK:
            raise PadError(_("no side has 10 card points, but the last trick alone is worth 10"))
        return cards

    def _tricks(self, deal: EnteredDeal, cards: Sequence[int]) -> list[bool]:
        """Whether each side took a trick; asks (raises) where it matters and cannot be told."""
        rules = self.rules
        said = _pad_out(deal.took_trick, rules.sides, None)
        out: list[bool] = []
        for side, (value, points) in enumerate(zip(said, cards, strict=True)):
            name = self.side_name(side)
            if value is False and points > 0:
                raise PadError(_("{name} has {points} card points, so it took a trick").format(name=name, points=points))
            if value is False and deal.last_trick == side:
                raise PadError(_("{name} took the last trick, so it took a trick").format(name=name))
            if value is None and points == 0 and deal.last_trick != side:
                declared = _pad_out(deal.declared, rules.sides, Declared())[side]
                if (rules.ski_penalty or (rules.combos_need_trick and declared.has_combos)
                        or (rules.bella_needs_trick and declared.bella)):
                    raise PadError(_("{name} has no card points: did it take a trick? (it decides a penalty or its combinations)").format(name=name))
                value = False
            out.append(True if value is None else value)
        if not any(out):
            raise PadError(_("some side took the tricks"))
        return out

    def _declarations(
        self, deal: EnteredDeal, took: Sequence[bool], claim: bool = False, forced: bool = False
    ) -> tuple[list[int], list[int], int | None]:
        rules = self.rules
        nsides = rules.sides
        declared = _pad_out(deal.declared, nsides, Declared())
        hand = hand_size(rules)
        combos = [0] * nsides
        bella = [0] * nsides
        for side, d in enumerate(declared):
            name = self.side_name(side)
            for key in ("terz", "fifty", "hundred", "total", "debertz"):
                value = getattr(d, key)
                if value is not None and value < 0:
                    raise PadError(_("{name}: declarations cannot be negative ({key} {value})").format(name=name, key=key, value=value))
            if forced and d.has_combos:
                raise PadError(_("{name}: nobody declares terz, fifty, hundred or debertz in the forced deal, only bella").format(
                    name=name))
            if d.hundred and not rules.hundred:
                raise PadError(_("{name}: no hundred under these rules ({rule}): six in a row is a fifty").format(
                    name=name, rule=self.rule_in_force("hundred")))
            if d.debertz and rules.debertz is Debertz.OFF:
                raise PadError(_("{name}: no debertz under these rules ({rule})").format(
                    name=name, rule=self.rule_in_force("debertz")))
            if d.debertz and rules.debertz is Debertz.WIN:
                raise PadError(_("{name}: a debertz wins the game under these rules ({rule}): enter the deal as debertz").format(
                    name=name, rule=self.rule_in_force("debertz")))
            points = d.combo_points
            run_cards = hand - d.debertz * rules.debertz_length  # what the debertz runs leave for the others
            if (points > 0 or d.debertz) and (run_cards < 0 or not _combos_possible(
                    points, run_cards, rules.hundred_length if rules.hundred else None)):
                what = _("{points} points of combinations").format(points=points) if d.total is not None else d.notation()
                raise PadError(_("{name}: {what} cannot be held in {hand} cards").format(name=name, what=what, hand=hand))
            points = d.points_under(rules)
            if points > 0 and rules.combos_need_trick and not took[side]:
                points = 0  # §5: combinations score only if the side takes a trick
            combos[side] = points
            # §5 bella_needs_trick: the holder's side scores bella only if it takes a trick
            bella[side] = BELLA_POINTS if d.bella and (took[side] or not rules.bella_needs_trick) else 0
        scoring = [s for s in range(nsides) if combos[s]]
        if len(scoring) > 1:
            raise PadError(
                _("only one side's combinations score (the best one wins the comparison): {sides} both have some").format(
                    sides=_(" and ").join(self.side_name(s) for s in scoring))
            )
        if sum(1 for b in bella if b) > 1:
            raise PadError(_("bella is scored once at most: there is one trump king and one trump queen"))
        return combos, bella, (scoring[0] if scoring else None)

    # -- persistence ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "deberc-scorepad",
            "version": PAD_VERSION,
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "players": self.rules.players,
            "names": list(self.names),
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_dict(),
            "deals": [d.to_json() for d in self.deals],
            **({"pending": [c.to_json() for c in self.pending]} if self.pending else {}),
            "undo": [change.to_json() for change in self.undo_stack],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pad:
        if data.get("format") != "deberc-scorepad":
            raise PadError(_("not a deberc score pad"))
        rules = Rules.from_dict(data.get("rules"), players=int(data["players"]))
        return cls(
            rules=rules,
            names=list(data["names"]),
            first_dealer=int(data.get("first_dealer", 0)),
            deals=[EnteredDeal.from_json(d) for d in data.get("deals", ())],
            id=str(data.get("id", "")),
            created=str(data.get("created", "")),
            updated=str(data.get("updated", "")),
            undo_stack=[Change.from_json(u) for u in data.get("undo", ())],
            pending=tuple(StakeCall.from_json(c) for c in data.get("pending", ())),
        )



def undo_label(what: str) -> str:
    """A change as the pad stores it (``add deal``, ``edit deal 3``, ``delete deal 3``, ``raise stake``) in the
    current language."""
    if what == "add deal":
        return _("add deal")
    if what == "raise stake":
        return _("raise the stake")
    for prefix, template in (("edit deal ", N_("edit deal {number}")), ("delete deal ", N_("delete deal {number}"))):
        if what.startswith(prefix) and what[len(prefix):].isdigit():
            return _(template).format(number=what[len(prefix):])
    return what

def _ref(text: str | int, names: Iterable[str], what: str) -> int:
    names = list(names)
    if isinstance(text, int):
        index = text
    else:
        key = text.strip()
        if key.lstrip("-").isdigit():
            index = int(key)
        else:
            folded = key.casefold()
            exact = [i for i, name in enumerate(names) if name.casefold() == folded]
            if exact:
                return exact[0]
            start = [i for i, name in enumerate(names) if name.casefold().startswith(folded)] if folded else []
            if len(start) == 1:
                return start[0]
            if start:
                raise PadError(_("{text!r} could be {names}").format(text=text, names=_(" or ").join(names[i] for i in start)))
            raise PadError(_("no {what} {text!r} (one of: {names}, or 0..{last})").format(
                what=_(what), text=text, names=", ".join(names), last=len(names) - 1))
    if not 0 <= index < len(names):
        raise PadError(_("no {what} {index}: use 0..{last} ({names})").format(what=_(what), index=index, last=len(names) - 1,
                                                              names=", ".join(names)))
    return index
