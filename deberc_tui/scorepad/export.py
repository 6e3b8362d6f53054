"""Export a pad: CSV (one row per deal, for a spreadsheet) and JSON (the pad and its computed sheet).

Both hold the games (§12): each deal's game and the stake it ended at, and on a game's last deal what the game
was worth — game points (mars and the multiplier in them), money — and the match score after it.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from deberc_tui.scorepad.model import Pad
from deberc_tui.scorepad.render import game_text, sheet_rows


def _calls(pad: Pad, index: int) -> str:
    """The stakes raised during deal ``index``: ``Anna:2; Boris:refused`` (who raised it, and the multiplier or
    stake it took the game to, or the refusal)."""
    deal = pad.deals[index]
    stakes = pad.tally.stakes[index]
    out = []
    for call, multiplier in zip(deal.stakes, stakes, strict=False):
        out.append(f"{pad.names[call.seat]}:{multiplier if call.accepted else 'refused'}")
    return "; ".join(out)


def to_csv(pad: Pad) -> str:
    names = pad.side_names
    head = ["deal", "dealer", "bidder", "trump", "outcome"]
    for name in names:
        head += [f"{name} points", f"{name} written", f"{name} penalty", f"{name} total", f"{name} sheet"]
    head += ["hanging", "note", "game", "multiplier", "stakes raised", "game winner", "game end"]
    for name in names:
        head += [f"{name} game points", f"{name} money", f"{name} match"]
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(head)
    tally = pad.tally
    ends = {g.deals[-1]: g for g in tally.games if g.result is not None}
    match = [0] * pad.sides
    multiplier, game_of_row = 1, 0
    for row in sheet_rows(pad):
        r = row.result
        index = row.number - 1
        game = tally.games[row.game]
        if row.game != game_of_row:
            multiplier, game_of_row = 1, row.game  # each game starts at 1
        if tally.stakes[index]:
            multiplier = tally.stakes[index][-1]
        line: list[Any] = [row.number, row.dealer, row.bidder, r.trump or "", r.outcome]
        for s in range(pad.sides):
            line += [r.points[s], r.written[s], r.penalties[s], r.totals[s], row.cells[s]]
        line += [r.hanging, row.note, game.index + 1, multiplier, _calls(pad, index)]
        ended = ends.get(index)
        if ended is not None and ended.result is not None and ended.sheet.outcome is not None:
            result = ended.result
            match = [m + p for m, p in zip(match, result.game_points, strict=True)]
            line += [pad.side_name(result.winner), ended.sheet.outcome.reason]
            for s in range(pad.sides):
                line += [result.game_points[s], result.money[s], match[s]]
        else:
            line += ["", ""] + ["", "", ""] * pad.sides
        out.writerow(line)
    return buf.getvalue()


def to_json_data(pad: Pad) -> dict[str, Any]:
    """The pad as saved (without its undo history) plus every sheet row, the games, the match and the outcome."""
    data = pad.to_json()
    data.pop("undo", None)
    tally = pad.tally
    sheet = tally.sheet
    rows = []
    for row in sheet_rows(pad):
        item = row.result.to_json()
        item["sheet"] = list(row.cells)
        item["note"] = row.note
        item["game"] = row.game + 1
        if tally.stakes[row.number - 1]:
            item["multipliers"] = list(tally.stakes[row.number - 1])
        rows.append(item)
    data["sides"] = pad.side_names
    data["sheet"] = rows
    data["totals"] = list(sheet.totals)
    data["hanging"] = sheet.hanging
    data["next_dealer"] = None if pad.is_over else tally.next_dealer
    data["outcome"] = None if sheet.outcome is None else {
        "winner": sheet.outcome.winner,
        "winner_name": pad.side_name(sheet.outcome.winner),
        "game_points": sheet.outcome.game_points,
        "reason": sheet.outcome.reason,
    }
    games = []
    for game in tally.games:
        entry: dict[str, Any] = {"number": game.index + 1, "deals": [game.deals.start + 1, game.deals.stop],
                                 "first_dealer": game.first_dealer, "multiplier": game.multiplier,
                                 "totals": list(game.sheet.totals)}
        if game.result is not None and game.sheet.outcome is not None:
            entry.update(game.result.to_json())
            entry["winner_name"] = pad.side_name(game.result.winner)
            entry["reason"] = game.sheet.outcome.reason
            entry["text"] = game_text(pad, game)
        games.append(entry)
    data["games"] = games
    data["match"] = {
        "target": pad.rules.match_target,
        "game_points": list(tally.match_points),
        "money": list(tally.money),
        "multiplier": None if pad.is_over else tally.multiplier,
        "winner": tally.winner,
        "winner_name": None if tally.winner is None else pad.side_name(tally.winner),
    }
    return data


def to_json(pad: Pad) -> str:
    return json.dumps(to_json_data(pad), ensure_ascii=False, indent=1) + "\n"
