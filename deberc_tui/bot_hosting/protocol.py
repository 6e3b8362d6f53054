"""The bot protocol's messages: a seat's view and its actions as JSON, in RECORD.md notation.

A bot that runs in its own process (a command given with ``cmd:`` or an installed plug-in) learns
about the game only from these messages, so what they hold is exactly what the seat may see: this
module builds them from a :class:`~deberc_tui.engine.SeatView` (never from the deal) and reads them
back into one for plug-ins written against the Python interface (``deberc_tui/bot_hosting/adapter.py``). The wire
format itself — the message types, ids and answers — is described in ``docs/PROTOCOL.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, Final, get_args

from deberc_tui.engine import Action, Card, Rules, SeatView, parse_action
from deberc_tui.untrusted import parse_json

PROTOCOL_VERSION: Final = 1
MAX_LINE: Final = 1 << 20
"""The longest line either side may send (1 MiB); a longer one is a protocol error."""

Message = dict[str, Any]


ACTION_TYPES: Final[tuple[type, ...]] = get_args(Action)
"""Every kind of action the engine has (the members of the ``Action`` union)."""


def notation_key(action: Action) -> str:
    """A canonical text for an action's notation, to compare actions without trusting ``==``."""
    return json.dumps(action.notation(), sort_keys=True)


def encode_value(value: object) -> Any:
    """An engine value as JSON: cards as ``QH``, enum members as their RECORD.md words, actions as their
    notation, the rules as RECORD.md's ``rules`` object, tuples as lists, the view's own records (tricks,
    announcements, score-sheet rows, ...) as objects of their fields."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is Card:
        return value.notation  # type: ignore[attr-defined]  # a Card, checked above
    if isinstance(value, Enum):
        return value.value
    if kind in ACTION_TYPES:
        return value.notation()  # type: ignore[attr-defined]  # an action, checked above
    if isinstance(value, Rules):
        return value.to_dict()
    if kind is tuple or kind is list:
        return [encode_value(v) for v in value]  # type: ignore[attr-defined]  # a sequence, checked above
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"the protocol has no notation for a {kind.__name__}")


def view_to_message(view: SeatView) -> Message:
    """The seat's view as the protocol sends it: every field of :class:`SeatView` (and ``players``) by
    :func:`encode_value`, except ``legal``, which the ``choose`` message carries beside the view."""
    out: Message = {"players": view.rules.players}
    for f in dataclasses.fields(view):
        if f.name != "legal":
            out[f.name] = encode_value(getattr(view, f.name))
    return out


def choose_message(request_id: int, view: SeatView, legal: Sequence[Action], budget: float | None) -> Message:
    return {"type": "choose", "id": request_id, "budget": budget, "view": view_to_message(view),
            "legal": [a.notation() for a in legal]}


def optional_message(request_id: int, view: SeatView, options: Sequence[Action], budget: float | None) -> Message:
    return {"type": "optional", "id": request_id, "budget": budget, "view": view_to_message(view),
            "options": [a.notation() for a in options]}


def hello_message(request_id: int, seed: int | None, style: str) -> Message:
    return {"type": "hello", "id": request_id, "protocol": PROTOCOL_VERSION, "seed": seed, "style": style}


def decode_line(line: bytes) -> object:
    """One line a bot sent, as JSON values, read as deberc reads any file it did not write
    (:func:`deberc_tui.untrusted.parse_json`): nested at most :data:`~deberc_tui.untrusted.MAX_DEPTH` deep, whole
    numbers of at most 20 digits, no ``NaN``. Raises ``ValueError`` saying why in one line (a
    ``UnicodeDecodeError`` for bytes that are not UTF-8) — never ``RecursionError`` for a line of half a million
    ``[``, which Python's own JSON reader would raise (a line may be 1 MiB)."""
    return parse_json(line.decode("utf-8"))


def encode(message: Message) -> bytes:
    """One line of the protocol: compact JSON, UTF-8, ending in a newline."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


# -- reading a view back (the plug-in adapter's side) -------------------------------------------


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode_value(hint: Any, value: Any) -> Any:
    """The inverse of :func:`encode_value` for a value of type ``hint`` (raises ValueError if it does not fit)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if set(args) == set(ACTION_TYPES):
            return parse_action(value)
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise ValueError(f"cannot read {value!r} as {hint}")
        return decode_value(inner[0], value)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, not {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(args[0], v) for v in value)
        if len(args) != len(value):
            raise ValueError(f"expected {len(args)} items, not {value!r}")
        return tuple(decode_value(a, v) for a, v in zip(args, value, strict=True))
    if hint is Card:
        if not isinstance(value, str):
            raise ValueError(f"bad card {value!r}")
        return Card.parse(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    if hint in (int, str, bool, float):
        if type(value) is not hint and not (hint is float and type(value) is int):
            raise ValueError(f"expected {hint.__name__}, not {value!r}")
        return value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise ValueError(f"expected an object, not {value!r}")
        hints = _hints(hint)
        return hint(**{f.name: decode_value(hints[f.name], value[f.name])
                       for f in dataclasses.fields(hint) if f.name in value})
    raise ValueError(f"cannot read {value!r} as {hint}")


def view_from_message(msg: Mapping[str, Any], legal: Sequence[Action] = ()) -> SeatView:
    """Rebuild a :class:`SeatView` from :func:`view_to_message`'s object (raises ValueError/KeyError if bad).

    Fields the message lacks keep their defaults, so an older table's messages still read."""
    hints = _hints(SeatView)
    values: dict[str, Any] = {"legal": tuple(legal)}
    for f in dataclasses.fields(SeatView):
        if f.name == "legal" or f.name not in msg:
            continue
        if f.name == "rules":
            values["rules"] = Rules.from_dict(msg["rules"], players=decode_value(int, msg["players"]))
        else:
            values[f.name] = decode_value(hints[f.name], msg[f.name])
    return SeatView(**values)
