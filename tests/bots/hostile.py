"""A protocol bot that misbehaves at the process level, for the tests: ``cmd:python3 tests/bots/hostile.py MODE TAG [PATH...]``.

TAG is any word: it stays in the command line of the bot and of every child it forks (a fork keeps its
parent's command line), so a test finds each process the bot left behind by it. MODE says what it does:

* ``holder``: at hello forks a child that keeps the bot's pipes open and sleeps; exits at its first decision.
* ``setsid-holder``: the same, but the child first leaves the bot's session and process group (``setsid``).
* ``orphan``: at hello double-forks a child in a session of its own that closes every pipe and sleeps;
  the bot itself plays well and quits when asked.
* ``fork-exit``: forks a child holding the pipes at each decision, then exits (a new holder after each restart).
* ``flood``: after hello writes short lines on stdout as fast as it can, whatever it is asked.
* ``flood-stderr``: answers well, and writes on stderr as fast as it can.
* ``slow-restart``: at its first start answers hello and crashes at its first decision; every later start sleeps
  9 s before its hello (it knows it started before by a file named after TAG in its temporary folder).
* ``reader``: tries to read every PATH (a file or a folder: its listing and its files) and to write a file beside
  the first, at hello and at each decision; tells what it got as JSON (``{"read": [...], "wrote": ...}``, see
  ``read_all``) in its hello's ``description`` and gives up each decision with it (so the table's log shows it).
* ``crash-once``: exits (code 5) at the first decision of its first start, then plays well (a file named after TAG
  in its temporary folder says it started before).
* ``kill-supervisor``: at hello forks a child in a session of its own holding nothing, then kills its own parent.

Otherwise it plays the first legal action.
"""

import json
import os
import sys
import tempfile
import threading
import time

mode = sys.argv[1]


def hold(new_session: bool) -> None:
    """Fork a child that keeps stdin, stdout and stderr open and sleeps."""
    if os.fork() == 0:
        if new_session:
            os.setsid()
        time.sleep(600)
        os._exit(0)


def orphan() -> None:
    """Double-fork a child in a session of its own that holds no pipe of the bot's and sleeps."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            for fd in range(3):
                os.close(fd)
            time.sleep(600)
        os._exit(0)
    os.wait()


def flood(stream: int) -> None:
    line = b"x" * 80 + b"\n"
    chunk = line * 800
    while True:
        os.write(stream, chunk)


def read_all(paths: list[str]) -> dict[str, object]:
    """Read every path: for each, "denied", the error's name, "listed N" for a folder (then each of its files),
    "deck!" for a file holding a game's deck, else "N bytes"; then try to write beside the first path."""
    got: list[str] = []

    def read(path: str) -> None:
        with open(path, "rb") as f:
            content = f.read()
        got.append("deck!" if b'"deck"' in content else f"{len(content)} bytes")

    for path in paths:
        try:
            if os.path.isdir(path):
                names = os.listdir(path)
                got.append(f"listed {len(names)}")
                for name in names:
                    if os.path.isfile(os.path.join(path, name)):
                        read(os.path.join(path, name))
            else:
                read(path)
        except OSError as exc:
            got.append(said(exc))
    try:
        with open(os.path.join(os.path.dirname(paths[0]), "written-by-bot"), "w") as f:
            f.write("x")
        wrote = "yes"
    except OSError as exc:
        wrote = said(exc)
    return {"read": got, "wrote": wrote}


def said(exc: OSError) -> str:
    return "denied" if isinstance(exc, PermissionError) else type(exc).__name__


def answer(msg: dict, **fields: object) -> None:
    print(json.dumps({"id": msg["id"], **fields}), flush=True)


for line in sys.stdin:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "quit":
        break
    if kind == "hello":
        description = ""
        if mode in ("holder", "setsid-holder"):
            hold(new_session=mode == "setsid-holder")
        elif mode == "orphan":
            orphan()
        elif mode in ("slow-restart", "crash-once"):
            marker = os.path.join(tempfile.gettempdir(), f"{sys.argv[2]}.started")
            restarted = os.path.exists(marker)
            if restarted and mode == "slow-restart":
                time.sleep(9)
            with open(marker, "w") as f:
                f.write("started")
        elif mode == "reader":
            description = json.dumps(read_all(sys.argv[3:]))
        elif mode == "kill-supervisor":
            orphan()
            try:
                os.kill(os.getppid(), 9)
                description = "killed"
            except OSError as exc:
                description = type(exc).__name__
        answer(msg, name=f"hostile-{mode}", description=description)
        if mode == "flood":
            flood(1)
        if mode == "flood-stderr":
            threading.Thread(target=flood, args=(2,), daemon=True).start()
        continue
    if kind not in ("choose", "optional"):
        continue
    if mode in ("holder", "setsid-holder", "slow-restart"):
        sys.exit(3)
    if mode == "crash-once" and not restarted:
        sys.exit(5)
    if mode == "fork-exit":
        hold(new_session=True)
        sys.exit(4)
    if mode == "reader":
        answer(msg, error=json.dumps(read_all(sys.argv[3:])))
        continue
    offered = msg.get("legal") or msg.get("options")
    answer(msg, action=offered[0] if kind == "choose" else None)
