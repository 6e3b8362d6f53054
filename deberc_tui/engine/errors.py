"""The engine's errors, one class per kind of mistake, so callers can tell them apart (python-chess's way).

Every error carries a translatable ``template`` + ``params`` (:class:`~deberc_tui.engine.text.TextError`);
``str(exc)`` is the English text. All are ``ValueError`` subclasses, as before.

* :class:`DebercError`: the base; catch it to catch any of the below (a game record's ``RecordError``
  may be re-based on it).
* :class:`IllegalActionError`: a well-formed action the rules refuse now (``seat`` + the reason).
* :class:`MalformedActionError`: something that is not an action at all (``Bid("Z")``, a bad record object).
* :class:`ApiMisuseError`: the caller broke the engine's contract (a seat that is not at the table,
  dealing when there is nothing to deal), not a rule of the game.
* :class:`RulesError`: an unknown option, a bad value or an impossible combination of options (raised by
  :mod:`rules` and :mod:`options`).
* ``CardError`` (:mod:`cards`) and ``DeckError`` (:mod:`deal`) for bad card notation and decks.
"""

from __future__ import annotations

from collections.abc import Mapping

from deberc_tui.engine.text import TextError, render


class DebercError(TextError):
    """The base of every error the engine raises on purpose (``template`` + ``params``)."""


class IllegalActionError(DebercError):
    """An action the rules refuse; ``reason`` reads after the seat: ``seat 1 must follow suit ♥ (holds QH)``.

    ``template`` and ``params`` give the reason (without the seat) for translation: a front end shows
    ``render(template, params, translate)``. Templates are marked with ``N_``.
    """

    def __init__(self, seat: int, template: str, params: Mapping[str, object] | None = None) -> None:
        self.seat = seat
        self.template = template
        self.params: dict[str, object] = dict(params or {})
        self.reason = render(template, self.params)
        ValueError.__init__(self, f"seat {seat} {self.reason}")


class MalformedActionError(DebercError):
    """Not an action the engine knows: a bad bid call or redeal reason, an object that does not follow RECORD.md."""


class ApiMisuseError(DebercError):
    """A call that breaks the engine's contract (not a rule of the game), e.g. a seat not at the table."""


class RulesError(DebercError):
    """An unknown option, a bad value or an impossible combination of options (``template`` + ``params``)."""
