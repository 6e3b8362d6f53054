"""The small process between the table and a bot (Linux): every process the bot starts ends with it.

The table starts ``python3 -I -S supervisor.py --status FD [--landlock --deny PATH... --scratch DIR] -- PROGRAM ARGS``
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

With ``--landlock`` the bot runs in a Landlock sandbox (Linux 5.13+, unprivileged; :func:`restrict`): it may read
and run everything except the ``--deny`` paths (deberc's data and config folders), write only in its ``--scratch``
folder (and ``/dev/null``), and — from Landlock ABI 6 (Linux 6.12) — it cannot signal any process outside its
sandbox, so it cannot kill its supervisor to set its children free. Landlock only allows what rules list, so
"all but these folders" is written as a rule for every sibling of each folder and of each of its ancestors.

This module imports only the standard library: it runs by its path in an interpreter started with ``-I -S``
(about a tenth of a second at most), and the table imports it only for :func:`landlock_abi`.

Status lines the supervisor writes on the socket: ``started PID``; ``failed exec|sandbox ERRNO`` (the bot did not
start); ``exited CODE`` or ``killed SIGNAL`` (how the bot ended).
"""

from __future__ import annotations

import ctypes
import errno
import os
import select
import signal
import stat
import struct
import sys
from collections.abc import Iterable, Sequence
from typing import Any

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_SET_CHILD_SUBREAPER = 36

# Landlock (include/uapi/linux/landlock.h); the syscall numbers are the same on every architecture
# that uses the generic table (x86_64, arm64, riscv64, ...).
SYS_LANDLOCK_CREATE_RULESET = 444
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1

EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2
TRUNCATE = 1 << 14  # ABI 3
IOCTL_DEV = 1 << 15  # ABI 5
SCOPE_SIGNAL = 1 << 1  # ABI 6

FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
"""The rights a rule on a file (not a folder) may grant."""


def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def _syscall(number: int, *args: object) -> int:
    """``syscall(number, *args)``; raises OSError with the errno when it fails."""
    result = int(_libc().syscall(number, *args))
    if result < 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))
    return result


def _prctl(option: int, value: int) -> None:
    libc = _libc()
    if libc.prctl(option, ctypes.c_ulong(value), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def landlock_abi() -> int:
    """The Landlock ABI version this kernel offers (0: none — not Linux, too old, or turned off)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        return _syscall(SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0),
                        ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0


def handled_rights(abi: int) -> int:
    """Every filesystem right the kernel's Landlock ABI ``abi`` knows (each one is then denied unless a rule grants it)."""
    rights = (1 << 13) - 1
    if abi >= 2:
        rights |= REFER
    if abi >= 3:
        rights |= TRUNCATE
    if abi >= 5:
        rights |= IOCTL_DEV
    return rights


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def readable_roots(denied: Sequence[str]) -> list[str]:
    """Paths whose trees together hold every file except those in ``denied`` (absolute, resolved paths).

    Landlock grants, never denies: "everything but these folders" is a rule for each entry of ``/`` except the
    one leading to a denied folder, then each entry of that one, and so on down to the folder. An entry that is a
    symbolic link is skipped when it leads into a denied folder or to one of its ancestors."""
    tree: dict[str, Any] = {}  # the denied paths as a trie of their parts; None: this whole entry is denied
    for path in denied:
        parts = [p for p in path.split("/") if p]
        if not parts:
            return []
        node = tree
        for part in parts[:-1]:
            inner = node.setdefault(part, {})
            if inner is None:
                break  # an ancestor is denied already
            node = inner
        else:
            node[parts[-1]] = None
    roots: list[str] = []

    def walk(folder: str, node: dict[str, Any]) -> None:
        try:
            names = os.listdir(folder)
        except OSError:
            return  # a folder we cannot list: its other entries stay out of reach too
        for name in names:
            path = os.path.join(folder, name)
            if name not in node:
                real = os.path.realpath(path)
                if not any(_inside(real, d) or _inside(d, real) for d in denied):
                    roots.append(path)
            elif node[name] is not None:
                walk(path, node[name])

    walk("/", tree)
    return roots


def restrict(denied: Sequence[str], scratch: str | None, abi: int) -> None:
    """Put this process (and what it starts) in a Landlock sandbox: read and run all but ``denied``, write only in
    ``scratch`` and ``/dev/null``, signal no process outside (ABI 6+). Raises OSError when the kernel refuses."""
    handled = handled_rights(abi)
    scoped = SCOPE_SIGNAL if abi >= 6 else 0
    attr = struct.pack("=QQQ", handled, 0, scoped) if scoped else struct.pack("=Q", handled)
    buffer = ctypes.create_string_buffer(attr, len(attr))
    ruleset = _syscall(SYS_LANDLOCK_CREATE_RULESET, buffer, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0))
    try:
        read = (EXECUTE | READ_FILE | READ_DIR | IOCTL_DEV) & handled
        rules: list[tuple[str, int]] = [(root, read) for root in readable_roots(denied)]
        rules.append(("/dev/null", read | WRITE_FILE | TRUNCATE))
        if scratch is not None:
            rules.append((scratch, handled))
        for path, rights in rules:
            _allow(ruleset, path, rights & handled)
        _prctl(PR_SET_NO_NEW_PRIVS, 1)
        _syscall(SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0))
    finally:
        os.close(ruleset)


def _allow(ruleset: int, path: str, rights: int) -> None:
    """A rule granting ``rights`` beneath ``path`` (a file gets only the rights a file can have)."""
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # gone since it was listed, or a dangling link: nothing to reach
    try:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):
            rights &= FILE_RIGHTS
        attr = struct.pack("=Qi", rights, fd)
        buffer = ctypes.create_string_buffer(attr, len(attr))
        try:
            _syscall(SYS_LANDLOCK_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH),
                     buffer, ctypes.c_uint32(0))
        except OSError as exc:
            if exc.errno != errno.EBADFD:  # a file system Landlock cannot restrict (e.g. nsfs): skip it
                raise
    finally:
        os.close(fd)


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


def _start(argv: Sequence[str], denied: Sequence[str], scratch: str | None, landlock: bool,
           keep_out: Iterable[int]) -> tuple[int, str | None]:
    """Fork and exec the bot: (its pid, None), or (0, "exec|sandbox ERRNO") if it could not start."""
    abi = landlock_abi() if landlock else 0
    if landlock and abi == 0:
        return 0, f"sandbox {errno.ENOSYS}"
    report_r, report_w = os.pipe()  # close-on-exec: the child writes on it only if it cannot exec
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the bot-to-be
        stage = "sandbox"
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
            if landlock:
                restrict(denied, scratch, abi)
            stage = "exec"
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
    status_fd, denied, scratch, landlock = -1, [], None, False
    args = list(argv)
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--status":
            status_fd = int(args.pop(0))
        elif option == "--deny":
            denied.append(os.path.realpath(args.pop(0)))
        elif option == "--scratch":
            scratch = args.pop(0)
        elif option == "--landlock":
            landlock = True
        else:
            print(f"supervisor: unknown option {option}", file=sys.stderr)
            return 2
    command = args[1:]
    if status_fd < 0 or not command:
        print("usage: supervisor.py --status FD [--landlock] [--deny PATH]... [--scratch DIR] -- PROGRAM ARGS",
              file=sys.stderr)
        return 2
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.set_wakeup_fd(wake_w)
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, _on_signal)  # each also writes to wake_w, which wakes the loop below
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)

    pid, failure = _start(command, denied, scratch, landlock, (status_fd, wake_r, wake_w))
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
