"""Plug-in bots that misbehave on purpose, installed for the tests through a ``deberc.bots`` entry point.

Each is what an adversary (or a careless author) might write: they raise, answer garbage, lie with
``__eq__``, change their arguments, sleep, spin, or hunt for the deal in memory. The table starts them
through ``python -m deberc_tui.bot_hosting.adapter NAME``, so this module must never be imported by the table's process.
"""

from __future__ import annotations

import gc
import inspect
import json
import os
import tempfile
import time
from typing import Any


class _Base:
    name = "evil"

    def __init__(self, seed: int | None = None, style: str = "normal") -> None:
        self.seed = seed

    def optional(self, view: Any, options: Any) -> Any:
        return None


class Raiser(_Base):
    name = "raiser"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        raise RuntimeError("boom")


class Garbage(_Base):
    name = "garbage"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        return "nonsense"


class _AlwaysEqual:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


class AlwaysEqual(_Base):
    name = "always-equal"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        return _AlwaysEqual()


class _RaisingEq:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__


class RaisingEq(_Base):
    name = "raising-eq"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        return _RaisingEq()


class Mutator(_Base):
    """Empties the list it was given, forces the rules' target to 1, then raises."""

    name = "mutator"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        legal.clear()
        object.__setattr__(view.rules, "target", 1)
        object.__setattr__(view, "hand", ())
        raise RuntimeError("after mutating")

    def optional(self, view: Any, options: Any) -> Any:
        options.clear()
        object.__setattr__(view.rules, "target", 1)
        raise RuntimeError("after mutating")


class Sleeper(_Base):
    name = "sleeper"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        time.sleep(10)
        return legal[0]


class OptionalSleeper(_Base):
    name = "optional-sleeper"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        return legal[0]

    def optional(self, view: Any, options: Any) -> Any:
        time.sleep(10)
        return options[0]


class Busy(_Base):
    name = "busy"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        while True:
            pass


class Snoop(_Base):
    """Looks for the deal and the game in memory and on the stack. What it finds it gives up with (the table says
    so); each search is also written to ``snoop.jsonl`` in its temporary folder, the one folder a bot may write."""

    name = "snoop"

    def choose(self, view: Any, legal: Any, budget: Any = None) -> Any:
        found = sorted({type(o).__name__ for o in gc.get_objects() if type(o).__name__ in ("Deal", "Game", "Table")})
        frames = sorted({name for frame in inspect.stack() for name, value in frame.frame.f_locals.items()
                         if type(value).__name__ in ("Deal", "Game", "Table")})
        with open(os.path.join(tempfile.gettempdir(), "snoop.jsonl"), "a", encoding="utf-8") as out:
            out.write(json.dumps({"objects": found, "frames": frames, "pid": os.getpid()}) + "\n")
        if found or frames:
            raise RuntimeError(f"found {found} {frames}")
        return legal[0]
