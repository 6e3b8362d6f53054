"""Widgets of the card table: the hand, the felt with the current trick, the side panel."""

from deberc_tui.app.widgets.felt import Felt
from deberc_tui.app.widgets.hand import CardSlot, Hand
from deberc_tui.app.widgets.panel import InfoPanel

__all__ = ["CardSlot", "Felt", "Hand", "InfoPanel"]
