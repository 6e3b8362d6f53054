"""A bot in its own process, spoken to over the line protocol (``docs/PROTOCOL.md``).

Plug-in bots and command bots (``cmd:...``) never run inside the table's process: they cannot see
the deal, the game or the table's memory, only the messages :mod:`deberc_tui.bot_hosting.protocol` builds from their
seat's view. The table keeps the upper hand:

* Every request has a deadline, and a bot that has not answered by then is stopped and started again at once
  for a later decision; one that cannot be started, or keeps failing, is disabled and its seat plays safe actions.
  A restart and its ``hello`` count against the deadline of the decision that waits for them.
* A bot and every process it starts end together, whatever it does to its session or process group: on Linux
  the bot runs under a small supervisor (:mod:`deberc_tui.bot_hosting.supervisor`, a child subreaper) that kills
  its whole tree when the bot exits or the table stops it; elsewhere its process group is killed.
* No pipe operation can block the table: one thread per bot moves the bytes with non-blocking reads and writes
  (``poll``), owns the pipes and closes them itself; the table only hands it bytes and takes whole lines.
* What is kept of the bot's output is bounded: a line longer than :data:`MAX_LINE`, or more than
  :data:`MAX_PENDING_LINES` lines (:data:`MAX_PENDING_BYTES` bytes) nobody asked for, is a flood: reading stops,
  the next request fails and the bot is stopped. Of its stderr only the last few kilobytes are kept.
* Where the kernel offers Landlock, the bot runs sandboxed (:func:`sandbox_abi`): it cannot read deberc's data
  and config folders (the saved games, the statistics, the settings) nor write anywhere but a temporary folder
  of its own. Where it does not, the first bot process of a session says what such a bot can read (:attr:`ProcessBot.notice`).

Every problem is raised as :class:`BotFailure` with a one-line reason, which :mod:`deberc_tui.bot_hosting.runner`
logs and replaces with a safe action.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import logging
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import Any, Final

from platformdirs import user_config_dir, user_data_dir

from deberc_tui.engine import Action, MalformedActionError, SeatView, parse_action
from deberc_tui.engine.text import N_, Text
from deberc_tui.text.i18n import _, translate

from . import supervisor
from .protocol import MAX_LINE, Message, choose_message, decode_line, encode, hello_message, optional_message

STARTUP_SECONDS: Final = 10.0
"""How long a bot may take to start and answer ``hello`` (an interpreter importing its libraries)."""
NO_BUDGET_SECONDS: Final = 30.0
"""The deadline of a request that came without a budget: no request waits for ever."""
MAX_RESTARTS: Final = 3
"""After this many restarts (timeouts, crashes) in one bot's life the bot is disabled."""
NAME_LENGTH: Final = 40
MAX_PENDING_LINES: Final = 256
"""Lines of the bot's output kept unread: more is a flood (an answer is one line, stray lines are dropped)."""
MAX_PENDING_BYTES: Final = 2 * MAX_LINE
"""Bytes of the bot's output kept unread (whole lines): more is a flood."""
MAX_OUTBOX: Final = 8 * MAX_LINE
"""Bytes of messages a bot that does not read its input may owe: more and the request fails."""
STDERR_TAIL: Final = 4096
"""Bytes of the bot's stderr kept, for the reason it failed."""
STOP_SECONDS: Final = 1.0
"""How long stopping a bot waits for its supervisor to end its tree before killing the supervisor's group."""
READ_CHUNK: Final = 1 << 16
SUPERVISED: Final = sys.platform.startswith("linux")
"""Linux: bots run under :mod:`~deberc_tui.bot_hosting.supervisor` (a subreaper, optionally a Landlock sandbox)."""

log = logging.getLogger("deberc.bots")


class BotFailure(Exception):
    """A bot process did not give a usable answer; the message is one line naming what went wrong."""


class BotUnavailable(ValueError):
    """A bot process that cannot be started at all (bad command, a plug-in that fails to import)."""


class _CannotStart(BotFailure):
    """The program could not be started (exec or the sandbox failed): said without the bot's label."""


def short(text: object, limit: int = 120) -> str:
    """``text`` on one line, at most ``limit`` characters (a bot's words are never trusted to be short)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def grace(budget: float) -> float:
    """How long past ``budget`` a bot may run before its answer is replaced."""
    return budget + max(0.05, 0.5 * budget)


# -- the sandbox -------------------------------------------------------------------------------------


@functools.cache
def sandbox_abi() -> int:
    """The Landlock ABI bots are sandboxed with here (0: this system has no Landlock; bots run unsandboxed)."""
    return supervisor.landlock_abi() if SUPERVISED else 0


def deberc_folders() -> tuple[Path, Path]:
    """The data and config folders the table uses, as :func:`deberc_tui.storage.data_dir` and
    :func:`deberc_tui.settings.config_dir` find them (``DEBERC_DATA_DIR``, ``DEBERC_CONFIG_DIR``), without making them."""
    return (Path(os.environ.get("DEBERC_DATA_DIR") or user_data_dir("deberc", appauthor=False)),
            Path(os.environ.get("DEBERC_CONFIG_DIR") or user_config_dir("deberc", appauthor=False)))


def protected_folders() -> list[Path]:
    """The folders a sandboxed bot cannot read: the table's data and config folders, and the user's usual ones
    when the variables point elsewhere (resolved, without repeats)."""
    found = [*deberc_folders(), Path(user_data_dir("deberc", appauthor=False)),
             Path(user_config_dir("deberc", appauthor=False))]
    out: list[Path] = []
    for path in found:
        real = Path(os.path.realpath(path))
        if real not in out:
            out.append(real)
    return out


_noticed = False
_notice_lock = threading.Lock()


def _unsandboxed_notice(label: str) -> Text | None:
    """What the first bot process of this session that runs without a sandbox says about it (None after the first)."""
    global _noticed
    with _notice_lock:
        if _noticed:
            return None
        _noticed = True
    data, config = deberc_folders()
    return Text(N_("{bot} runs without a sandbox (this system has no Landlock): it can read every file you can — "
                   "your saved games in {data} and settings in {config} too — and write wherever you can"),
                {"bot": short(label, 60), "data": str(data), "config": str(config)})


# -- the pipes ---------------------------------------------------------------------------------------


class Ending(Enum):
    """Why no more lines will come from a bot."""

    EOF = "eof"
    FLOOD = "flood"
    TOO_LONG = "too long"


class _Inbox:
    """The bot's stdout as lines, bounded: past :data:`MAX_PENDING_LINES` or :data:`MAX_PENDING_BYTES` unread, or a
    line past :data:`MAX_LINE`, it ends in a flood (the pump reads no more; the lines kept are still read first)."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._lines: deque[bytes] = deque()
        self._bytes = 0
        self._end: Ending | None = None

    def put(self, line: bytes) -> bool:
        """Keep ``line``; False when that makes a flood (or the output ended): read no more."""
        with self._ready:
            if self._end is not None:
                return False
            if len(self._lines) >= MAX_PENDING_LINES or self._bytes + len(line) > MAX_PENDING_BYTES:
                self._finish(Ending.FLOOD)
                return False
            self._lines.append(line)
            self._bytes += len(line)
            self._ready.notify_all()
            return True

    def finish(self, end: Ending) -> None:
        with self._ready:
            self._finish(end)

    def _finish(self, end: Ending) -> None:
        if self._end is None:
            self._end = end
        self._ready.notify_all()

    def get(self, deadline: float) -> bytes | Ending | None:
        """The next line, else how the output ended, or None if neither came by ``deadline`` (``time.monotonic``)."""
        with self._ready:
            while True:
                if self._lines:
                    line = self._lines.popleft()
                    self._bytes -= len(line)
                    return line
                if self._end is not None:
                    return self._end
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._ready.wait(left)

    @property
    def flood(self) -> Ending | None:
        """How the output ended if it was a flood (FLOOD or TOO_LONG), else None."""
        with self._ready:
            return self._end if self._end is Ending.FLOOD or self._end is Ending.TOO_LONG else None

    @property
    def kept(self) -> int:
        """Bytes kept unread (for the tests of the bound)."""
        return self._bytes


class _Pipes:
    """The table's ends of one bot's pipes and what goes through them. The pump thread owns the file descriptors
    and closes them; the table only puts bytes in :attr:`outbox`, takes lines from :attr:`inbox` and reads the
    supervisor's status — none of which can block."""

    def __init__(self, stdin: int, stdout: int, stderr: int, status: int) -> None:
        self.stdin, self.stdout, self.stderr, self.status = stdin, stdout, stderr, status
        self.inbox = _Inbox()
        self.outbox = bytearray()
        self.input_done = False
        """Close the bot's stdin once the outbox is written (after ``quit``)."""
        self.lock = threading.Lock()
        self.stderr_tail = b""
        self.bot_pid: int | None = None
        self.start_failure: tuple[str, int] | None = None
        """("exec" or "sandbox", errno) when the supervisor could not start the bot."""
        self.end: tuple[str, int] | None = None
        """("exited", code) or ("killed", signal): how the bot ended, as its supervisor saw it."""
        self.started = threading.Event()
        """The supervisor said whether the bot started (or is gone)."""
        self.finished = threading.Event()
        """Every pipe and the status socket are at their end (or the pump was stopped)."""
        self.wake_r, self._wake_w = os.pipe()  # not inherited by the bot (PEP 446)
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self._wake_w, False)
        self.stopping = False

    def send(self, data: bytes) -> None:
        with self.lock:
            if len(self.outbox) + len(data) > MAX_OUTBOX:
                raise BotFailure(_("does not read its input ({size} KiB unread)").format(size=len(self.outbox) >> 10))
            self.outbox += data
        self.wake()

    def close_input(self) -> None:
        self.input_done = True
        self.wake()

    def wake(self) -> None:
        with self.lock:
            if self._wake_w >= 0:
                with contextlib.suppress(BlockingIOError):
                    os.write(self._wake_w, b"\0")

    def stop(self) -> None:
        """Tell the pump to close everything and end (it wakes at once: its wake-up pipe is closed)."""
        with self.lock:
            self.stopping = True
            if self._wake_w >= 0:
                os.close(self._wake_w)
                self._wake_w = -1

    def said(self) -> str:
        """The last line the bot wrote on stderr, or ""."""
        lines = [s for s in self.stderr_tail.decode("utf-8", "replace").splitlines() if s.strip()]
        return short(lines[-1], 200) if lines else ""

    def on_status(self, text: str) -> None:
        for line in text.splitlines():
            word, _sep, value = line.partition(" ")
            if word == "started" and value.isdigit():
                self.bot_pid = int(value)
                self.started.set()
            elif word == "failed":
                stage, _sep, code = value.partition(" ")
                self.start_failure = (stage, int(code) if code.isdigit() else 0)
                self.started.set()
            elif word in ("exited", "killed") and value.lstrip("-").isdigit():
                self.end = (word, int(value))


def _pump(p: _Pipes) -> None:
    """Move one bot's bytes until its pipes end or the table stops it: never blocks on a pipe (every descriptor is
    non-blocking and waited for with ``poll``), and reads no more stdout once the inbox says flood."""
    poller = select.poll()
    open_fds = {p.stdin, p.stdout, p.stderr, p.wake_r} | ({p.status} if p.status >= 0 else set())
    readers = {p.stdout, p.stderr} | ({p.status} if p.status >= 0 else set())
    for fd in readers | {p.wake_r}:
        poller.register(fd, select.POLLIN)
    partial = bytearray()
    writing = False

    def close(fd: int) -> None:
        if fd in open_fds:
            open_fds.discard(fd)
            readers.discard(fd)
            with contextlib.suppress(KeyError, ValueError):
                poller.unregister(fd)
            with contextlib.suppress(OSError):
                os.close(fd)

    try:
        while not p.stopping and (readers or writing):
            with p.lock:
                want = bool(p.outbox) and p.stdin in open_fds
            if not want and p.input_done:
                close(p.stdin)
            if want != writing:
                if want:
                    poller.register(p.stdin, select.POLLOUT)
                else:
                    with contextlib.suppress(KeyError):
                        poller.unregister(p.stdin)
                writing = want
            for fd, event in poller.poll():
                if event & select.POLLNVAL:
                    close(fd)
                elif fd == p.wake_r:
                    _read(fd)
                elif fd == p.stdin:
                    with p.lock:
                        try:
                            del p.outbox[:os.write(fd, p.outbox[:READ_CHUNK])]
                        except BlockingIOError:
                            pass
                        except OSError:  # the bot closed its stdin: nothing more gets through
                            p.outbox.clear()
                            want = False
                    if not want:
                        close(fd)
                        writing = False
                else:
                    data = _read(fd)
                    if data is None:
                        continue
                    if fd == p.stdout:
                        if not data:
                            if partial:
                                p.inbox.put(bytes(partial))
                            p.inbox.finish(Ending.EOF)
                            close(fd)
                        elif not _lines(p.inbox, partial, data):  # a flood: read no more (the bot blocks writing)
                            poller.unregister(fd)
                            readers.discard(fd)
                            partial.clear()
                    elif fd == p.stderr:
                        if data:
                            p.stderr_tail = (p.stderr_tail + data)[-STDERR_TAIL:]
                        else:
                            close(fd)
                    elif data:
                        p.on_status(data.decode("ascii", "replace"))
                    else:
                        close(fd)
                        p.started.set()
    finally:
        for fd in list(open_fds):
            close(fd)
        p.inbox.finish(Ending.EOF)
        p.started.set()
        p.finished.set()


def _read(fd: int) -> bytes | None:
    """What ``fd`` has now (b"" at its end; None if nothing yet)."""
    try:
        return os.read(fd, READ_CHUNK)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _lines(inbox: _Inbox, partial: bytearray, data: bytes) -> bool:
    """Add ``data`` to the line being read; whole lines go to ``inbox``. False when reading must stop (a flood)."""
    partial += data
    start = 0
    while (end := partial.find(b"\n", start)) >= 0:
        if end - start > MAX_LINE:
            inbox.finish(Ending.TOO_LONG)
            return False
        if not inbox.put(bytes(partial[start:end + 1])):
            return False
        start = end + 1
    del partial[:start]
    if len(partial) > MAX_LINE:
        inbox.finish(Ending.TOO_LONG)
        return False
    return True


# -- one running bot -------------------------------------------------------------------------------------


def _end(proc: subprocess.Popen[bytes], life: socket.socket | None, pipes: _Pipes, wait: float) -> None:
    """Stop the bot and every process it started, waiting at most about ``wait`` seconds (three times, if its
    supervisor does not answer), then let the pump close the pipes.

    The supervisor exits only once the bot's whole tree is gone, so its exit is what is waited for. One that does
    not exit in time may have been stopped (SIGSTOP: a bot can do that where Landlock has no signal scope): it is
    continued, and ends the tree; one that still does not, or that was killed, has its process group killed."""
    clean = True
    if proc.poll() is None:
        if life is not None:
            with contextlib.suppress(OSError):
                life.shutdown(socket.SHUT_RDWR)  # the supervisor kills the bot's tree, says so and exits
            try:
                proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    os.killpg(proc.pid, signal.SIGCONT)
        else:
            _killpg(proc)
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            clean = False
    if not clean or (life is not None and proc.returncode is not None and proc.returncode < 0):
        _killpg(proc)  # a supervisor that hangs, or was killed (by the bot, where Landlock has no signal scope)
        with contextlib.suppress(OSError):
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=wait)
    pipes.stop()
    if life is not None:
        life.close()


def _killpg(proc: subprocess.Popen[bytes]) -> None:
    """Kill the process group ``proc`` leads (it was started in a session of its own)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        with contextlib.suppress(OSError):
            proc.kill()


class _Channel:
    """One running bot process (under its supervisor on Linux) and the pump that carries its bytes."""

    def __init__(self, command: Sequence[str], env: dict[str, str], sandbox: Sequence[str]) -> None:
        ends = [os.pipe() for _i in range(3)]  # not inherited by the bot except as its 0, 1 and 2 (PEP 446)
        (stdin_r, stdin_w), (stdout_r, stdout_w), (stderr_r, stderr_w) = ends
        life, theirs = socket.socketpair() if SUPERVISED else (None, None)
        argv = list(command)
        if theirs is not None:
            argv = [sys.executable, "-I", "-S", supervisor.__file__, "--status", str(theirs.fileno()),
                    *sandbox, "--", *argv]
        try:
            self.proc: subprocess.Popen[bytes] = subprocess.Popen(
                argv, stdin=stdin_r, stdout=stdout_w, stderr=stderr_w, env=env, start_new_session=os.name == "posix",
                close_fds=True, pass_fds=(theirs.fileno(),) if theirs is not None else ())
        except (OSError, ValueError) as exc:
            for fd in (stdin_w, stdout_r, stderr_r):
                os.close(fd)
            if life is not None:
                life.close()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise BotUnavailable(_("cannot start {command!r}: {reason}").format(
                command=short(" ".join(command), 60), reason=short(reason))) from None
        finally:
            for fd in (stdin_r, stdout_w, stderr_w):
                os.close(fd)
            if theirs is not None:
                theirs.close()
        for fd in (stdin_w, stdout_r, stderr_r):
            os.set_blocking(fd, False)
        status = -1
        if life is not None:
            status = os.dup(life.fileno())
            os.set_blocking(status, False)
        self.command = list(command)
        self.pipes = _Pipes(stdin_w, stdout_r, stderr_r, status)
        if life is None:
            self.pipes.bot_pid = self.proc.pid
            self.pipes.started.set()
        # The pump gets the pipes, not ``self``: a channel nobody holds is collected, and its finalizer stops
        # the bot (which ends the pump).
        self._finalizer = weakref.finalize(self, _end, self.proc, life, self.pipes, STOP_SECONDS)
        threading.Thread(target=_pump, args=(self.pipes,), name=f"bot-pipes-{self.proc.pid}", daemon=True).start()

    def send(self, message: Message) -> None:
        self.pipes.send(encode(message))

    def alive(self) -> bool:
        return self.proc.poll() is None

    def exit_reason(self, deadline: float) -> str:
        """Why the bot's output ended: it could not start, its exit code, or it closed its output; and the last
        thing it said on stderr. Waits for the supervisor's last word until ``deadline`` (``time.monotonic``), but
        at least a moment and at most half a second: a bot that closed its output and lives on says nothing more."""
        end_by = time.monotonic() + max(0.05, min(0.5, deadline - time.monotonic()))
        self.pipes.finished.wait(end_by - time.monotonic())
        failure = self.pipes.start_failure
        if failure is not None:
            return _cannot_start(self.command, *failure)
        said = self.pipes.said()
        said = f": {said}" if said else ""
        end = self.pipes.end
        if end is not None:
            code = end[1] if end[0] == "exited" else -end[1]
        else:  # no supervisor, or one that did not live to say it (killed)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=0.0 if SUPERVISED else max(0.0, end_by - time.monotonic()))
            code = self.proc.returncode
        if code is None:
            return _("closed its output") + said
        return _("exited (code {code})").format(code=code) + said

    def stop(self) -> None:
        """Kill the bot and everything it started (bounded: see :func:`_end`)."""
        self._finalizer()

    def close(self, wait: float = 0.2) -> None:
        """Ask the bot to quit, give it ``wait`` seconds, then stop it."""
        if self.alive():
            with contextlib.suppress(BotFailure):
                self.send({"type": "quit"})
            self.pipes.close_input()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=wait)
        self.stop()


def _cannot_start(command: Sequence[str], stage: str, code: int) -> str:
    reason = os.strerror(code) if code else _("unknown error")
    text = short(" ".join(command), 60)
    if stage == "sandbox":
        return _("cannot start {command!r} in its sandbox: {reason}").format(command=text, reason=reason)
    return _("cannot start {command!r}: {reason}").format(command=text, reason=reason)


def _flood(end: Ending) -> str:
    if end is Ending.TOO_LONG:
        return _("sent a line longer than {limit} bytes").format(limit=MAX_LINE) + "; " + _("stopped it")
    return _("flooded its output (more than {lines} lines or {size} MiB unread); stopped it").format(
        lines=MAX_PENDING_LINES, size=MAX_PENDING_BYTES >> 20)


class _NoAnswer(Exception):
    """The deadline passed before the bot answered."""


class ProcessBot:
    """A :class:`~bots.base.Bot` whose decisions are made by another process over the protocol.

    ``command`` is the program and its arguments (no shell). ``label`` names the bot until its
    ``hello`` answer gives a name. The process is started at once, so a bot that cannot start is
    refused where it is chosen (:class:`BotUnavailable`); later failures are :class:`BotFailure`.
    """

    enforces_budget: Final = True
    """The runner need not put this bot in a thread: every request here has its own deadline."""

    def __init__(
        self, command: Sequence[str], label: str, seed: int | None = None, style: str = "normal",
        env: dict[str, str] | None = None, startup: float = STARTUP_SECONDS, max_restarts: int = MAX_RESTARTS,
    ) -> None:
        self.command = list(command)
        self.label = label
        self.name = label
        self.description = ""
        self.seed = seed
        self.style = style
        self.startup = startup
        self.max_restarts = max_restarts
        self.restarts = 0
        self.disabled: str | None = None
        self.notice: Text | None = None
        """Said once per session, by the first bot process that runs without a sandbox: what it can read."""
        self._next_id = 0
        self._lock = threading.Lock()
        self._channel: _Channel | None = None
        self._hello: int | None = None
        """The id of the ``hello`` the running process has not answered yet."""
        self._launched = 0.0
        self.scratch = tempfile.mkdtemp(prefix="deberc-bot-")
        """The one folder the bot may write in (its ``TMPDIR``), kept across restarts, removed when it is closed."""
        self._cleanup = weakref.finalize(self, shutil.rmtree, self.scratch, ignore_errors=True)
        self.env = dict(os.environ if env is None else env)
        self.env.update(TMPDIR=self.scratch, TMP=self.scratch, TEMP=self.scratch)
        self.sandboxed = sandbox_abi() > 0
        """Whether it runs in the Landlock sandbox (deberc's folders out of its reach)."""
        if not self.sandboxed:
            self.notice = _unsandboxed_notice(label)
            if self.notice is not None:
                log.warning("%s", translate(self.notice))
        try:
            self._launch()
            self._await_hello(time.monotonic() + startup)
        except BotUnavailable:
            self._cleanup()
            raise
        except _CannotStart as exc:
            self._stop()
            self._cleanup()
            raise BotUnavailable(str(exc)) from None
        except BotFailure as exc:
            self._stop()
            self._cleanup()
            raise BotUnavailable(f"{self.label}: {exc}") from None
        _LIVE.add(self)

    # -- the process ---------------------------------------------------------------------------

    def _sandbox_args(self) -> list[str]:
        if not self.sandboxed:
            return []
        args = ["--landlock", "--scratch", self.scratch]
        for folder in protected_folders():
            args += ["--deny", str(folder)]
        return args

    def _launch(self) -> None:
        """Start the process and send ``hello`` (its answer is awaited by :meth:`_await_hello`); never waits for it."""
        self._channel = _Channel(self.command, self.env, self._sandbox_args())
        self._launched = time.monotonic()
        message = hello_message(self._new_id(), self.seed, self.style)
        self._hello = message["id"]
        self._channel.send(message)

    def _await_hello(self, deadline: float) -> None:
        """Wait for the ``hello`` answer until ``deadline``, or the end of the bot's startup time if that is sooner.
        A bot still within its startup time is left to start (only this request fails); past it, it is stopped."""
        assert self._hello is not None and self._channel is not None
        startup_end = self._launched + self.startup
        try:
            reply = self._answer(self._hello, min(deadline, startup_end), "hello")
        except _NoAnswer:
            if time.monotonic() >= startup_end:
                self._stop()
                raise BotFailure(_("did not answer {request} within {seconds:.2f} s; stopped it").format(
                    request="hello", seconds=self.startup)) from None
            raise BotFailure(_("is still starting (started {seconds:.2f} s ago)").format(
                seconds=time.monotonic() - self._launched)) from None
        self._hello = None
        self._channel.pipes.started.wait(max(0.0, deadline - time.monotonic()))
        name = reply.get("name")
        if isinstance(name, str) and name.strip():
            self.name = short(name, NAME_LENGTH)
        description = reply.get("description")
        if isinstance(description, str):
            self.description = short(description)

    def _stop(self) -> None:
        if self._channel is not None:
            self._channel.stop()
            self._channel = None
        self._hello = None

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _answer(self, request_id: int, deadline: float, what: str) -> Message:
        """The bot's answer to request ``request_id``, read until ``deadline``: raises :class:`_NoAnswer` when time
        is up, BotFailure for anything else that is not an answer (stopping the bot if it ended or flooded)."""
        channel = self._channel
        assert channel is not None
        got = channel.pipes.inbox.get(deadline)
        if got is None:
            raise _NoAnswer
        if got is Ending.EOF:
            reason = channel.exit_reason(deadline)
            failed = channel.pipes.start_failure is not None
            self._stop()
            raise (_CannotStart if failed else BotFailure)(reason)
        if got is Ending.FLOOD or got is Ending.TOO_LONG:
            self._stop()
            raise BotFailure(_flood(got))
        assert isinstance(got, bytes)
        try:
            reply = decode_line(got)  # bounded depth: a deep line is refused, never a RecursionError
        except (UnicodeDecodeError, ValueError):
            raise BotFailure(_("sent a line that is not JSON: {line!r}").format(
                line=short(got.decode("utf-8", "replace"), 60))) from None
        if not isinstance(reply, dict):
            raise BotFailure(_("sent {line}, not a JSON object").format(line=short(json.dumps(reply), 60)))
        if reply.get("id") != request_id:
            raise BotFailure(_("answered id {got} to request {wanted}").format(
                got=short(json.dumps(reply.get("id")), 20), wanted=request_id))
        error = reply.get("error")
        if error is not None:
            raise BotFailure(_("gave up: {reason}").format(reason=short(error)))
        return reply

    def _request(self, make: Callable[[int], Message], seconds: float, what: str) -> Message:
        """Send the message ``make(id)`` and return the answer, all within ``seconds`` — a restart and its ``hello``
        included. A failure that stopped the bot starts it again at once, for the next request."""
        deadline = time.monotonic() + seconds
        if self.disabled is not None:
            raise BotFailure(_("is disabled ({reason})").format(reason=self.disabled))
        if not self._lock.acquire(timeout=seconds):
            raise BotFailure(_("is still busy with an earlier request"))
        try:
            flood = self._channel.pipes.inbox.flood if self._channel is not None else None
            if flood is not None:  # while nobody asked it anything (it may have died of it since)
                self._stop()
                raise BotFailure(_flood(flood))
            if self._channel is None or not self._channel.alive():
                self._restart()
            if self._hello is not None:
                self._await_hello(deadline)
            assert self._channel is not None
            self._drop_stale(deadline)
            message = make(self._new_id())
            self._channel.send(message)
            try:
                return self._answer(message["id"], deadline, what)
            except _NoAnswer:
                self._stop()
                raise BotFailure(_("did not answer {request} within {seconds:.2f} s; stopped it").format(
                    request=what, seconds=seconds)) from None
        except BotFailure as exc:
            if self._channel is None and self.disabled is None:
                if self.restarts >= self.max_restarts:
                    self.disabled = _("{reason}; restarted {count} times").format(reason=exc, count=self.restarts)
                else:
                    with contextlib.suppress(BotFailure):
                        self._restart()  # now, so that it has started by the next request
            raise
        finally:
            self._lock.release()

    def _drop_stale(self, deadline: float) -> None:
        """Drop lines left over from an earlier answer (one that came too late); a flood or an end is kept for
        :meth:`_answer` to report."""
        assert self._channel is not None
        inbox = self._channel.pipes.inbox
        while isinstance(got := inbox.get(0.0), bytes):
            pass
        if got is Ending.EOF:  # it ended since its last answer (a flood is reported by _answer: it says it again)
            reason = self._channel.exit_reason(deadline)
            self._stop()
            raise BotFailure(reason)

    def _restart(self) -> None:
        self._stop()
        if self.restarts >= self.max_restarts:
            self.disabled = _("stopped after {count} restarts").format(count=self.restarts)
            raise BotFailure(_("is disabled ({reason})").format(reason=self.disabled))
        self.restarts += 1
        try:
            self._launch()
        except BotUnavailable as exc:
            self.disabled = str(exc)
            raise BotFailure(_("could not be restarted: {reason}").format(reason=exc)) from None

    # -- the Bot interface ---------------------------------------------------------------------

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        seconds = grace(budget) if budget is not None else NO_BUDGET_SECONDS
        reply = self._request(lambda i: choose_message(i, view, legal, budget), seconds, "choose")
        return _action(reply)

    def optional(self, view: SeatView, options: Sequence[Action], budget: float | None = None) -> Action | None:
        seconds = grace(budget) if budget is not None else NO_BUDGET_SECONDS
        reply = self._request(lambda i: optional_message(i, view, options, budget), seconds, "optional")
        return None if reply.get("action") is None else _action(reply)

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Text:
        return Text(N_("{name} plays from another process"), {"name": self.name})

    def new_game(self, seed: int | None) -> None:
        """A fresh game from here on (the arena reuses one process for many): the bot may reseed."""
        self.seed = seed
        if self._channel is not None and self._channel.alive():
            with contextlib.suppress(BotFailure):
                self._channel.send({"type": "new_game", "seed": seed})

    def close(self) -> None:
        """Ask the process to quit, and stop it and everything it started if it does not; remove its folder."""
        if self._channel is not None:
            self._channel.close()
            self._channel = None
        self._hello = None
        self._cleanup()

    @property
    def pid(self) -> int | None:
        """The bot's process id while it runs (None when none runs): for tests that check a bot was stopped."""
        channel = self._channel
        if channel is None or not channel.alive():
            return None
        channel.pipes.started.wait(1.0)
        return channel.pipes.bot_pid


_LIVE: weakref.WeakSet[ProcessBot] = weakref.WeakSet()


def _action(reply: Message) -> Action:
    answer: Any = reply.get("action")
    try:
        return parse_action(answer)
    except MalformedActionError:
        raise BotFailure(_("answered {answer}, which is not an action").format(
            answer=short(json.dumps(answer, default=str), 60))) from None


@atexit.register
def close_all() -> None:
    """Stop every bot process still running (at exit; also for the arena's worker processes)."""
    for bot in list(_LIVE):
        with contextlib.suppress(Exception):
            bot.close()


def python_command(*args: str) -> list[str]:
    """This interpreter with ``args``: how plug-ins and the example bots are started."""
    return [sys.executable, *args]


