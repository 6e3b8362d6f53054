"""Marking engine texts for translation without importing anything from the UI.

``N_`` returns its argument: it only tells the message extractor (Babel, run by ``tools/i18n.py``) that
the string is a message id. The app translates such texts at display time with ``deberc_tui.text.i18n._``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Final


def N_(message: str) -> str:
    """Mark ``message`` as a message id; returns it unchanged."""
    return message


def _identity(message: str) -> str:
    return message


def english(value: object) -> object:
    """How the engine's own (English) text writes a param: as the value's ``english`` says (a card in record
    notation ``QH``, a suit by its symbol ``♥``); several cards as a list (``QH, 7H``); anything else as it is.

    The cards say it themselves, so that this module, which the cards and the errors import, imports neither."""
    written = getattr(value, "english", None)
    return written if isinstance(written, str) else value


Show = Callable[[object], object]
"""How a front end writes a card or a suit (``Q♥``, ``Q/H`` in ASCII); anything else it returns as it is."""


def render(template: str, params: Mapping[str, object] | None = None,
           translate: Callable[[str], str] = _identity, show: Show = english) -> str:
    """``template`` filled with ``params``, each text passed through ``translate`` (by default: English).

    Params carry values, not text: a card is a ``Card``, a suit a ``Suit``, several cards a tuple of them,
    and ``show`` writes each (by default as :func:`english` does); a tuple is joined with ", ". A parameter
    that carries a ``template`` and ``params`` of its own (a :class:`TextError`, an ``IllegalActionError``)
    is rendered the same way, so a message can hold another one: ``deal {deal}, action {action}: seat {seat}
    {reason}``. Without params the template is returned as it is. A translation that does not fit the params
    falls back to the English template.
    """
    if not params:
        return translate(template)
    values = {key: _nested(value, translate, show) for key, value in params.items()}
    try:
        return translate(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation must not hide the message
        return template.format(**values)


def _nested(value: object, translate: Callable[[str], str], show: Show) -> object:
    template = getattr(value, "template", None)
    params = getattr(value, "params", None)
    if isinstance(template, str) and isinstance(params, Mapping):
        return render(template, params, translate, show)
    if isinstance(value, tuple):
        return ", ".join(str(show(item)) for item in value)
    return show(value)


class TextError(ValueError):
    """An error whose message is a template and its params (``str(exc)`` is the English text).

    A front end shows ``render(exc.template, exc.params, translate)``; templates are marked with ``N_``.
    """

    def __init__(self, template: str, params: Mapping[str, object] | None = None) -> None:
        self.template = template
        self.params: dict[str, object] = dict(params or {})
        super().__init__(render(template, self.params))


class Text:
    """A translatable piece of a message (``deal 3``): a template and params; ``str()`` gives English."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, params: Mapping[str, object] | None = None) -> None:
        self.template = template
        self.params: dict[str, object] = dict(params or {})

    def __str__(self) -> str:
        return render(self.template, self.params)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, {self.params!r})"


#: Characters that reorder the text around them on a terminal (bidirectional overrides and isolates).
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """``text`` with every control character escaped (``\\x85``, ``\\x1b``, ``\\u202e``), for a terminal.

    C0 and C1 controls (a C1 ``\\x9b`` starts an escape sequence on many terminals just as ``\\x1b[`` does),
    ``DEL``, bidirectional overrides and lone surrogates: a name read from a file can neither move the cursor,
    recolour the terminal nor reverse the line it is printed in. Other text is left as it is. Here, below every
    layer, so that whoever names a player (the file layer, the translation's persons, the screens) shows the
    same.
    """
    if text.isprintable():  # no control, format (bidi) or surrogate character at all
        return text
    out = []
    for ch in text:
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
