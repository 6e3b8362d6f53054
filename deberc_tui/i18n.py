"""Translation: gettext-style ``_()`` over ``.po`` catalogs shipped in the package.

The catalogs (``deberc_tui/locale/<lang>.po``) are read directly at run time, so a fresh
``pip install -e .`` needs no compile step. English is the source language and the fallback.
The language comes from ``set_language`` (``--lang``, the settings), else the locale variables.
"""

from __future__ import annotations

import ast
import os
from functools import cache
from importlib import resources

LANGUAGES = ("en", "ru")
_current = "en"


def _parse_po(text: str) -> dict[str, str]:
    """Read msgid/msgstr pairs (with continuation lines); entries with an empty msgstr are skipped."""
    catalog: dict[str, str] = {}
    key: str | None = None
    msgid: list[str] = []
    msgstr: list[str] = []

    def flush() -> None:
        if msgid and "".join(msgstr):
            catalog["".join(msgid)] = "".join(msgstr)

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr, key = [], [], "id"
            line = line[6:]
        elif line.startswith("msgstr "):
            key = "str"
            line = line[7:]
        if line.startswith('"') and key is not None:
            value = ast.literal_eval(line)
            (msgid if key == "id" else msgstr).append(value)
    flush()
    return catalog


@cache
def catalog(lang: str) -> dict[str, str]:
    """The messages of one language ({} for English or a language without a catalog)."""
    if lang == "en":
        return {}
    try:
        text = resources.files("deberc_tui").joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    return _parse_po(text)


def language_from_env(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


def set_language(lang: str | None) -> str:
    """Use ``lang`` ('en' or 'ru'); None follows the locale. Returns the language now in force."""
    global _current
    if lang is None:
        lang = language_from_env()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of: {', '.join(LANGUAGES)})")
    _current = lang
    return lang


def current_language() -> str:
    return _current


def _(message: str) -> str:
    """Translate ``message`` into the current language (itself when there is no translation)."""
    if _current == "en":
        return message
    return catalog(_current).get(message, message)


def N_(message: str) -> str:
    """Mark a string for translation without translating it now (for tables built at import time)."""
    return message


set_language(None)
