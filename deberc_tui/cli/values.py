"""Command-line values checked before anything uses them: bounded numbers, printable names, short messages.

click's own ``int`` converts first and complains after, quoting the whole value; :class:`Whole` refuses a
number outside its range from its text (so 30 digits never reach an ``int`` loop, and a 100,000-digit
value is not repeated in the error). :func:`text_option` checks names and notes (valid UTF-8, printable,
bounded). Errors are click's usage errors: one line, exit 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from deberc_tui.text.i18n import _, translate_error
from deberc_tui.untrusted import MAX_INT_DIGITS, MAX_TEXT, InputError, check_text, clip, one_line

if TYPE_CHECKING:  # click 8.4's ParamType is generic in its stubs; older 8.x are not subscriptable at run time
    _IntType = click.ParamType[int]
else:
    _IntType = click.ParamType


class Whole(_IntType):
    """A whole number from ``low`` to ``high``, checked on its text before it is converted."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return f"{self.low}..{self.high}" if self.high - self.low < 10**6 else "INTEGER"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            text = str(value)
        else:
            text = str(value).strip()
        digits = text.lstrip("+-")
        if not digits.isascii() or not digits.isdigit():
            self.fail(_("{value} is not a whole number").format(value=repr(clip(text))), param, ctx)
        if len(digits) > MAX_INT_DIGITS or not self.low <= int(text) <= self.high:
            self.fail(_("{value} is not between {low} and {high}").format(
                value=clip(text), low=self.low, high=self.high), param, ctx)
        return int(text)


def checked_text(limit: int = MAX_TEXT) -> Any:
    """A click callback refusing text that is not valid UTF-8, holds control characters or is too long."""

    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is None:
            return None
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            try:
                check_text(str(item), f"--{(param.name or '').replace('_', '-')}", limit)
            except InputError as exc:
                raise click.BadParameter(translate_error(exc), ctx, param) from None
        return value

    return check


def usage_line(exc: BaseException) -> str:
    """An error's message for the user: translated, on one line and not too long."""
    return one_line(translate_error(exc))
