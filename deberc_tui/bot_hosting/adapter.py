"""``python -m deberc_tui.bot_hosting.adapter NAME``: an installed plug-in bot, served over the line protocol.

The table never imports a plug-in: it starts this adapter in a process of its own, which loads the
``deberc.bots`` entry point ``NAME``, makes the bot (``factory(seed=..., style=...)``) and answers the
table's messages by calling it with a :class:`~deberc_tui.engine.SeatView` rebuilt from the message.
So the plug-in keeps its Python interface and still sees nothing but its seat.

Whatever the plug-in does goes no further than an ``error`` answer: an exception, or an answer that
is not an action, is reported to the table, which plays a safe action. Anything the plug-in prints
goes to stderr, so it cannot corrupt the protocol on stdout.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from importlib import metadata
from typing import IO, Any

from deberc_tui.engine import parse_action

from .protocol import ACTION_TYPES, PROTOCOL_VERSION, Message, encode, view_from_message
from .registry import ENTRY_POINT_GROUP


def _why(exc: BaseException) -> str:
    try:
        return f"{exc.__class__.__name__}: {exc}"[:300]
    except Exception:  # noqa: BLE001 - an exception whose str() fails still has a class
        return exc.__class__.__name__


def _notation(answer: object) -> dict[str, Any] | None:
    if answer is None:
        return None
    if type(answer) not in ACTION_TYPES:
        raise TypeError(f"answered a {type(answer).__name__}, not an action")
    return parse_action(answer.notation()).notation()  # type: ignore[attr-defined]  # an action, checked above


def serve(factory: Callable[..., Any], name: str, lines: Iterable[bytes], out: IO[bytes]) -> None:
    """Answer the protocol's messages from ``lines`` on ``out`` until ``quit`` or the end of input."""
    bot: Any = None
    style = "normal"
    for raw in lines:
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(msg, dict):
            continue
        kind, request_id = msg.get("type"), msg.get("id")
        reply: Message = {"id": request_id}
        try:
            if kind == "quit":
                return
            if kind == "hello":
                style = str(msg.get("style") or "normal")
                bot = factory(seed=msg.get("seed"), style=style)
                reply["name"] = str(getattr(bot, "name", "") or name)
                reply["protocol"] = PROTOCOL_VERSION
                reply["description"] = str(getattr(bot, "description", "") or "")
            elif kind == "new_game":
                bot = factory(seed=msg.get("seed"), style=style)
                continue
            elif kind == "choose":
                legal = [parse_action(a) for a in msg["legal"]]
                view = view_from_message(msg["view"], legal)
                reply["action"] = _notation(bot.choose(view, list(legal), msg.get("budget")))
            elif kind == "optional":
                options = [parse_action(a) for a in msg["options"]]
                view = view_from_message(msg["view"])
                fn = getattr(bot, "optional", None)
                reply["action"] = _notation(fn(view, list(options))) if fn is not None else None
            else:
                continue  # unknown message types are for newer bots
        except Exception as exc:  # noqa: BLE001 - the plug-in's failure is the table's to report
            reply = {"id": request_id, "error": _why(exc)}
        out.write(encode(reply))
        out.flush()


def load(name: str) -> Callable[..., Any]:
    """The factory of entry point ``name`` in the ``deberc.bots`` group (raises LookupError if absent)."""
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            factory: Callable[..., Any] = ep.load()
            return factory
    raise LookupError(f"no plug-in bot {name!r} is installed (entry point group {ENTRY_POINT_GROUP})")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m deberc_tui.bot_hosting.adapter ENTRY_POINT_NAME", file=sys.stderr)
        return 2
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    sys.stdout = sys.stderr  # a plug-in's print() must not reach the protocol
    try:
        factory = load(argv[0])
    except BaseException as exc:  # noqa: BLE001 - an import that fails, or even exits, is reported
        print(f"cannot load plug-in {argv[0]!r}: {_why(exc)}", file=sys.stderr)
        return 1
    serve(factory, argv[0], sys.stdin.buffer, protocol_out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
