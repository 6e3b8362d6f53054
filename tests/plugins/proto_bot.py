"""A protocol bot for the tests, run as ``cmd:python3 tests/plugins/proto_bot.py MODE [LOG]``.

With LOG it writes every message it receives to the file LOG in its temporary folder (``TMPDIR``: the one
folder a bot may write in; the tests read it as ``ProcessBot.scratch``). MODE says how it misbehaves: ``spy`` (not at
all: it plays the first legal action), ``garbage`` (answers a line that is not JSON), ``wrong-id``, ``illegal`` (a card
it does not hold), ``silent`` (reads and never answers), ``crash`` (exits at its first decision),
``deaf`` (never reads its input after hello), ``flood`` (a line of 2 MiB without a newline).
"""

import json
import os
import sys
import tempfile

mode = sys.argv[1]
log = open(os.path.join(tempfile.gettempdir(), sys.argv[2]), "a", encoding="utf-8") if len(sys.argv) > 2 else None
for line in sys.stdin:
    if log is not None:
        log.write(line)
        log.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"id": msg["id"], "name": f"proto-{mode}"}), flush=True)
        if mode == "deaf":
            while True:
                pass
        continue
    if msg["type"] not in ("choose", "optional"):
        continue
    offered = msg.get("legal") or msg.get("options")
    if mode == "garbage":
        print("this is not json", flush=True)
    elif mode == "wrong-id":
        print(json.dumps({"id": msg["id"] + 100, "action": offered[0]}), flush=True)
    elif mode == "illegal":
        print(json.dumps({"id": msg["id"], "action": {"card": "7Z"}}), flush=True)
    elif mode == "crash":
        sys.exit(3)
    elif mode == "silent":
        continue
    elif mode == "flood":
        sys.stdout.write("x" * (2 << 20))
        sys.stdout.flush()
    else:  # spy
        answer = offered[0] if msg["type"] == "choose" else None
        print(json.dumps({"id": msg["id"], "action": answer}), flush=True)
