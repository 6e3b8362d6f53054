"""The saved-games folder: every game, finished or not, as a RECORD.md file, and the list of them.

Every game is a record in ``data_dir()/games/<started>-<id>.json``; the file of the game being played is
rewritten (atomically, :func:`~deberc_tui.storage.atomic_write`) after every action. Starting a new game
makes a new file, so an unfinished game is never overwritten. ``autosave.json`` (the single slot of older
versions) is copied into the folder once; files that cannot be read are moved to ``games/unreadable/``.

This module sits above :mod:`deberc_tui.records` (it replays each game to list it), which sits above
:mod:`deberc_tui.storage`. It translates nothing: a note for the player is a ``Text`` (a template marked with
``N_`` and its params), translated by the screen that shows it.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deberc_tui.engine import Rules
from deberc_tui.engine.text import N_, Text
from deberc_tui.records import load_record, replay_match
from deberc_tui.storage import RECORD_LIMIT, atomic_write, data_dir, keep_aside, make_folder, sweep_temp_files
from deberc_tui.untrusted import MIB, InputError, NewerVersionError, is_unicode, load_json_file, one_line

GAMES = "games"
UNREADABLE = "unreadable"
LEGACY_AUTOSAVE = "autosave.json"
INDEX = ".index.json"  # a cache of the list (replaying every game each time would be slow)
INDEX_LIMIT = 4 * MIB


def games_dir() -> Path:
    """The saved-games folder, made if missing; ``OSError`` saying why when it cannot be (a file named ``games``:
    :class:`~deberc_tui.storage.NotAFolder`; a read-only data folder)."""
    path = make_folder(data_dir() / GAMES)
    sweep_temp_files(path)
    return path


def new_game_path(now: float | None = None) -> Path:
    """A fresh file name for a new game: ``<YYYYmmdd-HHMMSS>-<6 hex digits>.json`` (never an existing file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    folder = games_dir()
    while True:
        path = folder / f"{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


@dataclass(frozen=True)
class SavedGame:
    """One game or match in the saved-games folder, as the list shows it.

    A match (RULES.md §12) is listed by its score in game points and the game being played; a lone game by its
    totals and its deal, as before matches were saved. ``finished`` and ``winner`` are the match's (for a lone
    game: the game's)."""

    path: Path
    modified: float  # when it was last played (the file's time)
    names: list[str]
    preset: str
    players: int
    totals: list[int]  # the current game's totals
    sides: list[str]
    deals: int  # the deals of the current game
    finished: bool
    winner: int | None = None
    match_target: int | None = None
    """The game points that win the match; None for a lone game."""
    match_points: list[int] = field(default_factory=list)
    """Per side, the game points of the match's finished games (empty for a lone game)."""
    game: int = 1
    """The number of the game being played (or the last one), counted from 1."""

    @property
    def score(self) -> str:
        """The current game's totals (``0 : 121``)."""
        return " : ".join(str(t) for t in self.totals)

    @property
    def is_match(self) -> bool:
        return self.match_target is not None

    @property
    def match_score(self) -> str:
        """The match's game points (``2 : 1``); empty for a lone game."""
        return " : ".join(str(p) for p in self.match_points)


@dataclass
class GameList:
    games: list[SavedGame] = field(default_factory=list)  # the newest first
    notes: list[Text] = field(default_factory=list)  # files skipped (and moved aside), one line each

    def latest_unfinished(self) -> SavedGame | None:
        return next((g for g in self.games if not g.finished), None)


def _side_names(rules: Rules, names: Sequence[str]) -> list[str]:
    """Each side as its players' names (``Anna & Clara``). A record's names are never empty, so no word of
    any language is needed (the screens' ``sheet_text.side_names`` also names an unnamed seat)."""
    return [" & ".join(names[s] for s in rules.side_seats(side)) for side in range(rules.sides)]


def summarize(path: Path) -> SavedGame:
    """Read and replay one record (a lone game or a whole match); raises ``RecordError`` (or OSError) if it
    cannot be read."""
    record = load_record(path)
    match = replay_match(record)
    game = match.game
    names = [str(p["name"]) for p in record.players]
    rules = record.rules
    totals, deals, number = list(game.totals), len(game.deals), match.game_index + 1
    if game.is_over and not match.is_over:  # between two games of a match: the next one is next to play
        totals, deals, number = [0] * rules.sides, 0, number + 1
    return SavedGame(
        path=path, modified=path.stat().st_mtime, names=names, preset=rules.preset_name, players=rules.players,
        totals=totals, sides=_side_names(rules, names), deals=deals, finished=match.is_over, winner=match.winner,
        match_target=rules.match_target,
        match_points=list(match.match_points) if rules.match_target is not None else [], game=number,
    )


def _identity(path: Path) -> str | None:
    """What tells one game from another: the rules, the seats and the first deck (None if unreadable)."""
    try:
        doc = load_json_file(path, RECORD_LIMIT)
        assert isinstance(doc, dict)
        first = doc["deals"][0]["deck"] if doc.get("deals") else None
        return json.dumps([doc.get("rules"), doc.get("players"), doc.get("first_dealer"), first], sort_keys=True)
    except Exception:  # noqa: BLE001
        return None


def migrate_legacy_autosave() -> Path | None:
    """Copy the old single ``autosave.json`` into the games folder unless a game there is the same game.

    The old file is left where it is (the app keeps it as a copy of the game being played).
    """
    old = data_dir() / LEGACY_AUTOSAVE
    if not old.is_file():
        return None
    ident = _identity(old)
    if ident is None:
        return None  # unreadable: left alone, it is not in the folder the list reads
    folder = games_dir()
    for path in folder.glob("*.json"):
        if _identity(path) == ident:
            return None
    target = new_game_path(old.stat().st_mtime)
    try:
        atomic_write(target, old.read_text(encoding="utf-8"))
        shutil.copystat(old, target)
    except OSError:
        return None
    return target


def claim_mirror(path: Path) -> tuple[bool, Text | None]:
    """May the game being played be copied to ``path`` (the old single ``autosave.json``)?

    Only over a readable record of this version: a file from a newer deberc, or one that cannot be read, is
    first kept aside (:func:`~deberc_tui.storage.keep_aside`). Returns (whether to write there, a note for the
    user or None).
    """
    if not path.exists():
        return True, None
    try:
        load_record(path)
        return True, None
    except (InputError, OSError) as exc:
        reason = _reason(exc)
    kept = keep_aside(path)
    if kept is None:
        return False, Text(N_("{file} cannot be used ({reason}) and cannot be renamed: the game is not copied there"),
                           {"file": path.name, "reason": reason})
    return True, Text(N_("{file} could not be used ({reason}); kept as {kept}"),
                      {"file": path.name, "reason": reason, "kept": kept.name})


def _reason(exc: BaseException) -> object:
    """Why a file could not be used, as a param of a note: an error with a template is translated with the
    note; any other is its text, on one line (its class name when it has none)."""
    if isinstance(getattr(exc, "template", None), str) and isinstance(getattr(exc, "params", None), dict):
        return exc
    return one_line(str(exc) or exc.__class__.__name__)


def _move_aside(path: Path) -> Path | None:
    aside = path.parent / UNREADABLE
    try:
        aside.mkdir(exist_ok=True)
        target = aside / path.name
        n = 1
        while target.exists():
            target = aside / f"{path.stem}.{n}{path.suffix}"
            n += 1
        os.replace(path, target)
        return target
    except OSError:
        return None


def list_games(migrate: bool = True) -> GameList:
    """Every saved game, the most recently played first. Never raises for a bad file: it is skipped with
    a note and moved to ``games/unreadable/`` (never deleted)."""
    out = GameList()
    if migrate:
        migrate_legacy_autosave()
    folder = games_dir()
    index = _read_index(folder)
    fresh: dict[str, object] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith("."):
            continue  # a temporary file being written, or the index
        try:
            stat = path.stat()
            stamp = [stat.st_mtime_ns, stat.st_size]
            game = _from_cache(index.get(path.name), stamp, path, stat.st_mtime)
            if game is None:
                game = summarize(path)
            out.games.append(game)
            if is_unicode(path.name):  # a name the system gave in other bytes than UTF-8 cannot be a JSON key
                summary = {k: v for k, v in game.__dict__.items() if k not in ("path", "modified")}
                fresh[path.name] = {"stamp": stamp, "game": summary}
        except NewerVersionError as exc:  # the newer deberc that wrote it can still read it: left in place
            out.notes.append(Text(N_("{file} skipped ({reason}); left as it is"),
                                  {"file": shown_name(path), "reason": exc}))
        except Exception as exc:  # noqa: BLE001 - an unreadable file must never break the list
            reason = _reason(exc)
            moved = _move_aside(path)
            if moved is not None:
                out.notes.append(Text(N_("{file} skipped ({reason}); moved to {folder}"),
                                      {"file": shown_name(path), "reason": reason, "folder": f"{GAMES}/{UNREADABLE}/"}))
            else:
                out.notes.append(Text(N_("{file} skipped ({reason})"), {"file": shown_name(path), "reason": reason}))
    out.games.sort(key=lambda g: (g.modified, g.path.name), reverse=True)
    if fresh != index:
        try:
            atomic_write(folder / INDEX, json.dumps(fresh, ensure_ascii=False))
        except (OSError, ValueError):
            pass  # only a cache (a folder that cannot be written, a name that is not text)
    return out


def shown_name(path: Path) -> str:
    """A file's name as a person can read it: bytes that are not UTF-8 (a name made on another system) shown as
    the replacement character instead of the lone surrogates Python keeps for them, which no terminal can print."""
    return os.fsencode(path.name).decode("utf-8", "replace")


# What each field of a cached summary must be (the cache is only trusted when it has exactly this shape).
_SUMMARY_FIELDS: dict[str, Callable[[object], bool]] = {
    "names": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "preset": lambda v: isinstance(v, str),
    "players": lambda v: _is_int(v),
    "totals": lambda v: isinstance(v, list) and all(_is_int(x) for x in v),
    "sides": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "deals": lambda v: _is_int(v),
    "finished": lambda v: isinstance(v, bool),
    "winner": lambda v: v is None or _is_int(v),
    "match_target": lambda v: v is None or _is_int(v),
    "match_points": lambda v: isinstance(v, list) and all(_is_int(x) for x in v),
    "game": lambda v: _is_int(v),
}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _consistent(game: SavedGame) -> bool:
    """Whether a summary read from the cache could have been made by :func:`summarize`: the list shows it as it
    is (a side named by ``winner`` must exist), so anything else means a damaged cache."""
    sides = 2 if game.players == 4 else game.players
    return (
        game.players in (2, 3, 4) and len(game.names) == game.players
        and len(game.sides) == sides and len(game.totals) == sides
        and (game.winner is None) == (not game.finished)
        and (game.winner is None or 0 <= game.winner < sides)
        and game.deals >= 0 and game.game >= 1
        and (game.match_target is None and game.match_points == [] and game.game == 1
             or game.match_target is not None and game.match_target >= 1 and len(game.match_points) == sides)
    )


def _from_cache(entry: object, stamp: list[int], path: Path, modified: float) -> SavedGame | None:
    """The cached summary of a file unchanged since it was made, or None: the file changed, or the cache
    entry is damaged or from an older version without some field (then the file is read again — a bad cache
    must never move a good game aside, nor be shown)."""
    if not isinstance(entry, dict) or entry.get("stamp") != stamp:
        return None
    summary = entry.get("game")
    if not isinstance(summary, dict) or set(summary) != set(_SUMMARY_FIELDS):
        return None
    if not all(check(summary[key]) for key, check in _SUMMARY_FIELDS.items()):
        return None
    game = SavedGame(path=path, modified=modified, **summary)
    return game if _consistent(game) else None


def _read_index(folder: Path) -> dict[str, object]:
    """The list's cache: each file's summary with the file's time and size when it was made."""
    try:
        data = load_json_file(folder / INDEX, INDEX_LIMIT)
    except (OSError, InputError):
        return {}
    return data if isinstance(data, dict) else {}
