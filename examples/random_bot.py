"""A random bot for deberc's line protocol (docs/PROTOCOL.md): deberc --bots "cmd:python3 examples/random_bot.py"."""
import json
import random
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        reply = {"name": "random.py"}
    elif msg["type"] == "choose":
        reply = {"action": random.choice(msg["legal"])}
    elif msg["type"] == "optional":
        reply = {"action": None}
    else:
        continue  # new_game, and any message type this bot does not know
    print(json.dumps({"id": msg["id"], **reply}), flush=True)
