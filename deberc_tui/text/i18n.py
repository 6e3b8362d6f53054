"""Translation with the standard library's ``gettext``: ``_()``, ``ngettext`` and the language in force.

The catalogs are gettext's standard layout, ``deberc_tui/locale/<lang>/LC_MESSAGES/deberc.mo``, compiled
from the ``.po`` beside them by ``tools/i18n.py`` and committed, so a fresh ``pip install -e .`` needs no
compile step. Plural forms come from each catalog's ``Plural-Forms`` header. English is the source language:
its messages are the message ids themselves, so English needs no lookup at all (its catalog holds only a
header, which lets gettext's search of the locale variables see where English stands in the user's list).
The language comes from ``set_language`` (``--lang``, the settings as the caller read them), else from the locale
as gettext reads it.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deberc_tui.engine.text import Text

LANGUAGES = ("en", "ru")
SOURCE_LANGUAGE = "en"
DOMAIN = "deberc"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (read once); the source language and a missing catalog translate nothing."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


@cache
def _context_lookup(lang: str) -> Callable[[str, str], str]:
    """``pgettext`` of the language's catalog behind a cache (see :func:`_lookup`)."""
    return lru_cache(maxsize=1024)(translation(lang).pgettext)


@cache
def _lookup(lang: str) -> Callable[[str], str]:
    """``gettext`` of the language's catalog behind a cache: every redraw asks for the same few hundred
    messages, and a cached answer costs half a catalog lookup (a miss in gettext also evaluates the plural
    rule). Bounded, as ``_()`` is also called on texts made at run time."""
    return lru_cache(maxsize=4096)(translation(lang).gettext)


_current = SOURCE_LANGUAGE
_translation = translation(SOURCE_LANGUAGE)
_gettext = _lookup(SOURCE_LANGUAGE)
_pgettext = _context_lookup(SOURCE_LANGUAGE)


def language_from_env() -> str:
    """The user's language from the locale: gettext's own search of LANGUAGE, LC_ALL, LC_MESSAGES and LANG
    (the first one set; ``uk:ru:en`` lists are tried in order) for a catalog we ship; English if none fits."""
    found = gettext.find(DOMAIN, LOCALE_DIR)
    if found is None:
        return SOURCE_LANGUAGE
    lang = Path(found).parent.parent.name  # <locale>/<lang>/LC_MESSAGES/deberc.mo
    return lang if lang in LANGUAGES else SOURCE_LANGUAGE


def set_language(lang: str | None) -> str:
    """Use ``lang`` ('en' or 'ru'); None follows the locale. Returns the language now in force."""
    global _current, _translation, _gettext, _pgettext
    if lang is None:
        lang = language_from_env()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of: {', '.join(LANGUAGES)})")
    _current, _translation, _gettext, _pgettext = lang, translation(lang), _lookup(lang), _context_lookup(lang)
    return lang


def current_language() -> str:
    return _current


def _(message: str) -> str:
    """Translate ``message`` into the current language (itself when there is no translation).

    Messages with fields use ``str.format`` names: ``_("{name} deals").format(name=...)``. The empty string
    stays empty (gettext would answer it with the catalog's header).
    """
    return _gettext(message) if message else message


def pgettext(context: str, message: str) -> str:
    """``message`` as the catalog words it under ``context`` (gettext's ``msgctxt``); ``message`` itself when the
    catalog has no such entry (the caller may then fall back to the plain translation)."""
    return _pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (then ``.format(n=n, ...)``), by the catalog's plural rule."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for translation without translating it now (for tables built at import time)."""
    return message


def translate_reason(template: str, params: dict[str, object]) -> str:
    """An engine refusal (``IllegalActionError.template``/``params``) in the current language.

    Params that are messages themselves (errors with a template) are translated too.
    """
    from deberc_tui.engine.text import render

    return render(template, params, _)


def translate(message: Text) -> str:
    """A message made where nothing is translated (the engine's and the files' ``Text``: a template marked
    with ``N_`` and its params) in the current language."""
    return translate_reason(message.template, message.params)


def translate_error(exc: BaseException) -> str:
    """An error's message in the current language: errors with ``template``/``params`` (``RulesError``,
    ``RecordError``, ...) are translated; others give ``str(exc)``."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if isinstance(template, str) and isinstance(params, dict):
        return translate_reason(template, params)
    return str(exc)


def choose_language(cli: str | None = None, saved: object = None) -> str:
    """Set the language for a run: ``--lang`` first, then the saved setting, then the locale.

    ``saved`` is what the settings file says: whoever starts up (the command, the app) reads it and hands it
    over, as the translation never reads files. A value that is not one of :data:`LANGUAGES` is passed over.
    """
    if cli is None and isinstance(saved, str) and saved in LANGUAGES:
        cli = saved
    return set_language(cli)


set_language(None)
