"""The table's narrator: one line of the log for each engine event a player at the table would hear, in the
current language, cards in their colours, each verb agreeing with whom it speaks of (``You`` in the second person,
«загрузилась Клара»: :mod:`deberc_tui.text.persons`).

The table screen keeps its own state (who said what, the trick on show); what the log says lives here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from rich.text import Text

from deberc_tui.app.look import Look
from deberc_tui.app.usertext import fill
from deberc_tui.engine import BidCall, Card, DealOutcome, Suit
from deberc_tui.engine import events as ev
from deberc_tui.engine.events import Event
from deberc_tui.engine.text import Text as EngineText
from deberc_tui.engine.text import render
from deberc_tui.text.i18n import N_, _, ngettext
from deberc_tui.text.persons import G_, W_, Cast, Phrase
from deberc_tui.text.sheet_text import reason_word
from deberc_tui.text.stake_story import STAKE_EVENTS, stake_said
from deberc_tui.text.words import CALLS, rank_letter
from deberc_tui.text.words import combo as combo_word

LOG_OUTCOMES: Final[dict[str, str]] = {
    DealOutcome.MADE: N_("made"), DealOutcome.BAIT: N_("bait"), DealOutcome.HANGING: N_("hanging"),
    DealOutcome.THROWN_IN: N_("thrown in"), DealOutcome.CLAIM_WON: N_("claim won"),
    DealOutcome.CLAIM_LOST: N_("claim lost"), DealOutcome.DEBERTZ: N_("debertz"), DealOutcome.KLABOR: N_("klabor"),
    DealOutcome.HELD: N_("a tie, everything held (висяк)"), DealOutcome.CONCEDED: N_("conceded for fifty"),
    DealOutcome.DOUBLE_REFUSED: N_("double refused"), DealOutcome.DAVE_CONCEDED: N_("«даве» conceded")}
"""How the log names a deal's outcome (one the table lacks is said as its code, underscores as spaces)."""


def word(table: Mapping[str, str], key: str) -> str:
    return _(table[key]) if key in table else key.replace("_", " ")


# The log's lines said of a seat or a side.
BIDDER = Phrase(N_("Trump {suit} — You are the bidder"), G_("Trump {suit} — {name} is the bidder"))
SWAPS = Phrase(N_("You swap {seven} for the turnup {turnup}"), N_("{name} swaps {seven} for the turnup {turnup}"))
DEMANDS_REDEAL = Phrase(N_("You demand a redeal ({reason})"), N_("{name} demands a redeal ({reason})"))
DECLARES = Phrase(N_("You declare a {what}{more}"), N_("{name} declares a {what}{more}"))
SCORE_FOR = Phrase(N_("You score {points} for "), N_("{name} scores {points} for "), W_("{name} score {points} for "))
CLAIMS = Phrase(N_("You claim «Партия» with {points}: {verdict}"), N_("{name} claims «Партия» with {points}: {verdict}"))
FORCED = Phrase(N_("Forced deal (висяк): the last deal was a tie, so there is no bidding — You must play the turnup's "
                   "suit; held {held}; only bella may be declared"),
                N_("Forced deal (висяк): the last deal was a tie, so there is no bidding — {name} must play the "
                   "turnup's suit; held {held}; only bella may be declared"))
STRUCK = Phrase(N_("False claim: your total {lost} is struck to 0 and doubled to {gains}"),
                N_("False claim: {name}'s total {lost} is struck to 0 and doubled to {gains}"))


def call_word(call: BidCall, look: Look) -> str:
    """A bid as the table says it: ``play``, ``pass``, or the named suit's symbol."""
    suit = call.suit
    return word(CALLS, call) if suit is None else look.suit(suit)


def combo_name(kind: str, top: str) -> str:
    """``terz to the K`` (the suit follows separately)."""
    return _("{kind} to the {top}").format(kind=combo_word(kind), top=rank_letter(top))


class Narrator:
    """Turns engine events into the lines of the table's log."""

    def __init__(self, people: Cast, look: Look, *, match: bool = False) -> None:
        self.people = people
        self.match = match  # a lone game ends in its dialog; a game of a match is also a line of the log
        self.look = look

    def side_name(self, side: int) -> str:
        return self.people.sides[side].name

    def fmt(self, template: str, **params: object) -> Text:
        """Fill a translated ``str.format`` template (:func:`~deberc_tui.app.usertext.fill`: names are text, never
        markup); cards and ``Text`` values keep their colours."""
        return fill(template, **{key: self.look.card_text(value) if isinstance(value, Card) else value
                                 for key, value in params.items()})

    def message(self, text: EngineText) -> Text:
        """A message of the table's (a template and params) in the player's language, cards and suits in their
        colours; a message inside it is written out first. A translation that does not fit falls back to English."""
        params: dict[str, object] = {}
        for key, value in text.params.items():
            if isinstance(value, Suit):
                params[key] = self.look.suit_text(value)
            elif isinstance(getattr(value, "template", None), str) and isinstance(getattr(value, "params", None), dict):
                params[key] = render(value.template, value.params, _, self._show)  # type: ignore[attr-defined]
            else:
                params[key] = value
        try:
            return self.fmt(_(text.template), **params)
        except (KeyError, IndexError, ValueError):
            return self.fmt(text.template, **params)

    def _show(self, value: object) -> object:
        if isinstance(value, Card):
            return self.look.card_str(value)
        if isinstance(value, Suit):
            return self.look.suit(value)
        return value

    def styled(self, template: str, style: str = "", **params: object) -> Text:
        line = self.fmt(template, **params)
        if style:
            line.stylize(style)
        return line

    def said(self, phrase: Phrase, seat: int, style: str = "", *, capital: bool = False, **params: object) -> Text:
        """``phrase`` said of ``seat``'s player (its verb agreeing with them), cards in their colours; ``capital``:
        a phrase worded to stand inside a story ("you accept") begins the log's line ("You accept")."""
        who = self.people.seats[seat]
        words = phrase.words(who)
        return self.styled(words[:1].upper() + words[1:] if capital else words, style, name=who.name, **params)

    def line(self, e: Event) -> Text | None:  # noqa: C901 - one branch per kind of event, as the log tells it
        """The log line for ``e``, or None for events the log does not tell (cards played, tricks won)."""
        names, lk = self.people.seat_names, self.look
        if isinstance(e, ev.BidMade):
            return Text(f"{names[e.seat]}: {call_word(e.call, lk)}")
        if isinstance(e, ev.TrumpChosen):
            line = self.said(BIDDER, e.seat, suit=lk.suit_text(e.trump))
            if e.bottom is not None:
                line.append_text(self.fmt(_(", bottom card {card}"), card=e.bottom))
            return line
        if isinstance(e, ev.SevenSwapped):
            return self.said(SWAPS, e.seat, seven=e.seven, turnup=e.turnup)
        if isinstance(e, ev.RedealDemanded):
            return self.said(DEMANDS_REDEAL, e.seat, reason=reason_word(e.reason))
        if isinstance(e, ev.ThrownIn):
            return Text(_("The deal is thrown in ({reason})").format(reason=reason_word(e.reason)),
                        style="bold")
        if isinstance(e, ev.KlaborAnnounced):
            return Text(_("{name}: KLABOR!").format(name=names[e.seat]), style="bold")
        if isinstance(e, ev.Declared):
            more = _(" (+{n} more)").format(n=e.count - 1) if e.count > 1 else ""
            return self.said(DECLARES, e.seat, what=combo_name(e.best.kind, e.best.top.value), more=more)
        if isinstance(e, ev.DeclarationsResolved):
            if e.side is None:
                return Text(_("Combinations: none scores"))
            line = Text(SCORE_FOR.say(self.people.sides[e.side], points=e.points))
            for i, (_seat, combo) in enumerate(e.combos):
                if i:
                    line.append(", ")
                line.append(f"{combo_word(combo.kind)} ")
                line.append_text(lk.cards_text(combo.cards, sep=""))
            return line
        if isinstance(e, ev.BellaDeclared):
            return self.fmt(_("{name}: bella! ({card})"), name=names[e.seat], card=e.card)
        if isinstance(e, ev.ClaimMade):
            verdict = _("right") if e.valid else _("wrong")
            return self.said(CLAIMS, e.seat, "bold", points=e.counted, verdict=verdict)
        if isinstance(e, ev.ForcedDeal):
            return self.said(FORCED, e.bidder, "bold", held=self.per_side(e.held))
        if isinstance(e, ev.StockTopShown):
            return self.fmt(_("The stock's top card is turned face up: {card} (it takes no part in play)"), card=e.card)
        if isinstance(e, ev.ClaimStruck):
            return self.struck(e)
        if isinstance(e, STAKE_EVENTS):  # the deal's or the game's worth (§8, §12), said as the story says it
            phrase, params = stake_said(e)
            return self.said(phrase, e.seat, "bold", capital=True, **params)
        if isinstance(e, ev.GameSettled) and self.match:
            return self.settled(e)
        if isinstance(e, ev.DealScored):
            r = e.result
            return Text(_("Deal {n}: {outcome}; totals {totals}").format(
                n=r.index + 1, outcome=word(LOG_OUTCOMES, r.outcome), totals=" / ".join(str(t) for t in r.totals)),
                style="bold")
        return None

    def settled(self, e: ev.GameSettled) -> Text:
        """What a game of a match was worth (§12)."""
        won = e.game_points[e.winner]
        return self.styled(ngettext("Game {n}: {side} won {points} game point",
                                    "Game {n}: {side} won {points} game points", won), "bold",
                           n=e.game + 1, side=self.side_name(e.winner), points=won)

    def per_side(self, points: Sequence[int]) -> str:
        """``You 81, Boris 81``: one number per side."""
        return ", ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(points))

    def struck(self, e: ev.ClaimStruck) -> Text:
        """A false claim under ``false_claim: "double_to_opponent"``: whose total was struck, who gained."""
        side = next(s for s, m in enumerate(e.moved) if m < 0)
        gains = ", ".join(f"{self.side_name(s)} +{m}" for s, m in enumerate(e.moved) if m > 0)
        return Text(STRUCK.say(self.people.sides[side], lost=-e.moved[side], gains=gains), style="bold")
