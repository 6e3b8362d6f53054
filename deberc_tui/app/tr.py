"""Translation helpers for Textual objects whose texts are fixed when a class is defined."""

from __future__ import annotations

import dataclasses

from textual.dom import DOMNode

from deberc_tui.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Show ``node``'s key bindings (class ``BINDINGS``, marked with ``N_``) in the current language.

    Each node has its own copy of the bindings map, so this changes only this node; call it in ``__init__``.
    """
    table = node._bindings.key_to_bindings
    originals = type(node)._merged_bindings  # the class's bindings: translating again after a switch works
    source = originals.key_to_bindings if originals is not None else table
    for key, bindings in list(source.items()):
        table[key] = [
            dataclasses.replace(
                b,
                description=_(b.description) if b.description else b.description,
                tooltip=_(b.tooltip) if b.tooltip else b.tooltip,
            )
            for b in bindings
        ]


def is_you(name: str) -> bool:
    """Whether a seat's name is the default "You" (in any language): it takes the second person."""
    return name in ("You", _("You"))
