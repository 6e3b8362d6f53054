"""Where deberc keeps its files, and writing them so that nothing is ever lost.

* :func:`atomic_write`: a temporary file in the same folder (``.<name>.<pid>.<random>.tmp``), fsynced, then
  an atomic rename — a crash leaves the old file or the new one, never half. Temporary files left by a
  killed process are removed the next time deberc looks at the folder (:func:`sweep_temp_files`).
* :func:`locked`: a lock file (``filelock``) around a read-modify-write, so two processes writing one file
  take turns and neither write is lost.
* :func:`hold_open`: the lock a table holds on the saved game it plays for as long as it has it open, so two
  tables never write one game (the second is told where it is open, :class:`InUse`).
* :func:`keep_aside`: a file that cannot be read is renamed with a suffix, never overwritten or deleted.
* :class:`WriteRefused`: raised instead of writing over a file made by a newer version of deberc.

The files of each kind live in the modules above: :mod:`deberc_tui.records` (a game record),
:mod:`deberc_tui.saved_games` (the saved-games folder), :mod:`deberc_tui.settings`, :mod:`deberc_tui.stats`.
Like them, this module translates nothing: what it says is a ``Text`` (the engine's template and params),
translated by whoever shows it.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout
from platformdirs import user_data_dir

from deberc_tui.engine.text import N_, Text
from deberc_tui.untrusted import KIB, MIB, InputError, load_json_file, one_line

LOCK_TIMEOUT = 10.0  # seconds to wait for another deberc writing the same file
STALE_AFTER = 60.0  # a temporary file this old belongs to a write that will never finish
RECORD_LIMIT = 4 * MIB  # a game record: a long match is about 400 KB
HOLD_WAIT = 0.3  # seconds to try for a saved game's lock (a table closing it at that moment lets go at once)


class WriteRefused(OSError):
    """A write deberc will not do, to keep the user's data: the file is from a newer version, or unreadable.

    Made from a ``Text`` (the files' modules translate nothing), it carries its ``template`` and ``params`` for
    ``deberc_tui.text.i18n.translate_error``, and ``str()`` is the English text; made from a ``str``, it is that text.
    """

    def __init__(self, message: str | Text) -> None:
        if isinstance(message, Text):
            self.template = message.template
            self.params = message.params
        super().__init__(str(message))


def data_dir() -> Path:
    """The user's deberc data directory (``DEBERC_DATA_DIR`` overrides it, e.g. for tests); created on demand.

    Raises ``OSError`` saying why when it cannot be made (:func:`make_folder`)."""
    path = make_folder(Path(os.environ.get("DEBERC_DATA_DIR") or user_data_dir("deberc", appauthor=False)))
    sweep_temp_files(path)
    return path


def make_folder(path: Path) -> Path:
    """``path`` as a folder, made with its parents if missing; returns it.

    Raises ``OSError`` with the path and a reason a person can act on: ``not a folder`` when a file (or a named
    pipe) has its name — ``mkdir`` would only say "File exists" — or the system's reason (a read-only folder:
    "Permission denied", "Read-only file system"). Raises :class:`NotAFolder` for the first."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # exist_ok covers a folder: something else has the name
        raise NotAFolder(path) from None
    return path


def os_reason(exc: OSError) -> object:
    """Why a file operation failed, as a param of a ``Text``: an error that carries its own message
    (:class:`NotAFolder`, :class:`WriteRefused`) as it is, to be translated with the note; else the system's
    reason (``Permission denied``)."""
    if isinstance(getattr(exc, "template", None), str):
        return exc
    return exc.strerror or str(exc) or exc.__class__.__name__


class NotAFolder(NotADirectoryError):
    """A file (or a named pipe, a device) has the name of a folder deberc needs; it is left as it is.

    Carries ``template`` and ``params`` (``{path} is not a folder``) for ``translate_error``; ``strerror`` is the
    English reason."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.ENOTDIR, "not a folder", str(path))
        self.template = N_("{path} is not a folder")
        self.params: dict[str, object] = {"path": str(path)}


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


# -- a saved game open at a table ----------------------------------------------------------------------


@dataclass(frozen=True)
class Holder:
    """Where a saved game is open: the process that holds its lock, on which machine, at which terminal, since
    when — what the holder wrote into the lock file, each None when it is not known."""

    pid: int | None = None
    host: str | None = None
    terminal: str | None = None
    since: float | None = None

    def where(self) -> Text:
        """The holder in words, for a note (``process 4242 on anna-laptop, terminal /dev/pts/3, since 18:05``)."""
        if self.pid is None or self.host is None:
            return Text(N_("another deberc"))
        since = "?" if self.since is None else time.strftime(
            "%H:%M" if time.time() - self.since < 20 * 3600 else "%Y-%m-%d %H:%M", time.localtime(self.since))
        if self.terminal is None:
            return Text(N_("process {pid} on {host}, since {time}"), {"pid": self.pid, "host": self.host, "time": since})
        return Text(N_("process {pid} on {host}, terminal {terminal}, since {time}"),
                    {"pid": self.pid, "host": self.host, "terminal": self.terminal, "time": since})


class InUse(OSError):
    """The saved game is open at another table (another deberc, or another table of this one): ``holder`` says
    where. Its ``template`` and ``params`` give the one line for ``deberc_tui.text.i18n.translate_error``."""

    def __init__(self, path: Path, holder: Holder) -> None:
        self.path = path
        self.holder = holder
        self.template = N_("{file} is open at another table ({where})")
        self.params: dict[str, object] = {"file": os.fsencode(path.name).decode("utf-8", "replace"),
                                          "where": holder.where()}
        super().__init__(str(Text(self.template, self.params)))


class OpenHold:
    """The lock of a saved game a table has open (see :func:`hold_open`): held until :meth:`release`, or until
    the process ends — the system lets go of a dead process's lock, so a crash or a kill never leaves a game
    locked."""

    def __init__(self, path: Path, lock: FileLock) -> None:
        self.path = path
        self._lock = lock

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def release(self) -> None:
        """Let go (once; again does nothing). The lock file goes first, while still held, so that no lock file
        is left behind; one who opened it at that moment finds it gone and tries again (:data:`HOLD_WAIT`)."""
        if not self._lock.is_locked:
            return
        try:
            os.unlink(self._lock.lock_file)
        except OSError:
            pass  # a system that keeps an open file (Windows): it stays, unlocked
        self._lock.release(force=True)


def hold_path(path: Path) -> Path:
    """The lock file of a saved game: ``.<name>.open`` beside it (hidden, so the list never reads it)."""
    return path.parent / f".{path.name}.open"


def hold_open(path: Path, wait: float = HOLD_WAIT) -> OpenHold | None:
    """Take the lock that says the saved game ``path`` is open at this table, and write into it where (this
    process, machine and terminal, and the time). Raises :class:`InUse` — saying where — when another table
    holds it. Returns None when no lock can be made here (a folder that cannot be written, a file system without
    locks): the table plays on without one (its saving says what is wrong, if anything)."""
    lock = FileLock(hold_path(path), timeout=wait, thread_local=False, on_acquired=_write_holder)
    try:
        lock.acquire()
    except Timeout:
        raise InUse(path, read_holder(path)) from None
    except OSError:
        return None
    return OpenHold(path, lock)


def _write_holder(fd: int) -> None:
    info = {"pid": os.getpid(), "host": socket.gethostname(), "terminal": _terminal(), "since": time.time()}
    view = memoryview(json.dumps(info).encode("utf-8"))
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    while view:
        view = view[os.write(fd, view):]


def _terminal() -> str | None:
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            return os.ttyname(stream.fileno())
        except (OSError, AttributeError, ValueError):
            continue
    return None


def read_holder(path: Path) -> Holder:
    """Where ``path`` is open, as its holder wrote it into the lock file (what cannot be read is None)."""
    try:
        doc = load_json_file(hold_path(path), 4 * KIB)
    except (OSError, InputError):
        return Holder()
    if not isinstance(doc, dict):
        return Holder()
    pid, since = doc.get("pid"), doc.get("since")
    return Holder(
        pid=pid if isinstance(pid, int) and not isinstance(pid, bool) and 0 < pid < 2**31 else None,
        host=_printable(doc.get("host")), terminal=_printable(doc.get("terminal")),
        since=float(since) if isinstance(since, int | float) and not isinstance(since, bool) and 0 < since < 1e11
        else None,
    )


def _printable(value: object) -> str | None:
    """A word the lock file says, on one short line of printable characters (None if there is none)."""
    if not isinstance(value, str):
        return None
    text = one_line("".join(ch if ch.isprintable() else " " for ch in value), 60)
    return text or None
