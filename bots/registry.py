"""Bots by name: the built-ins plus third-party bots installed as entry points (group ``deberc.bots``).

A plug-in package declares, e.g. in its ``pyproject.toml``::

    [project.entry-points."deberc.bots"]
    mybot = "mypackage.mybot:MyBot"

The entry point loads a class (or factory) called as ``factory(seed=..., style=...)``; its
``description`` attribute (or first docstring line) is the one line ``deberc bots`` shows.
"""

from __future__ import annotations

from importlib import metadata
from typing import Protocol

from deberc_tui.text.i18n import _

from .base import STYLES, Bot

ENTRY_POINT_GROUP = "deberc.bots"


class BotFactory(Protocol):
    """What an entry point loads: a bot class, or any callable making a bot from a seed and a style."""

    def __call__(self, *, seed: int | None, style: str) -> Bot: ...


def _builtins() -> dict[str, BotFactory]:
    from .expert import ExpertBot
    from .heuristic import HeuristicBot
    from .simple import NoviceBot, RandomBot

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
        try:
            out[name] = _describe(ep.load())
        except Exception as exc:  # a plug-in that fails to load is listed, not fatal
            out[name] = _("(failed to load: {error})").format(error=f"{exc.__class__.__name__}: {exc}")
    return out


def make_bot(name: str, seed: int | None = None, style: str = "normal") -> Bot:
    """A new bot by name; raises ``ValueError`` (one line, naming the choices) for an unknown name or style."""
    if style not in STYLES:
        raise ValueError(_("unknown bot style {style!r} (one of: {styles})").format(style=style, styles=", ".join(STYLES)))
    builtins = _builtins()
    factory: BotFactory | None = builtins.get(name)
    if factory is None:
        ep = _entry_points().get(name)
        if ep is not None:
            factory = ep.load()
    if factory is None:
        names = list(builtins) + [n for n in _entry_points() if n not in builtins]
        raise ValueError(_("unknown bot {name!r} (one of: {names})").format(name=name, names=", ".join(names)))
    bot: Bot = factory(seed=seed, style=style)
    if not getattr(bot, "name", None):
        bot.name = name
    return bot
