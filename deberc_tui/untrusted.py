"""Reading what deberc did not just write itself: files on disk, standard input, command-line values.

Everything read from outside is treated as hostile until checked, so that a bad input always ends in one
short line (:class:`InputError`) and never in a traceback, a hang or a huge allocation:

* only a regular file is opened (:func:`open_regular`): a named pipe, a folder or a device where a file is
  expected is refused as "not a regular file" before anything could wait on it;
* the size is checked *before* anything is parsed (each kind of file has a limit, stated in the error);
* text must be UTF-8 (a leading BOM is allowed) and hold no lone surrogates, which cannot be written back;
* JSON is parsed with whole numbers of at most :data:`MAX_INT_DIGITS` digits (Python refuses 4,300 only after
  the work is done, and the rules never need more), no ``NaN``/``Infinity``, and nesting at most
  :data:`MAX_DEPTH` deep (deeper input would otherwise surface as a ``RecursionError``);
* values quoted back in a message are shortened (:func:`short`), so a 5 MB bad value is not repeated;
* text a file supplies is printed with its control characters escaped (:func:`printable`).

Callers then check the *shape* of the document and name the place in it (``deal 3, action 5``).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import IO, Final

from deberc_tui.engine.errors import DebercError
from deberc_tui.engine.text import N_
from deberc_tui.engine.text import printable as printable  # re-exported: the file layer's printing of names

KIB: Final = 1024
MIB: Final = 1024 * KIB
MAX_DEPTH: Final = 32  # the deepest any of deberc's documents goes is 5
MAX_INT_DIGITS: Final = 20  # no number deberc writes comes near 10**20 (a file time in ns has 19 digits)
MAX_TEXT: Final = 200  # characters a name or a note given on the command line may have
SHORT: Final = 40  # characters of a bad value quoted in a message
LINE: Final = 300  # characters a one-line message may have
PATH: Final = 200  # characters of a file's name in a message: a real path fits whole


class InputError(DebercError):
    """A file or value that is not what deberc expects; one line, with ``template`` + ``params``."""


class NewerVersionError(InputError):
    """A file written by a newer version of deberc: refused, and never written over or moved by this one."""


def short(value: object, limit: int = SHORT) -> str:
    """``repr(value)`` cut to ``limit`` characters (``'abc…'`` / ``[1, 2, …`` ), safe for any value.

    Containers are shown as ``[…]`` / ``{…}`` instead of being rendered: a million-element list is never
    turned into text just to be cut.
    """
    if isinstance(value, dict):
        return "{…}" if value else "{}"
    if isinstance(value, list | tuple):
        return "[…]" if value else "[]"
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + "…"
        return repr(text.encode("utf-8", "backslashreplace").decode("utf-8"))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"<{int(value.bit_length() * 0.30103)} digits>"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def clip(text: str, limit: int = SHORT) -> str:
    """``text`` cut to ``limit`` characters, without quotes, lone surrogates escaped (a file name, a reason)."""
    text = text if len(text) <= limit else text[:limit] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def path_shown(path: str, limit: int = PATH) -> str:
    """A file's name as a message names it: whole, as a person finds it again — unless absurdly long, then its
    start and its end (the file's own name) with … between, never cut at the end (``game.jso…`` names no file)."""
    if len(path) > limit:
        path = path[: limit // 3] + "…" + path[-(limit - limit // 3 - 1):]
    return path.encode("utf-8", "backslashreplace").decode("utf-8")


class Shortened:
    """A value to quote in a message: ``{value!r}`` and ``{value}`` give :func:`short` of it.

    Lets messages keep their ``!r`` fields (and their translations) while never repeating a huge value.
    """

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return short(self.value)

    __str__ = __repr__


def shortened(error: object) -> object:
    """A message (an error or a ``Text`` with ``template`` + ``params``) with every quoted value shortened.

    For errors made elsewhere (the engine's ``unknown preset {name!r}``) that may quote a huge value; nested
    messages keep their own template and are shortened too. Anything else is returned as it is.
    """
    from deberc_tui.engine.text import Text

    template = getattr(error, "template", None)
    params = getattr(error, "params", None)
    if not isinstance(template, str) or not isinstance(params, dict):
        return error
    out: dict[str, object] = {}
    for key, value in params.items():
        if hasattr(value, "template"):
            out[key] = shortened(value)
        elif isinstance(value, str | list | tuple | dict) or (isinstance(value, int) and value.bit_length() > 64):
            out[key] = value if isinstance(value, str) and len(value) <= SHORT else Shortened(value)
        else:
            out[key] = value
    return Text(template, out)


def one_line(text: str, limit: int = LINE) -> str:
    """``text`` as a single line of at most ``limit`` characters (for messages built from anything)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def size_words(size: int) -> str:
    """``64 KB`` / ``4 MB``: a limit as people read it."""
    return f"{size // MIB} MB" if size >= MIB and size % MIB == 0 else f"{max(1, size // KIB)} KB"


# -- reading bytes into text --------------------------------------------------------------------------------


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of ``path`` (a BOM dropped), refusing a file larger than ``limit`` bytes unread.

    Only a regular file is read (:func:`open_regular`): a named pipe, a folder or a device is refused before
    anything could wait on it. Raises :class:`InputError` (not a regular file, too large, not UTF-8) or
    ``OSError`` (missing, cannot be opened or read).
    """
    with os.fdopen(open_regular(path), "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > limit:
            raise InputError(N_("the file is too large ({size}; the limit is {limit})"),
                             {"size": size_words(size), "limit": size_words(limit)})
        data = fh.read(limit + 1)  # a file that grows while we read is cut here, and refused below
    if len(data) > limit:
        raise InputError(N_("the file is too large (over {limit})"), {"limit": size_words(limit)})
    return decode(data)


class NotRegularFile(InputError):
    """A named pipe, a folder, a device or a socket where a file is expected: never opened for reading (a named
    pipe would wait for a writer for ever), never renamed or written over (someone made it on purpose)."""


_KINDS: Final = (
    (stat.S_ISFIFO, N_("not a regular file: a named pipe (FIFO)")),
    (stat.S_ISDIR, N_("not a regular file: a folder")),
    (stat.S_ISCHR, N_("not a regular file: a device")),
    (stat.S_ISBLK, N_("not a regular file: a device")),
    (stat.S_ISSOCK, N_("not a regular file: a socket")),
)


def check_regular(mode: int) -> None:
    """Raise :class:`NotRegularFile` unless ``mode`` (an ``st_mode``) is a regular file's, naming what it is."""
    if stat.S_ISREG(mode):
        return
    template = next((text for test, text in _KINDS if test(mode)), N_("not a regular file"))
    raise NotRegularFile(template)


def open_regular(path: Path) -> int:
    """A descriptor of ``path`` open for reading, if it is a regular file (:class:`NotRegularFile` if not).

    Checked before opening (``stat``, following links), and again on the open descriptor, which is opened
    non-blocking: a file swapped for a named pipe in between still cannot make the open wait for a writer.
    """
    check_regular(os.stat(path).st_mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        check_regular(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_stream(stream: IO[str] | IO[bytes], limit: int) -> str:
    """Up to ``limit`` characters from a stream (standard input); more is refused, not read."""
    data = stream.read(limit + 1)
    text = decode(data) if isinstance(data, bytes) else data
    if len(data) > limit:
        raise InputError(N_("the input is too large (over {limit})"), {"limit": size_words(limit)})
    return text.removeprefix("\ufeff")


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(N_("not UTF-8 text (byte {offset})"), {"offset": exc.start + 1}) from None


# -- JSON --------------------------------------------------------------------------------------------------


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise _NumberTooLong(len(digits))
    return int(text)


def _no_constant(name: str) -> float:
    raise _BadConstant(name)


class _NumberTooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


class _BadConstant(Exception):
    def __init__(self, name: str) -> None:
        self.name = name


def parse_json(text: str) -> object:
    """JSON ``text`` as Python values, checked as the module says; raises :class:`InputError`."""
    try:
        doc: object = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputError(N_("not valid JSON: {msg} at line {line}, column {column}"),
                         {"msg": exc.msg, "line": exc.lineno, "column": exc.colno}) from None
    except _NumberTooLong as exc:
        raise InputError(N_("a number with {digits} digits (at most {limit} are allowed)"),
                         {"digits": exc.digits, "limit": MAX_INT_DIGITS}) from None
    except _BadConstant as exc:
        raise InputError(N_("{name} is not a number JSON allows"), {"name": exc.name}) from None
    except RecursionError:
        raise InputError(N_("nested more than {limit} levels deep"), {"limit": MAX_DEPTH}) from None
    except ValueError as exc:  # a float the scanner could not convert, and the like
        raise InputError(N_("not valid JSON: {msg}"), {"msg": one_line(str(exc), 80)}) from None
    check_tree(doc)
    return doc


def place(parts: tuple[str | int, ...]) -> str:
    """``deals[0].actions[3]``: where a value sits in a document (``the top`` for the document itself)."""
    if not parts:
        return "the top"
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def check_tree(doc: object) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH`, text that is not valid Unicode and non-finite numbers.

    Walks the document with its own stack (never recursion), naming the place of the first problem.
    """
    stack: list[tuple[object, tuple[str | int, ...]]] = [(doc, ())]
    while stack:
        value, where = stack.pop()
        if len(where) > MAX_DEPTH:
            raise InputError(N_("nested more than {limit} levels deep (at {place})"),
                             {"limit": MAX_DEPTH, "place": place(where[:MAX_DEPTH])})
        if isinstance(value, str):
            if not is_unicode(value):
                raise InputError(N_("{place}: text that is not valid Unicode (a lone surrogate)"),
                                 {"place": place(where)})
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InputError(N_("{place}: a number too large"), {"place": place(where)})
        elif isinstance(value, dict):
            for key, item in value.items():
                if not is_unicode(key):
                    raise InputError(N_("{place}: a key that is not valid Unicode (a lone surrogate)"),
                                     {"place": place(where)})
                stack.append((item, (*where, key)))
        elif isinstance(value, list):
            stack.extend((item, (*where, i)) for i, item in enumerate(value))


def is_unicode(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogates, as ``\\ud800`` in JSON makes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def load_json_file(path: Path, limit: int) -> object:
    """:func:`read_text` then :func:`parse_json` (``InputError`` or ``OSError``)."""
    return parse_json(read_text(path, limit))


def version_number(value: object) -> int:
    """A document's ``"version"``: a whole number from 1 up (the caller compares it with its own).

    Anything else — ``"1"``, ``1.0``, ``true``, ``0`` — is no version at all, and says so
    (:class:`InputError`): calling it "from a newer deberc" would make the file untouchable for no reason.
    """
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10**9:
        return value
    shown = json.dumps(value) if value is None or isinstance(value, bool) else Shortened(value)  # true, null
    raise InputError(N_("its version {value} is not a version number (a whole number from 1)"), {"value": shown})


# -- showing text a file supplies -----------------------------------------------------------------------------

_JSON_CONTROLS: Final = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_json(doc: object) -> str:
    """``doc`` as one line of JSON for a terminal: UTF-8 text as it is, but DEL, the C1 controls and the
    bidirectional overrides written as ``\\u0085`` escapes (JSON escapes C0 controls itself; these it would
    print raw). The same document for a program that reads it."""
    text = json.dumps(doc, ensure_ascii=False)
    return _JSON_CONTROLS.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


# -- command-line values ------------------------------------------------------------------------------------


def check_text(value: str, what: str, limit: int = MAX_TEXT) -> str:
    """A name or note typed on the command line: valid Unicode, no control characters, at most ``limit`` long.

    ``what`` names the option (``--names``) in the message.
    """
    if not is_unicode(value):
        raise InputError(N_("{what}: text that is not valid UTF-8"), {"what": what})
    if len(value) > limit:
        raise InputError(N_("{what}: at most {limit} characters, not {count}"),
                         {"what": what, "limit": limit, "count": len(value)})
    if any(ch < " " or ch == "\x7f" for ch in value):
        raise InputError(N_("{what}: control characters are not allowed in {value}"),
                         {"what": what, "value": short(value)})
    return value


def check_int_text(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed on the command line, between ``low`` and ``high`` (checked before converting)."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or not digits.isascii():
        raise InputError(N_("{what}: {value} is not a whole number"), {"what": what, "value": short(text)})
    if len(digits) > MAX_INT_DIGITS or not low <= int(text) <= high:
        raise InputError(N_("{what}: {value} is not between {low} and {high}"),
                         {"what": what, "value": short(text), "low": low, "high": high})
    return int(text)

