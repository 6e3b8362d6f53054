"""Where deberc keeps its files, and writing them so that nothing is ever lost.

* :func:`atomic_write`: a temporary file in the same folder (``.<name>.<pid>.<random>.tmp``), fsynced, then
  an atomic rename — a crash leaves the old file or the new one, never half. Temporary files left by a
  killed process are removed the next time deberc looks at the folder (:func:`sweep_temp_files`).
* :func:`locked`: a lock file (``filelock``) around a read-modify-write, so two processes writing one file
  take turns and neither write is lost.
* :func:`keep_aside`: a file that cannot be read is renamed with a suffix, never overwritten or deleted.
* :class:`WriteRefused`: raised instead of writing over a file made by a newer version of deberc.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from filelock import FileLock
from platformdirs import user_data_dir

from deberc_tui.untrusted import MIB, InputError, NewerVersionError, load_json_file, one_line

LOCK_TIMEOUT = 10.0  # seconds to wait for another deberc writing the same file
STALE_AFTER = 60.0  # a temporary file this old belongs to a write that will never finish
RECORD_LIMIT = 4 * MIB  # a game record: a long match is about 400 KB
INDEX_LIMIT = 4 * MIB


class WriteRefused(OSError):
    """A write deberc will not do, to keep the user's data: the file is from a newer version, or unreadable."""


def data_dir() -> Path:
    """The user's deberc data directory (``DEBERC_DATA_DIR`` overrides it, e.g. for tests); created on demand."""
    path = Path(os.environ.get("DEBERC_DATA_DIR") or user_data_dir("deberc", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    sweep_temp_files(path)
    return path


# -- writing ------------------------------------------------------------------------------------------


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder and an atomic rename.

    The bytes go through ``os.write`` until all are written and are fsynced before the rename, so a full
    disk raises ``OSError`` (ENOSPC) here, the old file stays as it was and the temporary file is removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a directory)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]+\.tmp$")
_OLD_TEMP = re.compile(r"^\.(?P<name>.+\.json)\.[a-z0-9_]{8}$")  # tempfile.mkstemp's, before pids were kept
_swept: set[Path] = set()


def sweep_temp_files(folder: Path, *, now: float | None = None, force: bool = False) -> list[Path]:
    """Remove temporary files of writes that were interrupted (a kill, a power cut); once per folder a run.

    A temporary file is stale when its writer's process is gone or it is older than :data:`STALE_AFTER`
    (a write takes milliseconds). Returns the files removed.
    """
    key = folder.resolve() if folder.exists() else folder
    if key in _swept and not force:
        return []
    _swept.add(key)
    removed: list[Path] = []
    now = time.time() if now is None else now
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        new = _TEMP.match(entry.name)
        if new is None and _OLD_TEMP.match(entry.name) is None:
            continue
        try:
            age = now - entry.stat().st_mtime
            if age > STALE_AFTER or (new is not None and not _alive(int(new["pid"]))):
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process: leave its file to the age rule
    return True


@contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the lock of ``path`` (``.<name>.lock`` beside it) for a read-modify-write.

    Raises ``OSError`` when the lock cannot be made (a read-only folder) or another process holds it for
    longer than ``timeout`` seconds (``filelock.Timeout`` is a ``TimeoutError``).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(path.parent / f".{path.name}.lock", timeout=timeout):
        yield


def keep_aside(path: Path, now: float | None = None) -> Path | None:
    """Rename a file that cannot be read to ``<name>.unreadable-<YYYYmmdd-HHMMSS>`` beside it (never deleted).

    Returns the new path, or None if it could not be renamed (then nothing may write over it either).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


# -- saved games --------------------------------------------------------------------------------
#
# Every game, finished or not, is a RECORD.md file in ``data_dir()/games/<started>-<id>.json``; the file
# of the game being played is rewritten (atomically) after every action. Starting a new game makes a new
# file, so an unfinished game is never overwritten. ``autosave.json`` (the single slot of older versions)
# is copied into the folder once; files that cannot be read are moved to ``games/unreadable/``.

GAMES = "games"
UNREADABLE = "unreadable"
LEGACY_AUTOSAVE = "autosave.json"
INDEX = ".index.json"  # a cache of the list (replaying every game each time would be slow)


def games_dir() -> Path:
    path = data_dir() / GAMES
    path.mkdir(parents=True, exist_ok=True)
    sweep_temp_files(path)
    return path


def new_game_path(now: float | None = None) -> Path:
    """A fresh file name for a new game: ``<YYYYmmdd-HHMMSS>-<6 hex digits>.json`` (never an existing file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    folder = games_dir()
    while True:
        path = folder / f"{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


@dataclass
class SavedGame:
    """One game in the saved-games folder, as the list shows it."""

    path: Path
    modified: float  # when it was last played (the file's time)
    names: list[str]
    preset: str
    players: int
    totals: list[int]
    sides: list[str]
    deals: int
    finished: bool
    winner: int | None = None

    @property
    def score(self) -> str:
        return " : ".join(str(t) for t in self.totals)


@dataclass
class GameList:
    games: list[SavedGame] = field(default_factory=list)  # the newest first
    notes: list[str] = field(default_factory=list)  # files skipped (and moved aside), one line each

    def latest_unfinished(self) -> SavedGame | None:
        return next((g for g in self.games if not g.finished), None)


def summarize(path: Path) -> SavedGame:
    """Read and replay one record; raises ``RecordError`` (or OSError) if it cannot be read."""
    from deberc_tui.records import load_record, replay_record
    from deberc_tui.text.sheet_text import side_names

    record = load_record(path)
    game = replay_record(record)
    outcome = game.outcome
    return SavedGame(
        path=path, modified=path.stat().st_mtime, names=[str(p["name"]) for p in record.players],
        preset=record.rules.preset_name, players=record.rules.players, totals=list(game.totals),
        sides=side_names(record.rules, record.players), deals=len(game.deals), finished=outcome is not None,
        winner=None if outcome is None else outcome.winner,
    )


def _identity(path: Path) -> str | None:
    """What tells one game from another: the rules, the seats and the first deck (None if unreadable)."""
    try:
        doc = load_json_file(path, RECORD_LIMIT)
        assert isinstance(doc, dict)
        first = doc["deals"][0]["deck"] if doc.get("deals") else None
        return json.dumps([doc.get("rules"), doc.get("players"), doc.get("first_dealer"), first], sort_keys=True)
    except Exception:  # noqa: BLE001
        return None


def migrate_legacy_autosave() -> Path | None:
    """Copy the old single ``autosave.json`` into the games folder unless a game there is the same game.

    The old file is left where it is (the app keeps it as a copy of the game being played).
    """
    import shutil

    old = data_dir() / LEGACY_AUTOSAVE
    if not old.is_file():
        return None
    ident = _identity(old)
    if ident is None:
        return None  # unreadable: left alone, it is not in the folder the list reads
    folder = games_dir()
    for path in folder.glob("*.json"):
        if _identity(path) == ident:
            return None
    target = new_game_path(old.stat().st_mtime)
    try:
        atomic_write(target, old.read_text(encoding="utf-8"))
        shutil.copystat(old, target)
    except OSError:
        return None
    return target


def claim_mirror(path: Path) -> tuple[bool, str | None]:
    """May the game being played be copied to ``path`` (the old single ``autosave.json``)?

    Only over a readable record of this version: a file from a newer deberc, or one that cannot be read, is
    first kept aside (:func:`keep_aside`). Returns (whether to write there, a note for the user or None).
    """
    from deberc_tui.records import load_record
    from deberc_tui.text.i18n import _, translate_error

    if not path.exists():
        return True, None
    try:
        load_record(path)
        return True, None
    except (InputError, OSError) as exc:
        reason = translate_error(exc)
    kept = keep_aside(path)
    if kept is None:
        return False, _("{file} cannot be used ({reason}) and cannot be renamed: the game is not copied there").format(
            file=path.name, reason=reason)
    return True, _("{file} could not be used ({reason}); kept as {kept}").format(
        file=path.name, reason=reason, kept=kept.name)


def _move_aside(path: Path) -> Path | None:
    aside = path.parent / UNREADABLE
    try:
        aside.mkdir(exist_ok=True)
        target = aside / path.name
        n = 1
        while target.exists():
            target = aside / f"{path.stem}.{n}{path.suffix}"
            n += 1
        os.replace(path, target)
        return target
    except OSError:
        return None


def list_games(migrate: bool = True) -> GameList:
    """Every saved game, the most recently played first. Never raises for a bad file: it is skipped with
    a note and moved to ``games/unreadable/`` (never deleted)."""
    from deberc_tui.text.i18n import _, translate_error

    out = GameList()
    if migrate:
        migrate_legacy_autosave()
    folder = games_dir()
    index = _read_index(folder)
    fresh: dict[str, object] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith("."):
            continue  # a temporary file being written, or the index
        try:
            stat = path.stat()
            stamp = [stat.st_mtime_ns, stat.st_size]
            game = _from_cache(index.get(path.name), stamp, path, stat.st_mtime)
            if game is None:
                game = summarize(path)
            out.games.append(game)
            summary = {k: v for k, v in game.__dict__.items() if k not in ("path", "modified")}
            fresh[path.name] = {"stamp": stamp, "game": summary}
        except NewerVersionError as exc:  # the newer deberc that wrote it can still read it: left in place
            out.notes.append(_("{file} skipped ({reason}); left as it is").format(
                file=path.name, reason=translate_error(exc)))
        except Exception as exc:  # noqa: BLE001 - an unreadable file must never break the list
            reason = one_line(translate_error(exc) if str(exc) else exc.__class__.__name__)
            moved = _move_aside(path)
            if moved is not None:
                out.notes.append(_("{file} skipped ({reason}); moved to {folder}").format(
                    file=path.name, reason=reason, folder=f"{GAMES}/{UNREADABLE}/"))
            else:
                out.notes.append(_("{file} skipped ({reason})").format(file=path.name, reason=reason))
    out.games.sort(key=lambda g: (g.modified, g.path.name), reverse=True)
    if fresh != index:
        try:
            atomic_write(folder / INDEX, json.dumps(fresh, ensure_ascii=False))
        except OSError:
            pass  # only a cache
    return out


# What each field of a cached summary must be (the cache is only trusted when it has exactly this shape).
_SUMMARY_FIELDS: dict[str, Callable[[object], bool]] = {
    "names": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "preset": lambda v: isinstance(v, str),
    "players": lambda v: _is_int(v),
    "totals": lambda v: isinstance(v, list) and all(_is_int(x) for x in v),
    "sides": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "deals": lambda v: _is_int(v),
    "finished": lambda v: isinstance(v, bool),
    "winner": lambda v: v is None or _is_int(v),
}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _from_cache(entry: object, stamp: list[int], path: Path, modified: float) -> SavedGame | None:
    """The cached summary of a file unchanged since it was made, or None: the file changed, or the cache
    entry is damaged (then the file is read again — a bad cache must never move a good game aside)."""
    if not isinstance(entry, dict) or entry.get("stamp") != stamp:
        return None
    summary = entry.get("game")
    if not isinstance(summary, dict) or set(summary) != set(_SUMMARY_FIELDS):
        return None
    if not all(check(summary[key]) for key, check in _SUMMARY_FIELDS.items()):
        return None
    return SavedGame(path=path, modified=modified, **summary)


def _read_index(folder: Path) -> dict[str, object]:
    """The list's cache: each file's summary with the file's time and size when it was made."""
    try:
        data = load_json_file(folder / INDEX, INDEX_LIMIT)
    except (OSError, InputError):
        return {}
    return data if isinstance(data, dict) else {}
