"""Widgets of the card table: the hand, the felt with the current trick, the side panel."""

from .felt import Felt
from .hand import CardSlot, Hand
from .panel import InfoPanel

__all__ = ["CardSlot", "Felt", "Hand", "InfoPanel"]
