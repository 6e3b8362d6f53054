"""The decorator of the engine's many-made frozen values: events, a seat's view, a deal's points and its sheet row."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

__all__ = ["event"]

_E = TypeVar("_E")


@dataclass_transform(frozen_default=True)
def event(cls: type[_E]) -> type[_E]:
    """An event class: a frozen, slotted dataclass whose ``__init__`` fills the slots through their descriptors.

    A deal makes an event for every card and trick, and a frozen dataclass's own ``__init__`` goes through
    ``object.__setattr__`` once per field: about half the cost of making an event, which every table, arena and
    play-out pays. The value is the same frozen dataclass (equality, hashing, repr, immutability; ``__post_init__``
    runs as ever). Also the seat's view (:class:`~deberc_tui.engine.view.SeatView`, made at every decision) and a
    deal's points and its row on the sheet (:mod:`~deberc_tui.engine.scoring`, made at every deal's end)."""
    made: Any = dataclasses.dataclass(frozen=True, slots=True)(cls)
    params: list[str] = []
    body: list[str] = []
    scope: dict[str, Any] = {}
    for i, f in enumerate(dataclasses.fields(made)):
        if f.default_factory is not dataclasses.MISSING:  # pragma: no cover - no event has one
            return made  # type: ignore[no-any-return]
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        scope[f"_set{i}"] = made.__dict__[f.name].__set__
        body.append(f"_set{i}(self, {f.name})")
    if hasattr(made, "__post_init__"):  # (a deal's points and its row check their outcome)
        body.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"])
    exec(source, scope)  # noqa: S102 - our own field names, read from the class itself
    init = scope["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    return made  # type: ignore[no-any-return]
