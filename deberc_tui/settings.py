"""The user's settings (today: the language), kept in the user's config directory.

Settings are preferences, not game data: they live under platformdirs' config directory
(``DEBERC_CONFIG_DIR`` overrides it), while games, pads and statistics live under the data directory.
A settings file left in the data directory by an older version is read once and moved.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from platformdirs import user_config_dir

from deberc_tui.storage import atomic_write, data_dir


def config_dir() -> Path:
    """The user's deberc config directory, created on demand."""
    path = Path(os.environ.get("DEBERC_CONFIG_DIR") or user_config_dir("deberc", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
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


def load_settings() -> dict[str, object]:
    """The saved settings; {} when there are none or they are unreadable."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_language(lang: str | None) -> None:
    """Remember the language (None: follow the locale again)."""
    settings = load_settings()
    if lang is None:
        settings.pop("language", None)
    else:
        settings["language"] = lang
    atomic_write(settings_path(), json.dumps(settings, indent=1, ensure_ascii=False))
