"""The rule options of RULES.md as one validated, immutable value, and the presets.

Options are data: every rule reads its option here, in one place, and a game record stores
``Rules.to_dict()`` so that a saved game carries the full set of options in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final

from deberc_tui.engine.errors import DebercError
from deberc_tui.engine.text import N_


class RulesError(DebercError):
    """An unknown option, a bad value or an impossible combination of options (``template`` + ``params``)."""


@dataclass(frozen=True, slots=True)
class BaitPenalty:
    """Penalty for repeated baits (§7): how many points, on which bait, counted how."""

    points: int = 100
    when: str = "third_and_after"  # "third" | "third_and_after" | "every_third"
    count: str = "game"  # "game" | "row"

    def applies(self, nth_bait: int) -> bool:
        """Whether the side's ``nth_bait`` (1-based, counted as ``count`` says) is penalised."""
        if self.points == 0 or nth_bait < 3:
            return False
        if self.when == "third":
            return nth_bait == 3
        if self.when == "every_third":
            return nth_bait % 3 == 0
        return True

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# Each option: allowed values (a tuple) or a checker; the default is the Moscow rule.
_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "all_pass": ("redeal", "dealer_must"),
    "turnup_to": ("dealer", "bidder"),
    "debertz": ("win", "off"),
    "combo_tie": ("trump_then_first", "first", "trump_only", "trump_then_last_trick"),
    "bella_to": ("holder", "trick_winner"),
    "first_lead": ("left_of_dealer", "bidder"),
    "bidder_must_beat": ("each", "combined"),
    "bait_to": ("higher", "split"),
    "hanging": ("hang", "bait", "each_own"),
    "hanging_multi": ("accumulate", "queue"),
    "both_over": ("defender", "higher", "bidder", "last_trick"),
    "false_claim": ("loses", "continue"),
    "next_dealer": ("winner", "rotate"),
    "ski_penalty": (0, 50, 100),
}
_BOOLS: Final[tuple[str, ...]] = (
    "swap_seven", "four_sevens_redeal", "klabor", "hundred", "combos_need_trick",
    "overtrump_on_ruff", "partner_exempt", "claims", "mars", "short", "short_bait",
)

PRESETS: Final[dict[str, dict[str, Any]]] = {
    "moscow": {},
    "kharkiv": {
        "combo_tie": "first", "all_pass": "dealer_must", "first_lead": "bidder",
        "next_dealer": "rotate", "bait_to": "split",
        "bait_penalty": {"points": 100, "when": "third_and_after", "count": "game"},
        "ski_penalty": 50,
    },
    "klabor": {
        "first_lead": "bidder", "next_dealer": "rotate", "bella_to": "trick_winner",
        "combo_tie": "trump_then_last_trick", "all_pass": "dealer_must", "low_points_redeal": 1,
        "klabor": True, "bait_penalty": {"points": 100, "when": "third_and_after", "count": "game"},
        "ski_penalty": 100,
    },
    "club": {
        "hundred": True, "low_points_redeal": 13, "all_pass": "dealer_must",
        "bait_penalty": {"points": 100, "when": "third_and_after", "count": "game"},
        "ski_penalty": 50,
    },
    "short": {"short": True},
}
PRESET_PLAYERS: Final[dict[str, tuple[int, ...]]] = {
    "moscow": (2, 3, 4), "kharkiv": (2, 3, 4), "klabor": (2, 3, 4), "club": (2, 3, 4), "short": (2, 3),
}

# One line on each option, for help screens and error messages (marked for translation at display time).
OPTION_HELP: Final[dict[str, str]] = {
    "target": N_("points that win the game (301, 501, 1001, ...)"),
    "all_pass": N_("everybody passed twice: 'redeal' (next player deals) or 'dealer_must' name a suit"),
    "turnup_to": N_("4 players: the turnup goes to the 'dealer' or the 'bidder'"),
    "swap_seven": N_("the trump seven may be swapped for the turnup (2-3 players, round-1 trump)"),
    "four_sevens_redeal": N_("a player with all four sevens may demand a redeal"),
    "low_points_redeal": N_("a weak first six cards (at most this many points) may demand a redeal (null: never)"),
    "klabor": N_("A K Q J 10 9 of one suit in the first six cards wins the game at once"),
    "hundred": N_("six cards in sequence are a hundred (else a fifty)"),
    "debertz": N_("seven or eight trumps in sequence: 'win' the game at once, or 'off'"),
    "combo_tie": N_("equal combinations: who scores"),
    "combos_need_trick": N_("combinations score only if the side takes a trick"),
    "bella_to": N_("bella's 20 go to the 'holder' or to the 'trick_winner'"),
    "first_lead": N_("who leads first: 'left_of_dealer' or the 'bidder'"),
    "overtrump_on_ruff": N_("when ruffing a plain lead, you must beat a trump already in the trick"),
    "partner_exempt": N_("4 players: no duty to trump or overtrump when your partner is winning"),
    "bidder_must_beat": N_("3 players: the bidder must beat 'each' defender or both 'combined'"),
    "bait_to": N_("3 players: bait points go to the 'higher' defender or are 'split'"),
    "hanging": N_("a tie for the bidder: points 'hang', count as 'bait', or 'each_own'"),
    "hanging_multi": N_("several hanging results: 'accumulate' or 'queue'"),
    "bait_penalty": N_("penalty for repeated baits: {points, when, count} or null"),
    "ski_penalty": N_("penalty for a side that takes no trick (0, 50, 100)"),
    "both_over": N_("several sides over the target: who wins"),
    "claims": N_("a player on lead may claim the game («Партия»)"),
    "false_claim": N_("a wrong claim: the claimant 'loses' or play 'continue's"),
    "mars": N_("a win counts double when the loser has less than half the target"),
    "short": N_("one deal decides the game"),
    "short_bait": N_("short game: bait and hanging apply before comparing"),
    "next_dealer": N_("who deals next: the deal's 'winner' or 'rotate' clockwise"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """All options in force for one game. Build with :meth:`from_dict` or :meth:`preset`."""

    players: int = 2
    preset_name: str = "moscow"
    target: int = 501
    all_pass: str = "redeal"
    turnup_to: str = "dealer"
    swap_seven: bool = True
    four_sevens_redeal: bool = True
    low_points_redeal: int | None = None
    klabor: bool = False
    hundred: bool = False
    debertz: str = "win"
    combo_tie: str = "trump_then_first"
    combos_need_trick: bool = True
    bella_to: str = "holder"
    first_lead: str = "left_of_dealer"
    overtrump_on_ruff: bool = False
    partner_exempt: bool = False
    bidder_must_beat: str = "each"
    bait_to: str = "higher"
    hanging: str = "hang"
    hanging_multi: str = "accumulate"
    bait_penalty: BaitPenalty | None = None
    ski_penalty: int = 0
    both_over: str = "defender"
    claims: bool = True
    false_claim: str = "loses"
    mars: bool = False
    short: bool = False
    short_bait: bool = True
    next_dealer: str = "winner"

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "moscow", players: int = 2, **overrides: Any) -> Rules:
        return cls.from_dict({"preset": name, **overrides}, players=players)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, players: int = 2) -> Rules:
        """Preset plus overrides, validated; raises :class:`RulesError` naming the bad key."""
        data = dict(data or {})
        if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
            raise RulesError(N_("players must be 2, 3 or 4, not {players!r}"), {"players": players})
        name = data.pop("preset", "moscow")
        if name not in PRESETS:
            raise RulesError(N_("unknown preset {name!r} (one of: {presets})"), {"name": name, "presets": ", ".join(PRESETS)})
        if players not in PRESET_PLAYERS[name]:
            raise RulesError(N_("preset {name!r} is for {counts} players, not {players}"),
                            {"name": name, "counts": ", ".join(map(str, PRESET_PLAYERS[name])), "players": players})
        values: dict[str, Any] = dict(PRESETS[name])
        if name == "club" and players == 4:
            values["ski_penalty"] = 100
        for key, value in data.items():
            if key not in OPTION_HELP:
                raise RulesError(N_("unknown rule option {key!r}"), {"key": key})
            values[key] = value
        kwargs = {key: _check(key, value) for key, value in values.items()}
        return cls(players=players, preset_name=name, **kwargs)

    def with_options(self, **overrides: Any) -> Rules:
        checked = {}
        for key, value in overrides.items():
            if key not in OPTION_HELP:
                raise RulesError(N_("unknown rule option {key!r}"), {"key": key})
            checked[key] = _check(key, value)
        return replace(self, **checked)

    def to_dict(self) -> dict[str, Any]:
        """The full set of options, as a record stores them (``preset`` first, no ``players``)."""
        out: dict[str, Any] = {"preset": self.preset_name}
        for f in fields(self):
            if f.name in ("players", "preset_name"):
                continue
            value = getattr(self, f.name)
            out[f.name] = value.to_dict() if isinstance(value, BaitPenalty) else value
        return out

    # -- derived facts used by the engine --------------------------------------------------

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def side_seats(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.players == 4 else (side,)

    @property
    def tricks_per_deal(self) -> int:
        return 8 if self.players == 4 else 9

    @property
    def seven_swap_allowed(self) -> bool:
        return self.swap_seven and self.players < 4

    def combo_points(self, length: int) -> int:
        """Points of a sequence of ``length`` cards (3..8) under these rules (debertz 'off' included)."""
        if length >= 6:
            return 100 if self.hundred else 50
        if length >= 4:
            return 50
        return 20


def _check(key: str, value: Any) -> Any:
    if key == "target":
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise RulesError(N_("rule option 'target' must be a positive whole number, not {value!r}"), {"value": value})
        return value
    if key == "low_points_redeal":
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(N_("rule option 'low_points_redeal' must be null or a number ≥ 0, not {value!r}"), {"value": value})
        return value
    if key == "bait_penalty":
        return _check_bait_penalty(value)
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise RulesError(N_("rule option {key!r} must be true or false, not {value!r}"), {"key": key, "value": value})
        return value
    allowed = _CHOICES[key]
    if isinstance(value, bool) or value not in allowed:
        raise RulesError(N_("rule option {key!r} must be one of {allowed}, not {value!r}"),
                         {"key": key, "allowed": ", ".join(map(repr, allowed)), "value": value})
    return value


def _check_bait_penalty(value: Any) -> BaitPenalty | None:
    if value is None or value is False:
        return None
    if isinstance(value, BaitPenalty):
        return value
    if not isinstance(value, Mapping):
        raise RulesError(N_("rule option 'bait_penalty' must be null or {{points, when, count}}, not {value!r}"),
                         {"value": value})
    unknown = set(value) - {"points", "when", "count"}
    if unknown:
        raise RulesError(N_("rule option 'bait_penalty' has unknown key {key!r}"), {"key": sorted(unknown)[0]})
    pen = BaitPenalty(**value)
    if isinstance(pen.points, bool) or pen.points not in (0, 50, 100):
        raise RulesError(N_("bait_penalty 'points' must be 0, 50 or 100, not {value!r}"), {"value": pen.points})
    if pen.when not in ("third", "third_and_after", "every_third"):
        raise RulesError(N_("bait_penalty 'when' must be 'third', 'third_and_after' or 'every_third', not {value!r}"),
                         {"value": pen.when})
    if pen.count not in ("game", "row"):
        raise RulesError(N_("bait_penalty 'count' must be 'game' or 'row', not {value!r}"), {"value": pen.count})
    return pen
