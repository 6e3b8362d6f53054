"""Export a pad: CSV (one row per deal, for a spreadsheet) and JSON (the pad and its computed sheet)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from deberc_tui.scorepad.model import Pad
from deberc_tui.scorepad.render import sheet_rows


def to_csv(pad: Pad) -> str:
    names = pad.side_names
    head = ["deal", "dealer", "bidder", "trump", "outcome"]
    for name in names:
        head += [f"{name} points", f"{name} written", f"{name} penalty", f"{name} total", f"{name} sheet"]
    head += ["hanging", "note"]
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(head)
    for row in sheet_rows(pad):
        r = row.result
        line: list[Any] = [row.number, row.dealer, row.bidder, r.trump or "", r.outcome]
        for s in range(pad.sides):
            line += [r.points[s], r.written[s], r.penalties[s], r.totals[s], row.cells[s]]
        line += [r.hanging, row.note]
        out.writerow(line)
    return buf.getvalue()


def to_json_data(pad: Pad) -> dict[str, Any]:
    """The pad as saved (without its undo history) plus every sheet row and the outcome."""
    data = pad.to_json()
    data.pop("undo", None)
    sheet = pad.sheet
    rows = []
    for row in sheet_rows(pad):
        item = row.result.to_json()
        item["sheet"] = list(row.cells)
        item["note"] = row.note
        rows.append(item)
    data["sides"] = pad.side_names
    data["sheet"] = rows
    data["totals"] = list(sheet.totals)
    data["hanging"] = sheet.hanging
    data["next_dealer"] = None if sheet.outcome else sheet.next_dealer
    data["outcome"] = None if sheet.outcome is None else {
        "winner": sheet.outcome.winner,
        "winner_name": pad.side_name(sheet.outcome.winner),
        "game_points": sheet.outcome.game_points,
        "reason": sheet.outcome.reason,
    }
    return data


def to_json(pad: Pad) -> str:
    return json.dumps(to_json_data(pad), ensure_ascii=False, indent=1) + "\n"
