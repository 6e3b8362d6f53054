"""The rule options of RULES.md as one validated, immutable value, and the presets.

Options are data: every rule reads its option here, in one place, and a game record stores
``Rules.to_dict()`` so that a saved game carries the full set of options in force.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from deberc_tui.engine.errors import RulesError
from deberc_tui.engine.options import (
    AllPass,
    BaitCount,
    BaitTo,
    BaitWhen,
    BellaTo,
    BellaWhen,
    BidderMustBeat,
    BothOver,
    ClaimBella,
    ComboRank,
    ComboTie,
    CutPenalty,
    DaveProgression,
    Debertz,
    DebertzSuit,
    DeclareUntil,
    Doubling,
    ExtrasFrom,
    FalseClaim,
    FirstLead,
    Hanging,
    HangingMulti,
    LowPointsCards,
    Money,
    NextDealer,
    Option,
    RenegePenalty,
    StockCardShown,
    SwapSevenUntil,
    Turnup23,
    TurnupTo,
    collect,
    option,
    plain,
)
from deberc_tui.engine.text import N_

__all__ = ["OPTIONS", "OPTION_HELP", "PRESETS", "PRESET_PLAYERS", "BaitPenalty", "Rules", "RulesError", "option_value"]

_BAIT_WHEN: Final = tuple(m.value for m in BaitWhen)
_BAIT_COUNT: Final = tuple(m.value for m in BaitCount)


@dataclass(frozen=True, slots=True)
class BaitPenalty:
    """Penalty for repeated baits (§7): how many points, on which bait, counted how. Checked when made."""

    points: int = 100
    when: BaitWhen = BaitWhen.THIRD_AND_AFTER
    count: BaitCount = BaitCount.GAME

    def __post_init__(self) -> None:
        points: object = self.points
        if isinstance(points, bool) or points not in (0, 50, 100):
            raise RulesError(N_("bait_penalty 'points' must be 0, 50 or 100, not {value!r}"), {"value": points})
        when: object = self.when
        if not isinstance(when, str) or when not in _BAIT_WHEN:
            raise RulesError(N_("bait_penalty 'when' must be 'third', 'third_and_after' or 'every_third', not {value!r}"),
                             {"value": when})
        count: object = self.count
        if not isinstance(count, str) or count not in _BAIT_COUNT:
            raise RulesError(N_("bait_penalty 'count' must be 'game' or 'row', not {value!r}"), {"value": count})
        object.__setattr__(self, "when", BaitWhen(when))
        object.__setattr__(self, "count", BaitCount(count))

    def applies(self, nth_bait: int) -> bool:
        """Whether the side's ``nth_bait`` (1-based, counted as ``count`` says) is penalised."""
        if self.points == 0 or nth_bait < 3:
            return False
        if self.when is BaitWhen.THIRD:
            return nth_bait == 3
        if self.when is BaitWhen.EVERY_THIRD:
            return nth_bait % 3 == 0
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "when": self.when.value, "count": self.count.value}


def _parse_bait_penalty(value: object) -> BaitPenalty | None:
    """``bait_penalty``: null (or false) for none, else ``{points, when, count}`` with the usual values filled in."""
    if value is None or value is False:
        return None
    if isinstance(value, BaitPenalty):
        return value
    if not isinstance(value, Mapping):
        raise RulesError(N_("rule option 'bait_penalty' must be null or {{points, when, count}}, not {value!r}"),
                         {"value": value})
    unknown = set(map(str, value)) - {"points", "when", "count"}
    if unknown:
        raise RulesError(N_("rule option 'bait_penalty' has unknown key {key!r}"), {"key": sorted(unknown)[0]})
    return BaitPenalty(**value)


PRESETS: Final[dict[str, dict[str, Any]]] = {
    "moscow": {},
    "kharkiv": {
        "combo_tie": "first", "all_pass": "dealer_must", "first_lead": "bidder",
        "next_dealer": "winner", "bait_to": "split",
        "bait_penalty": {"points": 100, "when": "third_and_after", "count": "game"},
        "ski_penalty": 50, "claim_after_trump_jack": False, "false_claim": "double_to_opponent",
        "extra_cards": 4, "turnup_to": "bidder", "bella_when": "until_last_card",
        "cut_penalty": "bait", "renege_penalty": "lose_trick",
    },
    "klabor": {
        "first_lead": "bidder", "next_dealer": "rotate", "bella_to": "trick_winner",
        "combo_tie": "trump_then_last_trick", "all_pass": "dealer_must", "low_points_redeal": 1,
        "klabor": True, "bait_penalty": {"points": 100, "when": "third_and_after", "count": "game"},
        "ski_penalty": 100, "hanging": "forced", "declare_until": "second_trick",
        "cut_penalty": "minus_100", "renege_penalty": "redeal_minus_100",
    },
    "club": {
        "hundred": True, "low_points_redeal": 13, "all_pass": "dealer_must",
        "bait_penalty": {"points": 100, "when": "third_and_after", "count": "game"},
        "ski_penalty": 50, "next_dealer": "rotate", "claims": False, "debertz": "win",
        "combo_tie": "last_trick", "bella_when": "while_holding", "stock_card_shown": "top_after_first_trick",
    },
    "short": {"short": True},
    "three": {"bidder_must_beat": "combined", "bait_to": "split", "both_over": "last_trick"},
    "fifty": {"concede_50": True, "gap_end": 250},
}
#: The options of the rule book's first edition: a record that names them all stored the full set in force then.
FIRST_EDITION_KEYS: Final[frozenset[str]] = frozenset({
    "target", "all_pass", "turnup_to", "swap_seven", "four_sevens_redeal", "low_points_redeal", "klabor",
    "hundred", "debertz", "combo_tie", "combos_need_trick", "bella_to", "first_lead", "overtrump_on_ruff",
    "partner_exempt", "bidder_must_beat", "bait_to", "hanging", "hanging_multi", "bait_penalty", "ski_penalty",
    "both_over", "claims", "false_claim", "mars", "short", "short_bait", "next_dealer",
})

#: The options of the second edition before matches and stakes (§12): a record that names them all (and none
#: of §12's new ones) stored the full set in force then, so a preset's match options do not apply to it.
SECOND_EDITION_KEYS: Final[frozenset[str]] = FIRST_EDITION_KEYS | frozenset({
    "extra_cards", "extras_from", "turnup_2_3", "stock_card_shown", "swap_seven_until", "low_points_cards",
    "hundred_length", "debertz_length", "debertz_suit", "combo_rank", "declare_until", "bella_when",
    "bella_needs_trick", "claim_bella", "claim_after_trump_jack", "concede_50", "gap_end",
})

#: The player counts each preset is for.
PRESET_PLAYERS: Final[dict[str, tuple[int, ...]]] = {
    "moscow": (2, 3, 4), "kharkiv": (2, 3, 4), "klabor": (2, 3, 4), "club": (2, 3, 4), "short": (2, 3),
    "three": (3,), "fifty": (2,),
}
#: What a preset says differently for a player count (§10: the club's ski penalty is 100 with 4 players).
PRESET_FOR_PLAYERS: Final[dict[str, dict[int, dict[str, Any]]]] = {
    "club": {4: {"ski_penalty": 100}},
    "short": {2: {"match_target": 9, "doubling": "dave"}},  # §10: with 2 players a match to 9 with «даве»
    "kharkiv": {3: {"next_dealer": "rotate"}, 4: {"next_dealer": "rotate"}},
}


@dataclass(frozen=True, slots=True)
class Rules:
    """All options in force for one game. Build with :meth:`from_dict` or :meth:`preset`.

    Each option is declared once, here: its name, its type (a ``StrEnum`` for a closed set of words), its
    default (the Moscow rule) and its one-line help (:func:`~deberc_tui.engine.options.option`). Every value
    is checked and converted when a ``Rules`` is made, however it is made (``Rules(all_pass="x")`` is refused
    with a :class:`RulesError` naming the option and the values it takes).
    """

    players: int = 2
    preset_name: str = "moscow"
    target: int = option(501, N_("points that win the game (301, 501, 1001, ...)"), minimum=1)
    all_pass: AllPass = option(AllPass.REDEAL, N_(
        "everybody passed twice: 'redeal' (next player deals) or 'dealer_must' name a suit"))
    extra_cards: int = option(3, N_(
        "2-3 players: cards each after the bidding, 3 (nine in hand) or 4 (ten in hand and ten tricks)"), choices=(3, 4))
    extras_from: ExtrasFrom = option(ExtrasFrom.LEFT_OF_DEALER, N_(
        "2-3 players: the cards after the bidding start left of the dealer, or left of the bidder (the bidder last)"))
    turnup_2_3: Turnup23 = option(Turnup23.TABLE, N_(
        "2-3 players: the turnup stays on the table (the trump seven may take it), goes to the bidder, or lies under the stock"))
    stock_card_shown: StockCardShown = option(StockCardShown.BOTTOM, N_(
        "2-3 players: the stock's bottom card is shown, or its top card after the first trick, or no card"))
    turnup_to: TurnupTo = option(TurnupTo.DEALER, N_("4 players: the turnup goes to the 'dealer' or the 'bidder'"))
    swap_seven: bool = option(True, N_("the trump seven may be swapped for the turnup (2-3 players, round-1 trump)"))
    swap_seven_until: SwapSevenUntil = option(SwapSevenUntil.FIRST_CARD, N_(
        "the trump seven may be swapped before your first card, or only if it came in your first six cards"))
    four_sevens_redeal: bool = option(True, N_("a player with all four sevens may demand a redeal"))
    low_points_redeal: int | None = option(None, N_(
        "a weak first six cards (at most this many points) may demand a redeal (null: never)"), minimum=0)
    low_points_cards: LowPointsCards = option(LowPointsCards.SIX, N_(
        "a weak hand counts the first six cards only, or all the cards held when asking for the redeal"))
    klabor: bool = option(False, N_("A K Q J 10 9 of one suit in the first six cards wins the game at once"))
    hundred: bool = option(False, N_("six cards in sequence are a hundred (else a fifty)"))
    hundred_length: int = option(6, N_("with the hundred: how many cards in sequence make it (6 or 5)"),
                                 choices=(6, 5))
    debertz: Debertz = option(Debertz.OFF, N_(
        "a debertz: 'off' (it is a fifty or a hundred), 'win' the game at once, or worth the 'target_points'"))
    debertz_length: int = option(7, N_("how many cards in sequence make a debertz (7 or 6)"), choices=(7, 6))
    debertz_suit: DebertzSuit = option(DebertzSuit.TRUMP, N_("a debertz is a run in the 'trump' suit only, or in 'any'"))
    combo_rank: ComboRank = option(ComboRank.LENGTH_FIRST, N_(
        "which combination is higher: the longer one ('length_first') or any trump one ('trump_first')"))
    combo_tie: ComboTie = option(ComboTie.TRUMP_THEN_FIRST, N_("equal combinations: who scores"))
    declare_until: DeclareUntil = option(DeclareUntil.FIRST_CARD, N_(
        "combinations are declared with your 'first_card', or with the first or second ('second_trick')"))
    combos_need_trick: bool = option(True, N_("combinations score only if the side takes a trick"))
    bella_when: BellaWhen = option(BellaWhen.WITH_CARD, N_(
        "bella is declared 'with_card' (the trump K or Q), with any card 'while_holding' one, or 'until_last_card'"))
    bella_to: BellaTo = option(BellaTo.HOLDER, N_("bella's 20 go to the 'holder' or to the 'trick_winner'"))
    bella_needs_trick: bool = option(False, N_("bella's 20 score only if the holder's side takes a trick"))
    first_lead: FirstLead = option(FirstLead.LEFT_OF_DEALER, N_("who leads first: 'left_of_dealer' or the 'bidder'"))
    overtrump_on_ruff: bool = option(False, N_(
        "when ruffing a plain lead, you must beat a trump already in the trick"))
    partner_exempt: bool = option(False, N_(
        "4 players: no duty to trump or overtrump when your partner is winning"))
    bidder_must_beat: BidderMustBeat = option(BidderMustBeat.EACH, N_(
        "3 players: the bidder must beat 'each' defender or both 'combined'"))
    bait_to: BaitTo = option(BaitTo.HIGHER, N_("3 players: bait points go to the 'higher' defender or are 'split'"))
    hanging: Hanging = option(Hanging.HANG, N_(
        "a tie for the bidder: points 'hang', count as 'bait', 'each_own', or are held for a 'forced' deal"))
    hanging_multi: HangingMulti = option(HangingMulti.ACCUMULATE, N_(
        "several hanging results: 'accumulate' or 'queue'"))
    bait_penalty: BaitPenalty | None = option(None, N_("penalty for repeated baits: {points, when, count} or null"),
                                              parse=_parse_bait_penalty)
    ski_penalty: int = option(0, N_("penalty for a side that takes no trick (0, 50, 100)"), choices=(0, 50, 100))
    both_over: BothOver = option(BothOver.DEFENDER, N_("several sides over the target: who wins"))
    claims: bool = option(True, N_("a player on lead may claim the game («Партия»)"))
    claim_bella: ClaimBella = option(ClaimBella.HELD, N_(
        "a claim counts the claimant's bella when 'held' (could still be declared) or only when 'declared'"))
    claim_after_trump_jack: bool = option(True, N_("a claim is allowed right after winning the trump jack"))
    false_claim: FalseClaim | None = option(None, N_(
        "a wrong claim: the claimant 'loses', play 'continue's, or 'double_to_opponent' (null: loses with "
        "2 players, continue with 3 and 4)"))
    concede_50: bool = option(False, N_("2 players: the defender may concede the deal for fifty"))
    gap_end: int | None = option(None, N_("2 players: a lead of this many points wins below the target (null: off)"),
                                 minimum=1)
    mars: bool = option(False, N_("a win counts double when the loser has less than half the target"))
    short: bool = option(False, N_("one deal decides the game"))
    short_bait: bool = option(False, N_("short game: bait and hanging apply before comparing"))
    next_dealer: NextDealer = option(NextDealer.WINNER, N_("who deals next: the deal's 'winner' or 'rotate' clockwise"))
    match_target: int | None = option(None, N_(
        "a match: the first side with this many game points wins it (null: one game)"), minimum=1)
    doubling: Doubling = option(Doubling.NONE, N_(
        "2 players: 'none', «Дайви» ('daivi': double the game's points) or «даве» ('dave': the next stake)"))
    dave_progression: DaveProgression = option(DaveProgression.ARITHMETIC, N_(
        "«даве»: the stake grows by one ('arithmetic') or doubles ('geometric')"))
    money: Money = option(Money.NONE, N_(
        "money for a game: 'none', 'per_game' point, the loser's 'deficit' or the 'difference' of the totals"))
    stake: int = option(1, N_("what one unit of money is worth"), minimum=1)
    cut_penalty: CutPenalty = option(CutPenalty.NONE, N_(
        "score pad: the dealer did not offer the cut: 'none', 'minus_100' off the dealer's side, or a 'bait'"))
    renege_penalty: RenegePenalty = option(RenegePenalty.BAIT, N_(
        "score pad: a renege is a 'bait' on the cards, 'redeal_minus_100' (void deal, 100 off), or 'lose_trick'"))
    pencil_rule: bool = option(True, N_(
        "score pad: an entry may be checked until the next deal; an overstated one loses the excess to the checker"))

    def __post_init__(self) -> None:
        _check_players(self.players)
        _check_preset_name(self.preset_name)
        for key in OPTIONS:
            object.__setattr__(self, key, option_value(key, getattr(self, key)))
        _check_combinations(self)
        if self.false_claim is None:  # §8: the default depends on the table
            object.__setattr__(self, "false_claim", FalseClaim.LOSES if self.players == 2 else FalseClaim.CONTINUE)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "moscow", players: int = 2, **overrides: Any) -> Rules:
        return cls.from_dict({"preset": name, **overrides}, players=players)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, players: int = 2) -> Rules:
        """Preset plus overrides, validated; raises :class:`RulesError` naming the bad key or value."""
        if data is not None and not isinstance(data, Mapping):
            raise RulesError(N_("the rules must be an object of options, not {value!r}"), {"value": data})
        data = dict(data or {})
        _check_players(players)
        name = data.pop("preset", "moscow")
        _check_preset_name(name)
        if players not in PRESET_PLAYERS[name]:
            raise RulesError(N_("preset {name!r} is for {counts} players, not {players}"),
                            {"name": name, "counts": ", ".join(map(str, PRESET_PLAYERS[name])), "players": players})
        values: dict[str, Any] = {**PRESETS[name], **PRESET_FOR_PLAYERS.get(name, {}).get(players, {})}
        _check_keys(data)
        for edition in (SECOND_EDITION_KEYS, FIRST_EDITION_KEYS):
            if edition <= data.keys():
                # A full set written before the second edition or before matches (an old record or save): the
                # options it does not name did not exist then, so they keep their defaults, not the preset's now.
                values = {k: v for k, v in values.items() if k in edition}
                break
        values.update(data)
        return cls(players=players, preset_name=name, **values)

    def with_options(self, **overrides: Any) -> Rules:
        """These rules with some options changed (checked like any other)."""
        _check_keys(overrides)
        return replace(self, **overrides)

    def to_dict(self) -> dict[str, Any]:
        """The full set of options as JSON values, as a record stores them (``preset`` first, no ``players``)."""
        out: dict[str, Any] = {"preset": self.preset_name}
        for key in OPTIONS:
            out[key] = plain(getattr(self, key))
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
        """Tricks in a deal, as many as cards in a hand: 8 with 4 players, else 6 + ``extra_cards``."""
        return 8 if self.players == 4 else 6 + self.extra_cards

    @property
    def seven_swap_allowed(self) -> bool:
        return self.swap_seven and self.players < 4 and self.turnup_2_3 is Turnup23.TABLE

    def first_leader(self, dealer: int, bidder: int) -> int:
        """Who leads the first trick (§4, ``first_lead``): the player left of the dealer, or the bidder."""
        return (dealer + 1) % self.players if self.first_lead is FirstLead.LEFT_OF_DEALER else bidder

    def combo_points(self, length: int, trump: bool = False) -> int:
        """Points of a run of ``length`` cards (3..8), in the trump suit or not, under these rules
        (:func:`~deberc_tui.engine.combos.combo_kind` and ``kind_points`` say it, in one place)."""
        from deberc_tui.engine.combos import combo_kind, kind_points  # combos builds on Rules

        return kind_points(combo_kind(length, trump, self), self)


#: Every option, in the rule book's order: its key, default, help and the values it takes (for screens and checks).
OPTIONS: Final[dict[str, Option]] = collect(Rules)
#: One line on each option, for help screens and error messages (marked for translation, shown translated).
OPTION_HELP: Final[dict[str, str]] = {key: spec.help for key, spec in OPTIONS.items()}


def option_value(key: str, value: object, *, text: bool = False) -> object:
    """The typed value of the rule option ``key`` (an enum member, a number, a :class:`BaitPenalty`, ``None``).

    The one way a value becomes an option, whoever gives it: a record, a preset, the house-rules screen and
    ``Rules(...)`` itself give JSON values (``9``, ``"dave"``, ``true``, ``null``, ``{"points": 50}``); a
    command line gives text (``text=True``), read as a record writes the value, with a bare word standing for
    its string (``dave`` is ``"dave"``), so ``--rule match_target=9`` and a record's ``"match_target": 9`` are
    one value. Raises :class:`RulesError` naming the option: an unknown key (with the closest known one), a
    value of the wrong type or out of range. Whether options work together is :class:`Rules`'s to check.
    """
    spec = OPTIONS.get(key)
    if spec is None:
        raise _unknown_option(key)
    return spec.parse(_read_text(value) if text and isinstance(value, str) else value)


def _read_text(text: str) -> object:
    """Text typed for an option as the JSON value it stands for: JSON where it is JSON, else the word itself."""
    word = text.strip()
    try:
        value: object = json.loads(word)
    except (ValueError, RecursionError):  # not JSON (or too long a number, too deep a list): the word itself
        return word
    return value


def _unknown_option(key: object) -> RulesError:
    """An unknown option, with the closest known one when there is one (``mras``: did you mean ``mars``?)."""
    close = difflib.get_close_matches(key, OPTIONS, n=1) if isinstance(key, str) else []
    if close:
        return RulesError(N_("unknown rule option {key!r} (did you mean {close!r}?)"), {"key": key, "close": close[0]})
    return RulesError(N_("unknown rule option {key!r}"), {"key": key})


def _check_combinations(rules: Rules) -> None:
    """Refuse options that cannot work together (§10), with a one-line reason naming them."""
    if rules.bella_to is BellaTo.TRICK_WINNER and rules.bella_when is not BellaWhen.WITH_CARD:
        raise RulesError(N_("rule option 'bella_to': 'trick_winner' works only with 'bella_when': 'with_card', "
                            "not {value!r} (bella goes to the winner of the trick it is declared in)"),
                         {"value": rules.bella_when.value})


def _check_players(players: object) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
        raise RulesError(N_("players must be 2, 3 or 4, not {players!r}"), {"players": players})


def _check_preset_name(name: object) -> None:
    if not isinstance(name, str) or name not in PRESETS:  # a str first: a list is refused, never hashed
        raise RulesError(N_("unknown preset {name!r} (one of: {presets})"), {"name": name, "presets": ", ".join(PRESETS)})


def _check_keys(data: Mapping[str, object]) -> None:
    for key in data:
        if key not in OPTIONS:
            raise _unknown_option(key)
