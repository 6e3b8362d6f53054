"""Helpers for the Textual table tests: deterministic bots and driving the app with a pilot."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import PlayCard
from deberc_tui.table.services import FirstLegalBot


def first_legal(name: str, seed: int | None = None) -> Any:
    """A bot maker whose bots take the first legal action: stable snapshots whatever the real bots learn."""
    return FirstLegalBot()


def always(bot: Any) -> Any:
    """A bot maker that seats ``bot`` (one object) wherever a bot sits."""
    return lambda name, seed=None: bot


def table_screen(app: Any) -> TableScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


async def settle(pilot: Any, rounds: int = 400) -> None:
    """Let bots play until a human must act or a modal screen is up."""
    app = pilot.app
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not isinstance(app.screen, TableScreen):
            return
        session = app.screen.session
        deal = session.deal
        waits = session.concede_choice() is not None  # a bot waits for the human's offer to concede (or not)
        if deal is None or session.thinking is None and (
                deal.is_over or not session.is_bot(session.match.to_act) or waits):
            await pilot.pause()
            if session.thinking is None:
                return
    raise AssertionError("the table did not settle")


async def human_move(pilot: Any) -> None:
    """The human to act makes a keyboard move: 'p' in the bidding, else the first legal card by digit + Enter."""
    scr = table_screen(pilot.app)
    deal = scr.session.deal
    if deal.phase.value == "bidding":
        view = scr.session.view(deal.to_act)
        calls = [a.call for a in view.legal if hasattr(a, "call")]
        await pilot.press("p" if "play" in calls else calls[0].lower())
        return
    hand = scr.query_one("#hand")
    index = next(i for i, c in enumerate(hand.cards) if c in hand.legal)
    await pilot.press(str(index + 1), "enter")


def screen_text(app: Any) -> str:
    """Everything on screen as plain text (from the SVG screenshot)."""
    svg = app.export_screenshot()
    parts = re.findall(r">([^<>]*)</text>", svg)
    return html.unescape("".join(parts)).replace("\xa0", " ")


async def shown(pilot: Any, text: str, rounds: int = 50, read: Callable[[Any], str] = screen_text) -> str:
    """Everything on screen, as ``read`` gives it, once ``text`` is on it: a widget that draws a refresh or two later
    (the log scrolls to its newest line after a refresh, the footer draws its keys after the screen) may take longer
    on a busy machine. A bounded wait of ``rounds`` fiftieths of a second: the caller asserts."""
    seen = read(pilot.app)
    for _ in range(rounds):
        if text in seen:
            break
        await pilot.pause(0.02)
        seen = read(pilot.app)
    return seen


def legal_cards(view: Any) -> list[Any]:
    return [a.card for a in view.legal if isinstance(a, PlayCard)]


def seen_rows(app: Any) -> list[str]:
    """What the terminal shows now, row by row, spaces included (the screen on top: a dialog and what it covers)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def seen_in(app: Any, widget: Any) -> list[str]:
    """The rows ``widget`` takes on the terminal, as shown there (cut where the widget is cut), right spaces
    stripped."""
    region, strips = widget.region, app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.x + region.width).text.rstrip() for y in range(region.y, region.bottom)]
