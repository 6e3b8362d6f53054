"""The small process between the table and a bot (Linux): every process the bot starts ends with it.

The table starts ``python3 -I -S supervisor.py --status FD -- PROGRAM ARGS``
(:mod:`deberc_tui.bot_hosting.process`). The supervisor makes itself a *child subreaper*
(``prctl(PR_SET_CHILD_SUBREAPER)``): a process the bot starts and leaves behind — a forked child, a daemon that
double-forked, one that called ``setsid`` to leave the bot's session and process group — is re-parented to the
supervisor instead of to init, so the supervisor always sees the bot's whole tree as its descendants. When the
bot exits, or the table closes its end of the status socket (it stops the bot, or it died), the supervisor kills
every descendant, reaps them, tells the table how the bot ended and exits. A process group or a session is not
enough: a bot can leave both, and it did (issue 20).

Why a subreaper and not a cgroup: a cgroup (``cgroup.kill``) ends a tree atomically, but creating one needs a
delegated cgroup v2 subtree, which an unprivileged user has only under some systemd setups; the subreaper works
for any user on any Linux since 3.4, and the loop in :func:`kill_tree` ends a tree that keeps forking because a
process that was sent SIGKILL cannot fork again.

This module imports only the standard library: it runs by its path in an interpreter started with ``-I -S``
(about a tenth of a second at most).

Status lines the supervisor writes on the socket: ``started PID``; ``failed exec ERRNO`` (the bot did not
start); ``exited CODE`` or ``killed SIGNAL`` (how the bot ended).
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
import sys
from collections.abc import Iterable, Sequence

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_SET_CHILD_SUBREAPER = 36


def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def _prctl(option: int, value: int) -> None:
    libc = _libc()
    if libc.prctl(option, ctypes.c_ulong(value), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


# -- the process tree --------------------------------------------------------------------------------


def children() -> list[int]:
    """This process's children (the re-parented orphans too), zombies included."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children", encoding="ascii") as f:
            return [int(p) for p in f.read().split()]
    except OSError:  # a kernel without CONFIG_PROC_CHILDREN: look at every process's parent
        found: list[int] = []
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    with open(f"/proc/{name}/stat", "rb") as f:
                        stat = f.read()
                except OSError:
                    continue
                if int(stat.rsplit(b")", 1)[1].split()[1]) == me:
                    found.append(int(name))
        return found


def kill_tree(reaped: dict[int, int] | None = None) -> None:
    """Kill every descendant and reap them all: each round kills this process's children; their own children are
    then re-parented here and killed in the next round, until no child is left (waitpid says ECHILD)."""
    while True:
        kids = children()
        for pid in kids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            pid, status = os.waitpid(-1, 0 if kids else os.WNOHANG)
        except ChildProcessError:
            return
        if reaped is not None and pid:
            reaped[pid] = status
        _reap(reaped)


def _reap(reaped: dict[int, int] | None) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if reaped is not None:
            reaped[pid] = status


def _say(status_fd: int, line: str) -> None:
    try:
        os.write(status_fd, (line + "\n").encode("ascii"))
    except OSError:
        pass  # the table is gone: nobody to tell


def _start(argv: Sequence[str], keep_out: Iterable[int]) -> tuple[int, str | None]:
    """Fork and exec the bot: (its pid, None), or (0, "exec ERRNO") if it could not start."""
    report_r, report_w = os.pipe()  # close-on-exec: the child writes on it only if it cannot exec
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the bot-to-be
        stage = "exec"
        try:
            os.close(report_r)
            for fd in keep_out:
                os.close(fd)
            for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGPIPE):
                signal.signal(sig, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # its supervisor killed: the bot dies with it
            if os.getppid() != parent:
                os._exit(1)
            os.execvp(argv[0], list(argv))
        except OSError as exc:
            os.write(report_w, f"{stage} {exc.errno or 0}".encode("ascii"))
        except BaseException:  # noqa: BLE001 - whatever happened, the child must not return into the supervisor
            os.write(report_w, f"{stage} 0".encode("ascii"))
        os._exit(127)
    os.close(report_w)
    chunks = []
    while chunk := os.read(report_r, 64):
        chunks.append(chunk)
    os.close(report_r)
    if chunks:
        os.waitpid(pid, 0)
        return 0, b"".join(chunks).decode("ascii", "replace")
    return pid, None


def main(argv: Sequence[str]) -> int:
    """Run the bot ``argv`` after ``--``; see the module's docstring for the options."""
    status_fd = -1
    args = list(argv)
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--status":
            status_fd = int(args.pop(0))
        else:
            print(f"supervisor: unknown option {option}", file=sys.stderr)
            return 2
    command = args[1:]
    if status_fd < 0 or not command:
        print("usage: supervisor.py --status FD -- PROGRAM ARGS",
              file=sys.stderr)
        return 2
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.set_wakeup_fd(wake_w)
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, _on_signal)  # each also writes to wake_w, which wakes the loop below
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)

    pid, failure = _start(command, (status_fd, wake_r, wake_w))
    if failure is not None:
        _say(status_fd, f"failed {failure}")
        return 127
    _say(status_fd, f"started {pid}")
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # the bot's pipes are the bot's: they end when it (and what it started) closes them
        os.dup2(quiet, fd)
    os.close(quiet)
    poller = select.poll()
    poller.register(status_fd, select.POLLIN)
    poller.register(wake_r, select.POLLIN)
    reaped: dict[int, int] = {}
    stop = False
    while pid not in reaped and not stop:
        for fd, _event in poller.poll():
            if fd == wake_r:
                try:
                    while os.read(wake_r, 512):
                        pass
                except BlockingIOError:
                    pass
                stop = stop or bool(_stop_signals)
            elif fd == status_fd:
                try:
                    stop = not os.read(status_fd, 512)  # the table closed its end: stop the bot
                except OSError:
                    stop = True
        _reap(reaped)
    kill_tree(reaped)
    status = reaped.get(pid)
    if status is None:
        _say(status_fd, "killed 9")
        return 128 + signal.SIGKILL
    if os.WIFSIGNALED(status):
        _say(status_fd, f"killed {os.WTERMSIG(status)}")
        return 128 + os.WTERMSIG(status)
    code = os.waitstatus_to_exitcode(status)
    _say(status_fd, f"exited {code}")
    return code


_stop_signals: list[int] = []
"""SIGTERM, SIGHUP or SIGINT received: stop the bot as if the table had closed the status socket."""


def _on_signal(signum: int, frame: object) -> None:
    if signum != signal.SIGCHLD:
        _stop_signals.append(signum)


if __name__ == "__main__":
    os._exit(main(sys.argv[1:]))  # no interpreter teardown: the table waits for this exit
