"""Marking engine texts for translation without importing anything from the UI.

``N_`` returns its argument: it only tells the message extractor (``deberc_tui.i18n_extract``) that the
string is a message id. The app translates such texts at display time with ``deberc_tui.i18n._``.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` as a message id; returns it unchanged."""
    return message
