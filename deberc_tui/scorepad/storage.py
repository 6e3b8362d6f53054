"""Several pads kept as JSON files in ``data_dir() / "scorepads"``, each written atomically and under a lock.

A pad file is checked field by field before the model sees it (:func:`check_pad_doc`), so a damaged or
hostile file is refused in one line naming the place (``deals[3].cards[1]``) — it is never half-read, never
rewritten (a pad from a newer version included) and never moved: the user can repair it. Changes are made
under the pad's lock with :meth:`PadStore.editing` (read, change, write), so two processes adding deals
to one pad never lose one; a save over a file another process changed since it was read is refused.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from deberc_tui.engine import RulesError
from deberc_tui.scorepad.model import KINDS, MAX_POSTED, OFFENCES, PAD_VERSION, FaultKind, Pad, PadError
from deberc_tui.storage import WriteRefused, atomic_write, data_dir, locked, sweep_temp_files
from deberc_tui.text import words
from deberc_tui.text.i18n import N_, _, ngettext, translate_error
from deberc_tui.untrusted import MAX_TEXT, MIB, InputError, Shortened, is_unicode, load_json_file, place

FORMAT: Final = "deberc-scorepad"
VERSION: Final = PAD_VERSION
PAD_LIMIT: Final = 8 * MIB  # a pad of 100 deals with its undo history is under 1 MB
MAX_COUNT: Final = 9  # no hand holds more combinations of one kind
MAX_CALLS: Final = 64  # stakes raised in one deal: «Дайви» doubles each time, so 64 is beyond any table
NOTE_LIMIT: Final = 2000


def pads_dir() -> Path:
    path = data_dir() / "scorepads"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _slug(text: str) -> str:
    slug = re.sub(r"[^\w]+", "-", text.casefold(), flags=re.UNICODE).strip("-")
    return slug[:40] or "pad"


@dataclass(frozen=True, slots=True)
class PadInfo:
    """A line of the pad list: id, who plays, how many deals, the totals, when last changed; for a match, its
    game points and the current game's number."""

    id: str
    names: tuple[str, ...]
    preset: str
    deals: int
    totals: tuple[int, ...]
    winner: str | None
    updated: str
    match_points: tuple[int, ...] = ()
    game: int = 1

    def describe(self) -> str:
        if self.winner:
            state = _("{winner} won").format(winner=self.winner)
        else:
            state = ngettext("{n} deal", "{n} deals", self.deals).format(n=self.deals)
        score = "/".join(map(str, self.totals))
        if self.match_points:
            score = _("match {points}, game {number}: {totals}").format(
                points="/".join(map(str, self.match_points)), number=self.game, totals=score)
        return f"{' · '.join(self.names)} ({words.preset(self.preset)}) — {score} — {state}"


# -- checking a pad file ------------------------------------------------------------------------------


class _Bad(Exception):
    """A problem at a place in the document (turned into one PadError line by :func:`check_pad_doc`)."""

    def __init__(self, where: tuple[str | int, ...], template: str, **params: object) -> None:
        self.where = where
        self.template = template
        self.params = params


_INT: Final = N_("a whole number from {low} to {high}")


def _int(value: object, where: tuple[str | int, ...], low: int, high: int, optional: bool = False) -> None:
    if optional and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _Bad(where, _INT, low=low, high=high, value=value)


def _text(value: object, where: tuple[str | int, ...], limit: int = MAX_TEXT, optional: bool = False) -> None:
    if optional and value is None:
        return
    if not isinstance(value, str) or len(value) > limit or not is_unicode(value):
        raise _Bad(where, N_("text of at most {limit} characters"), limit=limit, value=value)


def _list(value: object, where: tuple[str | int, ...], most: int) -> list[object]:
    if not isinstance(value, list) or len(value) > most:
        raise _Bad(where, N_("a list of at most {most} values"), most=most, value=value)
    return value


def _object(value: object, where: tuple[str | int, ...], keys: frozenset[str]) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise _Bad(where, N_("an object"), value=value)
    unknown = sorted(set(value) - keys, key=str)
    if unknown:
        raise _Bad((*where, unknown[0]), N_("not a key this version knows"), value=value[unknown[0]])
    return value


_PAD_KEYS: Final = frozenset({"format", "version", "id", "created", "updated", "players", "names", "first_dealer",
                              "rules", "deals", "pending", "undo"})
_DEAL_KEYS: Final = frozenset({"dealer", "kind", "bidder", "trump", "cards", "declared", "last_trick", "took_trick",
                               "reason", "winner", "note", "false_claims", "faults", "stakes"})
_CALL_KEYS: Final = frozenset({"seat", "accepted"})


def _check_calls(calls: object, where: tuple[str | int, ...], players: int) -> None:
    """The stakes raised during a deal (§12): each ``{"seat": 0..players-1, "accepted": true|false}``."""
    for i, call in enumerate(_list(calls, where, MAX_CALLS)):
        at = (*where, i)
        c = _object(call, at, _CALL_KEYS)
        if "seat" not in c:
            raise _Bad((*at, "seat"), N_("a seat number (it is missing)"), value=None)
        _int(c["seat"], (*at, "seat"), 0, players - 1)
        if not isinstance(c.get("accepted", True), bool):
            raise _Bad((*at, "accepted"), N_("true or false"), value=c.get("accepted"))
_DECLARED_KEYS: Final = frozenset({"terz", "fifty", "hundred", "bella", "total", "debertz"})
_FAULT_KEYS: Final = frozenset({"kind", "side", "points", "to", "offence"})
_FAULT_KINDS: Final = tuple(k.value for k in FaultKind)


def _check_deal(deal: object, where: tuple[str | int, ...], players: int) -> None:
    d = _object(deal, where, _DEAL_KEYS)
    if "dealer" not in d:
        raise _Bad((*where, "dealer"), N_("a seat number (it is missing)"), value=None)
    _int(d["dealer"], (*where, "dealer"), 0, players - 1)
    kind = d.get("kind", "played")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _Bad((*where, "kind"), N_("one of: {kinds}"), kinds=", ".join(KINDS), value=kind)
    _int(d.get("bidder"), (*where, "bidder"), 0, players - 1, optional=True)
    for key in ("last_trick", "winner"):
        _int(d.get(key), (*where, key), 0, players - 1, optional=True)
    _text(d.get("trump"), (*where, "trump"), 1, optional=True)
    _text(d.get("reason", ""), (*where, "reason"))
    _text(d.get("note", ""), (*where, "note"), NOTE_LIMIT)
    for i, points in enumerate(_list(d.get("cards", []), (*where, "cards"), players)):
        _int(points, (*where, "cards", i), -MAX_POSTED, MAX_POSTED, optional=True)
    for i, took in enumerate(_list(d.get("took_trick", []), (*where, "took_trick"), players)):
        if took is not None and not isinstance(took, bool):
            raise _Bad((*where, "took_trick", i), N_("true, false or null"), value=took)
    for i, declared in enumerate(_list(d.get("declared", []), (*where, "declared"), players)):
        at = (*where, "declared", i)
        dec = _object(declared, at, _DECLARED_KEYS)
        for key in ("terz", "fifty", "hundred", "debertz"):
            _int(dec.get(key, 0), (*at, key), 0, MAX_COUNT)
        _int(dec.get("total"), (*at, "total"), 0, MAX_POSTED, optional=True)
        if not isinstance(dec.get("bella", False), bool):
            raise _Bad((*at, "bella"), N_("true or false"), value=dec.get("bella"))
    for i, side in enumerate(_list(d.get("false_claims", []), (*where, "false_claims"), 16)):
        _int(side, (*where, "false_claims", i), 0, players - 1)
    for i, fault in enumerate(_list(d.get("faults", []), (*where, "faults"), 16)):  # §11 table penalties
        at = (*where, "faults", i)
        f = _object(fault, at, _FAULT_KEYS)
        if f.get("kind") not in _FAULT_KINDS:
            raise _Bad((*at, "kind"), N_("one of: {kinds}"), kinds=", ".join(_FAULT_KINDS), value=f.get("kind"))
        for key in ("side", "to"):
            _int(f.get(key), (*at, key), 0, players - 1, optional=True)
        _int(f.get("points"), (*at, "points"), 0, MAX_POSTED, optional=True)
        offence = f.get("offence", "")
        if offence and offence not in OFFENCES:
            raise _Bad((*at, "offence"), N_("one of: {kinds}"), kinds=", ".join(OFFENCES), value=offence)
    _check_calls(d.get("stakes", []), (*where, "stakes"), players)


def check_pad_doc(doc: object) -> None:
    """Refuse (:class:`PadError`, one line) anything :meth:`Pad.from_json` could not read exactly.

    Every number is bounded as the pad bounds it (card points and totals up to ``MAX_POSTED``, counts of
    combinations up to :data:`MAX_COUNT`), so a file cannot make the sheet's arithmetic run for ever.
    """
    try:
        _check_pad(doc)
    except _Bad as bad:
        what = _(bad.template).format(**bad.params)
        raise PadError(_("{place}: must be {what}, not {value}").format(
            place=place(bad.where), what=what, value=Shortened(bad.params.get("value")))) from None


def _check_pad(doc: object) -> None:
    if not isinstance(doc, dict):
        raise _Bad((), N_("an object"), value=doc)
    if doc.get("format") != FORMAT:
        raise PadError(_("not a deberc score pad ('format' is {found}, not {expected!r})").format(
            found=Shortened(doc.get("format")), expected=FORMAT))
    version = doc.get("version", VERSION)
    _int(version, ("version",), 1, 10**9)
    assert isinstance(version, int)
    if version > VERSION:
        raise PadError(_("made by a newer deberc (pad version {found}; this version reads {expected}): "
                         "left as it is").format(found=version, expected=VERSION))
    _object(doc, (), _PAD_KEYS)
    if "players" not in doc:
        raise _Bad(("players",), N_("2, 3 or 4 (it is missing)"), value=None)
    _int(doc["players"], ("players",), 2, 4)
    players = doc["players"]
    assert isinstance(players, int)
    names = _list(doc.get("names"), ("names",), 4)
    for i, name in enumerate(names):
        _text(name, ("names", i))
    _int(doc.get("first_dealer", 0), ("first_dealer",), 0, players - 1)
    for key in ("id", "created", "updated"):
        _text(doc.get(key, ""), (key,))
    from deberc_tui.records import RecordError, parse_rules

    try:
        parse_rules(doc.get("rules", {}), players)
    except RecordError as exc:
        raise PadError(translate_error(exc)) from None
    for i, deal in enumerate(_list(doc.get("deals", []), ("deals",), 10_000)):
        _check_deal(deal, ("deals", i), players)
    _check_calls(doc.get("pending", []), ("pending",), players)
    for i, entry in enumerate(_list(doc.get("undo", []), ("undo",), 10_000)):
        at: tuple[str | int, ...] = ("undo", i)
        item = _object(entry, at, frozenset({"what", "deals", "pending"}))
        _text(item.get("what", ""), (*at, "what"))
        for j, deal in enumerate(_list(item.get("deals", []), (*at, "deals"), 10_000)):
            _check_deal(deal, (*at, "deals", j), players)
        _check_calls(item.get("pending", []), (*at, "pending"), players)


# -- the store ----------------------------------------------------------------------------------------------


class PadStore:
    """Saved pads; ``root`` defaults to the user's data directory (``DEBERC_DATA_DIR`` redirects it)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else pads_dir()
        self.root.mkdir(parents=True, exist_ok=True)
        sweep_temp_files(self.root)
        self.notes: list[str] = []  # pads :meth:`infos` could not read, one line each
        self._stamps: dict[str, tuple[int, int, int]] = {}  # each pad's file as this store last read or wrote it

    def path(self, pad_id: str) -> Path:
        return self.root / f"{pad_id}.json"

    def _stamp(self, pad_id: str) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path(pad_id))
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def new_id(self, pad: Pad) -> str:
        stem = f"{datetime.now():%Y-%m-%d}-{_slug('-'.join(pad.names))}"
        candidate, n = stem, 2
        while self.path(candidate).exists():
            candidate, n = f"{stem}-{n}", n + 1
        return candidate

    def save(self, pad: Pad) -> str:
        """Write the pad (giving it an id if new); returns the id.

        Raises ``OSError`` when it cannot be written (the disk is full, the folder read-only) and
        :class:`~deberc_tui.storage.WriteRefused` when another process changed the file since this store
        read it (reopen the pad: nothing is overwritten).
        """
        if not pad.id:
            with locked(self.root / "new-pad"):  # two `scorepad new` at once never get the same id
                pad.id = self.new_id(pad)
                self._write(pad)
            return pad.id
        with locked(self.path(pad.id)):
            self._write(pad)
        return pad.id

    def _write(self, pad: Pad) -> None:
        known = self._stamps.get(pad.id)
        if known is not None and self._stamp(pad.id) not in (known, None):
            raise WriteRefused(_("pad {pad_id} was changed by another deberc since it was opened: open it again "
                                 "(nothing was overwritten)").format(pad_id=pad.id))
        if not pad.created:
            pad.created = _now()
        pad.updated = _now()
        atomic_write(self.path(pad.id), json.dumps(pad.to_json(), ensure_ascii=False, indent=1) + "\n")
        stamp = self._stamp(pad.id)
        if stamp is not None:
            self._stamps[pad.id] = stamp

    @contextmanager
    def editing(self, ref: str) -> Iterator[Pad]:
        """Read a pad, let the caller change it, and write it back, all under the pad's lock.

        If the body raises, nothing is written. Raises :class:`PadError` for a pad that cannot be read.
        """
        pad_id = self.resolve(ref)
        with locked(self.path(pad_id)):
            pad = self.load(pad_id)
            yield pad
            self._write(pad)

    def load(self, ref: str) -> Pad:
        """A pad by id, unique start of an id, or ``last`` (the most recently changed).

        Raises :class:`PadError` (one line, naming the pad and the place in it) for anything that is not a
        pad this version can read; the file itself is left as it is.
        """
        pad_id = self.resolve(ref)
        path = self.path(pad_id)
        stamp = self._stamp(pad_id)
        try:
            data = load_json_file(path, PAD_LIMIT)
            check_pad_doc(data)
            assert isinstance(data, dict)
            pad = Pad.from_json(data)
            pad.id = pad_id
        except OSError as exc:
            raise PadError(_("cannot read pad {pad_id}: {exc}").format(pad_id=pad_id, exc=exc.strerror or exc)) from None
        except (InputError, PadError, RulesError) as exc:
            raise PadError(_("pad {pad_id}: {reason}").format(pad_id=pad_id, reason=translate_error(exc))) from None
        except (ValueError, TypeError, KeyError) as exc:  # the checks above should leave nothing for these
            raise PadError(_("pad {pad_id}: {reason}").format(pad_id=pad_id, reason=Shortened(str(exc)))) from None
        if stamp is not None:
            self._stamps[pad_id] = stamp
        return pad

    def resolve(self, ref: str) -> str:
        ids = self.ids()
        if ref == "last":
            if not ids:
                raise PadError(_("there are no pads yet: start one with 'deberc scorepad new'"))
            return max(ids, key=self._mtime)
        if ref in ids:
            return ref
        path = Path(ref)
        if path.suffix == ".json" and path.stem in ids:
            return path.stem
        matches = [i for i in ids if i.startswith(ref)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise PadError(_("{ref!r} could be {pads}").format(ref=Shortened(ref), pads=", ".join(sorted(matches))))
        raise PadError(_("no pad {ref!r} (see 'deberc scorepad list')").format(ref=Shortened(ref)))

    def _mtime(self, pad_id: str) -> float:
        try:
            return self.path(pad_id).stat().st_mtime
        except OSError:
            return 0.0

    def ids(self) -> list[str]:
        return sorted(p.stem for p in self.root.glob("*.json") if not p.name.startswith("."))

    def delete(self, ref: str) -> str:
        pad_id = self.resolve(ref)
        with locked(self.path(pad_id)):
            self.path(pad_id).unlink()
        return pad_id

    def infos(self) -> list[PadInfo]:
        """Every readable pad, most recently changed first; the others are named in :attr:`notes`."""
        out: list[tuple[float, PadInfo]] = []
        self.notes = []
        for pad_id in self.ids():
            try:
                pad = self.load(pad_id)
                tally = pad.tally
                modified = self.path(pad_id).stat().st_mtime
            except ValueError as exc:  # PadError, or the sheet refusing a deal (RulesError, ...)
                self.notes.append(_("skipped: {reason}").format(reason=translate_error(exc)))
                continue
            except OSError as exc:
                self.notes.append(_("skipped: {reason}").format(reason=exc.strerror or exc))
                continue
            winner = pad.side_name(tally.winner) if tally.winner is not None else None
            info = PadInfo(pad.id, tuple(pad.names), pad.rules.preset_name, len(pad.deals), tuple(tally.sheet.totals),
                           winner, pad.updated, tally.match_points if pad.is_match else (), max(1, len(tally.games)))
            out.append((modified, info))
        out.sort(key=lambda pair: pair[0], reverse=True)
        return [info for _, info in out]
