"""The statistics of finished games (``data_dir()/stats.json``): one entry per game a person played.

Read as untrusted (:mod:`deberc_tui.untrusted`), each entry checked; a file that cannot be read, or holds
entries that cannot, is kept aside (``stats.json.unreadable-<time>``) and the readable entries go on, so a
damaged file neither stops the game at its end nor is lost. A file from a newer version is read, never
written. A game is added under the file's lock to what is on disk then (two tables finishing at once both
count), and one that could not be written (a full disk) is kept and written with the next.

A game of a match (RULES.md §12) also holds what it was worth to the person: ``game_points`` won (+) or
given (−), ``money`` won or paid, and on the match's last game ``match_won``. :func:`per_opponent` sums them by
opponent: games and wins, matches and matches won, game points and money.

Nothing here is translated: what the player should hear (:func:`take_notes`, what :func:`record_game` returns)
is a ``Text`` (a template marked with ``N_`` and its params) that whoever shows it translates.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from deberc_tui.engine.text import N_, Text
from deberc_tui.storage import WriteRefused, atomic_write, data_dir, keep_aside, locked, os_reason
from deberc_tui.untrusted import MAX_TEXT, MIB, InputError, NotRegularFile, load_json_file, version_number

if TYPE_CHECKING:
    from deberc_tui.engine.match import Match

STATS: Final = "stats.json"
VERSION: Final = 1
STATS_LIMIT: Final = 8 * MIB  # about 60,000 games
_notes: list[Text] = []  # for the player: files kept aside, writes that failed
_pending: list[dict[str, Any]] = []  # games not yet written


def stats_path() -> Path:
    return data_dir() / STATS


def _is_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _valid(game: object) -> bool:
    """Whether an entry is a finished game as :func:`record_game` writes it."""
    if not isinstance(game, dict):
        return False
    totals = game.get("totals", [])
    return (_is_int(game.get("players"), 2, 4) and isinstance(game.get("level", ""), str)
            and len(game.get("level", "")) <= MAX_TEXT and isinstance(game.get("won"), bool)
            and isinstance(totals, list) and len(totals) <= 4 and all(_is_int(t, -10**7, 10**7) for t in totals)
            and _is_int(game.get("deals", 0), 0, 10**6) and _is_int(game.get("when", 0), 0, 2**40)
            and _is_int(game.get("game_points", 0), -10**6, 10**6) and _is_int(game.get("money", 0), -10**12, 10**12)
            and isinstance(game.get("match_won", False), bool) and _is_identity(game.get("id", "")))


def _is_identity(value: object) -> bool:
    """A game's identity as :func:`record_game` keeps it (a hash of its record, in hex), or "" for none."""
    return isinstance(value, str) and len(value) <= 64 and all(ch in "0123456789abcdef" for ch in value)


def match_fields(match: Match, sides: Iterable[int]) -> dict[str, Any]:
    """What the match's last finished game adds to its statistics entry for the person playing ``sides``:
    the game points and money won (negative: given, paid), and on the match's last game whether the person won
    the match. Zero-sum per game, so a side without the points gave them."""
    mine = set(sides)
    result = match.settled[-1]
    won = sum(p for s, p in enumerate(result.game_points) if s in mine)
    lost = sum(p for s, p in enumerate(result.game_points) if s not in mine)
    fields: dict[str, Any] = {"game_points": won - lost, "money": sum(m for s, m in enumerate(result.money) if s in mine)}
    if match.is_over:
        fields["match_won"] = match.winner in mine
    return fields


@dataclass(frozen=True, slots=True)
class OpponentStats:
    """One opponent's line: what the person won and lost against it."""

    opponent: str
    games: int
    wins: int
    matches: int
    """Matches finished against it (a lone game is no match)."""
    matches_won: int
    game_points: int
    """Game points won minus given, over the games of matches."""
    money: int
    """Money won minus paid."""


def per_opponent(games: Sequence[dict[str, Any]]) -> list[OpponentStats]:
    """The statistics by opponent (the entry's ``level``: the bots played against), sorted by name."""
    rows: dict[str, list[int]] = {}
    for g in games:
        row = rows.setdefault(str(g.get("level", "?")), [0] * 6)
        row[0] += 1
        row[1] += bool(g.get("won"))
        if "match_won" in g:
            row[2] += 1
            row[3] += bool(g["match_won"])
        row[4] += int(g.get("game_points", 0))
        row[5] += int(g.get("money", 0))
    return [OpponentStats(name, *row) for name, row in sorted(rows.items())]


def _read(path: Path) -> tuple[list[dict[str, Any]], Text | None]:
    """(the readable games, why the file may not be written or None), keeping a bad file aside (noted)."""
    problem: object = None
    games: list[dict[str, Any]] = []
    try:
        doc = load_json_file(path, STATS_LIMIT)
    except FileNotFoundError:
        return [], None
    except InputError as exc:
        problem = exc  # translated with the note
    except OSError as exc:
        problem = str(exc.strerror or exc)
    else:
        items = doc.get("games") if isinstance(doc, dict) else None
        if not isinstance(items, list):
            problem = Text(N_("not a statistics file"))
        else:
            games = [g for g in items if _valid(g)]
            if len(games) < len(items):
                problem = Text(N_("{bad} of {n} games cannot be read"), {"bad": len(items) - len(games), "n": len(items)})
            try:
                newer = version_number(doc.get("version", VERSION) if isinstance(doc, dict) else VERSION) > VERSION
            except InputError as exc:
                problem, newer = exc, False  # "version": "1" is damage, not a newer deberc
            if newer:
                refusal = Text(N_("{file} is from a newer deberc: it is read but not written"), {"file": path.name})
                _note(refusal)
                return games, refusal
    if problem is None:
        return games, None
    kept = None if isinstance(problem, NotRegularFile) else keep_aside(path)  # a named pipe is left where it is
    if kept is None:
        refusal = Text(N_("{file} cannot be read ({reason}) and is left as it is"), {"file": path.name, "reason": problem})
        _note(refusal)
        return games, refusal
    _note(Text(N_("{file} could not be read completely ({reason}); it was kept as {kept}"),
               {"file": path.name, "reason": problem, "kept": kept.name}))
    return games, None


def _note(text: Text) -> None:
    if all(str(text) != str(note) for note in _notes):
        _notes.append(text)


def take_notes() -> list[Text]:
    """What the player should be told about the statistics file since last asked (and forget it)."""
    notes = list(_notes)
    _notes.clear()
    return notes


def load_stats() -> list[dict[str, Any]]:
    """Every finished game recorded (the readable ones), the games not yet written included.

    A data folder that cannot be made (a file in its place) is told once, and only the games of this session
    are shown."""
    try:
        path = stats_path()
    except OSError as exc:
        _note(Text(N_("The statistics cannot be read ({reason})"), {"reason": os_reason(exc)}))
        return list(_pending)
    games, _refusal = _read(path)
    return games + _pending


def record_game(game: dict[str, Any]) -> Text | None:
    """Record a finished game; returns None, or a line for the player when it could not be written.

    The game is kept in memory then and written with the next one. A game counts once: an entry whose ``id``
    (its record's identity, :func:`deberc_tui.records.game_identity`) the statistics hold already — its record
    opened again, a copy of a saved game finished the same way — is not added again.
    """
    ident = game.get("id")
    if ident and any(g.get("id") == ident for g in _pending):
        return None
    _pending.append(game)
    try:
        path = stats_path()
        with locked(path):
            games, refusal = _read(path)
            if refusal is not None:
                raise WriteRefused(refusal)
            counted = {g["id"] for g in games if g.get("id")}
            _pending[:] = [g for g in _pending if not g.get("id") or g["id"] not in counted]
            atomic_write(path, json.dumps({"version": VERSION, "games": games + _pending}, indent=1))
    except OSError as exc:
        return Text(N_("The statistics could not be saved ({reason}); they will be tried again"),
                    {"reason": os_reason(exc)})
    _pending.clear()
    return None
