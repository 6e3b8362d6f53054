"""A bot in its own process, spoken to over the line protocol (``docs/PROTOCOL.md``).

Plug-in bots and command bots (``cmd:...``) never run inside the table's process: they cannot see
the deal, the game or the table's memory, only the messages :mod:`deberc_tui.bot_hosting.protocol` builds from their
seat's view. The table keeps the upper hand: every request has a deadline, and a bot that has not
answered by then is killed (its whole process group) and started again for the next decision; one
that cannot be started, or keeps failing, is disabled and its seat plays safe actions. Every problem
is raised as :class:`BotFailure` with a one-line reason, which :mod:`deberc_tui.bot_hosting.runner` logs and replaces
with a safe action.

Three small threads per process move the bytes (stdin, stdout, stderr), so a bot that stops
reading, floods its output or writes without newlines can never block the table.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Sequence
from typing import IO, Any, Final

from deberc_tui.engine import Action, MalformedActionError, SeatView, parse_action
from deberc_tui.engine.text import N_, Text
from deberc_tui.text.i18n import _

from .protocol import MAX_LINE, Message, choose_message, decode_line, encode, hello_message, optional_message

STARTUP_SECONDS: Final = 10.0
"""How long a bot may take to start and answer ``hello`` (an interpreter importing its libraries)."""
NO_BUDGET_SECONDS: Final = 30.0
"""The deadline of a request that came without a budget: no request waits for ever."""
MAX_RESTARTS: Final = 3
"""After this many restarts (timeouts, crashes) in one bot's life the bot is disabled."""
NAME_LENGTH: Final = 40
TOO_LONG: Final = b"\x00too long"


class BotFailure(Exception):
    """A bot process did not give a usable answer; the message is one line naming what went wrong."""


class BotUnavailable(ValueError):
    """A bot process that cannot be started at all (bad command, a plug-in that fails to import)."""


def short(text: object, limit: int = 120) -> str:
    """``text`` on one line, at most ``limit`` characters (a bot's words are never trusted to be short)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def grace(budget: float) -> float:
    """How long past ``budget`` a bot may run before its answer is replaced."""
    return budget + max(0.05, 0.5 * budget)


_LIVE: weakref.WeakSet[ProcessBot] = weakref.WeakSet()


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` and everything it started (it leads its own process group on POSIX)."""
    if proc.poll() is None:
        try:
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGKILL)
            else:  # pragma: no cover - Windows
                proc.kill()
        except (ProcessLookupError, PermissionError, OSError):
            with contextlib.suppress(OSError):
                proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired, OSError):
        proc.wait(timeout=2.0)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _read(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """The bot's stdout, line by line, into ``lines`` (None at the end); an overlong line is one marker."""
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                lines.put(TOO_LONG)
                while line and not line.endswith(b"\n"):
                    line = stream.readline(MAX_LINE)
                continue
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)


def _write(stream: IO[bytes], outbox: queue.Queue[bytes | None]) -> None:
    """``outbox`` into the bot's stdin, in a thread of its own: a bot that stops reading blocks only this."""
    try:
        while (data := outbox.get()) is not None:
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):
        pass
    with contextlib.suppress(OSError, ValueError):
        stream.close()


def _drain(stream: IO[bytes], tail: deque[str]) -> None:
    """The bot's stderr, kept as its last few lines (for the reason a bot failed)."""
    try:
        while line := stream.readline(4096):
            text = line.decode("utf-8", "replace").strip()
            if text:
                tail.append(short(text, 200))
    except (OSError, ValueError):
        pass


class _Channel:
    """One running bot process and the threads that carry its lines."""

    def __init__(self, command: Sequence[str], env: dict[str, str] | None) -> None:
        try:
            self.proc: subprocess.Popen[bytes] = subprocess.Popen(
                list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=env, start_new_session=os.name == "posix", close_fds=True,
            )
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise BotUnavailable(_("cannot start {command!r}: {reason}").format(
                command=short(" ".join(command), 60), reason=short(reason))) from None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=5)
        self._finalizer = weakref.finalize(self, _kill, self.proc)
        # The threads get the streams and queues, not ``self``: a channel nobody holds is collected, and its
        # finalizer kills the process (which ends the threads).
        for target, stream, box in ((_read, self.proc.stdout, self.lines), (_write, self.proc.stdin, self.outbox),
                                    (_drain, self.proc.stderr, self.stderr_tail)):
            threading.Thread(target=target, args=(stream, box), name=f"bot-pipe-{self.proc.pid}", daemon=True).start()

    def send(self, message: Message) -> None:
        self.outbox.put(encode(message))

    def alive(self) -> bool:
        return self.proc.poll() is None

    def exit_reason(self) -> str:
        """Why the process ended: its exit code and the last thing it said on stderr."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=0.5)
        time.sleep(0.02)  # let the stderr thread catch the last line
        code = self.proc.returncode
        said = f": {self.stderr_tail[-1]}" if self.stderr_tail else ""
        if code is None:
            return _("closed its output") + said
        return _("exited (code {code})").format(code=code) + said

    def close(self, wait: float = 0.2) -> None:
        if self.alive():
            self.send({"type": "quit"})
            self.outbox.put(None)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=wait)
        self._finalizer()


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
        self.env = env
        self.startup = startup
        self.max_restarts = max_restarts
        self.restarts = 0
        self.disabled: str | None = None
        self._next_id = 0
        self._lock = threading.Lock()
        self._channel: _Channel | None = None
        self._start()
        _LIVE.add(self)

    # -- the process ---------------------------------------------------------------------------

    def _start(self) -> None:
        """Start the process and shake hands; raises BotUnavailable with the reason."""
        channel = _Channel(self.command, self.env)
        self._channel = channel
        try:
            reply = self._exchange(hello_message(self._new_id(), self.seed, self.style), self.startup, "hello")
        except BotFailure as exc:
            self._stop()
            raise BotUnavailable(f"{self.label}: {exc}") from None
        name = reply.get("name")
        if isinstance(name, str) and name.strip():
            self.name = short(name, NAME_LENGTH)
        description = reply.get("description")
        if isinstance(description, str):
            self.description = short(description)

    def _stop(self) -> None:
        if self._channel is not None:
            _kill(self._channel.proc)
            self._channel = None

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _exchange(self, message: Message, seconds: float, what: str) -> Message:
        """Send ``message`` and wait at most ``seconds`` for the answer with its id."""
        channel = self._channel
        assert channel is not None
        while True:  # lines left over from an earlier answer are stale
            try:
                stale = channel.lines.get_nowait()
            except queue.Empty:
                break
            if stale is None:
                raise BotFailure(channel.exit_reason())
        channel.send(message)
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = channel.lines.get(timeout=max(0.0, left)) if left > 0 else channel.lines.get_nowait()
            except queue.Empty:
                self._stop()
                raise BotFailure(_("did not answer {request} within {seconds:.2f} s; stopped it").format(
                    request=what, seconds=seconds)) from None
            if line is None:
                reason = channel.exit_reason()
                self._stop()
                raise BotFailure(reason)
            if line is TOO_LONG:
                raise BotFailure(_("sent a line longer than {limit} bytes").format(limit=MAX_LINE))
            try:
                reply = decode_line(line)  # bounded depth: a deep line is refused, never a RecursionError
            except (UnicodeDecodeError, ValueError):
                raise BotFailure(_("sent a line that is not JSON: {line!r}").format(
                    line=short(line.decode("utf-8", "replace"), 60))) from None
            if not isinstance(reply, dict):
                raise BotFailure(_("sent {line}, not a JSON object").format(line=short(json.dumps(reply), 60)))
            if reply.get("id") != message["id"]:
                raise BotFailure(_("answered id {got} to request {wanted}").format(
                    got=short(json.dumps(reply.get("id")), 20), wanted=message["id"]))
            error = reply.get("error")
            if error is not None:
                raise BotFailure(_("gave up: {reason}").format(reason=short(error)))
            return reply

    def _request(self, message: Message, seconds: float, what: str) -> Message:
        if self.disabled is not None:
            raise BotFailure(_("is disabled ({reason})").format(reason=self.disabled))
        if not self._lock.acquire(timeout=seconds):
            raise BotFailure(_("is still busy with an earlier request"))
        try:
            if self._channel is None or not self._channel.alive():
                self._restart()
            return self._exchange(message, seconds, what)
        except BotFailure as exc:
            if self._channel is None and self.restarts >= self.max_restarts:
                self.disabled = _("{reason}; restarted {count} times").format(reason=exc, count=self.restarts)
            raise
        finally:
            self._lock.release()

    def _restart(self) -> None:
        self._stop()
        if self.restarts >= self.max_restarts:
            self.disabled = _("stopped after {count} restarts").format(count=self.restarts)
            raise BotFailure(_("is disabled ({reason})").format(reason=self.disabled))
        self.restarts += 1
        try:
            self._start()
        except BotUnavailable as exc:
            self.disabled = str(exc)
            raise BotFailure(_("could not be restarted: {reason}").format(reason=exc)) from None

    # -- the Bot interface ---------------------------------------------------------------------

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        seconds = grace(budget) if budget is not None else NO_BUDGET_SECONDS
        reply = self._request(choose_message(self._new_id(), view, legal, budget), seconds, "choose")
        return _action(reply)

    def optional(self, view: SeatView, options: Sequence[Action], budget: float | None = None) -> Action | None:
        seconds = grace(budget) if budget is not None else NO_BUDGET_SECONDS
        reply = self._request(optional_message(self._new_id(), view, options, budget), seconds, "optional")
        return None if reply.get("action") is None else _action(reply)

    def explain(self, view: SeatView, legal: Sequence[Action]) -> Text:
        return Text(N_("{name} plays from another process"), {"name": self.name})

    def new_game(self, seed: int | None) -> None:
        """A fresh game from here on (the arena reuses one process for many): the bot may reseed."""
        self.seed = seed
        if self._channel is not None and self._channel.alive():
            self._channel.send({"type": "new_game", "seed": seed})

    def close(self) -> None:
        """Ask the process to quit, and kill it if it does not."""
        if self._channel is not None:
            self._channel.close()
            self._channel = None

    @property
    def pid(self) -> int | None:
        """The running process's id (None when none runs): for tests that check a bot was stopped."""
        return self._channel.proc.pid if self._channel is not None and self._channel.alive() else None


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
