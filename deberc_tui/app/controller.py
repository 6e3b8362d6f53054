"""The table's game logic without any widget: seats, bots, dealing, applying actions, undo, saving.

The screens ask a :class:`Table` what to show and hand it the actions people choose; it applies
them through the engine (which refuses illegal ones with a reason), keeps the record of the game
and autosaves it after every action.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deberc_tui.engine import (
    Action,
    Card,
    Game,
    Rules,
    SeatView,
    action_from_record,
    action_to_record,
    shuffled_deck,
)
from deberc_tui.engine.events import Event
from deberc_tui.text.i18n import N_, _, translate_error
from deberc_tui.text.words import bot as bot_word

BOT_LEVELS: dict[str, str] = {
    "random": "plays any legal card",
    "novice": "follows simple habits",
    "heuristic": "counts points and trumps",
    "expert": "searches the unseen cards",
}
AUTOSAVE = "autosave.json"


class TableError(Exception):
    """A game that cannot be set up or loaded; the message is one line for the user."""


def bot_levels() -> dict[str, str]:
    """Bot names and descriptions from the bots registry (a fixed list if it is not installed)."""
    try:
        from deberc_tui.bot_hosting import registry

        return dict(registry.available())
    except Exception:  # noqa: BLE001 - the registry is optional while developing
        return dict(BOT_LEVELS)


class _FirstLegal:
    """A bot that takes the first legal action (deterministic tests and snapshots)."""

    name = "first-legal"

    def choose(self, view: SeatView, legal: Sequence[Action], budget: float | None = None) -> Action:
        return legal[0]

    def optional(self, view: SeatView, options: Sequence[Action]) -> Action | None:
        return None


def make_bot(name: str, seed: int | None = None) -> Any:
    """A bot by name (``name``, ``name:style`` or ``cmd:PROGRAM ARGS``); raises ValueError (one line) for an
    unknown one or one that cannot start."""
    from deberc_tui.bot_hosting import registry

    if name.startswith(registry.COMMAND_PREFIX):
        return registry.make_bot(name, seed=seed)
    level, _sep, style = name.partition(":")
    if style:
        return registry.make_bot(level, seed=seed, style=style)
    return registry.make_bot(name, seed=seed)


DEFAULT_BOT = "heuristic"


def make_bot_or_default(name: str, seed: int | None = None, commands: bool = True) -> tuple[Any, str | None]:
    """``make_bot(name)``, or the default bot when ``name`` cannot be made (with the reason, one line).

    ``commands=False`` never starts a ``cmd:`` bot: a game record names the command it was played with,
    and opening someone's record must not run a program it names."""
    from deberc_tui.bot_hosting.registry import COMMAND_PREFIX

    if not commands and name.startswith(COMMAND_PREFIX):
        return make_bot(DEFAULT_BOT, seed), _("a command bot is not started from a saved game")
    try:
        return make_bot(name, seed), None
    except Exception as exc:  # noqa: BLE001 - an uninstalled or broken plug-in must not stop the game
        reason = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        return make_bot(DEFAULT_BOT, seed), reason


BOT_BUDGET = 2.0
"""Seconds a bot at the table may think (plus :func:`deberc_tui.bot_hosting.runner.grace`), then a safe action is played."""


def bot_choose(bot: Any, view: SeatView, budget: float | None = BOT_BUDGET) -> tuple[Action, str | None]:
    """Ask a bot for its action, never raising and never waiting past the budget: a failing bot plays a
    safe legal action (:func:`deberc_tui.bot_hosting.runner.safe_choose`; the bot only ever gets copies)."""
    from deberc_tui.bot_hosting import runner

    try:
        return runner.safe_choose(bot, view, view.legal, budget)
    except Exception as exc:  # noqa: BLE001 - the runner itself failing must not stop the game either
        return runner.fallback_action(view.legal), _("bot failed: {error}").format(error=exc.__class__.__name__)


def bot_optional(bot: Any, view: SeatView, options: Sequence[Action]) -> Action | None:
    """A bot's out-of-turn action, or None: bounded by :data:`deberc_tui.bot_hosting.runner.OPTIONAL_BUDGET`, never raising."""
    from deberc_tui.bot_hosting import runner

    try:
        return runner.safe_optional(bot, view, tuple(options))
    except Exception:  # noqa: BLE001
        return None


def default_players(n: int = 2, bots: Sequence[str] = (), names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Seat 0 a human, the others bots (``bots`` lists their levels, default heuristic)."""
    default_names = [_(n) for n in (N_("You"), N_("Boris"), N_("Clara"), N_("Dmitri"))]
    out: list[dict[str, Any]] = [{"name": names[0] if names else default_names[0], "kind": "human"}]
    for i in range(1, n):
        level = bots[i - 1] if i - 1 < len(bots) else (bots[-1] if bots else "heuristic")
        name = names[i] if i < len(names) else default_names[i]
        if level == "human":
            out.append({"name": name, "kind": "human"})
        else:
            out.append({"name": name, "kind": "bot", "bot": level})
    return out


@dataclass
class DealSnapshot:
    """What a deal looked like when play began, for revealing all hands afterwards."""

    hands: dict[int, list[Card]] = field(default_factory=dict)


class Table:
    """One game at the table: the engine's :class:`Game` plus who sits where."""

    def __init__(
        self, rules: Rules, players: list[dict[str, Any]], first_dealer: int | None = None,
        seed: int | None = None, save_path: Path | None = None, game: Game | None = None,
    ) -> None:
        if len(players) != rules.players:
            raise TableError(_("{n} players need {n} seats, not {seats}").format(n=rules.players, seats=len(players)))
        self.rules = rules
        self.players = players
        self.rng = random.Random(seed)
        if first_dealer is None:
            first_dealer = self.rng.randrange(rules.players)
        self.game = game if game is not None else Game(rules, first_dealer, seed)
        self.save_path = save_path
        self.mirror_path: Path | None = None  # a second copy (the old single autosave file), if set
        self.bots: dict[int, Any] = {}
        self.warnings: list[str] = []  # one line each, for the user: bots that could not be made
        for seat, p in enumerate(players):
            if p.get("kind") == "bot":
                wanted = str(p.get("bot") or DEFAULT_BOT)
                # A loaded game (``game`` given) comes from a record, which must not start programs.
                bot, failure = make_bot_or_default(wanted, None if seed is None else seed + seat,
                                                   commands=game is None)
                self.bots[seat] = bot
                if failure is not None:
                    self.warnings.append(_(
                        "Seat {n} ({name}): bot {bot!r} is not available ({reason}); a {default} bot plays "
                        "instead").format(n=seat + 1, name=p.get("name") or seat + 1, bot=wanted, reason=failure,
                                          default=bot_word(DEFAULT_BOT)))
        self._saved: tuple[int, int] | None = None  # (deals, actions in the last deal) when last written
        self.save_failure: str | None = None  # why the last autosave failed (None: the game is on disk)
        self.save_news: list[str] = []  # lines for the player about saving, shown at once (take_save_news)
        self.asked: set[tuple[int, int, int]] = set()  # (deal, seat, log length) optional actions offered
        self.started = time.time()
        self.finished_recorded = False

    # -- seats ---------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [str(p.get("name") or _("Seat {n}").format(n=i + 1)) for i, p in enumerate(self.players)]

    @property
    def humans(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p.get("kind") != "bot"]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def close_bots(self) -> None:
        """Stop the bots that run in their own processes (also done when the table is dropped, or at exit)."""
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if callable(close):
                try:
                    close()
                except Exception:  # noqa: BLE001 - stopping a bot must not stop the program
                    pass

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.rules.side_seats(side))

    # -- dealing and acting --------------------------------------------------------------------

    def start_deal(self) -> None:
        self.game.start_deal(shuffled_deck(self.rng))
        self.autosave()

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply through the engine (raises IllegalActionError with the reason); return the new events."""
        deal = self.game.deal
        assert deal is not None
        before = len(deal.events)
        self.game.apply(seat, action)
        self.autosave()
        return deal.events[before:]

    def pending_bot_options(self) -> list[tuple[int, list[Action]]]:
        """Bot seats that may swap the seven, demand a redeal or announce klabor now (asked once per state)."""
        deal = self.game.deal
        if deal is None or deal.is_over:
            return []
        out = []
        for seat in self.bots:
            if seat == deal.to_act:
                continue
            key = (len(self.game.deals), seat, len(deal.log))
            if key in self.asked:
                continue
            options = deal.optional_actions(seat)
            if options:
                self.asked.add(key)
                out.append((seat, options))
        return out

    # -- undo ----------------------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """Index in the current deal's log of ``seat``'s last bid or card, if undo is allowed."""
        if self.hot_seat or not self.bots:
            return None
        deal = self.game.deal
        if deal is None or deal.is_over:
            return None
        for i in range(len(deal.log) - 1, -1, -1):
            if deal.log[i][0] == seat:
                return i
        return None

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action in this deal (and the bots' replies): rebuild from the record."""
        point = self.undo_point(seat)
        if point is None:
            return False
        doc = self.record()
        doc["deals"][-1]["actions"] = doc["deals"][-1]["actions"][:point]
        self.game = _replay(doc)
        self.asked.clear()
        self.autosave()
        return True

    # -- records -------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        try:
            from deberc_tui import records

            return records.record_from_game(self.game, self.players)
        except ImportError:
            return _record(self.game, self.players)

    def progress(self) -> tuple[int, int]:
        """(deals started, actions in the last deal): changes with every action, undo included."""
        deal = self.game.deal
        return (len(self.game.deals), len(deal.log) if deal is not None else 0)

    def autosave(self) -> None:
        """Write the record to ``save_path`` (and ``mirror_path``) if the game changed since the last write.

        A game that was only opened (``--load``, a finished game) is not copied again.
        """
        if self.save_path is None or (self._saved is not None and self._saved == self.progress()):
            return
        from deberc_tui.storage import atomic_write

        text = json.dumps(self.record(), ensure_ascii=False, indent=1)
        try:
            atomic_write(self.save_path, text)
            if self.mirror_path is not None:
                atomic_write(self.mirror_path, text)
        except OSError as exc:  # a full disk must not stop the game: told at once, tried again after each action
            reason = exc.strerror or str(exc) or exc.__class__.__name__
            if self.save_failure is None:
                self.save_news.append(_("The game could not be saved ({reason}): it will be tried again after "
                                        "every move").format(reason=reason))
            self.save_failure = reason
            return
        if self.save_failure is not None:
            self.save_news.append(_("The game is saved again."))
            self.save_failure = None
        self._saved = self.progress()

    def take_save_news(self) -> list[str]:
        """What the player should be told about saving since last asked (a save failed, or works again)."""
        news, self.save_news = self.save_news, []
        return news

    def mark_saved(self) -> None:
        """The game as it is now is already on disk (just loaded): autosave writes only after a change."""
        self._saved = self.progress()

    def history_lines(self) -> list[str]:
        """The story of the game so far, one line per event that matters (for the log of a resumed game).

        Each deal as ``deberc replay`` tells it (``sheet_text.deal_story``), then the running score.
        """
        from deberc_tui.text.sheet_text import deal_story

        rows = self.game.sheet()
        sides = [self.side_name(side) for side in range(self.rules.sides)]
        out: list[str] = []
        for deal, row in zip(self.game.deals, rows, strict=False):
            out.extend(deal_story(deal, row, self.names, sides))
        if self.game.deals:
            out.append(_("Score: {score}").format(
                score=", ".join(f"{sides[s]} {t}" for s, t in enumerate(self.game.totals))))
        return out

    @classmethod
    def from_record(cls, source: str | Path, save_path: Path | None = None, seed: int | None = None) -> Table:
        """Load a RECORD.md document (path or text) and rebuild the game by replaying every action."""
        from deberc_tui.storage import RECORD_LIMIT
        from deberc_tui.untrusted import InputError, parse_json, read_text

        try:  # bounded in size, nesting, numbers and Unicode before anything looks inside (deberc_tui.untrusted)
            doc = parse_json(read_text(source, RECORD_LIMIT) if isinstance(source, Path) else source)
        except OSError as exc:
            raise TableError(_("cannot read {path}: {error}").format(path=source, error=exc.strerror or exc)) from None
        except InputError as exc:
            raise TableError(translate_error(exc)) from None
        try:
            from deberc_tui import records
        except ImportError:
            records = None  # type: ignore[assignment]
        if records is not None:
            try:
                rec = records.parse_record(doc)
                game = records.replay_record(rec)
            except records.RecordError as exc:
                raise TableError(translate_error(exc)) from None
            except Exception as exc:  # noqa: BLE001 - whatever is wrong with the file, one line, no traceback
                raise TableError(_("cannot load the record: {error}").format(error=exc)) from None
            players = [dict(p) for p in rec.players]
        else:
            try:
                game = _replay(doc)
                players = list(doc["players"])
            except Exception as exc:  # noqa: BLE001
                raise TableError(_("cannot load the record: {error}").format(error=exc)) from None
        table = cls(game.rules, players, game.first_dealer, seed, save_path, game=game)
        if isinstance(source, Path):
            table.warnings = [f"{source}: {w}" for w in table.warnings]
        table.mark_saved()  # opening a game writes nothing; the first action saves it to save_path
        return table

    # -- information ---------------------------------------------------------------------------

    def start_hands(self, deal_index: int = -1) -> dict[int, list[Card]]:
        """Each seat's cards when play began: played cards plus what is left (for 'reveal hands')."""
        deal = self.game.deals[deal_index]
        out: dict[int, list[Card]] = {s: deal.hand(s) for s in range(deal.n)}
        for t in deal.tricks:
            for s, c in t.cards:
                out[s].append(c)
        for s, c in deal.current_trick:
            out[s].append(c)
        return out


def _record(game: Game, players: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "deberc-record/1",
        "rules": game.rules.to_dict(),
        "players": players,
        "first_dealer": game.first_dealer,
        "deals": [
            {"deck": [c.notation for c in d.deck], "actions": [action_to_record(s, a) for s, a in d.log]}
            for d in game.deals
        ],
    }


def _replay(doc: dict[str, Any]) -> Game:
    """Rebuild a game from a record document by applying every action (records.replay_record if present)."""
    try:
        from deberc_tui import records

        return records.replay_record(records.load_record(doc))
    except ImportError:
        pass
    rules = Rules.from_dict(doc["rules"], players=len(doc["players"]))
    game = Game(rules, doc.get("first_dealer", 0))
    for d in doc["deals"]:
        game.start_deal([Card.parse(c) for c in d["deck"]])
        for a in d["actions"]:
            seat, action = action_from_record(a)
            game.apply(seat, action)
    return game


# -- statistics (kept by deberc_tui.stats) -------------------------------------------------------

from deberc_tui.stats import STATS as STATS  # noqa: E402 - re-exported for the screens and tests
from deberc_tui.stats import load_stats as load_stats  # noqa: E402
from deberc_tui.stats import stats_path as stats_path  # noqa: E402


def record_result(table: Table) -> None:
    """Add a finished game (with a human at the table) to the statistics file; a failure is told at once."""
    from deberc_tui.stats import add_game

    outcome = table.game.outcome
    if outcome is None or table.finished_recorded or not table.humans:
        return
    table.finished_recorded = True
    human_sides = {table.rules.side_of(s) for s in table.humans}
    opponents = sorted({str(p.get("bot")) for s, p in enumerate(table.players)
                        if p.get("kind") == "bot" and table.rules.side_of(s) not in human_sides})
    failure = add_game({
        "players": table.rules.players,
        "level": "+".join(opponents) if opponents else "hot-seat",
        "won": outcome.winner in human_sides,
        "totals": list(table.game.totals),
        "deals": len(table.game.deals),
        "when": int(time.time()),
    })
    if failure is not None:
        table.save_news.append(failure)


def summarize_stats(games: list[dict[str, Any]]) -> list[tuple[str, int, int, int, int]]:
    """Rows (group, wins, losses, current streak (+ wins / - losses), best win streak)."""
    groups: dict[str, list[bool]] = {}
    for g in games:
        groups.setdefault(_("{n} players").format(n=g.get("players", "?")), []).append(bool(g.get("won")))
        level = str(g.get("level", "?"))
        groups.setdefault(_("vs {level}").format(level="+".join(bot_word(b) for b in level.split("+"))),
                          []).append(bool(g.get("won")))
    rows = []
    for key in sorted(groups):
        results = groups[key]
        wins = sum(results)
        streak = 0
        for r in reversed(results):
            if streak == 0:
                streak = 1 if r else -1
            elif (streak > 0) == r:
                streak += 1 if r else -1
            else:
                break
        best = cur = 0
        for r in results:
            cur = cur + 1 if r else 0
            best = max(best, cur)
        rows.append((key, wins, len(results) - wins, streak, best))
    return rows
