"""A protocol bot for the tests, run as ``cmd:python3 tests/plugins/deep_bot.py WHERE``: it answers with a line of
JSON nested 200,000 deep (400 KB, within the protocol's 1 MiB) — in its hello (``WHERE`` = ``hello``) or in every
answer to a decision (``choose``) — and otherwise plays the first legal action."""

import json
import sys

DEEP = "[" * 200_000 + "]" * 200_000

where = sys.argv[1]
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        if where == "hello":
            print(DEEP, flush=True)
        else:
            print(json.dumps({"id": msg["id"], "name": "deep"}), flush=True)
    elif msg["type"] in ("choose", "optional"):
        if where == "choose":
            print(DEEP, flush=True)
        else:
            offered = msg.get("legal") or msg.get("options")
            print(json.dumps({"id": msg["id"], "action": offered[0]}), flush=True)
