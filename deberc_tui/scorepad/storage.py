"""Several pads kept as JSON files in ``data_dir() / "scorepads"``, each written atomically."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from deberc_tui.scorepad.model import Pad, PadError
from deberc_tui.storage import atomic_write, data_dir
from deberc_tui.text import words
from deberc_tui.text.i18n import _, ngettext


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
    """A line of the pad list: id, who plays, how many deals, the totals, when last changed."""

    id: str
    names: tuple[str, ...]
    preset: str
    deals: int
    totals: tuple[int, ...]
    winner: str | None
    updated: str

    def describe(self) -> str:
        if self.winner:
            state = _("{winner} won").format(winner=self.winner)
        else:
            state = ngettext("{n} deal", "{n} deals", self.deals).format(n=self.deals)
        return f"{' · '.join(self.names)} ({words.preset(self.preset)}) — {'/'.join(map(str, self.totals))} — {state}"


class PadStore:
    """Saved pads; ``root`` defaults to the user's data directory (``DEBERC_DATA_DIR`` redirects it)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else pads_dir()
        self.root.mkdir(parents=True, exist_ok=True)

    def path(self, pad_id: str) -> Path:
        return self.root / f"{pad_id}.json"

    def new_id(self, pad: Pad) -> str:
        stem = f"{datetime.now():%Y-%m-%d}-{_slug('-'.join(pad.names))}"
        candidate, n = stem, 2
        while self.path(candidate).exists():
            candidate, n = f"{stem}-{n}", n + 1
        return candidate

    def save(self, pad: Pad) -> str:
        """Write the pad (giving it an id if new); returns the id."""
        if not pad.id:
            pad.id = self.new_id(pad)
        if not pad.created:
            pad.created = _now()
        pad.updated = _now()
        atomic_write(self.path(pad.id), json.dumps(pad.to_json(), ensure_ascii=False, indent=1) + "\n")
        return pad.id

    def load(self, ref: str) -> Pad:
        """A pad by id, unique start of an id, or ``last`` (the most recently changed)."""
        pad_id = self.resolve(ref)
        path = self.path(pad_id)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise PadError(_("cannot read pad {pad_id}: {exc}").format(pad_id=pad_id, exc=exc)) from None
        pad = Pad.from_json(data)
        pad.id = pad_id
        return pad

    def resolve(self, ref: str) -> str:
        ids = self.ids()
        if ref == "last":
            if not ids:
                raise PadError(_("there are no pads yet: start one with 'deberc scorepad new'"))
            return max(ids, key=lambda i: self.path(i).stat().st_mtime)
        if ref in ids:
            return ref
        path = Path(ref)
        if path.suffix == ".json" and path.stem in ids:
            return path.stem
        matches = [i for i in ids if i.startswith(ref)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise PadError(_("{ref!r} could be {pads}").format(ref=ref, pads=", ".join(sorted(matches))))
        raise PadError(_("no pad {ref!r} (see 'deberc scorepad list')").format(ref=ref))

    def ids(self) -> list[str]:
        return sorted(p.stem for p in self.root.glob("*.json") if not p.name.startswith("."))

    def delete(self, ref: str) -> str:
        pad_id = self.resolve(ref)
        self.path(pad_id).unlink()
        return pad_id

    def infos(self) -> list[PadInfo]:
        """Every readable pad, most recently changed first."""
        out: list[tuple[float, PadInfo]] = []
        for pad_id in self.ids():
            try:
                pad = self.load(pad_id)
                sheet = pad.sheet
            except (PadError, ValueError, KeyError, TypeError):
                continue
            winner = pad.side_name(sheet.outcome.winner) if sheet.outcome else None
            info = PadInfo(pad.id, tuple(pad.names), pad.rules.preset_name, len(pad.deals), tuple(sheet.totals),
                           winner, pad.updated)
            out.append((self.path(pad_id).stat().st_mtime, info))
        out.sort(key=lambda pair: pair[0], reverse=True)
        return [info for _, info in out]
