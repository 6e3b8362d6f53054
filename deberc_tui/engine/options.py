"""The values rule options take, and how an option is declared once and checked where its value is made.

Every closed set of values is a ``StrEnum`` whose values are RULES.md's (and so RECORD.md's) strings: a record
or a preset says ``"all_pass": "dealer_must"`` and the engine holds ``AllPass.DEALER_MUST``, which is equal to
that string. An option is declared in :class:`~deberc_tui.engine.rules.Rules` by one line — its name, its
type (the annotation), its default and its one-line help::

    all_pass: AllPass = option(AllPass.REDEAL, N_("everybody passed twice: ..."))
    ski_penalty: int = option(0, N_("..."), choices=(0, 50, 100))
    target: int = option(501, N_("..."), minimum=1)

and :func:`collect` turns those declarations into :class:`Option` values that check and convert what a
record, a preset or a caller gives (``bool``, a ``StrEnum``, ``int`` with ``choices`` or bounds, any of
them ``| None``; anything else brings its own ``parse``).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field, fields
from enum import StrEnum
from typing import Any, Final, TypeVar

from deberc_tui.engine.errors import RulesError
from deberc_tui.engine.text import N_

T = TypeVar("T")

#: The key under which a dataclass field keeps its option declaration (:class:`Declared`).
META: Final = "deberc_option"

# -- the closed sets (values = RULES.md's strings) ------------------------------------------------------


class AllPass(StrEnum):
    """§3: everybody passed twice."""

    REDEAL = "redeal"
    DEALER_MUST = "dealer_must"


class TurnupTo(StrEnum):
    """§3, 4 players: who takes the turnup."""

    DEALER = "dealer"
    BIDDER = "bidder"


class ExtrasFrom(StrEnum):
    """§2, 2-3 players: where the cards dealt after the bidding start."""

    LEFT_OF_DEALER = "left_of_dealer"
    LEFT_OF_BIDDER = "left_of_bidder"


class Turnup23(StrEnum):
    """§2, 2-3 players: what happens to the turnup."""

    TABLE = "table"
    BIDDER = "bidder"
    BOTTOM = "bottom"


class StockCardShown(StrEnum):
    """§2, 2-3 players: which stock card is shown to everybody."""

    BOTTOM = "bottom"
    TOP_AFTER_FIRST_TRICK = "top_after_first_trick"
    NONE = "none"


class SwapSevenUntil(StrEnum):
    """§4: which trump seven may be swapped for the turnup."""

    FIRST_CARD = "first_card"
    PICKUP = "pickup"


class LowPointsCards(StrEnum):
    """§4: which cards the weak-hand redeal counts."""

    SIX = "six"
    HAND = "hand"


class Debertz(StrEnum):
    """§5: a long run (``debertz_length``) in the trump suit (or any, ``debertz_suit``)."""

    WIN = "win"
    OFF = "off"
    TARGET_POINTS = "target_points"


class DebertzSuit(StrEnum):
    """§5: in which suit a long run is a debertz."""

    TRUMP = "trump"
    ANY = "any"


class ComboRank(StrEnum):
    """§5: how two declared combinations compare."""

    LENGTH_FIRST = "length_first"
    TRUMP_FIRST = "trump_first"


class DeclareUntil(StrEnum):
    """§5: with which card combinations are declared."""

    FIRST_CARD = "first_card"
    SECOND_TRICK = "second_trick"


class BellaWhen(StrEnum):
    """§5: with which card bella is declared."""

    WITH_CARD = "with_card"
    WHILE_HOLDING = "while_holding"
    UNTIL_LAST_CARD = "until_last_card"


class ComboTie(StrEnum):
    """§5: equal combinations — who scores."""

    TRUMP_THEN_FIRST = "trump_then_first"
    FIRST = "first"
    TRUMP_ONLY = "trump_only"
    TRUMP_THEN_LAST_TRICK = "trump_then_last_trick"
    LAST_TRICK = "last_trick"


class BellaTo(StrEnum):
    """§5: who gets bella's 20."""

    HOLDER = "holder"
    TRICK_WINNER = "trick_winner"


class FirstLead(StrEnum):
    """§4: who leads the first trick."""

    LEFT_OF_DEALER = "left_of_dealer"
    BIDDER = "bidder"


class BidderMustBeat(StrEnum):
    """§7, 3 players: whom the bidder must beat."""

    EACH = "each"
    COMBINED = "combined"


class BaitTo(StrEnum):
    """§7, 3 players: who gets a bait's points."""

    HIGHER = "higher"
    SPLIT = "split"


class Hanging(StrEnum):
    """§7: a tie for the bidder."""

    HANG = "hang"
    BAIT = "bait"
    EACH_OWN = "each_own"
    FORCED = "forced"


class HangingMulti(StrEnum):
    """§7: several hanging deals in a row."""

    ACCUMULATE = "accumulate"
    QUEUE = "queue"


class BothOver(StrEnum):
    """§9: several sides over the target — who wins."""

    DEFENDER = "defender"
    HIGHER = "higher"
    BIDDER = "bidder"
    LAST_TRICK = "last_trick"


class FalseClaim(StrEnum):
    """§8: a wrong «Партия»."""

    LOSES = "loses"
    CONTINUE = "continue"
    DOUBLE_TO_OPPONENT = "double_to_opponent"


class ClaimBella(StrEnum):
    """§8: which bella a claim counts."""

    HELD = "held"
    DECLARED = "declared"


class NextDealer(StrEnum):
    """§9: who deals next."""

    WINNER = "winner"
    ROTATE = "rotate"


class BaitWhen(StrEnum):
    """§7 ``bait_penalty.when``: which bait is penalised."""

    THIRD = "third"
    THIRD_AND_AFTER = "third_and_after"
    EVERY_THIRD = "every_third"


class BaitCount(StrEnum):
    """§7 ``bait_penalty.count``: baits counted over the game or in a row."""

    GAME = "game"
    ROW = "row"


class Doubling(StrEnum):
    """§12, 2 players: raising a game's stake during play."""

    NONE = "none"
    DAIVI = "daivi"
    DAVE = "dave"


class DaveProgression(StrEnum):
    """§12 «даве»: how the stake grows when the opponent plays on."""

    ARITHMETIC = "arithmetic"
    GEOMETRIC = "geometric"


class Money(StrEnum):
    """§12: how a game is settled in money."""

    NONE = "none"
    PER_GAME = "per_game"
    DEFICIT = "deficit"
    DIFFERENCE = "difference"


class CutPenalty(StrEnum):
    """§11 (score pad): the dealer did not offer the cut."""

    NONE = "none"
    MINUS_100 = "minus_100"
    BAIT = "bait"


class RenegePenalty(StrEnum):
    """§11 (score pad): a card against the rules (not following suit, not trumping, not overtrumping)."""

    BAIT = "bait"
    REDEAL_MINUS_100 = "redeal_minus_100"
    LOSE_TRICK = "lose_trick"


# -- declaring an option -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declared:
    """What a declaration says besides the type and the default (kept in the field's metadata)."""

    help: str
    choices: tuple[int, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    parse: Callable[[object], object] | None = None


def option(default: T, help: str, *, choices: tuple[int, ...] | None = None, minimum: int | None = None,
           maximum: int | None = None, parse: Callable[[object], object] | None = None) -> T:
    """Declare a rule option as a dataclass field: its default and one-line help (marked with ``N_``).

    ``choices`` (whole numbers) or ``minimum``/``maximum`` narrow an ``int`` option; ``parse`` checks a type
    the table does not know (it takes the raw value, returns the typed one or raises :class:`RulesError`).
    """
    declared = Declared(help, choices, minimum, maximum, parse)
    made: T = field(default=default, metadata={META: declared})
    return made


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option as the engine checks it: ``parse(raw)`` gives the typed value or raises RulesError."""

    key: str
    default: object
    help: str
    #: The closed set of values as a record writes them (``("redeal", "dealer_must")``, ``(True, False)``,
    #: ``(0, 50, 100)``); ``None`` for an open range (``target``) or a structured value (``bait_penalty``).
    values: tuple[object, ...] | None
    nullable: bool
    check: Callable[[str, object], object]

    def parse(self, raw: object) -> object:
        """The typed value for ``raw`` (``None`` kept where the option allows it)."""
        if raw is None and self.nullable:
            return None
        return self.check(self.key, raw)


def collect(cls: type[Any]) -> dict[str, Option]:
    """The options a dataclass declares with :func:`option`, in declaration order, built from its annotations."""
    hints = typing.get_type_hints(cls)
    out: dict[str, Option] = {}
    for f in fields(cls):
        declared = f.metadata.get(META)
        if isinstance(declared, Declared):
            out[f.name] = _build(f, hints[f.name], declared)
    return out


def plain(value: object) -> object:
    """A typed option value as JSON holds it: an enum member becomes its string, a struct its ``to_dict()``."""
    if isinstance(value, StrEnum):
        return value.value
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value


def _build(f: Field[Any], hint: object, declared: Declared) -> Option:
    base, nullable = _unwrap_none(hint)
    default = None if f.default is MISSING else f.default
    values: tuple[object, ...] | None = None
    check: Callable[[str, object], object]
    if declared.parse is not None:
        parse = declared.parse
        check = lambda _key, raw: parse(raw)  # noqa: E731 - the declaration's own parser
    elif base is bool:
        values, check = (True, False), _check_flag
    elif isinstance(base, type) and issubclass(base, StrEnum):
        values, check = tuple(m.value for m in base), _enum_checker(base)
    elif base is int and declared.choices is not None:
        values, check = declared.choices, _choice_checker(declared.choices)
    elif base is int:
        check = _number_checker(declared.minimum, declared.maximum, nullable)
    else:
        raise TypeError(f"rule option {f.name!r}: the option table cannot check {hint!r}; declare it with parse=")
    return Option(f.name, default, declared.help, values, nullable, check)


def _unwrap_none(hint: object) -> tuple[object, bool]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0], len(args) < len(typing.get_args(hint))
    return hint, False


def _check_flag(key: str, raw: object) -> bool:
    if not isinstance(raw, bool):
        raise RulesError(N_("rule option {key!r} must be true or false, not {value!r}"), {"key": key, "value": raw})
    return raw


def _one_of(key: str, raw: object, allowed: tuple[object, ...]) -> RulesError:
    return RulesError(N_("rule option {key!r} must be one of {allowed}, not {value!r}"),
                      {"key": key, "allowed": ", ".join(map(repr, allowed)), "value": raw})


def _enum_checker(enum: type[StrEnum]) -> Callable[[str, object], object]:
    allowed = tuple(m.value for m in enum)

    def check(key: str, raw: object) -> object:
        if isinstance(raw, enum):
            return raw
        if isinstance(raw, str) and raw in allowed:  # a str first: a list or dict is refused, never hashed
            return enum(raw)
        raise _one_of(key, raw, allowed)

    return check


def _choice_checker(choices: tuple[int, ...]) -> Callable[[str, object], object]:
    def check(key: str, raw: object) -> object:
        if isinstance(raw, int) and not isinstance(raw, bool) and raw in choices:
            return raw
        raise _one_of(key, raw, choices)

    return check


def _number_checker(minimum: int | None, maximum: int | None, nullable: bool) -> Callable[[str, object], object]:
    low = 0 if minimum is None else minimum

    def check(key: str, raw: object) -> object:
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= low and (maximum is None or raw <= maximum):
            return raw
        params = {"key": key, "value": raw, "minimum": low, "maximum": maximum}
        if maximum is not None:
            raise RulesError(N_("rule option {key!r} must be a whole number from {minimum} to {maximum}, "
                                "not {value!r}"), params)
        if nullable:
            raise RulesError(N_("rule option {key!r} must be null or a number ≥ {minimum}, not {value!r}"), params)
        if low == 1:
            raise RulesError(N_("rule option {key!r} must be a positive whole number, not {value!r}"), params)
        raise RulesError(N_("rule option {key!r} must be a whole number ≥ {minimum}, not {value!r}"), params)

    return check
