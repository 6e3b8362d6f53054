"""What the table screen draws, made from the table session: the top bar, the felt's state, the status line,
the words a seat says, and the session's messages in the player's language and card style.

Pure functions of the session and the look (no widgets), so the screen only puts them where they go.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from rich.text import Text

from deberc_tui.app.look import Look
from deberc_tui.app.narrator import call_word, combo_name
from deberc_tui.app.widgets.actions import combo_words, must_answer_concede
from deberc_tui.app.widgets.felt import FeltState, SeatInfo
from deberc_tui.app.widgets.panel import stock_count, turnup_under_stock
from deberc_tui.engine import (
    Action,
    Bid,
    Card,
    Concede50,
    IllegalActionError,
    Phase,
    PlayCard,
    SeatView,
    Suit,
)
from deberc_tui.engine import events as ev
from deberc_tui.engine.actions import BidCall, Dave, Double
from deberc_tui.engine.combos import Combo
from deberc_tui.engine.text import Text as EngineText
from deberc_tui.engine.text import render
from deberc_tui.table.session import Speech, TableSession
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.persons import G_, Phrase
from deberc_tui.text.words import preset as preset_label

DEALER = Phrase(N_("your deal"), N_("dealer {name}"))
NAMED_TRUMP = Phrase(N_("You named trump: o = offer to concede the deal for fifty, Enter = play on"),
                     G_("{name} named trump: o = offer to concede the deal for fifty, Enter = play on"))

Fmt = Callable[..., Text]
"""The narrator's ``fmt``: a translated template filled with values, cards in their colours."""


def message_text(message: EngineText | IllegalActionError, look: Look) -> str:
    """An engine refusal, a bot's reason or a session's remark in the player's language, its cards and suits as
    the look draws them (``Q♥``), a combination as players name it (``terz to K♥``), an action as a hint says
    it (``play Q♥``)."""
    def show(value: object) -> object:
        if isinstance(value, Card):
            return look.card_str(value)
        if isinstance(value, Suit):
            return look.suit(value)
        if isinstance(value, Combo):
            return combo_words(value, look)
        if isinstance(value, PlayCard | Bid | Concede50 | Double | Dave):
            return action_words(value, look)
        return value

    return render(message.template, message.params, _, show)


def speech_word(said: Speech, look: Look) -> str:
    """What a seat said, as the felt shows it under its name."""
    if isinstance(said, ev.BidMade):
        return call_word(said.call, look)
    if isinstance(said, ev.TrumpChosen):
        return _("trump {suit}").format(suit=look.suit(said.trump))
    if isinstance(said, ev.Declared):
        return combo_name(said.best.kind, said.best.top.value)
    return _("bella!")


def action_words(action: Action, look: Look) -> str:
    """A choice as a hint says it: ``play Q♥ and declare``, ``name ♠``, ``pass``."""
    if isinstance(action, PlayCard):
        return _("play {card}").format(card=look.card_str(action.card)) + (
            _(" and declare") if action.declare else "") + (_(" with bella") if action.bella else "")
    if isinstance(action, Bid):
        suit = action.call.suit
        if suit is None:
            return _("play the turnup's suit") if action.call is BidCall.PLAY else _("pass")
        return _("name {suit}").format(suit=look.suit(suit))
    if isinstance(action, Concede50):
        return {"offer": _("offer to concede for fifty"), "accept": _("accept the concession"),
                "refuse": _("refuse the concession")}[action.step]
    if isinstance(action, Double | Dave):
        return {"offer": _("raise the stake"), "accept": _("accept the double"), "refuse": _("refuse the double"),
                "play": _("play on"), "concede": _("concede")}[action.step]
    return str(action)


def match_words(session: TableSession) -> str:
    """The match in a few words for the top bar: ``game 2 · match 1:0 to 3 · ×2`` (empty for a lone game)."""
    match = session.match
    rules = match.rules
    if rules.match_target is None:
        return ""
    score = ":".join(str(p) for p in match.match_points)
    parts = [_("game {n}").format(n=match.game_index + 1),
             _("match {score} to {target}").format(score=score, target=rules.match_target)]
    if match.multiplier != 1:
        parts.append(_("stake ×{k}").format(k=match.multiplier))
    return " · ".join(parts)


class Part(IntEnum):
    """The top bar's parts, the least needed first: where the terminal is too narrow for all of them, they are left
    out in this order (the felt marks the dealer too, and the side panel names the preset)."""

    PLAYERS = 0
    BRAND = 1
    PRESET = 2
    DEALER = 3
    KEEP = 4
    """The match, the deal, a forced deal and the trump (or the bidding): what the player needs now."""


def top_bar(session: TableSession, view: SeatView, look: Look, fmt: Fmt, width: int | None = None) -> Text:
    """The line at the top: preset, players, the match, the deal, trump (or the bidding), the dealer — in
    ``width`` cells, leaving out the least needed parts (:class:`Part`) where they do not all fit."""
    rules = session.rules
    match = session.match
    parts: list[tuple[Part, Text]] = [
        (Part.PRESET, Text(preset_label(rules.preset_name).capitalize())),
        (Part.PLAYERS, Text(_("{n} players").format(n=rules.players))),
    ]
    words = match_words(session)
    if words:
        parts.append((Part.KEEP, Text(words, style="bold")))
    parts.append((Part.KEEP, Text(_("deal {deal}").format(deal=len(match.game.deals)))))
    if session.forced_deal() is not None:
        parts.append((Part.KEEP, Text(_("forced deal"), style="bold")))
    parts.append((Part.KEEP, fmt(_("trump {suit}"), suit=look.suit_text(view.trump)) if view.trump is not None
                  else Text(_("bidding"))))
    deal = match.deal
    if deal is not None:
        parts.append((Part.DEALER, Text(DEALER.say(session.people.seats[deal.dealer]))))
    brand = True
    for leave_out in Part:
        top = _bar(parts, brand)
        if width is None or top.cell_len <= width or leave_out is Part.KEEP:
            break
        if leave_out is Part.BRAND:
            brand = False
        else:
            parts = [(part, text) for part, text in parts if part is not leave_out]
    top.truncate(width or top.cell_len)
    return top


def _bar(parts: list[tuple[Part, Text]], brand: bool) -> Text:
    top = Text()
    if brand:
        top.append(" deberc ", style="bold reverse")
    top.append(" ")
    return top + Text(" · ").join(text for _part, text in parts)


def felt_state(session: TableSession, view: SeatView, look: Look) -> FeltState:
    """Every seat with its markers and words, the trick (or the last one, for a moment), the turnup, the stock."""
    deal = session.deal
    assert deal is not None
    n = session.rules.players
    seats = [SeatInfo(session.name(s), view.hand_sizes[s], dealer=s == deal.dealer, bidder=s == deal.bidder,
                      to_act=s == session.match.to_act and not deal.is_over,
                      said=speech_word(session.said[s], look) if s in session.said else "")
             for s in range(n)]
    # a stock card face up for all: the top after the first trick (club), the bottom card, or the turnup put under
    # the stock (``turnup_2_3: "bottom"``), each named over it as the panel names it
    shown, shown_label = ((view.stock_top, _("stock top")) if view.stock_top is not None
                          else (view.bottom, _("bottom")) if view.bottom is not None
                          else (view.turnup, _("turnup")) if turnup_under_stock(view) else (None, ""))
    state = FeltState(viewer=view.seat, seats=seats, trump=view.trump, stock=stock_count(view),
                      turnup=view.turnup if view.turnup_taken_by is None and view.trump is not None
                      and not turnup_under_stock(view) else None, turnup_label=_("turnup"),
                      shown_stock=shown, shown_label=shown_label)
    if view.current_trick:
        state.trick = list(view.current_trick)
    elif session.hold is not None:
        state.trick = list(session.hold.cards)
        state.taken_by, state.taken_points = session.hold.winner, session.hold.points
    if view.trump is None and not deal.is_over:
        state.centre = view.turnup
        state.centre_label = _("turnup · round {n}").format(n=view.bid_round)
    return state


def status_line(session: TableSession, view: SeatView | None, look: Look) -> Text:
    """What the player should know or do now: a refusal (red), a hint, whose turn, which keys."""
    deal = session.deal
    assert deal is not None
    t = Text()
    if session.error is not None:
        t.append(("x " if look.ascii else "✗ ") + message_text(session.error, look), style="bold red")
    elif session.hint is not None:
        t.append(message_text(session.hint, look), style="italic")
    elif deal.is_over:
        t.append(_("The deal is over."), style="bold")
    elif session.concede_choice() is not None and deal.bidder is not None:  # offered once trump is named
        t.append(NAMED_TRUMP.say(session.people.seats[deal.bidder]), style="bold")
    elif session.is_bot(session.match.to_act):
        t.append(_("{name} is thinking…").format(name=session.name(session.match.to_act or 0)), style="dim")
    elif view is not None and view.to_act == view.seat:
        if view.phase is Phase.BIDDING:
            if view.bid_round == 1:
                t.append(_("Your bid: p = play {suit} as trump, x = pass").format(suit=look.suit(view.turnup.suit)),
                         style="bold")
            else:
                t.append_text(round_two_prompt(view, look))
        elif must_answer_concede(view):
            t.append(_("Answer the offer to concede for fifty"), style="bold")
        elif len(view.hand) >= 10:
            t.append(_("Your turn: ←/→ or 1-9, 0 to choose, Enter to play"), style="bold")
        else:
            t.append(_("Your turn: ←/→ or 1-9 to choose, Enter to play"), style="bold")
    return t


def round_two_prompt(view: SeatView, look: Look) -> Text:
    """Round 2 names only the suits one may call (never the turnup's), each with its key."""
    suits = [a.call.suit for a in view.legal if isinstance(a, Bid) and a.call.suit is not None]
    t = Text(_("Round 2: name a suit") + " ", style="bold")
    for i, suit in enumerate(suits):
        if i:
            t.append(", ")
        t.append(f"{suit.value.lower()} = ")
        t.append_text(look.suit_text(suit))
    if any(isinstance(a, Bid) and a.call is BidCall.PASS for a in view.legal):
        t.append(_(", or x = pass"))
    else:
        t.append(" " + _("(the dealer may not pass)"))
    return t
