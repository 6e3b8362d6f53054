"""The game's words as the interface shows them: presets, bots, option values, outcomes (an option's own words,
its explanation and its values' labels are in :mod:`deberc_tui.text.rule_words`).

The engine speaks in identifiers (``dealer_must``, ``thrown_in``, ``terz``); these functions turn them into
the current language (``сдающий обязан``, ``пересдача``, ``терц``). Unknown identifiers come back as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from deberc_tui.engine.actions import BidCall
from deberc_tui.engine.cards import Suit
from deberc_tui.engine.scoring import DealOutcome
from deberc_tui.text.i18n import N_, _, ngettext
from deberc_tui.text.persons import is_you as is_you  # re-exported: where the second person is decided

if TYPE_CHECKING:
    from deberc_tui.engine import Card

PRESETS = {"moscow": N_("moscow"), "kharkiv": N_("kharkiv"), "klabor": N_("klabor"), "club": N_("club"),
           "short": N_("short"), "three": N_("three (Dreier)"), "fifty": N_("fifty (mit fünfzig)")}
BOTS = {"random": N_("random"), "novice": N_("novice"), "heuristic": N_("heuristic"), "expert": N_("expert"),
        "first-legal": N_("first-legal"), "hot-seat": N_("hot-seat")}
BOT_HELP = {"random": N_("plays any legal card"), "novice": N_("follows simple habits"),
            "heuristic": N_("counts points and trumps"), "expert": N_("searches the unseen cards")}

VALUES = {
    "redeal": N_("redeal"), "dealer_must": N_("dealer must"), "dealer": N_("dealer"), "bidder": N_("bidder"),
    "win": N_("win"), "off": N_("off"), "trump_then_first": N_("trump, then first"), "first": N_("first"),
    "trump_only": N_("trump only"), "trump_then_last_trick": N_("trump, then last trick"),
    "holder": N_("holder"), "trick_winner": N_("trick winner"), "left_of_dealer": N_("left of dealer"),
    "each": N_("each"), "combined": N_("combined"), "higher": N_("higher"), "split": N_("split"),
    "hang": N_("hang"), "bait": N_("bait"), "each_own": N_("each own"), "accumulate": N_("accumulate"),
    "queue": N_("queue"), "defender": N_("defender"), "last_trick": N_("last trick"), "loses": N_("loses"),
    "continue": N_("continue"), "winner": N_("winner"), "rotate": N_("rotate"),
    "third": N_("third"), "third_and_after": N_("third and after"), "every_third": N_("every third"),
    "game": N_("game"), "row": N_("row"),
}

OUTCOMES: Final[dict[str, str]] = {
    DealOutcome.MADE: N_("made"), DealOutcome.BAIT: N_("bait (БТ)"), DealOutcome.HANGING: N_("hanging (vs)"),
    DealOutcome.THROWN_IN: N_("thrown in"), DealOutcome.IN_PROGRESS: N_("in progress"),
    DealOutcome.CLAIM_WON: N_("claim won"), DealOutcome.CLAIM_LOST: N_("false claim"),
    DealOutcome.DEBERTZ: N_("debertz!"), DealOutcome.KLABOR: N_("klabor!"), DealOutcome.HELD: N_("held (висяк)"),
    DealOutcome.CONCEDED: N_("conceded for fifty"), DealOutcome.DOUBLE_REFUSED: N_("double refused"),
    DealOutcome.DAVE_CONCEDED: N_("«даве» conceded"),
}
THROWN = {"all_pass": N_("everybody passed"), "four_sevens": N_("four sevens"), "low_points": N_("weak hand")}
# How a game ended (Outcome.reason): a target reached, a short game, or a deal that ended it at once.
GAME_ENDS = {"target": N_("target reached"), "short": N_("short game"), "claim": N_("claim"),
             "claim_won": N_("claim won"), "claim_lost": N_("false claim"), "debertz": N_("debertz"),
             "klabor": N_("klabor"), "gap": N_("lead of the gap"), "double_refused": N_("double refused"),
             "dave_conceded": N_("«даве» conceded")}
COMBOS = {"terz": N_("terz"), "fifty": N_("fifty"), "hundred": N_("hundred"), "debertz": N_("debertz")}
SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
CALLS: Final[dict[str, str]] = {BidCall.PLAY: N_("play"), BidCall.PASS: N_("pass")}
_SUIT_SYMBOLS = {suit.value: suit.symbol for suit in Suit}  # the engine's symbols (Suit.symbol), by letter
# Ranks with a letter: Russian players write Т К Д В (туз, король, дама, валет).
RANKS = {"A": N_("A (rank)"), "K": N_("K (rank)"), "Q": N_("Q (rank)"), "J": N_("J (rank)")}


def _word(table: dict[str, str], key: str) -> str:
    return _(table[key]) if key in table else key


def game_length(short: bool, target: int) -> str:
    """How long a game lasts, as the panel and the log's first line say it: ``to 501`` — or, in a short game,
    where one deal decides and no target is played to, ``one deal``."""
    return _("one deal") if short else _("to {target}").format(target=target)


def preset(name: str) -> str:
    """``moscow`` → ``moscow`` / ``московский``."""
    return _word(PRESETS, name)


def bot(name: str) -> str:
    return _word(BOTS, name)


def outcome(code: str) -> str:
    return _word(OUTCOMES, code)


def thrown(reason: str) -> str:
    return _word(THROWN, reason)


def game_end(reason: str) -> str:
    return _word(GAME_ENDS, reason)


def combo(kind: str) -> str:
    return _word(COMBOS, kind)


def suit_name(letter: str) -> str:
    return _word(SUITS, letter)


def rank_letter(value: str) -> str:
    """A rank as players write it: ``T`` → ``10``; in Russian ``A K Q J`` → ``Т К Д В``."""
    if value == "T":
        return "10"
    message = RANKS.get(value)
    if message is None:
        return value
    word = _(message)
    return value if word == message else word


def call(code: str) -> str:
    """A bid as written in a story or a table: ``play``, ``pass``, the named suit's symbol (``♥``; Russian: играю,
    пас, ♥)."""
    if code in CALLS:
        return _(CALLS[code])
    return _SUIT_SYMBOLS.get(code, code)


def card(c: Card) -> str:
    """A card with its suit symbol as players write it: ``Q♥`` / ``Д♥`` (English: ``Card.pretty``)."""
    symbol: str = c.suit.symbol
    return rank_letter(c.rank.value) + symbol


def value(v: object) -> str:
    """An option's value as a label: yes/no, never, words for identifiers, numbers as they are."""
    if v is True:
        return _("yes")
    if v is False:
        return _("no")
    if v is None:
        return _("never")
    if isinstance(v, str):
        return _word(VALUES, v)
    return str(v)


def points(n: int) -> str:
    """``5 points`` / ``5 очков``."""
    return ngettext("{n} point", "{n} points", n).format(n=n)

