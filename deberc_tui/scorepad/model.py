"""The score pad's model: a game played with real cards, entered deal by deal.

A :class:`Pad` holds the rules, the names, the first dealer and the deals as the players entered
them (:class:`EnteredDeal`). Every entered deal is checked and turned into the engine's
:class:`~deberc_tui.engine.DealPoints`; the deals are then written in order on a fresh
:class:`~deberc_tui.engine.ScoreSheet`, which alone decides bait, hanging points, penalties, the end
of the game and the next dealer. Any edit recomputes the sheet from scratch, so it is always consistent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from deberc_tui.engine import DealPoints, DealResult, Rules, ScoreSheet
from deberc_tui.engine import scoring as sc
from deberc_tui.engine.cards import PLAIN_POINTS, TRUMP_POINTS
from deberc_tui.engine.combos import FIFTY, HUNDRED, KIND_POINTS, TERZ
from deberc_tui.engine.play import BELLA_POINTS, DEAL_CARD_POINTS, LAST_TRICK_POINTS
from deberc_tui.text.i18n import N_, _, ngettext


class PadError(ValueError):
    """Input the pad refuses, in one line and in the players' terms."""


# -- what a deal can be -------------------------------------------------------------------------

PLAYED: Final = "played"
THROWN: Final = "thrown_in"
CLAIM: Final = "claim"
FALSE_CLAIM: Final = "false_claim"
DEBERTZ: Final = "debertz"
KLABOR: Final = "klabor"
KINDS: Final[tuple[str, ...]] = (PLAYED, THROWN, CLAIM, FALSE_CLAIM, DEBERTZ, KLABOR)
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
}
LAST_TRICK: Final = LAST_TRICK_POINTS
CARD_TOTAL: Final = DEAL_CARD_POINTS - LAST_TRICK_POINTS  # 152: the cards alone
FOUR_PLAYER_TOTAL: Final = DEAL_CARD_POINTS
MAX_POSTED: Final = 9999  # no single entry on a pad is larger


def _card_range(players: int) -> tuple[int, int]:
    """Fewest and most card points (last trick included) that the played cards can hold."""
    values = sorted(TRUMP_POINTS + PLAIN_POINTS * 3)
    played = 9 * players if players < 4 else 32
    return sum(values[:played]) + LAST_TRICK, sum(values[-played:]) + LAST_TRICK


CARD_RANGE: Final[dict[int, tuple[int, int]]] = {n: _card_range(n) for n in (2, 3, 4)}


# -- declarations ---------------------------------------------------------------------------------

_KIND_WORDS: Final[dict[str, str]] = {
    "terz": "terz", "t": "terz", "терц": "terz", "терца": "terz", "т": "terz", "tierce": "terz",
    "fifty": "fifty", "f": "fifty", "50": "fifty", "berz": "fifty", "полтинник": "fifty", "берц": "fifty", "п": "fifty",
    "hundred": "hundred", "h": "hundred", "сотня": "hundred", "сто": "hundred", "с": "hundred",
    # «бела» is the word the Russian screens show (and the game's own word); «белла» is a common spelling
    "bella": "bella", "b": "bella", "бела": "bella", "белла": "bella", "б": "bella",
}
_TOKEN: Final = re.compile(r"^(\d+)\s*[x×*]?\s*([^\d\s].*)$|^([^\d\s].*)$|^(\d+)$")


@dataclass(frozen=True, slots=True)
class Declared:
    """What one side scored with declarations: counts of terz / fifty / hundred, or a ``total``, and bella.

    ``total`` (when not None) replaces the counts: the combinations' points without bella.
    """

    terz: int = 0
    fifty: int = 0
    hundred: int = 0
    bella: bool = False
    total: int | None = None

    @property
    def combo_points(self) -> int:
        if self.total is not None:
            return self.total
        return KIND_POINTS[TERZ] * self.terz + KIND_POINTS[FIFTY] * self.fifty + KIND_POINTS[HUNDRED] * self.hundred

    @property
    def has_combos(self) -> bool:
        return self.combo_points > 0

    @property
    def empty(self) -> bool:
        return not self.has_combos and not self.bella

    @classmethod
    def parse(cls, text: str) -> Declared:
        """Read ``"terz+bella"``, ``"2terz"``, ``"fifty + terz"``, ``"70"``, ``"70+bella"`` or ``""``/``"-"``."""
        counts = {"terz": 0, "fifty": 0, "hundred": 0, "bella": 0}
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
                raise PadError(_("unknown declaration {word!r} (terz, fifty, hundred or bella)").format(word=word))
            counts[kind] += count
        if counts["bella"] > 1:
            raise PadError(_("bella is scored once at most: there is one trump king and one trump queen"))
        if total is not None and (counts["terz"] or counts["fifty"] or counts["hundred"]):
            raise PadError(_("{text!r}: give either the combinations or their total, not both").format(text=text))
        return cls(counts["terz"], counts["fifty"], counts["hundred"], bool(counts["bella"]), total)

    def notation(self) -> str:
        """The text :meth:`parse` reads back (``""`` when nothing was declared)."""
        parts: list[str] = []
        if self.total is not None:
            parts.append(str(self.total))
        for kind, count in (("terz", self.terz), ("fifty", self.fifty), ("hundred", self.hundred)):
            if count:
                parts.append(kind if count == 1 else f"{count}{kind}")
        if self.bella:
            parts.append("bella")
        return "+".join(parts)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.total is not None:
            out["total"] = self.total
        for key in ("terz", "fifty", "hundred"):
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
        )


def _combos_possible(total: int, cards: int, hundred: bool) -> bool:
    """Whether ``total`` points of sequences fit in ``cards`` cards (terz 3 cards, fifty 4, hundred 6)."""
    for h in range(0, (total // 100 if hundred else 0) + 1):
        for f in range(0, (total - 100 * h) // 50 + 1):
            rest = total - 100 * h - 50 * f
            if rest % 20 == 0 and 6 * h + 4 * f + 3 * (rest // 20) <= cards:
                return True
    return False


# -- one entered deal ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EnteredDeal:
    """One deal as the players report it; sides are 0..sides-1, seats 0..players-1.

    ``cards`` holds each side's card points in its tricks with the last trick's 10 (None: not
    entered; with 4 players one side is enough). ``took_trick`` says per side whether it took a trick
    (None: not said; card points above 0 mean it did). ``winner`` is the side that claimed, declared
    debertz or klabor; for a false claim it is the claimant's side.
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
        )


def _pad_out(values: Sequence[Any], n: int, fill: Any) -> list[Any]:
    out = list(values)[:n]
    return out + [fill] * (n - len(out))


# -- the pad ------------------------------------------------------------------------------------

UNDO_DEPTH: Final = 100


@dataclass
class Pad:
    """One game's score pad: the rules, who plays, who dealt first and the deals entered so far."""

    rules: Rules
    names: list[str]
    first_dealer: int = 0
    deals: list[EnteredDeal] = field(default_factory=list)
    id: str = ""
    created: str = ""
    updated: str = ""
    undo_stack: list[tuple[str, list[EnteredDeal]]] = field(default_factory=list)
    _sheet: ScoreSheet | None = field(default=None, repr=False, compare=False)

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
    def sheet(self) -> ScoreSheet:
        """The score sheet of all deals entered (recomputed after every change)."""
        if self._sheet is None:
            self._sheet = self._build(self.deals)
        return self._sheet

    @property
    def results(self) -> list[DealResult]:
        return self.sheet.results

    @property
    def suggested_dealer(self) -> int:
        return self.sheet.next_dealer

    @property
    def is_over(self) -> bool:
        return self.sheet.outcome is not None

    def _build(self, deals: Sequence[EnteredDeal]) -> ScoreSheet:
        sheet = ScoreSheet(self.rules, self.first_dealer)
        for i, deal in enumerate(deals):
            if sheet.outcome is not None:
                later = len(deals) - i
                raise PadError(
                    ngettext("the game ends at deal {number} ({side} wins), but {n} deal follows: delete them first",
                             "the game ends at deal {number} ({side} wins), but {n} deals follow: delete them first",
                             later).format(number=i, side=self.side_name(sheet.outcome.winner), n=later)
                )
            try:
                dp = self.deal_points(deal, sheet.totals)
            except PadError as exc:
                raise PadError(_("deal {number}: {reason}").format(number=i + 1, reason=exc)) from None
            sheet.write(deal.dealer, deal.trump, dp)
            self._check_decided(deal, dp, sheet, i)
        return sheet

    def _check_decided(self, deal: EnteredDeal, dp: DealPoints, sheet: ScoreSheet, i: int) -> None:
        """With ``both_over: last_trick`` the last trick decides a game where several sides are over."""
        if self.rules.both_over != "last_trick" or dp.outcome not in sc.PLAYED_OUT or deal.last_trick is not None:
            return
        over = [s for s in range(self.sides) if sheet.totals[s] >= self.rules.target]
        if len(over) > 1 and not self.rules.short:
            raise PadError(_("deal {number}: several sides are over {target}: say who took the last trick").format(
                number=i + 1, target=self.rules.target))

    # -- changes -------------------------------------------------------------------------------

    def check(self, deal: EnteredDeal, index: int | None = None) -> DealPoints:
        """Check one deal as the ``index``-th (default: the next) and return its points; raises :class:`PadError`."""
        index = len(self.deals) if index is None else index
        before = self._build(self.deals[:index])
        if before.outcome is not None:
            raise PadError(_("the game is over: {side} won").format(side=self.side_name(before.outcome.winner)))
        dp = self.deal_points(deal, before.totals)
        return dp

    def add(self, deal: EnteredDeal) -> DealResult:
        """Enter the next deal; returns its sheet row."""
        self.check(deal)
        self._change("add deal", [*self.deals, deal])
        return self.results[-1]

    def replace(self, index: int, deal: EnteredDeal) -> None:
        """Edit deal ``index`` (0-based); every later row recomputes."""
        self._index(index)
        self.check(deal, index)
        deals = list(self.deals)
        deals[index] = deal
        self._change(f"edit deal {index + 1}", deals)

    def delete(self, index: int) -> None:
        self._index(index)
        deals = list(self.deals)
        del deals[index]
        self._change(f"delete deal {index + 1}", deals)

    def undo(self) -> str:
        """Take back the last change; returns what was undone."""
        if not self.undo_stack:
            raise PadError(_("nothing to undo"))
        what, deals = self.undo_stack.pop()
        self.deals = deals
        self._sheet = None
        return what

    def _index(self, index: int) -> None:
        if not 0 <= index < len(self.deals):
            raise PadError(ngettext("no deal {number}: the pad has {n} deal", "no deal {number}: the pad has {n} deals",
                                    len(self.deals)).format(number=index + 1, n=len(self.deals)))

    def _change(self, what: str, deals: list[EnteredDeal]) -> None:
        sheet = self._build(deals)  # refuses a change that breaks a later deal
        self.undo_stack.append((what, list(self.deals)))
        del self.undo_stack[:-UNDO_DEPTH]
        self.deals = deals
        self._sheet = sheet

    # -- one deal into DealPoints ----------------------------------------------------------------

    def deal_points(self, deal: EnteredDeal, totals: Sequence[int] = ()) -> DealPoints:
        """Check an entered deal and convert it; ``totals`` (before it) are needed to check a claim."""
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
        if deal.trump is not None and deal.trump not in ("C", "D", "H", "S"):
            raise PadError(_("trump must be C, D, H or S, not {trump!r}").format(trump=deal.trump))
        if len(deal.cards) > nsides or len(deal.declared) > nsides or len(deal.took_trick) > nsides:
            raise PadError(_("this game has {nsides} sides: too many values entered").format(nsides=nsides))
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

        # played out
        if deal.bidder is None:
            raise PadError(_("who took trump? enter the bidder"))
        if deal.winner is not None:
            raise PadError(_("a played-out deal has no winner of its own: the sheet decides"))
        cards = self._cards(deal)
        took = self._tricks(deal, cards)
        combos, bella, combos_side = self._declarations(deal, took)
        tricks = tuple(1 if t else 0 for t in took)
        points = [c + k + b for c, k, b in zip(cards, combos, bella, strict=True)]
        assert bidder_side is not None
        first = rules.first_leader(deal.dealer, deal.bidder)
        return DealPoints(
            sc.verdict(rules, bidder_side, points), bidder_side, tuple(cards), tuple(combos), tuple(bella),
            combos_side, tricks, deal.last_trick, None, "", first,
        )

    def _check_throw(self, deal: EnteredDeal) -> None:
        rules = self.rules
        if deal.reason not in THROW_REASONS:
            raise PadError(_("why was the deal thrown in? one of: {reasons}").format(reasons=", ".join(THROW_REASONS)))
        if deal.reason == "all_pass" and rules.all_pass != "redeal":
            raise PadError(_("all cannot pass under these rules: the dealer must name a suit (all_pass: dealer_must)"))
        if deal.reason == "four_sevens" and not rules.four_sevens_redeal:
            raise PadError(_("four sevens give no redeal under these rules (four_sevens_redeal: false)"))
        if deal.reason == "low_points" and rules.low_points_redeal is None:
            raise PadError(_("a weak hand gives no redeal under these rules (low_points_redeal: null)"))
        if any(c for c in deal.cards if c) or any(not d.empty for d in deal.declared) or deal.winner is not None:
            raise PadError(_("a thrown-in deal scores nothing: leave points and declarations empty"))

    def _check_instant(self, deal: EnteredDeal) -> None:
        if deal.kind == DEBERTZ and self.rules.debertz != "win":
            raise PadError(_("debertz does not win the game under these rules (debertz: off): enter it as a fifty or hundred"))
        if deal.kind == KLABOR and not self.rules.klabor:
            raise PadError(_("klabor is not played under these rules (klabor: false)"))
        if deal.winner is None:
            raise PadError(_("which side declared debertz?") if deal.kind == DEBERTZ else _("which side declared klabor?"))

    def _claim_points(self, deal: EnteredDeal, bidder_side: int | None, totals: Sequence[int]) -> DealPoints:
        rules = self.rules
        nsides = rules.sides
        if not rules.claims:
            raise PadError(_("claims are not played under these rules (claims: false)"))
        if deal.winner is None:
            raise PadError(_("which side claimed?"))
        side = deal.winner
        zeros = (0,) * nsides
        if deal.kind == FALSE_CLAIM:
            if rules.false_claim != "loses":
                raise PadError(_("a false claim changes nothing under these rules (false_claim: continue): enter the deal as played"))
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
        low, high = CARD_RANGE[rules.players]
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
                if rules.ski_penalty or (rules.combos_need_trick and declared.has_combos):
                    raise PadError(_("{name} has no card points: did it take a trick? (it decides a penalty or its combinations)").format(name=name))
                value = False
            out.append(True if value is None else value)
        if not any(out):
            raise PadError(_("some side took the tricks"))
        return out

    def _declarations(
        self, deal: EnteredDeal, took: Sequence[bool], claim: bool = False
    ) -> tuple[list[int], list[int], int | None]:
        rules = self.rules
        nsides = rules.sides
        declared = _pad_out(deal.declared, nsides, Declared())
        hand = 9 if rules.players < 4 else 16  # cards a side holds: one hand, or two with 4 players
        combos = [0] * nsides
        bella = [0] * nsides
        for side, d in enumerate(declared):
            name = self.side_name(side)
            for key in ("terz", "fifty", "hundred", "total"):
                value = getattr(d, key)
                if value is not None and value < 0:
                    raise PadError(_("{name}: declarations cannot be negative ({key} {value})").format(name=name, key=key, value=value))
            if d.hundred and not rules.hundred:
                raise PadError(_("{name}: no hundred under these rules (hundred: false): six in a row is a fifty").format(name=name))
            points = d.combo_points
            if points > 0 and not _combos_possible(points, hand, rules.hundred):
                what = _("{points} points of combinations").format(points=points) if d.total is not None else d.notation()
                raise PadError(_("{name}: {what} cannot be held in {hand} cards").format(name=name, what=what, hand=hand))
            if points > 0 and rules.combos_need_trick and not took[side]:
                points = 0  # §5: combinations score only if the side takes a trick
            combos[side] = points
            bella[side] = BELLA_POINTS if d.bella else 0
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
            "version": 1,
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "players": self.rules.players,
            "names": list(self.names),
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_dict(),
            "deals": [d.to_json() for d in self.deals],
            "undo": [{"what": what, "deals": [d.to_json() for d in deals]} for what, deals in self.undo_stack],
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
            undo_stack=[
                (str(u.get("what", "change")), [EnteredDeal.from_json(d) for d in u.get("deals", ())])
                for u in data.get("undo", ())
            ],
        )



def undo_label(what: str) -> str:
    """A change as the pad stores it (``add deal``, ``edit deal 3``, ``delete deal 3``) in the current language."""
    if what == "add deal":
        return _("add deal")
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
