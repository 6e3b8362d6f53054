"""Bots by name: the built-ins, third-party bots installed as entry points (group ``deberc.bots``),
and command bots (``cmd:PROGRAM ARGS``) that speak the line protocol (``docs/PROTOCOL.md``).

A plug-in package declares, e.g. in its ``pyproject.toml``::

    [project.entry-points."deberc.bots"]
    mybot = "mypackage.mybot:MyBot"

The entry point names a class (or factory) called as ``factory(seed=..., style=...)``. It is never
imported into the table's process: :func:`make_bot` starts ``python -m deberc_tui.bot_hosting.adapter mybot``, which
loads it in a process of its own and relays the protocol. Only the built-ins run in-process.
"""

from __future__ import annotations

import shlex
from importlib import metadata
from typing import Protocol

from bots.base import STYLES, Bot
from deberc_tui.text.i18n import _

from .process import ProcessBot, python_command

ENTRY_POINT_GROUP = "deberc.bots"
COMMAND_PREFIX = "cmd:"
"""``cmd:python3 examples/random_bot.py``: a program (no shell; quote arguments as a shell would)."""


class BotFactory(Protocol):
    """What an entry point loads: a bot class, or any callable making a bot from a seed and a style."""

    def __call__(self, *, seed: int | None, style: str) -> Bot: ...


def _builtins() -> dict[str, BotFactory]:
    from bots.expert import ExpertBot
    from bots.heuristic import HeuristicBot
    from bots.simple import NoviceBot, RandomBot

    return {"random": RandomBot, "novice": NoviceBot, "heuristic": HeuristicBot, "expert": ExpertBot}


def _entry_points() -> dict[str, metadata.EntryPoint]:
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - a broken environment must not break the game
        return {}
    return {ep.name: ep for ep in eps}


def _describe(factory: object) -> str:
    text = getattr(factory, "description", "") or (factory.__doc__ or "").strip().splitlines()[0:1]
    if isinstance(text, list):
        text = text[0] if text else ""
    return _(str(text)) if text else _("(no description)")


def available() -> dict[str, str]:
    """Every bot by name with a one-line description: the built-ins first, then plug-ins."""
    out = {name: _describe(f) for name, f in _builtins().items()}
    for name, ep in _entry_points().items():
        if name in out:
            continue
        # Never imported here (that would run its code in this process): named from its metadata.
        out[name] = _("plug-in {target} (runs in its own process)").format(target=ep.value)
    return out


def is_process_bot(name: str) -> bool:
    """Whether ``name`` is played by another process: a ``cmd:`` bot or an installed plug-in."""
    return name.startswith(COMMAND_PREFIX) or (name not in _builtins() and name in _entry_points())


def command_of(spec: str) -> list[str]:
    """The program and arguments of a ``cmd:`` bot; ValueError (one line) if there are none."""
    try:
        words = shlex.split(spec[len(COMMAND_PREFIX):])
    except ValueError as exc:
        raise ValueError(_("bad bot command {spec!r}: {error}").format(spec=spec, error=exc)) from None
    if not words:
        raise ValueError(_("{spec!r} names no command (e.g. cmd:python3 examples/random_bot.py)").format(spec=spec))
    return words


def plugin_command(name: str) -> list[str]:
    """How an installed plug-in is started: this interpreter running the adapter for its entry point."""
    return python_command("-m", "deberc_tui.bot_hosting.adapter", name)


def make_bot(name: str, seed: int | None = None, style: str = "normal") -> Bot:
    """A new bot by name; raises ``ValueError`` (one line, naming the choices) for an unknown name or style.

    A ``cmd:`` bot or a plug-in is a :class:`~deberc_tui.bot_hosting.process.ProcessBot`, started here: one that cannot
    start (a missing program, a plug-in that fails to import) raises ``BotUnavailable``, a ValueError."""
    if style not in STYLES:
        raise ValueError(_("unknown bot style {style!r} (one of: {styles})").format(style=style, styles=", ".join(STYLES)))
    if name.startswith(COMMAND_PREFIX):
        return ProcessBot(command_of(name), label=name, seed=seed, style=style)
    builtins = _builtins()
    factory: BotFactory | None = builtins.get(name)
    if factory is None and name in _entry_points():
        return ProcessBot(plugin_command(name), label=name, seed=seed, style=style)
    if factory is None:
        names = list(builtins) + [n for n in _entry_points() if n not in builtins]
        raise ValueError(_("unknown bot {name!r} (one of: {names})").format(name=name, names=", ".join(names)))
    bot: Bot = factory(seed=seed, style=style)
    if not getattr(bot, "name", None):
        bot.name = name
    return bot
