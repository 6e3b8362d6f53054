"""The sheet as players write it: running totals per side, БТ for a baited bidder, vs(xx) for hanging points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from deberc_tui.engine import DealResult, Suit
from deberc_tui.engine import scoring as sc
from deberc_tui.scorepad.model import THROW_REASONS, Pad
from deberc_tui.text.i18n import _

BAIT_MARK: Final = "БТ"
NOTHING: Final = "—"
SUIT_SYMBOLS: Final[dict[str, str]] = {suit.value: suit.symbol for suit in Suit}  # the engine's, by letter


def hang_mark(points: int) -> str:
    return f"vs({points})"


def _minus(value: int) -> str:
    return f"−{-value}" if value < 0 else f"+{value}"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One written line of the pad: deal number (1-based), who dealt, who bid, each side's cell, a note."""

    number: int
    dealer: str
    bidder: str
    trump: str
    cells: tuple[str, ...]
    points: tuple[str, ...]
    note: str
    result: DealResult


def sheet_rows(pad: Pad) -> list[SheetRow]:
    rows: list[SheetRow] = []
    for deal, r in zip(pad.deals, pad.results, strict=True):
        rows.append(_row(pad, r, deal.bidder))
    return rows


def _row(pad: Pad, r: DealResult, bidder_seat: int | None) -> SheetRow:
    rules = pad.rules
    nsides = rules.sides
    cells = [str(t) for t in r.totals]
    notes: list[str] = []
    bidder = r.bidder
    if r.outcome == sc.THROWN_IN:
        cells = [NOTHING] * nsides
        notes.append(_("thrown in: {reason}").format(reason=_(THROW_REASONS.get(r.reason, r.reason))))
    elif r.outcome == sc.BAIT:
        assert bidder is not None
        cells[bidder] = BAIT_MARK
        received = r.hanging_received or (0,) * nsides
        shares = [(s, r.written[s] - r.points[s] - received[s]) for s in range(nsides) if s != bidder]
        gets = ", ".join(f"{pad.side_name(s)} +{amount}" for s, amount in shares if amount > 0)
        notes.append(_("bait: {side}'s {points} → {gets}").format(side=pad.side_name(bidder), points=r.points[bidder],
                                                                   gets=gets) if gets else _("bait"))
    elif r.outcome == sc.HANGING:
        assert bidder is not None
        if rules.hanging == "hang":
            cells[bidder] = hang_mark(r.points[bidder])
            notes.append(_("{points} hang").format(points=r.points[bidder]))
        else:
            notes.append(_("tie: each writes their own"))
    elif r.outcome == sc.CLAIM_WON:
        winner = r.detail.winner if r.detail else None
        cells = [str(t) if s == winner else NOTHING for s, t in enumerate(r.totals)]
        notes.append(_("claim: {side} reached {target}").format(
            side=pad.side_name(winner) if winner is not None else "?", target=rules.target))
    elif r.outcome == sc.CLAIM_LOST:
        cells = [NOTHING] * nsides
        claimant = r.detail.claimant if r.detail else None
        notes.append(_("false claim by {side}").format(side=pad.side_name(claimant) if claimant is not None else "?"))
    elif r.outcome in (sc.DEBERTZ_WON, sc.KLABOR_WON):
        cells = [NOTHING] * nsides
        winner = r.detail.winner if r.detail else None
        template = _("debertz by {side}") if r.outcome == sc.DEBERTZ_WON else _("klabor by {side}")
        notes.append(template.format(side=pad.side_name(winner) if winner is not None else "?"))
    for s, amount in enumerate(r.hanging_received):
        if amount:
            notes.append(_("{side} gets {points} hanging").format(side=pad.side_name(s), points=amount))
    for s, pen in enumerate(r.penalties):
        if pen:
            cells[s] = f"{cells[s]} ({_minus(pen)})"
            ski = -rules.ski_penalty if r.detail is not None and r.detail.tricks[s] == 0 else 0
            if ski:
                notes.append(_("{side} no trick {points}").format(side=pad.side_name(s), points=_minus(ski)))
            if pen - ski:
                notes.append(_("{side} repeated bait {points}").format(side=pad.side_name(s), points=_minus(pen - ski)))
    if r.outcome in sc.PLAYED_OUT and r.hanging and not (r.outcome == sc.HANGING and rules.hanging == "hang"):
        notes.append(_("{points} still hanging").format(points=r.hanging))
    elif r.outcome == sc.HANGING and rules.hanging == "hang" and r.hanging != r.points[r.bidder or 0]:
        notes.append(_("{points} hanging in all").format(points=r.hanging))
    points = tuple(str(p) if r.outcome in sc.PLAYED_OUT or r.outcome == sc.CLAIM_WON else "" for p in r.points)
    return SheetRow(
        number=r.index + 1,
        dealer=pad.names[r.dealer],
        bidder=pad.names[bidder_seat] if bidder_seat is not None else "",
        trump=SUIT_SYMBOLS.get(r.trump or "", ""),
        cells=tuple(cells),
        points=points,
        note="; ".join(notes),
        result=r,
    )


def status_line(pad: Pad) -> str:
    """Totals, hanging points, the next dealer or the winner, in one line."""
    sheet = pad.sheet
    totals = ", ".join(f"{pad.side_name(s)} {t}" for s, t in enumerate(sheet.totals))
    parts = [totals]
    if sheet.hanging:
        parts.append(_("{mark} waiting").format(mark=hang_mark(sheet.hanging)))
    if sheet.outcome is not None:
        o = sheet.outcome
        won = _("{side} wins").format(side=pad.side_name(o.winner))
        if o.game_points > 1:
            won += _(" ({n} game points: mars)").format(n=o.game_points)
        parts.append(won)
    else:
        parts.append(_("next to deal: {name}").format(name=pad.names[sheet.next_dealer]))
    return " · ".join(parts)


def render_text(pad: Pad, detail: bool = False) -> str:
    """The sheet as a plain-text table (``deberc scorepad show``)."""
    heads = ["#", _("dealer"), _("bidder")] + pad.side_names + [_("note")]
    body: list[list[str]] = []
    for row in sheet_rows(pad):
        cells = list(row.cells)
        if detail:
            cells = [f"{c} [{p}]" if p else c for c, p in zip(cells, row.points, strict=True)]
        body.append([str(row.number), row.dealer, f"{row.bidder} {row.trump}".strip(), *cells, row.note])
    widths = [max(len(h), *(len(line[i]) for line in body)) if body else len(h) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for line in body:
        lines.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
    lines.append("")
    lines.append(status_line(pad))
    return "\n".join(lines)
