"""The user's settings (the language, the person's grammatical gender), kept in the user's config directory.

Settings are preferences, not game data: they live under platformdirs' config directory
(``DEBERC_CONFIG_DIR`` overrides it), while games, pads and statistics live under the data directory.
A settings file left in the data directory by an older version is read once and moved.

The file is read as untrusted (:mod:`deberc_tui.untrusted`, at most :data:`SETTINGS_LIMIT`): one that cannot
be read is kept aside (``settings.json.unreadable-<time>``) and the defaults apply; a named pipe or a folder in
its place is left there, and the settings are not written; one from a newer version is read but never written;
a change is written under the file's lock over what is on disk then.
What the user should hear about it is in :func:`take_notes`: ``Text`` values (a template marked with ``N_``
and its params), translated by whoever shows them, as this module sits beside the translation, not above it
(the translation needs the saved language from here: :func:`saved_language`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Final

from platformdirs import user_config_dir

from deberc_tui.engine.text import N_, Text
from deberc_tui.storage import WriteRefused, atomic_write, data_dir, keep_aside, locked, sweep_temp_files
from deberc_tui.untrusted import KIB, InputError, NotRegularFile, load_json_file, version_number

VERSION: Final = 1  # the file has no "version" yet; a newer deberc that changes it writes a higher one
SETTINGS_LIMIT: Final = 64 * KIB
_notes: list[Text] = []


def config_dir() -> Path:
    """The user's deberc config directory, created on demand."""
    path = Path(os.environ.get("DEBERC_CONFIG_DIR") or user_config_dir("deberc", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    sweep_temp_files(path)
    return path


def settings_path() -> Path:
    """Where the settings are; an older ``data_dir()/settings.json`` is moved here first."""
    path = config_dir() / "settings.json"
    old = data_dir() / "settings.json"
    if not path.exists() and old.exists() and old != path:
        try:
            old.replace(path)
        except OSError:
            return old
    return path


def _read(path: Path) -> tuple[dict[str, object], Text | None]:
    """(the settings, why the file may not be written or None); a file that cannot be read is kept aside."""
    reason: object
    try:
        data = load_json_file(path, SETTINGS_LIMIT)
    except FileNotFoundError:
        return {}, None
    except InputError as exc:
        reason = exc  # translated with the note
    except OSError as exc:
        reason = str(exc.strerror or exc)
    else:
        if not isinstance(data, dict):
            reason = Text(N_("not a settings file"))
        else:
            try:
                newer = version_number(data.get("version", VERSION)) > VERSION
            except InputError as exc:
                reason = exc  # "version": "1" is damage, not a newer deberc
            else:
                if not newer:
                    return data, None
                refusal = Text(N_("{file} is from a newer deberc: it is read but not written"), {"file": path.name})
                _note(refusal)
                return data, refusal
    kept = None if isinstance(reason, NotRegularFile) else keep_aside(path)  # a named pipe is left where it is
    if kept is None:
        refusal = Text(N_("{file} cannot be read ({reason}) and is left as it is"), {"file": path.name, "reason": reason})
        _note(refusal)
        return {}, refusal
    _note(Text(N_("{file} could not be read ({reason}); it was kept as {kept} and the defaults apply"),
               {"file": path.name, "reason": reason, "kept": kept.name}))
    return {}, None


def _note(text: Text) -> None:
    if all(str(text) != str(note) for note in _notes):
        _notes.append(text)


def take_notes() -> list[Text]:
    """What the user should be told about the settings file since last asked (and forget it)."""
    notes = list(_notes)
    _notes.clear()
    return notes


def load_settings() -> dict[str, object]:
    """The saved settings; {} when there are none or they are unreadable (then kept aside and noted)."""
    try:
        return _read(settings_path())[0]
    except OSError:  # the config directory itself cannot be made
        return {}


def saved_language() -> object:
    """The language the user chose (``language`` in the file), as saved: unchecked, for
    ``deberc_tui.text.i18n.choose_language``, which passes over a value it does not know. None when unset."""
    return load_settings().get("language")


def save_language(lang: str | None) -> None:
    """Remember the language (None: follow the locale again); raises ``OSError`` when it cannot be written."""
    _save("language", lang)


def saved_gender() -> object:
    """The grammatical gender the person at the keyboard chose (``gender`` in the file: ``male`` or ``female``), as
    saved: unchecked, for ``deberc_tui.text.persons``, which passes over a value it does not know. None when unset:
    sentences about a player of that name then need no gender."""
    return load_settings().get("gender")


def save_gender(gender: str | None) -> None:
    """Remember the person's gender (None: say nothing of it); raises ``OSError`` when it cannot be written."""
    _save("gender", gender)


def _save(key: str, value: str | None) -> None:
    """Set one setting (None: remove it) over what the file holds now, under its lock."""
    path = settings_path()
    with locked(path):
        settings, refusal = _read(path)
        if refusal is not None:
            raise WriteRefused(refusal)
        settings = dict(settings)
        if value is None:
            settings.pop(key, None)
        else:
            settings[key] = value
        atomic_write(path, json.dumps(settings, indent=1, ensure_ascii=False))
