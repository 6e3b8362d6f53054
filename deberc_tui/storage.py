"""Where deberc keeps its files, and writing them so that a crash never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from platformdirs import user_data_dir


def data_dir() -> Path:
    """The user's deberc data directory (``DEBERC_DATA_DIR`` overrides it, e.g. for tests); created on demand."""
    path = Path(os.environ.get("DEBERC_DATA_DIR") or user_data_dir("deberc", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
