"""Translation helpers for Textual objects whose texts are fixed when a class is defined."""

from __future__ import annotations

import dataclasses

from textual.dom import DOMNode

from deberc_tui.text.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Show ``node``'s key bindings (class ``BINDINGS``, marked with ``N_``) in the current language, and bind
    each letter key's twin on the Russian ЙЦУКЕН layout too (``q`` and ``й``), so that a player who types in
    Russian need not switch the layout. The twins are hidden from the footer.

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
    for key, bindings in list(table.items()):
        twin = cyrillic_twin(key)
        if twin is not None and twin not in source:
            table[twin] = [dataclasses.replace(b, key=twin, show=False) for b in bindings]


# The Russian ЙЦУКЕН layout: which letter the same physical key gives (lower case; upper case follows).
_LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,."
_CYRILLIC = "йцукенгшщзхъфывапролджэячсмитьбю"
_TWINS = dict(zip(_LATIN, _CYRILLIC, strict=True)) | {
    a.upper(): b.upper() for a, b in zip(_LATIN, _CYRILLIC, strict=True) if a.isalpha()
}


def cyrillic_twin(key: str) -> str | None:
    """The key that the same physical key gives on the Russian layout (``a`` → ``ф``), for letter keys only."""
    return _TWINS.get(key) if len(key) == 1 and key.isalpha() else None


from deberc_tui.text.words import is_you as is_you  # noqa: E402 - re-exported for the widgets
