"""Plain-text renderings shared by ``deberc replay``, logs and the UI: the score sheet as players
write it (running totals, БТ for a bait, vs(xx) for hanging points) and a deal's story from its events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine import Deal, Rules
from .engine import events as ev
from .engine.scoring import BAIT, HANGING, THROWN_IN, DealResult

OUTCOME_WORDS = {
    "made": "made",
    "bait": "bait (БТ)",
    "hanging": "hanging",
    "thrown_in": "thrown in",
    "in_progress": "in progress",
    "claim_won": "won by claim",
    "claim_lost": "lost by a false claim",
    "debertz": "debertz",
    "klabor": "klabor",
}


def side_names(rules: Rules, players: Sequence[dict[str, Any]]) -> list[str]:
    names = [str(p.get("name", f"Seat {i}")) for i, p in enumerate(players)]
    return [" & ".join(names[s] for s in rules.side_seats(side)) for side in range(rules.sides)]


def sheet_cell(row: DealResult, side: int) -> str:
    """One side's entry for one deal, as written: the running total, БТ, or vs(xx)."""
    if row.outcome == THROWN_IN:
        return "—"
    pen = f" ({row.penalties[side]})" if row.penalties and row.penalties[side] else ""
    if side == row.bidder and row.outcome == BAIT:
        return "БТ" + pen
    if side == row.bidder and row.outcome == HANGING and row.written[side] == 0 and row.points[side] > 0:
        return f"vs({row.points[side]})" + pen
    return f"{row.totals[side]}{pen}"


def sheet_lines(rows: Sequence[DealResult], names: Sequence[str]) -> list[str]:
    width = max(8, *(len(n) for n in names)) + 2
    head = "  #  " + "".join(n.rjust(width) for n in names)
    lines = [head, "-" * len(head)]
    for row in rows:
        if row.outcome == "in_progress":
            continue
        cells = "".join(sheet_cell(row, s).rjust(width) for s in range(len(names)))
        lines.append(f"{row.index + 1:>3}  {cells}")
    return lines


def deal_story(deal: Deal, row: DealResult, seat_names: Sequence[str], names: Sequence[str]) -> list[str]:
    """What happened in a deal, one line per step that matters to a reader."""
    out = [f"Deal {row.index + 1} — dealer {seat_names[deal.dealer]}, turnup {deal.deck[deal.n * 6].pretty}"]
    bids: list[str] = []
    for e in deal.events:
        if isinstance(e, ev.BidMade):
            bids.append(f"{seat_names[e.seat]}: {e.call}")
        elif isinstance(e, ev.TrumpChosen):
            out.append("  bids: " + ", ".join(bids))
            extra = f"; bottom card {e.bottom.pretty}" if e.bottom else ""
            out.append(f"  {seat_names[e.seat]} takes trump {e.trump.symbol} in round {e.round}{extra}")
        elif isinstance(e, ev.ThrownIn):
            if bids:
                out.append("  bids: " + ", ".join(bids))
            out.append(f"  thrown in ({e.reason.replace('_', ' ')})")
        elif isinstance(e, ev.SevenSwapped):
            out.append(f"  {seat_names[e.seat]} swaps {e.seven.pretty} for {e.turnup.pretty}")
        elif isinstance(e, ev.RedealDemanded):
            out.append(f"  {seat_names[e.seat]} demands a redeal ({e.reason.replace('_', ' ')})")
        elif isinstance(e, ev.KlaborAnnounced):
            out.append(f"  {seat_names[e.seat]} announces klabor")
        elif isinstance(e, ev.Declared):
            out.append(f"  {seat_names[e.seat]} declares {e.best.describe()}" + (f" (+{e.count - 1} more)" if e.count > 1 else ""))
        elif isinstance(e, ev.DeclarationsResolved):
            who = "nobody" if e.side is None else names[e.side]
            out.append(f"  combinations: {who} scores {e.points}")
        elif isinstance(e, ev.BellaDeclared):
            out.append(f"  {seat_names[e.seat]}: bella")
        elif isinstance(e, ev.TrickWon):
            cards = " ".join(f"{c.pretty}" for _, c in e.cards)
            out.append(f"  trick {e.trick + 1}: {cards:<16} → {seat_names[e.seat]} ({e.points})")
        elif isinstance(e, ev.ClaimMade):
            verdict = "right" if e.valid else "wrong"
            out.append(f"  {seat_names[e.seat]} claims the game with {e.counted}: {verdict}")
    if row.outcome != "in_progress":
        pts = ", ".join(f"{names[s]} {p}" for s, p in enumerate(row.points))
        out.append(f"  points: {pts}; {OUTCOME_WORDS.get(row.outcome, row.outcome)}")
        wr = ", ".join(f"{names[s]} {w}" for s, w in enumerate(row.written))
        extra = f"; hanging {row.hanging}" if row.hanging else ""
        out.append(f"  written: {wr}{extra}")
    else:
        out.append("  (in progress)")
    return out
