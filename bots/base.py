"""The bot plug-in interface: a bot sees one seat's view and the legal actions, and picks one.

A bot is anything with ``name``, ``describe`` and ``choose``; ``optional`` lets it take the
out-of-turn actions (trump-seven swap, redeal demands, klabor) when the table offers them.
Bots never get the deal itself, only a :class:`~deberc_tui.engine.SeatView`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from deberc_tui.engine import Action, SeatView
from deberc_tui.engine.text import N_, Text

Explanation = Text
"""Why a bot does what it does: a template marked with ``N_`` and its params, like an engine refusal (cards as
``Card``, suits as ``Suit``, other explanations nested as ``Text``). ``str()`` gives English; a front end shows
``render(e.template, e.params, _, show)`` in the player's language and notation. Bots never import the UI's
text layer."""


@runtime_checkable
class Bot(Protocol):
    """What the table needs from a bot.

    ``choose`` is called when the bot's seat is to act, with ``legal`` = every action it may take
    (its turn's actions first, then any swap/redeal/klabor). ``optional`` is called when the seat is
    not to act but may swap, demand a redeal or announce klabor; return one of ``options`` or None.
    ``budget`` is the time the table allows for this decision, in seconds (None: no limit).
    """

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action: ...

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None: ...

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation: ...


STYLES: tuple[str, ...] = ("cautious", "normal", "bold")


class BotBase(ABC):
    """Convenient base: never takes optional actions unless a subclass says so.

    ``seed`` makes the bot's random choices repeatable (same seed, same decisions); ``style``
    (cautious, normal, bold) sets how readily a thinking bot bids and risks a bait.
    """

    name = "base"
    description = ""

    def __init__(self, seed: int | None = None, style: str = "normal") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown bot style {style!r} (cautious, normal or bold)")
        self.seed = seed
        self.style = style
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        """Pick one of ``legal``."""

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        return None

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Explanation:
        """A short reason for what the bot would do now (the UI's hint key, the practice tutor)."""
        return Text(N_("{bot} picks {action}"), {"bot": self.name, "action": str(self.choose(view, legal))})
