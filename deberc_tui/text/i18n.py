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


def _parse_po(text: str) -> dict[str, str | tuple[str, ...]]:
    """Read msgid/msgstr pairs (with continuation lines, ``msgid_plural`` and ``msgstr[n]``).

    Entries with an empty translation and ``#, fuzzy`` entries are skipped; the header (msgid "") too.
    """
    catalog: dict[str, str | tuple[str, ...]] = {}
    parts: dict[str, list[str]] = {}
    key: str | None = None
    fuzzy = next_fuzzy = False

    def flush() -> None:
        msgid = "".join(parts.get("id", []))
        if not msgid or fuzzy:
            return
        if "plural" in parts:
            forms = tuple("".join(parts.get(f"str{i}", [])) for i in range(3))
            if all(forms):
                catalog[msgid] = forms
        elif "".join(parts.get("str", [])):
            catalog[msgid] = "".join(parts["str"])

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            next_fuzzy = next_fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        if line.startswith("msgid "):
            flush()
            parts, key, fuzzy, next_fuzzy = {}, "id", next_fuzzy, False
            line = line[6:]
        elif line.startswith("msgid_plural "):
            key = "plural"
            line = line[13:]
        elif line.startswith("msgstr["):
            index, _, line = line[7:].partition("] ")
            key = f"str{int(index)}"
        elif line.startswith("msgstr "):
            key = "str"
            line = line[7:]
        if line.startswith('"') and key is not None:
            parts.setdefault(key, []).append(ast.literal_eval(line))
    flush()
    return catalog


@cache
def catalog(lang: str) -> dict[str, str | tuple[str, ...]]:
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
    """Translate ``message`` into the current language (itself when there is no translation).

    Messages with fields use ``str.format`` names: ``_("{name} deals").format(name=...)``.
    """
    if _current == "en" or not message:
        return message
    found = catalog(_current).get(message, message)
    return found if isinstance(found, str) else found[0]


def plural_index(lang: str, n: int) -> int:
    """Which plural form ``n`` takes: English 0/1; Russian 0 (1, 21), 1 (2-4, 22), 2 (5-20, 25)."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (then ``.format(n=n, ...)``)."""
    if _current != "en":
        found = catalog(_current).get(singular)
        if isinstance(found, tuple):
            return found[plural_index(_current, n)]
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Mark a string for translation without translating it now (for tables built at import time)."""
    return message


def translate_reason(template: str, params: dict[str, object]) -> str:
    """An engine refusal (``IllegalActionError.template``/``params``) in the current language.

    Params that are messages themselves (errors with a template) are translated too.
    """
    from deberc_tui.engine.text import render

    return render(template, params, _)


def translate_error(exc: BaseException) -> str:
    """An error's message in the current language: errors with ``template``/``params`` (``RulesError``,
    ``RecordError``, ...) are translated; others give ``str(exc)``."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if isinstance(template, str) and isinstance(params, dict):
        return translate_reason(template, params)
    return str(exc)


def choose_language(cli: str | None = None) -> str:
    """Set the language for a run: ``--lang`` first, then the saved setting, then the locale."""
    if cli is None:
        from deberc_tui.settings import load_settings

        saved = load_settings().get("language")
        cli = saved if isinstance(saved, str) and saved in LANGUAGES else None
    return set_language(cli)


set_language(None)
