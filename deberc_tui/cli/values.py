"""Command-line values checked before anything uses them: bounded numbers, printable names, rule options,
short messages.

click's own ``int`` converts first and complains after, quoting the whole value; :class:`Whole` refuses a
number outside its range from its text (so 30 digits never reach an ``int`` loop, and a 100,000-digit
value is not repeated in the error); :class:`Seconds` does the same for a time (no ``nan``, ``inf`` or ``1e308``). :func:`text_option` checks names and notes (valid UTF-8, printable,
bounded). :class:`RuleValue` and :class:`RuleSetting` hand a rule option's text to the engine's
:func:`~deberc_tui.engine.rules.option_value`, the one reader of option values. Errors are click's usage
errors: one line, exit 2.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

import click

from deberc_tui.engine.options import plain
from deberc_tui.engine.rules import OPTIONS, RulesError, option_value
from deberc_tui.text.i18n import _, translate_error
from deberc_tui.untrusted import MAX_INT_DIGITS, MAX_TEXT, InputError, Shortened, check_text, clip, one_line

if TYPE_CHECKING:  # click 8.4's ParamType is generic in its stubs; older 8.x are not subscriptable at run time
    _IntType = click.ParamType[int]
    _FloatType = click.ParamType[float]
    _ValueType = click.ParamType[object]
    _SettingType = click.ParamType[tuple[str, object]]
else:
    _IntType = _FloatType = _ValueType = _SettingType = click.ParamType

#: Characters a rule option's value may have on the command line (a bait penalty written as JSON fits).
RULE_TEXT = 200


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


MANY = 10**9
"""The most deals, games or positions a command plays: more than any run could, fewer digits than a typo."""
MAX_BUDGET = 60.0
"""The most seconds a bot may be given per decision (``arena``, ``bots --check``)."""


class Choice(click.Choice[str]):
    """click's ``Choice``, quoting a bad value cut short (click repeats it whole: 5,000 characters for 5,000)."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        return super().get_invalid_choice_message(Shortened(value), ctx)


class Seconds(_FloatType):
    """A number of seconds from ``low`` to ``high`` (``0.5``, ``2``, ``1e-2``), checked on its text.

    click's ``FloatRange`` lets ``nan`` through (every comparison with it is false) and ``inf`` or ``1e308``
    where there is no upper bound; a bot given such a budget then fails every decision and is blamed for it.
    Here the value must be a finite decimal number within the range, and a bad one is quoted cut short.
    """

    name = "seconds"

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "SECONDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)  # a default, or a value given as a value (a test)
        else:
            text = str(value).strip()
            if len(text) > 30 or not _DECIMAL.fullmatch(text):
                self.fail(_("{value} is not a number of seconds").format(value=repr(clip(text))), param, ctx)
            number = float(text)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(_("{value} seconds: give a number from {low:g} to {high:g}").format(
                value=clip(str(value)), low=self.low, high=self.high), param, ctx)
        return number


_DECIMAL = re.compile(r"[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?", re.ASCII)


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


def _option_text(value: str, param: click.Parameter | None, limit: int) -> str:
    """A rule option's text as typed, checked as every command-line text is (printable, bounded)."""
    check_text(value, f"--{(param.name if param else '') or 'rule'}".replace("_", "-"), limit)
    return value


class RuleValue(_ValueType):
    """The value of one rule option given by its own flag (``--doubling dave``, ``--match 9``).

    The engine's :func:`~deberc_tui.engine.rules.option_value` reads it, as it reads ``--rule doubling=dave``
    and a record's ``"doubling": "dave"``: the result is the typed value (``Doubling.DAVE``), and a bad one is
    refused with the engine's own reason.
    """

    name = "value"

    def __init__(self, key: str) -> None:
        self.key = key

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        values = OPTIONS[self.key].values
        if values is None:
            return "N"
        return "[" + "|".join(str(plain(v)).lower() for v in values) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> object:
        if not isinstance(value, str):  # a value given as a value (a default, a test): the engine checks it as JSON
            return self._read(value, False, param, ctx)
        try:
            text = _option_text(value, param, RULE_TEXT)
        except InputError as exc:
            self.fail(translate_error(exc), param, ctx)
        return self._read(text, True, param, ctx)

    def _read(self, value: object, text: bool, param: click.Parameter | None, ctx: click.Context | None) -> object:
        try:
            return option_value(self.key, value, text=text)
        except RulesError as exc:
            self.fail(one_line(translate_error(exc)), param, ctx)


class RuleSetting(_SettingType):
    """``KEY=VALUE`` for any rule option (``--rule``): the key and the typed value, read by the engine's
    :func:`~deberc_tui.engine.rules.option_value` (``VALUE`` as a record writes it; a word needs no quotes)."""

    name = "KEY=VALUE"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "KEY=VALUE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, object]:
        if isinstance(value, tuple):  # already read (click converts a default as well)
            return value
        try:
            text = _option_text(str(value), param, RULE_TEXT)
        except InputError as exc:
            self.fail(translate_error(exc), param, ctx)
        key, sep, raw = text.partition("=")
        if not sep or not key.strip():
            self.fail(_("{setting!r}: write KEY=VALUE, e.g. match_target=5 or doubling=dave").format(
                setting=clip(text)), param, ctx)
        try:
            return key.strip(), option_value(key.strip(), raw, text=True)
        except RulesError as exc:
            self.fail(one_line(translate_error(exc)), param, ctx)
