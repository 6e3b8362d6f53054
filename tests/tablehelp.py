"""Driving the table as a person does: only key presses, decided from what the screen offers."""

from __future__ import annotations

from typing import Any

from apphelp import human_move, settle, table_screen

from deberc_tui.app.screens.match_end import GameOverScreen, GameWonScreen, MatchOverScreen
from deberc_tui.app.screens.modals import DealSummaryScreen, PrivacyScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import Bid, PlayCard
from deberc_tui.engine.actions import Dave, Double


def shown_buttons(screen: TableScreen) -> dict[str, str]:
    """The action buttons a player sees now: id → label."""
    return {b.id or "": str(b.label) for b in screen.query("#actions Button") if b.display}


def claim_is_right(screen: TableScreen, seat: int) -> bool:
    """Whether «Партия» would be right now (tried on a copy of the deal: a player who counts knows it)."""
    from deberc_tui.engine import Claim
    from deberc_tui.engine import events as ev

    copy = screen.session.game.deal.clone()
    before = len(copy.events)
    copy.apply(seat, Claim())
    return any(isinstance(e, ev.ClaimMade) and e.valid for e in copy.events[before:])


async def key_turn(pilot: Any, used: set[str]) -> None:
    """One human decision by keys: swap the seven when offered, bid, claim when the side is surely over the
    target, else play the first legal card (declarations and bella stay on, as they start)."""
    scr = table_screen(pilot.app)
    deal = scr.session.game.deal
    seat = deal.to_act
    view = scr.session.game.view(seat)
    buttons = shown_buttons(scr)
    if "swap" in buttons:
        used.add("swap")
        await pilot.press("w")
        return
    if view.phase == "bidding":
        calls = [a.call for a in view.legal if isinstance(a, Bid)]
        key = "p" if "play" in calls else next((c.lower() for c in calls if c != "pass"), "x")
        used.add("bid")
        await pilot.press(key)
        return
    if "claim" in buttons and claim_is_right(scr, seat):
        used.add("claim")
        await pilot.press("a", "a")
        return
    if "declare" in buttons:
        used.add("declare")
    if "bella" in buttons:
        used.add("bella")
    hand = scr.query_one("#hand")
    index = next(i for i, c in enumerate(hand.cards) if c in hand.legal)
    assert any(isinstance(a, PlayCard) for a in view.legal)
    used.add("card")
    await pilot.press(str(index + 1), "enter")


async def play_game_by_keys(pilot: Any, max_steps: int = 600) -> set[str]:
    """Play until the game-over screen is up; returns which kinds of key decisions were made."""
    app = pilot.app
    used: set[str] = set()
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameOverScreen | MatchOverScreen):
            return used
        if isinstance(screen, DealSummaryScreen | PrivacyScreen | GameWonScreen):
            await pilot.press("enter")
            continue
        if not isinstance(screen, TableScreen):
            await pilot.press("escape")
            continue
        await key_turn(pilot, used)
    raise AssertionError("the game did not end")


async def play_deal(pilot: Any) -> None:
    """The human plays first-legal cards by keys until the deal summary is up."""
    for _step in range(60):
        await settle(pilot)
        if isinstance(pilot.app.screen, DealSummaryScreen):
            return
        await human_move(pilot)
    raise AssertionError("the deal did not end")


async def to_mid_trick(pilot: Any) -> None:
    """Play on until a bot has led a trick and the human must answer."""
    for _step in range(30):
        await settle(pilot)
        deal = table_screen(pilot.app).session.game.deal
        if deal.current_trick and deal.to_act == 0:
            return
        await human_move(pilot)
    raise AssertionError("no trick led by the bot")


async def to_game_over(pilot: Any) -> None:
    """Play whole deals (Enter after each summary) until the game-over dialog is up."""
    for _step in range(300):
        await settle(pilot)
        if isinstance(pilot.app.screen, GameOverScreen | MatchOverScreen):
            await pilot.pause()
            return
        if not isinstance(pilot.app.screen, TableScreen):
            await pilot.press("enter")
            continue
        await human_move(pilot)
    raise AssertionError("the game did not end")


async def to_play(pilot: Any) -> TableScreen:
    """Bid by keys until the cards are played; returns the table screen."""
    await settle(pilot)
    scr = table_screen(pilot.app)
    while scr.session.game.deal.phase.value == "bidding":
        await human_move(pilot)
        await settle(pilot)
    return scr


async def to_score_sheet(pilot: Any) -> None:
    """Two deals played, then the score sheet (t)."""
    await play_deal(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await play_deal(pilot)
    await pilot.press("t")
    await pilot.pause()


class Passer:
    """A bot that passes whenever it may (else takes the first legal action): the human then bids in round 2."""

    def choose(self, view: Any, legal: Any, budget: float | None = None) -> Any:
        return next((a for a in legal if isinstance(a, Bid) and a.call == "pass"), legal[0])

    def optional(self, view: Any, options: Any) -> None:
        return None


class StakeBot:
    """A bot that takes the first legal bid or card, raises the stake («Дайви» or «даве») at its first chance in the
    games numbered in ``offer_in`` (1 = the first game), and answers a person's offers as ``answers`` say, in turn
    (True: accept or play on; once they run out, it accepts)."""

    name = "stake-script"

    def __init__(self, offer_in: set[int] = frozenset(), answers: list[bool] | None = None) -> None:
        self.offer_in = set(offer_in)
        self.answers = list(answers or [])

    def choose(self, view: Any, legal: Any, budget: float | None = None) -> Any:
        stakes = [a for a in legal if isinstance(a, Double | Dave)]
        offers = [a for a in stakes if a.step == "offer"]
        if offers and view.game_index + 1 in self.offer_in:
            self.offer_in.discard(view.game_index + 1)
            return offers[0]
        if view.offer is not None:  # only the two answers are legal
            accept = self.answers.pop(0) if self.answers else True
            return stakes[0] if accept else stakes[1]
        return next(a for a in legal if not isinstance(a, Double | Dave))

    def optional(self, view: Any, options: Any) -> None:
        return None
