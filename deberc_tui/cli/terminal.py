"""What the ``deberc`` command needs from the terminal it runs in, and what it does when it does not get it.

* **Screens need a terminal.** Textual reads keys from standard input and draws on standard error: without a
  terminal there (``deberc </dev/null``, a cron job, a pipe) a screen would wait for keys for ever.
  :func:`need_terminal` refuses in one line instead (exit 2). ``TEXTUAL_DRIVER`` (textual-serve, a browser as
  the terminal) is let through.
* **Any encoding.** A terminal in cp1251, KOI8-R or Latin-1 cannot show ``♠`` or ``—``, and Latin-1 no Russian at
  all. :func:`fit_output` makes standard output and error write what the encoding can hold (suits as the letters
  ``--ascii`` uses, dashes and quotes as ASCII ones, Cyrillic in Latin letters, anything else as ``?``) instead
  of failing half-way, and
  :func:`speakable_language` falls back to English when the chosen language's words cannot be shown at all.

A closed pipe (``deberc replay GAME | head``) ends a command quietly, as Unix tools end: ``DebercGroup.invoke``
lets ``BrokenPipeError`` through to click, which exits with status 1 and silences the last flush.
"""

from __future__ import annotations

import codecs
import os
import sys
from typing import IO, Final

import click

from deberc_tui.engine import Suit
from deberc_tui.text.i18n import LANGUAGES, N_, _, current_language, set_language

#: What a character the output's encoding cannot hold is written as (the suits as ``--ascii`` writes them).
PLAIN: Final[dict[str, str]] = {
    Suit.CLUBS.symbol: "c", Suit.DIAMONDS.symbol: "d", Suit.HEARTS.symbol: "h", Suit.SPADES.symbol: "s",
    "–": "-", "—": "-", "−": "-", "«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‘": "'", "’": "'",
    "…": "...", "·": "-", "→": "->", "←": "<-", "±": "+/-", "×": "x", "≥": ">=", "≤": "<=", "▶": ">",
    "★": "*", "•": "*", "\u00a0": " ",
}
_CYRILLIC: Final = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў",
    "a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch \" y ' e yu ya i yi ye g u".split(), strict=True))
"""Russian (and Ukrainian, Belarusian) letters in Latin ones, for a terminal that has none: ``БТ`` is ``BT``,
``Аня`` is ``Anya``."""
ERRORS: Final = "deberc-plain"
"""The codec error handler :func:`fit_output` sets on the output streams."""

#: Each language's name in English, for the note that it cannot be shown (said in English: the only language left).
LANGUAGE_NAMES: Final = {"ru": "Russian", "en": "English"}


def _plain(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: each character the encoding cannot hold as :data:`PLAIN` says, else ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join(_plain_char(ch) for ch in bad), error.end


def _plain_char(ch: str) -> str:
    if ch in PLAIN:
        return PLAIN[ch]
    latin = _CYRILLIC.get(ch.lower())
    if latin is None:
        return "?"
    return latin if ch.islower() else latin.capitalize()


codecs.register_error(ERRORS, _plain)


def is_utf(encoding: str | None) -> bool:
    """Whether an encoding holds every character (UTF-8, UTF-16, ...): then nothing needs replacing."""
    if not encoding:
        return False
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return name.startswith("utf")


def fit_output(*streams: IO[str]) -> None:
    """Make each stream (standard output and error by default) replace what its encoding cannot hold.

    Streams already in a UTF encoding are left alone; so is a stream that cannot be reconfigured (a test's
    capture), which then fails as it would have."""
    for stream in streams or (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding and not is_utf(encoding) and reconfigure is not None:
            try:
                reconfigure(errors=ERRORS)
            except (ValueError, OSError):  # a closed stream, a stream that does not allow it
                continue


def can_show(text: str, stream: IO[str] | None = None) -> bool:
    """Whether ``text`` can be written to ``stream`` (standard output) without a character replaced."""
    encoding = getattr(stream or sys.stdout, "encoding", None)
    if not encoding or is_utf(encoding):
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def speakable_language() -> str | None:
    """Fall back to English when the current language cannot be shown at all (Russian on a Latin-1 terminal);
    returns the note for the user (in English) or None. A translated sentence is the test, so it holds for any
    language: a few replaced dashes do not count, a whole alphabet does."""
    lang = current_language()
    if lang == "en" or lang not in LANGUAGES:
        return None
    probe = _(N_("Show this message and exit.")) + _(N_("Usage:"))
    if can_show("".join(PLAIN.get(ch, ch) for ch in probe)):
        return None
    set_language("en")
    encoding = getattr(sys.stdout, "encoding", None) or "?"
    return _("this terminal's encoding ({encoding}) cannot show {language}: deberc speaks English").format(
        encoding=encoding, language=LANGUAGE_NAMES.get(lang, lang))


def need_terminal() -> None:
    """Refuse (one line, exit 2) to open a screen without a terminal to show it in and read keys from."""
    if os.environ.get("TEXTUAL_DRIVER"):  # textual-serve and the like bring their own terminal
        return
    if not (_is_terminal(sys.__stdin__) and _is_terminal(sys.__stderr__)):
        raise NoTerminal(_("deberc needs a terminal: run it in one (commands for scripts: deberc --help)"))


def _is_terminal(stream: IO[str] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed
        return False


class NoTerminal(click.ClickException):
    """No terminal for a screen: one line, exit 2."""

    exit_code = 2

    def show(self, file: IO[str] | None = None) -> None:
        click.echo(self.format_message(), err=True)
