"""Every rule option in the player's words: the rule book's section it belongs to, a short name, a one-line
explanation and a label for each value — what the house-rules screen and a preset's summary show.

The engine declares each option once (``deberc_tui.engine.rules.OPTIONS``: key, default, the values it
takes); this table is the other half, the words. It is written for every option of the rule book, also for
those the engine does not have yet (the matches and the score pad's penalties), so that a new option only
needs its line here; ``tests/test_house_rules_screen.py`` fails for an option of ``OPTIONS`` without a
section, an explanation or a label for one of its values. Nothing here names a code value: a label says
"the dealer must name a suit", never ``dealer_must``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from itertools import product
from typing import Final

from deberc_tui.engine import Rules
from deberc_tui.text.i18n import N_, _, ngettext

#: The player counts a table can have.
ALL_COUNTS: Final = (2, 3, 4)


class Section(Enum):
    """The rule book's sections that hold options, in the book's order; the value is the section's number."""

    DEALING = 2
    BIDDING = 3
    BEFORE_FIRST_CARD = 4
    DECLARATIONS = 5
    PLAY = 6
    SCORING = 7
    END = 8
    NEXT_DEALER = 9
    TABLE_PENALTIES = 11
    MATCHES = 12


SECTION_TITLES: Final[dict[Section, str]] = {
    Section.DEALING: N_("Dealing"),
    Section.BIDDING: N_("Bidding"),
    Section.BEFORE_FIRST_CARD: N_("Before the first card"),
    Section.DECLARATIONS: N_("Declarations"),
    Section.PLAY: N_("Play of the cards"),
    Section.SCORING: N_("Scoring"),
    Section.END: N_("End of the game"),
    Section.NEXT_DEALER: N_("Next dealer"),
    Section.TABLE_PENALTIES: N_("Table penalties (score pad)"),
    Section.MATCHES: N_("Matches"),
}


class Numbers(StrEnum):
    """How a number an option takes is said, when its values are not listed one by one."""

    PLAIN = "plain"  # 501
    POINTS = "points"  # 250 points
    AT_MOST = "at_most"  # at most 13 points
    FIRST_TO = "first_to"  # first to 3 game points


@dataclass(frozen=True, slots=True)
class OptionWords:
    """One option in the player's words (every text marked with ``N_``, translated when shown)."""

    section: Section
    name: str
    explain: str
    #: Labels of the values, keyed by the value a record writes (``"dealer_must"``, ``4``, ``None``).
    #: ``True``/``False`` default to yes/no; numbers without a label are said as ``numbers`` says.
    labels: Mapping[object, str] = field(default_factory=dict)
    #: The player counts the option applies to (at other tables it is accepted and ignored, §10).
    players: tuple[int, ...] = ALL_COUNTS
    #: The values offered on screen, for an option whose range is open (``target``) or where the engine's
    #: ``None`` is only a default that the rules resolve (``false_claim``); else the engine's own values.
    offered: tuple[object, ...] | None = None
    numbers: Numbers | None = None


_YES_NO: Final[dict[object, str]] = {True: N_("yes"), False: N_("no")}

# -- the bait penalty: the one option whose value is a structure (points, which bait, counted how) ---------

BAIT_POINTS: Final = (50, 100)
BAIT_WHEN: Final[dict[str, str]] = {
    "third": N_("the 3rd bait"),
    "third_and_after": N_("3rd and later baits"),
    "every_third": N_("every 3rd bait"),
}
BAIT_COUNT: Final[dict[str, str]] = {"game": N_("in a game"), "row": N_("in a row")}
BAIT_PENALTIES: Final[tuple[dict[str, object], ...]] = tuple(
    {"points": p, "when": w, "count": c} for p, w, c in product(BAIT_POINTS, BAIT_WHEN, BAIT_COUNT))


S = Section
#: Every option of the rule book, in the book's order (the screen shows them in this order, by section).
WORDS: Final[dict[str, OptionWords]] = {
    # §2 Dealing
    "extra_cards": OptionWords(S.DEALING, N_("cards after the bidding"), N_(
        "how many more cards each player gets once trump is chosen"),
        {3: N_("3 (9 in hand)"), 4: N_("4 (10 in hand, 10 tricks)")}, players=(2, 3)),
    "extras_from": OptionWords(S.DEALING, N_("those cards start"), N_(
        "who gets the first of the cards dealt after the bidding"),
        {"left_of_dealer": N_("left of the dealer"), "left_of_bidder": N_("left of the bidder (bidder last)")},
        players=(2, 3)),
    "turnup_2_3": OptionWords(S.DEALING, N_("the turnup"), N_(
        "what becomes of the face-up card once trump is chosen"),
        {"table": N_("stays on the table"), "bidder": N_("goes to the bidder"),
         "bottom": N_("lies under the stock, out of play")}, players=(2, 3)),
    "stock_card_shown": OptionWords(S.DEALING, N_("shown stock card"), N_(
        "which card of the stock everybody may see (it is never played)"),
        {"bottom": N_("the bottom card"), "top_after_first_trick": N_("the top card, after the first trick"),
         "none": N_("no card is shown")}, players=(2, 3)),
    "turnup_to": OptionWords(S.DEALING, N_("the turnup goes to"), N_(
        "who takes the face-up card with their last two cards"),
        {"dealer": N_("the dealer"), "bidder": N_("the bidder")}, players=(4,)),
    # §3 Bidding
    "all_pass": OptionWords(S.BIDDING, N_("everybody passes"), N_(
        "what happens when nobody chooses trump in either round"),
        {"redeal": N_("the next player deals again"), "dealer_must": N_("the dealer must name a suit")}),
    # §4 Before the first card
    "swap_seven": OptionWords(S.BEFORE_FIRST_CARD, N_("swap the trump seven"), N_(
        "the seven of trump may be exchanged for the face-up card"), players=(2, 3)),
    "swap_seven_until": OptionWords(S.BEFORE_FIRST_CARD, N_("which seven"), N_(
        "whether a trump seven received after the bidding may be swapped too"),
        {"first_card": N_("any, until your first card"), "pickup": N_("only one of the first six cards")},
        players=(2, 3)),
    "four_sevens_redeal": OptionWords(S.BEFORE_FIRST_CARD, N_("four sevens"), N_(
        "a player holding all four sevens may demand a new deal")),
    "low_points_redeal": OptionWords(S.BEFORE_FIRST_CARD, N_("weak hand"), N_(
        "a player whose cards are worth this little may demand a new deal"),
        {None: N_("never")}, offered=(None, 0, 1, 5, 10, 13, 15, 20), numbers=Numbers.AT_MOST),
    "low_points_cards": OptionWords(S.BEFORE_FIRST_CARD, N_("a weak hand counts"), N_(
        "which cards are counted for a weak hand"),
        {"six": N_("the first six cards"), "hand": N_("the cards held then")}),
    "klabor": OptionWords(S.BEFORE_FIRST_CARD, N_("klabor"), N_(
        "six cards of one suit from the ace down, in the first six, win the game")),
    # §5 Declarations
    "hundred": OptionWords(S.DECLARATIONS, N_("hundred"), N_(
        "a long sequence is a hundred (100 points) instead of a fifty")),
    "hundred_length": OptionWords(S.DECLARATIONS, N_("a hundred is"), N_(
        "how many cards in sequence make a hundred"), {6: N_("6 cards in sequence"), 5: N_("5 cards in sequence")}),
    "debertz": OptionWords(S.DECLARATIONS, N_("debertz"), N_(
        "seven trumps in sequence: just a long sequence, or much more"),
        {"off": N_("no debertz: a fifty or a hundred"), "win": N_("wins the game at once"),
         "target_points": N_("worth the whole target in points")}),
    "debertz_length": OptionWords(S.DECLARATIONS, N_("a debertz is"), N_(
        "how many cards in sequence make a debertz"), {7: N_("7 cards in sequence"), 6: N_("6 cards in sequence")}),
    "debertz_suit": OptionWords(S.DECLARATIONS, N_("debertz suit"), N_(
        "whether a debertz must be in trumps"), {"trump": N_("trumps only"), "any": N_("any suit")}),
    "combo_rank": OptionWords(S.DECLARATIONS, N_("the best combination"), N_(
        "which declared combination beats which"),
        {"length_first": N_("the longer one"), "trump_first": N_("any trump one, then the longer")}),
    "combo_tie": OptionWords(S.DECLARATIONS, N_("equal combinations"), N_(
        "same length and same top card: whose combination scores"),
        {"trump_then_first": N_("trump, else the first declared"), "first": N_("the first declared"),
         "trump_only": N_("trump, else nobody"), "trump_then_last_trick": N_("trump, else the last trick's taker"),
         "last_trick": N_("who takes the last trick")}),
    "declare_until": OptionWords(S.DECLARATIONS, N_("declare with"), N_(
        "with which of your cards you may still declare a combination"),
        {"first_card": N_("your first card"), "second_trick": N_("your first or second card")}),
    "combos_need_trick": OptionWords(S.DECLARATIONS, N_("combinations need a trick"), N_(
        "declared combinations score only if the side takes a trick")),
    "bella_when": OptionWords(S.DECLARATIONS, N_("say bella"), N_(
        "with which card you declare bella (the trump king and queen)"),
        {"with_card": N_("with the king or the queen"), "while_holding": N_("with any card while you hold one"),
         "until_last_card": N_("with any card, up to your last")}),
    "bella_to": OptionWords(S.DECLARATIONS, N_("bella's 20 go to"), N_(
        "who scores the 20 points of bella"),
        {"holder": N_("the player who holds it"), "trick_winner": N_("whoever takes that trick")}),
    "bella_needs_trick": OptionWords(S.DECLARATIONS, N_("bella needs a trick"), N_(
        "bella scores only if the holder's side takes a trick")),
    # §6 Play
    "first_lead": OptionWords(S.PLAY, N_("first lead"), N_(
        "who plays the first card of a deal"),
        {"left_of_dealer": N_("left of the dealer"), "bidder": N_("the bidder")}),
    "overtrump_on_ruff": OptionWords(S.PLAY, N_("overtrump on a ruff"), N_(
        "when you trump a plain lead, you must beat a trump already played")),
    "partner_exempt": OptionWords(S.PLAY, N_("spare your partner"), N_(
        "you need not beat your partner's card when it is winning the trick"), players=(4,)),
    # §7 Scoring
    "bidder_must_beat": OptionWords(S.SCORING, N_("the bidder must beat"), N_(
        "whose points the bidder must pass to make the deal"),
        {"each": N_("each defender"), "combined": N_("both defenders together")}, players=(3,)),
    "bait_to": OptionWords(S.SCORING, N_("bait points go to"), N_(
        "who gets the points of a baited bidder"),
        {"higher": N_("the higher defender"), "split": N_("both defenders, half each")}, players=(3,)),
    "hanging": OptionWords(S.SCORING, N_("a tie for the bidder"), N_(
        "the bidder scores exactly as much as a defender"),
        {"hang": N_("the points hang for the next deal"), "bait": N_("it counts as a bait"),
         "each_own": N_("everybody writes their own"), "forced": N_("held, the next deal without bidding")}),
    "hanging_multi": OptionWords(S.SCORING, N_("several hanging deals"), N_(
        "the hanging points of several deals in a row"),
        {"accumulate": N_("all go to the next winner"), "queue": N_("are decided one deal at a time")}),
    "bait_penalty": OptionWords(S.SCORING, N_("bait penalty"), N_(
        "points taken off a side for repeated baits"), {None: N_("no penalty")}, offered=(None, *BAIT_PENALTIES)),
    "ski_penalty": OptionWords(S.SCORING, N_("no-trick penalty"), N_(
        "points taken off a side that takes no trick in a deal (skis)"),
        {0: N_("no penalty")}, numbers=Numbers.POINTS),
    # §8 End of the game
    "target": OptionWords(S.END, N_("target"), N_(
        "the points that win the game"), offered=(101, 301, 501, 1001), numbers=Numbers.PLAIN),
    "both_over": OptionWords(S.END, N_("both over the target"), N_(
        "several sides reach the target in the same deal: who wins"),
        {"defender": N_("the defending side"), "higher": N_("the higher total"), "bidder": N_("the bidder"),
         "last_trick": N_("who took the last trick")}),
    "gap_end": OptionWords(S.END, N_("win by a lead"), N_(
        "a lead of this many points wins before the target"),
        {None: N_("off")}, offered=(None, 250), numbers=Numbers.POINTS, players=(2,)),
    "claims": OptionWords(S.END, N_("claim «Партия»"), N_(
        "a player who has just won a trick may claim the target is reached")),
    "claim_bella": OptionWords(S.END, N_("a claim counts bella"), N_(
        "whether a claim counts a bella not yet declared"),
        {"held": N_("if still held"), "declared": N_("only if declared")}),
    "claim_after_trump_jack": OptionWords(S.END, N_("claim on the trump jack"), N_(
        "a claim is allowed right after winning a trick with the trump jack in it")),
    "false_claim": OptionWords(S.END, N_("a wrong claim"), N_(
        "a claim that falls short of the target"),
        {"loses": N_("loses the game"), "continue": N_("play goes on"),
         "double_to_opponent": N_("total to 0, twice it to the others"),
         None: N_("loses with 2 players, else play goes on")},
        offered=("loses", "continue", "double_to_opponent")),
    "concede_50": OptionWords(S.END, N_("concede for fifty"), N_(
        "the defender may give the deal up, the bidder writing 50"), players=(2,)),
    "short": OptionWords(S.END, N_("short game"), N_("one deal decides the game")),
    "short_bait": OptionWords(S.END, N_("bait in the short game"), N_(
        "in the short game bait and hanging count before the points are compared")),
    # §9 Next dealer
    "next_dealer": OptionWords(S.NEXT_DEALER, N_("next dealer"), N_(
        "who deals the next deal"),
        {"winner": N_("who wrote the most points"), "rotate": N_("the next player clockwise")}),
    # §11 Table penalties (score pad)
    "cut_penalty": OptionWords(S.TABLE_PENALTIES, N_("no cut offered"), N_(
        "the dealer did not offer the cut"),
        {"none": N_("no penalty"), "minus_100": N_("100 off the dealer's side"),
         "bait": N_("the dealer's side is baited")}),
    "renege_penalty": OptionWords(S.TABLE_PENALTIES, N_("a renege"), N_(
        "a card against the rules: not following suit, not trumping, not overtrumping"),
        {"bait": N_("a bait on the cards"), "redeal_minus_100": N_("a new deal, 100 off"),
         "lose_trick": N_("a trick goes to the opponents")}),
    "pencil_rule": OptionWords(S.TABLE_PENALTIES, N_("check the score"), N_(
        "an entry may be checked until the next deal; the overstated points go to the checker")),
    # §12 Matches
    "mars": OptionWords(S.MATCHES, N_("mars"), N_(
        "a win counts twice when the loser has less than half the target")),
    "match_target": OptionWords(S.MATCHES, N_("match"), N_(
        "the game points that win a match"),
        {None: N_("one game")}, offered=(None, 2, 3, 5, 7, 9, 11, 15, 21), numbers=Numbers.FIRST_TO),
    "doubling": OptionWords(S.MATCHES, N_("raising the stake"), N_(
        "a player may raise the stake during a game"),
        {"none": N_("never"), "daivi": N_("«Дайви»: double the game"), "dave": N_("«даве»: the next stake")},
        players=(2,)),
    "dave_progression": OptionWords(S.MATCHES, N_("«даве» stakes"), N_(
        "how the stake grows with each «даве»"),
        {"arithmetic": N_("1, 2, 3, 4 …"), "geometric": N_("1, 2, 4, 8 …")}, players=(2,)),
    "money": OptionWords(S.MATCHES, N_("playing for money"), N_(
        "how the games are paid for"),
        {"none": N_("not for money"), "per_game": N_("per game point"), "deficit": N_("the loser's shortfall"),
         "difference": N_("the difference of the totals")}),
    "stake": OptionWords(S.MATCHES, N_("stake"), N_(
        "what one unit of money is worth"), offered=(1, 2, 5, 10), numbers=Numbers.PLAIN),
}
del S


def words(key: str) -> OptionWords | None:
    """The words of an option, or None for an option nobody described yet (the tests forbid that)."""
    return WORDS.get(key)


def section_title(section: Section) -> str:
    """``Dealing §2`` in the current language."""
    return f"{_(SECTION_TITLES[section])}  §{section.value}"


def option_name(key: str) -> str:
    found = WORDS.get(key)
    return _(found.name) if found else key


def option_explain(key: str) -> str:
    found = WORDS.get(key)
    return _(found.explain) if found else ""


def applies(key: str, players: int) -> bool:
    """Whether an option changes anything at a table of ``players`` (§10: else it is accepted and ignored)."""
    found = WORDS.get(key)
    return found is None or players in found.players


def not_with(players: int) -> str:
    """The mark of an option that does nothing at this table."""
    return _("(not with {n} players)").format(n=players)


def label_of(key: str, value: object) -> str | None:
    """The label of one value of one option in the current language, or None when none is written."""
    found = WORDS.get(key)
    if found is None:
        return None
    if isinstance(value, Mapping):
        return _bait_label(value) if key == "bait_penalty" else None
    if isinstance(value, bool):
        return _(found.labels.get(value) or _YES_NO[value])
    message = found.labels.get(value)
    if message is not None:
        return _(message)
    if isinstance(value, int) and found.numbers is not None:
        return _number(found.numbers, value)
    return None


def value_label(key: str, value: object) -> str:
    """A value as the screen shows it: its label, else (only for a value nobody described) as it is."""
    found = label_of(key, value)
    return found if found is not None else str(value)


def _number(kind: Numbers, n: int) -> str:
    if kind is Numbers.POINTS:
        return ngettext("{n} point", "{n} points", n).format(n=n)
    if kind is Numbers.AT_MOST:
        return ngettext("at most {n} point", "at most {n} points", n).format(n=n)
    if kind is Numbers.FIRST_TO:
        return ngettext("first to {n} game point", "first to {n} game points", n).format(n=n)
    return str(n)


def _bait_label(value: Mapping[object, object]) -> str | None:
    points, when, count = value.get("points"), value.get("when"), value.get("count")
    if not isinstance(points, int) or when not in BAIT_WHEN or count not in BAIT_COUNT:
        return None
    return _("−{points}: {when} {count}").format(
        points=points, when=_(BAIT_WHEN[str(when)]), count=_(BAIT_COUNT[str(count)]))


def in_book_order(keys: Iterable[str]) -> list[str]:
    """Option keys by the book's section, then as this table lists them (undescribed ones last)."""
    order = {key: i for i, key in enumerate(WORDS)}
    return sorted(keys, key=lambda k: (WORDS[k].section.value, order[k]) if k in WORDS else (99, 0))


def preset_changes(name: str, players: int, leave_out: Iterable[str] = ()) -> list[str]:
    """What a preset changes from the book's defaults at a table of ``players``, as "option: value" in the
    player's words (Kharkiv, 2 players: "cards after the bidding: 4 (10 in hand, 10 tricks)", ...). Options
    that do nothing at this table are left out: the preset changes nothing there; so are the options in
    ``leave_out`` (those a screen shows otherwise: the new-game screen's match)."""
    return rule_changes(Rules.preset(name, players=players), leave_out)


def rule_changes(rules: Rules, leave_out: Iterable[str] = (), leave_out_sections: Iterable[Section] = ()) -> list[str]:
    """What ``rules`` (a preset and its house rules) change from the book's defaults — the Moscow rules — as
    "option: value" in the player's words, in the book's order; options that do nothing at this table, those in
    ``leave_out`` and those of the sections in ``leave_out_sections`` are left out."""
    players = rules.players
    chosen = rules.to_dict()
    default = Rules(players=players).to_dict()
    sections = set(leave_out_sections)
    skip = {"preset", *leave_out}
    changed = [key for key in chosen if key not in skip and chosen[key] != default.get(key) and applies(key, players)
               and (key not in WORDS or WORDS[key].section not in sections)]
    return [f"{option_name(key)}: {value_label(key, chosen[key])}" for key in in_book_order(changed)]
